#include <gtest/gtest.h>

#include <random>
#include <unordered_map>

#include "jpd/game.hpp"
#include "test_util.hpp"

using namespace jpd;

namespace {
constexpr Color B = Color::Black, W = Color::White;

struct G {
  Game g;
  G(const std::string& rules, int size) : g(parse_ruleset(rules), size) {}
  Point p(const char* s) const { return parse_point(s, g.width(), g.height()); }
  Verdict play(Color c, const char* s) { return g.play(Move::play(c, p(s))); }
  void must(Color c, const char* s) {
    auto v = play(c, s);
    ASSERT_TRUE(v.ok()) << s << ": " << v.message;
  }
  void must(const Move& m) {
    auto v = g.play(m);
    ASSERT_TRUE(v.ok()) << v.message;
  }
  void setup(const std::string& diagram) {
    auto rows = test::rows_of(diagram);
    for (int y = 0; y < int(rows.size()); ++y)
      for (int x = 0; x < int(rows[y].size()); ++x) {
        if (rows[y][x] == 'X') g.setup_stone(B, Point(x, y));
        if (rows[y][x] == 'O') g.setup_stone(W, Point(x, y));
      }
  }
};

// A ko on a 5x5 board: Black to capture at C3... returns a game where Black has just taken the
// ko at B3->C3? Shape: white takes at B3 capturing C3.
const char* kKoShape = R"(
  .....
  .XO..
  X.XO.
  .XO..
  .....)";
}  // namespace

TEST(Game, OccupiedPointAndOffBoardAreRefused) {
  G t("chinese", 9);
  t.must(B, "E5");
  auto v = t.play(W, "E5");
  EXPECT_EQ(v.reason, Illegal::occupied);
  EXPECT_EQ(text(v.message, Lang::en), "point E5 is occupied");
  v = t.g.play(Move::play(W, Point(9, 0)));
  EXPECT_EQ(v.reason, Illegal::off_board);
  EXPECT_EQ(t.g.to_move(), W);
}

TEST(Game, WrongColourIsNotYourTurn) {
  G t("chinese", 9);
  auto v = t.play(W, "E5");
  EXPECT_EQ(v.reason, Illegal::not_your_turn);
  EXPECT_EQ(text(v.message, Lang::en), "it is Black's turn");
}

TEST(Game, SuicideForbiddenUnderJpdAllowedUnderNewZealand) {
  for (auto [rules, allowed] : {std::pair{"tang-song", false}, {"new-zealand", true},
                                {"tromp-taylor", true}, {"chinese", false}}) {
    G t(rules, 5);
    t.setup(R"(
      .OX..
      OOX..
      XXX..
      .....
      .....)");
    t.g.set_to_move(W);
    auto v = t.play(W, "A5");
    EXPECT_EQ(v.ok(), allowed) << rules;
    if (allowed) {
      EXPECT_EQ(t.g.board().stones(W), 0);
      EXPECT_EQ(t.g.counters().play[1].captured, 4);  // white's own stones, removed by suicide
    } else {
      EXPECT_EQ(v.reason, Illegal::suicide);
    }
  }
}

TEST(Game, SimpleKoForbidsOnlyTheImmediateRecapture) {
  G t("tang-song", 5);
  t.setup(kKoShape);
  t.g.set_to_move(W);
  t.must(W, "B3");  // white captures C3
  auto v = t.play(B, "C3");
  EXPECT_EQ(v.reason, Illegal::ko);
  EXPECT_EQ(text(v.message, Lang::en), "ko: point C3 was just captured; play elsewhere first");
  t.must(B, "E1");  // a ko threat elsewhere
  t.must(W, "E5");
  t.must(B, "C3");  // now legal
}

TEST(Game, SimpleKoRetakeIsAllowedAfterAVirtualMove) {
  G t("living-b,pause=agreed", 5);
  t.setup(kKoShape);
  t.g.set_to_move(W);
  t.must(W, "B3");
  t.must(Move::virtual_move(B));
  t.must(Move::virtual_move(W));
  t.must(B, "C3");  // the ko point is no longer the last capture
}

TEST(Game, PositionalSuperkoForbidsRecreatingAnyEarlierPosition) {
  G t("chinese", 5);
  t.setup(kKoShape);
  t.g.set_to_move(W);
  t.must(W, "B3");
  auto v = t.play(B, "C3");
  EXPECT_EQ(v.reason, Illegal::superko);
  EXPECT_NE(text(v.message, Lang::en).find("positional superko"), std::string::npos);
  // After stones elsewhere the whole board differs, so the recapture is legal.
  t.must(B, "E1");
  t.must(W, "E5");
  t.must(B, "C3");
}

TEST(Game, GeneralizedSuperkoLetsAKoBeRetakenAfterVirtualMoves) {
  // With agreed pause only, two virtual moves in a row do not pause the game; then the
  // recapture recreates the board, but not the virtual counts.
  G gen("sci-2-1,pause=agreed", 5);
  gen.setup(kKoShape);
  gen.g.set_to_move(W);
  gen.must(W, "B3");
  gen.must(Move::virtual_move(B));
  gen.must(Move::virtual_move(W));
  EXPECT_TRUE(gen.play(B, "C3").ok());

  G pos("sci-2-1,pause=agreed,ko=positional", 5);
  pos.setup(kKoShape);
  pos.g.set_to_move(W);
  pos.must(W, "B3");
  pos.must(Move::virtual_move(B));
  pos.must(Move::virtual_move(W));
  EXPECT_EQ(pos.play(B, "C3").reason, Illegal::superko);
}

TEST(Game, SituationalSuperkoComparesBoardAndSideToMove) {
  G t("new-zealand", 5);
  t.setup(kKoShape);
  t.g.set_to_move(W);
  t.must(W, "B3");
  EXPECT_EQ(t.play(B, "C3").reason, Illegal::superko);
}

TEST(Game, HistoryResetAtThePauseAllowsTheRetakeAfterTwoPasses) {
  // 两弃为界: "两弃停止，信息清零；恢复对局，隔虚可提".
  for (auto [rules, legal] : {std::pair{"sci-1-1", true}, {"sci-1-1,reset_history_at_pause=false", false}}) {
    G t(rules, 5);
    t.setup(kKoShape);
    t.g.set_to_move(W);
    t.must(W, "B3");
    t.must(Move::pass(B));
    t.must(Move::pass(W));
    ASSERT_EQ(t.g.phase(), Phase::paused);
    ASSERT_TRUE(t.g.resume_dispute().ok());
    EXPECT_EQ(t.g.phase(), Phase::dispute);
    EXPECT_EQ(t.g.to_move(), B);
    EXPECT_EQ(t.play(B, "C3").ok(), legal) << rules;
  }
}

namespace {
// Three independent kos, stacked in 4x3 blocks on a 4x11 board.
//   .XO.      state A: white stone inside (black can take at the right point)
//   XO.O
//   .XO.
void triple_ko(G& t) {
  t.setup(R"(
    .XO.
    XO.O
    .XO.
    ....
    .XO.
    X.XO
    .XO.
    ....
    .XO.
    XO.O
    .XO.)");
}
// Column letters on a 4-wide board: A B C D; rows 11 (top) .. 1.
}  // namespace

TEST(Game, TripleKoIsALongCycleThatEndsWithNoResult) {
  G t("tang-song", 4);
  t.g = Game(parse_ruleset("tang-song"), 4, 11);
  triple_ko(t);
  t.g.set_to_move(B);
  // Kos: K1 rows 11-9 (take point C10 for black, B10 for white), K2 rows 7-5, K3 rows 3-1.
  const char* cycle[] = {"C10", "B6", "C2", "B10", "C6", "B2"};
  int moves = 0;
  for (int round = 0; round < 3 && t.g.phase() == Phase::play; ++round)
    for (int k = 0; k < 6 && t.g.phase() == Phase::play; ++k) {
      t.must(k % 2 ? W : B, cycle[k]);
      ++moves;
    }
  EXPECT_EQ(t.g.phase(), Phase::ended);
  EXPECT_EQ(t.g.end_reason(), EndReason::no_result);
  EXPECT_EQ(moves, 12);  // the starting position recurs for the third time after two cycles

  G d("art-great", 4);
  d.g = Game(parse_ruleset("art-great"), 4, 11);
  triple_ko(d);
  d.g.set_to_move(B);
  for (int k = 0; k < 12; ++k) d.must(k % 2 ? W : B, cycle[k % 6]);
  EXPECT_EQ(d.g.end_reason(), EndReason::draw);  // 004 art. 8: 天降祥瑞, a draw
}

TEST(Game, TripleKoUnderPositionalSuperkoIsStoppedInsteadOfCycling) {
  G t("chinese", 4);
  t.g = Game(parse_ruleset("chinese"), 4, 11);
  triple_ko(t);
  t.g.set_to_move(B);
  const char* cycle[] = {"C10", "B6", "C2", "B10", "C6"};
  for (const char* m : cycle) t.must(t.g.to_move(), m);
  EXPECT_EQ(t.play(W, "B2").reason, Illegal::superko);  // would recreate the start
}

TEST(Game, LongCycleCountIsARuleParameter) {
  G t("tang-song,cycle_repeats=2", 4);
  t.g = Game(parse_ruleset("tang-song,cycle_repeats=2"), 4, 11);
  triple_ko(t);
  t.g.set_to_move(B);
  const char* cycle[] = {"C10", "B6", "C2", "B10", "C6", "B2"};
  for (const char* m : cycle) t.must(t.g.to_move(), m);
  EXPECT_EQ(t.g.end_reason(), EndReason::no_result);
}

TEST(Game, EveryMoveKindIsLegalExactlyWhereItsPresetSaysSo) {
  for (const Preset& p : presets()) {
    Game g(p.rules, 9);
    Color c = g.to_move();
    EXPECT_EQ(g.check(Move::pass(c)).ok(), p.rules.allow_pass) << p.name;
    EXPECT_EQ(g.check(Move::virtual_move(c)).ok(), p.rules.allow_virtual) << p.name;
    EXPECT_EQ(g.check(Move::propose(c)).ok(), p.rules.pause != PauseRule::two_consecutive) << p.name;
    EXPECT_EQ(g.check(Move::accept(c)).reason, Illegal::no_proposal) << p.name;
    EXPECT_EQ(g.check(Move::reject(c)).reason, Illegal::no_proposal) << p.name;
    EXPECT_EQ(g.check(Move::negative_a(c, Point(4, 4))).reason, Illegal::wrong_phase) << p.name;
    EXPECT_EQ(g.check(Move::negative_b(c, Point(4, 4))).reason, Illegal::wrong_phase) << p.name;
    EXPECT_TRUE(g.check(Move::resign(c)).ok()) << p.name;
    EXPECT_TRUE(g.check(Move::play(c, Point(4, 4))).ok()) << p.name;
    EXPECT_EQ(c, p.rules.first_player) << p.name;
  }
}

TEST(Game, IllegalMoveMessagesNameTheRule) {
  G t("sci-1-1", 9);
  auto v = t.g.play(Move::virtual_move(B));
  EXPECT_EQ(text(v.message, Lang::en), "virtual moves are not allowed under sci-1-1 (pass instead)");
  G u("tang-song", 9);
  v = u.g.play(Move::pass(B));
  EXPECT_EQ(text(v.message, Lang::en), "passing is not allowed under tang-song (play a virtual move instead)");
}

TEST(Game, AgreedPauseProtocolOfArticle21) {
  G t("living-a", 9);  // White first, agreed pause only
  EXPECT_EQ(t.g.to_move(), W);
  // Only the side to move may propose.
  EXPECT_EQ(t.g.play(Move::propose(B)).reason, Illegal::not_your_turn);
  t.must(W, "E5");
  t.must(B, "C3");
  // Virtual moves never pause the game, not even two in a row (本规则拒绝两虚休止).
  t.must(Move::virtual_move(W));
  t.must(Move::virtual_move(B));
  EXPECT_EQ(t.g.phase(), Phase::play);
  // A proposal: the other side must answer before anything else.
  t.must(Move::propose(W));
  EXPECT_EQ(t.g.to_move(), B);
  EXPECT_EQ(t.play(B, "G7").reason, Illegal::proposal_pending);
  // Rejected: the proposer must play a virtual move, then the other side continues.
  t.must(Move::reject(B));
  EXPECT_EQ(t.g.to_move(), W);
  EXPECT_EQ(t.play(W, "G7").reason, Illegal::must_play_virtual);
  t.must(Move::virtual_move(W));
  t.must(B, "G7");
  // Accepted: paused, and the proposer is the side to move.
  t.must(Move::propose(W));
  t.must(Move::accept(B));
  EXPECT_EQ(t.g.phase(), Phase::paused);
  EXPECT_TRUE(t.g.paused_by_agreement());
  EXPECT_EQ(t.g.to_move(), W);
  EXPECT_EQ(t.g.counters().first_proposal.color, W);
  EXPECT_EQ(t.g.counters().play[1].proposals, 2);
  EXPECT_EQ(t.play(W, "A1").reason, Illegal::wrong_phase);
}

TEST(Game, TwoConsecutivePassesPauseButAProposalIsNotAllowedThere) {
  G t("sci-1-1", 9);
  EXPECT_EQ(t.g.play(Move::propose(B)).reason, Illegal::proposal_not_allowed);
  t.must(B, "E5");
  t.must(Move::pass(W));
  t.must(B, "C3");
  t.must(Move::pass(W));
  EXPECT_EQ(t.g.phase(), Phase::play);
  t.must(Move::pass(B));
  EXPECT_EQ(t.g.phase(), Phase::paused);
  EXPECT_FALSE(t.g.paused_by_agreement());
  EXPECT_EQ(t.g.to_move_at_pause(), W);
}

TEST(Game, TangSongPausesByTwoVirtualMovesOrByAgreement) {
  G a("tang-song", 9);
  a.must(B, "E5");
  a.must(Move::virtual_move(W));
  a.must(Move::virtual_move(B));
  EXPECT_EQ(a.g.phase(), Phase::paused);
  G b("tang-song", 9);
  b.must(B, "E5");
  b.must(Move::propose(W));
  b.must(Move::accept(B));
  EXPECT_EQ(b.g.phase(), Phase::paused);
  EXPECT_TRUE(b.g.paused_by_agreement());
}

TEST(Game, AgaPauseNeedsWhiteToPassLast) {
  G t("aga", 9);
  t.must(B, "E5");
  t.must(Move::pass(W));
  t.must(Move::pass(B));
  EXPECT_EQ(t.g.phase(), Phase::play);  // black passed last: white must pass once more
  t.must(Move::pass(W));
  EXPECT_EQ(t.g.phase(), Phase::paused);
  EXPECT_EQ(t.g.counters().play[1].passes, 2);
  EXPECT_EQ(t.g.counters().play[0].passes, 1);
}

TEST(Game, CountersOfTheSpecWorkedCheck) {
  // SPEC §7 worked check: 5x5, Black B3 B2 B4 B1 B5, White D3 D2 D4 D1 D5, Black C3, then a
  // white and a black virtual move.
  G t("tang-song", 5);
  const char* b[] = {"B3", "B2", "B4", "B1", "B5"};
  const char* w[] = {"D3", "D2", "D4", "D1", "D5"};
  for (int i = 0; i < 5; ++i) {
    t.must(B, b[i]);
    t.must(W, w[i]);
  }
  t.must(B, "C3");
  t.must(Move::virtual_move(W));
  t.must(Move::virtual_move(B));
  const Counters& c = t.g.counters();
  EXPECT_EQ(t.g.phase(), Phase::paused);
  EXPECT_EQ(c.play[0].real, 6);
  EXPECT_EQ(c.play[1].real, 5);
  EXPECT_EQ(c.play[0].virtual_moves, 1);
  EXPECT_EQ(c.play[1].virtual_moves, 1);
  EXPECT_EQ(c.first_virtual.color, W);
  EXPECT_EQ(c.first_virtual.index, 11);
  EXPECT_EQ(c.last_real.color, B);
  EXPECT_EQ(c.last_real.index, 10);
  EXPECT_EQ(t.g.virtual_stones(B), 1);
  EXPECT_EQ(t.g.to_move_at_pause(), W);
  EXPECT_EQ(t.g.moves_at_first_pause(), 13);
}

TEST(Game, CapturesAreCountedPerColourAndPhase) {
  G t("sci-1-1", 5);
  t.setup(kKoShape);
  t.g.set_to_move(W);
  t.must(W, "B3");
  EXPECT_EQ(t.g.counters().play[0].captured, 1);  // a black stone was captured
  EXPECT_EQ(t.g.captured(B), 1);
  t.must(Move::pass(B));
  t.must(Move::pass(W));
  t.g.resume_dispute();
  t.must(B, "C3");
  EXPECT_EQ(t.g.counters().dispute[1].captured, 1);
  EXPECT_EQ(t.g.counters().dispute[0].real, 1);
  EXPECT_EQ(t.g.counters().total(W).captured, 1);
}

TEST(Game, LivingRulesDisputeStartsWithTwoVirtualMovesPlayedByTheReferee) {
  G t("living-a", 9);
  t.must(W, "E5");
  t.must(B, "C3");
  t.must(Move::propose(W));
  t.must(Move::accept(B));
  ASSERT_TRUE(t.g.resume_dispute(true).ok());
  EXPECT_EQ(t.g.counters().dispute[1].virtual_moves, 1);
  EXPECT_EQ(t.g.counters().dispute[0].virtual_moves, 1);
  EXPECT_EQ(t.g.to_move(), W);
  t.must(W, "G7");

  G u("living-a", 9);
  u.must(W, "E5");
  u.must(Move::propose(B));
  u.must(Move::accept(W));
  ASSERT_TRUE(u.g.resume_dispute(false).ok());  // the players owe the two virtual moves
  EXPECT_EQ(u.play(B, "G7").reason, Illegal::must_play_virtual);
  u.must(Move::virtual_move(B));
  u.must(Move::virtual_move(W));
  u.must(B, "G7");
}

TEST(Game, MoveFoundAfterAgreedPauseFollowsArticle21_5) {
  // The acceptor found it: the proposer first plays a virtual move, then the acceptor moves.
  G t("living-b", 9);
  t.must(W, "E5");
  t.must(Move::propose(B));
  t.must(Move::accept(W));
  ASSERT_TRUE(t.g.resume_found_move(W).ok());
  EXPECT_EQ(t.g.phase(), Phase::play);
  EXPECT_EQ(t.g.to_move(), W);
  EXPECT_EQ(t.g.counters().play[0].virtual_moves, 1);
  // The proposer found it: the proposer moves first.
  G u("living-b", 9);
  u.must(W, "E5");
  u.must(Move::propose(B));
  u.must(Move::accept(W));
  ASSERT_TRUE(u.g.resume_found_move(B).ok());
  EXPECT_EQ(u.g.to_move(), B);
  // Nobody can tell: play does not resume.
  G v("living-b", 9);
  v.must(W, "E5");
  v.must(Move::propose(B));
  v.must(Move::accept(W));
  EXPECT_FALSE(v.g.resume_found_move(Color::Empty).ok());
  EXPECT_EQ(v.g.phase(), Phase::paused);
}

TEST(Game, NegativeMovesAreMadeAtMakingOnOwnStones) {
  G t("tang-song", 5);
  t.must(B, "B3");
  t.must(W, "C3");
  t.must(B, "A1");
  t.must(Move::virtual_move(W));
  t.must(Move::virtual_move(B));
  ASSERT_TRUE(t.g.start_making().ok());
  EXPECT_EQ(t.g.check(Move::negative_a(B, t.p("C3"))).reason, Illegal::not_own_stone);
  EXPECT_EQ(t.g.check(Move::negative_a(B, t.p("A1"))).reason, Illegal::not_boundary);
  t.must(Move::negative_a(B, t.p("B3")));
  t.must(Move::negative_b(B, t.p("A1")));
  EXPECT_EQ(t.g.board().stones(B), 0);
  EXPECT_EQ(t.g.counters().making[0].negative_a, 1);
  EXPECT_EQ(t.g.counters().making[0].negative_b, 1);
  EXPECT_EQ(t.play(W, "E5").reason, Illegal::wrong_phase);
}

TEST(Game, ResignationAndStrictForfeitEndTheGame) {
  G t("chinese", 9);
  t.must(B, "E5");
  t.must(Move::resign(W));
  EXPECT_EQ(t.g.end_reason(), EndReason::resigned);
  EXPECT_EQ(t.g.winner(), B);
  EXPECT_EQ(t.play(B, "C3").reason, Illegal::game_over);
  G u("chinese", 9);
  u.g.set_strict(true);
  u.must(B, "E5");
  EXPECT_FALSE(u.play(W, "E5").ok());
  EXPECT_EQ(u.g.end_reason(), EndReason::forfeit);
  EXPECT_EQ(u.g.winner(), B);
}

TEST(Game, UndoTakesBackTheLastMoveIncludingCapturesAndPauses) {
  G t("sci-1-1", 5);
  t.setup(kKoShape);
  t.g.set_to_move(W);
  Board before = t.g.board();
  t.must(W, "B3");
  ASSERT_TRUE(t.g.undo());
  EXPECT_TRUE(t.g.board().same_position(before));
  EXPECT_EQ(t.g.to_move(), W);
  EXPECT_EQ(t.g.counters().play[1].real, 0);
  t.must(W, "B3");
  t.must(Move::pass(B));
  t.must(Move::pass(W));
  EXPECT_EQ(t.g.phase(), Phase::paused);
  ASSERT_TRUE(t.g.undo());
  EXPECT_EQ(t.g.phase(), Phase::play);
  EXPECT_EQ(t.g.to_move(), W);
}

TEST(Game, FixedHandicapPlacesStarPointsAndGivesWhiteTheMove) {
  G t("chinese", 19);
  auto pts = t.g.place_fixed_handicap(4);
  EXPECT_EQ(pts.size(), 4u);
  EXPECT_EQ(t.g.board().at(t.p("D4")), B);
  EXPECT_EQ(t.g.board().at(t.p("Q16")), B);
  EXPECT_EQ(t.g.to_move(), W);
  EXPECT_EQ(t.g.counters().setup[0], 4);
  G n("chinese", 9);
  auto p9 = n.g.place_fixed_handicap(9);
  EXPECT_EQ(p9.size(), 9u);
  EXPECT_EQ(n.g.board().at(n.p("E5")), B);
  EXPECT_THROW(n.g.place_fixed_handicap(10), std::invalid_argument);
}

TEST(Game, TheSideToMoveAndSetupStonesAreStonesNeverTheEdge) {
  // From Python, set_to_move(EDGE) was taken: the count's invariants failed and the record said
  // PL[#]; a setup "stone" of the edge colour put an edge inside the board.
  Game g(parse_ruleset("tang-song"), 5);
  EXPECT_THROW(g.set_to_move(Color::Edge), std::invalid_argument);
  EXPECT_THROW(g.set_to_move(Color::Empty), std::invalid_argument);
  EXPECT_THROW(g.setup_stone(Color::Edge, Point(2, 2)), std::invalid_argument);
  EXPECT_EQ(g.to_move(), Color::Black);
  EXPECT_EQ(g.board().at(Point(2, 2)), Color::Empty);
  EXPECT_TRUE(g.actions().empty());
  EXPECT_TRUE(g.set_to_move(Color::White));
}

TEST(GameKeyMap, AgreesWithAStandardMap) {
  // The referee's superko history and cycle table: open addressing over position keys, key 0
  // (the empty board's hash) included, growing from empty.
  std::mt19937_64 rng(5);
  detail::KeyMap<int> map;
  std::unordered_map<uint64_t, int> plain;
  EXPECT_FALSE(map.contains(0));
  for (int n = 0; n < 20000; ++n) {
    // Few distinct keys at first (repeats), then many; keys sharing low bits (long probes).
    const uint64_t k = n % 7 == 0 ? 0 : n < 2000 ? rng() % 50 : (rng() << 12) | (rng() % 3);
    auto [v, inserted] = map.try_emplace(k);
    const bool plain_inserted = plain.count(k) == 0;
    int& p = plain[k];
    ASSERT_EQ(inserted, plain_inserted) << k;
    ASSERT_EQ(*v, p);
    *v += n;
    p += n;
    const uint64_t probe = rng() % 64;
    ASSERT_EQ(map.contains(probe), plain.count(probe) > 0);
  }
  EXPECT_EQ(map.size(), plain.size());
  for (auto [k, v] : plain) ASSERT_EQ(*map.find(k), v);
  const detail::KeyMap<int> copy = map;
  for (auto [k, v] : plain) ASSERT_EQ(*copy.find(k), v);
}
