#include "jpd/count.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <memory>
#include <string_view>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>

#include "count_faults.hpp"
#include "jpd/eye_reading.hpp"
#include "jpd/finish.hpp"
#include "jpd/number.hpp"

namespace jpd {

// Japanese counting with seki_territory=owned: the eyes of groups in seki are territory too (the
// empty points one side surrounds, seki or not: how OGS counted before 2024).
bool seki_eyes_counted(const Ruleset& rules) {
  return rules.counting == CountingMethod::japanese && rules.seki_territory == SekiTerritory::owned;
}

std::string_view name_of(StatusSource s) {
  switch (s) {
    case StatusSource::none: return "none";
    case StatusSource::given: return "given";
    case StatusSource::sgf: return "sgf";
    case StatusSource::estimate: return "estimate";
    case StatusSource::gtp: return "gtp";
    case StatusSource::dispute: return "dispute";
  }
  return "?";
}

namespace {

using Index = Board::Index;
using Mark = CountBoard::Mark;

// A figure as people read it (format_number: 1e+308, never a 31-digit truncation of "%.0f").
std::string num(double v) { return format_number(v); }


// ------------------------------------------------------------------------------------------------
// Choosing points on a count board. Row-major scans keep everything deterministic.

template <class F>
void for_points(const CountBoard& cb, F&& f) {
  for (int y = 0; y < cb.height; ++y)
    for (int x = 0; x < cb.width; ++x) f(Board::index(x, y));
}

int touching(Index i, auto&& pred) {
  int n = 0;
  for (int d : Board::kDirs) n += pred(Index(i + d));
  return n;
}

// A stone of c on the black/white boundary (touching an opponent stone), preferring one that
// touches none of c's own territory, so that the freed point is plainly shared.
Index boundary_stone(const CountBoard& cb, Color c) {
  Index best = 0;
  int best_score = -1;
  for_points(cb, [&](Index i) {
    if (cb.color[i] != c) return;
    int opp = touching(i, [&](Index j) { return cb.color[j] == opponent(c); });
    int own_terr = touching(i, [&](Index j) {
      return cb.color[j] == Color::Empty && cb.cls[j] == territory_of(c);
    });
    int score = (opp > 0 ? 4 : 0) + (own_terr == 0 ? 2 : 0);
    if (score > best_score) {
      best_score = score;
      best = i;
    }
  });
  return best;
}

// A stone of c inside its own area (touching neither opponent stones nor shared points).
Index interior_stone(const CountBoard& cb, Color c) {
  Index best = 0;
  int best_score = -1;
  for_points(cb, [&](Index i) {
    if (cb.color[i] != c) return;
    int opp = touching(i, [&](Index j) { return cb.color[j] == opponent(c); });
    int shared = touching(i, [&](Index j) {
      return cb.color[j] == Color::Empty && is_shared(cb.cls[j]);
    });
    int score = (opp == 0 ? 2 : 0) + (shared == 0 ? 1 : 0);
    if (score > best_score) {
      best_score = score;
      best = i;
    }
  });
  return best;
}

// The first empty point of c's territory in row-major order, from index `from` on (indices grow
// in row-major order; off the board and the padding column are Edge); 0 when there is none.
Index own_territory_point(const CountBoard& cb, Color c, Index from = 0) {
  const Index last = Board::index(cb.width - 1, cb.height - 1);
  const PointClass terr = territory_of(c);
  for (int i = std::max<int>(from, Board::index(0, 0)); i <= last; ++i)
    if (cb.color[i] == Color::Empty && cb.cls[i] == terr) return Index(i);
  return 0;
}

// Puts one stone of c into its own territory; when it is full, the opponent takes one of its own
// stones off inside its area instead (000 art. 14): the difference is unchanged. Returns false
// when neither is possible. `from`: no empty point of c's territory lies before it (refilling
// only ever adds to c's territory the points it takes off the opponent, so a run of refills of
// one colour resumes where the last one stopped).
bool refill_one(CountBoard& cb, Color c, PerColour& overflow, Index& from) {
  if (Index p = own_territory_point(cb, c, from)) {
    cb.place(p, c, Mark::refilled);
    from = Index(p + 1);
    return true;
  }
  Color o = opponent(c);
  if (cb.stones(o) == 0) return false;
  Index s = interior_stone(cb, o);
  cb.remove(s, territory_of(o), Mark::overflow);
  ++overflow.of(c);
  return true;
}

// The making's last steps (refill, payment, equal stones) on the board of the steps: stones taken
// and placed as refill_one, boundary_stone and interior_stone choose them.
struct BoardMaking {
  CountBoard& t;
  const CountBoard& board() const { return t; }
  int stones(Color c) const { return t.stones(c); }
  int territory(Color c) const { return t.territory(c); }
  int shared() const { return t.shared(); }
  bool refill_one(Color c, PerColour& overflow, Index& from) {
    return jpd::refill_one(t, c, overflow, from);
  }
  void negative_a(Color payer) {
    t.remove(boundary_stone(t, payer), PointClass::dame, Mark::negative_a);
  }
  Index cede(Color payer) {  // an owned point becomes shared; 0 when there is none
    const Index p = own_territory_point(t, payer);
    if (p) {
      t.cls[p] = PointClass::dame;
      t.mark[p] = Mark::negative_a;
    }
    return p;
  }
  void negative_b(Color col) {
    t.remove(interior_stone(t, col), territory_of(col), Mark::negative_b);
  }
};

// The same steps on the counts alone: stones on the board, owned points and shared points per
// colour, as the board's would be after each step.
struct TallyMaking {
  int s[2], t[2], q;
  int stones(Color c) const { return s[color_index(c)]; }
  int territory(Color c) const { return t[color_index(c)]; }
  int shared() const { return q; }
  bool refill_one(Color c, PerColour& overflow, Index&) {
    const int i = color_index(c), o = 1 - i;
    if (t[i] > 0) {  // a stone into its own territory
      --t[i];
      ++s[i];
      return true;
    }
    if (s[o] == 0) return false;
    --s[o];  // the opponent takes one of its own stones off inside its area
    ++t[o];
    ++overflow.of(c);
    return true;
  }
  void negative_a(Color payer) {
    --s[color_index(payer)];
    ++q;
  }
  Index cede(Color payer) {
    if (t[color_index(payer)] == 0) return 0;
    --t[color_index(payer)];
    ++q;
    return 1;  // a point (which one does not matter here)
  }
  void negative_b(Color col) {
    --s[color_index(col)];
    ++t[color_index(col)];
  }
};

// ------------------------------------------------------------------------------------------------
// The physical procedures of the views, on the boards of the making.

// f(colour) for every point of the board holding a stone, or for every point with empty_too.
template <class F>
void for_points_of(const Board& b, F&& f, bool empty_too = false) {
  for (int y = 0; y < b.height(); ++y)
    for (int x = 0; x < b.width(); ++x)
      if (const Color c = b.at(Point(x, y)); empty_too || is_stone(c)) f(c);
}

// Ing's fill-up (填满计点): every owned point filled with its owner's stones.
CountBoard filled_board(CountBoard f) {
  for_points(f, [&](Index i) {
    if (f.color[i] != Color::Empty) return;
    if (f.cls[i] == PointClass::black_territory) f.place(i, Color::Black, Mark::filled);
    else if (f.cls[i] == PointClass::white_territory) f.place(i, Color::White, Mark::filled);
  });
  return f;
}

// The living-stones board (计活子, 数路; 003 art. 22): in every unit its basic eye points are kept
// empty, two owned points that are not adjacent in an independent unit, one owned point in a
// unit that has any (a seki unit with its own space), and its other owned points are filled;
// public liberties and dame stay empty. The owned points of every unit in row-major order, unit
// after unit (a counting sort into one array: start[u] .. start[u + 1]); each unit keeps the
// first of them, or the first non-adjacent pair.
CountBoard living_stones_board(CountBoard l, const Analysis& a) {
  auto owned_point = [&](Index i) {
    return a.unit_of(i) >= 0 && l.color[i] == Color::Empty &&
           (l.cls[i] == PointClass::black_territory || l.cls[i] == PointClass::white_territory);
  };
  const size_t nunits = a.units().size();
  std::vector<int> start(nunits + 1, 0);
  for_points(l, [&](Index i) {
    if (owned_point(i)) ++start[size_t(a.unit_of(i)) + 1];
  });
  for (size_t u = 0; u < nunits; ++u) start[u + 1] += start[u];
  std::vector<Index> by_unit(static_cast<size_t>(start[nunits]));
  {
    std::vector<int> fill(start.begin(), start.end() - 1);
    for_points(l, [&](Index i) {
      if (owned_point(i)) by_unit[size_t(fill[size_t(a.unit_of(i))]++)] = i;
    });
  }
  auto adjacent = [](Index x, Index y) {
    int d = std::abs(int(x) - int(y));
    return d == 1 || d == Board::kStride;
  };
  for (size_t u = 0; u < nunits; ++u) {
    const std::span<const Index> pts(by_unit.data() + start[u], by_unit.data() + start[u + 1]);
    if (pts.empty()) continue;
    if (a.units()[u].basic_eyes() < 2) {
      l.mark[pts[0]] = Mark::basic_eye;
      continue;
    }
    bool done = false;
    for (size_t x = 0; x < pts.size() && !done; ++x)
      for (size_t y = x + 1; y < pts.size() && !done; ++y)
        if (!adjacent(pts[x], pts[y])) {
          l.mark[pts[x]] = l.mark[pts[y]] = Mark::basic_eye;
          done = true;
        }
  }
  for_points(l, [&](Index i) {
    if (l.color[i] != Color::Empty || l.mark[i] == Mark::basic_eye) return;
    if (l.cls[i] == PointClass::black_territory) l.place(i, Color::Black, Mark::filled);
    else if (l.cls[i] == PointClass::white_territory) l.place(i, Color::White, Mark::filled);
  });
  return l;
}

// The groups (棋头) of 还棋头, found on the living-stones board by its own flood fill: the stones
// of a colour joined through its kept eyes (and the eyes of a seki that belong to nobody), each
// such group holding a stone that stood before the filling (a claimed point that touches no
// stone of its claimant is filled, and is no group). A group counts when it keeps an empty point
// (an eye) or lives in seki (the classification's word: a seki lives by liberties shared with
// the opponent, which no board shows apart from dame).
PerColour groups_on(const CountBoard& l, const Analysis& a) {
  PerColour groups;
  std::array<uint8_t, Board::kArea> seen{};
  std::array<Index, Board::kArea> stack;
  for_points(l, [&](Index s) {
    const Color c = l.color[s];
    if (!is_stone(c) || seen[s] || l.mark[s] == Mark::filled) return;
    bool counts = false;
    size_t top = 0;
    stack[top++] = s;
    seen[s] = 1;
    while (top > 0) {
      const Index p = stack[--top];
      counts |= l.color[p] == Color::Empty;
      if (l.color[p] == c && l.mark[p] != Mark::filled && a.unit_of(p) >= 0)
        counts |= a.units()[size_t(a.unit_of(p))].seki;
      for (int d : Board::kDirs) {
        const Index q = Index(p + d);
        if (seen[q]) continue;
        const Color cq = l.color[q];
        if (cq == c || (cq == Color::Empty && (l.cls[q] == territory_of(c) ||
                                               l.cls[q] == PointClass::seki_eye_shared))) {
          seen[q] = 1;
          stack[top++] = q;
        }
      }
    }
    groups.of(c) += counts;
  });
  return groups;
}

// The basic eye points the units keep by their kind (the formula's side): two in an independent
// unit, one in a unit with an owned point of its own left (a seki unit: under
// seki_territory=none its eyes are shared points, and it keeps none), none otherwise.
PerColour basic_eyes_of_units(const Analysis& a) {
  std::array<uint8_t, Board::kArea> has_own{};  // by unit (fewer units than points)
  for (Index i = 0; i < Index(Board::kArea); ++i) {
    const PointClass k = a.at(i);
    if (a.unit_of(i) >= 0 && (k == PointClass::black_territory || k == PointClass::white_territory))
      has_own[size_t(a.unit_of(i))] = 1;
  }
  PerColour eyes;
  for (size_t u = 0; u < a.units().size(); ++u) {
    const Unit& unit = a.units()[u];
    eyes.of(unit.color) += unit.independent ? 2 : has_own[u] ? 1 : 0;
  }
  return eyes;
}

// ------------------------------------------------------------------------------------------------

struct Phases {
  bool dispute;  // dispute-phase moves are part of the counted position (continue mode)
};

MoveCounts sum(const MoveCounts& a, const MoveCounts& b) {
  MoveCounts t = a;
  t.real += b.real;
  t.virtual_moves += b.virtual_moves;
  t.passes += b.passes;
  t.negative_a += b.negative_a;
  t.negative_b += b.negative_b;
  t.proposals += b.proposals;
  t.captured += b.captured;
  return t;
}

int counted_moves(const MoveCounts& m, CountedMoves which) {
  switch (which) {
    case CountedMoves::real: return m.real;
    case CountedMoves::real_and_virtual: return m.real + m.virtual_moves;
    case CountedMoves::all: return m.real + m.virtual_moves;
  }
  return m.real;
}

// A side as a message's argument: "Black" / "黑方".
MessageArg side_arg(Color c) { return MessageArg::word(c == Color::Black ? "word.Black" : "word.White"); }

// An independent dispute (004 原创九, SPEC §6.5) is a test outside the game: it confirms statuses
// of the pause position and nothing else. `end` is the position where the dispute ended and the
// statuses name its stones (a stone of the pause position captured in the dispute may be named
// too). A chain of the pause position is dead when one of its points no longer carries a stone of
// its colour at the end (captured), or carries one of a chain named dead; every other chain lives.
// A claim holds when at the end its point carries the claimant's living stone or lies in the
// claimant's territory (the dead stones of the end taken off), and fails otherwise. Stones
// played in the dispute are gone with it.
struct Confirmed {
  std::vector<Point> dead;   // stones of the pause position, one per dead chain
  std::vector<Claim> claims; // the claims that held
  std::vector<Message> notes;
};

Confirmed confirmed_by_dispute(const Board& pause, const Board& end, const Statuses& st,
                               const AnalysisOptions& end_opts) {
  const int W = pause.width(), H = pause.height();
  std::array<uint8_t, Board::kArea> dead_at_end{};
  for (Point p : st.dead) {
    if (!p.inside(W, H)) throw CountError(Message("error.count.dead_off_board"));
    if (is_stone(end.at(p)))
      end.for_each_stone(Board::index(p), [&](Index s) { dead_at_end[s] = 1; });
    else if (!is_stone(pause.at(p)))
      throw CountError(Message("error.count.dead_empty", {to_gtp(p, H)}));
  }
  Confirmed out;
  std::array<uint8_t, Board::kArea> done{};
  int captured = 0, named = 0;
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      const Index i = Board::index(x, y);
      if (!is_stone(pause.at(i)) || done[i]) continue;
      bool gone = false, dead = false;
      pause.for_each_stone(i, [&](Index s) {
        done[s] = 1;
        gone |= end.at(s) != pause.at(s);
        dead |= end.at(s) == pause.at(s) && dead_at_end[s];
      });
      if (gone || dead) out.dead.push_back(Point(x, y));
      captured += gone;
      named += !gone && dead;
    }
  if (captured || named)
    out.notes.push_back({"note.dispute_confirmed", {captured + named, captured, named}});
  if (st.claims.empty()) return out;
  Board after = end;
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      if (const Index i = Board::index(x, y); dead_at_end[i] && is_stone(after.at(i)))
        after.remove_chain_at(i);
  const Analysis a = Analysis::of(after, end_opts);
  for (const Claim& cl : st.claims) {
    if (!cl.point.inside(W, H)) throw CountError(Message("error.count.claim_off_board"));
    if (!is_stone(cl.color)) throw CountError(Message("error.count.claim_colour"));
    const Color at = after.at(cl.point);
    if (at == cl.color || (at == Color::Empty && a.at(cl.point) == territory_of(cl.color)))
      out.claims.push_back(cl);
    else
      out.notes.push_back({"note.claim_fails",
                           {std::string(color_letter(cl.color)) + ":" + to_gtp(cl.point, H),
                            side_arg(cl.color)}});
  }
  return out;
}

// The button (half a point to the first to pass, KataGo's button rule) and White's points for
// Black's handicap stones: written into c, returned as points to the first player's difference.
// With no pass or virtual move the side to move at the pause takes the button (it would pass
// first, as chinese-2008 judges its payment). The handicap is Black's setup stones when White has
// none (a position set up with stones of both colours is no handicap).
double button_and_handicap(const Game& g, const Ruleset& r, const int* setup, MoveRef first_non_board,
                           Count& c) {
  const Color first = r.first_player;
  double to_first = 0;
  if (r.button) {
    c.button = first_non_board.exists()            ? first_non_board.color
               : is_stone(g.to_move_at_pause())    ? g.to_move_at_pause()
               : is_stone(g.to_move())             ? g.to_move()
                                                   : first;
    to_first += c.button == first ? 0.5 : -0.5;
    c.notes.push_back({"note.button", {side_arg(c.button)}});
  }
  c.handicap_stones = setup[color_index(Color::White)] == 0 ? setup[color_index(Color::Black)] : 0;
  const int n = c.handicap_stones;
  switch (r.handicap_compensation) {
    case HandicapCompensation::none: break;
    case HandicapCompensation::n_minus_1: c.handicap_compensation = std::max(0, n - 1); break;
    case HandicapCompensation::n: c.handicap_compensation = n; break;
  }
  if (c.handicap_compensation > 0) {
    to_first += first == Color::White ? c.handicap_compensation : -c.handicap_compensation;
    c.notes.push_back({"note.handicap_compensation", {num(c.handicap_compensation), n}});
  }
  return to_first;
}

}  // namespace

// ------------------------------------------------------------------------------------------------
// The count's working state: what its steps (prepare, views, payment, result, invariants) hand to
// one another. The view functions of the table read it and write into the count.

struct CountWork {
  CountWork(const Game& g, const Ruleset& r, const Statuses& st, const CountOptions& opts, Count& c)
      : g(g), r(r), st(st), opts(opts), c(c) {}

  const Game& g;
  const Ruleset& r;
  const Statuses& st;
  const CountOptions& opts;
  Count& c;
  Color first = r.first_player, second = opponent(r.first_player);
  int H = g.height();
  const Counters& ctr = g.counters();

  // 1-3. The position counted, its statuses, its dead stones removed.
  bool independent = false;   // independent dispute mode after a dispute (004 原创九)
  bool with_dispute = true;   // the dispute's moves are part of the counted position
  std::vector<Move> explicit_negatives;  // negative moves played at making
  // (Copies on the heap: an empty std::optional of a board costs a clearing of its size.)
  std::unique_ptr<Board> end_with_negatives, without_dead, with_dame;
  const Board* end = nullptr;         // the position play ended with
  const Board* pos = nullptr;         // the position the statuses name
  const Board* after_dead = nullptr;  // without its dead stones
  const Board* counted = nullptr;     // and with the dame filled at making
  std::array<uint8_t, Board::kArea> is_dead{};
  bool any_dead = false;
  std::vector<Claim> empty_claims;
  const int* setup = nullptr;  // setup stones, as they were at the pause where that is counted
  MoveCounts mc[2];            // counters over the counted phases
  std::vector<Index> removed;  // the dead stones
  AnalysisOptions aopt;
  std::unique_ptr<Analysis> kept[3];  // classifications, when there is no cache
  const Analysis* before_dame = nullptr;
  const Analysis* a = nullptr;  // the classification of the counted position
  // 4. The dame filled at making.
  Color to_move = Color::Empty;
  bool fill_dame = false;
  Color last_dame_filler = Color::Empty;
  int making_virtual[2] = {0, 0};
  MoveRef first_virtual_move;
  Color first_virtual = Color::Empty;
  std::vector<std::pair<Index, Color>> fills;  // the dame filled, and by whom
  // 6. The payment: points the first player gives the second.
  double pay = 0;
  // 7. The views. The boards of the making are made when the steps are kept or
  // CountOptions::check_by_boards asks for them; the physical sides of the invariants are the
  // formulas' values where no board is made.
  bool boards = opts.keep_steps || opts.check_by_boards;
  std::unique_ptr<CountBoard> cb_store;
  Figures fill_up_board, living_board_figures;
  PerColour board_groups;
  PerColour stones_on_board;  // L_X counted on the counted position itself
  int unpaid = 0;             // payment points no stone or point could pay on the board
  int refilled_territory[2] = {0, 0};  // t_X on the refilled board
  int k_white = 0;            // White's stones at equal stones
  double q2 = 0;              // the shared points at equal stones
  // 9. The invariants written so far (over the ones of c's last count).
  size_t checked = 0;

  // Classifications: from the cache where there is one, else kept here.
  const Analysis& classify(int slot, const Board& b, const AnalysisOptions& o) {
    if (opts.analyses) return opts.analyses->of(b, o);
    kept[slot] = std::make_unique<Analysis>(Analysis::of(b, o));
    return *kept[slot];
  }
  // The moves that count: in independent mode those before the first pause only (the dispute is
  // gone with it).
  MoveRef counted_ref(MoveRef m) const {
    return independent && m.exists() && m.index >= g.moves_at_first_pause() ? MoveRef{} : m;
  }
  int refill_count(Color col) const {
    return c.captured.of(col) + c.dead.of(col) + c.virtual_stones.of(col) + c.pass_stones.of(col);
  }
  double unpaid_signed() const { return pay > 0 ? unpaid : -unpaid; }  // paid off the board
  // (Built in place: a step holds a board of the largest size, copied once, not twice.)
  void push_step(const char* id, const CountBoard& b, std::vector<Message> notes = {}) {
    if (!opts.keep_steps) return;
    MakingStep& s = c.steps.emplace_back();
    s.id = id;
    s.board = b;
    s.notes = std::move(notes);
  }
  // The board of the making with the dead stones removed and the dame filled.
  const CountBoard& count_board() {
    if (!cb_store) {
      cb_store = std::make_unique<CountBoard>(CountBoard::from(*counted, *a));
      for (Index i : removed) cb_store->mark[i] = Mark::dead_removed;
      for (const auto& f : fills) cb_store->mark[f.first] = Mark::dame_filled;
    }
    return *cb_store;
  }
};

namespace {

// ------------------------------------------------------------------------------------------------
// Prepare: the position counted, its statuses, the dame, the quantities of SPEC §7.

void check_countable(const Game& g, const Ruleset& r) {
  // (Whether the game's legality would be judged alike is the caller's word: makes_same_game.)
  if (!same_referee_but_legality(r, g.rules()))
    throw ArgumentError(Message("error.count.other_referee", {r.preset, g.rules().preset}));
  if (const Point p = g.setup_without_liberty(); p.valid())
    throw CountError(Message("error.count.setup_no_liberty", {to_gtp(p, g.height())}));
}

// The most steps a count makes (pause, dame_filled, dead_removed, fill_up, living_stones, refilled,
// equal_stones or generalized) and the most invariants it checks (the checks below): the room
// reserved for them.
constexpr size_t kMaxSteps = 7;
constexpr size_t kMaxInvariants = 12;

// A fresh count in c, keeping its storage for what is written again (the invariants are
// overwritten in place, their names too).
void reset(Count& c) {
  std::vector<Invariant> invariants = std::move(c.invariants);
  std::vector<Point> dead_black = std::move(c.dead_black), dead_white = std::move(c.dead_white);
  c = Count{};
  c.invariants = std::move(invariants);
  dead_black.clear();
  dead_white.clear();
  c.dead_black = std::move(dead_black);
  c.dead_white = std::move(dead_white);
}

void header(CountWork& w) {
  Count& c = w.c;
  const Ruleset& r = w.r;
  c.rules = r;
  c.width = w.g.width();
  c.height = w.g.height();
  c.first = r.first_player;
  c.komi = r.komi;
  c.return_number = c.points() / 2.0 + r.komi / 2.0;
  c.return_number_second = c.points() / 2.0 - r.komi / 2.0;
  c.end = w.g.end_reason() == EndReason::none ? EndReason::counted : w.g.end_reason();
  c.status_source = w.st.source;
  c.status_detail = w.st.source_detail;
  c.uncertain = w.st.uncertain;
  c.suggested_claims = w.st.suggested_claims;
  if (w.g.phase() == Phase::play || w.g.phase() == Phase::dispute)
    c.notes.push_back({"note.in_play"});
}

// 1. The position counted. In independent dispute mode (004 原创九) the pause position is
// restored and counted with the statuses the dispute confirmed.
void position(CountWork& w) {
  const Game& g = w.g;
  const Counters& ctr = w.ctr;
  const bool any_dispute = g.pauses() >= 1 &&
                           (ctr.dispute[0].real + ctr.dispute[1].real + ctr.dispute[0].passes +
                            ctr.dispute[1].passes + ctr.dispute[0].virtual_moves +
                            ctr.dispute[1].virtual_moves) > 0;
  w.independent = w.r.dispute_mode == DisputeMode::independent && any_dispute;
  w.with_dispute = !w.independent;
  // Negative moves already played at making are part of the procedure: put the stones back on the
  // position play ended with, and let the procedure take them off again. (In independent mode
  // that position only tells the statuses: a stone a negative move took back is not dead.)
  // The boards are the game's own unless something changes them (copies only then).
  for (const PlayedMove& pm : g.moves())
    if (pm.phase == Phase::making && pm.move.is_negative()) w.explicit_negatives.push_back(pm.move);
  if (!w.explicit_negatives.empty()) {
    w.end_with_negatives = std::make_unique<Board>(g.board());
    for (const Move& m : w.explicit_negatives) w.end_with_negatives->set_stone(m.point, m.color);
  }
  w.end = w.end_with_negatives ? w.end_with_negatives.get() : &g.board();
  w.pos = w.independent ? &g.pause_board() : w.end;
  // Counters over the counted phases; setup as it was at the pause where that is counted.
  w.setup = w.independent ? ctr.setup_at_pause : ctr.setup;
  for (int i = 0; i < 2; ++i)
    w.mc[i] = w.with_dispute ? sum(ctr.play[i], ctr.dispute[i]) : ctr.play[i];
}

// 2. Statuses: dead chains and claims, checked against the position. They name stones of the
// position play ended with; in independent mode the dispute turns them into statuses of the
// pause position (confirmed_by_dispute).
void statuses(CountWork& w) {
  Count& c = w.c;
  const Ruleset& r = w.r;
  const Board& pos = *w.pos;
  const int H = w.H;
  std::vector<Claim> claims = w.st.claims;
  std::vector<Point> dead_points = w.st.dead;
  if (w.independent) {
    if (!claims.empty() && !r.claims)
      throw CountError(Message("error.count.no_claims", {r.preset}));
    AnalysisOptions end_opts;
    end_opts.exclusive_liberties = r.seki_exclusive_liberties;
    end_opts.seki_territory = r.seki_territory == SekiTerritory::owned;
    Confirmed confirmed = confirmed_by_dispute(pos, *w.end, w.st, end_opts);
    dead_points = std::move(confirmed.dead);
    claims = std::move(confirmed.claims);
    c.notes.push_back({"note.independent"});
    for (Message& n : confirmed.notes) c.notes.push_back(std::move(n));
  }
  if (!claims.empty() && !r.claims)
    throw CountError(Message("error.count.no_claims", {r.preset}));
  auto mark_dead_chain = [&](Point p) {
    pos.for_each_stone(Board::index(p), [&](Index s) { w.is_dead[s] = 1; });
    w.any_dead = true;
  };
  for (Point p : dead_points) {
    if (!p.inside(c.width, H)) throw CountError(Message("error.count.dead_off_board"));
    if (pos.at(p) == Color::Empty)
      throw CountError(Message("error.count.dead_empty", {to_gtp(p, H)}));
    mark_dead_chain(p);
  }
  for (const Claim& cl : claims) {
    if (!cl.point.inside(c.width, H)) throw CountError(Message("error.count.claim_off_board"));
    if (!is_stone(cl.color)) throw CountError(Message("error.count.claim_colour"));
    Color at = pos.at(cl.point);
    if (at == cl.color)
      throw CountError(Message("error.count.claim_own_stone",
                               {std::string(color_letter(cl.color)), to_gtp(cl.point, H)}));
    if (at == opponent(cl.color)) mark_dead_chain(cl.point);  // eternal ko: the stone is taken
    w.empty_claims.push_back(cl);
  }
  if (!r.remove_dead && w.any_dead) {
    c.notes.push_back({"note.no_removal", {r.preset}});
    w.is_dead.fill(0);
    w.any_dead = false;
  }
  c.claims = w.empty_claims;
}

// 3. Dead stones removed, and the position classified.
void remove_dead(CountWork& w) {
  Count& c = w.c;
  const Board& pos = *w.pos;
  for (int y = 0; y < w.H && w.any_dead; ++y)
    for (int x = 0; x < c.width; ++x) {
      Index i = Board::index(x, y);
      if (!w.is_dead[i]) continue;
      Color col = pos.at(i);
      ++c.dead.of(col);
      (col == Color::Black ? c.dead_black : c.dead_white).push_back(Point(x, y));
      w.removed.push_back(i);
    }
  if (!w.removed.empty()) {  // dead stones are whole chains
    w.without_dead = std::make_unique<Board>(pos);
    for (Index i : w.removed)
      if (is_stone(w.without_dead->at(i))) w.without_dead->remove_chain_at(i);
  }
  w.after_dead = w.without_dead ? w.without_dead.get() : &pos;
  w.aopt.exclusive_liberties = w.r.seki_exclusive_liberties;
  w.aopt.seki_territory = w.r.seki_territory == SekiTerritory::owned;
  for (const Claim& cl : w.empty_claims)
    if (pos.at(cl.point) == Color::Empty || w.is_dead[Board::index(cl.point)])
      w.aopt.claims.push_back(cl);
  w.before_dame = &w.classify(0, *w.after_dead, w.aopt);
}

// 4. Dame filled at making (Tang-Song art. 10 after an agreed pause), alternately from the side
// to move, then two virtual moves.
void fill_dame(CountWork& w) {
  const Game& g = w.g;
  const Ruleset& r = w.r;
  Count& c = w.c;
  w.to_move = w.independent && is_stone(g.to_move_at_pause()) ? g.to_move_at_pause()
              : g.phase() == Phase::play || g.phase() == Phase::dispute ? g.to_move()
              : is_stone(g.to_move())                                ? g.to_move()
                                                                     : w.first;
  w.fill_dame = r.dame == Dame::fill_at_making ||
                (r.dame == Dame::fill_at_making_if_agreed &&
                 (g.paused_by_agreement() || g.phase() == Phase::play ||
                  g.phase() == Phase::dispute)) ||
                (r.dame == Dame::fill_at_making_if_odd && w.before_dame->dame() % 2 == 1);
  w.first_virtual_move = w.counted_ref(w.ctr.first_virtual);
  w.first_virtual = w.first_virtual_move.exists() ? w.first_virtual_move.color : Color::Empty;
  c.first_virtual = w.first_virtual_move;
  if (w.fill_dame) {
    Color filler = w.to_move;
    for (Index i : w.before_dame->dame_points()) {
      w.fills.push_back({i, filler});
      ++c.dame_filled.of(filler);
      w.last_dame_filler = filler;
      filler = opponent(filler);
    }
    if (r.dame == Dame::fill_at_making_if_agreed) {
      // the two virtual moves of art. 10, from the side to move after the dame
      ++w.making_virtual[color_index(filler)];
      ++w.making_virtual[color_index(opponent(filler))];
      if (!is_stone(w.first_virtual)) {
        w.first_virtual = filler;
        c.notes.push_back({"note.making_first_virtual", {side_arg(filler), w.fills.size()}});
      }
    }
  }
  c.first_virtual_color = w.first_virtual;
  // The position counted, and its classification (the same as before when no dame was filled).
  const Analysis* after_fill = nullptr;
  if (!w.fills.empty()) {
    w.with_dame = std::make_unique<Board>(*w.after_dead);
    w.with_dame->set_stones(w.fills);
    after_fill = &w.classify(1, *w.with_dame, w.aopt);
  }
  w.counted = w.with_dame ? w.with_dame.get() : w.after_dead;
  w.a = after_fill ? after_fill : w.before_dame;
}

// 5. The quantities.
void quantities(CountWork& w) {
  Count& c = w.c;
  const Ruleset& r = w.r;
  const Analysis& a = *w.a;
  for (Color col : {Color::Black, Color::White}) {
    const int i = color_index(col);
    c.live.of(col) = a.stones(col);
    c.owned.of(col) = a.territory(col);
    c.captured.of(col) = w.mc[i].captured;
    c.virtual_stones.of(col) = w.mc[i].virtual_moves + w.making_virtual[i];
    c.pass_stones.of(col) = r.pass_stone ? w.mc[i].passes : 0;
    c.placed.of(col) = w.mc[i].real + c.virtual_stones.of(col) + c.pass_stones.of(col) +
                       w.setup[i] + c.dame_filled.of(col);
    c.moves_real.of(col) = w.mc[i].real + c.dame_filled.of(col);
    c.moves_virtual.of(col) = c.virtual_stones.of(col);
    c.moves_pass.of(col) = w.mc[i].passes;
    c.units.of(col) = a.unit_count(col);
    c.groups.of(col) = a.groups(col);
    c.seki_units.of(col) = a.seki_units(col);
  }
  c.shared = a.shared();
  if (r.dame == Dame::fill_at_making_if_odd && !w.fills.empty())
    c.notes.push_back({"note.living_b_dame", {w.fills.size(), side_arg(w.to_move)}});
  c.public_liberties = a.public_liberties() + a.seki_eyes_shared();
  c.dame = a.dame();
  // 收后方: the last real move before the pause, the making's dame filling included.
  c.last_move = is_stone(w.last_dame_filler) ? w.last_dame_filler : w.ctr.last_real.color;
}

// The first boards of the making: the pause with its dead stones, the dame filled, the dead
// stones removed.
void first_steps(CountWork& w) {
  Count& c = w.c;
  const Board& pos = *w.pos;
  if (w.opts.keep_steps) {
    CountBoard pause_board = CountBoard::from(pos, *w.before_dame);
    for (int y = 0; y < w.H; ++y)
      for (int x = 0; x < c.width; ++x) {
        Index i = Board::index(x, y);
        if (w.is_dead[i]) pause_board.cls[i] = stone_of(pos.at(i));
      }
    w.push_step("pause", pause_board);
    const CountBoard& cb = w.count_board();
    if (w.fill_dame) {
      // The dame filled, the dead stones still standing: they go at the next step.
      CountBoard dame_board = cb;
      for (Index i : w.removed) {
        dame_board.color[i] = pos.at(i);
        dame_board.cls[i] = stone_of(pos.at(i));
        dame_board.mark[i] = Mark::none;
      }
      w.push_step("dame_filled", dame_board,
                  {{"note.dame_filled", {w.fills.size(), side_arg(w.to_move)}}});
    }
    w.push_step("dead_removed", cb, {{"note.dead_removed", {c.dead.black, c.dead.white}}});
  }
  for_points_of(*w.counted, [&](Color col) { ++w.stones_on_board.of(col); });
}

void prepare(CountWork& w) {
  header(w);
  position(w);
  statuses(w);
  remove_dead(w);
  fill_dame(w);
  quantities(w);
  first_steps(w);
}

// ------------------------------------------------------------------------------------------------
// 6. The payment of the compensation rule (points the first player gives the second).

void payment(CountWork& w) {
  const Game& g = w.g;
  const Ruleset& r = w.r;
  const Counters& ctr = w.ctr;
  Count& c = w.c;
  const Color first = w.first, second = w.second;
  const bool texts = w.opts.texts;
  const MoveCounts& pf = ctr.play[color_index(first)];
  const MoveCounts& ps = ctr.play[color_index(second)];
  double pay = 0;
  switch (r.compensation) {
    case Compensation::law:
      if (texts) c.payment = {"note.pay_law"};
      break;
    case Compensation::art: {
      int nf = counted_moves(pf, r.counted_moves) + (r.setup_counts ? w.setup[color_index(first)] : 0);
      int ns = counted_moves(ps, r.counted_moves) + (r.setup_counts ? w.setup[color_index(second)] : 0);
      pay = nf - ns;
      if (texts)
        c.payment = {"note.pay_art",
                     {side_arg(first), nf, side_arg(second), ns,
                      MessageArg::word("word." + std::string(name_of(r.counted_moves)))}};
      break;
    }
    case Compensation::first_virtual:
      pay = w.first_virtual == second ? 1 : 0;
      if (texts)
        c.payment = !is_stone(w.first_virtual) ? Message("note.pay_no_virtual")
                    : pay ? Message("note.pay_first_virtual", {side_arg(w.first_virtual), side_arg(first)})
                          : Message("note.pay_first_virtual_none", {side_arg(w.first_virtual)});
      break;
    case Compensation::living_a:
      pay = ctr.last_real.color == first ? 1 : 0;
      if (texts)
        c.payment = !ctr.last_real.exists() ? Message("note.pay_living_a_no_move")
                    : pay ? Message("note.pay_living_a", {side_arg(ctr.last_real.color), side_arg(first)})
                          : Message("note.pay_living_a_none", {side_arg(ctr.last_real.color)});
      break;
    case Compensation::living_b:
      if (texts)
        c.payment = Message::joined({{"note.pay_living_b"}, {"note.pay_living_b_road"}});
      break;
    case Compensation::living_a_first_event: {
      MoveRef fp = w.counted_ref(ctr.first_proposal), fv = w.first_virtual_move;
      Color who = Color::Empty;
      const char* what = "";  // the word
      if (fp.exists() && (!fv.exists() || fp.index < fv.index)) {
        who = fp.color;
        what = "word.first_proposal";
      } else if (fv.exists()) {
        who = fv.color;
        what = "word.first_virtual";
      } else {
        who = is_stone(g.to_move_at_pause()) ? g.to_move_at_pause() : w.to_move;
        what = "word.implicit_proposal";
      }
      pay = who == second ? 1 : 0;
      if (texts)
        c.payment = pay ? Message("note.pay_first_event",
                                  {side_arg(who), MessageArg::word(what), side_arg(first)})
                        : Message("note.pay_first_event_none", {side_arg(who), MessageArg::word(what)});
      break;
    }
    case Compensation::black_last_pays: {
      const MoveRef first_pass = w.counted_ref(ctr.first_pass);
      Color who = first_pass.exists() ? first_pass.color
                  : is_stone(g.to_move_at_pause()) ? g.to_move_at_pause()
                                                   : w.to_move;
      pay = who == second ? 1 : 0;
      if (texts)
        c.payment = pay ? Message("note.pay_wmsg", {side_arg(who), side_arg(first)})
                        : Message("note.pay_wmsg_none", {side_arg(who)});
      break;
    }
  }
  if (w.with_dispute && r.dispute_compensation == Compensation::art && g.pauses() >= 1) {
    const MoveCounts& df = ctr.dispute[color_index(first)];
    const MoveCounts& ds = ctr.dispute[color_index(second)];
    int extra = counted_moves(df, r.counted_moves) - counted_moves(ds, r.counted_moves);
    if (extra) {
      pay += extra;
      if (texts) c.payment = Message::joined({std::move(c.payment), {"note.pay_dispute", {extra}}});
    }
  }
  c.pay = pay;
  w.pay = pay;
}

// ------------------------------------------------------------------------------------------------
// 7. The views, one function each (the rows of the table below). Each is counted twice, by its
// formula over the classification's totals and by its own physical procedure on the boards of
// the making (the filled board of Ing's count, the living-stones board with its basic eyes, the
// 还棋头 groups found on it, the refilled equal-stones board), and the invariants of step 9
// compare the two. Without boards (CountOptions) the figures are the formulas' (jpd batch).

// Area (子空合计): A = L + T + q/2.
void compute_area(CountWork& w) {
  for (Color col : {Color::Black, Color::White})
    w.c.view(View::area).of(col) = w.a->area(col);
}

// Fill-up (填满计点): the stone count is the area (stones, owned points, half the shared ones).
void compute_fill_up(CountWork& w) {
  Count& c = w.c;
  w.fill_up_board = c.area();
  c.view(View::fill_up) = c.area();
  if (w.boards) {
    const CountBoard f = filled_board(w.count_board());
    for (Color col : {Color::Black, Color::White})
      w.fill_up_board.of(col) = f.stones(col) + f.shared() / 2.0;
    c.view(View::fill_up) = w.fill_up_board;
    w.push_step("fill_up", f);
  }
}

// Living stones (计活子, 数路): basic eyes kept, the rest filled; public liberties stay empty,
// unfilled dame count half each: P = A - eyes - p/2, the eyes those of the units' kinds.
void compute_living_stones(CountWork& w) {
  Count& c = w.c;
  Figures& living = c.view(View::living_stones);
  c.basic_eyes = basic_eyes_of_units(*w.a);
  for (Color col : {Color::Black, Color::White})
    living.of(col) = c.area().of(col) - c.basic_eyes.of(col) - c.public_liberties / 2.0;
  w.living_board_figures = living;
  w.board_groups = c.groups;
  if (w.boards) {
    const CountBoard l = living_stones_board(w.count_board(), *w.a);
    for (Color col : {Color::Black, Color::White})
      w.living_board_figures.of(col) = l.stones(col) + l.count(PointClass::dame) / 2.0;
    living = w.living_board_figures;
    w.board_groups = groups_on(l, *w.a);
    w.push_step("living_stones", l);
  }
}

// 还棋头: the side with n more groups (found on the living-stones board) returns n stones.
void compute_haiqitou(CountWork& w) {
  const int gb = w.board_groups.black, gw = w.board_groups.white, n = std::abs(gb - gw);
  const Color more = gb > gw ? Color::Black : Color::White;
  Figures& h = w.c.view(View::haiqitou);
  h = w.c.area();
  if (n) {
    h.of(more) -= n;
    h.of(opponent(more)) += n;
  }
}

// The ancient count: the area less the group tax (two points when the rules set none) per group.
void compute_ancient(CountWork& w) {
  Count& c = w.c;
  const int tax = w.r.group_tax > 0 ? w.r.group_tax : 2;
  for (Color col : {Color::Black, Color::White})
    c.view(View::ancient).of(col) = c.area().of(col) - tax * c.groups.of(col);
}

// Japanese view: territory outside seki plus prisoners; no exclusive liberties, no claims.
// With eye_reading=japanese the territory is the eye reading's (eye_reading.hpp) of the
// position with its dead stones marked. Otherwise rules whose own analysis of that position has
// the same options share it, and so does any rule set without claims where nothing is in seki
// (then the options change nothing).
void compute_japanese(CountWork& w) {
  Count& c = w.c;
  std::array<int, 2> terr;
  if (w.r.eye_reading == EyeReading::japanese) {
    // The dead stones of both colours in one list, kept per thread (a count into an earlier
    // count allocates nothing).
    thread_local std::vector<Point> marked;
    marked.assign(c.dead_black.begin(), c.dead_black.end());
    marked.insert(marked.end(), c.dead_white.begin(), c.dead_white.end());
    terr = EyeReadingMap::territory_counts(*w.pos, marked);
  } else {
    const Analysis& before_dame = *w.before_dame;
    const AnalysisOptions& aopt = w.aopt;
    const bool seki_eyes = seki_eyes_counted(w.r);
    AnalysisOptions jopt;
    jopt.exclusive_liberties = false;
    jopt.seki_territory = seki_eyes;
    const bool no_seki =
        before_dame.seki_units(Color::Black) + before_dame.seki_units(Color::White) == 0;
    const bool same = ((!aopt.exclusive_liberties && aopt.seki_territory == seki_eyes) || no_seki) &&
                      aopt.claims.empty();
    const Analysis& j = same ? before_dame : w.classify(2, *w.after_dead, jopt);
    for (Color col : {Color::Black, Color::White})
      terr[color_index(col)] = seki_eyes ? j.territory(col) : j.territory_outside_seki(col);
  }
  for (Color col : {Color::Black, Color::White}) {
    Color o = opponent(col);
    c.view(View::japanese).of(col) =
        terr[color_index(col)] + c.captured.of(o) + c.dead.of(o) + c.pass_stones.of(o);
  }
}

// Territory (等子比空): refill, payment, equal stones. sci-4-x (generalized) makes equal stones
// from the live stones directly, without prisoners. One procedure, on the board of the making (m
// is a BoardMaking) or on the counts alone (a TallyMaking: which point a step takes changes no
// count).
bool generalized(const CountWork& w) {
  return w.r.counting == CountingMethod::territory_generalized;
}

// The refill: t_X on the refilled board, before payment and balancing. A stone the refill can
// put nowhere (its side's territory full, the other side without a stone left to take off)
// stays off the board and counts against its side as a refilled stone would.
template <class M>
void refill_all(CountWork& w, M& m, PerColour& overflow) {
  int unplaced[2] = {0, 0};
  for (Color col : {Color::Black, Color::White}) {
    Index from = 0;
    for (int n = w.refill_count(col); n > 0; --n)
      unplaced[color_index(col)] += !m.refill_one(col, overflow, from);
  }
  for (Color col : {Color::Black, Color::White})
    w.refilled_territory[color_index(col)] = m.territory(col) - unplaced[color_index(col)];
}

template <class M>
constexpr bool kSteps = std::is_same_v<M, BoardMaking>;

// Payment: the payer takes |pay| stones off at the boundary; each point becomes shared. A payer
// without stones cedes an owned point instead (the same transfer of half a point each way).
template <class M>
void pay_on_board(CountWork& w, M& m, std::vector<Message>& notes) {
  if (w.pay == 0) return;
  Count& c = w.c;
  const Color payer = w.pay > 0 ? w.first : w.second;
  const int n = int(std::lround(std::fabs(w.pay)));
  for (int k = 0; k < n; ++k) {
    if (m.stones(payer) > 0) {
      m.negative_a(payer);
      ++c.negative_a.of(payer);
    } else if (Index p = m.cede(payer)) {
      if constexpr (kSteps<M>)
        notes.push_back({"note.cede", {side_arg(payer), to_gtp(Board::point(p), w.H)}});
    } else {
      ++w.unpaid;
    }
  }
  if constexpr (kSteps<M>) notes.push_back({"note.negative_a", {side_arg(payer), n}});
  if (w.unpaid) {
    c.notes.push_back({"note.unpaid", {side_arg(payer), w.unpaid}});
    if constexpr (kSteps<M>) notes.push_back(c.notes.back());
  }
}

// Balancing the stone counts.
template <class M>
void balance(CountWork& w, M& m, std::vector<Message>& notes) {
  Count& c = w.c;
  const Ruleset& r = w.r;
  const Color first = w.first, second = w.second;
  const int diff = m.stones(first) - m.stones(second);
  auto negative_b = [&](Color col, int n) {
    for (int k = 0; k < n && m.stones(col) > 0; ++k) {
      m.negative_b(col);
      ++c.negative_b.of(col);
    }
    if (kSteps<M> && n)
      notes.push_back({r.counting == CountingMethod::living_stones ? "note.negative_b_road"
                                                                   : "note.negative_b",
                       {side_arg(col), n}});
  };
  const bool art13 = r.compensation == Compensation::first_virtual && !generalized(w);
  const bool living_b = r.compensation == Compensation::living_b && !generalized(w);
  if (art13 && diff == -1) {
    Index from = 0;
    m.refill_one(first, c.overflow, from);
    ++c.balancing_virtual.of(first);
    if constexpr (kSteps<M>) notes.push_back({"note.balancing_virtual", {side_arg(first)}});
  } else if ((art13 || living_b) && diff == 1) {
    negative_b(first, 1);
  } else if (diff > 0) {
    negative_b(first, diff);
  } else if (diff < 0) {
    negative_b(second, -diff);
  }
}

template <class M>
void equalise(CountWork& w, M& m) {
  Count& c = w.c;
  std::vector<Message> notes;
  if (generalized(w)) {
    // No refill in the making; the identity of step 9 is checked on a refilled copy.
    PerColour scratch_overflow;
    if constexpr (kSteps<M>) {
      CountBoard scratch = m.board();
      BoardMaking copy{scratch};
      refill_all(w, copy, scratch_overflow);
    } else {
      M copy = m;
      refill_all(w, copy, scratch_overflow);
    }
  } else {
    refill_all(w, m, c.overflow);
    if constexpr (kSteps<M>)
      w.push_step("refilled", m.board(),
                  {{"note.refilled", {w.refill_count(Color::Black), w.refill_count(Color::White)}}});
  }
  pay_on_board(w, m, notes);
  balance(w, m, notes);
  c.k = m.stones(Color::Black);
  for (Color col : {Color::Black, Color::White})
    c.view(View::territory).of(col) = m.territory(col);
  if constexpr (kSteps<M>)
    w.push_step(generalized(w) ? "generalized" : "equal_stones", m.board(), std::move(notes));
  w.k_white = m.stones(Color::White);
  w.q2 = double(m.shared());
}

void compute_territory(CountWork& w) {
  Count& c = w.c;
  if (w.boards) {
    CountBoard t = w.count_board();
    BoardMaking m{t};
    equalise(w, m);
  } else {
    const Analysis& a = *w.a;
    TallyMaking m{{a.stones(Color::Black), a.stones(Color::White)},
                  {a.territory(Color::Black), a.territory(Color::White)},
                  a.shared()};
    equalise(w, m);
  }
  for (const Move& m : w.explicit_negatives) {
    bool matched = (m.kind == MoveKind::negative_a ? c.negative_a : c.negative_b).of(m.color) > 0;
    if (!matched)
      c.notes.push_back(Message::joined(
          {{"note.negative_not_required", {MessageArg::message(move_message(m, w.H))}}, {"note.required_used"}}));
  }
}

// ------------------------------------------------------------------------------------------------
// 8. The result under the primary method, with the button and the handicap compensation, which
// are outside the making.

void result(CountWork& w) {
  Count& c = w.c;
  const Ruleset& r = w.r;
  const Color first = w.first, second = w.second;
  double d = 0;
  switch (r.counting) {
    case CountingMethod::area:
      d = c.area().diff(first) - w.pay -
          (r.group_tax ? r.group_tax * (c.groups.of(first) - c.groups.of(second)) : 0);
      break;
    case CountingMethod::territory_refill:
    case CountingMethod::territory_generalized:
      d = c.territory().diff(first) - w.unpaid_signed();
      break;
    case CountingMethod::fill_up: d = c.fill_up().diff(first) - w.pay; break;
    case CountingMethod::living_stones: d = c.living_stones().diff(first) - w.pay; break;
    case CountingMethod::japanese: d = c.japanese().diff(first); break;
    case CountingMethod::aga: d = c.area().diff(first); break;
  }
  d += button_and_handicap(w.g, r, w.setup, w.counted_ref(w.ctr.first_non_board), c);
  c.primary_difference = d;
  const double net = d - r.komi;
  switch (c.end) {
    case EndReason::counted:
      c.result = result_string(first, net);
      c.winner = net > 0 ? first : net < 0 ? second : Color::Empty;
      c.margin = std::fabs(net);
      break;
    case EndReason::resigned:
      c.winner = w.g.winner();
      c.result = std::string(color_letter(c.winner)) + "+R";
      break;
    case EndReason::forfeit:
      c.winner = w.g.winner();
      c.result = std::string(color_letter(c.winner)) + "+F";
      break;
    case EndReason::draw: c.result = "0"; break;
    case EndReason::no_result: c.result = "Void"; break;
    case EndReason::none: break;
  }
}

// ------------------------------------------------------------------------------------------------
// 9. The invariants of SPEC §7, each comparing two quantities found independently: a formula
// over the classification's totals and the referee's counters, and the board of the view's own
// procedure (the formula's value again where no board was made). Each is written with its
// numbers when the texts are wanted (`detail` is a function). A test hook can break one side of
// each on purpose (count_faults.hpp). Each view checks its own, in the table's order.

using F = detail::CountFault;
int broken(F f) { return detail::count_fault() == f ? 1 : 0; }
std::string count_of(int n) { return std::to_string(n); }
// " - 2", or " + 2" for -2: never "13 - -2".
std::string minus(double v) { return v < 0 ? " + " + num(-v) : " - " + num(v); }

template <class D>
void check(CountWork& w, std::string_view name, bool ok, D&& detail) {
  Count& c = w.c;
  if (w.checked == c.invariants.size()) c.invariants.emplace_back();
  Invariant& i = c.invariants[w.checked++];
  i.name.assign(name);
  i.ok = ok;
  if (w.opts.texts) i.detail = detail();
  else i.detail = {};
  c.all_invariants_hold = c.all_invariants_hold && ok;
}

// The area adds up to the board, and every stone placed is accounted for.
void check_area(CountWork& w) {
  const Count& c = w.c;
  const double AB = c.area().black, AW = c.area().white;
  {
    // The board's points, counted on the board.
    int points = broken(F::area_total);
    for_points_of(*w.counted, [&](Color) { ++points; }, /*empty too*/ true);
    check(w, "area_total", AB + AW == points, [&] {
      return Message("note.inv_points", {num(AB), num(AW), num(AB + AW), count_of(points)});
    });
  }
  for (Color col : {Color::Black, Color::White}) {
    // S from the referee's counters; L counted on the counted position.
    const int lhs = c.placed.of(col);
    const int live =
        w.stones_on_board.of(col) + (col == Color::Black ? broken(F::stones_accounted) : 0);
    const int rhs = live + w.refill_count(col);
    check(w, col == Color::Black ? "stones_accounted_B" : "stones_accounted_W", lhs == rhs, [&] {
      return Message::joined(
          {Message("note.inv_placed", {count_of(lhs)}),
           Message("note.inv_accounted",
                   {count_of(live) + " + " + count_of(c.captured.of(col)) + " + " +
                    count_of(c.dead.of(col)) + " + " + count_of(c.virtual_stones.of(col)) + " + " +
                    count_of(c.pass_stones.of(col)) + " = " + count_of(rhs)})});
    });
  }
}

// The refilled board, equal stones, the territory against the area and the payment.
void check_territory(CountWork& w) {
  const Count& c = w.c;
  const Color first = w.first;
  const double AB = c.area().black, AW = c.area().white, pay = w.pay;
  {
    // t_X on the refilled board (the refill of step 7, or a refilled copy under sci-4-x).
    const int tb = w.refilled_territory[0] + broken(F::refill_identity),
              tw = w.refilled_territory[1];
    const double rhs = (AB - AW) - (c.placed.black - c.placed.white);
    check(w, "refill_identity", tb - tw == rhs, [&] {
      // (The formula alone needs no words: as written in either language.)
      return Message::joined(
          {Message("note.inv_refilled_board", {count_of(tb) + minus(tw) + " = " + count_of(tb - tw)}),
           Message("text.as_written", {"(A_B - A_W) - (S_B - S_W) = " + num(AB - AW) +
                                       minus(c.placed.black - c.placed.white) + " = " + num(rhs)})});
    });
  }
  {
    const int kb = c.k + broken(F::equal_stones);
    check(w, "equal_stones", kb == w.k_white, [&] {
      return Message("note.inv_equal", {count_of(kb), count_of(w.k_white)});
    });
  }
  {
    const double lhs = c.territory().diff(first) - w.unpaid_signed() +
                       (first == Color::Black ? 1 : -1) * broken(F::territory_equals_area_minus_pay);
    const double rhs = c.area().diff(first) - pay;
    check(w, "territory_equals_area_minus_pay", lhs == rhs, [&] {
      return Message(w.unpaid ? "note.inv_territory_pay_off" : "note.inv_territory_pay",
                     {num(lhs), num(c.area().diff(first)) + minus(pay) + " = " + num(rhs)});
    });
  }
  for (Color col : {Color::Black, Color::White}) {
    const double on_board_pay = pay - w.unpaid_signed();
    const double after_pay =
        c.area().of(col) + (col == first ? -on_board_pay / 2 : on_board_pay / 2);
    const double t =
        c.territory().of(col) + (col == Color::Black ? broken(F::area_from_territory) : 0);
    const double lhs = t + c.k + w.q2 / 2;
    check(w, col == Color::Black ? "area_from_territory_B" : "area_from_territory_W",
          lhs == after_pay, [&] {
            return Message("note.inv_area_after",
                           {num(t) + " + " + count_of(c.k) + " + " + num(w.q2) + "/2 = " + num(lhs),
                            num(after_pay)});
          });
  }
}

void check_fill_up(CountWork& w) {
  const double AB = w.c.area().black, AW = w.c.area().white;
  const double fb = w.fill_up_board.black + broken(F::fill_up_equals_area),
               fw = w.fill_up_board.white;
  check(w, "fill_up_equals_area", fb == AB && fw == AW, [&] {
    return Message("note.inv_filled_board", {num(fb), num(fw), num(AB), num(AW)});
  });
}

// P on the living-stones board; the eyes those the units' kinds keep.
void check_living_stones(CountWork& w) {
  const Count& c = w.c;
  const double AB = c.area().black, AW = c.area().white;
  const double lhs = w.living_board_figures.black + broken(F::living_identity) -
                     w.living_board_figures.white;
  const double rhs = (AB - AW) - (c.basic_eyes.black - c.basic_eyes.white);
  check(w, "living_identity", lhs == rhs, [&] {
    return Message::joined(
        {Message("note.inv_living_board", {num(lhs)}),
         Message("note.inv_eyes",
                 {num(AB - AW) + minus(c.basic_eyes.black - c.basic_eyes.white) + " = " + num(rhs)})});
  });
}

// The groups of 还棋头 found on the living-stones board, against the units counted as groups;
// with every unit independent, 还棋头 and the living stones agree.
void check_haiqitou(CountWork& w) {
  const Count& c = w.c;
  const int gb = w.board_groups.black + broken(F::haiqitou_groups), gw = w.board_groups.white;
  check(w, "haiqitou_groups", gb == c.groups.black && gw == c.groups.white, [&] {
    return Message("note.inv_groups",
                   {count_of(gb), count_of(gw), count_of(c.groups.black), count_of(c.groups.white)});
  });
  const auto& units = w.a->units();
  if (!std::all_of(units.begin(), units.end(), [](const Unit& u) { return u.independent; }))
    return;
  const double lhs =
      c.haiqitou().black - c.haiqitou().white + broken(F::haiqitou_equals_living_stones);
  const double rhs = c.living_stones().black - c.living_stones().white;
  check(w, "haiqitou_equals_living_stones", lhs == rhs, [&] {
    return Message("note.inv_haiqitou", {num(lhs), num(rhs)});
  });
}

// ------------------------------------------------------------------------------------------------
// The table of the views: a new view is one function above (and its check, if it has
// invariants) and one row here, with its View (count.hpp) and its name in words (the texts' table,
// src/core/text_table.cpp).

constexpr ViewSpec kViewSpecs[] = {
    // id                 key              name in words          method
    //   shown  after_payment  compute                check
    {View::area, "area", "view.area", CountingMethod::area,  //
     true, false, compute_area, check_area},
    {View::territory, "territory", "view.territory", CountingMethod::territory_refill,  //
     true, true, compute_territory, check_territory},
    {View::fill_up, "fill_up", "view.fill_up", CountingMethod::fill_up,  //
     true, false, compute_fill_up, check_fill_up},
    {View::living_stones, "living_stones", "view.living_stones", CountingMethod::living_stones,
     true, false, compute_living_stones, check_living_stones},
    {View::japanese, "japanese", "view.japanese", CountingMethod::japanese,  //
     true, false, compute_japanese, nullptr},
    {View::haiqitou, "haiqitou", "view.haiqitou", std::nullopt,  //
     true, false, compute_haiqitou, check_haiqitou},
    {View::ancient, "ancient", "view.ancient", std::nullopt,  //
     false, false, compute_ancient, nullptr},
};
static_assert(std::size(kViewSpecs) == kViews, "one row per View");
constexpr bool rows_in_order() {
  for (size_t i = 0; i < kViews; ++i)
    if (kViewSpecs[i].id != View(i)) return false;
  return true;
}
static_assert(rows_in_order(), "row i of the table is View(i)");

// The views counted before the payment, or after it (the making proper), in the table's order.
void views(CountWork& w, bool after_payment) {
  for (const ViewSpec& v : kViewSpecs)
    if (v.after_payment == after_payment) v.compute(w);
}

void invariants(CountWork& w) {
  for (const ViewSpec& v : kViewSpecs)
    if (v.check) v.check(w);
  w.c.invariants.resize(w.checked);
}

}  // namespace

std::span<const ViewSpec> view_specs() { return kViewSpecs; }
const ViewSpec& spec_of(View v) { return kViewSpecs[size_t(v)]; }
std::string_view name_of(View v) { return spec_of(v).key; }

View primary_view(const Ruleset& r) {
  switch (r.counting) {
    case CountingMethod::territory_refill:
    case CountingMethod::territory_generalized: return View::territory;
    case CountingMethod::fill_up: return View::fill_up;
    case CountingMethod::living_stones: return View::living_stones;
    case CountingMethod::japanese: return View::japanese;
    case CountingMethod::area:
    case CountingMethod::aga: break;
  }
  return View::area;
}

const Figures& primary_figures(const Count& c) { return c.view(primary_view(c.rules)); }

std::string result_string(Color first, double difference) {
  if (difference == 0) return "0";
  Color w = difference > 0 ? first : opponent(first);
  return std::string(color_letter(w)) + "+" + num(std::fabs(difference));
}

Count count(const Game& g, const Statuses& st, const CountOptions& opts) {
  return count(g, g.rules(), st, opts);
}

Count count(const Game& g, const Ruleset& r, const Statuses& st, const CountOptions& opts) {
  Count c;
  count(g, r, st, opts, c);
  return c;
}

// Prepare (the position, its statuses, the dame, the quantities), the views counted on the
// position, the payment, the views of the making after it, the result, the invariants.
void count(const Game& g, const Ruleset& r, const Statuses& st, const CountOptions& opts,
           Count& c) {
  check_countable(g, r);
  reset(c);
  // Room for every step and invariant at once: the steps are boards of the largest size, and
  // growing the list one at a time copied each of them again.
  if (opts.keep_steps) c.steps.reserve(kMaxSteps);
  c.invariants.reserve(kMaxInvariants);
  CountWork w{g, r, st, opts, c};
  prepare(w);
  views(w, /*after_payment*/ false);
  payment(w);
  views(w, /*after_payment*/ true);
  result(w);
  invariants(w);
}

namespace detail {

namespace {
thread_local CountFault current_fault = CountFault::none;
}  // namespace

void set_count_fault(CountFault f) { current_fault = f; }
CountFault count_fault() { return current_fault; }

}  // namespace detail

}  // namespace jpd
