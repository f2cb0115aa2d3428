#include "random_game.hpp"

#include <algorithm>
#include <stdexcept>

namespace jpd {

namespace {

// splitmix64 as a stream: fast, tiny, and the same numbers everywhere.
class Stream {
 public:
  explicit Stream(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    const uint64_t r = detail::splitmix64(state_);
    state_ += 0x9E3779B97F4A7C15ull;
    return r;
  }
  int below(int n) { return n <= 1 ? 0 : int(next() % uint64_t(n)); }
  int between(int lo, int hi) { return lo + below(hi - lo + 1); }
  bool one_in(int n) { return n > 0 && below(n) == 0; }
  Color colour() { return below(2) ? Color::White : Color::Black; }

 private:
  uint64_t state_;
};

class Player {
 public:
  Player(Game& g, Stream& rng, const RandomGameOptions& o) : g_(g), rng_(rng), o_(o) {}

  void setup() {
    const int w = g_.width(), h = g_.height();
    if (w == h && w >= 7 && w % 2 == 1 && rng_.one_in(o_.handicap_one_in)) {
      g_.place_fixed_handicap(rng_.between(2, w == 7 ? 4 : 9));
      return;
    }
    if (!rng_.one_in(o_.setup_one_in)) return;
    for (int k = rng_.between(1, std::max(1, w * h / 4)); k > 0; --k)
      g_.setup_stone(rng_.colour(), Point(rng_.below(w), rng_.below(h)));
    // Setup makes no captures: take back stones until no chain is left without a liberty.
    while (g_.setup_without_liberty().valid())
      g_.setup_stone(Color::Empty, g_.setup_without_liberty());
    if (rng_.one_in(2)) g_.set_to_move(rng_.colour());
  }

  // Moves until the phase is no longer play or dispute, or `length` moves were tried.
  void contest(int length) {
    for (int m = 0; m < length && in_contest(); ++m) {
      const Color c = g_.to_move();
      if (g_.pending_proposal() != Color::Empty) {
        g_.play(rng_.one_in(2) ? Move::accept(c) : Move::reject(c));
        continue;
      }
      if (rng_.one_in(o_.resign_one_in)) {
        g_.play(Move::resign(c));
        return;
      }
      const int r = rng_.below(20);
      if (r == 0 && try_play(Move::pass(c))) continue;
      if (r == 1 && try_play(Move::virtual_move(c))) continue;
      if (r == 2 && try_play(Move::propose(c))) continue;
      // A random legal board move, or a non-board move when none is found quickly.
      bool played = false;
      for (int t = 0; t < 20 && !played; ++t) played = try_play(Move::play(c, random_point()));
      if (!played && !try_play(Move::virtual_move(c))) try_play(Move::pass(c));
    }
  }

  // After a pause: sometimes play resumes, perhaps more than once.
  void disputes() {
    while (g_.phase() == Phase::paused && rng_.one_in(o_.dispute_one_in)) {
      if (g_.paused_by_agreement() && rng_.one_in(3)) g_.resume_found_move(rng_.colour());
      else g_.resume_dispute(!rng_.one_in(4));
      contest(rng_.between(1, g_.width() * g_.height() / 2 + 6));
    }
  }

  void making() {
    if (g_.phase() != Phase::paused || !rng_.one_in(o_.making_one_in)) return;
    g_.start_making();
    for (int k = rng_.between(1, 4); k > 0; --k) {
      const Point p = random_point();
      const Color c = g_.board().at(p);
      if (!is_stone(c)) continue;
      try_play(rng_.one_in(2) ? Move::negative_a(c, p) : Move::negative_b(c, p));
    }
  }

 private:
  bool in_contest() const { return g_.phase() == Phase::play || g_.phase() == Phase::dispute; }
  Point random_point() { return Point(rng_.below(g_.width()), rng_.below(g_.height())); }
  bool try_play(const Move& m) { return g_.check(m).ok() && g_.play(m).ok(); }

  Game& g_;
  Stream& rng_;
  const RandomGameOptions& o_;
};

Statuses random_statuses(const Game& g, Stream& rng, const RandomGameOptions& o) {
  const Ruleset& r = g.rules();
  // The position whose stones the statuses name (after an independent dispute too: count() maps
  // them onto the pause position), with the stones taken back by negative moves at making put
  // back.
  Board position = g.board();
  for (const PlayedMove& pm : g.moves())
    if (pm.phase == Phase::making && pm.move.is_negative())
      position.set_stone(pm.move.point, pm.move.color);
  Statuses st;
  st.source = StatusSource::given;
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x)
      if (is_stone(position.at(Point(x, y))) && rng.one_in(o.dead_one_in))
        st.dead.push_back(Point(x, y));
  if (r.claims && rng.one_in(o.claim_one_in)) {
    const Point p(rng.below(g.width()), rng.below(g.height()));
    if (position.at(p) == Color::Empty) st.claims.push_back({rng.colour(), p});
  }
  return st;
}

}  // namespace

uint64_t random_game_seed(uint64_t seed, int rules_index, uint64_t index) {
  return detail::splitmix64(detail::splitmix64(seed ^ (uint64_t(uint32_t(rules_index)) << 40)) ^
                            index);
}

RandomGame random_game(const Ruleset& rules, uint64_t seed, const RandomGameOptions& opts) {
  if (opts.min_size < kMinBoardSize || opts.max_size > kMaxBoardSize ||
      opts.min_size > opts.max_size)
    throw std::invalid_argument("random_game: board sides must lie in 2..25, min <= max");
  Stream rng(seed);
  const int width = rng.between(opts.min_size, opts.max_size);
  const int height = rng.one_in(opts.rectangular_one_in) ? rng.between(opts.min_size, opts.max_size)
                                                         : width;
  RandomGame out{Game(rules, width, height), {}};
  Player player(out.game, rng, opts);
  player.setup();
  player.contest(rng.below(width * height * opts.max_moves_per_point + 1));
  player.disputes();
  player.making();
  out.statuses = random_statuses(out.game, rng, opts);
  return out;
}

}  // namespace jpd
