// The GTP regression files of tests/gtp (*.tst), run on the engine as gogui-regress runs them:
// a numbered command is a test; the "#?" line after it holds the expected answer, a regular
// expression in brackets that must match the whole answer (newlines included; a leading "!"
// negates it, a trailing "*" marks a known failure); an error answer fails a test, and an error
// of a command without a number fails the file. File names are taken in the repository's root
// (loadsgf data/games/...), the one folder the engine may read.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "jpd/gtp.hpp"

using namespace jpd;

namespace {

struct Outcome {
  int tests = 0, passed = 0, known_failures = 0;
  std::vector<std::string> failures;  // in words, with the file's line
};

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.pop_back();
  size_t a = 0;
  while (a < s.size() && (s[a] == ' ' || s[a] == '\t')) ++a;
  return s.substr(a);
}

// Java's Pattern with DOTALL, in ECMAScript: '.' outside a bracket expression matches newlines.
std::string dotall(const std::string& p) {
  std::string out;
  bool in_class = false;
  for (size_t i = 0; i < p.size(); ++i) {
    const char c = p[i];
    if (c == '\\' && i + 1 < p.size()) {
      out += c;
      out += p[++i];
    } else if (in_class) {
      out += c;
      if (c == ']') in_class = false;
    } else if (c == '[') {
      out += c;
      in_class = true;
      if (i + 1 < p.size() && p[i + 1] == ']') out += p[++i];  // "[]...]"
    } else if (c == '.') {
      out += "[\\s\\S]";
    } else {
      out += c;
    }
  }
  return out;
}

// The answer's text after its status and id, as gogui-regress takes it ("=12 B+2" -> "B+2").
std::string answer_text(const std::string& a) {
  std::string t = a;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  const size_t sp = t.find(' ');
  return sp == std::string::npos ? "" : trim(t.substr(sp));
}

Outcome run_regression(const std::string& text, const std::string& name) {
  GtpEngineOptions o;
  o.file_root = JPD_SOURCE_DIR;
  GtpEngine e(o);
  Outcome out;
  std::istringstream in(text);
  std::string line, last_answer, last_command;
  int last_id = -1, line_no = 0, last_line = 0;
  bool pending = false;  // a numbered command whose "#?" may follow
  auto settle = [&] {    // a numbered command without "#?": it passes unless it failed
    if (!pending) return;
    pending = false;
    ++out.tests;
    if (!last_answer.empty() && last_answer[0] == '?')
      out.failures.push_back(name + ":" + std::to_string(last_line) + ": test " +
                             std::to_string(last_id) + " (" + last_command + ") failed: " +
                             answer_text(last_answer));
    else
      ++out.passed;
  };
  while (std::getline(in, line)) {
    ++line_no;
    line = trim(line);
    if (line.rfind("#?", 0) == 0) {
      if (!pending) {
        out.failures.push_back(name + ":" + std::to_string(line_no) + ": a pattern without a test");
        continue;
      }
      pending = false;
      ++out.tests;
      std::string pattern = trim(line.substr(2));
      const bool known = !pattern.empty() && pattern.back() == '*';
      if (known) pattern.pop_back();
      if (pattern.size() < 2 || pattern.front() != '[' || pattern.back() != ']') {
        out.failures.push_back(name + ":" + std::to_string(line_no) + ": a pattern is [...]");
        continue;
      }
      pattern = trim(pattern.substr(1, pattern.size() - 2));
      const bool negated = !pattern.empty() && pattern[0] == '!';
      if (negated) pattern.erase(0, 1);
      const std::string got = answer_text(last_answer);
      bool fail = last_answer.empty() || last_answer[0] != '=';
      if (!fail) {
        try {
          fail = std::regex_match(got, std::regex(dotall(pattern))) == negated;
        } catch (const std::regex_error& x) {
          out.failures.push_back(name + ":" + std::to_string(line_no) + ": bad pattern: " + x.what());
          continue;
        }
      }
      if (fail && known) ++out.known_failures;
      else if (fail)
        out.failures.push_back(name + ":" + std::to_string(line_no) + ": test " +
                               std::to_string(last_id) + " (" + last_command + "): expected [" +
                               (negated ? "!" : "") + pattern + "], got '" + got + "'");
      else ++out.passed;
      continue;
    }
    settle();
    if (line.empty() || line[0] == '#') continue;
    last_answer = e.handle(line);
    last_line = line_no;
    last_command = line;
    last_id = -1;
    const size_t sp = line.find(' ');
    const std::string first = line.substr(0, sp);
    if (!first.empty() && std::all_of(first.begin(), first.end(), ::isdigit)) {
      last_id = std::stoi(first);
      last_command = line.substr(sp + 1);
      pending = true;
    } else if (!last_answer.empty() && last_answer[0] == '?') {
      out.failures.push_back(name + ":" + std::to_string(line_no) + ": '" + line +
                             "' failed: " + answer_text(last_answer));
    }
  }
  settle();
  return out;
}

std::vector<std::filesystem::path> regression_files() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(JPD_SOURCE_DIR) + "/tests/gtp"))
    if (entry.path().extension() == ".tst") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST(GtpRegression, EveryTestOfTheRegressionFilesPasses) {
  const std::vector<std::filesystem::path> files = regression_files();
  ASSERT_GE(files.size(), 2u);
  int tests = 0;
  for (const auto& f : files) {
    std::ifstream in(f);
    std::stringstream text;
    text << in.rdbuf();
    const Outcome o = run_regression(text.str(), f.filename().string());
    for (const std::string& why : o.failures) ADD_FAILURE() << why;
    EXPECT_EQ(o.known_failures, 0) << f << ": a known failure is a bug to mend";
    EXPECT_GT(o.tests, 10) << f;
    EXPECT_EQ(o.passed, o.tests - o.known_failures) << f;
    tests += o.tests;
  }
  EXPECT_GT(tests, 60);
}

TEST(GtpRegression, TheRunnerFailsAWrongAnswerAnErrorAndANegatedMatch) {
  // The runner itself: what gogui-regress would report, on tests made to fail.
  const Outcome o = run_regression(
      "boardsize 9\n"
      "1 name\n#? [jpd]\n"             // passes
      "2 name\n#? [gnugo]\n"           // a wrong answer
      "3 play B Z9\n"                   // an error, no pattern
      "4 name\n#? [!jp.]\n"            // a negated pattern that matches
      "5 name\n#? [gnugo]*\n"          // a known failure: counted apart
      "6 showboard\n#? [.*A B C.*]\n"  // '.' matches newlines, as DOTALL
      "frobnicate\n"                    // an error of a command without a number
      "#? [x]\n",                       // a pattern without a test
      "made-up.tst");
  EXPECT_EQ(o.tests, 6);
  EXPECT_EQ(o.passed, 2);
  EXPECT_EQ(o.known_failures, 1);
  ASSERT_EQ(o.failures.size(), 5u);
  EXPECT_NE(o.failures[0].find("test 2 (name): expected [gnugo], got 'jpd'"), std::string::npos)
      << o.failures[0];
  EXPECT_NE(o.failures[1].find("test 3"), std::string::npos) << o.failures[1];
  EXPECT_NE(o.failures[2].find("test 4"), std::string::npos) << o.failures[2];
  EXPECT_NE(o.failures[3].find("'frobnicate' failed"), std::string::npos) << o.failures[3];
  EXPECT_NE(o.failures[4].find("a pattern without a test"), std::string::npos) << o.failures[4];
}
