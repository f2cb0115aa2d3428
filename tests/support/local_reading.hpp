// Exhaustive local reading for tests: whether a side can capture some of the given stones by
// force when both sides play only on the given points (and the defender may pass). Tests use it
// to prove that a hand-built seki is one: neither side can capture anything, whoever starts.
#pragma once

#include <unordered_map>
#include <vector>

#include "jpd/board.hpp"

namespace jpd::test {

class LocalReading {
 public:
  enum class Result { captures, holds, too_big };

  // `attacker` tries to capture any stone of `targets` (stones of the other colour) with
  // `to_move` to play first; moves are made on `points` only (simple ko). The attacker never
  // passes (the defender would pass back and end the game); the defender may. Iterative
  // deepening up to `max_depth` plies, at most `max_nodes` positions.
  static Result read(const Board& position, Color attacker, const std::vector<Point>& targets,
                     Color to_move, const std::vector<Point>& points, int max_depth = 30,
                     long max_nodes = 2'000'000) {
    LocalReading r(attacker, targets, points, max_nodes);
    Board b = position;
    for (int depth = 2; depth <= max_depth; depth += 2) {
      if (r.search(b, to_move, depth)) return Result::captures;
      if (r.aborted_) return Result::too_big;
    }
    return Result::holds;
  }

 private:
  LocalReading(Color attacker, const std::vector<Point>& targets, const std::vector<Point>& points,
               long max_nodes)
      : attacker_(attacker), max_nodes_(max_nodes) {
    for (Point p : targets) targets_.push_back(Board::index(p));
    for (Point p : points) points_.push_back(Board::index(p));
  }

  bool captured(const Board& b) const {
    for (Board::Index t : targets_)
      if (b.at(t) != opponent(attacker_)) return true;
    return false;
  }

  // Whether the attacker captures with `to_move` to play and `depth` plies left.
  bool search(Board& b, Color to_move, int depth) {
    if (captured(b)) return true;
    if (depth == 0 || ++nodes_ > max_nodes_) {
      aborted_ |= nodes_ > max_nodes_;
      return false;
    }
    const uint64_t key = b.hash() ^ (uint64_t(to_move) * 0x9e3779b97f4a7c15ULL) ^
                         (uint64_t(b.ko_point()) * 0xc2b2ae3d27d4eb4fULL);
    if (auto it = seen_.find(key); it != seen_.end() && (it->second < 0 || it->second >= depth))
      return it->second < 0;
    const bool attacking = to_move == attacker_;
    // The attacker needs one move that captures; the defender one answer (a pass included)
    // that holds.
    bool decided = !attacking && !search(b, opponent(to_move), depth - 1);
    for (size_t k = 0; k < points_.size() && !decided; ++k) {
      const Board::Index i = points_[k];
      if (b.at(i) != Color::Empty || i == b.ko_point() || b.is_suicide(i, to_move)) continue;
      const Board::Undo u = b.play(i, to_move);
      const bool captures = search(b, opponent(to_move), depth - 1);
      b.undo(u);
      decided = attacking ? captures : !captures;
    }
    const bool captures = attacking ? decided : !decided;
    seen_[key] = captures ? -1 : depth;
    return captures;
  }

  Color attacker_;
  long max_nodes_;
  long nodes_ = 0;
  bool aborted_ = false;
  std::vector<Board::Index> targets_, points_;
  std::unordered_map<uint64_t, int> seen_;  // -1: captures; d >= 0: holds with d plies left
};

}  // namespace jpd::test
