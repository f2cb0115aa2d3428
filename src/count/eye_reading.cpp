// The eye reading of the Japanese view (eye_reading.hpp): the method of lightvector's goscorer
// (MIT), implemented anew. The steps are numbered as in the header.
//
// The layout is chosen for speed (a finished 19x19 position reads in a few microseconds:
// docs/performance.md). The grid has a border of Edge points and a row stride of 64, so that a
// point is at once an index into plain arrays, (y + 1) * 64 + x + 1, and a bit of a bitboard
// (Bits: bit x + 1 of row y + 1). The floods of the reading (reach, regions, groups, eyes, the
// pieces of an eye, chains) grow bitboards a row at a time; what is kept per point, per region,
// per group and per eye is in fixed-size arrays of a reader that each thread keeps, so that a
// reading allocates nothing but the map it returns. tests/count/eye_reading_diff_test.cpp compares every
// map with the straightforward implementation this one replaced (tests/reference_eye_reading.*).
#include "jpd/eye_reading.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <span>

namespace jpd {

// ------------------------------------------------------------------------------------------------
// FinalPosition

FinalPosition::FinalPosition(int width, int height) {
  if (width < 1 || height < 1 || width > kMaxReadingSide || height > kMaxReadingSide)
    throw EyeReadingError("a " + std::to_string(width) + "x" + std::to_string(height) +
                          " grid is outside 1x1 .. 52x52");
  width_ = width;
  height_ = height;
  color_.assign(size_t(width * height), Color::Empty);
  dead_.assign(size_t(width * height), 0);
}

int FinalPosition::index(Point p) const {
  if (!p.inside(width_, height_)) throw EyeReadingError("a point outside the grid");
  return p.y * width_ + p.x;
}

void FinalPosition::set(Point p, Color c, bool dead) {
  const int i = index(p);
  if (c != Color::Empty && !is_stone(c)) throw EyeReadingError("a point holds a stone or nothing");
  if (dead && c == Color::Empty) throw EyeReadingError("an empty point cannot be marked dead");
  color_[i] = c;
  dead_[i] = dead;
}

FinalPosition FinalPosition::parse(std::string_view text) {
  std::vector<std::string_view> rows;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != '\n') continue;
    std::string_view row = text.substr(start, i - start);
    start = i + 1;
    auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
    while (!row.empty() && blank(row.front())) row.remove_prefix(1);
    while (!row.empty() && blank(row.back())) row.remove_suffix(1);
    if (!row.empty()) rows.push_back(row);
  }
  if (rows.empty()) throw EyeReadingError("no rows: a grid needs at least one point");
  const size_t width = rows[0].size();
  for (size_t y = 0; y < rows.size(); ++y)
    if (rows[y].size() != width)
      throw EyeReadingError("row " + std::to_string(y + 1) + " has " +
                            std::to_string(rows[y].size()) + " points, the first row " +
                            std::to_string(width));
  if (width > size_t(kMaxReadingSide) || rows.size() > size_t(kMaxReadingSide))
    throw EyeReadingError("a " + std::to_string(width) + "x" + std::to_string(rows.size()) +
                          " grid is outside 1x1 .. 52x52");
  FinalPosition f(int(width), int(rows.size()));
  for (size_t y = 0; y < rows.size(); ++y)
    for (size_t x = 0; x < width; ++x) {
      const Point p{int(x), int(y)};
      switch (rows[y][x]) {
        case '.': break;
        case 'x': f.set(p, Color::Black); break;
        case 'o': f.set(p, Color::White); break;
        case 'b': f.set(p, Color::Black, true); break;
        case 'w': f.set(p, Color::White, true); break;
        default:
          throw EyeReadingError(std::string("unknown point '") + rows[y][x] + "' in row " +
                                std::to_string(y + 1) + " (valid: x o b w .)");
      }
    }
  return f;
}

namespace {

// A point of `dead` checked against the board: on it, and a stone.
void check_dead_stone(const Board& b, Point p) {
  if (!p.inside(b.width(), b.height())) throw EyeReadingError("a dead stone off the board");
  if (b.at(p) == Color::Empty)
    throw EyeReadingError("the dead-stone list names an empty point, " + to_gtp(p, b.height()));
}

}  // namespace

FinalPosition FinalPosition::of(const Board& b, std::span<const Point> dead) {
  FinalPosition f(b.width(), b.height());
  for (int y = 0; y < b.height(); ++y)
    for (int x = 0; x < b.width(); ++x)
      f.color_[size_t(y * f.width_ + x)] = b.at(Board::index(x, y));
  for (Point p : dead) {
    check_dead_stone(b, p);
    f.dead_[size_t(p.y * f.width_ + p.x)] = 1;
  }
  return f;
}

std::string FinalPosition::to_string() const {
  std::string s;
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x) {
      const size_t i = size_t(y * width_ + x);
      const Color c = color_[i];
      s += c == Color::Empty   ? '.'
           : c == Color::Black ? (dead_[i] ? 'b' : 'x')
                               : (dead_[i] ? 'w' : 'o');
    }
    s += '\n';
  }
  return s;
}

// ------------------------------------------------------------------------------------------------
// The reading

namespace detail {

namespace {

constexpr int kNone = -1;
constexpr int kStride = 64;                      // cells of a row, bits of a Bits row
constexpr int kRows = kMaxReadingSide + 2;       // the grid's rows and the border above and below
constexpr int kCells = kRows * kStride;
constexpr int kMaxPoints = kMaxReadingSide * kMaxReadingSide;
constexpr int kMaxLinks = 4 * kMaxPoints;        // (eye, group) pairs: a group per side of a point
constexpr int kSides[4] = {-kStride, -1, 1, kStride};  // up, left, right, down

constexpr int cell_of(int x, int y) { return (y + 1) * kStride + x + 1; }
constexpr int row_of(int i) { return int(unsigned(i) / kStride); }

// What is on a cell: its Color (Empty, Black, White, Edge), plus kDeadMark on a stone marked dead.
using Code = uint8_t;
constexpr Code kEmpty = 0, kEdge = Code(Color::Edge), kDeadMark = 4;
constexpr bool living(Code k) { return k == Code(Color::Black) || k == Code(Color::White); }
constexpr Code colour_code(Code k) { return Code(k & 3); }  // the colour of a stone, dead or alive

// A set of cells: bit x + 1 of row[y + 1] for the point (x, y). Rows 0 and h + 1 and the bits
// outside 1..w stay empty.
struct Bits {
  std::array<uint64_t, kRows> row;
  bool has(int i) const { return row[size_t(row_of(i))] >> (unsigned(i) % kStride) & 1; }
  void add(int i) { row[size_t(row_of(i))] |= uint64_t(1) << (unsigned(i) % kStride); }
  void remove(int i) { row[size_t(row_of(i))] &= ~(uint64_t(1) << (unsigned(i) % kStride)); }
};

// The number of points of a row. Without the processor's instruction (the default x86-64 target
// has none) std::popcount is a library call, which costs more than this.
inline int points_in(uint64_t x) {
#if defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
  return std::popcount(x);
#else
  x -= x >> 1 & 0x5555555555555555;
  x = (x & 0x3333333333333333) + (x >> 2 & 0x3333333333333333);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0f;
  return int((x * 0x0101010101010101) >> 56);
#endif
}

// Calls f(cell) for the cells of `bits` in row y, lowest first.
template <class F>
void for_bits(uint64_t bits, int y, F&& f) {
  for (; bits; bits &= bits - 1) f(y * kStride + std::countr_zero(bits));
}

// Rows lo..hi of the grid (1..h).
struct Span {
  int lo = 0, hi = -1;
};

// One row of a flood: r's points (points of pass) and every point of pass that a path along the
// row from one of them reaches, the path moving on from no point of `stop`; the row is `width`
// points wide.
inline uint64_t along(uint64_t r, uint64_t pass, uint64_t stop, int width) {
  const uint64_t on = pass & ~stop, from = r & on;
  // Towards higher bits a carry runs from the lowest point of `from` in each run of `on` to its
  // end; towards lower bits the points spread in doubling steps, as far as a run can go.
  const uint64_t up = (on & ~(on + from)) | from;
  uint64_t down = from;
  if ((from >> 1) & on & ~from) {  // some point can move down
    uint64_t through = on;
    for (int shift = 1; shift < width; shift *= 2) {
      down |= through & (down >> shift);
      through &= through >> shift;
    }
  }
  const uint64_t moved = up | down;
  // Without stops the moves fill whole runs of pass; with them, they may end on a stop.
  return stop ? r | moved | ((moved << 1 | moved >> 1) & pass) : r | moved;
}

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

// Every cell of a shape is one of the eight around the sealed point, so whether a point is sealed
// by a colour depends only on what those eight are to that colour, two bits each: its signature.
constexpr int kAround[8] = {-kStride - 1, -kStride, -kStride + 1, -1,
                            1,            kStride - 1, kStride, kStride + 1};
constexpr unsigned kOwn = 0, kOpen = 1, kOther = 2, kOff = 3;  // X, + but not X, ?, =
// The class of each Code to the sealing colour: Black (row 0) and White; and both at once, Black's
// in the low half.
constexpr uint8_t kClass[2][8] = {
    // empty, black, white, edge, -, dead black, dead white, -
    {kOpen, kOwn, kOther, kOff, kOff, kOther, kOpen, kOff},
    {kOpen, kOther, kOwn, kOff, kOff, kOpen, kOther, kOff},
};
constexpr auto kClasses = [] {
  std::array<uint32_t, 8> both{};
  for (int k = 0; k < 8; ++k) both[size_t(k)] = kClass[0][k] | uint32_t(kClass[1][k]) << 16;
  return both;
}();

// The signatures of a sealed point, one bit each: built at compile time from the shapes turned
// every way.
struct SealTable {
  std::array<uint64_t, (1 << 16) / 64> bits{};
  bool has(unsigned sig) const { return bits[sig / 64] >> (sig % 64) & 1; }
};

// Marks every signature whose class at each place from `place` on is one that allowed[place]
// lets through (bit k: class k).
constexpr void mark_signatures(SealTable& t, const uint8_t (&allowed)[8], int place, unsigned sig) {
  if (place == 8) {
    t.bits[sig / 64] |= uint64_t(1) << (sig % 64);
    return;
  }
  for (unsigned c = 0; c < 4; ++c)
    if (allowed[place] >> c & 1) mark_signatures(t, allowed, place + 1, sig | c << (2 * place));
}

constexpr SealTable make_seal_table() {
  SealTable table;
  for (const Shape& s : kSealShapes) {
    int r0 = 0, k0 = 0;
    for (int r = 0; r < 3; ++r)
      for (int k = 0; s.rows[r][k]; ++k)
        if (s.rows[r][k] == '@') r0 = r, k0 = k;
    for (int o = 0; o < 8; ++o) {
      // Cell (row r, column k) lies (k, r) from the sealed point's cell, or (r, k) turned over
      // the diagonal, mirrored in x and y.
      uint8_t allowed[8] = {15, 15, 15, 15, 15, 15, 15, 15};
      for (int r = 0; r < 3; ++r)
        for (int k = 0; s.rows[r][k]; ++k) {
          const char want = s.rows[r][k];
          if (want == '@') continue;
          const int u = o & 4 ? k - k0 : r - r0, v = o & 4 ? r - r0 : k - k0;
          const int dx = o & 1 ? -v : v, dy = o & 2 ? -u : u;
          int place = 0;
          while (kAround[place] != dy * kStride + dx) ++place;
          allowed[place] = want == 'X'   ? 1 << kOwn
                           : want == '+' ? 1 << kOwn | 1 << kOpen
                           : want == '=' ? 1 << kOff
                                         : 1 << kOwn | 1 << kOpen | 1 << kOther;
        }
      mark_signatures(table, allowed, 0, 0);
    }
  }
  return table;
}
constexpr SealTable kSeals = make_seal_table();

// The pieces (connected parts) of a set of points: how many, how many hold a point of the marks,
// and how many hold two or more.
struct Pieces {
  int pieces = 0, marked = 0, twice = 0;
};

// The points of a row that are next to points of a set on at least one, two, three and four of
// their sides, from the set seen from each side (bit-sliced counting).
struct Sides {
  uint64_t one, two, three, four;
};
inline Sides count_sides(uint64_t up, uint64_t left, uint64_t right, uint64_t down) {
  const uint64_t any1 = up | left, both1 = up & left, any2 = right | down, both2 = right & down;
  return {any1 | any2, both1 | both2 | (any1 & any2), (both1 & any2) | (both2 & any1),
          both1 & both2};
}

// One row of a set of points (a region, an eye): bits of row `row`.
struct RowBits {
  uint64_t bits = 0;
  int row = 0;
};

}  // namespace

class EyeReader {
 public:
  void load(const FinalPosition& f) {
    start(f.width(), f.height());
    for (int y = 0; y < h_; ++y) {
      uint64_t kinds[8] = {};  // the row's points by Code
      for (int x = 0; x < w_; ++x) {
        const size_t i = size_t(y * w_ + x);
        const Code k = Code(Code(f.color_[i]) | (f.dead_[i] ? kDeadMark : 0));
        code_[cell_of(x, y)] = k;
        kinds[k] |= uint64_t(1) << (x + 1);
      }
      set_row(y + 1, kinds);
    }
  }

  void load(const Board& b, std::span<const Point> dead) {
    start(b.width(), b.height());
    for (int y = 0; y < h_; ++y) {
      uint64_t kinds[8] = {};
      for (int x = 0; x < w_; ++x) {
        const Code k = Code(b.at(Board::index(x, y)));
        code_[cell_of(x, y)] = k;
        kinds[k] |= uint64_t(1) << (x + 1);
      }
      set_row(y + 1, kinds);
    }
    for (Point p : dead) {
      check_dead_stone(b, p);
      const int i = cell_of(p.x, p.y);
      if (code_[i] & kDeadMark) continue;
      const int c = code_[i] - 1;
      code_[i] |= kDeadMark;
      alive_[c].remove(i);
      living_.remove(i);
      dead_[c].add(i);
    }
  }

  // The reading; the map is written into m when it is given, the territory counts always.
  void read(const EyeReadingOptions& opts, EyeReadingMap* m, int (&territory)[2]);

 private:
  void start(int w, int h);
  void set_row(int y, const uint64_t (&kinds)[8]);
  // spread() with `stop` and without (every point of pass passed), and grow() from one point.
  template <bool kStops>
  Span spread_rows(Bits& r, const Bits& pass, const Bits* stop, Span s) const;
  Span spread(Bits& r, const Bits& pass, const Bits& stop, Span s) const {
    return spread_rows<true>(r, pass, &stop, s);
  }
  Span spread(Bits& r, const Bits& pass, Span s) const {
    return spread_rows<false>(r, pass, nullptr, s);
  }
  Span grow(Bits& r, int seed, const Bits& pass, const Bits& stop) const {
    r.add(seed);
    return spread(r, pass, stop, {row_of(seed), row_of(seed)});
  }
  Span grow(Bits& r, int seed, const Bits& pass) const {
    r.add(seed);
    return spread(r, pass, {row_of(seed), row_of(seed)});
  }
  void clear(Bits& r, Span s) const {
    for (int y = s.lo; y <= s.hi; ++y) r.row[y] = 0;
  }
  Pieces count_pieces(const Bits& set, const Bits& marks, Span s);
  void find_seals();
  void find_regions();
  void add_region(int seed, int c);
  void add_eyes(int region, Bits& space, Span s);
  void find_groups();
  void find_eye_edges();
  void link_eyes_and_groups();
  void false_points(const Bits& candidates, Bits& out);
  bool cannot_get_round(int eye, int e, const int* here, int n_here, int sides);
  int value_of(int eye);
  int value_by_rules(int eye, int n, Span s);
  int mark_blocking(Code o, Span s);
  int value_by_counts(int n, Code o, Span s);
  int value_by_cuts(int value, Code c, Span s);
  bool dead_shape_lives(int eye, Code c, Code o, Span s);
  bool in_atari(int i);
  bool playable(int i, Code c);
  bool on_edge(int i) const {
    for (int d : kSides)
      if (code_[i + d] == kEdge) return true;
    return false;
  }
  // Whether the side-th neighbour of i (kSides' order) is in i's region.
  bool same_region(int i, int side) const { return same_region_[side].has(i); }
  void build_map(EyeReadingMap* m, const EyeReadingOptions& opts, int (&territory)[2]);

  int w_ = 0, h_ = 0;
  std::array<Code, kCells> code_{};
  // The position; the seals, reach and regions (steps 1 to 3).
  Bits onboard_{}, empty_{}, living_{}, alive_[2]{}, dead_[2]{}, none_{};
  Bits sealed_[2]{}, strict_[2]{}, reached_[2]{}, only_[2]{}, open_[2]{}, claimed_{};
  Bits region_points_[2]{};  // the points of Black's regions and of White's
  // The points whose neighbour on that side (up, left, right, down) is in the same region.
  Bits same_region_[4]{};
  // Points of the same kind (empty, dead black, dead white) as their neighbour on that side;
  // the points of such chains that reach out of their region; the points of those chains.
  Bits same_[4]{}, leaving_{}, split_{};
  // Eye points next to a living stone of their region, and those with at most one neighbour in
  // their eye as well: the points the first reading of false points tests.
  Bits touching_{}, candidates_{};
  Bits first_{}, unscored_{};       // false points of the first and the second reading
  Bits flood_{}, part_{}, rest_{};  // scratch, empty between uses
  // The eye value's: its real points (empty between uses), those that need no move or at most
  // one to block off, the shape of the dead-stone rule (empty between uses); per point of the
  // eye, what the rules ask of it; per point around it, what it does to its neighbours' blocks.
  Bits in_{}, sure_[2]{}, shape_{};
  Bits degree1_{}, degree2_{}, degree3_{}, degree4_{}, thin_{}, bonus_{}, heavy_{}, light_{};
  std::array<int16_t, kCells> group_of_{}, eye_of_{};
  // Whether the chain of a stone has at most one liberty, known for the stones whose stamp is
  // this reading's.
  std::array<bool, kCells> in_atari_{};
  std::array<uint32_t, kCells> in_atari_stamp_{};
  uint32_t stamp_ = 0;
  // Regions: their colour, value, and points (the rows holding some).
  int regions_ = 0, region_row_count_ = 0;
  std::array<Code, kMaxPoints> region_colour_{};
  std::array<int, kMaxPoints> region_value_{};
  std::array<int, kMaxPoints + 1> region_row_start_{};
  std::array<RowBits, kMaxPoints> region_rows_{};
  // Eyes: their region, value, real points (not false in the first reading), points (every row
  // from the first to the last, as an eye is connected), the groups next to them.
  struct Link {
    int16_t to = 0, count = 0;  // the group (or eye), and the points of the eye next to it
  };
  int eyes_ = 0, eye_row_count_ = 0;
  std::array<int16_t, kMaxPoints> eye_region_{}, eye_real_{};
  std::array<uint8_t, kMaxPoints> eye_value_{};
  std::array<Span, kMaxPoints> eye_span_{};
  std::array<int, kMaxPoints + 1> eye_row_start_{}, eye_link_start_{};
  std::array<uint64_t, kMaxPoints> eye_rows_{};
  std::array<Link, kMaxLinks> eye_links_{};
  // Groups: the eyes next to them; while they are linked, the last eye and point seen next to
  // each, its link to that eye, and where its next link to an eye goes.
  int groups_ = 0;
  std::array<int, kMaxPoints + 1> group_link_start_{};
  std::array<Link, kMaxLinks> group_links_{};
  std::array<int, kMaxPoints> group_last_eye_{}, group_link_{}, group_fill_{};
  std::array<int16_t, kMaxPoints> group_last_point_{};
  // Scratch of the searches for a way round a false point, and of the eye values.
  std::array<uint32_t, kMaxPoints> group_seen_{}, eye_seen_{};
  std::array<int, kMaxPoints> stack_{};
  std::array<int16_t, kMaxPoints> unplayable_{};
  uint32_t generation_ = 0;
};

// Only what a reading reads before writing is cleared: the border of the grid (the cells beyond
// it are never looked at), the border rows of the position's sets, the sets that the reading
// adds points to, and (by a new stamp) the liberties counted.
void EyeReader::start(int w, int h) {
  w_ = w;
  h_ = h;
  std::fill_n(&code_[0], w + 2, kEdge);
  std::fill_n(&code_[size_t(h + 1) * kStride], w + 2, kEdge);
  for (int y = 1; y <= h; ++y) code_[y * kStride] = code_[y * kStride + w + 1] = kEdge;
  for (Bits* b : {&onboard_, &empty_, &living_, &alive_[0], &alive_[1], &dead_[0], &dead_[1]})
    b->row[0] = b->row[h + 1] = 0;
  for (Bits* b : {&sealed_[0], &sealed_[1], &claimed_, &region_points_[0], &region_points_[1],
                  &same_region_[0], &same_region_[1], &same_region_[2], &same_region_[3],
                  &leaving_, &split_, &first_, &unscored_})
    for (int y = 0; y <= h + 1; ++y) b->row[y] = 0;
  if (++stamp_ == 0) {  // once in 2^32 readings the stamps start again
    in_atari_stamp_.fill(0);
    stamp_ = 1;
  }
}

// Row y of the position's sets from its points by Code.
void EyeReader::set_row(int y, const uint64_t (&kinds)[8]) {
  onboard_.row[y] = ((uint64_t(1) << w_) - 1) << 1;
  empty_.row[y] = kinds[kEmpty];
  for (int c = 0; c < 2; ++c) {
    alive_[c].row[y] = kinds[1 + c];
    dead_[c].row[y] = kinds[(1 + c) | kDeadMark];
  }
  living_.row[y] = kinds[1] | kinds[2];
}

// Grows r within pass: adds every point of pass that a path from a point of r reaches, the path
// moving on from no point of `stop` (it may end on one). r's points are points of pass, in rows
// s.lo..s.hi; returns the rows of the result. Sweeps down the grid and up in turn, each looking
// only at the rows next to those the sweep before changed (and on, while rows change), until a
// sweep changes nothing: a row changed in a sweep can change only its neighbour that the sweep
// has already passed, or the next.
template <bool kStops>
Span EyeReader::spread_rows(Bits& r, const Bits& pass, const Bits* stop, Span s) const {
  auto stops = [&](int y) { return kStops ? stop->row[y] : 0; };
  for (int y = s.lo; y <= s.hi; ++y) r.row[y] = along(r.row[y], pass.row[y], stops(y), w_);
  auto take = [&](int y) {
    const uint64_t from = (r.row[y - 1] & ~stops(y - 1)) | (r.row[y + 1] & ~stops(y + 1));
    const uint64_t add = from & pass.row[y] & ~r.row[y];
    if (!add) return false;
    r.row[y] = along(r.row[y] | add, pass.row[y], stops(y), w_);
    return true;
  };
  // The rows changed by the last sweep (at first, those of r): the next sweep starts next to them.
  int lo = s.lo, hi = s.hi;
  for (bool down = true, first = true; lo <= hi; down = !down, first = false) {
    int changed_lo = h_ + 1, changed_hi = 0;
    auto changed = [&](int y) {
      changed_lo = std::min(changed_lo, y);
      changed_hi = std::max(changed_hi, y);
    };
    if (down) {
      for (int y = std::max(1, first ? lo - 1 : lo + 1); y <= h_; ++y) {
        const bool c = take(y);
        if (c) changed(y);
        if (!c && y + 1 > hi + 1) break;
      }
    } else {
      for (int y = std::min(h_, hi - 1); y >= 1; --y) {
        const bool c = take(y);
        if (c) changed(y);
        if (!c && y - 1 < lo - 1) break;
      }
    }
    lo = changed_lo;
    hi = changed_hi;
    s.lo = std::min(s.lo, lo);
    s.hi = std::max(s.hi, hi);
  }
  return s;
}

// The pieces of `set` (rows s.lo..s.hi) and how many of them hold points of `marks`.
Pieces EyeReader::count_pieces(const Bits& set, const Bits& marks, Span s) {
  Pieces p;
  for (int y = s.lo; y <= s.hi; ++y) rest_.row[y] = set.row[y];
  for (int y = s.lo; y <= s.hi; ++y)
    while (rest_.row[y]) {
      const Span piece = grow(part_, y * kStride + std::countr_zero(rest_.row[y]), rest_);
      bool one = false, two = false;  // the piece holds a mark, two
      for (int v = piece.lo; v <= piece.hi; ++v) {
        if (const uint64_t m = part_.row[v] & marks.row[v]) {
          two = two || one || (m & (m - 1));
          one = true;
        }
        rest_.row[v] &= ~part_.row[v];
        part_.row[v] = 0;
      }
      ++p.pieces;
      p.marked += one;
      p.twice += two;
    }
  return p;
}

// 1. Seals: every empty point next to a living stone, by its signature for each colour.
void EyeReader::find_seals() {
  for (int y = 1; y <= h_; ++y) {
    const uint64_t l = living_.row[y];
    const uint64_t near = l << 1 | l >> 1 | living_.row[y - 1] | living_.row[y + 1];
    for_bits(empty_.row[y] & near, y, [&](int i) {
      uint32_t sigs = 0;  // Black's signature in the low half, White's in the high
      for (int k = 0; k < 8; ++k) sigs |= kClasses[code_[i + kAround[k]]] << (2 * k);
      if (kSeals.has(sigs & 0xffff)) sealed_[0].add(i);
      if (kSeals.has(sigs >> 16)) sealed_[1].add(i);
    });
  }
}

// 3. Regions, in row order of their first point. The flood from a region's first point crosses
// everything but the opponent's living stones and the points of earlier regions, and passes no
// point the opponent sealed; the points on its way that only c's sealed reach gets to are the
// region. (The flood stays within c's sealed reach, so the points of earlier regions of the
// opponent are never on its way.)
void EyeReader::find_regions() {
  // open_[c]: every point but the opponent's living stones (the reach's), less the regions of c.
  for (int c = 0; c < 2; ++c)
    for (int y = 0; y <= h_ + 1; ++y)
      only_[c].row[y] = reached_[c].row[y] & ~reached_[1 - c].row[y];
  // Chains of empty points and of dead stones: same_[side] holds the points whose neighbour on
  // that side is of the same kind.
  for (int y = 1; y <= h_; ++y) {
    uint64_t same[4] = {0, 0, 0, 0};
    for (const Bits* m : {&empty_, &dead_[0], &dead_[1]}) {
      const uint64_t r = m->row[y];
      same[0] |= r & m->row[y - 1];
      same[1] |= r & r << 1;
      same[2] |= r & r >> 1;
      same[3] |= r & m->row[y + 1];
    }
    for (int k = 0; k < 4; ++k) same_[k].row[y] = same[k];
  }
  regions_ = eyes_ = region_row_count_ = eye_row_count_ = 0;
  for (int y = 1; y <= h_; ++y)
    for (;;) {
      const uint64_t m = (only_[0].row[y] | only_[1].row[y]) & ~claimed_.row[y];
      if (!m) break;
      const int i = y * kStride + std::countr_zero(m);
      add_region(i, only_[0].has(i) ? 0 : 1);
    }
}

void EyeReader::add_region(int seed, int c) {
  const int id = regions_++;
  region_colour_[id] = Code(c + 1);
  region_value_[id] = 0;
  region_row_start_[id] = region_row_count_;
  Bits& r = flood_;
  const Span s = grow(r, seed, open_[c], sealed_[1 - c]);
  for (int y = s.lo; y <= s.hi; ++y) {
    r.row[y] &= only_[c].row[y];
    claimed_.row[y] |= r.row[y];
    open_[c].row[y] &= ~r.row[y];
    region_points_[c].row[y] |= r.row[y];
    if (r.row[y]) region_rows_[region_row_count_++] = {r.row[y], y};
  }
  region_row_start_[id + 1] = region_row_count_;
  for (int y = s.lo; y <= s.hi; ++y) {
    const uint64_t in = r.row[y], up = r.row[y - 1], down = r.row[y + 1];
    same_region_[0].row[y] |= in & up;
    same_region_[1].row[y] |= in & in << 1;
    same_region_[2].row[y] |= in & in >> 1;
    same_region_[3].row[y] |= in & down;
    // The region's points of a chain (step 8) that goes on outside it.
    leaving_.row[y] |= in & ((same_[0].row[y] & ~up) | (same_[1].row[y] & ~(in << 1)) |
                             (same_[2].row[y] & ~(in >> 1)) | (same_[3].row[y] & ~down));
  }
  // 5. Eyes: the connected empty points and dead stones of the region.
  for (int y = s.lo; y <= s.hi; ++y) r.row[y] &= ~living_.row[y];
  add_eyes(id, r, s);
}

// The eyes of a region: the pieces of `space` (the region less its living stones, rows s), which
// is left empty.
void EyeReader::add_eyes(int region, Bits& space, Span s) {
  for (int y = s.lo; y <= s.hi; ++y)
    while (space.row[y]) {
      const int id = eyes_++;
      const Span e = grow(part_, y * kStride + std::countr_zero(space.row[y]), space);
      eye_region_[id] = int16_t(region);
      eye_span_[id] = e;
      eye_row_start_[id] = eye_row_count_;
      eye_value_[id] = 0;
      eye_real_[id] = 0;  // known once the first reading is made
      for (int v = e.lo; v <= e.hi; ++v) {
        const uint64_t bits = part_.row[v];
        for_bits(bits, v, [&](int i) { eye_of_[i] = int16_t(id); });
        eye_rows_[eye_row_count_++] = bits;
        space.row[v] &= ~bits;
        part_.row[v] = 0;
      }
    }
  eye_row_start_[eyes_] = eye_row_count_;
}

// 4. Groups: a colour's living stones joined through points of no region that the opponent has
// not sealed; Black's first, each colour's in row order of their first stone.
void EyeReader::find_groups() {
  groups_ = 0;
  for (int c = 0; c < 2; ++c) {
    Bits& pass = rest_;
    Bits& walked = flood_;
    for (int y = 0; y <= h_ + 1; ++y) {
      pass.row[y] = alive_[c].row[y] |
                    (onboard_.row[y] & ~claimed_.row[y] & ~sealed_[1 - c].row[y]);
      walked.row[y] = 0;
    }
    for (int y = 1; y <= h_; ++y)
      while (const uint64_t m = alive_[c].row[y] & ~walked.row[y]) {
        const int id = groups_++;
        const Span g = grow(part_, y * kStride + std::countr_zero(m), pass);
        for (int v = g.lo; v <= g.hi; ++v) {
          for_bits(part_.row[v] & alive_[c].row[v], v, [&](int i) { group_of_[i] = int16_t(id); });
          walked.row[v] |= part_.row[v];
          part_.row[v] = 0;
        }
      }
    for (int y = 0; y <= h_ + 1; ++y) pass.row[y] = walked.row[y] = 0;
  }
}

// The eye points next to a living stone of their region (touching_), and of those the ones with
// at most one neighbour in their eye (candidates_): two points of an eye are neighbours in it when
// they are neighbours in their region.
void EyeReader::find_eye_edges() {
  for (int y = 1; y <= h_; ++y) {
    auto eye = [&](int v) { return claimed_.row[v] & ~living_.row[v]; };
    const uint64_t e = eye(y), l = living_.row[y];
    uint64_t sr[4];
    for (int k = 0; k < 4; ++k) sr[k] = same_region_[k].row[y];
    const Sides inside = count_sides(sr[0] & eye(y - 1), sr[1] & e << 1, sr[2] & e >> 1,
                                     sr[3] & eye(y + 1));
    const uint64_t next_to_living = (sr[0] & living_.row[y - 1]) | (sr[1] & l << 1) |
                                    (sr[2] & l >> 1) | (sr[3] & living_.row[y + 1]);
    touching_.row[y] = e & next_to_living;
    candidates_.row[y] = e & next_to_living & ~inside.two;
  }
}

// The groups next to each eye (living stones of its region next to its points) with the number of
// its points next to each, and the eyes next to each group.
void EyeReader::link_eyes_and_groups() {
  std::fill_n(group_last_eye_.begin(), groups_, kNone);
  std::fill_n(group_last_point_.begin(), groups_, int16_t(kNone));
  std::fill_n(group_link_start_.begin(), groups_ + 1, 0);
  int links = 0;
  for (int id = 0; id < eyes_; ++id) {
    eye_link_start_[id] = links;
    const Span s = eye_span_[id];
    const uint64_t* rows = eye_rows_.data() + eye_row_start_[id];  // rows[y - s.lo]
    for (int y = s.lo; y <= s.hi; ++y)
      for_bits(rows[y - s.lo] & touching_.row[y], y, [&](int p) {
        for (int side = 0; side < 4; ++side) {
          const int q = p + kSides[side];
          if (!living(code_[q]) || !same_region(p, side)) continue;
          const int g = group_of_[q];
          if (group_last_point_[g] == p) continue;  // this point is counted for g already
          group_last_point_[g] = int16_t(p);
          if (group_last_eye_[g] != id) {
            group_last_eye_[g] = id;
            group_link_[g] = links;
            eye_links_[links++] = {int16_t(g), 0};
            ++group_link_start_[g + 1];
          }
          ++eye_links_[group_link_[g]].count;
        }
      });
  }
  eye_link_start_[eyes_] = links;
  for (int g = 0; g < groups_; ++g) group_link_start_[g + 1] += group_link_start_[g];
  std::copy_n(group_link_start_.begin(), groups_, group_fill_.begin());
  for (int id = 0; id < eyes_; ++id)
    for (int l = eye_link_start_[id]; l < eye_link_start_[id + 1]; ++l)
      group_links_[group_fill_[eye_links_[l].to]++] = {int16_t(id), eye_links_[l].count};
}

// 6. False eye points. A point e of an eye with at most one neighbour in the eye is false when a
// group next to it cannot get round it: starting from the group, going through the eyes next to
// the groups reached (other eyes whole, this eye without e) and the groups next to those, it
// reaches neither all of e's neighbours in the region nor, where the eyes have values already
// (the second reading), another eye of value or a real point of this eye if this eye has value.
// The second reading only adds ways round, so it tests only the points the first found false.
// (e has at most one neighbour in the eye, so the eye without e is in one piece, or none.)
void EyeReader::false_points(const Bits& candidates, Bits& out) {
  std::fill_n(group_seen_.begin(), groups_, 0);
  std::fill_n(eye_seen_.begin(), eyes_, 0);
  generation_ = 0;
  for (int y = 1; y <= h_; ++y)
    for_bits(candidates.row[y], y, [&](int e) {
      int sides = 0, n_here = 0, here[4];
      for (int side = 0; side < 4; ++side) {
        if (!same_region(e, side)) continue;
        ++sides;
        const int q = e + kSides[side];
        if (living(code_[q])) here[n_here++] = group_of_[q];
      }
      if (cannot_get_round(eye_of_[e], e, here, n_here, sides)) out.add(e);
    });
}

// Whether a group next to e (here: the groups of e's living neighbours in the region) cannot get
// round it. The search goes both ways along every step, so a group that the search from an
// earlier one (that got round) reached gets round too.
//
// A group next to e that is next to the eye at another point too reaches the rest of the eye, and
// through it every other such group: when all of e's groups are such, each search reaches all of
// e's neighbours, and e is not false. Only a group next to the eye at e alone needs the search.
bool EyeReader::cannot_get_round(int id, int e, const int* here, int n_here, int sides) {
  bool alone = false;  // a group of `here` is next to the eye at e only
  for (int k = 0; k < n_here && !alone; ++k)
    for (int l = group_link_start_[here[k]]; l < group_link_start_[here[k] + 1]; ++l)
      if (group_links_[l].to == id) alone = group_links_[l].count == 1;
  if (!alone) return false;
  // The points of this eye next to group g other than e: how many.
  auto next_to_rest = [&](int g, int count) {
    for (int k = 0; k < n_here; ++k)
      if (here[k] == g) return count - 1;
    return count;
  };
  // In the second reading e is not real: the rest of the eye has real points if the eye has.
  const bool rest_has_value = eye_value_[id] > 0 && eye_real_[id] > 0;
  ++generation_;  // a generation in which nothing is seen yet
  for (int k = 0; k < n_here; ++k) {
    const int start = here[k];
    if (group_seen_[start] == generation_) continue;
    const uint32_t now = ++generation_;
    bool rest_seen = false, round = false;
    int top = 0;
    auto visit = [&](int g) {
      if (group_seen_[g] == now) return;
      group_seen_[g] = now;
      stack_[top++] = g;
    };
    visit(start);
    while (top > 0 && !round) {
      const int m = stack_[--top];
      for (int l = group_link_start_[m]; l < group_link_start_[m + 1] && !round; ++l) {
        const Link x = group_links_[l];
        if (x.to == id) {
          if (rest_seen || next_to_rest(m, x.count) == 0) continue;
          rest_seen = true;
          round = rest_has_value;
          for (int n = eye_link_start_[id]; n < eye_link_start_[id + 1]; ++n)
            if (next_to_rest(eye_links_[n].to, eye_links_[n].count) > 0) visit(eye_links_[n].to);
        } else if (eye_seen_[x.to] != now) {
          eye_seen_[x.to] = now;
          round = eye_value_[x.to] > 0;
          for (int n = eye_link_start_[x.to]; n < eye_link_start_[x.to + 1]; ++n)
            visit(eye_links_[n].to);
        }
      }
    }
    if (!round) {
      int got = 0;
      for (int side = 0; side < 4; ++side) {
        if (!same_region(e, side)) continue;
        const int q = e + kSides[side];
        got += living(code_[q]) ? group_seen_[group_of_[q]] == now : rest_seen;
      }
      round = got >= sides;
    }
    if (!round) return true;
  }
  return false;
}

// Whether the chain (same colour, same mark) of the stone i has at most one liberty; found once
// per chain.
bool EyeReader::in_atari(int i) {
  if (in_atari_stamp_[i] == stamp_) return in_atari_[i];
  const Code k = code_[i];
  const Bits& kind = k & kDeadMark ? dead_[(k & 3) - 1] : alive_[k - 1];
  const Span s = grow(part_, i, kind);
  uint64_t found = 0;  // liberties: nonzero for one, ~0 for two or more
  for (int y = std::max(1, s.lo - 1); y <= std::min(h_, s.hi + 1) && ~found; ++y) {
    const uint64_t r = part_.row[y];
    if (const uint64_t l = (r << 1 | r >> 1 | part_.row[y - 1] | part_.row[y + 1]) & empty_.row[y])
      found = found || (l & (l - 1)) ? ~uint64_t(0) : l;
  }
  const bool atari = ~found != 0;
  for (int y = s.lo; y <= s.hi; ++y) {
    for_bits(part_.row[y], y, [&](int j) {
      in_atari_[j] = atari;
      in_atari_stamp_[j] = stamp_;
    });
    part_.row[y] = 0;
  }
  return atari;
}

// c could put a stone on i without it being captured at once, the chains around i as they are
// (an empty point next to a point that is not the opponent's, or to an opponent chain in atari).
bool EyeReader::playable(int i, Code c) {
  if (code_[i] != kEmpty) return false;
  for (int d : kSides) {
    const Code k = code_[i + d];
    if (k == kEdge) continue;
    if (colour_code(k) != 3 - c || in_atari(i + d)) return true;
  }
  return false;
}

// 7. The value of an eye (0, 1 or 2) from its real points: those the first reading did not find
// false. It is the largest value any of the rules below gives, at most two, so they are taken
// cheapest first and the rest skipped once it is two.
int EyeReader::value_of(int id) {
  const Span s = eye_span_[id];
  const uint64_t* rows = eye_rows_.data() + eye_row_start_[id];  // rows[y - s.lo]
  int n = 0;
  for (int y = s.lo; y <= s.hi; ++y)
    n += points_in(in_.row[y] = rows[y - s.lo] & ~first_.row[y]);
  eye_real_[id] = int16_t(n);
  const int value = n ? value_by_rules(id, n, s) : 0;
  clear(in_, s);
  return value;
}

// 7a. How many moves it takes to block off each point of the eye (sure_, heavy_, light_,
// bonus_) and its points' neighbours in it (degree1_ .. degree4_, thin_): 1 when a point can be
// blocked off in at most one move (an eye), else 0.
int EyeReader::mark_blocking(Code o, Span s) {
  const Bits &opp_alive = alive_[o - 1], &opp_dead = dead_[o - 1];
  auto opp = [&](int y) { return opp_alive.row[y] | opp_dead.row[y]; };
  // The moves it takes to block a point of the eye off are 1000 for every neighbour that is an
  // opponent stone on a false point (or poking at one) and 1 for every other that needs a move:
  // an opponent stone of the eye next to an empty false point, an empty point outside the eye or
  // next to an opponent stone on a false point. heavy_ and light_ hold the neighbours of each
  // kind, in the eye's rows and the rows around.
  for (int y = std::max(0, s.lo - 1); y <= std::min(h_ + 1, s.hi + 1); ++y) {
    const uint64_t stones = opp(y), empty = empty_.row[y], f = first_.row[y], in = in_.row[y];
    if (y < s.lo || y > s.hi) {
      heavy_.row[y] = stones & f;
      light_.row[y] = empty;
      continue;
    }
    auto empty_false = [&](int v) { return empty_.row[v] & first_.row[v]; };
    auto opp_false = [&](int v) { return opp(v) & first_.row[v]; };
    const uint64_t ef = empty_false(y), of = opp_false(y);
    const Sides empty_fs = count_sides(empty_false(y - 1), ef << 1, ef >> 1, empty_false(y + 1));
    const Sides opp_fs = count_sides(opp_false(y - 1), of << 1, of >> 1, opp_false(y + 1));
    // An opponent stone next to a false point can never be blocked off.
    const uint64_t poke = in & stones & (opp_fs.one | empty_fs.two);
    heavy_.row[y] = stones & (f | poke);
    light_.row[y] = (stones & ~f & ~poke & in & empty_fs.one) | (empty & (~in | opp_fs.one));
    bonus_.row[y] = opp_fs.one & ~opp_fs.two;
  }
  int value = 0;
  for (int y = s.lo; y <= s.hi; ++y) {
    const uint64_t in = in_.row[y], h = heavy_.row[y], l = light_.row[y];
    const Sides heavy = count_sides(heavy_.row[y - 1], h << 1, h >> 1, heavy_.row[y + 1]);
    const Sides light = count_sides(light_.row[y - 1], l << 1, l >> 1, light_.row[y + 1]);
    const Sides degree = count_sides(in_.row[y - 1], in << 1, in >> 1, in_.row[y + 1]);
    auto inside_empty = [&](int v) { return in_.row[v] & empty_.row[v]; };
    const uint64_t ie = inside_empty(y);
    const Sides empty_inside = count_sides(inside_empty(y - 1), ie << 1, ie >> 1,
                                           inside_empty(y + 1));
    const uint64_t block1 = in & ~heavy.one & ~light.two;
    // A point that can be blocked off in at most one move: an eye (the defender's benefit).
    if (block1) value = 1;
    sure_[0].row[y] = in & ~heavy.one & ~light.one;
    sure_[1].row[y] = block1;
    degree1_.row[y] = degree.one;
    degree2_.row[y] = degree.two;
    degree3_.row[y] = degree.three;
    degree4_.row[y] = degree.four;
    thin_.row[y] = ~empty_inside.two;
  }
  return value;
}

// 7b. The rules on counts: many marked-dead stones inside, a large eye, a thick eye (0, 1 or 2).
int EyeReader::value_by_counts(int n, Code o, Span s) {
  const Bits &opp_alive = alive_[o - 1], &opp_dead = dead_[o - 1];
  auto opp = [&](int y) { return opp_alive.row[y] | opp_dead.row[y]; };
  int value = 0;
  // The rules on counts apply only to eyes of enough points (a count below is at most n, or 2n
  // for the thick points), and each is counted only when it is reached.
  auto total = [&](auto&& points) {
    int t = 0;
    for (int y = s.lo; y <= s.hi; ++y) t += points_in(points(y));
    return t;
  };
  // Many marked-dead stones inside: one eye from five, two from eight.
  if (n >= 5) {
    const int dead_inside = total([&](int y) { return in_.row[y] & opp_dead.row[y]; });
    if (dead_inside >= 5) value = 1;
    if (dead_inside >= 8) return 2;
  }
  // A large eye: its size less its weak points (twice the severe ones) and the opponent's stones
  // inside with two neighbours in it, at least six.
  if (n >= 6) {
    const int weak = total([&](int y) { return in_.row[y] & ~sure_[0].row[y]; }) +
                     total([&](int y) { return in_.row[y] & ~sure_[1].row[y]; }) +
                     total([&](int y) { return in_.row[y] & opp(y) & degree2_.row[y]; });
    if (n - weak >= 6) return 2;
  }
  // A thick eye: empty points with three or four neighbours in it (four counting twice).
  if (n >= 3) {
    auto empty = [&](int y) { return in_.row[y] & empty_.row[y]; };
    const int thick = total([&](int y) { return empty(y) & degree4_.row[y]; }) +
                      total([&](int y) { return empty(y) & degree3_.row[y]; });
    if (thick >= 6) return 2;
  }

  return value;
}

// 7c. The rules on cutting points c can play, raising `value` (at most to two).
int EyeReader::value_by_cuts(int value, Code c, Span s) {
  // A cutting point c can play that splits the eye into pieces each holding a point that needs
  // no move to block off (one move where the cut itself makes the block). Without a point of
  // at most one neighbour in the eye its other points are in as many pieces as before (less one
  // if it was a piece by itself).
  int pieces = -1;
  for (int y = s.lo; y <= s.hi && value < 2; ++y)
    for_bits(in_.row[y], y, [&](int d) {
      if (value >= 2) return;
      if (!degree2_.has(d)) {
        if (pieces < 0) pieces = count_pieces(in_, none_, s).pieces;
        if (pieces - !degree1_.has(d) < 2) return;
      }
      if (!playable(d, c)) return;
      in_.remove(d);
      const Pieces cut = count_pieces(in_, sure_[bonus_.has(d)], s);
      in_.add(d);
      if (cut.pieces >= 2) value = std::max(value, cut.marked);
    });
  // Two neighbouring points of degree three or more, the first playable off the edge, whose
  // removal leaves two pieces that are sure eyes, one of them with two sure points (two such
  // pieces when the second point holds a stone).
  for (int y = s.lo; y <= s.hi && value < 2; ++y)
    for_bits(in_.row[y] & empty_.row[y] & sure_[1].row[y] & degree3_.row[y], y, [&](int d) {
      if (value >= 2 || on_edge(d) || !playable(d, c)) return;
      for (int side : kSides) {
        const int q = d + side;
        if (value >= 2) break;
        if (!in_.has(q) || !degree3_.has(q) || !sure_[1].has(q)) continue;
        if (code_[q] != kEmpty && thin_.has(q)) continue;
        in_.remove(d);
        in_.remove(q);
        const Pieces cut = count_pieces(in_, sure_[0], s);
        in_.add(d);
        in_.add(q);
        if (cut.pieces < 2) continue;
        if (cut.marked >= 2 && cut.twice >= 1 && (code_[q] == kEmpty || cut.twice >= 2)) value = 2;
      }
    });
  return value;
}

// 7d. Whether the marked-dead stones inside would leave a living shape when captured.
bool EyeReader::dead_shape_lives(int id, Code c, Code o, Span s) {
  const Bits &opp_alive = alive_[o - 1], &opp_dead = dead_[o - 1];
  auto opp = [&](int y) { return opp_alive.row[y] | opp_dead.row[y]; };
  // Marked-dead stones that would leave a living shape when captured: the shape of the dead
  // stones and the points c cannot play, where the opponent may leave out any one of the latter,
  // counted by pieces, less the stones thrown into false points, plus half the cutting and the
  // thick points (and a bonus for seven points or more), is two eyes in every case.
  bool any_dead = false;
  for (int y = s.lo; y <= s.hi; ++y) any_dead |= (in_.row[y] & opp_dead.row[y]) != 0;
  if (!any_dead) return false;
  int n_unplayable = 0, throwins = 0;
  const uint64_t* rows = eye_rows_.data() + eye_row_start_[id];  // rows[y - s.lo]
  for (int y = s.lo; y <= s.hi; ++y) {
    shape_.row[y] = in_.row[y] & opp_dead.row[y];
    for_bits(in_.row[y] & ~opp_dead.row[y], y, [&](int p) {
      if (!playable(p, c)) unplayable_[n_unplayable++] = int16_t(p);
    });
    throwins += points_in(rows[y - s.lo] & opp(y) & first_.row[y]);
  }
  for (int k = 0; k < n_unplayable; ++k) shape_.add(unplayable_[k]);
  bool alive = true;
  for (int skip = 0; skip <= n_unplayable && alive; ++skip) {  // skip == n_unplayable: none
    if (skip < n_unplayable) shape_.remove(unplayable_[skip]);
    const int whole = count_pieces(shape_, none_, s).pieces;
    int cuts = 0, thick_points = 0, size = 0;
    for (int y = s.lo; y <= s.hi; ++y)
      for_bits(shape_.row[y], y, [&](int p) {
        ++size;
        int degree = 0;
        for (int d : kSides) degree += shape_.has(p + d);
        if (degree < 2) return;  // not a cutting point, nor a thick one
        shape_.remove(p);
        if (count_pieces(shape_, none_, s).pieces > whole)
          ++cuts;
        else
          thick_points += degree >= 3;
        shape_.add(p);
      });
    const int bonus = size >= 7 ? 1 : 0;
    if (whole - throwins + (cuts + thick_points + bonus) / 2 < 2) alive = false;
    if (skip < n_unplayable) shape_.add(unplayable_[skip]);
  }
  clear(shape_, s);
  return alive;
}

int EyeReader::value_by_rules(int id, int n, Span s) {
  const Code c = region_colour_[eye_region_[id]], o = Code(3 - c);
  int value = mark_blocking(o, s);
  value = std::max(value, value_by_counts(n, o, s));
  if (value >= 2) return 2;
  value = value_by_cuts(value, c, s);
  if (value >= 2) return 2;
  return dead_shape_lives(id, c, o, s) ? 2 : value;
}

void EyeReader::read(const EyeReadingOptions& opts, EyeReadingMap* m, int (&territory)[2]) {
  find_seals();
  // 2. Reach of each colour: from its living stones through everything but the opponent's living
  // stones; the sealed reach passes no point the opponent sealed.
  for (int c = 0; c < 2; ++c) {
    Bits& pass = open_[c];
    for (int y = 0; y <= h_ + 1; ++y) {
      pass.row[y] = onboard_.row[y] & ~alive_[1 - c].row[y];
      strict_[c].row[y] = reached_[c].row[y] = alive_[c].row[y];
    }
    spread(strict_[c], pass, {1, h_});
    spread(reached_[c], pass, sealed_[1 - c], {1, h_});
  }
  find_regions();
  find_groups();
  find_eye_edges();
  link_eyes_and_groups();

  // 6 and 7: false points with every eye worth nothing, the eyes' values from the points left,
  // and the false points again with those values: the ones that will have to be filled.
  false_points(candidates_, first_);
  for (int id = 0; id < eyes_; ++id) {
    eye_value_[id] = uint8_t(value_of(id));
    region_value_[eye_region_[id]] += eye_value_[id];
  }
  false_points(first_, unscored_);

  // Step 8 takes no territory in a chain of empty points or dead stones that is not wholly in
  // one region: split_ holds those chains' points.
  for (int k = 0; k < 3; ++k) {
    const Bits& kind = k == 0 ? empty_ : dead_[k - 1];
    bool any = false;
    for (int y = 1; y <= h_; ++y) any |= (flood_.row[y] = leaving_.row[y] & kind.row[y]) != 0;
    if (any) spread(flood_, kind, {1, h_});
    for (int y = 1; y <= h_; ++y) {
      split_.row[y] |= flood_.row[y];
      flood_.row[y] = 0;
    }
  }
  build_map(m, opts, territory);
}

// 8. The map. A region whose eyes are worth less than two in all is in seki (no territory);
// otherwise its empty points and dead stones are territory, except the unscored false eyes, the
// points the opponent's stones strictly reach, and the points of a chain not wholly inside it.
void EyeReader::build_map(EyeReadingMap* m, const EyeReadingOptions& opts,
                          int (&count)[2]) {
  // The scratch sets, empty between uses, hold the points of the regions in seki (flood_ and
  // rest_ by colour) and of the eyes of value one and two (part_ and in_) while the map is made.
  Bits* seki[2] = {&flood_, &rest_};
  Bits* valued[2] = {&part_, &in_};
  for (int r = 0; r < regions_; ++r) {
    if (region_value_[r] > 1) continue;
    for (int k = region_row_start_[r]; k < region_row_start_[r + 1]; ++k)
      seki[region_colour_[r] - 1]->row[region_rows_[k].row] |= region_rows_[k].bits;
  }
  for (int id = 0; m && id < eyes_; ++id) {  // (the eye values are the map's only)
    if (eye_value_[id] == 0) continue;
    const Span s = eye_span_[id];
    for (int y = s.lo; y <= s.hi; ++y)
      valued[eye_value_[id] - 1]->row[y] |= eye_rows_[size_t(eye_row_start_[id] + y - s.lo)];
  }
  count[0] = count[1] = 0;
  if (m) {
    m->width_ = w_;
    m->height_ = h_;
    m->cells_.assign(size_t(w_ * h_), {});
  }
  using Cell = EyeReadingMap::Cell;
  for (int y = 1; y <= h_; ++y) {
    uint64_t territory[2], unscored = unscored_.row[y];
    // Next to a dead stone thrown into a false eye that must be filled: not scored either (for
    // the colour that captures it).
    for (int c = 0; c < 2; ++c) {
      auto thrown = [&](int v) { return unscored_.row[v] & dead_[1 - c].row[v]; };
      const uint64_t t = thrown(y);
      const uint64_t beside = t << 1 | t >> 1 | thrown(y - 1) | thrown(y + 1);
      const uint64_t open = empty_.row[y] | dead_[0].row[y] | dead_[1].row[y];
      unscored |= region_points_[c].row[y] & open & beside;
    }
    const uint64_t scored = opts.score_false_eyes ? ~uint64_t(0) : ~unscored;
    for (int c = 0; c < 2; ++c) {
      territory[c] = region_points_[c].row[y] & ~alive_[c].row[y] & ~seki[c]->row[y] & scored &
                     ~split_.row[y] & ~strict_[1 - c].row[y];
      count[c] += points_in(territory[c]);
    }
    if (!m) continue;
    const uint64_t dame = onboard_.row[y] & ~claimed_.row[y], first = first_.row[y];
    const uint64_t one = part_.row[y], two = in_.row[y];
    // The cells start empty: only the points of each set are written.
    Cell* out = &m->cells_[size_t((y - 1) * w_)] - 1;  // out[x] is column x - 1
    for (int c = 0; c < 2; ++c) {
      for_bits(territory[c], 0, [&](int x) { out[x].territory = Color(c + 1); });
      for_bits(seki[c]->row[y], 0, [&](int x) { out[x].seki = Color(c + 1); });
    }
    for_bits(first, 0, [&](int x) { out[x].flags |= EyeReadingMap::kFalseEye; });
    for_bits(unscored, 0, [&](int x) { out[x].flags |= EyeReadingMap::kUnscored; });
    for_bits(dame, 0, [&](int x) { out[x].flags |= EyeReadingMap::kDame; });
    for_bits(one, 0, [&](int x) { out[x].eye_value = 1; });
    for_bits(two, 0, [&](int x) { out[x].eye_value = 2; });
  }
  for (int y = 1; y <= h_; ++y) flood_.row[y] = rest_.row[y] = part_.row[y] = in_.row[y] = 0;
}

namespace {

// The reader of this thread: its arrays are sized for the largest grid, allocated once.
EyeReader& reader() {
  thread_local const std::unique_ptr<EyeReader> r = std::make_unique<EyeReader>();
  return *r;
}

}  // namespace

}  // namespace detail

int EyeReadingMap::index(Point p) const {
  if (!p.inside(width_, height_)) throw EyeReadingError("a point outside the grid");
  return p.y * width_ + p.x;
}

EyeReadingMap EyeReadingMap::of(const FinalPosition& f, const EyeReadingOptions& opts) {
  detail::EyeReader& r = detail::reader();
  r.load(f);
  EyeReadingMap m;
  r.read(opts, &m, m.territory_count_);
  return m;
}

EyeReadingMap EyeReadingMap::of(const Board& b, std::span<const Point> dead,
                                const EyeReadingOptions& opts) {
  detail::EyeReader& r = detail::reader();
  r.load(b, dead);
  EyeReadingMap m;
  r.read(opts, &m, m.territory_count_);
  return m;
}

std::array<int, 2> EyeReadingMap::territory_counts(const Board& b, std::span<const Point> dead,
                                                   const EyeReadingOptions& opts) {
  detail::EyeReader& r = detail::reader();
  r.load(b, dead);
  int t[2];
  r.read(opts, nullptr, t);
  return {t[0], t[1]};
}

}  // namespace jpd
