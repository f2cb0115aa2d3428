// The built-in life-and-death estimator (estimate.hpp): a list of named passes over one
// position (chains, Benson, playouts, atari, open kos, kos, bent four, races, seki, claims).
#include "jpd/estimate.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "estimate_playout.hpp"
#include "estimate_race.hpp"
#include "jpd/making.hpp"
#include "jpd/rules.hpp"

namespace jpd {

std::string_view name_of(ChainStatus s) {
  switch (s) {
    case ChainStatus::alive: return "alive";
    case ChainStatus::dead: return "dead";
    case ChainStatus::seki: return "seki";
    case ChainStatus::unsettled: return "unsettled";
  }
  return "?";
}

int default_playouts(int points) {
  // Within the 50 ms of a finished 19x19 game on one core (bench/estimate.cpp); on the real games
  // of docs/corpus.md more playouts change no result.
  if (points <= 81) return 500;
  if (points <= 169) return 400;
  return 400;
}

const ChainEstimate* Estimate::chain_at(Point p) const {
  if (!p.inside(width, height)) return nullptr;
  int id = chain_of[size_t(p.y) * width + p.x];
  return id < 0 ? nullptr : &chains[size_t(id)];
}

Message Estimate::detail() const { return Message("note.est_detail", {playouts}); }

Statuses Estimate::statuses() const {
  Statuses s;
  s.source = StatusSource::estimate;
  s.source_detail = detail();
  for (const ChainEstimate& c : chains) {
    if (c.status == ChainStatus::dead) s.dead.push_back(c.stone);
    if (c.status != ChainStatus::unsettled) continue;
    const bool dead = !c.open_shape && c.alive_probability < count_dead_below;
    if (dead) s.dead.push_back(c.stone);
    s.uncertain.push_back(UncertainChain{
        c.stone, c.color, c.alive_probability,
        Message::joined({c.reason, Message(c.open_shape ? "note.est_left_open"
                                           : dead       ? "note.est_counted_dead"
                                                        : "note.est_counted_alive")}),
        c.settle});
  }
  return s;
}

namespace {

using Index = Board::Index;

std::string percent(double p) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.0f%%", p * 100);
  return buf;
}

// Counts of playouts in which each point (row-major) ended Black's / White's.
struct Tally {
  int playouts = 0;
  std::vector<int> black, white;
};

template <int Cap>
void run_playouts_on(const Board& pos, Color to_move, int n, uint64_t seed,
                     const estimator::PolicyOptions& po, Tally& t) {
  const int w = pos.width(), h = pos.height();
  const BoardT<Cap> start(pos);
  BoardT<Cap> other_first = start;
  other_first.clear_ko();  // the ko ban is the side to move's
  BoardT<Cap> b = start;
  std::vector<int8_t> own(size_t(w * h));
  Rng rng;
  t.black.assign(size_t(w * h), 0);
  t.white.assign(size_t(w * h), 0);
  t.playouts = n;
  for (int k = 0; k < n; ++k) {
    const bool swap = k % 2 == 1;
    b = swap ? other_first : start;
    rng.reseed(derive_seed(seed, uint64_t(k)));
    estimator::run_playout(b, swap ? opponent(to_move) : to_move, rng, po, own);
    for (size_t i = 0; i < own.size(); ++i) {
      t.black[i] += own[i] > 0;
      t.white[i] += own[i] < 0;
    }
  }
}

Tally playouts(const Board& pos, Color to_move, int n, uint64_t seed,
               const estimator::PolicyOptions& po) {
  Tally t;
  switch (playout_capacity(std::max(pos.width(), pos.height()))) {
    case 9: run_playouts_on<9>(pos, to_move, n, seed, po, t); break;
    case 13: run_playouts_on<13>(pos, to_move, n, seed, po, t); break;
    case 19: run_playouts_on<19>(pos, to_move, n, seed, po, t); break;
    default: run_playouts_on<25>(pos, to_move, n, seed, po, t); break;
  }
  return t;
}

// The mean over a chain's stones of the share of playouts in which the stone's point ended up
// the chain's colour.
double alive_share(const Tally& t, const std::vector<Point>& stones, Color c, int w) {
  if (stones.empty() || t.playouts == 0) return 1;
  double sum = 0;
  for (Point p : stones) {
    size_t r = size_t(p.y) * w + p.x;
    sum += double(c == Color::Black ? t.black[r] : t.white[r]) / t.playouts;
  }
  return sum / double(stones.size());
}

// Whether c may fill the empty point i without suicide and without leaving its chain in atari
// (a capture always may).
bool can_fill_safely(const Board& b, Index i, Color c) {
  if (b.is_suicide(i, c)) return false;
  if (b.captures(i, c)) return true;
  Board t = b;
  t.play(i, c);
  return t.liberties(i) >= 2;
}

// The position with its dame filled, for reading seki (find_seki): each empty point next to
// stones of both colours is filled by the side with more stones next to it (else the other),
// where that side keeps its chain two liberties or more, captures nothing and puts no opponent
// chain in atari; rounds over the board until a round fills nothing.
Board dame_filled(const Board& b) {
  Board t = b;
  auto fills = [&](Index i, Color c) {
    if (t.captures(i, c) || !can_fill_safely(t, i, c)) return false;
    Board u = t;
    u.play(i, c);
    for (int d : Board::kDirs) {
      const Index j = Index(i + d);
      if (u.at(j) == opponent(c) && u.liberties(j) < 2) return false;
    }
    t = u;
    return true;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (int y = 0; y < t.height(); ++y)
      for (int x = 0; x < t.width(); ++x) {
        const Index i = Board::index(x, y);
        if (t.at(i) != Color::Empty) continue;
        int next[3] = {0, 0, 0};
        for (int d : Board::kDirs) {
          const Color c = t.at(Index(i + d));
          if (is_stone(c)) ++next[int(c)];
        }
        const int nb = next[int(Color::Black)], nw = next[int(Color::White)];
        if (nb == 0 || nw == 0) continue;
        const Color first = nb >= nw ? Color::Black : Color::White;
        changed |= fills(i, first) || fills(i, opponent(first));
      }
  }
  return t;
}

// The state the passes share: the position, the options and the estimate they fill in.
struct Reading {
  const Board& pos;
  Color to_move;
  const EstimateOptions& o;
  Estimate& e;
  int w, h;
  bool open;  // open shapes (bent four, kos that decide life) are left to dispute play
  std::vector<std::vector<Point>> stones;  // of every chain
  Benson bb, bw;
  estimator::PolicyOptions po;
  Board after;  // the position without the stones counted dead (the seki pass on)
  Analysis analysis;  // of `after`, with exclusive liberties (the seki pass on)

  int chain_id(Point p) const { return e.chain_of[size_t(p.y) * w + p.x]; }
  int chain_id_i(Index i) const { return chain_id(Board::point(i)); }
  // f(n) for every chain n next to a stone of chain id (a chain may come more than once).
  template <class F>
  void for_each_touching(size_t id, F&& f) const {
    for (Point s : stones[id])
      for (int d : Board::kDirs) {
        const Index j = Index(Board::index(s) + d);
        if (is_stone(pos.at(j))) f(size_t(chain_id_i(j)));
      }
  }
  bool unconditionally_alive(const ChainEstimate& c) const {
    const Index i = Board::index(c.stone);
    return (c.color == Color::Black ? bb.alive[i] : bw.alive[i]) != 0;
  }
  bool unconditionally_dead(const ChainEstimate& c) const {
    const Index i = Board::index(c.stone);
    return (c.color == Color::Black ? bw.dead_inside[i] : bb.dead_inside[i]) != 0;
  }
};

// Pass 1, chains: every chain of the position, its stones and its first stone.
void find_chains(Reading& r) {
  const Board& pos = r.pos;
  Estimate& e = r.e;
  const int w = r.w, h = r.h;
  e.chain_of.assign(size_t(w * h), -1);
  std::array<int16_t, Board::kArea> id_of_head;
  id_of_head.fill(-1);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      Index i = Board::index(x, y);
      Color c = pos.at(i);
      if (!is_stone(c)) continue;
      Index hd = pos.chain_head(i);
      if (id_of_head[hd] < 0) {
        id_of_head[hd] = int16_t(e.chains.size());
        ChainEstimate ce;
        ce.stone = Point(x, y);
        ce.color = c;
        e.chains.push_back(ce);
        r.stones.emplace_back();
      }
      int id = id_of_head[hd];
      e.chain_of[size_t(y) * w + x] = id;
      r.stones[size_t(id)].push_back(Point(x, y));
      ++e.chains[size_t(id)].size;
    }
}

// Pass 2, Benson: the chains that live unconditionally, the stones dead inside them.
void read_benson(Reading& r) {
  const Board& pos = r.pos;
  r.bb = benson(pos, Color::Black);
  r.bw = benson(pos, Color::White);
}

// Pass 3, playouts: the ownership of every point, each chain's status by its share of them
// (Benson's first).
void read_playouts(Reading& r) {
  const Board& pos = r.pos;
  Estimate& e = r.e;
  const EstimateOptions& o = r.o;
  const int w = r.w, h = r.h;
  r.po.max_self_atari = o.max_self_atari;
  const Tally t = playouts(pos, r.to_move, e.playouts, o.seed, r.po);
  e.ownership.assign(size_t(w * h), 0);
  for (size_t k = 0; k < e.ownership.size(); ++k)
    e.ownership[k] = double(t.black[k] - t.white[k]) / t.playouts;

  for (size_t id = 0; id < e.chains.size(); ++id) {
    ChainEstimate& c = e.chains[id];
    c.alive_probability = alive_share(t, r.stones[id], c.color, w);
    if (r.unconditionally_alive(c)) {
      c.status = ChainStatus::alive;
      c.unconditional = true;
      c.alive_probability = 1;
      c.reason = Message("note.est_benson");
    } else if (r.unconditionally_dead(c)) {
      c.status = ChainStatus::dead;
      c.unconditional = true;
      c.alive_probability = 0;
      c.reason = Message("note.est_eyeless");
    } else if (c.alive_probability < o.dead_below) {
      c.status = ChainStatus::dead;
      c.reason = Message("note.est_dead", {percent(1 - c.alive_probability)});
    } else if (c.alive_probability > o.alive_above) {
      c.status = ChainStatus::alive;
      c.reason = Message("note.est_alive", {percent(c.alive_probability)});
    } else {
      c.status = ChainStatus::unsettled;
      c.reason = Message("note.est_unsettled", {percent(c.alive_probability)});
    }
  }
}

// Pass 4, atari: a chain in atari its owner connects to a living chain lives.
void connect_chains_in_atari(Reading& r) {
  const Board& pos = r.pos;
  Estimate& e = r.e;
  const EstimateOptions& o = r.o;
  const int h = r.h;
  auto chain_id_i = [&](Index i) { return r.chain_id_i(i); };
  // A chain in atari that its owner saves by connecting on its liberty to a living chain: at the
  // end of a game the owner connects it when the dame are filled (unless the playouts are sure).
  // Not when the game ended by passes with the opponent to move: it takes first.
  for (size_t id = 0; id < e.chains.size(); ++id) {
    ChainEstimate& c = e.chains[id];
    if (c.status != ChainStatus::unsettled) continue;
    if (o.ended_by_passes && r.to_move == opponent(c.color)) continue;
    const Index lib = pos.atari_liberty(Board::index(c.stone));
    if (!lib || lib == pos.ko_point() || pos.is_suicide(lib, c.color)) continue;
    Board t = pos;
    t.play(lib, c.color);
    if (t.liberties(lib) < 2) continue;
    bool joins_living = false;
    for (int d : Board::kDirs) {
      Index j = Index(lib + d);
      if (pos.at(j) != c.color || chain_id_i(j) == int(id)) continue;
      const ChainEstimate& n = e.chains[size_t(chain_id_i(j))];
      joins_living |= n.status == ChainStatus::alive;
    }
    if (!joins_living) continue;
    c.status = ChainStatus::alive;
    c.reason = Message("note.est_atari", {to_gtp(Board::point(lib), h), MessageArg::message(std::move(c.reason))});
  }

}

// Pass 5, open kos: the kos the position holds.
void find_open_kos(Reading& r) {
  const Board& pos = r.pos;
  Estimate& e = r.e;
  const int w = r.w, h = r.h;
  // Open kos: an empty point whose neighbours are all stones of one colour (or the edge), one of
  // them a single stone in atari: the opponent may take it, and the taking stone could be
  // retaken at once.
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      Index p = Board::index(x, y);
      if (pos.at(p) != Color::Empty) continue;
      Color holder = Color::Empty;
      bool mixed = false;
      int in_atari = 0;
      Index stone = 0;
      for (int d : Board::kDirs) {
        Index j = Index(p + d);
        Color cj = pos.at(j);
        if (cj == Color::Edge) continue;
        if (!is_stone(cj)) {
          mixed = true;
          break;
        }
        if (holder == Color::Empty) holder = cj;
        else if (cj != holder) mixed = true;
        if (pos.atari_liberty(j) == p) {
          bool counted = false;
          for (int d2 : Board::kDirs) {
            Index k = Index(p + d2);
            if (k != j && pos.at(k) == cj && pos.same_chain(k, j) && k < j) counted = true;
          }
          if (!counted) {
            ++in_atari;
            stone = j;
          }
        }
      }
      if (mixed || holder == Color::Empty || in_atari != 1 || pos.chain_size(stone) != 1) continue;
      e.open_kos.push_back(OpenKo{Point(x, y), Board::point(stone), holder, false});
    }

}

// Pass 6, kos: whether each open ko decides the life of chains.
void read_kos(Reading& r) {
  const Board& pos = r.pos;
  Estimate& e = r.e;
  const EstimateOptions& o = r.o;
  const int w = r.w, h = r.h;
  auto chain_id = [&](Point p) { return r.chain_id(p); };
  auto chain_id_i = [&](Index i) { return r.chain_id_i(i); };
  // Does the ko decide the life of chains? Resolve it each way (the holder connects; the other
  // side takes and connects) and compare the chains' fates.
  for (OpenKo& ko : e.open_kos) {
    const Index p = Board::index(ko.space), q = Board::index(ko.stone);
    const Color taker = opponent(ko.holder);
    // The holder connects (the taker to move); or the taker takes (the holder to move, banned
    // from retaking at once: the taker has won the ko fight for now).
    Board connected = pos, taken = pos;
    connected.clear_ko();
    taken.clear_ko();
    if (connected.is_suicide(p, ko.holder) || !taken.captures(p, taker)) continue;
    connected.play(p, ko.holder);
    taken.play(p, taker);
    const int n = std::max(100, e.playouts / 2);
    const Tally ta = playouts(connected, opponent(ko.holder), n, o.seed ^ 0x6b6f61, r.po);
    const Tally tb = playouts(taken, ko.holder, n, o.seed ^ 0x6b6f62, r.po);
    std::vector<int> flips;
    for (size_t id = 0; id < e.chains.size(); ++id) {
      ChainEstimate& c = e.chains[id];
      if (c.unconditional) continue;
      if (r.stones[id].size() == 1 && r.stones[id][0] == ko.stone) continue;
      const double a = alive_share(ta, r.stones[id], c.color, w);
      const double b = alive_share(tb, r.stones[id], c.color, w);
      if (std::fabs(a - b) > 0.3) flips.push_back(int(id));
    }
    if (flips.empty()) {
      // A ko that decides no life: its holder can connect it whenever it likes, so the holder's
      // stone in it lives if the holder's chains around the ko space do. Not when the game ended
      // by passes with the opponent to move: it takes the ko first, and no ko threats are left.
      ChainEstimate& st = e.chains[size_t(chain_id(ko.stone))];
      bool holders_alive = !(o.ended_by_passes && r.to_move == opponent(ko.holder));
      for (int d : Board::kDirs) {
        Index j = Index(p + d);
        if (j == q || pos.at(j) != ko.holder) continue;
        const ChainEstimate& n = e.chains[size_t(chain_id_i(j))];
        holders_alive &= n.status == ChainStatus::alive && n.alive_probability > 0.5;
      }
      if (holders_alive && st.status != ChainStatus::alive) {
        st.status = ChainStatus::alive;
        st.reason = Message("note.est_ko_holds", {to_gtp(ko.space, h), MessageArg::message(std::move(st.reason))});
      }
      continue;
    }
    ko.decides_life = true;
    // The chains of the ko itself go with it: the ko stone, the holder's chains around the ko
    // space and the taker's around the ko stone.
    for (Index around : {p, q})
      for (int d : Board::kDirs) {
        Index j = Index(around + d);
        if (!is_stone(pos.at(j))) continue;
        int id = chain_id_i(j);
        if (!e.chains[size_t(id)].unconditional && std::find(flips.begin(), flips.end(), id) == flips.end())
          flips.push_back(id);
      }
    if (std::find(flips.begin(), flips.end(), chain_id(ko.stone)) == flips.end()) flips.push_back(chain_id(ko.stone));
    e.notes.push_back({r.open ? "note.est_ko_open" : "note.est_ko", {to_gtp(ko.space, h), flips.size()}});
    if (!r.open) continue;
    for (int id : flips) {
      ChainEstimate& c = e.chains[size_t(id)];
      c.status = ChainStatus::unsettled;
      c.open_shape = true;
      c.reason = Message("note.est_ko_life", {to_gtp(ko.space, h)});
    }
  }

}

// Pass 7, bent four in the corner (盘角曲四).
void find_bent_four(Reading& r) {
  const Board& pos = r.pos;
  Estimate& e = r.e;
  const int w = r.w, h = r.h;
  auto chain_id_i = [&](Index i) { return r.chain_id_i(i); };
  // Bent four in the corner (盘角曲四): the defender's eye space is the corner point and two
  // points along each edge, with the attacker's stones on the points next to the corner; the
  // defender cannot play inside (it would leave a dead three-point shape) and the attacker can
  // make a ko whenever it likes. The defender has no eye elsewhere.
  {
    const int cx[4] = {0, w - 1, 0, w - 1}, cy[4] = {0, 0, h - 1, h - 1};
    for (int k = 0; k < 4 && w >= 5 && h >= 5; ++k) {
      const int dx = cx[k] == 0 ? 1 : -1, dy = cy[k] == 0 ? 1 : -1;
      auto at = [&](int u, int v) { return Board::index(cx[k] + u * dx, cy[k] + v * dy); };
      const Color att = pos.at(at(1, 0));
      if (!is_stone(att) || pos.at(at(0, 1)) != att) continue;
      const Color def = opponent(att);
      const Color corner = pos.at(at(0, 0));
      if (corner != Color::Empty && corner != att) continue;
      if (pos.at(at(2, 0)) != Color::Empty || pos.at(at(0, 2)) != Color::Empty) continue;
      const Index wall[5] = {at(1, 1), at(2, 1), at(3, 0), at(1, 2), at(0, 3)};
      bool walled = true;
      for (Index i : wall) walled &= pos.at(i) == def;
      if (!walled) continue;
      // No eye elsewhere: every liberty of the wall's chains outside the corner touches an
      // attacker stone; and none of them is unconditionally alive.
      std::vector<int> defenders;
      for (Index i : wall) {
        int id = chain_id_i(i);
        if (std::find(defenders.begin(), defenders.end(), id) == defenders.end()) defenders.push_back(id);
      }
      const Index inside[5] = {at(0, 0), at(1, 0), at(2, 0), at(0, 1), at(0, 2)};
      bool eye_elsewhere = false;
      for (int id : defenders) {
        if (r.unconditionally_alive(e.chains[size_t(id)])) eye_elsewhere = true;
        for (Point s : r.stones[size_t(id)]) {
          Index si = Board::index(s);
          for (int d : Board::kDirs) {
            Index j = Index(si + d);
            if (pos.at(j) != Color::Empty || std::find(std::begin(inside), std::end(inside), j) != std::end(inside))
              continue;
            bool touches_attacker = false;
            for (int d2 : Board::kDirs) touches_attacker |= pos.at(Index(j + d2)) == att;
            if (!touches_attacker) eye_elsewhere = true;
          }
        }
      }
      if (eye_elsewhere) continue;
      std::vector<int> involved = defenders;
      for (Index i : {at(0, 0), at(1, 0), at(0, 1)})
        if (pos.at(i) == att) {
          int id = chain_id_i(i);
          if (std::find(involved.begin(), involved.end(), id) == involved.end()) involved.push_back(id);
        }
      const Point corner_point(cx[k], cy[k]);
      e.notes.push_back({r.open ? "note.est_bent_open" : "note.est_bent_dead", {to_gtp(corner_point, h)}});
      for (int id : involved) {
        ChainEstimate& c = e.chains[size_t(id)];
        if (r.open) {
          c.status = ChainStatus::unsettled;
          c.open_shape = true;
          c.reason = Message("note.est_bent_jpd", {to_gtp(corner_point, h)});
        } else {
          c.status = c.color == def ? ChainStatus::dead : ChainStatus::alive;
          c.reason = Message(c.color == def ? "note.est_bent_def" : "note.est_bent_att",
                             {to_gtp(corner_point, h)});
        }
      }
    }
  }

}

// Pass 8, races: the unsettled chains that touch, read out.
void read_races(Reading& r) {
  const Board& pos = r.pos;
  Estimate& e = r.e;
  auto chain_id_i = [&](Index i) { return r.chain_id_i(i); };
  // Capturing races: unsettled chains of both colours that touch each other are read out from
  // the position, the side to move first; the first to take a chain of the other's wins it.
  {
    std::vector<int> comp(e.chains.size(), -1);
    auto unsettled = [&](size_t id) {
      const ChainEstimate& c = e.chains[id];
      return c.status == ChainStatus::unsettled && !c.open_shape;
    };
    int ncomp = 0;
    for (size_t id = 0; id < e.chains.size(); ++id) {
      if (!unsettled(id) || comp[id] >= 0) continue;
      std::vector<size_t> todo{id};
      comp[id] = ncomp;
      while (!todo.empty()) {
        const size_t k = todo.back();
        todo.pop_back();
        r.for_each_touching(k, [&](size_t n) {
          if (comp[n] < 0 && unsettled(n)) {
            comp[n] = ncomp;
            todo.push_back(n);
          }
        });
      }
      ++ncomp;
    }
    for (int k = 0; k < ncomp; ++k) {
      std::vector<Index> black, white;
      for (size_t id = 0; id < e.chains.size(); ++id)
        if (comp[id] == k)
          (e.chains[id].color == Color::Black ? black : white).push_back(Board::index(e.chains[id].stone));
      // Unsettled chains of one colour only: their partners are the opponent's chains next to
      // them that the playouts call alive (not unconditionally): the race with them is read
      // only to find a seki (neither side captures), never to overturn the partners.
      const bool one_colour = black.empty() || white.empty();
      const Color partner_colour = !one_colour ? Color::Empty : black.empty() ? Color::Black : Color::White;
      if (one_colour) {
        std::vector<Index>& partners = black.empty() ? black : white;
        const Color pc = black.empty() ? Color::Black : Color::White;
        std::vector<uint8_t> added(e.chains.size(), 0);
        for (size_t id = 0; id < e.chains.size(); ++id) {
          if (comp[id] != k) continue;
          r.for_each_touching(id, [&](size_t n) {
            const ChainEstimate& c = e.chains[n];
            if (c.color != pc || added[n] || c.status != ChainStatus::alive || c.unconditional ||
                c.open_shape)
              return;
            added[n] = 1;
            partners.push_back(Board::index(c.stone));
          });
        }
        if (partners.empty()) continue;
      }
      // The chains of the race settled: the winner's alive, the loser's dead.
      // How: read out with a colour to move (its word), or with a throw-in whoever moves first.
      auto settle = [&](Color winner, std::optional<Color> to_move) {
        for (size_t id = 0; id < e.chains.size(); ++id) {
          if (comp[id] != k) continue;
          ChainEstimate& c = e.chains[id];
          const bool wins = c.color == winner;
          c.status = wins ? ChainStatus::alive : ChainStatus::dead;
          MessageArg before = MessageArg::message(std::move(c.reason));
          if (to_move)
            c.reason = Message(wins ? "note.est_race_win" : "note.est_race_lose",
                               {MessageArg::word("word." + std::string(color_name(*to_move))),
                                std::move(before)});
          else
            c.reason = Message(wins ? "note.est_race_throw_win" : "note.est_race_throw_lose",
                               {std::move(before)});
        }
      };
      estimator::Race race(black, white, r.o.race_nodes, 24);
      const estimator::RaceOutcome first = race.run(pos, r.to_move);
      if (!first.read) continue;
      if (first.winner == 0) {
        // Neither captures with the side to move first: read with the other side first too.
        // Neither then either: a seki (or chains alive by their own shape), not a coin flip.
        // Not where an open ko touches the race: the reading has no ko threats.
        bool ko_next = false;
        for (const OpenKo& ko : e.open_kos)
          for (Point q : {ko.space, ko.stone})
            for (int d : {0, -1, 1, -Board::kStride, Board::kStride}) {
              const Index j = Index(Board::index(q) + d);
              if (is_stone(pos.at(j)) && comp[size_t(chain_id_i(j))] == k) ko_next = true;
            }
        if (ko_next) continue;
        estimator::Race other(black, white, r.o.race_nodes, 24);
        const estimator::RaceOutcome o = other.run(pos, opponent(r.to_move));
        if (!o.read || o.winner != 0) continue;
        // Neither without sacrifices: read again with throw-ins (a stone thrown into an eye
        // space of two points takes an eye away). A side that captures whoever moves first
        // wins; a side of unsettled chains only never overturns its partners.
        estimator::Race thrown(black, white, r.o.race_nodes, 24, true);
        const estimator::RaceOutcome t1 = thrown.run(pos, r.to_move);
        if (t1.read && t1.winner != 0) {
          const Color winner = t1.winner > 0 ? Color::Black : Color::White;
          estimator::Race thrown_other(black, white, r.o.race_nodes, 24, true);
          const estimator::RaceOutcome t2 = thrown_other.run(pos, opponent(r.to_move));
          if (t2.read && t2.winner == t1.winner && (!one_colour || winner == partner_colour)) {
            settle(winner, std::nullopt);
            continue;
          }
        }
        for (size_t id = 0; id < e.chains.size(); ++id) {
          if (comp[id] != k) continue;
          ChainEstimate& c = e.chains[id];
          c.status = ChainStatus::alive;
          c.reason = Message("note.est_race_none", {MessageArg::message(std::move(c.reason))});
        }
        continue;
      }
      if (one_colour) continue;
      settle(first.winner > 0 ? Color::Black : Color::White, r.to_move);
    }
  }

}

// Pass 9, seki: the living chains in seki units of the position without the dead stones.
void find_seki(Reading& r) {
  const Board& pos = r.pos;
  Estimate& e = r.e;
  const EstimateOptions& o = r.o;
  // Seki: the chains left alive that the analysis of the position without the dead stones finds
  // in seki units.
  Board& after = r.after;
  after = pos;
  auto counted_dead = [&](const ChainEstimate& c) {
    return c.status == ChainStatus::dead ||
           (c.status == ChainStatus::unsettled && !c.open_shape && c.alive_probability < o.count_dead_below);
  };
  for (size_t id = 0; id < e.chains.size(); ++id)
    if (counted_dead(e.chains[id]))
      for (Point s : r.stones[id]) after.set_stone(s, Color::Empty);
  AnalysisOptions aopt;
  aopt.exclusive_liberties = true;
  aopt.seki_territory = true;
  r.analysis = Analysis::of(after, aopt);  // (the claims' pass reads it)
  // The analysis counts a position as it stands: two units without two eyes that share an empty
  // region are in seki there. A record that stops before its end leaves such regions on its
  // boundaries (dame, and chains joined to their group only through a point not yet played),
  // so the seki are read on the position with its dame filled: every empty point next to both
  // colours that one side can fill keeping its chain two liberties or more, without a capture
  // and without putting an opponent chain in atari, is filled, until none is left. A seki's
  // shared liberties are never all filled that way (the last ones would put the filler in
  // atari), and a unit that was in seki only for want of a connection joins its group.
  const Board filled = dame_filled(after);
  const Analysis seki_analysis = Analysis::of(filled, aopt);
  for (size_t id = 0; id < e.chains.size(); ++id) {
    ChainEstimate& c = e.chains[id];
    if (c.status != ChainStatus::alive) continue;
    int u = seki_analysis.unit_of(Board::index(c.stone));
    if (u >= 0 && seki_analysis.units()[size_t(u)].seki) {
      c.status = ChainStatus::seki;
      c.reason = Message("note.est_seki", {MessageArg::message(std::move(c.reason))});
    }
  }

}

// Pass 10, claims: the claims a player might make.
void suggest_claims(Reading& r) {
  Estimate& e = r.e;
  const int w = r.w, h = r.h;
  const Board& after = r.after;
  const Analysis& a = r.analysis;
  // Suggested claims: seki exclusive liberties and one-sided dame (on the position without the
  // dead stones), unconnected ko spaces.
  {
    std::array<uint8_t, Board::kArea> region_mask{};
    std::array<int16_t, Board::kArea> region;
    region.fill(-1);
    std::vector<uint8_t> masks;
    std::vector<Index> stack;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        Index s0 = Board::index(x, y);
        if (after.at(s0) != Color::Empty || region[s0] >= 0) continue;
        int r = int(masks.size());
        uint8_t m = 0;
        std::vector<Index> pts;
        region[s0] = int16_t(r);
        stack.push_back(s0);
        while (!stack.empty()) {
          Index s = stack.back();
          stack.pop_back();
          pts.push_back(s);
          for (int d : Board::kDirs) {
            Index j = Index(s + d);
            Color cj = after.at(j);
            if (cj == Color::Empty && region[j] < 0) {
              region[j] = int16_t(r);
              stack.push_back(j);
            } else if (is_stone(cj)) {
              m |= uint8_t(cj);
            }
          }
        }
        masks.push_back(m);
        for (Index s : pts) region_mask[s] = m;
      }
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        Index i = Board::index(x, y);
        if (after.at(i) != Color::Empty || region_mask[i] != 3) continue;
        PointClass pc = a.at(i);
        if (pc == PointClass::black_territory || pc == PointClass::white_territory) {
          e.suggested_claims.push_back(
              Claim{pc == PointClass::black_territory ? Color::Black : Color::White, Point(x, y)});
        } else if (pc == PointClass::public_liberty) {
          const bool b_ok = can_fill_safely(after, i, Color::Black);
          const bool w_ok = can_fill_safely(after, i, Color::White);
          if (b_ok != w_ok)
            e.suggested_claims.push_back(Claim{b_ok ? Color::Black : Color::White, Point(x, y)});
        }
      }
    for (const OpenKo& ko : e.open_kos)
      if (!ko.decides_life) e.suggested_claims.push_back(Claim{ko.holder, ko.space});
  }
}

// The passes, in order: each reads what the ones before it found.
struct Pass {
  const char* name;
  void (*run)(Reading&);
};
// Pass 11, settling points: for each chain left unsettled (not an open shape), the empty point
// near it where a first move decides its fate most (ChainEstimate::settle).
void find_settling_points(Reading& r) {
  const EstimateOptions& o = r.o;
  if (o.settle_playouts <= 0) return;
  const Board& pos = r.pos;
  Estimate& e = r.e;
  // The three largest such chains at most (each costs 2 x 4 x settle_playouts playouts).
  std::vector<size_t> ids;
  for (size_t id = 0; id < e.chains.size(); ++id)
    if (e.chains[id].status == ChainStatus::unsettled && !e.chains[id].open_shape) ids.push_back(id);
  std::stable_sort(ids.begin(), ids.end(),
                   [&](size_t a, size_t b) { return e.chains[a].size > e.chains[b].size; });
  if (ids.size() > 3) ids.resize(3);
  for (size_t id : ids) {
    ChainEstimate& c = e.chains[id];
    std::vector<Index> tried;  // its liberties and the empty points next to them
    auto add = [&](Index i) {
      if (pos.at(i) == Color::Empty && std::find(tried.begin(), tried.end(), i) == tried.end())
        tried.push_back(i);
    };
    for (Point s : r.stones[id])
      for (int d : Board::kDirs) {
        const Index j = Index(Board::index(s) + d);
        if (pos.at(j) != Color::Empty) continue;
        add(j);
        for (int d2 : Board::kDirs) add(Index(j + d2));
      }
    auto contested = [&](Index i) {
      const Point p = Board::point(i);
      return std::abs(e.ownership[size_t(p.y) * size_t(r.w) + size_t(p.x)]);
    };
    std::stable_sort(tried.begin(), tried.end(),
                     [&](Index a, Index b) { return contested(a) < contested(b); });
    if (tried.size() > 4) tried.resize(4);
    double best = 0.5;
    for (Index i : tried) {
      double share[2] = {0, 0};  // the chain's life with its owner's stone on i, the opponent's
      bool legal = true;
      for (int k = 0; k < 2 && legal; ++k) {
        const Color mover = k == 0 ? c.color : opponent(c.color);
        if (pos.is_suicide(i, mover) || i == pos.ko_point()) {
          legal = false;
          continue;
        }
        Board t = pos;
        t.play(i, mover);
        if (t.at(c.stone) != c.color) continue;  // taken at once
        const Tally tl = playouts(t, opponent(mover), o.settle_playouts,
                                  derive_seed(o.seed, 0x5e771eull + i * 2 + uint64_t(k)), r.po);
        share[k] = alive_share(tl, r.stones[id], c.color, r.w);
      }
      if (legal && share[0] - share[1] > best) {
        best = share[0] - share[1];
        c.settle = Board::point(i);
      }
    }
  }
}

constexpr Pass kPasses[] = {
    {"chains", &find_chains},         {"benson", &read_benson},
    {"playouts", &read_playouts},     {"atari", &connect_chains_in_atari},
    {"open kos", &find_open_kos},     {"kos", &read_kos},
    {"bent four", &find_bent_four},   {"races", &read_races},
    {"seki", &find_seki},             {"claims", &suggest_claims},
    {"settling points", &find_settling_points},
};

}  // namespace

Estimate estimate(const Board& pos, Color to_move, const EstimateOptions& o) {
  const int w = pos.width(), h = pos.height();
  Estimate e;
  e.width = w;
  e.height = h;
  e.playouts = o.playouts > 0 ? o.playouts : default_playouts(w * h);
  e.count_dead_below = o.count_dead_below;
  if (!is_stone(to_move)) to_move = Color::Black;
  Reading r{pos, to_move, o, e, w, h, o.open_shapes != OpenShapes::decided, {}, {}, {}, {}, pos, {}};
  for (const Pass& p : kPasses) p.run(r);
  return e;
}

Estimate estimate(const Game& g, const EstimateOptions& opts) {
  // The position play ended with (also after an independent dispute: its statuses are those of
  // the position where the dispute ended, count() maps them onto the pause position).
  const Board& pos = g.board();
  Color to_move = g.to_move();
  if (!is_stone(to_move)) to_move = g.rules().first_player;
  EstimateOptions o = opts;
  if (o.open_shapes == OpenShapes::from_rules) {
    const Preset* p = find_preset(g.rules().preset);
    o.open_shapes = p && !p->jpd ? OpenShapes::decided : OpenShapes::unsettled;
  }
  // Paused by two passes or non-board moves (not by agreement, no record that simply stops).
  o.ended_by_passes = g.phase() == Phase::paused && !g.paused_by_agreement();
  Estimate e = estimate(pos, to_move, o);
  if (!g.rules().claims) e.suggested_claims.clear();
  return e;
}

}  // namespace jpd
