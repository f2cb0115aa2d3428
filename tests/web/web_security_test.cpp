// The web referee safe on the internet, through its handler (docs/web.md): seats taken with secret
// tokens and every act of a player checked against them, unguessable game keys and a lobby of
// public games only; cross-site requests refused (content type, Origin, Host) and the security
// headers; the per-client limits (rate, games in play, the engine's slots and CPU budgets); a
// damaged row in the database reported while the other games are served, and its repair.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <atomic>
#include <mutex>
#include <regex>
#include <set>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "jpd/web/app.hpp"
#include "web_util.hpp"

namespace jpd::web {
namespace {

using nlohmann::json;
using namespace jpd::web::test;

json create(Client& c, json body) {
  json g = c.call("POST", "/api/games", body);
  EXPECT_EQ(c.last.status, 201) << c.last.body;
  return g;
}

// ---- Identity ----------------------------------------------------------------------------------

TEST(WebSeats, TheCreatorGetsOneTokenPerSeatOnceAndTheDatabaseKeepsOnlyItsHash) {
  TempDb db;
  Options o = memory_options();
  o.db = db.path.string();
  App app(o);
  Client c(app);
  json g = create(c, json{{"size", 9}});
  ASSERT_TRUE(g["tokens"].contains("B") && g["tokens"].contains("W"));
  const std::string b = g["tokens"]["B"], w = g["tokens"]["W"];
  EXPECT_EQ(b.size(), 64u);
  EXPECT_NE(b, w);
  EXPECT_EQ(g["seats"], json({{"B", "taken"}, {"W", "taken"}}));
  // Never shown again: not to the creator, not in the lobby, not in the record.
  for (const std::string& path : {game_path(g["id"]), game_path(g["id"], "/sgf"), std::string("/api/games")}) {
    Response r = app.handle("GET", path, "");
    EXPECT_EQ(r.body.find(b), std::string::npos) << path;
    EXPECT_EQ(r.body.find(w), std::string::npos) << path;
  }
  const std::string file = read_file(db.path) + read_file(db.path.string() + "-wal");
  EXPECT_EQ(file.find(b), std::string::npos);
  EXPECT_EQ(file.find(w), std::string::npos);
}

TEST(WebSeats, MovesNeedTheTokenOfTheMoversSeat) {
  App app(memory_options());
  Client owner(app);
  json g = create(owner, json{{"size", 9}, {"seat", "B"}});
  const std::string key = g["id"];
  EXPECT_EQ(g["seats"], json({{"B", "taken"}, {"W", "free"}}));
  // A spectator (no token), a wrong token, Black's token for a White move: refused, nothing stored.
  Client spectator(app, "10.0.0.9");
  spectator.call("POST", game_path(key, "/moves"), json{{"color", "B"}, {"kind", "play"}, {"point", "E5"}});
  EXPECT_EQ(spectator.last.status, 403);
  EXPECT_EQ(json::parse(spectator.last.body)["reason"], "not_your_seat");
  spectator.call("POST", game_path(key, "/moves"), json{{"color", "B"}, {"kind", "play"}, {"point", "E5"}},
                 std::string(64, 'a'));
  EXPECT_EQ(spectator.last.status, 403);
  owner.move(key, "B", "play", "E5");
  EXPECT_EQ(owner.last.status, 200) << owner.last.body;
  owner.as("B", "POST", game_path(key, "/moves"), json{{"color", "W"}, {"kind", "play"}, {"point", "D4"}});
  EXPECT_EQ(owner.last.status, 403);
  // Resigning for the opponent is a move of the opponent's: refused the same way.
  owner.as("B", "POST", game_path(key, "/moves"), json{{"color", "W"}, {"kind", "resign"}});
  EXPECT_EQ(owner.last.status, 403);
  EXPECT_EQ(owner.call("GET", game_path(key))["moves"].size(), 1u);
}

TEST(WebSeats, ASecondPlayerTakesTheFreeSeatOnceAndNobodyTakesItAgain) {
  App app(memory_options());
  Client black(app, "10.0.0.1"), white(app, "10.0.0.2"), late(app, "10.0.0.3");
  json g = create(black, json{{"size", 9}, {"seat", "B"}});
  const std::string key = g["id"];
  json s = white.call("POST", game_path(key, "/seats"), json{{"color", "W"}});
  ASSERT_EQ(white.last.status, 201) << white.last.body;
  EXPECT_EQ(s["seats"], json({{"B", "taken"}, {"W", "taken"}}));
  EXPECT_EQ(s["tokens"].size(), 1u);
  late.call("POST", game_path(key, "/seats"), json{{"color", "W"}});
  EXPECT_EQ(late.last.status, 409);
  EXPECT_EQ(json::parse(late.last.body)["reason"], "seat_taken");
  late.call("POST", game_path(key, "/seats"), json{{"color", "B"}});
  EXPECT_EQ(late.last.status, 409);
  black.move(key, "B", "play", "E5");
  white.move(key, "W", "play", "D4");
  EXPECT_EQ(white.last.status, 200) << white.last.body;
  // The engine's seat is nobody's.
  json e = create(black, json{{"size", 9}, {"engine", "W"}});
  late.call("POST", game_path(e["id"], "/seats"), json{{"color", "W"}});
  EXPECT_EQ(late.last.status, 409);
  EXPECT_EQ(json::parse(late.last.body)["reason"], "engine_seat");
}

TEST(WebSeats, MarksAgreementsDisputesAndTheEngineNeedAPlayersToken) {
  App app(memory_options());
  Client players(app);
  const std::string key = worked_check(players);
  Client spectator(app, "10.0.0.9");
  for (const auto& [action, body] : std::vector<std::pair<std::string, json>>{
           {"/marks", json{{"toggle", "D3"}}},
           {"/agree", json{{"color", "B"}}},
           {"/dispute", json::object()}}) {
    spectator.call("POST", game_path(key, action), body);
    EXPECT_EQ(spectator.last.status, 403) << action;
  }
  // Agreeing for the other side needs the other side's token.
  players.as("B", "POST", game_path(key, "/agree"), json{{"color", "W"}});
  EXPECT_EQ(players.last.status, 403);
  json g = players.call("GET", game_path(key));
  EXPECT_EQ(g["marks"]["agreed"], json({{"B", false}, {"W", false}}));
  // Counting changes nothing: anyone may.
  spectator.call("POST", game_path(key, "/count"), json::object());
  EXPECT_EQ(spectator.last.status, 200);
  // genmove plays for a seat: its token (the engine's colour: any player's).
  json e = create(players, json{{"size", 9}, {"engine", "W"}, {"rules", "chinese"}});
  players.move(e["id"], "B", "play", "E5");
  spectator.call("POST", game_path(e["id"], "/genmove"), json{{"color", "W"}});
  EXPECT_EQ(spectator.last.status, 403);
  players.as("B", "POST", game_path(e["id"], "/genmove"), json{{"color", "W"}});
  EXPECT_EQ(players.last.status, 200) << players.last.body;
}

TEST(WebIds, GameKeysAreRandom128BitNamesAndNumbersFindNothing) {
  App app(memory_options());
  Client c(app);
  std::set<std::string> keys;
  for (int i = 0; i < 40; ++i) {
    const std::string key = create(c, json{{"size", 5}})["id"];
    EXPECT_TRUE(std::regex_match(key, std::regex("[0-9a-f]{32}"))) << key;
    keys.insert(key);
  }
  EXPECT_EQ(keys.size(), 40u);
  for (const char* guess : {"/api/games/1", "/api/games/2", "/api/games/0", "/api/games/40"})
    EXPECT_EQ(app.handle("GET", guess, "").status, 404) << guess;
}

TEST(WebLobby, ListsOnlyThePublicGames) {
  App app(memory_options());
  Client c(app);
  const std::string hidden = create(c, json{{"size", 9}})["id"];
  const std::string open1 = create(c, json{{"size", 9}, {"public", true}})["id"];
  const std::string open2 = create(c, json{{"size", 9}, {"public", true}, {"seat", "B"}})["id"];
  json list = c.call("GET", "/api/games");
  ASSERT_EQ(list["games"].size(), 2u);
  EXPECT_EQ(list["games"][0]["id"], open2);  // newest first
  EXPECT_EQ(list["games"][1]["id"], open1);
  EXPECT_EQ(list.dump().find(hidden), std::string::npos);
  EXPECT_EQ(c.call("GET", game_path(hidden))["id"], hidden);  // its key still finds it
  c.call("POST", "/api/games", json{{"public", "yes"}});
  EXPECT_EQ(c.last.status, 400);
}

// ---- Cross-site requests -----------------------------------------------------------------------

Response post(App& app, const std::string& target, const std::string& body, const std::string& type,
              const std::string& origin = "", const std::string& host = "127.0.0.1:8080") {
  Request r;
  r.method = "POST";
  r.target = target;
  r.body = body;
  r.content_type = type;
  r.origin = origin;
  r.host = host;
  return app.handle(r);
}

TEST(WebCrossSite, APostMustCarryTheJsonContentTypeThatOtherSitesCannotSendUnasked) {
  // A text/plain POST from another site's page is a "simple" request: the browser sends it
  // without asking. It got 200.
  App app(memory_options());
  for (const char* type : {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data", ""}) {
    Response r = post(app, "/api/games", "{}", type);
    EXPECT_EQ(r.status, 415) << type;
    EXPECT_EQ(json::parse(r.body)["reason"], "content_type");
  }
  EXPECT_EQ(post(app, "/api/games", "{}", "application/json; charset=utf-8").status, 201);
  EXPECT_EQ(post(app, "/api/games", "{}", "Application/JSON").status, 201);
  EXPECT_EQ(post(app, "/api/sgf", "(;SZ[9];B[ee])", "text/plain").status, 415);
  EXPECT_EQ(post(app, "/api/sgf", "(;SZ[9];B[ee])", "application/x-go-sgf").status, 201);
  EXPECT_EQ(app.game_count(), 3u);
}

TEST(WebCrossSite, OnlyTheServersOwnPageAndTheAllowedOriginsMayCallIt) {
  Options o = memory_options();
  o.allowed_origins = {"https://go.example.com"};
  App app(o);
  Response evil = post(app, "/api/games", "{}", "application/json", "http://evil.example");
  EXPECT_EQ(evil.status, 403);
  EXPECT_EQ(json::parse(evil.body)["reason"], "origin_not_allowed");
  EXPECT_EQ(post(app, "/api/games", "{}", "application/json", "null").status, 403);
  EXPECT_EQ(post(app, "/api/games", "{}", "application/json", "http://127.0.0.1:9999").status, 403);  // another port
  EXPECT_EQ(post(app, "/api/games", "{}", "application/json", "http://127.0.0.1:8080").status, 201);  // its own page
  EXPECT_EQ(post(app, "/api/games", "{}", "application/json", "https://go.example.com", "go.example.com").status, 201);
  EXPECT_EQ(post(app, "/api/games", "{}", "application/json", "https://go.example.com:443", "127.0.0.1:8080").status, 201);
  EXPECT_EQ(post(app, "/api/games", "{}", "application/json").status, 201);  // no browser, no Origin
}

TEST(WebCrossSite, ANameThatIsNeitherAnAddressNorAllowedIsNotAnsweredAgainstDnsRebinding) {
  // A page of evil.example whose name was pointed at 127.0.0.1 reads the answers as its own.
  Options o = memory_options();
  o.allowed_origins = {"https://go.example.com"};
  App app(o);
  auto get = [&](const std::string& host) {
    Request r;
    r.method = "GET";
    r.target = "/api/games";
    r.host = host;
    return app.handle(r);
  };
  Response evil = get("evil.example:8080");
  EXPECT_EQ(evil.status, 403);
  EXPECT_EQ(json::parse(evil.body)["reason"], "host_not_allowed");
  EXPECT_NE(json::parse(evil.body)["error"].get<std::string>().find("--allow-origin"), std::string::npos);
  for (const char* ok : {"127.0.0.1:8080", "localhost:8080", "[::1]:8080", "192.168.1.20", "go.example.com",
                         "GO.EXAMPLE.COM:443"})
    EXPECT_EQ(get(ok).status, 200) << ok;
}

TEST(WebCrossSite, EveryAnswerCarriesTheContentSecurityPolicyAndRefusesFraming) {
  App app(memory_options());
  for (const std::string& path : {std::string("/"), std::string("/app.js"), std::string("/api/games"),
                                  std::string("/api/nothing"), std::string("/../etc/passwd")}) {
    Response r = app.handle("GET", path, "");
    const std::string csp = header(r, "Content-Security-Policy");
    EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos) << path;
    EXPECT_NE(csp.find("script-src 'self'"), std::string::npos) << path;
    EXPECT_EQ(csp.find("unsafe"), std::string::npos) << path;
    EXPECT_EQ(header(r, "X-Frame-Options"), "DENY") << path;
    EXPECT_EQ(header(r, "X-Content-Type-Options"), "nosniff") << path;
  }
  Response created = app.handle("POST", "/api/games", "{}");
  EXPECT_EQ(header(created, "Cache-Control"), "no-store");  // it holds the tokens
}

// ---- Limits ------------------------------------------------------------------------------------

TEST(WebLimits, AClientOverItsRateIsAnswered429WithRetryAfterAndOthersAreNot) {
  Options o = memory_options();
  o.rate = 0.01;  // refills one request in 100 s: nothing comes back during the test
  o.burst = 5;
  App app(o);
  Client greedy(app, "10.0.0.1"), other(app, "10.0.0.2");
  for (int i = 0; i < 5; ++i) {
    greedy.call("GET", "/api/presets");
    EXPECT_EQ(greedy.last.status, 200) << i;
  }
  json r = greedy.call("GET", "/api/presets");
  EXPECT_EQ(greedy.last.status, 429);
  EXPECT_EQ(r["reason"], "rate_limit");
  EXPECT_GE(std::stoi(header(greedy.last, "Retry-After")), 1);
  other.call("GET", "/api/presets");
  EXPECT_EQ(other.last.status, 200);
}

TEST(WebLimits, AClientHasAtMostItsNumberOfGamesInPlay) {
  Options o = memory_options();
  o.client_games = 2;
  App app(o);
  Client c(app, "10.0.0.1"), other(app, "10.0.0.2");
  const std::string first = create(c, json{{"size", 5}})["id"];
  create(c, json{{"size", 5}});
  json r = c.call("POST", "/api/games", json{{"size", 5}});
  EXPECT_EQ(c.last.status, 429);
  EXPECT_EQ(r["reason"], "too_many_open_games");
  create(other, json{{"size", 5}});
  // A game that ends makes room.
  c.move(first, "B", "resign");
  EXPECT_EQ(c.last.status, 200) << c.last.body;
  create(c, json{{"size", 5}});
}

TEST(WebLimits, EngineWorkWaitsForOneOfItsSlotsOrIsRefusedNeverTakingEveryThread) {
  // 64 concurrent genmoves took every thread of the server.
  Options o = memory_options();
  o.engine_slots = 1;
  o.engine_wait = 0.05;
  o.genmove.playouts = 3000;
  App app(o);
  Client owner(app);
  std::vector<std::string> keys;
  for (int i = 0; i < 16; ++i) keys.push_back(create(owner, json{{"size", 9}, {"rules", "chinese"}})["id"]);
  std::vector<std::string> tokens;
  for (const std::string& k : keys) tokens.push_back(owner.tokens[k]["B"]);
  std::atomic<int> ok{0}, busy{0}, other{0};
  std::mutex mu;
  std::string unexpected;
  std::vector<std::thread> threads;
  for (int i = 0; i < 16; ++i)
    threads.emplace_back([&, i] {
      Request r;
      r.method = "POST";
      const std::string target = "/api/games/" + keys[size_t(i)] + "/genmove";
      r.target = target;
      r.body = "{}";
      r.content_type = "application/json";
      r.token = tokens[size_t(i)];
      const std::string client = "10.0.1." + std::to_string(i);  // sixteen clients
      r.client = client;
      Response res = app.handle(r);
      if (res.status == 200) ++ok;
      else if (res.status == 503 && json::parse(res.body)["reason"] == "engine_busy" && !header(res, "Retry-After").empty()) ++busy;
      else {
        ++other;
        std::lock_guard lock(mu);
        unexpected = std::to_string(res.status) + " " + res.body;
      }
    });
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(other.load(), 0) << unexpected;
  EXPECT_GE(ok.load(), 1);
  EXPECT_GE(busy.load(), 1);
}

TEST(WebLimits, AGameThatSpentItsCpuBudgetGetsNoMoreEngineWork) {
  Options o = memory_options();
  o.game_cpu = 1e-9;
  App app(o);
  Client c(app);
  const std::string key = create(c, json{{"size", 9}, {"engine", "W"}})["id"];
  c.move(key, "B", "play", "E5");
  c.as("B", "POST", game_path(key, "/genmove"), json::object());
  EXPECT_EQ(c.last.status, 200) << c.last.body;  // the budget is checked before the work
  c.move(key, "B", "play", "D4");
  json r = c.as("B", "POST", game_path(key, "/genmove"), json::object());
  EXPECT_EQ(c.last.status, 403);
  EXPECT_EQ(r["reason"], "game_cpu_budget");
  c.call("GET", game_path(key, "/estimate"));
  EXPECT_EQ(c.last.status, 403);
  EXPECT_EQ(c.call("GET", game_path(key))["moves"].size(), 3u);  // the game itself is there
}

TEST(WebLimits, AClientThatSpentItsCpuBudgetWaitsAndOthersDoNot) {
  Options o = memory_options();
  o.client_cpu = 1e-6;  // CPU seconds a minute
  App app(o);
  Client greedy(app, "10.0.0.1"), other(app, "10.0.0.2");
  const std::string key = create(greedy, json{{"size", 9}})["id"];
  greedy.call("GET", game_path(key, "/estimate"));
  EXPECT_EQ(greedy.last.status, 200);
  json r = greedy.call("GET", game_path(key, "/estimate"));
  EXPECT_EQ(greedy.last.status, 429);
  EXPECT_EQ(r["reason"], "cpu_budget");
  EXPECT_FALSE(header(greedy.last, "Retry-After").empty());
  other.call("GET", game_path(key, "/estimate"));
  EXPECT_EQ(other.last.status, 200);
}

// The operator bounds the estimator's work as genmove's: Options::estimate (playouts 0: by
// board size) is what the estimate answer and the suggestion at a pause use.
TEST(WebLimits, TheEstimatorRunsThePlayoutsTheOptionsGive) {
  Options o = memory_options();
  o.estimate.playouts = 8;
  App app(o);
  Client c(app);
  const std::string key = create(c, json{{"size", 9}})["id"];
  c.move(key, "B", "play", "E5");
  const json r = c.call("GET", game_path(key, "/estimate"));
  ASSERT_EQ(c.last.status, 200) << c.last.body;
  EXPECT_EQ(r["playouts"], 8);
  App by_size(memory_options());
  Client d(by_size);
  const std::string k2 = create(d, json{{"size", 9}})["id"];
  EXPECT_GT(d.call("GET", game_path(k2, "/estimate"))["playouts"].get<int>(), 8);
}

// ---- The database ------------------------------------------------------------------------------

void sql(const std::string& db, const std::string& statement) {
  sqlite3* h = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
  char* err = nullptr;
  EXPECT_EQ(sqlite3_exec(h, statement.c_str(), nullptr, nullptr, &err), SQLITE_OK) << (err ? err : "");
  sqlite3_free(err);
  sqlite3_close(h);
}

TEST(WebStore, ADamagedRowIsReportedTheOtherGamesAreServedAndCheckRepairsIt) {
  // A row that did not read stopped the whole server at start.
  TempDb db;
  Options o = memory_options();
  o.db = db.path.string();
  std::string broken, refused, sound;
  std::map<std::string, json> tokens;
  {
    App app(o);
    Client c(app);
    for (std::string* key : {&broken, &refused, &sound}) {
      *key = create(c, json{{"size", 9}, {"rules", "chinese"}})["id"];
      for (const char* p : {"E5", "D4", "C3", "F6"}) c.move(*key, c.call("GET", game_path(*key))["to_move"].get<std::string>().c_str(), "play", p);
    }
    tokens = c.tokens;
  }
  // Events 0 and 1 are the seats; 2.. the moves. Game 1: a row that is not JSON; game 2: a move
  // onto an occupied point.
  sql(db.path.string(), "UPDATE events SET event = '{\"t\":\"move\",' WHERE game = 1 AND seq = 4");
  sql(db.path.string(), "UPDATE events SET event = '{\"t\":\"move\",\"color\":\"B\",\"kind\":\"play\",\"point\":\"E5\"}' "
                        "WHERE game = 2 AND seq = 4");
  {
    App app(o);
    ASSERT_EQ(app.damaged().size(), 2u);
    EXPECT_EQ(app.damaged()[0].key, broken);
    EXPECT_EQ(app.damaged()[0].event, 4);
    EXPECT_EQ(app.damaged()[0].why, "event 4 is not JSON");
    EXPECT_EQ(app.damaged()[1].key, refused);
    EXPECT_NE(app.damaged()[1].why.find("is refused on replay: point E5 is occupied"), std::string::npos);
    Response r = app.handle("GET", game_path(broken), "");
    EXPECT_EQ(r.status, 503);
    EXPECT_EQ(json::parse(r.body)["reason"], "damaged");
    EXPECT_NE(json::parse(r.body)["error"].get<std::string>().find("jpd serve --check"), std::string::npos);
    EXPECT_EQ(json::parse(app.handle("GET", game_path(sound), "").body)["moves"].size(), 4u);
  }
  std::vector<Damage> listed = check_database(db.path.string(), false);
  EXPECT_EQ(listed.size(), 2u);
  EXPECT_EQ(check_database(db.path.string(), false).size(), 2u);  // listing changes nothing
  std::vector<Damage> repaired = check_database(db.path.string(), true);
  ASSERT_EQ(repaired.size(), 2u);
  EXPECT_EQ(repaired[0].removed, 2);  // events 4 and 5
  EXPECT_TRUE(check_database(db.path.string(), false).empty());
  App app(o);
  EXPECT_TRUE(app.damaged().empty());
  Client c(app);
  c.tokens = tokens;
  for (const std::string& key : {broken, refused}) {
    json g = c.call("GET", game_path(key));
    EXPECT_EQ(g["moves"].size(), 2u) << key;  // cut back to its last sound event
    c.move(key, "B", "play", "J9");           // and played on
    EXPECT_EQ(c.last.status, 200) << c.last.body;
  }
}

TEST(WebStore, NewGamesAndMovesMadeAtOnceAreEachCommittedOrRefusedAlone) {
  // New games go through the group commit with the moves (a burst of players arriving at once
  // waited for one sync each): each creator gets its own id, or its own failure (a key already
  // taken), and the games and moves written beside it are kept.
  TempDb db;
  std::vector<int64_t> ids(64, 0);
  std::atomic<int> refused{0};
  {
    Store store(db.path.string(), Sync::full);
    const int64_t first = store.create_game(json{{"size", 9}}, "first", "2026-12-07", {json{{"t", "seat"}}});
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t)
      threads.emplace_back([&, t] {
        for (int k = 0; k < 8; ++k) {
          const int n = 8 * t + k;
          try {  // every eighth new game asks for the key taken already
            ids[size_t(n)] = store.create_game(json{{"size", 9}, {"n", n}}, n % 8 == 7 ? "first" : "key" + std::to_string(n),
                                               "2026-12-07", {json{{"t", "seat"}, {"n", n}}});
          } catch (const StoreError& e) {
            EXPECT_NE(std::string(e.what()).find("cannot store the new game"), std::string::npos) << e.what();
            ++refused;
          }
          if (t == 0) store.append(first, k + 1, {json{{"t", "move"}, {"k", k}}});
        }
      });
    for (std::thread& th : threads) th.join();
  }
  EXPECT_EQ(refused.load(), 8);
  Store store(db.path.string(), Sync::full);
  const std::vector<StoredGame> games = store.load_all();
  ASSERT_EQ(games.size(), 1u + 56u);
  EXPECT_EQ(games[0].key, "first");
  EXPECT_EQ(games[0].events.size(), 9u);  // its seat and the eight moves appended beside the new games
  std::set<int64_t> seen;
  for (size_t g = 1; g < games.size(); ++g) {
    const int n = games[g].settings["n"];
    EXPECT_EQ(games[g].id, ids[size_t(n)]);
    EXPECT_EQ(games[g].key, "key" + std::to_string(n));
    ASSERT_EQ(games[g].events.size(), 1u);
    EXPECT_EQ(games[g].events[0]["n"], n);
    seen.insert(games[g].id);
  }
  EXPECT_EQ(seen.size(), 56u);
}

TEST(WebStore, GamesStoredBeforeKeysAndSeatsGetAKeyAndFreeSeats) {
  TempDb db;
  sql(db.path.string(),
      "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, created TEXT NOT NULL, settings TEXT NOT NULL);"
      "CREATE TABLE events (game INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, event TEXT NOT NULL,"
      " PRIMARY KEY (game, seq)) WITHOUT ROWID;"
      "INSERT INTO games (created, settings) VALUES ('2024-01-01T00:00:00Z', '{\"rules\":\"chinese\",\"width\":9,\"height\":9,\"engine\":null}');"
      "INSERT INTO events VALUES (1, 0, '{\"t\":\"move\",\"color\":\"B\",\"kind\":\"play\",\"point\":\"E5\"}');");
  Options o = memory_options();
  o.db = db.path.string();
  std::string key;
  {
    App app(o);
    ASSERT_EQ(app.game_count(), 1u);
    EXPECT_TRUE(app.damaged().empty());
    json list = json::parse(app.handle("GET", "/api/games", "").body);
    EXPECT_TRUE(list["games"].empty());  // not public
  }
  sqlite3* h = nullptr;
  ASSERT_EQ(sqlite3_open(db.path.c_str(), &h), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(h, "SELECT key FROM games", -1, &st, nullptr);
  ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
  key = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
  sqlite3_finalize(st);
  sqlite3_close(h);
  App app(o);
  Client c(app);
  json g = c.call("GET", game_path(key));
  EXPECT_EQ(g["moves"].size(), 1u);
  EXPECT_EQ(g["seats"], json({{"B", "free"}, {"W", "free"}}));
  json w = c.call("POST", game_path(key, "/seats"), json{{"color", "W"}});
  EXPECT_EQ(c.last.status, 201);
  c.move(key, "W", "play", "D4");
  EXPECT_EQ(c.last.status, 200) << c.last.body;
}

}  // namespace
}  // namespace jpd::web
