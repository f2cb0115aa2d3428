// Numbers as people write them (number.hpp).
#include "jpd/number.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>

namespace jpd {

namespace {

// out += the text of an integer below 1e15 (not -0) or of a half below 1e5, and true; false and
// nothing appended for any other number.
bool append_small_number(std::string& out, double v) {
  const double m = std::fabs(v);
  char buf[24];
  if (v == std::floor(v)) {
    if (!(m < 1e15) || (v == 0 && std::signbit(v))) return false;
    out.append(buf, std::to_chars(buf, buf + sizeof buf, static_cast<long long>(v)).ptr);
    return true;
  }
  if (!(m < 1e5) || m - std::floor(m) != 0.5) return false;
  if (v < 0) out += '-';
  out.append(buf, std::to_chars(buf, buf + sizeof buf, static_cast<long long>(m)).ptr);
  out += ".5";
  return true;
}

}  // namespace

bool format_small_number(double v, std::string& out) {
  std::string s;
  if (!append_small_number(s, v)) return false;
  out = std::move(s);
  return true;
}

void append_number(std::string& out, double v) {
  if (!append_small_number(out, v)) out += format_number(v);
}

std::string format_number(double v) {
  if (std::string s; format_small_number(v, s)) return s;
  char buf[32];
  if (v == std::floor(v) && std::fabs(v) < 1e15) std::snprintf(buf, sizeof buf, "%.0f", v);
  else std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace jpd
