// Benchmark workload of record counting: random games cut short, each counted from the record
// alone as `jpd score` counts it (the estimator's dead stones, the finish of a record that stops,
// every view of the count) under territory, area and 计枰点 rules, one record whose finish
// is not trusted under territory rules and one whose finish stands beyond the limit (an area
// still open where it stops). Its signature folds every result,
// dead-stone list and note, so a change in the estimator, the finish (or what replaces one not
// trusted) or the counting changes it.
#include <chrono>
#include <ctime>
#include <string>

#include "bench.hpp"
#include "jpd/board.hpp"  // detail::splitmix64
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
  // As `jpd score` counts a record, with the estimator's dead stones (200 playouts).
  auto options = [](const RulesText& rules) {
    ScoreOptions so;
    so.rules = rules;
    so.keep_steps = false;
    so.dead_from = DeadFrom::estimate;
    so.estimate.playouts = 200;
    return so;
  };
  uint64_t h = 0x6a70642d7265636full;
  int64_t counted = 0, moves = 0;
  for (const Set& set : kSets)
    for (int g = 0; g < set.games; ++g) {
      const sgf::Record rec = bench_stopped_record(set.size, uint64_t(g), 9);
      for (const sgf::Step& s : rec.steps) moves += s.kind == sgf::Step::Kind::move;
      for (const RulesText& rules : rule_sets) {
        const Count c = score_record(rec, options(rules)).count;
        h = fold(h, c.result);
        h = fold_points(h, c.dead_black);
        h = fold_points(h, c.dead_white);
        for (const Message& n : c.notes) h = fold(h, text(n, Lang::en));
        ++counted;
      }
    }
  // One record counted under `so`: its result and notes folded.
  auto count_one = [&](const char* sgf_text, const ScoreOptions& so) {
    const sgf::Record rec = sgf::read_record_text(sgf_text);
    for (const sgf::Step& s : rec.steps) moves += s.kind == sgf::Step::Kind::move;
    const Count c = score_record(rec, so).count;
    h = fold(h, c.result);
    for (const Message& n : c.notes) h = fold(h, text(n, Lang::en));
    ++counted;
  };
  {
    // A record whose finish read within 20,000 positions swings the count by far more than its
    // fill-out (Black's five stones in White's top left; tests/count/finish_test.cpp), under
    // territory counting with a finish trusted only within one point: the fill-out replaces the
    // finish not trusted.
    ScoreOptions strict = options(rule_sets[0]);
    strict.max_finish_swing = 1;
    strict.finish.max_reading = 20000;  // (the reading of the finish goes astray within it)
    count_one("(;SZ[9]KM[6.5]AB[ca][ea][cb][eb][cc][dc][ec]"
              "AW[ba][fa][bb][fb][bc][fc][bd][cd][dd][ed][fd];B[hi])",
              strict);
  }
  {
    // A record that stops with an area still open (Black's corridor on the right of a 13x13
    // board, open to White at L13; tests/count/finish_test.cpp) under area counting with a limit
    // of 5 points: the finish swings the count by more, but stands, nearer the estimator's
    // expectation.
    ScoreOptions open = options(rule_sets[1]);
    open.max_finish_swing = 5;
    count_one("(;GM[1]FF[4]SZ[13]KM[0]AW[aa:jm]AB[kb:km][lk:mk];AE[ba][cc][em];B[lm];W[em])", open);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double cpu = double(std::clock() - cpu0) / CLOCKS_PER_SEC;
  return {h, counted, "counts", moves, "record moves", seconds, cpu};
}

}  // namespace jpd
