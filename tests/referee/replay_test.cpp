#include <gtest/gtest.h>

#include <cstdio>
#include <map>

#include "jpd/replay.hpp"
#include "jpd/text.hpp"
#include "sgf_test_util.hpp"

using namespace jpd;

namespace {
constexpr Color B = Color::Black, W = Color::White;

// A Chinese Go Quest game that ends with B[] W[].
const char* kChineseTwoPasses =
    "C_00249__games__pro_games__go__9x9__2015-11-03T03_31_48.894Z_slxpjw60gclm.sgf";

sgf::Record record_of(std::string_view text) { return sgf::read_record_text(text, "t.sgf"); }

Replay replay_text(std::string_view text, const std::string& rules, ReplayOptions opts = {}) {
  auto r = record_of(text);
  return replay(r, rules_for_record(r, rules), opts);
}

bool has_note(const Replay& rp, const std::string& part) {
  for (const std::string& n : text(rp.notes, Lang::en))
    if (n.find(part) != std::string::npos) return true;
  return false;
}

std::string notes_of(const Replay& rp) {
  std::string s;
  for (const std::string& n : text(rp.notes, Lang::en)) s += n + "\n";
  return s;
}

// The ReplayError that replaying throws, or nothing.
std::optional<ReplayError> replay_error(std::string_view text, const std::string& rules,
                                        ReplayOptions opts = {}) {
  try {
    replay_text(text, rules, opts);
  } catch (const ReplayError& e) {
    return e;
  }
  return std::nullopt;
}

// A ko on 5x5: White captures at bc taking cc, then both pass, then Black retakes at cc.
const char* kKoRetakeAfterPasses =
    "(;SZ[5]KM[0]AB[bb][ac][cc][bd]AW[cb][dc][cd]\n"
    ";W[bc];B[];W[]\n"
    ";B[cc])";

void expect_same_game(const Game& a, const Game& b) {
  EXPECT_TRUE(a.board().same_position(b.board())) << a.board().to_string() << "\nvs\n"
                                                   << b.board().to_string();
  EXPECT_EQ(a.phase(), b.phase());
  EXPECT_EQ(a.to_move(), b.to_move());
  EXPECT_EQ(a.pauses(), b.pauses());
  EXPECT_EQ(a.paused_by_agreement(), b.paused_by_agreement());
  for (Color c : {B, W}) {
    EXPECT_EQ(a.virtual_stones(c), b.virtual_stones(c));
    EXPECT_EQ(a.counters().setup[color_index(c)], b.counters().setup[color_index(c)]);
    const MoveCounts x = a.counters().total(c), y = b.counters().total(c);
    EXPECT_EQ(x.real, y.real);
    EXPECT_EQ(x.passes, y.passes);
    EXPECT_EQ(x.negative_a, y.negative_a);
    EXPECT_EQ(x.negative_b, y.negative_b);
    EXPECT_EQ(x.proposals, y.proposals);
  }
  ASSERT_EQ(a.moves().size(), b.moves().size());
  for (size_t i = 0; i < a.moves().size(); ++i) {
    EXPECT_EQ(a.moves()[i].move, b.moves()[i].move) << "move " << i;
    EXPECT_EQ(a.moves()[i].phase, b.moves()[i].phase) << "move " << i;
  }
}

// Writes the game's record as SGF text, reads it back and replays it under its own rules.
Replay through_sgf(const Game& g) {
  const std::string text = sgf::write(sgf::to_tree(record_from_game(g)));
  auto r = sgf::read_record_text(text, "game.sgf");
  return replay(r, rules_for_record(r, std::nullopt));
}

void must(Game& g, const Move& m) {
  Verdict v = g.play(m);
  ASSERT_TRUE(v.ok()) << v.message;
}
Point p9(const char* gtp) { return parse_point(gtp, 9, 9); }
}  // namespace

// ------------------------------------------------------------------------------------------------
// The rules for a record

TEST(Replay, RulesForRecordPreferExplicitRulesThenRUThenTangSong) {
  auto chinese = record_of("(;RU[Chinese]KM[7])");
  EXPECT_EQ(rules_for_record(chinese, std::nullopt).preset, "chinese");
  EXPECT_EQ(rules_for_record(chinese, "sci-1-2").preset, "sci-1-2");
  EXPECT_EQ(rules_for_record(record_of("(;RU[something else])"), std::nullopt).preset,
            "tang-song");
  EXPECT_EQ(rules_for_record(record_of("(;GM[1])"), std::nullopt).preset, "tang-song");
  Ruleset jpd = rules_for_record(record_of("(;RU[JPD:ming-qing,ko=positional])"), std::nullopt);
  EXPECT_EQ(jpd.preset, "ming-qing");
  EXPECT_EQ(jpd.ko, KoRule::positional);
  EXPECT_THROW(rules_for_record(chinese, "no-such-rules"), RulesError);
}

TEST(Replay, KomiComesFromExplicitSettingThenRecordThenPreset) {
  auto r = record_of("(;RU[Chinese]KM[7])");
  EXPECT_EQ(rules_for_record(r, std::nullopt).komi, 7);
  EXPECT_EQ(rules_for_record(r, "tang-song").komi, 7);
  EXPECT_EQ(rules_for_record(r, "tang-song,komi=5.5").komi, 5.5);
  EXPECT_EQ(rules_for_record(r, "tang-song, Komi = 0").komi, 0);
  EXPECT_EQ(rules_for_record(record_of("(;RU[Chinese])"), std::nullopt).komi, 7.5);
  EXPECT_EQ(rules_for_record(record_of("(;GM[1])"), std::nullopt).komi, 6.5);
  EXPECT_EQ(rules_for_record(record_of("(;RU[JPD:tang-song,komi=8]KM[9])"), std::nullopt).komi, 9);
}

TEST(Replay, RulesReadOnceGiveRulesForRecordOfTheText) {
  const char* records[] = {"(;RU[Chinese]KM[7])", "(;RU[Chinese])", "(;GM[1])", "(;KM[0.5])",
                           "(;RU[JPD:tang-song,komi=8]KM[9])", "(;RU[Japanese]KM[6.5])"};
  const std::optional<std::string> texts[] = {std::nullopt,
                                              std::string("tang-song"),
                                              std::string("tang-song,komi=5.5"),
                                              std::string("tang-song, Komi = 0"),
                                              std::string("chinese,first_player=W"),
                                              std::string("no-such-rules"),
                                              std::string("chinese,komi=x")};
  for (const auto& t : texts) {
    std::optional<RulesText> read;
    std::string error;
    try {
      if (t) read = parse_rules_text(*t);
    } catch (const RulesError& e) {
      error = std::string("RulesError ") + e.what();
    }
    for (const char* rec : records) {
      const sgf::Record r = record_of(rec);
      std::string plain, once;
      try {
        plain = (t ? rules_for_record(r, *t) : rules_for_record(r, std::nullopt)).to_string();
      } catch (const RulesError& e) {
        plain = std::string("RulesError ") + e.what();
      }
      once = error.empty() ? rules_for_record(r, read).to_string() : error;
      EXPECT_EQ(once, plain) << (t ? *t : "record") << " " << rec;
    }
  }
}

// ------------------------------------------------------------------------------------------------
// The corpus

TEST(Replay, EveryCorpusRecordReplaysUnderItsOwnRules) {
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  std::map<std::string, int> by_rules, outcomes;
  int replayed = 0;
  for (const std::string& f : test::corpus_files()) {
    try {
      auto r = sgf::read_record_file(f);
      Ruleset rules = rules_for_record(r, std::nullopt);
      Replay rp = replay(r, rules);
      ++replayed;
      ++by_rules[rules.preset];
      ++outcomes[rp.stopped_without_pause ? "stopped, declared paused" : "paused by the record"];
      EXPECT_EQ(rp.game.phase(), Phase::paused) << f;
      EXPECT_EQ(rp.game.moves().size(), r.steps.size()) << f;
    } catch (const std::exception& e) {
      ADD_FAILURE() << e.what();
    }
  }
  EXPECT_EQ(replayed, 1249);
  for (auto& [k, v] : by_rules) std::printf("%5d under %s\n", v, k.c_str());
  for (auto& [k, v] : outcomes) std::printf("%5d %s\n", v, k.c_str());
  EXPECT_EQ(by_rules["chinese"], 1000);
  EXPECT_EQ(outcomes["paused by the record"], 1001);
  EXPECT_EQ(outcomes["stopped, declared paused"], 248);
}

TEST(Replay, ChineseGameEndingWithTwoPassesPausesByTwoPassesUnderChinese) {
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  auto r = sgf::read_record_file(test::corpus_file(kChineseTwoPasses));
  Replay rp = replay(r, rules_for_record(r, "chinese"));
  EXPECT_EQ(rp.game.phase(), Phase::paused);
  EXPECT_FALSE(rp.stopped_without_pause);
  EXPECT_FALSE(rp.game.paused_by_agreement());
  EXPECT_EQ(rp.game.counters().play[0].passes, 1);
  EXPECT_EQ(rp.game.counters().play[1].passes, 1);
  EXPECT_EQ(rp.game.rules().komi, 7);
  EXPECT_TRUE(rp.notes.empty()) << notes_of(rp);
}

TEST(Replay, ChineseGameEndingWithTwoPassesPausesByTwoVirtualMovesUnderTangSong) {
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  auto r = sgf::read_record_file(test::corpus_file(kChineseTwoPasses));
  Replay rp = replay(r, rules_for_record(r, "tang-song"));
  EXPECT_EQ(rp.game.phase(), Phase::paused);
  EXPECT_FALSE(rp.stopped_without_pause);
  EXPECT_EQ(rp.game.virtual_stones(B), 1);
  EXPECT_EQ(rp.game.virtual_stones(W), 1);
  EXPECT_EQ(rp.game.counters().first_virtual.color, B);
  ASSERT_EQ(rp.notes.size(), 1u) << notes_of(rp);
  EXPECT_EQ(text(rp.notes[0], Lang::en),
            "passes are read as virtual moves: tang-song has virtual moves but no pass");
}

TEST(Replay, ChineseGameStopsWithoutPauseUnderLivingAAndIsDeclaredPaused) {
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  auto r = sgf::read_record_file(test::corpus_file(kChineseTwoPasses));
  Replay rp = replay(r, rules_for_record(r, "living-a"));
  EXPECT_EQ(rp.rules.first_player, B);
  EXPECT_EQ(rp.game.rules().first_player, B);
  EXPECT_EQ(rp.game.phase(), Phase::paused);
  EXPECT_TRUE(rp.stopped_without_pause);
  EXPECT_TRUE(rp.game.paused_by_agreement());
  EXPECT_EQ(rp.game.virtual_stones(B) + rp.game.virtual_stones(W), 2);
  EXPECT_TRUE(has_note(rp, "the record starts with Black; living-a's first player is White: "
                           "Black is taken as the first player"))
      << notes_of(rp);
  EXPECT_TRUE(has_note(rp, "passes are read as virtual moves")) << notes_of(rp);
  EXPECT_TRUE(has_note(rp, "taken as paused by agreement")) << notes_of(rp);
}

// ------------------------------------------------------------------------------------------------
// First player, setup, side to move

TEST(Replay, FirstPlayerIsRefusedWhenAdoptionIsOff) {
  ReplayOptions opts;
  opts.adopt_first_player = false;
  auto e = replay_error("(;SZ[9]\n;B[ee];W[dd])", "living-b", opts);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->reason, Illegal::not_your_turn);
  EXPECT_EQ(e->move_number, 1);
  EXPECT_EQ(std::string(e->what()),
            "t.sgf:2:2: move 1 (B E5): the record starts with Black; living-b's first player is "
            "White");
}

TEST(Replay, SetupStonesWithoutPLLetTheFirstMoverMove) {
  Replay rp = replay_text("(;SZ[9]HA[2]AB[cc][gg];W[ee];B[dd])", "chinese");
  EXPECT_EQ(rp.game.counters().setup[0], 2);
  EXPECT_EQ(rp.game.counters().play[1].real, 1);
  EXPECT_TRUE(rp.notes.size() == 1 && has_note(rp, "taken as paused")) << notes_of(rp);
  EXPECT_EQ(rp.rules.first_player, B);  // setup stones: no adoption
}

TEST(Replay, RootPLSetsTheSideToMove) {
  Replay rp = replay_text("(;SZ[9]PL[W])", "chinese");
  EXPECT_EQ(rp.game.to_move(), W);
  auto e = replay_error("(;SZ[9]AB[cc]PL[B];W[ee])", "chinese");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->reason, Illegal::not_your_turn);
}

TEST(Replay, SetupAfterTheRootGoesThroughTheReferee) {
  Replay rp = replay_text("(;SZ[9];B[ee];AB[aa]AE[ee];W[dd])", "chinese");
  EXPECT_EQ(rp.game.board().at(*parse_sgf("aa")), B);
  EXPECT_EQ(rp.game.board().at(*parse_sgf("ee")), Color::Empty);
  EXPECT_EQ(rp.game.board().at(*parse_sgf("dd")), W);
}

// ------------------------------------------------------------------------------------------------
// Non-board moves

TEST(Replay, VirtualMovesAreReadAsPassesUnderRulesWithoutThem) {
  Replay rp = replay_text("(;SZ[9];B[ee];W[]JV[];B[]JV[])", "chinese");
  EXPECT_EQ(rp.game.phase(), Phase::paused);
  EXPECT_FALSE(rp.stopped_without_pause);
  EXPECT_EQ(rp.game.counters().play[1].passes, 1);
  ASSERT_EQ(rp.notes.size(), 1u) << notes_of(rp);
  EXPECT_EQ(text(rp.notes[0], Lang::en),
            "virtual moves are read as passes: chinese has passes but no virtual moves");
}

TEST(Replay, UntranslatedPassUnderTangSongIsAnError) {
  ReplayOptions opts;
  opts.translate_non_board = false;
  auto e = replay_error("(;SZ[9];B[ee];W[])", "tang-song", opts);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->reason, Illegal::pass_not_allowed);
  EXPECT_EQ(e->move_number, 2);
  EXPECT_EQ(e->where.column, 15);
  EXPECT_NE(std::string(e->what()).find("move 2 (W pass): passing is not allowed"),
            std::string::npos)
      << e->what();
}

TEST(Replay, VirtualAndPassMixUnderSci21WithoutTranslation) {
  Replay rp = replay_text("(;SZ[9];B[ee];W[]JV[];B[])", "sci-2-1");
  EXPECT_EQ(rp.game.phase(), Phase::paused);
  EXPECT_EQ(rp.game.virtual_stones(W), 1);
  EXPECT_EQ(rp.game.counters().play[0].passes, 1);
  EXPECT_TRUE(rp.notes.empty()) << notes_of(rp);
}

// ------------------------------------------------------------------------------------------------
// Illegal moves

TEST(Replay, IllegalMoveGivesReplayErrorWithMoveNumberLineAndColumn) {
  auto e = replay_error("(;SZ[9];B[ee];W[dd]\n  ;B[dd])", "chinese");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->reason, Illegal::occupied);
  EXPECT_EQ(e->move_number, 3);
  EXPECT_EQ(e->file, "t.sgf");
  EXPECT_EQ(e->where.line, 2);
  EXPECT_EQ(e->where.column, 4);
  EXPECT_EQ(std::string(e->what()), "t.sgf:2:4: move 3 (B D6): point D6 is occupied (a faulty "
                                     "record: the repair policy reads it, --repair)");
}

TEST(Replay, IllegalMoveForfeitsWhenAsked) {
  ReplayOptions opts;
  opts.forfeit_on_illegal = true;
  Replay rp = replay_text("(;SZ[9];B[ee];W[dd];B[dd];W[cc])", "chinese", opts);
  EXPECT_EQ(rp.game.phase(), Phase::ended);
  EXPECT_EQ(rp.game.end_reason(), EndReason::forfeit);
  EXPECT_EQ(rp.game.winner(), W);
  EXPECT_EQ(rp.game.moves().size(), 2u);  // W[cc] is not replayed
  EXPECT_FALSE(rp.stopped_without_pause);
  EXPECT_TRUE(has_note(rp, "move 3 (B D6) is illegal (point D6 is occupied): Black forfeits"))
      << notes_of(rp);
}

TEST(Replay, ImmediateKoRecaptureIsIllegalUnderEveryRule) {
  for (const char* rules : {"chinese", "japanese", "tang-song", "sci-1-1"}) {
    auto e = replay_error("(;SZ[5]AB[bb][ac][cc][bd]AW[cb][dc][cd];W[bc];B[cc])", rules);
    ASSERT_TRUE(e) << rules;
    EXPECT_TRUE(e->reason == Illegal::ko || e->reason == Illegal::superko) << rules;
    EXPECT_EQ(e->move_number, 2);
  }
}

TEST(Replay, KoRetakeAfterTwoPassesIsSuperkoUnderChineseButLegalWhereHistoryResetsOrKoIsSimple) {
  auto e = replay_error(kKoRetakeAfterPasses, "chinese");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->reason, Illegal::superko);
  EXPECT_EQ(e->move_number, 4);
  EXPECT_EQ(e->where.line, 3);
  EXPECT_EQ(e->where.column, 2);
  EXPECT_NE(std::string(e->what()).find("move 4 (B C3): positional superko"), std::string::npos)
      << e->what();
  // Japanese: simple ko; sci-1-1: positional superko, but the history starts again at the pause
  // (两弃为界); tang-song: simple ko, the passes read as virtual moves.
  for (const char* rules : {"japanese", "sci-1-1", "tang-song"}) {
    Replay rp = replay_text(kKoRetakeAfterPasses, rules);
    EXPECT_EQ(rp.game.board().at(*parse_sgf("cc")), B) << rules;
    EXPECT_EQ(rp.game.board().at(*parse_sgf("bc")), Color::Empty) << rules;
    EXPECT_EQ(rp.game.pauses(), 2) << rules;  // the retake resumed play, the end paused it
    EXPECT_TRUE(has_note(rp, "move 4 (B C3) comes after the pause: play resumes")) << rules;
  }
}

// ------------------------------------------------------------------------------------------------
// Pauses, disputes, making

TEST(Replay, ExplicitResumptionStartsADispute) {
  Replay rp = replay_text("(;SZ[9];B[ee];W[];B[];JR[dispute];W[dd];B[];W[])", "chinese");
  EXPECT_EQ(rp.game.pauses(), 2);
  EXPECT_EQ(rp.game.phase(), Phase::paused);
  EXPECT_FALSE(rp.stopped_without_pause);
  EXPECT_EQ(rp.game.counters().dispute[1].real, 1);
  EXPECT_TRUE(rp.notes.empty()) << notes_of(rp);
}

TEST(Replay, ResumptionWithoutAPauseIsTakenAsADeclaredPauseFirst) {
  Replay rp = replay_text("(;SZ[9];B[ee];JR[dispute];W[dd])", "chinese");
  EXPECT_EQ(rp.game.pauses(), 2);
  EXPECT_EQ(rp.game.counters().dispute[1].real, 1);
  EXPECT_TRUE(has_note(rp, "the record resumes play without a pause")) << notes_of(rp);
  auto e = replay_error("(;SZ[9];B[ee];W[];B[];JR[found:B])", "chinese");  // not agreed
  ASSERT_TRUE(e);
  EXPECT_EQ(e->reason, Illegal::wrong_phase);
  EXPECT_NE(std::string(e->what()).find("move 3 (JPDR[found:B])"), std::string::npos) << e->what();
}

TEST(Replay, PauseAnswerWithoutAProposalIsAnError) {
  auto e = replay_error("(;SZ[9];B[ee];W[];JP[accept])", "tang-song");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->reason, Illegal::no_proposal);
}

TEST(Replay, PauseActsAreMadeByTheSideToMove) {
  Replay rp =
      replay_text("(;SZ[5]RU[JPD:living-a];W[cc];B[dd];JP[propose];JP[accept])", "living-a");
  EXPECT_EQ(rp.game.phase(), Phase::paused);
  EXPECT_TRUE(rp.game.paused_by_agreement());
  EXPECT_FALSE(rp.stopped_without_pause);
  EXPECT_EQ(rp.game.counters().first_proposal.color, W);
  EXPECT_EQ(rp.rules.komi, 7.5);
}

TEST(Replay, NegativeMovesStartMakingAndTakeTheStonesColour) {
  Replay rp = replay_text("(;SZ[5];B[cc];W[cd];B[]JV[];W[]JV[];JN[cd]JT[A];JN[cc]JT[B])",
                          "tang-song");
  EXPECT_EQ(rp.game.phase(), Phase::making);
  EXPECT_EQ(rp.game.counters().making[1].negative_a, 1);
  EXPECT_EQ(rp.game.counters().making[0].negative_b, 1);
  EXPECT_EQ(rp.game.board().stones(B) + rp.game.board().stones(W), 0);
  // aa touches no black stone: not a negative-A move.
  auto e = replay_error("(;SZ[5];B[cc];W[aa];B[]JV[];W[]JV[];JN[aa]JT[A])", "tang-song");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->reason, Illegal::not_boundary);
  EXPECT_EQ(e->move_number, 4);
  EXPECT_NE(std::string(e->what()).find("move 4 (W negative-a A5)"), std::string::npos)
      << e->what();
}

TEST(Replay, NegativeMoveOnAnEmptyPointIsAnError) {
  auto e = replay_error("(;SZ[5];B[cc];W[]JV[];B[]JV[];JN[aa]JT[B])", "tang-song");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->reason, Illegal::not_own_stone);
  EXPECT_NE(std::string(e->what()).find("there is no stone at A5 to take back"), std::string::npos)
      << e->what();
}

TEST(Replay, NegativeMoveAfterPlayThatStoppedIsMadeAfterADeclaredPause) {
  Replay rp = replay_text("(;SZ[5];B[cc];W[cd];JN[cc]JT[A])", "tang-song");
  EXPECT_EQ(rp.game.phase(), Phase::making);
  EXPECT_TRUE(rp.stopped_without_pause);
  EXPECT_EQ(rp.game.counters().making[0].negative_a, 1);
}

// ------------------------------------------------------------------------------------------------
// Game -> record -> SGF -> record -> game

TEST(Replay, TangSongGameRoundTripsThroughSgf) {
  Game g(parse_ruleset("tang-song,komi=7.5"), 9);
  g.place_fixed_handicap(2);
  must(g, Move::play(W, p9("E5")));
  must(g, Move::play(B, p9("D5")));
  must(g, Move::play(W, p9("D4")));
  must(g, Move::virtual_move(B));
  must(g, Move::play(W, p9("E4")));
  must(g, Move::virtual_move(B));
  must(g, Move::virtual_move(W));
  ASSERT_EQ(g.phase(), Phase::paused);
  ASSERT_TRUE(g.resume_dispute(true).ok());
  must(g, Move::play(B, p9("C5")));
  must(g, Move::play(W, p9("F5")));
  g.setup_stone(W, p9("A1"));
  g.set_to_move(B);
  must(g, Move::propose(B));
  must(g, Move::accept(W));
  ASSERT_TRUE(g.start_making().ok());
  must(g, Move::negative_a(B, p9("D5")));

  Replay rp = through_sgf(g);
  EXPECT_EQ(rp.rules, g.rules());
  EXPECT_FALSE(rp.stopped_without_pause);
  expect_same_game(g, rp.game);
}

TEST(Replay, LivingGameWithRejectionFoundMoveAndOwedVirtualsRoundTripsThroughSgf) {
  Game g(parse_ruleset("living-a"), 9);
  must(g, Move::play(W, p9("E5")));
  must(g, Move::play(B, p9("D5")));
  must(g, Move::propose(W));
  must(g, Move::reject(B));
  must(g, Move::virtual_move(W));  // owed by the proposer
  must(g, Move::play(B, p9("C5")));
  must(g, Move::propose(W));
  must(g, Move::accept(B));
  ASSERT_TRUE(g.resume_found_move(B).ok());  // the acceptor found a move: W first plays virtual
  must(g, Move::play(B, p9("F5")));
  must(g, Move::propose(W));
  must(g, Move::accept(B));
  ASSERT_TRUE(g.resume_dispute(false).ok());
  must(g, Move::virtual_move(W));  // the players play the opening virtual moves themselves
  must(g, Move::virtual_move(B));
  must(g, Move::play(W, p9("F4")));
  ASSERT_TRUE(g.declare_paused().ok());

  Replay rp = through_sgf(g);
  EXPECT_EQ(rp.rules, g.rules());
  EXPECT_TRUE(rp.stopped_without_pause);
  expect_same_game(g, rp.game);
}

TEST(Replay, VirtualMovesTheRefereePlayedAreWrittenOutAndAPlayersOwnVirtualMoveStaysItsOwn) {
  // The referee plays the dispute's opening virtual moves (auto) and the proposer's virtual move
  // of a found move; the record writes them out, as the owed moves they are, so that a player's
  // own virtual move right after them is not taken for one of them (003 art. 21.4, 21.5).
  Game g(parse_ruleset("living-a"), 9);
  must(g, Move::play(W, p9("E5")));
  must(g, Move::play(B, p9("D5")));
  must(g, Move::propose(W));
  must(g, Move::accept(B));
  ASSERT_TRUE(g.resume_found_move(B).ok());  // W's virtual move played by the referee
  must(g, Move::play(B, p9("F5")));
  must(g, Move::propose(W));
  must(g, Move::accept(B));
  ASSERT_TRUE(g.resume_dispute(true).ok());  // W and B virtual moves played by the referee
  must(g, Move::virtual_move(W));            // then White's own
  must(g, Move::play(B, p9("F4")));
  ASSERT_TRUE(g.declare_paused().ok());
  ASSERT_EQ(g.virtual_stones(W), 3);
  const sgf::Record r = record_from_game(g);
  int non_board = 0;
  for (const sgf::Step& s : r.steps) non_board += s.kind == sgf::Step::Kind::move && s.move.is_non_board();
  EXPECT_EQ(non_board, 4);  // every virtual move of the game is in the record
  Replay rp = through_sgf(g);
  expect_same_game(g, rp.game);
}

TEST(Replay, AnOwedVirtualMoveWrittenOutNeverPausesTheGameAsTheReferees) {
  // Found by `jpd stress` (the record round trip): under Tang-Song two virtual moves in a row
  // pause the game, but the virtual move the referee plays for the proposer when the acceptor
  // found a move never counts towards it. Written out and read back as the owed move, it must
  // not either: the finder's own virtual move after it left the game paused, and the next board
  // move became a dispute.
  Game g(parse_ruleset("tang-song"), 9);
  must(g, Move::play(B, p9("E5")));
  must(g, Move::play(W, p9("D5")));
  must(g, Move::propose(B));
  must(g, Move::accept(W));
  ASSERT_TRUE(g.resume_found_move(W).ok());  // B's virtual move played by the referee
  must(g, Move::virtual_move(W));            // then White's own: one virtual move in a row
  ASSERT_EQ(g.phase(), Phase::play);
  must(g, Move::play(B, p9("F5")));
  ASSERT_TRUE(g.declare_paused().ok());  // as the replay takes a record that simply stops
  Replay rp = through_sgf(g);
  expect_same_game(g, rp.game);  // the same moves in the same phases: F5 is no dispute move
  for (const std::string& n : text(rp.notes, Lang::en)) EXPECT_EQ(n.find("dispute"), std::string::npos) << n;
  // The same record written by hand, the owed move included.
  const std::string text =
      "(;GM[1]FF[4]SZ[5]KM[0.5]RU[JPD:tang-song];B[bc];W[dc];B[bd];W[dd];B[bb];W[db];B[be];W[de];"
      "B[ba];W[da];JP[propose];JP[accept];JR[found:W]";
  const Replay written = replay_text(text + ";B[]JV[];W[]JV[];B[cc])", "tang-song");
  const Replay implied = replay_text(text + ";W[]JV[];B[cc])", "tang-song");
  EXPECT_EQ(written.game.counters().dispute[0].real + written.game.counters().dispute[1].real, 0);
  expect_same_game(implied.game, written.game);
}

TEST(Replay, BlackFirstLivingGameKeepsItsFirstPlayerThroughSgf) {
  Game g(parse_ruleset("living-b,first_player=black"), 5);
  must(g, Move::play(B, parse_point("C3", 5, 5)));
  must(g, Move::resign(W));
  sgf::Record r = record_from_game(g);
  EXPECT_EQ(r.result, "B+R");
  EXPECT_EQ(r.rules, "JPD:" + g.rules().to_string());
  Replay rp = through_sgf(g);
  EXPECT_EQ(rp.rules.first_player, B);
  EXPECT_FALSE(has_note(rp, "first player")) << notes_of(rp);
}

// A negative move where no stone stands is refused naming its point, in either language (its
// reason was a sentence taken for a message id, and read "[[there is no stone ...]]").
TEST(Replay, ANegativeMoveWithNoStoneNamesItsPoint) {
  const sgf::Record r = sgf::read_record_text("(;SZ[9];B[ee];W[cc];B[];W[];JPDN[aa]JPDT[A])", "t.sgf");
  try {
    replay(r, rules_for_record(r, std::nullopt));
    FAIL() << "no error";
  } catch (const ReplayError& e) {
    EXPECT_EQ(std::string(e.what()),
              "t.sgf:1:29: move 4 (. negative-a A9): there is no stone at A9 to take back");
    EXPECT_EQ(text(e.detail, Lang::zh), "第 4 手（. A类负着 A9）：A9 没有棋子可取回");
  }
}
