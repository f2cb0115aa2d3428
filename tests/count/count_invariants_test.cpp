// Every invariant of count() can fail. A test hook (src/count/count_faults.hpp, not part of the
// library's interface) breaks one side of one invariant on purpose; on random games under every
// preset, with the steps kept and on the fast path, exactly that invariant fails, and without
// the fault every invariant holds (tests/count/count_test.cpp's property test over many more games).
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "count_faults.hpp"
#include "jpd/count.hpp"
#include "jpd/count_report.hpp"
#include "jpd/text.hpp"
#include "random_game.hpp"

using namespace jpd;
using detail::CountFault;

namespace {

struct Case {
  CountFault fault;
  const char* invariant;  // the one that must fail
};
const Case kCases[] = {
    {CountFault::area_total, "area_total"},
    {CountFault::stones_accounted, "stones_accounted_B"},
    {CountFault::refill_identity, "refill_identity"},
    {CountFault::equal_stones, "equal_stones"},
    {CountFault::territory_equals_area_minus_pay, "territory_equals_area_minus_pay"},
    {CountFault::area_from_territory, "area_from_territory_B"},
    {CountFault::fill_up_equals_area, "fill_up_equals_area"},
    {CountFault::living_identity, "living_identity"},
    {CountFault::haiqitou_groups, "haiqitou_groups"},
    {CountFault::haiqitou_equals_living_stones, "haiqitou_equals_living_stones"},
};

std::set<std::string> failing(const Count& c) {
  std::set<std::string> out;
  for (const Invariant& i : c.invariants)
    if (!i.ok) out.insert(i.name);
  return out;
}

bool checks(const Count& c, const std::string& name) {
  for (const Invariant& i : c.invariants)
    if (i.name == name) return true;
  return false;
}

}  // namespace

// One test per invariant (named after it): on random games under every preset, with the steps
// kept and on the fast path, the fault breaks that invariant and no other, seen often enough to
// show that the invariant is really checked.
class EveryInvariantCanFail : public ::testing::TestWithParam<Case> {};

TEST_P(EveryInvariantCanFail, BreakingOneSideFailsItAndOnlyIt) {
  const Case k = GetParam();
  CountOptions fast;
  fast.keep_steps = false;
  int index = 0, games = 0, broken = 0;
  for (const Preset& p : presets()) {
    for (int n = 0; n < 12; ++n) {
      RandomGameOptions ro;
      ro.max_size = 7;
      const RandomGame rg = random_game(p.rules, random_game_seed(16, index, uint64_t(n)), ro);
      for (const CountOptions& o : {CountOptions{}, fast}) {
        SCOPED_TRACE(std::string(p.name) + " game " + std::to_string(n) +
                     (o.keep_steps ? "" : " (fast path)"));
        Count plain;
        try {
          plain = count(rg.game, rg.statuses, o);
        } catch (const CountError&) {
          continue;  // statuses this position does not allow
        }
        for (const Invariant& i : plain.invariants)
          ASSERT_TRUE(i.ok) << i.name << ": " << text(i.detail, Lang::en) << "\n" << explain(plain, Lang::en);
        ++games;
        {
          detail::ScopedCountFault fault(k.fault);
          const Count c = count(rg.game, rg.statuses, o);
          if (!checks(c, k.invariant)) {
            EXPECT_TRUE(failing(c).empty()) << k.invariant;
          } else {
            EXPECT_EQ(failing(c), std::set<std::string>{k.invariant});
            EXPECT_FALSE(c.all_invariants_hold);
            ++broken;
          }
        }
        EXPECT_TRUE(failing(count(rg.game, rg.statuses, o)).empty());  // the fault is gone
      }
    }
    ++index;
  }
  EXPECT_GT(games, 400);
  EXPECT_GT(broken, 20) << k.invariant;
}

INSTANTIATE_TEST_SUITE_P(CountInvariants, EveryInvariantCanFail, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return std::string(info.param.invariant);
                         });
