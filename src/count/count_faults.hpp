// A test hook of count(): a fault that breaks one side of one invariant on purpose, so that a
// test sees that invariant, and only it, fail (tests/count/count_invariants_test.cpp). Not part of the
// library's interface (this header is not installed, and no option or command reaches it); the
// fault is per thread and none unless a test sets one.
#pragma once

#include <cstdint>

namespace jpd::detail {

// One per invariant of count() (SPEC §7), named after it; the per-colour invariants are broken
// for Black.
enum class CountFault : uint8_t {
  none,
  area_total,                       // the board's points counted one too many
  stones_accounted,                 // one black stone too many on the counted board
  refill_identity,                  // one black territory point too many on the refilled board
  equal_stones,                     // one black stone too many on the equal-stones board
  territory_equals_area_minus_pay,  // one black territory point too many on that board
  area_from_territory,              // the same, as area_from_territory_B reads it
  fill_up_equals_area,              // one black stone too many on Ing's filled board
  living_identity,                  // one black stone too many on the living-stones board
  haiqitou_groups,                  // one black group too many in the 还棋头 count
  haiqitou_equals_living_stones,    // one point too many in the 还棋头 difference
};

void set_count_fault(CountFault f);
CountFault count_fault();

// Sets a fault for its scope.
class ScopedCountFault {
 public:
  explicit ScopedCountFault(CountFault f) { set_count_fault(f); }
  ~ScopedCountFault() { set_count_fault(CountFault::none); }
  ScopedCountFault(const ScopedCountFault&) = delete;
  ScopedCountFault& operator=(const ScopedCountFault&) = delete;
};

}  // namespace jpd::detail
