// The komi-free series (series.hpp): records that are no series, what the standing notes, and
// `jpd series` in text and JSON, one rule set and every preset side by side. (The seed's own test
// is SeedArticles.ArtGreat_Essay_KomiFreeSeriesIsDecidedByTheTotalDifferenceThenGameWins; the
// series against GNU Go is in match_test.cpp.)
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_util.hpp"
#include "jpd/series.hpp"
#include "test_util.hpp"

using namespace jpd;
using cli_run::data;
using cli_run::Outcome;

namespace {

Outcome jpd_cli(const std::string& args) { return cli_run::jpd(args); }

const std::string kGame1 = "cgos-9x9-333079.sgf", kGame2 = "cgos-9x9-333378.sgf";

sgf::Record record(const std::string& black, const std::string& white, const std::string& name) {
  sgf::Record r = sgf::read_record_text(
      "(;GM[1]FF[4]SZ[5]KM[0.5]PB[" + black + "]PW[" + white +
      "];B[bc];W[dc];B[bd];W[dd];B[bb];W[db];B[be];W[de];B[ba];W[da];B[cc];W[];B[])");
  r.filename = name;
  if (black.empty()) r.black_name.clear();
  return r;
}

}  // namespace

TEST(Series, RecordsThatAreNoSeriesOfTwoPlayersAreRefusedNamingTheFile) {
  SeriesOptions o;
  o.score.dead_from = DeadFrom::none;
  EXPECT_NE(test::message_of<SeriesError>([&] {
              series_of_records({record("", "Bob", "a.sgf")}, o);
            }).find("a.sgf: no PB"),
            std::string::npos);
  EXPECT_NE(test::message_of<SeriesError>([&] {
              series_of_records({record("Ann", "Bob", "a.sgf"), record("Cid", "Ann", "b.sgf")}, o);
            }).find("game 2 (b.sgf): Cid - Ann is not a game between Ann and Bob"),
            std::string::npos);
  EXPECT_NE(test::message_of<SeriesError>([&] {
              series_of_records({record("Ann", "Ann", "a.sgf")}, o);
            }).find("both 'Ann'"),
            std::string::npos);
  EXPECT_THROW(series_standing({}, "x"), SeriesError);
}

TEST(Series, TheStandingNotesColoursThatDoNotAlternateAndGamesNotCounted) {
  SeriesOptions o;
  o.score.dead_from = DeadFrom::none;
  // The worked check of SPEC §7 under Chinese rules, komi 0: Black +1. Ann has Black twice.
  const std::vector<SeriesStanding> s = series_of_records(
      {record("Ann", "Bob", "a.sgf"), record("Ann", "Bob", "b.sgf")}, o);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].rules, "tang-song,komi=0");  // no RU: tang-song, as jpd score
  EXPECT_EQ(s[0].black_a, 2);
  EXPECT_EQ(s[0].difference, 0);  // tang-song: Black pays the point of White's first virtual move
  ASSERT_EQ(s[0].notes.size(), 2u);
  const std::vector<std::string> notes = text(s[0].notes, Lang::en);
  EXPECT_NE(notes[0].find("does not alternate"), std::string::npos) << notes[0];
  EXPECT_NE(notes[1].find("Ann had Black in 2 game(s), Bob in 0"), std::string::npos);
  EXPECT_EQ(text(s[0].notes[0], Lang::zh), "第 2 局与第 1 局执黑者相同：先行未轮换");
  EXPECT_EQ(text(s[0].notes[1], Lang::zh), "Ann执黑 2 局，Bob执黑 0 局");
  SeriesGame resigned;
  resigned.number = 1;
  resigned.black = "Ann";
  resigned.white = "Bob";
  resigned.end = EndReason::resigned;
  resigned.winner = "Bob";
  const SeriesStanding r = series_standing({resigned}, "x");
  EXPECT_EQ(r.wins_b, 1);
  EXPECT_EQ(r.difference, 0);
  EXPECT_EQ(r.winner, "Bob");  // on game wins
  ASSERT_FALSE(r.notes.empty());
  EXPECT_NE(text(r.notes[0], Lang::en).find("was not counted (resigned)"), std::string::npos)
      << text(r.notes[0], Lang::en);
  EXPECT_EQ(text(r.notes[0], Lang::zh), "game 1未计算（认输）：不计差数");
}

TEST(Series, CommandLinePrintsEveryGameAndTheTotalInTextAndJson) {
  const std::string files = data(kGame1) + " " + data(kGame2);
  Outcome t = jpd_cli("series " + files + " --dead-from none --lang en");
  ASSERT_EQ(t.status, 0) << t.out;
  EXPECT_NE(t.out.find("Series NNOdin_1.1.2_E - DCNN_AyaF128a523x1: 2 game(s) under chinese,komi=0"),
            std::string::npos)
      << t.out;
  EXPECT_NE(t.out.find("B+13  NNOdin_1.1.2_E +13"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("W+9  NNOdin_1.1.2_E +9"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("total: NNOdin_1.1.2_E +22; game wins 2 : 0; NNOdin_1.1.2_E wins the series "
                       "on the total difference"),
            std::string::npos)
      << t.out;
  Outcome zh = jpd_cli("series " + files + " --dead-from none --lang zh");
  EXPECT_NE(zh.out.find("合计：NNOdin_1.1.2_E +22；胜局 2 : 0"), std::string::npos) << zh.out;

  Outcome j = jpd_cli("series " + files + " --dead-from none --json --tie-break none");
  ASSERT_EQ(j.status, 0) << j.out;
  const nlohmann::json v = nlohmann::json::parse(j.out);
  EXPECT_EQ(v["tie_break"], "none");
  EXPECT_EQ(v["komi"], 0);
  ASSERT_EQ(v["standings"].size(), 1u);
  const nlohmann::json& s = v["standings"][0];
  EXPECT_EQ(s["players"], nlohmann::json::array({"NNOdin_1.1.2_E", "DCNN_AyaF128a523x1"}));
  EXPECT_EQ(s["total"]["difference"], 22);
  EXPECT_EQ(s["total"]["wins"], nlohmann::json::array({2, 0}));
  EXPECT_EQ(s["games"][1]["difference"], -9);  // Black's points minus White's
  EXPECT_EQ(s["games"][1]["difference_a"], 9);
  EXPECT_EQ(s["winner"], "NNOdin_1.1.2_E");
  EXPECT_EQ(s["decided_by"], "difference");
}

TEST(Series, EveryPresetSideBySide) {
  Outcome j = jpd_cli("series " + data(kGame1) + " " + data(kGame2) + " --dead-from none --rules all --json");
  ASSERT_EQ(j.status, 0) << j.out;
  const nlohmann::json v = nlohmann::json::parse(j.out);
  ASSERT_EQ(v["standings"].size(), 23u);
  for (const nlohmann::json& s : v["standings"]) {
    EXPECT_EQ(parse_ruleset(s["rules"].get<std::string>()).komi, 0) << s["rules"];
    // Each game counted without komi: its result is its difference, whatever the preset's own
    // komi (ancient's is 0, and a text that did not name it took the record's KM[7]).
    for (const nlohmann::json& g : s["games"]) {
      const double d = g["difference"].get<double>();
      const std::string want = d > 0 ? "B+" + format_number(d) : d < 0 ? "W+" + format_number(-d) : "0";
      EXPECT_EQ(g["result"], want) << s["rules"] << " game " << g["game"];
    }
    EXPECT_TRUE(s["all_invariants_hold"].get<bool>()) << s["rules"];
    EXPECT_EQ(s["winner"], "NNOdin_1.1.2_E") << s["rules"];
  }
  Outcome t = jpd_cli("series " + data(kGame1) + " " + data(kGame2) +
                  " --dead-from none --rules tang-song,japanese --lang en");
  EXPECT_NE(t.out.find("Every rule set (NNOdin_1.1.2_E minus DCNN_AyaF128a523x1"), std::string::npos)
      << t.out;
  EXPECT_NE(t.out.find("japanese,komi=0"), std::string::npos) << t.out;
  EXPECT_EQ(jpd_cli("series " + data(kGame1) + " --tie-break coin").status, 2);
  EXPECT_EQ(jpd_cli("series " + data(kGame1) + " --rules nonsense").status, 2);
  Outcome bad = jpd_cli("series " + data(kGame1) + " " + data("goquest-9x9-2015-10-26-miura18-u4i.sgf"));
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.out.find("is not a game between"), std::string::npos) << bad.out;
}

TEST(Series, FaultyRecordsAreReadUnderTheRepairPolicyOnlyWhenAsked) {
  // Two moves of one colour in a row: refused, naming the file and the move, unless --repair
  // gives the other side its pass between them, as jpd score does.
  const std::string faulty = cli_run::temp_file(
      "series-faulty.sgf",
      "(;GM[1]FF[4]SZ[5]KM[0.5]PB[Ann]PW[Bob];B[bc];W[dc];B[bd];W[dd];B[bb];W[db];B[be];"
      "W[de];B[ba];B[aa];W[da];B[];W[])");
  const std::string fine = cli_run::temp_file(
      "series-fine.sgf",
      "(;GM[1]FF[4]SZ[5]KM[0.5]PB[Bob]PW[Ann];B[bc];W[dc];B[bd];W[dd];B[bb];W[db];B[be];"
      "W[de];B[ba];W[da];B[];W[])");
  Outcome refused = jpd_cli("series " + faulty + " " + fine + " --rules chinese --dead-from none");
  EXPECT_EQ(refused.status, 1) << refused.out;
  EXPECT_NE(refused.out.find("series-faulty.sgf"), std::string::npos) << refused.out;
  Outcome repaired =
      jpd_cli("series " + faulty + " " + fine + " --rules chinese --dead-from none --repair --json");
  ASSERT_EQ(repaired.status, 0) << repaired.out;
  const nlohmann::json s = nlohmann::json::parse(repaired.out)["standings"][0];
  EXPECT_EQ(s["players"], nlohmann::json::array({"Ann", "Bob"}));
  EXPECT_EQ(s["games"].size(), 2u);
}
