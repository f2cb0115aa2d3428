// The board: a position with chains, liberties and captures, no rules (the Game referees).
#include <algorithm>

#include <pybind11/stl.h>

#include "bindings.hpp"
#include "convert.hpp"
#include "errors.hpp"
#include "jpd/board.hpp"

namespace jpd::py {

namespace {

Board::Index stone_at(const Board& b, pyb::object point) {
  const Point p = point_arg(point, b.width(), b.height());
  if (!is_stone(b.at(p)))
    throw pyb::value_error("there is no stone at " + to_gtp(p, b.height()));
  return Board::index(p);
}

Board::Index empty_at(const Board& b, pyb::object point) {
  const Point p = point_arg(point, b.width(), b.height());
  if (b.at(p) != Color::Empty)
    throw pyb::value_error("the point " + to_gtp(p, b.height()) + " is not empty");
  return Board::index(p);
}

Color stone_colour(pyb::object h) {
  const Color c = color_arg(h);
  if (!is_stone(c)) throw pyb::value_error("a stone is BLACK or WHITE");
  return c;
}

}  // namespace

void bind_board(pyb::module_& m) {
  pyb::class_<Board>(m, "Board",
                     "A Go position: stones, chains, liberties and captures, without rules (whose "
                     "turn, ko and suicide are the Game's business). Points are Point, (x, y) from "
                     "the top-left, or text 'D4' / 'dd'.")
      .def(pyb::init([](pyb::object size) {
             auto [w, h] = size_arg(size);
             return Board(w, h);
           }),
           pyb::arg("size") = 19, "An empty board: size n for n x n (2..25), or (width, height).")
      .def_property_readonly("width", &Board::width)
      .def_property_readonly("height", &Board::height)
      .def_property_readonly("size", [](const Board& b) { return pyb::make_tuple(b.width(), b.height()); },
                             "(width, height).")
      .def("__getitem__",
           [](const Board& b, pyb::object p) { return b.at(point_arg(p, b.width(), b.height())); },
           pyb::arg("point"), "The colour at a point (Color.EMPTY when empty).")
      .def(
          "play",
          [](Board& b, pyb::object point, pyb::object color) {
            const Point p = point_arg(point, b.width(), b.height());
            const Color c = stone_colour(color);
            if (b.at(p) != Color::Empty)
              throw IllegalMoveError(Illegal::occupied, "the point " + to_gtp(p, b.height()) + " is occupied",
                                     std::string(color_letter(c)) + " " + to_gtp(p, b.height()));
            return int(b.play(p, c).captured);
          },
          pyb::arg("point"), pyb::arg("color"),
          "Places a stone on an empty point and removes the chains left without liberty "
          "(opponent chains first, then its own: suicide). Returns the number of opponent stones "
          "captured. No rule is checked but that the point is empty (IllegalMove 'occupied').")
      .def(
          "set_stone",
          [](Board& b, pyb::object point, pyb::object color) {
            b.set_stone(point_arg(point, b.width(), b.height()), color_arg(color));
          },
          pyb::arg("point"), pyb::arg("color"),
          "Puts a stone (or Color.EMPTY) on a point without captures: setting up positions.")
      .def("liberties", [](const Board& b, pyb::object p) { return b.liberties(stone_at(b, p)); },
           pyb::arg("point"), "The number of liberties of the chain at a stone.")
      .def("chain_size", [](const Board& b, pyb::object p) { return b.chain_size(stone_at(b, p)); },
           pyb::arg("point"), "The number of stones of the chain at a stone.")
      .def(
          "chain",
          [](const Board& b, pyb::object p) {
            std::vector<Point> out;
            b.for_each_stone(stone_at(b, p), [&](Board::Index i) { out.push_back(Board::point(i)); });
            std::sort(out.begin(), out.end());
            return out;
          },
          pyb::arg("point"), "The stones of the chain at a stone, top row first.")
      .def(
          "is_suicide",
          [](const Board& b, pyb::object p, pyb::object c) { return b.is_suicide(empty_at(b, p), stone_colour(c)); },
          pyb::arg("point"), pyb::arg("color"),
          "Whether a stone of this colour on this empty point would leave its chain without liberty.")
      .def(
          "captures",
          [](const Board& b, pyb::object p, pyb::object c) { return b.captures(empty_at(b, p), stone_colour(c)); },
          pyb::arg("point"), pyb::arg("color"),
          "Whether a stone of this colour on this empty point would capture.")
      .def_property_readonly(
          "ko_point",
          [](const Board& b) -> pyb::object {
            return b.ko_point() == Board::kNoIndex ? pyb::none() : pyb::cast(Board::point(b.ko_point()));
          },
          "The point where an immediate single-stone recapture would retake a ko, or None.")
      .def_property_readonly("hash", &Board::hash, "Zobrist hash of the position.")
      .def("captured", [](const Board& b, pyb::object c) { return b.captured(stone_colour(c)); },
           pyb::arg("color"), "Stones of this colour removed by captures (and suicide) on this board.")
      .def("stones", [](const Board& b, pyb::object c) { return b.stones(stone_colour(c)); },
           pyb::arg("color"), "Stones of this colour on the board.")
      .def(
          "empty_points",
          [](const Board& b) {
            std::vector<Point> out;
            for (int k = 0; k < b.empty_count(); ++k) out.push_back(Board::point(b.empty_at(k)));
            std::sort(out.begin(), out.end());
            return out;
          },
          "The empty points, top row first.")
      .def("rows", [](const Board& b) { return lines_of(b.to_string()); },
           "The position as text rows, top row first: 'X' black, 'O' white, '.' empty.")
      .def("__str__", &Board::to_string)
      .def("__repr__",
           [](const Board& b) {
             return "<Board " + std::to_string(b.width()) + "x" + std::to_string(b.height()) + ">";
           })
      .def("__eq__", [](const Board& a, const Board& b) { return a.same_position(b); })
      .def("copy", [](const Board& b) { return Board(b); }, "An independent copy.")
      .def("__copy__", [](const Board& b) { return Board(b); })
      .def("__deepcopy__", [](const Board& b, pyb::dict) { return Board(b); }, pyb::arg("memo"));
}

}  // namespace jpd::py
