// The jpd command line, run as a program: outputs, JSON, exit statuses and error messages.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sys/wait.h>

namespace {

struct Outcome {
  int status = -1;
  std::string out;  // stdout and stderr together
};

Outcome jpd(const std::string& args) {
  std::string cmd = std::string(JPD_BINARY) + " " + args + " 2>&1";
  Outcome r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  int st = pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

std::string data(const std::string& name) { return std::string(JPD_SOURCE_DIR) + "/data/games/" + name; }
const std::string kMain = data("goquest-9x9-2015-10-26-miura18-u4i.sgf");

std::string temp_file(const std::string& name, const std::string& text) {
  std::string path = testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

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

TEST(Cli, PresetsAndRulesCommands) {
  Outcome p = jpd("presets --json");
  ASSERT_EQ(p.status, 0);
  EXPECT_EQ(nlohmann::json::parse(p.out).size(), 23u);
  Outcome r = jpd("rules tang-song,komi=7.5 --json");
  ASSERT_EQ(r.status, 0);
  EXPECT_EQ(nlohmann::json::parse(r.out)["canonical"], "tang-song,komi=7.5");
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
