// The move generator: legal under every rule set, deterministic for a seed, captures, keeps its
// eyes, and makes the non-board move when the game is settled.
#include <gtest/gtest.h>

#include "jpd/genmove.hpp"
#include "jpd/gtp_move.hpp"
#include "test_util.hpp"

using namespace jpd;
using jpd::test::game_from;

namespace {

GenmoveOptions quick(int playouts = 600, uint64_t seed = 1) {
  GenmoveOptions o;
  o.playouts = playouts;
  o.seed = seed;
  return o;
}

}  // namespace

TEST(Genmove, SameSeedSamePositionSameMove) {
  Game g(parse_ruleset("tang-song"), 9);
  g.play(Move::play(Color::Black, Point(4, 4)));
  const GenmoveResult a = choose_move(g, Color::White, quick(800, 5));
  const GenmoveResult b = choose_move(g, Color::White, quick(800, 5));
  EXPECT_EQ(a.board_move, b.board_move);
  EXPECT_EQ(a.point, b.point);
  EXPECT_EQ(a.playouts, b.playouts);
  EXPECT_TRUE(a.board_move);
  EXPECT_TRUE(g.check(Move::play(Color::White, a.point)).ok());
  EXPECT_GT(a.candidates, 0);
}

TEST(Genmove, CapturesAChainInAtari) {
  // Three white stones in the centre with one liberty at F4 (x 5, y 5 from the top).
  Game g = game_from("japanese", R"(
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . X X X . . .
    . . X O O O X . .
    . . . X X . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  const GenmoveResult r = choose_move(g, Color::Black, quick(2000));
  ASSERT_TRUE(r.board_move) << r.reason;
  EXPECT_EQ(to_gtp(r.point, 9), "F4");
}

TEST(Genmove, SettledGameGetsTheNonBoardMoveAndNoEyeIsFilled) {
  // Both sides alive with three eyes each and no dame.
  const std::string settled = R"(
    . X O . O
    X X O O O
    . X O . O
    X X O O O
    . X O . O)";
  for (const char* rules : {"tang-song", "sci-1-1", "japanese", "living-b"}) {
    Game g = game_from(rules, settled);
    for (Color c : {Color::Black, Color::White}) {
      const GenmoveResult r = choose_move(g, c, quick());
      EXPECT_FALSE(r.board_move) << rules << " " << color_name(c) << " "
                                 << (r.board_move ? to_gtp(r.point, 5) : "");
      EXPECT_EQ(r.candidates, 0) << rules;
    }
  }
}

TEST(Genmove, FillsTheLastDameBeforePassing) {
  // As above with one dame at C1 between the walls.
  Game g = game_from("chinese", R"(
    . X O . O
    X X O O O
    . X O . O
    X X O O O
    . X . O .)");
  const GenmoveResult r = choose_move(g, Color::Black, quick(1500));
  ASSERT_TRUE(r.board_move) << r.reason;
  EXPECT_EQ(to_gtp(r.point, 5), "C1");
}

TEST(Genmove, AnswersAProposalWithABoardMoveAfterTheRejection) {
  Game g(parse_ruleset("living-a"), 7);
  g.play(Move::play(Color::White, Point(3, 3)));
  g.play(Move::propose(Color::Black));
  const GenmoveResult r = choose_move(g, Color::White, quick());
  ASSERT_TRUE(r.board_move);  // the board is far from settled
  std::vector<Move> ms = referee_moves(g, Color::White, GtpMove::at(r.point));
  ASSERT_EQ(ms.size(), 3u);
  for (const Move& m : ms) ASSERT_TRUE(g.play(m).ok()) << to_string(m, 7);
  EXPECT_EQ(g.virtual_stones(Color::Black), 1);
}

TEST(Genmove, SelfPlayIsLegalUnderEveryRuleSetAndReachesThePause) {
  for (const Preset& p : presets()) {
    Game g(p.rules, 5);
    int moves = 0;
    while (g.phase() != Phase::paused && g.phase() != Phase::ended && moves < 200) {
      const Color c = g.to_move();
      const GenmoveResult r = choose_move(g, c, quick(200, uint64_t(moves) + 1));
      const GtpMove m = r.board_move ? GtpMove::at(r.point) : GtpMove::pass();
      for (const Move& x : referee_moves(g, c, m)) {
        Verdict v = g.play(x);
        ASSERT_TRUE(v.ok()) << p.name << " move " << moves << " " << to_string(x, 5) << ": "
                            << v.message;
      }
      ++moves;
    }
    EXPECT_TRUE(g.phase() == Phase::paused || g.phase() == Phase::ended)
        << p.name << " still " << name_of(g.phase()) << " after " << moves << " moves";
  }
}
