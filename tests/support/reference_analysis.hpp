// The classification of SPEC §7 the plain way, as Analysis::of did it before it was made fast:
// union-find over the padded grid (chain heads and empty points), one row-major pass per
// step. Kept as the reference the fast Analysis::of is compared with (analysis_test.cpp).
#pragma once

#include <array>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "jpd/making.hpp"

namespace jpd::reference {

struct Classification {
  std::array<PointClass, Board::kArea> cls{};
  std::array<int16_t, Board::kArea> unit{};
  std::vector<Unit> units;
  int stones[2] = {0, 0}, territory[2] = {0, 0};
  int public_liberties = 0, dame = 0, seki_eyes_shared = 0;
  int territory_outside_seki[2] = {0, 0};
  std::vector<Board::Index> dame_points;
};

inline Classification classify(const Board& b, const AnalysisOptions& opts) {
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
  auto adjacent = [](Index p, Index q) {
    int d = int(p) - int(q);
    return d == 1 || d == -1 || d == Board::kStride || d == -Board::kStride;
  };
  struct OwnedTally {
    int count = 0;
    Index first = 0, second = 0;
    void add(Index p) {
      if (count == 0) first = p;
      else if (count == 1) second = p;
      ++count;
    }
  };
  auto independent = [&](const OwnedTally& t) {
    return t.count >= 3 || (t.count == 2 && !adjacent(t.first, t.second));
  };

  Classification a;
  a.cls.fill(PointClass::off_board);
  a.unit.fill(-1);
  const int width = b.width(), height = b.height();
  std::array<Color, kArea> claimed;
  claimed.fill(Color::Empty);
  for (const Claim& c : opts.claims) {
    if (!c.point.inside(width, height)) throw std::invalid_argument("claim outside the board");
    if (b.at(c.point) != Color::Empty)
      throw std::invalid_argument("claim " + std::string(color_letter(c.color)) + ":" +
                                  to_gtp(c.point, height) + " names an occupied point");
    claimed[Board::index(c.point)] = c.color;
  }

  // 1. Empty regions and the colours bordering them.
  std::array<int, kArea> region;
  region.fill(-1);
  std::vector<uint8_t> region_mask;
  std::vector<Index> stack;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      Color c = b.at(i);
      if (is_stone(c)) {
        a.cls[i] = stone_of(c);
        ++a.stones[color_index(c)];
        continue;
      }
      if (region[i] >= 0) continue;
      const int r = int(region_mask.size());
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
  const int nodes = 2 * kArea + nregions;  // chain heads, regions, points
  auto owner_of = [&](int r) {
    return region_mask[r] == 1 ? Color::Black : region_mask[r] == 2 ? Color::White : Color::Empty;
  };
  auto point_node = [&](Index p) { return kArea + nregions + p; };
  // An empty point of a region colour c owns, unless the other colour claims it.
  auto own_point = [&](Index p, Color c) {
    return is_stone(c) && b.at(p) == Color::Empty && owner_of(region[p]) == c &&
           (claimed[p] == Color::Empty || claimed[p] == c);
  };

  // 2. First units: chains joined through the regions their colour owns.
  UnionFind uf{nodes};
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      Color c = b.at(i);
      if (!is_stone(c)) continue;
      uf.unite(b.chain_head(i), i);
      for (int d : Board::kDirs) {
        Index j = Index(i + d);
        if (own_point(j, c)) uf.unite(b.chain_head(i), point_node(j));
      }
    }
  // The owned points join each other (points the other colour claims are not the owner's).
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      if (b.at(i) != Color::Empty || !own_point(i, owner_of(region[i]))) continue;
      for (int d : Board::kDirs)
        if (own_point(Index(i + d), owner_of(region[i]))) uf.unite(point_node(i), point_node(Index(i + d)));
    }
  std::vector<OwnedTally> tally(static_cast<size_t>(nodes));
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      if (b.at(i) == Color::Empty && own_point(i, owner_of(region[i])))
        tally[size_t(uf.find(point_node(i)))].add(i);
    }
  auto independent_at = [&](Index stone) {
    return independent(tally[size_t(uf.find(b.chain_head(stone)))]);
  };

  // 3. Seki: mutually dependent units around a mixed region that is all liberties.
  std::vector<uint8_t> dependent_mask(size_t(nregions), 0), open_region(size_t(nregions), 0);
  std::vector<uint8_t> seki_root(size_t(nodes), 0), region_has_seki(size_t(nregions), 0);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      if (b.at(i) != Color::Empty || owner_of(region[i]) != Color::Empty) continue;
      bool touches = false;
      for (int d : Board::kDirs) touches |= is_stone(b.at(Index(i + d)));
      if (!touches) open_region[size_t(region[i])] = 1;
    }
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      if (b.at(i) != Color::Empty || owner_of(region[i]) != Color::Empty) continue;
      if (open_region[size_t(region[i])]) continue;
      for (int d : Board::kDirs) {
        Index j = Index(i + d);
        if (is_stone(b.at(j)) && !independent_at(j))
          dependent_mask[size_t(region[i])] |= uint8_t(b.at(j));
      }
    }
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      if (b.at(i) != Color::Empty || dependent_mask[size_t(region[i])] != 3) continue;
      for (int d : Board::kDirs) {
        Index j = Index(i + d);
        if (is_stone(b.at(j)) && !independent_at(j)) {
          seki_root[size_t(uf.find(b.chain_head(j)))] = 1;
          region_has_seki[size_t(region[i])] = 1;
        }
      }
    }
  auto seki_at = [&](Index stone) { return seki_root[size_t(uf.find(b.chain_head(stone)))] != 0; };

  // 4. Empty points.
  std::vector<Index> single_owned;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      if (b.at(i) != Color::Empty) continue;
      Color owner = owner_of(region[i]);
      if (claimed[i] != Color::Empty && claimed[i] != owner) {
        a.cls[i] = territory_of(claimed[i]);
        single_owned.push_back(i);
        continue;
      }
      if (owner != Color::Empty) {
        a.cls[i] = territory_of(owner);
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
      if (opts.exclusive_liberties && region_has_seki[size_t(region[i])] &&
          (touching == 1 || touching == 2)) {
        a.cls[i] = territory_of(Color(touching));
        single_owned.push_back(i);
      } else if (touches_seki) {
        a.cls[i] = PointClass::public_liberty;
      } else {
        a.cls[i] = PointClass::dame;
      }
    }

  // 5. Units for counting.
  std::vector<uint8_t> was_seki = seki_root;
  for (Index p : single_owned) {
    Color c = a.cls[p] == PointClass::black_territory ? Color::Black : Color::White;
    for (int d : Board::kDirs) {
      Index j = Index(p + d);
      if (b.at(j) == c) uf.unite(b.chain_head(j), point_node(p));
      // a single point next to another of its colour: one unit (stones joined through owned
      // points, SPEC §7)
      if (b.at(j) == Color::Empty && a.cls[j] == a.cls[p]) uf.unite(point_node(j), point_node(p));
    }
  }
  std::vector<int> unit_id(size_t(nodes), -1);
  std::vector<OwnedTally> owned;
  for (int n = 0; n < nodes; ++n)
    if (was_seki[size_t(n)]) seki_root[size_t(uf.find(n))] = 1;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      Color c = b.at(i);
      if (!is_stone(c)) continue;
      int root = uf.find(b.chain_head(i));
      if (unit_id[size_t(root)] < 0) {
        unit_id[size_t(root)] = int(a.units.size());
        Unit u;
        u.color = c;
        u.first_stone = Board::point(i);
        a.units.push_back(u);
        owned.emplace_back();
      }
      int id = unit_id[size_t(root)];
      ++a.units[size_t(id)].stones;
      a.unit[i] = int16_t(id);
      if (seki_root[size_t(root)]) a.units[size_t(id)].seki = true;
    }
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      PointClass pc = a.cls[i];
      if (pc != PointClass::black_territory && pc != PointClass::white_territory) continue;
      int root = uf.find(point_node(i));
      if (unit_id[size_t(root)] < 0) continue;
      int id = unit_id[size_t(root)];
      owned[size_t(id)].add(i);
      a.unit[i] = int16_t(id);
    }
  for (size_t id = 0; id < a.units.size(); ++id) {
    Unit& u = a.units[id];
    u.owned = owned[id].count;
    u.independent = !u.seki && independent(owned[id]);
  }

  // 6. Eyes of seki units where seki has no territory.
  if (!opts.seki_territory)
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x) {
        Index i = Board::index(x, y);
        PointClass pc = a.cls[i];
        bool owned_point = pc == PointClass::black_territory || pc == PointClass::white_territory;
        if (owned_point && claimed[i] == Color::Empty && a.unit[i] >= 0 &&
            a.units[size_t(a.unit[i])].seki)
          a.cls[i] = PointClass::seki_eye_shared;
      }

  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = Board::index(x, y);
      switch (a.cls[i]) {
        case PointClass::black_territory: ++a.territory[0]; break;
        case PointClass::white_territory: ++a.territory[1]; break;
        case PointClass::public_liberty: ++a.public_liberties; break;
        case PointClass::dame: ++a.dame; a.dame_points.push_back(i); break;
        case PointClass::seki_eye_shared: ++a.seki_eyes_shared; break;
        default: break;
      }
      for (Color c : {Color::Black, Color::White})
        if (a.cls[i] == territory_of(c) && (a.unit[i] < 0 || !a.units[size_t(a.unit[i])].seki))
          ++a.territory_outside_seki[color_index(c)];
    }
  return a;
}

}  // namespace jpd::reference
