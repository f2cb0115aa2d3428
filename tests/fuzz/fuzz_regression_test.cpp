// Regressions found by the fuzzers (fuzz/) and by `jpd stress`: each input that once crashed,
// hit undefined behaviour or broke an invariant goes through the same code path again and must
// give a clean, documented error (or the right answer). The inputs the fuzzers found are kept in
// fuzz/regressions/<harness>/ and every one is replayed through its harness as well.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "harness.hpp"
#include "random_game.hpp"
#include "jpd/score.hpp"
#include "jpd/text.hpp"
#include "jpd/web/app.hpp"
#include "test_util.hpp"

using namespace jpd;
using jpd::test::message_of;

namespace {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The stored inputs of one harness.
std::vector<std::filesystem::path> regressions(const std::string& harness) {
  std::vector<std::filesystem::path> files;
  const auto dir = std::filesystem::path(JPD_SOURCE_DIR) / "fuzz/regressions" / harness;
  for (const auto& e : std::filesystem::directory_iterator(dir)) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

// The seed corpus of one harness and its stored inputs, when it has any.
std::vector<std::filesystem::path> seeds_and_regressions(const std::string& harness) {
  std::vector<std::filesystem::path> files;
  for (const char* where : {"fuzz/corpus", "fuzz/regressions"}) {
    const auto dir = std::filesystem::path(JPD_SOURCE_DIR) / where / harness;
    if (!std::filesystem::is_directory(dir)) continue;
    for (const auto& e : std::filesystem::directory_iterator(dir)) files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string regression(const std::string& harness, const std::string& name) {
  return read_file(std::filesystem::path(JPD_SOURCE_DIR) / "fuzz/regressions" / harness / name);
}

}  // namespace

// ------------------------------------------------------------------------------------------------
// Every stored input through its harness: the harness aborts on anything but a clean error.

// The records: the parser's harness, the referee's and the scoring one (the estimator and the
// finishing search) on every seed record and stored input.
TEST(FuzzRegression, EverySgfSeedAndStoredInputPassesTheParserReplayAndScoreHarnesses) {
  const auto files = seeds_and_regressions("sgf_fuzzer");
  EXPECT_GE(files.size(), 10u);
  for (const auto& f : files) {
    SCOPED_TRACE(f.string());
    const std::string data = read_file(f);
    jpd::fuzz::sgf_input(data);
    jpd::fuzz::replay_input(data);
    jpd::fuzz::score_input(data);
  }
}

TEST(FuzzRegression, EveryStoredRulesInputPassesItsHarness) {
  for (const auto& f : regressions("rules_fuzzer")) {
    SCOPED_TRACE(f.string());
    jpd::fuzz::rules_input(read_file(f));
  }
}

TEST(FuzzRegression, EveryStoredGameInputPassesItsHarness) {
  for (const auto& f : regressions("game_fuzzer")) {
    SCOPED_TRACE(f.string());
    jpd::fuzz::game_input(read_file(f));
  }
}

TEST(FuzzRegression, EveryStoredPointsInputPassesItsHarness) {
  for (const auto& f : regressions("points_fuzzer")) {
    SCOPED_TRACE(f.string());
    jpd::fuzz::points_input(read_file(f));
  }
}

// The GTP engine and the web referee: their seed sessions as well (each a realistic session).
TEST(FuzzRegression, EveryGtpSeedAndStoredInputPassesItsHarness) {
  const auto files = seeds_and_regressions("gtp_fuzzer");
  EXPECT_GE(files.size(), 8u);
  for (const auto& f : files) {
    SCOPED_TRACE(f.string());
    jpd::fuzz::gtp_input(read_file(f));
    jpd::fuzz::gtp_engine_input(read_file(f));
  }
}

TEST(FuzzRegression, EveryWebSeedAndStoredInputPassesItsHarness) {
  const auto files = seeds_and_regressions("web_fuzzer");
  EXPECT_GE(files.size(), 6u);
  for (const auto& f : files) {
    SCOPED_TRACE(f.string());
    jpd::fuzz::web_input(read_file(f));
    jpd::fuzz::web_engine_input(read_file(f));
  }
}

// ------------------------------------------------------------------------------------------------
// web_fuzzer

// An error message quoting bytes of the request that are not UTF-8 (a malformed body's last token,
// a path, a query's rule set) made json::dump() throw inside App::handle's error handler: the
// exception escaped the function documented never to throw. Such bytes are now written as U+FFFD.
TEST(FuzzRegression, WebErrorsQuotingBytesThatAreNotUtf8AreJsonNotAnEscapedException) {
  jpd::web::Options o;
  o.db = ":memory:";
  jpd::web::App app(o);
  ASSERT_EQ(app.handle("POST", "/api/games", R"({"size": 5})").status, 201);
  struct Request {
    const char* method;
    std::string target, body;
  };
  const Request requests[] = {{"POST", "/api/games/1/moves", "{\"color\": \"B\xff\xfe"},
                              {"POST", "/api/games/1/count", "{\"dead\": [1], \"claims\": {\xc3"},
                              {"GET", "/\xff\xfe.html", ""},
                              {"GET", "/api/games/%ff", ""},
                              {"POST", "/api/sgf?rules=%ff%c3", "(;SZ[5];B[cc])"}};
  for (const auto& [method, target, body] : requests) {
    SCOPED_TRACE(target);
    jpd::web::Response r;
    ASSERT_NO_THROW(r = app.handle(method, target, body));
    EXPECT_GE(r.status, 400);
    EXPECT_LT(r.status, 500);
    ASSERT_TRUE(nlohmann::json::accept(r.body)) << r.body;
    EXPECT_TRUE(nlohmann::json::parse(r.body)["error"].is_string());
  }
}

// ------------------------------------------------------------------------------------------------
// points_fuzzer

// parse_point read the column letter of a 0-wide board before the string (index -1) for its
// error message; a board it cannot have is now refused by name.
TEST(FuzzRegression, PointOnABoardThatCannotExistIsAPointErrorNotAnOutOfBoundsRead) {
  EXPECT_NE(message_of<PointError>([] { parse_point("A1", 0, 0); }).find("board sides are 2 to 25"),
            std::string::npos);
  EXPECT_THROW(parse_point("A1", 26, 9), PointError);
  EXPECT_THROW(parse_point("aa", 9, 1), PointError);
  EXPECT_THROW(parse_point_list("A1,B2", 31, 31), PointError);
  EXPECT_THROW(parse_claim("B:A1", 0, 5), PointError);
  EXPECT_EQ(parse_point("Z25", 25, 25), Point(24, 0));
}

// ------------------------------------------------------------------------------------------------
// rules_fuzzer

// A non-string preset escaped as nlohmann::json::type_error instead of RulesError.
TEST(FuzzRegression, RulesetJsonWithANonStringPresetIsARulesError) {
  const auto j = nlohmann::json::parse(regression("rules_fuzzer", "json-null-preset"));
  EXPECT_NE(message_of<RulesError>([&] { ruleset_from_json(j); })
                .find("preset in JSON must be a string"),
            std::string::npos);
  EXPECT_THROW(ruleset_from_json(nlohmann::json::parse(R"({"preset": ["tang-song"]})")),
               RulesError);
}

// An integer field given a floating-point number was converted with get<long long>(): undefined
// for 1e300, silently truncated for 2.5.
TEST(FuzzRegression, RulesetJsonIntegerFieldsRefuseNumbersThatAreNotSmallIntegers) {
  for (const char* text : {R"({"group_tax": 1e300})", R"({"group_tax": 2.5})",
                           R"({"cycle_repeats": -1e19})",
                           R"({"cycle_repeats": 18446744073709551615})"})
    EXPECT_THROW(ruleset_from_json(nlohmann::json::parse(text)), RulesError) << text;
  EXPECT_EQ(ruleset_from_json(nlohmann::json::parse(R"({"group_tax": 3.0})")).group_tax, 3);
  EXPECT_EQ(ruleset_from_json(nlohmann::json::parse(R"({"cycle_repeats": 4})")).cycle_repeats, 4);
}

// ------------------------------------------------------------------------------------------------
// sgf_fuzzer

// AB/AW make no captures, so a setup could leave a chain without a liberty; the board then held a
// chain with a zero liberty count, which its incremental structure does not allow (later moves
// underflowed the count). Replay now refuses the setup at its location.
TEST(FuzzRegression, SetupThatLeavesAChainWithoutALibertyIsAReplayErrorAtTheSetup) {
  const sgf::Record rec = sgf::read_record_text(
      regression("sgf_fuzzer", "setup-fills-last-liberty.sgf"), "f.sgf");
  try {
    replay(rec, rules_for_record(rec, std::nullopt));
    FAIL() << "no error";
  } catch (const ReplayError& e) {
    EXPECT_EQ(e.reason, Illegal::no_liberty);
    EXPECT_EQ(e.where.line, 4) << e.what();
    EXPECT_NE(std::string(e.what()).find("setup B A8"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("without a liberty"), std::string::npos) << e.what();
  }
  // One node may pass through such a position as long as its setup as a whole mends it.
  const sgf::Record mended =
      sgf::read_record_text("(;SZ[5];B[aa];W[ab];AW[ba]AE[aa];B[cc])", "m.sgf");
  const Replay rp = replay(mended, parse_ruleset("chinese"));
  EXPECT_EQ(rp.game.board().at(Point(0, 0)), Color::Empty);
  EXPECT_TRUE(rp.game.board().check_consistency());
}

TEST(FuzzRegression, GameRefusesEveryMoveAndCountWhileSetupLeavesAChainWithoutALiberty) {
  Game g(parse_ruleset("chinese"), 5);
  g.setup_stone(Color::Black, Point(0, 0));
  g.setup_stone(Color::White, Point(1, 0));
  g.setup_stone(Color::White, Point(0, 1));
  EXPECT_EQ(g.setup_without_liberty(), Point(0, 0));
  EXPECT_EQ(g.check(Move::play(Color::Black, Point(3, 3))).reason, Illegal::no_liberty);
  EXPECT_EQ(g.check(Move::pass(Color::Black)).reason, Illegal::no_liberty);
  EXPECT_TRUE(g.check(Move::resign(Color::Black)).ok());
  EXPECT_THROW(count(g, {}), CountError);
  g.setup_stone(Color::Empty, Point(1, 0));  // further setup mends it
  EXPECT_FALSE(g.setup_without_liberty().valid());
  EXPECT_TRUE(g.play(Move::play(Color::Black, Point(3, 3))).ok());
}

// ------------------------------------------------------------------------------------------------
// Found by `jpd stress` (the record round trip of every random game)

// record_from_game wrote every root setup action, AB and AW as two lists: a point set twice came
// out in the wrong order (and twice in one node), and a chain set up without a liberty and then
// cleared came back without its clearing.
TEST(FuzzRegression, RecordOfAGameWritesTheNetRootSetup) {
  Game g(parse_ruleset("chinese"), 5);
  g.setup_stone(Color::White, Point(2, 2));
  g.setup_stone(Color::Black, Point(2, 2));  // overwritten: Black
  g.setup_stone(Color::Black, Point(4, 0));
  g.setup_stone(Color::White, Point(3, 0));
  g.setup_stone(Color::White, Point(4, 1));  // E5 has no liberty ...
  g.setup_stone(Color::Empty, Point(4, 0));  // ... and is cleared
  ASSERT_TRUE(g.play(Move::play(Color::Black, Point(0, 0))).ok());
  const sgf::Record r = record_from_game(g);
  const std::vector<std::pair<Color, Point>> expected = {
      {Color::White, Point(3, 0)}, {Color::White, Point(4, 1)}, {Color::Black, Point(2, 2)}};
  EXPECT_EQ(r.setup, expected);
  const Replay back = replay(sgf::read_record_text(sgf::write(sgf::to_tree(r))), g.rules());
  EXPECT_TRUE(back.game.board().same_position(g.board()));
}

// A record whose first thing played is a pause act, a resumption or a negative move leaves the
// colours to the referee: its first B/W move says nothing about who moved first, and was taken
// to (the living-stone presets let White move first).
TEST(FuzzRegression, FirstPlayerIsNotAdoptedFromAMoveAfterAPauseAct) {
  const sgf::Record rec = sgf::read_record_text(
      "(;SZ[5]RU[JPD:living-a];JP[propose];JP[accept];JR[found:B];B[ec];W[ee])", "l.sgf");
  ReplayOptions strict;
  strict.adopt_first_player = false;
  const Replay rp = replay(rec, parse_ruleset("living-a"), strict);
  EXPECT_EQ(rp.rules.first_player, Color::White);
  EXPECT_EQ(rp.game.board().at(Point(4, 2)), Color::Black);
}

// A setup after the root, before the first move, is setup too: the first mover moves first and
// is not adopted as the rules' first player.
TEST(FuzzRegression, SetupAfterTheRootKeepsTheRulesFirstPlayer) {
  const sgf::Record rec = sgf::read_record_text("(;SZ[5];AB[aa];W[cc];B[dd])", "s.sgf");
  const Replay rp = replay(rec, parse_ruleset("tang-song"));
  EXPECT_EQ(rp.rules.first_player, Color::Black);
  EXPECT_EQ(rp.game.board().at(Point(2, 2)), Color::White);
}

// ------------------------------------------------------------------------------------------------
// game_fuzzer (the referee driven by arbitrary sequences of calls)

namespace {
constexpr Color B = Color::Black, W = Color::White, E = Color::Empty;

void expect_invariants(const Count& c) {
  for (const Invariant& i : c.invariants) EXPECT_TRUE(i.ok) << i.name << ": " << text(i.detail, Lang::en);
}
void must(Verdict v) { ASSERT_TRUE(v.ok()) << v.message; }
}  // namespace

// An independent dispute counts the pause position, but the setup counter included a removal
// made during the dispute: S = L + C + D + V failed by one.
TEST(FuzzRegression, IndependentDisputeCountsTheSetupAsItWasAtThePause) {
  Game g(parse_ruleset("art-great"), 5);
  must(g.play(Move::play(B, Point(1, 1))));
  must(g.play(Move::play(W, Point(2, 1))));
  must(g.play(Move::pass(B)));
  must(g.play(Move::pass(W)));
  must(g.resume_dispute(false));
  must(g.play(Move::play(B, Point(2, 2))));
  must(g.setup_stone(E, Point(2, 1)));  // the white stone of the pause position is taken off
  EXPECT_EQ(g.counters().setup[1], -1);
  EXPECT_EQ(g.counters().setup_at_pause[1], 0);
  const Count c = count(g, {});
  EXPECT_EQ(c.dead.white, 1);  // gone since the pause: dead, as the dispute confirmed
  expect_invariants(c);
}

// Negative moves at making were put back on the pause position in independent mode: a stone the
// dispute placed and a negative move took back then showed up as a dead stone of the pause.
TEST(FuzzRegression, IndependentDisputePutsNegativeMovesBackOnTheFinalPosition) {
  Game g(parse_ruleset("art-great"), 3);
  must(g.play(Move::play(B, Point(0, 0))));
  must(g.play(Move::play(W, Point(2, 2))));
  must(g.play(Move::pass(B)));
  must(g.play(Move::pass(W)));
  must(g.resume_dispute(false));
  must(g.play(Move::play(B, Point(0, 2))));  // placed in the dispute
  must(g.play(Move::pass(W)));
  must(g.play(Move::pass(B)));
  must(g.start_making());
  must(g.play(Move::negative_b(B, Point(0, 2))));
  const Count c = count(g, {});
  EXPECT_EQ(c.dead.black, 0);
  expect_invariants(c);
}

// A pause declared without a proposal (a record that simply stops) had no proposer: a move found
// later resumed play with nobody to move ("it is edge's turn") and a virtual move by nobody.
TEST(FuzzRegression, FoundMoveAfterADeclaredPauseResumesFromTheSideToMove) {
  Game g(parse_ruleset("tang-song"), 5);
  must(g.play(Move::play(B, Point(0, 0))));
  must(g.play(Move::play(W, Point(1, 1))));
  must(g.declare_paused());  // Black to move: the implicit proposer
  must(g.resume_found_move(W));
  EXPECT_EQ(g.moves().back().move, Move::virtual_move(B));  // the proposer's virtual move first
  EXPECT_EQ(g.to_move(), W);
  must(g.play(Move::play(W, Point(2, 2))));
  const sgf::Record rec =
      sgf::read_record_text("(;SZ[5];B[aa];W[bb];JR[found:B];B[cc];W[dd])", "f.sgf");
  const Replay rp = replay(rec, parse_ruleset("tang-song"));
  EXPECT_EQ(rp.game.board().at(Point(3, 3)), W);
}

// A setup that left a chain without a liberty at a pause, then a found move: the referee played
// the proposer's owed virtual move from that position (as it does), but the record written of
// the game, which writes that move, was refused by replay at it. The owed non-board moves of a
// resumption may follow such a setup, written or not; the next move may not.
TEST(FuzzRegression, OwedVirtualMovesMayFollowASetupWithoutALibertyAndTheNextMoveMayNot) {
  Game g(parse_ruleset("art-great"), 2);
  must(g.play(Move::play(B, Point(0, 0))));
  must(g.play(Move::play(W, Point(1, 0))));
  must(g.declare_paused());             // Black to move: the proposer
  must(g.setup_stone(W, Point(0, 1)));  // A1 has no liberty left
  ASSERT_TRUE(g.setup_without_liberty().valid());
  Game written = g;
  must(g.resume_found_move(W));  // the referee plays Black's owed move
  EXPECT_EQ(g.moves().back().move.color, B);
  EXPECT_EQ(g.check(Move::pass(W)).reason, Illegal::no_liberty);
  must(written.resume_found_move(W, /*auto_virtual=*/false));  // the record writes it
  const Move owed = g.moves().back().move;
  EXPECT_TRUE(written.owed_move(owed));
  must(written.play(owed));
  EXPECT_EQ(written.check(Move::pass(W)).reason, Illegal::no_liberty);
  must(g.setup_stone(E, Point(0, 1)));  // mended: play goes on
  must(g.play(Move::play(W, Point(0, 1))));
  const std::string text = sgf::write(sgf::to_tree(record_from_game(g)));
  const Replay back = replay(sgf::read_record_text(text, "w.sgf"), g.rules());
  EXPECT_TRUE(back.game.board().same_position(g.board())) << text;

  // A dispute that opens with two owed virtual moves (living-a), none written in the record.
  const sgf::Record rec = sgf::read_record_text(
      "(;SZ[3]RU[JPD:living-a];W[bc];B[aa];W[ba];B[ac];W[ca];B[bb];AB[ca];JR[dispute];AE[ca])",
      "d.sgf");
  EXPECT_EQ(replay(rec, rules_for_record(rec, std::nullopt)).game.board().at(Point(2, 0)), E);
}


// A resumption whose owed virtual moves the record writes, with setup written before them: replay
// took the setup for "not written", played the referee's virtual moves, and then the written ones
// on top (or was refused where the setup left a chain without a liberty until it was mended).
TEST(FuzzRegression, SetupBetweenAResumptionAndItsWrittenVirtualMovesIsPassedOver) {
  const sgf::Record rec = sgf::read_record_text(
      "(;SZ[5]RU[JPD:living-a];W[aa];B[cc];JP[propose];JP[accept];JR[dispute];AB[ee];"
      "W[]JV[];B[]JV[];W[bb])",
      "r.sgf");
  const Replay rp = replay(rec, rules_for_record(rec, std::nullopt));
  EXPECT_EQ(rp.game.board().at(Point(1, 1)), W);
  EXPECT_EQ(rp.game.board().at(Point(4, 4)), B);
  int virtuals = 0;
  for (const PlayedMove& m : rp.game.moves()) virtuals += m.move.kind == MoveKind::virtual_move;
  EXPECT_EQ(virtuals, 2);  // the written ones, not the referee's as well
}

// Setup after making's negative moves (or after the end) put a stone where a negative move had
// taken one back; counting put that one back too, and the stone accounting failed.
TEST(FuzzRegression, SetupAndSideToMoveAreRefusedAtMakingAndAfterTheEnd) {
  Game g(parse_ruleset("sci-2-1"), 3);
  must(g.play(Move::play(B, Point(1, 1))));
  must(g.play(Move::play(W, Point(2, 1))));
  must(g.declare_paused());
  must(g.start_making());
  must(g.play(Move::negative_a(W, Point(2, 1))));
  EXPECT_EQ(g.setup_stone(W, Point(2, 1)).reason, Illegal::wrong_phase);
  EXPECT_EQ(g.set_to_move(W).reason, Illegal::wrong_phase);
  expect_invariants(count(g, {}));
  must(g.play(Move::resign(W)));
  EXPECT_EQ(g.setup_stone(B, Point(0, 0)).reason, Illegal::wrong_phase);
  const auto e = [] {
    try {
      replay(sgf::read_record_text("(;SZ[5];B[aa];W[bb];B[];W[];JN[bb]JT[B];AW[bb])", "m.sgf"),
             parse_ruleset("chinese"));
    } catch (const ReplayError& e) {
      return e.reason;
    }
    return Illegal::ok;
  }();
  EXPECT_EQ(e, Illegal::wrong_phase);
}

// The side to move set in the middle of the pause protocol: between the virtual moves owed at a
// resumption, while a proposal awaits its answer, or during a pause. The record of such a game
// could not say it (it replayed to another position or not at all); the referee now refuses it.
TEST(FuzzRegression, SideToMoveIsRefusedWhileThePauseProtocolSaysWhoMoves) {
  Game g(parse_ruleset("living-a"), 5);  // dispute_virtuals: each side owes one at a resumption
  must(g.play(Move::play(W, Point(0, 0))));
  must(g.play(Move::propose(B)));
  EXPECT_EQ(g.set_to_move(B).reason, Illegal::proposal_pending);
  must(g.play(Move::accept(W)));
  EXPECT_EQ(g.set_to_move(W).reason, Illegal::wrong_phase);  // paused
  must(g.resume_dispute(false));
  must(g.play(Move::virtual_move(g.to_move())));
  EXPECT_EQ(g.set_to_move(W).reason, Illegal::must_play_virtual);
  must(g.play(Move::virtual_move(g.to_move())));
  EXPECT_TRUE(g.set_to_move(W).ok());  // play goes on: the side to move may be set again
}

// The record of a game wrote every setup action and side to move between two moves, each in its
// node: the game passed through a chain without a liberty (set up, then mended) and the record
// was refused at the node that left it.
TEST(FuzzRegression, RecordOfAGameWritesEachRunOfSetupAsItsNetEffect) {
  Game g(parse_ruleset("chinese"), 3);
  must(g.play(Move::play(B, Point(1, 1))));
  must(g.play(Move::play(W, Point(1, 0))));
  must(g.play(Move::play(B, Point(2, 0))));
  must(g.setup_stone(E, Point(1, 1)));
  must(g.play(Move::play(W, Point(2, 1))));
  must(g.setup_stone(B, Point(2, 0)));  // C3 (black) has no liberty now ...
  must(g.set_to_move(W));
  must(g.setup_stone(E, Point(2, 0)));  // ... and is gone again
  must(g.setup_stone(W, Point(0, 0)));
  const sgf::Record r = record_from_game(g);
  int setups = 0;
  for (const sgf::Step& s : r.steps) setups += s.kind == sgf::Step::Kind::setup;
  EXPECT_EQ(setups, 3);  // B2 cleared, C3 cleared, A3 white: each point once
  const std::string text = sgf::write(sgf::to_tree(r));
  const Replay back = replay(sgf::read_record_text(text), g.rules());
  EXPECT_TRUE(back.game.board().same_position(g.board())) << text;
  // Setup in a record may pass through such a position too, across nodes, pauses and
  // resumptions: it is judged where play goes on.
  const sgf::Record rec = sgf::read_record_text(
      "(;SZ[3];B[ba];W[aa];B[];W[];AB[ab];JR[dispute];AE[aa];B[cc])", "s.sgf");
  EXPECT_EQ(replay(rec, parse_ruleset("chinese")).game.board().at(Point(2, 2)), B);
}

// A pause declared between a dispute's two opening virtual moves dropped the one still owed; the
// record (which lets the referee play both at the resumption) then replayed to another game, with
// the other side to move after a second resumption.
TEST(FuzzRegression, DeclaredPauseBetweenADisputesOpeningVirtualMovesPlaysTheOneStillOwed) {
  Game g(parse_ruleset("living-a"), 5);  // White first; a dispute opens with two virtual moves
  must(g.play(Move::play(W, Point(0, 0))));
  must(g.play(Move::play(B, Point(4, 4))));
  must(g.play(Move::propose(W)));
  must(g.play(Move::accept(B)));
  must(g.resume_dispute(false));
  const Color first = g.to_move();
  must(g.play(Move::virtual_move(first)));
  must(g.declare_paused());
  EXPECT_EQ(g.phase(), Phase::paused);
  EXPECT_EQ(g.counters().dispute[color_index(opponent(first))].virtual_moves, 1)
      << "the second opening virtual move is played, not dropped";
  must(g.resume_dispute(true));
  must(g.play(Move::play(g.to_move(), Point(2, 2))));
  const std::string text = sgf::write(sgf::to_tree(record_from_game(g)));
  ReplayOptions opts;
  opts.adopt_first_player = false;
  const Replay back = replay(sgf::read_record_text(text, "<written>"), g.rules(), opts);
  EXPECT_TRUE(back.game.board().same_position(g.board())) << text;
  EXPECT_EQ(back.game.to_move(), g.to_move()) << text;
}
