// Messages as data (message.hpp): an id of the texts' table with its arguments, rendered in
// English or Chinese at the edge (text() of text.hpp).
#include <gtest/gtest.h>

#include "jpd/message.hpp"
#include "jpd/text.hpp"

using namespace jpd;

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
