// The registry of deterministic benchmark workloads (see bench.hpp).
#include "bench.hpp"

#include "jpd/board.hpp"  // detail::splitmix64
#include "jpd/rules.hpp"
#include "jpd/replay.hpp"
#include "random_game.hpp"

namespace jpd {

namespace {
// Add a workload here: name, one line, and a function defined in its own src/front/bench_*.cpp.
constexpr BenchWorkload kWorkloads[] = {
    {"playouts-9x9", "50,000 light playouts from the empty 9x9 board, seed 1",
     &bench_playouts_9x9},
    {"playouts-19x19", "5,000 light playouts from the empty 19x19 board, seed 1",
     &bench_playouts_19x19},
    {"records", "6 random 9x9 games cut short, counted from the record under 3 rule sets",
     &bench_records},
    {"finish", "8 hand-built 19x19 endings, 2 random 9x9 games cut short: finished 3 ways",
     &bench_finish},
    {"bundled", "the 6 bundled records under every preset: estimator, finish, making, every view",
     &bench_bundled},
};
}  // namespace

std::span<const BenchWorkload> bench_workloads() { return kWorkloads; }

uint64_t fold_bench_text(uint64_t h, std::string_view s) {
  for (char c : s) h = (h ^ uint8_t(c)) * 0x100000001B3ull;
  return detail::splitmix64(h);
}

sgf::Record bench_stopped_record(int size, uint64_t index, int tenths) {
  RandomGameOptions o;
  o.min_size = o.max_size = size;
  o.rectangular_one_in = o.handicap_one_in = o.setup_one_in = 0;
  o.dispute_one_in = o.making_one_in = o.dead_one_in = o.resign_one_in = o.claim_one_in = 0;
  const RandomGame rg = random_game(parse_ruleset("chinese"), random_game_seed(17, size, index), o);
  sgf::Record rec = record_from_game(rg.game);
  size_t moves = 0;
  for (const sgf::Step& s : rec.steps) moves += s.kind == sgf::Step::Kind::move;
  size_t keep = moves * size_t(tenths) / 10, seen = 0, k = 0;
  for (; k < rec.steps.size(); ++k) {
    if (rec.steps[k].kind != sgf::Step::Kind::move) continue;
    if (seen++ == keep) break;
  }
  rec.steps.resize(k);
  return rec;
}

uint64_t fold_bench_signature(uint64_t total, std::string_view name, uint64_t signature) {
  uint64_t h = 0xCBF29CE484222325ull;  // FNV-1a of the name
  for (char c : name) h = (h ^ uint8_t(c)) * 0x100000001B3ull;
  return detail::splitmix64(total ^ detail::splitmix64(h ^ signature));
}

}  // namespace jpd
