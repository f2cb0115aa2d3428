// The Japanese view of territory by eye reading (SPEC §7 "Japanese/Korean"; docs/rules.md
// interpretation 26): on a finished position whose dead stones are marked, which points are
// territory under Japanese-style rules, where
//   - a group that is not alive with two eyes of its own is in seki: none of the points it
//     surrounds is territory, nor the points under the stones marked dead among them;
//   - a false eye that will have to be filled is not territory;
//   - points that the living stones of both colours reach are dame.
// The 计枰点 views do not use it (under them every empty point of a region bordered by one
// colour is land, the eyes of seki units included: making.hpp); the ruleset field
// `eye_reading=japanese` makes count() take the Japanese view's territory from here.
//
// The method is that of lightvector's goscorer (MIT, https://github.com/lightvector/goscorer),
// implemented anew; docs/goscorer.md describes it and compares the two on goscorer's 91 test
// positions. In short, and in this file's words (goscorer's in brackets):
//   1. Seals [connection blocks]: an empty point in one of six small shapes between stones of
//      one colour (a one-point gap, a point on the edge between two stones, ...) is sealed by
//      that colour: the opponent's reach may enter it but not pass it. Every shape is tried in
//      its eight orientations along every edge, so the map of a mirrored or turned board is the
//      mirrored or turned map (goscorer's code places three edge shapes otherwise on the left
//      and right edges; none of its test positions shows the difference: docs/goscorer.md).
//   2. Reach: a point reaches colour c if a path from a living stone of c gets to it without
//      crossing a living stone of the opponent (the sealed reach: nor passing a point sealed by
//      the opponent).
//   3. Regions: points that the sealed reach of one colour only gets to, joined through
//      everything the flood from them may cross (dame included). Points in no region are dame.
//   4. Groups [macro-chains]: the living chains of a colour joined through dame that the
//      opponent has not sealed.
//   5. Eyes: the connected sets of empty points and dead stones inside one region.
//   6. False eye points: a point of an eye with at most one neighbour in the eye, next to a
//      group that cannot get round it: through other eyes, other groups and the rest of the eye
//      it reaches neither every side of the point nor (in the second reading) an eye of value.
//   7. Eye values (0, 1 or 2, two meaning "alive by itself"): heuristics on the eye without its
//      false points: points that can be blocked off in at most one move, cutting points that
//      split it into pieces that are each an eye, large or thick shapes, and the shapes that the
//      marked-dead stones would leave when captured.
//   8. The map: a region whose eyes are worth less than two in all is in seki (no territory);
//      otherwise its empty points and dead stones are territory, except false eyes that are not
//      next to a group with an eye of value (they will have to be filled), the points next to a
//      dead stone thrown into such a false eye, points the opponent's stones strictly reach, and
//      points of a chain that is not wholly inside the region.
// The reading is a heuristic for finished games (goscorer's own caveat): it assumes the dame are
// filled far enough that the remaining protective moves are false-eye shapes.
//
// Everything is deterministic and depends on the position alone. A reading allocates nothing but
// the map it returns (territory_counts, nothing at all): its working space is kept per thread
// (src/count/eye_reading.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "jpd/board.hpp"
#include "jpd/point.hpp"

namespace jpd {

inline constexpr int kMaxReadingSide = 52;  // largest side of a FinalPosition

namespace detail {
class EyeReader;  // the reading itself (src/count/eye_reading.cpp)
}

// Malformed input: a grid outside 1..52 a side, rows of unequal length, an unknown character,
// a dead mark on an empty point.
struct EyeReadingError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// A finished position on a plain rectangular grid of 1..52 points a side (not the referee's
// Board, whose capacity is 25x25): the stones, and which of them are marked dead.
class FinalPosition {
 public:
  FinalPosition(int width, int height);  // an empty grid; EyeReadingError outside 1..52

  // Rows from the top, one character a point: 'x' black stone, 'o' white stone, 'b' black
  // stone marked dead, 'w' white stone marked dead, '.' empty. Rows are separated by newlines;
  // spaces and tabs around a row and blank lines are ignored.
  static FinalPosition parse(std::string_view rows);
  // The position of a Board with the stones on `dead` marked dead (each point one stone: a
  // chain is not expanded). EyeReadingError for a point that is off the board or empty.
  static FinalPosition of(const Board& b, std::span<const Point> dead);

  int width() const { return width_; }
  int height() const { return height_; }
  Color at(Point p) const { return color_[index(p)]; }  // Empty, Black or White
  bool dead(Point p) const { return dead_[index(p)] != 0; }
  // Puts a stone (or Empty) on p; EyeReadingError off the grid or for a dead mark on Empty.
  void set(Point p, Color c, bool dead = false);
  std::string to_string() const;  // parse's notation, one row a line

 private:
  friend class detail::EyeReader;
  int index(Point p) const;
  int width_ = 0, height_ = 0;
  std::vector<Color> color_;
  std::vector<uint8_t> dead_;
};

struct EyeReadingOptions {
  // Score the false eyes that will have to be filled after all (goscorer's score_false_eyes).
  bool score_false_eyes = false;
};

// What the eye reading finds at every point of a FinalPosition.
class EyeReadingMap {
 public:
  static EyeReadingMap of(const FinalPosition& p, const EyeReadingOptions& opts = {});
  // The same as of(FinalPosition::of(b, dead), opts), the same errors included.
  static EyeReadingMap of(const Board& b, std::span<const Point> dead,
                          const EyeReadingOptions& opts = {});
  // Only the territory counts of that map, indexed by color_index (black, white): the same
  // reading without writing the map, so nothing is allocated.
  static std::array<int, 2> territory_counts(const Board& b, std::span<const Point> dead,
                                             const EyeReadingOptions& opts = {});

  int width() const { return width_; }
  int height() const { return height_; }
  // Whose territory the point is: Black, White, or Empty for nobody's. A stone marked dead is
  // territory where the point under it is (the stone itself is a prisoner, counted apart).
  Color territory(Point p) const { return cell(p).territory; }
  // The colour of the group in seki that the point belongs to, as one of its stones or a point
  // it surrounds (a region whose eyes are worth less than two); Empty when it is none.
  Color seki(Point p) const { return cell(p).seki; }
  // A point of an eye that does not help the surrounding group to make life.
  bool false_eye(Point p) const { return cell(p).flags & kFalseEye; }
  // A false eye that will have to be filled, and the points next to a dead stone thrown into
  // one: not territory (unless EyeReadingOptions::score_false_eyes).
  bool unscored_false_eye(Point p) const { return cell(p).flags & kUnscored; }
  // Outside every region: reachable by the living stones of both colours.
  bool dame(Point p) const { return cell(p).flags & kDame; }
  // What the eye holding p is worth to its group (0, 1 or 2); 0 for a point in no eye.
  int eye_value(Point p) const { return cell(p).eye_value; }
  // Points of c's territory.
  int territory(Color c) const { return territory_count_[color_index(c)]; }

 private:
  friend class detail::EyeReader;
  static constexpr uint8_t kFalseEye = 1, kUnscored = 2, kDame = 4;
  struct Cell {
    Color territory = Color::Empty, seki = Color::Empty;
    uint8_t flags = 0, eye_value = 0;
  };
  int index(Point p) const;
  const Cell& cell(Point p) const { return cells_[size_t(index(p))]; }
  int width_ = 0, height_ = 0;
  std::vector<Cell> cells_;  // row by row
  int territory_count_[2] = {0, 0};
};

}  // namespace jpd
