// Light random playouts: explicit instantiations, the Tromp-Taylor count, and the multi-threaded
// benchmark driver.
#include "jpd/playout.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "jpd/cpu_time.hpp"

namespace jpd {

template <int Cap>
int area_score(const BoardT<Cap>& b, std::span<int8_t> ownership) {
  using B = BoardT<Cap>;
  using Index = typename B::Index;
  const int w = b.width(), h = b.height();
  if (!ownership.empty() && int(ownership.size()) < w * h)
    throw std::invalid_argument("area_score: the ownership span is smaller than the board");
  // Region owner per empty point: 1 Black, 2 White, 0 neither (filled per region).
  uint8_t owner[B::kArea] = {};
  bool seen[B::kArea] = {};
  Index stack[B::kArea];
  int score = b.stones(Color::Black) - b.stones(Color::White);
  for (int k = 0; k < b.empty_count(); ++k) {
    const Index start = b.empty_at(k);
    if (seen[start]) continue;
    // Flood fill one empty region, noting which colours it reaches.
    int sp = 0;
    Index region[B::kArea];
    int n = 0;
    unsigned reach = 0;
    stack[sp++] = start;
    seen[start] = true;
    while (sp) {
      const Index s = stack[--sp];
      region[n++] = s;
      for (int d : B::kDirs) {
        const Index j = Index(s + d);
        const Color cj = b.at(j);
        if (cj == Color::Empty) {
          if (!seen[j]) {
            seen[j] = true;
            stack[sp++] = j;
          }
        } else {
          reach |= 1u << uint8_t(cj);
        }
      }
    }
    const bool black = reach & (1u << uint8_t(Color::Black));
    const bool white = reach & (1u << uint8_t(Color::White));
    const uint8_t o = black && !white ? 1 : white && !black ? 2 : 0;
    score += o == 1 ? n : o == 2 ? -n : 0;
    for (int m = 0; m < n; ++m) owner[region[m]] = o;
  }
  if (!ownership.empty()) {
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const Index i = B::index(x, y);
        const Color c = b.at(i);
        const int o = c == Color::Black   ? 1
                      : c == Color::White ? -1
                      : owner[i] == 1     ? 1
                      : owner[i] == 2     ? -1
                                          : 0;
        ownership[size_t(y * w + x)] = int8_t(o);
      }
  }
  return score;
}

template <int Cap>
PlayoutResult playout(BoardT<Cap>& b, Color to_move, Rng& rng, const PlayoutOptions& opt,
                      std::span<int8_t> ownership) {
  return playout_traced(b, to_move, rng, NoPlayoutHook{}, opt, ownership);
}

#define JPD_INSTANTIATE_PLAYOUT(CAP)                                                      \
  template PlayoutResult playout<CAP>(BoardT<CAP>&, Color, Rng&, const PlayoutOptions&, \
                                      std::span<int8_t>);                                 \
  template int area_score<CAP>(const BoardT<CAP>&, std::span<int8_t>);
JPD_INSTANTIATE_PLAYOUT(9)
JPD_INSTANTIATE_PLAYOUT(13)
JPD_INSTANTIATE_PLAYOUT(19)
JPD_INSTANTIATE_PLAYOUT(25)
#undef JPD_INSTANTIATE_PLAYOUT

uint64_t playout_signature_term(int64_t k, const PlayoutResult& r) {
  const uint64_t figures = uint64_t(uint32_t(r.moves)) | uint64_t(uint32_t(r.passes)) << 24 |
                           uint64_t(uint32_t(r.score + 4096) & 0x3FFF) << 48 |
                           uint64_t(r.move_limit) << 63;
  return detail::splitmix64(r.hash ^ detail::splitmix64(figures ^ detail::splitmix64(uint64_t(k))));
}

uint64_t playout_signature_finish(uint64_t sum, int64_t count, int size) {
  return detail::splitmix64(sum ^ detail::splitmix64(uint64_t(count) * 64 + uint64_t(size)));
}

namespace {

struct alignas(64) Totals {  // one cache line each: no false sharing between threads
  int64_t playouts = 0, moves = 0, passes = 0, black_wins = 0, score_sum = 0;
  uint64_t signature_sum = 0;
  double cpu_seconds = 0;
};

template <int Cap>
PlayoutResult playout_k(const BoardT<Cap>& empty, BoardT<Cap>& b, Rng& rng, uint64_t seed,
                        int64_t k, const PlayoutOptions& opt) {
  b = empty;
  rng.reseed(derive_seed(seed, uint64_t(k)));
  return playout(b, Color::Black, rng, opt);
}

template <int Cap>
PlayoutRunResult run_with(const PlayoutRun& run) {
  using Clock = std::chrono::steady_clock;
  constexpr int64_t kChunk = 8;
  const int threads = std::max(1, run.threads);
  const int64_t sig_count = run.playouts > 0 ? std::min(run.playouts, run.signature_playouts)
                                             : std::max<int64_t>(0, run.signature_playouts);
  std::atomic<int64_t> next{0};
  const auto start = Clock::now();
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(run.seconds));
  std::vector<Totals> totals(static_cast<size_t>(threads));
  auto work = [&](Totals& t) {
    const double cpu_start = thread_cpu_seconds();
    const BoardT<Cap> empty(run.size);
    BoardT<Cap> b = empty;
    Rng rng;
    for (;;) {
      const int64_t a = next.fetch_add(kChunk, std::memory_order_relaxed);
      int64_t end = a + kChunk;
      if (run.playouts > 0) {
        if (a >= run.playouts) break;
        end = std::min(end, run.playouts);
      } else if (a >= sig_count && Clock::now() >= deadline) {
        break;
      }
      for (int64_t k = a; k < end; ++k) {
        const PlayoutResult r = playout_k(empty, b, rng, run.seed, k, run.options);
        ++t.playouts;
        t.moves += r.moves + r.passes;
        t.passes += r.passes;
        t.score_sum += r.score;
        t.black_wins += r.score > 7;  // komi 7.5
        if (k < sig_count) t.signature_sum += playout_signature_term(k, r);
      }
    }
    t.cpu_seconds = thread_cpu_seconds() - cpu_start;
  };
  if (threads == 1) {
    work(totals[0]);
  } else {
    std::vector<std::thread> pool;
    for (int i = 0; i < threads; ++i) pool.emplace_back(work, std::ref(totals[size_t(i)]));
    for (auto& th : pool) th.join();
  }
  PlayoutRunResult res;
  res.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  res.size = run.size;
  res.threads = threads;
  uint64_t sum = 0;
  for (const Totals& t : totals) {
    res.playouts += t.playouts;
    res.moves += t.moves;
    res.passes += t.passes;
    res.black_wins += t.black_wins;
    res.score_sum += t.score_sum;
    res.cpu_seconds += t.cpu_seconds;
    sum += t.signature_sum;
  }
  res.signature_playouts = sig_count;
  res.signature = playout_signature_finish(sum, sig_count, run.size);
  return res;
}

void check_size(int size) {
  if (size < kMinBoardSize || size > kMaxBoardSize)
    throw std::invalid_argument("board size " + std::to_string(size) + " is outside 2 .. 25");
}

}  // namespace

PlayoutRunResult run_playouts(const PlayoutRun& run) {
  check_size(run.size);
  switch (playout_capacity(run.size)) {
    case 9: return run_with<9>(run);
    case 13: return run_with<13>(run);
    case 19: return run_with<19>(run);
    default: return run_with<25>(run);
  }
}

PlayoutResult playout_from(const Board& position, Color to_move, Rng& rng,
                           const PlayoutOptions& opt, std::span<int8_t> ownership) {
  const int side = std::max(position.width(), position.height());
  auto run = [&]<int Cap>(BoardT<Cap> b) { return playout(b, to_move, rng, opt, ownership); };
  switch (playout_capacity(side)) {
    case 9: return run(BoardT<9>(position));
    case 13: return run(BoardT<13>(position));
    case 19: return run(BoardT<19>(position));
    default: return run(Board(position));
  }
}

PlayoutResult playout_from_empty(int size, uint64_t seed, int64_t k, const PlayoutOptions& opt) {
  check_size(size);
  auto one = [&]<int Cap>(BoardT<Cap> empty) {
    BoardT<Cap> b = empty;
    Rng rng;
    return playout_k(empty, b, rng, seed, k, opt);
  };
  switch (playout_capacity(size)) {
    case 9: return one(BoardT<9>(size));
    case 13: return one(BoardT<13>(size));
    case 19: return one(BoardT<19>(size));
    default: return one(BoardT<25>(size));
  }
}

}  // namespace jpd
