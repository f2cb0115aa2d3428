#include <gtest/gtest.h>

#include "jpd/point.hpp"

using namespace jpd;

TEST(Point, GtpCoordinatesSkipTheLetterIAndCountRowsFromTheBottom) {
  EXPECT_EQ(to_gtp(Point(0, 18), 19), "A1");
  EXPECT_EQ(to_gtp(Point(8, 0), 19), "J19");
  EXPECT_EQ(to_gtp(Point(3, 15), 19), "D4");
  EXPECT_EQ(parse_gtp("D4", 19, 19), Point(3, 15));
  EXPECT_EQ(parse_gtp("j19", 19, 19), Point(8, 0));
  EXPECT_FALSE(parse_gtp("I5", 19, 19));
  EXPECT_FALSE(parse_gtp("A0", 19, 19));
  EXPECT_FALSE(parse_gtp("A20", 19, 19));
  EXPECT_FALSE(parse_gtp("K1", 9, 9));
}

TEST(Point, SgfCoordinatesRoundTrip) {
  for (int x = 0; x < 25; ++x)
    for (int y = 0; y < 25; ++y) EXPECT_EQ(parse_sgf(to_sgf(Point(x, y))), Point(x, y));
  EXPECT_EQ(to_sgf(Point(3, 3)), "dd");
}

TEST(Point, ParsePointAcceptsBothNotationsAndNamesTheBadText) {
  EXPECT_EQ(parse_point("dd", 19, 19), Point(3, 3));
  EXPECT_EQ(parse_point("D16", 19, 19), Point(3, 3));
  try {
    parse_point("Z9", 9, 9);
    FAIL();
  } catch (const PointError& e) {
    EXPECT_NE(std::string(e.what()).find("'Z9'"), std::string::npos);
  }
  EXPECT_THROW(parse_point("zz", 9, 9), PointError);
}

TEST(Point, ColoursParseInLettersAndWords) {
  EXPECT_EQ(parse_color("b"), Color::Black);
  EXPECT_EQ(parse_color("WHITE"), Color::White);
  EXPECT_FALSE(parse_color("red"));
  EXPECT_EQ(opponent(Color::Black), Color::White);
}
