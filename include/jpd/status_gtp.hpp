// Dead stones from an external engine over GTP (final_status_list dead), e.g. GNU Go.
#pragma once

#include <string>

#include "jpd/game.hpp"
#include "jpd/gtp_client.hpp"
#include "jpd/status.hpp"

namespace jpd {

// Gives an engine the game: board size, komi, setup stones and the first `moves` moves (all when
// negative). Passes and virtual moves are the engine's passes; pause acts and negative moves
// leave its board alone. Throws GtpError (a non-square board, a move the engine refuses, ...).
void send_game(GtpClient& engine, const Game& g, int moves = -1);

// Starts `command`, gives it the game (board size, komi, setup stones and moves up to the
// position counted), asks `final_status_list dead` and stops it. Throws GtpError with the engine
// and the command on any failure (no such program, a move the engine refuses, a time-out, a
// garbled answer).
Statuses statuses_from_gtp(const Game& g, const std::string& command, double timeout_seconds = 60);

}  // namespace jpd
