// Every JSON output of jpd is UTF-8 and parses, whatever bytes the record and its file name hold:
// a byte that is not UTF-8 in a file name is replaced (U+FFFD), one in a record is decoded
// (encoding.hpp). Before, one such byte lost the whole output (json.exception.type_error.316).
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <cstdio>
#include <string>

#include "cli_util.hpp"
#include "jpd/encoding.hpp"

using cli_run::Outcome;

namespace {

// A folder holding one record whose name and RE hold the byte 0xFF. Each test has its own
// folder (named after the test): CTest runs the tests of this file at once, and one test
// rewriting the record while another's `jpd` reads it made the reader fail now and then.
struct BadBytes {
  std::string dir = testing::TempDir() + "json-bytes-" +
                    testing::UnitTest::GetInstance()->current_test_info()->name() + "-\xfe";
  std::string file = dir + "/re-\xff.sgf";
  BadBytes() {
    std::filesystem::create_directories(dir);
    std::ofstream(file) << "(;FF[4]SZ[9]KM[7]RE[\xff]PB[\xfe\xff];B[ee];W[cc];B[gc];W[ge])";
  }
};

std::string quoted(const std::string& s) { return "'" + s + "'"; }

bool parses(const std::string& text) {
  try {
    return !nlohmann::json::parse(text).is_discarded();
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

// `jpd ARGS`: its standard output (the summaries on stderr left out) and exit status.
Outcome stdout_of(const std::string& args) {
  Outcome r;
  FILE* p = popen((std::string(JPD_BINARY) + " " + args + " 2>/dev/null").c_str(), "r");
  if (!p) return r;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) r.out.append(buf, n);
  const int st = pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

// `jpd ARGS` exits 0 and prints UTF-8 that parses as JSON (or JSON lines).
void expect_json(const std::string& args, bool lines = false) {
  const Outcome r = stdout_of(args);
  ASSERT_EQ(r.status, 0) << args << "\n" << r.out;
  EXPECT_TRUE(jpd::is_utf8(r.out)) << args;
  if (!lines) {
    EXPECT_TRUE(parses(r.out)) << args << "\n" << r.out;
    return;
  }
  std::istringstream in(r.out);
  int n = 0;
  for (std::string line; std::getline(in, line); ++n) EXPECT_TRUE(parses(line)) << args << "\n" << line;
  EXPECT_GT(n, 0) << args;
}

}  // namespace

TEST(JsonOutput, EveryJsonOutputSurvivesBytesThatAreNotUtf8) {
  const BadBytes b;
  const std::string f = quoted(b.file);
  expect_json("score " + f + " --json --dead-from none");
  expect_json("compare " + f + " --json --dead-from none");
  expect_json("replay " + f + " --json");
  expect_json("estimate " + f + " --json --playouts 20");
  expect_json("batch " + quoted(b.dir) + " --format jsonl --no-progress --dead-from none", true);
  expect_json("corpus " + quoted(b.dir) + " --json --dead-from none --no-progress");
  const std::string summary = testing::TempDir() + "json-bytes-summary.json";
  const Outcome batch = cli_run::jpd("batch " + f + " --no-progress --dead-from none --out /dev/null "
                                     "--summary-json " + summary);
  ASSERT_EQ(batch.status, 0) << batch.out;
  std::ifstream in(summary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_TRUE(jpd::is_utf8(text));
  EXPECT_TRUE(parses(text)) << text;
}

TEST(JsonOutput, ScoreJsonReadsTheRecordsBytesAndNamesTheFileAsBestItCan) {
  const BadBytes b;
  const Outcome r = stdout_of("score " + quoted(b.file) + " --json --dead-from none");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["record_result"], "ÿ");  // decoded (Latin-1, the only charset that reads 0xFF)
  EXPECT_EQ(j["charset"], "ISO-8859-1");
  EXPECT_NE(j["file"].get<std::string>().find("re-\xEF\xBF\xBD.sgf"), std::string::npos) << j["file"];
}
