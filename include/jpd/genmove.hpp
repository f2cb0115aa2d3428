// Choosing a move for the side to move: the move generator of `jpd gtp` and of matches.
//
// Flat Monte Carlo over the playout engine (playout.hpp), deterministic for a seed:
//  1. Ownership: light playouts from the position, half of them with the opponent moving first,
//     give each point's expected owner.
//  2. Candidates: the board moves the referee allows (superko included), without
//     - filling one of the mover's own eyes, or suicide where the rules allow it,
//     - a self-atari of a chain of two or more stones that captures nothing,
//     - a point already settled (expected owner above `settled` for either side), or a first-line
//       point with no stone within two points,
//    unless the move captures, gets an own chain out of atari, or is a liberty of a chain (either
//    colour) with one or two liberties: those tactical moves are always compared.
//    In dispute play (实战解决, after a pause) the candidates are only the points where something
//    is in dispute: within two points of a chain the estimator (estimate.hpp) leaves unsettled,
//    or, where the rules remove no dead stones, of an opponent chain it finds dead; so an engine
//    asked to move after two passes never plays inside its own territory, nor fills a dame, to
//    gain nothing.
//  3. With no candidate the mover makes the non-board move (the game is settled). Otherwise the
//     candidates and the non-board move are compared by playouts (successive halving of the
//     budget: each round the better half goes on with twice the playouts; a move that captures
//     or saves two stones or more is never eliminated). The value of an option
//     is its winning rate plus a small share of its mean margin, so that a decided game is still
//     played out sensibly; a board move's value is blended with the all-moves-as-first statistics
//     of every playout (AMAF: the result counted for each point the mover played first in it),
//     weighted sqrt(k / (3n + k)) for n playouts of its own. The non-board move wins when no board
//     move does better.
// The playouts follow the estimator's policy (estimate.hpp) unless policy_playouts is off, and
// score by area (Tromp-Taylor) with the rules' komi; under the 计枰点 rules area and
// territory counts agree up to the one-point payments, which the generator ignores. It never
// resigns.
// A time budget (GenmoveOptions::seconds, from the GTP clock) bounds the work instead of the
// playouts alone: the ownership playouts stop at a fifth of it, their rate sets the playouts of
// the comparison, and a round that would overrun is cut short (the best so far is played). The
// move then depends on the machine's speed, no longer on the seed alone.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "jpd/game.hpp"
#include "jpd/message.hpp"

namespace jpd {

struct GenmoveOptions {
  // Playouts per move, all options together, as a target: each round of the halving gives every
  // candidate still in it at least `least` playouts, so a position with many candidates runs more
  // (GenmoveResult::playouts says how many). 0: by board size.
  int playouts = 0;
  // The floor of that target: each option still in the comparison gets at least this many
  // playouts a round (2 under a time budget, or fewer when this is lower), the ownership twice
  // this many, and the whole move at least this many. 16 is what a sensible move needs; a
  // smaller floor (1 at the least) makes a small `playouts` a near bound on the work, for a
  // fixed and tiny budget (the fuzz harnesses) where the move's quality does not matter.
  int least = 16;
  // The estimator's playouts in dispute play, where it finds the points in dispute (0: its
  // default for the board size).
  int dispute_playouts = 0;
  uint64_t seed = 1;      // the same seed and position always give the same move
  double settled = 0.85;  // expected ownership from which a point counts as settled
  // The estimator's playout policy (captures and escapes around the last move, local answers, no
  // self-atari of larger chains) instead of the light one: slower, much better judged.
  bool policy_playouts = true;
  // A time budget for the move, in seconds (0: none, the playouts decide). With one, the
  // playouts are at most `playouts`, or kTimedPlayoutsFactor times the default when that is 0.
  double seconds = 0;
  // The clock the budget is measured by (seconds, monotonic); empty: the steady clock. Tests
  // give one of their own.
  std::function<double()> clock;
};

// With a time budget and no playout target, the target is this many times the default.
inline constexpr int kTimedPlayoutsFactor = 20;

struct GenmoveResult {
  bool board_move = false;  // false: the rules' non-board move (GTP "pass")
  Point point;              // for a board move
  double win_rate = 0;      // of the chosen option, for the mover, from its playouts
  double mean_margin = 0;   // the mover's mean area margin in those playouts, komi included
  int candidates = 0;       // board moves compared
  int playouts = 0;         // playouts run, ownership included
  double seconds = 0;       // the time taken, by the options' clock (measured with a budget only)
  Message reason;           // why this move (text() renders it)
};

// The default playout budget for a board of `points` points.
int default_genmove_playouts(int points);

// A move for colour c in the game's present position. The game must be in play or dispute; c
// need not be the side to move (the position is judged with c to move).
GenmoveResult choose_move(const Game& g, Color c, const GenmoveOptions& opts = {});

}  // namespace jpd
