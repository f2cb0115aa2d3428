// Session::json_text: the API's game JSON written without the tree, byte for byte the tree's.

#include <functional>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "jpd/encoding.hpp"
#include "jpd/gtp_move.hpp"
#include "jpd/rules.hpp"
#include "jpd/web/session.hpp"

namespace jpd::web {
namespace {

using nlohmann::json;

// to_json(now) with extra's fields set on it, dumped as the API's replies dump it.
std::string tree_text(const Session& s, int64_t now, const json& extra) {
  json j = s.to_json(now);
  if (extra.is_object())
    for (const auto& [k, v] : extra.items()) j[k] = v;
  return json_text(j);
}

// Random events on one session: moves on random points, passes, virtual moves, pauses, marks,
// undo requests; most are refused, which leaves the session as it was.
void play_random(Session& s, uint64_t seed, int events, const std::function<void(int)>& check) {
  uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
  auto next = [&](uint64_t n) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x % n;
  };
  const int w = s.game().width(), h = s.game().height();
  const MoveKind kinds[] = {MoveKind::pass, MoveKind::virtual_move, MoveKind::propose_pause,
                            MoveKind::accept_pause, MoveKind::reject_pause};
  for (int k = 0; k < events; ++k) {
    const Color c = is_stone(s.game().to_move()) ? s.game().to_move() : Color::Black;
    const std::string col(color_letter(c));
    json e;
    const uint64_t pick = next(20);
    if (pick < 14) {
      e = json{{"t", "move"}, {"color", col}, {"kind", "play"},
               {"point", to_gtp(Point(int(next(uint64_t(w))), int(next(uint64_t(h)))), h)},
               {"at", int64_t(1000 * k)}};
    } else if (pick < 18) {
      e = json{{"t", "move"}, {"color", col}, {"kind", std::string(name_of(kinds[next(5)]))}, {"at", int64_t(1000 * k)}};
    } else if (pick < 19) {
      e = json{{"t", "marks"}, {"dead", json::array({to_gtp(Point(int(next(uint64_t(w))), 0), h)})}, {"source", "given"}};
    } else {
      e = json{{"t", "undo_ask"}, {"color", col}};
    }
    (void)s.apply(e);
    check(k);
  }
}

TEST(SessionJsonText, WritesTheSameBytesAsTheTreeOnRandomGamesUnderEveryPreset) {
  int compared = 0, with_moves = 0;
  uint64_t seed = 0;
  for (const std::string& preset : preset_names())
    for (int g = 0; g < 4; ++g, ++seed) {
      Settings st;
      st.rules = parse_ruleset(preset);
      st.width = st.height = g % 3 == 0 ? 13 : 9;
      st.players[0] = g % 2 ? "李昌镐" : "A \"quoted\" \\ name";
      st.listed = g % 2 == 0;
      if (g % 3 == 1) st.clock = ClockSettings::from_json(json{{"type", "fischer"}, {"main", 60}, {"increment", 5}});
      Session s(int64_t(seed + 1), "key" + std::to_string(seed), "2026-12-07", st);
      play_random(s, seed, 60, [&](int k) {
        const int64_t now = 1000 * k + 500;
        ASSERT_EQ(s.json_text(now), tree_text(s, now, nullptr)) << preset << " game " << g << " event " << k;
        const json extra = k % 3 == 0 ? json{{"tokens", {{"B", "t0k"}}}, {"genmove", {{"move", "D4"}}}}
                         : k % 3 == 1 ? json{{"ruleset", 1}, {"title", "t"}, {"board", {1, 2}}}
                                 : json{{"moves", "overridden"}, {"zz", 1}, {"aa", nullptr}};
        ASSERT_EQ(s.json_text(now, extra), tree_text(s, now, extra)) << preset << " game " << g << " event " << k;
        ++compared;
        with_moves += !s.game().moves().empty();
      });
    }
  EXPECT_GT(compared, 1000);
  EXPECT_GT(with_moves, compared / 2);  // the moves' writer was compared, not only empty games
}

TEST(SessionJsonText, TheBoardAndMovesArePartOfTheText) {
  Settings st;
  st.rules = parse_ruleset("chinese");
  st.width = st.height = 9;
  Session s(1, "k", "now", st);
  ASSERT_FALSE(s.apply(json{{"t", "move"}, {"color", "B"}, {"kind", "play"}, {"point", "E5"}}));
  ASSERT_FALSE(s.apply(json{{"t", "move"}, {"color", "W"}, {"kind", "pass"}}));
  const json j = json::parse(s.json_text());
  ASSERT_EQ(j["moves"].size(), 2u);
  EXPECT_EQ(j["moves"][0], (json{{"color", "B"}, {"kind", "play"}, {"phase", "play"}, {"point", "E5"}}));
  EXPECT_EQ(j["moves"][1]["kind"], "pass");
  EXPECT_FALSE(j["moves"][1].contains("point"));
  EXPECT_EQ(j["board"][4], "....X....");
}

}  // namespace
}  // namespace jpd::web
