// The move generator: legal under every rule set, deterministic for a seed, captures, keeps its
// eyes, and makes the non-board move when the game is settled.
#include <gtest/gtest.h>

#include "jpd/estimate.hpp"
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

TEST(Genmove, ALowerFloorKeepsASmallBudgetNearItsPlayouts) {
  Game g(parse_ruleset("tang-song"), 5);
  g.play(Move::play(Color::Black, Point(2, 2)));
  GenmoveOptions o = quick(16);
  // The default floor: every candidate at least 16 playouts a round, the ownership 32.
  const GenmoveResult full = choose_move(g, Color::White, o);
  EXPECT_GE(full.playouts, 32 + 16 * full.candidates);
  // A floor of one: about one playout a candidate a round, the ownership 2.
  o.least = 1;
  const GenmoveResult tiny = choose_move(g, Color::White, o);
  EXPECT_LT(tiny.playouts, full.playouts / 4);
  EXPECT_LE(tiny.playouts, 2 + 2 * (tiny.candidates + 1) + 16);
  EXPECT_EQ(choose_move(g, Color::White, o).point, tiny.point);  // deterministic still
}

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

// ---- dispute play and time ----

namespace {

// The game paused, then resumed for a dispute (实战解决).
Game in_dispute(Game g) {
  EXPECT_TRUE(g.declare_paused().ok());
  EXPECT_TRUE(g.resume_dispute(true).ok());
  EXPECT_EQ(g.phase(), Phase::dispute);
  return g;
}

int distance(Point a, Point b) { return std::abs(a.x - b.x) + std::abs(a.y - b.y); }

}  // namespace

TEST(Genmove, InDisputePlayADameIsNotFilledAndNothingToGainIsTheNonBoardMove) {
  // The position of FillsTheLastDameBeforePassing: in play the dame C1 is filled; in dispute
  // play nothing is in dispute, so the engine makes the non-board move.
  Game g = in_dispute(game_from("chinese", R"(
    . X O . O
    X X O O O
    . X O . O
    X X O O O
    . X . O .)"));
  for (Color c : {Color::Black, Color::White}) {
    const GenmoveResult r = choose_move(g, c, quick(1500));
    EXPECT_FALSE(r.board_move) << color_name(c) << " " << to_gtp(r.point, 5);
    EXPECT_EQ(r.reason, Message("genmove.nothing_in_dispute"));
    EXPECT_EQ(text(r.reason, Lang::en), "nothing is in dispute: the non-board move");
    EXPECT_EQ(text(r.reason, Lang::zh), "没有争议之处：下盘外着");
  }
}

TEST(Genmove, AfterTwoPassesOnASettledBoardItNeverPlaysInsideItsOwnTerritory) {
  // A finished 9x9 ending (dead stones G6 and B8 inside the other side's land): in dispute play
  // the engine has nothing to gain and passes, whoever asks, whatever the seed.
  for (const char* rules : {"japanese", "chinese", "tang-song"})
    for (uint64_t seed : {1, 2, 3}) {
      Game g = in_dispute(game_from(rules, test::kFinishedProEnding9x9));
      for (Color c : {Color::Black, Color::White}) {
        const GenmoveResult r = choose_move(g, c, quick(1200, seed));
        EXPECT_FALSE(r.board_move) << rules << " " << color_name(c) << " " << to_gtp(r.point, 9);
      }
    }
}

TEST(Genmove, InDisputePlayItPlaysOnlyWhereSomethingIsInDispute) {
  // Bent four in the corner under 计枰点 rules: left to dispute play. Every board move the engine
  // makes in the dispute is next to the corner's chains.
  const std::string diagram = test::kBentFourCorner9x9;
  const Game g = in_dispute(game_from("tang-song", diagram));
  // The chains in dispute: those the estimator leaves unsettled, as a GUI shows them.
  std::vector<Point> corner;
  const Estimate e = estimate(g.board(), Color::Black);
  for (const ChainEstimate& ch : e.chains)
    if (ch.status == ChainStatus::unsettled)
      g.board().for_each_stone(Board::index(ch.stone),
                               [&](Board::Index s) { corner.push_back(Board::point(s)); });
  ASSERT_GE(corner.size(), 3u);
  for (Point p : corner) ASSERT_LE(p.x, 3) << "the open chains are the corner's";
  int board_moves = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed)
    for (Color c : {Color::Black, Color::White}) {
      const GenmoveResult r = choose_move(g, c, quick(800, seed));
      if (!r.board_move) continue;
      ++board_moves;
      int nearest = 99;
      for (Point s : corner) nearest = std::min(nearest, distance(s, r.point));
      EXPECT_LE(nearest, 2) << color_name(c) << " played " << to_gtp(r.point, 9);
    }
  EXPECT_GT(board_moves, 0) << "something is in dispute: the engine plays there";
}

TEST(Genmove, UnderATimeBudgetThePlayoutsStopWithTheClock) {
  // A clock that advances a millisecond each time it is read: the budget is counted in reads.
  double t = 0;
  GenmoveOptions o;
  o.clock = [&t] { return t += 0.001; };
  Game g(parse_ruleset("japanese"), 9);
  g.play(Move::play(Color::Black, Point(4, 4)));
  const GenmoveResult free = choose_move(g, Color::White, GenmoveOptions{});
  o.seconds = 0.25;
  const GenmoveResult timed = choose_move(g, Color::White, o);
  EXPECT_TRUE(timed.board_move);
  EXPECT_TRUE(g.check(Move::play(Color::White, timed.point)).ok());
  EXPECT_LE(timed.seconds, 0.25 + 0.05) << "the budget, and at most a batch of playouts more";
  EXPECT_LT(timed.playouts, free.playouts / 4) << timed.playouts << " vs " << free.playouts;
  // More time, more playouts (and never beyond twenty times the default).
  o.seconds = 2;
  t = 0;
  const GenmoveResult longer = choose_move(g, Color::White, o);
  EXPECT_GT(longer.playouts, timed.playouts);
  EXPECT_LE(longer.seconds, 2.05);
  // No time at all for a comparison: the moves are ranked by the ownership playouts alone.
  o.seconds = 0.02;
  t = 0;
  const GenmoveResult rushed = choose_move(g, Color::White, o);
  EXPECT_TRUE(rushed.board_move);
  EXPECT_LT(rushed.playouts, 200);
}
