// The web referee without sockets: every request of the page and of the JSON API (README, "jpd
// serve") goes through App::handle(request) — App::admit with what the request's head decides
// (who may reach the server at all, the rate limit, the content type), then App::serve — which
// returns the status and the body. The HTTP server (http.hpp) only carries requests to them, so
// that tests and fuzzers call them directly.
//
// Games live in memory, each behind its own lock, and in the store (store.hpp): a request that
// changes a game is applied to a copy of its session first, its events are committed to the
// database, and only then does the copy replace the game and the answer go out. A request the
// referee refuses changes nothing and is not stored.
//
// A game is known by a random key of 128 bits (its URL); its two seats are taken with secret
// tokens, one per colour, given once to the player who takes the seat; moves, marks, agreements,
// disputes and resignations need the seat's token (Authorization: Bearer TOKEN). Everyone who
// knows the key may watch. The lobby lists only the games created as public. docs/web.md,
// "Identity", "Limits" and "Cross-site requests", says why each rule is there.
#pragma once

#include <functional>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "jpd/estimate.hpp"
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
  EstimateOptions estimate;   // the estimator's dead stones and estimate answers (the same)

  // The origins the page is served under besides the server's own address ("https://go.example"):
  // their pages may call the API, and their host names are answered (a Host that is neither an
  // address, nor localhost, nor one of these is refused: DNS rebinding).
  std::vector<std::string> allowed_origins;

  // Per client (an address): requests per second sustained and at once (a token bucket; 0: no
  // limit), and games in play it created.
  double rate = 20;
  double burst = 100;
  size_t client_games = 20;

  // Engine work (genmove, the estimator, counting and the making): requests doing it at once
  // (0: the number of cores), of which one client may have half; how long a request waits for a
  // slot (then 503); CPU seconds per game, and per client in any minute (then 429).
  int engine_slots = 0;
  double engine_wait = 10;
  double game_cpu = 600;
  double client_cpu = 30;

  // The server's time in milliseconds since the epoch, for the clocks (tests give their own).
  std::function<int64_t()> now_ms;
};

// One request as App sees it; views into the caller's storage.
struct Request {
  std::string_view method, target, body;
  std::string_view content_type;  // the body's Content-Type ("" when none)
  std::string_view token;         // the seat token (Authorization: Bearer TOKEN; "" when none)
  std::string_view host;          // the Host header ("" when none)
  std::string_view origin;        // the Origin header ("" when none)
  std::string_view client = "local";  // who asks, for the limits: an address
};

struct Response {
  int status = 200;
  std::string body;
  std::string content_type = "application/json; charset=utf-8";
  std::vector<std::pair<std::string, std::string>> headers;
};

// The headers every answer carries: a content security policy allowing the page's own files
// only and no framing, no sniffing, no referrer.
const std::vector<std::pair<std::string, std::string>>& security_headers();

// A game found damaged in the database: the row that cannot be read or the event the referee
// refuses. Such a game is not served (503); the others are.
struct Damage {
  int64_t id = 0;        // the database's row id
  std::string key;       // the game's key
  int64_t event = -1;    // the first event that cannot be used (-1: the game's settings)
  std::string why;
  int64_t removed = 0;   // events cut off by a repair
};

// Lists every damaged game of the database, and with `repair` cuts each one back to its events
// before the first damaged one (a game whose settings cannot be read is left as it is). Throws
// StoreError when the database cannot be opened.
std::vector<Damage> check_database(const std::string& path, bool repair);

class App {
 public:
  // Opens the database and restores every game in it by replaying its events; damaged games are
  // listed (damaged()) and not served.
  explicit App(Options options = {});
  ~App();

  // admit, then serve. Never throws.
  Response handle(const Request& r);
  // A convenience for tests: a request from "local" with the given token, the JSON content type
  // for a body (the SGF type for /api/sgf).
  Response handle(std::string_view method, std::string_view target, std::string_view body,
                  std::string_view token = "");
  // What the request's head decides before its body is read: the Host and the Origin, the rate
  // limit, the content type of a POST. nullopt: go on. Never throws.
  std::optional<Response> admit(const Request& r);
  // The request itself. Never throws.
  Response serve(const Request& r);

  size_t game_count();
  // Forgets every game, in memory and in the store (damaged ones too), and every limit's
  // account: the App is then as a new one on an empty database, without opening one again.
  // For tests and the fuzz harnesses, which reuse one App (opening costs more than most
  // requests). Not while requests are being served.
  void clear();
  const std::vector<Damage>& damaged() const { return damaged_; }
  const Options& options() const { return opts_; }

  struct Limits;  // rate and CPU buckets, engine slots (app.cpp)

 private:
  struct Entry {
    std::mutex mu;
    Session session;
    double cpu = 0;  // CPU seconds of engine work spent on the game (under mu)
    explicit Entry(Session s) : session(std::move(s)) {}
  };
  struct Call;

  Response route(const Call& c);
  std::shared_ptr<Entry> find(const std::string& key);
  Response create(const Call& c);
  Response upload(const Call& c);
  Response list();
  Response game_action(const Call& c, const std::string& key, const std::string& action);
  Response take_seat(const Call& c, Entry& e, const std::string& key);
  // A player's acts on a game, Entry locked: the marks, the agreement to them, a take-back.
  Response mark_dead(const Call& c, Entry& e, const nlohmann::json& j);
  Response agree(const Call& c, Entry& e, const nlohmann::json& j);
  Response take_back(const Call& c, Entry& e, const nlohmann::json& j);
  Response engine_action(const Call& c, const std::shared_ptr<Entry>& e, const std::string& action);
  // The budgets and a slot for engine work: nullopt when a slot was taken (given back by the
  // caller), else the refusal.
  std::optional<Response> take_engine_slot(const Call& c, double game_cpu);
  Response engine_move(Entry& e, const Session& s, Color colour, const std::function<void()>& charge);
  // Applies the events to a copy, stores them, then makes the copy the game. Entry locked.
  Response commit(Entry& e, std::vector<nlohmann::json> events, nlohmann::json extra = {});
  int64_t now() const;
  void flag_if_due(Entry& e);  // commits a timeout when the side to move has run out of time
  Response add_game(const Call& c, Settings s, const std::vector<nlohmann::json>& events, int status);
  // The estimator's dead stones for a game at its pause, as a marks event (none if not paused).
  std::optional<nlohmann::json> suggestion(const Session& s, double& cpu) const;
  void note_end(const Session& s);

  Options opts_;
  Store store_;
  std::unique_ptr<Limits> limits_;
  std::mutex games_mu_;
  std::map<std::string, std::shared_ptr<Entry>> games_;  // by key
  std::map<std::string, std::string> damaged_keys_;      // key -> why
  std::vector<Damage> damaged_;
  std::map<std::string, std::set<std::string>> open_by_client_;  // creator -> keys of games in play
  size_t reserved_ = 0;  // games being created (counted against max_games)
};

}  // namespace jpd::web
