#include "jpd/genmove.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

#include "estimate_playout.hpp"
#include "jpd/estimate.hpp"
#include "jpd/gtp_move.hpp"
#include "jpd/playout.hpp"

namespace jpd {

namespace {

// Results of playouts: how many, won (draws half), and the margins' sum (the mover's view).
struct Stats {
  int runs = 0;
  double wins = 0;
  double margin_sum = 0;
  void add(double margin) {
    ++runs;
    wins += margin > 0 ? 1 : margin == 0 ? 0.5 : 0;
    margin_sum += margin;
  }
  // The winning rate plus a small share of the mean margin (per point of the board).
  double value(int points) const {
    return runs == 0 ? -1e9 : wins / runs + 0.5 * (margin_sum / runs) / points;
  }
};

// One option: a board move (index != kNoIndex) or the non-board move.
struct Option {
  uint16_t index = 0;
  Point point;
  Stats played;         // playouts that start with this move
  bool urgent = false;  // captures or saves a chain of two stones or more: never eliminated early
};

// The first reply of a playout sees the whole board: it captures the largest opponent chain in
// atari, else gets its largest own chain out of atari by extending (to two liberties or more);
// kNoIndex when there is neither. (The policy itself only looks around the last move, so that a
// move elsewhere would otherwise be judged as if the opponent had forgotten its chain in atari.)
template <int Cap>
typename BoardT<Cap>::Index tactical_reply(const BoardT<Cap>& b, Color c) {
  using B = BoardT<Cap>;
  using Index = typename B::Index;
  Index capture = B::kNoIndex, escape = B::kNoIndex;
  int capture_size = 0, escape_size = 0;
  for (int y = 0; y < b.height(); ++y)
    for (int x = 0; x < b.width(); ++x) {
      const Index i = B::index(x, y);
      const Color col = b.at(i);
      if (!is_stone(col) || b.chain_head(i) != i || b.pseudo_liberties(i) > 4) continue;
      const Index lib = b.atari_liberty(i);
      if (lib == B::kNoIndex || !playout_move_ok(b, lib, c)) continue;
      const int size = b.chain_size(i);
      if (col != c && size > capture_size) {
        capture = lib;
        capture_size = size;
      } else if (col == c && size > escape_size && !estimator::bad_self_atari(b, lib, c, 0)) {
        escape = lib;
        escape_size = size;
      }
    }
  return capture != B::kNoIndex ? capture : escape;
}

// One playout with the estimator's policy (estimate_playout.hpp: captures and escapes around the
// last move, local answers, no self-atari of larger chains) after a tactical first reply,
// hook(point, colour) before every move; returns the Tromp-Taylor area score (Black minus
// White), and the owners in `ownership` when it is not empty.
template <int Cap, class Hook>
int policy_playout(BoardT<Cap>& b, Color to_move, Rng& rng, typename BoardT<Cap>::Index last,
                   Hook&& hook, std::span<int8_t> ownership) {
  static const estimator::PolicyOptions policy;
  auto first = [](const BoardT<Cap>& x, Color c) { return tactical_reply(x, c); };
  return estimator::run_policy_playout(b, to_move, rng, policy, last, first, hook, ownership);
}

// Weight of the all-moves-as-first statistics: sqrt(k / (3 n + k)) for n playouts of the move.
constexpr double kAmafEquivalence = 300;

double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

template <int Cap>
GenmoveResult choose(const Game& g, Color c, const GenmoveOptions& o) {
  using B = BoardT<Cap>;
  const Board& ref = g.board();
  const B start(ref);
  const int W = ref.width(), H = ref.height(), N = W * H;
  const Ruleset& r = g.rules();
  // The time budget, if any: the clock, and how much the playouts may be.
  const bool timed = o.seconds > 0;
  const std::function<double()> clock = o.clock ? o.clock : steady_seconds;
  const double started = timed ? clock() : 0;
  auto elapsed = [&] { return clock() - started; };
  const int defaults = default_genmove_playouts(N);
  const int floor = std::max(1, o.least);
  const int budget =
      std::max(floor, o.playouts > 0 ? o.playouts : defaults * (timed ? kTimedPlayoutsFactor : 1));
  Rng rng(detail::splitmix64(o.seed ^ ref.hash() ^ (c == Color::White ? 0x5bd1e995ull : 0)));
  GenmoveResult res;

  // The mover's margin for a playout's Black-minus-White area.
  auto margin = [&](int black_minus_white) {
    const double first =
        (r.first_player == Color::Black ? black_minus_white : -black_minus_white) - r.komi;
    return c == r.first_player ? first : -first;
  };

  // Every playout also scores the points the mover played in it first (all moves as first).
  std::vector<Stats> amaf(static_cast<size_t>(B::kArea));
  std::vector<uint32_t> stamp(size_t(B::kArea), 0);
  std::vector<typename B::Index> mine;
  mine.reserve(size_t(B::kArea));
  uint32_t now = 0;
  const bool heavy = o.policy_playouts;
  auto run = [&](B& b, typename B::Index first, Color to_move, std::span<int8_t> ownership) {
    ++now;
    mine.clear();
    if (first != B::kNoIndex) {
      stamp[first] = now;
      mine.push_back(first);
    }
    auto hook = [&](typename B::Index p, Color col) {
      if (col == c && p != B::kNoIndex && stamp[p] != now) {
        stamp[p] = now;
        mine.push_back(p);
      }
    };
    const double m =
        margin(heavy ? policy_playout(b, to_move, rng, first, hook, ownership)
                     : playout_traced(b, to_move, rng, hook, {}, ownership).score);
    for (auto p : mine) amaf[p].add(m);
    ++res.playouts;
    return m;
  };

  // 1. Expected ownership, from the mover's side (+1 the mover's, -1 the opponent's).
  // Under a time budget they stop at a fifth of it (after twice the floor: 32), and their rate
  // sets the budget of the comparison.
  const int own_target = std::max(2 * floor, (o.playouts > 0 ? budget : defaults) / 8);
  std::vector<int> own(size_t(N), 0);
  std::vector<int8_t> one(size_t(N), 0);
  int own_runs = 0;
  for (; own_runs < own_target; ++own_runs) {
    if (timed && own_runs >= 2 * floor && elapsed() > o.seconds / 5) break;
    B b = start;
    // Either side first: a point the mover must still play to keep is not settled.
    if (own_runs % 2) b.clear_ko();
    run(b, B::kNoIndex, own_runs % 2 ? opponent(c) : c, std::span<int8_t>(one));
    for (int i = 0; i < N; ++i) own[size_t(i)] += one[size_t(i)];
  }
  int compare_budget = budget - own_runs;
  if (timed) {
    const double used = std::max(elapsed(), 1e-6);
    const double rate = own_runs / used;  // playouts a second
    // (in double: a long budget at a fast rate is more playouts than an int holds)
    compare_budget =
        int(std::min(double(compare_budget), rate * std::max(0.0, o.seconds - used) * 0.9));
  }
  const int sign = c == Color::Black ? 1 : -1;
  auto owner = [&](Point p) { return sign * double(own[size_t(p.y) * W + p.x]) / own_runs; };

  // Liberties of chains short of liberties (either colour): the tactical points, never pruned.
  std::vector<uint8_t> tactical(size_t(B::kArea), 0);
  for (int k = 0; k < N; ++k) {
    const auto i = B::index(k % W, k / W);
    if (!is_stone(start.at(i)) || start.liberties(i) > 2) continue;
    start.for_each_stone(i, [&](typename B::Index s) {
      for (int d : B::kDirs)
        if (start.at(typename B::Index(s + d)) == Color::Empty) tactical[s + d] = 1;
    });
  }
  // A first-line point with no stone within two points: an empty edge, never urgent.
  auto empty_edge = [&](Point p) {
    if (p.x != 0 && p.y != 0 && p.x != W - 1 && p.y != H - 1) return false;
    for (int dy = -2; dy <= 2; ++dy)
      for (int dx = -2; dx <= 2; ++dx)
        if (std::abs(dx) + std::abs(dy) <= 2 && is_stone(ref.at(Point(p.x + dx, p.y + dy))))
          return false;
    return true;
  };

  // In dispute play, the points where something is in dispute: around the chains the estimator
  // leaves unsettled (its judgement of the position as it stands, bent four and kos that decide
  // life left open under the 计枰点 rules), and, where the rules remove no dead stones, around
  // the opponent's dead chains (they count as they stand unless captured).
  const bool dispute = g.phase() == Phase::dispute;
  std::vector<uint8_t> disputed(dispute ? size_t(B::kArea) : 0, 0);
  if (dispute) {
    EstimateOptions eo;
    eo.seed = o.seed;
    eo.playouts = o.dispute_playouts;
    const Preset* preset = find_preset(r.preset);
    eo.open_shapes = preset && !preset->jpd ? OpenShapes::decided : OpenShapes::unsettled;
    const Estimate e = estimate(ref, c, eo);
    for (const ChainEstimate& ch : e.chains) {
      const bool open = ch.status == ChainStatus::unsettled;
      const bool left_dead = !r.remove_dead && ch.color == opponent(c) && ch.status == ChainStatus::dead;
      if (!open && !left_dead) continue;
      ref.for_each_stone(Board::index(ch.stone), [&](Board::Index s) {
        const Point q = Board::point(s);
        for (int dy = -2; dy <= 2; ++dy)
          for (int dx = -2; dx <= 2; ++dx) {
            const Point n(q.x + dx, q.y + dy);
            if (std::abs(dx) + std::abs(dy) <= 2 && n.inside(W, H)) disputed[B::index(n)] = 1;
          }
      });
    }
  }

  // 2. Candidates.
  std::vector<Option> options;
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      const Point p(x, y);
      const auto i = B::index(p);
      if (start.at(i) != Color::Empty || (dispute && !disputed[i]) || !g.check(Move::play(c, p)).ok())
        continue;
      if (start.is_eye(i, c)) continue;
      bool saves = false;
      for (int d : B::kDirs) {
        const auto n = typename B::Index(i + d);
        saves |= start.at(n) == c && start.in_atari(n);
      }
      B after = start;
      const auto u = after.play(i, c);
      if (after.at(i) != c) continue;  // suicide, where the rules allow it: never sensible
      const bool captures = u.captured > 0;
      const int libs = after.liberties(i);
      if (!captures && libs <= 1 && after.chain_size(i) >= 2) continue;  // self-atari of a chain
      int saved = 0;  // stones of own chains in atari that the move gets out of it
      if (libs >= 2)
        for (int d : B::kDirs) {
          const auto n = typename B::Index(i + d);
          if (start.at(n) == c && start.in_atari(n)) saved += start.chain_size(n);
        }
      saves &= libs >= 2;
      if (captures || saves || tactical[i]) {
        options.push_back({i, p, {}, u.captured >= 2 || saved >= 2});
        continue;
      }
      if (std::abs(owner(p)) >= o.settled || empty_edge(p)) continue;
      options.push_back({i, p, {}, false});
    }
  res.candidates = int(options.size());
  if (options.empty()) {
    res.reason = dispute ? "nothing is in dispute: the non-board move"
                         : "every point is settled: the non-board move";
    if (timed) res.seconds = elapsed();
    return res;
  }
  options.push_back({B::kNoIndex, Point::none(), {}, false});  // the non-board move

  // 3. Successive halving. A board move's value blends its own playouts with the all-moves-as-
  // first statistics, which count for less as its own playouts grow.
  auto value = [&](const Option& op) {
    if (op.index == B::kNoIndex) return op.played.value(N);
    const Stats& a = amaf[op.index];
    if (a.runs == 0) return op.played.value(N);
    if (op.played.runs == 0) return a.value(N);
    const double beta = std::sqrt(kAmafEquivalence / (3.0 * op.played.runs + kAmafEquivalence));
    return beta * a.value(N) + (1 - beta) * op.played.value(N);
  };
  std::vector<int> alive(options.size());
  for (size_t k = 0; k < alive.size(); ++k) alive[k] = int(k);
  const int rounds = std::max(1, int(std::ceil(std::log2(double(alive.size())))));
  const int per_round = std::max(1, compare_budget / rounds);
  // Under a time budget a round may give each option fewer playouts, and a later round that
  // would overrun the budget is cut short.
  const int least = timed ? std::min(2, floor) : floor;
  // With no time even for that, the all-moves-as-first statistics of the ownership playouts
  // rank the board moves, and only the non-board move gets playouts of its own.
  const bool amaf_only = timed && compare_budget < int(alive.size()) * least;
  bool out_of_time = amaf_only;
  for (int round = 0;; ++round) {
    const int each = std::max(least, per_round / int(alive.size()));
    for (int k : alive) {
      if (timed && round > 0 && elapsed() > o.seconds) {
        out_of_time = true;
        break;
      }
      Option& op = options[size_t(k)];
      if (amaf_only && op.index != B::kNoIndex && amaf[op.index].runs > 0) continue;
      for (int n = 0; n < each; ++n) {
        B b = start;
        if (op.index != B::kNoIndex) b.play_fast(op.index, c);
        else b.clear_ko();
        op.played.add(run(b, op.index, opponent(c), {}));
      }
    }
    std::stable_sort(alive.begin(), alive.end(), [&](int a, int b) {
      return value(options[size_t(a)]) > value(options[size_t(b)]);
    });
    if (alive.size() == 1 || out_of_time) break;
    // The better half goes on, and every urgent move.
    const size_t half = (alive.size() + 1) / 2;
    std::vector<int> next(alive.begin(), alive.begin() + long(half));
    for (size_t k = half; k < alive.size(); ++k)
      if (options[size_t(alive[k])].urgent) next.push_back(alive[k]);
    if (next.size() == alive.size()) break;  // nothing left to eliminate
    alive = std::move(next);
  }
  const Option& best = options[size_t(alive[0])];
  if (timed) res.seconds = elapsed();
  res.win_rate = best.played.wins / best.played.runs;
  res.mean_margin = best.played.margin_sum / best.played.runs;
  if (best.index == B::kNoIndex) {
    res.reason = "no board move does better than the non-board move";
    return res;
  }
  res.board_move = true;
  res.point = best.point;
  res.reason = "best of " + std::to_string(res.candidates) + " candidates by playouts";
  return res;
}

}  // namespace

int default_genmove_playouts(int points) {
  return points <= 81 ? 12000 : points <= 169 ? 8000 : 5000;
}

GenmoveResult choose_move(const Game& g, Color c, const GenmoveOptions& opts) {
  // Answering the opponent's pause proposal: the board moves are those after a rejection.
  if (g.pending_proposal() == opponent(c) && g.to_move() == c) {
    Game after = g;
    after.play(Move::reject(c));
    after.play(owed_non_board_move(g.rules(), opponent(c)));
    return choose_move(after, c, opts);
  }
  const int side = std::max(g.width(), g.height());
  switch (playout_capacity(side)) {
    case 9: return choose<9>(g, c, opts);
    case 13: return choose<13>(g, c, opts);
    case 19: return choose<19>(g, c, opts);
    default: return choose<25>(g, c, opts);
  }
}

}  // namespace jpd
