// Benchmark workloads of the playout engine: fixed seeds and counts, one board per thread.
#include "bench.hpp"
#include "jpd/playout.hpp"

namespace jpd {

namespace {
BenchFigures playouts(int size, int64_t count, const BenchContext& ctx) {
  PlayoutRun run;
  run.size = size;
  run.seed = 1;
  run.threads = ctx.threads;
  run.playouts = count;
  run.signature_playouts = count;
  const PlayoutRunResult r = run_playouts(run);
  return {r.signature, r.playouts, "playouts", r.moves, "moves", r.seconds, r.cpu_seconds};
}
}  // namespace

BenchFigures bench_playouts_9x9(const BenchContext& ctx) { return playouts(9, 50000, ctx); }
BenchFigures bench_playouts_19x19(const BenchContext& ctx) { return playouts(19, 5000, ctx); }

}  // namespace jpd
