#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "jpd/count.hpp"
#include "jpd/count_report.hpp"
#include "jpd/text.hpp"
#include "random_game.hpp"
#include "test_util.hpp"

using namespace jpd;

namespace {
constexpr Color B = Color::Black, W = Color::White;

Point P(const Game& g, std::string s) {
  if (!s.empty() && std::islower(static_cast<unsigned char>(s[0])) && s.size() > 1 &&
      std::isdigit(static_cast<unsigned char>(s[1])))
    s[0] = char(std::toupper(static_cast<unsigned char>(s[0])));
  return parse_point(s, g.width(), g.height());
}

void play(Game& g, Color c, const std::string& s) {
  auto v = g.play(Move::play(c, P(g, s)));
  ASSERT_TRUE(v.ok()) << s << ": " << v.message;
}
void must(Game& g, const Move& m) {
  auto v = g.play(m);
  ASSERT_TRUE(v.ok()) << v.message;
}

void expect_invariants(const Count& c) {
  for (auto& i : c.invariants) EXPECT_TRUE(i.ok) << i.name << ": " << text(i.detail, Lang::en);
  EXPECT_TRUE(c.all_invariants_hold);
}

// SPEC §7 worked check: 5x5, Black B3 B2 B4 B1 B5, White D3 D2 D4 D1 D5, Black C3, then a white
// and a black virtual move.
Game worked_check(const std::string& rules) {
  Game g(parse_ruleset(rules), 5);
  const Move nb_w = g.rules().allow_virtual ? Move::virtual_move(W) : Move::pass(W);
  const Move nb_b = g.rules().allow_virtual ? Move::virtual_move(B) : Move::pass(B);
  const char* b[] = {"B3", "B2", "B4", "B1", "B5"};
  const char* w[] = {"D3", "D2", "D4", "D1", "D5"};
  for (int i = 0; i < 5; ++i) {
    play(g, B, b[i]);
    play(g, W, w[i]);
  }
  play(g, B, "C3");
  must(g, nb_w);
  must(g, nb_b);
  return g;
}

// 003 figure 5: 7x7, White first, 21 moves each, each side captures one stone; black c2 dead.
Game figure5() {
  Game g(parse_ruleset("living-a"), 7);
  const char* w[] = {"c7", "a3", "b3", "c3", "a2", "d2", "e2", "b1", "c1", "d1", "e1",
                     "f1", "d5", "e5", "g5", "e4", "g4", "f7", "e6", "g6", "f5"};
  const char* b[] = {"f6", "b6", "d6", "c5", "a4", "b4", "c4", "d4", "f4", "d3", "e3",
                     "f3", "g3", "c2", "f2", "g2", "g1", "e7", "b7", "d7", "c6"};
  for (int i = 0; i < 21; ++i) {
    play(g, W, w[i]);
    play(g, B, b[i]);
  }
  return g;
}
}  // namespace

TEST(Count, SpecWorkedCheck_TangSongIsWhiteByHalfAPoint) {
  Game g = worked_check("tang-song,komi=0.5");
  ASSERT_EQ(g.phase(), Phase::paused);
  Count c = count(g, {});
  EXPECT_EQ(c.area().black, 13);
  EXPECT_EQ(c.area().white, 12);
  EXPECT_EQ(c.live.black, 6);
  EXPECT_EQ(c.live.white, 5);
  EXPECT_EQ(c.owned.black, 5);
  EXPECT_EQ(c.owned.white, 5);
  EXPECT_EQ(c.dame, 4);
  EXPECT_EQ(c.shared, 4);
  EXPECT_EQ(c.placed.black, 7);
  EXPECT_EQ(c.placed.white, 6);
  EXPECT_EQ(c.first_virtual_color, W);
  EXPECT_EQ(c.last_move, B);
  EXPECT_EQ(c.pay, 1);
  EXPECT_EQ(c.negative_a.black, 1);  // case (1): one negative-A move by Black
  EXPECT_EQ(c.territory().black, 4);
  EXPECT_EQ(c.territory().white, 4);
  EXPECT_EQ(c.k, 6);
  EXPECT_EQ(c.result, "W+0.5");
  expect_invariants(c);
}

TEST(Count, SpecWorkedCheck_MingQingIsBlackByHalfAPoint) {
  Game g = worked_check("ming-qing,komi=0.5");
  Count c = count(g, {});
  EXPECT_EQ(c.pay, 0);
  EXPECT_EQ(c.negative_b.black, 1);  // law: the extra stone comes off inside Black's territory
  EXPECT_EQ(c.territory().black, 5);
  EXPECT_EQ(c.territory().white, 4);
  EXPECT_EQ(c.result, "B+0.5");
  expect_invariants(c);
}

TEST(Count, Seed003Figure5_AreaLivingStonesAndRefillAgree) {
  Game g = figure5();
  EXPECT_EQ(g.captured(B), 1);
  EXPECT_EQ(g.captured(W), 1);
  Statuses st;
  st.dead = {P(g, "c2")};
  st.source = StatusSource::given;
  Count c = count(g, st);
  EXPECT_EQ(c.area().black, 24);
  EXPECT_EQ(c.area().white, 25);
  EXPECT_EQ(c.units.black, 1);
  EXPECT_EQ(c.units.white, 2);
  EXPECT_EQ(c.seki_units.black + c.seki_units.white, 0);
  EXPECT_EQ(c.living_stones().black, 22);
  EXPECT_EQ(c.living_stones().white, 21);
  EXPECT_EQ(c.owned.black, 5);
  EXPECT_EQ(c.owned.white, 5);
  EXPECT_EQ(c.owned.black - (c.captured.black + c.dead.black), 3);  // t_B = 5 - 2
  EXPECT_EQ(c.owned.white - (c.captured.white + c.dead.white), 4);  // t_W = 5 - 1
  EXPECT_EQ(c.placed.black, 21);
  EXPECT_EQ(c.placed.white, 21);
  EXPECT_EQ(c.k, 21);
  EXPECT_EQ(c.territory().black - c.territory().white, -1);  // = the area difference
  EXPECT_EQ(c.haiqitou().black - c.haiqitou().white, c.living_stones().black - c.living_stones().white);
  expect_invariants(c);
}

TEST(Count, Seed003Figure5_FromTheDiagramsSetupStonesTheDifferenceIsTheSame) {
  // SPEC §7: from the diagram's setup stones alone (no captures) t is 4 : 5 with 20 stones each.
  Game g(parse_ruleset("living-a"), 7);
  auto rows = test::rows_of(R"(
    .X.XXO.
    .XXXO.O
    ..XOOOO
    XXXXOXO
    OOOXXXX
    O.XOOXX
    .OOOOOX)");
  for (int y = 0; y < 7; ++y)
    for (int x = 0; x < 7; ++x) {
      if (rows[y][x] == 'X') g.setup_stone(B, Point(x, y));
      if (rows[y][x] == 'O') g.setup_stone(W, Point(x, y));
    }
  Statuses st;
  st.dead = {P(g, "c2")};
  Count c = count(g, st);
  EXPECT_EQ(c.owned.black - c.dead.black, 4);
  EXPECT_EQ(c.owned.white - c.dead.white, 5);
  EXPECT_EQ(c.k, 20);
  EXPECT_EQ(c.territory().black - c.territory().white, -1);
  expect_invariants(c);
}

TEST(Count, DeadStoneOnAnEmptyPointIsRefusedWithThePoint) {
  Game g = worked_check("tang-song");
  Statuses st;
  st.dead = {P(g, "A1")};
  try {
    count(g, st);
    FAIL();
  } catch (const CountError& e) {
    EXPECT_EQ(std::string(e.what()), "the dead-stone list names an empty point, A1");
  }
}

TEST(Count, ClaimsAreRefusedWhereTheRulesHaveNone) {
  Game g = worked_check("japanese");
  Statuses st;
  st.claims = {{B, P(g, "C1")}};
  EXPECT_THROW(count(g, st), CountError);
  Game h = worked_check("tang-song");
  Count c = count(h, st);
  EXPECT_EQ(c.owned.black, 6);  // column A and the claimed dame
  expect_invariants(c);
}

TEST(Count, JsonCarriesTheContractFields) {
  Count c = count(worked_check("tang-song,komi=0.5"), {});
  nlohmann::json j = to_json(c);
  for (const char* k : {"rules", "preset", "board_size", "komi", "first_player", "end", "result",
                        "winner", "margin", "area", "territory", "shared", "living_stones", "units",
                        "fill_up", "japanese", "moves", "captured", "dead", "first_virtual",
                        "last_move", "invariants", "all_invariants_hold"})
    EXPECT_TRUE(j.contains(k)) << k;
  EXPECT_EQ(j["rules"], "tang-song,komi=0.5");
  EXPECT_EQ(j["result"], "W+0.5");
  EXPECT_EQ(j["winner"], "W");
  EXPECT_EQ(j["margin"], 0.5);
  EXPECT_EQ(j["area"]["B"], 13);
  EXPECT_EQ(j["moves"]["B"]["real"], 6);
  EXPECT_EQ(j["moves"]["B"]["virtual"], 1);
  EXPECT_EQ(j["moves"]["B"]["negative"], 1);
  EXPECT_EQ(j["first_virtual"], "W");
  EXPECT_EQ(j["last_move"], "B");
  EXPECT_TRUE(j["all_invariants_hold"].get<bool>());
}

TEST(Count, ExplanationShowsEveryStepAndTheArithmeticInBothLanguages) {
  Count c = count(worked_check("tang-song,komi=0.5"), {});
  std::string en = explain(c, Lang::en), zh = explain(c, Lang::zh);
  EXPECT_NE(en.find("equal stones"), std::string::npos);
  EXPECT_NE(en.find("6 + 5 + 4/2 = 13"), std::string::npos);
  EXPECT_NE(en.find("negative-A"), std::string::npos);
  EXPECT_NE(en.find("Result: W+0.5"), std::string::npos);
  EXPECT_NE(zh.find("等子局面"), std::string::npos);
  EXPECT_NE(zh.find("子空合计"), std::string::npos);
  EXPECT_NE(zh.find("结果：白胜半点（W+0.5）"), std::string::npos);
  EXPECT_NE(zh.find("A类负着"), std::string::npos);
}

TEST(Count, TheButtonGivesHalfAPointToTheFirstToPass) {
  // The SPEC §7 worked check under Chinese rules with the button: White passes first and takes
  // it (Black's 1 point becomes half a point); when Black passes first, Black takes it.
  Game w = worked_check("chinese,button=true,komi=0");
  Count cw = count(w, {});
  EXPECT_EQ(cw.button, W);
  EXPECT_EQ(cw.primary_difference, cw.area().diff(B) - 0.5);
  EXPECT_EQ(cw.result, "B+0.5");
  Count plain = count(w, parse_ruleset("chinese,komi=0"), {});
  EXPECT_EQ(plain.button, Color::Empty);
  EXPECT_EQ(plain.result, "B+1");
  Game b(parse_ruleset("chinese,button=true,komi=0"), 5);
  for (const char* m : {"B3", "D3", "B2", "D2", "B4", "D4", "B1", "D1", "B5", "D5"})
    play(b, b.to_move(), m);
  must(b, Move::pass(B));
  must(b, Move::pass(W));
  Count cb = count(b, {});
  EXPECT_EQ(cb.button, B);
  EXPECT_EQ(cb.primary_difference, cb.area().diff(B) + 0.5);
  EXPECT_EQ(to_json(cb)["button"], "B");
  expect_invariants(cb);
}

TEST(Count, HandicapCompensationUnderAreaCountingIsNoneNMinusOneOrN) {
  // A three-stone handicap game: Chinese rules give White 3 points for it, AGA 2, New Zealand
  // none; the count is otherwise the same.
  auto game = [](const std::string& rules) {
    Game g(parse_ruleset(rules), 9);
    g.place_fixed_handicap(3);
    for (const char* m : {"E5", "D5", "E4", "D4", "E6", "D6"}) play(g, g.to_move(), m);
    must(g, Move::pass(g.to_move()));
    must(g, Move::pass(g.to_move()));
    if (g.phase() != Phase::paused) must(g, Move::pass(g.to_move()));  // AGA: White passes last
    return g;
  };
  for (auto [preset, points] : {std::pair{"chinese", 3}, {"aga", 2}, {"new-zealand", 0}}) {
    const Game g = game(preset);
    ASSERT_EQ(g.phase(), Phase::paused) << preset;
    const Count c = count(g, {});
    const Count none = count(g, parse_ruleset(std::string(preset) + ",handicap_compensation=none"), {});
    EXPECT_EQ(c.handicap_stones, 3) << preset;
    EXPECT_EQ(c.handicap_compensation, points) << preset;
    EXPECT_EQ(c.primary_difference, none.primary_difference - points) << preset;
    EXPECT_EQ(c.area().black, none.area().black) << preset;
    expect_invariants(c);
  }
  // A position set up with stones of both colours is no handicap.
  Game s(parse_ruleset("chinese"), 9);
  s.setup_stone(B, parse_point("C3", 9, 9));
  s.setup_stone(W, parse_point("G7", 9, 9));
  must(s, Move::pass(B));
  must(s, Move::pass(W));
  EXPECT_EQ(count(s, {}).handicap_compensation, 0);
}

TEST(Count, ResignationKeepsItsResult) {
  Game g(parse_ruleset("chinese"), 9);
  play(g, B, "E5");
  must(g, Move::resign(W));
  Count c = count(g, {});
  EXPECT_EQ(c.result, "B+R");
  EXPECT_EQ(c.winner, B);
  EXPECT_EQ(c.end, EndReason::resigned);
}

// ------------------------------------------------------------------------------------------------
// Property test: random legal games under every preset (random_game.hpp: non-board moves,
// proposals, handicap and setup, disputes, making), random dead stones and claims; every invariant
// must hold.

namespace {
// Both paths: the steps kept (every view on its board), and the fast path without them, which
// makes the boards too by default (check_by_boards): every view against its formula.
void random_game_counts(const Preset& p, int preset_index, int games, int* counted) {
  CountOptions fast;
  fast.keep_steps = false;
  ASSERT_TRUE(fast.check_by_boards);
  for (int n = 0; n < games; ++n) {
    RandomGame rg = random_game(p.rules, random_game_seed(1000, preset_index, uint64_t(n)));
    for (const CountOptions& o : {CountOptions{}, fast}) {
      Count c = count(rg.game, rg.statuses, o);
      ++*counted;
      for (auto& i : c.invariants)
        ASSERT_TRUE(i.ok) << p.name << " game " << n << (o.keep_steps ? "" : " (fast path)") << ": "
                          << i.name << ": " << text(i.detail, Lang::en) << "\n"
                          << explain(c, Lang::en);
    }
  }
}
}  // namespace

TEST(CountProperty, EveryInvariantHoldsOnRandomGamesUnderEveryPreset) {
  int counted = 0, index = 0;
  for (const Preset& p : presets()) random_game_counts(p, index++, 1000, &counted);
  EXPECT_GT(counted, 2 * 1000 * 20);
}
