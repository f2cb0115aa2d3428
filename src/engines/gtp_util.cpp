#include "gtp_util.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

namespace jpd::gtp_detail {

void need(const std::vector<std::string>& args, size_t n, const std::string& usage) {
  if (args.size() != n) throw Fail("syntax error: usage: " + usage);
}

int int_arg(const std::string& s, int lo, int hi, const std::string& what) {
  int v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || v < lo || v > hi)
    throw Fail("syntax error: '" + s + "' is not " + what);
  return v;
}

double double_arg(const std::string& s, const std::string& what) {
  double v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v) || std::abs(v) > 1e4)
    throw Fail("syntax error: '" + s + "' is not " + what);
  return v;
}

Color color_arg(const std::string& s) {
  auto c = parse_color(s);
  if (!c || !is_stone(*c)) throw Fail("invalid color '" + s + "' (B, W, black or white)");
  return *c;
}

std::string board_text(const Game& g) {
  const Board& b = g.board();
  const int W = g.width(), H = g.height();
  static const char kColumns[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
  std::ostringstream o;
  auto letters = [&] {
    o << "   ";
    for (int x = 0; x < W; ++x) o << ' ' << kColumns[x];
    o << "\n";
  };
  letters();
  for (int y = 0; y < H; ++y) {
    const int row = H - y;
    o << (row < 10 ? "  " : " ") << row;
    for (int x = 0; x < W; ++x) {
      const Color c = b.at(Point(x, y));
      o << ' ' << (c == Color::Black ? 'X' : c == Color::White ? 'O' : '.');
    }
    o << ' ' << row << "\n";
  }
  letters();
  o << "rules " << g.rules().to_string() << " (komi " << g.rules().komi << ")\n";
  o << "phase " << name_of(g.phase());
  if (g.phase() == Phase::ended) o << " (" << name_of(g.end_reason()) << ")";
  else o << ", " << color_name(g.to_move()) << " to move";
  if (is_stone(g.pending_proposal()))
    o << ", " << color_name(g.pending_proposal()) << " proposes to pause";
  o << "\n";
  o << "captured: B " << g.captured(Color::Black) << ", W " << g.captured(Color::White)
    << "; virtual moves: B " << g.virtual_stones(Color::Black) << ", W "
    << g.virtual_stones(Color::White) << "; moves " << g.moves().size() << "\n";
  return o.str();
}

std::vector<Point> free_handicap_points(int width, int height, int n) {
  std::vector<Point> out;
  auto add = [&](int x, int y) {
    Point p(x, y);
    if (int(out.size()) < n && p.inside(width, height) &&
        std::find(out.begin(), out.end(), p) == out.end())
      out.push_back(p);
  };
  const int ex = width >= 13 ? 3 : width >= 7 ? 2 : 0, ey = height >= 13 ? 3 : height >= 7 ? 2 : 0;
  const int fx = width - 1 - ex, fy = height - 1 - ey, mx = width / 2, my = height / 2;
  for (auto [x, y] : {std::pair{fx, ey}, {ex, fy}, {fx, fy}, {ex, ey}, {mx, my}, {ex, my},
                      {fx, my}, {mx, ey}, {mx, fy}})
    add(x, y);
  // Then every other point of every other row, then the rest.
  for (int pass = 0; pass < 2; ++pass)
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x)
        if (pass == 1 || (x % 2 == 0 && y % 2 == 0)) add(x, y);
  return out;
}

std::string status_list(const Game& g, const Statuses& st, const std::vector<Point>& seki,
                        const std::string& which) {
  const Board& b = g.board();  // the statuses name its stones, after an independent dispute too
  const int W = b.width(), H = b.height();
  std::vector<uint8_t> status(Board::kArea, 0), seen(Board::kArea, 0);  // 1 seki, 2 dead
  for (const auto& [points, m] : {std::pair{&seki, 1}, {&st.dead, 2}}) {
    const uint8_t mark = uint8_t(m);  // a lambda may not capture a structured binding (clang 14)
    for (Point p : *points)
      if (p.inside(W, H) && is_stone(b.at(p)))
        b.for_each_stone(Board::index(p), [&](Board::Index s) { status[s] = mark; });
  }
  const int wanted = which == "dead" ? 2 : which == "seki" ? 1 : 0;
  std::string out;
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      const auto i = Board::index(x, y);
      if (!is_stone(b.at(i)) || seen[i]) continue;
      std::vector<Point> chain;
      b.for_each_stone(i, [&](Board::Index s) {
        seen[s] = 1;
        chain.push_back(Board::point(s));
      });
      if (status[i] != wanted) continue;
      std::sort(chain.begin(), chain.end(),
                [](Point a, Point c) { return a.y != c.y ? a.y < c.y : a.x < c.x; });
      std::string line;
      for (Point p : chain) line += (line.empty() ? "" : " ") + to_gtp(p, H);
      out += line + "\n";
    }
  return out;
}

}  // namespace jpd::gtp_detail
