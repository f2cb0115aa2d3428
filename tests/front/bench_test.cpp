// The bench signature covers the behaviour: the workload over the bundled records holds every
// record of data/games, gives the same signature run after run, and a change in the counting
// (count()'s test hook breaking one invariant) changes it; the finish's workload folds the
// finishing line of every hand-built ending, so a different line changes its signature.
#include <gtest/gtest.h>

#include <cstddef>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "bench.hpp"
#include "finish_endings.hpp"
#include "count_faults.hpp"
#include "jpd/rules.hpp"

namespace jpd::bench_data {
extern const char* const kNames[];
extern const std::size_t kCount;
}  // namespace jpd::bench_data

using namespace jpd;

TEST(Bench, TheBundledWorkloadHoldsEveryBundledRecord) {
  std::set<std::string> files, compiled;
  for (const auto& f : std::filesystem::directory_iterator(std::string(JPD_SOURCE_DIR) + "/data/games"))
    if (f.path().extension() == ".sgf") files.insert(f.path().filename().string());
  for (std::size_t i = 0; i < bench_data::kCount; ++i) compiled.insert(bench_data::kNames[i]);
  EXPECT_EQ(compiled, files);
  EXPECT_GE(files.size(), 6u);
}

TEST(Bench, TheBundledWorkloadIsDeterministicAndSeesACountingChange) {
  const BenchFigures a = bench_bundled(BenchContext{});
  const BenchFigures b = bench_bundled(BenchContext{});
  EXPECT_EQ(a.signature, b.signature);
  EXPECT_EQ(a.items, int64_t(bench_data::kCount * presets().size()));
  detail::ScopedCountFault fault(detail::CountFault::area_total);
  EXPECT_NE(bench_bundled(BenchContext{}).signature, a.signature);
}

TEST(Bench, TheFinishWorkloadIsDeterministicAndFoldsEveryEndingsLine) {
  const BenchFigures a = bench_finish_of(kFinishEndings, 0);
  EXPECT_EQ(a.signature, bench_finish_of(kFinishEndings, 0).signature);
  EXPECT_EQ(a.items, int64_t(std::size(kFinishEndings)) * 2 * 3);  // each side first, 3 ways
  // The defence's ending with Black's K19 already played: its finishing line (White's M19
  // only) differs, and so does the signature.
  std::vector<FinishEnding> changed(std::begin(kFinishEndings), std::end(kFinishEndings));
  for (FinishEnding& e : changed)
    if (e.name == "defence") e.rows[0] = {0, "........XXO.O......"};
  EXPECT_NE(bench_finish_of(changed, 0).signature, a.signature);
  // The full workload adds the random games: two 9x9, one 19x19 far from its end.
  EXPECT_EQ(bench_finish(BenchContext{}).items, a.items + 3 * 3);
}
