// Fuzz harness: records counted as `jpd score` counts them, with the heavy parts the other
// harnesses leave out: the built-in estimator for the dead stones and the Japanese finishing
// search, each input within a budget (boards up to 9x9 and 200 moves, 32 playouts, 5,000
// positions of the finishing search and as many of its local reading), under the record's rules
// and one preset picked by the input.
//
// Oracles: only the documented errors escape; every invariant of every count holds; the board
// is consistent; the record written back replays to the same position.
#include <cstdint>
#include <string>

#include "harness.hpp"
#include "record_checks.hpp"

namespace jpd::fuzz {

void score_input(std::string_view data) {
  const auto rules = rule_sets_for(data);
  for (const sgf::Record& rec : records_of(data)) {
    if (rec.width > 9 || rec.height > 9 || rec.steps.size() > 200) continue;  // the budget
    for (size_t k : {size_t(0), size_t(2)}) {
      ScoreOptions o;
      o.rules = rules[k];
      o.dead_from = DeadFrom::estimate;
      o.estimate.playouts = 32;
      o.finish.max_nodes = 5000;
      o.finish.max_reading = 5000;  // the local reading too (an open board read up to its
                                    // default budget took over 25 s under the sanitizers)
      o.keep_steps = false;
      score_checked(rec, o, false);
    }
  }
}

}  // namespace jpd::fuzz

#ifndef JPD_FUZZ_NO_ENTRY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  jpd::fuzz::score_input({reinterpret_cast<const char*>(data), size});
  return 0;
}
#endif
