// The jpd command line, run as a program: outputs, JSON, exit statuses and error messages.
#include <gtest/gtest.h>

#include <sstream>

#include <nlohmann/json.hpp>

#include "cli_util.hpp"

using namespace cli_run;

namespace {

const std::string kMain = data("goquest-9x9-2015-10-26-miura18-u4i.sgf");

}  // namespace

TEST(Cli, ScoreJsonFollowsTheContract) {
  Outcome r = jpd("score " + kMain + " --json");
  ASSERT_EQ(r.status, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["rules"], "chinese,komi=7");
  EXPECT_EQ(j["result"], "B+2");  // the record's own result under its own rules
  EXPECT_EQ(j["winner"], "B");
  EXPECT_EQ(j["area"]["B"], 45);
  EXPECT_EQ(j["area"]["W"], 36);
  EXPECT_TRUE(j["all_invariants_hold"].get<bool>());
  EXPECT_EQ(j["board_size"], 9);
}

TEST(Cli, ScoreUnderAnotherPresetWithExplicitKomi) {
  Outcome r = jpd("score " + kMain + " --rules tang-song,komi=6.5 --json");
  ASSERT_EQ(r.status, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["rules"], "tang-song");
  EXPECT_EQ(j["komi"], 6.5);
  EXPECT_EQ(j["result"], "B+1.5");
  EXPECT_EQ(j["first_virtual"], "W");
}

TEST(Cli, ExplainShowsTheMakingInEnglishAndChinese) {
  Outcome en = jpd("score " + kMain + " --rules tang-song --explain --lang en");
  ASSERT_EQ(en.status, 0);
  EXPECT_NE(en.out.find("equal stones"), std::string::npos);
  EXPECT_NE(en.out.find("refilled"), std::string::npos);
  Outcome zh = jpd("score " + kMain + " --rules tang-song --explain --lang zh");
  ASSERT_EQ(zh.status, 0);
  EXPECT_NE(zh.out.find("等子局面"), std::string::npos);
  EXPECT_NE(zh.out.find("回填"), std::string::npos);
}

TEST(Cli, DeadStonesAndClaimsFromTheCommandLine) {
  std::string f = data("goquest-9x9-2015-11-14-unsettled.sgf");
  Outcome without = jpd("score " + f + " --rules chinese --json");
  Outcome with = jpd("score " + f + " --rules chinese --dead B8 --json");
  ASSERT_EQ(with.status, 0) << with.out;
  auto a = nlohmann::json::parse(without.out), b = nlohmann::json::parse(with.out);
  EXPECT_EQ(b["dead"]["B"][0], "B8");
  EXPECT_EQ(b["statuses"]["source"], "given");
  EXPECT_LT(b["area"]["B"].get<double>(), a["area"]["B"].get<double>());
  Outcome sgfpoints = jpd("score " + f + " --rules chinese --dead bb --json");
  EXPECT_EQ(nlohmann::json::parse(sgfpoints.out)["dead"]["B"][0], "B8");
}

TEST(Cli, CompareHasOneRowPerPreset) {
  Outcome r = jpd("compare " + kMain + " --json");
  ASSERT_EQ(r.status, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["rows"].size(), 23u);
  std::map<std::string, std::string> result;
  for (auto& row : j["rows"]) result[row["preset"]] = row["result"];
  EXPECT_EQ(result["chinese"], "B+2");
  EXPECT_EQ(result["tang-song"], "B+1");  // Black pays for White's first virtual move
  EXPECT_EQ(result["sci-1-1"], "0");      // Black pays 2 for its two extra real moves
  Outcome text = jpd("compare " + kMain + " --lang en");
  EXPECT_NE(text.out.find("Winner by preset"), std::string::npos);
}

TEST(Cli, ReplayPrintsPhaseAndCounters) {
  Outcome r = jpd("replay " + kMain + " --json");
  ASSERT_EQ(r.status, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["phase"], "paused");
  EXPECT_EQ(j["rules"], "chinese,komi=7");
  EXPECT_EQ(j["board"].size(), 9u);
  Outcome t = jpd("replay " + kMain + " --rules living-a");
  EXPECT_EQ(t.status, 0);
  EXPECT_NE(t.out.find("first player"), std::string::npos);  // the adoption note
}

TEST(Cli, BadFileGivesLineAndColumnAndExitOne) {
  std::string f = temp_file("bad.sgf", "(;GM[1]SZ[9]\n;B[dd];W[ee\n");
  Outcome r = jpd("score " + f);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find(f + ":2:"), std::string::npos) << r.out;
  Outcome missing = jpd("score /nonexistent/game.sgf");
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.out.find("/nonexistent/game.sgf"), std::string::npos);
}

TEST(Cli, UnknownPresetListsTheValidOnes) {
  Outcome r = jpd("score " + kMain + " --rules tang-dynasty");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.out.find("unknown preset 'tang-dynasty'"), std::string::npos);
  EXPECT_NE(r.out.find("ming-qing"), std::string::npos);
}

TEST(Cli, IllegalMoveInTheRecordNamesTheMoveNumber) {
  std::string f = temp_file("illegal.sgf", "(;GM[1]FF[4]SZ[9]\n;B[ee];W[ee])");
  Outcome r = jpd("score " + f);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("move 2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("occupied"), std::string::npos) << r.out;
}

TEST(Cli, DeadStoneOnAnEmptyPointIsRefused) {
  Outcome r = jpd("score " + kMain + " --dead A9");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("empty point, A9"), std::string::npos) << r.out;
  Outcome bad = jpd("score " + kMain + " --dead Z99");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(jpd("score " + kMain + " --dead-from bogus").status, 2);
  EXPECT_EQ(jpd("score " + kMain + " --claim X:D4").status, 2);
  EXPECT_NE(bad.out.find("'Z99'"), std::string::npos) << bad.out;
}

TEST(Cli, MissingArgumentsAreUsageErrors) {
  EXPECT_EQ(jpd("").status, 2);
  EXPECT_EQ(jpd("score").status, 2);
  EXPECT_EQ(jpd("score " + kMain + " --lang fr").status, 2);
  EXPECT_EQ(jpd("frobnicate").status, 2);
}

TEST(Cli, PresetsTableKeepsAColumnsWidestEntryApartFromTheNext) {
  // "living stones" (13 columns) filled the method column of 12 and ran into "komi".
  Outcome p = jpd("presets --lang en");
  ASSERT_EQ(p.status, 0);
  EXPECT_NE(p.out.find("living stones komi 7.5"), std::string::npos) << p.out;
  std::istringstream lines(p.out);
  int n = 0;
  for (std::string line; std::getline(lines, line); ++n)
    EXPECT_NE(line.find(" komi "), std::string::npos) << line;
  EXPECT_EQ(n, 23);
}

TEST(Cli, PresetsAndRulesCommands) {
  Outcome p = jpd("presets --json");
  ASSERT_EQ(p.status, 0);
  EXPECT_EQ(nlohmann::json::parse(p.out).size(), 23u);
  Outcome r = jpd("rules tang-song,komi=7.5 --json");
  ASSERT_EQ(r.status, 0);
  EXPECT_EQ(nlohmann::json::parse(r.out)["canonical"], "tang-song,komi=7.5");
  Outcome zh = jpd("rules living-b --lang zh");
  ASSERT_EQ(zh.status, 0) << zh.out;
  EXPECT_NE(zh.out.find("计活子围棋规则 B版"), std::string::npos) << zh.out;
  EXPECT_NE(zh.out.find("先行方贴给后行方的点数"), std::string::npos) << zh.out;
  EXPECT_NE(zh.out.find("fill_at_making_if_odd"), std::string::npos) << zh.out;
  Outcome en = jpd("rules living-b --lang en");
  EXPECT_NE(en.out.find("points the first player gives the second"), std::string::npos) << en.out;
  EXPECT_EQ(jpd("rules living-b --lang fr").status, 2);
}

TEST(Cli, DeadStonesFromGnuGoOverGtp) {
  Outcome r = jpd("score " + data("goquest-9x9-2015-11-14-unsettled.sgf") +
                  " --dead-from 'gtp:gnugo --mode gtp --level 1' --json");
  ASSERT_EQ(r.status, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["statuses"]["source"], "gtp");
  EXPECT_EQ(j["dead"]["B"][0], "B8");  // the lone black stone inside White's area
  EXPECT_EQ(j["result"], "B+2");       // the record's own result
  Outcome bad = jpd("score " + kMain + " --dead-from gtp:/nonexistent/engine");
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.out.find("/nonexistent/engine"), std::string::npos) << bad.out;
}

TEST(Cli, AbsurdArgumentValuesAreUsageErrorsNamingTheOption) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"stress --games 0", "--games"},
      {"stress --games -5", "--games"},
      {"stress --games 10000000000", "--games"},
      {"stress --size 1", "--size"},
      {"stress --size 26", "--size"},
      {"stress --size 9-3", "--size"},
      {"stress --threads 100000", "--threads"},
      {"stress --rules nonsense", "unknown preset 'nonsense'"},
      {"stress --rules tang-song,komi=1e9", "komi"},
      {"score " + kMain + " --rules tang-song,komi=1e9", "--rules"},
      {"score " + kMain + " --rules tang-song,cycle_repeats=0", "cycle_repeats"},
      {"score " + kMain + " --dead Z99", "--dead"},
      {"score " + kMain + " --dead A1,,A0", "'A0'"},
      {"score " + kMain + " --claim X:A1", "--claim"},
      {"score " + kMain + " --dead-from bogus", "--dead-from"},
      {"replay " + kMain + " --rules tang-dynasty", "unknown preset"},
      {"rules tang-song,group_tax=99", "group_tax"},
  };
  for (const auto& [args, part] : cases) {
    Outcome r = jpd(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find(part), std::string::npos) << args << "\n" << r.out;
  }
}

TEST(Cli, RecordsBeyondTheLimitsFailWithTheLimitNamed) {
  Outcome big = jpd("score " + temp_file("big.sgf", "(;SZ[1000];B[aa])"));
  EXPECT_EQ(big.status, 1);
  EXPECT_NE(big.out.find("the board size must be 2..25"), std::string::npos) << big.out;
  std::string nested = "(;SZ[9]";
  for (int i = 0; i < 1500; ++i) nested += "(;B[aa]";
  Outcome deep = jpd("score " + temp_file("deep.sgf", nested + std::string(1501, ')')));
  EXPECT_EQ(deep.status, 1);
  EXPECT_NE(deep.out.find("max_depth"), std::string::npos) << deep.out.substr(0, 300);
  std::string lists = "(;SZ[25]AB";
  for (int i = 0; i < 1601; ++i) lists += "[aa:yy]";
  Outcome points = jpd("score " + temp_file("points.sgf", lists + ")"));
  EXPECT_EQ(points.status, 1);
  EXPECT_NE(points.out.find("max_points"), std::string::npos) << points.out.substr(0, 300);
}

TEST(Cli, StressPlaysAndCountsEveryPresetWithoutAFailure) {
  Outcome r = jpd("stress --games 30 --seed 7 --json");
  ASSERT_EQ(r.status, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["rules"].size(), 23u);
  EXPECT_EQ(j["total"]["games"], 30 * 23);
  EXPECT_EQ(j["total"]["failures"], 0);
  EXPECT_EQ(j["failures"].size(), 0u);
  Outcome text = jpd("stress --games 5 --rules tang-song,ko=positional,chinese --size 5");
  ASSERT_EQ(text.status, 0) << text.out;
  EXPECT_NE(text.out.find("tang-song,ko=positional"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("0 invariant failures"), std::string::npos) << text.out;
}

TEST(Cli, StressGamesDependOnTheSeedOnlyNotOnTheThreads) {
  auto totals = [](const std::string& args) {
    Outcome r = jpd("stress --games 40 --rules living-a,aga --json " + args);
    auto j = nlohmann::json::parse(r.out);
    return j["rules"][0]["moves"].dump() + " " + j["rules"][1]["moves"].dump() + " " +
           j["total"]["counted"].dump() + " " + j["total"]["disputes"].dump();
  };
  EXPECT_EQ(totals("--seed 3 --threads 1"), totals("--seed 3 --threads 3"));
  EXPECT_NE(totals("--seed 3 --threads 1"), totals("--seed 4 --threads 1"));
}

TEST(Cli, CompareTakesTheRecordsKomiExactlyOrEachPresetsOwn) {
  std::string f = temp_file("komi.sgf", "(;SZ[9]KM[6.123456789];B[ee];W[cc])");
  auto rows = [&](const std::string& args) {
    const auto j = nlohmann::json::parse(jpd("compare " + f + " --json " + args).out);
    std::map<std::string, double> komi;
    for (auto& row : j["rows"]) komi[row["preset"]] = row["komi"];
    return komi;
  };
  auto record = rows("");
  EXPECT_EQ(record["tang-song"], 6.123456789);  // was rounded to 6.12346
  EXPECT_EQ(record["ing"], 6.123456789);
  auto own = rows("--preset-komi");
  EXPECT_EQ(own["tang-song"], 6.5);
  EXPECT_EQ(own["ming-qing"], 7.5);  // was the record's komi: the option did nothing
  EXPECT_EQ(own["ing"], 8);
  Outcome score = jpd("score " + f + " --rules ing --json");
  EXPECT_EQ(nlohmann::json::parse(score.out)["komi"], 6.123456789);
}
