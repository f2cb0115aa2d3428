#include "jpd/point.hpp"
#include "strings.hpp"

#include <cctype>

namespace jpd {

std::string_view color_letter(Color c) {
  switch (c) {
    case Color::Black: return "B";
    case Color::White: return "W";
    case Color::Empty: return ".";
    default: return "#";
  }
}

std::string_view color_name(Color c) {
  switch (c) {
    case Color::Black: return "Black";
    case Color::White: return "White";
    case Color::Empty: return "empty";
    default: return "edge";
  }
}

std::optional<Color> parse_color(std::string_view s) {
  const std::string t = strings::lower(s);
  if (t == "b" || t == "black") return Color::Black;
  if (t == "w" || t == "white") return Color::White;
  return std::nullopt;
}

namespace {
constexpr char kGtpColumns[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";  // 25 letters, no I

int sgf_value(char c) {
  if (c >= 'a' && c <= 'z') return c - 'a';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 26;
  return -1;
}
char sgf_letter(int v) { return v < 26 ? char('a' + v) : char('A' + v - 26); }
}  // namespace

std::string to_gtp(Point p, int height) {
  if (!p.valid() || p.x >= 25) return "pass";
  return std::string(1, kGtpColumns[p.x]) + std::to_string(height - p.y);
}

std::optional<Point> parse_gtp(std::string_view s, int width, int height) {
  if (s.size() < 2 || s.size() > 3) return std::nullopt;
  char col = char(std::toupper(static_cast<unsigned char>(s[0])));
  int x = -1;
  for (int i = 0; kGtpColumns[i]; ++i)
    if (kGtpColumns[i] == col) x = i;
  if (x < 0) return std::nullopt;
  int row = 0;
  for (size_t i = 1; i < s.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) return std::nullopt;
    row = row * 10 + (s[i] - '0');
  }
  if (s[1] == '0') return std::nullopt;
  Point p(x, height - row);
  if (row < 1 || row > height || x >= width) return std::nullopt;
  return p;
}

std::string to_sgf(Point p) {
  if (!p.valid()) return "";
  return std::string{sgf_letter(p.x), sgf_letter(p.y)};
}

std::optional<Point> parse_sgf(std::string_view s) {
  if (s.size() != 2) return std::nullopt;
  int x = sgf_value(s[0]), y = sgf_value(s[1]);
  if (x < 0 || y < 0) return std::nullopt;
  return Point(x, y);
}

Point parse_point(std::string_view s, int width, int height) {
  auto text = std::string(s);
  // The board comes from the caller (a record's SZ, a front end's request): one that cannot exist
  // is refused here rather than trusted below (the column letters stop at the 25th).
  if (width < kMinBoardSize || width > kMaxBoardSize || height < kMinBoardSize ||
      height > kMaxBoardSize)
    throw PointError(Message("error.point.board", {text, width, height, kMinBoardSize, kMaxBoardSize}));
  if (s.size() == 2 && std::islower(static_cast<unsigned char>(s[0])) &&
      std::islower(static_cast<unsigned char>(s[1]))) {
    auto p = parse_sgf(s);
    if (p && p->inside(width, height)) return *p;
    throw PointError(Message("error.point.off_board", {text, width, height}));
  }
  if (auto p = parse_gtp(s, width, height)) return *p;
  throw PointError(
      Message("error.point.not_point", {text, width, height, std::string(1, kGtpColumns[width - 1])}));
}

}  // namespace jpd
