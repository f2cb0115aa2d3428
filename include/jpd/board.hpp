// The Go board: stones, chains, liberties, captures, undo of the last move, Zobrist hash.
//
// It knows nothing about rule sets: whether a move is allowed (suicide, ko, whose turn) is the
// referee's business (game.hpp). The board only answers questions about the position and places
// or removes stones.
//
// Layout: a padded one-dimensional array with a compile-time stride of Cap+1 (one shared border
// column) and a border row above and below; points outside the actual width x height are Edge.
// Chains are rings of stones (next_) with a head (head_) that holds the chain's pseudo-liberty
// count (libs_: the number of stone/empty adjacencies, which is 0 exactly when the chain has no
// liberty). Empty points are kept in a list for O(1) uniform sampling; for an empty point next_
// holds its position in that list. The whole board is a fixed-size value: copying it is a memcpy,
// and playing a move allocates nothing.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>

#include "jpd/point.hpp"

// For the few small functions of the playout loop that the compiler's size heuristics would
// otherwise keep out of line (measured with callgrind: a call costs as much as their body).
#if defined(__GNUC__) || defined(__clang__)
#define JPD_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define JPD_ALWAYS_INLINE inline
#endif

namespace jpd {

namespace detail {
constexpr uint64_t splitmix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}
// Zobrist key of a stone of colour c (Black/White) at logical point (x, y): the same for every
// board capacity, so equal positions hash equally whatever board type holds them.
constexpr uint64_t zobrist_key(int x, int y, Color c) {
  return splitmix64(0x6A09E667F3BCC908ull + uint64_t((y * 32 + x) * 4 + int(c)));
}
// The keys of BoardT<Cap> by colour (rows Black and White used) and padded index: a table lookup
// instead of hashing the coordinates for every stone placed or removed.
template <int Cap>
inline constexpr auto kZobristTable = [] {
  constexpr int stride = Cap + 1, area = (Cap + 2) * stride + 1;
  std::array<std::array<uint64_t, area>, 3> t{};
  for (int i = 0; i < area; ++i) {
    int x = i % stride - 1, y = i / stride - 1;
    if (x < 0 || y < 0 || y >= Cap) continue;
    t[1][i] = zobrist_key(x, y, Color::Black);
    t[2][i] = zobrist_key(x, y, Color::White);
  }
  return t;
}();
}  // namespace detail

template <int Cap>
class BoardT {
  static_assert(Cap >= kMinBoardSize && Cap <= kMaxBoardSize);

 public:
  using Index = uint16_t;
  static constexpr int kCap = Cap;
  static constexpr int kStride = Cap + 1;
  static constexpr int kArea = (Cap + 2) * kStride + 1;
  static constexpr Index kNoIndex = 0;  // index 0 is always a border point

  // What play() did: enough to undo it. A plain value; no allocation.
  struct Undo {
    Index point = kNoIndex;
    Color color = Color::Empty;
    uint8_t captured_chains = 0;  // number of opponent chains removed
    Index captured_heads[4] = {kNoIndex, kNoIndex, kNoIndex, kNoIndex};
    uint16_t captured = 0;   // opponent stones removed
    uint16_t suicided = 0;   // own stones removed by suicide (multi-stone suicide included)
    Index prev_ko = kNoIndex;
    uint64_t prev_hash = 0;
  };

  explicit BoardT(int width = (Cap < 19 ? Cap : 19), int height = -1) { reset(width, height); }
  // The same position (stones, ko point, capture counts, hash) on a board of another capacity,
  // e.g. the referee's Board on the compact BoardT<19> for playouts. Throws if it does not fit.
  template <int Other>
  explicit BoardT(const BoardT<Other>& o);

  void reset(int width, int height = -1);

  int width() const { return width_; }
  int height() const { return height_; }
  int points() const { return width_ * height_; }

  static constexpr Index index(int x, int y) { return Index((y + 1) * kStride + x + 1); }
  static constexpr Index index(Point p) { return index(p.x, p.y); }
  static constexpr Point point(Index i) { return Point(i % kStride - 1, i / kStride - 1); }
  static constexpr int x_of(Index i) { return i % kStride - 1; }
  static constexpr int y_of(Index i) { return i / kStride - 1; }

  Color at(Index i) const { return Color(color_[i]); }
  Color at(Point p) const { return p.inside(width_, height_) ? at(index(p)) : Color::Edge; }
  bool on_board(Index i) const { return i < kArea && color_[i] != uint8_t(Color::Edge); }

  // The four orthogonal neighbours (some may be Edge).
  static constexpr Index up(Index i) { return Index(i - kStride); }
  static constexpr Index down(Index i) { return Index(i + kStride); }
  static constexpr Index left(Index i) { return Index(i - 1); }
  static constexpr Index right(Index i) { return Index(i + 1); }
  static constexpr std::array<int, 4> kDirs = {-kStride, -1, 1, kStride};
  static constexpr std::array<int, 4> kDiagonals = {-kStride - 1, -kStride + 1, kStride - 1,
                                                     kStride + 1};

  // Chains.
  Index chain_head(Index i) const { return head_[i]; }
  Index next_in_chain(Index i) const { return next_[i]; }
  bool same_chain(Index a, Index b) const { return head_[a] == head_[b]; }
  int pseudo_liberties(Index i) const { return libs_[head_[i]]; }
  int chain_size(Index i) const;
  int liberties(Index i) const;  // exact number of distinct liberties of the chain at i
  bool in_atari(Index i) const { return liberties(i) == 1; }
  // The liberty of a chain with exactly one liberty (kNoIndex otherwise).
  Index atari_liberty(Index i) const;
  // Calls f(stone) for every stone of the chain containing i.
  template <class F>
  void for_each_stone(Index i, F&& f) const {
    Index h = head_[i], s = h;
    do {
      f(s);
      s = next_[s];
    } while (s != h);
  }

  // Empty points, for O(1) uniform sampling.
  int empty_count() const { return n_empty_; }
  Index empty_at(int k) const { return empty_[k]; }
  // Exchanges two entries of the empty list. Its order carries no meaning; a sampler may use this
  // to set rejected points aside (swap to the end of the part still to be tried).
  void swap_empty(int a, int b) {
    Index ea = empty_[a], eb = empty_[b];
    empty_[a] = eb;
    empty_[b] = ea;
    next_[eb] = Index(a);
    next_[ea] = Index(b);
  }

  // Questions about a placement of colour c on the empty point i.
  bool is_suicide(Index i, Color c) const;   // the stone's chain would have no liberty
  bool captures(Index i, Color c) const;     // it would capture at least one opponent chain
  // Single-point eye of colour c in the playout sense: all neighbours c or edge, and of the
  // diagonals at most one opponent stone in the centre, none on the edge or in the corner.
  bool is_eye(Index i, Color c) const;
  // The parts of is_suicide and is_eye for callers that already know the four neighbours: with
  // no empty neighbour, whether c at i would have no liberty; with all neighbours c or edge,
  // whether the diagonals make i an eye.
  JPD_ALWAYS_INLINE bool suicide_without_empty_neighbour(Index i, Color c) const;
  JPD_ALWAYS_INLINE bool eye_diagonals_ok(Index i, Color c) const;

  // The hash the position would have after c plays on the empty point i (captures and suicide
  // included), without playing it: for superko checks.
  uint64_t hash_after(Index i, Color c) const;

  // Places a stone of colour c on the empty point i, removes captured opponent chains, then the
  // own chain if it has no liberty left (suicide). The caller decides legality first.
  Undo play(Index i, Color c);
  Undo play(Point p, Color c) { return play(index(p), c); }
  // The same move without the Undo record: for playouts. Same position, hash, ko point and
  // capture counts as play() (tests/core/board_test.cpp and tests/estimate/playout_test.cpp compare them).
  void play_fast(Index i, Color c) { play_impl<false>(i, c, nullptr); }
  // Takes back the move described by u, which must be the last move played on this board.
  void undo(const Undo& u);

  // Edits outside play (setup stones, making): no captures are made.
  void set_stone(Index i, Color c);   // c may be Empty
  void set_stone(Point p, Color c) { set_stone(index(p), c); }
  // Several such edits at once, a range of (Index, Color) pairs: the same board as set_stone on
  // each in turn (each point checked first), with the chains recomputed once.
  template <class Edits>
  void set_stones(const Edits& edits);
  // Takes the chain at the stone i off the board as a capture does (the chains next to it regain
  // their liberties), without counting it as captured; clears the ko point. The same position
  // as set_stone(s, Empty) on each of its stones, in time proportional to the chain.
  void remove_chain_at(Index i);

  // The point where an immediate single-stone recapture is not allowed (simple ko), or kNoIndex.
  Index ko_point() const { return ko_; }
  void clear_ko() { ko_ = kNoIndex; }

  uint64_t hash() const { return hash_; }
  static constexpr uint64_t stone_key(Index i, Color c) {
    return detail::kZobristTable<Cap>[uint8_t(c)][i];
  }

  // Stones of colour c removed by captures (and suicide) on this board.
  int captured(Color c) const { return captured_[color_index(c)]; }
  // Points of colour c on the board: stones of Black / White (kept incrementally), Empty points.
  int stones(Color c) const {
    return is_stone(c) ? stones_[color_index(c)] : c == Color::Empty ? n_empty_ : 0;
  }

  // Text diagram, first row at the top, '.' empty, 'X' black, 'O' white.
  std::string to_string() const;

  // Recomputes chains, liberties, the empty list and the hash from the colours alone, and checks
  // that the incremental structure agrees (used by tests and fuzzers).
  bool check_consistency(std::string* why = nullptr) const;

  bool same_position(const BoardT& o) const;

 private:
  template <int>
  friend class BoardT;
  template <bool kRecord>
  void play_impl(Index i, Color c, Undo* u);
  void remove_chain(Index h, Color c);
  void add_empty(Index i) {
    next_[i] = Index(n_empty_);
    empty_[n_empty_++] = i;
  }
  void remove_empty(Index i) {
    Index pos = next_[i];
    Index last = empty_[--n_empty_];
    empty_[pos] = last;
    next_[last] = pos;
  }
  void rebuild_chain_from(Index i, uint8_t* seen);  // flood fill a chain, relabel, count libs
  void rebuild_all();

  uint8_t color_[kArea];
  Index next_[kArea];
  Index head_[kArea];
  Index libs_[kArea];
  Index empty_[Cap * Cap];
  uint64_t hash_ = 0;
  Index n_empty_ = 0;
  Index ko_ = kNoIndex;
  uint16_t captured_[2] = {0, 0};
  uint16_t stones_[2] = {0, 0};
  uint8_t width_ = 0, height_ = 0;
};

using Board = BoardT<kMaxBoardSize>;  // the referee's board: any size up to 25x25

extern template class BoardT<9>;
extern template class BoardT<13>;
extern template class BoardT<19>;
extern template class BoardT<25>;

}  // namespace jpd

#include "jpd/board_impl.hpp"
