#include "jpd/gtp_time.hpp"

#include <algorithm>
#include <cstdio>

namespace jpd {

namespace {

std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f s", s);
  return buf;
}

// The time left on the clock as it stands: the controller's, else the settings' main time.
GtpTimeLeft current(const GtpTimeControl& tc, GtpTimeLeft left) {
  if (left.known) return left;
  left.seconds = tc.main;
  left.stones = 0;
  if (tc.main <= 0 && tc.kind == GtpTimeControl::Kind::canadian) {
    left.seconds = tc.period;
    left.stones = tc.stones;
  }
  if (tc.main <= 0 && tc.kind == GtpTimeControl::Kind::byoyomi) {
    left.seconds = tc.period;
    left.stones = tc.stones;
  }
  return left;
}

// The share of a byo-yomi period one move may take.
double period_share(const GtpTimeControl& tc, const GtpTimeLeft& left) {
  switch (tc.kind) {
    case GtpTimeControl::Kind::canadian:
      return left.stones > 0 ? left.seconds / left.stones : tc.period / std::max(1, tc.stones);
    case GtpTimeControl::Kind::byoyomi: return left.stones > 0 ? left.seconds : tc.period;
    default: return 0;
  }
}

}  // namespace

double move_budget(const GtpTimeControl& tc, const GtpTimeLeft& given, int empty_points) {
  if (tc.kind == GtpTimeControl::Kind::none) return 0;
  const GtpTimeLeft left = current(tc, given);
  double budget = 0;
  if (left.stones > 0) {
    budget = period_share(tc, left);  // in byo-yomi
  } else {
    const int moves = std::max(12, empty_points / 3);
    budget = std::max(0.0, left.seconds) / moves;
    if (tc.kind != GtpTimeControl::Kind::absolute) budget = std::max(budget, period_share(tc, left));
  }
  return std::max(0.02, budget * 0.9 - 0.1);
}

GtpTimeLeft after_move(const GtpTimeControl& tc, GtpTimeLeft left, double used) {
  left = current(tc, left);
  left.known = true;
  if (left.stones == 0) {
    left.seconds -= used;
    if (left.seconds > 0 || tc.kind == GtpTimeControl::Kind::absolute) return left;
    used = -left.seconds;  // the main time is spent: the rest from the first period
    left.seconds = tc.period;
    left.stones = tc.stones;
  }
  left.seconds -= used;
  if (tc.kind == GtpTimeControl::Kind::canadian && --left.stones == 0) {
    left.seconds = tc.period;  // the period's stones are played: a new period
    left.stones = tc.stones;
  } else if (tc.kind == GtpTimeControl::Kind::byoyomi) {
    if (left.seconds < 0 && left.stones > 1) --left.stones;  // a period used up
    left.seconds = tc.period;
  }
  return left;
}

std::string describe(const GtpTimeControl& tc, const GtpTimeLeft& given) {
  std::string s;
  switch (tc.kind) {
    case GtpTimeControl::Kind::none: return "no time limit";
    case GtpTimeControl::Kind::absolute: s = "absolute " + seconds_text(tc.main); break;
    case GtpTimeControl::Kind::canadian:
      s = "main " + seconds_text(tc.main) + ", Canadian byo-yomi " + std::to_string(tc.stones) +
          " stones in " + seconds_text(tc.period);
      break;
    case GtpTimeControl::Kind::byoyomi:
      s = "main " + seconds_text(tc.main) + ", byo-yomi " + std::to_string(tc.stones) + " x " +
          seconds_text(tc.period);
      break;
  }
  const GtpTimeLeft left = current(tc, given);
  s += "; left " + seconds_text(left.seconds);
  if (left.stones > 0)
    s += tc.kind == GtpTimeControl::Kind::byoyomi ? " of a period, " + std::to_string(left.stones) + " periods"
                                                   : " for " + std::to_string(left.stones) + " stones";
  return s;
}

}  // namespace jpd
