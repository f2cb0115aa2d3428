// The parity of a count under area counting (parity.hpp).
#include "jpd/parity.hpp"

#include <cmath>

namespace jpd {

bool parity_fixed(const Ruleset& r) {
  const bool area = r.counting == CountingMethod::area || r.counting == CountingMethod::fill_up;
  return area && r.compensation == Compensation::law &&
         r.dispute_compensation == Compensation::law && !r.pass_stone && !r.button &&
         r.group_tax % 2 == 0;
}

double black_lead(const Count& c) {
  return c.winner == Color::Black ? c.margin : c.winner == Color::White ? -c.margin : 0;
}

bool odd_points_apart(const Count& c, double lead) {
  if (c.end != EndReason::counted || !parity_fixed(c.rules)) return false;
  const double apart = std::fabs(black_lead(c) - lead);
  const double whole = std::round(apart);
  return std::fabs(apart - whole) < 1e-9 && std::fmod(whole, 2.0) == 1.0;
}

}  // namespace jpd
