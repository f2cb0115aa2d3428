// Finishing a game that stopped before its dame were filled (finish.hpp): the search takes a dame
// that forces a defence, leaves alone one that would short its own liberties, lets the holder of
// an open ko connect it, falls back to the greedy order when its budget is spent; and what it
// says a line is worth is what the Japanese count gains, on many random positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "jpd/count.hpp"
#include "jpd/finish.hpp"
#include "finish_endings.hpp"
#include "random_game.hpp"
#include "jpd/rules.hpp"
#include "jpd/score.hpp"
#include "jpd/sgf.hpp"
#include "jpd/text.hpp"
#include "shared_corpus.hpp"
#include "test_util.hpp"

using namespace jpd;

namespace {

std::string line_of(const std::vector<Move>& moves, int height) {
  std::string s;
  for (const Move& m : moves) s += (s.empty() ? "" : " ") + to_string(m, height);
  return s;
}

// White's D7 has two liberties: C7 in its own territory and the dame E7. Black filling E7 puts
// it in atari and White must defend at C7, a point of its own; White filling E7 itself would
// be a self-atari. So E7 is Black's whoever is to move.
constexpr const char* kSenteDame = R"(
    . . . O . X .
    . . O X X X .
    . . O X . . .
    . . O X . . .
    . . O X . . .
    . . O X . . .
    . . O X . . .)";

const std::string kCorpus = std::string(JPD_SHARED_DIR) + "/corpus/games/";

// The record's own finish with the statuses the estimator finds, under Japanese rules.
Finish finish_of_record(const std::string& file, const FinishOptions& o = {}) {
  const sgf::Record rec = sgf::read_record_file(kCorpus + file);
  ScoreOptions so;
  so.rules = parse_rules_text("japanese");
  so.finish_stopped = false;
  so.keep_steps = false;
  const Scored s = score_record(rec, so);
  std::vector<Point> dead = s.count.dead_black;
  dead.insert(dead.end(), s.count.dead_white.begin(), s.count.dead_white.end());
  return finish_game(s.replay.game.board(), dead, s.replay.game.to_move(), o);
}

std::string score_japanese(const std::string& file) {
  ScoreOptions so;
  so.rules = parse_rules_text("japanese");
  so.keep_steps = false;
  return score_record(sgf::read_record_file(kCorpus + file), so).count.result;
}

}  // namespace

TEST(Finish, ASenteDameIsTakenAndTheOpponentDefendsInsideItsOwnTerritory) {
  const Board b = test::board_from(kSenteDame);
  const Finish black = finish_game(b, {}, Color::Black);
  EXPECT_TRUE(black.searched);
  EXPECT_EQ(line_of(black.moves, 7), "B E7 W C7");
  EXPECT_EQ(black.value, 1);  // White's defence costs it a point
  // White to move defends at once or after Black's E7: the same count.
  const Finish white = finish_game(b, {}, Color::White);
  EXPECT_TRUE(white.searched);
  const std::string w = line_of(white.moves, 7);
  EXPECT_TRUE(w == "W C7 B E7" || w == "W pass B E7 W C7") << w;
  EXPECT_EQ(white.value, 1);
}

TEST(Finish, ADameThatWouldShortOneOwnLibertiesIsLeftForTheOpponent) {
  // A televised professional game (W+3.5). Its last dame include D4, D3 and F5 next to Black's
  // centre chain: the fixed order fills D4 for Black and then has to defend at E2 inside Black's
  // own territory (W+4.5); the search leaves them and takes the dame that force White to defend.
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  const std::string file = "J_00010__games__pro_games__go__9x9__930116.sgf";
  const Finish f = finish_of_record(file);
  EXPECT_TRUE(f.searched);
  EXPECT_EQ(score_japanese(file), "W+3.5");
  FinishOptions greedy;
  greedy.max_nodes = 0;
  const Finish g = finish_of_record(file, greedy);
  EXPECT_FALSE(g.searched);
  EXPECT_NE(line_of(f.moves, 9), line_of(g.moves, 9));
}

TEST(Finish, TheHolderOfAKoOpenWhenTheGameStoppedConnectsIt) {
  // Black's E1 took White's F1 at move 43 and the ko was never connected; the record stops with
  // White to move. White does not retake it (no ko threats are left): Black connects at F1, a
  // point of its own, as the recorded W+2.5 counts it.
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  const std::string file = "J_00009__games__pro_games__go__9x9__871121.sgf";
  const Finish f = finish_of_record(file);
  EXPECT_TRUE(f.searched);
  EXPECT_EQ(line_of(f.moves, 9), "W pass B F1");
  EXPECT_EQ(f.value, -1);
  EXPECT_EQ(score_japanese(file), "W+2.5");
}

TEST(Finish, PlaysTheSumHottestFirstWhenTheNodeBudgetIsSpent) {
  const Board b = test::board_from(kSenteDame);
  FinishOptions tiny;
  tiny.max_nodes = 3;
  const Finish f = finish_game(b, {}, Color::Black, tiny);
  EXPECT_FALSE(f.searched);
  EXPECT_EQ(line_of(f.moves, 7), "B E7 W C7");
  EXPECT_EQ(f.value, 1);
  EXPECT_EQ(finishing_moves(b, {}, Color::Black, tiny), f.moves);
}

TEST(Finish, ASumTooLargeToSearchIsPlayedHottestFirstNotInTheFixedOrder) {
  // The record of ADameThatWouldShortOneOwnLibertiesIsLeftForTheOpponent with a search of one
  // position: the regions, read out, are played hottest first and find the search's line; the
  // fixed order (max_nodes 0) does not.
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  const std::string file = "J_00010__games__pro_games__go__9x9__930116.sgf";
  const Finish full = finish_of_record(file);
  FinishOptions one;
  one.max_nodes = 1;
  const Finish hot = finish_of_record(file, one);
  EXPECT_FALSE(hot.searched);
  FinishOptions fixed;
  fixed.max_nodes = 0;
  const Finish greedy = finish_of_record(file, fixed);
  EXPECT_EQ(line_of(hot.moves, 9), line_of(full.moves, 9));
  EXPECT_EQ(hot.value, full.value);
  EXPECT_NE(line_of(hot.moves, 9), line_of(greedy.moves, 9));
  EXPECT_LT(greedy.value, full.value);
}

namespace {

// Every move of the line is on an empty point and no suicide, played in turn from t.
void expect_legal_line(Board t, const std::vector<Move>& moves) {
  for (const Move& m : moves) {
    if (m.kind == MoveKind::pass) continue;
    const auto i = Board::index(m.point);
    ASSERT_TRUE(t.at(i) == Color::Empty && !t.is_suicide(i, m.color)) << line_of(moves, 7);
    t.play(m.point, m.color);
  }
}

}  // namespace

TEST(Finish, ARegionLargerThanItsBudgetIsSearchedNotReadOut) {
  // kSenteDame's regions read with a budget of one position: the finish is not read to the end
  // (searched false) and still legal; with the default budget it is read to the end.
  const Board b = test::board_from(kSenteDame);
  FinishOptions small;
  small.region_budget = 1;
  const Finish f = finish_game(b, {}, Color::Black, small);
  EXPECT_FALSE(f.searched);
  EXPECT_TRUE(finish_game(b, {}, Color::Black).searched);
  expect_legal_line(b, f.moves);
}

TEST(Finish, ARegionWithManyMovesAtItsStartIsSearchedWithoutMakingItsTree) {
  // kSenteDame's regions are read out by default; counting every region as one of many moves
  // at its start (read_root_moves 1) sends each to the search, as a tree too large would, and
  // the line is still legal; with the rule off (0) they are read out again.
  const Board b = test::board_from(kSenteDame);
  FinishOptions many;
  many.read_root_moves = 1;
  const Finish f = finish_game(b, {}, Color::Black, many);
  EXPECT_FALSE(f.searched);
  FinishOptions off;
  off.read_root_moves = 0;
  const Finish all = finish_game(b, {}, Color::Black, off);
  EXPECT_TRUE(all.searched);
  EXPECT_EQ(line_of(all.moves, 7), line_of(finish_game(b, {}, Color::Black).moves, 7));
  expect_legal_line(b, f.moves);
}

TEST(Finish, TheSearchedValueIsWhatTheJapaneseCountGainsOnRandomPositions) {
  // Random games cut short on small boards, no dead stones: the line is legal for the referee
  // and changes the Japanese count by the value the search found, with the eye reading of the
  // japanese preset and without it.
  for (const char* text : {"japanese", "japanese,eye_reading=none"}) {
    const Ruleset rules = parse_ruleset(text);
    RandomGameOptions o;
    o.min_size = 4;
    o.max_size = 6;
    o.rectangular_one_in = 0;
    o.handicap_one_in = 0;
    o.setup_one_in = 0;
    o.dispute_one_in = 0;
    o.making_one_in = 0;
    o.dead_one_in = 0;
    o.resign_one_in = 0;
    int searched = 0, checked = 0;
#ifdef JPD_SANITIZED
    constexpr uint64_t kGames = 120;  // the sanitizers are ten times slower
#else
    constexpr uint64_t kGames = 400;
#endif
    for (uint64_t seed = 1; seed <= kGames; ++seed) {
      RandomGame rg = random_game(rules, random_game_seed(7, 0, seed), o);
      Game& g = rg.game;
      if (g.phase() != Phase::play || g.end_reason() != EndReason::none) continue;
      ++checked;
      FinishOptions fo;
      fo.max_nodes = 20000;
      fo.max_reading = 20000;  // small boards: what a region reads, not a whole finish's budget
      fo.after_pass = !g.moves().empty() && g.moves().back().move.kind == MoveKind::pass;
      fo.read_eyes = rules.eye_reading == EyeReading::japanese;
      const Finish f = finish_game(g.board(), {}, g.to_move(), fo);
      if (!f.searched) continue;
      ++searched;
      const Count before = count(g, Statuses{});
      const Board start = g.board();
      for (const Move& m : f.moves) {
        const Verdict v = g.play(m);
        ASSERT_TRUE(v.ok()) << "seed " << seed << ": " << to_string(m, g.height()) << ": "
                            << v.message << "\n"
                            << start.to_string() << line_of(f.moves, g.height());
      }
      Statuses with_dead;  // the stones the line leaves standing that it reads as dead
      with_dead.dead = f.dead;
      const Count after = count(g, with_dead);
      EXPECT_EQ(after.japanese().diff(Color::Black) - before.japanese().diff(Color::Black), f.value)
          << "seed " << seed << "\n" << g.board().to_string() << line_of(f.moves, g.height());
    }
    EXPECT_GT(checked, int(kGames) / 4) << text;
    EXPECT_GT(searched, checked / 2) << text;
  }
}

// Hand-built 19x19 endings. Each is a board split by two walls from edge to edge (Black's
// territory on the left, White's on the right), with the ending under test between them.
namespace {

// Row y of a split board: Black's wall at columns bx.., White's from wx.., `seam` in between
// ('.' empty, 'X', 'O'); the walls are one chain each, with many liberties.
std::string split_row(int bx, int wx, const std::string& seam) {
  std::string row(19, '.');
  row[size_t(bx)] = 'X';
  for (size_t k = 0; k < seam.size(); ++k) row[size_t(bx) + 1 + k] = seam[k];
  row[size_t(wx)] = 'O';
  return row;
}

FinishOptions by(FinishScoring s) {
  FinishOptions o;
  o.scoring = s;
  return o;
}

int fills(const Finish& f) {
  int n = 0;
  for (const Move& m : f.moves) n += m.kind == MoveKind::play;
  return n;
}

}  // namespace

TEST(Finish19, TheLastDameUnderAreaCountingIsAPointForWhoeverMovesWhenTheyAreOdd) {
  // Nineteen dame between the walls: under area counting each is a point for whoever fills it,
  // so the side to move fills ten and the other nine.
  const Board odd = finish_ending_board(finish_ending("dame"));
  const Finish black = finish_game(odd, {}, Color::Black, by(FinishScoring::area));
  EXPECT_EQ(fills(black), 19) << line_of(black.moves, 19);
  EXPECT_EQ(black.value, 1);
  const Finish white = finish_game(odd, {}, Color::White, by(FinishScoring::area));
  EXPECT_EQ(white.value, -1);
  // Eighteen (White has filled one at the top): the parity gives no one a point.
  const Board even = finish_ending_board(finish_ending("dame"), {{0, split_row(8, 10, "O")}});
  const Finish e = finish_game(even, {}, Color::Black, by(FinishScoring::area));
  EXPECT_EQ(fills(e), 18) << line_of(e.moves, 19);
  EXPECT_EQ(e.value, 0);
  // Under territory counting dame are worth nothing, odd or even.
  EXPECT_EQ(finish_game(odd, {}, Color::Black, by(FinishScoring::territory)).value, 0);
}

// Black's wall on columns J and K, White's on L and M; at the top, White's stone on L19 stands
// apart, with two liberties: K19, a dame, and M19, a point of White's own.
Board defence_board() { return finish_ending_board(finish_ending("defence")); }

TEST(Finish19, ADefensiveMoveInsideOnesOwnTerritoryCostsAPointUnderTerritoryCounting) {
  // Black's K19 puts L19 in atari; White defends at M19, a point of its own territory. White
  // cannot fill K19 itself (a self-atari), so the dame is Black's whoever moves first.
  const Board b = defence_board();
  for (Color first : {Color::Black, Color::White}) {
    const Finish t = finish_game(b, {}, first, by(FinishScoring::territory));
    const std::string line = line_of(t.moves, 19);
    EXPECT_NE(line.find("B K19"), std::string::npos) << line;
    EXPECT_NE(line.find("W M19"), std::string::npos) << line;
    EXPECT_EQ(t.value, 1) << line;  // White's defence costs it a point
    // Under area counting the defence costs nothing and the dame is Black's point.
    const Finish a = finish_game(b, {}, first, by(FinishScoring::area));
    EXPECT_NE(line_of(a.moves, 19).find("W M19"), std::string::npos) << line_of(a.moves, 19);
    EXPECT_EQ(a.value, 1) << line_of(a.moves, 19);
  }
}

TEST(Finish19, AKoOpenWhenTheRecordStopsIsConnectedByItsHolder) {
  // Black's L19 stone stands in atari (its liberty K19), but White taking it at K19 is a ko:
  // Black could take back. With no threats left the holder, Black, connects at K19, a point
  // of its own territory, whoever is to move.
  const Board b = finish_ending_board(finish_ending("ko"));
  for (Color first : {Color::Black, Color::White}) {
    const Finish t = finish_game(b, {}, first, by(FinishScoring::territory));
    const std::string line = line_of(t.moves, 19);
    EXPECT_EQ(line, first == Color::Black ? "B K19" : "W pass B K19");
    EXPECT_EQ(t.value, -1) << line;  // the connection fills a point of Black's
    const Finish a = finish_game(b, {}, first, by(FinishScoring::area));
    EXPECT_EQ(a.value, 0) << line_of(a.moves, 19);  // a stone for a point: no change
  }
}

TEST(Finish19, AFinishFillsNoDameThatWouldLoseAChain) {
  // On the board of the defence: whatever is to move and whatever the counting, no stone of
  // either side is lost on the way, and L19 still stands.
  const Board b = defence_board();
  for (Color first : {Color::Black, Color::White})
    for (FinishScoring s : {FinishScoring::territory, FinishScoring::area}) {
      const Finish f = finish_game(b, {}, first, by(s));
      Board end = b;
      for (const Move& m : f.moves)
        if (m.kind == MoveKind::play) end.play(m.point, m.color);
      EXPECT_EQ(end.captured(Color::Black) + end.captured(Color::White), 0)
          << line_of(f.moves, 19);
      EXPECT_EQ(end.at(test::pt("L19", 19)), Color::White) << line_of(f.moves, 19);
    }
}

// On the ending with its dead stones, under territory counting, whoever moves first: the finish
// never plays `move` ("W T18") and changes no count.
void expect_not_played_and_nothing_lost(const FinishEnding& e, const std::string& move) {
  const Board b = finish_ending_board(e);
  const std::vector<Point> dead = finish_ending_dead(e);
  for (Color first : {Color::Black, Color::White}) {
    const Finish t = finish_game(b, dead, first, by(FinishScoring::territory));
    const std::string line = line_of(t.moves, 19);
    EXPECT_EQ(line.find(move), std::string::npos) << line;
    EXPECT_EQ(t.value, 0) << line;
  }
}

TEST(Finish19, AStoneInAtariOnASnapbackIsNotDefended) {
  // In White's corner, White's T17 stands in atari (its liberty T18), next to Black's dead
  // chain S18-S17-S16-T16, in atari on T18 too. Black's capture at T18 would be answered by
  // White's T17 taking back five (a snapback): T17 needs no defence, and White's T18, a point of
  // its own filled, would cost a point under territory counting.
  const FinishEnding& e = finish_ending("snapback");
  ASSERT_EQ(finish_ending_dead(e).size(), 1u);
  expect_not_played_and_nothing_lost(e, "W T18");
}

TEST(Finish19, AStoneInAtariThatOnlyDeadStonesCouldTakeIsNotDefended) {
  // In White's territory, White's Q10 stands in atari (its liberty Q9) inside Black's dead
  // chain P11-R11-P10-R10-P9. Black's capture at Q9 would join the dead chain, which stays
  // dead: White's Q9, a point of its own filled, would cost a point under territory counting.
  const FinishEnding& e = finish_ending("dead_atari");
  ASSERT_EQ(finish_ending_board(e).liberties(Board::index(test::pt("Q10", 19))), 1);
  expect_not_played_and_nothing_lost(e, "W Q9");
}

TEST(Finish19, AStoneInAtariThatLivingStonesCouldTakeIsDefended) {
  // The same with Black's chain alive (not counted dead): Black's capture at Q9 is a real
  // threat, and White defends.
  const Board b = finish_ending_board(finish_ending("dead_atari"));
  const Finish t = finish_game(b, {}, Color::White, by(FinishScoring::territory));
  const std::string line = line_of(t.moves, 19);
  EXPECT_NE(line.find("W Q9"), std::string::npos) << line;
}

TEST(Finish19, ASekiMetDuringTheFinishIsLeftAsItStands) {
  // The seki's shared liberties, S19 and S17, are no dame: whoever fills one is captured. The
  // finish plays neither, under any counting, whoever moves first, and changes no count.
  const Board b = finish_ending_board(finish_ending("seki"));
  for (bool eyes : {false, true})
    for (FinishScoring s : {FinishScoring::territory, FinishScoring::area})
      for (Color first : {Color::Black, Color::White}) {
        FinishOptions o = by(s);
        o.read_eyes = eyes && s == FinishScoring::territory;
        const Finish t = finish_game(b, {}, first, o);
        const std::string line = line_of(t.moves, 19);
        EXPECT_EQ(line.find("S19"), std::string::npos) << line;
        EXPECT_EQ(line.find("S17"), std::string::npos) << line;
        EXPECT_EQ(t.value, 0) << line;
      }
}

TEST(Finish19, AnInvaderBeyondTheRegionCanBeTakenSoNoDefenceIsPlayed) {
  // White's group in the top middle (D14-G14 and up) has two liberties, D13 and E13, both in
  // White's territory on the left. Black's D13 is answered by White's E13; Black's D12 and D11
  // then press on, stones beyond the region's two points, but White may take them (they stand
  // in its territory): no defence is needed, and none costs White a point.
  const Board b = finish_ending_board(finish_ending("invader"));
  for (bool eyes : {false, true})
    for (Color first : {Color::Black, Color::White}) {
      SCOPED_TRACE(eyes);
      FinishOptions o = by(FinishScoring::territory);
      o.read_eyes = eyes;
      const Finish t = finish_game(b, {}, first, o);
      const std::string line = line_of(t.moves, 19);
      EXPECT_EQ(line.find("W E13"), std::string::npos) << line;
      EXPECT_EQ(line.find("W D13"), std::string::npos) << line;
      EXPECT_EQ(t.value, 0) << line;
    }
}

namespace {

// A record that stops far from its end: a 9x9 board after eight moves, Black's four in the
// centre, White's four in a corner.
sgf::Record open_9x9_record() {
  return sgf::read_record_text(
      "(;SZ[9]KM[6.5];B[ee];W[ca];B[ge];W[ac];B[eg];W[ab];B[gg];W[ba])");
}

// score_record's options under `rules` with every finish trusted (max_finish_swing 0), the
// reading of an open board within a small budget.
ScoreOptions trusting_every_finish(const char* rules) {
  ScoreOptions so;
  so.rules = parse_rules_text(rules);
  so.keep_steps = false;
  so.finish.max_reading = 20000;
  so.max_finish_swing = 0;
  // (the swing alone decides whether a finish is trusted: an open board as it stands is far
  // from what the estimator expects)
  so.trust_finish_nearer_expectation = false;
  return so;
}

}  // namespace

// A record that stops far from its end (open_9x9_record): its finish changes the
// count a lot. A finish that changes it by more than max_finish_swing is not trusted: the count is
// the position's as it stands, with a note; up to the limit, the finish stands.
TEST(Finish, AFinishSwingingTheCountByMoreThanTheLimitIsNotTrusted) {
  const sgf::Record rec = open_9x9_record();
  for (const char* rules : {"japanese", "chinese"}) {
    SCOPED_TRACE(rules);
    ScoreOptions so = trusting_every_finish(rules);
    const Count finished = score_record(rec, so).count;
    ScoreOptions stands = so;
    stands.finish_stopped = false;
    const Count as_is = score_record(rec, stands).count;
    const int swing = int(std::abs(finished.primary_difference - as_is.primary_difference));
    ASSERT_GE(swing, 2);
    so.max_finish_swing = swing;  // at the limit: the finish stands
    const Count at_limit = score_record(rec, so).count;
    EXPECT_EQ(at_limit.result, finished.result);
    EXPECT_EQ(at_limit.primary_difference, finished.primary_difference);
    so.max_finish_swing = swing - 1;  // over it: counted as it stands, and said so
    const Count over = score_record(rec, so).count;
    EXPECT_EQ(over.primary_difference, as_is.primary_difference);
    EXPECT_EQ(over.result, as_is.result);
    const std::string note = "the finishing moves would change the count by " +
                             std::to_string(swing) + " points, more than the " +
                             std::to_string(swing - 1);
    const std::vector<std::string> notes = text(over.notes, Lang::en);
    EXPECT_TRUE(std::any_of(notes.begin(), notes.end(),
                            [&](const std::string& n) { return n.starts_with(note); }))
        << testing::PrintToString(notes);
    EXPECT_TRUE(std::none_of(notes.begin(), notes.end(), [](const std::string& n) {
      return n.starts_with("the record stops before its end");
    }));
  }
}

// A record that stops with an area still open, on 13x13: White's living group on columns A to K,
// Black's wall on L with its corridor on M and N (closed below M3 and N3), open to White at L13.
// As it stands the corridor above M3 and N3 borders White's K13 through L13 and is no one's;
// Black closes it at L13, and the playouts see it as Black's. The finish swings the count by
// more than the limit, but it is nearer the estimator's expectation than the position as it
// stands by more than the limit: it stands, said so (ScoreOptions::
// trust_finish_nearer_expectation); with the swing alone deciding, it is not trusted.
TEST(Finish, AFinishThatClosesAnOpenAreaTheEstimatorSeesIsTrustedBeyondTheLimit) {
  const sgf::Record rec = sgf::read_record_text(
      "(;GM[1]FF[4]SZ[13]KM[0]AW[aa:jm]AB[kb:km][lk:mk];AE[ba][cc][em];B[lm];W[em])");
  struct Case {
    const char* rules;
    const char* finished;  // Black closes L13
    const char* as_is;     // the corridor no one's
    int swing;
  };
  for (const Case& k : {Case{"chinese,komi=0", "W+91", "W+112", 21}, Case{"japanese,komi=0", "B+19", "B+1", 18}}) {
    SCOPED_TRACE(k.rules);
    ScoreOptions so;
    so.rules = parse_rules_text(k.rules);
    so.keep_steps = false;
    so.max_finish_swing = 5;
    const Scored kept = score_record(rec, so);
    ScoreOptions stands = so;
    stands.finish_stopped = false;
    EXPECT_EQ(score_record(rec, stands).count.result, k.as_is);
    EXPECT_EQ(kept.count.result, k.finished);
    const std::vector<Move>& line = kept.facts.finishing;
    EXPECT_NE(std::find(line.begin(), line.end(), Move::play(Color::Black, Point{11, 0})), line.end());  // L13
    const std::vector<std::string> notes = text(kept.count.notes, Lang::en);
    const std::string said = "the finishing moves change the count by " + std::to_string(k.swing) +
                             " points, more than the 5";
    EXPECT_TRUE(std::any_of(notes.begin(), notes.end(), [&](const std::string& n) {
      return n.starts_with(said) && n.ends_with(": kept");
    })) << testing::PrintToString(notes);
    // With the swing alone deciding, the same finish is not trusted: counted as it stands.
    ScoreOptions swing_alone = so;
    swing_alone.trust_finish_nearer_expectation = false;
    const Scored distrusted = score_record(rec, swing_alone);
    EXPECT_EQ(distrusted.count.result, k.as_is);
    EXPECT_TRUE(distrusted.facts.finishing.empty());
  }
}

// Under territory counting a finish not trusted gives way to the fill-out alone (the dame and
// the defences, in a fixed order) when that one stays within the limit; under area counting,
// and when the fill-out swings the count too, the position is counted as it stands.
TEST(Finish, UnderTerritoryCountingADistrustedFinishGivesWayToTheFillOut) {
  // A 9x9 record that stops at once, Black's five stones in White's top left: the finish read
  // changes the count by many points, the fill-out (no reading) by few.
  const sgf::Record rec = sgf::read_record_text(
      "(;SZ[9]KM[6.5]AB[ca][ea][cb][eb][cc][dc][ec]"
      "AW[ba][fa][bb][fb][bc][fc][bd][cd][dd][ed][fd];B[hi])");
  auto notes_of = [](const Count& c) { return text(c.notes, Lang::en); };
  auto says = [](const std::vector<std::string>& notes, const std::string& start) {
    return std::any_of(notes.begin(), notes.end(),
                       [&](const std::string& n) { return n.starts_with(start); });
  };
  for (const char* rules : {"japanese", "chinese"}) {
    SCOPED_TRACE(rules);
    const bool territory = std::string(rules) == "japanese";
    ScoreOptions so = trusting_every_finish(rules);
    const Count finished = score_record(rec, so).count;
    ScoreOptions stands = so;
    stands.finish_stopped = false;
    const Count as_is = score_record(rec, stands).count;
    ScoreOptions fill_only = so;
    fill_only.finish.max_nodes = 0;
    const Scored filled = score_record(rec, fill_only);
    ASSERT_FALSE(filled.facts.finishing.empty());
    EXPECT_TRUE(says(notes_of(filled.count), "the finishing moves were filled in a fixed order"));
    const int swing = int(std::abs(finished.primary_difference - as_is.primary_difference));
    const int fill_swing =
        int(std::abs(filled.count.primary_difference - as_is.primary_difference));
    ASSERT_GT(swing, fill_swing + 1) << "the test needs a fill-out that swings the count less";

    so.max_finish_swing = fill_swing + 1;  // the finish read is not trusted, the fill-out is
    const Scored s = score_record(rec, so);
    if (territory) {
      EXPECT_EQ(s.count.primary_difference, filled.count.primary_difference);
      EXPECT_EQ(s.count.result, filled.count.result);
      EXPECT_EQ(s.facts.finishing.size(), filled.facts.finishing.size());
      EXPECT_TRUE(says(notes_of(s.count), "the finishing moves read would change the count by " +
                                              std::to_string(swing) + " points, more than the " +
                                              std::to_string(fill_swing + 1)))
          << testing::PrintToString(notes_of(s.count));
      EXPECT_TRUE(says(notes_of(s.count), "the finishing moves were filled in a fixed order"));
    } else {  // under area counting: as it stands
      EXPECT_EQ(s.count.primary_difference, as_is.primary_difference);
      EXPECT_TRUE(s.facts.finishing.empty());
      EXPECT_TRUE(says(notes_of(s.count), "the finishing moves would change the count by"));
      EXPECT_FALSE(says(notes_of(s.count), "the finishing moves were filled in a fixed order"));
    }
  }
}

// The finishing moves are the record's facts (RecordFacts::finishing, JSON `finishing_moves`): the
// moves the counted game ends with, as many as the note says were played; none when the record
// is counted as it stands (no finish asked for, or one not trusted).
TEST(Finish, TheFinishingMovesListedAreTheMovesTheCountedGameEndsWith) {
  const sgf::Record rec = open_9x9_record();
  for (const char* rules : {"japanese", "chinese"}) {
    SCOPED_TRACE(rules);
    ScoreOptions so = trusting_every_finish(rules);
    const Scored s = score_record(rec, so);
    const std::vector<Move>& listed = s.facts.finishing;
    ASSERT_FALSE(listed.empty());
    const auto& played = s.replay.game.moves();
    ASSERT_EQ(played.size(), rec.steps.size() + listed.size());
    int fills = 0, passes = 0;
    for (size_t k = 0; k < listed.size(); ++k) {
      const Move& m = played[rec.steps.size() + k].move;
      EXPECT_EQ(m.kind, listed[k].kind) << k;
      EXPECT_EQ(m.color, listed[k].color) << k;
      if (m.kind == MoveKind::play) {
        EXPECT_EQ(m.point, listed[k].point) << k;
      }
      (listed[k].kind == MoveKind::pass ? passes : fills) += 1;
    }
    const std::vector<std::string> notes = text(s.count.notes, Lang::en);
    const std::string said = "the record stops before its end: " + std::to_string(fills) +
                             " finishing move(s) (endgame, dame, defensive moves) and " +
                             std::to_string(passes) + " pass(es)";
    EXPECT_TRUE(std::any_of(notes.begin(), notes.end(),
                            [&](const std::string& n) { return n.starts_with(said); }))
        << testing::PrintToString(notes);
    const nlohmann::json j = to_json(s);
    ASSERT_EQ(j.at("finishing_moves").size(), listed.size());
    EXPECT_EQ(j["finishing_moves"][0]["color"], std::string(color_letter(listed[0].color)));
    EXPECT_EQ(j["finishing_moves"][0]["point"], listed[0].kind == MoveKind::pass
                                                    ? std::string("pass")
                                                    : to_gtp(listed[0].point, 9));
    // Counted as it stands: nothing listed.
    ScoreOptions stands = so;
    stands.finish_stopped = false;
    EXPECT_TRUE(score_record(rec, stands).facts.finishing.empty());
    EXPECT_TRUE(to_json(score_record(rec, stands)).at("finishing_moves").empty());
    ScoreOptions distrusted = so;
    distrusted.max_finish_swing = 1;  // (the finish swings the count by two points or more)
    const Scored d = score_record(rec, distrusted);
    EXPECT_TRUE(d.facts.finishing.empty());
    EXPECT_EQ(d.replay.game.moves().size(), rec.steps.size());
  }
}

namespace {

// A legal record of `moves` random moves on a 25x25 board (a seeded splitmix64 stream: the same
// record everywhere), stopping in the middle of the game: no move fills its own eye, none repeats
// a position, a pass only where no move is left.
sgf::Record random_25x25_record(uint64_t seed, int moves) {
  Board b(25);
  uint64_t state = seed;
  auto next = [&] {
    state += 0x9E3779B97F4A7C15ull;
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  };
  std::vector<uint64_t> seen{b.hash()};
  std::string text = "(;FF[4]GM[1]SZ[25]KM[6.5]";
  Color c = Color::Black;
  for (int n = 0; n < moves; ++n) {
    std::vector<Board::Index> empty;
    for (int y = 0; y < 25; ++y)
      for (int x = 0; x < 25; ++x)
        if (b.at(Board::index(x, y)) == Color::Empty) empty.push_back(Board::index(x, y));
    for (size_t k = empty.size(); k > 1; --k) std::swap(empty[k - 1], empty[next() % k]);
    std::string move;
    for (Board::Index i : empty) {
      if (i == b.ko_point() || b.is_eye(i, c) || b.is_suicide(i, c)) continue;
      const uint64_t h = b.hash_after(i, c);
      if (std::find(seen.begin(), seen.end(), h) != seen.end()) continue;
      b.play(i, c);
      seen.push_back(b.hash());
      move = {char('a' + Board::x_of(i)), char('a' + Board::y_of(i))};
      break;
    }
    text += std::string(";") + (c == Color::Black ? "B[" : "W[") + move + "]";
    c = opponent(c);
  }
  return sgf::read_record_text(text + ")");
}

}  // namespace

// A record that stops far from its end (the fixed order alone plays more than far_moves moves
// from it) is read within far_reading positions, not max_reading; one near its end (the
// nineteen dame between two walls) is not affected.
TEST(Finish, ARecordFarFromItsEndIsReadWithinTheSmallerBudget) {
  const sgf::Record rec = random_25x25_record(21, 150);  // a fifth of the board played
  const Replay rp = replay(rec, parse_ruleset("japanese"));
  const Game& g = rp.game;
  const std::vector<Point> dead = estimate(g).statuses().dead;
  FinishOptions fo;
  fo.scoring = FinishScoring::territory;
  fo.read_eyes = true;
  EXPECT_EQ(fo.max_reading, 40000);  // the defaults
  EXPECT_EQ(fo.far_moves, 100);
  EXPECT_EQ(fo.far_reading, 10000);
  fo.far_reading = 1000;  // (smaller than this board reads: the bound shows)
  const Finish far = finish_game(g.board(), dead, g.to_move(), fo);
  EXPECT_TRUE(far.far);
  EXPECT_LE(far.reading, 1000);
  EXPECT_TRUE(far.reading_spent);
  EXPECT_FALSE(far.moves.empty());
  fo.far_moves = 0;  // never far: the whole budget, which this board reads past the smaller one
  const Finish whole = finish_game(g.board(), dead, g.to_move(), fo);
  EXPECT_FALSE(whole.far);
  EXPECT_GT(whole.reading, 1000);

  fo.far_moves = 100;
  const FinishEnding& e = finish_ending("dame");
  const Finish near = finish_game(finish_ending_board(e), finish_ending_dead(e), Color::Black, fo);
  EXPECT_FALSE(near.far);
  EXPECT_EQ(near.moves.size(), 19u);
}

// Issue 21, finding 6: a 3.6 KB 25x25 record of 600 moves took 50 s under japanese, all of it in
// the finish's reading. Measured, not timed: the positions the reading visits (Finish::reading)
// never exceed max_reading, whatever the budget (a position is counted only while the budget is
// not spent; past it, nothing more is read), the budget spent says so (reading_spent), and the
// regions left unread are filled out in the fixed order, which score_record's note names.
TEST(Finish, AStopped25x25RecordReadsNoMorePositionsThanItsBudget) {
  const sgf::Record rec = random_25x25_record(21, 600);
  const Ruleset rules = parse_ruleset("japanese");
  const Replay rp = replay(rec, rules);
  ASSERT_TRUE(rp.stopped_without_pause);
  const Game& g = rp.game;
  ASSERT_EQ(g.width(), 25);
  ASSERT_GE(g.moves().size(), 600u);
  const std::vector<Point> dead = estimate(g).statuses().dead;
  FinishOptions fo;
  fo.scoring = FinishScoring::territory;
  fo.read_eyes = rules.eye_reading == EyeReading::japanese;
  fo.far_moves = 0;  // (the budget as given: the smaller budget of a record far from its end apart)
  for (int budget : {1, 10, 100, 1000, 5000, 20000}) {
    SCOPED_TRACE(budget);
    fo.max_reading = budget;
    const Finish f = finish_game(g.board(), dead, g.to_move(), fo);
    EXPECT_LE(f.reading, budget);  // exactly the budget: never one position more
    EXPECT_EQ(f.reading_spent, f.reading == budget);
    EXPECT_GT(f.reading, 0);
    if (f.reading_spent) {
      EXPECT_FALSE(f.searched);
    }
    EXPECT_FALSE(f.moves.empty());
  }
  // The smallest budgets are spent on this board.
  fo.max_reading = 100;
  EXPECT_TRUE(finish_game(g.board(), dead, g.to_move(), fo).reading_spent);
  // No search at all (max_nodes 0): the fixed order alone, nothing read.
  fo.max_nodes = 0;
  const Finish fixed = finish_game(g.board(), dead, g.to_move(), fo);
  EXPECT_EQ(fixed.reading, 0);
  EXPECT_EQ(fixed.nodes, 0);
  EXPECT_FALSE(fixed.searched);
  EXPECT_FALSE(fixed.moves.empty());

  // score_record with the budget spent: the count says the finish was read within a budget.
  ScoreOptions so;
  so.rules = parse_rules_text("japanese");
  so.keep_steps = false;
  so.finish.max_reading = 1000;
  so.max_finish_swing = 0;  // (a random board swings far: the finish kept, to see its note)
  const Count c = score_record(rec, so).count;
  EXPECT_TRUE(std::any_of(c.notes.begin(), c.notes.end(), [](const Message& n) {
    return n.id == "note.finished_fixed" &&
           text(n, Lang::en).starts_with("the finishing moves were read within a budget");
  })) << testing::PrintToString(text(c.notes, Lang::en));
}
