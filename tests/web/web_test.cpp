// The web referee (jpd serve): the request handler without sockets, its storage across restarts,
// its limits and the page's files, then the same through real HTTP on 127.0.0.1. The seats and
// their tokens, cross-site requests and the per-client limits are in web_security_test.cpp, the
// HTTP server's own defences in web_http_test.cpp.
#include <gtest/gtest.h>
#include <httplib.h>

#include <filesystem>
#include <regex>
#include <set>

#include <nlohmann/json.hpp>

#include "jpd/count.hpp"
#include "jpd/count_report.hpp"
#include "jpd/score.hpp"
#include "jpd/sgf.hpp"
#include "jpd/text.hpp"
#include "jpd/web/app.hpp"
#include "jpd/web/http.hpp"
#include "web_util.hpp"

namespace jpd::web {
namespace {

using nlohmann::json;
using namespace jpd::web::test;

TEST(WebApi, CreatesAGameWithItsRulesSizeAndKomi) {
  App app(memory_options());
  Client c(app);
  json g = c.call("POST", "/api/games", json{{"rules", "ming-qing"}, {"size", 9}, {"komi", 7}});
  ASSERT_EQ(c.last.status, 201) << c.last.body;
  EXPECT_EQ(g["preset"], "ming-qing");
  EXPECT_EQ(g["komi"], 7.0);
  EXPECT_EQ(g["width"], 9);
  EXPECT_EQ(g["phase"], "play");
  EXPECT_EQ(g["to_move"], "B");
  EXPECT_EQ(g["board"].size(), 9u);
  EXPECT_EQ(g["moves"].size(), 0u);
  json got = c.call("GET", game_path(g["id"]));
  g.erase("tokens");  // shown once, to the creator
  EXPECT_EQ(got, g);
  // Unchanged since a known version: a short answer (the page polls with it).
  json same = c.call("GET", game_path(g["id"], "?known=" + std::to_string(int64_t(g["version"]))));
  EXPECT_EQ(same["unchanged"], true);
}

TEST(WebApi, ClearForgetsEveryGameAndNumbersTheNextFromOne) {
  App app(memory_options());
  Client c(app);
  json first = c.call("POST", "/api/games", json{{"size", 5}});
  ASSERT_EQ(c.last.status, 201) << c.last.body;
  c.call("POST", "/api/games", json{{"size", 7}});
  ASSERT_EQ(app.game_count(), 2u);
  app.clear();
  EXPECT_EQ(app.game_count(), 0u);
  c.call("GET", game_path(first["id"]));
  EXPECT_EQ(c.last.status, 404) << c.last.body;
  // As a new App: the next game is stored as the first one.
  json again = c.call("POST", "/api/games", json{{"size", 5}});
  ASSERT_EQ(c.last.status, 201) << c.last.body;
  EXPECT_EQ(app.game_count(), 1u);
  EXPECT_EQ(again["version"], first["version"]);
  EXPECT_EQ(again.value("number", json()), first.value("number", json()));
}

// clear() skips the store when nothing was written since the last one: clearing twice, then
// storing a game and a move, still leaves an empty App that numbers its games from 1.
TEST(WebApi, ClearAfterAClearStillForgetsWhatWasStoredSince) {
  App app(memory_options());
  Client c(app);
  json first = c.call("POST", "/api/games", json{{"size", 5}});
  ASSERT_EQ(c.last.status, 201) << c.last.body;
  app.clear();
  app.clear();
  json second = c.call("POST", "/api/games", json{{"size", 5}});
  ASSERT_EQ(c.last.status, 201) << c.last.body;
  EXPECT_EQ(second.value("number", json()), first.value("number", json()));
  c.move(second["id"], "B", "play", "C3");
  ASSERT_EQ(c.last.status, 200) << c.last.body;
  app.clear();
  EXPECT_EQ(app.game_count(), 0u);
  c.call("GET", game_path(second["id"]));
  EXPECT_EQ(c.last.status, 404) << c.last.body;
  json third = c.call("POST", "/api/games", json{{"size", 5}});
  ASSERT_EQ(c.last.status, 201) << c.last.body;
  EXPECT_EQ(third["version"], first["version"]);
  EXPECT_EQ(third.value("number", json()), first.value("number", json()));
  EXPECT_EQ(app.game_count(), 1u);
}

TEST(WebApi, PlaysToThePauseAndCountsAsJpdScore) {
  App app(memory_options());
  Client c(app);
  const std::string id = worked_check(c);
  const std::string base = game_path(id);
  json g = c.call("GET", base);
  EXPECT_EQ(g["moves"].size(), 13u);
  ASSERT_TRUE(g["marks"].is_object());
  EXPECT_EQ(g["marks"]["source"], "estimate");
  json counted = c.call("POST", base + "/count", json{{"dead", json::array()}, {"claims", json::array()}});
  ASSERT_EQ(c.last.status, 200) << c.last.body;
  EXPECT_EQ(counted["result"], "W+0.5");  // SPEC §7: area 13 : 12, Black pays 1, komi 0.5
  EXPECT_EQ(counted["area"]["B"], 13.0);
  EXPECT_EQ(counted["pay"], 1.0);
  EXPECT_TRUE(counted["all_invariants_hold"]);
  // The same JSON as `jpd score --json --dead ''` on the game's own SGF.
  c.call("GET", base + "/sgf");
  ASSERT_EQ(c.last.status, 200);
  ScoreOptions o;
  o.dead = std::vector<Point>{};
  json scored = to_json(score_record(sgf::read_record_text(c.last.body), o).count);
  scored.erase("notes");
  counted.erase("notes");
  EXPECT_EQ(counted, scored);
}

TEST(WebApi, RefusalsCarryTheRefereesReason) {
  App app(memory_options());
  Client c(app);
  json g = c.call("POST", "/api/games", json{{"rules", "tang-song"}, {"size", 9}});
  const std::string id = g["id"];
  c.move(id, "B", "play", "E5");
  json r = c.move(id, "W", "play", "E5");
  EXPECT_EQ(c.last.status, 409);
  EXPECT_EQ(r["reason"], "occupied");
  EXPECT_EQ(r["error"], "point E5 is occupied");
  r = c.move(id, "B", "play", "D4");
  EXPECT_EQ(r["reason"], "not_your_turn");
  r = c.move(id, "W", "pass");
  EXPECT_EQ(r["reason"], "pass_not_allowed");  // tang-song has virtual moves, no pass
  EXPECT_NE(r["error"].get<std::string>().find("virtual"), std::string::npos);
  r = c.move(id, "W", "jump", "A1");
  EXPECT_EQ(c.last.status, 400);
  r = c.move(id, "W", "play", "Z99");
  EXPECT_EQ(c.last.status, 400);
  EXPECT_EQ(r["reason"], "bad_point");
  r = c.move(id, "W", "play");
  EXPECT_EQ(c.last.status, 400);
  c.as("W", "POST", game_path(id, "/moves"), nullptr);
  EXPECT_EQ(c.last.status, 400);
  const std::string token = c.tokens[id]["W"];
  EXPECT_EQ(app.handle("POST", game_path(id, "/moves"), "{not json", token).status, 400);
  EXPECT_EQ(app.handle("POST", game_path(id, "/moves"), "[1,2]", token).status, 400);
  EXPECT_EQ(app.handle("GET", "/api/games/999", "").status, 404);
  EXPECT_EQ(app.handle("GET", "/api/games/abc", "").status, 404);
  EXPECT_EQ(app.handle("GET", game_path(std::string(32, '0')), "").status, 404);
  EXPECT_EQ(app.handle("DELETE", game_path(id), "").status, 405);
  EXPECT_EQ(app.handle("GET", game_path(id, "/moves"), "").status, 405);
  EXPECT_EQ(app.handle("POST", "/api/games", R"({"rules":"nonsense"})").status, 400);
  // Nothing refused was stored: one move.
  EXPECT_EQ(c.call("GET", game_path(id))["moves"].size(), 1u);
}

TEST(WebApi, AgreedPauseProposeRejectAccept) {
  App app(memory_options());
  Client c(app);
  json g = c.call("POST", "/api/games", json{{"rules", "living-a"}, {"size", 7}});
  const std::string id = g["id"];
  ASSERT_EQ(g["to_move"], "W");  // 计活子: White first
  c.move(id, "W", "play", "D4");
  json s = c.move(id, "B", "propose-pause");
  ASSERT_EQ(c.last.status, 200) << c.last.body;
  EXPECT_EQ(s["pending_proposal"], "B");
  EXPECT_EQ(s["legal"], json({"accept-pause", "reject-pause", "resign"}));
  json r = c.move(id, "W", "play", "C3");
  EXPECT_EQ(r["reason"], "proposal_pending");
  s = c.move(id, "W", "reject-pause");
  r = c.move(id, "B", "play", "C3");
  EXPECT_EQ(r["reason"], "must_play_virtual");
  c.move(id, "B", "virtual");
  c.move(id, "W", "propose-pause");
  s = c.move(id, "B", "accept-pause");
  EXPECT_EQ(s["phase"], "paused");
  EXPECT_TRUE(s["paused_by_agreement"]);
}

TEST(WebApi, MarksAgreementAndTheFinalCount) {
  App app(memory_options());
  Client c(app);
  const std::string id = worked_check(c);
  const std::string base = game_path(id);
  // Toggling a stone marks its whole chain; again, alive.
  json s = c.as("B", "POST", base + "/marks", json{{"toggle", "D3"}});
  ASSERT_EQ(c.last.status, 200) << c.last.body;
  EXPECT_EQ(s["marks"]["dead"].size(), 5u);
  EXPECT_EQ(s["marks"]["source"], "given");
  s = c.as("W", "POST", base + "/marks", json{{"toggle", "D1"}});
  EXPECT_EQ(s["marks"]["dead"].size(), 0u);
  c.as("B", "POST", base + "/marks", json{{"toggle", "C2"}});
  EXPECT_EQ(c.last.status, 409);  // an empty point
  // Agreeing to marks that changed meanwhile is refused.
  c.as("B", "POST", base + "/agree", json{{"color", "B"}, {"dead", {"B3"}}});
  EXPECT_EQ(c.last.status, 409);
  s = c.as("B", "POST", base + "/agree", json{{"color", "B"}, {"dead", json::array()}});
  ASSERT_EQ(c.last.status, 200) << c.last.body;
  EXPECT_EQ(s["marks"]["agreed"]["B"], true);
  EXPECT_EQ(s["phase"], "paused");
  // A mark resets the agreements.
  s = c.as("B", "POST", base + "/marks", json{{"dead", json::array()}});
  EXPECT_EQ(s["marks"]["agreed"]["B"], false);
  c.as("B", "POST", base + "/agree", json{{"color", "B"}});
  s = c.as("W", "POST", base + "/agree", json{{"color", "W"}});
  EXPECT_EQ(s["phase"], "ended");
  EXPECT_EQ(s["result"], "W+0.5");
  EXPECT_EQ(s["count"]["result"], "W+0.5");
  c.move(id, "B", "play", "A1");
  EXPECT_EQ(c.last.status, 409);
  // The making as pictures, in Chinese.
  json m = c.call("GET", base + "/making?lang=zh");
  ASSERT_EQ(c.last.status, 200);
  EXPECT_GE(m["pictures"].size(), 4u);
  EXPECT_NE(m["pictures"][0]["svg"].get<std::string>().find("<svg"), std::string::npos);
  EXPECT_NE(m["result_words"].get<std::string>().find("白胜"), std::string::npos);
  // The record: result and dead-stone markup.
  c.call("GET", base + "/sgf");
  EXPECT_NE(c.last.body.find("RE[W+0.5]"), std::string::npos) << c.last.body;
  EXPECT_NE(c.last.body.find("JPDD"), std::string::npos);
  bool attachment = false;
  for (auto& [k, v] : c.last.headers) attachment |= k == "Content-Disposition";
  EXPECT_TRUE(attachment);
}

TEST(WebApi, DisputeResumesPlay) {
  App app(memory_options());
  Client c(app);
  const std::string id = worked_check(c);
  const std::string base = game_path(id);
  json s = c.as("B", "POST", base + "/dispute", json::object());
  ASSERT_EQ(c.last.status, 200) << c.last.body;
  EXPECT_EQ(s["phase"], "dispute");
  EXPECT_TRUE(s["marks"].is_null());
  s = c.move(id, s["to_move"].get<std::string>().c_str(), "play", "C2");
  EXPECT_EQ(c.last.status, 200) << c.last.body;
  EXPECT_EQ(s["moves"].back()["phase"], "dispute");
  c.as("W", "POST", base + "/dispute", json::object());
  EXPECT_EQ(c.last.status, 409);  // only from a pause
}

TEST(WebApi, EngineMovesForItsColour) {
  App app(memory_options());
  Client c(app);
  json g = c.call("POST", "/api/games", json{{"rules", "tang-song"}, {"size", 9}, {"engine", "W"}});
  const std::string id = g["id"];
  EXPECT_EQ(g["engine"], "W");
  EXPECT_EQ(g["seats"], json({{"B", "taken"}, {"W", "engine"}}));
  EXPECT_EQ(g["tokens"].size(), 1u);  // the creator plays Black
  c.move(id, "B", "play", "E5");
  json s = c.as("B", "POST", game_path(id, "/genmove"), json{{"color", "W"}});
  ASSERT_EQ(c.last.status, 200) << c.last.body;
  EXPECT_EQ(s["moves"].size(), 2u);
  EXPECT_EQ(s["moves"][1]["color"], "W");
  EXPECT_TRUE(s["genmove"].is_object());
  c.as("B", "POST", game_path(id, "/genmove"), json{{"color", "W"}});
  EXPECT_EQ(c.last.status, 409);  // Black's turn
}

TEST(WebApi, GamesSurviveARestart) {
  TempDb db;
  Options o = memory_options();
  o.db = db.path.string();
  json before;
  std::string id;
  std::map<std::string, json> tokens;
  {
    App app(o);
    Client c(app);
    id = worked_check(c);
    c.as("W", "POST", game_path(id, "/marks"), json{{"toggle", "B3"}});
    c.as("W", "POST", game_path(id, "/agree"), json{{"color", "W"}});
    json other = c.call("POST", "/api/games", json{{"rules", "japanese"}, {"size", 9}});
    c.move(other["id"], "B", "play", "C3");
    before = c.call("GET", game_path(id));
    tokens = c.tokens;
  }
  App again(o);
  Client c(again);
  c.tokens = tokens;  // the players keep their tokens; the seats are in the database
  EXPECT_EQ(again.game_count(), 2u);
  json after = c.call("GET", game_path(id));
  EXPECT_EQ(after, before);
  EXPECT_EQ(after["marks"]["agreed"]["W"], true);
  EXPECT_EQ(after["marks"]["dead"].size(), 6u);  // B1-B5 and C3
  // Play goes on where it stopped.
  c.as("B", "POST", game_path(id, "/agree"), json{{"color", "B"}});
  EXPECT_EQ(c.last.status, 200) << c.last.body;
  EXPECT_EQ(c.call("GET", game_path(id))["phase"], "ended");
}

TEST(WebApi, UploadsAnSgfRecord) {
  App app(memory_options());
  Client c(app);
  const std::filesystem::path source(JPD_SOURCE_DIR);
  std::string name = read_file(source / "data/MAIN_GAME");
  name = name.substr(0, name.find('\n'));
  const std::string text = read_file(source / name);
  ASSERT_FALSE(text.empty()) << name;
  Response r = app.handle("POST", "/api/sgf", text);
  ASSERT_EQ(r.status, 201) << r.body;
  json g = json::parse(r.body);
  EXPECT_EQ(g["width"], 9);
  EXPECT_GT(g["moves"].size(), 20u);
  EXPECT_EQ(app.handle("POST", "/api/sgf", "(;GM[1]SZ[9];B[zz])").status, 400);
  EXPECT_EQ(app.handle("POST", "/api/sgf", "not a record").status, 400);
}

TEST(WebApi, Limits) {
  Options o = memory_options();
  o.max_games = 2;
  o.max_body = 4096;
  App app(o);
  Client c(app);
  c.call("POST", "/api/games", json{{"size", 26}});
  EXPECT_EQ(c.last.status, 400);
  c.call("POST", "/api/games", json{{"size", 1}});
  EXPECT_EQ(c.last.status, 400);
  c.call("POST", "/api/games", json{{"size", "big"}});
  EXPECT_EQ(c.last.status, 400);
  EXPECT_EQ(app.handle("POST", "/api/games", std::string(5000, ' ')).status, 413);
  c.call("POST", "/api/games", json{{"size", 9}});
  c.call("POST", "/api/games", json{{"size", 9}});
  EXPECT_EQ(c.last.status, 201);
  json r = c.call("POST", "/api/games", json{{"size", 9}});
  EXPECT_EQ(c.last.status, 403);
  EXPECT_EQ(r["reason"], "too_many_games");
}

TEST(WebPage, ServesItsFilesAndNothingElse) {
  App app(memory_options());
  Response r = app.handle("GET", "/", "");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.content_type, "text/html; charset=utf-8");
  EXPECT_NE(r.body.find("app.js"), std::string::npos);
  EXPECT_EQ(app.handle("GET", "/app.js", "").status, 200);
  EXPECT_EQ(app.handle("GET", "/style.css", "").status, 200);
  for (const char* path :
       {"/../etc/passwd", "/..%2f..%2fetc%2fpasswd", "/%2e%2e/%2e%2e/etc/passwd", "/app.js/../../CMakeLists.txt",
        "/./app.js", "//etc/passwd", "/web/page/app.js", "/index.html%00.js", "/%2fetc%2fpasswd",
        "/..\\..\\etc\\passwd", "/CMakeLists.txt", "/api/../../etc/passwd", "/page/../../../README.md"}) {
    Response x = app.handle("GET", path, "");
    EXPECT_EQ(x.status, 404) << path;
    EXPECT_EQ(x.body.find("root:"), std::string::npos) << path;
  }
  EXPECT_EQ(app.handle("POST", "/", "").status, 405);
}

TEST(WebPage, EveryTextThePageUsesIsInTheTable) {
  std::set<std::string> table;
  for (const TextEntry& e : text_table()) table.insert(std::string(e.id));
  const std::string js = read_file(std::filesystem::path(JPD_SOURCE_DIR) / "web/page/app.js");
  const std::regex use(R"re(T\('([a-z_]+\.[A-Za-z_.\-]+)')re");
  size_t uses = 0;
  for (std::sregex_iterator it(js.begin(), js.end(), use), end; it != end; ++it, ++uses)
    EXPECT_TRUE(table.count((*it)[1])) << (*it)[1];
  EXPECT_GT(uses, 40u);
  // Ids the page makes from names: phases, move kinds, the referee's reasons.
  for (const char* p : {"play", "paused", "dispute", "making", "ended"})
    EXPECT_TRUE(table.count(std::string("web.phase.") + p)) << p;
  for (const char* k : {"play", "pass", "virtual", "propose-pause", "accept-pause", "reject-pause", "resign"})
    EXPECT_TRUE(table.count(std::string("web.kind.") + k)) << k;
  for (int r = 1; r <= int(Illegal::not_boundary); ++r)
    EXPECT_TRUE(table.count("illegal." + std::string(name_of(Illegal(r))))) << name_of(Illegal(r));
}

TEST(WebHttp, ServesTheApiOnLoopback) {
  App app(memory_options());
  HttpOptions ho;
  ho.threads = 4;
  HttpServer server(app, ho);
  const int port = server.bind("127.0.0.1", 0);
  server.start();
  httplib::Client cli("127.0.0.1", port);
  auto page = cli.Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_NE(page->get_header_value("Content-Type").find("text/html"), std::string::npos);
  auto created = cli.Post("/api/games", R"({"rules":"tang-song","size":9,"komi":6.5})", "application/json");
  ASSERT_TRUE(created);
  EXPECT_EQ(created->status, 201);
  const json game = json::parse(created->body);
  const std::string id = game["id"];
  httplib::Headers black{{"Authorization", "Bearer " + game["tokens"]["B"].get<std::string>()}};
  httplib::Headers white{{"Authorization", "Bearer " + game["tokens"]["W"].get<std::string>()}};
  auto moved = cli.Post(game_path(id, "/moves").c_str(), black, R"({"color":"B","kind":"play","point":"E5"})",
                        "application/json");
  ASSERT_TRUE(moved);
  EXPECT_EQ(moved->status, 200);
  EXPECT_EQ(json::parse(moved->body)["moves"].size(), 1u);
  auto spectator = cli.Post(game_path(id, "/moves").c_str(), R"({"color":"W","kind":"play","point":"D4"})",
                            "application/json");
  ASSERT_TRUE(spectator);
  EXPECT_EQ(spectator->status, 403);
  EXPECT_EQ(json::parse(spectator->body)["reason"], "not_your_seat");
  auto refused = cli.Post(game_path(id, "/moves").c_str(), white, R"({"color":"W","kind":"play","point":"E5"})",
                          "application/json");
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 409);
  EXPECT_EQ(json::parse(refused->body)["reason"], "occupied");
  for (const char* path : {"/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc/passwd"}) {
    auto r = cli.Get(path);
    ASSERT_TRUE(r) << path;
    EXPECT_EQ(r->status, 404) << path;
  }
  auto big = cli.Post("/api/games", std::string(2u << 20, 'x'), "application/json");
  ASSERT_TRUE(big);
  EXPECT_EQ(big->status, 413);
  server.stop();
}

}  // namespace
}  // namespace jpd::web
