// Finishing a game that stopped before its end, as the players would have finished it.
//
// Records of professional games almost always stop before the end: the players played the small
// endgame, the dame and the defensive moves off the record and agreed on the count. Counting such
// a record needs that last phase, played as they would have played it, for the count the rules
// use:
//
//  - territory counting (Japanese): dame are worth nothing, but a dame that leaves a chain short
//    of liberties forces a defensive move (手入れ) inside one's own territory, at the cost of a
//    point; a ko is connected by its holder;
//  - area counting (Chinese, Ing's fill-up, AGA, ...): every dame is a point for whoever fills it,
//    so their parity decides a point; defensive moves cost no point but a move.
//
// finish_game() plays it in named passes:
//  1. the boundary: the empty points of regions bordered by both colours once the dead stones are
//     gone, the liberties of chains in atari, and the liberties of every chain that filling the
//     boundary would leave short of liberties (with the liberties of the dead chains next to it:
//     taking them is a defence too), until nothing more is added;
//  2. the regions: boundary points that touch, or that are liberties of one such short chain, are
//     one local region; a region of one point that either side can fill without putting a chain
//     in atari or taking anything is a simple dame;
//  3. the simple dame: worth nothing under territory counting (they are filled alternately first,
//     which changes nothing), one point to whoever fills them under area counting (the search
//     takes them as one pile: which of them is filled does not matter, only how many each side
//     gets);
//  4. the search: alpha-beta over the moves of the other regions, the pile, and the pass, both
//     sides playing for the count; the moves are the region's points (no self-atari but a capture),
//     the captures and defences of chains in atari, and the pass; two passes end it. A ko open when
//     the game stopped is connected by its holder (docs/rules.md interpretation 20); one made
//     while finishing goes to whoever takes it first. Iterative deepening within a node budget;
//     a sum too large to search is played on hottest move first (the option that gains most
//     where it is played; under area counting a simple dame where none gains more than it);
//     a region whose game outgrows its budget is searched there instead of read out;
//  5. the fixed order, for what the reading budget left unread (or with no search at all): each
//     side defends a living chain in atari, else takes a region point or a simple dame without
//     self-atari, else passes.
#pragma once

#include <cstdint>
#include <vector>

#include "jpd/board.hpp"
#include "jpd/move.hpp"

namespace jpd {

// What the finish plays for.
enum class FinishScoring : uint8_t {
  territory,  // territory + prisoners (Japanese, Korean)
  area,       // stones + territory (Chinese, Ing, AGA, New Zealand, ...)
};

struct FinishOptions {
  FinishScoring scoring = FinishScoring::territory;
  // Positions the search over the sum of the local games may visit; past them, the rest of the
  // sum is played hottest move first (0: no search, the fixed order).
  int max_nodes = 200000;
  // Positions the reading of one local region may make: a region whose game is larger is not
  // read out but searched, each side's best line there within half as many positions.
  int region_budget = 4000;
  // A region where the two sides have this many moves or more at its start (Black's and White's
  // counted together) is searched at once, its tree not made: such a tree outgrows
  // region_budget (none of the 740 such readings over docs/corpus.md's manifest was read out),
  // and making those trees before finding so was 28 % of the positions the reading made (the
  // result is the same). 0: the tree is always made first.
  int read_root_moves = 15;
  // Positions the reading of all local regions may visit together, over the whole finish; once
  // spent, the regions not yet read are filled out in the fixed order (0: no limit). This bounds
  // the time a record that stops far from its end takes.
  int max_reading = 40000;
  // A record that stops far from its end (the fixed order alone, dame and defences, plays more
  // than `far_moves` moves from it) is read within `far_reading` positions in all instead: its
  // regions are large and open, reading them out is slow and seldom gives the players' result,
  // and a quarter of the budget brings its count closer as often (docs/corpus.md). 0: never.
  int far_moves = 100;
  int far_reading = 10000;
  // The game's last move was a pass: a pass now ends it (the line then starts with a move, or is
  // empty).
  bool after_pass = false;
  // Territory counting reads eyes (Ruleset::eye_reading = japanese): the search counts territory
  // as count() then does.
  bool read_eyes = false;
  // Without the eye reading, the eyes of units in seki are territory (seki_eyes_counted): the
  // search counts territory as count() then does.
  bool seki_eyes = false;
};

struct Ruleset;
// Whether the Japanese count of `rules` takes the owned points of units in seki as territory:
// Japanese counting with seki_territory=owned (count.cpp; docs/rules.md, interpretation 26).
bool seki_eyes_counted(const Ruleset& rules);

// What finishing found.
struct Finish {
  std::vector<Move> moves;  // from the side to move, passes included between moves, none at the end
  bool searched = false;    // the search's line (else the fixed order)
  int nodes = 0;            // positions the search visited
  int reading = 0;          // positions the local reading visited
  bool reading_spent = false;  // max_reading was reached: some regions were filled out unread
  bool far = false;            // far from its end: read within far_reading (FinishOptions)
  // The count (Black minus White, before komi, under the scoring of the options) the line
  // changes, relative to the position as it stopped: the search's value of the finishing phase
  // (0 for the fixed order).
  int value = 0;
  // Stones the line leaves standing that are dead (thrown into the other side's territory and
  // not taken: the owner can take them), one stone a chain; the stones found dead before are
  // still dead where they stand.
  std::vector<Point> dead;
  int simple_dame = 0;      // simple dame (pass 3)
  int region_points = 0;    // points of the other regions (searched)
  int regions = 0;          // local regions (simple dame included)
};

Finish finish_game(const Board& position, const std::vector<Point>& dead, Color to_move,
                   const FinishOptions& opts = {});

// The moves of finish_game (the search's line, or the fixed order).
std::vector<Move> finishing_moves(const Board& position, const std::vector<Point>& dead,
                                  Color to_move, const FinishOptions& opts = {});

// The count finish_game plays for: Black minus White, up to a constant, of the position with the
// stones of `dead` (whole chains) counted as the opponent's (a dead chain a living stone has
// joined is alive).
int finish_score(const Board& b, const std::vector<Point>& dead, const FinishOptions& opts = {});

}  // namespace jpd
