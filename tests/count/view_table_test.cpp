// The views of a count are one table (view_specs(), count.hpp): the count holds one figure pair
// per row, and the outputs list the views from it, so a view added to the table reaches the JSON,
// the explanation, the page and Python without an edit of theirs. These tests loop over the table
// and look for every view in every output; each count they compare can fail (a view written by
// hand and left out, or one too many).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "jpd/count.hpp"
#include "jpd/count_report.hpp"
#include "jpd/overlay.hpp"
#include "jpd/text.hpp"
#include "jpd/web/app.hpp"
#include "test_util.hpp"
#include "web_util.hpp"

using namespace jpd;

namespace {

// A seki, a dead stone and owned points: every view has figures of its own.
Count sample_count() {
  Game g = test::game_from("tang-song", R"(
    . X . O . O X . .
    X X X O O O X . .
    O O O X X X . . .
    . . O X . . . . .
    . . O X . . . . .
    . . O X . . . . .
    . . O X . . . O .
    . . O X . . . . .
    . . O X . . . . .)");
  g.declare_paused();
  Statuses st;
  st.dead = {test::pt("H3", 9)};
  st.source = StatusSource::given;
  return count(g, st);
}

}  // namespace

TEST(ViewTable, OneRowPerViewInOrderWithItsNameInBothLanguages) {
  ASSERT_EQ(view_specs().size(), kViews);
  std::set<std::string> keys;
  for (size_t i = 0; i < kViews; ++i) {
    const ViewSpec& v = view_specs()[i];
    EXPECT_EQ(v.id, View(i));
    EXPECT_EQ(&spec_of(v.id), &v);
    EXPECT_EQ(name_of(v.id), v.key);
    EXPECT_TRUE(keys.insert(std::string(v.key)).second) << v.key;
    EXPECT_NE(v.compute, nullptr) << v.key;
    for (Lang l : {Lang::en, Lang::zh}) {
      const std::string name = view_name(v.id, l);
      EXPECT_FALSE(name.empty()) << v.key;
      EXPECT_NE(name, v.name_id) << v.key << ": no text of that id";
    }
  }
  // The primary view of each method decides by the view whose row names that method.
  for (CountingMethod m : {CountingMethod::area, CountingMethod::territory_refill,
                           CountingMethod::fill_up, CountingMethod::living_stones,
                           CountingMethod::japanese}) {
    Ruleset r;
    r.counting = m;
    EXPECT_EQ(spec_of(primary_view(r)).method, m) << name_of(m);
  }
}

TEST(ViewTable, EveryViewAppearsInJsonTextAndExplain) {
  const Count c = sample_count();
  const nlohmann::json j = to_json(c);
  size_t in_json = 0;
  for (const ViewSpec& v : view_specs()) {
    ASSERT_TRUE(j.contains(std::string(v.key))) << v.key;
    EXPECT_EQ(j[std::string(v.key)]["B"].get<double>(), c.view(v.id).black) << v.key;
    EXPECT_EQ(j[std::string(v.key)]["W"].get<double>(), c.view(v.id).white) << v.key;
    ++in_json;
  }
  EXPECT_EQ(in_json, kViews);
  // The JSON's figure pairs (two floating-point figures, "B" and "W": the other pairs are
  // counts) are the table's views, no more: a view written by hand beside the loop, or one the
  // loop misses, makes these differ.
  size_t figure_pairs = 0;
  for (const auto& [key, value] : j.items())
    if (value.is_object() && value.size() == 2 && value.contains("B") && value.contains("W") &&
        value["B"].is_number_float() && value["W"].is_number_float()) {
      ++figure_pairs;
      EXPECT_TRUE(std::any_of(view_specs().begin(), view_specs().end(),
                              [&](const ViewSpec& v) { return v.key == key; }))
          << key << " is a figure pair of no view";
    }
  EXPECT_EQ(figure_pairs, kViews);

  // The explanation: every view people read under its name (the Chinese names are the
  // explanation's own headings), in the table's order, the Japanese count last when it does not
  // decide; the others not at all.
  const std::string zh = explain(c, Lang::zh);
  size_t shown = 0, at = 0;
  for (const ViewSpec& v : view_specs()) {
    const std::string name = view_name(v.id, Lang::zh);
    const size_t views_at = zh.find(tr(Lang::zh, "explain.views"));
    ASSERT_NE(views_at, std::string::npos);
    const size_t found = zh.find(name, views_at);
    if (!v.shown) {
      EXPECT_EQ(found, std::string::npos) << v.key;
      continue;
    }
    ++shown;
    ASSERT_NE(found, std::string::npos) << v.key;
    if (v.id == View::japanese) continue;  // last, not decided by here
    EXPECT_GT(found, at) << v.key << " out of the table's order";
    at = found;
  }
  EXPECT_EQ(shown, size_t(std::count_if(view_specs().begin(), view_specs().end(),
                                        [](const ViewSpec& v) { return v.shown; })));
  EXPECT_GT(zh.find(view_name(View::japanese, Lang::zh), at), at);
  // The English explanation carries the figures of every view shown, after its views heading.
  const std::string en = explain(c, Lang::en);
  const size_t en_views = en.find(tr(Lang::en, "explain.views"));
  ASSERT_NE(en_views, std::string::npos);
  for (const ViewSpec& v : view_specs()) {
    if (!v.shown) continue;
    for (double f : {c.view(v.id).black, c.view(v.id).white})
      EXPECT_NE(en.find(format_number(f), en_views), std::string::npos) << v.key;
  }
}

TEST(ViewTable, ThePageReadsTheViewsFromTheServer) {
  web::App app(web::test::memory_options());
  const web::Response r = app.handle("GET", "/api/texts", "");
  ASSERT_EQ(r.status, 200);
  const nlohmann::json j = nlohmann::json::parse(r.body);
  std::set<std::string> texts;
  for (const auto& [id, e] : j["texts"].items()) texts.insert(id);
  size_t k = 0;
  for (const ViewSpec& v : view_specs()) {
    if (!v.shown) continue;
    ASSERT_LT(k, j["views"].size());
    const nlohmann::json& row = j["views"][k++];
    EXPECT_EQ(row["key"], v.key);
    EXPECT_EQ(row["name"], v.name_id);
    EXPECT_TRUE(texts.count(std::string(v.name_id))) << v.name_id;
    if (v.method) {
      EXPECT_EQ(row["method"], name_of(*v.method));
    } else {
      EXPECT_TRUE(row["method"].is_null());
    }
  }
  EXPECT_EQ(k, j["views"].size());
}

TEST(ViewTable, OnlyTheDrawnViewsHaveAnOverlay) {
  const Count c = sample_count();
  for (const ViewSpec& v : view_specs()) {
    const auto drawn = overlay_views();
    if (std::find(drawn.begin(), drawn.end(), v.id) != drawn.end()) {
      EXPECT_EQ(overlay(c, v.id).figures.black, c.view(v.id).black) << v.key;
    } else {
      EXPECT_THROW(overlay(c, v.id), std::invalid_argument) << v.key;
    }
  }
}
