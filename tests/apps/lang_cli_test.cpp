// Every command a person reads takes --lang, and its Chinese holds no English: every command run
// with --lang zh on sample records, each word of Latin letters in its output must be a name (a
// file, a rule set or preset, an option, an engine, a record's players), a symbol of a formula
// (A_B, t_W) or one of the few proper names kept as they are (SGF, GTP, Benson ...). The checker
// is shown to catch the English the Chinese output used to show.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "cli_util.hpp"
#include "jpd/rules.hpp"

using jpd::Preset;
using jpd::presets;

namespace {

const std::string kRecord = cli_run::data("goquest-9x9-2015-11-14-unsettled.sgf");

// The words of Latin letters in a Chinese text that are not names. `names`: texts to remove first
// (the paths and names the command was given or reports).
std::set<std::string> english_words(std::string text, const std::vector<std::string>& names = {}) {
  for (const std::string& n : names)
    for (size_t at; !n.empty() && (at = text.find(n)) != std::string::npos;) text.erase(at, n.size());
  // Options (--unknown-rules), rule-set specs (japanese,komi=6.5), preset names, SGF results
  // (W+7.5, B+R), formula symbols (A_B, t_first is not one), the text diagrams' rows (X O x o . +).
  static const std::regex option("--[a-z-]+"), spec("[a-z0-9-]+(,[a-z_]+=[A-Za-z0-9._+-]+)+"),
      result("\\b[BW]\\+[0-9.RTF]*"), symbol("\\b[A-Za-z]_[BW]\\b"),
      board("(^|\\s)[XOxoSs.+?-]{2,}(?=\\s|$)"), path("[^\\s（）]*/[^\\s（）：，]*"),
      file("[A-Za-z0-9_.-]+\\.(sgf|svg|html)");
  for (const std::regex* r : {&path, &file, &option, &spec, &result, &symbol, &board})
    text = std::regex_replace(text, *r, " ");
  std::set<std::string> allowed = {"SGF", "GTP", "SPEC", "JSON", "UTF", "Benson", "jpd", "csv", "json",
                                   "svg", "html", "RE", "KM", "RU", "CA", "Void", "final_status_list",
                                   "Tromp", "Taylor", "OGS"};  // rule sets and servers by name
  for (const Preset& p : presets()) {
    std::string n = p.name;
    for (char& c : n)
      if (c == '-') c = ' ';
    std::istringstream w(n);
    for (std::string part; w >> part;) allowed.insert(part);
  }
  std::set<std::string> out;
  static const std::regex word("[A-Za-z][A-Za-z_]+");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), word); it != std::sregex_iterator(); ++it)
    if (!allowed.count(it->str())) out.insert(it->str());
  return out;
}

std::string join(const std::set<std::string>& s) {
  std::string out;
  for (const std::string& w : s) out += (out.empty() ? "" : " ") + w;
  return out;
}

// The text of a picture or page: what is between the tags, without the style sheet.
std::string page_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  std::string t = std::regex_replace(s.str(), std::regex("<style>[^]*?</style>"), " ");
  t = std::regex_replace(t, std::regex("<[^>]*>"), " ");
  return std::regex_replace(t, std::regex("&#?[a-z0-9]+;"), " ");
}

void expect_chinese(const std::string& args, const std::vector<std::string>& names = {}) {
  cli_run::Outcome r = cli_run::jpd(args + " --lang zh");
  EXPECT_EQ(r.status, 0) << args << "\n" << r.out;
  std::vector<std::string> n = names;
  n.push_back(kRecord);
  n.push_back(std::string(JPD_SOURCE_DIR));
  EXPECT_EQ(join(english_words(r.out, n)), "") << "jpd " << args << " --lang zh:\n" << r.out;
}

}  // namespace

TEST(ChineseOutput, CheckerCatchesTheEnglishTheEstimatorLeaked) {
  EXPECT_EQ(join(english_words("死子：内置形势判断（estimator, 400 playouts）")), "estimator playouts");
  EXPECT_EQ(join(english_words("  [成立] 目差 = 点差 − 补偿：t_first - t_second = 9")), "t_first t_second");
  EXPECT_EQ(join(english_words("规则：日本规则（japanese,komi=6.5）；黑先，贴 6.5 点。结果：W+7.5；A_B + A_W = 40")), "");
  EXPECT_EQ(join(english_words("读取 /tmp/x.sgf：GTP 引擎", {"/tmp/x.sgf"})), "");
}

TEST(ChineseOutput, ScoreAndExplainHaveNoEnglish) {
  for (const std::string& record : {kRecord, cli_run::data("minigo-tv-9x9-971122.sgf"),
                                    cli_run::data("gnugo-19x19-selfplay.sgf")}) {
    expect_chinese("score " + record);
    expect_chinese("score " + record + " --explain");
    expect_chinese("score " + record + " --rules japanese --explain");
    expect_chinese("score " + record + " --rules chinese --dead-from estimate --explain");
    expect_chinese("estimate " + record);
    expect_chinese("replay " + record);
  }
}

TEST(ChineseOutput, RulesAndPresetsHaveNoEnglish) {
  expect_chinese("rules japanese", [] {
    // The fields' keys and values are the rule set's own names.
    std::vector<std::string> names;
    cli_run::Outcome r = cli_run::jpd("rules japanese --json");
    static const std::regex quoted("\"([a-z_0-9]+)\"");
    for (auto it = std::sregex_iterator(r.out.begin(), r.out.end(), quoted); it != std::sregex_iterator(); ++it)
      names.push_back((*it)[1]);
    names.push_back("true");
    names.push_back("false");
    std::sort(names.begin(), names.end(), [](auto& a, auto& b) { return a.size() > b.size(); });
    return names;
  }());
  expect_chinese("presets", {"Tromp-Taylor"});
}

TEST(ChineseOutput, DiagramCaptionsAndIndexHaveNoEnglish) {
  const std::string dir = testing::TempDir() + "lang-diagram";
  std::filesystem::remove_all(dir);
  expect_chinese("diagram " + kRecord + " --rules japanese --out " + dir, {dir});
  int pages = 0;
  for (const auto& f : std::filesystem::directory_iterator(dir)) {
    ++pages;
    EXPECT_EQ(join(english_words(page_text(f.path().string()), {"goquest-9x9-2015-11-14-unsettled.sgf"})), "")
        << f.path();
  }
  EXPECT_GT(pages, 3);
}

TEST(ChineseOutput, CorpusBatchAndMatchHaveNoEnglish) {
  expect_chinese("corpus " + std::string(JPD_SOURCE_DIR) + "/data/games --no-progress --failures",
                 {"estimate"});  // the --dead-from value, as given
  expect_chinese("batch " + std::string(JPD_SOURCE_DIR) + "/data/games --out " + testing::TempDir() +
                     "lang-batch.csv",
                 {"estimate"});  // the dead stones' source, by its name
  const std::string engine = std::string(JPD_BINARY) + " gtp --playouts 30";
  expect_chinese("match --black \"" + engine + "\" --white \"" + engine + "\" --size 5 --games 1");
}

TEST(ChineseOutput, EveryCommandForPeopleTakesLang) {
  for (const std::string& args : std::vector<std::string>{"score " + kRecord, "estimate " + kRecord, "replay " + kRecord, "rules japanese", "presets",
        "corpus " + std::string(JPD_SOURCE_DIR) + "/data/games --no-progress"}) {
    EXPECT_EQ(cli_run::jpd(args + " --lang en").status, 0) << args;
    cli_run::Outcome bad = cli_run::jpd(args + " --lang fr");
    EXPECT_NE(bad.status, 0) << args;
    EXPECT_NE(bad.out.find("--lang"), std::string::npos) << args << ": " << bad.out;
  }
}

TEST(ChineseOutput, UncertainChainsResumedPlayAndDisputeHaveNoEnglish) {
  // A record of four moves: the estimator is unsure of its chains and says how it counted them.
  const std::string early = cli_run::temp_file("lang-early.sgf", "(;SZ[9]KM[7.5];B[ee];W[cc];B[gc];W[ge])");
  cli_run::Outcome r = cli_run::jpd("score " + early + " --explain --lang zh");
  EXPECT_NE(r.out.find("按活棋计"), std::string::npos) << r.out;
  expect_chinese("score " + early + " --explain", {early});
  // Play resumed after two passes, described by its move.
  const std::string resumed =
      cli_run::temp_file("lang-resumed.sgf", "(;GM[1]FF[4]SZ[5]KM[0.5]RU[Japanese];B[cc];W[];B[];W[dd])");
  r = cli_run::jpd("score " + resumed + " --rules japanese,dispute_mode=continue --lang zh");
  EXPECT_NE(r.out.find("第 4 手"), std::string::npos) << r.out;
  expect_chinese("score " + resumed + " --rules japanese,dispute_mode=continue", {resumed});
  // Dispute play: its summary and the phase it ended in.
  const std::string engine = std::string(JPD_BINARY) + " gtp --playouts 30";
  r = cli_run::jpd("dispute " + kRecord + " --black \"" + engine + "\" --white \"" + engine + "\" --lang zh");
  EXPECT_NE(r.out.find("实战解决："), std::string::npos) << r.out;
  expect_chinese("dispute " + kRecord + " --black \"" + engine + "\" --white \"" + engine + "\"");
}

// The error line of a command run with --lang zh: the common errors of a user's records and
// options are in Chinese (the file, the move and the point named as given); an exit status
// that is not 0.
TEST(ChineseOutput, CommonErrorsAreInChinese) {
  const std::string unterminated = cli_run::temp_file("lang-err-1.sgf", "(;SZ[9];B[ee");
  const std::string twice = cli_run::temp_file("lang-err-2.sgf", "(;SZ[9];B[ee];B[ff])");
  const std::string occupied = cli_run::temp_file("lang-err-3.sgf", "(;SZ[9];B[ee];W[ee])");
  const std::string komi = cli_run::temp_file("lang-err-4.sgf", "(;SZ[9]KM[abc];B[ee])");
  const std::string two_moves = cli_run::temp_file("lang-err-5.sgf", "(;SZ[9];B[ee]W[cc])");
  const std::string missing = testing::TempDir() + "lang-err-missing.sgf";
  struct Case {
    std::string args, file, expected;
    std::vector<std::string> quoted = {};  // the input the error quotes, names it gives
    std::string en_start = "jpd: ";        // CLI11's own line for an option it checks itself
  };
  for (const Case& k : std::vector<Case>{
           {"score " + missing, missing, "无法打开文件"},
           {"score " + unterminated, unterminated, "SGF 格式错误"},
           {"score " + twice, twice, "轮到白方下"},
           {"score " + occupied, occupied, "E5 已有棋子"},
           {"score " + occupied + " --game 3", occupied, "没有第 3 局"},
           {"score " + komi, komi, "贴目不是数字", {"abc"}},
           {"score " + occupied + " --dead Z99", occupied, "不是 9x9 棋盘上的点", {"dd"}},  // SGF's dd
           {"score " + occupied + " --rules chinese,komi=x", occupied, "komi 的值 'x' 无效", {"komi"}, "--rules: "},
           {"score " + occupied + " --rules foo", occupied, "没有名为 'foo' 的规则", {"foo"}, "--rules: "},
           {"score " + occupied + " --claim X", occupied, "认领 'X' 须写作", {"B:D4"}},
           {"score " + occupied + " --dead-from bad", occupied, "死子来源 'bad' 无效",
            {"bad", "auto", "sgf", "none", "estimate", "gtp"}},
           {"score " + two_moves, two_moves, "一个节点中有两着", {"FF"}},
           {"score " + testing::TempDir(), testing::TempDir(), "不是普通文件"},
       }) {
    cli_run::Outcome r = cli_run::jpd(k.args + " --lang zh");
    EXPECT_NE(r.status, 0) << k.args;
    EXPECT_NE(r.out.find(k.expected), std::string::npos) << k.args << ":\n" << r.out;
    std::vector<std::string> names = k.quoted;
    names.push_back(k.file);
    EXPECT_EQ(join(english_words(r.out, names)), "") << k.args << ":\n" << r.out;
    cli_run::Outcome en = cli_run::jpd(k.args + " --lang en");  // the English is unchanged
    EXPECT_EQ(en.out.rfind(k.en_start, 0), 0u) << en.out;
  }
}

// An SGF syntax error under --lang zh: the error line is the message of the exception in Chinese
// (the place, then what is wrong), with no English word but the file's name; in English the
// same line as the library's what().
TEST(Errors, SgfSyntaxErrorLineIsChineseUnderLangZh) {
  const std::string file = cli_run::temp_file("err-syntax.sgf", "(;SZ[9];B[ee];W[cc]");
  const cli_run::Outcome zh = cli_run::jpd("score " + file + " --lang zh");
  EXPECT_EQ(zh.status, 1);
  EXPECT_EQ(zh.out, "jpd：" + file + ":1:1：SGF 格式错误：这个 '(' 没有对应的 ')'\n");
  EXPECT_EQ(join(english_words(zh.out, {file})), "") << zh.out;
  const cli_run::Outcome en = cli_run::jpd("score " + file + " --lang en");
  EXPECT_EQ(en.out, "jpd: " + file + ":1:1: unbalanced parentheses: this '(' is never closed\n");
}

// CLI11's usage errors: in English its own lines, as before; in Chinese the error line and the
// hint, the unexpected argument or the missing one named.
TEST(Errors, UsageErrorsAreChineseUnderLangZh) {
  const std::string file = cli_run::temp_file("err-usage.sgf", "(;SZ[9];B[ee])");
  cli_run::Outcome r = cli_run::jpd("score " + file + " --bogus --lang zh");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "jpd：多余的参数：--bogus\n加 --help 查看用法说明。\n");
  r = cli_run::jpd("score --lang zh");
  EXPECT_EQ(r.out, "jpd：缺少必需的参数 file\n加 --help 查看用法说明。\n");
  r = cli_run::jpd("--lang zh");
  EXPECT_EQ(join(english_words(r.out, {"score", "compare", "batch"})), "") << r.out;
  r = cli_run::jpd("score " + file + " --bogus --lang en");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "The following argument was not expected: --bogus\nRun with --help for more information.\n");
}

// Every kind of usage error CLI11 finds in jpd's options, in both languages: in English CLI11's
// own two lines, byte for byte as before; in Chinese the error line says the same in Chinese (the
// option, the value, the bounds it names kept) and the hint follows.
TEST(Errors, EveryKindOfUsageErrorIsChineseUnderLangZh) {
  const std::string file = cli_run::temp_file("err-kinds.sgf", "(;SZ[9];B[ee])");
  const std::string missing_dir = testing::TempDir() + "no-such-dir";
  const std::string plain_file = cli_run::temp_file("err-kinds-plain.txt", "x");
  const std::string subcommands =
      "score, compare, batch, diagram, replay, presets, rules, gtp, match, series, bench, stress, corpus, "
      "estimate, dispute, serve";
  struct Case {
    std::string args, en, zh;
    std::vector<std::string> names = {};  // what the Chinese line quotes of the input
  };
  for (const Case& k : std::vector<Case>{
           // an extra positional argument (ExtrasError)
           {"score " + file + " extra.sgf", "The following argument was not expected: extra.sgf",
            "多余的参数：extra.sgf"},
           {"score " + file + " a.sgf b.sgf", "The following arguments were not expected: b.sgf a.sgf",
            "多余的参数：b.sgf a.sgf"},
           // an unknown subcommand, no subcommand, a missing positional (RequiredError)
           {"scroe " + file, "A subcommand is required", "没有名为 'scroe' 的子命令；可用的子命令：" + subcommands,
            {"scroe", "playouts"}},
           {"", "A subcommand is required", "须指定子命令（如 score、compare、batch）", {"score", "compare", "batch"}},
           {"score", "file is required", "缺少必需的参数 file", {"file"}},
           // an option given twice, an option without its value (ArgumentMismatch)
           {"score " + file + " --rules chinese --rules japanese", "--rules: At Most 1 required but received 2",
            "--rules 最多取 1 个值，却给了 2 个（该选项不能重复给出）"},
           {"score " + file + " LANG --rules", "--rules: 1 required TEXT missing", "--rules 后面缺少值"},
           // a value of the wrong type (ConversionError), a flag given a value
           {"gtp --seed abc", "Could not convert: --seed = abc", "--seed 的值 'abc' 不是该选项所要的类型（如数字）",
            {"abc"}},
           {"score " + file + " --repair=maybe", "Could not convert: --repair = maybe",
            "--repair 的值 'maybe' 不是该选项所要的类型（如数字）", {"maybe"}},
           // a conflict and a dependency (ExcludesError, RequiresError)
           {"gtp --no-files --allow-files " + testing::TempDir(), "--allow-files excludes --no-files",
            "--allow-files 不能与 --no-files 同用"},
           {"serve --repair", "--repair requires --check", "--repair 须与 --check 同用"},
           // the checks of values (ValidationError): ranges, sets, files and folders
           {"diagram " + file + " --cell 5", "--cell: Value 5 not in range 12 to 120",
            "--cell 的值 5 不是 12 到 120 之间的数"},
           {"batch " + file + " --format xml", "--format: xml not in {csv,jsonl}",
            "--format 的值 'xml' 无效（可取：csv,jsonl）", {"xml", "csv", "jsonl"}},
           // (CLI11's bounds of PositiveNumber and NonNegativeNumber: the double's limits, in full)
           {"bench playouts --seconds 0", "--seconds: Value 0 not in range 0.000000 to 17976931348623157...",
            "--seconds 的值 0 须大于 0"},
           {"bench playouts --playouts -3", "--playouts: Value -3 not in range 0.000000 to 17976931348623157...",
            "--playouts 的值 -3 不能为负数"},
           {"serve --tls-cert " + missing_dir, "--tls-cert: File does not exist: " + missing_dir,
            "--tls-cert：文件不存在：" + missing_dir},
           {"serve --tls-cert " + testing::TempDir(), "--tls-cert: File is actually a directory: " + testing::TempDir(),
            "--tls-cert：" + testing::TempDir() + " 是目录，不是文件"},
           {"gtp --allow-files " + missing_dir, "--allow-files: Directory does not exist: " + missing_dir,
            "--allow-files：目录不存在：" + missing_dir},
           {"gtp --allow-files " + plain_file, "--allow-files: Directory is actually a file: " + plain_file,
            "--allow-files：" + plain_file + " 是文件，不是目录"},
       }) {
    // The language where the case says (LANG: before an option that lacks its value), else last.
    auto with_lang = [&](const std::string& lang) {
      const size_t at = k.args.find("LANG");
      return at == std::string::npos ? k.args + " --lang " + lang
                                     : k.args.substr(0, at) + "--lang " + lang + k.args.substr(at + 4);
    };
    const cli_run::Outcome zh = cli_run::jpd(with_lang("zh"));
    EXPECT_EQ(zh.status, 2) << k.args;
    EXPECT_EQ(zh.out, "jpd：" + k.zh + "\n加 --help 查看用法说明。\n") << k.args;
    std::vector<std::string> names = k.names;
    for (const std::string& n : {file, missing_dir, plain_file, testing::TempDir(), subcommands}) names.push_back(n);
    EXPECT_EQ(join(english_words(zh.out, names)), "") << k.args << ":\n" << zh.out;
    const cli_run::Outcome en = cli_run::jpd(with_lang("en"));
    EXPECT_EQ(en.status, 2) << k.args;
    const std::string hint = "\nRun with --help for more information.\n";
    if (k.en.ends_with("..."))  // the line's start, and the hint
      EXPECT_TRUE(en.out.starts_with(k.en.substr(0, k.en.size() - 3)) && en.out.ends_with(hint)) << en.out;
    else
      EXPECT_EQ(en.out, k.en + hint) << k.args;
  }
}

// The library's refusals that a record or an option can bring about carry their message too: under
// --lang zh the error line is Chinese (a move named in it in the Chinese notation), in English
// the sentence it always was.
TEST(Errors, TheLibrarysRefusalsAreChineseUnderLangZh) {
  const std::string playing = cli_run::temp_file("err-lib-playing.sgf", "(;SZ[9];B[ee])");
  // At making: Black's negative move after the pause.
  const std::string making =
      cli_run::temp_file("err-lib-making.sgf", "(;SZ[9]RU[JPD:tang-song];B[ee];W[];B[];JPDN[ee]JPDT[B])");
  const std::string negative = cli_run::temp_file(
      "err-lib-negative.sgf", "(;GM[1]SZ[5]RU[JPD:tang-song];B[aa];W[dd];B[];W[];JPDN[aa]JPDT[A])");
  struct Case {
    std::string args, en, zh;
  };
  for (const Case& k : std::vector<Case>{
           {"dispute " + making + " --black true --white true",
            "dispute play resumes a paused game; this one is making", "实战解决须从休止的棋局恢复；这局棋处于做棋阶段"},
           {"score " + playing + " --dead A1", "the dead-stone list names an empty point, A1", "死子列表中有空点 A1"},
           {"score " + playing + " --claim B:E5", "claim B:E5 names one of the claimant's own stones",
            "认领 B:E5 所指的是认领方自己的棋子"},
           {"score " + negative,
            negative + ":1:51: move 4 (B negative-a A5): a negative-A move takes a stone from the black/white "
                       "boundary, and A5 touches no opponent stone",
            negative + ":1:51：第 4 手（黑 A类负着 A5）：A类负着须从黑白交界处取子，而 A5 不与对方棋子相邻"},
       }) {
    const cli_run::Outcome zh = cli_run::jpd(k.args + " --lang zh");
    EXPECT_EQ(zh.status, 1) << k.args;
    EXPECT_EQ(zh.out, "jpd：" + k.zh + "\n") << k.args;
    EXPECT_EQ(join(english_words(zh.out, {playing, negative, making})), "") << k.args << ":\n" << zh.out;
    const cli_run::Outcome en = cli_run::jpd(k.args + " --lang en");
    EXPECT_EQ(en.status, 1) << k.args;
    if (!k.en.empty()) {
      EXPECT_EQ(en.out, "jpd: " + k.en + "\n") << k.args;
    }
  }
}
