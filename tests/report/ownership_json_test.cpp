// The per-point maps of the count's JSON (`ownership`: a GUI draws territory from them) agree
// with the figures: over random games of every preset, the area map's points of each side plus
// half the shared points are its area, and the territory map's points of each side less its
// stones at equal stones (k) are its territory, and the Japanese map's points of each side plus
// its prisoners are its Japanese figure. The check is shown to catch a map one point off. The
// Japanese map reads eyes: a false eye is Black's land in the territory map, nobody's in it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "jpd/count.hpp"
#include "jpd/count_report.hpp"
#include "jpd/encoding.hpp"
#include "random_game.hpp"
#include "cli_util.hpp"
#include "test_util.hpp"

using namespace jpd;

namespace {

struct Tally {
  double b = 0, w = 0, shared = 0;
  size_t rows = 0, cols = 0;
};

Tally tally(const nlohmann::json& map) {
  Tally t;
  t.rows = map.size();
  for (const auto& row : map) {
    t.cols = row.size();
    for (const auto& p : row) {
      const std::string v = p.get<std::string>();
      if (v == "B") ++t.b;
      else if (v == "W") ++t.w;
      else ++t.shared;
    }
  }
  return t;
}

// "" when the maps of the JSON agree with its figures, else what does not.
std::string maps_problem(const nlohmann::json& j) {
  const nlohmann::json& o = j.at("ownership");
  for (const char* view : {"area", "territory", "fill_up", "living_stones"}) {
    if (!o.contains(view)) return std::string("no map of ") + view;
    const Tally t = tally(o.at(view));
    if (int(t.rows) != j.at("height").get<int>() || int(t.cols) != j.at("width").get<int>())
      return std::string("the map of ") + view + " is not the board's size";
  }
  const Tally a = tally(o.at("area"));
  if (a.b + a.shared / 2 != j["area"]["B"].get<double>() || a.w + a.shared / 2 != j["area"]["W"].get<double>())
    return "the area map gives " + std::to_string(a.b + a.shared / 2) + " : " + std::to_string(a.w + a.shared / 2) +
           ", the area is " + j["area"].dump();
  const Tally f = tally(o.at("fill_up"));
  if (f.b + f.shared / 2 != j["fill_up"]["B"].get<double>() || f.w + f.shared / 2 != j["fill_up"]["W"].get<double>())
    return "the fill-up map disagrees with " + j["fill_up"].dump();
  const Tally t = tally(o.at("territory"));
  const double k = j.at("k").get<double>();
  if (t.b - k != j["territory"]["B"].get<double>() || t.w - k != j["territory"]["W"].get<double>())
    return "the territory map gives " + std::to_string(t.b - k) + " : " + std::to_string(t.w - k) +
           ", the territory is " + j["territory"].dump();
  // The Japanese map: a side's points + the prisoners it holds = its Japanese figure.
  if (!o.contains("japanese")) return "no map of japanese";
  const Tally jt = tally(o.at("japanese"));
  for (const char* side : {"B", "W"}) {
    const char* other = side[0] == 'B' ? "W" : "B";
    const double prisoners = j["captured"][other].get<double>() + j["dead_count"][other].get<double>() +
                             j["pass_stones"][other].get<double>();
    const double points = side[0] == 'B' ? jt.b : jt.w;
    if (points + prisoners != j["japanese"][side].get<double>())
      return std::string("the japanese map gives ") + side + " " + std::to_string(points) + " + prisoners " +
             std::to_string(prisoners) + ", the figure is " + j["japanese"].dump();
  }
  return "";
}

}  // namespace

TEST(OwnershipJson, EveryViewsMapAgreesWithItsFiguresOnRandomGamesUnderEveryPreset) {
  int index = 0, checked = 0;
  for (const Preset& p : presets()) {
    for (int n = 0; n < 30; ++n) {
      RandomGame rg = random_game(p.rules, random_game_seed(4242, index, uint64_t(n)));
      const Count c = count(rg.game, rg.statuses);
      if (c.rules.counting == CountingMethod::territory_generalized) continue;  // no refill board
      ASSERT_EQ(maps_problem(to_json(c)), "") << p.name << " game " << n << "\n" << explain(c, Lang::en);
      ++checked;
    }
    ++index;
  }
  EXPECT_GT(checked, 300);
}

TEST(OwnershipJson, TheCheckCatchesAMapOnePointOff) {
  RandomGame rg = random_game(parse_ruleset("chinese"), random_game_seed(4242, 0, 3));
  nlohmann::json j = to_json(count(rg.game, rg.statuses));
  ASSERT_EQ(maps_problem(j), "");
  nlohmann::json& point = j["ownership"]["area"][0][0];
  point = point == "B" ? "W" : "B";
  EXPECT_NE(maps_problem(j), "");
}

TEST(OwnershipJson, APointIsASideOrOneOfTheSharedKinds) {
  RandomGame rg = random_game(parse_ruleset("tang-song"), random_game_seed(4242, 1, 5));
  const nlohmann::json j = to_json(count(rg.game, rg.statuses));
  for (const auto& [view, map] : j["ownership"].items())
    for (const auto& row : map)
      for (const auto& p : row) {
        const std::string v = p.get<std::string>();
        if (view == "japanese")
          EXPECT_TRUE(v == "B" || v == "W" || v == "stone" || v == "seki" || v == "false_eye" || v == "dame")
              << view << ": " << v;
        else
          EXPECT_TRUE(v == "B" || v == "W" || v == "seki" || v == "dame" || v == "shared") << view << ": " << v;
      }
}

TEST(OwnershipJson, EstimateGivesEveryPointsOwnerFromMinusOneToOneSignedByItsLivingStones) {
  cli_run::Outcome r = cli_run::jpd("estimate " + cli_run::data("goquest-9x9-2015-10-26-miura18-u4i.sgf") + " --json");
  ASSERT_EQ(r.status, 0) << r.out;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  const nlohmann::json& own = j.at("ownership");
  ASSERT_EQ(own.size(), 9u);
  for (const auto& row : own) {
    ASSERT_EQ(row.size(), 9u);
    for (const auto& v : row) EXPECT_TRUE(v.get<double>() >= -1 && v.get<double>() <= 1) << v;
  }
  int checked = 0;
  for (const auto& c : j.at("chains")) {
    if (c["status"] != "alive" || c["alive_probability"].get<double>() < 0.9) continue;
    const std::string gtp = c["stone"];
    const int x = std::string("ABCDEFGHJ").find(gtp[0]), y = 9 - std::stoi(gtp.substr(1));
    const double v = own[size_t(y)][size_t(x)].get<double>();
    EXPECT_GT(c["color"] == "B" ? v : -v, 0.5) << gtp;
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

// Black's C4 is a false eye (White's D3 and the edge leave it one diagonal): Black must fill it
// under Japanese rules. The territory map (area counting's equal stones) counts it Black's; the
// Japanese map says it is a false eye, no territory, and its figure is one point less.
TEST(OwnershipJson, TheJapaneseMapGivesAFalseEyeNoTerritoryWhereTheTerritoryMapGivesItBlack) {
  const std::string diagram =
      ". . . . . . . . .\n"
      "X X X X X X X X X\n"
      "X X . X X X X X X\n"
      "O O X O O O O O O\n"
      "O O O O O O O O O\n"
      ". . . . . . . . .\n";
  const nlohmann::json j = to_json(count(test::game_from("japanese", diagram), {}));
  ASSERT_EQ(maps_problem(j), "");
  const nlohmann::json& o = j.at("ownership");
  EXPECT_EQ(o["territory"][2][2], "B");
  EXPECT_EQ(o["area"][2][2], "B");
  EXPECT_EQ(o["japanese"][2][2], "false_eye");
  EXPECT_EQ(o["japanese"][0][0], "B");   // the top row is Black's territory
  EXPECT_EQ(o["japanese"][1][0], "stone");  // a living stone is no territory
  EXPECT_EQ(o["japanese"][5][0], "W");
  EXPECT_EQ(tally(o["japanese"]).b, 9);
  EXPECT_EQ(j["japanese"]["B"], 9);
  // Without eye reading the same point is Black's in the Japanese map too.
  const nlohmann::json none = to_json(count(test::game_from("japanese,eye_reading=none", diagram), {}));
  ASSERT_EQ(maps_problem(none), "");
  EXPECT_EQ(none["ownership"]["japanese"][2][2], "B");
  EXPECT_EQ(none["japanese"]["B"], 10);
}

// count_json_text (GTP's jpd-count) writes the making's boards and the maps without the tree:
// the same bytes as the tree dumped, on random games of every preset (generalized territory, the
// dead stones and claims of the generator, disputes and negative moves included) and on a count
// with the Chinese step titles and a false eye.
TEST(CountJsonText, WritesTheSameBytesAsTheTreeOnRandomGamesUnderEveryPreset) {
  int index = 0, compared = 0;
  for (const Preset& p : presets()) {
    for (int n = 0; n < 25; ++n) {
      RandomGame rg = random_game(p.rules, random_game_seed(777, index, uint64_t(n)));
      Count c;
      try {
        c = count(rg.game, rg.statuses);
      } catch (const CountError&) {
        continue;
      }
      ASSERT_EQ(count_json_text(c), json_text(to_json(c))) << p.name << " game " << n;
      ++compared;
    }
    ++index;
  }
  EXPECT_GT(compared, 400);
  const Count fe = count(test::game_from("japanese", ". . .\nX X X\nX . X\nO O O\n. . .\n"), {});
  EXPECT_EQ(count_json_text(fe), json_text(to_json(fe)));
  EXPECT_NE(count_json_text(fe).find("\"steps\":[{\"board\":"), std::string::npos);
}
