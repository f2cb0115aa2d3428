#include "jpd/making.hpp"

#include <numeric>
#include <stdexcept>

namespace jpd {

std::string_view name_of(PointClass c) {
  switch (c) {
    case PointClass::off_board: return "off_board";
    case PointClass::black_stone: return "black_stone";
    case PointClass::white_stone: return "white_stone";
    case PointClass::black_territory: return "black_territory";
    case PointClass::white_territory: return "white_territory";
    case PointClass::public_liberty: return "public_liberty";
    case PointClass::dame: return "dame";
    case PointClass::seki_eye_shared: return "seki_eye_shared";
  }
  return "?";
}

std::string_view name_of(CountBoard::Mark m) {
  switch (m) {
    case CountBoard::Mark::none: return "none";
    case CountBoard::Mark::dead_removed: return "dead_removed";
    case CountBoard::Mark::dame_filled: return "dame_filled";
    case CountBoard::Mark::refilled: return "refilled";
    case CountBoard::Mark::negative_a: return "negative_a";
    case CountBoard::Mark::negative_b: return "negative_b";
    case CountBoard::Mark::basic_eye: return "basic_eye";
    case CountBoard::Mark::filled: return "filled";
    case CountBoard::Mark::overflow: return "overflow";
  }
  return "?";
}

namespace {

using Index = Board::Index;
constexpr int kArea = Board::kArea;

struct UnionFind {
  std::vector<int> parent;
  explicit UnionFind(int n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  int find(int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void unite(int a, int b) {
    a = find(a);
    b = find(b);
    if (a != b) parent[b] = a;
  }
};

bool adjacent(Index a, Index b) {
  int d = int(a) - int(b);
  return d == 1 || d == -1 || d == Board::kStride || d == -Board::kStride;
}

// Owned points of a unit: independent when two of them are not adjacent. The grid has no
// triangles, so any three points include a non-adjacent pair.
struct OwnedTally {
  int count = 0;
  Index first = 0, second = 0;
  void add(Index p) {
    if (count == 0) first = p;
    else if (count == 1) second = p;
    ++count;
  }
  bool independent() const { return count >= 3 || (count == 2 && !adjacent(first, second)); }
};

}  // namespace

Analysis Analysis::of(const Board& b, const AnalysisOptions& opts) {
  Analysis a;
  a.cls_.fill(PointClass::off_board);
  a.unit_.fill(-1);
  const int width = b.width(), height = b.height();

  // Claims: empty points only (an eternal-ko claim of a stone is turned into a dead stone and an
  // empty claim by the caller).
  std::array<Color, kArea> claimed;
  claimed.fill(Color::Empty);
  for (const Claim& c : opts.claims) {
    if (!c.point.inside(width, height))
      throw std::invalid_argument("claim outside the board");
    if (b.at(c.point) != Color::Empty)
      throw std::invalid_argument("claim " + std::string(color_letter(c.color)) + ":" +
                                  to_gtp(c.point, height) + " names an occupied point");
    claimed[Board::index(c.point)] = c.color;
  }

  // 1. Empty regions and the colours bordering them.
  // Scratch sized to the board: chain heads and points are indices up to the last point's.
  const int span = Board::index(width - 1, height - 1) + 1;
  a.span_ = span;
  std::array<int16_t, kArea> region;
  region.fill(-1);
  std::vector<uint8_t> region_mask;
  std::vector<Index> stack;
  stack.reserve(width * height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      Color c = b.at(i);
      if (is_stone(c)) {
        a.cls_[i] = stone_of(c);
        ++a.stones_[color_index(c)];
        continue;
      }
      if (region[i] >= 0) continue;
      const int16_t r = int16_t(region_mask.size());
      uint8_t mask = 0;
      region[i] = r;
      stack.push_back(i);
      while (!stack.empty()) {
        Index s = stack.back();
        stack.pop_back();
        for (int d : Board::kDirs) {
          Index j = Index(s + d);
          Color cj = b.at(j);
          if (cj == Color::Empty && region[j] < 0) {
            region[j] = r;
            stack.push_back(j);
          } else if (is_stone(cj)) {
            mask |= uint8_t(cj);
          }
        }
      }
      region_mask.push_back(mask);
    }
  const int nregions = int(region_mask.size());
  const size_t nodes = 2 * size_t(span) + region_mask.size();  // chain heads, regions, points
  auto region_owner = [&](int r) {
    return region_mask[r] == 1 ? Color::Black : region_mask[r] == 2 ? Color::White : Color::Empty;
  };

  // 2. First units: chains joined through the regions their colour owns.
  UnionFind uf{int(nodes)};
  auto region_node = [&](int r) { return span + r; };
  auto point_node = [&](Index p) { return span + nregions + p; };
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      Color c = b.at(i);
      if (!is_stone(c)) continue;
      uf.unite(b.chain_head(i), i);
      for (int d : Board::kDirs) {
        Index j = Index(i + d);
        if (b.at(j) == Color::Empty && region_owner(region[j]) == c)
          uf.unite(b.chain_head(i), region_node(region[j]));
      }
    }
  // Independence of the first units.
  std::vector<OwnedTally> tally(nodes);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      if (b.at(i) == Color::Empty && region_owner(region[i]) != Color::Empty)
        tally[uf.find(region_node(region[i]))].add(i);
    }
  auto independent_at = [&](Index stone) { return tally[uf.find(b.chain_head(stone))].independent(); };

  // 3. Seki: a unit that is not independent and shares a mixed region with a unit of the opponent
  // that is not independent either. [interpretation] SPEC §7 calls every unit without two separate
  // eyes a seki unit; requiring the mutual dependence keeps an eyeless chain that lives by its
  // connection (a boundary stone next to unfilled dame) out of seki. The shared space of a seki is
  // liberties: a mixed region with a point that touches no stone is open, unsettled ground, not a
  // seki.
  std::vector<uint8_t> dependent_mask(nregions, 0), open_region(nregions, 0);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      if (b.at(i) != Color::Empty || region_owner(region[i]) != Color::Empty) continue;
      bool touches = false;
      for (int d : Board::kDirs) touches |= is_stone(b.at(Index(i + d)));
      if (!touches) open_region[region[i]] = 1;
    }
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      if (b.at(i) != Color::Empty || region_owner(region[i]) != Color::Empty) continue;
      if (open_region[region[i]]) continue;
      for (int d : Board::kDirs) {
        Index j = Index(i + d);
        if (is_stone(b.at(j)) && !independent_at(j)) dependent_mask[region[i]] |= uint8_t(b.at(j));
      }
    }
  std::vector<uint8_t> seki_root(nodes, 0);
  std::vector<uint8_t> region_has_seki(nregions, 0);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      if (b.at(i) != Color::Empty || dependent_mask[region[i]] != 3) continue;
      for (int d : Board::kDirs) {
        Index j = Index(i + d);
        if (is_stone(b.at(j)) && !independent_at(j)) {
          seki_root[uf.find(b.chain_head(j))] = 1;
          region_has_seki[region[i]] = 1;
        }
      }
    }
  auto seki_at = [&](Index stone) { return seki_root[uf.find(b.chain_head(stone))] != 0; };

  // 4. Classify the empty points; collect the single owned points (exclusive liberties, claims).
  std::vector<Index> single_owned;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      if (b.at(i) != Color::Empty) continue;
      Color owner = region_owner(region[i]);
      if (claimed[i] != Color::Empty && claimed[i] != owner) {
        a.cls_[i] = territory_of(claimed[i]);
        single_owned.push_back(i);
        continue;
      }
      if (owner != Color::Empty) {
        a.cls_[i] = territory_of(owner);
        continue;
      }
      uint8_t touching = 0;
      bool touches_seki = false;
      for (int d : Board::kDirs) {
        Index j = Index(i + d);
        if (!is_stone(b.at(j))) continue;
        touching |= uint8_t(b.at(j));
        touches_seki |= seki_at(j);
      }
      if (opts.exclusive_liberties && region_has_seki[region[i]] && (touching == 1 || touching == 2)) {
        a.cls_[i] = territory_of(Color(touching));  // exclusive liberty
        single_owned.push_back(i);
      } else if (touches_seki) {
        a.cls_[i] = PointClass::public_liberty;
      } else {
        a.cls_[i] = PointClass::dame;
      }
    }

  // 5. Units for counting: the first units joined through exclusive liberties and claimed points.
  // A unit that contains a seki unit is a seki unit.
  std::vector<uint8_t> was_seki(nodes, 0);
  for (size_t n = 0; n < nodes; ++n)
    if (seki_root[n]) was_seki[n] = 1;
  for (Index p : single_owned) {
    Color c = a.cls_[p] == PointClass::black_territory ? Color::Black : Color::White;
    for (int d : Board::kDirs) {
      Index j = Index(p + d);
      if (b.at(j) == c) uf.unite(b.chain_head(j), point_node(p));
    }
  }
  std::vector<int> unit_id(nodes, -1);
  std::vector<OwnedTally> owned;
  auto unit_for = [&](int node, Color c, Index stone_or_point, bool is_stone_point) {
    int root = uf.find(node);
    if (unit_id[root] < 0) {
      unit_id[root] = int(a.units_.size());
      Unit u;
      u.color = c;
      a.units_.push_back(u);
      owned.emplace_back();
    }
    int id = unit_id[root];
    if (is_stone_point && a.units_[id].stones == 0) a.units_[id].first_stone = Board::point(stone_or_point);
    return id;
  };
  // Seki flags travel from the first units' roots to the final roots.
  for (size_t n = 0; n < nodes; ++n)
    if (was_seki[n]) seki_root[uf.find(int(n))] = 1;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      Color c = b.at(i);
      if (is_stone(c)) {
        int id = unit_for(b.chain_head(i), c, i, true);
        ++a.units_[id].stones;
        a.unit_[i] = int16_t(id);
      }
    }
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      PointClass pc = a.cls_[i];
      if (pc != PointClass::black_territory && pc != PointClass::white_territory) continue;
      Color c = pc == PointClass::black_territory ? Color::Black : Color::White;
      bool single = region_owner(region[i]) != c;  // exclusive liberty or claim outside own region
      int node = single ? point_node(i) : region_node(region[i]);
      int root = uf.find(node);
      if (unit_id[root] < 0) continue;  // owned space touching no stone (e.g. a lone claim)
      int id = unit_id[root];
      owned[id].add(i);
      a.unit_[i] = int16_t(id);
    }
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      if (is_stone(b.at(i))) {
        int id = a.unit_[i];
        if (seki_root[uf.find(b.chain_head(i))]) a.units_[id].seki = true;
      }
    }
  for (size_t id = 0; id < a.units_.size(); ++id) {
    Unit& u = a.units_[id];
    u.owned = owned[id].count;
    u.independent = !u.seki && owned[id].independent();
  }

  // 6. Eyes of seki units are nobody's where the rules give seki no territory.
  if (!opts.seki_territory)
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x) {
        Index i = Board::index(x, y);
        PointClass pc = a.cls_[i];
        bool owned_point = pc == PointClass::black_territory || pc == PointClass::white_territory;
        if (owned_point && claimed[i] == Color::Empty && a.unit_[i] >= 0 && a.units_[a.unit_[i]].seki)
          a.cls_[i] = PointClass::seki_eye_shared;
      }

  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      switch (a.cls_[Board::index(x, y)]) {
        case PointClass::black_territory: ++a.territory_[0]; break;
        case PointClass::white_territory: ++a.territory_[1]; break;
        case PointClass::public_liberty: ++a.public_; break;
        case PointClass::dame: ++a.dame_; break;
        case PointClass::seki_eye_shared: ++a.seki_shared_; break;
        default: break;
      }
    }
  return a;
}

int Analysis::groups(Color c) const {
  int n = 0;
  for (auto& u : units_) n += u.color == c && u.counts_as_group();
  return n;
}
int Analysis::unit_count(Color c) const {
  int n = 0;
  for (auto& u : units_) n += u.color == c;
  return n;
}
int Analysis::seki_units(Color c) const {
  int n = 0;
  for (auto& u : units_) n += u.color == c && u.seki;
  return n;
}
int Analysis::basic_eyes(Color c) const {
  int n = 0;
  for (auto& u : units_)
    if (u.color == c) n += u.basic_eyes();
  return n;
}
int Analysis::territory_outside_seki(Color c) const {
  int n = 0;
  for (int i = 0; i < span_; ++i)
    if (cls_[i] == territory_of(c) && (unit_[i] < 0 || !units_[unit_[i]].seki)) ++n;
  return n;
}
std::vector<Index> Analysis::dame_points() const {
  std::vector<Index> v;
  for (int i = 0; i < span_; ++i)
    if (cls_[i] == PointClass::dame) v.push_back(Index(i));
  return v;
}

CountBoard CountBoard::from(const Board& b, const Analysis& a) {
  CountBoard cb;
  cb.width = b.width();
  cb.height = b.height();
  cb.color.fill(Color::Edge);
  cb.cls.fill(PointClass::off_board);
  cb.mark.fill(Mark::none);
  for (int y = 0; y < cb.height; ++y)
    for (int x = 0; x < cb.width; ++x) {
      Index i = Board::index(x, y);
      cb.color[i] = b.at(i);
      cb.cls[i] = a.at(i);
    }
  return cb;
}

void CountBoard::place(Index i, Color c, Mark m) {
  color[i] = c;
  cls[i] = stone_of(c);
  mark[i] = m;
}

void CountBoard::remove(Index i, PointClass becomes, Mark m) {
  color[i] = Color::Empty;
  cls[i] = becomes;
  mark[i] = m;
}

int CountBoard::stones(Color c) const {
  int n = 0;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) n += color[Board::index(x, y)] == c;
  return n;
}
int CountBoard::count(PointClass c) const {
  int n = 0;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      n += color[i] == Color::Empty && cls[i] == c;
    }
  return n;
}
int CountBoard::territory(Color c) const { return count(territory_of(c)); }
int CountBoard::shared() const {
  return count(PointClass::public_liberty) + count(PointClass::dame) +
         count(PointClass::seki_eye_shared);
}
int CountBoard::marked(Mark m) const {
  int n = 0;
  for (int i = 0; i < kArea; ++i) n += mark[i] == m;
  return n;
}
std::string CountBoard::to_string() const {
  std::string s;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      char ch = '.';
      if (color[i] == Color::Black) ch = 'X';
      else if (color[i] == Color::White) ch = 'O';
      else if (cls[i] == PointClass::black_territory) ch = 'x';
      else if (cls[i] == PointClass::white_territory) ch = 'o';
      s += ch;
    }
    s += '\n';
  }
  return s;
}

}  // namespace jpd
