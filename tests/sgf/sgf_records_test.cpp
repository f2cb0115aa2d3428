// Records as they come: this project's extension properties under their names now and before,
// another program's JD (a date), values out of range, properties given twice, nodes holding two
// moves, files holding several games. Every record here is written by this test.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "jpd/count.hpp"
#include "jpd/count_report.hpp"
#include "jpd/encoding.hpp"
#include "jpd/game.hpp"
#include "jpd/replay.hpp"
#include "jpd/rules.hpp"
#include "jpd/sgf.hpp"
#include "jpd/text.hpp"
#include "sgf_test_util.hpp"

using namespace jpd;
using jpd::test::sgf_error_of;
using Kind = sgf::Step::Kind;

namespace {
constexpr Color B = Color::Black, W = Color::White, E = Color::Empty;

sgf::Record record_of(std::string_view text, bool repair = false) {
  sgf::ReadOptions o;
  o.repair = repair;
  return sgf::read_record_text(text, "t.sgf", o);
}

bool mentions(const std::vector<Message>& notes, const std::string& part) {
  for (const std::string& n : text(notes, Lang::en))
    if (n.find(part) != std::string::npos) return true;
  return false;
}

// Reading `text` (strictly) fails at line:column with `part` in the message.
void expect_error(std::string_view text, int line, int column, const std::string& part) {
  auto e = sgf_error_of([&] { record_of(text); });
  ASSERT_TRUE(e) << "no error for: " << text;
  EXPECT_EQ(e->where.line, line) << e->what();
  EXPECT_EQ(e->where.column, column) << e->what();
  EXPECT_NE(jpd::text(e->detail, Lang::en).find(part), std::string::npos) << e->what();
}

Point pt(const char* s) { return *parse_sgf(s); }
}  // namespace

// ------------------------------------------------------------------------------------------------
// The extension properties' names

TEST(SgfRecords, EarlierExtensionNamesAreStillReadInRecordsThisProjectWrote) {
  const std::string before =
      "(;SZ[9];B[ee];W[]JV[];JP[propose];JP[accept];JR[dispute];B[aa];W[bb];JN[ee]JT[A]"
      "JD[bb]JC[B:cc])";
  std::string now = before;
  for (auto [a, b] : {std::pair{"JV[", "JPDV["}, {"JP[", "JPDP["}, {"JR[", "JPDR["},
                      {"JN[", "JPDN["}, {"JT[", "JPDT["}, {"JD[", "JPDD["}, {"JC[", "JPDC["}})
    for (size_t at = now.find(a); at != std::string::npos; at = now.find(a, at + 4))
      now.replace(at, std::string(a).size(), b);
  const sgf::Record old_names = record_of(before), new_names = record_of(now);
  ASSERT_EQ(old_names.steps.size(), new_names.steps.size());
  for (size_t i = 0; i < old_names.steps.size(); ++i) {
    EXPECT_EQ(old_names.steps[i].kind, new_names.steps[i].kind) << i;
    EXPECT_EQ(old_names.steps[i].move, new_names.steps[i].move) << i;
  }
  EXPECT_EQ(old_names.steps[1].move, Move::virtual_move(W));
  EXPECT_EQ(old_names.steps[7].move, Move::negative_a(E, pt("ee")));
  EXPECT_EQ(old_names.dead, std::vector<Point>{pt("bb")});
  ASSERT_EQ(old_names.claims.size(), 1u);
  EXPECT_EQ(old_names.claims[0].point, pt("cc"));
  EXPECT_TRUE(old_names.notes.empty()) << testing::PrintToString(text(old_names.notes, Lang::en));
}

TEST(SgfRecords, RecordsAreWrittenWithTheJPDNames) {
  const sgf::Record r = record_of("(;SZ[9];B[ee];W[]JV[];JP[propose];JP[accept];JN[ee]JT[B]JD[]JC[W:aa])");
  const std::string text = sgf::write(sgf::to_tree(r));
  for (const char* now : {"JPDV[]", "JPDP[propose]", "JPDN[ee]JPDT[B]", "JPDD[]", "JPDC[W:aa]"})
    EXPECT_NE(text.find(now), std::string::npos) << now << " in " << text;
  for (const char* before : {"JV[", "JP[", "JN[", "JT[", "JD[", "JC["})
    EXPECT_EQ(text.find(std::string(";") + before), std::string::npos) << before << " in " << text;
}

// A record that has this project's JPDD: a JD in it is another program's even when it looks like
// points (the SGF harness found a record whose JD vanished when written back and read again).
TEST(SgfRecords, JdBesideJpddIsAnotherProgramsAndSurvivesWritingBack) {
  const sgf::Record r = record_of("(;SZ[9];B[ee];W[dc]JD[dc]JPDD[ee])");
  EXPECT_EQ(r.dead, std::vector<Point>{*parse_sgf("ee")});
  EXPECT_EQ(r.other_jd, "dc");
  const std::string first = sgf::write(sgf::to_tree(r));
  const sgf::Record back = sgf::read_record_text(first);
  EXPECT_EQ(back.other_jd, "dc");
  EXPECT_EQ(back.dead, r.dead);
  EXPECT_EQ(sgf::write(sgf::to_tree(back)), first);
}

// A value shown in a note is cut at a character boundary: the note stays UTF-8 (the scoring
// harness found a JSON report refused on half a character).
TEST(SgfRecords, LongValueInANoteIsCutBetweenCharacters) {
  const std::string value = std::string(36, 'x') + "\xC3\xA9\xC3\xA9\xC3\xA9";
  EXPECT_EQ(shortened(value, 40), std::string(36, 'x') + "...");
  EXPECT_EQ(shortened(std::string(37, 'x') + "\xC3\xA9\xC3\xA9", 40), std::string(37, 'x') + "...");
  EXPECT_EQ(shortened("\xE4\xB8\x80\xE4\xB8\x80", 4), "...");
  EXPECT_EQ(shortened("short", 40), "short");
  const sgf::Record r = record_of("(;SZ[9]JD[" + value + "];B[ee])");
  ASSERT_FALSE(r.notes.empty());
  for (const std::string& n : text(r.notes, Lang::en)) EXPECT_TRUE(is_utf8(n)) << n;
}

// Some Japanese records write the date of the game into JD (a Japanese-calendar date).
TEST(SgfRecords, JdHoldingADateIsAnotherProgramsAndNotDeadStones) {
  for (const char* date : {"平成10年12月1日", "H10.12.01", "1998-12-01"}) {
    const sgf::Record r =
        record_of(std::string("(;SZ[19]JD[") + date + "]DT[1998-12-01]RE[B+2];B[pd];W[dp])");
    EXPECT_FALSE(r.has_dead_markup) << date;
    EXPECT_TRUE(r.dead.empty()) << date;
    EXPECT_EQ(r.other_jd, date);
    EXPECT_TRUE(mentions(r.notes, "is another program's JD")) << testing::PrintToString(text(r.notes, Lang::en));
    EXPECT_TRUE(mentions(r.notes, "not read as dead stones"));
    // Written back as it was, and read the same way again.
    const sgf::Record back = sgf::read_record_text(sgf::write(sgf::to_tree(r)));
    EXPECT_EQ(back.other_jd, date);
    EXPECT_FALSE(back.has_dead_markup);
  }
  // A JD of points is this project's (as written before the rename).
  const sgf::Record ours = record_of("(;SZ[19];B[pd];W[dp]JD[pd])");
  EXPECT_TRUE(ours.has_dead_markup);
  EXPECT_EQ(ours.dead, std::vector<Point>{pt("pd")});
}

TEST(SgfRecords, EarlierNamesOfAnotherFormAreNotedNotRefused) {
  const sgf::Record r = record_of("(;SZ[9];B[aa]JV[];W[bb]JT[C]JN[cc];B[cc]JP[maybe]JR[later]JC[x])");
  EXPECT_EQ(r.steps.size(), 3u);
  EXPECT_EQ(r.steps[0].move, Move::play(B, pt("aa")));  // JV on a board move: not ours
  for (const char* id : {"JV[]", "JT[C]", "JN[cc]", "JP[maybe]", "JR[later]", "JC[x]"})
    EXPECT_TRUE(mentions(r.notes, std::string(id) + " is another program's")) << id << ": "
                                                                              << testing::PrintToString(text(r.notes, Lang::en));
  // Under the names now, the same values are errors.
  expect_error("(;SZ[9];JPDP[maybe])", 1, 13, "expected propose, accept or reject");
}

// ------------------------------------------------------------------------------------------------
// Values

TEST(SgfRecords, KomiOutsideTheRuleSetsRangeIsRefusedWithItsPosition) {
  expect_error("(;FF[4]\nKM[1001])", 2, 3, "KM[1001]: komi out of range: the rule sets take -1000..1000");
  expect_error("(;KM[1e308])", 1, 5, "komi out of range");
  expect_error("(;KM[-1000.5])", 1, 5, "komi out of range");
  expect_error("(;KM[1e999])", 1, 5, "komi is not a number");
  EXPECT_EQ(*record_of("(;KM[1000])").komi, 1000);
  EXPECT_EQ(*record_of("(;KM[-1000])").komi, -1000);
  EXPECT_EQ(record_of("(;SZ[9]\n KM[6.5])").komi_where.line, 2);
}

TEST(SgfRecords, TheRecordsKomiRangeIsTheRuleSetsRange) {
  EXPECT_EQ(sgf::kMaxRecordKomi, 1000);
  EXPECT_NO_THROW(parse_ruleset("chinese,komi=1000"));
  EXPECT_NO_THROW(parse_ruleset("chinese,komi=-1000"));
  EXPECT_THROW(parse_ruleset("chinese,komi=1000.5"), RulesError);
  EXPECT_THROW(parse_ruleset("chinese,komi=-1000.5"), RulesError);
}

// ------------------------------------------------------------------------------------------------
// Properties given twice in a node

TEST(SgfRecords, PropertyGivenTwiceWithDifferentValuesIsRefusedWithBothPositions) {
  expect_error("(;SZ[9]KM[6.5]KM[100])", 1, 15,
               "KM is given twice in the root node (at 1:8 and 1:15): KM[6.5] and KM[100] differ");
  expect_error("(;SZ[9]KM[6.5]KM[100])", 1, 15, "--repair");
  expect_error("(;SZ[9]SZ[13])", 1, 8, "SZ is given twice");
  expect_error("(;SZ[9];B[aa]PL[B]PL[W])", 1, 19, "PL is given twice in one node");
}

TEST(SgfRecords, PropertyGivenTwiceKeepsTheFirstUnderTheRepairPolicy) {
  const sgf::Record r = record_of("(;SZ[9]KM[6.5]KM[100];B[ee])", true);
  EXPECT_EQ(*r.komi, 6.5);
  ASSERT_EQ(r.repairs.size(), 1u);
  EXPECT_EQ(r.repairs[0].kind, sgf::Repair::Kind::first_kept);
  EXPECT_EQ(r.repairs[0].where.column, 15);
  EXPECT_TRUE(mentions(r.notes, "KM[6.5] and KM[100] differ: the first is kept"));
}

TEST(SgfRecords, PropertyGivenTwiceWithTheSameValueIsNoted) {
  const sgf::Record r = record_of("(;SZ[9]KM[6.5]KM[ 6.5 ];B[ee])");
  EXPECT_EQ(*r.komi, 6.5);
  EXPECT_TRUE(r.repairs.empty());
  EXPECT_TRUE(mentions(r.notes, "KM is given twice in the root node (at 1:8 and 1:15) with the same value"));
}

TEST(SgfRecords, ListsAndTextsGivenTwiceAreReadWhole) {
  // AB twice (as some programs write setup), comments twice (as OGS writes the players' chat).
  const sgf::Record r = record_of("(;SZ[9]AB[aa]AB[bb]PB[x]PB[y];B[ee]C[one]C[two]JPDD[ee]JPDD[aa])");
  EXPECT_EQ(r.setup.size(), 2u);
  EXPECT_EQ(r.black_name, "x");
  EXPECT_TRUE(mentions(r.notes, "PB is given twice in the root node (at 1:20 and 1:25): the first is read"));
  EXPECT_EQ(r.dead.size(), 2u);
  EXPECT_TRUE(r.repairs.empty());
}

// ------------------------------------------------------------------------------------------------
// Two moves in one node

TEST(SgfRecords, NodeHoldingTwoMovesIsRefusedWithItsPosition) {
  expect_error("(;SZ[9];W[cc]\n;B[aa]B[bb])", 2, 7,
               "a node holds two moves (B at 2:2 and B at 2:7); FF[4] allows one move per node");
  expect_error("(;SZ[9];B[aa]W[bb])", 1, 14, "(the repair policy reads each as a node of its own: --repair)");
}

TEST(SgfRecords, NodeHoldingTwoMovesIsSplitUnderTheRepairPolicy) {
  const sgf::Record r = record_of("(;SZ[9];W[cc];B[aa]B[bb];W[dd])", true);
  ASSERT_EQ(r.steps.size(), 4u);
  EXPECT_EQ(r.steps[1].move, Move::play(B, pt("aa")));
  EXPECT_EQ(r.steps[2].move, Move::play(B, pt("bb")));
  EXPECT_EQ(r.steps[2].move_number, 3);
  EXPECT_EQ(r.steps[3].move_number, 4);
  ASSERT_EQ(r.repairs.size(), 1u);
  EXPECT_EQ(r.repairs[0].kind, sgf::Repair::Kind::node_split);
  EXPECT_EQ(r.repairs[0].move_number, 3);
  EXPECT_TRUE(mentions(r.notes, "move 3: a node holds two moves (B at 1:15 and B at 1:20): each read as a node of its own"));
}

// ------------------------------------------------------------------------------------------------
// Collections

TEST(SgfRecords, EveryGameOfACollectionIsRead) {
  const std::string text = "(;SZ[9]PB[one];B[aa])\n(;SZ[13]PB[two];B[bb];W[cc])(;SZ[9]PB[three])";
  const std::vector<sgf::Record> all = sgf::read_records_text(text, "three.sgf");
  ASSERT_EQ(all.size(), 3u);
  for (int g = 0; g < 3; ++g) {
    EXPECT_EQ(all[size_t(g)].game, g);
    EXPECT_EQ(all[size_t(g)].games, 3);
  }
  EXPECT_EQ(all[1].black_name, "two");
  EXPECT_EQ(all[1].width, 13);
  sgf::ReadOptions o;
  o.game = 2;
  EXPECT_EQ(sgf::read_record_text(text, "three.sgf", o).black_name, "three");
  EXPECT_EQ(sgf::read_record_text(text, "three.sgf").games, 3);
  o.game = 3;
  auto e = sgf_error_of([&] { sgf::read_record_text(text, "three.sgf", o); });
  ASSERT_TRUE(e);
  EXPECT_NE(jpd::text(e->detail, Lang::en).find("the file holds 3 games: there is no game 4"), std::string::npos)
      << e->what();
  EXPECT_EQ(sgf::read_record_text("(;SZ[9];B[aa])").games, 1);
}

// ------------------------------------------------------------------------------------------------
// Game information

TEST(SgfRecords, GameInformationIsKeptForTheServerConventions) {
  const sgf::Record r = record_of(
      "(;SZ[19]DT[2014-05-11]PC[OGS: http://online-go.com/game/600129]CP[online-go.com]"
      "AP[GNU Go:3.8]EV[Cup]AP[foxwq];B[pd])");
  EXPECT_EQ(r.date, "2014-05-11");
  EXPECT_EQ(r.place, "OGS: http://online-go.com/game/600129");
  EXPECT_EQ(r.copyright, "online-go.com");
  EXPECT_EQ(r.event, "Cup");
  EXPECT_EQ(r.application, "GNU Go:3.8; foxwq");
}

// KM[1e308] is refused from a record; a komi that big given by a program is still printed as a
// number a person can read, never as the 31 digits "%.0f" truncated to a buffer gave.
TEST(SgfRecords, HugeKomiIsPrintedShortWhereverItComesFrom) {
  expect_error("(;SZ[5]KM[1e308];B[cc])", 1, 10, "komi out of range");
  Ruleset rules = parse_ruleset("chinese");
  rules.komi = 1e308;  // past parse_ruleset's range check, as a program may set it
  Game g(rules, 5);
  ASSERT_TRUE(g.play(Move::play(B, pt("cc"))));
  const Count c = count(g, Statuses{});
  EXPECT_EQ(c.result, "W+1e+308");
  EXPECT_EQ(format_number(1e308), "1e+308");
  for (const std::string& text : {c.result, explain(c, Lang::en), summary(c, Lang::en)})
    EXPECT_EQ(text.find("0000000000"), std::string::npos) << text;
}

// RU naming this project's rules with a value they refuse is the record's fault: its position.
TEST(SgfRecords, RulesTheRecordNamesThatCannotBeReadNameTheFileAndPosition) {
  const sgf::Record r = record_of("(;SZ[9]\nRU[JPD:tang-song,komi=1e308];B[ee])");
  try {
    rules_for_record(r, std::nullopt);
    FAIL() << "no error";
  } catch (const sgf::Error& e) {
    EXPECT_EQ(e.file, "t.sgf");
    EXPECT_EQ(e.where.line, 2);
    EXPECT_EQ(e.where.column, 3);
    const std::string detail = text(e.detail, Lang::en);
    EXPECT_NE(detail.find("RU[JPD:tang-song,komi=1e308]: "), std::string::npos) << e.what();
    EXPECT_NE(detail.find("komi"), std::string::npos) << e.what();
  }
}

TEST(SgfRecords, HandicapGameWithoutKomi_IsCountedWithKomiZero) {
  // Old handicap records name no KM: they were played without komi, not with the preset's.
  const sgf::Record handicap = record_of("(;SZ[19]HA[5]AB[dd][dp][jj][pd][pp];W[cn])");
  EXPECT_EQ(rules_for_record(handicap, "japanese").komi, 0);
  EXPECT_EQ(rules_for_record(handicap, std::nullopt).komi, 0);
  // A KM or a komi= given still wins; an even game keeps the preset's komi.
  EXPECT_EQ(rules_for_record(record_of("(;SZ[19]HA[2]KM[0.5]AB[dp][pd])"), "japanese").komi, 0.5);
  EXPECT_EQ(rules_for_record(handicap, "japanese,komi=3").komi, 3);
  EXPECT_EQ(rules_for_record(record_of("(;SZ[19];B[pd])"), "japanese").komi, 6.5);
  EXPECT_EQ(rules_for_record(record_of("(;SZ[19]HA[1];B[pd])"), "japanese").komi, 6.5);
}
