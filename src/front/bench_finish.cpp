// Benchmark workload of the finish (finish.hpp): the hand-built 19x19 endings its tests prove
// things on (finish_endings.hpp), each side moving first, and random 9x9 games cut short with
// their dead stones found by the estimator, and one 19x19 game cut far from its end; each
// finished under territory counting with and without the eye reading, and under area counting.
// Its signature folds every finishing line (moves and passes), its value and the stones it
// leaves dead, and the estimator's status of every chain of the cut games, so a change in the
// finish's regions, local reading or sum search (or in the estimator's reading of a game that
// stops) changes it even where no result of the other workloads moves.
#include <chrono>
#include <ctime>

#include "bench.hpp"
#include "finish_endings.hpp"
#include "jpd/board.hpp"  // detail::splitmix64
#include "jpd/finish.hpp"
#include "jpd/estimate.hpp"
#include "jpd/point.hpp"
#include "jpd/rules.hpp"
#include "jpd/score.hpp"

namespace jpd {

namespace {

uint64_t fold_int(uint64_t h, int64_t v) { return detail::splitmix64(h ^ uint64_t(v)); }

uint64_t fold_finish(uint64_t h, const Finish& f) {
  for (const Move& m : f.moves)
    h = fold_int(h, int64_t(m.kind) * 4096 + int64_t(m.color) * 1024 + m.point.x * 32 + m.point.y);
  h = fold_int(h, f.value);
  for (Point p : f.dead) h = fold_int(h, p.x * 32 + p.y + 7);
  return fold_int(h, int64_t(f.moves.size()));
}

}  // namespace

BenchFigures bench_finish_of(std::span<const FinishEnding> endings, int games) {
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu0 = std::clock();
  uint64_t h = 0x6a70642d66696e69ull;
  int64_t finished = 0, moves = 0;
  auto finish_three_ways = [&](const Board& b, const std::vector<Point>& dead, Color to_move) {
    for (int way = 0; way < 3; ++way) {
      FinishOptions fo;
      fo.scoring = way == 2 ? FinishScoring::area : FinishScoring::territory;
      fo.read_eyes = way == 0;
      const Finish f = finish_game(b, dead, to_move, fo);
      h = fold_finish(h, f);
      moves += int64_t(f.moves.size());
      ++finished;
    }
  };
  for (const FinishEnding& e : endings) {
    const std::vector<Point> dead = finish_ending_dead(e);
    const Board b = finish_ending_board(e);
    for (Color first : {Color::Black, Color::White}) finish_three_ways(b, dead, first);
  }
  auto finish_stopped = [&](const sgf::Record& rec) {
    ScoreOptions so;
    so.rules = parse_rules_text("japanese,komi=6.5");
    so.keep_steps = false;
    so.finish_stopped = false;  // the position as it stops, with the estimator's dead stones
    so.dead_from = DeadFrom::estimate;
    so.estimate.playouts = 200;
    const Scored s = score_record(rec, so);
    // The estimator's reading of the position that stops (each chain's status: alive, dead,
    // seki or unsettled), which the dead stones alone do not show.
    EstimateOptions eo;
    eo.playouts = so.estimate.playouts;
    for (const ChainEstimate& c : estimate(s.replay.game, eo).chains)
      h = fold_int(h, int64_t(c.status) * 4096 + c.stone.x * 32 + c.stone.y);
    std::vector<Point> dead = s.count.dead_black;
    dead.insert(dead.end(), s.count.dead_white.begin(), s.count.dead_white.end());
    finish_three_ways(s.replay.game.board(), dead, s.replay.game.to_move());
  };
  for (int g = 0; g < games; ++g) finish_stopped(bench_stopped_record(9, uint64_t(g) + 100, 9));
  // and a 19x19 game stopped at three tenths of its moves: far from its end, read within
  // FinishOptions::far_reading (its line differs from the one the whole budget reads)
  if (games > 0) finish_stopped(bench_stopped_record(19, 2, 3));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double cpu = double(std::clock() - cpu0) / CLOCKS_PER_SEC;
  return {h, finished, "finishes", moves, "finishing moves", seconds, cpu};
}

// (2 games: each takes far longer than an ending)
BenchFigures bench_finish(const BenchContext&) { return bench_finish_of(kFinishEndings, 2); }

}  // namespace jpd
