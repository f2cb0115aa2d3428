// The referee's refusals are messages (Verdict::message): an id of the texts' table with its
// arguments, the preset's name an argument of its own. Each reads in English as the sentence the
// referee wrote before, and in Chinese by its row.
#include <gtest/gtest.h>

#include <string>

#include "jpd/game.hpp"
#include "jpd/message.hpp"
#include "jpd/rules.hpp"

using namespace jpd;

namespace {

MessageArg black() { return MessageArg::word("word.Black"); }
MessageArg white() { return MessageArg::word("word.White"); }

struct Said {
  Message message;
  const char* en;
  const char* zh;
};

}  // namespace

TEST(RefusalMessages, EveryRefusalOfItsOwnReadsInBothLanguages) {
  const Said said[] = {
      {Message("ref.setup_final"), "no setup at making or after the end: the position is final",
       "做棋时或终局后不能摆子：局面已定"},
      {Message("ref.to_move_in_play"),
       "a side to move is set only while play goes on (after a pause the protocol says who resumes)",
       "只有对局进行中才能指定轮走方（休止之后由规程决定谁恢复对局）"},
      {Message("ref.proposal_awaits"), "a pause proposal awaits its answer", "休止提议尚待回答"},
      {Message("ref.owed_in_order"), "the virtual moves owed are played in their order", "所欠的虚着须按次序下"},
      {Message("ref.no_liberty", {"C3"}),
       "the setup left the chain at C3 without a liberty, a position that cannot arise in play: no "
       "move can follow it",
       "摆子使 C3 的棋块没有气，这是对局中不可能出现的局面：其后不能再下任何一着"},
      {Message("ref.needs_colour"), "a move needs a colour, B or W", "着手须有颜色（B 或 W）"},
      {Message("ref.paused"), "the game is paused: resume play for a dispute, or go on to making",
       "对局已休止：有争议则恢复对局，否则进入做棋"},
      {Message("ref.making_negative_only"), "during making only negative moves may be played", "做棋时只能下负着"},
      {Message("ref.off_the_board"), "point is not on the board", "该点不在棋盘上"},
      {Message("ref.not_own_stone", {black(), "D4"}),
       "a negative move takes back one of Black's own stones, and D4 holds none",
       "负着须取回黑方自己的一子，而 D4 没有黑方的子"},
      {Message("ref.not_boundary", {"D4"}),
       "a negative-A move takes a stone from the black/white boundary, and D4 touches no opponent stone",
       "A类负着须从黑白交界处取子，而 D4 不与对方棋子相邻"},
      {Message("ref.negative_at_making"), "negative moves are played at making, after the pause",
       "负着在休止之后的做棋阶段下"},
      {Message("ref.proposal_pending", {black(), white()}),
       "Black proposed to pause: White must accept or reject first", "黑方已提议休止：白方须先同意或拒绝"},
      {Message("ref.no_proposal"), "there is no pause proposal to answer", "没有待回答的休止提议"},
      {Message("ref.owes_virtual", {white()}),
       "White must first play a virtual move (owed after a rejected pause proposal, or at the start "
       "of resumed play)",
       "白方须先下一手虚着（休止提议被拒绝之后，或恢复对局之初所欠）"},
      {Message("ref.owes_pass", {white()}),
       "White must first play a pass (owed after a rejected pause proposal, or at the start of "
       "resumed play)",
       "白方须先停一手（休止提议被拒绝之后，或恢复对局之初所欠）"},
      {Message("ref.proposal_not_allowed", {MessageArg::preset("chinese")}),
       "chinese pauses by two consecutive non-board moves, not by proposal", "chinese 以连续两手非盘上着休止，不用提议"},
      {Message("ref.resume_from_pause"), "play can be resumed only from a pause", "只有休止之后才能恢复对局"},
      {Message("ref.found_after_pause"), "a found move resumes play only after an agreed pause",
       "发现之着只在协商休止之后恢复对局"},
      {Message("ref.finder_unknown"),
       "it cannot be told who found the move: play does not resume, and the count follows both "
       "sides' earlier view (003 art. 21.5)",
       "无法判断是谁发现了这一着：不恢复对局，按双方此前的看法计算（003 第 21.5 条）"},
      {Message("ref.making_from_pause"), "making starts only from a pause", "只有休止之后才能开始做棋"},
      {Message("ref.declare_paused"), "only a game in play can be declared paused", "只有进行中的对局才能宣告休止"},
      {Message("text.colon", {"move 3 (B D4)", MessageArg::message(Message("note.ref_occupied", {"D4"}))}),
       "move 3 (B D4): point D4 is occupied", "move 3 (B D4)：D4 已有棋子"},
      {Message("replay.refused_mendable",
               {MessageArg::message(Message("note.move_described", {3, "B D4"})),
                MessageArg::message(Message("note.ref_occupied", {"D4"}))}),
       "move 3 (B D4): point D4 is occupied (a faulty record: the repair policy reads it, --repair)",
       "第 3 手（B D4）：D4 已有棋子（棋谱有误：加 --repair 可按修复规则读取）"},
      {Message("replay.first_player_is", {MessageArg::preset("japanese"), black()}),
       "japanese's first player is Black", "japanese的先行方为黑方"},
  };
  for (const Said& s : said) {
    EXPECT_EQ(text(s.message, Lang::en), s.en) << s.message.id;
    EXPECT_EQ(text(s.message, Lang::zh), s.zh) << s.message.id;
  }
}

TEST(RefusalMessages, TheRefereeSaysWhyAsAMessageWithThePresetAsAnArgumentOfItsOwn) {
  Game g(parse_ruleset("chinese"), 9, 9);
  ASSERT_TRUE(g.play(Move::play(Color::Black, Point(3, 3))).ok());
  const Verdict occupied = g.play(Move::play(Color::White, Point(3, 3)));
  EXPECT_EQ(occupied.reason, Illegal::occupied);
  EXPECT_EQ(occupied.message.id, "note.ref_occupied");
  EXPECT_EQ(text(occupied.message, Lang::en), "point D6 is occupied");
  const Verdict turn = g.play(Move::play(Color::Black, Point(4, 4)));
  EXPECT_EQ(text(turn.message, Lang::en), "it is White's turn");
  EXPECT_EQ(text(turn.message, Lang::zh), "轮到白方下");
  const Verdict virt = g.play(Move::virtual_move(Color::White));
  ASSERT_FALSE(virt.ok());
  ASSERT_FALSE(virt.message.args.empty());
  EXPECT_EQ(virt.message.args[0].kind, MessageArg::Kind::preset);
  EXPECT_EQ(virt.message.args[0].value, "chinese");
}

