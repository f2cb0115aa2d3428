// Playing a move and running playouts never allocate: the global operator new of this test
// binary counts allocations.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <vector>

#include "jpd/board.hpp"
#include "jpd/playout.hpp"

namespace {
std::atomic<long> g_allocations{0};
}  // namespace

void* operator new(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
// The nothrow form too (std::stable_sort's buffer uses it): every allocation that the deletes
// below free must come from malloc, or the sanitizers report a mismatch.
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(n ? n : 1);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }

using namespace jpd;

TEST(Allocation, PlayingMovesAndWholePlayoutsNeverAllocate) {
  const BoardT<19> empty19(19);
  const BoardT<9> empty9(9);
  Board referee(19);
  Rng rng(1);
  std::vector<int8_t> ownership(361);
  BoardT<19> b19 = empty19;
  BoardT<9> b9 = empty9;
  const long before = g_allocations.load();
  for (int k = 0; k < 20; ++k) {
    b19 = empty19;
    playout(b19, Color::Black, rng, {}, ownership);
    b9 = empty9;
    playout(b9, Color::White, rng);
  }
  for (int k = 0; k < 100 && referee.empty_count() > 0; ++k) {
    const auto i = referee.empty_at(int(rng.below(uint32_t(referee.empty_count()))));
    auto u = referee.play(i, k % 2 ? Color::White : Color::Black);
    if (k % 10 == 0) referee.undo(u);
  }
  const long after = g_allocations.load();
  EXPECT_EQ(after, before);
  // The counter works.
  int* volatile p = new int(3);  // volatile: the allocation cannot be elided
  EXPECT_EQ(g_allocations.load(), after + 1);
  delete p;
}
