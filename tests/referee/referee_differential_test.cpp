// Differential tests of the referee: the fast, incremental structures against plain
// recomputations written for clarity, on random games.
//  - the board (chains as rings, pseudo-liberties, Zobrist hash, ko point, several levels of undo)
//    against a naive grid that finds captures by flood fill;
//  - Game's ko and superko verdicts against a scan of the game's whole history of positions,
//    for every candidate move after every move, under simple ko and positional, situational and
//    generalized superko, with and without suicide, across pauses and resumed play;
//  - Game::undo against a fresh game given the same actions minus the last.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "jpd/count.hpp"
#include "random_game.hpp"

using namespace jpd;

namespace {

constexpr Color B = Color::Black, W = Color::White, E = Color::Empty;

// ------------------------------------------------------------------------------------------------
// The naive board: colours only; captures and suicide by flood fill after each placement.

struct Naive {
  int w = 0, h = 0;
  std::vector<Color> c;

  Naive(int width, int height) : w(width), h(height), c(size_t(width * height), E) {}
  template <int Cap>
  explicit Naive(const BoardT<Cap>& b) : Naive(b.width(), b.height()) {
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) c[size_t(y * w + x)] = b.at(Point(x, y));
  }
  Color& at(int x, int y) { return c[size_t(y * w + x)]; }
  Color at(int x, int y) const { return c[size_t(y * w + x)]; }
  friend bool operator==(const Naive&, const Naive&) = default;

  template <class F>
  void neighbours(int x, int y, F&& f) const {
    if (x > 0) f(x - 1, y);
    if (x + 1 < w) f(x + 1, y);
    if (y > 0) f(x, y - 1);
    if (y + 1 < h) f(x, y + 1);
  }
  // The chain at (x, y) and its number of distinct liberties.
  std::vector<Point> chain(int x, int y, int* liberties) const {
    const Color col = at(x, y);
    std::vector<uint8_t> seen(c.size(), 0), lib(c.size(), 0);
    std::vector<Point> stones = {Point(x, y)};
    seen[size_t(y * w + x)] = 1;
    int libs = 0;
    for (size_t k = 0; k < stones.size(); ++k)
      neighbours(stones[k].x, stones[k].y, [&](int nx, int ny) {
        const size_t i = size_t(ny * w + nx);
        if (at(nx, ny) == E && !lib[i]) lib[i] = 1, ++libs;
        if (at(nx, ny) == col && !seen[i]) seen[i] = 1, stones.emplace_back(nx, ny);
      });
    if (liberties) *liberties = libs;
    return stones;
  }
  // Places c at (x, y); returns the opponent stones captured and the own stones lost to suicide.
  std::pair<int, int> play(int x, int y, Color col) {
    at(x, y) = col;
    int captured = 0, suicided = 0;
    neighbours(x, y, [&](int nx, int ny) {
      int libs = 0;
      if (at(nx, ny) != opponent(col)) return;
      const auto stones = chain(nx, ny, &libs);
      if (libs == 0)
        for (Point s : stones) at(s.x, s.y) = E, ++captured;
    });
    int libs = 0;
    const auto own = chain(x, y, &libs);
    if (libs == 0)
      for (Point s : own) at(s.x, s.y) = E, ++suicided;
    return {captured, suicided};
  }
};

template <int Cap>
void expect_same(const BoardT<Cap>& b, const Naive& n, const std::string& where) {
  ASSERT_EQ(Naive(b), n) << where << "\n" << b.to_string();
  std::string why;
  ASSERT_TRUE(b.check_consistency(&why)) << where << ": " << why << "\n" << b.to_string();
  // Every chain once: its liberties, and every one of its stones in the board's chain.
  std::vector<uint8_t> done(n.c.size(), 0);
  for (int y = 0; y < n.h; ++y)
    for (int x = 0; x < n.w; ++x) {
      if (!is_stone(n.at(x, y)) || done[size_t(y * n.w + x)]) continue;
      int libs = 0;
      const auto stones = n.chain(x, y, &libs);
      const auto i = BoardT<Cap>::index(x, y);
      ASSERT_EQ(b.liberties(i), libs) << where << " at " << to_gtp(Point(x, y), n.h);
      ASSERT_EQ(b.chain_size(i), int(stones.size())) << where;
      for (Point s : stones) {
        done[size_t(s.y * n.w + s.x)] = 1;
        ASSERT_TRUE(b.same_chain(BoardT<Cap>::index(s), i)) << where;
      }
    }
}

// Random play with several levels of undo, compared with the naive board after every step.
template <int Cap>
void board_walk(int width, int height, int steps, uint64_t seed) {
  using Board = BoardT<Cap>;
  std::mt19937_64 rng(seed);
  Board b(width, height);
  Naive n(width, height);
  struct Done {
    typename Board::Undo undo;
    Board before;
    Naive naive;
  };
  std::vector<Done> stack;
  Color c = B;
  for (int step = 0; step < steps; ++step) {
    const std::string where = "seed " + std::to_string(seed) + " step " + std::to_string(step);
    if (!stack.empty() && (b.empty_count() == 0 || rng() % 4 == 0)) {
      const Done& d = stack.back();
      b.undo(d.undo);
      ASSERT_TRUE(b.same_position(d.before)) << where;
      ASSERT_EQ(b.hash(), d.before.hash()) << where;
      ASSERT_EQ(b.ko_point(), d.before.ko_point()) << where;
      ASSERT_EQ(b.captured(B), d.before.captured(B)) << where;
      ASSERT_EQ(b.captured(W), d.before.captured(W)) << where;
      ASSERT_EQ(b.empty_count(), d.before.empty_count()) << where;
      n = d.naive;
      stack.pop_back();
      expect_same(b, n, where + " (undo)");
      c = opponent(c);
      continue;
    }
    if (b.empty_count() == 0) break;
    const auto i = b.empty_at(int(rng() % uint64_t(b.empty_count())));
    const Point p = Board::point(i);
    const bool suicide = b.is_suicide(i, c), captures = b.captures(i, c);
    const uint64_t predicted = b.hash_after(i, c);
    Done d{{}, b, n};
    d.undo = b.play(i, c);
    const auto [captured, suicided] = n.play(p.x, p.y, c);
    ASSERT_EQ(int(d.undo.captured), captured) << where;
    ASSERT_EQ(int(d.undo.suicided), suicided) << where;
    ASSERT_EQ(suicide, suicided > 0) << where;
    ASSERT_EQ(captures, captured > 0) << where;
    ASSERT_EQ(b.hash(), predicted) << where << ": hash_after disagrees with play";
    ASSERT_EQ(b.captured(opponent(c)), d.before.captured(opponent(c)) + captured) << where;
    // Simple ko: one stone captured by a lone stone left with that point as its only liberty.
    int libs = 0;
    const bool lone = suicided == 0 && n.chain(p.x, p.y, &libs).size() == 1 && libs == 1;
    if (captured == 1 && lone) {
      const Point k = Board::point(b.ko_point());
      ASSERT_TRUE(b.ko_point() != Board::kNoIndex && n.at(k.x, k.y) == E) << where;
    } else {
      ASSERT_EQ(b.ko_point(), Board::kNoIndex) << where;
    }
    stack.push_back(std::move(d));
    expect_same(b, n, where);
    c = opponent(c);
  }
}

// ------------------------------------------------------------------------------------------------
// Superko by history scan: every position of the game since its history last started, replayed
// on naive boards, and each candidate move judged by comparing whole positions.

struct State {
  Naive board;
  Color to_move;
  int vb, vw;
};

class NaiveReferee {
 public:
  NaiveReferee(const Ruleset& r, int w, int h)
      : rules_(r), now_{Naive(w, h), r.first_player, 0, 0} {
    history_.push_back(now_);
  }

  // The verdict Game::check gives a board move by the side to move, found the slow way.
  Illegal judge(Point p) const {
    const Color c = now_.to_move;
    if (now_.board.at(p.x, p.y) != E) return Illegal::occupied;
    Naive after = now_.board;
    const auto [captured, suicided] = after.play(p.x, p.y, c);
    if (suicided > 0 && !rules_.suicide) return Illegal::suicide;
    switch (rules_.ko) {
      case KoRule::simple:  // no capture that recreates the position before the opponent's move
        return captured > 0 && last_was_board_move_ && after == before_last_ ? Illegal::ko
                                                                              : Illegal::ok;
      case KoRule::positional:
        for (const State& s : history_)
          if (s.board == after) return Illegal::superko;
        return Illegal::ok;
      case KoRule::situational:
        for (const State& s : history_)
          if (s.board == after && s.to_move == opponent(c)) return Illegal::superko;
        return Illegal::ok;
      case KoRule::generalized:
        for (const State& s : history_)
          if (s.board == after && s.vb == now_.vb && s.vw == now_.vw) return Illegal::superko;
        return Illegal::ok;
    }
    return Illegal::ok;
  }

  void played(const Move& m) {
    last_was_board_move_ = m.kind == MoveKind::play;
    before_last_ = now_.board;
    if (m.kind == MoveKind::play) now_.board.play(m.point.x, m.point.y, m.color);
    if (m.kind == MoveKind::virtual_move) ++(m.color == B ? now_.vb : now_.vw);
    now_.to_move = opponent(m.color);
    history_.push_back(now_);
  }
  void resumed() {
    last_was_board_move_ = false;
    if (rules_.reset_history_at_pause) history_ = {now_};
  }
  const Naive& board() const { return now_.board; }

 private:
  Ruleset rules_;
  State now_;
  std::vector<State> history_;
  Naive before_last_{1, 1};
  bool last_was_board_move_ = false;
};

// Verdicts compared, by reason: the walks must reach the refusals they are there to check.
struct Seen {
  int moves = 0, ko = 0, superko = 0, suicide = 0;
};

void superko_walk(const Ruleset& rules, int size, uint64_t seed, Seen& seen) {
  std::mt19937_64 rng(seed);
  Game g(rules, size);
  NaiveReferee naive(rules, size, size);
  const int length = size * size * 8;
  for (int mv = 0; mv < length && g.phase() != Phase::ended; ++mv) {
    const std::string where = rules.to_string() + " seed " + std::to_string(seed) + " move " +
                              std::to_string(mv);
    if (g.phase() == Phase::paused) {
      ASSERT_TRUE(g.resume_dispute(true).ok());
      naive.resumed();
    }
    const Color c = g.to_move();
    std::vector<Move> legal;
    for (int y = 0; y < size; ++y)
      for (int x = 0; x < size; ++x) {
        const Move m = Move::play(c, Point(x, y));
        const Illegal verdict = g.check(m).reason;
        ASSERT_EQ(verdict, naive.judge(Point(x, y)))
            << where << " at " << to_gtp(Point(x, y), size) << "\n" << g.board().to_string();
        if (verdict == Illegal::ok) legal.push_back(m);
        seen.ko += verdict == Illegal::ko;
        seen.superko += verdict == Illegal::superko;
        seen.suicide += verdict == Illegal::suicide;
      }
    ++seen.moves;
    // Mostly board moves; sometimes (or when nothing else is legal) a non-board move.
    if (legal.empty() || rng() % 16 == 0) {
      const bool virt = rules.allow_virtual && (!rules.allow_pass || rng() % 2);
      const Move nb = virt ? Move::virtual_move(c) : Move::pass(c);
      ASSERT_TRUE(g.play(nb).ok()) << where;
      naive.played(nb);
    } else {
      const Move m = legal[rng() % legal.size()];
      ASSERT_TRUE(g.play(m).ok()) << where;
      naive.played(m);
    }
    ASSERT_EQ(Naive(g.board()), naive.board()) << where;
  }
}

// ------------------------------------------------------------------------------------------------
// Undo against replaying the prefix.

// Applies the actions to a fresh game through the public interface.
Game replayed(const Ruleset& rules, int w, int h, const std::vector<Game::Action>& actions,
              size_t n) {
  Game g(rules, w, h);
  for (size_t i = 0; i < n; ++i) {
    const Game::Action& a = actions[i];
    switch (a.type) {
      case Game::Action::kMove: g.play(a.move); break;
      case Game::Action::kSetup: g.setup_stone(a.move.color, a.move.point); break;
      case Game::Action::kToMove: g.set_to_move(a.move.color); break;
      case Game::Action::kResume: g.resume_dispute(a.move.kind == MoveKind::virtual_move); break;
      case Game::Action::kFound: g.resume_found_move(a.move.color); break;
      case Game::Action::kMaking: g.start_making(); break;
      case Game::Action::kPaused: g.declare_paused(); break;
    }
  }
  return g;
}

void expect_same_counts(const MoveCounts& a, const MoveCounts& b, const std::string& where) {
  EXPECT_EQ(a.real, b.real) << where;
  EXPECT_EQ(a.virtual_moves, b.virtual_moves) << where;
  EXPECT_EQ(a.passes, b.passes) << where;
  EXPECT_EQ(a.negative_a, b.negative_a) << where;
  EXPECT_EQ(a.negative_b, b.negative_b) << where;
  EXPECT_EQ(a.proposals, b.proposals) << where;
  EXPECT_EQ(a.captured, b.captured) << where;
}

void expect_same_game(const Game& a, const Game& b, const std::string& where) {
  ASSERT_TRUE(a.board().same_position(b.board())) << where;
  EXPECT_EQ(a.board().hash(), b.board().hash()) << where;
  EXPECT_EQ(a.board().ko_point(), b.board().ko_point()) << where;
  EXPECT_EQ(a.phase(), b.phase()) << where;
  EXPECT_EQ(a.end_reason(), b.end_reason()) << where;
  EXPECT_EQ(a.to_move(), b.to_move()) << where;
  EXPECT_EQ(a.pending_proposal(), b.pending_proposal()) << where;
  EXPECT_EQ(a.pauses(), b.pauses()) << where;
  EXPECT_EQ(a.paused_by_agreement(), b.paused_by_agreement()) << where;
  EXPECT_EQ(a.situation_hash(), b.situation_hash()) << where;
  EXPECT_EQ(a.moves().size(), b.moves().size()) << where;
  EXPECT_EQ(a.actions().size(), b.actions().size()) << where;
  for (Color c : {B, W}) {
    EXPECT_EQ(a.virtual_stones(c), b.virtual_stones(c)) << where;
    EXPECT_EQ(a.captured(c), b.captured(c)) << where;
  }
  for (int i = 0; i < 2; ++i) {
    expect_same_counts(a.counters().play[i], b.counters().play[i], where + " play");
    expect_same_counts(a.counters().dispute[i], b.counters().dispute[i], where + " dispute");
    expect_same_counts(a.counters().making[i], b.counters().making[i], where + " making");
    EXPECT_EQ(a.counters().setup[i], b.counters().setup[i]) << where;
  }
  // The same verdict on every move either side could try.
  for (Color c : {B, W}) {
    for (const Move& m : {Move::pass(c), Move::virtual_move(c), Move::propose(c), Move::accept(c),
                          Move::reject(c)})
      EXPECT_EQ(a.check(m).reason, b.check(m).reason) << where << " " << to_string(m, a.height());
    for (int y = 0; y < a.height(); ++y)
      for (int x = 0; x < a.width(); ++x)
        for (const Move& m : {Move::play(c, Point(x, y)), Move::negative_a(c, Point(x, y)),
                              Move::negative_b(c, Point(x, y))})
          EXPECT_EQ(a.check(m).reason, b.check(m).reason)
              << where << " " << to_string(m, a.height());
  }
}

}  // namespace

// ------------------------------------------------------------------------------------------------

TEST(RefereeDifferential, BoardPlayAndUndoEqualANaiveBoardOnEverySizeAndShape) {
  uint64_t seed = 1;
  for (int size = 2; size <= 9; ++size) {
    board_walk<9>(size, size, 300, seed++);
    board_walk<9>(size, 11 - size, 300, seed++);  // rectangular, both ways round
  }
  board_walk<13>(13, 13, 1200, seed++);
  board_walk<19>(19, 19, 1500, seed++);
  board_walk<25>(25, 25, 2000, seed++);
  board_walk<25>(25, 3, 600, seed++);
  board_walk<25>(4, 9, 400, seed++);  // a small board in the largest capacity
}

TEST(RefereeDifferential, KoAndSuperkoVerdictsEqualAHistoryScanForEveryCandidateMove) {
  uint64_t seed = 100;
  for (KoRule ko : {KoRule::simple, KoRule::positional, KoRule::situational, KoRule::generalized}) {
    Seen seen;
    for (bool suicide : {false, true})
      for (bool reset : {false, true}) {
        Ruleset r = parse_ruleset("sci-2-1");  // passes and virtual moves, two non-board pause
        r.ko = ko;
        r.suicide = suicide;
        r.reset_history_at_pause = reset;
        r.cycle_repeats = 100;  // keep long cycles under simple ko from ending the walk early
        for (int size : {2, 3, 4, 5})
          for (int n = 0; n < 8; ++n) superko_walk(r, size, seed++, seen);
      }
    const std::string rule(name_of(ko));
    EXPECT_GT(seen.moves, 10000) << rule;
    EXPECT_GT(seen.suicide, 1000) << rule;
    if (ko == KoRule::simple) EXPECT_GT(seen.ko, 50) << rule;
    else EXPECT_GT(seen.superko, 300) << rule;
  }
}

TEST(RefereeDifferential, SuperkoWithVirtualMovesButNoPassEqualsAHistoryScan) {
  // sci-3-1 has virtual moves and no pass: under generalized superko a virtual move makes every
  // position new again, under positional superko it does not.
  uint64_t seed = 500;
  for (KoRule ko : {KoRule::positional, KoRule::situational, KoRule::generalized}) {
    Seen seen;
    Ruleset r = parse_ruleset("sci-3-1");
    r.ko = ko;
    for (int size : {2, 3, 4})
      for (int n = 0; n < 16; ++n) superko_walk(r, size, seed++, seen);
    EXPECT_GT(seen.superko, 20) << name_of(ko);
  }
}

TEST(RefereeDifferential, UndoEqualsReplayingThePrefixUnderEveryPreset) {
  int index = 0, compared = 0;
  RandomGameOptions o;
  o.max_size = 6;
  o.dispute_one_in = 2;
  o.making_one_in = 2;
  for (const Preset& p : presets()) {
    for (int n = 0; n < 12; ++n) {
      const RandomGame rg = random_game(p.rules, random_game_seed(77, index, uint64_t(n)), o);
      const std::vector<Game::Action>& actions = rg.game.actions();
      Game g = rg.game;
      // Undo the last actions one by one (making, resumptions, pause acts and moves), comparing
      // with a fresh game given the remaining ones each time.
      for (size_t k = actions.size(); k > 0 && actions.size() - k < 10; --k) {
        ASSERT_TRUE(g.undo());
        const std::string where = std::string(p.name) + " game " + std::to_string(n) +
                                  ", undone to " + std::to_string(k - 1) + " actions";
        expect_same_game(g, replayed(p.rules, rg.game.width(), rg.game.height(), actions, k - 1),
                         where);
        ++compared;
      }
    }
    ++index;
  }
  EXPECT_GT(compared, 2000);
  Game empty(parse_ruleset("tang-song"), 5);
  EXPECT_FALSE(empty.undo());
}
