// Light random playouts: the work unit of the estimator, genmove and the speed benchmark.
//
// Policy (the standard "light" one): the side to move plays a move chosen uniformly at random
// among its acceptable moves: empty points that are legal under simple ko without suicide and that
// do not fill one of its own single-point eyes (BoardT::is_eye). It passes only when there is none;
// a pass lifts the ko ban. Two passes in a row end the playout, or the move limit (3 x the number
// of points, passes included). The result is the Tromp-Taylor area score: stones plus empty
// regions that reach stones of one colour only.
//
// Uniform choice, exactly: draw a uniformly random entry of the not-yet-rejected part of the
// board's empty list; if the point is not acceptable, swap it to the end of that part and draw
// again. Every acceptable move therefore has the same probability (sampling without replacement
// until the first acceptable point), unlike the classic "scan on from a random start" which
// favours points after long runs of unacceptable ones. The empty list's order carries no meaning,
// so reordering it changes nothing else.
//
// The loop is a template on the board capacity (instantiated in src/estimate/playout.cpp for 9,
// 13, 19 and 25); it allocates nothing and makes no virtual calls.
#pragma once

#include <cstdint>
#include <span>

#include "jpd/board.hpp"
#include "jpd/rng.hpp"

namespace jpd {

struct PlayoutOptions {
  int max_moves = 0;  // moves before stopping, passes included; 0: 3 x the number of points
};

struct PlayoutResult {
  int score = 0;          // Tromp-Taylor area of Black minus that of White, no komi
  int moves = 0;          // stones placed
  int passes = 0;         // passes, the final two included (moves + passes: "moves per playout")
  bool move_limit = false;  // stopped by the move limit, not by two passes
  uint64_t hash = 0;      // Zobrist hash of the final position
};

// Tromp-Taylor area score of a board (Black minus White): stones, plus every empty region whose
// bordering stones are all of one colour. When `ownership` is given (at least width*height
// entries, indexed y*width+x), it receives +1 for points that count for Black, -1 for White, 0
// for neither.
template <int Cap>
int area_score(const BoardT<Cap>& board, std::span<int8_t> ownership = {});

// Whether c may choose the empty point i in a playout: legal under simple ko without suicide, and
// not one of c's own single-point eyes.
template <int Cap>
inline bool playout_move_ok(const BoardT<Cap>& b, typename BoardT<Cap>::Index i, Color c) {
  using B = BoardT<Cap>;
  const unsigned seen = (1u << uint8_t(b.at(B::up(i)))) | (1u << uint8_t(b.at(B::left(i)))) |
                        (1u << uint8_t(b.at(B::right(i)))) | (1u << uint8_t(b.at(B::down(i))));
  // An empty neighbour is a liberty: no suicide, no eye, and never the ko point (whose
  // neighbours are all stones of the capturer or edge).
  if (seen & (1u << uint8_t(Color::Empty))) return true;
  if (i == b.ko_point()) return false;
  if (!(seen & (1u << uint8_t(opponent(c)))) && b.eye_diagonals_ok(i, c)) return false;
  return !b.suicide_without_empty_neighbour(i, c);
}

// A uniformly random acceptable move for c (see the file comment), or kNoIndex when there is
// none: then c passes. Reorders the board's empty list, nothing else.
template <int Cap>
inline typename BoardT<Cap>::Index choose_playout_move(BoardT<Cap>& b, Color c, Rng& rng) {
  for (int n = b.empty_count(); n > 0; --n) {
    const int k = int(rng.below(uint32_t(n)));
    const auto q = b.empty_at(k);
    if (playout_move_ok(b, q, c)) return q;
    b.swap_empty(k, n - 1);
  }
  return BoardT<Cap>::kNoIndex;
}

// Does nothing: the default move hook.
struct NoPlayoutHook {
  template <class Index>
  void operator()(Index, Color) const {}
};

// One playout from the board's position with `to_move` to play; the board is left in the final
// position. hook(point, colour) is called before every move (point kNoIndex for a pass). The
// board's ko point is respected at the start.
template <int Cap, class Hook>
PlayoutResult playout_traced(BoardT<Cap>& b, Color to_move, Rng& rng, Hook&& hook,
                             const PlayoutOptions& opt = {}, std::span<int8_t> ownership = {}) {
  using B = BoardT<Cap>;
  using Index = typename B::Index;
  PlayoutResult r;
  const int limit = opt.max_moves > 0 ? opt.max_moves : 3 * b.points();
  Color c = to_move;
  int consecutive_passes = 0;
  for (int played = 0;; ++played) {
    if (played >= limit) {
      r.move_limit = true;
      break;
    }
    const Index p = choose_playout_move(b, c, rng);
    hook(p, c);
    if (p == B::kNoIndex) {
      ++r.passes;
      b.clear_ko();
      if (++consecutive_passes == 2) break;
    } else {
      b.play_fast(p, c);
      ++r.moves;
      consecutive_passes = 0;
    }
    c = opponent(c);
  }
  r.hash = b.hash();
  // After two passes every empty region is a single point (a point with an empty neighbour is
  // acceptable to both sides), so the count is a look at each empty point's neighbours.
  bool single_points = ownership.empty() && !r.move_limit;
  int eyes = 0;
  for (int k = 0; single_points && k < b.empty_count(); ++k) {
    const Index i = b.empty_at(k);
    const unsigned seen = (1u << uint8_t(b.at(B::up(i)))) | (1u << uint8_t(b.at(B::left(i)))) |
                          (1u << uint8_t(b.at(B::right(i)))) | (1u << uint8_t(b.at(B::down(i))));
    single_points = !(seen & (1u << uint8_t(Color::Empty)));
    const bool black = seen & (1u << uint8_t(Color::Black));
    const bool white = seen & (1u << uint8_t(Color::White));
    eyes += int(black && !white) - int(white && !black);
  }
  r.score = single_points ? b.stones(Color::Black) - b.stones(Color::White) + eyes
                          : area_score(b, ownership);
  return r;
}

// One playout without a hook (explicitly instantiated for the capacities 9, 13, 19, 25).
template <int Cap>
PlayoutResult playout(BoardT<Cap>& b, Color to_move, Rng& rng, const PlayoutOptions& opt = {},
                      std::span<int8_t> ownership = {});

extern template PlayoutResult playout<9>(BoardT<9>&, Color, Rng&, const PlayoutOptions&,
                                         std::span<int8_t>);
extern template PlayoutResult playout<13>(BoardT<13>&, Color, Rng&, const PlayoutOptions&,
                                          std::span<int8_t>);
extern template PlayoutResult playout<19>(BoardT<19>&, Color, Rng&, const PlayoutOptions&,
                                          std::span<int8_t>);
extern template PlayoutResult playout<25>(BoardT<25>&, Color, Rng&, const PlayoutOptions&,
                                          std::span<int8_t>);
extern template int area_score<9>(const BoardT<9>&, std::span<int8_t>);
extern template int area_score<13>(const BoardT<13>&, std::span<int8_t>);
extern template int area_score<19>(const BoardT<19>&, std::span<int8_t>);
extern template int area_score<25>(const BoardT<25>&, std::span<int8_t>);

// The smallest instantiated capacity that holds a side of `size` (9, 13, 19 or 25).
constexpr int playout_capacity(int size) {
  return size <= 9 ? 9 : size <= 13 ? 13 : size <= 19 ? 19 : 25;
}

// One playout from a position on the referee's board (any size, Black or White to move), run on
// the smallest board type that holds it; `position` itself is not changed. Converting costs
// about as much as a few dozen moves: for many playouts from one position, convert once
// (BoardT<19> start(position)) and call playout() on copies of `start`.
PlayoutResult playout_from(const Board& position, Color to_move, Rng& rng,
                           const PlayoutOptions& opt = {}, std::span<int8_t> ownership = {});

// ---- Many playouts from the empty board, on several threads (the speed benchmark) ----

struct PlayoutRun {
  int size = 9;                      // square board side, 2..25
  uint64_t seed = 1;                 // master seed; playout k uses derive_seed(seed, k)
  int threads = 1;                   // one board per thread
  int64_t playouts = 0;              // a fixed number of playouts; 0: run for `seconds`
  double seconds = 1.0;              // with playouts == 0
  int64_t signature_playouts = 10000;  // playouts 0 .. N-1 make the signature (always run)
  PlayoutOptions options;
};

struct PlayoutRunResult {
  int size = 0;
  int threads = 0;
  int64_t playouts = 0;
  int64_t moves = 0;   // moves of all playouts, passes included (the usual playout statistic)
  int64_t passes = 0;  // of which passes
  int64_t black_wins = 0;   // score - 7.5 > 0
  int64_t score_sum = 0;    // sum of the Black-minus-White area scores
  double seconds = 0;       // wall clock
  // CPU time of the worker threads together (0 where the system cannot tell): moves per
  // CPU-second is the speed of one core, and stays meaningful on a busy machine, where other
  // processes take turns on the cores and stretch the wall-clock time.
  double cpu_seconds = 0;
  // Deterministic summary of playouts 0 .. signature_playouts-1 (see playout_signature): the same
  // for any thread count, time limit and machine.
  uint64_t signature = 0;
  int64_t signature_playouts = 0;

  double moves_per_playout() const { return playouts ? double(moves) / double(playouts) : 0; }
  double playouts_per_second() const { return seconds > 0 ? double(playouts) / seconds : 0; }
  double moves_per_second() const { return seconds > 0 ? double(moves) / seconds : 0; }
  double moves_per_cpu_second() const { return cpu_seconds > 0 ? double(moves) / cpu_seconds : 0; }
};

// The contribution of playout k to a signature: a mix of k, the final position's hash, the
// number of moves and passes and the score. Signatures add these up (mod 2^64), so the order in
// which threads finish does not matter, then mix in the count and the board size.
uint64_t playout_signature_term(int64_t k, const PlayoutResult& r);
uint64_t playout_signature_finish(uint64_t sum, int64_t count, int size);

PlayoutRunResult run_playouts(const PlayoutRun& run);

// Playout k of a run with master seed `seed` on an empty size x size board, Black to move: what
// run_playouts computes for k (for tests and tools).
PlayoutResult playout_from_empty(int size, uint64_t seed, int64_t k,
                                 const PlayoutOptions& opt = {});

}  // namespace jpd
