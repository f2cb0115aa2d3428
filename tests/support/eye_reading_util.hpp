// Test helpers for the eye reading: goscorer's test positions (../shared/peer-tests/goscorer,
// README there) and a FinalPosition seen from another side.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "jpd/eye_reading.hpp"

namespace jpd::test {

// One of goscorer's test files: its sections (BOARD, TERRITORY, SEKI, ...), each a list of rows.
struct GoscorerPosition {
  std::string name;  // the file name without .txt
  std::map<std::string, std::vector<std::string>> sections;
};

// Every test_*.txt file, sorted by name; none when the folder is not there (the tests skip).
inline std::vector<GoscorerPosition> goscorer_positions() {
  std::vector<GoscorerPosition> out;
  const auto dir = std::filesystem::path(JPD_SHARED_DIR) / "peer-tests" / "goscorer";
  if (!std::filesystem::is_directory(dir)) return out;
  for (const auto& f : std::filesystem::directory_iterator(dir)) {
    const std::string name = f.path().filename().string();
    if (name.rfind("test_", 0) != 0 || f.path().extension() != ".txt") continue;
    GoscorerPosition p;
    p.name = f.path().stem().string();
    std::ifstream in(f.path());
    std::string line, section;
    while (std::getline(in, line)) {
      while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
      if (!line.empty() && line.back() == ':') {
        section = line.substr(0, line.size() - 1);
        p.sections[section];
      } else if (!section.empty() && !line.empty()) {
        p.sections[section].push_back(line);
      }
    }
    out.push_back(p);
  }
  std::sort(out.begin(), out.end(),
            [](const GoscorerPosition& a, const GoscorerPosition& b) { return a.name < b.name; });
  return out;
}

// The BOARD section as a FinalPosition.
inline FinalPosition board_of(const GoscorerPosition& p) {
  std::string text;
  for (const std::string& row : p.sections.at("BOARD")) text += row + "\n";
  return FinalPosition::parse(text);
}

// The position seen from another side: o & 4 transposes, o & 1 mirrors the columns, o & 2 the
// rows.
inline Point turned(Point p, int w, int h, int o) {
  const int x = o & 1 ? w - 1 - p.x : p.x, y = o & 2 ? h - 1 - p.y : p.y;
  return o & 4 ? Point(y, x) : Point(x, y);
}
inline FinalPosition turn(const FinalPosition& f, int o) {
  FinalPosition t(o & 4 ? f.height() : f.width(), o & 4 ? f.width() : f.height());
  for (int y = 0; y < f.height(); ++y)
    for (int x = 0; x < f.width(); ++x)
      t.set(turned(Point(x, y), f.width(), f.height(), o), f.at(Point(x, y)), f.dead(Point(x, y)));
  return t;
}

}  // namespace jpd::test
