// The count drawn over the board (overlay.hpp): on random games under every preset, each view's
// overlay adds up to the view's own figures, so that what a GUI shows is what is counted; and a
// position where the views differ (a seki, a dead stone, a false eye) drawn point by point.
#include <gtest/gtest.h>

#include <string>

#include "jpd/overlay.hpp"
#include "random_game.hpp"
#include "jpd/rules.hpp"
#include "test_util.hpp"

using namespace jpd;

namespace {

// What the overlay of view v adds up to, for colour col, in the figure's own terms; the prisoners
// the Japanese view adds come from the count.
double overlay_sum(const Overlay& o, const Count& c, Color col) {
  double own = 0, shared = 0, eyes = 0, dame = 0;
  for (int y = 0; y < o.height; ++y)
    for (int x = 0; x < o.width; ++x) {
      const OverlayPoint& q = o.at(Point(x, y));
      if (q.owner == col && !(o.view == View::japanese && is_stone(q.stone) && !q.dead)) ++own;
      if (q.shared) ++shared;
      if (q.shared && q.cls == PointClass::dame) ++dame;
      if (q.basic_eye && q.owner == col) ++eyes;
    }
  switch (o.view) {
    case View::japanese: {
      const Color op = opponent(col);
      return own + c.captured.of(op) + c.dead.of(op) + c.pass_stones.of(op);
    }
    case View::living_stones: return own - eyes + dame / 2.0;  // 公气 stay nobody's
    default: return own + shared / 2.0;
  }
}

}  // namespace

TEST(Overlay, EveryViewAddsUpToItsFiguresOnRandomGamesUnderEveryPreset) {
  int index = 0, checked = 0;
  for (const Preset& p : presets()) {
    for (int n = 0; n < 60; ++n) {
      const RandomGame rg = random_game(p.rules, random_game_seed(2020, index, uint64_t(n)));
      const Count c = count(rg.game, rg.statuses);
      if (c.end != EndReason::counted) continue;
      SCOPED_TRACE(std::string(p.name) + " game " + std::to_string(n));
      for (View v : {View::area, View::fill_up, View::living_stones, View::japanese}) {
        const Overlay o = overlay(c, v);
        EXPECT_EQ(o.primary, v == primary_view(c.rules)) << name_of(v);
        for (Color col : {Color::Black, Color::White})
          EXPECT_DOUBLE_EQ(overlay_sum(o, c, col), o.figures.of(col)) << name_of(v);
      }
      ++checked;
    }
    ++index;
  }
  EXPECT_GT(checked, 500);
}

TEST(Overlay, AMovedPointBreaksTheSumSoTheCheckAboveCanFail) {
  const RandomGame rg = random_game(parse_ruleset("chinese"), random_game_seed(5, 0, 3));
  const Count c = count(rg.game, rg.statuses);
  Overlay o = overlay(c, View::area);
  ASSERT_DOUBLE_EQ(overlay_sum(o, c, Color::Black), c.area().black);
  for (OverlayPoint& q : o.points)
    if (q.owner == Color::White) {
      q.owner = Color::Black;  // one point given to the other side
      break;
    }
  EXPECT_NE(overlay_sum(o, c, Color::Black), c.area().black);
}

namespace {

// A game of setup stones under `rules`, paused by agreement.
Game paused(const std::string& rules, const std::string& diagram) {
  const std::vector<std::string> rows = test::rows_of(diagram);
  Game g(parse_ruleset(rules), int(rows[0].size()), int(rows.size()));
  for (int y = 0; y < int(rows.size()); ++y)
    for (int x = 0; x < int(rows[y].size()); ++x) {
      if (rows[y][x] == 'X') g.setup_stone(Color::Black, Point(x, y));
      if (rows[y][x] == 'O') g.setup_stone(Color::White, Point(x, y));
    }
  g.declare_paused();
  return g;
}

// Black's inner chain (eye A9) and White's (eye E9) in seki, sharing C9; White's H3 dead in
// Black's land on the right.
constexpr const char* kSekiWithEyes = R"(
    . X . O . O X . .
    X X X O O O X . .
    O O O X X X . . .
    . . O X . . . . .
    . . O X . . . . .
    . . O X . . . . .
    . . O X . . . O .
    . . O X . . . . .
    . . O X . . . . .)";

}  // namespace

TEST(Overlay, SekiSharedPointsAndDeadStonesAsEachViewCountsThem) {
  Statuses st;
  st.dead = {test::pt("H3", 9)};
  st.source = StatusSource::given;
  const Count jpd = count(paused("tang-song", kSekiWithEyes), st);
  const Overlay area = overlay(jpd, View::area);
  EXPECT_TRUE(area.primary == false && overlay(jpd, View::territory).primary);
  auto at = [](const Overlay& o, const char* p) { return o.at(test::pt(p, 9)); };
  EXPECT_EQ(at(area, "A9").owner, Color::Black);  // the seki eye is Black's land under 计枰点
  EXPECT_EQ(at(area, "E9").owner, Color::White);
  EXPECT_TRUE(at(area, "C9").shared && at(area, "C9").seki);
  EXPECT_EQ(at(area, "C9").cls, PointClass::public_liberty);
  EXPECT_TRUE(at(area, "B9").seki && at(area, "D9").seki);  // the stones in seki
  EXPECT_FALSE(at(area, "D1").seki);
  EXPECT_TRUE(at(area, "H3").dead);
  EXPECT_EQ(at(area, "H3").stone, Color::White);
  EXPECT_EQ(at(area, "H3").owner, Color::Black);
  EXPECT_EQ(at(area, "J1").owner, Color::Black);
  EXPECT_EQ(at(area, "D1").owner, Color::Black);  // a stone is land in the area views
  EXPECT_EQ(area.value_at(test::pt("A1", 9)), -1.0);
  EXPECT_EQ(area.value_at(test::pt("C9", 9)), 0.0);
  // Living stones: each living unit keeps its basic eyes; the seki unit keeps one (A9).
  const Overlay living = overlay(jpd, View::living_stones);
  EXPECT_TRUE(at(living, "A9").basic_eye);
  int black_eyes = 0;
  for (const OverlayPoint& q : living.points) black_eyes += q.basic_eye && q.owner == Color::Black;
  EXPECT_EQ(black_eyes, jpd.basic_eyes.black);
  // The Japanese view: no territory in seki, none for stones; the dead stone's point is land.
  const Count jap = count(paused("japanese", kSekiWithEyes), st);
  const Overlay j = overlay(jap, View::japanese);
  EXPECT_TRUE(j.primary);
  EXPECT_EQ(at(j, "A9").owner, Color::Empty);
  EXPECT_TRUE(at(j, "A9").seki);
  EXPECT_EQ(at(j, "D1").owner, Color::Empty);
  EXPECT_EQ(at(j, "H3").owner, Color::Black);
  EXPECT_EQ(at(j, "J1").owner, Color::Black);
  EXPECT_TRUE(at(j, "C9").shared);
  EXPECT_EQ(j.result, jap.result);
  // A count without its steps has no boards to draw.
  CountOptions bare;
  bare.keep_steps = false;
  EXPECT_THROW(overlay(count(paused("japanese", kSekiWithEyes), st, bare), View::area),
               std::invalid_argument);
}
