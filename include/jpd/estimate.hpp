// The built-in life-and-death estimator: which stones are dead at the pause, how sure it is, and
// which claims a player might make (SPEC §8 b). The default source of dead stones when a record
// has no markup.
//
// It combines Benson's unconditional life, playout-based ownership from the pause position with an
// eye-respecting policy (fixed seed: deterministic), and seki recognition (chains that survive
// with shared liberties). Under the 计枰点 presets bent four in the corner and eternal ko are never
// decided by a fixed rule: such chains are reported as unsettled, to be settled by dispute play.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "jpd/game.hpp"
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
  bool unconditional = false;    // Benson
  std::string reason;            // in words, for reports
};

struct EstimateOptions {
  int playouts = 0;              // 0: the default for the board size
  uint64_t seed = 0x6a7064;      // fixed: the same position always gives the same answer
  double dead_below = 0.25;      // alive probability under which a chain is dead
  double alive_above = 0.75;     // ... above which it is alive; in between: unsettled
};

struct Estimate {
  int width = 0, height = 0;
  // Expected owner of every point, row-major from the top-left: +1 Black ... -1 White.
  std::vector<double> ownership;
  std::vector<ChainEstimate> chains;
  std::vector<Claim> suggested_claims;  // one-sided dame, seki exclusive liberties, ko spaces
  int playouts = 0;

  double owner_at(Point p) const { return ownership[size_t(p.y) * width + p.x]; }
  // The statuses to count with: dead chains (one stone each) and the unsettled ones as uncertain.
  Statuses statuses() const;
};

// Estimates the position the game would be counted at (the pause position in independent dispute
// mode, else the current board), with the side to move of the game.
Estimate estimate(const Game& g, const EstimateOptions& opts = {});

}  // namespace jpd
