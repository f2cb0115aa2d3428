// The count drawn over the board: whose each point is under one view of a count, so that a GUI
// (GTP gogui-analyze_commands) and the web page can show the count before the players agree to
// it, as OGS and KGS do.
//
// Views differ in what they count, not only in how: the area views (子空合计, 等子比空, fill-up
// 填满计点, and the AGA count) give every stone and every owned point to its side and split the
// shared points (公气, 单官) half each; the living-stones view (计活子) does the same and marks
// the basic eye points (基本眼位) each living unit keeps; the Japanese view gives no territory to
// stones, nor in seki, nor in the false eyes that must be filled (eye_reading.hpp when the rules
// read eyes), and the dame are nobody's. Every view is read from the count itself (its making
// boards), so the overlay and the figures beside it never disagree.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "jpd/count.hpp"

namespace jpd {

// The views drawn (View, count.hpp): area, territory, fill_up, living_stones, japanese; each
// draws its own points.
std::span<const View> overlay_views();
std::optional<View> parse_overlay_view(std::string_view name);  // their names (name_of)

struct OverlayPoint {
  Color stone = Color::Empty;  // the stone at the pause (dead stones included)
  Color owner = Color::Empty;  // whose land the point is under the view; Empty: nobody's
  bool shared = false;         // counted half each (公气, 单官; the Japanese view: a dame)
  // The area views: the point's class on the board of the making (PointClass::dame, a shared
  // point counted half each by every area view; public_liberty and seki_eye_shared, shared
  // points the living-stones view leaves to nobody). The Japanese view: dame or off_board.
  PointClass cls = PointClass::off_board;
  bool dead = false;           // a dead stone (its point is counted as `owner` says)
  bool seki = false;           // a stone of a unit in seki, or a public liberty (公气) of one
  bool basic_eye = false;      // the living-stones view: a basic eye point, kept empty
  bool claimed = false;        // a point given by a claim
  bool dame_filled = false;    // a dame filled at making (by `owner`)
  bool false_eye = false;      // the Japanese view: a false eye that must be filled
};

struct Overlay {
  View view = View::area;
  int width = 0, height = 0;
  std::vector<OverlayPoint> points;  // row by row from the top
  Figures figures;                   // the view's figures
  bool primary = false;              // the view the result is decided by
  std::string result;                // the count's result

  const OverlayPoint& at(Point p) const { return points[size_t(p.y) * width + p.x]; }
  // The owner as a number for heat maps: +1 Black, -1 White, 0 shared or nobody's.
  double value_at(Point p) const;
};

// The overlay of one view of a count made with its steps (CountOptions::keep_steps, the
// default); std::invalid_argument for a count without them or a view not drawn.
Overlay overlay(const Count& c, View v);

}  // namespace jpd
