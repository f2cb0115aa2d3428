// The web referee as players expect it: the count drawn on the board before they agree (every
// view), the players' names, an uploaded record counted under the rules chosen for it, and its
// download with its headers, a standard RU and the count's territory as TB/TW.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "jpd/rules.hpp"
#include "jpd/sgf.hpp"
#include "jpd/web/app.hpp"
#include "web_util.hpp"

namespace jpd::web {
namespace {

using nlohmann::json;
using namespace jpd::web::test;

// Uploads a record as the page does (Content-Type application/x-go-sgf); keeps its tokens.
json upload(Client& c, const std::string& text, const std::string& query = "") {
  const std::string target = "/api/sgf" + query;
  Request r;
  r.method = "POST";
  r.target = target;
  r.body = text;
  r.client = c.client;
  r.content_type = "application/x-go-sgf";
  c.last = c.app.handle(r);
  json j = json::parse(c.last.body);
  if (j.contains("tokens"))
    for (auto& [colour, t] : j["tokens"].items()) c.tokens[j["id"]][colour] = t;
  return j;
}

// SPEC 7's worked check as a record that stops in play, with a game's information.
const char* kRecord =
    "(;GM[1]FF[4]SZ[5]KM[0.5]RU[Chinese]PB[Ke Jie]PW[Shin Jinseo]EV[Club Cup]DT[2026-12-01]"
    "BR[9p]WR[9p]GN[Final];B[bc];W[dc];B[bd];W[dd];B[bb];W[db];B[be];W[de];B[ba];W[da];B[cc])";

// SPEC 7's worked check played to two passes under the Chinese rules.
std::string worked_check_chinese(Client& c) {
  json g = c.call("POST", "/api/games", json{{"rules", "chinese"}, {"size", 5}, {"komi", 0.5}});
  const std::string key = g["id"];
  for (const char* p : {"B3", "D3", "B2", "D2", "B4", "D4", "B1", "D1", "B5", "D5", "C3"})
    c.move(key, c.call("GET", game_path(key))["to_move"].get<std::string>().c_str(), "play", p);
  c.move(key, "W", "pass");
  json s = c.move(key, "B", "pass");
  EXPECT_EQ(s["phase"], "paused") << c.last.body;
  return key;
}

TEST(WebGui, TheOverlayAtThePauseIsTheRulesViewOfTheCountAndAnyOtherViewOnRequest) {
  App app(memory_options());
  Client c(app);
  const std::string id = worked_check_chinese(c);
  json n = c.call("POST", game_path(id, "/overlay"), json::object());
  ASSERT_EQ(c.last.status, 200) << c.last.body;
  const json& o = n["overlay"];
  EXPECT_EQ(o["view"], "area");
  EXPECT_TRUE(o["primary"]);
  EXPECT_EQ(o["result"], n["result"]);
  EXPECT_EQ(n["views"].size(), 5u);
  // The count itself is jpd score --json, unchanged.
  json counted = c.call("POST", game_path(id, "/count"), json::object());
  EXPECT_FALSE(counted.contains("overlay"));
  EXPECT_EQ(counted["result"], o["result"]);
  EXPECT_EQ(counted["area"]["B"], o["figures"]["B"]);
  // Column A is Black's, E White's; B and D are the stones' own; C3 Black's stone.
  ASSERT_EQ(o["owner"].size(), 5u);
  for (const json& row : o["owner"]) {
    const std::string r = row;
    ASSERT_EQ(r.size(), 5u);
    EXPECT_EQ(r[0], 'B');
    EXPECT_EQ(r[1], 'B');
    EXPECT_EQ(r[3], 'W');
    EXPECT_EQ(r[4], 'W');
  }
  EXPECT_EQ(o["owner"][2].get<std::string>()[2], 'B');
  // The figures beside it are the count's own: the area view adds up to the board.
  EXPECT_DOUBLE_EQ(o["figures"]["B"].get<double>() + o["figures"]["W"].get<double>(), 25.0);
  // Another view on request; the Japanese view counts no stones.
  json j = c.call("POST", game_path(id, "/overlay"), json{{"view", "japanese"}});
  ASSERT_EQ(c.last.status, 200) << c.last.body;
  EXPECT_EQ(j["overlay"]["view"], "japanese");
  EXPECT_FALSE(j["overlay"]["primary"]);
  EXPECT_EQ(j["overlay"]["owner"][0].get<std::string>().substr(0, 2), "B.");
  EXPECT_DOUBLE_EQ(j["overlay"]["figures"]["B"].get<double>(), 5.0);
  // Dead stones marked (C3 and B1-B5 are one chain) are drawn as the land of the other side.
  c.as("B", "POST", game_path(id, "/marks"), json{{"dead", {"C3"}}});
  json d = c.call("POST", game_path(id, "/overlay"), json::object());
  EXPECT_EQ(d["overlay"]["dead"], json({"B5", "B4", "B3", "C3", "B2", "B1"}));
  for (const json& row : d["overlay"]["owner"]) EXPECT_EQ(row, "WWWWW");
  c.call("POST", game_path(id, "/overlay"), json{{"view", "cosmic"}});
  EXPECT_EQ(c.last.status, 400);
  EXPECT_EQ(json::parse(c.last.body)["reason"], "bad_request");
  // At the end the count is the one agreed.
  c.as("B", "POST", game_path(id, "/marks"), json{{"dead", json::array()}});
  c.as("B", "POST", game_path(id, "/agree"), json{{"color", "B"}});
  json end = c.as("W", "POST", game_path(id, "/agree"), json{{"color", "W"}});
  ASSERT_EQ(end["phase"], "ended");
  json after = c.call("POST", game_path(id, "/overlay"), json::object());
  ASSERT_EQ(c.last.status, 200) << c.last.body;
  EXPECT_EQ(after["overlay"], o);
  EXPECT_EQ(after["result"], end["result"]);
}

TEST(WebGui, PlayersNamesFromTheCreatorAndFromASeatInTheGameAndTheLobby) {
  App app(memory_options());
  Client creator(app, "a"), other(app, "b");
  json g = creator.call("POST", "/api/games?seat=B",
                        json{{"size", 9}, {"public", true}, {"players", {{"B", "  Ke Jie "}}}, {"seat", "B"}});
  ASSERT_EQ(creator.last.status, 201) << creator.last.body;
  EXPECT_EQ(g["players"], json({{"B", "Ke Jie"}, {"W", ""}}));
  const std::string id = g["id"];
  json s = other.call("POST", game_path(id, "/seats"), json{{"color", "W"}, {"name", "申真谞"}});
  ASSERT_EQ(other.last.status, 201) << other.last.body;
  EXPECT_EQ(s["players"], json({{"B", "Ke Jie"}, {"W", "申真谞"}}));
  json list = other.call("GET", "/api/games");
  ASSERT_EQ(list["games"].size(), 1u);
  EXPECT_EQ(list["games"][0]["players"]["W"], "申真谞");
  // A name is text, short, without control characters.
  for (const json& bad : {json("a\nb"), json(std::string(61, 'x')), json(7)}) {
    creator.call("POST", "/api/games", json{{"size", 9}, {"players", {{"W", bad}}}});
    EXPECT_EQ(creator.last.status, 400) << bad;
    EXPECT_TRUE(json::parse(creator.last.body).contains("error"));
  }
}

TEST(WebGui, AnUploadedRecordTakesTheRulesChosenAndIsPausedToBeCountedByAPlayer) {
  App app(memory_options());
  Client c(app), stranger(app, "x");
  std::string norules = kRecord;
  norules.replace(norules.find("RU[Chinese]"), 11, "");
  json g = upload(c, norules, "?rules=japanese");
  ASSERT_EQ(c.last.status, 201) << c.last.body;
  EXPECT_EQ(g["preset"], "japanese");
  EXPECT_EQ(g["komi"], 0.5);  // the record's KM
  EXPECT_EQ(g["phase"], "play");
  EXPECT_TRUE(g["uploaded"]);
  const std::string id = g["id"];
  stranger.call("POST", game_path(id, "/pause"), json::object());
  EXPECT_EQ(stranger.last.status, 403);
  json p = c.as("W", "POST", game_path(id, "/pause"), json::object());
  ASSERT_EQ(c.last.status, 200) << c.last.body;
  EXPECT_EQ(p["phase"], "paused");
  EXPECT_TRUE(p["marks"].is_object());
  c.as("B", "POST", game_path(id, "/pause"), json::object());
  EXPECT_EQ(c.last.status, 409);  // paused already
  // A game played here pauses by the rules' moves only.
  json played = c.call("POST", "/api/games", json{{"size", 9}});
  c.as("B", "POST", game_path(played["id"], "/pause"), json::object());
  EXPECT_EQ(c.last.status, 409);
  EXPECT_EQ(json::parse(c.last.body)["reason"], "not_a_record");
}

TEST(WebGui, TheDownloadKeepsTheHeadersWritesAStandardRuAndTheTerritoryAndReadsBackTheSame) {
  App app(memory_options());
  Client c(app);
  json g = upload(c, kRecord);
  ASSERT_EQ(c.last.status, 201) << c.last.body;
  EXPECT_EQ(g["players"], json({{"B", "Ke Jie"}, {"W", "Shin Jinseo"}}));
  const std::string id = g["id"];
  c.as("B", "POST", game_path(id, "/pause"), json::object());
  c.as("B", "POST", game_path(id, "/marks"), json{{"dead", json::array()}});
  c.as("B", "POST", game_path(id, "/agree"), json{{"color", "B"}});
  json end = c.as("W", "POST", game_path(id, "/agree"), json{{"color", "W"}});
  ASSERT_EQ(end["phase"], "ended") << c.last.body;
  c.call("GET", game_path(id, "/sgf"));
  ASSERT_EQ(c.last.status, 200);
  const std::string sgf = c.last.body;
  for (const char* p : {"PB[Ke Jie]", "PW[Shin Jinseo]", "EV[Club Cup]", "DT[2026-12-01]", "BR[9p]",
                        "WR[9p]", "GN[Final]", "RU[Chinese]", "KM[0.5]", "JPDD[]"})
    EXPECT_NE(sgf.find(p), std::string::npos) << p << " in " << sgf;
  EXPECT_NE(sgf.find("RE[" + end["result"].get<std::string>() + "]"), std::string::npos) << sgf;
  // The territory: column A Black's, E White's, as Sabaki shows TB and TW.
  const sgf::Record back = sgf::read_record_text(sgf);
  EXPECT_EQ(back.territory_black.size(), 5u) << sgf;
  EXPECT_EQ(back.territory_white.size(), 5u) << sgf;
  for (Point p : back.territory_black) EXPECT_EQ(p.x, 0);
  for (Point p : back.territory_white) EXPECT_EQ(p.x, 4);
  // Uploaded again: the same rules, players and headers.
  json again = upload(c, sgf);
  ASSERT_EQ(c.last.status, 201) << c.last.body;
  EXPECT_EQ(again["rules"], g["rules"]);
  EXPECT_EQ(again["players"], g["players"]);
  c.call("GET", game_path(again["id"], "/sgf"));
  for (const char* p : {"EV[Club Cup]", "DT[2026-12-01]", "BR[9p]", "WR[9p]"})
    EXPECT_NE(c.last.body.find(p), std::string::npos) << p;
  // A rule set without a standard name keeps the project's own RU.
  const std::string tang = worked_check(c, "tang-song");
  c.call("GET", game_path(tang, "/sgf"));
  EXPECT_NE(c.last.body.find("RU[JPD:tang-song"), std::string::npos) << c.last.body;
}

TEST(WebGui, AStandardRuOnlyForAPresetUnchangedButForItsKomiAndItReadsBackToIt) {
  EXPECT_EQ(standard_sgf_rules(parse_ruleset("chinese")), "Chinese");
  EXPECT_EQ(standard_sgf_rules(parse_ruleset("chinese,komi=7")), "Chinese");
  EXPECT_EQ(standard_sgf_rules(parse_ruleset("japanese")), "Japanese");
  EXPECT_EQ(standard_sgf_rules(parse_ruleset("aga")), "AGA");
  EXPECT_EQ(standard_sgf_rules(parse_ruleset("ing")), "GOE");
  EXPECT_EQ(standard_sgf_rules(parse_ruleset("new-zealand")), "NZ");
  EXPECT_EQ(standard_sgf_rules(parse_ruleset("chinese,ko=simple")), "");
  EXPECT_EQ(standard_sgf_rules(parse_ruleset("tang-song")), "");
  int standard = 0;
  for (const Preset& p : presets()) {
    const std::string ru = standard_sgf_rules(p.rules);
    if (ru.empty()) continue;
    ++standard;
    EXPECT_EQ(preset_for_sgf_rules(ru), p.name) << ru;
  }
  EXPECT_GE(standard, 6);
}

TEST(WebGui, AMoveIsTakenBackOnlyWithTheOpponentsConsentAndTheGameIsAsBeforeIt) {
  App app(memory_options());
  Client black(app, "b"), white(app, "w");
  json g = black.call("POST", "/api/games?seat=B", json{{"rules", "chinese"}, {"size", 9}});
  const std::string id = g["id"];
  white.call("POST", game_path(id, "/seats"), json{{"color", "W"}});
  black.move(id, "B", "play", "E5");
  const json before = white.move(id, "W", "play", "C3");
  black.move(id, "B", "play", "G7");
  EXPECT_EQ(black.call("GET", game_path(id))["may_undo"], json({{"B", true}, {"W", true}}));
  // Only the mover asks, with its own seat; only the other seat answers.
  white.as("W", "POST", game_path(id, "/undo"), json{{"color", "B"}});
  EXPECT_EQ(white.last.status, 403);
  json asked = black.as("B", "POST", game_path(id, "/undo"), json{{"color", "B"}});
  ASSERT_EQ(black.last.status, 200) << black.last.body;
  EXPECT_EQ(asked["undo_request"], "B");
  EXPECT_EQ(asked["moves"].size(), 3u);  // nothing taken back yet
  black.as("B", "POST", game_path(id, "/undo"), json{{"color", "B"}, {"accept", true}});
  EXPECT_EQ(black.last.status, 409);  // its own request
  EXPECT_EQ(json::parse(black.last.body)["reason"], "no_undo_request");
  // Refused: play goes on.
  json refused = white.as("W", "POST", game_path(id, "/undo"), json{{"color", "W"}, {"accept", false}});
  EXPECT_TRUE(refused["undo_request"].is_null());
  EXPECT_EQ(refused["moves"].size(), 3u);
  // Accepted: the position, the side to move and the history are those before the move.
  black.as("B", "POST", game_path(id, "/undo"), json{{"color", "B"}});
  json taken = white.as("W", "POST", game_path(id, "/undo"), json{{"color", "W"}, {"accept", true}});
  ASSERT_EQ(white.last.status, 200) << white.last.body;
  for (const char* k : {"moves", "board", "to_move", "captured", "ko", "legal"}) EXPECT_EQ(taken[k], before[k]) << k;
  // After White's reply, Black's take-back removes both moves.
  black.move(id, "B", "play", "D4");
  white.move(id, "W", "play", "F6");
  black.as("B", "POST", game_path(id, "/undo"), json{{"color", "B"}});
  json two = white.as("W", "POST", game_path(id, "/undo"), json{{"color", "W"}, {"accept", true}});
  EXPECT_EQ(two["moves"], before["moves"]);
  // A move instead of an answer lets the request lapse.
  black.move(id, "B", "play", "D4");
  json asked_w = white.as("W", "POST", game_path(id, "/undo"), json{{"color", "W"}});
  EXPECT_EQ(asked_w["undo_request"], "W");
  json lapsed = white.move(id, "W", "play", "E6");
  ASSERT_EQ(white.last.status, 200) << white.last.body;
  EXPECT_TRUE(lapsed["undo_request"].is_null());
  black.as("B", "POST", game_path(id, "/undo"), json{{"color", "B"}, {"accept", true}});
  EXPECT_EQ(black.last.status, 409);
  // Nothing is taken back across a pause.
  black.move(id, "B", "pass");
  white.move(id, "W", "pass");
  ASSERT_EQ(white.last.status, 200) << white.last.body;
  EXPECT_EQ(json::parse(white.last.body)["phase"], "paused");
  white.as("W", "POST", game_path(id, "/undo"), json{{"color", "W"}});
  EXPECT_EQ(white.last.status, 409);
}

TEST(WebGui, ATakeBackSurvivesARestartAsItWasAgreed) {
  TempDb db;
  Options o = memory_options();
  o.db = db.path.string();
  std::string id;
  json seen;
  {
    App app(o);
    Client c(app);
    id = c.call("POST", "/api/games", json{{"rules", "japanese"}, {"size", 9}})["id"];
    c.move(id, "B", "play", "E5");
    c.move(id, "W", "play", "C3");
    c.as("W", "POST", game_path(id, "/undo"), json{{"color", "W"}});
    c.as("B", "POST", game_path(id, "/undo"), json{{"color", "B"}, {"accept", true}});
    c.move(id, "W", "play", "G3");
    c.as("B", "POST", game_path(id, "/undo"), json{{"color", "B"}});  // pending at the restart
    seen = c.call("GET", game_path(id));
  }
  App again(o);
  Client c(again);
  json after = c.call("GET", game_path(id));
  EXPECT_EQ(after, seen);
  EXPECT_EQ(after["moves"].size(), 2u);
  EXPECT_EQ(after["undo_request"], "B");
}

TEST(WebGui, AnEngineOpponentAllowsATakeBack) {
  App app(memory_options());
  Client c(app);
  json g = c.call("POST", "/api/games", json{{"rules", "chinese"}, {"size", 9}, {"engine", "W"}});
  const std::string id = g["id"];
  c.move(id, "B", "play", "E5");
  c.as("B", "POST", game_path(id, "/genmove"), json{{"color", "W"}});
  json back = c.as("B", "POST", game_path(id, "/undo"), json{{"color", "B"}});
  ASSERT_EQ(c.last.status, 200) << c.last.body;
  EXPECT_EQ(back["moves"].size(), 0u);
  EXPECT_EQ(back["to_move"], "B");
}

}  // namespace
}  // namespace jpd::web

namespace jpd::web {
namespace {

using nlohmann::json;
using namespace jpd::web::test;

// An App whose clock the test moves.
struct Timed {
  std::shared_ptr<int64_t> t = std::make_shared<int64_t>(1'000'000'000'000);
  Options options() const {
    Options o = memory_options();
    auto clock = t;
    o.now_ms = [clock] { return *clock; };
    return o;
  }
  void pass(double seconds) { *t += int64_t(seconds * 1000); }
};

TEST(WebClock, ByoYomiKeepsAPeriodWithinItAndUsesOneUpBeyondAndTheServerFlagsTheLoser) {
  Timed time;
  App app(time.options());
  Client c(app);
  json g = c.call("POST", "/api/games", json{{"rules", "japanese"}, {"size", 9},
                                            {"clock", {{"type", "byoyomi"}, {"main", 10}, {"periods", 2}, {"period", 5}}}});
  ASSERT_EQ(c.last.status, 201) << c.last.body;
  const std::string id = g["id"];
  EXPECT_EQ(g["clock"]["B"]["left"], 20.0);
  EXPECT_TRUE(g["clock"]["running"].is_null());  // from the first move
  time.pass(100);
  c.move(id, "B", "play", "E5");  // free
  time.pass(8);
  json s = c.move(id, "W", "play", "C3");  // 8 of White's 10 s
  EXPECT_EQ(s["clock"]["W"]["main"], 2.0);
  EXPECT_EQ(s["clock"]["W"]["periods"], 2);
  EXPECT_EQ(s["clock"]["running"], "B");
  time.pass(3);
  c.move(id, "B", "play", "G7");
  time.pass(6);  // 2 s of main time, then 4 s: within the first period, kept
  s = c.move(id, "W", "play", "C7");
  EXPECT_EQ(s["clock"]["W"]["main"], 0.0);
  EXPECT_EQ(s["clock"]["W"]["periods"], 2);
  c.move(id, "B", "play", "G3");
  time.pass(7);  // a period overrun: one used up
  s = c.move(id, "W", "play", "E3");
  EXPECT_EQ(s["clock"]["W"]["periods"], 1);
  c.move(id, "B", "play", "E7");
  time.pass(4.9);
  s = c.call("GET", game_path(id));
  EXPECT_EQ(s["phase"], "play");
  EXPECT_NEAR(s["clock"]["W"]["left"].get<double>(), 0.1, 1e-9);
  time.pass(0.1);
  // The server flags White the moment anyone looks: lost on time, a move after it refused.
  s = c.call("GET", game_path(id, "?known=" + std::to_string(s["version"].get<int64_t>())));
  EXPECT_EQ(s["phase"], "ended");
  EXPECT_EQ(s["result"], "B+T");
  EXPECT_EQ(s["clock"]["lost_on_time"], "W");
  c.move(id, "W", "play", "D5");
  EXPECT_EQ(c.last.status, 409);
  c.call("GET", game_path(id, "/sgf"));
  EXPECT_NE(c.last.body.find("RE[B+T]"), std::string::npos) << c.last.body;
}

TEST(WebClock, FischerAddsTheIncrementAndAClockThatDoesNotLoseOnlyMarksTheSide) {
  Timed time;
  App app(time.options());
  Client c(app);
  json g = c.call("POST", "/api/games", json{{"rules", "chinese"}, {"size", 9},
                                            {"clock", {{"type", "fischer"}, {"main", 10}, {"increment", 3}, {"lose_on_time", false}}}});
  ASSERT_EQ(c.last.status, 201) << c.last.body;
  const std::string id = g["id"];
  c.move(id, "B", "play", "E5");
  time.pass(4);
  json s = c.move(id, "W", "play", "C3");
  EXPECT_EQ(s["clock"]["W"]["main"], 9.0);  // 10 - 4 + 3
  time.pass(30);
  s = c.call("GET", game_path(id));
  EXPECT_EQ(s["phase"], "play");  // the rules of this clock: no loss on time
  EXPECT_EQ(s["clock"]["out_of_time"]["B"], true);
  EXPECT_EQ(s["clock"]["B"]["left"], 0.0);
  s = c.move(id, "B", "play", "G7");
  EXPECT_EQ(c.last.status, 200) << c.last.body;
}

TEST(WebClock, WithoutLoseOnTimeInTheRequestTheRulesSayWhetherTimeRunningOutLoses) {
  // lose_on_time is a field of the rule set (docs/rules.md, interpretation 31): Chinese forfeits
  // on time, Ing (overtime costs points, not the game) does not. A clock that says wins.
  struct Case {
    const char* rules;
    json clock;
    bool loses;
  };
  const json fischer = {{"type", "fischer"}, {"main", 10}, {"increment", 0}};
  json ing_says_lose = fischer;
  ing_says_lose["lose_on_time"] = true;
  json chinese_says_not = fischer;
  chinese_says_not["lose_on_time"] = false;
  for (const Case& k : {Case{"chinese", fischer, true}, Case{"ing", fischer, false},
                        Case{"tromp-taylor", fischer, false}, Case{"tang-song", fischer, true},
                        Case{"ing", ing_says_lose, true}, Case{"chinese", chinese_says_not, false},
                        Case{"chinese,lose_on_time=false", fischer, false}}) {
    SCOPED_TRACE(std::string(k.rules) + " " + k.clock.dump());
    Timed time;
    App app(time.options());
    Client c(app);
    json g = c.call("POST", "/api/games", json{{"rules", k.rules}, {"size", 9}, {"clock", k.clock}});
    ASSERT_EQ(c.last.status, 201) << c.last.body;
    EXPECT_EQ(g["clock"]["lose_on_time"], k.loses) << g.dump();
    const std::string id = g["id"];
    c.move(id, "B", "play", "E5");
    time.pass(30);  // White's 10 s run out
    json s = c.call("GET", game_path(id));
    EXPECT_EQ(s["clock"]["out_of_time"]["W"], true);
    if (k.loses) {
      EXPECT_EQ(s["phase"], "ended");
      EXPECT_EQ(s["result"], "B+T");
      EXPECT_EQ(s["clock"]["lost_on_time"], "W");
    } else {
      EXPECT_EQ(s["phase"], "play");
      EXPECT_TRUE(s["clock"]["lost_on_time"].is_null());
      c.move(id, "W", "play", "C3");
      EXPECT_EQ(c.last.status, 200) << c.last.body;
    }
  }
}

TEST(WebClock, TheClockIsAFunctionOfTheEventsAndSurvivesARestartAndBadSettingsAreRefused) {
  TempDb db;
  Timed time;
  Options o = time.options();
  o.db = db.path.string();
  std::string id;
  json before;
  {
    App app(o);
    Client c(app);
    id = c.call("POST", "/api/games", json{{"size", 9}, {"rules", "japanese"},
                                          {"clock", {{"type", "byoyomi"}, {"main", 60}, {"periods", 3}, {"period", 10}}}})["id"];
    c.move(id, "B", "play", "E5");
    time.pass(12);
    c.move(id, "W", "play", "C3");
    time.pass(5);
    before = c.call("GET", game_path(id));
  }
  App again(o);
  Client c(again);
  EXPECT_EQ(c.call("GET", game_path(id))["clock"], before["clock"]);
  EXPECT_EQ(before["clock"]["W"]["main"], 48.0);
  EXPECT_EQ(before["clock"]["B"]["main"], 55.0);  // running: 5 s of its turn
  for (const json& bad : {json{{"type", "hourglass"}}, json{{"type", "byoyomi"}, {"main", 60}},
                          json{{"type", "fischer"}, {"main", -5}}, json{{"type", "byoyomi"}, {"periods", 3}, {"period", 0}},
                          json("fast")}) {
    c.call("POST", "/api/games", json{{"size", 9}, {"clock", bad}});
    EXPECT_EQ(c.last.status, 400) << bad;
  }
}

TEST(WebClock, AStoredEventsTimeOutOfRangeIsNotTakenForTheClock) {
  // A damaged database: a move stamped with a time no server gives does not run the clock, and a
  // timeout needs a sane time and a side whose time is up.
  Settings st;
  st.rules = parse_ruleset("japanese");
  st.width = st.height = 9;
  st.clock = ClockSettings::from_json(json{{"type", "fischer"}, {"main", 5}});
  Session s(1, "k", "now", st);
  EXPECT_FALSE(s.apply(json{{"t", "move"}, {"color", "B"}, {"kind", "play"}, {"point", "E5"}, {"at", -9223372036854775807LL}}));
  EXPECT_FALSE(s.apply(json{{"t", "move"}, {"color", "W"}, {"kind", "play"}, {"point", "C3"}, {"at", 9223372036854775807LL}}));
  EXPECT_EQ(s.clock().running(), Color::Empty);
  EXPECT_FALSE(s.flag_due(int64_t(1) << 50));
  auto r = s.apply(json{{"t", "timeout"}, {"color", "B"}, {"at", 9223372036854775807LL}});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_FALSE(s.apply(json{{"t", "move"}, {"color", "B"}, {"kind", "play"}, {"point", "G7"}, {"at", 1000}}));
  r = s.apply(json{{"t", "timeout"}, {"color", "W"}, {"at", 2000}});  // 1 s of White's 5
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "time_left");
  EXPECT_FALSE(s.apply(json{{"t", "timeout"}, {"color", "W"}, {"at", 6000}}));
  EXPECT_EQ(s.result(), "B+T");
}

}  // namespace
}  // namespace jpd::web
