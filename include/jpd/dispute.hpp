// Dispute play (实战解决, SPEC §6.5): a paused game resumed with two GTP engines as the players,
// under the rules' dispute protocol (two-pass boundary, dispute compensation, superko history
// reset, 计活子's two virtual moves first), until the next pause; then the statuses the play
// confirmed.
#pragma once

#include <string>
#include <vector>

#include "jpd/game.hpp"
#include "jpd/message.hpp"
#include "jpd/status.hpp"

namespace jpd {

struct DisputeOptions {
  double timeout_seconds = 60;  // for each answer of an engine
  int max_moves = 0;            // moves of the dispute before it is stopped; 0: 3 x the points
  // Ask for kgs-genmove_cleanup where an engine knows it (GNU Go does): the engines then capture
  // the stones they think dead instead of passing, so that the play itself confirms statuses.
  bool cleanup = true;
};

struct DisputeResult {
  Game game;          // the whole game, the dispute included (paused again, or ended)
  Statuses statuses;  // source dispute: what both engines still call dead at the end
  int moves = 0;      // moves made in the dispute (non-board moves and pause acts included)
  std::vector<Message> notes;  // what happened besides the moves (text(), text.hpp, renders them)
};

// Resumes the paused game `g` and lets the engines play it out: `black` and `white` are commands
// started with /bin/sh (GNU Go: "gnugo --mode gtp"). An engine's pass is the rules' non-board
// move: a pass, or a virtual move where passes are not allowed; under agreed-pause rules a pass
// after the opponent's pass is a pause proposal that the opponent accepts. A move the rules
// refuse (e.g. a superko the engine does not know) is taken back on the engine's board and
// replaced by its non-board move, with a note. Throws GtpError (an engine that fails, times out
// or answers garbage) and std::invalid_argument (the game is not paused).
DisputeResult play_dispute(Game g, const std::string& black, const std::string& white,
                           const DisputeOptions& opts = {});

}  // namespace jpd
