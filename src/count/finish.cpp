// Finishing a game that stopped before its end (finish.hpp): the boundary, its local regions,
// the simple dame, a search over the rest, and the fixed order as the fallback.
#include "jpd/finish.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <deque>
#include <functional>
#include <limits>
#include <memory>
#include <numeric>
#include <span>
#include <unordered_map>

#include "jpd/eye_reading.hpp"
#include "jpd/making.hpp"

namespace jpd {

namespace {

using Index = Board::Index;
using Mask = std::array<uint8_t, Board::kArea>;

template <class F>
void for_points(const Board& b, F&& f) {
  for (int y = 0; y < b.height(); ++y)
    for (int x = 0; x < b.width(); ++x) f(Board::index(x, y));
}

Mask dead_mask(const Board& pos, const std::vector<Point>& dead_list) {
  Mask dead{};
  for (Point p : dead_list)
    if (p.inside(pos.width(), pos.height()) && is_stone(pos.at(p)))
      pos.for_each_stone(Board::index(p), [&](Index s) { dead[s] = 1; });
  return dead;
}

// The points of a mask, in board order.
std::vector<Index> points_of(const Board& b, const Mask& m) {
  std::vector<Index> out;
  for_points(b, [&](Index i) {
    if (m[i]) out.push_back(i);
  });
  return out;
}

// The stones that count as dead now: chains whose every stone is marked dead (a dead chain that a
// living stone has joined is alive), from the list of the points marked dead (`dead_points`,
// those of `dead`: a caller that counts many positions lists them once).
Mask dead_chains(const Board& b, const Mask& dead, std::span<const Index> dead_points) {
  Mask out{};
  for (Index i : dead_points) {
    if (out[i] || !is_stone(b.at(i))) continue;
    bool all = true;
    b.for_each_stone(i, [&](Index s) { all = all && dead[s]; });
    if (all) b.for_each_stone(i, [&](Index s) { out[s] = 1; });
  }
  return out;
}

Mask dead_chains(const Board& b, const Mask& dead) { return dead_chains(b, dead, points_of(b, dead)); }

// The empty points of a chain, each once, into `out` (cleared first).
void liberties_of(const Board& b, Index chain, std::vector<Index>& out) {
  out.clear();
  b.for_each_stone(chain, [&](Index s) {
    for (int d : Board::kDirs) {
      const Index j = Index(s + d);
      if (b.at(j) == Color::Empty && std::find(out.begin(), out.end(), j) == out.end())
        out.push_back(j);
    }
  });
}

// For every point that is empty or a dead stone: the colours of the living stones bordering its
// region of such points (bit 1 Black, bit 2 White); 0 on living stones.
Mask living_borders(const Board& b, const Mask& dead_now) {
  Mask border{};
  std::array<int16_t, Board::kArea> region;
  region.fill(-1);
  thread_local std::vector<Index> stack, pts;
  int n = 0;
  for_points(b, [&](Index s0) {
    const bool open = b.at(s0) == Color::Empty || dead_now[s0];
    if (!open || region[s0] >= 0) return;
    uint8_t m = 0;
    pts.clear();
    stack.assign(1, s0);
    region[s0] = int16_t(n);
    while (!stack.empty()) {
      const Index s = stack.back();
      stack.pop_back();
      pts.push_back(s);
      for (int d : Board::kDirs) {
        const Index j = Index(s + d);
        const Color cj = b.at(j);
        if (cj == Color::Edge) continue;
        if (cj == Color::Empty || dead_now[j]) {
          if (region[j] < 0) {
            region[j] = int16_t(n);
            stack.push_back(j);
          }
        } else {
          m |= uint8_t(cj);
        }
      }
    }
    for (Index s : pts) border[s] = m;
    ++n;
  });
  return border;
}

// The territory counts (Black, White) of the eye reading already made in one finish, by the
// position's stones and the stones counted dead (a key of both hashes): the stages and regions of
// a finish meet the same positions again, and a reading costs far more than a look-up.
using TerritoryCache = std::unordered_map<uint64_t, std::array<int, 2>>;

// What the count needs besides the board: the stones found dead, and the points that were one
// side's territory when the reading began (the other side's stones there count as dead).
struct Eval {
  const Mask& dead;
  const FinishOptions& opts;
  const std::array<Color, Board::kArea>* owner = nullptr;  // territory owner at the start, or none
  TerritoryCache* territory = nullptr;  // the finish's readings, or none
  const std::vector<Index>* dead_points = nullptr;  // the points of `dead`, or none (then looked for)
};

// The stones counted dead: chains marked dead whole, and invaders (Eval::owner): chains every
// stone of which stands on the other side's territory (they do not live there at the end of a
// game; a chain that reached its own side's stones is no invader).
Mask counted_dead(const Board& b, const Eval& e) {
  Mask now = e.dead_points ? dead_chains(b, e.dead, *e.dead_points) : dead_chains(b, e.dead);
  if (!e.owner) return now;
  for_points(b, [&](Index i) {
    const Color c = b.at(i);
    // (the head's own point first: most chains stand on no territory of the other side)
    if (!is_stone(c) || now[i] || (*e.owner)[i] != opponent(c) || b.chain_head(i) != i) return;
    bool invader = true;
    b.for_each_stone(i, [&](Index s) { invader = invader && (*e.owner)[s] == opponent(c); });
    if (invader) b.for_each_stone(i, [&](Index s) { now[s] = 1; });
  });
  return now;
}

// The territory count (Japanese), Black minus White up to a constant: territory once the dead
// stones still standing are gone, plus prisoners (stones captured on this board and dead stones
// still standing). The territory is count()'s Japanese view: by the regions bordered by one
// colour, or by the eye reading when `read_eyes`.
int territory_score(const Board& b, const Eval& e) {
  int dead_on_board[2] = {0, 0};
  thread_local std::vector<Point> marked;
  marked.clear();
  const Mask now = counted_dead(b, e);
  for_points(b, [&](Index i) {
    if (!now[i]) return;
    ++dead_on_board[color_index(b.at(i))];
    marked.push_back(Board::point(i));
  });
  std::array<int, 2> terr;
  if (e.opts.read_eyes) {
    if (!e.territory) {
      terr = EyeReadingMap::territory_counts(b, marked);
    } else {
      uint64_t key = b.hash();
      for (Point p : marked) key ^= detail::splitmix64(0x8BB84B93962EACC9ull + uint64_t(Board::index(p)));
      auto it = e.territory->find(key);
      if (it == e.territory->end()) it = e.territory->emplace(key, EyeReadingMap::territory_counts(b, marked)).first;
      terr = it->second;
    }
  } else {
    // count()'s Japanese view without the eye reading: the owned points of the units that are
    // not in seki (SPEC §7), or of every unit (FinishOptions::seki_eyes).
    Board t = b;
    for (Point p : marked)
      if (is_stone(t.at(p))) t.remove_chain_at(Board::index(p));
    AnalysisOptions o;
    o.exclusive_liberties = false;
    o.seki_territory = e.opts.seki_eyes;
    const Analysis a = Analysis::of(t, o);
    for (Color c : {Color::Black, Color::White})
      terr[color_index(c)] = e.opts.seki_eyes ? a.territory(c) : a.territory_outside_seki(c);
  }
  const int black = terr[0] + b.captured(Color::White) + dead_on_board[color_index(Color::White)];
  const int white = terr[1] + b.captured(Color::Black) + dead_on_board[color_index(Color::Black)];
  return black - white;
}

// The area count, Black minus White: living stones and the points (empty or dead stones) of the
// regions bordered by one colour's living stones only. (The finish counts a position at every
// node it reads under area counting, so the regions are grown a row at a time, as bits: the
// points each colour's living stones reach through open points, and those reached by one only.)
int area_score(const Board& b, const Eval& e) {
  const Mask now = counted_dead(b, e);
  const int h = b.height();
  using Row = uint32_t;  // bit x: the point (x, y) of row y + 1; rows 0 and h + 1 stay empty
  static_assert(Board::kCap <= 32);
  std::array<Row, Board::kCap + 2> open{}, alive[2]{}, reach[2]{};
  int s = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < b.width(); ++x) {
      const Index i = Board::index(x, y);
      const Color c = b.at(i);
      if (c == Color::Empty || now[i]) open[size_t(y + 1)] |= Row(1) << x;
      else {
        alive[color_index(c)][size_t(y + 1)] |= Row(1) << x;
        s += c == Color::Black ? 1 : -1;
      }
    }
  auto popcount = [](Row r) {  // (std::popcount is a library call on the default x86-64 target)
    int n = 0;
    for (; r; r &= r - 1) ++n;
    return n;
  };
  for (int k = 0; k < 2; ++k) {
    const auto& a = alive[k];
    auto& r = reach[k];
    for (int y = 1; y <= h; ++y)
      r[size_t(y)] = open[size_t(y)] & (a[size_t(y)] << 1 | a[size_t(y)] >> 1 | a[size_t(y - 1)] |
                                        a[size_t(y + 1)]);
    // Sweeps down and up, each row taking what its neighbours reached and spreading along its
    // runs of open points, until a sweep changes nothing.
    auto take = [&](int y) {
      const Row o = open[size_t(y)];
      Row row = r[size_t(y)] | (o & (r[size_t(y - 1)] | r[size_t(y + 1)]));
      for (Row next = row; (next = (row | row << 1 | row >> 1) & o) != row;) row = next;
      const bool changed = row != r[size_t(y)];
      r[size_t(y)] = row;
      return changed;
    };
    for (bool changed = true; changed;) {
      changed = false;
      for (int y = 1; y <= h; ++y) changed |= take(y);
      for (int y = h; y >= 1; --y) changed |= take(y);
    }
  }
  for (int y = 1; y <= h; ++y) {
    s += popcount(reach[0][size_t(y)] & ~reach[1][size_t(y)]);
    s -= popcount(reach[1][size_t(y)] & ~reach[0][size_t(y)]);
  }
  return s;
}

int score(const Board& b, const Eval& e) {
  return e.opts.scoring == FinishScoring::area ? area_score(b, e) : territory_score(b, e);
}
int score(const Board& b, const Mask& dead, const FinishOptions& o) { return score(b, Eval{dead, o}); }

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

// The liberties of the chain at the stone i, counted up to `cap` (at most four): the chain is
// walked only until `cap` distinct ones are found (Board::liberties walks it whole and clears a
// mark for every point of the board, which the reading asks for at every position it makes).
int liberties_up_to(const Board& b, Index i, int cap) {
  Index found[4];
  int n = 0;
  const Index h = b.chain_head(i);
  Index s = h;
  do {
    for (int d : Board::kDirs) {
      const Index j = Index(s + d);
      if (b.at(j) != Color::Empty || std::find(found, found + n, j) != found + n) continue;
      found[n++] = j;
      if (n == cap) return n;
    }
    s = b.next_in_chain(s);
  } while (s != h);
  return n;
}

// Whether c's stone on the empty point i would have two liberties or more (a capture counts as
// enough): the chains of c next to i are walked only until a second liberty is found.
bool two_liberties_after(const Board& b, Index i, Color c) {
  if (b.captures(i, c)) return true;
  Index first = Board::kNoIndex;
  auto second = [&](Index j) {  // j is a liberty, and another than one found before
    if (j == i || b.at(j) != Color::Empty) return false;
    if (first == Board::kNoIndex) first = j;
    return j != first;
  };
  for (int d : Board::kDirs)
    if (second(Index(i + d))) return true;
  for (int d : Board::kDirs) {
    const Index j = Index(i + d);
    if (b.at(j) != c) continue;
    const Index h = b.chain_head(j);
    Index s = h;
    do {
      for (int e : Board::kDirs)
        if (second(Index(s + e))) return true;
      s = b.next_in_chain(s);
    } while (s != h);
  }
  return false;
}

// ------------------------------------------------------------------------------------------------
// Passes 1 and 2: the boundary and its local regions.

struct Regions {
  std::vector<Index> points;  // the boundary
  std::vector<int> parent;    // union-find over points
  std::vector<uint8_t> short_liberty;  // a liberty of a chain the boundary leaves short
  std::array<int16_t, Board::kArea> slot;  // position in points, or -1
  // Whose territory a point inside one is (its owner plays there to defend; the other side only
  // to put a chain of the owner in atari, and such a stone counts as dead while the owner can
  // take it: Eval::owner), or Empty for a boundary point.
  std::array<Color, Board::kArea> owner;

  Regions() {
    slot.fill(-1);
    owner.fill(Color::Empty);
  }
  bool has(Index i) const { return slot[i] >= 0; }
  bool add(Index i) {
    if (has(i)) return false;
    slot[i] = int16_t(points.size());
    points.push_back(i);
    parent.push_back(int(parent.size()));
    short_liberty.push_back(0);
    return true;
  }
  int find(int k) {
    while (parent[size_t(k)] != k) k = parent[size_t(k)] = parent[size_t(parent[size_t(k)])];
    return k;
  }
  void join(Index a, Index b) {
    const int ra = find(slot[a]), rb = find(slot[b]);
    if (ra != rb) parent[size_t(ra)] = rb;
  }
  // Couplings (points that are liberties of one short chain) are joined after the points that
  // touch, and only while the region stays small enough to read: a larger one is read in parts,
  // each again on the board the others' lines leave (play_stage).
  std::vector<std::pair<Index, Index>> couplings;
  void couple(Index a, Index b) { couplings.push_back({a, b}); }
  void join_couplings(size_t cap) {
    std::vector<int> size(points.size(), 0);
    for (size_t k = 0; k < points.size(); ++k) ++size[size_t(find(int(k)))];
    for (const auto& [a, b] : couplings) {
      const int ra = find(slot[a]), rb = find(slot[b]);
      if (ra == rb || size_t(size[size_t(ra)] + size[size_t(rb)]) > cap) continue;
      parent[size_t(ra)] = rb;
      size[size_t(rb)] += size[size_t(ra)];
    }
  }
};

constexpr size_t kRegionCap = 10;  // points a region may grow to by couplings
constexpr int kWeak = 1;  // a chain this many liberties short of being taken is weak

// Points that touch are one region; so are, while the region stays small, the points next to one
// chain with two liberties or fewer (a move at one of them changes what the others can do) and
// the couplings found before.
void join_through_short_chains(const Board& b, Regions& r) {
  for (Index i : r.points)
    for (int d : Board::kDirs)
      if (r.has(Index(i + d))) r.join(i, Index(i + d));
  for_points(b, [&](Index h) {
    if (!is_stone(b.at(h)) || b.chain_head(h) != h || liberties_up_to(b, h, 3) > 2) return;
    Index first = 0;
    b.for_each_stone(h, [&](Index st) {
      for (int d : Board::kDirs) {
        const Index j = Index(st + d);
        if (!r.has(j)) continue;
        if (first) r.couple(j, first);
        else first = j;
      }
    });
  });
  r.join_couplings(kRegionCap);
}

// Calls take(l) for every liberty `libs` of the living chain h, then for those of every dead
// chain next to it (dlibs: scratch).
template <class F>
void for_liberties_around(const Board& b, const Mask& now, Index h, const std::vector<Index>& libs,
                          std::vector<Index>& dlibs, F&& take) {
  for (Index l : libs) take(l);
  b.for_each_stone(h, [&](Index s) {
    for (int d : Board::kDirs) {
      const Index j = Index(s + d);
      if (!is_stone(b.at(j)) || !now[j]) continue;
      liberties_of(b, j, dlibs);
      for (Index l : dlibs) take(l);
    }
  });
}

Regions find_regions(const Board& b, const Mask& dead) {
  Regions r;
  const Mask now = dead_chains(b, dead);
  const Mask border = living_borders(b, now);
  for_points(b, [&](Index i) {
    if (b.at(i) == Color::Empty && border[i] == 3) r.add(i);
  });
  // Chains in atari, whatever their colour and status: taking or saving them (the search also
  // finds such moves as they arise).
  for_points(b, [&](Index i) {
    if (!is_stone(b.at(i)) || b.chain_head(i) != i) return;
    if (const Index lib = b.atari_liberty(i)) {
      r.add(lib);
      r.short_liberty[size_t(r.slot[lib])] = 1;
    }
  });
  // Chains that the filling of the boundary would leave with two liberties or fewer: their
  // liberties and those of the dead chains next to them are one region (who fills the boundary
  // decides whether a defence is needed, and a throw-in may force one).
  std::vector<Index> libs, dlibs;
  for_points(b, [&](Index h) {
    if (!is_stone(b.at(h)) || now[h] || b.chain_head(h) != h) return;
    liberties_of(b, h, libs);
    int on_boundary = 0;
    for (Index l : libs) on_boundary += r.has(l);
    if (on_boundary == 0 || int(libs.size()) - on_boundary > kWeak) return;
    // (its other liberties, and those of the dead chains next to it, are inside its own
    // territory: points of its owner's, where the other side throws in or cuts)
    const Color owner = b.at(h);
    Index first = 0;
    auto take = [&](Index l) {
      if (!r.has(l)) {
        r.add(l);
        r.owner[l] = owner;
      }
      r.short_liberty[size_t(r.slot[l])] = 1;
      if (first) r.couple(l, first);
      else first = l;
    };
    for_liberties_around(b, now, h, libs, dlibs, take);
  });
  join_through_short_chains(b, r);
  return r;
}

// The weaknesses of a position whose boundary is filled: the liberties of every living chain left
// with two liberties or fewer, all inside its own territory (a throw-in or a cut there may force
// a defence), with the liberties of the dead chains next to it (taking them is a defence); the
// liberties of one chain, and points that touch, are one region. owner: for every empty point
// and dead stone, the colour whose territory it is (Empty for none).
Regions shortage_regions(const Board& b, const Mask& dead) {
  Regions r;
  std::array<Color, Board::kArea>& owner = r.owner;
  const Mask now = dead_chains(b, dead);
  const Mask border = living_borders(b, now);
  owner.fill(Color::Empty);
  for_points(b, [&](Index i) {
    if (b.at(i) != Color::Empty && !now[i]) return;
    if (border[i] == uint8_t(Color::Black)) owner[i] = Color::Black;
    else if (border[i] == uint8_t(Color::White)) owner[i] = Color::White;
  });
  std::vector<Index> libs, dlibs;
  for_points(b, [&](Index h) {
    const Color c = b.at(h);
    if (!is_stone(c) || now[h] || b.chain_head(h) != h) return;
    liberties_of(b, h, libs);
    if (libs.empty() || libs.size() > 2) return;
    for (Index l : libs)
      if (owner[l] != c) return;
    Index first = 0;
    auto take = [&](Index l) {
      r.add(l);
      if (first) r.couple(l, first);
      else first = l;
    };
    for_liberties_around(b, now, h, libs, dlibs, take);
  });
  join_through_short_chains(b, r);
  return r;
}

// A simple dame: a region of one boundary point that either side can fill without joining its
// own dead stones, putting a chain in atari or taking anything.
bool simple_dame(const Board& b, const Mask& dead, Regions& r, Index i,
                 const std::vector<int>& region_size) {
  const int k = r.slot[i];
  if (r.short_liberty[size_t(k)] || region_size[size_t(r.find(k))] != 1) return false;
  for (Color c : {Color::Black, Color::White}) {
    if (!playable(b, i, c) || b.captures(i, c) || next_to_dead_own(b, dead, i, c)) return false;
    if (!two_liberties_after(b, i, c)) return false;
    for (int d : Board::kDirs) {
      const Index j = Index(i + d);
      if (b.at(j) == opponent(c) && liberties_up_to(b, j, 3) < 3) return false;
    }
  }
  return true;
}

// ------------------------------------------------------------------------------------------------
// Pass 4: the local games and their sum.

// The game of one region, read out: every position both sides can reach by playing in it (its
// points, and the captures and defences of the chains next to it that are in atari), with what
// each side may play there. A ko taken while finishing is never retaken (no ko threats are left);
// a ko open when the game stopped is not taken (its holder connects it when it likes).
struct LocalGame {
  struct Option {
    Index move;
    int child;
  };
  struct Node {
    int first[2] = {0, 0}, count[2] = {0, 0};  // options of Black [0] and White [1]
    int stop[2] = {0, 0};  // the local result with Black / White moving first, passes allowed
    // How the position is made: the move (by `colour`) from the node `parent` (-1 at the root).
    int parent = -1;
    Index move = Board::kNoIndex;
    Color colour = Color::Empty;
  };
  // The counts of the positions, each made when it is first asked for (counting a position, the
  // eye reading of the whole board under territory counting, costs far more than making it, and
  // about two fifths of the positions of a region read out are never asked for: a hot
  // position's stops do not depend on its own count). Shared by the copies of a game; what
  // `count` refers to (the stage's rules, dead stones and tables) outlives them.
  struct Counts {
    Board start;  // the position of node 0
    std::function<int(const Board&)> count;  // relative to the position as it stopped
    std::vector<int> value;
    std::vector<uint8_t> known;
  };
  std::vector<Node> nodes;  // 0: the position as it stopped
  std::vector<Option> options;
  bool complete = true;     // read to the end within the budget
  std::shared_ptr<Counts> counts = std::make_shared<Counts>();
  std::span<const Option> of(int node, Color c) const {
    const Node& n = nodes[size_t(node)];
    const int k = color_index(c);
    return {options.data() + n.first[k], size_t(n.count[k])};
  }
  void set_value(int id, int v) const {
    Counts& k = *counts;
    if (k.value.size() < nodes.size()) {
      k.value.resize(nodes.size(), 0);
      k.known.resize(nodes.size(), 0);
    }
    k.value[size_t(id)] = v;
    k.known[size_t(id)] = 1;
  }
  // The count of node id: its position made again from node 0 by the moves that first reached
  // it, and counted, once.
  int value(int id) const {
    Counts& k = *counts;
    if (size_t(id) < k.known.size() && k.known[size_t(id)]) return k.value[size_t(id)];
    thread_local std::vector<int> path;
    path.clear();
    for (int n = id; nodes[size_t(n)].parent >= 0; n = nodes[size_t(n)].parent) path.push_back(n);
    Board b = k.start;
    for (auto it = path.rbegin(); it != path.rend(); ++it)
      b.play(nodes[size_t(*it)].move, nodes[size_t(*it)].colour);
    const int v = k.count(b);
    set_value(id, v);
    return v;
  }
};

// Over the options of a node: Black's best (the most of its children's stops with White to move
// first) and White's (the least of its children's stops with Black first); -inf / +inf for a
// side without options. Passing: the other side moves first, and a second pass ends it.
std::pair<int, int> best_replies(const LocalGame& g, int id) {
  int bm = std::numeric_limits<int>::min() / 2, wm = std::numeric_limits<int>::max() / 2;
  for (const auto& o : g.of(id, Color::Black)) bm = std::max(bm, g.nodes[size_t(o.child)].stop[1]);
  for (const auto& o : g.of(id, Color::White)) wm = std::min(wm, g.nodes[size_t(o.child)].stop[0]);
  return {bm, wm};
}

// The positions all local reading of one finish may still visit. A position is counted only
// while the budget is not spent (node, search and quiet look before they count), so `used`
// never exceeds `limit`: past it, each call returns the count as it stands.
struct Work {
  long used = 0;
  long limit = 0;  // 0: none
  TerritoryCache territory;  // the eye readings made so far
  bool spent() const { return limit > 0 && used >= limit; }
};

uint64_t captures_key(const Board& b) {
  return detail::splitmix64(0x3C6EF372FE94F82Bull + uint64_t(b.captured(Color::Black)) +
                            (uint64_t(b.captured(Color::White)) << 16));
}

// The count of b (score()), kept in `scores` by the position and the prisoners.
int cached_score(const Board& b, const Eval& e, std::unordered_map<uint64_t, int>& scores) {
  const uint64_t key = b.hash() ^ captures_key(b);
  if (auto it = scores.find(key); it != scores.end()) return it->second;
  const int s = score(b, e);
  scores.emplace(key, s);
  return s;
}

class LocalReader {
 public:
  // invasions: the other side may play inside an owner's territory (to put one of its chains in
  // atari); else only the owner plays there.
  LocalReader(const Eval& eval, std::vector<Index> points, int base,
              std::vector<std::pair<Index, Color>> open_kos, int budget, int root_moves,
              std::unordered_map<uint64_t, int>& scores, bool invasions, Work& work)
      : dead_(eval.dead), eval_(eval), points_(std::move(points)), base_(base),
        open_kos_(std::move(open_kos)), budget_(budget), root_moves_(root_moves), invasions_(invasions),
        scores_(scores), work_(work) {
  }

  LocalGame read(const Board& start) {
    // The tree's shape first, without a count at any node: counting a position (the eye
    // reading of the whole board) costs far more than making it, and a tree larger than the
    // budget would be counted in vain (most regions of nine points or more: docs/corpus.md).
    game_ = LocalGame{};
    seen_.clear();
    std::vector<Index> banned;
    // Many moves at the start: the tree outgrows the budget (FinishOptions::read_root_moves).
    if (root_moves_ > 0) {
      size_t n = 0;
      for (Color c : {Color::Black, Color::White}) {
        root_list_.clear();
        moves_of(start, c, banned, root_list_);
        n += root_list_.size();
      }
      if (n >= size_t(root_moves_)) return searched(start);
    }
    node(start, banned);
    if (!game_.complete) return searched(start);
    std::vector<uint8_t> counted(game_.nodes.size(), 0);
    if (!count_nodes(0, counted)) return searched(start);
    game_.counts->start = start;
    game_.counts->count = [eval = eval_, scores = &scores_, base = base_](const Board& b) {
      return cached_score(b, eval, *scores) - base;
    };
    stops();
    return std::move(game_);
  }

  // The line of a region too large to read out, c first: at each step the move the search
  // finds best (passes allowed; two in a row end it). Each step searches a quarter of the
  // region's budget, with what the steps before it found (the table is kept along the line).
  std::vector<std::pair<Color, Index>> searched_line(Board b, Color c) {
    std::vector<std::pair<Color, Index>> line;
    std::vector<Index> banned;
    int passes = 0;
    step_budget_ = budget_ / 4;
    table_.clear();
    for (int guard = 0; guard < 2 * int(points_.size()) + 8 && passes < 2; ++guard) {
      nodes_ = 0;
      Index move = Board::kNoIndex;
      for (int depth = 2; depth <= 2 * int(points_.size()) + 4; depth += 2) {
        Index m = kNoMove;
        cut_ = false;
        search(b, c, passes, depth, std::numeric_limits<int>::min() / 2,
               std::numeric_limits<int>::max() / 2, banned, &m);
        if (over()) break;
        move = m;
        if (!cut_) break;  // read to the end: a deeper search finds the same
      }
      if (move == kNoMove || move == Board::kNoIndex) {
        line.push_back({c, Board::kNoIndex});
        b.clear_ko();
        ++passes;
      } else {
        line.push_back({c, move});
        b.play(move, c);
        if (b.ko_point() != Board::kNoIndex) banned.push_back(b.ko_point());
        passes = 0;
      }
      c = opponent(c);
    }
    while (!line.empty() && line.back().second == Board::kNoIndex) line.pop_back();
    step_budget_ = budget_;
    return line;
  }

  // A region too large to read out: each side's best line there when it moves first, searched
  // (alpha-beta, both sides, passes allowed), stands for the region in the sum: a game of two
  // options, Black's first move leading to the value of Black's line, White's to White's. Each
  // side's search visits half the region's budget: the whole budget changes the result of few
  // records of docs/corpus.md's manifest, for the worse more often than not, and costs a tenth
  // more time under territory counting, where each position is an eye reading of the board.
  LocalGame searched(const Board& start) {
    LocalGame g;
    g.complete = false;
    g.nodes.resize(3);
    step_budget_ = budget_ / 2;
    g.set_value(0, score_of(start) - base_);
    for (Color c : {Color::Black, Color::White}) {
      table_.clear();
      nodes_ = 0;
      std::vector<Index> banned;
      Index first_move = kNoMove;
      int v = g.value(0);
      // iterative deepening within the budget
      for (int depth = 2; depth <= 2 * int(points_.size()) + 4; depth += 2) {
        Index m = kNoMove;
        cut_ = false;
        const int w = search(start, c, 0, depth, std::numeric_limits<int>::min() / 2,
                             std::numeric_limits<int>::max() / 2, banned, &m);
        if (over()) break;
        v = w;
        first_move = m;
        if (!cut_) break;  // read to the end: a deeper search finds the same
      }
      const int k = color_index(c);
      LocalGame::Node& child = g.nodes[size_t(1 + k)];
      g.set_value(1 + k, v);
      child.stop[0] = child.stop[1] = v;
      if (first_move != kNoMove && first_move != Board::kNoIndex) {
        g.nodes[0].first[k] = int(g.options.size());
        g.nodes[0].count[k] = 1;
        g.options.push_back({first_move, 1 + k});
      }
    }
    step_budget_ = budget_;
    const auto [bm, wm] = best_replies(g, 0);
    g.nodes[0].stop[0] = std::max(bm, std::min(wm, g.value(0)));
    g.nodes[0].stop[1] = std::min(wm, std::max(bm, g.value(0)));
    return g;
  }

 private:
  static constexpr Index kNoMove = Index(0xFFFF);
  void tick() {
    ++nodes_;
    ++work_.used;
  }
  bool over() const { return nodes_ > step_budget_ || work_.spent(); }
  // The move lists of the positions on the line being read, one per ply, kept from position to
  // position so that reading one allocates nothing (a deque: a list stays where it is while
  // deeper ones are added).
  struct Ply {
    explicit Ply(LocalReader& r) : reader(r) { ++reader.ply_; }
    ~Ply() { --reader.ply_; }
    Ply(const Ply&) = delete;
    Ply& operator=(const Ply&) = delete;
    LocalReader& reader;
  };
  std::vector<Index>& move_list() {
    while (move_lists_.size() < ply_) move_lists_.emplace_back();
    std::vector<Index>& v = move_lists_[ply_ - 1];
    v.clear();
    return v;
  }
  std::vector<LocalGame::Option>& option_list() {
    while (option_lists_.size() < ply_) option_lists_.emplace_back();
    return option_lists_[ply_ - 1];
  }
  struct Entry {
    int value;
    int depth;
    Index best;
    uint8_t kind;  // 0 exact, 1 lower bound, 2 upper bound
    bool cut;      // a line below was cut at the depth limit (a deeper search may differ)
  };
  // Alpha-beta over the region's moves and the pass (two passes end it), `depth` plies at most,
  // then the count as it stands. best: c's best move (kNoIndex for the pass).
  int search(const Board& b, Color c, int passes, int depth, int alpha, int beta,
             std::vector<Index>& banned, Index* best) {
    if (work_.spent()) return score_of(b) - base_;  // (the reading is over: not counted)
    tick();
    if (passes >= 2 || over()) return score_of(b) - base_;
    if (depth <= 0) {
      cut_ = true;
      return quiet(b, c, alpha, beta, 4);
    }
    uint64_t key = b.hash() ^ captures_key(b) ^ (c == Color::White ? 0x9E3779B97F4A7C15ull : 0) ^
                   (passes ? 0xC2B2AE3D27D4EB4Full : 0);
    for (Index q : banned) key ^= detail::splitmix64(0xA0761D6478BD642Full + q);
    Index hint = kNoMove;
    if (auto it = table_.find(key); it != table_.end()) {
      const Entry& e = it->second;
      hint = e.best;
      if (e.depth >= depth && !best && (e.kind == 0 || (e.kind == 1 && e.value >= beta) ||
                                        (e.kind == 2 && e.value <= alpha))) {
        cut_ = cut_ || e.cut;
        return e.value;
      }
    }
    const bool cut_above = cut_;
    cut_ = false;
    const Ply ply(*this);
    std::vector<Index>& moves = move_list();
    moves_of(b, c, banned, moves);
    moves.push_back(Board::kNoIndex);  // the pass, last
    if (hint != kNoMove)
      if (auto h = std::find(moves.begin(), moves.end(), hint); h != moves.end())
        std::rotate(moves.begin(), h, h + 1);
    const bool max = c == Color::Black;
    const int a0 = alpha, b0 = beta;
    int value = max ? std::numeric_limits<int>::min() / 2 : std::numeric_limits<int>::max() / 2;
    Index chosen = Board::kNoIndex;
    for (Index m : moves) {
      int v;
      if (m == Board::kNoIndex) {
        Board t = b;
        t.clear_ko();
        v = search(t, opponent(c), passes + 1, depth - 1, alpha, beta, banned, nullptr);
      } else {
        Board t = b;
        t.play(m, c);
        const size_t before = banned.size();
        if (t.ko_point() != Board::kNoIndex) banned.push_back(t.ko_point());
        v = search(t, opponent(c), 0, depth - 1, alpha, beta, banned, nullptr);
        banned.resize(before);
      }
      if (max ? v > value : v < value) {
        value = v;
        chosen = m;
      }
      if (max) alpha = std::max(alpha, v);
      else beta = std::min(beta, v);
      if (alpha >= beta) break;
    }
    table_[key] = Entry{value, depth, chosen, uint8_t(value <= a0 ? 2 : value >= b0 ? 1 : 0), cut_};
    cut_ = cut_ || cut_above;
    if (best) *best = chosen;
    return value;
  }

  // The count once the chains in atari next to the region are taken or saved: the side to move
  // takes or defends, or stands pat (the count as it is), `depth` plies at most.
  int quiet(const Board& b, Color c, int alpha, int beta, int depth) {
    if (work_.spent()) return score_of(b) - base_;  // (the reading is over: not counted)
    tick();
    const int stand = score_of(b) - base_;
    if (depth == 0 || over()) return stand;
    const bool max = c == Color::Black;
    int value = stand;
    if (max) alpha = std::max(alpha, stand);
    else beta = std::min(beta, stand);
    if (alpha >= beta) return stand;
    const Ply ply(*this);
    std::vector<Index>& moves = move_list();
    atari_moves(b, c, kNoBans, moves);
    for (Index m : moves) {
      Board t = b;
      t.play(m, c);
      const int v = quiet(t, opponent(c), alpha, beta, depth - 1);
      if (max ? v > value : v < value) value = v;
      if (max) alpha = std::max(alpha, v);
      else beta = std::min(beta, v);
      if (alpha >= beta) break;
    }
    return value;
  }

  // Node `id` and every node below it not yet reached, each from the first parent that reaches
  // it (recorded: LocalGame::value makes its position again that way), a position of the
  // reading budget each; their counts are made when asked for. False once the budget is spent
  // (the tree is then left to the search).
  bool count_nodes(int id, std::vector<uint8_t>& counted) {
    counted[size_t(id)] = 1;
    if (work_.spent()) return false;
    ++work_.used;
    for (Color c : {Color::Black, Color::White})
      for (const LocalGame::Option& o : game_.of(id, c)) {
        if (counted[size_t(o.child)]) continue;
        LocalGame::Node& child = game_.nodes[size_t(o.child)];
        child.parent = id;
        child.move = o.move;
        child.colour = c;
        if (!count_nodes(o.child, counted)) return false;
      }
    return true;
  }

  // The node of position b and the shape of the tree below it (its options; the counts come
  // after, from count_nodes), with the ko retakes banned in this line.
  int node(const Board& b, std::vector<Index>& banned) {
    uint64_t key = b.hash() ^ captures_key(b);
    for (Index q : banned) key ^= detail::splitmix64(0xA0761D6478BD642Full + q);
    if (auto it = seen_.find(key); it != seen_.end()) return it->second;
    const int id = int(game_.nodes.size());
    game_.nodes.emplace_back();
    seen_.emplace(key, id);
    if (int(game_.nodes.size()) > budget_ || work_.spent()) {
      game_.complete = false;
      return id;
    }
    // A position that comes back on the line (a throw-in taken and thrown in again): no options
    // there, it is counted as it stands.
    if (std::find(path_.begin(), path_.end(), b.hash()) != path_.end() || path_.size() > 64)
      return id;
    path_.push_back(b.hash());
    const Ply ply(*this);
    std::vector<Index>& moves = move_list();
    std::vector<LocalGame::Option>& opts = option_list();
    for (Color c : {Color::Black, Color::White}) {
      moves.clear();
      opts.clear();
      moves_of(b, c, banned, moves);
      for (Index m : moves) {
        Board t = b;
        t.play(m, c);
        const size_t before = banned.size();
        if (t.ko_point() != Board::kNoIndex) banned.push_back(t.ko_point());
        opts.push_back({m, node(t, banned)});
        banned.resize(before);
      }
      LocalGame::Node& n = game_.nodes[size_t(id)];
      n.first[color_index(c)] = int(game_.options.size());
      n.count[color_index(c)] = int(opts.size());
      game_.options.insert(game_.options.end(), opts.begin(), opts.end());
    }
    path_.pop_back();
    return id;
  }

  int score_of(const Board& b) { return cached_score(b, eval_, scores_); }

  bool can_play(const Board& b, Index i, Color c, const std::vector<Index>& banned) const {
    if (!playable(b, i, c) || next_to_dead_own(b, dead_, i, c)) return false;
    if (!b.captures(i, c)) return true;
    if (std::find(banned.begin(), banned.end(), i) != banned.end()) return false;
    return std::find(open_kos_.begin(), open_kos_.end(), std::pair{i, c}) == open_kos_.end();
  }

  // Calls f(stone) once for every chain on or next to the region's points.
  template <class F>
  void for_touching_chains(const Board& b, F&& f) const {
    if (++heads_stamp_ == 0) {  // (once in 2^32 walks the stamps start again)
      heads_seen_.fill(0);
      heads_stamp_ = 1;
    }
    auto visit = [&](Index s) {
      if (!is_stone(b.at(s))) return;
      const Index h = b.chain_head(s);
      if (heads_seen_[h] == heads_stamp_) return;
      heads_seen_[h] = heads_stamp_;
      f(s);
    };
    for (Index p : points_) {
      visit(p);
      for (int d : Board::kDirs) visit(Index(p + d));
    }
  }

  // The captures of the chains in atari that touch the region, and the defences of c's living
  // ones.
  // (out: empty, or holding moves already found)
  void atari_moves(const Board& b, Color c, const std::vector<Index>& banned, std::vector<Index>& out) const {
    auto add = [&](Index i) {
      if (std::find(out.begin(), out.end(), i) == out.end()) out.push_back(i);
    };
    auto chain_move = [&](Index s) {
      const Index lib = b.atari_liberty(s);
      if (!lib || !can_play(b, lib, c, banned)) return;
      if (b.at(s) != c) add(lib);  // a capture (of living or dead stones)
      else if (!dead_[s] && two_liberties_after(b, lib, c)) add(lib);  // a defence
    };
    for_touching_chains(b, chain_move);
  }

  // c's moves in the region: its points (no self-atari but a capture), the captures of the
  // chains in atari that touch it, and the defences of c's living ones.
  // (out: empty)
  void moves_of(const Board& b, Color c, const std::vector<Index>& banned, std::vector<Index>& out) const {
    atari_moves(b, c, banned, out);
    auto add = [&](Index i) {
      if (std::find(out.begin(), out.end(), i) == out.end()) out.push_back(i);
    };
    for (Index p : points_) {
      if (b.at(p) != Color::Empty || !can_play(b, p, c, banned)) continue;
      if (b.captures(p, c)) {
        add(p);
      } else if (eval_.owner && (*eval_.owner)[p] == opponent(c)) {
        if (!invasions_) continue;
        // inside the opponent's territory: only a move that puts one of its chains in atari
        // (read without playing it: the move captures nothing and is no suicide, so a chain
        // next to p loses p and nothing else)
        bool atari = false;
        for (int d : Board::kDirs) {
          const Index j = Index(p + d);
          atari = atari || (b.at(j) == opponent(c) && !dead_[j] && liberties_up_to(b, j, 3) == 2);
        }
        if (atari) add(p);
      } else if (two_liberties_after(b, p, c)) {
        add(p);
      }
    }
    // The answers to a stone thrown in: the liberties of a short opponent chain standing on the
    // region's points (it need not be in atari yet to be taken), and of a short invader next to
    // one of c's chains that touch the region (a stone thrown in beyond the region's points, at a
    // liberty of such a chain: its owner may take it, not only defend).
    if (invasions_) {
      std::vector<Index>& libs = libs_;
      auto answer = [&](Index p) {
        if (b.at(p) != opponent(c) || dead_[p] || liberties_up_to(b, p, 3) > 2) return;
        libs.clear();
        liberties_of(b, p, libs);
        for (Index l : libs)
          if (can_play(b, l, c, banned) && (b.captures(l, c) || two_liberties_after(b, l, c)))
            add(l);
      };
      for (Index p : points_) answer(p);
      if (eval_.owner) for (Index p : invaders_next_to_region(b, c)) answer(p);
    }
  }

  // One stone of every opponent chain standing on c's territory (Eval::owner) next to a living
  // chain of c's that touches the region.
  // (the list is the reader's scratch, valid until the next call)
  const std::vector<Index>& invaders_next_to_region(const Board& b, Color c) const {
    std::vector<Index>& out = invaders_;
    std::vector<Index>& own = own_;
    out.clear();
    own.clear();
    for_touching_chains(b, [&](Index s) {
      if (b.at(s) == c && !dead_[s]) own.push_back(s);
    });
    for (Index s : own)
      b.for_each_stone(s, [&](Index t) {
        for (int d : Board::kDirs) {
          const Index j = Index(t + d);
          if (b.at(j) != opponent(c) || (*eval_.owner)[j] != c) continue;
          const Index h = b.chain_head(j);
          if (std::find(out.begin(), out.end(), h) == out.end()) out.push_back(h);
        }
      });
    return out;
  }

  // The stops of every node, children first (the positions form no cycle: every option adds a
  // stone or takes some, with the prisoners in the key, and a ko is never retaken).
  void stops() {
    std::vector<uint8_t> done(game_.nodes.size(), 0);
    std::vector<std::pair<int, bool>> stack{{0, false}};
    while (!stack.empty()) {
      auto [id, expanded] = stack.back();
      stack.pop_back();
      if (done[size_t(id)]) continue;
      if (!expanded) {
        stack.push_back({id, true});
        for (Color c : {Color::Black, Color::White})
          for (const auto& o : game_.of(id, c))
            if (!done[size_t(o.child)]) stack.push_back({o.child, false});
        continue;
      }
      LocalGame::Node& n = game_.nodes[size_t(id)];
      const auto [bm, wm] = best_replies(game_, id);
      // (where each side gains by moving first, bm >= wm, the stops do not depend on the
      // position's own count, which is then not made)
      const int v = bm < wm ? game_.value(id) : 0;
      n.stop[0] = std::max(bm, std::min(wm, v));
      n.stop[1] = std::min(wm, std::max(bm, v));
      done[size_t(id)] = 1;
    }
  }

  const Mask& dead_;
  Eval eval_;
  std::vector<Index> points_;
  int base_;
  std::vector<std::pair<Index, Color>> open_kos_;
  int budget_;
  int root_moves_;  // (FinishOptions::read_root_moves)
  bool invasions_;
  std::unordered_map<uint64_t, int>& scores_;
  Work& work_;
  LocalGame game_;
  std::unordered_map<uint64_t, int> seen_;
  std::vector<uint64_t> path_;  // the boards of the line being read
  // (for_touching_chains: the chains met in this walk, by their head's stamp)
  mutable std::array<uint32_t, Board::kArea> heads_seen_{};
  mutable uint32_t heads_stamp_ = 0;
  std::unordered_map<uint64_t, Entry> table_;  // (searched)
  int nodes_ = 0;
  size_t ply_ = 0;  // (Ply: the depth of the line being read)
  std::deque<std::vector<Index>> move_lists_;
  std::deque<std::vector<LocalGame::Option>> option_lists_;
  mutable std::vector<Index> libs_, invaders_, own_;  // (moves_of's scratch)
  std::vector<Index> root_list_;  // (read's count of the moves at the start)
  static inline const std::vector<Index> kNoBans{};
  bool cut_ = false;  // the search so far cut a line at the depth limit
  int step_budget_ = budget_;
};

// The kos open when the game stopped: (the capture's point, the taker).
std::vector<std::pair<Index, Color>> open_kos_of(const Board& start, const Mask& dead) {
  std::vector<std::pair<Index, Color>> kos;
  Board free = start;
  free.clear_ko();
  for_points(start, [&](Index i) {
    for (Color c : {Color::Black, Color::White}) {
      if (!playable(free, i, c) || !free.captures(i, c)) continue;
      Board t = free;
      t.play(i, c);
      // (a ko that takes a dead stone is no ko to connect: the stone is a prisoner already)
      if (t.ko_point() != Board::kNoIndex && !dead[t.ko_point()]) kos.push_back({i, c});
    }
  });
  return kos;
}

// Alpha-beta over the sum of the local games (the regions are independent: a move changes the
// count of its own region only), the pile of simple dame, and the pass; values are Black minus
// White, relative to the position as it stopped. Two passes in a row end it.
class SumSearch {
 public:
  static constexpr int kPass = -1, kPile = -2;
  struct Move {
    int region = kPass;  // or kPile
    int option = 0;      // in the region's node's options of the mover
  };

  SumSearch(const std::vector<LocalGame>& games, int max_nodes, bool pile_scores, bool prefer_pass)
      : games_(games), max_nodes_(max_nodes), pile_scores_(pile_scores), prefer_pass_(prefer_pass) {
    for (size_t r = 0; r < games.size(); ++r)
      salt_.push_back(detail::splitmix64(0x2545F4914F6CDD1Dull + r));
  }
  bool aborted() const { return aborted_; }
  int nodes() const { return nodes_; }

  int value(std::vector<int>& at, Color c, int passes, int pile, int alpha, int beta) {
    if (++nodes_ > max_nodes_) aborted_ = true;
    if (aborted_) return 0;
    if (passes >= 2) return total(at);
    const uint64_t key = key_of(at, c, passes, pile);
    Move hint{kPass, -1};
    if (auto it = table_.find(key); it != table_.end()) {
      const Entry& e = it->second;
      hint = e.best;
      if (e.kind == Entry::exact) return e.value;
      if (e.kind == Entry::lower && e.value >= beta) return e.value;
      if (e.kind == Entry::upper && e.value <= alpha) return e.value;
    }
    const int a0 = alpha, b0 = beta;
    const bool maximise = c == Color::Black;
    int best = maximise ? std::numeric_limits<int>::min() : std::numeric_limits<int>::max();
    Move best_move{kPass, 0};
    // (each ply's list of moves is kept from one position to the next: no allocation)
    if (size_t(ply_) == plies_.size()) plies_.emplace_back();
    std::vector<Move>& moves = plies_[size_t(ply_)];
    moves_of(at, c, pile, moves);
    struct Deeper {
      int& ply;
      explicit Deeper(int& p) : ply(++p) {}
      ~Deeper() { --ply; }
    } deeper(ply_);
    if (hint.option >= 0)
      for (size_t k = 0; k < moves.size(); ++k)
        if (moves[k].region == hint.region && moves[k].option == hint.option) {
          std::rotate(moves.begin(), moves.begin() + long(k), moves.begin() + long(k) + 1);
          break;
        }
    for (const Move& m : moves) {
      const int v = child(at, c, m, passes, pile, alpha, beta);
      if (aborted_) return 0;
      if (maximise ? v > best : v < best) {
        best = v;
        best_move = m;
      }
      if (maximise) alpha = std::max(alpha, v);
      else beta = std::min(beta, v);
      if (alpha >= beta) break;
    }
    Entry e;
    e.value = best;
    e.best = best_move;
    e.kind = best <= a0 ? Entry::upper : best >= b0 ? Entry::lower : Entry::exact;
    table_[key] = e;
    return best;
  }

  // The best move of c (kPass to pass): the stored one where it is exact, else the first whose
  // value is the position's.
  Move best_move(std::vector<int>& at, Color c, int passes, int pile) {
    constexpr int kInf = std::numeric_limits<int>::max() / 2;
    const int v = value(at, c, passes, pile, -kInf, kInf);
    if (aborted_) return {kPass, 0};
    if (!prefer_pass_)
      if (auto it = table_.find(key_of(at, c, passes, pile));
          it != table_.end() && it->second.kind == Entry::exact && it->second.value == v)
        return it->second.best;
    std::vector<Move> moves;
    moves_of(at, c, pile, moves);
    if (prefer_pass_) std::rotate(moves.begin(), moves.end() - 1, moves.end());  // the pass first
    for (const Move& m : moves) {
      if (child(at, c, m, passes, pile, -kInf, kInf) == v) return m;
      if (aborted_) break;
    }
    return {kPass, 0};
  }

  // The hottest move of c, for a sum too large to search: the option that gains most where it
  // is played (the opponent answering there first otherwise), the pile where no region gains
  // more than a dame does, else the pass.
  Move hottest(const std::vector<int>& at, Color c, int pile) const {
    const int k = color_index(c);
    int best_gain = 0;
    Move best{kPass, 0};
    for (size_t r = 0; r < at.size(); ++r) {
      const LocalGame::Node& n = games_[r].nodes[size_t(at[r])];
      const auto opts = games_[r].of(at[r], c);
      for (size_t o = 0; o < opts.size(); ++o) {
        const LocalGame::Node& ch = games_[r].nodes[size_t(opts[o].child)];
        const int gain = sign(c) * (ch.stop[1 - k] - n.stop[1 - k]);
        if (gain > best_gain) {
          best_gain = gain;
          best = Move{int(r), int(o)};
        }
      }
    }
    // (a dame taken rather than left to the opponent: two points under area counting)
    if (pile > 0 && pile_scores_ && best_gain <= 2) return Move{kPile, 0};
    return best;
  }

  int total(const std::vector<int>& at) const {
    int t = 0;
    for (size_t r = 0; r < at.size(); ++r) t += games_[r].value(at[r]);
    return t;
  }

 private:
  struct Entry {
    enum Kind : uint8_t { exact, lower, upper };
    int value = 0;
    Move best;
    Kind kind = exact;
  };
  static int sign(Color c) { return c == Color::Black ? 1 : -1; }

  int child(std::vector<int>& at, Color c, const Move& m, int passes, int pile, int alpha,
            int beta) {
    if (m.region == kPass) return value(at, opponent(c), passes + 1, pile, alpha, beta);
    if (m.region == kPile) {
      const int gain = pile_scores_ ? sign(c) : 0;
      return gain + value(at, opponent(c), 0, pile - 1, alpha - gain, beta - gain);
    }
    const size_t r = size_t(m.region);
    const int before = at[r];
    at[r] = games_[r].of(before, c)[size_t(m.option)].child;
    const int v = value(at, opponent(c), 0, pile, alpha, beta);
    at[r] = before;
    return v;
  }

  // Every option of c in every region, the hottest regions first; the pile; the pass.
  void moves_of(const std::vector<int>& at, Color c, int pile, std::vector<Move>& out) const {
    std::vector<Ranked>& ranked = ranked_;
    ranked.clear();
    const int k = color_index(c);
    for (size_t r = 0; r < at.size(); ++r) {
      const LocalGame::Node& n = games_[r].nodes[size_t(at[r])];
      const auto opts = games_[r].of(at[r], c);
      for (size_t o = 0; o < opts.size(); ++o) {
        const LocalGame::Node& ch = games_[r].nodes[size_t(opts[o].child)];
        // what the move gains locally with the opponent answering there
        const int gain = sign(c) * (ch.stop[1 - k] - n.stop[1 - k]);
        ranked.push_back({-(gain * 64 + (n.stop[0] - n.stop[1])), int(ranked.size()),
                          Move{int(r), int(o)}});
      }
    }
    // (a stable order: the rank, then the order found)
    std::sort(ranked.begin(), ranked.end(), [](const Ranked& a, const Ranked& b) {
      return a.rank != b.rank ? a.rank < b.rank : a.order < b.order;
    });
    out.clear();
    for (const Ranked& x : ranked) out.push_back(x.move);
    if (pile > 0) out.push_back(Move{kPile, 0});
    out.push_back(Move{kPass, 0});
  }

  uint64_t key_of(const std::vector<int>& at, Color c, int passes, int pile) const {
    uint64_t k = detail::splitmix64(0x5851F42D4C957F2Dull + uint64_t(pile));
    for (size_t r = 0; r < at.size(); ++r) k ^= detail::splitmix64(salt_[r] + uint64_t(at[r]));
    if (c == Color::White) k ^= 0x9E3779B97F4A7C15ull;
    if (passes) k ^= 0xC2B2AE3D27D4EB4Full;
    return k;
  }

  const std::vector<LocalGame>& games_;
  std::vector<uint64_t> salt_;
  int max_nodes_;
  bool pile_scores_;
  bool prefer_pass_;  // best_move: a pass where it is worth as much as a move
  int nodes_ = 0;
  bool aborted_ = false;
  std::unordered_map<uint64_t, Entry> table_;
  struct Ranked {
    int rank;
    int order;
    Move move;
  };
  mutable std::vector<Ranked> ranked_;     // (moves_of)
  std::deque<std::vector<Move>> plies_;  // (value: the moves of each ply of the line searched)
  int ply_ = 0;
};

// A local line: from node `at` of g, c to move first, both playing their best there (passes
// allowed; where a move and a pass are worth the same, the move if `prefer_move`), until both
// pass.
std::vector<std::pair<Color, Index>> local_line(const LocalGame& g, int at, Color c,
                                                bool prefer_move) {
  std::vector<std::pair<Color, Index>> line;  // kNoIndex: a pass
  int passes = 0;
  for (int guard = 0; guard < 4096 && passes < 2; ++guard) {
    const auto [bm, wm] = best_replies(g, at);
    const bool black = c == Color::Black;
    // What passing is worth: the other side moves first, or, after a pass, the game ends.
    const int here = g.value(at);
    const int pass_value = passes ? here : black ? std::min(wm, here) : std::max(bm, here);
    const int k = color_index(c);
    int best_child = -1;
    Index best_move = Board::kNoIndex;
    for (const auto& o : g.of(at, c)) {
      const int v = g.nodes[size_t(o.child)].stop[1 - k];
      const bool good = prefer_move ? (black ? v >= pass_value : v <= pass_value)
                                    : (black ? v > pass_value : v < pass_value);
      if (v == (black ? bm : wm) && good) {
        best_child = o.child;
        best_move = o.move;
        break;
      }
    }
    if (best_child < 0) {
      line.push_back({c, Board::kNoIndex});
      ++passes;
    } else {
      line.push_back({c, best_move});
      at = best_child;
      passes = 0;
    }
    c = opponent(c);
  }
  while (!line.empty() && line.back().second == Board::kNoIndex) line.pop_back();
  return line;
}

// Appends a local line to the game's line: a leading pass is dropped when the other side is to
// move anyway; a pass is put in where one side would otherwise move twice.
void append_line(std::vector<Move>& line, Color& to_move,
                 const std::vector<std::pair<Color, Index>>& local) {
  size_t k = 0;
  if (!local.empty() && local[0].second == Board::kNoIndex && local[0].first != to_move) k = 1;
  for (; k < local.size(); ++k) {
    const auto& [c, m] = local[k];
    if (c != to_move) {
      line.push_back(Move::pass(to_move));
      to_move = c;
    }
    line.push_back(m == Board::kNoIndex ? Move::pass(c) : Move::play(c, Board::point(m)));
    to_move = opponent(c);
  }
}

// ------------------------------------------------------------------------------------------------
// Pass 5: the fill-out.

// c's best defence of its chain at s, in atari: the move that leaves it the most liberties (at
// least two), extending on its liberty or taking a chain next to it in atari; 0 when there is none.
Index defence(const Board& b, const Mask& dead, Index s, Color c) {
  Index best = 0;
  int most = 1;
  auto consider = [&](Index m) {
    if (!playable(b, m, c) || next_to_dead_own(b, dead, m, c)) return;
    Board t = b;
    t.play(m, c);
    const int libs = t.at(s) == c ? t.liberties(s) : 0;
    if (libs > most) {
      most = libs;
      best = m;
    }
  };
  consider(b.atari_liberty(s));
  b.for_each_stone(s, [&](Index st) {
    for (int d : Board::kDirs) {
      const Index j = Index(st + d);
      if (b.at(j) == opponent(c))
        if (const Index lib = b.atari_liberty(j)) consider(lib);
    }
  });
  return best;
}

// Whether c's chain at s, in atari, is safe as it stands: the opponent's capture on its liberty
// would leave the capturing chain, of two stones or more, in atari on a point where c takes it
// back at once (a snapback: no ko, c retakes more than it lost).
bool snapback(const Board& b, Index s, Color c) {
  const Index lib = b.atari_liberty(s);
  if (!lib || !playable(b, lib, opponent(c))) return false;
  Board t = b;
  t.play(lib, opponent(c));
  if (t.at(lib) != opponent(c) || t.chain_size(lib) < 2) return false;
  const Index back = t.atari_liberty(lib);
  return back && playable(t, back, c);
}

// Plays the game out from `b` until nothing is left to fill: each side in turn defends a living
// chain in atari (by extending, or by taking a chain next to it, dead or alive; not a chain the
// opponent's capture would give back at once, snapback, nor a single stone only the opponent's
// dead stones could take), else takes a
// living opponent chain in atari, else fills a boundary point (no self-atari: a
// move that leaves its chain two liberties, or a capture), preferring one that puts an opponent
// chain in atari (the opponent must answer), then one that shorts an opponent chain, never
// shorting its own; else passes. Two passes end it. The boundary is found again after every
// move (a capture opens points); the `excluded` points are never filled (their regions were read:
// what is left there, neither side wants to fill).
std::vector<Move> fill_out(Board b, const Mask& dead, Color c, int passes, const Mask& excluded,
                           const std::vector<std::pair<Index, Color>>& open_kos) {
  std::vector<Move> moves;
  const int limit = 2 * b.points() + 16;
  for (int guard = 0; guard < limit && passes < 2; ++guard) {
    const Mask now = dead_chains(b, dead);
    Index move = 0;
    // 1. A living chain of c in atari: its best defence.
    for_points(b, [&](Index i) {
      if (move || b.at(i) != c || now[i] || b.chain_head(i) != i) return;
      const Index lib = b.atari_liberty(i);
      if (!lib) return;
      // A single stone the opponent could take only by joining its dead stones needs no
      // defence: a dead chain that takes one stone stays dead, and the fill-out never plays it
      // (a larger chain's capture may give the dead stones the room to live: it is defended).
      if (b.chain_size(i) == 1 &&
          (!playable(b, lib, opponent(c)) || next_to_dead_own(b, dead, lib, opponent(c))))
        return;
      if (!snapback(b, i, c)) move = defence(b, dead, i, c);
    });
    // 2. A living opponent chain in atari: take it. (Dead chains are taken only to defend, by 1.)
    for_points(b, [&](Index i) {
      if (move || b.at(i) != opponent(c) || now[i] || b.chain_head(i) != i) return;
      const Index lib = b.atari_liberty(i);
      const bool open_ko =
          std::find(open_kos.begin(), open_kos.end(), std::pair{lib, c}) != open_kos.end();
      if (lib && !open_ko && playable(b, lib, c) && !next_to_dead_own(b, dead, lib, c)) move = lib;
    });
    // 3. A boundary point.
    if (!move) {
      const Mask border = living_borders(b, now);
      int best = std::numeric_limits<int>::min();
      for_points(b, [&](Index i) {
        if (b.at(i) != Color::Empty || border[i] != 3 || excluded[i]) return;
        if (!playable(b, i, c) || next_to_dead_own(b, dead, i, c)) return;
        Board t = b;
        t.play(i, c);
        // never a fill that leaves one of c's chains short (two liberties or fewer), unless it
        // takes something: a race is not decided by a fill-out
        if (t.at(i) != c || (!b.captures(i, c) && liberties_up_to(t, i, 3) < 3)) return;
        // Passive first: the fills that leave every chain around three liberties or more, then
        // those that short only the opponent, never one of c's own chains below two.
        int v = 0;
        for (int d : Board::kDirs) {
          const Index j = Index(i + d);
          if (!is_stone(t.at(j)) || now[j]) continue;
          const int l = liberties_up_to(t, j, 4);
          if (t.at(j) == c) v -= l <= 2 ? 100 : l == 3 ? 10 : 0;
          else v -= l <= 1 ? 40 : l == 2 ? 20 : 0;
        }
        if (v > best) {
          best = v;
          move = i;
        }
      });
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

// Plays the moves on b as far as they can be played there (empty point, no ko, no suicide);
// returns how many were.
size_t play_line(Board& b, const std::vector<Move>& moves) {
  size_t k = 0;
  for (; k < moves.size(); ++k) {
    const Move& m = moves[k];
    if (m.kind == MoveKind::pass) {
      b.clear_ko();
      continue;
    }
    const Index i = Board::index(m.point);
    if (!playable(b, i, m.color)) break;
    b.play(i, m.color);
  }
  return k;
}

}  // namespace

int finish_score(const Board& b, const std::vector<Point>& dead, const FinishOptions& opts) {
  return score(b, dead_mask(b, dead), opts);
}

namespace {

enum class Stage { boundary, shortage };

// The side whose chain next to `points` has fewer liberties in `now` than in `before` (the same
// stones), or Empty.
Color shortened_side(const Board& now, const Board& before, const std::vector<Index>& points) {
  for (Index p : points)
    for (int d : Board::kDirs) {
      const Index j = Index(p + d);
      const Color c = now.at(j);
      if (is_stone(c) && before.at(j) == c && now.liberties(j) < before.liberties(j)) return c;
    }
  return Color::Empty;
}

// Whether the region around `points` is as it was: the same stones on its points and on their
// neighbours, the chains there with as many liberties (up to four), no ko taken there. A region
// read before the hot line and unchanged by it needs no second reading.
bool unchanged_around(const Board& now, const Board& before, const std::vector<Index>& points) {
  auto same = [&](Index j) {
    const Color c = now.at(j);
    if (c != before.at(j)) return false;
    return !is_stone(c) || liberties_up_to(now, j, 4) == liberties_up_to(before, j, 4);
  };
  for (Index p : points) {
    if (!same(p) || now.ko_point() == p) return false;
    for (int d : Board::kDirs) {
      const Index j = Index(p + d);
      if (!same(j) || now.ko_point() == j) return false;
    }
  }
  return true;
}

struct StageResult {
  std::vector<Move> moves;
  size_t hot_moves = 0;  // the first moves: the search's line over the hot regions
  bool complete = true;  // every region read out and the sum searched to the end
  std::array<Color, Board::kArea> owner{};  // (shortage stage) territory owners at its start
};

// The regions of one stage: the simple dame (boundary stage, area counting) apart, and the
// other points grouped by region.
struct StagePlan {
  Regions r;
  std::vector<Index> simple;
  std::vector<std::vector<Index>> regions;
};

StagePlan plan_stage(const Board& pos, const Mask& dead, const FinishOptions& opts, Stage stage) {
  StagePlan plan{stage == Stage::boundary ? find_regions(pos, dead) : shortage_regions(pos, dead), {}, {}};
  Regions& r = plan.r;
  std::vector<int> region_size(r.points.size(), 0);
  for (size_t k = 0; k < r.points.size(); ++k) ++region_size[size_t(r.find(int(k)))];
  const bool area = opts.scoring == FinishScoring::area;
  std::vector<int> region_of_root(r.points.size(), -1);
  for (size_t k = 0; k < r.points.size(); ++k) {
    const Index i = r.points[k];
    if (stage == Stage::boundary && area && simple_dame(pos, dead, r, i, region_size)) {
      plan.simple.push_back(i);
      continue;
    }
    const int root = r.find(int(k));
    if (region_of_root[size_t(root)] < 0) {
      region_of_root[size_t(root)] = int(plan.regions.size());
      plan.regions.emplace_back();
    }
    plan.regions[size_t(region_of_root[size_t(root)])].push_back(i);
  }
  return plan;
}

// The line of the hot regions' sum searched together (the simple dame as a pile of moves worth
// nothing), from `first` after `passes0` passes, ending at two passes (trailing passes dropped).
// A sum too large to search (the search gave up) is played on hottest move first. `complete`
// is cleared when it was; `next_simple` is the number of simple dame the line fills (the first
// ones of `simple`, in order).
std::vector<Move> sum_line(const std::vector<LocalGame>& hot_games, const std::vector<Index>& simple,
                           Color first, int passes0, const FinishOptions& opts, Stage stage, Finish& f,
                           bool& complete, size_t& next_simple) {
  SumSearch search(hot_games, opts.max_nodes, opts.scoring == FinishScoring::area, stage == Stage::shortage);
  std::vector<int> at(hot_games.size(), 0);
  constexpr int kInf = std::numeric_limits<int>::max() / 2;
  search.value(at, first, passes0, int(simple.size()), -kInf, kInf);
  std::vector<Move> line;
  Color c = first;
  int passes = passes0, pile = int(simple.size());
  next_simple = 0;
  bool hottest = search.aborted();
  while (passes < 2) {
    const SumSearch::Move m =
        hottest ? search.hottest(at, c, pile) : search.best_move(at, c, passes, pile);
    if (!hottest && search.aborted()) {
      hottest = true;
      continue;
    }
    if (m.region == SumSearch::kPass) {
      line.push_back(Move::pass(c));
      ++passes;
    } else if (m.region == SumSearch::kPile) {
      line.push_back(Move::play(c, Board::point(simple[next_simple++])));
      --pile;
      passes = 0;
    } else {
      const auto& opt = hot_games[size_t(m.region)].of(at[size_t(m.region)], c)[size_t(m.option)];
      line.push_back(Move::play(c, Board::point(opt.move)));
      at[size_t(m.region)] = opt.child;
      passes = 0;
    }
    c = opponent(c);
  }
  f.nodes += search.nodes();
  if (hottest) complete = false;
  while (!line.empty() && line.back().kind == MoveKind::pass) line.pop_back();
  return line;
}

// One stage of the finish from `pos`, c to move after `passes` passes: its regions read, the hot
// ones searched together, every region then played out by its own best line.
StageResult play_stage(const Board& pos, const Mask& dead, Color first, int passes0,
                       const FinishOptions& opts, Stage stage, Finish& f, Work& work,
                       const Board* origin = nullptr) {
  StageResult out;
  const StagePlan plan = plan_stage(pos, dead, opts, stage);
  const std::vector<Index>& simple = plan.simple;
  const std::vector<std::vector<Index>>& regions = plan.regions;
  out.owner = plan.r.owner;
  if (stage == Stage::boundary) {
    f.simple_dame = int(simple.size());
    f.regions = int(regions.size());
    for (const auto& g : regions) f.region_points += int(g.size());
  }

  const std::vector<Index> dead_points = points_of(pos, dead);
  const Eval eval{dead, opts, &out.owner, &work.territory, &dead_points};
  const int base = score(pos, eval);
  const auto kos = open_kos_of(pos, dead);
  std::unordered_map<uint64_t, int> scores;
  std::vector<LocalGame> games;
  Mask read{};  // points of the regions read to the end
  for (const auto& points : regions) {
    LocalReader reader(eval, points, base, kos, opts.region_budget, opts.read_root_moves, scores, stage == Stage::shortage, work);
    games.push_back(reader.read(pos));
    out.complete = out.complete && games.back().complete;
    f.nodes += int(games.back().nodes.size());
    if (games.back().complete)
      for (Index i : points) read[i] = 1;
  }
  // A shortage the filling of the boundary made (a dame filled against a chain) is answered by
  // the chain's side: the fill was the other side's move.
  std::vector<Color> answer(games.size(), Color::Empty);
  if (origin)
    for (size_t g = 0; g < games.size(); ++g)
      answer[g] = shortened_side(pos, *origin, regions[g]);
  std::vector<LocalGame> hot_games;
  for (size_t g = 0; g < games.size(); ++g)
    if (games[g].nodes[0].stop[0] != games[g].nodes[0].stop[1] && answer[g] == Color::Empty)
      hot_games.push_back(games[g]);
  std::vector<Move>& line = out.moves;
  size_t next_simple = 0;
  line = sum_line(hot_games, simple, first, passes0, opts, stage, f, out.complete, next_simple);
  // The search's line on the board, as far as it can be played (regions that were read apart
  // may meet).
  Board end = pos;
  line.resize(play_line(end, line));
  out.hot_moves = line.size();
  Color c = line.empty() ? first : opponent(line.back().color);
  // Every region then played out by its own best line, read again on the board as the lines
  // before it left it. Dame are filled (a move rather than a pass where they are worth the
  // same); the weaknesses of stage two are only played on where that gains.
  const bool fill = stage == Stage::boundary;
  for (size_t g = 0; g < regions.size(); ++g) {
    LocalReader reader(eval, regions[g], base, kos, opts.region_budget, opts.read_root_moves, scores, stage == Stage::shortage, work);
    const LocalGame now = unchanged_around(end, pos, regions[g]) ? games[g] : reader.read(end);
    if (!now.complete && work.spent())  // (left to the fill-out below)
      for (Index i : regions[g]) read[i] = 0;
    std::vector<Move> part;
    Color pc = c;
    const Color lc = answer[g] == Color::Empty ? c : answer[g];
    append_line(part, pc, now.complete ? local_line(now, 0, lc, fill) : reader.searched_line(end, lc));
    for (const Move& m : part) {
      if (m.kind == MoveKind::play) {
        if (!playable(end, Board::index(m.point), m.color)) break;
        end.play(m.point, m.color);
      } else {
        end.clear_ko();
      }
      line.push_back(m);
      c = opponent(m.color);
    }
  }
  while (next_simple < simple.size()) {  // (only a search cut short leaves any)
    if (!playable(end, simple[next_simple], c)) {
      ++next_simple;
      continue;
    }
    end.play(simple[next_simple], c);
    line.push_back(Move::play(c, Board::point(simple[next_simple++])));
    c = opponent(c);
  }
  while (!line.empty() && line.back().kind == MoveKind::pass) line.pop_back();
  if (stage == Stage::boundary) {
    // What the lines left unfilled (regions too large to read, points opened by captures) is
    // filled out; the regions read are left as their lines leave them.
    const Color next = line.empty() ? first : opponent(line.back().color);
    const int p = line.empty() ? passes0 : 0;
    for (const Move& m : fill_out(end, dead, next, p, read, kos)) line.push_back(m);
  }
  return out;
}

}  // namespace

Finish finish_game(const Board& pos, const std::vector<Point>& dead_list, Color to_move,
                   const FinishOptions& opts) {
  const Mask dead = dead_mask(pos, dead_list);
  const Color first = is_stone(to_move) ? to_move : Color::Black;
  const int passes0 = opts.after_pass ? 1 : 0;
  Finish f;
  Work work;
  work.limit = opts.max_reading;
  const int base = score(pos, dead, opts);
  // The finish is played with the dead stones on the board, as the players play it: they take
  // liberties until they are taken, and a move next to them is read with them there.
  const Board& living = pos;
  const Mask& live_dead = dead;
  std::vector<Move> line;
  if (opts.max_nodes <= 0) {
    line = fill_out(living, live_dead, first, passes0, Mask{}, open_kos_of(living, live_dead));
  } else {
    // A record that stops far from its end reads within a smaller budget (FinishOptions::
    // far_moves): the fixed order's length tells how far.
    if (opts.far_moves > 0 && opts.far_reading > 0 &&
        fill_out(living, live_dead, first, passes0, Mask{}, open_kos_of(living, live_dead)).size() >
            size_t(opts.far_moves)) {
      f.far = true;
      work.limit = opts.max_reading > 0 ? std::min(opts.max_reading, opts.far_reading) : opts.far_reading;
    }
    // The boundary first: dame, the endgame that is left, the defences it makes necessary.
    StageResult one = play_stage(living, live_dead, first, passes0, opts, Stage::boundary, f, work);
    line = std::move(one.moves);
    // Then the weaknesses of the filled position: throw-ins, cuts, shortage of liberties.
    // Under territory counting the rest of the boundary is worth nothing and costs no move
    // that matters (either side may pass instead): the side to move after the hot line
    // plays first here, and the rest of the boundary comes after.
    Board filled = living;
    line.resize(play_line(filled, line));
    const bool territory = opts.scoring == FinishScoring::territory;
    const size_t hot = territory ? one.hot_moves : line.size();
    const Color next = hot == 0 ? first : opponent(line[hot - 1].color);
    StageResult two = play_stage(filled, live_dead, next, line.empty() ? passes0 : 0, opts,
                                 Stage::shortage, f, work, &living);
    if (territory && hot < line.size()) {
      std::vector<Move> rest(line.begin() + long(hot), line.end());
      line.resize(hot);
      Color c = next;
      for (const Move& m : two.moves) {
        line.push_back(m);
        c = opponent(m.color);
      }
      std::vector<std::pair<Color, Index>> tail;
      for (const Move& m : rest)
        tail.push_back({m.color, m.kind == MoveKind::pass ? Board::kNoIndex : Board::index(m.point)});
      append_line(line, c, tail);
      two.moves.clear();
    }
    line.insert(line.end(), two.moves.begin(), two.moves.end());
    // Stones thrown into the other side's territory that the lines left standing are dead, as
    // the reading counted them.
    Board end = living;
    line.resize(play_line(end, line));
    std::array<Color, Board::kArea> owners = one.owner;
    for (size_t i = 0; i < owners.size(); ++i)
      if (owners[i] == Color::Empty) owners[i] = two.owner[i];
    const Mask counted = counted_dead(end, Eval{live_dead, opts, &owners});
    const Mask before = dead_chains(end, live_dead);
    for_points(end, [&](Index i) {
      if (counted[i] && !before[i] && end.chain_head(i) == i) f.dead.push_back(Board::point(i));
    });
    f.searched = one.complete && two.complete;
  }
  // A ko open when the game stopped is connected by its holder at the end, if it is still open.
  {
    Board b = living;
    line.resize(play_line(b, line));
    b.clear_ko();
    Color next = line.empty() ? first : opponent(line.back().color);
    for (const auto& [i, taker] : open_kos_of(living, live_dead)) {
      if (!playable(b, i, taker) || !b.captures(i, taker)) continue;
      Board t = b;
      t.play(i, taker);
      if (t.ko_point() == Board::kNoIndex) continue;  // no longer a ko
      const Color holder = opponent(taker);
      if (!playable(b, i, holder)) continue;
      if (next != holder) line.push_back(Move::pass(next));
      line.push_back(Move::play(holder, Board::point(i)));
      b.play(i, holder);
      next = taker;
    }
  }
  // Two passes in a row would end the game: where the parts of the line meet that way, both go.
  for (size_t k = 0; k + 1 < line.size();) {
    if (line[k].kind == MoveKind::pass && line[k + 1].kind == MoveKind::pass)
      line.erase(line.begin() + long(k), line.begin() + long(k) + 2);
    else
      ++k;
  }
  // (After the record's own pass, a pass ends the game: nothing more is played.)
  if (opts.after_pass && !line.empty() && line[0].kind == MoveKind::pass) line.clear();
  // The line on the record's board, where the dead stones still stand: as far as it can be
  // played there.
  Board end = pos;
  line.resize(play_line(end, line));
  while (!line.empty() && line.back().kind == MoveKind::pass) line.pop_back();
  f.moves = std::move(line);
  f.reading = int(std::min<long>(work.used, std::numeric_limits<int>::max()));
  f.reading_spent = work.spent();
  std::vector<Point> kept;
  for (Point p : f.dead)
    if (end.at(p) != Color::Empty) kept.push_back(p);
  f.dead = kept;
  Mask all = dead;
  for (Point p : f.dead) end.for_each_stone(Board::index(p), [&](Index s) { all[s] = 1; });
  f.value = score(end, all, opts) - base;
  return f;
}

std::vector<Move> finishing_moves(const Board& pos, const std::vector<Point>& dead, Color to_move,
                                  const FinishOptions& opts) {
  return finish_game(pos, dead, to_move, opts).moves;
}

}  // namespace jpd
