// Colours and board coordinates.
//
// A Point is a board-independent coordinate: column x from the left and row y from the top
// (SGF orientation), both 0-based. Boards translate it to their own padded index.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "jpd/message.hpp"

namespace jpd {

inline constexpr int kMaxBoardSize = 25;  // largest side supported (SPEC §3)
inline constexpr int kMinBoardSize = 2;

enum class Color : uint8_t { Empty = 0, Black = 1, White = 2, Edge = 3 };

constexpr Color opponent(Color c) { return Color(3 - uint8_t(c)); }  // Black <-> White only
constexpr bool is_stone(Color c) { return c == Color::Black || c == Color::White; }
constexpr int color_index(Color c) { return c == Color::White ? 1 : 0; }  // Black 0, White 1

// "B" / "W" (or "." for empty).
std::string_view color_letter(Color c);
// English name: "Black" / "White".
std::string_view color_name(Color c);
// Accepts B, W, black, white (any case).
std::optional<Color> parse_color(std::string_view s);

struct Point {
  uint8_t x = 255;
  uint8_t y = 255;

  constexpr Point() = default;
  constexpr Point(int x_, int y_) : x(uint8_t(x_)), y(uint8_t(y_)) {}

  static constexpr Point none() { return Point(); }
  constexpr bool valid() const { return x != 255 && y != 255; }
  constexpr bool inside(int width, int height) const { return valid() && x < width && y < height; }
  constexpr uint16_t key() const { return uint16_t(x | (y << 8)); }
  friend constexpr bool operator==(Point a, Point b) { return a.x == b.x && a.y == b.y; }
  friend constexpr bool operator<(Point a, Point b) { return a.key() < b.key(); }
};

// Thrown for text that does not name a point on the board. what() is its English, message() the
// message (message.hpp).
struct PointError : std::invalid_argument, MessageError {
  explicit PointError(Message m) : std::invalid_argument(text(m, Lang::en)), MessageError(std::move(m)) {}
  // (A sentence is no message id: the reason is a Message, from the texts' table.)
  explicit PointError(const std::string& sentence) = delete;
};

// GTP vertex: column letter (A..Z without I) then row number counted from the bottom, e.g. "D4".
std::string to_gtp(Point p, int height);
std::optional<Point> parse_gtp(std::string_view s, int width, int height);

// SGF point: two letters a..z (then A..Z), column then row from the top, e.g. "dd".
std::string to_sgf(Point p);
std::optional<Point> parse_sgf(std::string_view s);

// Either notation (GTP "D4" or SGF "dd"); throws PointError naming the text on failure, also
// when the board itself is outside 2x2 .. 25x25.
Point parse_point(std::string_view s, int width, int height);

}  // namespace jpd
