// Playing a move and running playouts never allocate; counting a position again, into a count
// already made, with its classification kept, does not either; counting a record under every
// preset allocates a bounded amount. The global operator new of this test binary counts
// allocations.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <new>
#include <vector>

#include "jpd/board.hpp"
#include "jpd/count.hpp"
#include "jpd/playout.hpp"
#include "jpd/score.hpp"
#include "jpd/sgf.hpp"
#include "jpd/text.hpp"

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

// A finished 9x9 game.
constexpr const char* kFinished9x9 =
    "(;GM[1]SZ[9]KM[7]RU[Chinese];B[ee];W[cc];B[gc];W[cg];B[ec];W[ce];B[eg];W[gg];B[];W[])";

TEST(Allocation, CountingAgainIntoACountAllocatesNothing) {
  // A finished 9x9 game, counted under every preset into one Count with a cache of
  // classifications: once every preset has been counted, counting again allocates nothing
  // (rules without notes for this game; a note is a string).
  const sgf::Record r = sgf::read_record_text(kFinished9x9);
  std::vector<std::pair<Game, Ruleset>> games;
  for (const char* p : {"chinese", "japanese", "aga", "ing", "sci-1-1", "sci-4-2", "art-great"}) {
    const Ruleset rules = rules_for_record(r, std::string(p));
    games.emplace_back(replay(r, rules).game, rules);
  }
  AnalysisCache cache;
  CountOptions o;
  o.keep_steps = false;
  o.texts = false;
  o.check_by_boards = false;  // as jpd batch: the views by their formulas, no board made
  o.analyses = &cache;
  Count c;
  const Statuses none;
  for (auto& [g, rules] : games) count(g, rules, none, o, c);  // warm up
  const long before = g_allocations.load();
  for (int k = 0; k < 10; ++k)
    for (auto& [g, rules] : games) {
      count(g, rules, none, o, c);
      ASSERT_TRUE(c.all_invariants_hold);
      ASSERT_TRUE(c.notes.empty()) << rules.preset << ": " << text(c.notes.front(), Lang::en);
    }
  EXPECT_EQ(g_allocations.load(), before);
}

TEST(Allocation, CountingARecordUnderEveryPresetAllocatesABoundedAmount) {
  // What jpd batch does for a file: replays (one per group of presets making the same game),
  // classifications, counts. Most of it is the replays' games; bounded whatever the record.
  const sgf::Record r = sgf::read_record_text(kFinished9x9);
  ScoreOptions o;
  o.dead_from = DeadFrom::sgf;
  o.keep_steps = false;
  o.texts = false;
  o.check_by_boards = false;  // as jpd batch
  std::vector<RulesText> texts;  // read once, as jpd batch reads its list
  for (const Preset& p : presets()) texts.push_back(parse_rules_text(p.name));
  Count c;
  long most = 0;
  for (int k = 0; k < 3; ++k) {
    const long before = g_allocations.load();
    RecordScorer scorer(r, o);
    for (const RulesText& t : texts) scorer.count(t, c);
    most = std::max(most, g_allocations.load() - before);
  }
  // 145 when written; 206 once the notes became messages (an id and its arguments where a
  // sentence was one string: a note costs one allocation more, and its copy for a shared replay).
  EXPECT_LT(most, 220) << "allocations for one record under every preset";
}
