// The numbers a person reads agree with the count: every sum written out in a caption of the
// pictures (the web count shows the same captions), in --explain and in the summary holds, the
// result line's figures are the figures of the rules' primary method, and its value is the
// result. Over random games of every preset and over records of the shared corpus, in English
// and in Chinese; and the checker itself is shown to catch a wrong sum.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "random_game.hpp"
#include "jpd/count_report.hpp"
#include "jpd/score.hpp"
#include "jpd/svg.hpp"
#include "shared_corpus.hpp"

using namespace jpd;

namespace {

// A line cut into numbers, operators, separators and words.
struct Token {
  enum Kind { number, op, open, close, sep, word } kind;
  std::string text;
  double value = 0;
};

bool is_number(const std::string& s, double& v) {
  if (s.empty()) return false;
  size_t i = s[0] == '-' ? 1 : 0, digits = 0, dots = 0;
  for (size_t k = i; k < s.size(); ++k) {
    if (std::isdigit(static_cast<unsigned char>(s[k]))) ++digits;
    else if (s[k] == '.' && k > i && k + 1 < s.size()) ++dots;
    else return false;
  }
  if (!digits || dots > 1) return false;
  v = std::stod(s);
  return true;
}

std::vector<Token> tokens(const std::string& line) {
  static const std::vector<std::string> seps = {":", ";", ",", "：", "；", "，", "（", "）", "→", "、", "。"};
  std::vector<Token> out;
  auto chunk = [&](const std::string& w) {
    double v;
    if (w == "+" || w == "-" || w == "−" || w == "/") out.push_back({Token::op, w == "−" ? "-" : w});
    else if (w == "=") out.push_back({Token::op, "="});
    else if (is_number(w, v)) out.push_back({Token::number, w, v});
    else if (!w.empty()) out.push_back({Token::word, w});
  };
  std::string w;
  auto flush = [&] { chunk(w); w.clear(); };
  for (size_t i = 0; i < line.size();) {
    bool matched = false;
    for (const std::string& s : seps)
      if (line.compare(i, s.size(), s) == 0) {
        flush();
        out.push_back({Token::sep, s});
        i += s.size();
        matched = true;
        break;
      }
    if (matched) continue;
    char ch = line[i];
    if (ch == ' ') flush();
    else if (ch == '(' || ch == ')') {
      flush();
      out.push_back({ch == '(' ? Token::open : Token::close, std::string(1, ch)});
    } else if (ch == '/' && !w.empty()) {
      flush();
      out.push_back({Token::op, "/"});
    } else {
      w += ch;
    }
    ++i;
  }
  flush();
  return out;
}

// expr := term (('+' | '-') term)*; term := factor ('/' factor)*; factor := word* number | '(' expr ')'.
struct Parser {
  const std::vector<Token>& t;
  size_t i, end;
  int operators = 0;
  std::optional<double> factor() {
    if (i < end && t[i].kind == Token::open) {
      ++i;
      auto v = expr();
      if (!v || i >= end || t[i].kind != Token::close) return std::nullopt;
      ++i;
      return v;
    }
    while (i < end && t[i].kind == Token::word) ++i;
    if (i < end && t[i].kind == Token::number) return t[i++].value;
    return std::nullopt;
  }
  std::optional<double> term() {
    auto v = factor();
    while (v && i < end && t[i].text == "/") {
      ++i, ++operators;
      auto d = factor();
      if (!d) return std::nullopt;
      *v /= *d;
    }
    return v;
  }
  std::optional<double> expr() {
    auto v = term();
    while (v && i < end && (t[i].text == "+" || t[i].text == "-") && t[i].kind == Token::op) {
      const bool plus = t[i].text == "+";
      ++i, ++operators;
      auto r = term();
      if (!r) return std::nullopt;
      *v += plus ? *r : -*r;
    }
    return v;
  }
};

// "" when every sum written out in the line holds ("a - b - c = r": the part before '=' from the
// last separator, where it is all figures; the value after it), else what does not. A minus
// before a negative figure ("13 - -2") is wrong too: it is written "13 + 2".
std::string arithmetic_problem(const std::string& line) {
  for (const char* bad : {" - -", " + -", " − -", "- −"})
    if (line.find(bad) != std::string::npos) return "a sign written twice in: " + line;
  const std::vector<Token> t = tokens(line);
  for (size_t eq = 0; eq < t.size(); ++eq) {
    if (t[eq].text != "=" || t[eq].kind != Token::op) continue;
    size_t from = eq;
    while (from > 0 && t[from - 1].kind != Token::sep && t[from - 1].text != "=") --from;
    std::optional<double> left;
    for (size_t s = from; s < eq && !left; ++s) {
      Parser p{t, s, eq};
      auto v = p.expr();
      if (v && p.i == eq && p.operators > 0) left = v;
    }
    if (!left) continue;  // symbolic (A = L + T + q/2) or a single figure
    size_t next = eq + 1;
    while (next < t.size() && t[next].kind != Token::sep && t[next].text != "=") ++next;
    Parser p{t, eq + 1, next};
    auto right = p.expr();
    if (!right) return "nothing after '=' in: " + line;
    if (std::fabs(*left - *right) > 1e-9)
      return "the sum is " + format_number(*left) + ", not " + format_number(*right) + ": " + line;
  }
  return "";
}

// The value of the first '=' of the result line: the first player's margin after komi.
std::optional<double> result_value(const std::string& line) {
  const std::vector<Token> t = tokens(line);
  for (size_t eq = 0; eq < t.size(); ++eq)
    if (t[eq].kind == Token::op && t[eq].text == "=" && eq + 1 < t.size() && t[eq + 1].kind == Token::number)
      return t[eq + 1].value;
  return std::nullopt;
}

// Every line a person reads of the count, in the language: the pictures' captions (the web count
// shows them too), --explain and the summary.
std::vector<std::string> lines_of(const Count& c, Lang l) {
  std::vector<std::string> out;
  for (const MakingStep& st : c.steps)
    for (std::string& line : svg::step_caption(c, st, l)) out.push_back(std::move(line));
  std::istringstream s(explain(c, l));
  for (std::string line; std::getline(s, line);) out.push_back(line);
  return out;
}

// "" when the count's texts agree with it, else the first disagreement.
std::string caption_problem(const Count& c) {
  for (Lang l : {Lang::en, Lang::zh}) {
    for (const std::string& line : lines_of(c, l))
      if (std::string p = arithmetic_problem(line); !p.empty()) return p;
    if (c.end != EndReason::counted || c.steps.empty()) continue;
    if (c.result != "0" && (c.result.size() < 3 || c.result[1] != '+')) continue;  // Void
    const std::string last = result_arithmetic(c, l);
    const std::vector<std::string> caption = svg::step_caption(c, c.steps.back(), l);
    if (caption.empty() || caption.back() != last) return "the last caption does not end with the result: " + last;
    auto v = result_value(last);
    if (!v) return "the result line gives no sum: " + last;
    const double margin = c.result == "0" ? 0 : std::stod(c.result.substr(2));
    const double signed_margin = c.result[0] == color_letter(c.first)[0] ? margin : -margin;
    if (std::fabs(*v - signed_margin) > 1e-9)
      return "the result line says " + format_number(*v) + " but the result is " + c.result + ": " + last;
    // Japanese counting without the button or a handicap compensation pays nothing besides komi:
    // a payment there hides a wrong figure.
    const bool pays = c.rules.counting != CountingMethod::japanese || c.rules.button ||
                      c.rules.handicap_compensation != HandicapCompensation::none;
    if (!pays && last.find(tr(l, "arith.payment")) != std::string::npos)
      return "a payment in a count without one: " + last;
    const Figures& f = primary_figures(c);
    const std::vector<Token> t = tokens(last);
    std::vector<double> figures;
    for (const Token& k : t)
      if (k.kind == Token::number) figures.push_back(k.value);
    if (figures.size() < 3 || figures[0] != f.of(c.first) || figures[1] != f.of(opponent(c.first)))
      return "the result line's figures are not the primary figures: " + last;
  }
  return "";
}

}  // namespace

TEST(CaptionArithmetic, CheckerAcceptsTrueSumsAndSkipsFormulas) {
  EXPECT_EQ(arithmetic_problem("result by Japanese: Black 30 - White 19 - komi 6.5 = 4.5, B+4.5"), "");
  EXPECT_EQ(arithmetic_problem("  Black: 13 - (2 + 3 + 0) = 8, stones placed S = 45"), "");
  EXPECT_EQ(arithmetic_problem("归本数（先方）：361/2 + 7.5/2 = 184.25"), "");
  EXPECT_EQ(arithmetic_problem("t + k + q'/2 = 7 + 4 + 3/2 = 12.5; area after payment 12.5"), "");
  EXPECT_EQ(arithmetic_problem("Area, 子空合计: A = L + T + q/2 (stones + owned points + half the shared)"), "");
  EXPECT_EQ(arithmetic_problem("结果（日本数目）：黑 30 − 白 19 − 贴 6.5 = 4.5，黑胜 4.5 点（B+4.5）"), "");
}

TEST(CaptionArithmetic, CheckerCatchesTheWrongSumOfTheEqualStonesCaption) {
  // The caption of issue 19: 30 - 19 - 6.5 is 4.5, not 5.5.
  EXPECT_NE(arithmetic_problem("result by Japanese: Black 30 - White 19 - komi 6.5 = 5.5, B+5.5"), "");
  EXPECT_NE(arithmetic_problem("t + k + q'/2 = 7 + 4 + 3/2 = 13"), "");
  EXPECT_NE(arithmetic_problem("(A_B - A_W) - (S_B - S_W) = 13 - -2 = 15"), "");
  EXPECT_NE(arithmetic_problem("黑：目 30 + 俘虏 5 = 36"), "");
}

TEST(CaptionArithmetic, CheckerCatchesACountWhoseTextsDisagree) {
  RandomGame rg = random_game(parse_ruleset("japanese"), random_game_seed(19, 0, 1));
  Count c = count(rg.game, rg.statuses);
  ASSERT_EQ(c.end, EndReason::counted);
  ASSERT_EQ(caption_problem(c), "");
  Count wrong_result = c;
  wrong_result.result = c.result == "0" ? "B+1" : c.result.substr(0, 2) + "100";
  EXPECT_NE(caption_problem(wrong_result), "");
  Count wrong_figure = c;
  wrong_figure.view(View::japanese).black += 1;  // the figure no longer gives the result
  EXPECT_NE(caption_problem(wrong_figure), "");
  Count wrong_sum = c;
  wrong_sum.primary_difference += 1;  // the count's own difference disagrees with its result
  EXPECT_NE(caption_problem(wrong_sum), "");
}

TEST(CaptionArithmetic, EveryCaptionAddsUpOnRandomGamesUnderEveryPreset) {
  int index = 0, counted = 0;
  for (const Preset& p : presets()) {
    for (int n = 0; n < 40; ++n) {
      RandomGame rg = random_game(p.rules, random_game_seed(1919, index, uint64_t(n)));
      Count c = count(rg.game, rg.statuses);
      counted += c.end == EndReason::counted;
      const std::string problem = caption_problem(c);
      ASSERT_EQ(problem, "") << p.name << " game " << n << "\n" << explain(c, Lang::en);
    }
    ++index;
  }
  EXPECT_GT(counted, 40 * index / 2);
}

TEST(CaptionArithmetic, EveryCaptionAddsUpOnTheSharedCorpus) {
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  // Every 20th record of the manifest (Japanese, Chinese and others, 9x9 to 19x19) under its
  // rules: counting each with the estimator and the finish takes a while.
  std::ifstream manifest(JPD_SHARED_DIR "/corpus/MANIFEST.tsv");
  std::string row;
  std::getline(manifest, row);
  int n = 0, checked = 0;
  while (std::getline(manifest, row)) {
    if (n++ % 20) continue;
    std::istringstream cols(row);
    std::string file, source, size, rules;
    std::getline(cols, file, '\t');
    std::getline(cols, source, '\t');
    std::getline(cols, size, '\t');
    std::getline(cols, rules, '\t');
    ScoreOptions o;
    if (rules == "Japanese") o.rules = parse_rules_text("japanese");
    else if (rules == "Chinese") o.rules = parse_rules_text("chinese");
    o.estimate.playouts = 64;
    Scored s;
    try {
      s = score_record(sgf::read_record_file(JPD_SHARED_DIR "/corpus/" + file), o);
    } catch (const std::exception& e) {
      continue;  // a faulty record: its error is tested elsewhere
    }
    ++checked;
    EXPECT_EQ(caption_problem(s.count), "") << file;
  }
  EXPECT_GT(checked, 40);
}

TEST(JapaneseCount, ExplainLeadsWithTerritoryPlusPrisonersWhenItDecides) {
  for (const char* rules : {"japanese", "tang-song"}) {
    RandomGame rg = random_game(parse_ruleset(rules), random_game_seed(77, 0, 2));
    const Count c = count(rg.game, rg.statuses);
    for (Lang l : {Lang::en, Lang::zh}) {
      const std::string text = explain(c, l);
      const size_t views = text.find(tr(l, "explain.views") + "\n");
      ASSERT_NE(views, std::string::npos);
      const std::string after = text.substr(views + tr(l, "explain.views").size() + 1);
      const std::string head = tr(l, "explain.japanese", {format_number(c.japanese().black), format_number(c.japanese().white)});
      EXPECT_EQ(after.rfind(head, 0) == 0, std::string(rules) == "japanese") << rules << "\n" << after.substr(0, 200);
      // Each side's line: territory + prisoners = its Japanese figure.
      for (const std::string& line : japanese_lines(c, l)) {
        EXPECT_NE(text.find(line), std::string::npos) << line;
        EXPECT_EQ(arithmetic_problem(line), "");
      }
      const std::vector<std::string> last = svg::step_caption(c, c.steps.back(), l);
      const bool has_lines = std::find(last.begin(), last.end(), japanese_lines(c, l)[0]) != last.end();
      EXPECT_EQ(has_lines, std::string(rules) == "japanese") << rules;
    }
  }
}
