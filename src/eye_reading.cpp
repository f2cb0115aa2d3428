// The eye reading of the Japanese view (eye_reading.hpp): the method of lightvector's goscorer
// (MIT), implemented anew. The steps are numbered as in the header.
//
// The layout is chosen for speed (a finished 19x19 position reads in a few microseconds:
// docs/performance.md). The grid has a border of Edge points and a row stride of 64, so that a
// point is at once an index into plain arrays, (y + 1) * 64 + x + 1, and a bit of a bitboard
// (Bits: bit x + 1 of row y + 1). The floods of the reading (reach, regions, groups, eyes, the
// pieces of an eye, chains) grow bitboards a row at a time; what is kept per point, per region,
// per group and per eye is in fixed-size arrays of a reader that each thread keeps, so that a
// reading allocates nothing but the map it returns. tests/eye_reading_diff_test.cpp compares every
// map with the straightforward implementation this one replaced (tests/reference_eye_reading.*).
#include "jpd/eye_reading.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <iterator>
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
// row from one of them reaches, the path moving on from no point of `stop`.
inline uint64_t along(uint64_t r, uint64_t pass, uint64_t stop) {
  const uint64_t on = pass & ~stop, from = r & on;
  // Towards higher bits a carry runs from the lowest point of `from` in each run of `on` to its
  // end; towards lower bits the points spread in doubling steps.
  const uint64_t up = (on & ~(on + from)) | from;
  uint64_t down = from, through = on;
  for (int shift = 1; shift < 64; shift *= 2) {
    down |= through & (down >> shift);
    through &= through >> shift;
  }
  const uint64_t moved = up | down;
  return r | moved | ((moved << 1 | moved >> 1) & pass);
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
// The class of each Code to the sealing colour: Black (row 0) and White.
constexpr uint8_t kClass[2][8] = {
    // empty, black, white, edge, -, dead black, dead white, -
    {kOpen, kOwn, kOther, kOff, kOff, kOther, kOpen, kOff},
    {kOpen, kOther, kOwn, kOff, kOff, kOpen, kOther, kOff},
};

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

}  // namespace

class EyeReader {
 public:
  void load(const FinalPosition& f) {
    start(f.width(), f.height());
    for (int y = 0; y < h_; ++y)
      for (int x = 0; x < w_; ++x) {
        const size_t i = size_t(y * w_ + x);
        code_[cell_of(x, y)] = Code(Code(f.color_[i]) | (f.dead_[i] ? kDeadMark : 0));
      }
    finish_loading();
  }

  void load(const Board& b, std::span<const Point> dead) {
    start(b.width(), b.height());
    for (int y = 0; y < h_; ++y)
      for (int x = 0; x < w_; ++x) code_[cell_of(x, y)] = Code(b.at(Board::index(x, y)));
    for (Point p : dead) {
      check_dead_stone(b, p);
      code_[cell_of(p.x, p.y)] |= kDeadMark;
    }
    finish_loading();
  }

  EyeReadingMap read(const EyeReadingOptions& opts);

 private:
  void start(int w, int h);
  void finish_loading();
  Span spread(Bits& r, const Bits& pass, const Bits& stop, Span s) const;
  Span grow(Bits& r, int seed, const Bits& pass, const Bits& stop) const {
    r.add(seed);
    return spread(r, pass, stop, {row_of(seed), row_of(seed)});
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
  void link_eyes_and_groups();
  void false_points(bool second, Bits& out);
  bool cannot_get_round(int eye, int e, const int* here, int n_here, int sides);
  int value_of(int eye);
  int value_by_rules(int eye, int n, Span s);
  int liberties(int i);
  bool playable(int i, Code c);
  bool on_edge(int i) const {
    for (int d : kSides)
      if (code_[i + d] == kEdge) return true;
    return false;
  }

  int w_ = 0, h_ = 0;
  uint64_t onboard_row_ = 0;   // the bits of a row's points
  std::array<Code, kCells> code_{};
  // The position; the seals, reach and regions (steps 1 to 3).
  Bits onboard_{}, empty_{}, living_{}, alive_[2]{}, dead_[2]{}, none_{};
  Bits sealed_[2]{}, strict_[2]{}, reached_[2]{}, only_[2]{}, open_[2]{}, claimed_{};
  // Points of the same kind (empty, dead black, dead white) as their neighbour up, left, right,
  // down; the points of such chains that reach out of their region; the points of those chains.
  Bits same_[4]{}, leaving_{}, split_{};
  Bits first_{}, unscored_{};          // false points of the first and the second reading
  Bits flood_{}, part_{}, rest_{};     // scratch, empty between uses
  Bits in_{}, sure_[2]{}, shape_{};    // the eye value's scratch, empty between uses
  std::array<int16_t, kCells> region_of_{}, group_of_{}, eye_of_{}, liberties_{};
  // Regions.
  int regions_ = 0;
  std::array<Code, kMaxPoints> region_colour_{};
  std::array<int, kMaxPoints> region_value_{};
  // Eyes: their points (row by row), the groups next to them.
  struct Link {
    int16_t to = 0, count = 0;  // the group (or eye), and the points of the eye next to it
  };
  int eyes_ = 0, eye_point_count_ = 0;
  std::array<int16_t, kMaxPoints> eye_points_{}, eye_region_{}, eye_real_{};
  std::array<int, kMaxPoints + 1> eye_start_{}, eye_link_start_{};
  std::array<uint8_t, kMaxPoints> eye_value_{};
  std::array<Span, kMaxPoints> eye_rows_{};
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
  std::array<int16_t, kMaxPoints> pts_{}, unplayable_{};
  struct Info {
    int8_t degree = 0, empty_inside = 0, empty_false = 0, opp_false = 0;
    int16_t block = 0;
    bool poke = false;  // an opponent stone next to a false point: it can never be blocked off
  };
  std::array<Info, kCells> info_{};
  uint32_t generation_ = 0;
};

void EyeReader::start(int w, int h) {
  w_ = w;
  h_ = h;
  onboard_row_ = ((uint64_t(1) << w) - 1) << 1;
  const size_t cells = size_t(h + 2) * kStride;
  std::fill_n(code_.begin(), cells, kEdge);
  std::fill_n(region_of_.begin(), cells, int16_t(kNone));
  std::fill_n(eye_of_.begin(), cells, int16_t(kNone));
  std::fill_n(liberties_.begin(), cells, int16_t(kNone));
  for (Bits* b : {&onboard_, &empty_, &living_, &alive_[0], &alive_[1], &dead_[0], &dead_[1],
                  &sealed_[0], &sealed_[1], &claimed_, &leaving_, &split_, &first_, &unscored_})
    std::fill_n(b->row.begin(), h + 2, 0);
}

void EyeReader::finish_loading() {
  for (int y = 1; y <= h_; ++y) {
    onboard_.row[y] = onboard_row_;
    uint64_t empty = 0, alive[2] = {0, 0}, dead[2] = {0, 0};
    for (int x = 1; x <= w_; ++x) {
      const Code k = code_[y * kStride + x];
      const uint64_t bit = uint64_t(1) << x;
      if (k == kEmpty) empty |= bit;
      else if (k & kDeadMark) dead[(k & 3) - 1] |= bit;
      else alive[k - 1] |= bit;
    }
    empty_.row[y] = empty;
    for (int c = 0; c < 2; ++c) {
      alive_[c].row[y] = alive[c];
      dead_[c].row[y] = dead[c];
    }
    living_.row[y] = alive[0] | alive[1];
  }
}

// Grows r within pass: adds every point of pass that a path from a point of r reaches, the path
// moving on from no point of `stop` (it may end on one). r's points are points of pass, in rows
// s.lo..s.hi; returns the rows of the result. A sweep down the grid and one up, and so on until
// a sweep adds nothing.
Span EyeReader::spread(Bits& r, const Bits& pass, const Bits& stop, Span s) const {
  for (int y = s.lo; y <= s.hi; ++y) r.row[y] = along(r.row[y], pass.row[y], stop.row[y]);
  auto take = [&](int y) {
    const uint64_t from = (r.row[y - 1] & ~stop.row[y - 1]) | (r.row[y + 1] & ~stop.row[y + 1]);
    const uint64_t add = from & pass.row[y] & ~r.row[y];
    if (!add) return false;
    r.row[y] = along(r.row[y] | add, pass.row[y], stop.row[y]);
    return true;
  };
  for (bool down = true;; down = !down) {
    bool changed = false;
    if (down) {
      for (int y = std::max(1, s.lo - 1); y <= h_; ++y) {
        changed |= take(y);
        if (r.row[y])
          s.hi = std::max(s.hi, y);
        else if (y > s.hi)
          break;
      }
    } else {
      for (int y = std::min(h_, s.hi + 1); y >= 1; --y) {
        changed |= take(y);
        if (r.row[y])
          s.lo = std::min(s.lo, y);
        else if (y < s.lo)
          break;
      }
    }
    if (!changed) return s;
  }
}

// The pieces of `set` (rows s.lo..s.hi) and how many of them hold points of `marks`.
Pieces EyeReader::count_pieces(const Bits& set, const Bits& marks, Span s) {
  Pieces p;
  for (int y = s.lo; y <= s.hi; ++y) rest_.row[y] = set.row[y];
  for (int y = s.lo; y <= s.hi; ++y)
    while (rest_.row[y]) {
      const Span piece = grow(part_, y * kStride + std::countr_zero(rest_.row[y]), rest_, none_);
      int marked = 0;
      for (int v = piece.lo; v <= piece.hi; ++v) {
        marked += std::popcount(part_.row[v] & marks.row[v]);
        rest_.row[v] &= ~part_.row[v];
        part_.row[v] = 0;
      }
      ++p.pieces;
      p.marked += marked >= 1;
      p.twice += marked >= 2;
    }
  return p;
}

// 1. Seals: every empty point next to a living stone, by its signature for each colour.
void EyeReader::find_seals() {
  for (int y = 1; y <= h_; ++y) {
    const uint64_t l = living_.row[y];
    const uint64_t near = l << 1 | l >> 1 | living_.row[y - 1] | living_.row[y + 1];
    for_bits(empty_.row[y] & near, y, [&](int i) {
      unsigned sig[2] = {0, 0};
      for (int k = 0; k < 8; ++k) {
        const Code n = code_[i + kAround[k]];
        sig[0] |= unsigned(kClass[0][n]) << (2 * k);
        sig[1] |= unsigned(kClass[1][n]) << (2 * k);
      }
      for (int c = 0; c < 2; ++c)
        if (kSeals.has(sig[c])) sealed_[c].add(i);
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
  regions_ = eyes_ = eye_point_count_ = 0;
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
  Bits& r = flood_;
  const Span s = grow(r, seed, open_[c], sealed_[1 - c]);
  for (int y = s.lo; y <= s.hi; ++y) {
    r.row[y] &= only_[c].row[y];
    claimed_.row[y] |= r.row[y];
    open_[c].row[y] &= ~r.row[y];
  }
  for (int y = s.lo; y <= s.hi; ++y) {
    const uint64_t in = r.row[y];
    for_bits(in, y, [&](int i) { region_of_[i] = int16_t(id); });
    // The region's points of a chain (step 8) that goes on outside it.
    leaving_.row[y] |= in & ((same_[0].row[y] & ~r.row[y - 1]) | (same_[1].row[y] & ~(in << 1)) |
                             (same_[2].row[y] & ~(in >> 1)) | (same_[3].row[y] & ~r.row[y + 1]));
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
      const Span e = grow(part_, y * kStride + std::countr_zero(space.row[y]), space, none_);
      eye_region_[id] = int16_t(region);
      eye_start_[id] = eye_point_count_;
      eye_rows_[id] = e;
      eye_value_[id] = 0;
      eye_real_[id] = 0;
      for (int v = e.lo; v <= e.hi; ++v) {
        for_bits(part_.row[v], v, [&](int i) {
          eye_of_[i] = int16_t(id);
          eye_points_[eye_point_count_++] = int16_t(i);
        });
        space.row[v] &= ~part_.row[v];
        part_.row[v] = 0;
      }
      eye_start_[id + 1] = eye_point_count_;
    }
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
        const Span g = grow(part_, y * kStride + std::countr_zero(m), pass, none_);
        for (int v = g.lo; v <= g.hi; ++v) {
          for_bits(part_.row[v] & alive_[c].row[v], v, [&](int i) { group_of_[i] = int16_t(id); });
          walked.row[v] |= part_.row[v];
          part_.row[v] = 0;
        }
      }
    for (int y = 0; y <= h_ + 1; ++y) pass.row[y] = walked.row[y] = 0;
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
    const int region = eye_region_[id];
    for (int k = eye_start_[id]; k < eye_start_[id + 1]; ++k) {
      const int p = eye_points_[k];
      for (int d : kSides) {
        const int q = p + d;
        if (!living(code_[q]) || region_of_[q] != region) continue;
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
    }
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
void EyeReader::false_points(bool second, Bits& out) {
  std::fill_n(group_seen_.begin(), groups_, 0);
  std::fill_n(eye_seen_.begin(), eyes_, 0);
  generation_ = 0;
  for (int id = 0; id < eyes_; ++id) {
    const int region = eye_region_[id];
    for (int k = eye_start_[id]; k < eye_start_[id + 1]; ++k) {
      const int e = eye_points_[k];
      if (second && !first_.has(e)) continue;
      int inside = 0, sides = 0, n_here = 0, here[4];
      for (int d : kSides) {
        const int q = e + d;
        inside += eye_of_[q] == id;
        if (region_of_[q] != region) continue;
        ++sides;
        if (living(code_[q])) here[n_here++] = group_of_[q];
      }
      if (inside > 1 || n_here == 0) continue;
      if (cannot_get_round(id, e, here, n_here, sides)) out.add(e);
    }
  }
}

// Whether a group next to e (here: the groups of e's living neighbours in the region) cannot get
// round it. The search goes both ways along every step, so a group that the search from an
// earlier one (that got round) reached gets round too.
bool EyeReader::cannot_get_round(int id, int e, const int* here, int n_here, int sides) {
  const int region = eye_region_[id];
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
      for (int d : kSides) {
        const int q = e + d;
        if (region_of_[q] != region) continue;
        got += living(code_[q]) ? group_seen_[group_of_[q]] == now : rest_seen;
      }
      round = got >= sides;
    }
    if (!round) return true;
  }
  return false;
}

// The liberties of the chain (same colour, same mark) of the stone i, counted once per chain.
int EyeReader::liberties(int i) {
  if (liberties_[i] != kNone) return liberties_[i];
  const Code k = code_[i];
  const Bits& kind = k & kDeadMark ? dead_[(k & 3) - 1] : alive_[k - 1];
  const Span s = grow(part_, i, kind, none_);
  int n = 0;
  for (int y = s.lo - 1; y <= s.hi + 1; ++y) {
    if (y < 1 || y > h_) continue;
    const uint64_t r = part_.row[y];
    n += std::popcount((r << 1 | r >> 1 | part_.row[y - 1] | part_.row[y + 1]) & empty_.row[y]);
  }
  for (int y = s.lo; y <= s.hi; ++y) {
    for_bits(part_.row[y], y, [&](int j) { liberties_[j] = int16_t(n); });
    part_.row[y] = 0;
  }
  return n;
}

// c could put a stone on i without it being captured at once, the chains around i as they are
// (an empty point next to a point that is not the opponent's, or to an opponent chain in atari).
bool EyeReader::playable(int i, Code c) {
  if (code_[i] != kEmpty) return false;
  for (int d : kSides) {
    const Code k = code_[i + d];
    if (k == kEdge) continue;
    if (colour_code(k) != 3 - c || liberties(i + d) <= 1) return true;
  }
  return false;
}

// 7. The value of an eye (0, 1 or 2) from its real points: those the first reading did not find
// false. It is the largest value any of the rules below gives, at most two, so they are taken
// cheapest first and the rest skipped once it is two.
int EyeReader::value_of(int id) {
  int n = 0;
  for (int k = eye_start_[id]; k < eye_start_[id + 1]; ++k) {
    const int p = eye_points_[k];
    if (first_.has(p)) continue;
    pts_[n++] = int16_t(p);
    in_.add(p);
  }
  if (n == 0) return 0;
  const Span s = eye_rows_[id];
  const int value = value_by_rules(id, n, s);
  clear(in_, s);
  clear(sure_[0], s);
  clear(sure_[1], s);
  return value;
}

int EyeReader::value_by_rules(int id, int n, Span s) {
  const Code c = region_colour_[eye_region_[id]], o = Code(3 - c);
  const std::span<const int16_t> pts(pts_.data(), size_t(n));
  // Per real point: its neighbours in the eye, and the moves it takes to block it off.
  for (int p : pts) {
    Info& f = info_[p];
    f = Info{};
    for (int d : kSides) {
      const int q = p + d;
      const Code k = code_[q];
      const bool in = in_.has(q), false_pt = first_.has(q);
      f.degree += in;
      if (k == kEmpty) {
        f.empty_inside += in;
        f.empty_false += false_pt;
      } else if (colour_code(k) == o) {
        f.opp_false += false_pt;
      }
    }
    f.poke = colour_code(code_[p]) == o && (f.opp_false > 0 || f.empty_false >= 2);
  }
  int value = 0, dead_inside = 0, weak = 0, thick = 0;
  for (int p : pts) {
    Info& f = info_[p];
    for (int d : kSides) {
      const int q = p + d;
      const Code k = code_[q];
      if (colour_code(k) == o) {
        if (first_.has(q) || (in_.has(q) && info_[q].poke))
          f.block += 1000;
        else if (in_.has(q) && info_[q].empty_false >= 1)
          f.block += 1;
      } else if (k == kEmpty) {
        if (!in_.has(q) || info_[q].opp_false >= 1) f.block += 1;
      }
    }
    const Code k = code_[p];
    // A point that can be blocked off in at most one move: an eye (the defender's benefit).
    if (f.block <= 1) value = 1;
    dead_inside += k == (o | kDeadMark);
    weak += (f.block >= 1) + (f.block >= 2) + (colour_code(k) == o && f.degree >= 2);
    if (k == kEmpty) thick += (f.degree >= 4) + (f.degree >= 3);
    if (f.block <= 0) sure_[0].add(p);
    if (f.block <= 1) sure_[1].add(p);
  }
  // Many marked-dead stones inside: one eye from five, two from eight.
  if (dead_inside >= 5) value = std::max(value, 1);
  if (dead_inside >= 8) return 2;
  // A large eye: its size less its weak points (twice the severe ones) and the opponent's stones
  // inside with two neighbours in it, at least six.
  if (n - weak >= 6) return 2;
  // A thick eye: empty points with three or four neighbours in it (four counting twice).
  if (thick >= 6) return 2;

  // A cutting point c can play that splits the eye into pieces each holding a point that needs
  // no move to block off (one move where the cut itself makes the block). Without a point of
  // at most one neighbour in the eye its other points are in as many pieces as before (less one
  // if it was a piece by itself).
  int pieces = -1;
  for (int d : pts) {
    if (value >= 2) break;
    const Info& f = info_[d];
    if (f.degree <= 1) {
      if (pieces < 0) pieces = count_pieces(in_, none_, s).pieces;
      if (pieces - (f.degree == 0) < 2) continue;
    }
    if (!playable(d, c)) continue;
    in_.remove(d);
    const Pieces cut = count_pieces(in_, sure_[f.opp_false == 1], s);
    in_.add(d);
    if (cut.pieces >= 2) value = std::max(value, cut.marked);
  }
  // Two neighbouring points of degree three or more, the first playable off the edge, whose
  // removal leaves two pieces that are sure eyes, one of them with two sure points (two such
  // pieces when the second point holds a stone).
  for (int d : pts) {
    if (value >= 2) break;
    const Info& f = info_[d];
    if (code_[d] != kEmpty || f.block > 1 || f.degree < 3 || on_edge(d) || !playable(d, c))
      continue;
    for (int side : kSides) {
      const int q = d + side;
      if (value >= 2) break;
      if (!in_.has(q)) continue;
      const Info& g = info_[q];
      if (g.degree < 3 || g.block > 1 || (code_[q] != kEmpty && g.empty_inside <= 1)) continue;
      in_.remove(d);
      in_.remove(q);
      const Pieces cut = count_pieces(in_, sure_[0], s);
      in_.add(d);
      in_.add(q);
      if (cut.pieces < 2) continue;
      if (cut.marked >= 2 && cut.twice >= 1 && (code_[q] == kEmpty || cut.twice >= 2)) value = 2;
    }
  }
  // Marked-dead stones that would leave a living shape when captured: the shape of the dead
  // stones and the points c cannot play, where the opponent may leave out any one of the latter,
  // counted by pieces, less the stones thrown into false points, plus half the cutting and the
  // thick points (and a bonus for seven points or more), is two eyes in every case.
  if (value >= 2) return 2;
  int dead_count = 0, n_unplayable = 0;
  for (int p : pts) {
    if (code_[p] == (o | kDeadMark)) {
      shape_.add(p);
      ++dead_count;
    } else if (!playable(p, c)) {
      unplayable_[n_unplayable++] = int16_t(p);
    }
  }
  if (dead_count == 0) return value;
  int throwins = 0;
  for (int k = eye_start_[id]; k < eye_start_[id + 1]; ++k)
    throwins += colour_code(code_[eye_points_[k]]) == o && first_.has(eye_points_[k]);
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
  return alive ? 2 : value;
}

EyeReadingMap EyeReader::read(const EyeReadingOptions& opts) {
  find_seals();
  // 2. Reach of each colour: from its living stones through everything but the opponent's living
  // stones; the sealed reach passes no point the opponent sealed.
  for (int c = 0; c < 2; ++c) {
    Bits& pass = open_[c];
    for (int y = 0; y <= h_ + 1; ++y) {
      pass.row[y] = onboard_.row[y] & ~alive_[1 - c].row[y];
      strict_[c].row[y] = reached_[c].row[y] = alive_[c].row[y];
    }
    spread(strict_[c], pass, none_, {1, h_});
    spread(reached_[c], pass, sealed_[1 - c], {1, h_});
  }
  find_regions();
  find_groups();
  link_eyes_and_groups();

  // 6 and 7: false points with every eye worth nothing, the eyes' values from the points left,
  // and the false points again with those values: the ones that will have to be filled.
  false_points(false, first_);
  for (int id = 0; id < eyes_; ++id) {
    eye_value_[id] = uint8_t(value_of(id));
    region_value_[eye_region_[id]] += eye_value_[id];
  }
  for (int id = 0; id < eyes_; ++id) {
    int real = 0;
    for (int k = eye_start_[id]; k < eye_start_[id + 1]; ++k) real += !first_.has(eye_points_[k]);
    eye_real_[id] = int16_t(real);
  }
  false_points(true, unscored_);

  // Step 8 takes no territory in a chain of empty points or dead stones that is not wholly in
  // one region: split_ holds those chains' points.
  for (int k = 0; k < 3; ++k) {
    const Bits& kind = k == 0 ? empty_ : dead_[k - 1];
    bool any = false;
    for (int y = 1; y <= h_; ++y) any |= (flood_.row[y] = leaving_.row[y] & kind.row[y]) != 0;
    if (any) spread(flood_, kind, none_, {1, h_});
    for (int y = 1; y <= h_; ++y) {
      split_.row[y] |= flood_.row[y];
      flood_.row[y] = 0;
    }
  }

  // 8. The map.
  EyeReadingMap m;
  m.width_ = w_;
  m.height_ = h_;
  m.cells_.resize(size_t(w_ * h_));
  using Cell = EyeReadingMap::Cell;
  for (int y = 1; y <= h_; ++y) {
    // Next to a dead stone thrown into a false eye that must be filled: not scored either (for
    // the colour that captures it).
    uint64_t beside[2];
    for (int c = 0; c < 2; ++c) {
      auto thrown = [&](int v) { return unscored_.row[v] & dead_[1 - c].row[v]; };
      const uint64_t t = thrown(y);
      beside[c] = t << 1 | t >> 1 | thrown(y - 1) | thrown(y + 1);
    }
    Cell* out = &m.cells_[size_t((y - 1) * w_)];
    for (int x = 1; x <= w_; ++x, ++out) {
      const int i = y * kStride + x;
      const int r = region_of_[i];
      if (r == kNone) {
        out->flags = EyeReadingMap::kDame;
        continue;
      }
      const Code c = region_colour_[r], k = code_[i];
      const int ci = c - 1;
      const uint64_t bit = uint64_t(1) << x;
      const bool seki = region_value_[r] <= 1;
      if (seki) out->seki = Color(c);
      uint8_t flags = 0;
      if (first_.row[y] & bit) flags |= EyeReadingMap::kFalseEye;
      const bool open = k == kEmpty || (k & kDeadMark);
      if ((unscored_.row[y] & bit) || (open && (beside[ci] & bit)))
        flags |= EyeReadingMap::kUnscored;
      out->flags = flags;
      if (eye_of_[i] != kNone) out->eye_value = eye_value_[eye_of_[i]];
      const bool scored = opts.score_false_eyes || !(flags & EyeReadingMap::kUnscored);
      if (k != c && !seki && scored && !(split_.row[y] & bit) && !(strict_[1 - ci].row[y] & bit)) {
        out->territory = Color(c);
        ++m.territory_count_[ci];
      }
    }
  }
  return m;
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
  return r.read(opts);
}

EyeReadingMap EyeReadingMap::of(const Board& b, std::span<const Point> dead,
                                const EyeReadingOptions& opts) {
  detail::EyeReader& r = detail::reader();
  r.load(b, dead);
  return r.read(opts);
}

}  // namespace jpd
