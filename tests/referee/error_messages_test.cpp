// The library's exceptions carry their message (MessageError, message.hpp): an id of the texts'
// table with its arguments, which a front end renders in its language (jpd's error line), while
// what() stays the English of the same message. Every error a faulty record, rule set or point
// meets reads in Chinese without an English sentence.
#include <gtest/gtest.h>

#include <functional>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "jpd/message.hpp"
#include "jpd/point.hpp"
#include "jpd/replay.hpp"
#include "jpd/rules.hpp"
#include "jpd/sgf.hpp"

using namespace jpd;

namespace {

// The exception `f` throws, as its message and its what(); the id "none" when it throws nothing.
struct Caught {
  Message message;
  std::string what;
  bool has_message = false;
};

Caught caught(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return {error_message(e), e.what(), dynamic_cast<const MessageError*>(&e) != nullptr};
  }
  return {Message("none"), "", false};
}

// Three words of Latin letters in a row, a space between each: an English sentence (or a piece
// of one). Names, keys and values the message quotes ('...'), SGF properties (KM[abc]), options
// and the places (t.sgf:1:10) are taken out first; a list of names ("simple, positional") is
// no sentence.
bool has_english_sentence(std::string s) {
  static const std::regex quoted("'[^']*'|[A-Z]+\\[[^\\]]*\\]|--[a-z-]+|[A-Za-z0-9_./-]+\\.sgf(:[0-9]+)*");
  s = std::regex_replace(s, quoted, " ");
  static const std::regex sentence("[A-Za-z]+ [A-Za-z]+ [A-Za-z]+");
  return std::regex_search(s, sentence);
}

void replay_text(const std::string& sgf_text) {
  const sgf::Record r = sgf::read_record_text(sgf_text, "t.sgf");
  replay(r, rules_for_record(r, std::nullopt));
}

}  // namespace

TEST(Errors, RulesErrorCarriesAMessageAndEnglishWhat) {
  const Caught c = caught([] { parse_ruleset("chinese,komi=x"); });
  ASSERT_TRUE(c.has_message);
  EXPECT_EQ(c.message.id, "error.rules.invalid_number");
  EXPECT_EQ(c.what, "invalid value 'x' for komi (a number from -1000 to 1000)");
  EXPECT_EQ(text(c.message, Lang::en), c.what);
  EXPECT_EQ(text(c.message, Lang::zh), "komi 的值 'x' 无效（应为 -1000 到 1000 之间的数）");
}

TEST(Errors, PointErrorCarriesAMessageAndEnglishWhat) {
  const Caught c = caught([] { parse_point("Z99", 9, 9); });
  ASSERT_TRUE(c.has_message);
  EXPECT_EQ(c.message.id, "error.point.not_point");
  EXPECT_EQ(text(c.message, Lang::en), c.what);
  EXPECT_EQ(text(c.message, Lang::zh),
            "'Z99' 不是 9x9 棋盘上的点（请用 D4 这样的 GTP 坐标，列为 A-J，不用 I；或 dd 这样的 SGF 字母）");
}

// An SGF error's message is its place, then its detail: what() reads the same in English.
TEST(Errors, SgfErrorCarriesThePlaceAndTheDetail) {
  try {
    sgf::read_record_text("(;SZ[9];B[ee", "t.sgf");
    FAIL() << "no error";
  } catch (const sgf::Error& e) {
    EXPECT_EQ(e.detail.id, "error.sgf.unterminated");
    EXPECT_EQ(std::string(e.what()), "t.sgf:1:10: unterminated value of B: no ']' before the end of the text");
    EXPECT_EQ(text(e.message(), Lang::en), e.what());
    EXPECT_EQ(text(e.message(), Lang::zh), "t.sgf:1:10：SGF 格式错误：B 的值没有结束（到文件末尾也没有 ']'）");
  }
}

TEST(Errors, ReplayErrorCarriesThePlaceAndTheDetail) {
  try {
    replay_text("(;SZ[9];B[ee];W[ee])");
    FAIL() << "no error";
  } catch (const ReplayError& e) {
    EXPECT_EQ(text(e.message(), Lang::en), e.what());
    EXPECT_EQ(e.message().args.at(1).inner.at(0), e.detail);
    EXPECT_EQ(text(e.message(), Lang::zh), "t.sgf:1:15：第 2 手（白 E5）：E5 已有棋子（棋谱有误：加 --repair 可按修复规则读取）");
  }
}

// An exception of no message (a standard one): its what() as written, in either language.
TEST(Errors, AnExceptionWithoutAMessageIsShownAsWritten) {
  const Caught c = caught([] { throw std::runtime_error("disk on fire"); });
  EXPECT_FALSE(c.has_message);
  EXPECT_EQ(c.message, Message("text.as_written", {"disk on fire"}));
  EXPECT_EQ(text(c.message, Lang::zh), "disk on fire");
}

// Every error a record, a rule set or a point commonly meets: its English is what(), its
// Chinese holds no English sentence and no id missing from the table.
TEST(Errors, EveryErrorOfARecordARuleSetOrAPointReadsInChinese) {
  const std::vector<std::string> records = {
      "(;SZ[9];B[ee]",             "(;SZ[9];B[ee]))",          "no tree here",
      "(;SZ[9];B[ee]) x",          "(;SZ[9](;B[ee]);W[cc])",   "(;SZ[9] %)",
      "(SZ[9])",                   "(;SZ[9]ab[cc])",           "(;SZ[9]C)",
      "(;GM[2])",                  "(;HA[x])",                 "(;SZ[x])",
      "(;SZ[99])",                 "(;KM[abc])",               "(;KM[1e9])",
      "(;KM[6.5]KM[7.5])",         "(;SZ[9];B[ee]W[cc])",      "(;SZ[9];C[x]JPDV[])",
      "(;SZ[9];B[ee]JPDV[])",      "(;SZ[9];JPDT[A])",         "(;SZ[9];JPDN[aa])",
      "(;SZ[9];JPDN[aa]JPDT[C])",  "(;SZ[9];JPDP[maybe])",     "(;SZ[9];JPDR[later])",
      "(;SZ[9]JPDC[X:aa])",        "(;SZ[9]PL[Z])",            "(;SZ[9]AB[zz])",
      "(;SZ[9]AB[a])",             "(;SZ[9];JPDV[x])",         "(;SZ[9]GM[1][1])",
      "(;SZ[3]AB[ab][ba][bc][cb]AW[bb])",                       "(;SZ[9]RU[JPD:tang-song,komi=1e308])",
      "(;SZ[9];B[ee];W[ee])",      "(;SZ[9];B[ee];B[cc])",
  };
  std::vector<std::function<void()>> faults;
  for (const std::string& r : records) faults.push_back([r] { replay_text(r); });
  for (const char* rules : {"foo", "", "chinese,", "chinese,komi", "chinese,colour=B", "chinese,komi=x",
                            "chinese,ko=never", "chinese,group_tax=99", "chinese,first_player=Q",
                            "chinese,allow_pass=maybe"})
    faults.push_back([rules] { parse_ruleset(rules); });
  for (const char* p : {"Z99", "zz", "D4"})
    faults.push_back([p] { parse_point(p, std::string_view(p) == "D4" ? 1 : 9, 9); });
  faults.push_back([] {
    sgf::ReadOptions o;
    o.game = 4;
    sgf::read_record_text("(;SZ[9])(;SZ[9])", "t.sgf", o);
  });
  std::set<std::string> seen;  // each fault a different error
  for (const auto& f : faults) {
    const Caught c = caught(f);
    EXPECT_TRUE(seen.insert(c.what).second) << c.what;
    ASSERT_TRUE(c.has_message) << c.message << " " << c.what;
    const std::string zh = text(c.message, Lang::zh);
    EXPECT_EQ(text(c.message, Lang::en), c.what);
    EXPECT_EQ(zh.find("[["), std::string::npos) << zh;
    EXPECT_FALSE(has_english_sentence(zh)) << zh << "\n  " << c.what;
  }
}

// The check of the test above finds the English it is there to find.
TEST(Errors, TheEnglishSentenceCheckFindsEnglish) {
  EXPECT_TRUE(has_english_sentence("t.sgf:1:10：unterminated value of B"));
  EXPECT_FALSE(has_english_sentence("t.sgf:1:10：SGF 格式错误：B 的值没有结束"));
  EXPECT_FALSE(has_english_sentence("'not a point here'：KM[abc def ghi]"));
  EXPECT_FALSE(has_english_sentence("可取：simple, positional, situational"));
}
