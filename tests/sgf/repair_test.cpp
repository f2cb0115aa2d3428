// Faulty records, read as other programs read them (README "Faulty records"): a move on an
// occupied point, two moves of one colour in a row where no pass was written down, a node holding
// two moves. Each refused without the repair policy, naming its move; read under it, noted and
// listed by move number, with every stone placed still accounted for in the count.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "cli_util.hpp"
#include "jpd/count.hpp"
#include "jpd/count_report.hpp"
#include "jpd/encoding.hpp"
#include "jpd/gtp.hpp"
#include "jpd/replay.hpp"
#include "jpd/score.hpp"
#include "jpd/text.hpp"

using namespace jpd;
using cli_run::Outcome;
using cli_run::temp_file;

namespace {
constexpr Color B = Color::Black, W = Color::White;

sgf::Record record(const std::string& text, bool repair = false) {
  sgf::ReadOptions o;
  o.repair = repair;
  return sgf::read_record_text(text, "faulty.sgf", o);
}

ReplayOptions repairing(ReplayOptions::Occupied occupied = ReplayOptions::Occupied::replace) {
  ReplayOptions o;
  o.repair = true;
  o.occupied = occupied;
  return o;
}

std::optional<ReplayError> refusal(const std::string& text, const std::string& rules) {
  const sgf::Record r = record(text);
  try {
    replay(r, rules_for_record(r, rules));
  } catch (const ReplayError& e) {
    return e;
  }
  return std::nullopt;
}

bool holds_every_invariant(const Game& g) {
  const Count c = count(g, Statuses{});
  for (const Invariant& i : c.invariants) EXPECT_TRUE(i.ok) << i.name << ": " << text(i.detail, Lang::en);
  return c.all_invariants_hold;
}

// White's move 4 is on Black's first stone; Black makes moves 3 and 4.
const std::string kOccupied = "(;SZ[9]KM[7];B[ee];W[dc];B[cc];W[ee];B[gg])";
const std::string kTwice = "(;SZ[9]KM[7];B[ee];W[dc];B[cc];B[gg];W[cg])";
}  // namespace

TEST(FaultyRecord, MoveOnAnOccupiedPointIsRefusedWithItsMoveWithoutTheRepairPolicy) {
  const auto e = refusal(kOccupied, "japanese");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->reason, Illegal::occupied);
  EXPECT_EQ(e->move_number, 4);
  EXPECT_NE(std::string(e->what()).find("faulty.sgf:1:32: move 4 (W E5)"), std::string::npos) << e->what();
  EXPECT_NE(std::string(e->what()).find("the repair policy reads it, --repair"), std::string::npos);
}

TEST(FaultyRecord, MoveOnAnOccupiedPointReplacesTheStoneUnderTheRepairPolicy) {
  const sgf::Record r = record(kOccupied);
  const Replay rp = replay(r, rules_for_record(r, "japanese"), repairing());
  EXPECT_EQ(rp.game.board().at(*parse_sgf("ee")), W);  // as Sabaki reads it
  EXPECT_EQ(rp.game.board().at(*parse_sgf("gg")), B);  // and the record goes on
  ASSERT_EQ(rp.repairs.size(), 1u);
  EXPECT_EQ(rp.repairs[0].kind, sgf::Repair::Kind::stone_replaced);
  EXPECT_EQ(rp.repairs[0].move_number, 4);
  EXPECT_EQ(text(rp.repairs[0].detail, Lang::en),
            "move 4 (W E5): E5 is occupied by a Black stone: it is taken off and the move played (repair)");
  EXPECT_TRUE(holds_every_invariant(rp.game));  // the stone taken off is accounted for
}

TEST(FaultyRecord, MoveOnAnOccupiedPointIsLeftOutUnderOccupiedSkip) {
  const sgf::Record r = record(kOccupied);
  const Replay rp = replay(r, rules_for_record(r, "japanese"), repairing(ReplayOptions::Occupied::skip));
  EXPECT_EQ(rp.game.board().at(*parse_sgf("ee")), B);
  // White's move left out, Black moves twice: White's pass is implied between.
  ASSERT_EQ(rp.repairs.size(), 2u);
  EXPECT_EQ(rp.repairs[0].kind, sgf::Repair::Kind::move_skipped);
  EXPECT_EQ(rp.repairs[1].kind, sgf::Repair::Kind::implied_pass);
  EXPECT_EQ(rp.repairs[1].move_number, 5);
  EXPECT_TRUE(holds_every_invariant(rp.game));
}

TEST(FaultyRecord, TwoMovesOfOneColourInARowAreRefusedWithoutTheRepairPolicy) {
  const auto e = refusal(kTwice, "chinese");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->reason, Illegal::not_your_turn);
  EXPECT_EQ(e->move_number, 4);
  EXPECT_NE(std::string(e->what()).find("--repair"), std::string::npos) << e->what();
}

TEST(FaultyRecord, TwoMovesOfOneColourInARowGetAnImpliedPassUnderTheRepairPolicy) {
  const sgf::Record r = record(kTwice);
  const Replay rp = replay(r, rules_for_record(r, "chinese"), repairing());
  ASSERT_EQ(rp.repairs.size(), 1u);
  EXPECT_EQ(rp.repairs[0].kind, sgf::Repair::Kind::implied_pass);
  EXPECT_EQ(rp.repairs[0].move_number, 4);
  EXPECT_EQ(text(rp.repairs[0].detail, Lang::en),
            "move 4 (B G3): Black moves twice in a row: White's pass is implied before it (repair)");
  ASSERT_EQ(rp.game.moves().size(), 6u);
  EXPECT_EQ(rp.game.moves()[3].move, Move::pass(W));
  EXPECT_EQ(rp.game.board().at(*parse_sgf("cg")), W);
  EXPECT_TRUE(holds_every_invariant(rp.game));
}

TEST(FaultyRecord, ImpliedPassIsTheRulesNonBoardMove) {
  // Tang-Song has virtual moves and no pass: White's implied move is a virtual move (its first).
  const sgf::Record r = record(kTwice);
  const Replay rp = replay(r, rules_for_record(r, "tang-song"), repairing());
  ASSERT_EQ(rp.repairs.size(), 1u);
  EXPECT_EQ(rp.game.moves()[3].move, Move::virtual_move(W));
  EXPECT_NE(text(rp.repairs[0].detail, Lang::en).find("White's virtual move is implied"), std::string::npos);
  EXPECT_TRUE(holds_every_invariant(rp.game));
}

TEST(FaultyRecord, AfterAPassTheSideToMoveIsSwitchedRatherThanPausingTheGame) {
  // Black passes, then plays: a White pass between would be the second pass in a row.
  const sgf::Record r = record("(;SZ[9];B[ee];W[dc];B[];B[gg];W[cg])");
  const Replay rp = replay(r, rules_for_record(r, "chinese"), repairing());
  ASSERT_EQ(rp.repairs.size(), 1u);
  EXPECT_EQ(rp.repairs[0].kind, sgf::Repair::Kind::turn_switched);
  ASSERT_EQ(rp.game.moves().size(), 5u);
  for (const PlayedMove& m : rp.game.moves()) EXPECT_EQ(m.phase, Phase::play);  // no pause between
  EXPECT_EQ(rp.game.board().at(*parse_sgf("gg")), B);
  EXPECT_EQ(rp.game.board().at(*parse_sgf("cg")), W);
  EXPECT_TRUE(holds_every_invariant(rp.game));
}

TEST(FaultyRecord, NodeOfTwoMovesIsSplitAndItsAlternationMendedUnderTheRepairPolicy) {
  const std::string text = "(;SZ[9];B[ee];W[dc];B[cc]B[gg];W[cg])";
  EXPECT_THROW(record(text), sgf::Error);
  const sgf::Record r = record(text, true);
  const Replay rp = replay(r, rules_for_record(r, "chinese"), repairing());
  ASSERT_EQ(rp.repairs.size(), 2u);
  EXPECT_EQ(rp.repairs[0].kind, sgf::Repair::Kind::node_split);  // the reader's come first
  EXPECT_EQ(rp.repairs[1].kind, sgf::Repair::Kind::implied_pass);
  EXPECT_EQ(rp.repairs[1].move_number, 4);
}

TEST(FaultyRecord, ScoreJsonListsEachRepairByMoveNumber) {
  sgf::Record r = record(kTwice);
  ScoreOptions o;
  o.rules = parse_rules_text("chinese");
  o.dead_from = DeadFrom::none;
  EXPECT_THROW(score_record(r, o), ReplayError);
  o.replay.repair = true;
  const Scored s = score_record(r, o);
  const nlohmann::json j = to_json(s);
  ASSERT_EQ(j["repairs"].size(), 1u);
  EXPECT_EQ(j["repairs"][0]["move"], 4);
  EXPECT_EQ(j["repairs"][0]["kind"], "implied_pass");
  bool noted = false;
  for (const auto& n : j["notes"]) noted |= n.get<std::string>().find("implied before it") != std::string::npos;
  EXPECT_TRUE(noted) << j["notes"].dump();
  EXPECT_TRUE(s.count.all_invariants_hold);
}

TEST(FaultyRecord, EveryKindIsReadByJpdScoreRepairAndRefusedWithoutIt) {
  struct Case {
    const char* name;
    std::string text;
    size_t repairs;
  };
  for (const auto& [name, text, repairs] :
       {Case{"occupied.sgf", kOccupied, 1}, Case{"twice.sgf", kTwice, 1},
        Case{"node.sgf", "(;SZ[9]KM[7];B[ee];W[dc]W[cc];B[gg])", 2},  // split, then a pass
        Case{"km.sgf", "(;SZ[9]KM[7]KM[6.5];B[ee];W[dc])", 1}}) {
    const std::string file = temp_file(std::string("faulty-") + name, text);
    const Outcome strict = cli_run::jpd("score " + file + " --rules chinese --dead-from none");
    EXPECT_EQ(strict.status, 1) << name << ": " << strict.out;
    EXPECT_NE(strict.out.find("--repair"), std::string::npos) << name << ": " << strict.out;
    const Outcome mended = cli_run::jpd("score " + file + " --rules chinese --dead-from none --repair --json");
    ASSERT_EQ(mended.status, 0) << name << ": " << mended.out;
    const auto j = nlohmann::json::parse(mended.out);
    EXPECT_EQ(j["repairs"].size(), repairs) << name << ": " << j["repairs"].dump();
    EXPECT_TRUE(j["all_invariants_hold"]);
  }
}

// Two kos on a 7x7 board (Black can take the upper-left one, White the lower-right one): Black
// takes, White takes the other, Black passes, White takes back, and Black's move 5 takes back the
// other: the whole board of the start again. Rules without superko (japanese) allow it;
// positional superko (chinese) forbids it.
const std::string kRepetition =
    "(;SZ[7]KM[7]AB[ba][ab][bc][fe][ef][gf][fg]AW[bb][ca][db][cc][ee][df][eg]"
    ";B[cb];W[ff];B[];W[bb];B[ef];W[aa])";

TEST(FaultyRecord, SuperkoRepetitionIsRefusedWithItsMoveAndTheOptionWithoutTheRepairPolicy) {
  const auto e = refusal(kRepetition, "chinese");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->reason, Illegal::superko);
  EXPECT_EQ(e->move_number, 5);
  EXPECT_NE(std::string(e->what()).find("move 5 (B E2): positional superko"), std::string::npos) << e->what();
  EXPECT_NE(std::string(e->what()).find("the repair policy reads it, --repair"), std::string::npos) << e->what();
  EXPECT_FALSE(refusal(kRepetition, "japanese"));  // no superko: the record is legal as it stands
  // Situational superko compares the side to move too: the start had Black to move, move 5 gives
  // White the move, so the record is legal there.
  EXPECT_FALSE(refusal(kRepetition, "new-zealand"));
}

TEST(FaultyRecord, SuperkoRepetitionIsPlayedAsRecordedUnderTheRepairPolicy) {
  const sgf::Record r = record(kRepetition);
  const Replay strict_free = replay(r, rules_for_record(r, "japanese"));
  for (const char* rules : {"chinese", "tromp-taylor", "sci-1-1"}) {
    SCOPED_TRACE(rules);
    const Replay rp = replay(r, rules_for_record(r, rules), repairing());
    ASSERT_EQ(rp.repairs.size(), 1u);
    EXPECT_EQ(rp.repairs[0].kind, sgf::Repair::Kind::repetition_played);
    EXPECT_EQ(rp.repairs[0].move_number, 5);
    EXPECT_NE(text(rp.repairs[0].detail, Lang::en).find("move 5 (B E2): "), std::string::npos);
    EXPECT_NE(text(rp.repairs[0].detail, Lang::en).find(": played as recorded (repair)"), std::string::npos)
        << text(rp.repairs[0].detail, Lang::en);
    // The game the players played: the same board and prisoners as under rules without
    // superko, and the record goes on after the repetition.
    EXPECT_EQ(rp.game.board().hash(), strict_free.game.board().hash());
    EXPECT_EQ(rp.game.board().at(*parse_sgf("aa")), W);
    for (Color c : {B, W}) EXPECT_EQ(rp.game.board().captured(c), strict_free.game.board().captured(c));
    EXPECT_TRUE(holds_every_invariant(rp.game));
  }
}

TEST(FaultyRecord, SimpleKoRetakeStaysRefusedUnderTheRepairPolicy) {
  // White takes back at once: no rule allows it, so no rules of the players' could have.
  const sgf::Record r = record("(;SZ[7]KM[7]AB[ba][ab][bc]AW[bb][ca][db][cc];B[cb];W[bb])");
  // (Under superko rules the refusal is superko's, which covers the retake; under simple ko, ko.)
  for (const auto& [rules, reason] : {std::pair{"chinese", Illegal::superko}, std::pair{"japanese", Illegal::ko}}) {
    for (bool repair : {true, false}) {
      try {
        replay(r, rules_for_record(r, rules), repair ? repairing() : ReplayOptions{});
        ADD_FAILURE() << rules << ": the retake was played";
      } catch (const ReplayError& e) {
        EXPECT_EQ(e.reason, reason) << rules;
        EXPECT_EQ(e.move_number, 2) << rules;
        EXPECT_EQ(std::string(e.what()).find("--repair"), std::string::npos) << e.what();
      }
    }
  }
}

TEST(FaultyRecord, SuperkoRepetitionSurvivesUndoAndRefusesOtherFaults) {
  const sgf::Record r = record(kRepetition);
  Replay rp = replay(r, rules_for_record(r, "chinese"), repairing());
  const uint64_t before = rp.game.board().hash();
  ASSERT_EQ(rp.game.moves().size(), 6u);
  // Undo replays the game's actions: the repetition is played again as it was, not refused.
  // (The record stops without passes: its last action is the pause the replay declared.)
  while (rp.game.moves().size() > 5u) ASSERT_TRUE(rp.game.undo());
  EXPECT_EQ(rp.game.phase(), Phase::play);
  EXPECT_EQ(rp.game.board().at(*parse_sgf("ef")), B);
  EXPECT_TRUE(rp.game.play(Move::play(W, *parse_sgf("aa"))));
  EXPECT_EQ(rp.game.board().hash(), before);
  ASSERT_TRUE(rp.game.undo());
  ASSERT_TRUE(rp.game.undo());  // the repetition itself taken back: Black to move again there
  EXPECT_EQ(rp.game.moves().size(), 4u);
  EXPECT_EQ(rp.game.board().at(*parse_sgf("ef")), Color::Empty);
  EXPECT_EQ(rp.game.play(Move::play(B, *parse_sgf("ef"))).reason, Illegal::superko);  // play() refuses it
  EXPECT_TRUE(rp.game.play_repeating(Move::play(B, *parse_sgf("ef"))));
  EXPECT_EQ(rp.game.board().at(*parse_sgf("ef")), B);
  // play_repeating waives superko only: a move on an occupied point is refused as play() does.
  const Verdict v = rp.game.play_repeating(Move::play(W, *parse_sgf("ef")));
  EXPECT_EQ(v.reason, Illegal::occupied);
  EXPECT_EQ(rp.game.moves().size(), 5u);
}

TEST(FaultyRecord, JpdCompareCountsASuperkoRepetitionUnderEveryPresetWithRepair) {
  const std::string file = temp_file("faulty-repetition.sgf", kRepetition);
  const Outcome strict = cli_run::jpd("compare " + file + " --dead-from none");
  EXPECT_NE(strict.out.find("positional superko"), std::string::npos) << strict.out;
  const Outcome mended = cli_run::jpd("compare " + file + " --dead-from none --repair");
  ASSERT_EQ(mended.status, 0) << mended.out;
  EXPECT_EQ(mended.out.find("error"), std::string::npos) << mended.out;
  const Outcome json = cli_run::jpd("score " + file + " --rules chinese --dead-from none --repair --json");
  ASSERT_EQ(json.status, 0) << json.out;
  const auto j = nlohmann::json::parse(json.out);
  ASSERT_EQ(j["repairs"].size(), 1u);
  EXPECT_EQ(j["repairs"][0]["kind"], "repetition_played");
  EXPECT_EQ(j["repairs"][0]["move"], 5);
}

// Live games are refereed strictly: a GTP engine refuses a move on an occupied point and a
// record with one (loadsgf), whatever reading records may repair.
TEST(FaultyRecord, LiveGamesStayStrict) {
  GtpEngine e;
  EXPECT_EQ(e.handle("boardsize 9"), "= \n\n");
  EXPECT_EQ(e.handle("play B E5"), "= \n\n");
  EXPECT_EQ(e.handle("play W E5").substr(0, 1), "?");
  const std::string file = temp_file("faulty-live.sgf", kOccupied);
  EXPECT_EQ(e.handle("loadsgf " + file).substr(0, 1), "?");
}

// Every note reading, repairing and the server conventions write has its Chinese (the Chinese
// output shows no English sentence of theirs).
TEST(FaultyRecord, EveryNoteOfReadingAndRepairingIsTranslated) {
  const std::string false_eye = "AB[ab:ib][ac][bc][dc:ic][cd]AW[ad][bd][dd:id][ae:ie];B[];W[])";
  const std::vector<std::pair<std::string, std::string>> records = {
      {kOccupied, "japanese"},
      {kTwice, "tang-song"},
      {kTwice, "chinese"},
      {"(;SZ[9];B[ee];W[dc];B[];B[gg];W[cg])", "chinese"},
      {"(;SZ[9];B[ee];W[dc];B[cc]B[gg];W[cg])", "chinese"},
      {"(;SZ[9]KM[7]KM[6.5]KM[ 7 ]PB[a]PB[b];B[ee]PL[W]PL[W];W[dc])", "chinese"},
      {"(;SZ[9]JD[H10.12.1];B[aa]JV[];W[bb]JT[C]JN[cc];B[cc]JP[maybe]JR[x]JC[x])", "chinese"},
      {"(;SZ[9]KM[375]AP[foxwq];B[ee];W[dc])", "chinese"},
      {"(;SZ[9]KM[1000]AP[foxwq];B[ee];W[dc])", "chinese"},
      {"(;SZ[9]PC[(CGOS) 9x9]KM[7];B[ee];W[dc];B[];W[])", "chinese"},
      {"(;SZ[9:6]KM[6.5]PC[OGS: x]DT[2014-01-01]" + false_eye, "japanese"},
      {"(;SZ[9]PB[\xff];B[ee])", "chinese"},
      {"(;CA[UTF-8]SZ[9]PB[\xc4\xe3\xba\xc3];B[ee])", "chinese"},
      {"(;CA[UTF-8]SZ[9]PB[\xc4\xe3\xba\xc3\xff];B[ee])", "chinese"},
      {"(;CA[gb2312]SZ[9]PB[\xff\xfe];B[ee])", "chinese"},
  };
  size_t notes = 0;
  for (const auto& [text, rules] : records) {
    sgf::ReadOptions ro;
    ro.repair = true;
    const sgf::Record r = sgf::read_record_text(text, "faulty.sgf", ro);
    ScoreOptions o;
    o.rules = parse_rules_text(rules);
    o.dead_from = DeadFrom::none;
    o.replay.repair = true;
    const Count c = score_record(r, o).count;
    for (const Message& n : c.notes) {
      ++notes;
      EXPECT_EQ(jpd::text(n, Lang::zh).find("[["), std::string::npos) << "no Chinese for: " << n;
    }
  }
  EXPECT_GT(notes, 25u);
}
