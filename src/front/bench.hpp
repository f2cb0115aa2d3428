// Deterministic benchmark workloads: the project's behaviour signature (`jpd bench`).
//
// Like a chess engine's "bench" node count: a fixed workload with fixed seeds and counts, whose
// signature changes whenever the program's behaviour changes and never with the machine, the time
// or the number of threads. Commits quote it. Each part of the project adds its own named workload
// to the table in src/front/bench.cpp (a function in its own src/front/bench_*.cpp); the total
// signature folds every workload's name and signature in table order.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "jpd/sgf.hpp"

namespace jpd {

struct FinishEnding;  // finish_endings.hpp

struct BenchContext {
  int threads = 1;  // workloads that can use threads must give the same signature for any count
};

struct BenchFigures {
  uint64_t signature = 0;
  int64_t items = 0;      // work units done (playouts, games counted, records replayed ...)
  std::string item_name;  // "playouts"
  int64_t steps = 0;      // finer units inside them (moves), 0 when none
  std::string step_name;  // "moves"
  double seconds = 0;     // wall clock
  double cpu_seconds = 0;  // CPU time of the threads doing the work; 0 when not measured
};

struct BenchWorkload {
  const char* name;         // "playouts-9x9"
  const char* description;  // one line
  BenchFigures (*run)(const BenchContext&);
};

// The registry, in the order the total signature folds them.
std::span<const BenchWorkload> bench_workloads();

// Folds one workload into the total signature: start from 0, then for each workload in order.
uint64_t fold_bench_signature(uint64_t total, std::string_view name, uint64_t signature);

// Folds a text into a workload's running signature (FNV-1a steps, then splitmix64).
uint64_t fold_bench_text(uint64_t h, std::string_view s);

// Game `index` of the record workloads: a random game on a size x size board under Chinese rules,
// stopped at `tenths` tenths of its moves (as most real records stop: without passes).
sgf::Record bench_stopped_record(int size, uint64_t index, int tenths);

// Workloads of the playout engine (src/front/bench_playouts.cpp).
BenchFigures bench_playouts_9x9(const BenchContext& ctx);
BenchFigures bench_playouts_19x19(const BenchContext& ctx);
// Record counting (src/front/bench_records.cpp): estimator, finish and every view of the count.
BenchFigures bench_records(const BenchContext& ctx);
// The finish of stopped games (src/front/bench_finish.cpp): the finishing line and its value
// under territory counting, with and without the eye reading, and under area counting.
BenchFigures bench_finish(const BenchContext& ctx);
// The same over other endings and another number of random games (the tests' hook).
BenchFigures bench_finish_of(std::span<const FinishEnding> endings, int games);
// The bundled records under every preset (src/front/bench_bundled.cpp): reader, referee, estimator,
// finish, making and every view, and the record written back.
BenchFigures bench_bundled(const BenchContext& ctx);

}  // namespace jpd
