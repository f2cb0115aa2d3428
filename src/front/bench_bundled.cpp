// Benchmark workload over the bundled records (data/games/*.sgf, compiled in by
// cmake/JpdBenchData.cmake): each is read, replayed and counted as `jpd score` counts it — the
// estimator's dead stones, the finish of a record that stops, the making step by step with its
// boards, every view and invariant — under every preset, and the game it counted is written back
// as SGF; the estimator's reading of the first preset's game (every chain's status, its share of
// the playouts, its reason and settling point) is folded in too. Its signature folds every
// figure, board, note and record, so a change in the reader, the referee, the estimator (a seki
// or an unsettled chain as well as a dead one), the finish, the eye reading or the counting of
// any preset changes it.
#include <chrono>
#include <cstddef>
#include <ctime>
#include <string>

#include "bench.hpp"
#include "jpd/board.hpp"  // detail::splitmix64
#include "jpd/estimate.hpp"
#include "jpd/replay.hpp"
#include "jpd/rules.hpp"
#include "jpd/score.hpp"
#include "jpd/sgf.hpp"
#include "jpd/text.hpp"

namespace jpd::bench_data {
extern const char* const kNames[];
extern const char* const kTexts[];
extern const std::size_t kCount;
}  // namespace jpd::bench_data

namespace jpd {

namespace {

uint64_t fold(uint64_t h, std::string_view s) { return fold_bench_text(h, s); }

uint64_t fold(uint64_t h, double v) { return detail::splitmix64(h ^ uint64_t(int64_t(v * 4) + 0x1000)); }

uint64_t fold(uint64_t h, const Figures& f) { return fold(fold(h, f.black), f.white); }

}  // namespace

BenchFigures bench_bundled(const BenchContext&) {
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu0 = std::clock();
  uint64_t h = 0x62756e646c6564ull;
  int64_t counted = 0, moves = 0;
  for (std::size_t r = 0; r < bench_data::kCount; ++r) {
    const sgf::Record rec = sgf::read_record_text(bench_data::kTexts[r], bench_data::kNames[r]);
    for (const sgf::Step& s : rec.steps) moves += s.kind == sgf::Step::Kind::move;
    for (const Preset& p : presets()) {
      ScoreOptions so;
      so.rules = RulesText{p.rules, {}};  // the preset by its name
      so.keep_steps = true;
      so.dead_from = DeadFrom::estimate;
      so.estimate.playouts = 100;
      h = fold(h, p.name);
      try {
        const Scored s = score_record(rec, so);
        const Count& c = s.count;
        h = fold(h, c.result);
        for (const ViewSpec& v : view_specs()) h = fold(h, c.view(v.id));
        for (const Invariant& i : c.invariants) h = fold(fold(h, i.name), i.ok ? 1.0 : 0.0);
        for (Point q : c.dead_black) h = fold(h, double(q.x * 32 + q.y));
        for (Point q : c.dead_white) h = fold(h, double(-q.x * 32 - q.y - 1));
        for (const Message& n : c.notes) h = fold(h, text(n, Lang::en));
        for (const MakingStep& st : c.steps) h = fold(fold(h, st.id), st.board.to_string());
        h = fold(h, sgf::write(sgf::to_tree(record_from_game(s.replay.game))));
        if (&p == &presets().front()) {
          EstimateOptions eo;
          eo.playouts = so.estimate.playouts;
          for (const ChainEstimate& ch : estimate(s.replay.game, eo).chains) {
            h = fold(fold(h, double(ch.stone.x * 32 + ch.stone.y)), double(int(ch.status)));
            h = fold(fold(h, ch.alive_probability * 100), text(ch.reason, Lang::en));
            h = fold(h, double(ch.settle.x * 32 + ch.settle.y));
          }
        }
      } catch (const std::exception& e) {  // a preset that cannot count this record: its words
        h = fold(h, e.what());
      }
      ++counted;
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double cpu = double(std::clock() - cpu0) / CLOCKS_PER_SEC;
  return {h, counted, "counts", moves, "record moves", seconds, cpu};
}

}  // namespace jpd
