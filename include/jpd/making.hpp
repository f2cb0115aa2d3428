// Regions, living units and the making (做棋) of the final position, step by step (SPEC §6.7, §7).
//
// Analysis classifies every point of a position whose dead stones are already removed: stones,
// each side's owned empty points (territory, seki exclusive liberties, claims) and shared points
// (public liberties of a seki, dame). Units are a colour's stones joined through its owned points.
//
// A CountBoard is a board whose empty points each carry their class, so that a step of the making
// (refill, negative moves, fill-up) can be counted point by point and compared with the algebra.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "jpd/board.hpp"
#include "jpd/rules.hpp"
#include "jpd/status.hpp"

namespace jpd {

enum class PointClass : uint8_t {
  off_board,
  black_stone,
  white_stone,
  black_territory,  // an empty point owned by Black (territory, exclusive liberty, claim)
  white_territory,
  public_liberty,   // 公气: a shared liberty of a seki unit
  dame,             // 单官: an unfilled neutral point
  seki_eye_shared,  // an eye of a seki unit where seki_territory = none: nobody's, shared
};
std::string_view name_of(PointClass c);
inline bool is_shared(PointClass c) {
  return c == PointClass::public_liberty || c == PointClass::dame ||
         c == PointClass::seki_eye_shared;
}
inline PointClass territory_of(Color c) {
  return c == Color::Black ? PointClass::black_territory : PointClass::white_territory;
}
inline PointClass stone_of(Color c) {
  return c == Color::Black ? PointClass::black_stone : PointClass::white_stone;
}

// A living unit: stones of one colour joined through that colour's owned points.
struct Unit {
  Color color = Color::Empty;
  int stones = 0;
  int owned = 0;             // owned empty points joined to it
  bool independent = false;  // owns two points that are not adjacent (can keep two eyes)
  bool seki = false;         // lives by liberties shared with an opponent unit in seki
  Point first_stone;         // a stone of the unit (for reports)
  int basic_eyes() const { return independent ? 2 : owned > 0 ? 1 : 0; }
  // Counted as a group (棋头) by 还棋头 and the group tax: units with eye space, or in seki.
  bool counts_as_group() const { return owned > 0 || seki; }
};

struct AnalysisOptions {
  bool exclusive_liberties = true;  // Ruleset::seki_exclusive_liberties
  bool seki_territory = true;       // Ruleset::seki_territory == owned
  std::vector<Claim> claims;        // claimed empty points become the claimant's
  friend bool operator==(const AnalysisOptions&, const AnalysisOptions&) = default;
};

namespace detail {
struct AnalysisPasses;
}

class Analysis {
 public:
  using Index = Board::Index;

  Analysis() {  // nothing on the board
    cls_.fill(PointClass::off_board);
    unit_.fill(-1);
  }

  // Classifies the position `b` (dead stones already removed). Claims must name empty points.
  static Analysis of(const Board& b, const AnalysisOptions& opts);

  PointClass at(Index i) const { return cls_[i]; }
  PointClass at(Point p) const { return cls_[Board::index(p)]; }
  int unit_of(Index i) const { return unit_[i]; }  // -1 for shared points and off the board

  const std::vector<Unit>& units() const { return units_; }
  int stones(Color c) const { return stones_[color_index(c)]; }
  int territory(Color c) const { return territory_[color_index(c)]; }
  int public_liberties() const { return public_; }
  int dame() const { return dame_; }
  int seki_eyes_shared() const { return seki_shared_; }
  int shared() const { return public_ + dame_ + seki_shared_; }
  // 子空合计: stones + owned points + half the shared points.
  double area(Color c) const { return stones(c) + territory(c) + shared() / 2.0; }
  // Units that count as groups (还棋头), all units, units in seki, the sum of basic eye points.
  int groups(Color c) const { return groups_[color_index(c)]; }
  int unit_count(Color c) const { return unit_count_[color_index(c)]; }
  int seki_units(Color c) const { return seki_units_[color_index(c)]; }
  int basic_eyes(Color c) const { return basic_eyes_[color_index(c)]; }
  // Owned points of units not in seki (the Japanese view's territory).
  int territory_outside_seki(Color c) const;
  std::vector<Index> dame_points() const;

 private:
  friend struct detail::AnalysisPasses;  // of()'s passes (making.cpp)
  std::array<PointClass, Board::kArea> cls_;
  std::array<int16_t, Board::kArea> unit_;
  std::vector<Unit> units_;
  int stones_[2] = {0, 0}, territory_[2] = {0, 0};
  int public_ = 0, dame_ = 0, seki_shared_ = 0;
  int outside_seki_[2] = {0, 0};  // territory_outside_seki()
  // Over the units of each colour (of() counts them).
  int groups_[2] = {0, 0}, unit_count_[2] = {0, 0}, seki_units_[2] = {0, 0};
  int basic_eyes_[2] = {0, 0};
  int span_ = 0;  // indices below it hold every point of the board
};

// Classifications kept for reuse: the counts of one record under many rule sets classify the
// same positions with the same options again and again (jpd batch). of() gives what
// Analysis::of gives, computing it the first time a position (compared point by point) and
// options are asked for; the references stay valid as long as the cache.
class AnalysisCache {
 public:
  const Analysis& of(const Board& b, const AnalysisOptions& opts);
  size_t size() const { return entries_.size(); }  // classifications made

 private:
  struct Entry {
    Board board;
    AnalysisOptions opts;
    Analysis analysis;
  };
  std::vector<std::unique_ptr<Entry>> entries_;
};

// A board whose empty points carry their class, for counting a step of the making. It is a plain
// grid (no chains): the making places and removes stones without captures.
struct CountBoard {
  using Index = Board::Index;
  int width = 0, height = 0;
  std::array<Color, Board::kArea> color{};     // Edge off the board
  std::array<PointClass, Board::kArea> cls{};  // class of every point (stones included)
  // What the making did at a point (for pictures and explanations).
  enum class Mark : uint8_t {
    none, dead_removed, dame_filled, refilled, negative_a, negative_b, basic_eye, filled, overflow
  };
  std::array<Mark, Board::kArea> mark{};

  static CountBoard from(const Board& b, const Analysis& a);
  Color at(Index i) const { return color[i]; }
  Color at(Point p) const { return color[Board::index(p)]; }
  void place(Index i, Color c, Mark m);   // a stone on an empty point
  void remove(Index i, PointClass becomes, Mark m);  // a stone taken off; the point's new class
  int stones(Color c) const;
  int territory(Color c) const;  // empty points of c's class
  int shared() const;            // empty points of a shared class
  int count(PointClass c) const; // empty points of that class
  int marked(Mark m) const;
  std::string to_string() const;  // diagram: X O stones, x o territory, . shared, first row on top
};

std::string_view name_of(CountBoard::Mark m);

}  // namespace jpd
