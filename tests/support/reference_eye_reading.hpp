// The eye reading as it was before it was made fast (src/count/eye_reading.cpp at the time, kept
// here unchanged but for the map it returns): the reference that eye_reading_diff_test.cpp compares
// EyeReadingMap::of with, map by map, on goscorer's positions and on random ones.
#pragma once

#include <cstdint>
#include <vector>

#include "jpd/eye_reading.hpp"

namespace jpd::reference {

// Every map of EyeReadingMap, point by point in row order.
struct ReadingMaps {
  int width = 0, height = 0;
  std::vector<Color> territory, seki;
  std::vector<uint8_t> false_eye, unscored_false_eye, dame, eye_value;
  int territory_count[2] = {0, 0};
};

ReadingMaps read_eyes(const FinalPosition& f, const EyeReadingOptions& opts = {});

}  // namespace jpd::reference
