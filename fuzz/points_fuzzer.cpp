// Fuzz harness: the command line's points and claims (--dead POINTS, --claim COLOR:POINT). The
// first two bytes give the board's width and height, any value at all (parse_point documents a
// PointError for a board it cannot have); the rest is the argument text. Every point accepted is
// on the board and reads back from its GTP and SGF forms.
#include <cstdint>
#include <string>

#include "harness.hpp"
#include "jpd/score.hpp"

namespace jpd::fuzz {

namespace {

void check_point(Point p, int width, int height) {
  check(p.inside(width, height), "a point outside the board was accepted");
  check(parse_point(to_gtp(p, height), width, height) == p, "GTP form does not read back");
  check(parse_point(to_sgf(p), width, height) == p, "SGF form does not read back");
}

}  // namespace

void points_input(std::string_view data) {
  if (data.size() < 2) return;
  // Mostly sizes 2..25 (25 of 32 values of the low five bits); the rest is out of range.
  const int width = static_cast<uint8_t>(data[0]) % 32, height = static_cast<uint8_t>(data[1]) % 32;
  const std::string_view text = data.substr(2);
  try {
    check_point(parse_point(text, width, height), width, height);
  } catch (const PointError&) {
  }
  try {
    for (Point p : parse_point_list(text, width, height)) check_point(p, width, height);
  } catch (const PointError&) {
  }
  try {
    const Claim c = parse_claim(text, width, height);
    check(is_stone(c.color), "a claim without a colour was accepted");
    check_point(c.point, width, height);
  } catch (const PointError&) {
  }
}

}  // namespace jpd::fuzz

#ifndef JPD_FUZZ_NO_ENTRY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  jpd::fuzz::points_input({reinterpret_cast<const char*>(data), size});
  return 0;
}
#endif
