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

// One genmove on a board of capacity Cap, in named steps: the ownership playouts, the
// candidates, and successive halving over them. The playouts of every step share the random
// generator and the all-moves-as-first statistics, in this order.
template <int Cap>
class Chooser {
  using B = BoardT<Cap>;
  using Index = typename B::Index;

 public:
  Chooser(const Game& g, Color c, const GenmoveOptions& o)
      : g_(g), ref_(g.board()), start_(ref_), W_(ref_.width()), H_(ref_.height()), N_(W_ * H_),
        r_(g.rules()), c_(c), o_(o), timed_(o.seconds > 0),
        clock_(o.clock ? o.clock : steady_seconds), started_(timed_ ? clock_() : 0),
        defaults_(default_genmove_playouts(N_)), floor_(std::max(1, o.least)),
        budget_(std::max(floor_, o.playouts > 0 ? o.playouts
                                                : defaults_ * (timed_ ? kTimedPlayoutsFactor : 1))),
        rng_(detail::splitmix64(o.seed ^ ref_.hash() ^ (c == Color::White ? 0x5bd1e995ull : 0))),
        amaf_(size_t(B::kArea)), stamp_(size_t(B::kArea), 0) {
    mine_.reserve(size_t(B::kArea));
  }

  GenmoveResult choose() {
    const int compare_budget = ownership();
    std::vector<Option> options = candidates();
    res_.candidates = int(options.size());
    if (options.empty()) {
      res_.reason = Message(dispute() ? "genmove.nothing_in_dispute" : "genmove.all_settled");
      if (timed_) res_.seconds = elapsed();
      return res_;
    }
    options.push_back({B::kNoIndex, Point::none(), {}, false});  // the non-board move
    const Option& best = options[size_t(halving(options, compare_budget))];
    if (timed_) res_.seconds = elapsed();
    res_.win_rate = best.played.wins / best.played.runs;
    res_.mean_margin = best.played.margin_sum / best.played.runs;
    if (best.index == B::kNoIndex) {
      res_.reason = Message("genmove.non_board_best");
      return res_;
    }
    res_.board_move = true;
    res_.point = best.point;
    res_.reason = Message("genmove.best_of", {res_.candidates});
    return res_;
  }

 private:
  double elapsed() const { return clock_() - started_; }
  bool dispute() const { return g_.phase() == Phase::dispute; }

  // The mover's margin for a playout's Black-minus-White area.
  double margin(int black_minus_white) const {
    const double first =
        (r_.first_player == Color::Black ? black_minus_white : -black_minus_white) - r_.komi;
    return c_ == r_.first_player ? first : -first;
  }

  // One playout from b, `first` the mover's move just played (or none); it also scores the
  // points the mover played in it first (all moves as first). The mover's margin.
  double run(B& b, Index first, Color to_move, std::span<int8_t> ownership) {
    ++now_;
    mine_.clear();
    if (first != B::kNoIndex) {
      stamp_[first] = now_;
      mine_.push_back(first);
    }
    auto hook = [&](Index p, Color col) {
      if (col == c_ && p != B::kNoIndex && stamp_[p] != now_) {
        stamp_[p] = now_;
        mine_.push_back(p);
      }
    };
    const double m =
        margin(o_.policy_playouts ? policy_playout(b, to_move, rng_, first, hook, ownership)
                                  : playout_traced(b, to_move, rng_, hook, {}, ownership).score);
    for (auto p : mine_) amaf_[p].add(m);
    ++res_.playouts;
    return m;
  }

  // 1. Expected ownership, from the mover's side (+1 the mover's, -1 the opponent's). Under a
  // time budget they stop at a fifth of it (after twice the floor: 32), and their rate sets the
  // budget of the comparison, which this returns.
  int ownership() {
    const int own_target = std::max(2 * floor_, (o_.playouts > 0 ? budget_ : defaults_) / 8);
    own_.assign(size_t(N_), 0);
    std::vector<int8_t> one(size_t(N_), 0);
    own_runs_ = 0;
    for (; own_runs_ < own_target; ++own_runs_) {
      if (timed_ && own_runs_ >= 2 * floor_ && elapsed() > o_.seconds / 5) break;
      B b = start_;
      // Either side first: a point the mover must still play to keep is not settled.
      if (own_runs_ % 2) b.clear_ko();
      run(b, B::kNoIndex, own_runs_ % 2 ? opponent(c_) : c_, std::span<int8_t>(one));
      for (int i = 0; i < N_; ++i) own_[size_t(i)] += one[size_t(i)];
    }
    int compare_budget = budget_ - own_runs_;
    if (timed_) {
      const double used = std::max(elapsed(), 1e-6);
      const double rate = own_runs_ / used;  // playouts a second
      // (in double: a long budget at a fast rate is more playouts than an int holds)
      compare_budget =
          int(std::min(double(compare_budget), rate * std::max(0.0, o_.seconds - used) * 0.9));
    }
    return compare_budget;
  }

  double owner(Point p) const {
    const int sign = c_ == Color::Black ? 1 : -1;
    return sign * double(own_[size_t(p.y) * W_ + p.x]) / own_runs_;
  }

  // Liberties of chains short of liberties (either colour): the tactical points, never pruned.
  std::vector<uint8_t> tactical_points() const {
    std::vector<uint8_t> tactical(size_t(B::kArea), 0);
    for (int k = 0; k < N_; ++k) {
      const auto i = B::index(k % W_, k / W_);
      if (!is_stone(start_.at(i)) || start_.liberties(i) > 2) continue;
      start_.for_each_stone(i, [&](Index s) {
        for (int d : B::kDirs)
          if (start_.at(Index(s + d)) == Color::Empty) tactical[s + d] = 1;
      });
    }
    return tactical;
  }

  // A first-line point with no stone within two points: an empty edge, never urgent.
  bool empty_edge(Point p) const {
    if (p.x != 0 && p.y != 0 && p.x != W_ - 1 && p.y != H_ - 1) return false;
    for (int dy = -2; dy <= 2; ++dy)
      for (int dx = -2; dx <= 2; ++dx)
        if (std::abs(dx) + std::abs(dy) <= 2 && is_stone(ref_.at(Point(p.x + dx, p.y + dy))))
          return false;
    return true;
  }

  // In dispute play, the points where something is in dispute: around the chains the estimator
  // leaves unsettled (its judgement of the position as it stands, bent four and kos that decide
  // life left open under the 计枰点 rules), and, where the rules remove no dead stones, around
  // the opponent's dead chains (they count as they stand unless captured).
  std::vector<uint8_t> disputed_points() const {
    std::vector<uint8_t> disputed(size_t(B::kArea), 0);
    EstimateOptions eo;
    eo.seed = o_.seed;
    eo.playouts = o_.dispute_playouts;
    const Preset* preset = find_preset(r_.preset);
    eo.open_shapes = preset && !preset->jpd ? OpenShapes::decided : OpenShapes::unsettled;
    const Estimate e = estimate(ref_, c_, eo);
    for (const ChainEstimate& ch : e.chains) {
      const bool open = ch.status == ChainStatus::unsettled;
      const bool left_dead = !r_.remove_dead && ch.color == opponent(c_) && ch.status == ChainStatus::dead;
      if (!open && !left_dead) continue;
      ref_.for_each_stone(Board::index(ch.stone), [&](Board::Index s) {
        const Point q = Board::point(s);
        for (int dy = -2; dy <= 2; ++dy)
          for (int dx = -2; dx <= 2; ++dx) {
            const Point n(q.x + dx, q.y + dy);
            if (std::abs(dx) + std::abs(dy) <= 2 && n.inside(W_, H_)) disputed[B::index(n)] = 1;
          }
      });
    }
    return disputed;
  }

  // 2. Candidates: the legal board moves that are no eye of the mover's and no self-atari of a
  // chain; the tactical ones (captures, saves, liberties of short chains) always, the others
  // where the ownership is not settled and the point is no empty edge; in dispute play only
  // where something is in dispute.
  std::vector<Option> candidates() const {
    const std::vector<uint8_t> tactical = tactical_points();
    const std::vector<uint8_t> disputed = dispute() ? disputed_points() : std::vector<uint8_t>{};
    std::vector<Option> options;
    for (int y = 0; y < H_; ++y)
      for (int x = 0; x < W_; ++x) {
        const Point p(x, y);
        const auto i = B::index(p);
        if (start_.at(i) != Color::Empty || (dispute() && !disputed[i]) ||
            !g_.check(Move::play(c_, p)).ok())
          continue;
        if (start_.is_eye(i, c_)) continue;
        bool saves = false;
        for (int d : B::kDirs) {
          const auto n = Index(i + d);
          saves |= start_.at(n) == c_ && start_.in_atari(n);
        }
        B after = start_;
        const auto u = after.play(i, c_);
        if (after.at(i) != c_) continue;  // suicide, where the rules allow it: never sensible
        const bool captures = u.captured > 0;
        const int libs = after.liberties(i);
        if (!captures && libs <= 1 && after.chain_size(i) >= 2) continue;  // self-atari of a chain
        int saved = 0;  // stones of own chains in atari that the move gets out of it
        if (libs >= 2)
          for (int d : B::kDirs) {
            const auto n = Index(i + d);
            if (start_.at(n) == c_ && start_.in_atari(n)) saved += start_.chain_size(n);
          }
        saves &= libs >= 2;
        if (captures || saves || tactical[i]) {
          options.push_back({i, p, {}, u.captured >= 2 || saved >= 2});
          continue;
        }
        if (std::abs(owner(p)) >= o_.settled || empty_edge(p)) continue;
        options.push_back({i, p, {}, false});
      }
    return options;
  }

  // A board move's value blends its own playouts with the all-moves-as-first statistics, which
  // count for less as its own playouts grow.
  double value(const Option& op) const {
    if (op.index == B::kNoIndex) return op.played.value(N_);
    const Stats& a = amaf_[op.index];
    if (a.runs == 0) return op.played.value(N_);
    if (op.played.runs == 0) return a.value(N_);
    const double beta = std::sqrt(kAmafEquivalence / (3.0 * op.played.runs + kAmafEquivalence));
    return beta * a.value(N_) + (1 - beta) * op.played.value(N_);
  }

  // 3. Successive halving over the options within the comparison's budget: the better half
  // goes on each round, and every urgent move. The index of the best.
  int halving(std::vector<Option>& options, int compare_budget) {
    std::vector<int> alive(options.size());
    for (size_t k = 0; k < alive.size(); ++k) alive[k] = int(k);
    const int rounds = std::max(1, int(std::ceil(std::log2(double(alive.size())))));
    const int per_round = std::max(1, compare_budget / rounds);
    // Under a time budget a round may give each option fewer playouts, and a later round that
    // would overrun the budget is cut short.
    const int least = timed_ ? std::min(2, floor_) : floor_;
    // With no time even for that, the all-moves-as-first statistics of the ownership playouts
    // rank the board moves, and only the non-board move gets playouts of its own.
    const bool amaf_only = timed_ && compare_budget < int(alive.size()) * least;
    bool out_of_time = amaf_only;
    for (int round = 0;; ++round) {
      const int each = std::max(least, per_round / int(alive.size()));
      for (int k : alive) {
        if (timed_ && round > 0 && elapsed() > o_.seconds) {
          out_of_time = true;
          break;
        }
        Option& op = options[size_t(k)];
        if (amaf_only && op.index != B::kNoIndex && amaf_[op.index].runs > 0) continue;
        for (int n = 0; n < each; ++n) {
          B b = start_;
          if (op.index != B::kNoIndex) b.play_fast(op.index, c_);
          else b.clear_ko();
          op.played.add(run(b, op.index, opponent(c_), {}));
        }
      }
      std::stable_sort(alive.begin(), alive.end(), [&](int a, int b) {
        return value(options[size_t(a)]) > value(options[size_t(b)]);
      });
      if (alive.size() == 1 || out_of_time) break;
      const size_t half = (alive.size() + 1) / 2;
      std::vector<int> next(alive.begin(), alive.begin() + long(half));
      for (size_t k = half; k < alive.size(); ++k)
        if (options[size_t(alive[k])].urgent) next.push_back(alive[k]);
      if (next.size() == alive.size()) break;  // nothing left to eliminate
      alive = std::move(next);
    }
    return alive[0];
  }

  const Game& g_;
  const Board& ref_;
  const B start_;
  const int W_, H_, N_;
  const Ruleset& r_;
  const Color c_;
  const GenmoveOptions& o_;
  const bool timed_;
  const std::function<double()> clock_;
  const double started_;
  const int defaults_, floor_, budget_;
  Rng rng_;
  GenmoveResult res_;
  std::vector<Stats> amaf_;
  std::vector<uint32_t> stamp_;
  std::vector<Index> mine_;
  uint32_t now_ = 0;
  std::vector<int> own_;
  int own_runs_ = 0;
};

template <int Cap>
GenmoveResult choose(const Game& g, Color c, const GenmoveOptions& o) {
  return Chooser<Cap>(g, c, o).choose();
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
