// Numbers written as people write them, for the texts (text.hpp) and the count's own notes.
#pragma once

#include <string>

namespace jpd {

// Numbers as people write them: 45, 45.5, 183.75 (no trailing zeros).
std::string format_number(double v);
// The text printf gives an integer below 1e15 ("%.0f") or a half below 1e5 ("%g") in absolute
// value, negative zero excepted, written without printf (counting formats many); false, `out`
// untouched, for any other value. format_number and the count's texts use it first.
bool format_small_number(double v, std::string& out);
// out += format_number(v), integers and halves written in place.
void append_number(std::string& out, double v);

}  // namespace jpd
