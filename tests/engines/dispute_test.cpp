// Statuses from an engine over GTP and dispute play (实战解决) with two engines, against GNU Go
// (Debian's gnugo, the real peer) and against engines that misbehave: every failure is a clear
// GtpError, never a hang.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>

#include "jpd/count.hpp"
#include "jpd/dispute.hpp"
#include "jpd/replay.hpp"
#include "jpd/sgf.hpp"
#include "jpd/status_gtp.hpp"
#include "jpd/text.hpp"
#include "test_util.hpp"

using namespace jpd;

namespace {

const char* kGnuGo = "gnugo --mode gtp --level 1";

const char* kFinished = test::kFinishedProEnding9x9;

Game paused(const std::string& rules, const std::string& diagram = kFinished) {
  auto rows = jpd::test::rows_of(diagram);
  Game g(parse_ruleset(rules), int(rows[0].size()), int(rows.size()));
  jpd::test::setup(g, diagram);
  g.declare_paused();
  return g;
}

Point P(const Game& g, const char* s) { return parse_point(s, g.width(), g.height()); }

// A fake engine that answers every command with "=", and final_status_list with `dead`.
std::string fake_engine(const std::string& dead) {
  return "sh -c 'while read l; do case \"$l\" in final_status_list*) printf \"= " + dead +
         "\\n\\n\";; *) printf \"= 2\\n\\n\";; esac; done'";
}

}  // namespace

TEST(GtpStatuses, GnuGoFindsTheDeadStones) {
  const Game g = paused("japanese");
  const Statuses st = statuses_from_gtp(g, kGnuGo, 30);
  EXPECT_EQ(st.source, StatusSource::gtp);
  EXPECT_EQ(text(st.source_detail, Lang::en), kGnuGo);
  std::vector<Point> dead = st.dead;
  std::sort(dead.begin(), dead.end());
  EXPECT_EQ(dead, (std::vector<Point>{P(g, "B8"), P(g, "G6")}));
}

TEST(GtpStatuses, ASilentEngineTimesOutWithAClearError) {
  const Game g = paused("japanese");
  const auto start = std::chrono::steady_clock::now();
  try {
    statuses_from_gtp(g, "sleep 30", 0.5);
    FAIL() << "no error";
  } catch (const GtpError& e) {
    EXPECT_NE(std::string(e.what()).find("sleep 30"), std::string::npos) << e.what();
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
}

TEST(GtpStatuses, AnEngineThatCrashesInTheMiddleIsReported) {
  const Game g = paused("japanese");
  // Answers the first three commands, then dies.
  const std::string crash =
      "sh -c 'for i in 1 2 3; do read l; printf \"= 2\\n\\n\"; done; kill -9 $$'";
  try {
    statuses_from_gtp(g, crash, 5);
    FAIL() << "no error";
  } catch (const GtpError& e) {
    EXPECT_NE(std::string(e.what()).find("crashed"), std::string::npos) << e.what();
  }
}

TEST(GtpStatuses, AGarbledDeadListIsReported) {
  const Game g = paused("japanese");
  try {
    statuses_from_gtp(g, fake_engine("B8 Z99"), 5);
    FAIL() << "no error";
  } catch (const GtpError& e) {
    EXPECT_NE(std::string(e.what()).find("Z99"), std::string::npos) << e.what();
  }
  try {
    statuses_from_gtp(g, fake_engine("A1"), 5);  // an empty point
    FAIL() << "no error";
  } catch (const GtpError& e) {
    EXPECT_NE(std::string(e.what()).find("empty point"), std::string::npos) << e.what();
  }
  // A well-formed answer from the same fake engine is taken as it is.
  EXPECT_EQ(statuses_from_gtp(g, fake_engine("B8"), 5).dead, std::vector<Point>{P(g, "B8")});
}

TEST(Dispute, GnuGoPlaysItOutAndTheCountFollowsThePlay) {
  const Game g = paused("chinese,komi=7");
  DisputeResult d = play_dispute(g, kGnuGo, kGnuGo, {30, 0, true});
  EXPECT_EQ(d.game.phase(), Phase::paused);
  EXPECT_EQ(d.game.pauses(), 2);
  EXPECT_GT(d.moves, 2);
  // The cleanup play captured both dead stones: nothing is left to call dead.
  EXPECT_NE(d.game.board().at(P(g, "G6")), Color::White);
  EXPECT_NE(d.game.board().at(P(g, "B8")), Color::Black);
  EXPECT_EQ(d.statuses.source, StatusSource::dispute);
  EXPECT_TRUE(d.statuses.dead.empty());
  const Count c = count(d.game, d.statuses);
  EXPECT_TRUE(c.all_invariants_hold);
  EXPECT_EQ(c.status_source, StatusSource::dispute);
  // The same result as counting the pause with the dead stones agreed (area counting: the
  // dispute's moves inside one's own area change nothing).
  Statuses agreed;
  agreed.dead = {P(g, "G6"), P(g, "B8")};
  agreed.source = StatusSource::given;
  EXPECT_EQ(c.result, count(g, agreed).result);
  // The whole game, dispute included, round-trips through SGF.
  sgf::Record rec = record_from_game(d.game);
  const std::string text = sgf::write(sgf::to_tree(rec));
  EXPECT_NE(text.find("JPDR[dispute]"), std::string::npos);
  Replay back = replay(sgf::read_record_text(text), d.game.rules());
  EXPECT_TRUE(back.game.board().same_position(d.game.board()));
  EXPECT_EQ(back.game.moves().size(), d.game.moves().size());
}

TEST(Dispute, UnderJapaneseAndKoreanRulesTheDisputeIsConfirmationPlayThatCostsNoPoint) {
  // The confirmation play of the Japanese rules settles life and death and costs no point: the
  // position at the stop is counted with what it confirmed (dispute_mode=independent). Counting
  // the position after it instead (continue) charges the moves played inside one's own
  // territory and takes the stones captured in it as prisoners.
  for (const char* rules : {"japanese", "korean"}) {
    const Game g = paused(rules);
    ASSERT_EQ(g.rules().dispute_mode, DisputeMode::independent);
    DisputeResult d = play_dispute(g, kGnuGo, kGnuGo, {30, 0, true});
    ASSERT_EQ(d.game.phase(), Phase::paused) << rules;
    ASSERT_GT(d.moves, 2) << rules;
    const Count c = count(d.game, d.statuses);
    EXPECT_TRUE(c.all_invariants_hold);
    Statuses agreed;
    agreed.dead = {P(g, "G6"), P(g, "B8")};
    agreed.source = StatusSource::given;
    const Count at_stop = count(g, agreed);
    EXPECT_EQ(c.result, at_stop.result) << rules;
    EXPECT_EQ(c.japanese().black, at_stop.japanese().black) << rules;
    EXPECT_EQ(c.japanese().white, at_stop.japanese().white) << rules;
  }
}

TEST(Dispute, NonBoardMovesFollowThePreset) {
  // Tang-Song has no pass: the engines' passes are virtual moves, two of them pause the game.
  DisputeResult t = play_dispute(paused("tang-song,komi=7"), kGnuGo, kGnuGo, {30, 0, true});
  EXPECT_EQ(t.game.phase(), Phase::paused);
  EXPECT_GT(t.game.counters().dispute[0].virtual_moves + t.game.counters().dispute[1].virtual_moves, 0);
  EXPECT_EQ(t.game.counters().dispute[0].passes + t.game.counters().dispute[1].passes, 0);
  // 计活子: both sides first play a virtual move (003 art. 21.4); the pause is agreed.
  DisputeResult l = play_dispute(paused("living-b,komi=7"), kGnuGo, kGnuGo, {30, 0, true});
  EXPECT_EQ(l.game.phase(), Phase::paused);
  EXPECT_TRUE(l.game.paused_by_agreement());
  EXPECT_NE(std::find_if(l.notes.begin(), l.notes.end(),
                         [](const Message& n) { return n.id == "note.dispute_opening_virtual"; }),
            l.notes.end());
  EXPECT_TRUE(count(l.game, l.statuses).all_invariants_hold);
}

TEST(Dispute, AnEngineAnsweringGarbageToGenmoveIsAClearError) {
  const auto start = std::chrono::steady_clock::now();
  try {
    play_dispute(paused("chinese"), fake_engine(""), kGnuGo, {5, 0, false});
    FAIL() << "no error";
  } catch (const GtpError& e) {
    EXPECT_NE(std::string(e.what()).find("genmove"), std::string::npos) << e.what();
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
}

TEST(Dispute, OnlyAPausedGameCanBeDisputed) {
  Game g(parse_ruleset("chinese"), 9);
  EXPECT_THROW(play_dispute(g, kGnuGo, kGnuGo), std::invalid_argument);
}
