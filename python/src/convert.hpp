// Conversions between Python values and the library's: JSON values (the report of
// `jpd score --json` and rule sets as dicts), and the flexible arguments the Python API accepts
// for colours, points, claims, rule sets and board sizes.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>

#include "jpd/point.hpp"
#include "jpd/rules.hpp"
#include "jpd/status.hpp"

namespace jpd::py {

namespace pyb = pybind11;

// JSON -> Python: null None, booleans, numbers (int / float), strings, lists, dicts.
pyb::object to_python(const nlohmann::json& j);
// Python -> JSON (the inverse, for dicts of rule fields). TypeError for other values.
nlohmann::json to_json_value(pyb::handle h);

// A colour: Color.BLACK / Color.WHITE (or EMPTY), or text "B", "W", "black", "white".
Color color_arg(pyb::handle h);
// None for Color.EMPTY, else the colour.
pyb::object color_or_none(Color c);

// A point: Point, a pair (x, y) counted from the top-left (SGF orientation, 0-based), or text in
// GTP ("D4") or SGF ("dd") notation. PointError (jipingdian.PointError) when not on the board.
Point point_arg(pyb::handle h, int width, int height);
// Several points: text "C3,D4" (commas or spaces) or an iterable of points.
std::vector<Point> points_arg(pyb::handle h, int width, int height);
// A claim: Claim, text "B:D4", or a pair (colour, point). Several: an iterable of them.
Claim claim_arg(pyb::handle h, int width, int height);
std::vector<Claim> claims_arg(pyb::handle h, int width, int height);

// A rule set: Ruleset, or text "PRESET[,key=value...]"; None gives `fallback`.
Ruleset ruleset_arg(pyb::handle h, const Ruleset& fallback = Ruleset{});
// Optional rules text for the record-based functions: None, text, or a Ruleset (its canonical
// text).
std::optional<std::string> rules_text_arg(pyb::handle h);
// The same, read (parse_rules_text): the rules the record-based functions are given.
std::optional<RulesText> rules_arg(pyb::handle h);

// A board size: n for n x n, or a pair (width, height).
std::pair<int, int> size_arg(pyb::handle h);

// A file name: str or os.PathLike.
std::string path_arg(pyb::handle h);

// The lines of a text diagram (without the line breaks).
std::vector<std::string> lines_of(const std::string& text);

}  // namespace jpd::py
