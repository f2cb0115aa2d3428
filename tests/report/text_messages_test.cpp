// The library's notes are messages (message.hpp): ids of the texts' table with their arguments,
// rendered at the edge. Every id a producer uses is in the table, in English and in Chinese; an id
// missing from it is found, not shown as "[[id]]" to a reader.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "jpd/encoding.hpp"
#include "jpd/replay.hpp"
#include "jpd/sgf.hpp"
#include "jpd/text.hpp"

using namespace jpd;

namespace {

// The ids of `m` and of the messages inside it that the table lacks (or has without one of its
// languages). "joined" is the renderer's own.
void missing_ids(const Message& m, std::set<std::string>& out) {
  if (m.id != "joined") {
    bool found = false;
    for (const TextEntry& e : text_table())
      if (e.id == m.id) found = !e.en.empty() && !e.zh.empty();
    if (!found) out.insert(m.id);
  }
  for (const MessageArg& a : m.args) {
    if (a.kind == MessageArg::Kind::word && tr(Lang::en, a.value).starts_with("[[")) out.insert(a.value);
    for (const Message& inner : a.inner) missing_ids(inner, out);
  }
}

std::set<std::string> missing_ids(const std::vector<Message>& ms) {
  std::set<std::string> out;
  for (const Message& m : ms) missing_ids(m, out);
  return out;
}

// Faulty and unusual records, each making the reader or the replay say something.
const char* const kRecords[] = {
    "(;GM[1]FF[4]SZ[9]KM[6.5]KM[6.5];B[ee];W[cc];B[gg];B[cg];W[gc])",  // twice, same; two in a row
    "(;GM[1]FF[4]SZ[9]KM[6.5]KM[100]PB[a]PB[b];B[ee];W[cc])",           // twice, differing
    "(;GM[1]FF[4]SZ[9];B[ee]W[cc];B[gg];W[ee];B[dd])",                   // a node split; occupied
    "(;GM[1]FF[4]SZ[9];W[ee];B[cc];W[gg])",                              // White first
    "(;GM[1]FF[4]SZ[9]JD[1998-12-01];B[ee]JV[];W[cc]JT[C];B[gg])",       // another program's
    "(;GM[1]FF[4]SZ[9];B[ee];W[cc];B[];W[];B[gg];W[gc])",                // play after the pause
    "(;GM[1]FF[4]SZ[9];B[aa];W[ba];B[ee];W[ab];B[cc];W[bb];B[aa])",      // a ko retaken: forfeit
    "(;GM[1]FF[4]SZ[9];B[ee];W[];B[];W[];B[cc])",                        // ended before the end
};

}  // namespace

TEST(Text, EveryReplayNoteHasBothLanguages) {
  size_t notes = 0;
  std::set<std::string> ids;
  for (const char* text_of_record : kRecords)
    for (const char* preset : {"tang-song", "chinese", "japanese", "living-b"})
      for (bool repair : {false, true}) {
        sgf::ReadOptions ro;
        ro.repair = repair;
        ReplayOptions o;
        o.repair = repair;
        o.forfeit_on_illegal = true;
        Replay rp;
        try {
          const sgf::Record r = sgf::read_record_text(text_of_record, "t.sgf", ro);
          rp = replay(r, rules_for_record(r, preset), o);
        } catch (const std::exception&) {
          continue;  // refused without the repair policy
        }
        std::vector<Message> all = rp.notes;
        for (const sgf::Repair& x : rp.repairs) all.push_back(x.detail);
        for (const Message& m : all) {
          ++notes;
          ids.insert(m.id);
          for (Lang l : {Lang::en, Lang::zh})
            EXPECT_EQ(text(m, l).find("[["), std::string::npos) << m.id << ": " << text(m, l);
        }
        const std::set<std::string> missing = missing_ids(all);
        EXPECT_TRUE(missing.empty()) << testing::PrintToString(missing);
      }
  EXPECT_GT(notes, 20u);
  EXPECT_GT(ids.size(), 8u) << testing::PrintToString(ids);
}

TEST(Text, EveryCharsetNoteHasBothLanguages) {
  for (const auto& [bytes, declared] : std::vector<std::pair<std::string, std::string>>{
           {"PB[\xba\xda\xc6\xe5]", ""}, {"PB[\xff\xfe\xe9]", "Shift_JIS"}, {"PB[\xe4\xb8\x80]", "US-ASCII"}}) {
    const DecodedText d = decode_to_utf8(bytes, declared);
    ASSERT_FALSE(d.note.empty()) << declared;
    EXPECT_TRUE(missing_ids({d.note}).empty()) << d.note.id;
    EXPECT_NE(text(d.note, Lang::zh), text(d.note, Lang::en)) << d.note.id;
  }
}

// The check above finds what it is for: an id the table lacks, at the top or inside another
// message, and a word that is not there.
TEST(Text, AMessageIdMissingFromTheTableIsDetected) {
  EXPECT_EQ(text(Message("note.no_such_note"), Lang::en), "[[note.no_such_note]]");
  EXPECT_EQ(missing_ids({Message("note.no_such_note")}), std::set<std::string>{"note.no_such_note"});
  const Message nested("note.after_pause", {MessageArg::message(Message("note.not_there", {1}))});
  EXPECT_EQ(missing_ids({nested}), std::set<std::string>{"note.not_there"});
  const Message word("note.dispute_resigned", {MessageArg::word("word.Purple")});
  EXPECT_EQ(missing_ids({word}), std::set<std::string>{"word.Purple"});
  EXPECT_TRUE(missing_ids({Message("note.after_pause", {MessageArg::message(Message("note.move_described",
                                                                                    {3, "B D4"}))})})
                  .empty());
}

// One set of texts for the estimator's notes: among a count's notes they are the same messages,
// said as the estimator's (note.by_estimator), not a second set of ids (note.estimate_*).
TEST(Text, EstimatorNotesHaveOneSetOfTexts) {
  for (const TextEntry& e : text_table()) EXPECT_FALSE(e.id.starts_with("note.estimate_")) << e.id;
  const Message ko("note.est_ko_open", {"C3", 2});
  const Message said("note.by_estimator", {MessageArg::message(ko)});
  EXPECT_EQ(text(said, Lang::en), "estimator: " + text(ko, Lang::en));
  EXPECT_EQ(text(said, Lang::zh), "估计器：" + text(ko, Lang::zh));
}
