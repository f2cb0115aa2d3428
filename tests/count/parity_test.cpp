// The parity of a count under area counting (jpd/parity.hpp): the identity over random games of
// every preset that fixes it, a preset that does not (the identity fails there), and the test
// jpd corpus makes of a recorded result.
#include <gtest/gtest.h>

#include <cmath>

#include "jpd/count.hpp"
#include "jpd/parity.hpp"
#include "random_game.hpp"

using namespace jpd;

namespace {

// The identity parity_fixed promises: the primary difference less White's handicap points has
// the parity of N² + q.
bool parity_holds(const Count& c) {
  const double d = c.primary_difference - c.handicap_compensation;
  const double rest = std::fmod(std::fabs(d - double(c.points() + c.shared)), 2.0);
  return rest < 1e-9;
}

// Counts of random games under `rules`: how many were counted, and how many broke the identity.
std::pair<int, int> random_counts(const Ruleset& rules, int index, int games) {
  int counted = 0, broken = 0;
  for (int n = 0; n < games; ++n) {
    const RandomGame rg = random_game(rules, random_game_seed(4711, index, uint64_t(n)));
    const Count c = count(rg.game, rg.statuses);
    if (c.end != EndReason::counted) continue;
    ++counted;
    broken += !parity_holds(c);
  }
  return {counted, broken};
}

// Black's wall on column C, White's on D (5x5), then two passes: area 15 : 10.
Count walls(const std::string& rules) {
  Game g(parse_ruleset(rules), 5);
  for (int y = 1; y <= 5; ++y) {
    const std::string row = std::to_string(y);
    EXPECT_TRUE(g.play(Move::play(Color::Black, parse_point("C" + row, 5, 5))).ok());
    EXPECT_TRUE(g.play(Move::play(Color::White, parse_point("D" + row, 5, 5))).ok());
  }
  EXPECT_TRUE(g.play(Move::pass(Color::Black)).ok());
  EXPECT_TRUE(g.play(Move::pass(Color::White)).ok());
  return count(g, {});
}

}  // namespace

TEST(Parity, EveryPresetThatFixesItKeepsItOverRandomGames) {
  int index = 0, presets_fixed = 0;
  for (const Preset& p : presets()) {
    ++index;
    if (!parity_fixed(p.rules)) continue;
    ++presets_fixed;
    const auto [counted, broken] = random_counts(p.rules, index, 150);
    EXPECT_GT(counted, 50) << p.name;
    EXPECT_EQ(broken, 0) << p.name << ": the parity of N² + q broken in " << broken << " of "
                         << counted << " counts";
  }
  // chinese, ing, new-zealand, tromp-taylor and ancient (a tax of two points a group)
  EXPECT_EQ(presets_fixed, 5);
}

TEST(Parity, TerritoryAndPaymentsFixNoParityAndTheIdentityFailsThere) {
  for (const char* name : {"japanese", "aga", "chinese-2008", "tang-song", "living-a"})
    EXPECT_FALSE(parity_fixed(parse_ruleset(name))) << name;
  // Under Japanese counting a defensive move or a dame costs one point: the identity must be
  // broken by some random game, or the test above could not fail.
  const auto [counted, broken] = random_counts(parse_ruleset("japanese"), 99, 150);
  EXPECT_GT(counted, 50);
  EXPECT_GT(broken, 0);
  // An odd tax per group breaks it too.
  EXPECT_FALSE(parity_fixed(parse_ruleset("ancient,group_tax=1")));
  EXPECT_TRUE(parity_fixed(parse_ruleset("ancient")));
}

TEST(Parity, ARecordedResultAnOddNumberOfPointsAwayIsNamed) {
  const Count c = walls("chinese");  // area 15 : 10, komi 7.5: W+2.5
  ASSERT_EQ(c.result, "W+2.5");
  EXPECT_EQ(c.shared, 0);
  EXPECT_TRUE(odd_points_apart(c, -1.5));   // W+1.5: one point away
  EXPECT_TRUE(odd_points_apart(c, -5.5));   // three away
  EXPECT_TRUE(odd_points_apart(c, 0.5));    // B+0.5: three away
  EXPECT_FALSE(odd_points_apart(c, -2.5));  // the count itself
  EXPECT_FALSE(odd_points_apart(c, -0.5));  // two away: a point changed hands
  EXPECT_FALSE(odd_points_apart(c, -3));    // half a point away: another komi
  // The same game under rules that fix no parity: never named.
  const Count j = walls("japanese");
  ASSERT_EQ(j.end, EndReason::counted);
  EXPECT_FALSE(odd_points_apart(j, j.winner == Color::White ? -j.margin + 1 : j.margin + 1));
}
