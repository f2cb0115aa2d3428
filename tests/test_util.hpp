// Small helpers for tests: boards and games from text diagrams.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "jpd/board.hpp"
#include "jpd/game.hpp"

namespace jpd::test {

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

}  // namespace jpd::test
