// Capturing races (攻杀) for the estimator: chains of both colours that the playouts leave
// unsettled and that touch each other are read out by a small search instead of a coin flip.
#pragma once

#include <algorithm>
#include <bitset>
#include <unordered_map>
#include <utility>
#include <vector>

#include "jpd/board.hpp"

namespace jpd::estimator {

// Who captures first: +1 Black takes White's largest chain of the race, -1 White takes Black's,
// 0 neither (a seki, or more than the search can read).
struct RaceOutcome {
  int winner = 0;
  bool read = false;  // the search finished within its budget
};

// The race between the chains at `black` and `white` (one stone of each chain), `to_move` first.
// Moves: the liberties of the race's chains, and of the opponent chains next to them with at
// most two liberties (capturing them gains liberties); no self-atari that captures nothing,
// except, when reading with throw-ins, a throw-in (a chain of at most kThrowIn stones: a sacrifice that takes an eye away).
// A side whose largest chain of the race is that small loses nothing decisive when it is taken
// (it was a stone inside the other's eye space): the reading goes on, and two passes in a row
// end it, the side whose small chain was taken losing; else neither.
class Race {
 public:
  using Index = Board::Index;
  // throw_ins: read with the throw-ins and the small targets described above (the second
  // reading of a race the first finds neither side to capture).
  Race(std::vector<Index> black, std::vector<Index> white, int max_nodes, int max_ply,
       bool throw_ins = false)
      : black_(std::move(black)), white_(std::move(white)), max_nodes_(max_nodes),
        max_ply_(max_ply), throw_ins_(throw_ins) {}

  RaceOutcome run(const Board& pos, Color to_move) {
    auto largest = [&](const std::vector<Index>& chains) {
      Index best = chains.front();
      for (Index s : chains)
        if (pos.chain_size(s) > pos.chain_size(best)) best = s;
      return best;
    };
    black_target_ = largest(black_);
    white_target_ = largest(white_);
    black_small_ = throw_ins_ && pos.chain_size(black_target_) <= kThrowIn;
    white_small_ = throw_ins_ && pos.chain_size(white_target_) <= kThrowIn;
    const int v = value(pos, to_move, 0, -2, 2, 0);
    return RaceOutcome{aborted_ ? 0 : v, !aborted_};
  }

 private:
  // +1 when White's largest chain of the race is gone, -1 Black's; 0 otherwise. (Smaller
  // chains are pieces of the fight: a stone taken in passing decides nothing.)
  int decided(const Board& b) const {
    if (!white_small_ && b.at(white_target_) != Color::White) return 1;
    if (!black_small_ && b.at(black_target_) != Color::Black) return -1;
    return 0;
  }

  // Two passes in a row: a small target taken is lost; else neither.
  int at_rest(const Board& b) const {
    const bool white_gone = b.at(white_target_) != Color::White;
    const bool black_gone = b.at(black_target_) != Color::Black;
    if (white_gone != black_gone) return white_gone ? 1 : -1;
    return 0;
  }

  // The distinct liberties of the chain at i, counted up to `most`.
  static int liberties_up_to(const Board& b, Index i, int most) {
    Index seen[4];
    int n = 0;
    b.for_each_stone(i, [&](Index s) {
      for (int d : Board::kDirs) {
        const Index j = Index(s + d);
        if (n >= most || b.at(j) != Color::Empty || std::find(seen, seen + n, j) != seen + n) continue;
        seen[n++] = j;
      }
    });
    return n;
  }

  // Whether c's stone on the empty point m, capturing nothing, would leave its chain with fewer
  // than two liberties, and that chain's size: the position after the move, without making it.
  static std::pair<bool, int> self_atari(const Board& b, Index m, Color c) {
    Index seen[2];
    int n = 0, size = 1;
    Index heads[4];
    int chains = 0;
    auto liberty = [&](Index j) {
      if (j == m || b.at(j) != Color::Empty || n >= 2 || std::find(seen, seen + n, j) != seen + n) return;
      seen[n++] = j;
    };
    for (int d : Board::kDirs) {
      const Index j = Index(m + d);
      if (b.at(j) == Color::Empty) {
        liberty(j);
      } else if (b.at(j) == c) {
        const Index h = b.chain_head(j);
        if (std::find(heads, heads + chains, h) != heads + chains) continue;
        heads[chains++] = h;
        size += b.chain_size(j);
        b.for_each_stone(j, [&](Index s) {
          for (int e : Board::kDirs) liberty(Index(s + e));
        });
      }
    }
    return {n < 2, size};
  }

  std::vector<Index> moves(const Board& b, Color c) const {
    std::vector<Index>& out = candidates_;
    out.clear();
    std::bitset<Board::kArea> in_out;
    auto add_liberties = [&](Index chain) {
      b.for_each_stone(chain, [&](Index s) {
        for (int d : Board::kDirs) {
          const Index j = Index(s + d);
          if (b.at(j) == Color::Empty && !in_out[j]) {
            in_out[j] = true;
            out.push_back(j);
          }
        }
      });
    };
    std::vector<Index>& looked = looked_;  // the opponent chains next to the race's, each once
    looked.clear();
    for (const auto& [side, colour] : {std::pair{&black_, Color::Black}, {&white_, Color::White}})
      for (Index s : *side) {
        const Color own = colour;  // (a copy: clang does not capture a structured binding)
        if (b.at(s) != own) continue;  // taken in passing
        add_liberties(s);
        // Opponent chains next to this one, short of liberties: taking them gains liberties.
        b.for_each_stone(s, [&](Index t) {
          for (int d : Board::kDirs) {
            const Index j = Index(t + d);
            if (!is_stone(b.at(j)) || b.at(j) == own) continue;
            const Index h = b.chain_head(j);
            if (std::find(looked.begin(), looked.end(), h) != looked.end()) continue;
            looked.push_back(h);
            if (liberties_up_to(b, j, 3) <= 2) add_liberties(j);
          }
        });
      }
    // Legal, and no self-atari that captures nothing.
    std::vector<Index> legal;
    legal.reserve(out.size() + 1);  // (and the pass value() adds: one allocation a node)
    for (Index m : out) {
      if (m == b.ko_point() || b.is_suicide(m, c)) continue;
      if (!b.captures(m, c)) {
        const auto [atari, size] = self_atari(b, m, c);
        if (atari && (!throw_ins_ || size > kThrowIn)) continue;
      }
      legal.push_back(m);
    }
    return legal;
  }

  int value(const Board& b, Color c, int passes, int alpha, int beta, int ply) {
    if (++nodes_ > max_nodes_) aborted_ = true;
    if (aborted_) return 0;
    if (const int d = decided(b)) return d;
    if (ply >= max_ply_) {
      aborted_ = true;  // too long to read: no decision
      return 0;
    }
    uint64_t key = b.hash() ^ detail::splitmix64(0x51ED270B27D2A5C5ull + b.ko_point());
    if (c == Color::White) key ^= 0x9E3779B97F4A7C15ull;
    if (passes) key ^= 0xC2B2AE3D27D4EB4Full;
    if (auto it = table_.find(key); it != table_.end()) return it->second;
    const int a0 = alpha, b0 = beta;
    const bool maximise = c == Color::Black;
    int best = maximise ? -2 : 2;
    std::vector<Index> ms = moves(b, c);
    ms.push_back(Board::kNoIndex);  // the pass
    for (Index m : ms) {
      int v;
      if (m == Board::kNoIndex) {
        if (passes >= 1) {
          v = at_rest(b);
        } else {
          Board t = b;
          t.clear_ko();
          v = value(t, opponent(c), 1, alpha, beta, ply + 1);
        }
      } else {
        Board t = b;
        t.play(m, c);
        v = value(t, opponent(c), 0, alpha, beta, ply + 1);
      }
      if (aborted_) return 0;
      best = maximise ? std::max(best, v) : std::min(best, v);
      if (maximise) alpha = std::max(alpha, v);
      else beta = std::min(beta, v);
      if (alpha >= beta) break;
    }
    // Only exact values are stored (a value outside the window is a bound).
    if (best > a0 && best < b0) table_[key] = best;
    return best;
  }

  static constexpr int kThrowIn = 2;
  std::vector<Index> black_, white_;
  Index black_target_ = 0, white_target_ = 0;
  bool black_small_ = false, white_small_ = false;
  int max_nodes_, max_ply_;
  bool throw_ins_ = false;
  int nodes_ = 0;
  bool aborted_ = false;
  std::unordered_map<uint64_t, int> table_;
  mutable std::vector<Index> looked_, candidates_;  // (moves' working lists, used again)
};

}  // namespace jpd::estimator
