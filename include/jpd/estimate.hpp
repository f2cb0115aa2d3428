// The built-in life-and-death estimator: which stones are dead at the pause, how sure it is, and
// which claims a player might make (SPEC §8 b). The default source of dead stones when a record
// has no markup.
//
// It combines Benson's unconditional life, playout-based ownership from the pause position with an
// eye-respecting policy (fixed seed: deterministic), and seki recognition (chains that survive
// with shared liberties). Under the 计枰点 presets bent four in the corner and eternal ko are never
// decided by a fixed rule: such chains are reported as unsettled, to be settled by dispute play.
//
// The playout policy (src/estimate/estimate_playout.hpp): a uniformly random acceptable move, where
// acceptable means legal under simple ko, not filling one of the mover's own single-point eyes,
// and not a self-atari of a chain of more than `max_self_atari` stones (so that a seki survives
// the playouts: filling a shared liberty puts one's own chain in atari; throw-ins and two-stone
// nakade stay possible). Before the random choice: an opponent chain the last move left in atari
// is captured; an own chain the last move put in atari is saved by extending where that gives it
// two liberties; and half the time the answer is one of the eight neighbours of the last move.
// Each playout starts with the side to move and the next one with the other side, so that a
// chain that lives or dies by the next move comes out unsettled.
//
// Decisions, in order: Benson's unconditionally alive chains are alive, and the opponent's stones
// inside their eyeless regions dead; the others by the share of playouts in which their points
// end up their colour (dead below `dead_below`, alive above `alive_above`, unsettled between); an
// unsettled chain in atari that its owner connects to a living chain on its liberty is alive; an
// open ko is resolved both ways (the holder connects / the taker takes) and, when that changes
// the fate of chains, they are unsettled and left to dispute play (`open_shape`), otherwise the
// holder's stone in it lives and the ko space is a suggested claim; bent four in the corner is
// left to dispute play under the 计枰点 presets and dead under the others; capturing races
// between unsettled chains are read out (docs/rules.md, interpretation 25: the winner lives, and
// chains that neither side can take, whoever starts, are alive); finally the chains alive in a
// seki unit of the position without the dead stones, its dame filled, are `seki` (each empty
// point next to both colours filled while the filler keeps two liberties, captures nothing and
// ataris nothing: the boundaries of a game that stops before its end are not taken for seki,
// and a seki's last shared liberties are never filled that way).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "jpd/board.hpp"
#include "jpd/game.hpp"
#include "jpd/message.hpp"
#include "jpd/status.hpp"

namespace jpd {

enum class ChainStatus : uint8_t {
  alive,      // (Benson: unconditionally; else by the playouts)
  dead,
  seki,       // alive by liberties shared with the opponent
  unsettled,  // the estimator is not sure (reported in Statuses::uncertain, not marked dead)
};
std::string_view name_of(ChainStatus s);

struct ChainEstimate {
  Point stone;                   // the chain's first stone in row-major order
  Color color = Color::Empty;
  int size = 0;
  ChainStatus status = ChainStatus::alive;
  double alive_probability = 1;  // from the playouts (1 for unconditional life)
  bool unconditional = false;    // Benson (alive), or inside a region of an unconditionally
                                 // alive opponent that cannot hold an eye (dead)
  bool open_shape = false;       // bent four in the corner or a ko its life depends on, left to
                                 // dispute play (never counted dead)
  Message reason;                // why, for reports (text(), text.hpp, renders it)
  // Unsettled: the empty point near it where a first move decides its fate most (the playouts'
  // share of its life with its owner's stone there minus with the opponent's, at least one
  // half: EstimateOptions::settle_playouts); Point::none() when no one point does.
  Point settle = Point::none();
};

// How shapes that the 计枰点 rules leave to dispute play (bent four in the corner, a ko on which
// the life of chains depends, eternal ko) are reported.
enum class OpenShapes : uint8_t {
  from_rules,  // unsettled under the 计枰点 presets, decided under the comparison presets
  unsettled,   // always unsettled (the estimate of a bare position defaults to this)
  decided,     // decided: bent four in the corner dead (Japanese ruling), kos by the playouts
};

struct EstimateOptions {
  int playouts = 0;              // 0: the default for the board size (default_playouts)
  uint64_t seed = 0x6a7064;      // fixed: the same position always gives the same answer
  double dead_below = 0.25;      // alive probability under which a chain is dead
  double alive_above = 0.75;     // ... above which it is alive; in between: unsettled
  // The statuses to count with need a decision for the unsettled chains too: one below this
  // alive probability is counted as dead, the others as alive, and each is still reported as
  // uncertain (Statuses::uncertain, with the decision in its reason). 0: never counted dead.
  // Chains left to dispute play (open_shape) are never counted dead.
  double count_dead_below = 0.5;
  OpenShapes open_shapes = OpenShapes::from_rules;
  int max_self_atari = 2;        // playouts allow a self-atari only of chains this small
  // Nodes of each reading of a capturing race (up to four a race); a race not read within them
  // is left to the playouts. (The fuzz harnesses give it a small budget.)
  int race_nodes = 20000;
  // Playouts for each side's first move on each point tried for an unsettled chain's settling
  // point (ChainEstimate::settle: its liberties and the empty points next to them, four at most,
  // the most contested first). 0: none looked for.
  int settle_playouts = 12;
  // The position ends a game that two passes (or non-board moves) ended: the player to move can
  // take a chain of the opponent's left in atari at once (the passes lifted any ko ban), so the
  // chain's owner does not get to connect it first. estimate(const Game&) sets it.
  bool ended_by_passes = false;
};

// The default number of playouts for a board of `points` points (about 400 on 19x19, more on
// smaller boards, where playouts are short).
int default_playouts(int points);

// An open ko at the pause: `stone` (of `holder`) can be captured by the opponent playing at
// `space`; the capture would be a ko.
struct OpenKo {
  Point space;
  Point stone;
  Color holder = Color::Empty;
  bool decides_life = false;  // chains around it live or die by it
};

struct Estimate {
  int width = 0, height = 0;
  // Expected owner of every point, row-major from the top-left: +1 Black ... -1 White.
  std::vector<double> ownership;
  std::vector<ChainEstimate> chains;
  // Claims a player might make: in the seki regions of the position without the dead stones,
  // the points the classification with exclusive liberties gives one side (seki exclusive
  // liberties) and the public liberties only one side can fill without leaving its chain in
  // atari (one-sided dame, for that side); the space of an open ko that decides no life (for
  // its holder). tests/estimate/estimate_test.cpp proves its seki positions by reading.
  std::vector<Claim> suggested_claims;
  std::vector<OpenKo> open_kos;
  int playouts = 0;
  // Shapes found (bent four in the corner, kos), as messages: note.est_* of the texts' table
  // (rendered by text(), text.hpp).
  std::vector<Message> notes;

  double owner_at(Point p) const { return ownership[size_t(p.y) * width + p.x]; }
  // The chain containing p (nullptr for an empty point).
  const ChainEstimate* chain_at(Point p) const;
  // The statuses to count with: dead chains (one stone each) and the unsettled ones as uncertain
  // (those below count_dead_below counted as dead too, see EstimateOptions).
  Statuses statuses() const;
  double count_dead_below = 0.5;
  // "estimator, 400 playouts"
  Message detail() const;

  // Index of the chain of every point (row-major), -1 for empty points.
  std::vector<int> chain_of;
};

// Estimates the position the game would be counted at (the pause position in independent dispute
// mode, else the current board), with the side to move of the game.
Estimate estimate(const Game& g, const EstimateOptions& opts = {});
// Estimates a bare position (no rules: OpenShapes::from_rules counts as unsettled; claims of ko
// spaces and one-sided dame are suggested as under the 计枰点 presets).
Estimate estimate(const Board& position, Color to_move, const EstimateOptions& opts = {});


// Benson's unconditional life (pass-alive chains) for colour c: alive[i] is 1 on every stone of a
// chain of c that cannot be captured even if c always passes. dead_inside[i] is 1 on the stones
// of the opponent inside a region of such chains whose every empty point is a liberty of one of
// them: those stones can never make an eye nor a seki, so they are dead.
struct Benson {
  std::array<uint8_t, Board::kArea> alive{};
  std::array<uint8_t, Board::kArea> dead_inside{};
  std::array<uint8_t, Board::kArea> safe_region{};  // points of those vital regions
};
Benson benson(const Board& b, Color c);

}  // namespace jpd
