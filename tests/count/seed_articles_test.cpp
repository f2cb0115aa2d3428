// One test per seed article that concerns counting, named after the seed and the article.
//   000 = 计枰点全兼容围棋规则 唐宋版 (TangSong_ArtN)
//   002 = 科学计目制: 1-1 艺术版 (Sci11_SecN), 1-2 律法版 (Sci12_SecN)
//   003 = 计活子围棋规则 (Living_ArtN)
//   004 = 计枰点大规则 艺术版分规则 (ArtGreat_ArtN, ArtGreat_OriginalN)
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>

#include <nlohmann/json.hpp>

#include "jpd/count.hpp"
#include "jpd/count_report.hpp"
#include "jpd/score.hpp"
#include "jpd/series.hpp"
#include "jpd/svg.hpp"
#include "jpd/text.hpp"
#include "jpd/sgf.hpp"
#include "test_util.hpp"

using namespace jpd;
using test::at;

namespace {
constexpr Color B = Color::Black, W = Color::White;

void play(Game& g, Color c, const std::string& s) {
  auto v = g.play(Move::play(c, at(g, s)));
  ASSERT_TRUE(v.ok()) << s << ": " << v.message;
}
void must(Game& g, const Move& m) {
  auto v = g.play(m);
  ASSERT_TRUE(v.ok()) << v.message;
}
// A sequence of moves: "B3" plays for the side to move, "v" is a virtual move, "p" a pass,
// "propose"/"accept" the pause acts.
void seq(Game& g, std::initializer_list<const char*> moves) {
  for (const char* m : moves) {
    Color c = g.to_move();
    std::string s = m;
    if (s == "v") must(g, Move::virtual_move(c));
    else if (s == "p") must(g, Move::pass(c));
    else if (s == "propose") must(g, Move::propose(c));
    else if (s == "accept") must(g, Move::accept(c));
    else play(g, c, s);
  }
}
void expect_invariants(const Count& c) {
  for (auto& i : c.invariants) EXPECT_TRUE(i.ok) << i.name << ": " << text(i.detail, Lang::en);
}
Statuses dead(const Game& g, std::initializer_list<const char*> pts) {
  Statuses s;
  s.source = StatusSource::given;
  for (const char* p : pts) s.dead.push_back(at(g, p));
  return s;
}
Statuses claims(const Game& g, std::initializer_list<std::pair<Color, const char*>> cl) {
  Statuses s;
  for (auto& [c, p] : cl) s.claims.push_back({c, at(g, p)});
  return s;
}

// The SPEC §7 worked check: Black column B and C3, White column D, on 5x5.
const std::initializer_list<const char*> kWorked = {"B3", "D3", "B2", "D2", "B4", "D4",
                                                    "B1", "D1", "B5", "D5", "C3"};

// 有眼双活: a black and a white group with one eye each share two liberties (E6 and E5), walled
// in by independent groups of the other colour.
const char* kSekiWithEyes = R"(
  OX.X.O.OX
  OXXX.OOOX
  OOOOXXXXX
  ...OX....
  ...OX....
  ...OX....)";

// A record counted as `jpd score` counts it: rules from RU (or `rules`), dead stones given (none
// when empty: the estimator is not asked).
Count score_text(const std::string& sgf, std::optional<std::string> rules = std::nullopt,
                 std::vector<std::string> dead = {}) {
  const sgf::Record rec = sgf::read_record_text(sgf);
  ScoreOptions o;
  if (rules) o.rules = parse_rules_text(*rules);
  std::vector<Point> points;
  for (const std::string& d : dead) points.push_back(parse_point(d, rec.width, rec.height));
  o.dead = points;
  return score_record(rec, o).count;
}

// The SPEC §7 worked check as a record, paused by two passes (art-great, komi 0.5): W+0.5.
const std::string kArtGreatPaused =
    "(;GM[1]FF[4]SZ[5]KM[0.5]RU[JPD:art-great];B[bc];W[dc];B[bd];W[dd];B[bb];W[db];B[be];W[de];"
    "B[ba];W[da];B[cc];W[];B[]";

// 四气双活图 (seed 002): Black owns a and b (B6, C6... here C6 and D6), the other two are shared.
const char* kFourLibertySeki = R"(
  OOXXOO.
  OX..XO.
  OX..XO.
  OXOOXO.
  OXXXXO.
  OOOOOO.
  .......)";
}  // namespace

// ------------------------------------------------------------------------------------------------
// 000 唐宋版

TEST(SeedArticles, TangSong_Art11_WhiteFirstVirtualMakesBlackPayOnePoint) {
  Game g(parse_ruleset("tang-song"), 5);
  seq(g, kWorked);
  seq(g, {"v", "v"});
  Count c = count(g, {});
  EXPECT_EQ(c.first_virtual_color, W);
  EXPECT_EQ(c.pay, 1);
}

TEST(SeedArticles, TangSong_Art11_BlackFirstVirtualNoCompensation) {
  Game g(parse_ruleset("tang-song"), 5);
  seq(g, {"B3", "D3", "v", "D2", "B2", "D4", "B4", "D1", "v", "v"});
  Count c = count(g, {});
  EXPECT_EQ(c.first_virtual_color, B);
  EXPECT_EQ(c.pay, 0);
  expect_invariants(c);
}

TEST(SeedArticles, TangSong_Art12_NegativeAPointIsSharedHalfEach) {
  Game g(parse_ruleset("tang-song"), 5);
  seq(g, kWorked);
  seq(g, {"v", "v"});
  Count c = count(g, {});
  const MakingStep& eq = c.steps.back();
  ASSERT_EQ(eq.id, "equal_stones");
  EXPECT_EQ(eq.board.marked(CountBoard::Mark::negative_a), 1);
  // Black's stone point became a shared point: Black's land -1/2, White's +1/2.
  EXPECT_EQ(eq.board.shared(), c.shared + 1);
  EXPECT_EQ(c.territory().black + c.k + eq.board.shared() / 2.0, c.area().black - 0.5);
  EXPECT_EQ(c.territory().white + c.k + eq.board.shared() / 2.0, c.area().white + 0.5);
}

TEST(SeedArticles, TangSong_Art13_Case1_WhiteFirstVirtualBlackLast_BlackPlaysOneNegativeA) {
  Game g(parse_ruleset("tang-song,komi=0.5"), 5);
  seq(g, kWorked);
  seq(g, {"v", "v"});
  Count c = count(g, {});
  EXPECT_EQ(c.last_move, B);
  EXPECT_EQ(c.negative_a.black, 1);
  EXPECT_EQ(c.negative_b.black + c.balancing_virtual.black, 0);
  EXPECT_EQ(c.result, "W+0.5");
  expect_invariants(c);
}

TEST(SeedArticles, TangSong_Art13_Case2_WhiteFirstVirtualWhiteLast_BlackPaysAndBalances) {
  Game g(parse_ruleset("tang-song"), 5);
  seq(g, {"B3", "D3", "B2", "D2", "B4", "v", "B1", "D4", "B5", "D1", "v", "v"});
  Count c = count(g, {});
  EXPECT_EQ(c.first_virtual_color, W);
  EXPECT_EQ(c.last_move, W);
  EXPECT_EQ(c.placed.black, c.placed.white);  // White made the last move: the counts balance
  EXPECT_EQ(c.negative_a.black, 1);           // Black pays 1 point
  EXPECT_EQ(c.balancing_virtual.black, 1);    // then plays one more virtual move to balance
  EXPECT_EQ(c.territory().diff(B), c.area().diff(B) - 1);
  expect_invariants(c);
}

TEST(SeedArticles, TangSong_Art13_Case3_BlackFirstVirtualBlackLast_BlackPlaysNegativeB) {
  Game g(parse_ruleset("tang-song"), 5);
  seq(g, {"B3", "D3", "v", "D2", "B2", "D4", "B4", "D1", "B1", "v", "v"});
  Count c = count(g, {});
  EXPECT_EQ(c.first_virtual_color, B);
  EXPECT_EQ(c.last_move, B);
  EXPECT_EQ(c.pay, 0);
  EXPECT_EQ(c.negative_b.black, 1);  // the point becomes Black's own
  EXPECT_EQ(c.negative_a.black, 0);
  EXPECT_EQ(c.territory().diff(B), c.area().diff(B));
  expect_invariants(c);
}

TEST(SeedArticles, TangSong_Art13_Case3_BlackFirstVirtualWhiteLast_NothingToDo) {
  Game g(parse_ruleset("tang-song"), 5);
  seq(g, {"B3", "D3", "v", "D2", "B2", "D4", "B4", "D1", "v", "v"});
  Count c = count(g, {});
  EXPECT_EQ(c.last_move, W);
  EXPECT_EQ(c.pay, 0);
  EXPECT_EQ(c.negative_a.black + c.negative_b.black + c.balancing_virtual.black, 0);
  expect_invariants(c);
}

TEST(SeedArticles, TangSong_Art10_AgreedPauseFillsDameThenTwoVirtualMovesGiveTheSameResult) {
  // Paused by agreement before the dame: making fills them alternately from the side to move
  // (White), then two virtual moves; White's making virtual move is the game's first.
  Game g(parse_ruleset("tang-song,komi=0.5"), 5);
  seq(g, kWorked);
  seq(g, {"propose", "accept"});
  ASSERT_TRUE(g.paused_by_agreement());
  Count c = count(g, {});
  EXPECT_EQ(c.dame_filled.white, 2);
  EXPECT_EQ(c.dame_filled.black, 2);
  EXPECT_EQ(c.first_virtual_color, W);
  EXPECT_EQ(c.pay, 1);
  EXPECT_EQ(c.result, "W+0.5");  // as when the game is played out to two virtual moves
  expect_invariants(c);
}

TEST(SeedArticles, TangSong_Art14_RefillOverflowIsBalancedByTheOtherSide) {
  Game g = test::game_from("tang-song", R"(
    .XO..
    XXO..
    OOOX.
    ..X..
    ....X)");
  Count c = count(g, dead(g, {"D3", "C2", "E1"}));
  EXPECT_EQ(c.dead.black, 3);
  EXPECT_EQ(c.owned.black, 1);
  EXPECT_EQ(c.overflow.black, 3);  // Black's territory is full: White takes stones off instead
  EXPECT_EQ(c.territory().diff(B), c.area().diff(B) - c.pay);  // the difference is unchanged
  expect_invariants(c);
}

TEST(SeedArticles, TangSong_Art16_EyesOfGroupsInSekiAreTerritory) {
  Game ts = test::game_from("tang-song", kSekiWithEyes);
  Count c = count(ts, {});
  EXPECT_EQ(c.seki_units.black, 1);
  EXPECT_EQ(c.seki_units.white, 1);
  EXPECT_EQ(c.public_liberties, 2);
  EXPECT_EQ(c.owned.black, 13);  // 12 behind the wall + the seki group's eye
  EXPECT_EQ(c.owned.white, 10);
  EXPECT_EQ(c.area().black, 29);
  EXPECT_EQ(c.area().white, 25);
  // Japanese rules give no territory in seki (双活无目). As drawn, the shared liberty E5 also
  // touches Black's wall: Black could connect there and then capture White's group, which the
  // Japanese view's eye reading sees (Black's eye C6 would be territory). Counted after White
  // has taken E5, the seki is settled: neither eye is territory.
  std::string settled = kSekiWithEyes;
  const size_t at = settled.find("OXXX.OOOX");
  ASSERT_NE(at, std::string::npos);
  settled[at + 4] = 'O';
  Game jp = test::game_from("japanese", settled);
  Count j = count(jp, {});
  EXPECT_EQ(j.japanese().black, 12);
  EXPECT_EQ(j.japanese().white, 9);
  expect_invariants(c);
  expect_invariants(j);
}

TEST(SeedArticles, TangSong_Art17_TotalMovesAre2kAndAreaFollowsFromTerritory) {
  Game g(parse_ruleset("tang-song"), 5);
  seq(g, kWorked);
  seq(g, {"v", "v"});
  Count c = count(g, {});
  int moves = c.moves_real.black + c.moves_real.white + c.moves_virtual.black +
              c.moves_virtual.white + c.balancing_virtual.black + c.balancing_virtual.white;
  int negatives = c.negative_a.black + c.negative_b.black + c.negative_a.white + c.negative_b.white;
  EXPECT_EQ(moves - negatives, 2 * c.k);
  const MakingStep& eq = c.steps.back();
  double q = eq.board.shared();
  // The territory result returns to the area result: (b + k + q/2) and (w + k + q/2).
  EXPECT_EQ(c.territory().black + c.k + q / 2 + 0.5, c.area().black);  // Black paid 1 point
  EXPECT_EQ(c.territory().white + c.k + q / 2 - 0.5, c.area().white);
}

TEST(SeedArticles, TangSong_Art18_FillUpCheckEqualsArea) {
  Game g(parse_ruleset("tang-song"), 5);
  seq(g, kWorked);
  seq(g, {"v", "v"});
  Count c = count(g, {});
  EXPECT_EQ(c.fill_up().black, 13);
  EXPECT_EQ(c.fill_up().white, 12);
}

TEST(SeedArticles, TangSong_Art19_ReturnNumbersAre183AndThreeQuartersAnd177AndAQuarter) {
  // 黑方的归本数为183又3/4点，白方的归本数为177又1/4点: both are given, in the count, its JSON
  // and its explanation.
  Game g(parse_ruleset("tang-song"), 19);
  Count c = count(g, {});
  EXPECT_EQ(c.return_number, 183.75);
  EXPECT_EQ(c.return_number_second, 177.25);
  EXPECT_EQ(c.komi, 6.5);
  EXPECT_EQ(to_json(c)["return_number_second"], 177.25);
  const std::string zh = explain(c, Lang::zh);
  EXPECT_NE(zh.find("归本数（先方）：361/2 + 6.5/2 = 183.75"), std::string::npos) << zh;
  EXPECT_NE(zh.find("归本数（后方）：361/2 - 6.5/2 = 177.25"), std::string::npos) << zh;
}

// ------------------------------------------------------------------------------------------------
// 002 科学计目制 1-1 (art) and 1-2 (law)

TEST(SeedArticles, Sci11_Sec1_StonesAndEmptyPointsAreAllLand) {
  Game g(parse_ruleset("sci-1-1"), 5);
  seq(g, kWorked);
  seq(g, {"p", "p"});
  Count c = count(g, {});
  EXPECT_EQ(c.area().black + c.area().white, 25);
}

TEST(SeedArticles, Sci11_Sec3_FourLibertySekiExclusiveLibertiesAreBlacks) {
  Game g = test::game_from("sci-1-1", kFourLibertySeki);
  Count c = count(g, {});
  EXPECT_EQ(c.owned.black, 2);  // points a and b
  EXPECT_EQ(c.public_liberties, 2);
  EXPECT_EQ(c.area().black, 15);
  EXPECT_EQ(c.area().white, 34);
  EXPECT_EQ(c.seki_units.black, 1);  // the edge stones, a, b and the ring form one seki unit
  EXPECT_EQ(c.basic_eyes.black, 1);  // which keeps one basic eye (003 art. 22.2)
  Game ch = test::game_from("chinese", kFourLibertySeki);
  Count d = count(ch, {});
  EXPECT_EQ(d.owned.black, 0);  // standard rules: all four are shared
  EXPECT_EQ(d.public_liberties, 4);
  EXPECT_EQ(d.area().black, 14);
  expect_invariants(c);
  expect_invariants(d);
}

TEST(SeedArticles, Sci11_Sec3_OneSidedDameClaimedIsBlacksPoint) {
  // 单方有权收官图: Black claims point a (B4) as a one-sided dame.
  const char* pos = R"(
    OOOX.
    ..OXO
    XXOXX
    XXOX.
    .OOX.)";
  Game g = test::game_from("sci-1-1", pos);
  Count without = count(g, dead(g, {"E4"}));
  Statuses st = dead(g, {"E4"});
  st.claims.push_back({B, at(g, "B4")});
  Count with = count(g, st);
  EXPECT_EQ(with.owned.black, without.owned.black + 1);
  EXPECT_EQ(with.area().diff(B) - without.area().diff(B), 1);
  expect_invariants(with);
}

TEST(SeedArticles, Sci11_Sec4_ArtTheSideWithNMoreRealMovesPaysNPoints) {
  Game g(parse_ruleset("sci-1-1"), 5);
  seq(g, {"C3", "p", "B3", "D3", "B2", "p", "p"});
  ASSERT_EQ(g.phase(), Phase::paused);
  Count c = count(g, {});
  EXPECT_EQ(c.moves_real.black - c.moves_real.white, 2);
  EXPECT_EQ(c.pay, 2);
  EXPECT_EQ(c.negative_a.black, 2);  // two stones off at the boundary, the points shared
  EXPECT_EQ(c.territory().diff(B), c.area().diff(B) - 2);
  expect_invariants(c);
}

TEST(SeedArticles, Sci12_Sec4_LawTheSideWithMoreMovesDoesNotPay) {
  Game g(parse_ruleset("sci-1-2"), 5);
  seq(g, {"C3", "p", "B3", "D3", "B2", "p", "p"});
  Count c = count(g, {});
  EXPECT_EQ(c.pay, 0);
  EXPECT_EQ(c.negative_b.black, 2);  // 律法: the extra stones come off inside Black's territory
  EXPECT_EQ(c.territory().diff(B), c.area().diff(B));
  expect_invariants(c);
}

TEST(SeedArticles, Sci11_Sec6_TwoPassBoundary_ArtInPlayLawInDispute) {
  // Play phase: Black one real move ahead (pays 1). Dispute: White fills two dame while Black
  // passes; the law clause does not charge those extra moves.
  Game g(parse_ruleset("sci-1-1"), 5);
  seq(g, kWorked);
  seq(g, {"p", "p"});
  ASSERT_EQ(g.phase(), Phase::paused);
  ASSERT_TRUE(g.resume_dispute().ok());
  seq(g, {"C1", "p", "C2", "p", "p"});
  ASSERT_EQ(g.phase(), Phase::paused);
  Count c = count(g, {});
  EXPECT_EQ(c.pay, 1);
  EXPECT_EQ(c.negative_a.black, 1);
  EXPECT_EQ(c.negative_b.white, 2);  // White's two extra stones come off inside its territory
  EXPECT_EQ(c.area().black, 12);
  EXPECT_EQ(c.area().white, 13);
  EXPECT_EQ(c.territory().diff(B), c.area().diff(B) - 1);
  expect_invariants(c);
}

TEST(SeedArticles, Sci11_Sec6_InformationClearedAtTwoPassesAllowsTheKoRetake) {
  Game g = test::game_from("sci-1-1", R"(
    .....
    .XO..
    X.XO.
    .XO..
    .....)");
  g.set_to_move(W);
  play(g, W, "B3");
  seq(g, {"p", "p"});
  ASSERT_TRUE(g.resume_dispute().ok());
  EXPECT_TRUE(g.play(Move::play(B, at(g, "C3"))).ok());  // 隔虚可提
}

TEST(SeedArticles, Sci11_Sec8_AfterADisputeTheThreeStepsGiveEqualStones) {
  // (1) refill, (2) the play phase's extra moves paid at the boundary, (3) the dispute's extra
  // moves taken off inside the territory: equal stones.
  Game g(parse_ruleset("sci-1-1"), 5);
  seq(g, kWorked);
  seq(g, {"p", "p"});
  g.resume_dispute();
  seq(g, {"C1", "p", "C2", "p", "p"});
  Count c = count(g, {});
  const MakingStep& eq = c.steps.back();
  EXPECT_EQ(eq.board.stones(B), eq.board.stones(W));
  EXPECT_EQ(c.k, 5);
  EXPECT_EQ(eq.board.marked(CountBoard::Mark::negative_a), 1);
  EXPECT_EQ(eq.board.marked(CountBoard::Mark::negative_b), 2);
}

TEST(SeedArticles, Sci11_Sec9_KomiSixAndAHalfComparedOnPoints) {
  Game g(parse_ruleset("sci-1-1"), 5);
  seq(g, kWorked);
  seq(g, {"p", "p"});
  Count c = count(g, {});
  EXPECT_EQ(c.komi, 6.5);
  EXPECT_EQ(c.primary_difference, 0);  // 13 : 12 in area, Black pays 1 for its extra move
  EXPECT_EQ(c.result, "W+6.5");
}

TEST(SeedArticles, Sci11_Sec10_AreaReturnsFromTerritoryAsBPlusKHalfPlusQHalf) {
  // 002 §十: with K real moves and q shared points, Black's land is B + K/2 + q/2 where B is its
  // 目 after refill; here that is the area after Black's payment of its extra move.
  Game g(parse_ruleset("sci-1-1"), 5);
  seq(g, kWorked);
  seq(g, {"p", "p"});
  Count c = count(g, {});
  double K = c.moves_real.black + c.moves_real.white;
  for (Color col : {B, W}) {
    double mu = c.owned.of(col) - c.captured.of(col) - c.dead.of(col) - c.virtual_stones.of(col);
    double paid = col == B ? -c.pay / 2 : c.pay / 2;
    EXPECT_EQ(mu + K / 2 + c.shared / 2.0, c.area().of(col) + paid) << color_name(col);
  }
}

TEST(SeedArticles, Sci11_Sec12_LastKoHeldWithMoreThreatsIsOnePoint) {
  // White has just taken the ko at B3 and does not connect: the ko space C3, surrounded by the
  // holder, is White's one point; claiming it states the same.
  Game g = test::game_from("sci-1-1", R"(
    .....
    .XO..
    X.XO.
    .XO..
    .....)");
  g.set_to_move(W);
  play(g, W, "B3");
  seq(g, {"p", "p"});
  Count without = count(g, {});
  Count with = count(g, claims(g, {{W, "C3"}}));
  const MakingStep& pause = without.steps.front();
  EXPECT_EQ(pause.board.cls[Board::index(at(g, "C3"))], PointClass::white_territory);
  EXPECT_EQ(with.owned.white, without.owned.white);
  EXPECT_EQ(with.result, without.result);
  expect_invariants(with);
}

TEST(SeedArticles, Sci11_Sec13_EternalKoHolderClaimsTwoPoints) {
  // 万年劫: after White took at A (F5), Black claims the ko space and the white stone F4.
  const char* pos = R"(
    X.XOOO
    .XXOO.
    XXOOXO
    XOOXXX
    OOO.X.
    OOOOOO)";
  Game g = test::game_from("sci-1-1", pos);
  Statuses st = claims(g, {{B, "F5"}, {B, "F4"}});
  Count c = count(g, st);
  ASSERT_EQ(c.dead_white.size(), 1u);
  EXPECT_EQ(to_gtp(c.dead_white[0], 6), "F4");
  EXPECT_EQ(c.claims.size(), 2u);
  expect_invariants(c);
}

TEST(SeedArticles, Sci12_Sec6_EqualStonesByTakingOwnStonesInsideTerritory) {
  Game g(parse_ruleset("sci-1-2"), 5);
  seq(g, kWorked);
  seq(g, {"p", "p"});
  Count c = count(g, {});
  EXPECT_EQ(c.negative_b.black, 1);
  EXPECT_EQ(c.territory().black, 6);  // column A and the point Black took its stone from
  EXPECT_EQ(c.territory().white, 5);
  EXPECT_EQ(c.komi, 7.5);
  EXPECT_EQ(c.result, "W+6.5");
  expect_invariants(c);
}

// ------------------------------------------------------------------------------------------------
// 003 计活子

TEST(SeedArticles, Living_Art22_BasicEyesTwoInIndependentOneInSekiPublicLibertiesKept) {
  Game g = test::game_from("living-b", kSekiWithEyes);
  Count c = count(g, {});
  EXPECT_EQ(c.basic_eyes.black, 3);  // wall 2 + seki group 1
  EXPECT_EQ(c.basic_eyes.white, 3);
  const MakingStep* living = nullptr;
  for (auto& s : c.steps)
    if (s.id == "living_stones") living = &s;
  ASSERT_NE(living, nullptr);
  EXPECT_EQ(living->board.count(PointClass::public_liberty), 2);  // kept empty for both
  EXPECT_EQ(c.living_stones().black, c.area().black - 3 - 1);
  EXPECT_EQ(c.living_stones().white, c.area().white - 3 - 1);
}

TEST(SeedArticles, Living_Art25_26_VersionA_FirstPlayerLastPaysOneStoneWithANegativeA) {
  Game g(parse_ruleset("living-a"), 5);  // White first
  seq(g, {"B3", "D3", "B2", "D2", "B4", "D4", "B1", "D1", "B5", "D5", "C3", "propose", "accept"});
  Count c = count(g, {});
  EXPECT_EQ(c.first, W);
  EXPECT_EQ(c.last_move, W);
  EXPECT_EQ(c.pay, 1);
  EXPECT_EQ(c.negative_a.white, 1);
  EXPECT_EQ(c.primary_difference, c.living_stones().diff(W) - 1);
  expect_invariants(c);
}

TEST(SeedArticles, Living_Art25_26_VersionB_TheExtraStoneBecomesARoad) {
  Game g(parse_ruleset("living-b"), 5);
  seq(g, {"B3", "D3", "B2", "D2", "B4", "D4", "B1", "D1", "B5", "D5", "C3", "propose", "accept"});
  Count c = count(g, {});
  EXPECT_EQ(c.pay, 0);
  EXPECT_EQ(c.negative_b.white, 1);  // B-negative: a stone becomes a 路
  EXPECT_EQ(c.primary_difference, c.living_stones().diff(W));
  expect_invariants(c);
}

TEST(SeedArticles, Living_Art27_FirstVirtualBoundary_SecondPlayerFirstVirtualMakesFirstPay) {
  Game g(parse_ruleset("living-a-1v"), 5);
  seq(g, {"B3", "v", "B2", "D2", "propose", "accept"});  // Black (second) made the first virtual
  Count c = count(g, {});
  EXPECT_EQ(c.pay, 1);
  Game h(parse_ruleset("living-a-1v"), 5);
  seq(h, {"B3", "D3", "propose", "accept"});  // White proposed first: no payment
  EXPECT_EQ(count(h, {}).pay, 0);
  Game k(parse_ruleset("living-a-1v"), 5);
  seq(k, {"B3", "propose", "accept"});  // Black proposed first: White pays
  EXPECT_EQ(count(k, {}).pay, 1);
}

// ------------------------------------------------------------------------------------------------
// 004 艺术版分规则

TEST(SeedArticles, ArtGreat_Art1_StonesAndEmptyAreLandAndSumToTheBoard) {
  Game g(parse_ruleset("art-great"), 5);
  seq(g, kWorked);
  seq(g, {"p", "p"});
  Count c = count(g, {});
  EXPECT_EQ(c.area().black + c.area().white, 25);
  EXPECT_EQ(c.live.black + c.owned.black + c.shared / 2.0, c.area().black);
}

TEST(SeedArticles, ArtGreat_Art7_PrisonersAreKeptAndRefilled) {
  Game g = test::game_from("art-great", R"(
    .....
    .XO..
    X.XO.
    .XO..
    .....)");
  g.set_to_move(W);
  play(g, W, "B3");  // captures C3
  seq(g, {"p", "p"});
  Count c = count(g, {});
  EXPECT_EQ(c.captured.black, 1);
  const MakingStep* refilled = nullptr;
  for (auto& s : c.steps)
    if (s.id == "refilled") refilled = &s;
  ASSERT_NE(refilled, nullptr);
  EXPECT_EQ(refilled->board.marked(CountBoard::Mark::refilled) +
                refilled->board.marked(CountBoard::Mark::overflow),
            c.captured.black + c.captured.white);
  expect_invariants(c);
}

TEST(SeedArticles, ArtGreat_Art9_FillingADameNeitherGainsNorLoses) {
  Game a(parse_ruleset("art-great"), 5);
  seq(a, kWorked);
  seq(a, {"p", "p"});
  Game b(parse_ruleset("art-great"), 5);
  seq(b, kWorked);
  seq(b, {"p", "C1", "p", "p"});  // Black fills one more dame
  Count ca = count(a, {}), cb = count(b, {});
  EXPECT_EQ(cb.area().diff(B), ca.area().diff(B) + 1);
  EXPECT_EQ(cb.pay, ca.pay + 1);
  EXPECT_EQ(cb.result, ca.result);
}

TEST(SeedArticles, ArtGreat_Art10_SekiEyesOneSidedDameAndKoSpaceAreOnePointEach) {
  Game g = test::game_from("art-great", kSekiWithEyes);
  Count c = count(g, {});
  EXPECT_EQ(c.owned.black, 13);  // the seki eye counts
  Count k = count(g, claims(g, {{B, "E5"}}));
  EXPECT_EQ(k.owned.black, 14);  // a claimed point counts one
  expect_invariants(k);
}

TEST(SeedArticles, ArtGreat_GreatPrecedent_SplittingStonePointsEvenlyEqualsArtOnRealMoves) {
  // 伟大的判例: splitting the stone points and shared points evenly gives the same result as
  // making the side with more real moves pay for them (sci-1-1's art clause).
  for (auto seqs : {std::vector<const char*>(kWorked), std::vector<const char*>{"C3", "p", "B3", "D3", "B2"}}) {
    Game ag(parse_ruleset("art-great"), 5), sg(parse_ruleset("sci-1-1"), 5);
    for (const char* m : seqs) {
      seq(ag, {m});
      seq(sg, {m});
    }
    seq(ag, {"p", "p"});
    seq(sg, {"p", "p"});
    Count a = count(ag, {}), s = count(sg, {});
    EXPECT_EQ(a.result, s.result);
    EXPECT_EQ(a.primary_difference, a.area().diff(B) - (a.moves_real.black - a.moves_real.white));
  }
}

TEST(SeedArticles, ArtGreat_Original9_IndependentDisputeRestoresThePausePosition) {
  // The pause position: a black stone sits inside White's area. Black thinks it lives; the
  // dispute resumes play and White captures it. Counting restores the pause position and counts
  // it with that stone dead; the dispute's own moves are not counted.
  Game g = test::game_from("art-great", R"(
    ..XO...
    ..XO...
    ..XO.X.
    ..XO...
    ..XO...)");
  seq(g, {"p", "p"});
  ASSERT_EQ(g.phase(), Phase::paused);
  g.resume_dispute();
  seq(g, {"p", "E3", "p", "F4", "p", "G3", "p", "F2", "p", "p"});
  ASSERT_EQ(g.board().at(at(g, "F3")), Color::Empty);  // captured in the dispute
  Count c = count(g, {});
  Game h = test::game_from("art-great", R"(
    ..XO...
    ..XO...
    ..XO.X.
    ..XO...
    ..XO...)");
  seq(h, {"p", "p"});
  Count direct = count(h, dead(h, {"F3"}));
  EXPECT_EQ(c.dead_black.size(), 1u);
  EXPECT_EQ(c.area().black, direct.area().black);
  EXPECT_EQ(c.area().white, direct.area().white);
  EXPECT_EQ(c.result, direct.result);
  expect_invariants(c);
}

TEST(SeedArticles, ArtGreat_Original9_Art14_DisputeOnlyConfirms_FillingADameInItGainsNothing) {
  // The issue's first reproducer: Black fills the dame C5 in the dispute. The dispute is a test
  // outside the game; the pause position is counted as it stands: W+0.5, as without the dispute.
  const Count without = score_text(kArtGreatPaused + ")");
  const Count with = score_text(kArtGreatPaused + ";JR[dispute];W[];B[ca];W[];B[])");
  EXPECT_EQ(without.result, "W+0.5");
  EXPECT_EQ(with.result, "W+0.5");
  EXPECT_EQ(with.area().black, without.area().black);
  EXPECT_EQ(with.area().white, without.area().white);
  EXPECT_TRUE(with.claims.empty());  // no free point for the dame filled in the dispute
  expect_invariants(with);
}

TEST(SeedArticles, ArtGreat_Original9_Art14_StoneThrownInInTheDisputeCostsNothingAndMayBeDead) {
  // The second reproducer: White throws a stone into Black's area (A3) in the dispute and it
  // stands there when the dispute ends. Counted with or without it named dead: W+0.5, the count
  // of the pause position; naming a stone played in the dispute dead is accepted.
  const std::string rec = kArtGreatPaused + ";JR[dispute];W[ac];B[];W[])";
  const Count plain = score_text(rec);
  const Count marked = score_text(rec, std::nullopt, {"A3"});
  EXPECT_EQ(plain.result, "W+0.5");
  EXPECT_EQ(marked.result, "W+0.5");
  EXPECT_EQ(marked.dead.white, 0);  // A3 is not a stone of the pause position
  EXPECT_EQ(marked.area().black, plain.area().black);
  expect_invariants(marked);
}

TEST(SeedArticles, ArtGreat_Original9_Art14_AClaimHoldsOnlyWhereTheDisputeConfirmsIt) {
  // A claim made at the pause is tested by the dispute: it holds when at the end the point
  // carries the claimant's living stone or lies in its territory. Black claims C5 and fills it in
  // the dispute: the pause position is counted with C5 as Black's point. A claim of C1, which
  // White fills in the dispute, fails and counts nothing.
  const std::string rec = kArtGreatPaused + ";JR[dispute];W[];B[ca];W[ce];B[];W[])";
  const Count none = score_text(kArtGreatPaused + ")");
  Statuses st;
  const sgf::Record r = sgf::read_record_text(rec);
  const Replay rp = replay(r, rules_for_record(r, std::nullopt));
  st.claims = {{B, at(rp.game, "C5")}, {B, at(rp.game, "C1")}};
  const Count c = count(rp.game, st);
  ASSERT_EQ(c.claims.size(), 1u);
  EXPECT_EQ(c.claims[0].point, at(rp.game, "C5"));
  EXPECT_EQ(c.area().black, none.area().black + 0.5);  // a shared dame became Black's point
  EXPECT_NE(std::find_if(c.notes.begin(), c.notes.end(),
                         [](const Message& n) { return text(n, Lang::en).find("C1 fails") != std::string::npos; }),
            c.notes.end());
  expect_invariants(c);
}

TEST(SeedArticles, ArtGreat_Original9_Art14_ChineseNoteSaysTheDisputeConfirmsLifeAndPoints) {
  // The independent dispute confirms the life of chains and the ownership of points alike
  // (004 原创九; SPEC 6.5): the Chinese note of the count says both, 死活与空点归属, not 死活 only.
  const Count c = score_text(kArtGreatPaused + ";JR[dispute];W[];B[ca];W[];B[])");
  const auto note = std::find_if(c.notes.begin(), c.notes.end(),
                                 [](const Message& n) { return n.id == "note.independent"; });
  ASSERT_NE(note, c.notes.end());
  const std::string zh = text(*note, Lang::zh);
  EXPECT_NE(zh.find("死活与空点归属"), std::string::npos) << zh;
  EXPECT_NE(explain(c, Lang::zh).find("死活与空点归属"), std::string::npos);
}

// The issue's dame records: Black column B, White column D on 5x5, the dame of column C left.
const std::string kDameLeftBlackFirst =
    "(;GM[1]FF[4]SZ[5]KM[0.5];B[bc];W[dc];B[bd];W[dd];B[bb];W[db];B[be];W[de];B[ba];W[da]";
const std::string kDameLeftLivingB =
    "(;GM[1]FF[4]SZ[5]KM[0]RU[JPD:living-b];W[bc];B[dc];W[bd];B[dd];W[bb];B[db];W[be];B[de];W[ba];"
    "B[da]";

TEST(SeedArticles, MingQing_TangSong_Art10_AgreedPauseFillsTheDameFromTheSideToMove) {
  // Ming-Qing keeps Tang-Song's making (000 art. 10; SPEC §5 Dame): a record that stops with the
  // five dame of column C left is paused by agreement, and the dame are filled at making from
  // the side to move (Black 3, White 2), as when the game is played out. Under the law version
  // Black keeps the extra point: B+1; under Tang-Song White made the first virtual move of the
  // making and Black pays it: W+0.5 with komi 0.5.
  const Count mq = score_text(kDameLeftBlackFirst + ")", "ming-qing,komi=0");
  EXPECT_EQ(mq.result, "B+1");
  EXPECT_EQ(mq.dame_filled.black, 3);
  EXPECT_EQ(mq.dame_filled.white, 2);
  expect_invariants(mq);
  const Count played_out =
      score_text(kDameLeftBlackFirst + ";B[cc];W[cb];B[cd];W[ca];B[ce];W[];B[])", "ming-qing,komi=0");
  EXPECT_EQ(played_out.result, mq.result);
  EXPECT_EQ(score_text(kDameLeftBlackFirst + ")", "tang-song,komi=0.5").result, "W+0.5");
  // Left at a two-virtual pause, they are shared (art. 17 counts the unfilled dame in q).
  const Count shared = score_text(kDameLeftBlackFirst + ";B[];W[])", "ming-qing,komi=0");
  EXPECT_EQ(shared.dame_filled.black + shared.dame_filled.white, 0);
  EXPECT_EQ(shared.dame, 5);
}

TEST(SeedArticles, Living_Art26_2_VersionB_AnOddNumberOfDameLeftIsFilledAtMaking) {
  // 计活子 B fills the dame before the pause unless an even number remain (then K each). A record
  // paused with five left has them filled at making from the side to move (White, the
  // proposer): W+1, as when they are filled in play; with four left they are shared, 2 each:
  // W+1 again (White's extra move is worth its point under B).
  const Count odd = score_text(kDameLeftLivingB + ";JP[propose];JP[accept])", "living-b,komi=0");
  EXPECT_EQ(odd.result, "W+1");
  EXPECT_EQ(odd.dame_filled.white, 3);
  EXPECT_EQ(odd.dame_filled.black, 2);
  expect_invariants(odd);
  const Count even =
      score_text(kDameLeftLivingB + ";W[cc];JP[propose];JP[accept])", "living-b,komi=0");
  EXPECT_EQ(even.dame, 4);
  EXPECT_EQ(even.dame_filled.black + even.dame_filled.white, 0);
  EXPECT_EQ(even.result, "W+1");
  const Count played =
      score_text(kDameLeftLivingB + ";W[cc];B[cb];W[cd];B[ca];W[ce];JP[propose];JP[accept])",
                 "living-b,komi=0");
  EXPECT_EQ(played.result, "W+1");
}

// The issue's 计活子 A record: White column B, Black column D on 5x5; White proposes to pause and
// Black accepts.
const std::string kLivingAPaused =
    "(;GM[1]FF[4]SZ[5]KM[0]RU[JPD:living-a];W[bc];B[dc];W[bd];B[dd];W[bb];B[db];W[be];B[de];W[ba];"
    "B[da];JP[propose];JP[accept]";

TEST(SeedArticles, Living_Art21_5_AcceptorFoundAMove_TheProposersWrittenVirtualMoveIsTheOwedOne) {
  // Black, who accepted, found a move: White (the proposer) first plays a virtual move, then
  // Black moves. A record that writes White's virtual move out is read so, not with a second one
  // of the referee's on top: B+1, as the record that leaves it to the referee.
  const Count written =
      score_text(kLivingAPaused + ";JR[found:B];W[]JV[];B[cc];JP[propose];JP[accept])");
  const Count implied = score_text(kLivingAPaused + ";JR[found:B];B[cc];JP[propose];JP[accept])");
  EXPECT_EQ(written.result, "B+1");
  EXPECT_EQ(implied.result, "B+1");
  EXPECT_EQ(written.virtual_stones.white, implied.virtual_stones.white);
  EXPECT_EQ(written.virtual_stones.white, 1);
  expect_invariants(written);
}

TEST(SeedArticles, Living_Art21_4_DisputesOpeningVirtualMovesWrittenOutAreTheOwedOnes) {
  // At a resumption both sides first play a virtual move in the original order (White, then
  // Black here), which the referee may play for them. Written out, they are those moves: 1 : 1,
  // as when the referee plays them; a record that writes White's and then a black board move has
  // left out Black's owed virtual move and is refused.
  const Count written = score_text(kLivingAPaused + ";JR[dispute];W[]JV[];B[]JV[];W[cc])");
  const Count implied = score_text(kLivingAPaused + ";JR[dispute];W[cc])");
  EXPECT_EQ(written.virtual_stones.black, 1);
  EXPECT_EQ(written.virtual_stones.white, 1);
  EXPECT_EQ(implied.virtual_stones.black, 1);
  EXPECT_EQ(implied.virtual_stones.white, 1);
  EXPECT_EQ(written.result, implied.result);
  try {
    score_text(kLivingAPaused + ";JR[dispute];W[]JV[];B[cc])");
    ADD_FAILURE() << "a black board move before Black's owed virtual move was accepted";
  } catch (const ReplayError& e) {
    EXPECT_EQ(e.reason, Illegal::must_play_virtual) << e.what();
    EXPECT_EQ(e.move_number, 12);
  }
}

TEST(SeedArticles, TangSong_Art7_Living_Art21_3_AKoRetakenAfterVirtualMovesIsNoLongCycle) {
  // 000 art. 7 declares "no result" for the rare cycles it names (长生劫, 循环多劫); under 计活子
  // two virtual moves never pause (003 art. 21.3), so one ko can be taken and retaken after a
  // virtual move by each side for as long as the players like. That is one ko fought, not a long
  // cycle: seven rounds of it leave the game in play (cycle_through_non_board=false). With the
  // field set, the third repetition ends it.
  for (const bool through : {false, true}) {
    Game g = test::game_from(through ? "living-a,cycle_through_non_board=true" : "living-a", R"(
      .XO.
      XO.O
      .XO.)");
    g.set_to_move(B);
    const char* round[] = {"C2", "v", "v", "B2", "v", "v"};
    for (int k = 0; k < 7 * 6 && g.phase() == Phase::play; ++k) seq(g, {round[k % 6]});
    if (through) {
      EXPECT_EQ(g.end_reason(), EndReason::no_result);
    } else {
      EXPECT_EQ(g.phase(), Phase::play);
      EXPECT_EQ(g.captured(W), 7);
      EXPECT_EQ(g.captured(B), 7);
    }
  }
}

TEST(SeedArticles, ArtGreat_Essay_KomiFreeSeriesIsDecidedByTheTotalDifferenceThenGameWins) {
  // 004's essay: an even number of games, the first move alternating, no komi; the winner by the
  // total difference (局面差异和数值差距), the game wins as the tie-break. Two bundled CGOS games of
  // the same programs with colours swapped (komi 7: B+6, then W+16): without komi NNOdin wins
  // the first as Black by 13 and the second as White by 9: +22 over the series.
  const std::string dir = std::string(JPD_SOURCE_DIR) + "/data/games/";
  const std::vector<sgf::Record> records = {sgf::read_record_file(dir + "cgos-9x9-333079.sgf"),
                                            sgf::read_record_file(dir + "cgos-9x9-333378.sgf")};
  SeriesOptions o;
  o.score.dead_from = DeadFrom::none;  // played out to the end on the server
  const std::vector<SeriesStanding> s = series_of_records(records, o);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].rules, "chinese,komi=0");
  EXPECT_EQ(s[0].player_a, "NNOdin_1.1.2_E");
  EXPECT_EQ(s[0].games[0].result, "B+13");
  EXPECT_EQ(s[0].games[1].result, "W+9");
  EXPECT_EQ(s[0].games[1].for_a, 9);
  EXPECT_EQ(s[0].difference, 22);
  EXPECT_EQ(s[0].wins_a, 2);
  EXPECT_EQ(s[0].winner, "NNOdin_1.1.2_E");
  EXPECT_EQ(s[0].decided_by, "difference");
  EXPECT_TRUE(s[0].notes.empty());
  EXPECT_TRUE(s[0].all_invariants_hold);

  // A total difference of 0: the game wins decide, or (tie-break none) the series is tied.
  auto game = [](int n, const char* b, const char* w, double diff, const char* winner) {
    SeriesGame g;
    g.number = n;
    g.black = b;
    g.white = w;
    g.difference = diff;
    g.winner = winner;
    return g;
  };
  // A ahead by 2 over a game each: the difference decides, whatever the game wins (1 : 1).
  const SeriesStanding two = series_standing({game(1, "A", "B", 5, "A"), game(2, "B", "A", 3, "B")}, "x");
  EXPECT_EQ(two.difference, 2);
  EXPECT_EQ(two.winner, "A");
  EXPECT_EQ(two.decided_by, "difference");
  // A total of 0 (+1, -3, +2) with game wins 2 : 1: A on game wins, or a tie without the
  // tie-break.
  const std::vector<SeriesGame> level = {game(1, "A", "B", 1, "A"), game(2, "B", "A", 3, "B"),
                                         game(3, "A", "B", 2, "A")};
  const SeriesStanding wins = series_standing(level, "x");
  EXPECT_EQ(wins.difference, 0);
  EXPECT_EQ(wins.winner, "A");
  EXPECT_EQ(wins.decided_by, "game wins");
  EXPECT_FALSE(wins.notes.empty());  // an odd number of games is noted
  const SeriesStanding none = series_standing(level, "x", SeriesTieBreak::none);
  EXPECT_EQ(none.winner, "");
  EXPECT_EQ(none.decided_by, "tie");
  // Level on both: a tie.
  EXPECT_EQ(series_standing({game(1, "A", "B", 1, "A"), game(2, "B", "A", 1, "B")}, "x").decided_by,
            "tie");
}

TEST(SeedArticles, Living_Art25_2_ThePointOfABNegativeMoveIsARoadNotAMu) {
  // 003 art. 25.2: the point a B-negative move frees becomes one of the side's own 路 (roads);
  // under 计活子 the explanation and the pictures say 路, where the territory counts of
  // Tang-Song say 目 (000 art. 13(3)).
  const Count c = score_text(kDameLeftLivingB +
                             ";W[cc];B[cb];W[cd];B[ca];W[ce];JP[propose];JP[accept])", "living-b,komi=0");
  ASSERT_EQ(c.negative_b.white, 1);
  const std::string zh = explain(c, Lang::zh);
  EXPECT_NE(zh.find("该点成为己方的一路"), std::string::npos) << zh;
  EXPECT_NE(zh.find("取子之点成为己方的路"), std::string::npos) << zh;
  EXPECT_EQ(zh.find("该点成为己方的目"), std::string::npos) << zh;
  std::string legend;
  for (const svg::StepPicture& p : svg::making_pictures(c, Lang::zh)) legend += p.svg;
  EXPECT_NE(legend.find("该点为己方的一路"), std::string::npos);
  // Tang-Song art. 13(3): Black made the first virtual move and the last move: a 目.
  Game g(parse_ruleset("tang-song"), 5);
  seq(g, {"B3", "D3", "v", "D2", "B2", "D4", "B4", "D1", "B1", "v", "v"});
  const Count t = count(g, {});
  ASSERT_EQ(t.negative_b.black, 1);
  EXPECT_NE(explain(t, Lang::zh).find("该点成为己方的目"), std::string::npos);
}
