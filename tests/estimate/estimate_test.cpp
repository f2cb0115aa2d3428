// The built-in life-and-death estimator on hand-built positions: dead groups, seki (also with
// eyes), bent four in the corner, false eyes, open kos, snapback, an unsettled group; Benson;
// determinism; the estimator as the default source of dead stones.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>

#include "jpd/count.hpp"
#include "jpd/estimate.hpp"
#include "finish_endings.hpp"
#include "estimate_race.hpp"
#include "random_game.hpp"
#include "jpd/replay.hpp"
#include "jpd/score.hpp"
#include "jpd/text.hpp"
#include "shared_corpus.hpp"
#include "local_reading.hpp"
#include "test_util.hpp"

using namespace jpd;
using jpd::test::board_from;

namespace {

Point P(const Board& b, const char* gtp) { return parse_point(gtp, b.width(), b.height()); }

ChainStatus status_at(const Estimate& e, const Board& b, const char* gtp) {
  const ChainEstimate* c = e.chain_at(P(b, gtp));
  EXPECT_NE(c, nullptr) << gtp << " is empty";
  return c ? c->status : ChainStatus::alive;
}

bool suggests(const Estimate& e, Color c, Point p) {
  return std::find(e.suggested_claims.begin(), e.suggested_claims.end(), Claim{c, p}) != e.suggested_claims.end();
}

// A game on the position of a diagram (setup stones), paused by agreement.
Game paused_game(const std::string& rules, const std::string& diagram) {
  auto rows = jpd::test::rows_of(diagram);
  Game g(parse_ruleset(rules), int(rows[0].size()), int(rows.size()));
  jpd::test::setup(g, diagram);
  g.declare_paused();
  return g;
}

// Territory (empty owned points) of a colour after counting with the estimator's statuses.
Count count_with_estimate(const Game& g) {
  Estimate e = estimate(g);
  return count(g, e.statuses());
}

// A seki in the top-left corner (White's A9 chain and Black's D9 chain share their last
// liberties) on an otherwise open board: the playouts alone often break it.
const char* const kCornerSekiOnAnOpenBoard = R"(
    O O O X O . . X .
    . O O X O . . X .
    . X . X O . . X .
    X X X X O . . X .
    O O O O O . . X .
    . . . . O . . X .
    . . . . O O X X .
    . . . . . O X . .
    . . . . . O X . .)";

}  // namespace

TEST(Estimate, DeadStonesInsideTerritoryAreDead) {
  const Board b = board_from(test::kFinishedProEnding9x9);
  for (Color first : {Color::Black, Color::White}) {
    const Estimate e = estimate(b, first);
    EXPECT_EQ(status_at(e, b, "G6"), ChainStatus::dead);
    EXPECT_EQ(status_at(e, b, "B8"), ChainStatus::dead);
    for (const char* s : {"C9", "D9", "H8", "F6", "C4"}) EXPECT_EQ(status_at(e, b, s), ChainStatus::alive) << s;
    EXPECT_GT(e.chain_at(P(b, "F6"))->alive_probability, 0.75);
    EXPECT_LT(e.chain_at(P(b, "G6"))->alive_probability, 0.25);
    const Statuses st = e.statuses();
    EXPECT_EQ(st.source, StatusSource::estimate);
    EXPECT_EQ(st.dead.size(), 2u);
    EXPECT_TRUE(st.uncertain.empty());
    // Ownership: the dead stones' points are their opponent's.
    EXPECT_GT(e.owner_at(P(b, "G6")), 0.5);
    EXPECT_LT(e.owner_at(P(b, "B8")), -0.5);
    EXPECT_GT(e.owner_at(P(b, "J1")), 0.5);
    EXPECT_LT(e.owner_at(P(b, "A1")), -0.5);
  }
}

TEST(Estimate, TwoSolidEyesAreUnconditionallyAlive) {
  const Board b = board_from(R"(
    . X . X O . . . .
    X X X X O . . . .
    O O O O O . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  const Benson black = benson(b, Color::Black);
  EXPECT_TRUE(black.alive[Board::index(P(b, "B9"))]);
  const Estimate e = estimate(b, Color::White);
  const ChainEstimate* c = e.chain_at(P(b, "A8"));
  ASSERT_NE(c, nullptr);
  EXPECT_TRUE(c->unconditional);
  EXPECT_EQ(c->status, ChainStatus::alive);
  EXPECT_EQ(c->alive_probability, 1);
}

TEST(Estimate, StonesInAnEyelessRegionOfAnUnconditionallyAliveGroupAreDead) {
  const Board b = board_from(R"(
    . X O X . X O . .
    X X X X X X O . .
    O O O O O O O . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  const Benson black = benson(b, Color::Black);
  EXPECT_TRUE(black.dead_inside[Board::index(P(b, "C9"))]);
  const Estimate e = estimate(b, Color::White);
  EXPECT_EQ(status_at(e, b, "C9"), ChainStatus::dead);
  EXPECT_TRUE(e.chain_at(P(b, "C9"))->unconditional);
}

TEST(Estimate, SekiSurvivesThePlayouts) {
  // White's A9-B8-A7 and Black's C9-C6-A6 share B9 and B7, and nothing else: whoever fills one
  // of them is captured. Everything is inside White's wall.
  const Board b = board_from(R"(
    O . X O . . . . .
    O O X O . . . . .
    O . X O . . . . .
    X X X O . . . . .
    O O O O . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  for (Color first : {Color::Black, Color::White}) {
    const Estimate e = estimate(b, first);
    EXPECT_EQ(status_at(e, b, "C9"), ChainStatus::seki);
    EXPECT_EQ(status_at(e, b, "A9"), ChainStatus::seki);
    EXPECT_EQ(status_at(e, b, "D9"), ChainStatus::alive);
    EXPECT_TRUE(e.statuses().dead.empty());
    // Filling B9 or B7 puts the filler's own chain in atari for both: no one-sided dame.
    EXPECT_TRUE(e.suggested_claims.empty());
  }
}

TEST(Estimate, GroupsJoinedThroughAPointNotYetPlayedAreAliveNotSeki) {
  // Black's two groups, one eye each (A9, A1), are one fill apart: Black's A5 (or C5) joins
  // them into a group with two eyes. White's B5 stands between them, White's big group on the
  // right has two eyes. As the position stands, A5 and C5 touch both colours and no black unit
  // has two eyes, which the count's analysis calls a seki; with the dame filled (White's C5
  // joins B5 to its group, then Black's A5 joins its two) nothing is.
  const Board b = board_from(R"(
    . X X X X O O O O
    X X X X X O O . O
    X X X X X O O O O
    X X X X X O O O O
    . O . O O O O O O
    X X X X X O O O O
    X X X X X O O O O
    X X X X X O O . O
    . X X X X O O O O)");
  for (Color first : {Color::Black, Color::White}) {
    const Estimate e = estimate(b, first);
    EXPECT_EQ(status_at(e, b, "B9"), ChainStatus::alive);
    EXPECT_EQ(status_at(e, b, "B1"), ChainStatus::alive);
    EXPECT_EQ(status_at(e, b, "J9"), ChainStatus::alive);
    for (const ChainEstimate& c : e.chains) EXPECT_NE(c.status, ChainStatus::seki) << to_gtp(c.stone, 9);
  }
}

TEST(Estimate, EyelessWallsSharingAColumnOfDameStayInSeki) {
  // Black's wall (columns A to D) and White's (F to J) have no eye; column E is all they share.
  // The dame are filled while a fill leaves the filler two liberties, so two are left: whoever
  // fills one of them is captured. A seki, with the dame filled or not.
  const Board b = board_from(R"(
    X X X X . O O O O
    X X X X . O O O O
    X X X X . O O O O
    X X X X . O O O O
    X X X X . O O O O
    X X X X . O O O O
    X X X X . O O O O
    X X X X . O O O O
    X X X X . O O O O)");
  for (Color first : {Color::Black, Color::White}) {
    const Estimate e = estimate(b, first);
    EXPECT_EQ(status_at(e, b, "A9"), ChainStatus::seki);
    EXPECT_EQ(status_at(e, b, "J9"), ChainStatus::seki);
    EXPECT_TRUE(e.statuses().dead.empty());
  }
}

TEST(Estimate, ASekiInACornerOfA19x19EndingIsSekiNotDead) {
  // The 9x9 seki above, in White's corner of a 19x19 ending (finish_endings.hpp): Black's
  // R19 group and White's T19 group share S19 and S17.
  const Board b = finish_ending_board(finish_ending("seki"));
  for (Color first : {Color::Black, Color::White}) {
    const Estimate e = estimate(b, first);
    EXPECT_EQ(status_at(e, b, "R19"), ChainStatus::seki);
    EXPECT_EQ(status_at(e, b, "T19"), ChainStatus::seki);
    EXPECT_EQ(status_at(e, b, "Q19"), ChainStatus::alive);
    EXPECT_TRUE(e.statuses().dead.empty());
  }
}

TEST(Estimate, ALargeGroupWithOneRealEyeAndOneFalseEyeIsDeadOn19x19) {
  // Fourteen Black stones in White's territory around a real eye (O11) and a false one (R11),
  // whose right-hand chain has no liberty but the false eye (finish_endings.hpp).
  const FinishEnding& ending = finish_ending("false_eye");
  const Board b = finish_ending_board(ending);
  for (Color first : {Color::Black, Color::White}) {
    const Estimate e = estimate(b, first);
    for (Point p : finish_ending_dead(ending)) {
      const ChainEstimate* c = e.chain_at(p);
      ASSERT_TRUE(c);
      EXPECT_EQ(c->status, ChainStatus::dead) << to_gtp(p, 19);
    }
    EXPECT_EQ(status_at(e, b, "L12"), ChainStatus::alive);  // White's wall
    EXPECT_EQ(status_at(e, b, "J12"), ChainStatus::alive);  // Black's wall
  }
  // Counted under Japanese rules (komi 0) with the estimator's dead stones: Black's 152 points
  // on the left against White's 114 on the right (the stones' 14 points and the two eyes
  // included) and 14 prisoners. Alive, the group would make it B+56.
  std::string diagram;
  for (int y = 0; y < 19; ++y) {
    for (int x = 0; x < 19; ++x) {
      const Color c = b.at(Point(x, y));
      diagram += c == Color::Black ? 'X' : c == Color::White ? 'O' : '.';
    }
    diagram += '\n';
  }
  EXPECT_EQ(count_with_estimate(paused_game("japanese,komi=0", diagram)).result, "B+24");
}

TEST(Estimate, ACapturingRaceOnA19x19EndingIsDecidedByOneLiberty) {
  // Between the walls at the top, White's K19-K17 (one liberty, J19) against Black's L19-L17
  // (two, M19 and M18): Black wins whoever moves first. With one liberty more for White (J18
  // empty too), the side to move wins.
  const FinishEnding& ending = finish_ending("race");
  const Board b = finish_ending_board(ending);
  for (Color first : {Color::Black, Color::White}) {
    const Estimate e = estimate(b, first);
    EXPECT_EQ(status_at(e, b, "K19"), ChainStatus::dead) << int(first);
    EXPECT_EQ(status_at(e, b, "L19"), ChainStatus::alive) << int(first);
  }
  const Board even = finish_ending_board(ending, {{1, ".........OX.O......"}});
  for (Color first : {Color::Black, Color::White}) {
    const Estimate e = estimate(even, first);
    const bool black = first == Color::Black;
    EXPECT_EQ(status_at(e, even, "K19"), black ? ChainStatus::dead : ChainStatus::alive);
    EXPECT_EQ(status_at(e, even, "L19"), black ? ChainStatus::alive : ChainStatus::dead);
    const ChainEstimate* winner = e.chain_at(parse_point(black ? "L19" : "K19", 19, 19));
    ASSERT_TRUE(winner);
    EXPECT_NE(text(winner->reason, Lang::en).find("wins the capturing race"), std::string::npos)
        << text(winner->reason, Lang::en);
  }
}

TEST(Estimate, SekiWithEyesTheEyesAreLandUnderJpdNotUnderJapanese) {
  // Black's inner chain (eye A9) and White's (eye E9) share C9.
  const std::string diagram = R"(
    . X . O . O X . .
    X X X O O O X . .
    O O O X X X . . .
    . . O X . . . . .
    . . O X . . . . .
    . . O X . . . . .
    . . O X . . . . .
    . . O X . . . . .
    . . O X . . . . .)";
  const Game tang = paused_game("tang-song", diagram);
  const Estimate e = estimate(tang);
  const Board& b = tang.board();
  EXPECT_EQ(status_at(e, b, "B9"), ChainStatus::seki);
  EXPECT_EQ(status_at(e, b, "D9"), ChainStatus::seki);
  EXPECT_EQ(status_at(e, b, "D1"), ChainStatus::alive);
  EXPECT_EQ(status_at(e, b, "C1"), ChainStatus::alive);
  EXPECT_TRUE(e.statuses().dead.empty());
  const Count jpd = count_with_estimate(tang);
  EXPECT_EQ(jpd.seki_units.black, 1);
  EXPECT_EQ(jpd.seki_units.white, 1);
  const Count jap = count_with_estimate(paused_game("japanese", diagram));
  EXPECT_EQ(jpd.owned.black, jap.owned.black + 1) << "the seki eye A9 is Black's land under JPD only";
  EXPECT_EQ(jpd.owned.white, jap.owned.white + 1) << "and E9 White's";
  EXPECT_EQ(jpd.japanese().black, jap.japanese().black);
  EXPECT_EQ(jap.status_source, StatusSource::estimate);
}

TEST(Estimate, BentFourInTheCornerIsLeftToDisputeUnderJpdAndDeadUnderJapanese) {
  const std::string diagram = test::kBentFourCorner9x9;
  const Game tang = paused_game("tang-song", diagram);
  const Board& b = tang.board();
  const Estimate open = estimate(tang);
  EXPECT_EQ(status_at(open, b, "B8"), ChainStatus::unsettled);
  EXPECT_EQ(status_at(open, b, "B9"), ChainStatus::unsettled);
  EXPECT_EQ(status_at(open, b, "A8"), ChainStatus::unsettled);
  EXPECT_EQ(status_at(open, b, "E9"), ChainStatus::alive);
  const Statuses st = open.statuses();
  EXPECT_TRUE(st.dead.empty());
  ASSERT_FALSE(st.uncertain.empty());
  EXPECT_NE(text(st.uncertain[0].reason, Lang::en).find("bent four"), std::string::npos);
  const Estimate japanese = estimate(paused_game("japanese", diagram));
  EXPECT_EQ(status_at(japanese, b, "B8"), ChainStatus::dead);
  EXPECT_EQ(status_at(japanese, b, "B9"), ChainStatus::alive);
  // The bare position (no rules) leaves it open too.
  EXPECT_EQ(status_at(estimate(b, Color::Black), b, "B8"), ChainStatus::unsettled);
}

// The estimator says what shapes it found as messages of the texts' table, in either language.
TEST(Estimate, ItsNotesAreMessagesOfTheTable) {
  const std::string diagram = test::kBentFourCorner9x9;
  const Estimate open = estimate(paused_game("tang-song", diagram));
  ASSERT_EQ(open.notes.size(), 1u);
  EXPECT_EQ(open.notes[0].id, "note.est_bent_open");
  EXPECT_EQ(text(open.notes[0], Lang::en),
            "bent four in the corner (盘角曲四) at A9: left to dispute play (实战解决)");
  EXPECT_EQ(text(open.notes[0], Lang::zh), "A9 盘角曲四：留待实战解决");
  const Estimate japanese = estimate(paused_game("japanese", diagram));
  ASSERT_EQ(japanese.notes.size(), 1u);
  EXPECT_EQ(japanese.notes[0].id, "note.est_bent_dead");
}

TEST(Estimate, TwoFalseEyesMakeNoLife) {
  const Board b = board_from(R"(
    . . . . . . . . .
    . . . . . . . . .
    O O O O O O O . .
    O X X O X X O . .
    O X . X . X O . .
    O X X O X X O . .
    O O O O O O O . .
    . . . . . . . . .
    . . . . . . . . .)");
  const Estimate e = estimate(b, Color::Black);
  for (const char* s : {"B6", "D5", "E6", "B4"}) EXPECT_EQ(status_at(e, b, s), ChainStatus::dead) << s;
  EXPECT_EQ(status_at(e, b, "A7"), ChainStatus::alive);
}

TEST(Estimate, SnapbackKillsTheCapturer) {
  // Black's A9 is in atari, but White's two stones are too: if White takes at B9, Black takes
  // three back at A9.
  const Board b = board_from(R"(
    X . X . X O . . .
    O O X . X O . . .
    X X . . X O . . .
    . . . . X O . . .
    . . . . X O . . .
    . . . . X O . . .
    . . . . X O . . .
    . . . . X O . . .
    . . . . X O . . .)");
  for (Color first : {Color::Black, Color::White}) {
    const Estimate e = estimate(b, first);
    EXPECT_EQ(status_at(e, b, "A8"), ChainStatus::dead);
    EXPECT_EQ(status_at(e, b, "A9"), ChainStatus::alive);
    EXPECT_GT(e.owner_at(P(b, "B9")), 0.75);
  }
}

TEST(Estimate, AnOpenKoOnTheBoundaryIsASuggestedClaimForItsHolder) {
  // D4: White's E4 stone is in atari there; whoever wins the ko gets a point, no life is at stake.
  const std::string diagram = R"(
    . . O X X X X . .
    . . O O O X . X .
    . . . . O O X X .
    . . . O O X . . .
    . . . O X X . . .
    . . O . O X . . .
    . . O O X X . . .
    . . . O O X . . .
    . . . . O X . . .)";
  const Game g = paused_game("tang-song", diagram);
  const Board& b = g.board();
  const Estimate e = estimate(g);
  ASSERT_EQ(e.open_kos.size(), 1u);
  EXPECT_EQ(e.open_kos[0].space, P(b, "D4"));
  EXPECT_EQ(e.open_kos[0].stone, P(b, "E4"));
  EXPECT_EQ(e.open_kos[0].holder, Color::White);
  EXPECT_FALSE(e.open_kos[0].decides_life);
  EXPECT_TRUE(suggests(e, Color::White, P(b, "D4")));
  // The holder can connect whenever it likes: its stone in the ko lives.
  EXPECT_EQ(status_at(e, b, "E4"), ChainStatus::alive);
  EXPECT_TRUE(e.statuses().dead.empty());
  // The comparison presets have no claims: nothing is suggested.
  EXPECT_TRUE(estimate(paused_game("japanese", diagram)).suggested_claims.empty());
}

// The seki of the tests below are proven by reading first: neither side can capture anything
// there, whoever starts, both playing on the seki's empty points only.
namespace {

void expect_seki_by_reading(const Board& b, const std::vector<const char*>& black,
                            const std::vector<const char*>& white, const std::vector<const char*>& space) {
  std::vector<Point> bs, ws, pts;
  for (const char* s : black) bs.push_back(P(b, s));
  for (const char* s : white) ws.push_back(P(b, s));
  for (const char* s : space) pts.push_back(P(b, s));
  for (Color first : {Color::Black, Color::White}) {
    EXPECT_EQ(test::LocalReading::read(b, Color::Black, ws, first, pts), test::LocalReading::Result::holds)
        << "Black captures, " << color_name(first) << " first";
    EXPECT_EQ(test::LocalReading::read(b, Color::White, bs, first, pts), test::LocalReading::Result::holds)
        << "White captures, " << color_name(first) << " first";
  }
}

// The corner seki of the next two tests (White's A9 chain, Black's D9 chain): proven by
// reading, and what the estimator makes of it.
void expect_corner_seki_by_reading(const Board& b) {
  expect_seki_by_reading(b, {"D9"}, {"A9"}, {"A8", "A7", "C7"});
}
void expect_corner_seki_estimated(const Estimate& e, const Board& b) {
  EXPECT_EQ(status_at(e, b, "A9"), ChainStatus::seki);
  EXPECT_EQ(status_at(e, b, "D9"), ChainStatus::seki);
  EXPECT_TRUE(e.statuses().dead.empty());
  const std::vector<Claim> expected = {{Color::White, P(b, "A8")}, {Color::Black, P(b, "A7")}};
  EXPECT_EQ(e.suggested_claims, expected);
}

}  // namespace

TEST(Estimate, SekiExclusiveLibertiesAreSuggestedClaimsOfTheirOwners) {
  // The seki stands in a corner of White's wall, which has two eyes and fills the rest of the
  // board (a settled position: the playouts read the corner and nothing else).
  // White's A9 chain (liberties A8, C7) and Black's D9 chain (A7, C7). In the mixed region A8-A7,
  // A8 touches only White's stones and A7 only Black's: each is its owner's exclusive liberty
  // (SPEC §7). C7 is a public liberty: whoever fills it is captured. A stone thrown in on the
  // other's exclusive liberty is taken at once, and the taker's stone puts the thrower's chain in
  // atari (A8 by Black: White takes at A7, and Black's chain has C7 only).
  const std::string diagram = R"(
    O O O X O O O O .
    . O O X O O O O O
    . X . X O O O O O
    X X X X O O O O O
    O O O O O O O O O
    O O O O O O O O O
    O O O O O O O O O
    O O O O O O O O O
    . O O O O O O O O)";
  const Board b = board_from(diagram);
  expect_corner_seki_by_reading(b);
  for (Color first : {Color::Black, Color::White}) {
    const Estimate e = estimate(b, first);
    expect_corner_seki_estimated(e, b);
    EXPECT_EQ(status_at(e, b, "E9"), ChainStatus::alive);
  }
  // Counted: with exclusive liberties (sci-1-1) A8 and A7 are owned without a claim; where the
  // rule set does not give them, the suggested claims give the same count.
  const Game with_rule = paused_game("sci-1-1", diagram);
  const Game without_rule = paused_game("sci-1-1,seki_exclusive_liberties=false", diagram);
  const Estimate e = estimate(without_rule);
  Statuses claimed = e.statuses();
  claimed.claims = e.suggested_claims;
  const Count by_rule = count(with_rule, estimate(with_rule).statuses());
  const Count unclaimed = count(without_rule, e.statuses());
  const Count by_claims = count(without_rule, claimed);
  EXPECT_EQ(unclaimed.public_liberties, 3);
  EXPECT_EQ(by_claims.public_liberties, 1);
  EXPECT_EQ(by_claims.owned.black, unclaimed.owned.black + 1);
  EXPECT_EQ(by_claims.owned.white, unclaimed.owned.white + 1);
  EXPECT_EQ(by_claims.owned.black, by_rule.owned.black);
  EXPECT_EQ(by_claims.owned.white, by_rule.owned.white);
  EXPECT_EQ(by_claims.public_liberties, by_rule.public_liberties);
  EXPECT_EQ(by_claims.area().diff(Color::Black), by_rule.area().diff(Color::Black));
}

TEST(Estimate, ASekiThePlayoutsLeaveUnsettledIsReadOutWithEitherSideFirst) {
  // The seki of the test above on an open board: the playouts break it often (a throw-in on an
  // exclusive liberty is taken, and the taker does not always capture next), so they alone leave
  // White's A9 chain unsettled. The race read out with either side to move first finds that
  // neither captures: seki.
  const Board b = board_from(kCornerSekiOnAnOpenBoard);
  expect_corner_seki_by_reading(b);
  for (Color first : {Color::Black, Color::White}) {
    const Estimate e = estimate(b, first);
    EXPECT_LT(e.chain_at(P(b, "A9"))->alive_probability, 0.75);
    expect_corner_seki_estimated(e, b);
    EXPECT_TRUE(e.statuses().uncertain.empty());
  }
}

TEST(Estimate, ARaceAnOpenKoDecidesIsNotReadAsSeki) {
  // A real ending (9x9, Japanese rules): Black's H8 chain (liberties H6, J6) against White's G9
  // chain (J9, H6, J6), and White's J8 stone in atari: Black takes it at J9 as a ko, and gains a
  // liberty. The race reading has no ko threats, so it finds neither side capturing either way;
  // with the ko there that is no seki: the chains stay unsettled (the ko decides them).
  const Board b = board_from(R"(
    X . X . X X O O .
    X . . X X X O X O
    . X . . X X O X X
    X X X X O X O . .
    X O X O O X O O O
    O O O O X X X X X
    . . O . O O X . X
    . . O . O O O X X
    . . . O . . O O X)");
  EstimateOptions decided;
  decided.open_shapes = OpenShapes::decided;  // as under the comparison presets
  for (Color first : {Color::Black, Color::White}) {
    const Estimate e = estimate(b, first, decided);
    ASSERT_EQ(e.open_kos.size(), 1u);
    EXPECT_EQ(e.open_kos[0].space, P(b, "J9"));
    for (const char* s : {"G9", "H8", "J8"}) EXPECT_EQ(status_at(e, b, s), ChainStatus::unsettled) << s;
  }
}

TEST(Estimate, AOneSidedDameInSekiIsTheClaimOfTheSideThatCanFillIt) {
  // White's B9 chain (liberties A9, C8, D8) in seki with Black's A8 chain (A9, C7) and E9 chain
  // (D8, C7). A9 is a one-sided dame (SPEC §8): White can fill it (B9 keeps C8 and D8; Black
  // answers at C7, joining its two chains, and the seki stands), while a Black stone there leaves
  // the A8 chain one liberty. C8 and C7 are exclusive liberties; D8 is a public liberty. As
  // above, White's wall with two eyes fills the rest of the board.
  const std::string diagram = R"(
    . O O O X O O O .
    X O . . X O O O O
    X X . X X O O O O
    X X X O O O O O O
    X X O . . O O O O
    O O O O O O O O O
    O O O O O O O O O
    O O O O O O O O O
    . O O O O O O O O)";
  const Board b = board_from(diagram);
  const std::vector<const char*> space = {"A9", "C8", "D8", "C7"};
  expect_seki_by_reading(b, {"A8", "E9"}, {"B9"}, space);
  std::vector<Point> rest;  // the points left after A9 is filled
  for (const char* s : space)
    if (std::string_view(s) != "A9") rest.push_back(P(b, s));
  {
    Board w = b;
    w.play(P(b, "A9"), Color::White);  // White fills: Black cannot capture, whoever moves
    for (Color first : {Color::Black, Color::White})
      EXPECT_EQ(test::LocalReading::read(w, Color::Black, {P(b, "B9")}, first, rest),
                test::LocalReading::Result::holds);
    Board wc = w;
    wc.play(P(b, "C7"), Color::Black);  // Black's answer: the seki stands
    expect_seki_by_reading(wc, {"A8"}, {"B9"}, {"C8", "D8"});
    Board k = b;
    k.play(P(b, "A9"), Color::Black);  // Black fills: White captures the A8 chain
    EXPECT_EQ(k.liberties(Board::index(P(b, "A8"))), 1);
    EXPECT_EQ(test::LocalReading::read(k, Color::White, {P(b, "A8")}, Color::White, rest),
              test::LocalReading::Result::captures);
  }
  for (Color first : {Color::Black, Color::White}) {
    const Estimate e = estimate(b, first);
    EXPECT_EQ(status_at(e, b, "B9"), ChainStatus::seki);
    EXPECT_EQ(status_at(e, b, "A8"), ChainStatus::seki);
    EXPECT_EQ(status_at(e, b, "E9"), ChainStatus::seki);
    EXPECT_TRUE(e.statuses().dead.empty());
    EXPECT_TRUE(suggests(e, Color::White, P(b, "A9")));  // the one-sided dame
    EXPECT_FALSE(suggests(e, Color::Black, P(b, "A9")));
    EXPECT_FALSE(suggests(e, Color::Black, P(b, "D8")));  // fills of D8 lose for both
    EXPECT_FALSE(suggests(e, Color::White, P(b, "D8")));
    EXPECT_TRUE(suggests(e, Color::White, P(b, "C8")));  // exclusive liberties
    EXPECT_TRUE(suggests(e, Color::Black, P(b, "C7")));
    EXPECT_EQ(e.suggested_claims.size(), 3u);
  }
  // Counted under sci-1-1: White's claim of A9 makes the public liberty White's point.
  const Game g = paused_game("sci-1-1", diagram);
  const Estimate e = estimate(g);
  Statuses claimed = e.statuses();
  claimed.claims.push_back({Color::White, P(b, "A9")});
  const Count unclaimed = count(g, e.statuses());
  const Count with_claim = count(g, claimed);
  EXPECT_EQ(with_claim.owned.white, unclaimed.owned.white + 1);
  EXPECT_EQ(with_claim.owned.black, unclaimed.owned.black);
  EXPECT_EQ(with_claim.public_liberties, unclaimed.public_liberties - 1);
  EXPECT_EQ(with_claim.area().diff(Color::White) - unclaimed.area().diff(Color::White), 1);
}

TEST(Estimate, EternalKoOf002IsLeftToDisputePlay) {
  // 002 §十三 (万年劫), the position after White took at F5.
  const std::string diagram = R"(
    X . X O O O
    . X X O O .
    X X O O X O
    X O O X X X
    O O O . X .
    O O O O O O)";
  const Game g = paused_game("sci-1-1", diagram);
  const Estimate e = estimate(g);
  const Board& b = g.board();
  ASSERT_EQ(e.open_kos.size(), 1u);
  EXPECT_TRUE(e.open_kos[0].decides_life);
  EXPECT_EQ(status_at(e, b, "A1"), ChainStatus::unsettled);  // White's big group
  EXPECT_EQ(status_at(e, b, "E4"), ChainStatus::unsettled);  // Black's group on the right
  EXPECT_EQ(status_at(e, b, "F4"), ChainStatus::unsettled);  // the stone in the ko
  EXPECT_EQ(status_at(e, b, "B5"), ChainStatus::alive);      // Black's two eyes on the left
  for (const char* s : {"A1", "E4", "F4"}) EXPECT_TRUE(e.chain_at(P(b, s))->open_shape) << s;
  const Statuses st = e.statuses();
  EXPECT_TRUE(st.dead.empty()) << "never counted dead: left to dispute play";
  EXPECT_EQ(st.uncertain.size(), 3u);
  // Under a comparison preset the playouts decide (nothing is left open).
  const Estimate jap = estimate(paused_game("japanese", diagram));
  for (const ChainEstimate& c : jap.chains) EXPECT_FALSE(c.open_shape);
}

TEST(Estimate, AGroupThatLivesOrDiesByTheNextMoveIsUnsettled) {
  // Black's straight three on the edge: whoever plays C9 first decides.
  const Board b = board_from(R"(
    X . . . X O . . .
    X X X X X O . . .
    O O O O O O . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  const Estimate e = estimate(b, Color::Black);
  const ChainEstimate* c = e.chain_at(P(b, "A8"));
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->status, ChainStatus::unsettled);
  EXPECT_GT(c->alive_probability, 0.25);
  EXPECT_LT(c->alive_probability, 0.75);
  const Statuses st = e.statuses();
  EXPECT_TRUE(st.dead.empty());
  ASSERT_EQ(st.uncertain.size(), 1u);
  EXPECT_EQ(st.uncertain[0].color, Color::Black);
  // The point that settles it: C9, the middle of the eye space, where Black's stone makes two
  // eyes and White's leaves one.
  EXPECT_EQ(c->settle, P(b, "C9"));
  EXPECT_EQ(st.uncertain[0].settle, P(b, "C9"));
  // Not looked for when the option says so.
  EstimateOptions none;
  none.settle_playouts = 0;
  EXPECT_FALSE(estimate(b, Color::Black, none).chain_at(P(b, "A8"))->settle.valid());
}

TEST(Estimate, IsDeterministicAndHonoursThePlayoutSetting) {
  const Board b = board_from(R"(
    . . X O . . . . .
    . X X O . . . . .
    . O X O . . . . .
    X X X O O . . . .
    . . . X O . O . .
    . X . X O . . . .
    . . X X O O O . .
    . . X O . . . . .
    . . X O . . . . .)");
  EstimateOptions o;
  o.playouts = 200;
  const Estimate a = estimate(b, Color::White, o), c = estimate(b, Color::White, o);
  EXPECT_EQ(a.playouts, 200);
  EXPECT_EQ(a.ownership, c.ownership);
  ASSERT_EQ(a.chains.size(), c.chains.size());
  for (size_t i = 0; i < a.chains.size(); ++i) EXPECT_EQ(a.chains[i].alive_probability, c.chains[i].alive_probability);
  EXPECT_EQ(text(a.detail(), Lang::en), "estimator, 200 playouts");
  EXPECT_EQ(estimate(b, Color::White).playouts, default_playouts(81));
}

TEST(Estimate, IsTheDefaultSourceOfDeadStonesForARecordWithoutMarkup) {
  const std::string sgf =
      "(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese];B[dd];W[fd];B[de];W[fe];B[df];W[ff];B[dg];W[fg];B[dh];W[fh]"
      ";B[di];W[fi];B[dc];W[fc];B[db];W[fb];B[da];W[fa];B[ee];W[hh];B[bc];W[])";
  sgf::Record rec = sgf::read_record_text(sgf);
  Scored s = score_record(rec);
  EXPECT_EQ(s.count.status_source, StatusSource::estimate);
  EXPECT_NE(text(s.count.status_detail, Lang::en).find("playouts"), std::string::npos);
  ScoreOptions o;
  o.estimate.playouts = 123;
  set_dead_from(o, "estimate");
  Scored t = score_record(rec, o);
  EXPECT_EQ(text(t.count.status_detail, Lang::en), "estimator, 123 playouts");
  set_dead_from(o, "none");
  EXPECT_EQ(score_record(rec, o).count.status_source, StatusSource::none);
}

TEST(Estimate, AKoStoneInAtariAfterTwoPassesIsTakenByThePlayerToMove) {
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  // A Go Quest game that ends B A1 (taking the ko at B1), W pass, B pass. White is to move and
  // takes the ko first; no ko threats are left, so Black's A1 does not live by connecting. The
  // same position in a record that simply stops there is counted with A1 connected by its holder.
  const std::string file = std::string(JPD_SHARED_DIR) +
      "/corpus/games/C_00543__games__pro_games__go__9x9__2015-10-29T14_35_05.031Z_jjwi2qs84q7m.sgf";
  std::ifstream in(file);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const size_t end = text.rfind(";W[];B[])");
  ASSERT_NE(end, std::string::npos);
  auto a1_status = [](const sgf::Record& rec) {
    Replay rp = replay(rec, parse_ruleset("chinese"));
    Estimate e = estimate(rp.game);
    const ChainEstimate* c = e.chain_at(parse_point("A1", 9, 9));
    EXPECT_NE(c, nullptr);
    return c ? c->status : ChainStatus::alive;
  };
  const sgf::Record passed = sgf::read_record_text(text);
  const sgf::Record stopped = sgf::read_record_text(text.substr(0, end) + ")");
  EXPECT_NE(a1_status(passed), ChainStatus::alive);
  EXPECT_EQ(a1_status(stopped), ChainStatus::alive);
}

TEST(Estimate, ACapturingRaceIsReadOutInsteadOfLeftToThePlayouts) {
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  // Go Quest games ended early by two passes. In the first, Black's four stones at A7 and
  // White's six at C9 are in a race the light playouts call even (52 % : 48 %); read out with
  // Black to move, White takes first: the recorded B+8 counts White's group alive. In the
  // second (White to move) White's C9 group again wins against Black's D9 (recorded B+4).
  struct Case {
    const char* file;
    const char* winner;
    const char* loser;
    const char* result;
  };
  for (const Case& k : {Case{"C_00344__games__pro_games__go__9x9__2015-10-03T02_48_37.037Z_"
                             "6vx059jamlic.sgf", "C9", "A7", "B+8"},
                        Case{"C_00724__games__pro_games__go__9x9__2015-08-04T15_37_08.690Z_"
                             "8374l56g3a1k.sgf", "C9", "D9", "B+4"}}) {
    const std::string file = std::string(JPD_SHARED_DIR) + "/corpus/games/" + k.file;
    const sgf::Record rec = sgf::read_record_file(file);
    Replay rp = replay(rec, parse_ruleset("chinese,komi=7"));
    const Estimate e = estimate(rp.game);
    const ChainEstimate* w = e.chain_at(parse_point(k.winner, 9, 9));
    const ChainEstimate* l = e.chain_at(parse_point(k.loser, 9, 9));
    ASSERT_TRUE(w && l) << k.file;
    EXPECT_EQ(w->status, ChainStatus::alive) << k.file;
    EXPECT_EQ(l->status, ChainStatus::dead) << k.file;
    EXPECT_NE(text(w->reason, Lang::en).find("wins the capturing race"), std::string::npos) << text(w->reason, Lang::en);
    EXPECT_NE(text(l->reason, Lang::en).find("loses the capturing race"), std::string::npos) << text(l->reason, Lang::en);
    ScoreOptions so;
    so.rules = parse_rules_text("chinese,komi=7");
    so.keep_steps = false;
    EXPECT_EQ(score_record(rec, so).count.result, k.result) << k.file;
  }
}

TEST(Estimate, RandomPositionsAreEstimatedWithAStatusForEveryChain) {
  // Random games on small boards (races, kos and captures of every kind): every chain gets a
  // status and a reason, the same twice over (a capturing race read out must terminate).
  const Ruleset rules = parse_ruleset("chinese");
  RandomGameOptions o;
  o.min_size = 5;
  o.max_size = 9;
  o.dispute_one_in = 0;
  EstimateOptions eo;
  eo.playouts = 60;
  for (uint64_t seed = 1; seed <= 150; ++seed) {
    const RandomGame rg = random_game(rules, random_game_seed(11, 0, seed), o);
    const Estimate a = estimate(rg.game, eo), b = estimate(rg.game, eo);
    ASSERT_EQ(a.chains.size(), b.chains.size());
    for (size_t i = 0; i < a.chains.size(); ++i) {
      EXPECT_FALSE(a.chains[i].reason.empty()) << "seed " << seed;
      EXPECT_EQ(a.chains[i].status, b.chains[i].status) << "seed " << seed;
    }
  }
}

TEST(EstimateRace, AStoneInATwoPointEyeInTheCornerIsNoSekiWhenThrowInsAreRead) {
  // White's six stones from F9 have no eye: their liberties G9 and J9 are shared with Black's
  // stone H9. Without sacrifices neither side can fill a liberty (each fill is a self-atari), so
  // the first reading finds neither capturing (a seki). Read with throw-ins, Black takes White's
  // eye away (J9, then again after White takes) and captures, whoever moves first: the playouts
  // of a real game where this corner was unsettled (33 % : 67 %) had called it seki.
  const Board b = board_from(R"(
    . . . X X O . X .
    . . . X O O O O O
    X X X X X X X X X
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  const std::vector<Board::Index> black{Board::index(P(b, "H9"))}, white{Board::index(P(b, "F9"))};
  for (Color first : {Color::Black, Color::White}) {
    estimator::Race plain(black, white, 20000, 24);
    const estimator::RaceOutcome p = plain.run(b, first);
    EXPECT_TRUE(p.read);
    EXPECT_EQ(p.winner, 0) << "without throw-ins neither side fills a shared liberty";
    estimator::Race thrown(black, white, 20000, 24, true);
    const estimator::RaceOutcome t = thrown.run(b, first);
    EXPECT_TRUE(t.read);
    EXPECT_EQ(t.winner, 1) << color_name(first) << " to move: Black throws in and captures";
  }
}

TEST(EstimateRace, ATrueSekiStaysASekiWhenThrowInsAreRead) {
  // White's A9 corner chain and Black's D9 chain share their last liberties; a throw-in only
  // gives the opponent a capture of the thrower: neither side captures, with either to move first.
  const Board b = board_from(kCornerSekiOnAnOpenBoard);
  const std::vector<Board::Index> black{Board::index(P(b, "D9"))}, white{Board::index(P(b, "A9"))};
  for (Color first : {Color::Black, Color::White}) {
    estimator::Race thrown(black, white, 20000, 24, true);
    const estimator::RaceOutcome t = thrown.run(b, first);
    EXPECT_TRUE(t.read) << color_name(first);
    EXPECT_EQ(t.winner, 0) << color_name(first) << " to move";
  }
}
