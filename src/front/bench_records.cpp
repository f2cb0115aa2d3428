// Benchmark workload of record counting: random games cut short, each counted from the record
// alone as `jpd score` counts it (the estimator's dead stones, the finish of a record that stops,
// every view of the count) under territory, area and 计枰点 rules. Its signature folds every
// result, dead-stone list and note, so a change in the estimator, the finish or the counting
// changes it.
#include <chrono>
#include <ctime>
#include <string>

#include "bench.hpp"
#include "jpd/board.hpp"  // detail::splitmix64
#include "random_game.hpp"
#include "jpd/replay.hpp"
#include "jpd/rules.hpp"
#include "jpd/score.hpp"
#include "jpd/text.hpp"

namespace jpd {

namespace {

uint64_t fold(uint64_t h, std::string_view s) { return fold_bench_text(h, s); }

uint64_t fold_points(uint64_t h, const std::vector<Point>& points) {
  for (Point p : points) h = detail::splitmix64(h ^ uint64_t(p.x * 32 + p.y + 1));
  return h;
}

// Game `index` of the workload: a random game on a board of that size, stopped at nine tenths
// of its moves (as most real records stop: without passes).
sgf::Record stopped_record(int size, uint64_t index) {
  RandomGameOptions o;
  o.min_size = o.max_size = size;
  o.rectangular_one_in = o.handicap_one_in = o.setup_one_in = 0;
  o.dispute_one_in = o.making_one_in = o.dead_one_in = o.resign_one_in = o.claim_one_in = 0;
  const RandomGame rg = random_game(parse_ruleset("chinese"), random_game_seed(17, size, index), o);
  sgf::Record rec = record_from_game(rg.game);
  size_t moves = 0;
  for (const sgf::Step& s : rec.steps) moves += s.kind == sgf::Step::Kind::move;
  size_t keep = moves * 9 / 10, seen = 0, k = 0;
  for (; k < rec.steps.size(); ++k) {
    if (rec.steps[k].kind != sgf::Step::Kind::move) continue;
    if (seen++ == keep) break;
  }
  rec.steps.resize(k);
  return rec;
}

}  // namespace

BenchFigures bench_records(const BenchContext&) {
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu0 = std::clock();
  struct Set {
    int size, games;
  };
  constexpr Set kSets[] = {{9, 6}};
  constexpr const char* kRules[] = {"japanese,komi=6.5", "chinese,komi=7.5", "tang-song,komi=6.5"};
  std::vector<RulesText> rule_sets;
  for (const char* rules : kRules) rule_sets.push_back(parse_rules_text(rules));
  uint64_t h = 0x6a70642d7265636full;
  int64_t counted = 0, moves = 0;
  for (const Set& set : kSets)
    for (int g = 0; g < set.games; ++g) {
      const sgf::Record rec = stopped_record(set.size, uint64_t(g));
      for (const sgf::Step& s : rec.steps) moves += s.kind == sgf::Step::Kind::move;
      for (const RulesText& rules : rule_sets) {
        ScoreOptions so;
        so.rules = rules;
        so.keep_steps = false;
        so.dead_from = DeadFrom::estimate;
        so.estimate.playouts = 200;
        const Count c = score_record(rec, so).count;
        h = fold(h, c.result);
        h = fold_points(h, c.dead_black);
        h = fold_points(h, c.dead_white);
        for (const Message& n : c.notes) h = fold(h, text(n, Lang::en));
        ++counted;
      }
    }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double cpu = double(std::clock() - cpu0) / CLOCKS_PER_SEC;
  return {h, counted, "counts", moves, "record moves", seconds, cpu};
}

}  // namespace jpd
