// The estimator's playout: the light policy of playout.hpp (a uniformly random acceptable move)
// with a few additions that keep seki alive and settle chains in atari the way players would.
// Internal to the library; the policy is described in estimate.hpp.
#pragma once

#include <span>

#include "jpd/playout.hpp"

namespace jpd::estimator {

struct PolicyOptions {
  int max_self_atari = 2;  // a self-atari is acceptable only for a chain this small
  bool capture_atari = true;  // capture an opponent chain left in atari by the last move
  bool escape_atari = true;   // save an own chain put in atari by the last move, by extending
  uint32_t local_reply = 128;  // chance in 256 of answering next to the opponent's last move
};

// Whether c playing on the empty point i would leave its chain with exactly one liberty without
// capturing anything, the chain then having more than `max_size` stones. The caller has checked
// that the move is legal (not suicide).
template <int Cap>
bool bad_self_atari(const BoardT<Cap>& b, typename BoardT<Cap>::Index i, Color c, int max_size) {
  using B = BoardT<Cap>;
  using Index = typename B::Index;
  const Index n[4] = {B::up(i), B::left(i), B::right(i), B::down(i)};
  Index lib = B::kNoIndex;
  int empties = 0;
  for (Index j : n)
    if (b.at(j) == Color::Empty) {
      ++empties;
      lib = j;
    }
  if (empties >= 2) return false;
  const Color opp = opponent(c);
  // A capture gives liberties (and is how a ko or a snapback is taken): never a bad self-atari.
  for (Index j : n)
    if (b.at(j) == opp && b.pseudo_liberties(j) <= 4 && b.atari_liberty(j) == i) return false;
  Index heads[4];
  int nh = 0, size = 1;
  for (Index j : n) {
    if (b.at(j) != c) continue;
    const Index h = b.chain_head(j);
    bool seen = false;
    for (int k = 0; k < nh; ++k) seen |= heads[k] == h;
    if (seen) continue;
    heads[nh++] = h;
    bool more = false;
    int stones = 0;
    b.for_each_stone(j, [&](Index s) {
      ++stones;
      if (more) return;
      for (int d : B::kDirs) {
        const Index e = Index(s + d);
        if (e == i || b.at(e) != Color::Empty) continue;
        if (lib == B::kNoIndex) lib = e;
        else if (e != lib) more = true;
      }
    });
    if (more) return false;
    size += stones;
  }
  return size > max_size;
}

// A stone of the opponent of c next to `last` whose chain is in atari: its liberty, or kNoIndex.
template <int Cap>
typename BoardT<Cap>::Index capture_near(const BoardT<Cap>& b, typename BoardT<Cap>::Index last,
                                         Color c) {
  using B = BoardT<Cap>;
  using Index = typename B::Index;
  if (last == B::kNoIndex || b.at(last) != opponent(c)) return B::kNoIndex;
  // The chain of the last move itself, and opponent chains next to it.
  const Index cand[5] = {last, B::up(last), B::left(last), B::right(last), B::down(last)};
  for (Index j : cand) {
    if (b.at(j) != opponent(c) || b.pseudo_liberties(j) > 4) continue;
    const Index lib = b.atari_liberty(j);
    if (lib != B::kNoIndex && lib != b.ko_point() && playout_move_ok(b, lib, c)) return lib;
  }
  return B::kNoIndex;
}

// A chain of c next to the opponent's `last` move that is in atari, saved by extending on its
// liberty to two liberties or more: that liberty, or kNoIndex.
template <int Cap>
typename BoardT<Cap>::Index escape_near(const BoardT<Cap>& b, typename BoardT<Cap>::Index last,
                                        Color c) {
  using B = BoardT<Cap>;
  using Index = typename B::Index;
  if (last == B::kNoIndex || b.at(last) != opponent(c)) return B::kNoIndex;
  const Index cand[4] = {B::up(last), B::left(last), B::right(last), B::down(last)};
  for (Index j : cand) {
    if (b.at(j) != c || b.pseudo_liberties(j) > 4) continue;
    const Index lib = b.atari_liberty(j);
    if (lib == B::kNoIndex || !playout_move_ok(b, lib, c)) continue;
    if (!bad_self_atari(b, lib, c, 0)) return lib;  // two liberties or more after the move
  }
  return B::kNoIndex;
}

template <int Cap>
typename BoardT<Cap>::Index choose_move(BoardT<Cap>& b, Color c, Rng& rng,
                                        typename BoardT<Cap>::Index last, const PolicyOptions& o) {
  if (o.capture_atari) {
    const auto q = capture_near(b, last, c);
    if (q != BoardT<Cap>::kNoIndex) return q;
  }
  if (o.escape_atari) {
    const auto q = escape_near(b, last, c);
    if (q != BoardT<Cap>::kNoIndex) return q;
  }
  using B = BoardT<Cap>;
  auto acceptable = [&](typename B::Index q) {
    return playout_move_ok(b, q, c) && !bad_self_atari(b, q, c, o.max_self_atari);
  };
  if (o.local_reply && last != B::kNoIndex && rng.below(256) < o.local_reply) {
    // The eight neighbours of the last move, from a random one on.
    static constexpr int kRing[8] = {-B::kStride - 1, -B::kStride, -B::kStride + 1, 1,
                                     B::kStride + 1,  B::kStride,  B::kStride - 1,  -1};
    const int start = int(rng.below(8));
    for (int k = 0; k < 8; ++k) {
      const auto q = typename B::Index(last + kRing[(start + k) & 7]);
      if (b.at(q) == Color::Empty && acceptable(q)) return q;
    }
  }
  for (int n = b.empty_count(); n > 0; --n) {
    const int k = int(rng.below(uint32_t(n)));
    const auto q = b.empty_at(k);
    if (acceptable(q)) return q;
    b.swap_empty(k, n - 1);
  }
  return BoardT<Cap>::kNoIndex;
}

// One playout from b's position with `to_move` first, `last` the move before it (kNoIndex:
// none); b is left in the final position and `ownership` (width*height entries) receives its
// Tromp-Taylor owners (+1, -1, 0); returns the area score, Black minus White. first(b, c) may
// choose the playout's first move (kNoIndex: the policy chooses); hook(point, colour) is called
// before every move (kNoIndex: a pass).
template <int Cap, class First, class Hook>
int run_policy_playout(BoardT<Cap>& b, Color to_move, Rng& rng, const PolicyOptions& o,
                       typename BoardT<Cap>::Index last, First&& first, Hook&& hook,
                       std::span<int8_t> ownership) {
  using B = BoardT<Cap>;
  const int limit = 3 * b.points();
  Color c = to_move;
  int passes = 0;
  for (int played = 0; played < limit; ++played) {
    auto p = played == 0 ? first(b, c) : B::kNoIndex;
    if (p == B::kNoIndex) p = choose_move(b, c, rng, last, o);
    hook(p, c);
    if (p == B::kNoIndex) {
      b.clear_ko();
      if (++passes == 2) break;
    } else {
      b.play_fast(p, c);
      passes = 0;
    }
    last = p;
    c = opponent(c);
  }
  return area_score(b, ownership);
}

// The estimator's playout: the policy's moves from the first one.
template <int Cap>
void run_playout(BoardT<Cap>& b, Color to_move, Rng& rng, const PolicyOptions& o,
                 std::span<int8_t> ownership) {
  using Index = typename BoardT<Cap>::Index;
  run_policy_playout(
      b, to_move, rng, o, BoardT<Cap>::kNoIndex,
      [](const BoardT<Cap>&, Color) { return BoardT<Cap>::kNoIndex; }, [](Index, Color) {},
      ownership);
}

}  // namespace jpd::estimator
