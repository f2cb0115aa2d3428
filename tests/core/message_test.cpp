// Messages as data (message.hpp): the count says what it did as ids with arguments, and the
// report renders them in English or Chinese at the edge (text() of text.hpp).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "jpd/count.hpp"
#include "jpd/message.hpp"
#include "jpd/replay.hpp"
#include "jpd/rules.hpp"
#include "jpd/score.hpp"
#include "jpd/sgf.hpp"
#include "jpd/text.hpp"

using namespace jpd;

namespace {

std::set<std::string> table_ids() {
  std::set<std::string> ids;
  for (const TextEntry& e : text_table()) ids.insert(std::string(e.id));
  return ids;
}

// Every message of a count: its notes, its payment, its steps' notes.
std::vector<const Message*> messages_of(const Count& c) {
  std::vector<const Message*> out;
  for (const Message& m : c.notes) out.push_back(&m);
  if (!c.payment.empty()) out.push_back(&c.payment);
  for (const MakingStep& st : c.steps)
    for (const Message& m : st.notes) out.push_back(&m);
  // Where the statuses came from, why a chain is uncertain, an invariant's numbers.
  if (!c.status_detail.empty()) out.push_back(&c.status_detail);
  for (const UncertainChain& u : c.uncertain) out.push_back(&u.reason);
  for (const Invariant& i : c.invariants) out.push_back(&i.detail);
  return out;
}

// The ids of a message and of the messages inside it.
void ids_of(const Message& m, std::vector<std::string>& out) {
  out.push_back(m.id);
  for (const MessageArg& a : m.args) {
    if (a.kind == MessageArg::Kind::word) out.push_back(a.value);
    for (const Message& inner : a.inner) ids_of(inner, out);
  }
}

}  // namespace

TEST(Message, ANoteRendersInBothLanguagesFromItsId) {
  const Message m("note.button", {MessageArg::word("word.Black")});
  EXPECT_EQ(text(m, Lang::en), "the button: Black passed first and takes half a point");
  EXPECT_EQ(text(m, Lang::zh), "按钮规则（button）：黑方先放弃，得半点");
  const Message n("note.dead_removed", {3, 0});
  EXPECT_EQ(text(n, Lang::en), "3 black and 0 white dead stones removed");
  EXPECT_EQ(text(n, Lang::zh), "提走黑死子 3 枚、白死子 0 枚");
  EXPECT_EQ(text(Message(), Lang::zh), "");
}

TEST(Message, JoinedMessagesReadWithTheSeparatorOfTheLanguage) {
  const Message m = Message::joined({{"note.pay_living_b"}, {"note.pay_living_b_road"}});
  EXPECT_EQ(text(m, Lang::en), "计活子 B (art. 26.2): no payment; an extra stone becomes a 路 (B-negative)");
  EXPECT_EQ(text(m, Lang::zh), "计活子 B版（第二十六条第2款）：无须补偿；多出之子成为一路（B类负着）");
}

TEST(Message, AMessageInsideAMessageIsRenderedInTheLanguageToo) {
  const Message inner("note.dead_removed", {1, 2});
  const Message outer("note.match_ended", {MessageArg::message(inner)});
  EXPECT_EQ(text(outer, Lang::en), "the game ended: 1 black and 2 white dead stones removed");
  EXPECT_EQ(text(outer, Lang::zh), "对局结束：提走黑死子 1 枚、白死子 2 枚");
}

// The count makes no words: its own notes, payment and step notes are ids of the table with
// their arguments, and nothing of them is an English sentence for the report to translate back.
TEST(Message, TheCountsNotesNeedNoTextLayer) {
  const std::set<std::string> ids = table_ids();
  const std::string dir = std::string(JPD_SOURCE_DIR) + "/data/games";
  size_t counted = 0, messages = 0;
  for (const auto& f : std::filesystem::directory_iterator(dir)) {
    if (f.path().extension() != ".sgf") continue;
    const sgf::Record rec = sgf::read_record_file(f.path().string());
    for (const Preset& p : presets()) {
      try {
        const Replay rp = replay(rec, rules_for_record(rec, std::string_view(p.name)));
        const Count c = count(rp.game, Statuses{});
        ++counted;
        for (const Message* m : messages_of(c)) {
          ++messages;
          std::vector<std::string> used;
          ids_of(*m, used);
          for (const std::string& id : used) {
            if (id != "joined") {
              EXPECT_TRUE(ids.count(id)) << id;
            }
          }
        }
      } catch (const std::exception&) {  // a record these rules cannot replay or count
      }
    }
  }
  EXPECT_GT(counted, 20u);
  EXPECT_GT(messages, 40u);
}

TEST(Message, EveryMessageIdTheCountMakesIsInTheTable) {
  const std::set<std::string> ids = table_ids();
  const std::regex id(R"re("((note|word)\.[A-Za-z_]+)")re");
  std::ifstream in(std::string(JPD_SOURCE_DIR) + "/src/count/count.cpp");
  std::stringstream s;
  s << in.rdbuf();
  const std::string source = s.str();
  size_t uses = 0;
  for (std::sregex_iterator it(source.begin(), source.end(), id), end; it != end; ++it) {
    ++uses;
    EXPECT_TRUE(ids.count((*it)[1])) << (*it)[1];
  }
  EXPECT_GT(uses, 25u);
  for (CountedMoves m : {CountedMoves::real, CountedMoves::real_and_virtual, CountedMoves::all})
    EXPECT_TRUE(ids.count("word." + std::string(name_of(m)))) << name_of(m);
}

// A record that stops before its end is finished before it is counted (score_record): what the
// finishing did is said by messages of the table, not by English sentences.
TEST(Message, TheFinishingNotesOfARecordThatStopsAreMessages) {
  const sgf::Record rec = sgf::read_record_text(
      "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese];B[ee];W[cc];B[gc];W[cg];B[gg];W[ce];B[eg];W[ec])");
  ScoreOptions o;
  o.estimate.playouts = 50;
  o.finish.max_reading = 1000;
  o.max_finish_swing = 0;  // the finish kept, whatever it changes
  const Count c = score_record(rec, o).count;
  std::vector<std::string> finishing;
  for (const Message& m : c.notes) {
    const std::string en = text(m, Lang::en);
    if (en.find("finishing move") == std::string::npos) continue;
    finishing.push_back(m.id);
    EXPECT_EQ(text(m, Lang::zh).find("finishing"), std::string::npos) << text(m, Lang::zh);
  }
  ASSERT_EQ(finishing.size(), 2u) << testing::PrintToString(text(c.notes, Lang::en));
  EXPECT_EQ(finishing[0], "note.finished_territory");
  EXPECT_TRUE(finishing[1] == "note.finished_fixed" || finishing[1] == "note.finished_searched")
      << finishing[1];
}

// A move named inside a sentence is a message too (move_message): its English is to_string's
// notation, its Chinese the table's words for the colours and the kinds of move.
TEST(Message, AMoveInNotationReadsInTheTablesWordsInChinese) {
  const Point c3{2, 6};  // C3 on 9x9
  for (const Move& m : {Move::play(Color::Black, c3), Move::pass(Color::White), Move::virtual_move(Color::Black),
                        Move::negative_a(Color::Black, c3), Move::negative_b(Color::White, c3),
                        Move::propose(Color::Black), Move::accept(Color::White), Move::reject(Color::Black),
                        Move::resign(Color::White)}) {
    EXPECT_EQ(text(move_message(m, 9), Lang::en), to_string(m, 9));
    EXPECT_EQ(text(move_message(m, 9), Lang::zh).find_first_of("abcdefghijklmnopqrstuvwxyz"), std::string::npos)
        << text(move_message(m, 9), Lang::zh);
  }
  EXPECT_EQ(text(move_message(Move::play(Color::Black, c3), 9), Lang::zh), "黑 C3");
  EXPECT_EQ(text(move_message(Move::pass(Color::White), 9), Lang::zh), "白 放弃");
  EXPECT_EQ(text(move_message(Move::virtual_move(Color::Black), 9), Lang::zh), "黑 虚着");
  EXPECT_EQ(text(move_message(Move::negative_a(Color::Black, c3), 9), Lang::zh), "黑 A类负着 C3");
  EXPECT_EQ(text(move_message(Move::negative_b(Color::White, c3), 9), Lang::zh), "白 B类负着 C3");
}

// A faulty record's move is named in the error in the language's notation: a negative move the
// rules refuse reads "B negative-a ..." in English, "黑 A类负着 ..." in Chinese.
TEST(Message, AReplayErrorNamesTheMoveInTheLanguagesNotation) {
  // Black's negative-A move at A5 takes a stone touching no white stone: no boundary stone.
  const sgf::Record r =
      sgf::read_record_text("(;GM[1]SZ[5]RU[JPD:tang-song];B[aa];W[dd];B[];W[];JPDN[aa]JPDT[A])", "neg.sgf");
  try {
    replay(r, parse_rules_text("tang-song").rules);
    FAIL() << "the negative move was accepted";
  } catch (const ReplayError& e) {
    const std::string en = text(e.message(), Lang::en), zh = text(e.message(), Lang::zh);
    EXPECT_EQ(en, e.what());
    EXPECT_NE(en.find("(B negative-a A5)"), std::string::npos) << en;
    EXPECT_NE(zh.find("（黑 A类负着 A5）"), std::string::npos) << zh;
    EXPECT_EQ(zh.find("negative"), std::string::npos) << zh;
  }
}

// The library's refusals that input can reach carry their message: what() the English as it
// always read, the message for a front end's language.
TEST(Message, TheLibrarysRefusalsCarryTheirMessage) {
  ScoreOptions o;
  try {
    set_dead_from(o, "bad");
    FAIL();
  } catch (const ArgumentError& e) {
    EXPECT_STREQ(e.what(), "dead stones from 'bad': not one of auto, sgf, none, estimate, gtp:COMMAND");
    EXPECT_EQ(text(e.message(), Lang::zh), "死子来源 'bad' 无效：可取 auto、sgf、none、estimate 或 gtp:命令");
  }
  EXPECT_THROW(set_dead_from(o, "bad"), std::invalid_argument);  // as before
  Game g(parse_rules_text("tang-song").rules, 9, 9);
  ASSERT_TRUE(g.play(Move::play(Color::Black, Point{4, 4})));
  Statuses st;
  st.dead = {Point{0, 8}};
  try {
    count(g, st);
    FAIL();
  } catch (const CountError& e) {
    EXPECT_STREQ(e.what(), "the dead-stone list names an empty point, A1");
    EXPECT_EQ(text(e.message(), Lang::zh), "死子列表中有空点 A1");
  }
  try {
    g.place_fixed_handicap(12);
    FAIL();
  } catch (const ArgumentError& e) {
    EXPECT_STREQ(e.what(), "fixed handicap of 12 stones is not defined on this board");
    EXPECT_EQ(text(e.message(), Lang::zh), "这个棋盘上没有 12 子的固定让子");
  }
}
