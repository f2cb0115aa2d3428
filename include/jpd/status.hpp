// Life-and-death statuses and claims: what the players agreed (or an estimator, an engine or a
// dispute found) about the position at the pause. Where they came from is recorded; how they were
// found is not this room's business (estimate.hpp, gtp, dispute play).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "jpd/message.hpp"
#include "jpd/point.hpp"

namespace jpd {

// A player's claim of a single point (SPEC §4 `claims`): a ko space held with more ko threats,
// a one-sided dame in seki (单方权利单官). For an eternal ko (万年劫) the holder claims the ko space
// and the opponent stone in the ko (which is then taken as captured): two points.
struct Claim {
  Color color = Color::Empty;
  Point point;
  friend bool operator==(const Claim&, const Claim&) = default;
};

enum class StatusSource : uint8_t {
  none,      // no dead stones
  given,     // listed by the user (command line, API)
  sgf,       // the record's markup (JD, or TB/TW over stones)
  estimate,  // the built-in estimator
  gtp,       // an external engine's final_status_list
  dispute,   // confirmed by dispute play
};
std::string_view name_of(StatusSource s);

// A chain the estimator is unsure about.
struct UncertainChain {
  Point stone;              // one stone of the chain
  Color color = Color::Empty;
  double alive_probability = 0.5;
  Message reason;           // why, for reports (text(), text.hpp, renders it)
  Point settle = Point::none();  // the point whose first move decides it (estimator), or none
};

struct Statuses {
  std::vector<Point> dead;  // stones found dead; a stone stands for its whole chain
  std::vector<Claim> claims;
  StatusSource source = StatusSource::none;
  Message source_detail;  // e.g. the engine command ("text.as_written"), the playouts
  std::vector<UncertainChain> uncertain;
  // Claims a player might make (the estimator's suggestions: one-sided dame, seki exclusive
  // liberties, unconnected ko spaces). Never counted unless a player makes them (claims).
  std::vector<Claim> suggested_claims;
};

}  // namespace jpd
