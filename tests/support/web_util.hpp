// Helpers of the web tests: an App on a memory or file database, a client that keeps the seats'
// tokens of the games it created, SPEC §7's worked check played through the API.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "jpd/web/app.hpp"

namespace jpd::web::test {

using nlohmann::json;

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A fresh database file per test, removed afterwards.
struct TempDb {
  std::filesystem::path path;
  TempDb() {
    path = std::filesystem::temp_directory_path() /
           ("jpd-web-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".sqlite");
    remove();
  }
  ~TempDb() { remove(); }
  void remove() {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
  }
};

// No per-client limits (tests make many requests at once from one client), few playouts.
inline Options memory_options() {
  Options o;
  o.db = ":memory:";
  o.genmove.playouts = 64;
  o.rate = 0;
  o.client_games = 0;
  o.client_cpu = 0;
  return o;
}

// Calls the handler as one client; keeps the tokens of the seats it took, per game.
struct Client {
  explicit Client(App& a, std::string who = "local") : app(a), client(std::move(who)) {}
  App& app;
  std::string client;
  Response last;
  std::map<std::string, json> tokens;  // game key -> {"B": token, "W": token}

  json call(const std::string& method, const std::string& target, const json& body = nullptr,
            const std::string& token = "") {
    const std::string text = body.is_null() ? std::string() : body.dump();
    Request r;
    r.method = method;
    r.target = target;
    r.body = text;
    r.token = token;
    r.client = client;
    if (method == "POST") r.content_type = "application/json";
    last = app.handle(r);
    json j = last.content_type.rfind("application/json", 0) == 0 ? json::parse(last.body) : json();
    if (j.is_object() && j.contains("tokens") && j.contains("id"))
      for (auto& [colour, t] : j["tokens"].items()) tokens[j["id"]][colour] = t;
    return j;
  }
  // A request with the token of the seat of `colour` in game `key` (as its player sends it).
  json as(const std::string& colour, const std::string& method, const std::string& target,
          const json& body = nullptr) {
    const std::string key = target.substr(11, 32);  // /api/games/KEY...
    return call(method, target, body, tokens[key].value(colour, ""));
  }
  json move(const std::string& key, const char* colour, const char* kind, const char* point = nullptr) {
    json b{{"color", colour}, {"kind", kind}};
    if (point) b["point"] = point;
    return as(colour, "POST", "/api/games/" + key + "/moves", b);
  }
};

inline std::string game_path(const std::string& key, const std::string& rest = "") {
  return "/api/games/" + key + rest;
}

// SPEC §7's worked check on 5x5: Black B3 B2 B4 B1 B5, White D3 D2 D4 D1 D5, then Black C3, White
// a virtual move, Black a virtual move: the pause. The client holds both seats.
inline std::string worked_check(Client& c, const std::string& rules = "tang-song") {
  json g = c.call("POST", "/api/games", json{{"rules", rules}, {"size", 5}, {"komi", 0.5}});
  EXPECT_EQ(c.last.status, 201) << c.last.body;
  const std::string key = g["id"];
  const char* b[] = {"B3", "B2", "B4", "B1", "B5"};
  const char* w[] = {"D3", "D2", "D4", "D1", "D5"};
  for (int i = 0; i < 5; ++i) {
    c.move(key, "B", "play", b[i]);
    EXPECT_EQ(c.last.status, 200) << c.last.body;
    c.move(key, "W", "play", w[i]);
    EXPECT_EQ(c.last.status, 200) << c.last.body;
  }
  c.move(key, "B", "play", "C3");
  c.move(key, "W", "virtual");
  json s = c.move(key, "B", "virtual");
  EXPECT_EQ(c.last.status, 200) << c.last.body;
  EXPECT_EQ(s["phase"], "paused");
  return key;
}

inline std::string header(const Response& r, const std::string& name) {
  for (const auto& [k, v] : r.headers)
    if (k == name) return v;
  return "";
}

}  // namespace jpd::web::test
