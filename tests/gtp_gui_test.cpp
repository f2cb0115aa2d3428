// `jpd gtp` driven as GUIs drive an engine: setup stones sent as `play` in any order (Sabaki,
// GoGui without gogui-setup), a `play` or `genmove` of the colour not to move under each reading
// of GtpEngineOptions::out_of_turn.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "jpd/gtp.hpp"
#include "jpd/replay.hpp"
#include "jpd/rng.hpp"
#include "jpd/sgf.hpp"
#include "test_util.hpp"

using namespace jpd;

namespace {

GtpEngineOptions quiet(const std::string& rules, int size) {
  GtpEngineOptions o;
  o.rules = rules;
  o.board_size = size;
  o.genmove.playouts = 300;
  return o;
}

std::string answer(GtpEngine& e, const std::string& line, bool& ok) {
  const std::string a = e.handle(line);
  ok = !a.empty() && a[0] == '=';
  const size_t sp = a.find(' ');
  return sp == std::string::npos ? "" : a.substr(sp + 1, a.size() - sp - 3);
}

std::string ok(GtpEngine& e, const std::string& line) {
  bool good = false;
  std::string text = answer(e, line, good);
  EXPECT_TRUE(good) << line << " -> " << text;
  return text;
}

std::string err(GtpEngine& e, const std::string& line) {
  bool good = true;
  std::string text = answer(e, line, good);
  EXPECT_FALSE(good) << line << " -> " << text;
  return text;
}

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

// The position of the bundled 9x9 record after its first `moves` moves.
Board record_position(int moves) {
  sgf::Record rec = sgf::read_record_file(std::string(JPD_SOURCE_DIR) +
                                          "/data/games/goquest-9x9-2015-10-26-miura18-u4i.sgf");
  rec.steps.resize(size_t(moves));
  return replay(rec, parse_ruleset("chinese")).game.board();
}

struct Stone {
  Color color;
  Point point;
};

std::vector<Stone> stones_of(const Board& b) {
  std::vector<Stone> out;
  for (int x = 0; x < b.width(); ++x)  // column by column, as Sabaki rearranges a board
    for (int y = 0; y < b.height(); ++y)
      if (is_stone(b.at(Point(x, y)))) out.push_back({b.at(Point(x, y)), Point(x, y)});
  return out;
}

std::string play_command(const Stone& s, int height) {
  return std::string("play ") + std::string(color_letter(s.color)) + " " + to_gtp(s.point, height);
}

}  // namespace

TEST(GtpOutOfTurn, ASetupPositionSentAsPlayInAnyOrderIsSetUpAndAGameIsPlayedFromIt) {
  const Board position = record_position(30);
  std::vector<Stone> stones = stones_of(position);
  ASSERT_GT(stones.size(), 20u);
  Rng rng(2024);
  for (int order = 0; order < 6; ++order) {
    // Column by column first (Sabaki's complete rearrangement), then shuffled orders.
    if (order > 0)
      for (size_t i = stones.size() - 1; i > 0; --i)
        std::swap(stones[i], stones[rng.below(uint32_t(i + 1))]);
    GtpEngine e(quiet("japanese", 9));
    ok(e, "clear_board");
    for (const Stone& s : stones) ok(e, play_command(s, 9));
    ASSERT_TRUE(e.game().board().same_position(position)) << "order " << order << "\n"
                                                          << e.game().board().to_string();
    // Every stone is on the board: some as moves, the others as setup stones; nothing captured.
    const Counters& ctr = e.game().counters();
    EXPECT_EQ(ctr.play[0].real + ctr.play[1].real + ctr.setup[0] + ctr.setup[1],
              int(stones.size()));
    EXPECT_EQ(e.game().captured(Color::Black) + e.game().captured(Color::White), 0);
    // The record shows no colour moving twice in a row: it replays under the strict referee.
    const std::string sgf = ok(e, "printsgf");
    Replay rp = replay(sgf::read_record_text(sgf), e.game().rules());
    EXPECT_TRUE(rp.game.board().same_position(position)) << sgf;
    // The GUI asks for White's move whoever the referee thinks is to move; then the game goes
    // on to its end, every move through the referee.
    Color c = Color::White;
    int passes = 0;
    for (int n = 0; n < 120 && passes < 2; ++n, c = opponent(c)) {
      const std::string m = ok(e, "genmove " + std::string(color_letter(c)));
      passes = m == "pass" ? passes + 1 : 0;
    }
    EXPECT_EQ(e.game().phase(), Phase::paused) << e.handle("showboard");
    EXPECT_TRUE(contains(ok(e, "final_score"), "+")) << e.handle("showboard");
    if (order > 1) break;  // the game itself twice is enough; the orders are the point
  }
}

TEST(GtpOutOfTurn, EveryOrderOfASetupGivesThePositionOnEveryRuleSet) {
  const Board position = record_position(44);
  std::vector<Stone> stones = stones_of(position);
  Rng rng(99);
  for (const char* rules : {"tang-song", "living-a", "sci-1-1", "aga", "chinese"}) {
    for (int order = 0; order < 20; ++order) {
      for (size_t i = stones.size() - 1; i > 0; --i)
        std::swap(stones[i], stones[rng.below(uint32_t(i + 1))]);
      GtpEngine e(quiet(rules, 9));
      for (const Stone& s : stones) ok(e, play_command(s, 9));
      ASSERT_TRUE(e.game().board().same_position(position)) << rules << " order " << order;
      EXPECT_EQ(e.game().phase(), Phase::play) << rules;
      // No non-board move was made up: the count is not charged for moves nobody made.
      EXPECT_EQ(e.game().virtual_stones(Color::Black) + e.game().virtual_stones(Color::White), 0);
      EXPECT_EQ(e.game().counters().play[0].passes + e.game().counters().play[1].passes, 0);
    }
  }
}

TEST(GtpOutOfTurn, AStoneOutOfTurnIsASetupStoneAndOneUndoTakesItBack) {
  GtpEngine e(quiet("japanese", 9));
  ok(e, "play B D4");
  ok(e, "play B E5");  // White to move: a setup stone
  EXPECT_EQ(e.game().board().at(test::pt("E5", 9)), Color::Black);
  EXPECT_EQ(e.game().to_move(), Color::White);
  EXPECT_EQ(e.game().counters().setup[0], 1);
  EXPECT_EQ(e.game().moves().size(), 1u);
  ok(e, "undo");
  EXPECT_EQ(e.game().board().at(test::pt("E5", 9)), Color::Empty);
  EXPECT_EQ(e.game().counters().setup[0], 0);
  ok(e, "play W E5");
  EXPECT_EQ(e.game().moves().size(), 2u);
}

TEST(GtpOutOfTurn, AStoneOutOfTurnThatCapturesIsAMoveAfterTheTurnIsGiven) {
  GtpEngine e(quiet("japanese", 5));
  // White C3 in atari: Black's fourth stone around it captures it, out of turn.
  ok(e, "play B B3");
  ok(e, "play W C3");
  ok(e, "play B C4");
  ok(e, "play B C2");  // a setup stone (White to move)
  ok(e, "play B D3");  // captures C3: a move, with the side to move set to Black first
  EXPECT_EQ(e.game().board().at(test::pt("C3", 5)), Color::Empty);
  EXPECT_EQ(e.game().captured(Color::White), 1);
  EXPECT_EQ(e.game().to_move(), Color::White);
  const std::string sgf = ok(e, "printsgf");
  EXPECT_TRUE(contains(sgf, "PL[B]")) << sgf;
  EXPECT_TRUE(contains(sgf, "AB[cd]")) << sgf;
  // A stone out of turn with no liberty is a move the referee judges: suicide is refused.
  GtpEngine f(quiet("japanese", 5));
  ok(f, "play B B1");
  ok(f, "play W D4");
  ok(f, "play B A2");
  EXPECT_TRUE(contains(err(f, "play W A1"), "suicide"));
  EXPECT_EQ(f.game().to_move(), Color::White);  // unchanged by the refusal
  // A ko: the retake at once is refused; after a stone out of turn (a setup stone: the position
  // changed, as after a pass) it is allowed.
  GtpEngine g(quiet("japanese", 5));
  for (const char* s : {"B A3", "B B4", "B B2", "W B3", "W C4", "W D3", "W C2"})
    ok(g, std::string("play ") + s);
  ok(g, "play B C3");  // captures B3
  EXPECT_TRUE(contains(err(g, "play W B3"), "ko")) << g.handle("showboard");
  ok(g, "play B E1");  // out of turn: a setup stone
  ok(g, "play W B3");
  EXPECT_EQ(g.game().board().at(test::pt("C3", 5)), Color::Empty);
}

TEST(GtpOutOfTurn, PassModeTakesTheOtherSideToHavePassedUnlessThatWouldPauseTheGame) {
  GtpEngine e(quiet("japanese", 9));
  ok(e, "jpd-out-of-turn pass");
  EXPECT_EQ(ok(e, "jpd-out-of-turn"), "pass");
  ok(e, "play B D4");
  ok(e, "play B E5");  // White passed in between
  EXPECT_EQ(e.game().counters().play[1].passes, 1);
  EXPECT_EQ(e.game().moves().size(), 3u);
  ok(e, "play W pass");
  ok(e, "play W C3");  // Black's pass would pause the game: the turn is given instead
  EXPECT_EQ(e.game().phase(), Phase::play);
  EXPECT_EQ(e.game().counters().play[0].passes, 0);
  EXPECT_EQ(e.game().board().at(test::pt("C3", 9)), Color::White);
  ok(e, "undo");
  EXPECT_EQ(e.game().board().at(test::pt("C3", 9)), Color::Empty);
  EXPECT_EQ(e.game().to_move(), Color::Black);
  // Under rules without passes the other side's non-board move is its virtual move.
  GtpEngine t(quiet("tang-song", 9));
  ok(t, "jpd-out-of-turn pass");
  ok(t, "play W D4");
  EXPECT_EQ(t.game().virtual_stones(Color::Black), 1);
}

TEST(GtpOutOfTurn, GenmoveOutOfTurnGivesTheTurnFirstAndRefuseModeRefuses) {
  GtpEngine e(quiet("japanese", 9));
  ok(e, "play B E5");
  const std::string m = ok(e, "genmove B");  // Black again: the turn is given to Black
  EXPECT_EQ(e.game().board().at(parse_point(m, 9, 9)), Color::Black);
  EXPECT_EQ(e.game().to_move(), Color::White);
  ok(e, "undo");
  EXPECT_EQ(e.game().to_move(), Color::White);
  EXPECT_EQ(e.game().moves().size(), 1u);
  ok(e, "jpd-out-of-turn refuse");
  EXPECT_EQ(err(e, "genmove B"), "it is White's turn");
  EXPECT_EQ(err(e, "play B D4"), "illegal move: it is White's turn");
  EXPECT_TRUE(contains(err(e, "jpd-out-of-turn sideways"), "syntax error"));
  // Under agreed-pause rules a proposal awaiting its answer is the protocol's: never skipped.
  GtpEngine f(quiet("living-b", 9));
  ok(f, "jpd-propose W");
  EXPECT_TRUE(contains(err(f, "play W D4"), "proposal")) << f.handle("showboard");
}

// ---- KataGo's rules commands ----

namespace {

nlohmann::json kata_rules(GtpEngine& e) { return nlohmann::json::parse(ok(e, "kata-get-rules")); }

}  // namespace

TEST(GtpKataRules, GetRulesDescribesTheRuleSetInKatagosFieldsAndItsOwnText) {
  GtpEngine e(quiet("japanese", 9));
  nlohmann::json j = kata_rules(e);
  EXPECT_EQ(j["ko"], "SIMPLE");
  EXPECT_EQ(j["scoring"], "TERRITORY");
  EXPECT_EQ(j["tax"], "SEKI");
  EXPECT_EQ(j["suicide"], false);
  EXPECT_EQ(j["jpdRules"], "japanese");
  ok(e, "jpd-rules tromp-taylor");
  j = kata_rules(e);
  EXPECT_EQ(j["ko"], "POSITIONAL");
  EXPECT_EQ(j["scoring"], "AREA");
  EXPECT_EQ(j["tax"], "NONE");
  EXPECT_EQ(j["suicide"], true);
  ok(e, "jpd-rules ancient");
  EXPECT_EQ(kata_rules(e)["tax"], "ALL");
  ok(e, "jpd-rules aga");
  EXPECT_EQ(kata_rules(e)["ko"], "SITUATIONAL");
  ok(e, "jpd-rules tang-song");
  EXPECT_EQ(kata_rules(e)["scoring"], "AREA");  // 等子比空 gives the area's difference (art. 17)
  EXPECT_EQ(kata_rules(e)["tax"], "NONE");
}

TEST(GtpKataRules, SetRulesTakesKatagosShortNamesMappedToPresetsAndKeepsTheKomi) {
  GtpEngine e(quiet("tang-song", 9));
  ok(e, "komi 7");
  const struct {
    const char* name;
    const char* rules;
  } names[] = {{"tromp-taylor", "tromp-taylor,komi=7"}, {"chinese", "chinese,komi=7,ko=simple"},
               {"chinese-ogs", "chinese,komi=7"},       {"chinese-kgs", "chinese,komi=7"},
               {"japanese", "japanese,komi=7"},         {"korean", "korean,komi=7"},
               {"stone-scoring", "ancient,komi=7"},     {"aga", "aga,komi=7"},
               {"bga", "aga,komi=7"},                   {"new-zealand", "new-zealand"},
               {"JAPANESE", "japanese,komi=7"}};
  for (const auto& n : names) {
    ok(e, std::string("kata-set-rules ") + n.name);
    EXPECT_EQ(ok(e, "jpd-rules"), n.rules) << n.name;
  }
  // KataGo's description of each name, as its documentation gives it.
  ok(e, "kata-set-rules chinese");
  nlohmann::json j = kata_rules(e);
  EXPECT_EQ(j["ko"], "SIMPLE");
  EXPECT_EQ(j["scoring"], "AREA");
  EXPECT_EQ(j["suicide"], false);
  ok(e, "kata-set-rules stone-scoring");
  EXPECT_EQ(kata_rules(e)["tax"], "ALL");
  // This project's own presets by name, with fields; a komi given there is kept.
  ok(e, "kata-set-rules living-a");
  EXPECT_EQ(ok(e, "jpd-rules"), "living-a,komi=7");
  ok(e, "kata-set-rules sci-1-1,komi=7.5");
  EXPECT_EQ(ok(e, "jpd-rules"), "sci-1-1,komi=7.5");
  EXPECT_TRUE(contains(err(e, "kata-set-rules cosmic"), "tromp-taylor")) << "lists the names";
  EXPECT_EQ(ok(e, "jpd-rules"), "sci-1-1,komi=7.5");  // unchanged by the refusal
}

TEST(GtpKataRules, SetRulesTakesKatagosJsonFieldByFieldAndItsOwnOutputBack) {
  GtpEngine e(quiet("tang-song", 9));
  ok(e, R"(kata-set-rules {"hasButton":false, "ko":"POSITIONAL", "scoring":"AREA", "suicide":true, "tax":"NONE"})");
  Ruleset r = e.game().rules();
  EXPECT_EQ(r.preset, "chinese");
  EXPECT_EQ(r.ko, KoRule::positional);
  EXPECT_TRUE(r.suicide);
  EXPECT_EQ(r.komi, 6.5);
  ok(e, R"(kata-set-rules {"ko":"SITUATIONAL","scoring":"TERRITORY","tax":"NONE","suicide":false})");
  r = e.game().rules();
  EXPECT_EQ(r.counting, CountingMethod::japanese);
  EXPECT_EQ(r.ko, KoRule::situational);
  EXPECT_EQ(r.seki_territory, SekiTerritory::owned);  // tax NONE: seki eyes are territory
  EXPECT_EQ(r.eye_reading, EyeReading::none);
  EXPECT_EQ(kata_rules(e)["tax"], "NONE");
  ok(e, R"(kata-set-rules {"scoring":"AREA","tax":"ALL"})");
  EXPECT_EQ(e.game().rules().group_tax, 2);
  // What kata-get-rules gives, set back, is the same rule set exactly.
  for (const char* preset : {"tang-song", "living-b", "aga", "japanese,komi=0"}) {
    ok(e, std::string("jpd-rules ") + preset);
    const Ruleset before = e.game().rules();
    const std::string got = ok(e, "kata-get-rules");
    ok(e, "jpd-rules chinese");
    ok(e, "kata-set-rules " + got);
    Ruleset after = e.game().rules();
    // The komi stays (it comes with its own command), unless the rule set's text names one.
    EXPECT_EQ(after.komi, contains(got, "komi=") ? before.komi : 7.5) << got;
    after.komi = before.komi;
    EXPECT_EQ(after, before) << preset << ": " << got;
  }
  // kata-set-rule: one field on the rule set as it is.
  ok(e, "jpd-rules tang-song");
  ok(e, "kata-set-rule ko POSITIONAL");
  EXPECT_EQ(ok(e, "jpd-rules"), "tang-song,ko=positional");
  ok(e, "kata-set-rule suicide true");
  EXPECT_TRUE(e.game().rules().suicide);
  ok(e, "kata-set-rule scoring TERRITORY");
  EXPECT_EQ(e.game().rules().preset, "japanese");
  EXPECT_TRUE(contains(err(e, "kata-set-rule ko LOOSE"), "SIMPLE, POSITIONAL or SITUATIONAL"));
  EXPECT_TRUE(contains(err(e, "kata-set-rule colour blue"), "unknown rule"));
  EXPECT_TRUE(contains(err(e, "kata-set-rules {\"ko\": 3}"), "syntax error"));
  EXPECT_TRUE(contains(err(e, "kata-set-rules {\"ko\":"), "neither"));
  EXPECT_TRUE(contains(err(e, "kata-set-rules"), "syntax error"));
  // Rules the game so far is illegal under are refused, and the game stays as it was.
  ok(e, "jpd-rules chinese");
  ok(e, "play B D4");
  EXPECT_TRUE(contains(err(e, "kata-set-rules living-a"), "not legal under"));
  EXPECT_EQ(e.game().rules().preset, "chinese");
}
