// Batch counting: the rule list, the walk, rows and summary over the shared corpus, bad files, the
// same rows whatever the number of workers, and `jpd batch` run as a program.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>

#include "jpd/batch.hpp"
#include "jpd/encoding.hpp"

using namespace jpd;
namespace fs = std::filesystem;

namespace {

const std::string kCorpus = std::string(JPD_SHARED_DIR) + "/corpus/games";

std::string jpd_run(const std::string& args, int& status) {
  std::string cmd = std::string(JPD_BINARY) + " " + args + " 2>&1";
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return out;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), n);
  int st = pclose(p);
  status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return out;
}

// A fresh directory under the test's temporary directory.
fs::path temp_dir(const std::string& name) {
  fs::path d = fs::path(testing::TempDir()) / ("jpd-batch-" + name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

const char* kGame = "(;GM[1]FF[4]SZ[5]KM[0.5];B[bc];W[dc];B[bb];W[db];B[bd];W[dd];B[ba];W[da];B[be];W[de]"
                    ";B[cc];W[];B[])";

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

}  // namespace

TEST(Batch, RuleListNamesPresetsWithSettings) {
  auto r = batch::parse_rule_list("tang-song, japanese");
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0], (batch::RuleChoice{"tang-song", parse_rules_text("tang-song")}));
  EXPECT_EQ(r[1].label, "japanese");
  EXPECT_EQ(batch::parse_rule_list("all").size(), presets().size());
  size_t jpd_family = 0;
  for (const Preset& p : presets()) jpd_family += p.jpd;
  EXPECT_EQ(batch::parse_rule_list("jpd").size(), jpd_family);
  EXPECT_EQ(batch::parse_rule_list("standard").size(), presets().size() - jpd_family);
  // key=value after a name: that rule set; before any name: every one.
  r = batch::parse_rule_list("tang-song,komi=7,chinese");
  EXPECT_EQ(r[0].label, "tang-song,komi=7");
  EXPECT_EQ(r[0].rules, parse_rules_text("tang-song,komi=7"));
  EXPECT_EQ(r[1].label, "chinese");
  EXPECT_EQ(r[1].rules, parse_rules_text("chinese"));
  r = batch::parse_rule_list("komi=0.5,tang-song,chinese,ko=situational");
  EXPECT_EQ(r[0].label, "tang-song,komi=0.5");
  EXPECT_EQ(r[0].rules, parse_rules_text("tang-song,komi=0.5"));
  EXPECT_EQ(r[1].label, "chinese,komi=0.5,ko=situational");
  EXPECT_EQ(r[1].rules, parse_rules_text("chinese,komi=0.5,ko=situational"));
  r = batch::parse_rule_list("record,ming-qing");
  EXPECT_EQ(r[0].label, "record");
  EXPECT_FALSE(r[0].rules.has_value());
  EXPECT_THROW(batch::parse_rule_list("tang-dynasty"), RulesError);
  EXPECT_THROW(batch::parse_rule_list("tang-song,tang-song"), RulesError);
  EXPECT_THROW(batch::parse_rule_list("tang-song,colour=red"), RulesError);
  EXPECT_THROW(batch::parse_rule_list(""), RulesError);
  EXPECT_THROW(batch::parse_rule_list("komi=7"), RulesError);
}

TEST(Batch, WalkFindsSgfFilesRecursivelyInNameOrder) {
  fs::path d = temp_dir("walk");
  write(d / "b.sgf", kGame);
  write(d / "a" / "z.SGF", kGame);
  write(d / "a" / "deeper" / "y.sgf", kGame);
  write(d / "a" / "notes.txt", "not a record");
  write(d / ".hidden" / "x.sgf", kGame);
  write(d / "c.sgf", kGame);
  batch::FileWalk w({(d / "c.sgf").string(), d.string(), (d / "missing.sgf").string()});
  std::vector<std::string> got;
  while (auto p = w.next()) got.push_back(fs::path(*p).lexically_relative(d).string());
  EXPECT_EQ(got, (std::vector<std::string>{"c.sgf", "a/deeper/y.sgf", "a/z.SGF", "b.sgf", "c.sgf",
                                           "missing.sgf"}));
  EXPECT_EQ(batch::count_files({d.string()}), 4u);
}

TEST(Batch, WalkVisitsEachRealDirectoryOnceThroughSymbolicLinkLoops) {
  // `ln -s . loop/self` counted one game 41 times; two loops never ended.
  fs::path d = temp_dir("loops");
  write(d / "loop" / "a.sgf", kGame);
  write(d / "other" / "b.sgf", kGame);
  fs::create_directory_symlink(".", d / "loop" / "self");
  fs::create_directory_symlink("../other", d / "loop" / "to-other");
  fs::create_directory_symlink("../loop", d / "other" / "back");
  batch::FileWalk w({d.string()});
  std::vector<std::string> got;
  while (auto p = w.next()) {
    got.push_back(fs::path(*p).lexically_relative(d).string());
    ASSERT_LT(got.size(), 10u) << "the walk does not end";
  }
  EXPECT_EQ(got, (std::vector<std::string>{"loop/a.sgf", "loop/to-other/b.sgf"}));
  std::vector<std::string> skipped;
  for (const auto& s : w.skipped()) {
    EXPECT_EQ(s.why, "directory");
    skipped.push_back(fs::path(s.path).lexically_relative(d).string() + " = " +
                      fs::path(s.same_as).lexically_relative(d).string());
  }
  // "other" is met through loop/to-other first (name order: "loop" < "other").
  EXPECT_EQ(skipped, (std::vector<std::string>{"loop/self = loop", "loop/to-other/back = loop", "other = loop/to-other"}));
}

TEST(Batch, WalkSkipsFifosAndOtherFilesThatAreNotRegularWithANote) {
  // A FIFO named *.sgf blocked the batch (its reader waits for a writer).
  fs::path d = temp_dir("fifo");
  write(d / "a.sgf", kGame);
  ASSERT_EQ(::mkfifo((d / "pipe.sgf").c_str(), 0600), 0);
  batch::Options o;
  o.paths = {d.string(), (d / "pipe.sgf").string()};  // found by the walk, and named explicitly
  o.rules = batch::parse_rule_list("chinese");
  o.jobs = 2;
  std::ostringstream out;
  batch::Summary s = batch::run(o, out);
  EXPECT_EQ(s.games, 1u);
  EXPECT_EQ(s.error_rows, 0u);
  ASSERT_EQ(s.skipped.size(), 2u);
  EXPECT_EQ(s.skipped[0].path, (d / "pipe.sgf").string());
  EXPECT_EQ(s.skipped[0].why, "a FIFO (named pipe)");
  const std::string text = s.text(Lang::en);
  EXPECT_NE(text.find("Skipped: 2 paths, not read"), std::string::npos) << text;
  EXPECT_NE(text.find("pipe.sgf: a FIFO (named pipe), not a regular file"), std::string::npos) << text;
  EXPECT_EQ(s.to_json()["skipped"][1]["why"], "a FIFO (named pipe)");
  EXPECT_EQ(lines_of(out.str()).size(), 2u);  // the header and a.sgf's row
}

TEST(Batch, RowsInCsvAndJson) {
  fs::path d = temp_dir("rows");
  write(d / "game.sgf", kGame);
  auto rows = batch::count_file((d / "game.sgf").string(), batch::parse_rule_list("tang-song,ming-qing"), {});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_TRUE(rows[0].ok()) << rows[0].error;
  EXPECT_EQ(rows[0].result, "W+0.5");  // SPEC §7 worked check
  EXPECT_EQ(rows[1].result, "B+0.5");
  EXPECT_EQ(rows[0].winner, Color::White);
  EXPECT_EQ(rows[0].black, 4);
  EXPECT_EQ(rows[0].white, 4);
  EXPECT_EQ(rows[0].komi, 0.5);
  const std::string csv = batch::to_csv(rows[0]);
  // No dead-stone markup: the built-in estimator gives the statuses (it finds none here).
  EXPECT_NE(csv.find(",tang-song,\"tang-song,komi=0.5\",0.5,territory_refill,W+0.5,W,0.5,4,4,1,estimate,0,ok,"),
            std::string::npos)
      << csv;
  auto j = batch::to_json(rows[1]);
  EXPECT_EQ(j["result"], "B+0.5");
  EXPECT_EQ(j["winner"], "B");
  EXPECT_TRUE(j["error"].is_null());
  // Header and rows have the same number of columns.
  auto count_fields = [](const std::string& line) {
    size_t n = 1;
    bool quoted = false;
    for (char c : line) {
      if (c == '"') quoted = !quoted;
      else if (c == ',' && !quoted) ++n;
    }
    return n;
  };
  EXPECT_EQ(count_fields(batch::csv_header()), count_fields(csv));
  batch::Row bad;
  bad.file = "x.sgf";
  bad.preset = "chinese";
  bad.error = "x.sgf:1:2: broken, \"badly\"";
  EXPECT_EQ(count_fields(batch::to_csv(bad)), count_fields(csv));
  EXPECT_NE(batch::to_csv(bad).find("\"x.sgf:1:2: broken, \"\"badly\"\"\""), std::string::npos);
}

TEST(Batch, RowsAreWrittenAsTheJsonLibraryAndTheCsvFieldsWriteThem) {
  // append_json writes plain strings and small integers and halves itself: the same text as
  // nlohmann's dump, a string that is not UTF-8 repaired as json_text does it (where the plain
  // dump throws: a row must never take the batch down); append_csv as to_csv.
  std::mt19937 rng(9);
  const std::string pieces[] = {"a", "B+3.5", "tang-song,komi=7", ",", "\"", "\\", "\n", "\r",
                                "\t", "\x01", "\x7f", "é", "计枰点", "\xff", "\xe8\xae", " ", ""};
  auto text = [&] {
    std::string t;
    for (int k = int(rng() % 4); k > 0; --k) t += pieces[rng() % std::size(pieces)];
    return t;
  };
  const double numbers[] = {0, -0.0, 0.5, -0.5, 7, 6.5, -3.5, 180.5, 1e9, -1e9, 1e9 + 0.5,
                            123456789, 0.25, 1e15, 1e20, 2.5e-3, -7.75, 99999.5, 4.0e8 + 0.5};
  int thrown = 0;
  for (int n = 0; n < 20000; ++n) {
    batch::Row r;
    r.file = text();
    r.preset = text();
    r.rules = text();
    r.komi = numbers[rng() % std::size(numbers)];
    r.method = text();
    r.result = text();
    r.winner = Color(rng() % 3);
    r.margin = numbers[rng() % std::size(numbers)];
    r.black = numbers[rng() % std::size(numbers)];
    r.white = numbers[rng() % std::size(numbers)];
    r.pay = numbers[rng() % std::size(numbers)];
    r.status_source = text();
    r.dead = int(rng() % 50) - 2;
    r.invariants_ok = rng() % 3 != 0;
    r.failed_invariants = r.invariants_ok ? "" : text();
    r.record_result = text();
    if (rng() % 5 == 0) r.error = text() + "x";
    r.game = 1 + int(rng() % 3);
    r.record_ended = text();
    r.repairs = int(rng() % 3);
    r.conventions = text();
    // The library's own dump throws on bytes that are not UTF-8; the rows replace them instead.
    try {
      (void)batch::to_json(r).dump();
    } catch (const nlohmann::json::type_error&) {
      ++thrown;
    }
    const std::string plain = json_text(batch::to_json(r));
    std::string fast;
    ASSERT_NO_THROW(batch::append_json(fast, r));
    ASSERT_EQ(fast, plain);
    ASSERT_TRUE(is_utf8(fast)) << fast;
    std::string csv = "x";
    batch::append_csv(csv, r);
    ASSERT_EQ(csv, "x" + batch::to_csv(r));
  }
  EXPECT_GT(thrown, 1000);
}

// The whole shared corpus under the 计枰点 Tang-Song rules and the Chinese and Japanese ones: every
// file a row per preset, the counts add up, no invariant fails, and the same rows with one or two
// workers.
TEST(Batch, SharedCorpusSummaryAddsUp) {
  if (!fs::is_directory(kCorpus)) GTEST_SKIP() << "no shared corpus at " << kCorpus;
  const size_t files = batch::count_files({kCorpus});
  EXPECT_EQ(files, 1249u);
  batch::Options o;
  o.paths = {kCorpus};
  o.rules = batch::parse_rule_list("tang-song,ming-qing,chinese,japanese");
  o.score.dead_from = DeadFrom::none;
  std::ostringstream out1, out2;
  o.jobs = 1;
  batch::Summary s = batch::run(o, out1);
  o.jobs = 2;
  size_t progress_calls = 0, last = 0;
  batch::Summary s2 = batch::run(o, out2, [&](size_t done) {
    ++progress_calls;
    EXPECT_EQ(done, last + 1);
    last = done;
  });
  EXPECT_EQ(out1.str(), out2.str());
  EXPECT_EQ(progress_calls, files);

  EXPECT_EQ(s.games, files);
  EXPECT_EQ(s.rows, files * 4);
  EXPECT_EQ(s.invariant_failures, 0u);
  size_t errors = 0;
  for (size_t i = 0; i < 4; ++i) {
    const batch::PresetTally& t = s.tally[i];
    EXPECT_EQ(t.counted + t.errors, files) << s.labels[i];
    EXPECT_EQ(t.black + t.white + t.none, t.counted) << s.labels[i];
    errors += t.errors;
  }
  EXPECT_EQ(errors, s.error_rows);
  for (size_t i = 0; i < 4; ++i)
    for (size_t j = i + 1; j < 4; ++j) {
      const batch::PairChange& p = s.pairs[i][j];
      EXPECT_LE(p.changed, p.both);
      EXPECT_EQ(p.black_to_white + p.white_to_black + p.with_draw, p.changed);
    }
  // 计枰点 Tang-Song differs from Chinese area counting only by its payment; Ming-Qing (law) agrees
  // with Chinese counting except where komi 7 meets a shared point.
  EXPECT_GT(s.pairs[0][2].changed, 0u);
  EXPECT_LT(s.pairs[1][2].changed, s.pairs[0][2].changed);

  // Every file a row per preset, in walk order, the CSV header first.
  auto lines = lines_of(out1.str());
  ASSERT_EQ(lines.size(), files * 4 + 1);
  EXPECT_EQ(lines[0], batch::csv_header());
  std::map<std::string, std::set<std::string>> presets_of;
  for (size_t k = 1; k < lines.size(); ++k) {
    const std::string& l = lines[k];
    size_t a = l.find(','), b = l.find(',', a + 1);
    presets_of[l.substr(0, a)].insert(l.substr(a + 1, b - a - 1));
  }
  EXPECT_EQ(presets_of.size(), files);
  for (auto& [f, ps] : presets_of) EXPECT_EQ(ps.size(), 4u) << f;

  const std::string text = s.text(Lang::en);
  EXPECT_NE(text.find("Batch: 1249 games under 4 presets (4996 rows)"), std::string::npos) << text;
  EXPECT_NE(text.find("Invariant failures: 0"), std::string::npos);
  EXPECT_NE(text.find("tang-song vs japanese: "), std::string::npos);
  const std::string zh = s.text(Lang::zh);
  EXPECT_NE(zh.find("恒等式不成立：0"), std::string::npos) << zh;
  EXPECT_NE(zh.find("tang-song 对 japanese："), std::string::npos) << zh;
  auto j = s.to_json();
  EXPECT_EQ(j["games"], files);
  EXPECT_EQ(j["winner_changes"].size(), 6u);
}

TEST(Batch, ABadFileIsReportedAndTheBatchGoesOn) {
  fs::path d = temp_dir("bad");
  write(d / "1-good.sgf", kGame);
  write(d / "2-broken.sgf", "(;GM[1]SZ[9];B[dd];W[ee");
  write(d / "3-illegal.sgf", "(;GM[1]SZ[5];B[cc];W[cc])");
  write(d / "4-good.sgf", kGame);
  batch::Options o;
  o.paths = {d.string(), (d / "5-missing.sgf").string()};
  o.rules = batch::parse_rule_list("tang-song,chinese");
  o.jobs = 2;
  std::ostringstream out;
  batch::Summary s = batch::run(o, out);
  EXPECT_EQ(s.games, 5u);
  EXPECT_EQ(s.rows, 10u);
  EXPECT_EQ(s.errors.size(), 3u);
  EXPECT_EQ(s.error_rows, 6u);
  EXPECT_EQ(s.tally[0].counted, 2u);
  const std::string text = s.text(Lang::en);
  EXPECT_NE(text.find("2-broken.sgf:1:"), std::string::npos) << text;
  EXPECT_NE(text.find("3-illegal.sgf"), std::string::npos) << text;
  EXPECT_NE(text.find("5-missing.sgf"), std::string::npos) << text;
  EXPECT_NE(text.find("Errors: 6 rows in 3 files"), std::string::npos) << text;
  auto lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), 11u);
  EXPECT_NE(lines[7].find("4-good.sgf,tang-song,"), std::string::npos);  // after the bad ones
  EXPECT_NE(lines[3].find("2-broken.sgf,tang-song,"), std::string::npos);
  EXPECT_NE(lines[3].find(":1:"), std::string::npos) << lines[3];
}

TEST(Batch, ChineseSummaryNamesAResignedRecordInChineseNotAsItsJsonWord) {
  fs::path d = temp_dir("resigned-zh");
  std::string resigned = kGame;
  resigned.insert(resigned.find("KM[0.5]"), "RE[B+R]");
  write(d / "resigned.sgf", resigned);
  write(d / "counted.sgf", kGame);
  batch::Options o;
  o.paths = {d.string()};
  o.rules = batch::parse_rule_list("tang-song,japanese");
  std::ostringstream out;
  batch::Summary s = batch::run(o, out);
  ASSERT_EQ(s.not_counted.by_kind["resigned"], 1u);
  const std::string zh = s.text(Lang::zh);
  EXPECT_NE(zh.find("中盘认输 1"), std::string::npos) << zh;
  EXPECT_NE(zh.find("resigned.sgf（中盘认输，RE[B+R]）"), std::string::npos) << zh;
  // The kind of ending is the only English word the line had: none is left.
  EXPECT_EQ(zh.find("resigned,"), std::string::npos) << zh;
  EXPECT_EQ(zh.find("(resigned"), std::string::npos) << zh;
  const std::string en = s.text(Lang::en);
  EXPECT_NE(en.find("resigned.sgf (resigned, RE[B+R])"), std::string::npos) << en;
  // The JSON keeps its English words.
  EXPECT_EQ(s.to_json()["not_counted"]["files"][0], (d / "resigned.sgf").string() + " (resigned, RE[B+R])");
}

TEST(Batch, CommandLine) {
  fs::path d = temp_dir("cli");
  write(d / "a.sgf", kGame);
  write(d / "sub" / "b.sgf", kGame);
  write(d / "sub" / "broken.sgf", "(;GM[1]SZ[9];B[dd");
  int st = -1;
  std::string out = jpd_run("batch " + d.string() + " --rules tang-song,ming-qing --format jsonl --lang en", st);
  EXPECT_EQ(st, 0) << out;
  size_t rows = 0;
  for (const std::string& l : lines_of(out))
    if (!l.empty() && l[0] == '{') {
      auto j = nlohmann::json::parse(l);
      EXPECT_TRUE(j.contains("file") && j.contains("preset") && j.contains("error"));
      EXPECT_EQ(j["error"].is_null(), j.contains("result")) << l;
      ++rows;
    }
  EXPECT_EQ(rows, 6u);
  EXPECT_NE(out.find("Errors: 2 rows in 1 file"), std::string::npos) << out;
  EXPECT_NE(out.find("tang-song vs ming-qing: 2 of 2 games (100.0%): B->W 0, W->B 2"), std::string::npos) << out;

  const std::string csv = (d / "rows.csv").string(), sj = (d / "summary.json").string();
  out = jpd_run("batch " + d.string() + " --rules all --jobs 2 --out " + csv + " --summary-json " + sj +
                    " --lang zh",
                st);
  EXPECT_EQ(st, 0) << out;
  EXPECT_NE(out.find("批量计算：3 局"), std::string::npos) << out;
  std::ifstream in(csv);
  std::stringstream all;
  all << in.rdbuf();
  EXPECT_EQ(lines_of(all.str()).size(), 3 * presets().size() + 1);
  std::ifstream js(sj);
  auto j = nlohmann::json::parse(js);
  EXPECT_EQ(j["games"], 3);
  EXPECT_EQ(j["invariant_failures"], 0);

  // --rules before the paths takes one list each time, not the paths.
  out = jpd_run("batch --rules tang-song --rules chinese " + d.string() + " --lang en", st);
  EXPECT_EQ(st, 0) << out;
  EXPECT_NE(out.find("Batch: 3 games under 2 presets (6 rows)"), std::string::npos) << out;

  out = jpd_run("batch " + d.string() + " --rules tang-dynasty", st);
  EXPECT_EQ(st, 2) << out;
  EXPECT_NE(out.find("unknown preset"), std::string::npos) << out;
}
