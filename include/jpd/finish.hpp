// Finishing a game that stopped before its dame were filled, for counting it Japanese-style.
//
// Territory counting assumes a finished game: every dame filled, and every defensive move (手入れ)
// the filling makes necessary played inside one's own territory, at the cost of a point. Records
// of professional games often stop before that; their recorded result counts the game as the
// players finished it. finishing_moves() plays that last phase:
//
//  - a search (the default): both sides play the finishing phase as well as they can, Black
//    maximising and White minimising the Japanese count (count()'s Japanese view: territory +
//    prisoners, the stones already found dead counted as prisoners). The moves considered are
//    the dame (points of regions bordered by both colours once the dead stones are gone, never a
//    seki liberty) without self-atari, the liberties of chains in atari (defending one's own,
//    capturing the opponent's, taking dead stones), the moves that give a chain with two
//    liberties a third, and the pass; two passes in a row end it. A ko open when the game
//    stopped is connected by its holder; one made while finishing goes to whoever takes it
//    first. A dame that forces the opponent to defend is therefore taken first, and a dame that
//    would short one's own liberties is left alone. Iterative deepening within a node budget.
//  - the greedy order, when the search would exceed its node budget (large boards with many
//    dame): from the side to move, each side in turn defends a living chain left in atari, else
//    fills a dame next to its living stones without putting its own chain in atari, else passes.
#pragma once

#include <vector>

#include "jpd/board.hpp"
#include "jpd/move.hpp"

namespace jpd {

struct FinishOptions {
  // Positions the search may visit before it gives up for the greedy order (0: greedy only).
  int max_nodes = 500000;
  // More dame than this: the fixed order at once (a search of so many does not end in budget).
  int max_dame = 24;
  // The game's last move was a pass: a pass now ends it (the line then starts with a move, or is
  // empty).
  bool after_pass = false;
  // The Japanese view reads eyes (Ruleset::eye_reading = japanese): the search counts territory
  // as count() then does.
  bool read_eyes = false;
};

// What finishing found.
struct Finish {
  std::vector<Move> moves;  // from the side to move, passes included between moves, none at the end
  bool searched = false;    // the search's line (else the greedy order)
  int nodes = 0;            // positions the search visited
  // The Japanese count (Black minus White, before komi) the line changes, relative to the
  // position as it stopped: the search's value of the finishing phase (0 for the greedy order).
  int value = 0;
};

Finish finish_game(const Board& position, const std::vector<Point>& dead, Color to_move,
                   const FinishOptions& opts = {});

// The moves of finish_game (the search's line, or the greedy order).
std::vector<Move> finishing_moves(const Board& position, const std::vector<Point>& dead,
                                  Color to_move, const FinishOptions& opts = {});

}  // namespace jpd
