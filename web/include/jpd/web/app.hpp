// The web referee without sockets: every request of the page and of the JSON API (README, "jpd
// serve") goes through App::handle(method, target, body), which returns the status and the body.
// The HTTP server (http.hpp) only carries requests to it, so that tests and fuzzers call it
// directly.
//
// Games live in memory, each behind its own lock, and in the store (store.hpp): a request that
// changes a game is applied to a copy of its session first, its events are committed to the
// database, and only then does the copy replace the game and the answer go out. A request the
// referee refuses changes nothing and is not stored.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "jpd/genmove.hpp"
#include "jpd/web/session.hpp"
#include "jpd/web/store.hpp"

namespace jpd::web {

struct Options {
  std::string db = "jpd-games.sqlite";  // ":memory:" keeps nothing
  Sync sync = Sync::full;
  size_t max_games = 10000;   // games per server; creating one more is refused (403)
  size_t max_body = 1 << 20;  // bytes of a request body (413 beyond)
  int max_size = kMaxBoardSize;  // largest board side
  int64_t max_events = 5000;  // events per game (moves and the rest)
  bool estimator = true;      // suggest dead stones at every pause
  GenmoveOptions genmove;     // the built-in engine (playouts 0: by board size)
};

struct Response {
  int status = 200;
  std::string body;
  std::string content_type = "application/json; charset=utf-8";
  std::vector<std::pair<std::string, std::string>> headers;
};

class App {
 public:
  // Opens the database and restores every game in it by replaying its events.
  explicit App(Options options = {});

  // One request: method ("GET", "POST", ...), target (path and query, e.g. "/api/games?x=1") and
  // body. Never throws.
  Response handle(std::string_view method, std::string_view target, std::string_view body);

  size_t game_count();
  const Options& options() const { return opts_; }

 private:
  struct Entry {
    std::mutex mu;
    Session session;
    explicit Entry(Session s) : session(std::move(s)) {}
  };
  struct Request;

  Response route(const Request& r);
  std::shared_ptr<Entry> find(int64_t id);
  Response create(const Request& r);
  Response upload(const Request& r);
  Response list();
  Response game_action(const Request& r, int64_t id, const std::string& action);
  // Applies the events to a copy, stores them, then makes the copy the game. Entry locked.
  Response commit(Entry& e, std::vector<nlohmann::json> events, nlohmann::json extra = {});
  Response add_game(const Settings& s, const std::vector<nlohmann::json>& events, int status);
  // The estimator's dead stones for a game at its pause, as a marks event (none if not paused).
  std::optional<nlohmann::json> suggestion(const Session& s) const;

  Options opts_;
  Store store_;
  std::mutex games_mu_;
  std::map<int64_t, std::shared_ptr<Entry>> games_;
  size_t reserved_ = 0;  // games being created (counted against max_games)
};

}  // namespace jpd::web
