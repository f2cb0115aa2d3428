// The built-in estimator's speed (Google Benchmark): a whole estimate of a game's final position
// at the default setting and with more playouts.
//
//   build/bench/jpd_bench_estimate [--benchmark_filter=REGEX]
//
// The 19x19 game is GNU Go against itself to two passes (data/games/gnugo-19x19-selfplay.sgf),
// with dead stones on the board and open areas: more work for the playouts than a professional
// ending. Goal (issue 5): a finished 19x19 game in at most 50 ms on one core at the default.
#include <benchmark/benchmark.h>

#include <string>

#include "jpd/estimate.hpp"
#include "jpd/replay.hpp"
#include "jpd/sgf.hpp"

using namespace jpd;

namespace {

Game final_position(const std::string& name) {
  sgf::Record r = sgf::read_record_file(std::string(JPD_SOURCE_DIR) + "/data/games/" + name);
  return replay(r, rules_for_record(r, std::nullopt)).game;
}

void estimate_game(benchmark::State& state, const std::string& name) {
  const Game g = final_position(name);
  EstimateOptions o;
  o.playouts = int(state.range(0));
  int playouts = 0;
  for (auto _ : state) {
    Estimate e = estimate(g, o);
    playouts = e.playouts;
    benchmark::DoNotOptimize(e.ownership.data());
  }
  state.counters["playouts"] = playouts;
}

void BM_Estimate19(benchmark::State& state) { estimate_game(state, "gnugo-19x19-selfplay.sgf"); }
void BM_Estimate9(benchmark::State& state) { estimate_game(state, "minigo-tv-9x9-971122.sgf"); }

}  // namespace

// Arg 0: the default number of playouts for the board size.
BENCHMARK(BM_Estimate19)->Arg(0)->Arg(1600)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Estimate9)->Arg(0)->Arg(4000)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
