// Colours and coordinates.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "convert.hpp"
#include "jpd/point.hpp"

namespace jpd::py {

void bind_point(pyb::module_& m) {
  pyb::enum_<Color>(m, "Color", "The content of a board point: EMPTY, BLACK, WHITE (EDGE off the board).")
      .value("EMPTY", Color::Empty)
      .value("BLACK", Color::Black)
      .value("WHITE", Color::White)
      .value("EDGE", Color::Edge)
      .export_values()
      .def_property_readonly("letter", [](Color c) { return std::string(color_letter(c)); },
                             "'B', 'W' or '.' (also for EDGE).")
      .def_property_readonly(
          "opponent",
          [](Color c) {
            if (!is_stone(c)) throw pyb::value_error("only BLACK and WHITE have an opponent");
            return opponent(c);
          },
          "WHITE for BLACK and BLACK for WHITE.")
      .def_static("parse", [](pyb::object h) { return color_arg(h); }, pyb::arg("text"),
                  "A colour from 'B', 'W', 'black' or 'white' (any case).");

  pyb::class_<Point>(m, "Point",
                     "A board coordinate: column x from the left and row y from the top (SGF "
                     "orientation), both 0-based. Unpacks and compares like the pair (x, y).")
      .def(pyb::init([](long x, long y) {
             // A coordinate is stored in a byte: outside the largest board it would wrap
             // (Point(259, 3) was Point(3, 3), Point(-1, -1) the "no point" value).
             for (long v : {x, y})
               if (v < 0 || v >= kMaxBoardSize)
                 throw pyb::value_error("Point(" + std::to_string(x) + ", " + std::to_string(y) +
                                        "): a coordinate is from 0 to " + std::to_string(kMaxBoardSize - 1));
             return Point(int(x), int(y));
           }),
           pyb::arg("x"), pyb::arg("y"),
           "ValueError for a coordinate outside 0..24 (the largest board is 25x25).")
      .def_property_readonly("x", [](Point p) { return int(p.x); })
      .def_property_readonly("y", [](Point p) { return int(p.y); })
      .def("__iter__", [](Point p) { return pyb::iter(pyb::make_tuple(int(p.x), int(p.y))); })
      .def("__len__", [](Point) { return 2; })
      .def("__getitem__",
           [](Point p, int i) {
             if (i < -2 || i > 1) throw pyb::index_error("a Point has two coordinates");
             return int((i == 0 || i == -2) ? p.x : p.y);
           })
      .def("__eq__",
           [](Point p, pyb::object other) -> pyb::object {
             if (pyb::isinstance<Point>(other)) return pyb::bool_(p == other.cast<Point>());
             if (pyb::isinstance<pyb::tuple>(other))
               return pyb::bool_(other.equal(pyb::make_tuple(int(p.x), int(p.y))));
             return pyb::reinterpret_borrow<pyb::object>(Py_NotImplemented);
           })
      .def("__hash__", [](Point p) { return pyb::hash(pyb::make_tuple(int(p.x), int(p.y))); })
      .def("__lt__", [](Point a, Point b) { return std::make_pair(a.y, a.x) < std::make_pair(b.y, b.x); })
      .def("__repr__",
           [](Point p) { return "Point(" + std::to_string(int(p.x)) + ", " + std::to_string(int(p.y)) + ")"; })
      .def("gtp", [](Point p, int height) { return to_gtp(p, height); }, pyb::arg("height"),
           "GTP vertex on a board of this height, e.g. 'D4' (column letter without I, row from "
           "the bottom).")
      .def("sgf", [](Point p) { return to_sgf(p); }, "SGF point, e.g. 'dd'.")
      .def_static(
          "parse",
          [](const std::string& text, int width, std::optional<int> height) {
            return parse_point(text, width, height.value_or(width));
          },
          pyb::arg("text"), pyb::arg("width") = 19, pyb::arg("height") = pyb::none(),
          "A point from GTP ('D4') or SGF ('dd') text on a board of this size; PointError when "
          "the text names no point on it.");
}

}  // namespace jpd::py
