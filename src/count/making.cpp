#include "jpd/making.hpp"

#include <algorithm>
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

bool adjacent(Index a, Index b) {
  int d = int(a) - int(b);
  return d == 1 || d == -1 || d == Board::kStride || d == -Board::kStride;
}

// Owned points of a unit: independent when two of them are not adjacent. The grid has no
// triangles, so any three points include a non-adjacent pair; of fewer it keeps them all.
// Trivially constructible (scratch arrays of it are not initialised): start from OwnedTally{}.
struct OwnedTally {
  int count;
  Index first, second;
  void add(Index p) {
    if (count == 0) first = p;
    else if (count == 1) second = p;
    ++count;
  }
  void add(const OwnedTally& o) {
    if (o.count >= 1) add(o.first);
    if (o.count >= 2) add(o.second);
    count += o.count - std::min(o.count, 2);
  }
  bool independent() const { return count >= 3 || (count == 2 && !adjacent(first, second)); }
};

// An empty region: its points (pts[start .. start + size)) and the chains bordering it
// (adj[adj_start .. adj_start + adj_size), each once). Trivially constructible, as OwnedTally.
struct Region {
  uint16_t start, size;
  uint16_t adj_start, adj_size;
  uint8_t mask;       // colours of the bordering stones
  bool open;          // a point of it touches no stone
  bool seki;          // a mixed region between units in seki
  bool claimed_away;  // a point of this owned region is claimed by the other colour
  Color owner() const {
    return mask == 1 ? Color::Black : mask == 2 ? Color::White : Color::Empty;
  }
  OwnedTally tally(const Index* pts) const {
    return OwnedTally{size, pts[start], size > 1 ? pts[start + 1] : Index(0)};
  }
};

// Per chain head: a union-find over chains (units are chains joined through owned space), and
// what is known of the unit a head is the root of. Entries are set up when a chain is first met.
struct Chains {
  int16_t seen[kArea];      // 0: not met yet; else the last region (+ 1) that listed it, or -1
  Index parent[kArea];
  uint8_t flags[kArea];     // of a root: kIndependent (as a first unit), kSeki
  OwnedTally tally[kArea];  // of a root: the first unit's owned points
  int16_t unit[kArea];      // -1, or the unit's number: of a root, and of any head once known
  static constexpr uint8_t kIndependent = 1, kSeki = 2;

  void meet(Index h, int16_t mark) {
    seen[h] = mark;
    parent[h] = h;
    flags[h] = 0;
    tally[h] = OwnedTally{};
  }
  Index find(Index x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void unite(Index a, Index b) {
    a = find(a);
    b = find(b);
    if (a == b) return;
    parent[b] = a;
    flags[a] |= flags[b] & kSeki;
  }
};

}  // namespace

namespace {

// The regions of one colour in which the other colour claims points (Analysis::of, step 2): each
// marked claimed_away; their unclaimed points in pieces (joined by adjacency), each piece's
// chains of the owner united, piece_head[p] one of them (0 when the piece touches none).
void split_claimed_regions(const Board& b, const std::array<Color, kArea>& claimed,
                           Region* regions, int nregions, const Index* pts, Chains& ch,
                           Index* piece_head) {
  std::array<uint8_t, kArea> seen{};
  Index stack[kArea];
  for (int r = 0; r < nregions; ++r) {
    Region& reg = regions[r];
    const Color owner = reg.owner();
    if (owner == Color::Empty) continue;
    auto unclaimed = [&](Index p) { return claimed[p] == Color::Empty || claimed[p] == owner; };
    for (int k = reg.start; k < reg.start + reg.size; ++k) reg.claimed_away |= !unclaimed(pts[k]);
    if (!reg.claimed_away) continue;
    for (int k = reg.start; k < reg.start + reg.size; ++k) {
      const Index s = pts[k];
      if (seen[s] || !unclaimed(s)) continue;
      // One piece: a flood over the region's unclaimed points, its points listed on the stack.
      int top = 0, n = 0;
      stack[top++] = s;
      seen[s] = 1;
      Index head = 0;
      while (n < top) {
        const Index p = stack[n++];
        for (int d : Board::kDirs) {
          const Index q = Index(p + d);
          if (b.at(q) == owner) {
            const Index h = b.chain_head(q);
            if (head) ch.unite(head, h);
            else head = h;
          } else if (b.at(q) == Color::Empty && !seen[q] && unclaimed(q)) {
            seen[q] = 1;
            stack[top++] = q;
          }
        }
      }
      for (int m = 0; m < top; ++m) piece_head[stack[m]] = head;
    }
  }
}

}  // namespace

namespace detail {

// Analysis::of's passes over one board, in order, with their scratch space (on the stack of
// of(); nothing is allocated but the unit list). Each pass reads what the passes before it left.
struct AnalysisPasses {
  const Board& b;
  const AnalysisOptions& opts;
  Analysis& a;
  const int width, height;
  bool any_claims = false;
  std::array<Color, kArea> claimed;
  // 1: the empty regions, their points (pts) and bordering chains (adj)
  int16_t region[kArea];
  Chains ch;
  Index pts[kArea], adj[4 * kArea];
  Region regions[kArea];
  int nregions = 0, npts = 0, nadj = 0;
  // 2: of a point of a region the other colour claims points of, a chain of its piece
  Index piece_head[kArea];
  bool any_seki = false;  // 3
  // 4, 5: the single owned points (exclusive liberties, claims) and their anchors
  Index single[kArea];
  int nsingle = 0;
  Index anchor[kArea];
  Index work[kArea];
  int nwork = 0;
  // 5: stones and owned points of each unit
  int16_t unit_stones[kArea];
  OwnedTally owned[kArea];

  AnalysisPasses(const Board& board, const AnalysisOptions& o, Analysis& out)
      : b(board), opts(o), a(out), width(board.width()), height(board.height()) {}

  void read_claims();
  void find_regions();
  void find_first_units();
  void find_seki();
  void classify_empty_points();
  void join_single_points();
  void number_units();
  void add_owned_points();
  void sum_units();
  void totals();

 private:
  bool unclaimed_point(const Region& reg, Index p) const {
    return !reg.claimed_away || claimed[p] == Color::Empty || claimed[p] == reg.owner();
  }
  bool dependent(Index h) { return !(ch.flags[ch.find(h)] & Chains::kIndependent); }
  void classify_mixed_region(const Region& reg);
  int16_t new_chain(Index h, Index i, Color c) __attribute__((noinline));
};

// Claims: empty points only (an eternal-ko claim of a stone is turned into a dead stone and an
// empty claim by the caller).
void AnalysisPasses::read_claims() {
  any_claims = !opts.claims.empty();
  if (!any_claims) return;
  claimed.fill(Color::Empty);
  for (const Claim& c : opts.claims) {
    if (!c.point.inside(width, height)) throw ArgumentError(Message("error.count.claim_off_board"));
    if (b.at(c.point) != Color::Empty)
      throw ArgumentError(Message("error.count.claim_occupied",
                                  {std::string(color_letter(c.color)), to_gtp(c.point, height)}));
    claimed[Board::index(c.point)] = c.color;
  }
}

// 1. Empty regions: their points, the colours and chains bordering them.
void AnalysisPasses::find_regions() {
  const int span = Board::index(width - 1, height - 1) + 1;
  a.span_ = span;
  std::fill_n(region, span, int16_t(-1));
  std::fill_n(ch.seen, span, int16_t(0));
  std::fill_n(ch.unit, span, int16_t(-1));
  for (int k = 0; k < b.empty_count(); ++k) {
    const Index e = b.empty_at(k);
    if (region[e] >= 0) continue;
    const int16_t r = int16_t(nregions++);
    const int16_t mark = int16_t(r + 1);
    Region& reg = regions[r];
    reg = Region{};
    reg.start = uint16_t(npts);
    reg.adj_start = uint16_t(nadj);
    uint8_t mask = 0;
    bool open = false;
    // Breadth first: pts is the queue.
    region[e] = r;
    pts[npts++] = e;
    for (int q = reg.start; q < npts; ++q) {
      const Index s = pts[q];
      bool touches = false;
      for (int d : Board::kDirs) {
        const Index j = Index(s + d);
        const Color cj = b.at(j);
        if (cj == Color::Empty) {
          if (region[j] < 0) {
            region[j] = r;
            pts[npts++] = j;
          }
        } else if (is_stone(cj)) {
          touches = true;
          mask |= uint8_t(cj);
          const Index h = b.chain_head(j);
          if (ch.seen[h] != mark) {
            if (ch.seen[h] == 0) ch.meet(h, mark);
            else ch.seen[h] = mark;
            adj[nadj++] = h;
          }
        }
      }
      open |= !touches;
    }
    reg.size = uint16_t(npts - reg.start);
    reg.adj_size = uint16_t(nadj - reg.adj_start);
    reg.mask = mask;
    reg.open = open;
  }
}

// 2. First units: chains joined through the regions their colour owns; their independence. A
// region of one colour with points the other colour claims (an eternal ko's stone, a claimed
// point in the opponent's area) joins its colour's chains only through its unclaimed points, a
// piece at a time: piece_head[p] is a chain of the owner next to p's piece (0: none).
void AnalysisPasses::find_first_units() {
  if (any_claims) split_claimed_regions(b, claimed, regions, nregions, pts, ch, piece_head);
  for (int r = 0; r < nregions; ++r) {
    const Region& reg = regions[r];
    if (reg.owner() == Color::Empty || reg.claimed_away) continue;
    for (int k = 1; k < reg.adj_size; ++k) ch.unite(adj[reg.adj_start], adj[reg.adj_start + k]);
  }
  for (int r = 0; r < nregions; ++r) {
    const Region& reg = regions[r];
    if (reg.owner() == Color::Empty) continue;
    if (!reg.claimed_away) {
      ch.tally[ch.find(adj[reg.adj_start])].add(reg.tally(pts));
      continue;
    }
    for (int k = reg.start; k < reg.start + reg.size; ++k)
      if (unclaimed_point(reg, pts[k]) && piece_head[pts[k]])
        ch.tally[ch.find(piece_head[pts[k]])].add(pts[k]);
  }
  for (int r = 0; r < nregions; ++r) {
    const Region& reg = regions[r];
    if (reg.owner() == Color::Empty) continue;
    if (!reg.claimed_away) {
      const Index root = ch.find(adj[reg.adj_start]);
      if (ch.tally[root].independent()) ch.flags[root] |= Chains::kIndependent;
      continue;
    }
    for (int k = reg.start; k < reg.start + reg.size; ++k)
      if (unclaimed_point(reg, pts[k]) && piece_head[pts[k]]) {
        const Index root = ch.find(piece_head[pts[k]]);
        if (ch.tally[root].independent()) ch.flags[root] |= Chains::kIndependent;
      }
  }
}

// 3. Seki: a unit that is not independent and shares a mixed region with a unit of the opponent
// that is not independent either. [interpretation] SPEC §7 calls every unit without two separate
// eyes a seki unit; requiring the mutual dependence keeps an eyeless chain that lives by its
// connection (a boundary stone next to unfilled dame) out of seki. The shared space of a seki is
// liberties: a mixed region with a point that touches no stone is open, unsettled ground, not a
// seki.
void AnalysisPasses::find_seki() {
  for (int r = 0; r < nregions; ++r) {
    Region& reg = regions[r];
    if (reg.owner() != Color::Empty || reg.open) continue;
    uint8_t dependent_mask = 0;
    for (int k = 0; k < reg.adj_size; ++k) {
      const Index h = adj[reg.adj_start + k];
      if (dependent(h)) dependent_mask |= uint8_t(b.at(h));
    }
    if (dependent_mask != 3) continue;
    reg.seki = any_seki = true;
    for (int k = 0; k < reg.adj_size; ++k) {
      const Index h = adj[reg.adj_start + k];
      if (dependent(h)) ch.flags[ch.find(h)] |= Chains::kSeki;
    }
  }
}

// 4. Classify the empty points; collect the single owned points (exclusive liberties, claims).
void AnalysisPasses::classify_empty_points() {
  for (int r = 0; r < nregions; ++r) {
    Region& reg = regions[r];
    const Color owner = reg.owner();
    if (owner == Color::Empty) {
      classify_mixed_region(reg);
      continue;
    }
    const PointClass terr = territory_of(owner);
    for (const Index* p = pts + reg.start; p != pts + reg.start + reg.size; ++p) {
      if (any_claims && claimed[*p] != Color::Empty && claimed[*p] != owner) {
        a.cls_[*p] = territory_of(claimed[*p]);
        single[nsingle++] = *p;
        reg.claimed_away = true;
      } else {
        a.cls_[*p] = terr;
      }
    }
  }
}

// The points of a region no colour owns: claimed, exclusive liberties of a seki, public
// liberties, dame.
void AnalysisPasses::classify_mixed_region(const Region& reg) {
  for (const Index* p = pts + reg.start; p != pts + reg.start + reg.size; ++p) {
    const Index i = *p;
    if (any_claims && claimed[i] != Color::Empty) {
      a.cls_[i] = territory_of(claimed[i]);
      single[nsingle++] = i;
      continue;
    }
    if (!any_seki) {  // no public liberty, no exclusive liberty
      a.cls_[i] = PointClass::dame;
      continue;
    }
    uint8_t touching = 0;
    bool touches_seki = false;
    for (int d : Board::kDirs) {
      const Index j = Index(i + d);
      const Color cj = b.at(j);
      if (!is_stone(cj)) continue;
      touching |= uint8_t(cj);
      touches_seki |= (ch.flags[ch.find(b.chain_head(j))] & Chains::kSeki) != 0;
    }
    if (opts.exclusive_liberties && reg.seki && (touching == 1 || touching == 2)) {
      a.cls_[i] = territory_of(Color(touching));  // exclusive liberty
      single[nsingle++] = i;
    } else if (touches_seki) {
      a.cls_[i] = PointClass::public_liberty;
    } else {
      a.cls_[i] = PointClass::dame;
    }
  }
}

// 5. Units for counting: the first units joined through exclusive liberties and claimed points
// (each joins the chains of its colour next to it). A unit that contains a seki unit is a seki
// unit. Units are numbered by their first stone in row-major order.
// Single points next to each other are owned points of one unit too (SPEC §7: a unit is its
// colour's stones joined through its owned points): anchor[p] is a chain the unit of the single
// point p goes through (0: none, a lone claim), spread from single to single.
void AnalysisPasses::join_single_points() {
  for (int k = 0; k < nsingle; ++k) {
    const Index p = single[k];
    const Color c = a.cls_[p] == PointClass::black_territory ? Color::Black : Color::White;
    Index first = 0;
    for (int d : Board::kDirs) {
      const Index j = Index(p + d);
      if (b.at(j) != c) continue;
      if (first) ch.unite(first, b.chain_head(j));
      else first = b.chain_head(j);
    }
    anchor[p] = first;
    if (first) work[nwork++] = p;
  }
  for (int w = 0; w < nwork; ++w) {  // the worklist grows as singles are reached
    const Index p = work[w];
    for (int d : Board::kDirs) {
      const Index q = Index(p + d);
      // An empty point of the same class next to a single point is a single point (it lies in
      // the same region, which its colour does not own).
      if (b.at(q) != Color::Empty || a.cls_[q] != a.cls_[p]) continue;
      if (!anchor[q]) {
        anchor[q] = anchor[p];
        work[nwork++] = q;
      } else {
        ch.unite(anchor[p], anchor[q]);
      }
    }
  }
}

// The unit of a chain met for the first time (its first stone, in row-major order, is i). Out
// of line: the hot loop of number_units stays small.
int16_t AnalysisPasses::new_chain(Index h, Index i, Color c) {
  if (ch.seen[h] == 0) ch.meet(h, -1);  // a chain bordering no empty point
  const Index root = ch.find(h);
  int16_t id = ch.unit[root];
  if (id < 0) {
    id = int16_t(a.units_.size());
    ch.unit[root] = id;
    Unit u;
    u.color = c;
    u.first_stone = Board::point(i);
    u.seki = (ch.flags[root] & Chains::kSeki) != 0;
    a.units_.push_back(u);
    unit_stones[id] = 0;
  }
  ch.unit[h] = id;
  return id;
}

// The units numbered in row-major order of their first stones; every stone's unit.
void AnalysisPasses::number_units() {
  a.units_.reserve(16);
  for (int y = 0; y < height; ++y) {
    const Index row = Board::index(0, y);
    for (Index i = row; i < row + width; ++i) {
      const Color c = b.at(i);
      if (!is_stone(c)) continue;
      const Index h = b.chain_head(i);
      int16_t id = ch.unit[h];
      if (id < 0) [[unlikely]]
        id = new_chain(h, i, c);
      ++unit_stones[id];
      a.unit_[i] = id;
      a.cls_[i] = PointClass(c);  // black_stone, white_stone
    }
  }
  static_assert(uint8_t(PointClass::black_stone) == uint8_t(Color::Black) &&
                uint8_t(PointClass::white_stone) == uint8_t(Color::White));
}

// Owned points join their unit (a lone claim touching no stone of its colour joins none).
void AnalysisPasses::add_owned_points() {
  std::fill_n(owned, a.units_.size(), OwnedTally{});
  for (int r = 0; r < nregions; ++r) {
    const Region& reg = regions[r];
    const Color owner = reg.owner();
    if (owner == Color::Empty) continue;
    const int16_t id = ch.unit[ch.find(adj[reg.adj_start])];
    const Index* p = pts + reg.start;
    const Index* end = p + reg.size;
    if (!reg.claimed_away) {
      for (; p != end; ++p) a.unit_[*p] = id;
      owned[id].add(reg.tally(pts));
      continue;
    }
    const PointClass terr = territory_of(owner);
    for (; p != end; ++p)
      if (a.cls_[*p] == terr && piece_head[*p]) {  // its piece's unit (a piece touching no chain: none)
        const int16_t piece = ch.unit[ch.find(piece_head[*p])];
        a.unit_[*p] = piece;
        owned[piece].add(*p);
      }
  }
  for (int k = 0; k < nsingle; ++k) {
    const Index p = single[k];
    if (!anchor[p]) continue;
    const int16_t id = ch.unit[anchor[p]];
    a.unit_[p] = id;
    owned[id].add(p);
  }
}

// Each unit's stones, owned points and independence; the sums over each colour's units.
void AnalysisPasses::sum_units() {
  for (size_t id = 0; id < a.units_.size(); ++id) {
    Unit& u = a.units_[id];
    u.stones = unit_stones[id];
    u.owned = owned[id].count;
    u.independent = !u.seki && owned[id].independent();
    const int c = color_index(u.color);
    a.stones_[c] += u.stones;
    a.groups_[c] += u.counts_as_group();
    ++a.unit_count_[c];
    a.seki_units_[c] += u.seki;
    a.basic_eyes_[c] += u.basic_eyes();
  }
}

// 6. Eyes of seki units are nobody's where the rules give seki no territory; the totals.
void AnalysisPasses::totals() {
  if (!any_claims && !any_seki) {  // owned regions are territory, mixed ones dame
    for (int r = 0; r < nregions; ++r) {
      const Region& reg = regions[r];
      const Color owner = reg.owner();
      if (owner == Color::Empty) {
        a.dame_ += reg.size;
      } else {
        a.territory_[color_index(owner)] += reg.size;
        a.outside_seki_[color_index(owner)] += reg.size;
      }
    }
    return;
  }
  for (int k = 0; k < npts; ++k) {
    const Index i = pts[k];
    PointClass& pc = a.cls_[i];
    const bool owned_point = pc == PointClass::black_territory || pc == PointClass::white_territory;
    const bool in_seki = owned_point && a.unit_[i] >= 0 && a.units_[size_t(a.unit_[i])].seki;
    if (in_seki && !opts.seki_territory && (!any_claims || claimed[i] == Color::Empty))
      pc = PointClass::seki_eye_shared;
    switch (pc) {
      case PointClass::black_territory:
        ++a.territory_[0];
        a.outside_seki_[0] += !in_seki;
        break;
      case PointClass::white_territory:
        ++a.territory_[1];
        a.outside_seki_[1] += !in_seki;
        break;
      case PointClass::public_liberty: ++a.public_; break;
      case PointClass::dame: ++a.dame_; break;
      case PointClass::seki_eye_shared: ++a.seki_shared_; break;
      default: break;
    }
  }
}

}  // namespace detail

// One flood fill over the empty points (the board's empty list, each region once) lists every
// region's points and bordering chains; everything after works on regions and chains, with a
// union-find over chain heads only, and a single row-major pass over the stones numbers the
// units. tests/count/analysis_test.cpp compares it with the plain classification
// (tests/support/reference_analysis.hpp) on many random positions.
Analysis Analysis::of(const Board& b, const AnalysisOptions& opts) {
  Analysis a;  // every point off the board, in no unit
  detail::AnalysisPasses p(b, opts, a);
  p.read_claims();
  p.find_regions();
  p.find_first_units();
  p.find_seki();
  p.classify_empty_points();
  p.join_single_points();
  p.number_units();
  p.add_owned_points();
  p.sum_units();
  p.totals();
  return a;
}

const Analysis& AnalysisCache::of(const Board& b, const AnalysisOptions& opts) {
  for (const auto& e : entries_)
    if (e->board.hash() == b.hash() && e->opts == opts && e->board.same_position(b))
      return e->analysis;
  Analysis a = Analysis::of(b, opts);  // may throw (claims): nothing is kept then
  entries_.push_back(std::make_unique<Entry>(Entry{b, opts, std::move(a)}));
  return entries_.back()->analysis;
}

int Analysis::territory_outside_seki(Color c) const { return outside_seki_[color_index(c)]; }
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
