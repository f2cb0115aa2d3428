// Benson's unconditional life (D. B. Benson, "Life in the game of Go", 1976).
//
// For colour c: the regions are the maximal connected sets of points that hold no stone of c
// (empty points and the opponent's stones). A region is vital to a chain of c when every empty
// point of the region is a liberty of that chain. Start with every chain of c and every region
// enclosed by chains of c only; then repeatedly drop the chains with fewer than two vital regions
// among those left, and the regions that touch a dropped chain. The chains left can never be
// captured, even if c always passes.
#include <vector>

#include "jpd/estimate.hpp"

namespace jpd {

namespace {
using Index = Board::Index;
constexpr int kArea = Board::kArea;
}  // namespace

Benson benson(const Board& b, Color c) {
  Benson out;
  const int w = b.width(), h = b.height();
  // Chains of c, by head.
  std::vector<Index> heads;
  std::array<int16_t, kArea> chain_id;
  chain_id.fill(-1);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      Index i = Board::index(x, y);
      if (b.at(i) != c) continue;
      Index hd = b.chain_head(i);
      if (chain_id[hd] < 0) {
        chain_id[hd] = int16_t(heads.size());
        heads.push_back(hd);
      }
    }
  if (heads.empty()) return out;
  const int nchains = int(heads.size());
  auto chain_of = [&](Index i) { return int(chain_id[b.chain_head(i)]); };

  // Regions of points without a stone of c.
  std::array<int16_t, kArea> region;
  region.fill(-1);
  struct Region {
    std::vector<Index> points;
    std::vector<int> chains;  // chains of c bordering it
    std::vector<int> vital;   // chains to which it is vital
    bool alive = true;
  };
  std::vector<Region> regions;
  std::vector<Index> stack;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      Index s0 = Board::index(x, y);
      if (b.at(s0) == c || region[s0] >= 0) continue;
      const int r = int(regions.size());
      regions.emplace_back();
      Region& R = regions.back();
      region[s0] = int16_t(r);
      stack.push_back(s0);
      while (!stack.empty()) {
        Index s = stack.back();
        stack.pop_back();
        R.points.push_back(s);
        for (int d : Board::kDirs) {
          Index j = Index(s + d);
          Color cj = b.at(j);
          if (cj == Color::Edge) continue;
          if (cj == c) {
            int id = chain_of(j);
            bool have = false;
            for (int k : R.chains) have |= k == id;
            if (!have) R.chains.push_back(id);
          } else if (region[j] < 0) {
            region[j] = int16_t(r);
            stack.push_back(j);
          }
        }
      }
      // Vital to a bordering chain when every empty point of the region is its liberty.
      for (int id : R.chains) {
        bool all = true;
        for (Index p : R.points) {
          if (b.at(p) != Color::Empty) continue;
          bool lib = false;
          for (int d : Board::kDirs) {
            Index j = Index(p + d);
            if (b.at(j) == c && chain_of(j) == id) lib = true;
          }
          if (!lib) {
            all = false;
            break;
          }
        }
        if (all) R.vital.push_back(id);
      }
    }

  std::vector<uint8_t> chain_alive(size_t(nchains), 1);
  for (bool changed = true; changed;) {
    changed = false;
    std::vector<int> vital_count(size_t(nchains), 0);
    for (const Region& R : regions)
      if (R.alive)
        for (int id : R.vital) ++vital_count[size_t(id)];
    for (int id = 0; id < nchains; ++id)
      if (chain_alive[size_t(id)] && vital_count[size_t(id)] < 2) {
        chain_alive[size_t(id)] = 0;
        changed = true;
      }
    for (Region& R : regions) {
      if (!R.alive) continue;
      for (int id : R.chains)
        if (!chain_alive[size_t(id)]) {
          R.alive = false;
          changed = true;
          break;
        }
    }
  }

  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      Index i = Board::index(x, y);
      if (b.at(i) == c && chain_alive[size_t(chain_of(i))]) out.alive[i] = 1;
    }
  // Opponent stones in a surviving region that is vital to a surviving chain: no eye and no seki
  // is possible there (every empty point touches a chain that can never be short of liberties).
  for (const Region& R : regions) {
    if (!R.alive || R.chains.empty()) continue;
    bool vital_to_alive = false;
    for (int id : R.vital) vital_to_alive |= chain_alive[size_t(id)] != 0;
    if (!vital_to_alive) continue;
    for (Index p : R.points) {
      out.safe_region[p] = 1;
      if (is_stone(b.at(p))) out.dead_inside[p] = 1;
    }
  }
  return out;
}

}  // namespace jpd
