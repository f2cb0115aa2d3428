// The request sequences of web_fuzzer (the API and the referee, no engine work) and
// web_engine_fuzzer (the estimator, genmove, counts and the making too), through App::handle
// without HTTP. Each input starts from an empty App (one App on an in-memory SQLite store, made
// once and emptied by App::clear before and after each input) with small limits (3 games, boards
// up to 7x7 (5x5 with the engine), 60 events, 40 requests of which 1 engine work, 4 KB bodies),
// a fixed, tiny engine budget (genmove 16 playouts at about one a candidate a round, the
// estimator 8) and a clock of its own that starts at the same time for every input, so that the
// same input gets the same answers. The input is a sequence of requests, each from a few
// bytes: a method, a target from templates (every route of the API with one of the games created
// so far, or a key of none, the page's files, paths that try to leave them, garbage), a body
// that is either built for the route (moves, marks, agreements, counts, new games, seats, SGF records, with points and
// colours from the input) or raw bytes of the input, a seat token (Black's or White's of that
// game, none or a wrong one) and a content type.
//
// Oracles: handle() returns, with a status of 200 to 499 (a 5xx is an internal error or a store
// failure: a finding); every JSON answer parses, and an error is {"error": "...", ...}; a page
// is served only at its own name and is one of the embedded files (no path reaches anything
// else); a downloaded record reads back as SGF.
#pragma once

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <iterator>
#include <string>
#include <unordered_set>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness.hpp"
#include "jpd/sgf.hpp"
#include "jpd/web/app.hpp"
#include "jpd/web/assets.hpp"

namespace jpd::fuzz {

namespace web_session_detail {

using nlohmann::json;

class Input {
 public:
  explicit Input(std::string_view data) : d_(data) {}
  bool empty() const { return pos_ >= d_.size(); }
  uint8_t next() { return pos_ < d_.size() ? uint8_t(d_[pos_++]) : 0; }
  std::string_view take(size_t n) {
    n = std::min(n, d_.size() - std::min(pos_, d_.size()));
    const std::string_view s = d_.substr(std::min(pos_, d_.size()), n);
    pos_ += n;
    return s;
  }

 private:
  std::string_view d_;
  size_t pos_ = 0;
};

// The budget of one input.
constexpr int kMaxRequests = 40;
constexpr int kMaxEngineRequests = 1;

inline const char* const kMethods[] = {"GET", "POST", "POST", "POST", "HEAD", "PUT", "DELETE", "get"};

// Targets; {id} is a game's key (one created so far, or none), {v} a version.
inline const char* const kTargets[] = {
    "/api/games", "/api/games", "/api/games/{id}/moves", "/api/games/{id}/moves",
    "/api/games/{id}/moves", "/api/games/{id}/genmove", "/api/games/{id}/marks",
    "/api/games/{id}/agree", "/api/games/{id}/dispute", "/api/games/{id}/count", "/api/games/{id}/seats",
    "/api/games/{id}", "/api/games/{id}?known={v}", "/api/games/{id}/sgf", "/api/sgf",
    "/api/sgf?rules=japanese", "/api/games/{id}/making?lang=zh", "/api/games/{id}/estimate",
    "/api/presets", "/api/texts", "/", "/index.html", "/app.js", "/style.css", "/favicon.svg",
    "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2fapp.js", "//etc/passwd",
    "/page/index.html", "/index.html/", "/api/../index.html", "/api/games/{id}/moves/x",
    "/api/games/-1", "/api/games/99999999999999999999", "/api/games/1e3", "/api/x",
    "/api/games/{id}/%6doves", "/api/games/{id}/agree?x=%zz&&=&y"};

inline const char* const kPresets[] = {"tang-song", "chinese", "japanese", "aga", "jpd-area",
                                "tang-song,komi=0.5", "japanese,ko=positional", "nonsense"};
inline const char* const kKinds[] = {"play", "play", "play", "pass", "virtual", "propose-pause",
                              "accept-pause", "reject-pause", "resign", "negative-a", "junk"};

inline json colour(uint8_t b) {
  switch (b % 4) {
    case 0: return "B";
    case 1: return "W";
    case 2: return b & 4 ? json("b") : json(nullptr);
    default: return b & 4 ? json(1) : json("X");
  }
}

// A point on boards up to 7x7 (GTP mostly, SGF sometimes, off the board or not a string rarely).
inline json point(uint8_t b) {
  if (b >= 0xf8) return b & 1 ? json(42) : json("Z99");
  if (b >= 0xe0) return std::string{char('a' + b % 7), char('a' + (b / 7) % 7)};
  return std::string(1, "ABCDEFG"[b % 7]) + std::to_string(1 + (b / 7) % 7);
}

// A claim "B:C3" (its point as point() makes it, a number written as one).
inline std::string claim(uint8_t side, uint8_t b) {
  const json p = point(b);
  return std::string(side & 4 ? "B:" : "W:") + (p.is_string() ? p.get<std::string>() : p.dump());
}

inline json points(Input& in) {
  json list = json::array();
  for (int n = in.next() % 4; n > 0; --n) list.push_back(point(in.next()));
  return list;
}

inline const char* const kRecords[] = {
    "(;GM[1]FF[4]SZ[5]KM[0.5];B[cc];W[bc];B[cb];W[bb];B[];W[])",
    "(;GM[1]FF[4]SZ[5]RU[Japanese];B[aa];W[ba];B[ab];W[bb])",
    "(;FF[4]SZ[4]AB[aa][bb]AW[ab]PL[W];W[cc];B[dd];W[];B[]TB[cd])",
    "(;SZ[9];B[ee])",
    "(;SZ[3]AB[aa][ab]AW[ba][bb])",
    "(;SZ[5];B[aa];W[tt];B[tt])",
    "(;SZ[5]",
};

// A body made for the target, from the input.
inline std::string body_for(const std::string& target, Input& in) {
  const uint8_t how = in.next();
  if (how >= 0xd0) return std::string(in.take(in.next()));  // raw bytes
  if (target.rfind("/api/sgf", 0) == 0) return kRecords[how % std::size(kRecords)];
  json j = json::object();
  if (target == "/api/games") {
    if (how & 1) j["rules"] = kPresets[in.next() % std::size(kPresets)];
    if (how & 2) j["size"] = 2 + in.next() % 7;
    if (how & 4) j["komi"] = double(int(in.next()) - 128) / 2;
    if (how & 8) j["engine"] = colour(in.next());
    if (how & 16) j["width"] = 2 + in.next() % 7;
    if (how & 32) j["height"] = 2 + in.next() % 7;
    if (how & 64) j["seat"] = std::string(in.next() & 1 ? "B" : "both");
    if (how & 128) j["public"] = true;
  } else if (target.find("/moves") != std::string::npos) {
    j["color"] = colour(how);
    j["kind"] = kKinds[in.next() % std::size(kKinds)];
    j["point"] = point(in.next());
  } else if (target.find("/marks") != std::string::npos) {
    if (how & 1) j["toggle"] = point(in.next());
    else j["dead"] = points(in);
    if (how & 2) j["claims"] = json::array({claim(how, in.next())});
  } else if (target.find("/agree") != std::string::npos || target.find("/genmove") != std::string::npos ||
             target.find("/seats") != std::string::npos) {
    j["color"] = colour(how);
    if (how & 8) j["dead"] = points(in);
  } else if (target.find("/count") != std::string::npos) {
    if (how & 1) j["dead"] = points(in);
    if (how & 2) j["claims"] = json::array({claim(how, in.next())});
  }
  return how & 0x40 ? j.dump() : (j.empty() ? "" : j.dump());
}

// The games created so far: their keys and the tokens of the seats taken.
struct Known {
  std::string key;
  json tokens;
};

inline std::string target_for(Input& in, int64_t version, const std::vector<Known>& games) {
  std::string t = kTargets[in.next() % std::size(kTargets)];
  if (const size_t at = t.find("{id}"); at != std::string::npos) {
    const uint8_t g = in.next();
    t.replace(at, 4, g % 5 < games.size() ? games[g % 5].key : std::string(32, "0f"[g & 1]));
  }
  if (const size_t at = t.find("{v}"); at != std::string::npos)
    t.replace(at, 3, std::to_string(version));
  return t;
}

// A seat token for a request on `target`: Black's or White's of its game, none, or a wrong one.
inline std::string token_for(uint8_t b, const std::string& target, const std::vector<Known>& games) {
  for (const Known& k : games)
    if (target.find(k.key) != std::string::npos) {
      const char* colour = b & 1 ? "W" : "B";
      if (b % 8 < 5 && k.tokens.contains(colour)) return k.tokens[colour];
    }
  return b % 8 == 7 ? std::string(64, 'e') : "";
}

inline bool is_embedded(const std::string& body) {
  for (const web::Asset& a : web::assets())
    if (a.body == body) return true;
  return false;
}

// Reads a whole answer as JSON and keeps only what the session uses: the top level's "error",
// "version", "id" (scalars) and "tokens" (an object of strings), in `kept`, an object when the
// answer is one (else null). False when the answer is not JSON. In fuzz/web_answer.cpp, built
// without comparison tracing (fuzz/CMakeLists.txt): the oracle's own parser is no coverage of
// the server's, and tracing it cost 5 to 7 % of web_fuzzer's time.
bool read_answer(const std::string& body, json& kept);

// Checks one answer; the version of a game it holds is kept for the next "?known=". Returns the
// answer as JSON when it is a game's (it may carry tokens), else null. (The big constant answers,
// the text table and the presets, are only validated, not built: most of the harness's time
// went into parsing them.)
inline json expect_response(const web::Response& r, std::string_view method, const std::string& target,
                            std::string_view body, int64_t& version) {
  auto detail = [&] {
    return std::string(method) + " " + target + "\n" + std::string(body) + "\n-> " + std::to_string(r.status) +
           " " + r.body;
  };
  auto expect = [&](bool ok, const char* what) {
    if (!ok) fail(what, detail());
  };
  expect(r.status >= 200 && r.status < 500, "a status outside 200..499");
  json j;
  if (r.content_type.rfind("application/json", 0) == 0) {
    if (r.status == 200 && r.body.size() > 4096 && target.rfind("/api/games/", 0) != 0) {
      // (the same constant answers come back in most inputs: each body is checked once)
      static std::unordered_set<size_t> checked;
      if (checked.insert(std::hash<std::string>{}(r.body)).second)
        expect(json::accept(r.body), "a JSON answer does not parse");
    } else {
      // The whole answer is read (so it must be JSON), but only what the session uses is kept:
      // the error's sentence, the version, the key and the seat tokens. Building the rest (the
      // board, the moves, the count) cost a third of the harness's time under the sanitizers.
      expect(read_answer(r.body, j), "a JSON answer does not parse");
      if (r.status >= 400)
        expect(j.is_object() && j.contains("error") && j["error"].is_string(), "an error without its sentence");
      if (r.status < 300 && j.is_object() && j.contains("version") && j["version"].is_number_integer())
        version = j["version"].get<int64_t>();
    }
  }
  if (target.rfind("/api/", 0) != 0 && r.status == 200) {
    expect(is_embedded(r.body), "a page that is not one of the embedded files");
    expect(target.find("..") == std::string::npos && target.find("%2") == std::string::npos,
           "a page served at a path that leaves the page's files");
  }
  if (r.status == 200 && r.content_type.rfind("application/x-go-sgf", 0) == 0) {
    try {
      (void)sgf::read_record_text(r.body, "download.sgf");
    } catch (const std::exception& e) {
      fail("a downloaded record does not read back", detail() + "\n" + e.what());
    }
  }
  return j;
}

// The clock of the sessions: a fixed start, a tenth of a second more at every reading (the
// games' clocks run, deterministically).
constexpr int64_t kStartMs = 1'700'000'000'000;
inline int64_t& session_clock() {
  static int64_t now = kStartMs;
  return now;
}

// The App of the sessions, made once: an in-memory store, small limits, no rate limit, and a
// fixed, tiny amount of engine work (genmove at about one playout a candidate a round, the
// estimator at 8 playouts, the same in dispute play).
inline web::App& app_for(bool with_engine) {
  auto make = [](bool engine) {
    web::Options opts;
    opts.db = ":memory:";
    opts.sync = web::Sync::normal;
    opts.max_games = 3;
    opts.max_body = 4096;
    opts.max_size = engine ? 5 : 7;
    opts.max_events = 60;
    opts.estimator = engine;
    opts.genmove.playouts = 16;
    opts.genmove.least = 1;
    opts.genmove.dispute_playouts = 8;
    opts.estimate.playouts = 8;
    opts.estimate.race_nodes = 400;  // each reading of a capturing race (20,000 by default)
    opts.estimate.settle_playouts = 2;  // each point tried for a settling point (12 by default)
    opts.rate = 0;
    opts.client_games = 0;
    opts.now_ms = [] { return session_clock() += 100; };
    return opts;
  };
  if (with_engine) {
    static web::App app(make(true));
    return app;
  }
  static web::App app(make(false));
  return app;
}

}  // namespace web_session_detail

// One sequence of requests. with_engine: the estimator's suggestion at every pause, and genmove,
// the estimator, counts and the making among the requests (at most one of them, on boards up to
// 5x5); else none of these (the API and the referee alone, fast).
inline void web_session(std::string_view data, bool with_engine) {
  using namespace web_session_detail;
  Input in(data);
  in.next();  // (was: whether the estimator suggests dead stones)
  int engine_requests = 0;
  static const bool trace = std::getenv("JPD_FUZZ_TRACE") != nullptr;  // each request and answer on stderr
  // One App for every input, emptied before each (App::clear: no game, no limit's account, the
  // games numbered from 1 again), and a clock of the harness's own, set back at each input: the
  // same input, the same answers (but for the games' random keys).
  session_clock() = kStartMs;
  web::App& app = with_engine ? app_for(true) : app_for(false);
  app.clear();
  const web::Options& opts = app.options();
  int64_t version = 0;
  std::vector<Known> games;
  for (int n = 0; n < kMaxRequests && !in.empty(); ++n) {
    const std::string_view method = kMethods[in.next() % std::size(kMethods)];
    const std::string target = target_for(in, version, games);
    const std::string body = body_for(target, in);
    const uint8_t how = in.next();
    const bool engine_work = target.find("/genmove") != std::string::npos || target.find("/estimate") != std::string::npos ||
                             target.find("/making") != std::string::npos || target.find("/count") != std::string::npos;
    if (engine_work && (!with_engine || ++engine_requests > kMaxEngineRequests)) continue;
    const std::string token = token_for(how, target, games);
    web::Request req;
    req.method = method;
    req.target = target;
    req.body = body;
    req.token = token;
    // Mostly the type the route wants; sometimes none or another one (refused: 415).
    req.content_type = how >= 0xf0 ? "text/plain"
                       : method == "POST" ? (target.rfind("/api/sgf", 0) == 0 ? "application/x-go-sgf" : "application/json")
                                          : "";
    const web::Response r = app.handle(req);
    if (trace) std::fprintf(stderr, "%.*s %s %s -> %d %.100s\n", int(method.size()), method.data(), target.c_str(),
                            body.substr(0, 60).c_str(), r.status, r.body.c_str());
    const json j = expect_response(r, method, target, body, version);
    if ((r.status == 201 || r.status == 200) && j.is_object() && j.contains("tokens") && j["id"].is_string()) {
      auto it = std::find_if(games.begin(), games.end(), [&](const Known& k) { return k.key == j["id"]; });
      if (it == games.end()) games.push_back({j["id"], j["tokens"]});
      else it->tokens.update(j["tokens"]);
    }
  }
  check(app.game_count() <= opts.max_games, "more games than the limit");
  // Emptied at the end too: what the input allocated is freed within it (else libFuzzer takes
  // every input for a possible leak, runs it again and looks for leaks).
  app.clear();
}

}  // namespace jpd::fuzz
