// `jpd gtp` driven as GUIs drive an engine: setup stones sent as `play` in any order (Sabaki,
// GoGui without gogui-setup), a `play` or `genmove` of the colour not to move under each reading
// of GtpEngineOptions::out_of_turn; KataGo's rules commands; GoGui's analysis commands; the
// streamed analysis Sabaki and Lizzie draw (lz-analyze, kata-analyze); time.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "jpd/count.hpp"
#include "jpd/gtp.hpp"
#include "jpd/replay.hpp"
#include "jpd/rng.hpp"
#include "jpd/sgf.hpp"
#include "test_util.hpp"

using namespace jpd;

namespace {

GtpEngineOptions quiet(const std::string& rules, int size) {
  GtpEngineOptions o;
  o.rules = parse_ruleset(rules);
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

// ---- analysis for GUIs ----

namespace {

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  size_t a = 0;
  while (a < s.size()) {
    size_t b = s.find('\n', a);
    if (b == std::string::npos) b = s.size();
    out.push_back(s.substr(a, b - a));
    a = b + 1;
  }
  return out;
}

// The engine with the bundled records' folder open, loaded with one of them.
GtpEngine loaded(const std::string& record) {
  GtpEngineOptions o = quiet("tang-song", 9);
  o.file_root = std::string(JPD_SOURCE_DIR) + "/data/games";
  GtpEngine e(o);
  ok(e, "loadsgf " + record);
  return e;
}

}  // namespace

TEST(GtpAnalyze, AnalyzeCommandsAreGoguisTypeLabelCommandAndEachOneAnswers) {
  GtpEngine e = loaded("goquest-9x9-2015-11-14-unsettled.sgf");
  const std::vector<std::string> lines = lines_of(ok(e, "gogui-analyze_commands"));
  ASSERT_GE(lines.size(), 14u);
  int gfx = 0, dboard = 0;
  for (const std::string& l : lines) {
    const size_t a = l.find('/'), b = l.find('/', a + 1);
    ASSERT_TRUE(a != std::string::npos && b != std::string::npos) << l;
    const std::string type = l.substr(0, a), command = l.substr(b + 1);
    EXPECT_TRUE(type == "gfx" || type == "dboard" || type == "plist" || type == "string") << l;
    gfx += type == "gfx";
    dboard += type == "dboard";
    EXPECT_EQ(ok(e, "known_command " + command.substr(0, command.find(' '))), "true") << l;
    ok(e, command);  // every listed command answers
  }
  EXPECT_EQ(gfx, 7);     // the rules' view, five views, the estimator
  EXPECT_EQ(dboard, 7);  // the same as heat maps
}

TEST(GtpAnalyze, TheOverlayShowsTerritoryDeadStonesAndTheFiguresOfEachView) {
  GtpEngine e = loaded("goquest-9x9-2015-11-14-unsettled.sgf");  // Black's B8 dead in White's area
  const std::string gfx = ok(e, "jpd-overlay");
  const std::vector<std::string> lines = lines_of(gfx);
  std::string black, white, mark, text;
  for (const std::string& l : lines) {
    if (l.rfind("TERRITORY b ", 0) == 0) black = l;
    if (l.rfind("TERRITORY w ", 0) == 0) white = l;
    if (l.rfind("MARK ", 0) == 0) mark = l;
    if (l.rfind("TEXT ", 0) == 0) text = l;
  }
  EXPECT_TRUE(contains(mark, " B8")) << gfx;
  EXPECT_TRUE(contains(white + " ", " B8 ")) << "the dead stone's point is White's: " << gfx;
  EXPECT_TRUE(contains(white + " ", " A9 ")) << gfx;
  EXPECT_TRUE(contains(black + " ", " H9 ")) << gfx;
  EXPECT_FALSE(contains(black + " " + white + " ", " C4 ")) << "no square on a living stone";
  const Count c = count(e.game(), default_gtp_statuses(e.game()));
  EXPECT_EQ(text, "TEXT area (the rules' view): Black " + std::to_string(int(c.area().black)) +
                      ", White " + std::to_string(int(c.area().white)) + "; result " + c.result)
      << gfx;
  // The heat map: one number a point, row by row, +1 Black's, -1 White's, 0 shared.
  const std::vector<std::string> rows = lines_of(ok(e, "jpd-ownership"));
  ASSERT_EQ(rows.size(), 9u);
  for (const std::string& r : rows) EXPECT_EQ(std::count(r.begin(), r.end(), ' '), 8) << r;
  EXPECT_EQ(rows[1].substr(0, 5), "-1 -1") << "A8, B8: White's";
  // Every view by name; an unknown one is refused with the list.
  for (const char* v : {"area", "territory", "fill_up", "living_stones", "japanese", "primary"})
    EXPECT_TRUE(contains(ok(e, std::string("jpd-overlay ") + v), "TEXT ")) << v;
  EXPECT_TRUE(contains(ok(e, "jpd-overlay japanese"), "TEXT japanese: Black "));
  EXPECT_TRUE(contains(err(e, "jpd-overlay sideways"), "living_stones"));
}

TEST(GtpAnalyze, TheEstimatorsOwnershipAndItsUncertainChains) {
  GtpEngine e = loaded("goquest-9x9-2015-11-14-unsettled.sgf");
  const std::string gfx = ok(e, "jpd-estimate");
  const std::vector<std::string> lines = lines_of(gfx);
  ASSERT_FALSE(lines.empty());
  ASSERT_EQ(lines[0].rfind("INFLUENCE ", 0), 0u) << gfx;
  EXPECT_EQ(std::count(lines[0].begin(), lines[0].end(), ' '), 2 * 81) << "a value per point";
  EXPECT_TRUE(contains(gfx, "MARK B8")) << gfx;
  EXPECT_TRUE(contains(gfx, "TEXT estimator, ")) << gfx;
  EXPECT_EQ(lines_of(ok(e, "jpd-estimate-ownership")).size(), 9u);
  // A bent four in the corner under the 计枰点 rules: left to dispute play, listed uncertain.
  GtpEngine b(quiet("tang-song", 9));
  const std::vector<std::string> rows = test::rows_of(R"(
    . X . O X . . . .
    X O O O X . . . .
    . O O X X . . . .
    O O X X . . . . .
    X X X . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  for (int y = 0; y < 9; ++y)
    for (int x = 0; x < 9; ++x)
      if (rows[y][x] != '.')
        ok(b, std::string("jpd-setup ") + (rows[y][x] == 'X' ? "B " : "W ") + to_gtp(Point(x, y), 9));
  const std::string unsure = ok(b, "jpd-uncertain");
  // One stone of each chain (its first in reading order): White's D9-B8 chain, Black's B9, A8.
  EXPECT_EQ(unsure, "B9 D9 A8");
  const std::string shown = ok(b, "jpd-estimate");
  EXPECT_TRUE(contains(shown + "\n", " B8 ")) << "every stone of the chains circled: " << shown;
  EXPECT_TRUE(contains(shown, "LABEL D9 ")) << shown;
  EXPECT_TRUE(contains(shown, "% alive")) << shown;
}

// ---- streamed analysis: lz-analyze, kata-analyze ----

namespace {
// Black's wall on column B, White's on column D of 5x5: column A is Black's, E White's.
GtpEngine walls() {
  GtpEngine e(quiet("chinese", 5));
  for (const char* m : {"B B1", "W D1", "B B2", "W D2", "B B3", "W D3", "B B4", "W D4", "B B5", "W D5"})
    ok(e, std::string("play ") + m);
  return e;
}
std::vector<double> numbers_after(const std::string& text, const std::string& key) {
  std::vector<double> out;
  const size_t at = text.find(key + " ");
  if (at == std::string::npos) return out;
  std::istringstream in(text.substr(at + key.size()));
  for (std::string w; in >> w;) {
    try {
      size_t used = 0;
      out.push_back(std::stod(w, &used));
      if (used != w.size()) break;
    } catch (const std::exception&) {
      break;
    }
  }
  return out;
}
}  // namespace

TEST(GtpLzAnalyze, StreamsTheCandidateGenmoveWouldPlayUntilTheNextLineEndsTheAnswer) {
  GtpEngine e(quiet("tang-song", 9));
  ok(e, "play B E5");
  ok(e, "play W C3");
  const std::string start = e.handle("5 lz-analyze B 10");
  ASSERT_EQ(start.rfind("=5\ninfo move ", 0), 0u) << start;
  EXPECT_EQ(start.back(), '\n');
  EXPECT_EQ(start.find("\n\n"), std::string::npos) << "the answer stays open: " << start;
  EXPECT_TRUE(e.analyzing());
  EXPECT_EQ(e.analysis_interval_ms(), 100);
  const std::string line = start.substr(3);
  EXPECT_EQ(e.analysis_update(), line);  // repeated every interval
  for (const char* key : {" visits ", " winrate ", " order 0 pv "})
    EXPECT_NE(line.find(key), std::string::npos) << key << line;
  const std::vector<double> wr = numbers_after(line, "winrate");
  ASSERT_EQ(wr.size(), 1u);
  EXPECT_GE(wr[0], 0);
  EXPECT_LE(wr[0], 10000);
  EXPECT_EQ(wr[0], std::floor(wr[0])) << "lz-analyze: 10000 times the win rate, an integer";
  // The next command ends the answer with its empty line, then is answered.
  EXPECT_EQ(e.handle("6 name"), "\n=6 jpd\n\n");
  EXPECT_FALSE(e.analyzing());
  // The candidate is the move genmove chooses (the engine's seed, no clock).
  const std::string move = line.substr(std::string("info move ").size(), line.find(" visits") - 10);
  EXPECT_EQ(ok(e, "reg_genmove B"), move);
  // A raw newline ends it too, with nothing after.
  EXPECT_EQ(e.handle("kata-analyze W maxmoves 0"), "=\n");  // no candidate asked for: no line
  EXPECT_TRUE(e.analyzing());
  EXPECT_EQ(e.handle(""), "\n");
  EXPECT_FALSE(e.analyzing());
  EXPECT_EQ(e.handle(""), "");
}

TEST(GtpLzAnalyze, KataOwnershipIsEveryPointRowMajorFromTheTopLeftForTheAnalysedPlayer) {
  // KataGo: BoardHeight*BoardWidth values in [-1, 1], row-major from the top-left (A5 first on
  // 5x5), from the side of the player analysed. The estimator's own dboard (+1 Black) agrees.
  GtpEngine e = walls();
  std::vector<double> black_map;
  for (const std::string& row : lines_of(ok(e, "jpd-estimate-ownership"))) {
    std::istringstream in(row);
    for (double v; in >> v;) black_map.push_back(v);
  }
  ASSERT_EQ(black_map.size(), 25u);
  for (const char* colour : {"B", "W"}) {
    SCOPED_TRACE(colour);
    const std::string start = e.handle(std::string("kata-analyze ") + colour + " 50 ownership true");
    ASSERT_EQ(start.rfind("=\ninfo move ", 0), 0u) << start;
    const std::vector<double> own = numbers_after(start, "ownership");
    ASSERT_EQ(own.size(), 25u) << start;
    const double side = std::string(colour) == "B" ? 1 : -1;
    for (size_t i = 0; i < 25; ++i) EXPECT_NEAR(own[i], side * black_map[i], 0.0051) << i;  // the dboard has 2 decimals
    EXPECT_GT(own[0] * side, 0.5) << "A5, top-left, Black's";
    EXPECT_LT(own[4] * side, -0.5) << "E5, top-right, White's";
    EXPECT_GT(own[20] * side, 0.5) << "A1, bottom-left, Black's";
    const std::vector<double> wr = numbers_after(start, "winrate");
    ASSERT_EQ(wr.size(), 1u) << start;
    EXPECT_GE(wr[0], 0);
    EXPECT_LE(wr[0], 1) << "kata-analyze: a fraction";
    EXPECT_NE(start.find(" scoreLead "), std::string::npos) << start;
    EXPECT_EQ(e.handle("name"), "\n= jpd\n\n");
  }
  // lz-analyze has no ownership; bad arguments are refused and open nothing.
  EXPECT_EQ(err(e, "lz-analyze B 10 ownership true").rfind("syntax error", 0), 0u);
  EXPECT_FALSE(e.analyzing());
  err(e, "kata-analyze B interval");
  EXPECT_FALSE(e.analyzing());
  const std::string listed = ok(e, "list_commands");
  EXPECT_NE(listed.find("\nlz-analyze\n"), std::string::npos);
  EXPECT_NE(listed.find("\nkata-analyze"), std::string::npos);
  EXPECT_EQ(ok(e, "known_command kata-analyze"), "true");
}

TEST(GtpLzAnalyze, JpdGtpRepeatsTheLineEveryIntervalUntilInputArrives) {
  // The process on a pipe: the line is written again every 50 ms while no input comes; the next
  // command ends the answer with an empty line; the end of input ends an open answer too.
  const std::string cmd = "(printf 'boardsize 5\\nkata-analyze B 5 ownership true\\n'; sleep 1; "
                          "printf '7 name\\nlz-analyze W 5\\n'; sleep 0.3) | " +
                          std::string(JPD_BINARY) + " gtp --playouts 100 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string text;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) text.append(buf, n);
  EXPECT_EQ(pclose(p), 0) << text;
  const size_t named = text.find("\n\n=7 jpd\n\n");
  ASSERT_NE(named, std::string::npos) << text;
  const std::string first = text.substr(0, named);
  int lines = 0;
  for (size_t at = first.find("info move "); at != std::string::npos; at = first.find("info move ", at + 1))
    ++lines;
  EXPECT_GE(lines, 3) << "repeated while no input came: " << first;
  EXPECT_NE(first.find(" ownership "), std::string::npos);
  const std::string last = text.substr(named + 10);
  EXPECT_EQ(last.rfind("=\ninfo move ", 0), 0u) << last;
  ASSERT_GE(last.size(), 2u);
  EXPECT_EQ(last.substr(last.size() - 2), "\n\n") << "ended at the end of input: " << last;
}

// ---- time ----

TEST(GtpTime, TheBudgetOfAMoveFollowsTheSettingsAndTheTimeLeft) {
  using Kind = GtpTimeControl::Kind;
  const GtpTimeLeft unknown;
  EXPECT_EQ(move_budget({}, unknown, 361), 0);  // no limit: the playouts decide
  // Absolute 600 s on an empty 19x19 board: a third of the points still to play, less 10 % and
  // 0.1 s for the lag.
  EXPECT_NEAR(move_budget({Kind::absolute, 600, 0, 0}, unknown, 361), 600.0 / 120 * 0.9 - 0.1, 1e-9);
  // In Canadian byo-yomi: the period's time over its stones.
  EXPECT_NEAR(move_budget({Kind::canadian, 600, 30, 5}, {true, 12, 3}, 200), 4 * 0.9 - 0.1, 1e-9);
  // Japanese byo-yomi (KGS: the periods left in place of stones): most of one period.
  EXPECT_NEAR(move_budget({Kind::byoyomi, 0, 10, 3}, {true, 10, 3}, 300), 8.9, 1e-9);
  // The main time nearly spent: the byo-yomi's share, which is more.
  EXPECT_NEAR(move_budget({Kind::canadian, 600, 30, 5}, {true, 1, 0}, 300), 6 * 0.9 - 0.1, 1e-9);
  // Never nothing.
  EXPECT_EQ(move_budget({Kind::absolute, 1, 0, 0}, unknown, 81), 0.02);
  // The clock after a move: the main time first, then a period that starts afresh.
  GtpTimeLeft left = after_move({Kind::canadian, 10, 30, 2}, unknown, 4);
  EXPECT_TRUE(left.known);
  EXPECT_EQ(left.seconds, 6);
  EXPECT_EQ(left.stones, 0);
  left = after_move({Kind::canadian, 10, 30, 2}, left, 8);  // 2 s into the period, 1 stone left
  EXPECT_EQ(left.seconds, 28);
  EXPECT_EQ(left.stones, 1);
  left = after_move({Kind::canadian, 10, 30, 2}, left, 5);  // the period's stones played
  EXPECT_EQ(left.seconds, 30);
  EXPECT_EQ(left.stones, 2);
}

TEST(GtpTime, GenmoveSpendsTheBudgetTheClockGivesIt) {
  double t = 0;
  GtpEngineOptions o = quiet("japanese", 9);
  o.genmove.playouts = 0;  // by board size, unless the clock says less
  o.genmove.clock = [&t] { return t += 0.001; };  // a millisecond a reading
  GtpEngine e(o);
  EXPECT_TRUE(contains(ok(e, "jpd-time B"), "no time limit"));
  ok(e, "time_settings 30 0 0");  // absolute: 30 s for the game
  const std::string before = ok(e, "jpd-time B");
  // A third of the 81 points still to play: 30 / 27 s, less 10 % and 0.1 s for the lag.
  EXPECT_TRUE(contains(before, "absolute 30.00 s; left 30.00 s; next move 0.900 s")) << before;
  ok(e, "genmove B");
  const std::string after = ok(e, "jpd-time B");
  // The move stayed within its budget (by the test's clock: its readings), the ownership
  // playouts took their fifth of it, and the clock shows what was used.
  const double left = std::stod(after.substr(after.find("left ") + 5));
  EXPECT_GE(left, 30 - 0.9 - 0.05) << after;
  EXPECT_LT(left, 30 - 0.9 / 5) << after;
  // The controller's time_left is what counts.
  ok(e, "time_left W 3 0");
  EXPECT_TRUE(contains(ok(e, "jpd-time W"), "left 3.00 s")) << ok(e, "jpd-time W");
  ok(e, "genmove W");
  EXPECT_TRUE(contains(ok(e, "jpd-time W"), "left 2.9")) << ok(e, "jpd-time W");
  // KGS's settings: byo-yomi and Canadian, and none.
  ok(e, "kgs-time_settings byoyomi 0 5 3");
  EXPECT_TRUE(contains(ok(e, "jpd-time B"), "byo-yomi 3 x 5.00 s")) << ok(e, "jpd-time B");
  ok(e, "kgs-time_settings canadian 60 30 10");
  EXPECT_TRUE(contains(ok(e, "jpd-time B"), "Canadian byo-yomi 10 stones in 30.00 s"));
  ok(e, "kgs-time_settings none");
  EXPECT_TRUE(contains(ok(e, "jpd-time B"), "no time limit"));
  ok(e, "time_settings 0 1 0");  // GTP: byo-yomi time without stones is no limit
  EXPECT_TRUE(contains(ok(e, "jpd-time B"), "no time limit"));
  EXPECT_TRUE(contains(err(e, "time_settings 10 -1 0"), "syntax error"));
  EXPECT_TRUE(contains(err(e, "kgs-time_settings sudden 10"), "syntax error"));
  EXPECT_TRUE(contains(err(e, "time_left B ten 0"), "syntax error"));
}
