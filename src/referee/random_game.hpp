// Random legal games under any rule set, with random statuses for counting them: the one
// generator behind the property tests, the differential tests and `jpd stress`.
//
// A game is determined by its seed alone (a splitmix64 stream, the same on every platform): a
// failure found by `jpd stress` is reproduced from the seed it prints. Games use every part of the
// referee the rules allow: board moves, passes, virtual moves, pause proposals accepted and
// rejected, resignation, handicap and setup stones, rectangular boards, disputes after the pause
// (with and without the referee's opening virtual moves), moves found after an agreed pause, and
// negative moves at making.
#pragma once

#include <cstdint>

#include "jpd/game.hpp"
#include "jpd/status.hpp"

namespace jpd {

struct RandomGameOptions {
  int min_size = 3, max_size = 9;  // sides drawn from this range (2..25)
  int rectangular_one_in = 8;      // 1 in n boards has a height drawn separately (0: never)
  int handicap_one_in = 8;         // fixed handicap, where the board has one
  int setup_one_in = 16;           // a few random setup stones before the first move
  int max_moves_per_point = 2;     // contest length drawn from 0 .. points * this
  int resign_one_in = 2000;        // per move
  int dispute_one_in = 4;          // after each pause, play resumes (or a found move resumes it)
  int making_one_in = 8;           // negative moves are played at making
  int dead_one_in = 10;            // each stone of the counted position is listed dead
  int claim_one_in = 16;           // under rules with claims, an empty point is claimed
};

struct RandomGame {
  Game game;
  Statuses statuses;  // for the position count() counts (the pause position in independent mode)
};

// Plays a random game under `rules`.
RandomGame random_game(const Ruleset& rules, uint64_t seed, const RandomGameOptions& opts = {});

// The seed of game `index` under the rule set numbered `rules_index` in a run started with `seed`:
// every game has its own stream, so a run's games do not depend on how they are shared out.
uint64_t random_game_seed(uint64_t seed, int rules_index, uint64_t index);

}  // namespace jpd
