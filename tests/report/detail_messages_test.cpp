// The details that were English sentences matched back against patterns are messages now: where
// the statuses came from (Statuses::source_detail, Count::status_detail), an invariant's numbers
// (Invariant::detail), why the estimator calls a chain what it does (ChainEstimate::reason,
// UncertainChain::reason). Each renders in English as the sentence it replaced and in Chinese by
// its row of the table.
#include <gtest/gtest.h>

#include <string>

#include "jpd/count.hpp"
#include "jpd/estimate.hpp"
#include "jpd/game.hpp"
#include "jpd/text.hpp"

using namespace jpd;

TEST(DetailMessages, DisputePlayAsTheSourceOfTheStatusesReadsInBothLanguages) {
  const Message m("statuses.dispute", {"gnugo --mode gtp", "katago gtp", 12});
  EXPECT_EQ(text(m, Lang::en), "dispute play, Black: gnugo --mode gtp; White: katago gtp; 12 moves");
  EXPECT_EQ(text(m, Lang::zh), "实战解决，黑方：gnugo --mode gtp；白方：katago gtp；12 手");
}

TEST(DetailMessages, AFailedEstimatorIsSaidAfterTheEngineThatTookOver) {
  const Message m("statuses.estimator_failed",
                  {MessageArg::message(Message("text.as_written", {"gnugo --mode gtp --level 1"})),
                   "no board"});
  EXPECT_EQ(text(m, Lang::en), "gnugo --mode gtp --level 1 (the estimator failed: no board)");
  EXPECT_EQ(text(m, Lang::zh), "gnugo --mode gtp --level 1（形势判断失败：no board）");
}

TEST(DetailMessages, NeitherTheEstimatorNorGnuGoReadsInBothLanguages) {
  const Message m("statuses.neither", {"no board", "gnugo: not found"});
  EXPECT_EQ(text(m, Lang::en), "neither the estimator nor GNU Go: no board; gnugo: not found");
  EXPECT_EQ(text(m, Lang::zh), "形势判断与 GNU Go 均不可用：no board；gnugo: not found");
}

TEST(DetailMessages, TheNotesLeftOutOfAReplayAreCountedInChineseToo) {
  const Message m("note.more_notes", {7});
  EXPECT_EQ(text(m, Lang::en), "... and 7 more such notes");
  EXPECT_EQ(text(m, Lang::zh), "……另有 7 条同类说明");
}

TEST(DetailMessages, HowARecordEndedReadsInChineseWithTheTablesWord) {
  const Message m("corpus.ended_detail", {end_word(EndReason::resigned)});
  EXPECT_EQ(text(m, Lang::en), "the game ended resigned");
  EXPECT_EQ(text(m, Lang::zh), "对局结束（认输）");
  // A reason without a word of its own is shown as it is named.
  EXPECT_EQ(text(Message("corpus.ended_detail", {end_word(EndReason::counted)}), Lang::zh), "对局结束（counted）");
}

// The estimator's reasons nest (a race read out over the playouts' verdict) and an uncertain
// chain's says how it is counted after a "; ": the sentences the estimator wrote before, and the
// Chinese the patterns made of them.
TEST(DetailMessages, AChainsReasonNestsAndReadsAsTheSentenceItReplaced) {
  const Message race("note.est_race_win",
                     {MessageArg::word("word.Black"),
                      MessageArg::message(Message("note.est_unsettled", {"52%"}))});
  const Message counted = Message::joined({race, Message("note.est_counted_alive")});
  EXPECT_EQ(text(counted, Lang::en),
            "wins the capturing race with the chains next to it, read out with Black to move "
            "(unsettled: alive in 52% of the playouts); counted as alive");
  EXPECT_EQ(text(counted, Lang::zh), "与相邻棋块对杀获胜（黑方先走读出，未定：模拟中 52% 为活）；按活棋计");
}

TEST(DetailMessages, AnInvariantsNumbersKeepTheirFormulaAndTranslateTheirWords) {
  const Message refill = Message::joined(
      {Message("note.inv_refilled_board", {"3 - 2 = 1"}),
       Message("text.as_written", {"(A_B - A_W) - (S_B - S_W) = 4 - 3 = 1"})});
  EXPECT_EQ(text(refill, Lang::en),
            "t_B - t_W = 3 - 2 = 1 on the refilled board; (A_B - A_W) - (S_B - S_W) = 4 - 3 = 1");
  EXPECT_EQ(text(refill, Lang::zh), "回填后的棋盘上 t_B - t_W = 3 - 2 = 1；(A_B - A_W) - (S_B - S_W) = 4 - 3 = 1");
}

TEST(DetailMessages, TheEstimatorsDetailIsItsPlayouts) {
  Estimate e;
  e.playouts = 400;
  EXPECT_EQ(text(e.detail(), Lang::en), "estimator, 400 playouts");
  EXPECT_EQ(text(e.detail(), Lang::zh), "形势判断，模拟 400 局");
}
