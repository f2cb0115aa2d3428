// The clock of a GTP game as the controller gives it (time_settings, kgs-time_settings,
// time_left), and the time the engine may spend on one move.
//
//   time_settings MAIN BYO STONES     GTP 2: absolute time when BYO is 0; no limit when BYO > 0
//                                     and STONES is 0; otherwise Canadian byo-yomi (STONES
//                                     moves in every BYO seconds after MAIN)
//   kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD PERIODS | canadian MAIN BYO STONES
//   time_left COLOR SECONDS STONES    SECONDS left; STONES 0 in the main time, else the stones
//                                     left in the Canadian period (KGS: the periods left)
//
// The budget of a move: in the main time, what is left over the moves the engine still expects
// to play (a third of the empty points, at least 12), or the byo-yomi's share if that is more;
// in Canadian byo-yomi the period's time over its stones; in Japanese byo-yomi most of one
// period; always 10 % and 0.1 s short of it for the controller's lag, and at least 0.02 s.
#pragma once

#include <string>

#include "jpd/point.hpp"

namespace jpd {

struct GtpTimeControl {
  enum class Kind { none, absolute, canadian, byoyomi };
  Kind kind = Kind::none;
  double main = 0;    // seconds
  double period = 0;  // seconds of a byo-yomi period
  int stones = 0;     // Canadian: moves per period; Japanese byo-yomi: the number of periods
};

// What the controller said is left of one side's clock, then what the engine's own moves used.
struct GtpTimeLeft {
  bool known = false;  // time_left was given (else the settings' main time, less what was used)
  double seconds = 0;
  int stones = 0;      // 0: in the main time
};

// The seconds the engine may spend on its next move; 0 when there is no limit.
double move_budget(const GtpTimeControl& tc, const GtpTimeLeft& left, int empty_points);

// The clock after the engine's move took `used` seconds: the main time first, then the period
// (a Canadian period starts afresh once its stones are played; a Japanese one after each move).
GtpTimeLeft after_move(const GtpTimeControl& tc, GtpTimeLeft left, double used);

// The settings and the clock in words, for jpd-time.
std::string describe(const GtpTimeControl& tc, const GtpTimeLeft& left);

}  // namespace jpd
