// The estimator on the command line: the default source of jpd score, --dead-from estimate,
// --playouts, jpd estimate, jpd corpus and jpd dispute, run as a program.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_util.hpp"
#include "shared_corpus.hpp"

using namespace cli_run;

namespace {

const std::string kMain = data("goquest-9x9-2015-10-26-miura18-u4i.sgf");
const std::string kTv = data("minigo-tv-9x9-971122.sgf");

// A manifest of one record of ../shared/corpus/games: its rules, komi and recorded result.
std::string one_record_manifest(const std::string& name, const std::string& record,
                                const std::string& rules, const std::string& komi,
                                const std::string& result) {
  return temp_file(name, "file\trules\tkomi\tresult\n" + std::string(JPD_SHARED_DIR) +
                             "/corpus/games/" + record + "\t" + rules + "\t" + komi + "\t" + result + "\n");
}

// `jpd corpus MANIFEST --json ARGS` on a manifest of one record: that record's outcome.
nlohmann::json corpus_outcome(const std::string& manifest, const std::string& args = "") {
  const Outcome r = jpd("corpus " + manifest + " --json" + args);
  EXPECT_EQ(r.status, 0) << r.out;
  return r.status == 0 ? nlohmann::json::parse(r.out)["sources"][0]["games"][0] : nlohmann::json();
}

}  // namespace

TEST(EstimateCli, ScoreUsesTheEstimatorWhenTheRecordHasNoMarkup) {
  Outcome r = jpd("score " + kMain + " --json");
  ASSERT_EQ(r.status, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["statuses"]["source"], "estimate");
  EXPECT_EQ(j["statuses"]["detail"], "estimator, 500 playouts");
  EXPECT_TRUE(j["statuses"]["uncertain"].is_array());
  EXPECT_TRUE(j["statuses"]["suggested_claims"].is_array());
  EXPECT_EQ(j["result"], "B+2");  // the record's own result
  Outcome p = jpd("score " + kMain + " --dead-from estimate --playouts 300 --json");
  ASSERT_EQ(p.status, 0) << p.out;
  EXPECT_EQ(nlohmann::json::parse(p.out)["statuses"]["detail"], "estimator, 300 playouts");
  EXPECT_EQ(jpd("score " + kMain + " --playouts 0").status, 2);
}

TEST(EstimateCli, AJapaneseRecordThatStopsIsFinishedBeforeItIsCounted) {
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  // A televised professional game: the dame H9/J9 are open, and once Black has filled them White
  // must defend at J5 inside its own territory (a point less).
  const std::string tv = std::string(JPD_SHARED_DIR) + "/corpus/games/J_00001__games__pro_games__go__9x9__990619.sgf";
  Outcome r = jpd("score " + tv + " --rules japanese --json");
  ASSERT_EQ(r.status, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["result"], "W+7.5");  // the recorded result
  bool noted = false;
  for (auto& n : j["notes"]) noted |= n.get<std::string>().find("finishing move") != std::string::npos;
  EXPECT_TRUE(noted) << r.out;
}

TEST(EstimateCli, EstimateShowsEveryChain) {
  Outcome r = jpd("estimate " + kTv + " --json");
  ASSERT_EQ(r.status, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["ownership"].size(), 9u);
  bool dead = false;
  for (auto& c : j["chains"]) dead |= c["status"] == "dead";
  EXPECT_TRUE(dead);
  Outcome t = jpd("estimate " + kTv);
  ASSERT_EQ(t.status, 0) << t.out;
  EXPECT_NE(t.out.find("estimator, 500 playouts"), std::string::npos);
}

TEST(EstimateCli, CorpusCountsAManifestPerRuleFamily) {
  const std::string dir = data("");
  const std::string manifest = temp_file(
      "corpus-manifest.tsv",
      "file\trules\tkomi\tresult\n" + dir + "goquest-9x9-2015-10-26-miura18-u4i.sgf\tChinese\t7\tB+2\n" + dir +
          "minigo-tv-9x9-971122.sgf\tJapanese\t6.5\tW+5.5\n" + dir +
          "minigo-tv-9x9-971122.sgf\tJapanese\t6.5\tB+3.5\n");
  Outcome r = jpd("corpus " + manifest + " --json");
  ASSERT_EQ(r.status, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["sources"].size(), 1u);
  auto f = j["sources"][0]["families"];
  EXPECT_EQ(f["chinese"]["exact"], 1);
  EXPECT_EQ(f["japanese"]["exact"], 1);
  EXPECT_EQ(f["japanese"]["wrong"], 1);
  EXPECT_EQ(f["all"]["games"], 3);
  Outcome t = jpd("corpus " + manifest + " --failures");
  ASSERT_EQ(t.status, 0) << t.out;
  EXPECT_NE(t.out.find("recorded B+3.5, got W+5.5"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("exact%"), std::string::npos);
}

TEST(EstimateCli, DisputeWithGnuGoWritesTheWholeGame) {
  const std::string out = testing::TempDir() + "dispute-out.sgf";
  std::remove(out.c_str());
  Outcome r = jpd("dispute " + kTv + " --rules chinese --black 'gnugo --mode gtp --level 1' "
                  "--white 'gnugo --mode gtp --level 1' --out " + out + " --json");
  ASSERT_EQ(r.status, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["statuses"]["source"], "dispute");
  EXPECT_GT(j["dispute"]["moves"].get<int>(), 0);
  Outcome again = jpd("score " + out + " --json");
  ASSERT_EQ(again.status, 0) << again.out;
  auto k = nlohmann::json::parse(again.out);
  EXPECT_EQ(k["result"], j["result"]);
  EXPECT_EQ(k["statuses"]["source"], "sgf");  // the dead stones the dispute confirmed, as JD
  EXPECT_EQ(jpd("dispute " + kTv).status, 2);  // the engines are required
}

TEST(EstimateCli, CorpusCountsRecordsOfUnknownRulesUnderTheRulesAskedFor) {
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  // A professional pair-go game with Japanese komi and no RU: the manifest does not know its
  // rules. Counted Japanese-style (the default) it gives the recorded B+0.5; under the record's
  // own default, tang-song, B+1.5.
  const std::string manifest = one_record_manifest(
      "corpus-unknown.tsv", "U_00047__games__pro_games__go__9x9__pg2004-d-2.sgf", "?", "6.5", "B+0.5");
  const auto g = corpus_outcome(manifest);
  EXPECT_EQ(g["rules"], "japanese,komi=6.5");
  EXPECT_EQ(g["outcome"], "exact") << g.dump();
  const auto h = corpus_outcome(manifest, " --unknown-rules record");
  EXPECT_EQ(h["rules"], "tang-song,komi=6.5");
  EXPECT_EQ(h["got"], "B+1.5");
  Outcome c = jpd("corpus " + manifest + " --unknown-rules chinese,komi=7.5 --failures");
  ASSERT_EQ(c.status, 0) << c.out;
  EXPECT_NE(c.out.find("counted under chinese,komi=7.5"), std::string::npos) << c.out;
  Outcome bad = jpd("corpus " + manifest + " --unknown-rules nosuchrules");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.out.find("--unknown-rules"), std::string::npos) << bad.out;
}

TEST(EstimateCli, CorpusNamesAMissAnOddNumberOfPointsAwayUnderAreaCounting) {
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  // The pair-go record above counts W+0.5 under Chinese rules (area 44 : 37, nothing shared) and
  // B+0.5 under Japanese rules. Area counting fixes the parity: W+1.5 (one point away) cannot be
  // an area count of this board without a shared point; W+2.5 (two away) can.
  const std::string record = "U_00047__games__pro_games__go__9x9__pg2004-d-2.sgf";
  const auto odd = corpus_outcome(one_record_manifest("corpus-odd.tsv", record, "Chinese", "7.5", "W+1.5"));
  EXPECT_EQ(odd["got"], "W+0.5") << odd.dump();
  EXPECT_EQ(odd["outcome"], "wrong");
  EXPECT_EQ(odd["odd_points_apart"], true);
  EXPECT_EQ(odd["apart"], 1.0);
  const auto even = corpus_outcome(one_record_manifest("corpus-even.tsv", record, "Chinese", "7.5", "W+2.5"));
  EXPECT_EQ(even["outcome"], "wrong");
  EXPECT_EQ(even["odd_points_apart"], false);
  EXPECT_EQ(even["apart"], 2.0);
  const auto exact = corpus_outcome(one_record_manifest("corpus-exact.tsv", record, "Chinese", "7.5", "W+0.5"));
  EXPECT_EQ(exact["outcome"], "exact");
  EXPECT_EQ(exact["odd_points_apart"], false);
  // Territory counting fixes no parity: a point away is only a point away.
  const auto japanese = corpus_outcome(one_record_manifest("corpus-jp.tsv", record, "Japanese", "6.5", "B+1.5"));
  EXPECT_EQ(japanese["got"], "B+0.5") << japanese.dump();
  EXPECT_EQ(japanese["odd_points_apart"], false);
  // The table says how many.
  Outcome table = jpd("corpus " + one_record_manifest("corpus-odd3.tsv", record, "Chinese", "7.5", "W+1.5"));
  ASSERT_EQ(table.status, 0) << table.out;
  EXPECT_NE(table.out.find("1 of the records not exact lie a whole odd number of points"), std::string::npos)
      << table.out;
  Outcome failures = jpd("corpus " + one_record_manifest("corpus-odd4.tsv", record, "Chinese", "7.5", "W+1.5") +
                         " --failures");
  ASSERT_EQ(failures.status, 0) << failures.out;
  EXPECT_NE(failures.out.find("uncertain 0; an odd number of points away)"), std::string::npos) << failures.out;
}

TEST(EstimateCli, CorpusCountsTheRecordsWithinOnePointOfTheirResult) {
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  // The pair-go record counts W+0.5 under Chinese rules: W+1.5 recorded is within one point,
  // W+2.5 is not; a record whose result is no count has no distance.
  const std::string record = "U_00047__games__pro_games__go__9x9__pg2004-d-2.sgf";
  const std::string base = std::string(JPD_SHARED_DIR) + "/corpus/games/" + record;
  const std::string manifest = temp_file("corpus-within.tsv", "file\trules\tkomi\tresult\n" + base +
                                                                   "\tChinese\t7.5\tW+1.5\n" + base +
                                                                   "\tChinese\t7.5\tW+2.5\n" + base +
                                                                   "\tChinese\t7.5\tW+R\n");
  Outcome r = jpd("corpus " + manifest + " --json");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto src = nlohmann::json::parse(r.out)["sources"][0];
  EXPECT_EQ(src["families"]["all"]["within_one"], 1) << src.dump();
  EXPECT_EQ(src["families"]["all"]["wrong"], 2);
  EXPECT_EQ(src["games"][2]["apart"], nullptr);
  Outcome table = jpd("corpus " + manifest);
  ASSERT_EQ(table.status, 0) << table.out;
  EXPECT_NE(table.out.find("±1%"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("0.0%    50.0%"), std::string::npos) << table.out;
}

TEST(EstimateCli, CorpusCountsACgosRecordAsTheServerDidEveryStoneAlive) {
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  // CGOS scores the final position as it stands. This record ends with two black and two white
  // stones that are dead by any reading; the server's B+9 counts them alive.
  const std::string manifest = one_record_manifest(
      "corpus-cgos.tsv", "C_00904__games__pro_games__go__9x9__492702.sgf", "Chinese", "7", "B+9.0");
  const auto g = corpus_outcome(manifest);
  EXPECT_EQ(g["rules"], "chinese,komi=7,remove_dead=false");
  EXPECT_EQ(g["conventions"], nlohmann::json::array({"cgos"}));
  EXPECT_EQ(g["outcome"], "exact") << g.dump();
  EXPECT_NE(g.value("convention", "").find("Computer Go Server"), std::string::npos) << g.dump();
  const auto h = corpus_outcome(manifest, " --no-server-conventions");
  EXPECT_EQ(h["rules"], "chinese,komi=7");
  EXPECT_EQ(h["outcome"], "wrong") << h.dump();
  EXPECT_FALSE(h.contains("convention"));
}

TEST(EstimateCli, TheSharedCorpusIsReproducedAsOftenAsTheGoalAsks) {
  // Issue 5's yardstick (docs/corpus.md): from the records alone, the estimator reproduces at
  // least 95 % of the 1,249 recorded results exactly (1187 at the last run). A change that costs
  // records must say so there and here.
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  const std::string manifest = std::string(JPD_SHARED_DIR) + "/corpus/MANIFEST.tsv";
#ifdef JPD_SANITIZED
  // Under the sanitizers (ten times slower) a slice of every kind of record, for the memory checks.
  for (const char* kind : {"C_0000", "C_0090", "J_0000", "U_0021"}) {
    Outcome s = jpd("corpus " + manifest + " --dead-from estimate --jobs 2 --json --match " + kind);
    ASSERT_EQ(s.status, 0) << s.out.substr(0, 2000);
    EXPECT_EQ(nlohmann::json::parse(s.out)["sources"][0]["families"]["all"]["error"], 0) << kind;
  }
  GTEST_SKIP() << "the whole corpus is counted in the Release tree";
#endif
  Outcome r = jpd("corpus " + manifest + " --dead-from estimate --jobs 2 --json");
  ASSERT_EQ(r.status, 0) << r.out.substr(0, 2000);
  const auto all = nlohmann::json::parse(r.out)["sources"][0]["families"]["all"];
  EXPECT_EQ(all["games"], 1249);
  EXPECT_EQ(all["error"], 0);
  EXPECT_GE(all["exact"].get<int>(), 1187);
  EXPECT_GE(all["exact"].get<double>() / all["games"].get<double>(), 0.95);
}
