// The eye reading of the Japanese view (eye_reading.hpp): hand-built positions whose Japanese
// count is known, malformed input, properties on random finished games and random grids, and how
// count() uses it under eye_reading=japanese. The 91 positions of goscorer's suite are in
// goscorer_test.cpp.
#include <gtest/gtest.h>

#include <random>

#include "jpd/count.hpp"
#include "jpd/eye_reading.hpp"
#include "random_game.hpp"
#include "eye_reading_util.hpp"
#include "test_util.hpp"

using namespace jpd;

namespace {

constexpr Color B = Color::Black, W = Color::White, E = Color::Empty;

EyeReadingMap read(const char* rows, EyeReadingOptions o = {}) {
  return EyeReadingMap::of(FinalPosition::parse(rows), o);
}

// One map as rows of characters, `f` giving the character of a point.
template <class F>
std::string rows(const EyeReadingMap& m, F&& f) {
  std::string s;
  for (int y = 0; y < m.height(); ++y) {
    for (int x = 0; x < m.width(); ++x) s += f(Point(x, y));
    s += '\n';
  }
  return s;
}
std::string territory(const EyeReadingMap& m) {
  return rows(m, [&](Point p) {
    return m.territory(p) == B ? 'z' : m.territory(p) == W ? 'a' : '.';
  });
}
std::string seki(const EyeReadingMap& m) {
  return rows(m, [&](Point p) { return m.seki(p) == B ? 'B' : m.seki(p) == W ? 'W' : '.'; });
}

using test::turn;
using test::turned;

// Every property of a map that holds whatever the position: returns the first one broken.
std::string broken_property(const FinalPosition& f, const EyeReadingMap& m) {
  if (m.width() != f.width() || m.height() != f.height()) return "size";
  int count[2] = {0, 0};
  for (int y = 0; y < f.height(); ++y)
    for (int x = 0; x < f.width(); ++x) {
      const Point p(x, y);
      const std::string at = " at " + std::to_string(x) + "," + std::to_string(y);
      const Color t = m.territory(p);
      if (m.eye_value(p) < 0 || m.eye_value(p) > 2) return "eye value outside 0..2" + at;
      if (m.eye_value(p) > 0 && f.at(p) != E && !f.dead(p)) return "a living stone in an eye" + at;
      if (m.false_eye(p) && f.at(p) != E && !f.dead(p)) return "a living stone false eye" + at;
      if (m.dame(p) && (m.seki(p) != E || m.eye_value(p) || m.false_eye(p)))
        return "a dame point in a region" + at;
      if (m.dame(p) && f.at(p) != E && !f.dead(p)) return "a living stone is dame" + at;
      if (t == E) continue;
      ++count[color_index(t)];
      if (f.at(p) != E && !f.dead(p)) return "territory on a living stone" + at;
      if (m.seki(p) != E) return "territory in seki" + at;
      if (m.dame(p)) return "territory on dame" + at;
      if (m.unscored_false_eye(p)) return "an unscored false eye scored" + at;
    }
  if (count[0] != m.territory(B) || count[1] != m.territory(W)) return "territory totals";
  return "";
}

// The maps of f and of f turned by o agree point by point.
bool same_when_turned(const FinalPosition& f, const EyeReadingMap& m, int o) {
  const EyeReadingMap t = EyeReadingMap::of(turn(f, o));
  for (int y = 0; y < f.height(); ++y)
    for (int x = 0; x < f.width(); ++x) {
      const Point p(x, y), q = turned(p, f.width(), f.height(), o);
      if (m.territory(p) != t.territory(q) || m.seki(p) != t.seki(q) ||
          m.false_eye(p) != t.false_eye(q) || m.unscored_false_eye(p) != t.unscored_false_eye(q) ||
          m.dame(p) != t.dame(q) || m.eye_value(p) != t.eye_value(q))
        return false;
    }
  return true;
}

}  // namespace

// Black's stone C3 pokes into White's wall; its one liberty is the point behind it, which Black
// must fill to save it (White could capture there): under Japanese rules no territory.
TEST(EyeReading, FalseEyeThatMustBeFilledIsNotTerritory) {
  const char* position =
      ".........\n"
      "xxxxxxxxx\n"
      "xx.xxxxxx\n"
      "ooxoooooo\n"
      "ooooooooo\n"
      ".........\n";
  const EyeReadingMap m = read(position);
  EXPECT_EQ(territory(m),
            "zzzzzzzzz\n"
            ".........\n"
            ".........\n"
            ".........\n"
            ".........\n"
            "aaaaaaaaa\n");
  EXPECT_TRUE(m.false_eye(Point(2, 2)));
  EXPECT_TRUE(m.unscored_false_eye(Point(2, 2)));
  EXPECT_EQ(m.territory(B), 9);
  EXPECT_EQ(m.territory(W), 9);
  EXPECT_EQ(seki(m), rows(m, [](Point) { return '.'; }));  // both sides alive
  // With the false eyes scored after all (goscorer's option) it is Black's.
  EyeReadingOptions o;
  o.score_false_eyes = true;
  EXPECT_EQ(read(position, o).territory(Point(2, 2)), B);
  EXPECT_EQ(read(position, o).territory(B), 10);
}

// Black's stone A3 is joined to its group only through the corner A4, and White's B3 on the
// diagonal keeps it so: Black must fill A4. D4 and F4 between Black's stones are real eyes.
TEST(EyeReading, FalseEyeInTheCornerIsNotTerritory) {
  const EyeReadingMap m = read(
      ".xx.x.xo.\n"
      "xoxxxxxo.\n"
      "ooooooooo\n"
      ".........\n");
  EXPECT_EQ(territory(m),
            "...z.z..a\n"
            "........a\n"
            ".........\n"
            "aaaaaaaaa\n");
  EXPECT_TRUE(m.unscored_false_eye(Point(0, 0)));
  EXPECT_FALSE(m.false_eye(Point(3, 0)));
  EXPECT_FALSE(m.false_eye(Point(5, 0)));
  EXPECT_EQ(m.eye_value(Point(3, 0)), 1);
  EXPECT_EQ(m.eye_value(Point(5, 0)), 1);
  EXPECT_EQ(m.seki(Point(2, 0)), E);  // alive by the two real eyes
}

// Black's stones on the edge around B4 and D4, each stone its own chain: both points are false
// eyes, so the stones are not alive by two eyes. Left on the board (not marked dead) they get no
// territory and the reading calls them a group in seki; marked dead, their space is White's.
TEST(EyeReading, GroupWithTwoFalseEyesIsNotAliveByThem) {
  const EyeReadingMap left = read(
      "x.x.xo.\n"
      "oxoxoo.\n"
      "ooooo..\n"
      ".......\n");
  EXPECT_EQ(territory(left),
            "......a\n"
            "......a\n"
            ".....aa\n"
            "aaaaaaa\n");
  EXPECT_EQ(seki(left),
            "BBBBB..\n"
            ".B.B...\n"
            ".......\n"
            ".......\n");
  for (Point p : {Point(1, 0), Point(3, 0)}) {
    EXPECT_TRUE(left.unscored_false_eye(p));
    EXPECT_EQ(left.eye_value(p), 0);
  }
  const EyeReadingMap marked = read(
      "b.b.bo.\n"
      "oboboo.\n"
      "ooooo..\n"
      ".......\n");
  EXPECT_EQ(territory(marked),
            "aaaaa.a\n"
            ".a.a..a\n"
            ".....aa\n"
            "aaaaaaa\n");
  EXPECT_EQ(marked.territory(W), 18);
}

// 有眼双活: Black's corner group (eye A6) and White's group beside it (eye E6) share the
// liberty C6 and have no other: a seki. Under Japanese rules neither eye is
// territory and the shared liberty is dame; the outer groups keep their territory.
TEST(EyeReading, SekiWithAnEyeEachGivesNoTerritory) {
  const EyeReadingMap m = read(
      ".x.o.ox.\n"
      "xxxooox.\n"
      "oooxxxx.\n"
      "..ox....\n"
      "..ox....\n"
      "..ox....\n");
  EXPECT_EQ(territory(m),
            ".......z\n"
            ".......z\n"
            ".......z\n"
            "aa..zzzz\n"
            "aa..zzzz\n"
            "aa..zzzz\n");
  EXPECT_EQ(seki(m),
            "BB.WWW..\n"
            "BBBWWW..\n"
            "........\n"
            "........\n"
            "........\n"
            "........\n");
  EXPECT_TRUE(m.dame(Point(2, 0)));
  EXPECT_EQ(m.eye_value(Point(0, 0)), 1);
  EXPECT_EQ(m.eye_value(Point(4, 0)), 1);
  EXPECT_EQ(m.territory(B), 15);
  EXPECT_EQ(m.territory(W), 6);
}

// A bent three in the corner (A5, B5, A4) with its middle point A5 free: Black makes two eyes by
// playing it, so the group lives and the three points are its territory. With a dead white stone on
// the middle point (a nakade that was not answered) the group left on the board has no two eyes: no
// territory, a group in seki by the reading.
TEST(EyeReading, BentThreeIsTwoEyesUnlessItsMiddleIsTaken) {
  const EyeReadingMap free_middle = read(
      "..xo...\n"
      ".xxo...\n"
      "xxoo...\n"
      "ooo....\n"
      ".......\n");
  EXPECT_EQ(territory(free_middle),
            "zz..aaa\n"
            "z...aaa\n"
            "....aaa\n"
            "...aaaa\n"
            "aaaaaaa\n");
  EXPECT_EQ(free_middle.eye_value(Point(0, 0)), 2);
  const EyeReadingMap taken = read(
      "w.xo...\n"
      ".xxo...\n"
      "xxoo...\n"
      "ooo....\n"
      ".......\n");
  EXPECT_EQ(taken.territory(B), 0);
  EXPECT_EQ(taken.eye_value(Point(1, 0)), 1);
  EXPECT_EQ(seki(taken),
            "BBB....\n"
            "BBB....\n"
            "BB.....\n"
            ".......\n"
            ".......\n");
}

// A black stone between White's wall and Black's wall: every point it reaches is reached by both.
TEST(EyeReading, PointsBothColoursReachAreDame) {
  const EyeReadingMap m = read(
      "xxxxx\n"
      ".....\n"
      "ooooo\n");
  EXPECT_EQ(rows(m, [&](Point p) { return m.dame(p) ? '1' : '.'; }),
            ".....\n"
            "11111\n"
            ".....\n");
  EXPECT_EQ(m.territory(B) + m.territory(W), 0);
}

TEST(EyeReading, MalformedGridsAreErrors) {
  EXPECT_THROW(FinalPosition::parse(""), EyeReadingError);
  EXPECT_THROW(FinalPosition::parse("\n  \n"), EyeReadingError);
  EXPECT_THROW(FinalPosition::parse("x.\no"), EyeReadingError);  // rows of unequal length
  EXPECT_THROW(FinalPosition::parse("xX"), EyeReadingError);     // unknown point
  EXPECT_THROW(FinalPosition::parse(std::string(53, '.')), EyeReadingError);
  std::string tall;
  for (int i = 0; i < 53; ++i) tall += ".\n";
  EXPECT_THROW(FinalPosition::parse(tall), EyeReadingError);
  EXPECT_THROW(FinalPosition(0, 3), EyeReadingError);
  EXPECT_THROW(FinalPosition(3, 53), EyeReadingError);
  FinalPosition f(3, 2);
  EXPECT_THROW(f.set(Point(0, 0), E, true), EyeReadingError);  // a dead mark on nothing
  EXPECT_THROW(f.set(Point(3, 0), B), EyeReadingError);
  EXPECT_THROW(f.set(Point(0, 0), Color::Edge), EyeReadingError);
  EXPECT_THROW((void)f.at(Point(0, 2)), EyeReadingError);
  EXPECT_THROW((void)EyeReadingMap::of(f).territory(Point(5, 5)), EyeReadingError);
  Board b(5);
  b.set_stone(Point(1, 1), B);
  const std::vector<Point> empty_point{Point(2, 2)}, off_board{Point(7, 0)};
  EXPECT_THROW(FinalPosition::of(b, empty_point), EyeReadingError);
  EXPECT_THROW(FinalPosition::of(b, off_board), EyeReadingError);
  // Surrounding blanks and \r are not part of a row; the smallest and largest grids read.
  EXPECT_EQ(FinalPosition::parse("  x.\r\n\n\tow \n").to_string(), "x.\now\n");
  EXPECT_EQ(EyeReadingMap::of(FinalPosition::parse("x")).seki(Point(0, 0)), B);
  EXPECT_EQ(EyeReadingMap::of(FinalPosition::parse(".")).territory(Point(0, 0)), E);
  EXPECT_TRUE(EyeReadingMap::of(FinalPosition(52, 52)).dame(Point(51, 51)));  // no stones
}

TEST(EyeReading, BoardWithDeadStonesReadsAsTheSameGrid) {
  const Board b = test::board_from(
      ". X O .\n"
      "X X O O\n"
      ". X O .\n");
  const std::vector<Point> dead{Point(2, 0), Point(3, 1)};
  EXPECT_EQ(FinalPosition::of(b, dead).to_string(), ".xw.\nxxow\n.xo.\n");
}

// Properties on random finished games under the japanese preset (the dead stones as the game
// generator lists them, each for its whole chain), and on random grids of any size.
TEST(EyeReading, MapsAreConsistentDeterministicAndFollowTheBoardsSymmetries) {
  const Ruleset rules = parse_ruleset("japanese");
  RandomGameOptions opts;
  opts.min_size = 2;
  opts.max_size = 13;
  int territory_points = 0, seki_points = 0, false_points = 0;
  for (uint64_t n = 0; n < 300; ++n) {
    const RandomGame rg = random_game(rules, random_game_seed(5, 0, n), opts);
    const Board& b = rg.game.board();
    std::vector<Point> dead;
    for (Point p : rg.statuses.dead)
      if (b.at(p) != E)
        b.for_each_stone(Board::index(p), [&](Board::Index i) { dead.push_back(Board::point(i)); });
    const FinalPosition f = FinalPosition::of(b, dead);
    const EyeReadingMap m = EyeReadingMap::of(f);
    SCOPED_TRACE("game " + std::to_string(n) + "\n" + f.to_string());
    EXPECT_EQ(broken_property(f, m), "");
    const EyeReadingMap again = EyeReadingMap::of(f);
    EXPECT_EQ(territory(m), territory(again));
    EXPECT_EQ(seki(m), seki(again));
    EXPECT_TRUE(same_when_turned(f, m, int(n % 7) + 1)) << "turned " << n % 7 + 1;
    for (int y = 0; y < f.height(); ++y)
      for (int x = 0; x < f.width(); ++x) {
        territory_points += m.territory(Point(x, y)) != E;
        seki_points += m.seki(Point(x, y)) != E;
        false_points += m.false_eye(Point(x, y));
      }
  }
  // The games are varied enough to show every kind of point.
  EXPECT_GT(territory_points, 0);
  EXPECT_GT(seki_points, 0);
  EXPECT_GT(false_points, 0);

  std::mt19937 rng(11);
  const char kinds[] = "xobw...";
  for (int n = 0; n < 60; ++n) {
    const int w = 1 + int(rng() % 52), h = 1 + int(rng() % (n % 4 == 0 ? 52 : 8));
    std::string text;
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) text += kinds[rng() % 7];
      text += '\n';
    }
    const FinalPosition f = FinalPosition::parse(text);
    const EyeReadingMap m = EyeReadingMap::of(f);
    SCOPED_TRACE(text);
    EXPECT_EQ(broken_property(f, m), "");
    EXPECT_TRUE(same_when_turned(f, m, n % 7 + 1)) << "turned " << n % 7 + 1;
  }
}

// count(): eye_reading=japanese changes the Japanese view and nothing else.
TEST(EyeReading, JapanesePresetCountsTheReadingsTerritoryAndNoOtherViewChanges) {
  const std::string diagram =
      ". . . . . . . . .\n"
      "X X X X X X X X X\n"
      "X X . X X X X X X\n"
      "O O X O O O O O O\n"
      "O O O O O O O O O\n"
      ". . . . . . . . .\n";
  const Count reading = count(test::game_from("japanese", diagram), {});
  const Count units = count(test::game_from("japanese,eye_reading=none", diagram), {});
  // The false eye C4 will have to be filled: 9 points each, not 10 for Black.
  EXPECT_EQ(reading.japanese().black, 9);
  EXPECT_EQ(reading.japanese().white, 9);
  EXPECT_EQ(units.japanese().black, 10);
  EXPECT_EQ(units.japanese().white, 9);
  EXPECT_EQ(reading.result, "W+6.5");
  EXPECT_EQ(units.result, "W+5.5");
  EXPECT_EQ(reading.area().black, units.area().black);
  EXPECT_EQ(reading.area().white, units.area().white);
  EXPECT_EQ(reading.territory().black, units.territory().black);
  EXPECT_EQ(reading.living_stones().black, units.living_stones().black);
  EXPECT_TRUE(reading.all_invariants_hold);
  // Dead stones are prisoners and the points under them territory: White's A6 and B6 in Black's
  // top row are marked dead.
  const std::string with_dead =
      "O O . . . . . . .\n"
      "X X X X X X X X X\n"
      "X X . X X X X X X\n"
      "O O X O O O O O O\n"
      "O O O O O O O O O\n"
      ". . . . . . . . .\n";
  Statuses st;
  st.dead = {Point(0, 0)};
  const Count dead = count(test::game_from("japanese", with_dead), st);
  EXPECT_EQ(dead.dead.white, 2);
  EXPECT_EQ(dead.japanese().black, 9 + 2);
  EXPECT_EQ(dead.japanese().white, 9);
}
