// The reference eye reading (reference_eye_reading.hpp): the reading of src/count/eye_reading.cpp
// as it was before it was made fast, copied unchanged (the Grid, the seals, the reach, the
// Reading) but for the function at the end, which returns the maps as plain vectors.
#include "reference_eye_reading.hpp"

#include <algorithm>
#include <array>
#include <iterator>
#include <span>
#include <utility>

namespace jpd::reference {

namespace {

constexpr int kNone = -1;
constexpr Color kColors[2] = {Color::Black, Color::White};

// The position as the reading sees it: points numbered row by row, neighbours listed.
struct Grid {
  int w = 0, h = 0, n = 0;
  std::vector<Color> color;
  std::vector<uint8_t> dead;
  std::vector<std::array<int, 4>> around;  // the neighbours, kNone beyond the edge

  explicit Grid(const FinalPosition& f) : w(f.width()), h(f.height()), n(w * h) {
    color.resize(size_t(n));
    dead.resize(size_t(n));
    around.resize(size_t(n));
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const int i = y * w + x;
        color[i] = f.at(Point(x, y));
        dead[i] = f.dead(Point(x, y));
        around[i] = {y > 0 ? i - w : kNone, x > 0 ? i - 1 : kNone, x + 1 < w ? i + 1 : kNone,
                     y + 1 < h ? i + w : kNone};
      }
  }
  bool alive(int i, Color c) const { return color[i] == c && !dead[i]; }
  bool living_stone(int i) const { return color[i] != Color::Empty && !dead[i]; }
  bool empty(int i) const { return color[i] == Color::Empty; }
  bool on_edge(int i) const {
    const int x = i % w, y = i / w;
    return x == 0 || y == 0 || x == w - 1 || y == h - 1;
  }
  template <class F>
  void for_around(int i, F&& f) const {
    for (int j : around[i])
      if (j != kNone) f(j);
  }
};

using Mask = std::vector<uint8_t>;

// 1. Seals. The shapes, drawn for the sealing colour, '@' the sealed point:
//   X  a living stone of the sealing colour
//   +  open: empty, a living stone of the sealing colour, or a dead stone of the opponent
//   @  the sealed point, empty
//   ?  anything on the board
//   =  beyond the edge: the shape lies along it
// Each shape is tried in its eight orientations.
struct Shape {
  const char* rows[3];
};
constexpr Shape kSealShapes[] = {
    {{"XX", "@+", "X+"}},     // a one-point gap between two stones, a third beside one of them
    {{"+X?", "+@+", "+X?"}},  // a one-point gap between two stones, open around it
    {{"X++", "+@X", "X++"}},  // a stone on one side, two on the diagonals of the other
    {{"?+?", "X@X", "==="}},  // on the edge between two stones
    {{"XX", "@+", "=="}},     // on the edge under a stone, one diagonally beside it
    {{"+X?", "+@+", "==="}},  // on the edge under a stone, open on both sides
};

// A shape turned one of eight ways: its cells as offsets from the sealed point, the stones
// first (they fail most often).
struct Turned {
  struct Cell {
    int dx = 0, dy = 0;
    char want = '?';
  };
  Cell cells[9] = {};
  int size = 0;
  // The sides of the sealed point (Grid::around's order) that must hold a living stone of the
  // sealing colour, and that must be beyond the edge: a quick test before the cells.
  uint8_t stones = 0, edge = 0;
};

// The side of a neighbouring offset in Grid::around's order (up, left, right, down), -1 if the
// offset is not a neighbour's.
constexpr int side_of(int dx, int dy) {
  return dy == -1 && dx == 0   ? 0
         : dx == -1 && dy == 0 ? 1
         : dx == 1 && dy == 0  ? 2
         : dy == 1 && dx == 0  ? 3
                               : -1;
}

constexpr int kTurnings = int(std::size(kSealShapes)) * 8;

// Every shape in its eight orientations, and for each set of sides (four bits of stones of the
// sealing colour, four beyond the edge) the ones that can fit there: a table built at compile
// time.
struct SealTable {
  Turned shapes[kTurnings] = {};
  uint8_t worth[256][kTurnings] = {};
  uint8_t worth_size[256] = {};
};

constexpr SealTable make_seal_table() {
  SealTable table;
  int n = 0;
  for (const Shape& s : kSealShapes) {
    int r0 = 0, k0 = 0;
    for (int r = 0; r < 3; ++r)
      for (int k = 0; s.rows[r][k]; ++k)
        if (s.rows[r][k] == '@') r0 = r, k0 = k;
    for (int o = 0; o < 8; ++o) {
      // Cell (row r, column k) lies (k, r) from the sealed point's cell, or (r, k) turned over
      // the diagonal, mirrored in x and y.
      Turned& t = table.shapes[n++];
      for (char first : {'X', '+', '=', '?'})
        for (int r = 0; r < 3; ++r)
          for (int k = 0; s.rows[r][k]; ++k) {
            if (s.rows[r][k] != first) continue;
            const int u = o & 4 ? k - k0 : r - r0, v = o & 4 ? r - r0 : k - k0;
            const int dx = o & 1 ? -v : v, dy = o & 2 ? -u : u, side = side_of(dx, dy);
            t.cells[t.size++] = {dx, dy, first};
            if (side >= 0 && first == 'X') t.stones |= uint8_t(1 << side);
            if (side >= 0 && first == '=') t.edge |= uint8_t(1 << side);
          }
    }
  }
  for (int sides = 0; sides < 256; ++sides)
    for (int k = 0; k < kTurnings; ++k) {
      const Turned& t = table.shapes[k];
      if ((t.stones & sides) == t.stones && (t.edge & (sides >> 4)) == t.edge)
        table.worth[sides][table.worth_size[sides]++] = uint8_t(k);
    }
  return table;
}
constexpr SealTable kSealTable = make_seal_table();

// Whether the turned shape fits for colour c with its sealed point on the empty point (px, py).
bool fits(const Grid& g, const Turned& t, Color c, int px, int py) {
  const Color o = opponent(c);
  for (int n = 0; n < t.size; ++n) {
    const Turned::Cell& cell = t.cells[n];
    const int x = px + cell.dx, y = py + cell.dy;
    const bool off = x < 0 || y < 0 || x >= g.w || y >= g.h;
    if (cell.want == '=') {
      if (!off) return false;
      continue;
    }
    if (off) return false;
    const int i = y * g.w + x;
    if (cell.want == 'X' && !g.alive(i, c)) return false;
    if (cell.want == '+' && !g.empty(i) && !g.alive(i, c) && !(g.color[i] == o && g.dead[i]))
      return false;
  }
  return true;
}

// sealed[c][i]: point i is sealed by colour c. Every shape has a living stone of the sealing
// colour next to the sealed point: only such empty points are tried.
std::array<Mask, 2> find_seals(const Grid& g) {
  std::array<Mask, 2> sealed{Mask(g.n, 0), Mask(g.n, 0)};
  for (int i = 0; i < g.n; ++i) {
    if (!g.empty(i)) continue;
    int edge = 0;
    for (int side = 0; side < 4; ++side)
      if (g.around[i][side] == kNone) edge |= 1 << side;
    for (Color c : kColors) {
      int stones = 0;
      for (int side = 0; side < 4; ++side)
        if (g.around[i][side] != kNone && g.alive(g.around[i][side], c)) stones |= 1 << side;
      if (!stones) continue;
      const int sides = stones | edge << 4;
      for (int k = 0; k < kSealTable.worth_size[sides]; ++k)
        if (fits(g, kSealTable.shapes[kSealTable.worth[sides][k]], c, i % g.w, i / g.w)) {
          sealed[color_index(c)][i] = 1;
          break;
        }
    }
  }
  return sealed;
}

// 2. Reach of colour c: from its living stones through everything but the opponent's living
// stones; with `stop`, a point where stop[i] is set is reached but not passed.
Mask reach(const Grid& g, Color c, const Mask* stop) {
  Mask reached(size_t(g.n), 0);
  std::vector<int> todo;
  for (int i = 0; i < g.n; ++i)
    if (g.alive(i, c)) {
      reached[i] = 1;
      todo.push_back(i);
    }
  while (!todo.empty()) {
    const int i = todo.back();
    todo.pop_back();
    if (stop && (*stop)[i]) continue;
    g.for_around(i, [&](int j) {
      if (reached[j] || g.alive(j, opponent(c))) return;
      reached[j] = 1;
      todo.push_back(j);
    });
  }
  return reached;
}

struct Eye {
  Color color = Color::Empty;
  int region = kNone;
  std::vector<int> points;                   // row by row
  std::vector<std::pair<int, int>> next_to;  // (group, point of the eye next to its stones)
  std::vector<int> groups;                   // the groups next to it, ascending
  int value = 0;

  // The pairs of next_to of group m.
  std::span<const std::pair<int, int>> next_to_group(int m) const {
    auto [from, to] =
        std::equal_range(next_to.begin(), next_to.end(), std::pair{m, kNone},
                         [](const auto& a, const auto& b) { return a.first < b.first; });
    return {from, to};
  }
};

struct Reading {
  const Grid& g;
  std::array<Mask, 2> sealed;
  std::array<Mask, 2> strict, reached;  // reach without and with the seals, by colour index
  std::vector<int> region_of;
  std::vector<Color> region_color;
  std::vector<int> chain_of, chain_liberties, chain_region;
  std::vector<int> group_of;                 // living stones only
  std::vector<std::vector<int>> group_eyes;  // eyes next to each group, ascending
  std::vector<int> eye_of;
  std::vector<Eye> eyes;
  mutable std::vector<int> todo_;  // scratch of label_pieces

  explicit Reading(const Grid& grid) : g(grid) {}

  bool sealed_against(int i, Color c) const {  // sealed by c's opponent
    return sealed[color_index(opponent(c))][i];
  }
  bool only(const std::array<Mask, 2>& r, int i, Color c) const {
    return r[color_index(c)][i] && !r[color_index(opponent(c))][i];
  }

  // 3. Regions, in row order of their first point, Black before White at a point. The flood
  // from a region's first point crosses everything but the opponent's living stones and the
  // points of earlier regions, and passes no point the opponent sealed; the points on its way
  // that only c's sealed reach gets to are the region.
  void find_regions() {
    region_of.assign(g.n, kNone);
    std::vector<int> seen(g.n, kNone), todo;
    for (int i = 0; i < g.n; ++i)
      for (Color c : kColors) {
        if (region_of[i] != kNone || !only(reached, i, c)) continue;
        const int id = int(region_color.size());
        region_color.push_back(c);
        todo.assign(1, i);
        while (!todo.empty()) {
          const int p = todo.back();
          todo.pop_back();
          if (seen[p] == id || region_of[p] != kNone || g.alive(p, opponent(c))) continue;
          seen[p] = id;
          if (only(reached, p, c)) region_of[p] = id;
          if (sealed_against(p, c)) continue;
          g.for_around(p, [&](int q) { todo.push_back(q); });
        }
      }
  }

  // Chains: connected points of the same colour and the same mark (empty points included), with
  // their liberties and the region holding the whole chain (kNone if it is in more than one).
  void find_chains() {
    chain_of.assign(g.n, kNone);
    std::vector<int> todo;
    std::vector<int> liberty_seen(g.n, kNone);
    for (int i = 0; i < g.n; ++i) {
      if (chain_of[i] != kNone) continue;
      const int id = int(chain_liberties.size());
      int liberties = 0, region = region_of[i];
      chain_of[i] = id;
      todo.assign(1, i);
      while (!todo.empty()) {
        const int p = todo.back();
        todo.pop_back();
        if (region_of[p] != region) region = kNone;
        g.for_around(p, [&](int q) {
          if (g.color[q] == g.color[i] && g.dead[q] == g.dead[i]) {
            if (chain_of[q] == kNone) {
              chain_of[q] = id;
              todo.push_back(q);
            }
          } else if (g.empty(q) && liberty_seen[q] != id) {
            liberty_seen[q] = id;
            ++liberties;
          }
        });
      }
      chain_liberties.push_back(liberties);
      chain_region.push_back(region);
    }
  }

  // 4. Groups: a colour's living stones joined through points of no region that the opponent
  // has not sealed.
  void find_groups() {
    group_of.assign(g.n, kNone);
    int groups = 0;
    for (Color c : kColors) {
      Mask walked(size_t(g.n), 0);
      std::vector<int> todo;
      for (int i = 0; i < g.n; ++i) {
        if (!g.alive(i, c) || walked[i]) continue;
        const int id = groups++;
        walked[i] = 1;
        todo.assign(1, i);
        while (!todo.empty()) {
          const int p = todo.back();
          todo.pop_back();
          if (g.alive(p, c)) group_of[p] = id;
          g.for_around(p, [&](int q) {
            if (walked[q]) return;
            const bool through = g.alive(q, c) || (region_of[q] == kNone && !sealed_against(q, c));
            if (!through) return;
            walked[q] = 1;
            todo.push_back(q);
          });
        }
      }
    }
    group_eyes.assign(size_t(groups), {});
  }

  // 5. Eyes: the connected empty points and dead stones of one region, with the groups of the
  // region next to them.
  void find_eyes() {
    eye_of.assign(g.n, kNone);
    std::vector<int> todo;
    for (int i = 0; i < g.n; ++i) {
      if (eye_of[i] != kNone || g.living_stone(i) || region_of[i] == kNone) continue;
      Eye e;
      e.region = region_of[i];
      e.color = region_color[e.region];
      const int id = int(eyes.size());
      eye_of[i] = id;
      todo.assign(1, i);
      while (!todo.empty()) {
        const int p = todo.back();
        todo.pop_back();
        e.points.push_back(p);
        g.for_around(p, [&](int q) {
          if (region_of[q] != e.region) return;
          if (g.living_stone(q)) {
            e.next_to.emplace_back(group_of[q], p);
          } else if (eye_of[q] == kNone) {
            eye_of[q] = id;
            todo.push_back(q);
          }
        });
      }
      std::sort(e.points.begin(), e.points.end());
      std::sort(e.next_to.begin(), e.next_to.end());
      e.next_to.erase(std::unique(e.next_to.begin(), e.next_to.end()), e.next_to.end());
      for (const auto& [group, p] : e.next_to)
        if (e.groups.empty() || e.groups.back() != group) {
          e.groups.push_back(group);
          group_eyes[group].push_back(id);
        }
      eyes.push_back(std::move(e));
    }
  }

  // Labels the connected pieces of `pts` (the points marked in `in`) without the points `cut`:
  // piece[p] is the number of p's piece for every point of pts, kNone for the cut ones (other
  // entries are left as they are). Returns the number of pieces, numbered in row order of their
  // first point.
  int label_pieces(const std::vector<int>& pts, const Mask& in, std::initializer_list<int> cut,
                   std::vector<int>& piece) const {
    constexpr int kCut = -2;
    for (int p : pts) piece[p] = kNone;
    for (int c : cut) piece[c] = kCut;
    int n = 0;
    for (int s : pts) {
      if (piece[s] != kNone) continue;
      piece[s] = n;
      todo_.assign(1, s);
      while (!todo_.empty()) {
        const int p = todo_.back();
        todo_.pop_back();
        g.for_around(p, [&](int q) {
          if (in[q] && piece[q] == kNone) {
            piece[q] = n;
            todo_.push_back(q);
          }
        });
      }
      ++n;
    }
    for (int c : cut) piece[c] = kNone;
    return n;
  }

  // c could put a stone on i without it being captured at once, the chains around i as they are
  // (an empty point next to a point that is not the opponent's, or to an opponent chain in
  // atari).
  bool playable(int i, Color c) const {
    if (!g.empty(i)) return false;
    bool ok = false;
    g.for_around(i, [&](int j) {
      ok = ok || g.color[j] != opponent(c) || chain_liberties[chain_of[j]] <= 1;
    });
    return ok;
  }

  // 6. False eye points. A point e of an eye with at most one neighbour in the eye is false when
  // a group next to it cannot get round it: starting from the group, going through the eyes next
  // to the groups reached (other eyes whole, this eye only in the pieces left without e) and the
  // groups next to those, it reaches neither all of e's neighbours in the region nor, where the
  // eyes have values already (the second reading), another eye of value or a real point of this
  // eye if this eye has value. `real`: the eye points that the first reading found not false;
  // `candidates`: the points to test (all when null; the second reading only adds ways round,
  // so it needs to test only the points the first found false).
  Mask false_points(const Mask& real, const Mask* candidates) const {
    Mask out(size_t(g.n), 0), in(size_t(g.n), 0);
    std::vector<int> piece_of(g.n, kNone), todo, part_from, part_fill, part_groups;
    std::vector<uint8_t> group_seen, eye_seen, part_seen;
    const size_t ngroups = group_eyes.size();
    for (int id = 0; id < int(eyes.size()); ++id) {
      const Eye& eye = eyes[id];
      for (int p : eye.points) in[p] = 1;
      for (int e : eye.points) {
        if (candidates && !(*candidates)[e]) continue;
        int inside = 0, sides = 0;
        std::vector<int> groups_here;
        g.for_around(e, [&](int q) {
          inside += in[q];
          if (region_of[q] != eye.region) return;
          ++sides;
          if (g.living_stone(q)) groups_here.push_back(group_of[q]);
        });
        if (inside > 1 || groups_here.empty()) continue;
        // The pieces of the eye without e, with the groups next to each.
        const int parts = label_pieces(eye.points, in, {e}, piece_of);
        std::vector<uint8_t> part_real(static_cast<size_t>(parts), 0);
        for (int p : eye.points)
          if (p != e && real[p]) part_real[piece_of[p]] = 1;
        // The groups next to each piece k: part_groups[part_from[k] .. part_from[k + 1]).
        part_from.assign(size_t(parts) + 1, 0);
        for (const auto& [group, p] : eye.next_to)
          if (p != e) ++part_from[size_t(piece_of[p]) + 1];
        for (int k = 0; k < parts; ++k) part_from[size_t(k) + 1] += part_from[size_t(k)];
        part_groups.resize(size_t(part_from[size_t(parts)]));
        part_fill.assign(part_from.begin(), part_from.end() - 1);
        for (const auto& [group, p] : eye.next_to)
          if (p != e) part_groups[size_t(part_fill[size_t(piece_of[p])]++)] = group;
        // The search goes both ways along every step, so a group the search from an earlier
        // group (that got round) reached gets round too.
        group_seen.assign(ngroups, 0);
        for (int start : groups_here) {
          if (group_seen[start]) continue;
          group_seen.assign(ngroups, 0);
          eye_seen.assign(eyes.size(), 0);
          part_seen.assign(size_t(parts), 0);
          todo.assign(1, start);
          group_seen[start] = 1;
          bool round = false;
          while (!todo.empty() && !round) {
            const int m = todo.back();
            todo.pop_back();
            auto visit = [&](int next) {
              if (!group_seen[next]) {
                group_seen[next] = 1;
                todo.push_back(next);
              }
            };
            for (int x : group_eyes[m]) {
              if (x == id) {
                for (const auto& [group, p] : eye.next_to_group(m)) {
                  if (p == e) continue;
                  const int k = piece_of[p];
                  if (part_seen[k]) continue;
                  part_seen[k] = 1;
                  if (eye.value > 0 && part_real[k]) round = true;
                  for (int n = part_from[k]; n < part_from[k + 1]; ++n) visit(part_groups[n]);
                }
              } else if (!eye_seen[x]) {
                eye_seen[x] = 1;
                if (eyes[x].value > 0) round = true;
                for (int next : eyes[x].groups) visit(next);
              }
              if (round) break;
            }
          }
          if (!round) {
            int got = 0;
            g.for_around(e, [&](int q) {
              if (region_of[q] != eye.region) return;
              if (g.living_stone(q))
                got += group_seen[group_of[q]];
              else if (q != e && piece_of[q] != kNone)
                got += part_seen[piece_of[q]];
            });
            round = got >= sides;
          }
          if (!round) {
            out[e] = 1;
            break;
          }
        }
        for (int p : eye.points) piece_of[p] = kNone;
      }
      for (int p : eye.points) in[p] = 0;
    }
    return out;
  }

  // 7. The value of an eye (0, 1 or 2) from its real points: those the first reading did not
  // find false (`false_pts`). It is the largest value any of the rules below gives, at most two,
  // so they are taken cheapest first and the rest skipped once it is two.
  int eye_value(const Eye& eye, const Mask& false_pts) const {
    const Color c = eye.color, o = opponent(c);
    std::vector<int> pts;
    for (int p : eye.points)
      if (!false_pts[p]) pts.push_back(p);
    if (pts.empty()) return 0;
    Mask in(size_t(g.n), 0);
    for (int p : pts) in[p] = 1;
    // Per real point: its neighbours in the eye, and the moves it takes to block it off.
    struct Info {
      int degree = 0, empty_inside = 0, empty_false = 0, opp_false = 0, block = 0;
      bool poke = false;  // an opponent stone next to a false point: it can never be blocked off
    };
    std::vector<Info> info(g.n);
    auto is_opp = [&](int i) { return g.color[i] == o; };
    for (int p : pts) {
      Info& f = info[p];
      g.for_around(p, [&](int q) {
        f.degree += in[q];
        if (g.empty(q) && in[q]) ++f.empty_inside;
        if (g.empty(q) && false_pts[q]) ++f.empty_false;
        if (is_opp(q) && false_pts[q]) ++f.opp_false;
      });
      f.poke = is_opp(p) && (f.opp_false > 0 || f.empty_false >= 2);
    }
    for (int p : pts) {
      Info& f = info[p];
      g.for_around(p, [&](int q) {
        const Info& n = info[q];
        if (is_opp(q)) {
          if (false_pts[q] || (in[q] && n.poke))
            f.block += 1000;
          else if (in[q] && n.empty_false >= 1)
            f.block += 1;
        } else if (g.empty(q)) {
          if (!in[q] || n.opp_false >= 1) f.block += 1;
        }
      });
    }
    auto count_if = [&](auto&& pred) { return int(std::count_if(pts.begin(), pts.end(), pred)); };

    int value = 0;
    // A point that can be blocked off in at most one move: an eye (the defender's benefit).
    if (count_if([&](int p) { return info[p].block <= 1; }) > 0) value = 1;
    // Many marked-dead stones inside: one eye from five, two from eight.
    const int dead_inside = count_if([&](int p) { return is_opp(p) && g.dead[p]; });
    if (dead_inside >= 5) value = std::max(value, 1);
    if (dead_inside >= 8) value = 2;
    // A large eye: its size less its weak points (twice the severe ones) and the opponent's
    // stones inside with two neighbours in it, at least six.
    const int weak = count_if([&](int p) { return info[p].block >= 1; }) +
                     count_if([&](int p) { return info[p].block >= 2; }) +
                     count_if([&](int p) { return is_opp(p) && info[p].degree >= 2; });
    if (int(pts.size()) - weak >= 6) value = 2;
    // A thick eye: empty points with three or four neighbours in it (four counting twice).
    if (count_if([&](int p) { return g.empty(p) && info[p].degree >= 4; }) +
            count_if([&](int p) { return g.empty(p) && info[p].degree >= 3; }) >=
        6)
      value = 2;
    if (value >= 2) return 2;

    std::vector<int> piece(g.n, kNone), sure_points;
    // A cutting point c can play that splits the eye into pieces each holding a point that
    // needs no move to block off (one move where the cut itself makes the block).
    for (size_t a = 0; a < pts.size() && value < 2; ++a) {
      const int d = pts[a];
      if (!playable(d, c)) continue;
      const int parts = label_pieces(pts, in, {d}, piece);
      if (parts < 2) continue;
      const bool bonus = info[d].opp_false == 1;
      sure_points.assign(size_t(parts), 0);
      for (int p : pts)
        if (p != d && (info[p].block <= 0 || (bonus && info[p].block <= 1)))
          sure_points[piece[p]] = 1;
      value = std::max(value, int(std::count(sure_points.begin(), sure_points.end(), 1)));
    }
    // Two neighbouring points of degree three or more, the first playable off the edge, whose
    // removal leaves two pieces that are sure eyes, one of them with two sure points (two such
    // pieces when the second point holds a stone).
    for (size_t a = 0; a < pts.size() && value < 2; ++a) {
      const int d = pts[a];
      const Info& f = info[d];
      if (!g.empty(d) || g.on_edge(d) || !playable(d, c) || f.block > 1 || f.degree < 3) continue;
      g.for_around(d, [&](int q) {
        if (value >= 2 || !in[q]) return;
        const Info& n = info[q];
        if (n.degree < 3 || n.block > 1 || (!g.empty(q) && n.empty_inside <= 1)) return;
        const int parts = label_pieces(pts, in, {d, q}, piece);
        if (parts < 2) return;
        sure_points.assign(size_t(parts), 0);
        for (int p : pts)
          if (p != d && p != q && info[p].block <= 0) ++sure_points[piece[p]];
        const int sure = int(
            std::count_if(sure_points.begin(), sure_points.end(), [](int k) { return k >= 1; }));
        const int doubly = int(
            std::count_if(sure_points.begin(), sure_points.end(), [](int k) { return k >= 2; }));
        if (sure >= 2 && doubly >= 1 && (g.empty(q) || doubly >= 2)) value = 2;
      });
    }
    // Marked-dead stones that would leave a living shape when captured: the shape of the dead
    // stones and the points c cannot play, where the opponent may leave out any one of the
    // latter, counted by pieces, less the stones thrown into false points, plus half the
    // cutting and the thick points (and a bonus for seven points or more), is two eyes in
    // every case.
    if (value < 2) {
      std::vector<int> dead_opp, unplayable;
      for (int p : pts) {
        if (is_opp(p) && g.dead[p])
          dead_opp.push_back(p);
        else if (!playable(p, c))
          unplayable.push_back(p);
      }
      if (!dead_opp.empty()) {
        int throwins = 0;
        for (int p : eye.points) throwins += is_opp(p) && false_pts[p];
        std::vector<int> leave_out = unplayable;
        leave_out.push_back(kNone);
        bool alive = true;
        Mask sin(size_t(g.n), 0);
        for (int skip : leave_out) {
          std::vector<int> shape = dead_opp;
          for (int p : unplayable)
            if (p != skip) shape.push_back(p);
          std::sort(shape.begin(), shape.end());
          for (int p : shape) sin[p] = 1;
          const int whole = label_pieces(shape, sin, {}, piece);
          int cuts = 0, thick = 0;
          for (int p : shape) {
            if (label_pieces(shape, sin, {p}, piece) > whole) {
              ++cuts;
            } else {
              int deg = 0;
              g.for_around(p, [&](int q) { deg += sin[q]; });
              thick += deg >= 3;
            }
          }
          for (int p : shape) sin[p] = 0;
          const int bonus = shape.size() >= 7 ? 1 : 0;
          if (whole - throwins + (cuts + thick + bonus) / 2 < 2) {
            alive = false;
            break;
          }
        }
        if (alive) value = 2;
      }
    }
    return std::min(value, 2);
  }
};

}  // namespace

ReadingMaps read_eyes(const FinalPosition& f, const EyeReadingOptions& opts) {
  constexpr uint8_t kFalseEye = 1, kUnscored = 2, kDame = 4;
  const Grid g(f);
  Reading rd(g);
  rd.sealed = find_seals(g);
  for (Color c : kColors) {
    const int k = color_index(c);
    rd.strict[k] = reach(g, c, nullptr);
    rd.reached[k] = reach(g, c, &rd.sealed[color_index(opponent(c))]);
  }
  rd.find_regions();
  rd.find_chains();
  rd.find_groups();
  rd.find_eyes();

  const Mask none(size_t(g.n), 0);
  const Mask first = rd.false_points(none, nullptr);
  for (Eye& e : rd.eyes) e.value = rd.eye_value(e, first);
  Mask real(size_t(g.n), 0);
  for (int i = 0; i < g.n; ++i) real[i] = rd.eye_of[i] != kNone && !first[i];
  const Mask unscored = rd.false_points(real, &first);

  ReadingMaps m;
  std::vector<uint8_t> flags(size_t(g.n), 0);
  m.width = g.w;
  m.height = g.h;
  m.territory.assign(g.n, Color::Empty);
  m.seki.assign(g.n, Color::Empty);
  m.eye_value.assign(g.n, 0);
  std::array<Mask, 2> beside_throwin{Mask(g.n, 0), Mask(g.n, 0)};
  for (int i = 0; i < g.n; ++i)
    if (unscored[i] && g.dead[i])
      g.for_around(i, [&](int j) { beside_throwin[color_index(opponent(g.color[i]))][j] = 1; });
  std::vector<int> region_eyes(rd.region_color.size(), 0);
  for (const Eye& e : rd.eyes) region_eyes[e.region] += e.value;
  for (int i = 0; i < g.n; ++i) {
    const int r = rd.region_of[i];
    if (r == kNone) {
      flags[i] |= kDame;
      continue;
    }
    const Color c = rd.region_color[r];
    const bool seki = region_eyes[r] <= 1;
    if (seki) m.seki[i] = c;
    if (first[i]) flags[i] |= kFalseEye;
    const bool open = g.empty(i) || g.dead[i];
    if (unscored[i] || (open && beside_throwin[color_index(c)][i])) flags[i] |= kUnscored;
    if (rd.eye_of[i] != kNone) m.eye_value[i] = uint8_t(rd.eyes[rd.eye_of[i]].value);
    const bool scored = opts.score_false_eyes || !(flags[i] & kUnscored);
    if ((g.color[i] != c || g.dead[i]) && !seki && scored && rd.chain_region[rd.chain_of[i]] == r &&
        !rd.strict[color_index(opponent(c))][i]) {
      m.territory[i] = c;
      ++m.territory_count[color_index(c)];
    }
  }
  m.false_eye.resize(flags.size());
  m.unscored_false_eye.resize(flags.size());
  m.dame.resize(flags.size());
  for (size_t i = 0; i < flags.size(); ++i) {
    m.false_eye[i] = (flags[i] & kFalseEye) != 0;
    m.unscored_false_eye[i] = (flags[i] & kUnscored) != 0;
    m.dame[i] = (flags[i] & kDame) != 0;
  }
  return m;
}

}  // namespace jpd::reference
