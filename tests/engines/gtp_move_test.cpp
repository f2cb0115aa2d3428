// GTP moves and referee moves: the mapping of a pass under every kind of rules, and the command
// lines that mirror a game to another engine, plain and exact.
#include <gtest/gtest.h>

#include "jpd/gtp.hpp"
#include "jpd/gtp_move.hpp"

using namespace jpd;

namespace {

Game game(const std::string& rules, int size = 9) { return Game(parse_ruleset(rules), size); }

// Feeds command lines to an engine; every one must succeed.
void feed(GtpEngine& e, const std::vector<std::string>& lines) {
  for (const std::string& l : lines) {
    const std::string a = e.handle(l);
    ASSERT_EQ(a[0], '=') << l << " -> " << a;
  }
}

}  // namespace

TEST(GtpMove, ParseAndPrint) {
  EXPECT_EQ(parse_gtp_move("PASS", 9, 9), GtpMove::pass());
  EXPECT_EQ(parse_gtp_move("Resign", 9, 9), GtpMove::resign());
  EXPECT_EQ(parse_gtp_move("d4", 9, 9), GtpMove::at(Point(3, 5)));
  EXPECT_FALSE(parse_gtp_move("K10", 9, 9));
  EXPECT_FALSE(parse_gtp_move("", 9, 9));
  EXPECT_EQ(to_string(GtpMove::at(Point(3, 5)), 9), "D4");
  EXPECT_EQ(to_string(GtpMove::pass(), 9), "pass");
}

TEST(GtpMove, PassIsTheRulesNonBoardMove) {
  const Color B = Color::Black, W = Color::White;
  EXPECT_EQ(referee_moves(game("japanese"), B, GtpMove::pass()),
            std::vector<Move>{Move::pass(B)});
  EXPECT_EQ(referee_moves(game("tang-song"), B, GtpMove::pass()),
            std::vector<Move>{Move::virtual_move(B)});
  EXPECT_EQ(referee_moves(game("sci-2-1"), B, GtpMove::pass()), std::vector<Move>{Move::pass(B)});
  EXPECT_EQ(referee_moves(game("living-a"), W, GtpMove::pass()),
            std::vector<Move>{Move::propose(W)});
  Game g = game("living-a");
  ASSERT_TRUE(g.play(Move::propose(W)).ok());
  EXPECT_EQ(referee_moves(g, B, GtpMove::pass()), std::vector<Move>{Move::accept(B)});
  const std::vector<Move> reject = {Move::reject(B), Move::virtual_move(W),
                                    Move::play(B, Point(4, 4))};
  EXPECT_EQ(referee_moves(g, B, GtpMove::at(Point(4, 4))), reject);
  EXPECT_EQ(referee_moves(g, B, GtpMove::resign()), std::vector<Move>{Move::resign(B)});
  // Under rules with passes and virtual moves, the rejection obliges a virtual move.
  Game t = game("tang-song");
  ASSERT_TRUE(t.play(Move::propose(B)).ok());
  EXPECT_EQ(referee_moves(t, W, GtpMove::at(Point(2, 2)))[1], Move::virtual_move(B));
  EXPECT_EQ(gtp_move_of(Move::virtual_move(B)), GtpMove::pass());
  EXPECT_EQ(gtp_move_of(Move::accept(B)), GtpMove::pass());
  EXPECT_FALSE(gtp_move_of(Move::reject(B)));
  EXPECT_FALSE(gtp_move_of(Move::negative_a(B, Point(1, 1))));
}

TEST(GtpMove, ExactMirrorReproducesEveryRefereeAction) {
  Game g = game("living-b", 7);
  g.setup_stone(Color::Black, Point(1, 1));
  g.setup_stone(Color::White, Point(5, 5));
  const Color W = Color::White, B = Color::Black;
  for (const Move& m : {Move::play(W, Point(3, 3)), Move::propose(B), Move::reject(W),
                        Move::virtual_move(B), Move::play(W, Point(2, 3)), Move::play(B, Point(4, 3)),
                        Move::propose(W), Move::accept(B)})
    ASSERT_TRUE(g.play(m).ok()) << to_string(m, 7);
  ASSERT_TRUE(g.resume_dispute(true).ok());
  ASSERT_TRUE(g.play(Move::play(W, Point(0, 6))).ok());
  GtpEngine e;
  feed(e, gtp_sync_commands(g, MirrorStyle::jpd));
  EXPECT_EQ(e.game().actions().size(), g.actions().size());
  EXPECT_EQ(e.game().moves().size(), g.moves().size());
  EXPECT_TRUE(e.game().board().same_position(g.board()));
  EXPECT_EQ(e.game().phase(), g.phase());
  EXPECT_EQ(e.game().to_move(), g.to_move());
  EXPECT_EQ(e.game().rules(), g.rules());
  // The update from an earlier state says the rest.
  Game h = game("living-b", 7);
  GtpEngine f;
  feed(f, gtp_sync_commands(h, MirrorStyle::jpd));
  feed(f, gtp_update_commands(g, 0, 0, MirrorStyle::jpd));
  EXPECT_EQ(f.game().actions().size(), g.actions().size());
}

TEST(GtpMove, PlainMirrorGivesTheSamePositionToAnOrdinaryEngine) {
  Game g = game("living-a", 7);
  const Color W = Color::White, B = Color::Black;
  for (const Move& m : {Move::play(W, Point(3, 3)), Move::propose(B), Move::reject(W),
                        Move::virtual_move(B), Move::play(W, Point(2, 3)), Move::play(B, Point(4, 3)),
                        Move::virtual_move(W), Move::play(B, Point(4, 4))})
    ASSERT_TRUE(g.play(m).ok()) << to_string(m, 7);
  const std::vector<std::string> lines = gtp_sync_commands(g, MirrorStyle::plain);
  EXPECT_EQ(lines[2], "komi -7.5");  // White moves first and pays: Black's compensation
  // The proposer's pass shows once: the virtual move its rejection cost is not repeated.
  const std::vector<std::string> expected = {"boardsize 7",   "clear_board",  "komi -7.5",
                                             "play W D4",     "play B pass",  "play W C4",
                                             "play B E4",     "play W pass",  "play B E3"};
  EXPECT_EQ(lines, expected);
  GtpEngineOptions o;
  o.rules = parse_ruleset("japanese,first_player=W");  // passes are passes, White first
  GtpEngine e(o);
  for (const std::string& l : lines) {
    if (l.rfind("komi", 0) == 0) continue;
    ASSERT_EQ(e.handle(l)[0], '=') << l;
  }
  EXPECT_TRUE(e.game().board().same_position(g.board()));
  // Rectangular boards and removed setup stones have no plain GTP form.
  Game r(parse_ruleset("japanese"), 9, 7);
  EXPECT_THROW(gtp_sync_commands(r, MirrorStyle::plain), std::invalid_argument);
  Game s = game("japanese");
  s.setup_stone(Color::Black, Point(2, 2));
  s.setup_stone(Color::Empty, Point(2, 2));
  EXPECT_THROW(gtp_sync_commands(s, MirrorStyle::plain), std::invalid_argument);
}
