// A referee's board must equal its recomputation after every call; the harnesses that drive a
// Game (game_fuzzer directly, gtp_fuzzer through the GTP engine) check it the same way.
#pragma once

#include <string>

#include "harness.hpp"
#include "jpd/game.hpp"

namespace jpd::fuzz {

inline void expect_consistent(const Game& g, const char* after) {
  std::string why;
  if (g.board().check_consistency(&why)) return;
  // Setup may leave a chain without a liberty (Game::setup_without_liberty); nothing else.
  check(g.setup_without_liberty().valid() && why == "chain without liberty on the board", after,
        why);
}

}  // namespace jpd::fuzz
