// GTP moves (a vertex, "pass", "resign") and the referee's moves under a rule set, both ways: what
// a GTP player's pass means under rules that have virtual moves or agreed pauses, and the GTP
// command lines that tell an engine what the referee did.
//
// The mapping (README, "jpd gtp"):
//  - a vertex is the board move; when the opponent's pause proposal is pending, it first rejects
//    the proposal, and the proposer plays the virtual move the rejection obliges it to (003 art.
//    21.2), so that on the board the proposer "passed" and the other side played on;
//  - "pass" is the rules' non-board move: a pass where the rules have passes, else a virtual move;
//    it accepts the opponent's pending proposal; under agreed-pause-only rules (living-x), where
//    two non-board moves never pause the game, it is a proposal to pause. Two GTP passes in a row
//    are therefore a pause under every rule set: two passes, two virtual moves, or a proposal and
//    its acceptance;
//  - "resign" resigns.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jpd/game.hpp"

namespace jpd {

struct GtpMove {
  enum class Kind : uint8_t { vertex, pass, resign };
  Kind kind = Kind::pass;
  Point point;  // for vertex

  static GtpMove at(Point p) { return {Kind::vertex, p}; }
  static GtpMove pass() { return {Kind::pass, Point::none()}; }
  static GtpMove resign() { return {Kind::resign, Point::none()}; }
  friend bool operator==(const GtpMove&, const GtpMove&) = default;
};

// "pass", "resign" (any case) or a vertex on a width x height board; nullopt otherwise.
std::optional<GtpMove> parse_gtp_move(std::string_view text, int width, int height);
// "D4", "pass", "resign".
std::string to_string(const GtpMove& m, int height);

// The non-board move the rules have: a pass where passes are allowed, else a virtual move.
Move non_board_move(const Ruleset& r, Color c);
// The non-board move a rejected proposal obliges the proposer to play (a virtual move where the
// rules have them), as Game requires it.
Move owed_non_board_move(const Ruleset& r, Color c);

// The referee moves that a GTP move by c stands for in the game as it is now (see the file
// comment). They are not checked: Game::play decides.
std::vector<Move> referee_moves(const Game& g, Color c, const GtpMove& m);

// The GTP move a referee move shows as to a GTP program (nullopt: nothing on the board, e.g. a
// rejection or a negative move).
std::optional<GtpMove> gtp_move_of(const Move& m);

// Applies one recorded action (Game::actions()) to a game, as Game::undo replays them; a refused
// move, resumption or the like returns the referee's verdict. Setup throws PointError off the board.
Verdict apply_action(Game& g, const Game::Action& a);

// How an engine is told what happened.
enum class MirrorStyle : uint8_t {
  plain,  // standard GTP: board moves and passes only (GNU Go and every other engine)
  jpd,    // jpd gtp: every referee action exactly, with the jpd- commands
};

// The command lines that bring a fresh engine to the game's present state (board size, komi or
// the rule set, setup, every move). Throws std::invalid_argument for what plain GTP cannot say (a
// rectangular board, a setup stone removed).
std::vector<std::string> gtp_sync_commands(const Game& g, MirrorStyle style);

// The command lines for what the referee did since an earlier state of the same game, given as
// the sizes of actions() and moves() then.
std::vector<std::string> gtp_update_commands(const Game& g, size_t actions_before,
                                             size_t moves_before, MirrorStyle style);

}  // namespace jpd
