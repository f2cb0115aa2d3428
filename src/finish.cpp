// Finishing a game that stopped before its dame were filled (finish.hpp): a small alpha-beta
// search over the finishing phase, with the greedy order as the fallback.
#include "jpd/finish.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <unordered_map>

#include "jpd/eye_reading.hpp"
#include "jpd/making.hpp"

namespace jpd {

namespace {

using Index = Board::Index;
using Mask = std::array<uint8_t, Board::kArea>;

Mask dead_mask(const Board& pos, const std::vector<Point>& dead_list) {
  Mask dead{};
  for (Point p : dead_list)
    if (p.inside(pos.width(), pos.height()) && is_stone(pos.at(p)))
      pos.for_each_stone(Board::index(p), [&](Index s) { dead[s] = 1; });
  return dead;
}

// The Japanese count of a position, Black minus White, up to a constant: territory once the dead
// stones still standing are gone, plus prisoners (stones captured on this board and dead stones
// still standing). A dead stone whose chain a living stone has joined (a capture next to it saved
// it) is alive. The territory is count()'s Japanese view: outside seki by the units of SPEC §7,
// or by the eye reading (eye_reading.hpp) when `read_eyes`.
int japanese_count(const Board& b, const Mask& dead, bool read_eyes) {
  int dead_on_board[2] = {0, 0};
  // The stones of the dead chains and their heads, kept per thread (a leaf of the search
  // allocates nothing).
  thread_local std::vector<Point> marked;
  thread_local std::vector<Index> heads;
  marked.clear();
  heads.clear();
  for (int y = 0; y < b.height(); ++y)
    for (int x = 0; x < b.width(); ++x) {
      const Index i = Board::index(x, y);
      if (!dead[i] || !is_stone(b.at(i)) || b.chain_head(i) != i) continue;
      bool all_dead = true;
      b.for_each_stone(i, [&](Index s) { all_dead = all_dead && dead[s]; });
      if (!all_dead) continue;
      heads.push_back(i);
      b.for_each_stone(i, [&](Index s) {
        ++dead_on_board[color_index(b.at(s))];
        marked.push_back(Board::point(s));
      });
    }
  std::array<int, 2> terr;
  if (read_eyes) {
    terr = EyeReadingMap::territory_counts(b, marked);
  } else {
    Board t = b;
    for (Index h : heads) t.remove_chain_at(h);
    AnalysisOptions o;
    o.exclusive_liberties = false;
    o.seki_territory = false;
    const Analysis a = Analysis::of(t, o);
    for (Color c : {Color::Black, Color::White}) terr[color_index(c)] = a.territory_outside_seki(c);
  }
  const int black = terr[0] + b.captured(Color::White) + dead_on_board[color_index(Color::White)];
  const int white = terr[1] + b.captured(Color::Black) + dead_on_board[color_index(Color::Black)];
  return black - white;
}

// The dame of the position: points of regions bordered by both colours once the dead stones are
// gone (never a seki liberty).
std::vector<Index> dame_of(const Board& pos, const Mask& dead) {
  Board after = pos;
  std::vector<std::pair<Index, Color>> removed;
  for (int y = 0; y < pos.height(); ++y)
    for (int x = 0; x < pos.width(); ++x)
      if (dead[Board::index(x, y)]) removed.push_back({Board::index(x, y), Color::Empty});
  after.set_stones(removed);
  AnalysisOptions o;
  o.exclusive_liberties = false;
  return Analysis::of(after, o).dame_points();
}

bool next_to_dead_own(const Board& b, const Mask& dead, Index i, Color c) {
  for (int d : Board::kDirs) {
    const Index j = Index(i + d);
    if (b.at(j) == c && dead[j]) return true;  // would join a dead chain to a living one
  }
  return false;
}

bool playable(const Board& b, Index i, Color c) {
  return b.at(i) == Color::Empty && i != b.ko_point() && !b.is_suicide(i, c);
}

// The greedy order (finish.hpp).
std::vector<Move> greedy(const Board& pos, const Mask& dead, const std::vector<Index>& dame,
                         Color to_move, bool after_pass) {
  const int w = pos.width(), h = pos.height();
  Board b = pos;
  std::vector<Move> moves;
  Color c = is_stone(to_move) ? to_move : Color::Black;
  int passes = after_pass ? 1 : 0;
  auto safe = [&](Index i, Color col) {
    if (!playable(b, i, col)) return false;
    if (b.captures(i, col)) return true;
    Board t = b;
    t.play(i, col);
    return t.liberties(i) >= 2;
  };
  for (int guard = 0; guard < 2 * w * h && passes < 2; ++guard) {
    Index move = 0;
    // A chain of c left in atari: defend it (inside c's own territory, this is a 手入れ).
    for (int y = 0; y < h && !move; ++y)
      for (int x = 0; x < w && !move; ++x) {
        Index i = Board::index(x, y);
        if (b.at(i) != c || dead[i] || b.chain_head(i) != i) continue;
        Index lib = b.atari_liberty(i);
        if (lib && safe(lib, c)) move = lib;
      }
    // Else a dame next to one of c's living stones that does not put c's chain in atari.
    for (size_t k = 0; k < dame.size() && !move; ++k) {
      const Index i = dame[k];
      if (b.at(i) != Color::Empty) continue;
      bool next_to_own = false;
      for (int d : Board::kDirs) next_to_own |= b.at(Index(i + d)) == c && !dead[Index(i + d)];
      if (next_to_own && !next_to_dead_own(b, dead, i, c) && safe(i, c)) move = i;
    }
    if (move) {
      b.play(move, c);
      moves.push_back(Move::play(c, Board::point(move)));
      passes = 0;
    } else {
      moves.push_back(Move::pass(c));
      b.clear_ko();
      ++passes;
    }
    c = opponent(c);
  }
  while (!moves.empty() && moves.back().kind == MoveKind::pass) moves.pop_back();
  return moves;
}

// Alpha-beta over the finishing phase; values are Black minus White.
class Search {
 public:
  // Lines longer than max_ply are counted as they stand.
  Search(const Board& start, const Mask& dead, std::vector<Index> dame, int max_ply,
         int max_nodes, bool read_eyes)
      : dead_(dead), dame_(std::move(dame)), max_ply_(max_ply), max_nodes_(max_nodes),
        read_eyes_(read_eyes) {
    // The kos open when the game stopped: their captures are not played, and the holder must
    // connect before it passes (as the estimator assumes, the holder connects); a ko made while
    // finishing is taken by whoever can take it first (no ko threats are left at this stage).
    // (A ko its last move just took counts too: the ban lasts one move.)
    Board free = start;
    free.clear_ko();
    for (int y = 0; y < start.height(); ++y)
      for (int x = 0; x < start.width(); ++x) {
        const Index i = Board::index(x, y);
        for (Color c : {Color::Black, Color::White}) {
          if (!playable(free, i, c) || !free.captures(i, c)) continue;
          Board t = free;
          t.play(i, c);
          // (a ko that takes a dead stone is no ko to connect: the stone is a prisoner already)
          if (t.ko_point() != Board::kNoIndex && !dead_[t.ko_point()]) open_kos_.push_back({i, c});
        }
      }
  }
  // Whether c still has to connect one of the kos open at the start (its opponent could take it).
  bool must_connect(const Board& b, Color c) const {
    for (const auto& [i, taker] : open_kos_) {
      if (taker != opponent(c) || !playable(b, i, taker) || !b.captures(i, taker)) continue;
      Board t = b;
      t.play(i, taker);
      if (t.ko_point() != Board::kNoIndex) return true;
    }
    return false;
  }
  bool open_ko(Index i, Color c) const {
    return std::find(open_kos_.begin(), open_kos_.end(), std::pair{i, c}) != open_kos_.end();
  }

  bool aborted() const { return aborted_; }
  bool reached_limit() const { return reached_limit_; }
  int nodes() const { return nodes_; }

  // The value of the position with c to move after `passes` passes in a row.
  int value(const Board& b, Color c, int passes, int alpha, int beta, int ply) {
    if (++nodes_ > max_nodes_) aborted_ = true;
    if (aborted_) return 0;
    const uint64_t key = key_of(b, c, passes);
    const int depth = max_ply() - ply;  // plies left before a line is counted as it stands
    Index hint = kNoMove;  // the best move of an earlier search of this position, tried first
    if (auto it = table_.find(key); it != table_.end()) {
      const Entry& e = it->second;
      hint = e.best;
      if (e.depth >= depth) {
        if (e.kind == Entry::exact) return e.value;
        if (e.kind == Entry::lower && e.value >= beta) return e.value;
        if (e.kind == Entry::upper && e.value <= alpha) return e.value;
      }
    }
    const int a0 = alpha, b0 = beta;
    int best;
    Index best_move = kNoMove;
    if (ply >= max_ply()) {
      best = japanese_count(b, dead_, read_eyes_);  // a line this long: counted as it stands
      reached_limit_ = true;
    } else {
      const bool maximise = c == Color::Black;
      best = maximise ? std::numeric_limits<int>::min() : std::numeric_limits<int>::max();
      std::vector<Index> moves = candidates(b, c);
      if (hint != kNoMove)
        if (auto h = std::find(moves.begin(), moves.end(), hint); h != moves.end())
          std::rotate(moves.begin(), h, h + 1);
      for (const Index m : moves) {
        const int v = child(b, c, m, passes, alpha, beta, ply);
        if (aborted_) return 0;
        if (maximise ? v > best : v < best) {
          best = v;
          best_move = m;
        }
        if (maximise) alpha = std::max(alpha, v);
        else beta = std::min(beta, v);
        if (alpha >= beta) break;
      }
    }
    Entry e;
    e.value = best;
    e.best = best_move;
    e.depth = depth;
    e.kind = best <= a0 ? Entry::upper : best >= b0 ? Entry::lower : Entry::exact;
    table_[key] = e;
    return best;
  }

  // The best of c's candidates in the position (kNoIndex to pass): the move the search stored
  // for it, else the first candidate whose value is the position's.
  Index best_move(const Board& b, Color c, int passes, int ply) {
    constexpr int kInf = std::numeric_limits<int>::max() / 2;
    const int v = value(b, c, passes, -kInf, kInf, ply);
    if (aborted_) return Board::kNoIndex;
    if (auto it = table_.find(key_of(b, c, passes));
        it != table_.end() && it->second.kind == Entry::exact && it->second.value == v &&
        it->second.best != kNoMove)
      return it->second.best;
    for (const Index m : candidates(b, c)) {
      const int mv = child(b, c, m, passes, -kInf, kInf, ply);
      if (aborted_) return Board::kNoIndex;
      if (mv == v) return m;
    }
    return Board::kNoIndex;
  }
  // The value of c's move m (kNoIndex: a pass) from b: a second pass in a row ends the game and
  // counts it. (candidates() leaves out the taking of a ko open at the start.)
  int child(const Board& b, Color c, Index m, int passes, int alpha, int beta, int ply) {
    if (m == Board::kNoIndex && passes >= 1) return japanese_count(b, dead_, read_eyes_);
    Board t = b;
    if (m == Board::kNoIndex) {
      t.clear_ko();
      return value(t, opponent(c), passes + 1, alpha, beta, ply + 1);
    }
    t.play(m, c);
    return value(t, opponent(c), 0, alpha, beta, ply + 1);
  }
  // The moves worth trying for c: captures and defences of chains in atari, defences of c's
  // chains with two liberties (a shortage of liberties the dame would turn into an atari), the
  // dame, the pass (kNoIndex), in that order.
  std::vector<Index> candidates(const Board& b, Color c) const {
    std::vector<Index> out;
    auto add = [&](Index i) {
      if (std::find(out.begin(), out.end(), i) != out.end()) return;
      if (b.captures(i, c) && open_ko(i, c)) {  // the taking of a ko open at the start
        Board t = b;
        t.play(i, c);
        if (t.ko_point() != Board::kNoIndex) return;
      }
      out.push_back(i);
    };
    // Liberties c's chain at i has after c plays there (a large number for a capture).
    auto liberties_after = [&](Index i) {
      if (b.captures(i, c)) return 99;
      Board t = b;
      t.play(i, c);
      return t.liberties(i);
    };
    std::vector<Index> two;
    for (int y = 0; y < b.height(); ++y)
      for (int x = 0; x < b.width(); ++x) {
        const Index i = Board::index(x, y);
        if (!is_stone(b.at(i)) || b.chain_head(i) != i) continue;
        const Index lib = b.atari_liberty(i);
        if (dead_[i]) {
          // c takes the opponent's dead stones in atari (they may be what shorts c's own
          // liberties); never joins its own dead stones.
          if (b.at(i) != c && lib && can_play(b, lib, c)) add(lib);
          continue;
        }
        // Taking a chain in atari may save one's own dead stones next to it; a defence must
        // give the chain a second liberty.
        if (lib && playable(b, lib, c)) {
          if (b.at(i) != c) add(lib);
          else if (!next_to_dead_own(b, dead_, lib, c) && liberties_after(lib) >= 2) add(lib);
        }
        // A chain of c with two liberties: a move that gives it a third (before a dame filled
        // by the opponent leaves it short).
        if (!lib && b.at(i) == c && b.liberties(i) == 2) {
          b.for_each_stone(i, [&](Index s) {
            for (int d : Board::kDirs) {
              const Index j = Index(s + d);
              if (b.at(j) == Color::Empty && can_play(b, j, c) &&
                  std::find(two.begin(), two.end(), j) == two.end() && liberties_after(j) >= 3)
                two.push_back(j);
            }
          });
        }
      }
    for (const Index j : two) add(j);
    // A dame, unless it puts c's own chain in atari.
    for (const Index i : dame_)
      if (can_play(b, i, c) && liberties_after(i) >= 2) add(i);
    // The holder of a ko open at the start connects it before it may pass.
    if (out.empty() || !must_connect(b, c)) out.push_back(Board::kNoIndex);
    return out;
  }

 private:
  struct Entry {
    enum Kind : uint8_t { exact, lower, upper };
    int value = 0;
    Index best = kNoMove;
    int depth = 0;  // plies that were left when it was searched
    Kind kind = exact;
  };
  static constexpr Index kNoMove = Index(0xFFFF);  // (kNoIndex is the pass)
  int max_ply() const { return max_ply_; }
  // Playable, and not joining one of c's dead chains to its living ones.
  bool can_play(const Board& b, Index i, Color c) const {
    return playable(b, i, c) && !next_to_dead_own(b, dead_, i, c);
  }
  static uint64_t key_of(const Board& b, Color c, int passes) {
    // The same stones with other prisoners count differently: the captures are part of the key.
    uint64_t k = b.hash() ^ detail::splitmix64(0xF1E2D3C4B5A69788ull + b.ko_point()) ^
                 detail::splitmix64(0x3C6EF372FE94F82Bull + uint64_t(b.captured(Color::Black)) +
                                    (uint64_t(b.captured(Color::White)) << 16));
    if (c == Color::White) k ^= 0x9E3779B97F4A7C15ull;
    if (passes) k ^= 0xC2B2AE3D27D4EB4Full;
    return k;
  }

  const Mask& dead_;
  std::vector<Index> dame_;
  int max_ply_;
  int max_nodes_;
  bool read_eyes_;
  std::vector<std::pair<Index, Color>> open_kos_;  // the captures of the kos open at the start
  int nodes_ = 0;
  bool aborted_ = false;
  bool reached_limit_ = false;
  std::unordered_map<uint64_t, Entry> table_;
};

// Whether the moves can be played one after the other on `b` (empty point, no ko, no suicide).
bool playable_line(Board b, const std::vector<Move>& moves) {
  for (const Move& m : moves) {
    if (m.kind == MoveKind::pass) {
      b.clear_ko();
      continue;
    }
    const Index i = Board::index(m.point);
    if (!playable(b, i, m.color)) return false;
    b.play(i, m.color);
  }
  return true;
}

}  // namespace

Finish finish_game(const Board& pos, const std::vector<Point>& dead_list, Color to_move,
                   const FinishOptions& opts) {
  const Mask dead = dead_mask(pos, dead_list);
  const std::vector<Index> dame = dame_of(pos, dead);
  const Color first = is_stone(to_move) ? to_move : Color::Black;
  Finish f;
  // Iterative deepening: lines of 2 plies a dame and 4 more, then 8 more, ... while the node
  // budget lasts; the deepest search that finished gives the line.
  int budget = dame.size() > size_t(opts.max_dame) ? 0 : opts.max_nodes;
  int previous = 0;
  bool have_previous = false;
  for (int extra = 4; budget > 0 && extra <= 4 * pos.points(); extra += 4) {
    // The search plays on the record's board, dead stones included: their shortage of liberties,
    // and the one they cause, are part of the finishing.
    Search s(pos, dead, dame, 2 * int(dame.size()) + extra, budget, opts.read_eyes);
    constexpr int kInf = std::numeric_limits<int>::max() / 2;
    const int before = opts.after_pass ? 1 : 0;
    const int root = s.value(pos, first, before, -kInf, kInf, 0);
    std::vector<Move> line;
    int passes = before;
    // The line: at each step the move the search finds best.
    Board b = pos;
    Color c = first;
    for (int ply = 0; !s.aborted() && passes < 2 && ply < 4 * b.points(); ++ply) {
      const Index m = s.best_move(b, c, passes, ply);
      if (s.aborted()) break;
      if (m == Board::kNoIndex) {
        line.push_back(Move::pass(c));
        b.clear_ko();
        ++passes;
      } else {
        line.push_back(Move::play(c, Board::point(m)));
        b.play(m, c);
        passes = 0;
      }
      c = opponent(c);
    }
    f.nodes += s.nodes();
    budget -= s.nodes();
    if (s.aborted() || passes != 2) break;
    while (!line.empty() && line.back().kind == MoveKind::pass) line.pop_back();
    if (!playable_line(pos, line)) break;
    f.moves = std::move(line);
    f.searched = true;
    f.value = root - japanese_count(pos, dead, opts.read_eyes);
    // Done when no line was cut short (deeper would find the same), or when the value is the one
    // of the depth before.
    if (!s.reached_limit() || (have_previous && root == previous)) break;
    previous = root;
    have_previous = true;
  }
  if (f.searched) return f;
  f.moves = greedy(pos, dead, dame, first, opts.after_pass);
  f.moves.shrink_to_fit();
  return f;
}

std::vector<Move> finishing_moves(const Board& pos, const std::vector<Point>& dead, Color to_move,
                                  const FinishOptions& opts) {
  return finish_game(pos, dead, to_move, opts).moves;
}

}  // namespace jpd
