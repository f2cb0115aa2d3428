#include "jpd/overlay.hpp"

#include <algorithm>
#include <stdexcept>

#include "jpd/eye_reading.hpp"
#include "jpd/making.hpp"

namespace jpd {

namespace {

// The views drawn: each draws its points below (a view of the table not listed has no picture).
constexpr View kDrawn[] = {View::area, View::territory, View::fill_up, View::living_stones,
                           View::japanese};

const MakingStep* step(const Count& c, std::string_view id) {
  for (const MakingStep& s : c.steps)
    if (s.id == id) return &s;
  return nullptr;
}

}  // namespace

std::optional<View> parse_overlay_view(std::string_view name) {
  for (View v : kDrawn)
    if (name == name_of(v)) return v;
  return std::nullopt;
}

std::span<const View> overlay_views() { return kDrawn; }

double Overlay::value_at(Point p) const {
  const OverlayPoint& o = at(p);
  return o.owner == Color::Black ? 1.0 : o.owner == Color::White ? -1.0 : 0.0;
}

Overlay overlay(const Count& c, View v) {
  const MakingStep* pause = step(c, "pause");
  const MakingStep* made = step(c, "dead_removed");
  if (!pause || !made)
    throw std::invalid_argument("an overlay needs a count made with its steps (keep_steps)");
  Overlay o;
  o.view = v;
  o.width = c.width;
  o.height = c.height;
  o.primary = primary_view(c.rules) == v;
  o.result = c.result;
  if (std::find(std::begin(kDrawn), std::end(kDrawn), v) == std::end(kDrawn))
    throw std::invalid_argument("the " + std::string(name_of(v)) + " view is not drawn");
  o.figures = c.view(v);
  o.points.resize(size_t(c.width) * c.height);
  auto cell = [&](Point p) -> OverlayPoint& { return o.points[size_t(p.y) * c.width + p.x]; };

  // The position at the pause, its dead stones, and the position without them (seki units).
  Board position(c.width, c.height), alive(c.width, c.height);
  for (int y = 0; y < c.height; ++y)
    for (int x = 0; x < c.width; ++x) {
      const Point p(x, y);
      const Color s = pause->board.at(p);
      cell(p).stone = s;
      if (is_stone(s)) position.set_stone(p, s);
    }
  for (const std::vector<Point>* dead : {&c.dead_black, &c.dead_white})
    for (Point p : *dead) cell(p).dead = true;
  for (int y = 0; y < c.height; ++y)
    for (int x = 0; x < c.width; ++x)
      if (is_stone(cell(Point(x, y)).stone) && !cell(Point(x, y)).dead)
        alive.set_stone(Point(x, y), cell(Point(x, y)).stone);
  for (const Claim& cl : c.claims) cell(cl.point).claimed = true;
  AnalysisOptions ao;
  ao.exclusive_liberties = c.rules.seki_exclusive_liberties;
  ao.seki_territory = c.rules.seki_territory == SekiTerritory::owned;
  for (const Claim& cl : c.claims)
    if (alive.at(cl.point) == Color::Empty) ao.claims.push_back(cl);
  const Analysis a = Analysis::of(alive, ao);
  for (int y = 0; y < c.height; ++y)
    for (int x = 0; x < c.width; ++x) {
      const Point p(x, y);
      const auto i = Board::index(p);
      const int u = a.unit_of(i);
      if ((is_stone(alive.at(p)) && u >= 0 && a.units()[size_t(u)].seki) ||
          a.at(p) == PointClass::public_liberty)
        cell(p).seki = true;
    }

  if (v == View::japanese) {
    if (c.rules.eye_reading == EyeReading::japanese) {
      std::vector<Point> dead(c.dead_black);
      dead.insert(dead.end(), c.dead_white.begin(), c.dead_white.end());
      const EyeReadingMap map = EyeReadingMap::of(position, dead);
      for (int y = 0; y < c.height; ++y)
        for (int x = 0; x < c.width; ++x) {
          const Point p(x, y);
          OverlayPoint& q = cell(p);
          q.owner = map.territory(p);
          q.shared = q.owner == Color::Empty && (alive.at(p) == Color::Empty);
          if (q.shared) q.cls = PointClass::dame;
          q.seki = q.seki || is_stone(map.seki(p));
          q.false_eye = map.unscored_false_eye(p);
        }
      return o;
    }
    // Without eye reading: the units' owned points outside seki (no exclusive liberties, no
    // claims), and nothing for the stones.
    AnalysisOptions jo;
    jo.exclusive_liberties = false;
    jo.seki_territory = false;
    const Analysis j = Analysis::of(alive, jo);
    for (int y = 0; y < c.height; ++y)
      for (int x = 0; x < c.width; ++x) {
        const Point p(x, y);
        OverlayPoint& q = cell(p);
        const PointClass k = j.at(p);
        const int u = j.unit_of(Board::index(p));
        const bool outside_seki = u >= 0 && !j.units()[size_t(u)].seki;
        if (k == PointClass::black_territory && outside_seki) q.owner = Color::Black;
        else if (k == PointClass::white_territory && outside_seki) q.owner = Color::White;
        q.shared = q.owner == Color::Empty && alive.at(p) == Color::Empty;
        if (q.shared) q.cls = PointClass::dame;
      }
    return o;
  }

  // The area views: the board of the making with the dead stones removed (and the dame filled
  // where the rules fill them at making): every stone and owned point its side's.
  const CountBoard& b = made->board;
  for (int y = 0; y < c.height; ++y)
    for (int x = 0; x < c.width; ++x) {
      const Point p(x, y);
      const auto i = Board::index(p);
      OverlayPoint& q = cell(p);
      const Color s = b.at(i);
      q.cls = b.cls[i];
      if (is_stone(s)) {
        q.owner = s;
        q.dame_filled = b.mark[i] == CountBoard::Mark::dame_filled;
      } else if (b.cls[i] == PointClass::black_territory) {
        q.owner = Color::Black;
      } else if (b.cls[i] == PointClass::white_territory) {
        q.owner = Color::White;
      } else {
        q.shared = true;
      }
    }
  if (v == View::living_stones)
    if (const MakingStep* l = step(c, "living_stones"))
      for (int y = 0; y < c.height; ++y)
        for (int x = 0; x < c.width; ++x)
          cell(Point(x, y)).basic_eye =
              l->board.mark[Board::index(Point(x, y))] == CountBoard::Mark::basic_eye;
  return o;
}

}  // namespace jpd
