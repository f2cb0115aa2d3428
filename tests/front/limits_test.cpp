// Defensive limits: every input that could make the library work without bound is refused with an
// error that names the limit (the SGF text, nesting and node limits are in sgf_test.cpp).
#include <gtest/gtest.h>

#include "random_game.hpp"
#include "jpd/replay.hpp"
#include "jpd/text.hpp"
#include "test_util.hpp"

using namespace jpd;
using jpd::test::message_of;

TEST(Limits, BoardSidesOutsideTwoToTwentyFiveAreRefusedAtEveryDoor) {
  for (const char* sz : {"SZ[26]", "SZ[1]", "SZ[0:5]", "SZ[19:99]", "SZ[-9]", "SZ[4294967305]"}) {
    const std::string text = std::string("(;") + sz + ";B[aa])";
    EXPECT_NE(message_of<sgf::Error>([&] { sgf::read_record_text(text); }).find("board size"),
              std::string::npos)
        << sz;
  }
  EXPECT_THROW(Game(parse_ruleset("tang-song"), 26), std::invalid_argument);
  EXPECT_THROW(Game(parse_ruleset("tang-song"), 9, 1), std::invalid_argument);
  EXPECT_THROW(parse_point("A1", 26, 26), PointError);
  RandomGameOptions o;
  o.max_size = 30;
  EXPECT_THROW(random_game(parse_ruleset("tang-song"), 1, o), std::invalid_argument);
}

TEST(Limits, PointListsThatExpandPastMaxPointsAreRefusedAtTheValue) {
  // A few bytes of compressed list stand for a whole board of setup steps each.
  const auto tree = sgf::parse("(;SZ[5]AB[aa:ee]\n;AW[aa:ee][aa:ee])").games.at(0);
  sgf::Limits l;
  l.max_points = 75;
  EXPECT_EQ(sgf::read_record(tree, "t.sgf", l).steps.size(), 50u);  // 25 + 50 points: within
  l.max_points = 74;
  try {
    sgf::read_record(tree, "t.sgf", l);
    FAIL() << "no error";
  } catch (const sgf::Error& e) {
    EXPECT_EQ(e.where.line, 2);
    EXPECT_EQ(e.where.column, 11);  // the value that went past the limit
    EXPECT_NE(text(e.detail, Lang::en).find("more than 74 points (max_points)"), std::string::npos) << e.what();
  }
  // The default: a million points, far beyond any real record (625 points a node on 25x25).
  std::string text = "(;SZ[25]AB";
  for (int i = 0; i < 1601; ++i) text += "[aa:yy]";  // 1,000,625 points in 11 kB
  text += ")";
  EXPECT_NE(message_of<sgf::Error>([&] { sgf::read_record_text(text); }).find("max_points"),
            std::string::npos);
}

TEST(Limits, ReplayNotesStopAtFiftyAndCountTheRest) {
  // 120 times: a move, two passes (a pause), and play resumed by the next move, which is noted.
  std::string text = "(;SZ[19]RU[Chinese]";
  for (int i = 0; i < 120; ++i) {
    const std::string p = {char('a' + i % 19), char('a' + i / 19)};
    text += std::string(";") + (i % 2 ? "W" : "B") + "[" + p + "];" + (i % 2 ? "B" : "W") + "[];" +
            (i % 2 ? "W" : "B") + "[]";
  }
  text += ")";
  const sgf::Record rec = sgf::read_record_text(text);
  const Replay rp = replay(rec, rules_for_record(rec, std::nullopt));
  ASSERT_EQ(rp.notes.size(), 51u);
  const std::vector<std::string> notes = jpd::text(rp.notes, Lang::en);
  EXPECT_NE(notes[49].find("comes after the pause"), std::string::npos) << notes[49];
  EXPECT_EQ(notes[50], "... and 69 more such notes");
  EXPECT_EQ(rp.game.pauses(), 120);
}
