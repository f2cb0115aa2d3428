// Small helpers for tests: boards and games from text diagrams.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "jpd/board.hpp"
#include "jpd/game.hpp"

namespace jpd::test {

// A finished 9x9 game (a real professional ending): White's G6 and Black's B8 are dead.
inline constexpr const char* kFinishedProEnding9x9 = R"(
    . . O X X X X . .
    . X O O O X . X .
    . . . . O O X X .
    . . . O O X O . .
    . . . O X X . . .
    . . O X X . . . .
    . . O O X X . . .
    . . . O O X . . .
    . . . . O X . . .)";

// Bent four in the corner (盘角曲四) in the top left: White's corner group (B8) is the defender,
// walled in by Black; left to dispute play under the 计枰点 rules, dead by the Japanese ruling.
inline constexpr const char* kBentFourCorner9x9 = R"(
    . X . O X . . . .
    X O O O X . . . .
    . O O X X . . . .
    O O X X . . . . .
    X X X . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)";

// Rows from the top; 'X' black, 'O' white, '.' empty; spaces ignored.
inline std::vector<std::string> rows_of(const std::string& diagram) {
  std::vector<std::string> rows;
  std::istringstream in(diagram);
  std::string line;
  while (std::getline(in, line)) {
    std::string r;
    for (char c : line)
      if (c != ' ' && c != '\t') r += c;
    if (!r.empty()) rows.push_back(r);
  }
  return rows;
}

template <class B = Board>
B board_from(const std::string& diagram) {
  auto rows = rows_of(diagram);
  B b(int(rows[0].size()), int(rows.size()));
  for (int y = 0; y < int(rows.size()); ++y)
    for (int x = 0; x < int(rows[y].size()); ++x) {
      char c = rows[y][x];
      if (c == 'X' || c == 'x') b.set_stone(Point(x, y), Color::Black);
      if (c == 'O' || c == 'o') b.set_stone(Point(x, y), Color::White);
    }
  return b;
}

inline Point pt(const char* gtp, int size) { return parse_point(gtp, size, size); }

// The message of the E that f throws, "(no error)" when it throws none.
template <class E, class F>
std::string message_of(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace jpd::test

namespace jpd::test {

// "c2" or "C2" or "cc": a point of game g.
inline Point at(const Game& g, std::string s) {
  if (s.size() >= 2 && std::islower(static_cast<unsigned char>(s[0])) &&
      std::isdigit(static_cast<unsigned char>(s[1])))
    s[0] = char(std::toupper(static_cast<unsigned char>(s[0])));
  return parse_point(s, g.width(), g.height());
}

// Places the stones of a diagram (rows from the top; X black, O white) as setup stones.
inline void setup(Game& g, const std::string& diagram) {
  auto rows = rows_of(diagram);
  for (int y = 0; y < int(rows.size()); ++y)
    for (int x = 0; x < int(rows[y].size()); ++x) {
      if (rows[y][x] == 'X') g.setup_stone(Color::Black, Point(x, y));
      if (rows[y][x] == 'O') g.setup_stone(Color::White, Point(x, y));
    }
}

// Game of the diagram's size with its stones as setup, under `rules`.
inline Game game_from(const std::string& rules, const std::string& diagram) {
  auto rows = rows_of(diagram);
  Game g(parse_ruleset(rules), int(rows[0].size()), int(rows.size()));
  setup(g, diagram);
  return g;
}

}  // namespace jpd::test
