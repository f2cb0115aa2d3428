// The bench signature covers the behaviour: the workload over the bundled records holds every
// record of data/games, gives the same signature run after run, and a change in the counting
// (count()'s test hook breaking one invariant) changes it.
#include <gtest/gtest.h>

#include <cstddef>
#include <filesystem>
#include <set>
#include <string>

#include "bench.hpp"
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
