// Fuzz harness: records through the referee and the count, without the estimator and the
// finishing search (score_fuzzer has those): each record read from the input is replayed under
// its own rules and under one more, tang-song or a preset picked by the input (strict or
// forfeiting on an illegal move; for half the inputs read and replayed under the repair policy),
// and counted with the dead stones of its markup (none without); under its own rules the JSON
// and the explanation written; the game written back as a record.
//
// Oracles: only the documented errors escape; every invariant of every count holds; the board
// is consistent after the replay; the record written back replays to the same position.
#include <cstdint>
#include <functional>
#include <string>

#include "harness.hpp"
#include "record_checks.hpp"

namespace jpd::fuzz {

void replay_input(std::string_view data) {
  const size_t h = std::hash<std::string_view>{}(data);
  const auto rules = rule_sets_for(data);
  const bool repair = (h >> 16) & 1;  // half the inputs under the repair policy (docs/sgf.md)
  // Two rule sets a record: its own, and tang-song or the preset the input picks (rule_sets_for).
  const size_t other = (h >> 20) & 1 ? 2 : 1;
  for (const sgf::Record& rec : records_of(data, nullptr, repair)) {
    for (size_t k : {size_t(0), other}) {
      ScoreOptions o;
      o.rules = rules[k];
      o.replay.repair = repair;
      o.dead_from = DeadFrom::sgf;   // the markup's dead stones, or none: no estimator
      o.finish_stopped = false;      // no finishing search
      o.replay.forfeit_on_illegal = k > 0 && ((h >> (8 + k)) & 1);
      o.keep_steps = k == 0;
      score_checked(rec, o, k == 0);
    }
  }
}

}  // namespace jpd::fuzz

#ifndef JPD_FUZZ_NO_ENTRY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  jpd::fuzz::replay_input({reinterpret_cast<const char*>(data), size});
  return 0;
}
#endif
