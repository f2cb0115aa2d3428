// The text table: every message in both languages, every id the code uses in the table, the
// library's English notes translated, and the helpers (results in words, widths).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "jpd/batch.hpp"
#include "jpd/count.hpp"
#include "jpd/count_report.hpp"
#include "jpd/score.hpp"
#include "jpd/rules.hpp"
#include "jpd/text.hpp"
#include "test_util.hpp"

using namespace jpd;

namespace {

std::set<std::string> placeholders(std::string_view s) {
  std::set<std::string> out;
  for (size_t i = 0; i + 2 < s.size(); ++i)
    if (s[i] == '{' && s[i + 2] == '}' && std::isdigit(static_cast<unsigned char>(s[i + 1])))
      out.insert(std::string(s.substr(i, 3)));
  return out;
}

std::string read(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST(Text, EveryMessageHasBothLanguagesAndTheSamePlaceholders) {
  std::set<std::string_view> ids;
  for (const TextEntry& e : text_table()) {
    EXPECT_TRUE(ids.insert(e.id).second) << "duplicate id " << e.id;
    EXPECT_FALSE(e.en.empty()) << e.id;
    EXPECT_FALSE(e.zh.empty()) << e.id;
    EXPECT_EQ(placeholders(e.en), placeholders(e.zh)) << e.id;
  }
  EXPECT_GT(ids.size(), 150u);
}

TEST(Text, EveryIdTheCodeUsesIsInTheTable) {
  std::set<std::string> table;
  for (const TextEntry& e : text_table()) table.insert(std::string(e.id));
  const std::regex use(R"re(tr\([^,()]+, "([a-z_]+\.[A-Za-z_.]+)")re");
  size_t uses = 0;
  for (const char* dir : {"src", "apps/jpd"})  // src: every layer's folder
    for (const auto& f : std::filesystem::recursive_directory_iterator(
             std::string(JPD_SOURCE_DIR) + "/" + dir)) {
      if (!f.is_regular_file()) continue;
      const std::string text = read(f.path());
      for (std::sregex_iterator it(text.begin(), text.end(), use), end; it != end; ++it) {
        ++uses;
        EXPECT_TRUE(table.count((*it)[1])) << (*it)[1] << " in " << f.path();
      }
    }
  EXPECT_GT(uses, 50u);
  // Ids made from enum names.
  for (CountingMethod m : {CountingMethod::area, CountingMethod::territory_refill,
                           CountingMethod::territory_generalized, CountingMethod::fill_up,
                           CountingMethod::living_stones, CountingMethod::japanese, CountingMethod::aga})
    for (Lang l : {Lang::en, Lang::zh}) {
      EXPECT_EQ(method_name(m, l).find("[["), std::string::npos) << name_of(m);
      EXPECT_EQ(method_short(m, l).find("[["), std::string::npos) << name_of(m);
    }
  for (int s = 0; s <= int(StatusSource::dispute); ++s)
    EXPECT_EQ(status_source_name(StatusSource(s), Lang::zh).find("[["), std::string::npos);
  for (int m = 1; m <= int(CountBoard::Mark::overflow); ++m)
    EXPECT_EQ(mark_name(CountBoard::Mark(m), Lang::zh).find("[["), std::string::npos);
  for (int c = 1; c <= int(PointClass::seki_eye_shared); ++c)
    EXPECT_EQ(class_name(PointClass(c), Lang::zh).find("[["), std::string::npos);
  EXPECT_EQ(tr(Lang::en, "no.such_id"), "[[no.such_id]]");
}

TEST(Text, EveryRuleSetFieldHasItsMeaningInBothLanguages) {
  // jpd rules --lang: the English is the field table's own words, the Chinese beside it.
  for (const FieldInfo& f : ruleset_fields()) {
    EXPECT_EQ(field_meaning(f, Lang::en), f.meaning) << f.key;
    const std::string zh = field_meaning(f, Lang::zh);
    EXPECT_NE(zh, f.meaning) << f.key;
    EXPECT_GT(display_width(zh), int(zh.size() / 3)) << f.key;  // mostly wide characters
  }
}

TEST(Text, PlaceholdersAreFilled) {
  EXPECT_EQ(tr(Lang::en, "explain.fill_up", {"45", "36"}), "Fill-up, 填满计点: 45 : 36");
  EXPECT_EQ(tr(Lang::zh, "explain.fill_up", {"45", "36"}), "填满计点：45 : 36");
}

TEST(Text, ResultsInWords) {
  EXPECT_EQ(result_words("B+2.5", Lang::zh), "黑胜 2.5 点（B+2.5）");
  EXPECT_EQ(result_words("W+0.5", Lang::zh), "白胜半点（W+0.5）");
  EXPECT_EQ(result_words("W+R", Lang::zh), "白中盘胜（对方认输，W+R）");
  EXPECT_EQ(result_words("0", Lang::zh), "和棋（0）");
  EXPECT_EQ(result_words("Void", Lang::zh), "无胜负（Void）");
  EXPECT_EQ(result_words("B+2.5", Lang::en), "B+2.5 (Black wins by 2.5 points)");
  EXPECT_EQ(result_words("B+1", Lang::en), "B+1 (Black wins by 1 point)");
}

TEST(Text, LanguageFromTheOptionOrTheLocale) {
  EXPECT_EQ(language("zh"), Lang::zh);
  EXPECT_EQ(language("en"), Lang::en);
  EXPECT_THROW(language("fr"), std::invalid_argument);
  const char* saved = std::getenv("LC_ALL");
  std::string keep = saved ? saved : "";
  setenv("LC_ALL", "zh_CN.UTF-8", 1);
  EXPECT_EQ(language(""), Lang::zh);
  setenv("LC_ALL", "C.UTF-8", 1);
  EXPECT_EQ(language(""), Lang::en);
  if (saved) setenv("LC_ALL", keep.c_str(), 1);
  else unsetenv("LC_ALL");
}

TEST(Text, DisplayWidthCountsChineseTwice) {
  EXPECT_EQ(display_width("tang-song"), 9);
  EXPECT_EQ(display_width("黑 : 白"), 7);
  EXPECT_EQ(pad("规则", 6), "规则  ");
  EXPECT_EQ(pad("preset", 3), "preset");
}

TEST(Text, NotesReadWithTheirWordsInTheLanguage) {
  const Message paid("note.pay_first_virtual",
                     {MessageArg::word("word.White"), MessageArg::word("word.Black")});
  EXPECT_EQ(text(paid, Lang::en), "Tang-Song art. 11: White made the first virtual move, so Black pays 1 point");
  EXPECT_EQ(text(paid, Lang::zh), "唐宋版第十一条：白方先下虚着，故黑方贴出 1 点");
  const Message both = Message::joined({Message("note.dead_removed", {3, 0}), Message("note.pay_dispute", {1})});
  EXPECT_EQ(text(both, Lang::en), "3 black and 0 white dead stones removed; dispute phase (art): 1 more");
  EXPECT_EQ(text(both, Lang::zh), "提走黑死子 3 枚、白死子 0 枚；实战解决阶段（艺术版）：多 1 着");
}

// Every sentence the library writes while counting the shared corpus under every preset (notes,
// payments, the making's step notes) has its Chinese.
TEST(Text, EveryNoteOfTheCorpusUnderEveryPresetIsTranslated) {
  const std::string dir = std::string(JPD_SHARED_DIR) + "/corpus/games";
  if (!std::filesystem::is_directory(dir)) GTEST_SKIP() << "no shared corpus at " << dir;
  std::vector<std::string> files;
  for (const auto& f : std::filesystem::directory_iterator(dir)) files.push_back(f.path().string());
  std::sort(files.begin(), files.end());
  std::set<std::string> untranslated, seen;
  size_t counted = 0;
  for (size_t k = 0; k < files.size(); k += 7) {  // every 7th record: all kinds of records, quickly
    sgf::Record rec = sgf::read_record_file(files[k]);
    for (const Preset& p : presets()) {
      ScoreOptions o;
      o.rules = parse_rules_text(p.name);
      o.estimate.playouts = 100;  // the notes, not the estimate, are under test: quickly
      try {
        Count c = score_record(rec, o).count;
        ++counted;
        std::vector<const Message*> messages;
        for (const Message& m : c.notes) messages.push_back(&m);
        messages.push_back(&c.payment);
        for (const MakingStep& st : c.steps)
          for (const Message& m : st.notes) messages.push_back(&m);
        for (const Message* m : messages) {
          // The message's Chinese is the table's: every id (and word) in it is there.
          const std::string en = text(*m, Lang::en), zh = text(*m, Lang::zh);
          seen.insert(en);
          if (zh.find("[[") != std::string::npos) untranslated.insert(en);
        }
      } catch (const std::exception&) {
      }
    }
  }
  EXPECT_GT(counted, 1000u);
  EXPECT_GT(seen.size(), 20u);
  for (const std::string& t : untranslated) ADD_FAILURE() << "no Chinese for: " << t;
}

// A making step carries its id only; its title is the table's, in either language.
TEST(Text, EveryMakingStepHasItsTitleFromItsIdInBothLanguages) {
  sgf::Record rec = sgf::read_record_file(std::string(JPD_SOURCE_DIR) +
                                          "/data/games/goquest-9x9-2015-10-26-miura18-u4i.sgf");
  std::set<std::string> steps;
  for (const char* preset : {"chinese", "tang-song", "sci-4-1"}) {
    ScoreOptions o;
    o.rules = parse_rules_text(preset);
    o.estimate.playouts = 50;
    for (const MakingStep& st : score_record(rec, o).count.steps) {
      steps.insert(st.id);
      EXPECT_EQ(step_title(st.id, Lang::en).find("[["), std::string::npos) << st.id;
      EXPECT_EQ(step_title(st.id, Lang::zh).find("[["), std::string::npos) << st.id;
    }
  }
  for (const char* id : {"pause", "dead_removed", "refilled", "equal_stones", "generalized",
                         "fill_up", "living_stones"})
    EXPECT_TRUE(steps.count(id)) << id;
  EXPECT_EQ(step_title("equal_stones", Lang::en), "equal stones (等子局面)");
  EXPECT_EQ(step_title("equal_stones", Lang::zh), "等子局面");
}

TEST(Text, EveryPresetHasItsTitleFromTheTableInBothLanguages) {
  // The preset table holds no text: each title is the text table's "preset.<name>".
  std::set<std::string> en;
  for (const Preset& p : presets()) {
    const std::string e = preset_title(p.name, Lang::en), z = preset_title(p.name, Lang::zh);
    EXPECT_EQ(e.find("[["), std::string::npos) << p.name;
    EXPECT_EQ(z.find("[["), std::string::npos) << p.name;
    EXPECT_NE(e, p.name);
    EXPECT_NE(e, z) << p.name;
    EXPECT_TRUE(en.insert(e).second) << "two presets titled " << e;
  }
  EXPECT_EQ(preset_title("japanese", Lang::en), "Japanese rules (territory and prisoners)");
  EXPECT_EQ(preset_title("japanese", Lang::zh), "日本规则 数目法");
  EXPECT_EQ(preset_title("no-such-preset", Lang::en), "no-such-preset");  // a name, as given
}

TEST(Text, ExplanationInChineseUsesTheSeedsWords) {
  sgf::Record rec = sgf::read_record_file(std::string(JPD_SOURCE_DIR) +
                                          "/data/games/goquest-9x9-2015-10-26-miura18-u4i.sgf");
  ScoreOptions o;
  o.rules = parse_rules_text("tang-song");
  Count c = score_record(rec, o).count;
  const std::string zh = explain(c, Lang::zh);
  for (const char* word : {"休止", "做棋", "回填", "等子局面", "虚着", "A类负着", "收后方", "归本数", "子空合计",
                           "计活子", "还棋头", "填满计点", "恒等式", "黑胜 1 点（B+1）"})
    EXPECT_NE(zh.find(word), std::string::npos) << word;
  // No English sentence of the library left in it.
  for (const char* english : {"passes are read", "made the first virtual move", "stones refilled",
                              "negative-A move", "on the board", "Result"})
    EXPECT_EQ(zh.find(english), std::string::npos) << english;
  EXPECT_EQ(summary(c, Lang::zh).rfind("规则：", 0), 0u);
}

// English nouns after a number take its form: "1 game", "2 games"; Chinese needs none.
TEST(Text, EnglishCountsSayOneGameOnePresetOneRowOneRecordOneFile) {
  EXPECT_EQ(count_of(Lang::en, "game", 1), "1 game");
  EXPECT_EQ(count_of(Lang::en, "game", 0), "0 games");
  EXPECT_EQ(count_of(Lang::en, "record", 1), "1 record");
  EXPECT_EQ(count_of(Lang::en, "record", 325), "325 records");
  EXPECT_EQ(count_of(Lang::zh, "game", 1), "1 局");
  EXPECT_EQ(count_of(Lang::zh, "game", 2), "2 局");
  batch::Summary s({"tang-song"});
  s.games = 1;
  s.rows = 1;
  EXPECT_NE(s.text(Lang::en).find("Batch: 1 game under 1 preset (1 row)"), std::string::npos) << s.text(Lang::en);
  EXPECT_NE(s.text(Lang::en).find("Errors: 0 rows in 0 files"), std::string::npos) << s.text(Lang::en);
  EXPECT_NE(s.text(Lang::zh).find("批量计算：1 局 × 1 种规则（1 行）"), std::string::npos) << s.text(Lang::zh);
  s.games = 2;
  s.rows = 2;
  EXPECT_NE(s.text(Lang::en).find("Batch: 2 games under 1 preset (2 rows)"), std::string::npos);
  EXPECT_EQ(tr(Lang::en, "corpus.convention", {count_of(Lang::en, "record", 1), "x"}).rfind("(1 record counted", 0), 0u);
  EXPECT_EQ(tr(Lang::zh, "corpus.convention", {count_of(Lang::zh, "record", 1), "x"}).rfind("（1 局按", 0), 0u);
}

// The batch's skipped paths take the count's form: "Skipped: 1 path" ("1 paths" it said).
TEST(Text, BatchSaysSkippedOnePathAndTwoPaths) {
  batch::Summary s({"chinese"});
  batch::FileWalk::Skipped fifo;
  fifo.path = "pipe.sgf";
  fifo.why = "a FIFO (named pipe)";
  s.skipped = {fifo};
  EXPECT_NE(s.text(Lang::en).find("Skipped: 1 path, not read"), std::string::npos) << s.text(Lang::en);
  EXPECT_NE(s.text(Lang::zh).find("跳过：1 个路径（未读取）"), std::string::npos) << s.text(Lang::zh);
  EXPECT_EQ(count_of(Lang::en, "path", 1), "1 path");
  s.skipped.push_back(fifo);
  EXPECT_NE(s.text(Lang::en).find("Skipped: 2 paths, not read"), std::string::npos) << s.text(Lang::en);
  EXPECT_NE(s.text(Lang::zh).find("跳过：2 个路径（未读取）"), std::string::npos) << s.text(Lang::zh);
}

// The refill's note names each colour's number without a plural to get wrong ("1 black and 1
// white stones" it said), and is translated.
TEST(Text, TheRefillNoteHasNoPluralToGetWrongForOneStone) {
  // White's A5 is dead in Black's corner: one stone refilled.
  Game g = test::game_from("tang-song", "O . X . .\n"
                                        ". . X . .\n"
                                        "X X X . .\n"
                                        ". . . O O\n"
                                        ". . . O .\n");
  g.declare_paused();
  Statuses st;
  st.dead = {test::pt("A5", 5)};
  st.source = StatusSource::given;
  const Count c = count(g, st);
  std::string note;
  for (const MakingStep& st : c.steps)
    if (st.id == "refilled" && !st.notes.empty()) note = text(st.notes[0], Lang::en);
  ASSERT_FALSE(note.empty()) << explain(c, Lang::en);
  EXPECT_EQ(note.find(" stones refilled"), std::string::npos) << note;
  EXPECT_EQ(note.rfind("stones refilled: ", 0), 0u) << note;
  EXPECT_EQ(text(Message("note.refilled", {1, 1}), Lang::zh), "回填黑子 1 枚、白子 1 枚");
}

TEST(Text, EveryReasonOfTheRaceReaderIsTranslated) {
  const Message playouts("note.est_unsettled", {"52%"});
  for (const Message& reason :
       {Message("note.est_race_win", {MessageArg::word("word.Black"), MessageArg::message(playouts)}),
        Message("note.est_race_lose", {MessageArg::word("word.White"), MessageArg::message(playouts)}),
        Message("note.est_race_throw_win", {MessageArg::message(playouts)}),
        Message("note.est_race_throw_lose", {MessageArg::message(playouts)})}) {
    EXPECT_NE(text(reason, Lang::en).find("capturing race"), std::string::npos) << reason;
    EXPECT_EQ(text(reason, Lang::zh).find("capturing"), std::string::npos) << reason;
    EXPECT_EQ(text(reason, Lang::zh).find("[["), std::string::npos) << reason;
  }
}

