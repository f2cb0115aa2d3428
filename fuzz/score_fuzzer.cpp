// Fuzz harness: records counted as `jpd score` counts them, with the heavy parts the other
// harnesses leave out: the built-in estimator for the dead stones and the Japanese finishing
// search, each input within a budget (boards up to 9x9 and 200 moves, 8 playouts, 1,000
// positions of the finishing search and as many of its local reading), under the record's rules
// or a preset picked by the input (one of the two, by the input); the JSON and the explanation.
//
// Oracles: only the documented errors escape; every invariant of every count holds; the board
// is consistent; the record written back replays to the same position.
#include <cstdint>
#include <functional>
#include <string>

#include "harness.hpp"
#include "record_checks.hpp"

namespace jpd::fuzz {

// The budget of one record: the estimator's playouts, the positions of the finishing search and
// as many of its local reading.
constexpr int kPlayouts = 8;
constexpr int kNodes = 1000;

void score_input(std::string_view data) {
  const auto rules = rule_sets_for(data);
  // One rule set an input: the record's own, or the preset the input picks (rule_sets_for).
  const size_t pick = (std::hash<std::string_view>{}(data) >> 20) & 1 ? 2 : 0;
  for (const sgf::Record& rec : records_of(data)) {
    if (rec.width > 9 || rec.height > 9 || rec.steps.size() > 200) continue;  // the budget
    ScoreOptions o;
    o.rules = rules[pick];
    o.dead_from = DeadFrom::estimate;
    o.estimate.playouts = kPlayouts;
    o.finish.max_nodes = kNodes;
    o.finish.max_reading = kNodes;  // the local reading too (an open board read up to its
                                    // default budget took over 25 s under the sanitizers)
    o.keep_steps = false;
    score_checked(rec, o, true);
  }
}

}  // namespace jpd::fuzz

#ifndef JPD_FUZZ_NO_ENTRY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  jpd::fuzz::score_input({reinterpret_cast<const char*>(data), size});
  return 0;
}
#endif
