#include "jpd/web/app.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <ctime>

#include "jpd/estimate.hpp"
#include "jpd/gtp_move.hpp"
#include "jpd/replay.hpp"
#include "jpd/rules.hpp"
#include "jpd/score.hpp"
#include "jpd/sgf.hpp"
#include "jpd/svg.hpp"
#include "jpd/text.hpp"
#include "jpd/web/assets.hpp"

namespace jpd::web {

using nlohmann::json;

struct App::Request {
  std::string method;
  std::string path;
  std::map<std::string, std::string> query;
  std::string_view body;
};

namespace {

// A message may quote the request's path or query, which need not be UTF-8: such bytes are
// written as U+FFFD (dump() would throw, and handle() must not).
Response reply(int status, const json& body) {
  Response r;
  r.status = status;
  r.body = body.dump(-1, ' ', false, json::error_handler_t::replace);
  return r;
}

Response error(int status, const std::string& message, const std::string& reason = "") {
  json j{{"error", message}};
  if (!reason.empty()) j["reason"] = reason;
  return reply(status, j);
}

Response refusal(const Refusal& r) { return error(r.status, r.message, r.reason); }

std::string now_utc() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string url_decode(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex_value(s[i + 1]) >= 0 && hex_value(s[i + 2]) >= 0) {
      out += char(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]));
      i += 2;
    } else {
      out += s[i] == '+' ? ' ' : s[i];
    }
  }
  return out;
}

std::optional<int64_t> parse_id(std::string_view s) {
  int64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v <= 0) return std::nullopt;
  return v;
}

std::vector<std::string> split_path(std::string_view path) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < path.size()) {
    size_t j = path.find('/', i);
    if (j == std::string_view::npos) j = path.size();
    if (j > i) out.emplace_back(path.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

json parse_body(std::string_view body) {
  if (body.empty()) return json::object();
  json j = json::parse(body);  // json::parse_error: 400
  if (!j.is_object()) throw std::invalid_argument("the request body must be a JSON object");
  return j;
}

std::optional<Color> body_colour(const json& j) {
  if (!j.contains("color")) return std::nullopt;
  if (!j["color"].is_string()) throw std::invalid_argument("\"color\" is \"B\" or \"W\"");
  auto c = parse_color(j["color"].get<std::string>());
  if (!c) throw std::invalid_argument("\"color\" is \"B\" or \"W\"");
  return c;
}

// Statuses from a request body's "dead" and "claims" (whole chains on the counting position).
Statuses statuses_from(const Session& s, const json& j) {
  if (!j.contains("dead") && !j.contains("claims")) return s.statuses();
  Statuses st;
  const int w = s.game().width(), h = s.game().height();
  if (j.contains("dead")) {
    if (!j["dead"].is_array()) throw std::invalid_argument("\"dead\" is a list of points");
    std::vector<Point> dead;
    for (const json& p : j["dead"]) dead.push_back(parse_point(p.get<std::string>(), w, h));
    for (Point p : dead)
      if (!is_stone(s.counting_position().at(p)))
        throw CountError("there is no stone at " + to_gtp(p, h));
    st.dead = whole_chains(s.counting_position(), dead);
  }
  if (j.contains("claims")) {
    if (!j["claims"].is_array()) throw std::invalid_argument("\"claims\" is a list like [\"B:D4\"]");
    for (const json& c : j["claims"]) st.claims.push_back(parse_claim(c.get<std::string>(), w, h));
  }
  st.source = StatusSource::given;
  return st;
}

std::vector<Point> sorted(std::vector<Point> v) {
  std::sort(v.begin(), v.end());
  return v;
}

json presets_json() {
  json list = json::array();
  for (const Preset& p : presets()) {
    const Ruleset& r = p.rules;
    list.push_back(json{{"name", p.name},
                        {"title", json{{"en", p.title_en}, {"zh", p.title_zh}}},
                        {"source", p.source},
                        {"jpd", p.jpd},
                        {"komi", r.komi},
                        {"first_player", std::string(color_letter(r.first_player))},
                        {"allow_pass", r.allow_pass},
                        {"allow_virtual", r.allow_virtual},
                        {"pause", std::string(name_of(r.pause))},
                        {"claims", r.claims}});
  }
  return json{{"presets", list}};
}

json texts_json() {
  json t = json::object();
  for (const TextEntry& e : text_table()) t[std::string(e.id)] = json{{"en", e.en}, {"zh", e.zh}};
  return json{{"texts", t}};
}

}  // namespace

App::App(Options options) : opts_(std::move(options)), store_(opts_.db, opts_.sync) {
  for (StoredGame& g : store_.load_all()) {
    Session s(g.id, g.created, Settings::from_json(g.settings));
    for (const json& e : g.events)
      if (auto r = s.apply(e))
        throw StoreError(opts_.db + ": game " + std::to_string(g.id) + ", event " +
                         std::to_string(s.version()) + " (" + e.dump() + ") is refused on replay: " +
                         r->message);
    games_.emplace(g.id, std::make_shared<Entry>(std::move(s)));
  }
}

size_t App::game_count() {
  std::lock_guard lock(games_mu_);
  return games_.size();
}

std::shared_ptr<App::Entry> App::find(int64_t id) {
  std::lock_guard lock(games_mu_);
  auto it = games_.find(id);
  return it == games_.end() ? nullptr : it->second;
}

Response App::handle(std::string_view method, std::string_view target, std::string_view body) {
  try {
    if (body.size() > opts_.max_body)
      return error(413, "the request body is larger than " + std::to_string(opts_.max_body) + " bytes");
    Request r;
    r.method = std::string(method);
    const size_t q = target.find('?');
    r.path = url_decode(target.substr(0, q));
    if (q != std::string_view::npos) {
      std::string_view rest = target.substr(q + 1);
      while (!rest.empty()) {
        size_t amp = rest.find('&');
        std::string_view item = rest.substr(0, amp);
        size_t eq = item.find('=');
        r.query[url_decode(item.substr(0, eq))] =
            eq == std::string_view::npos ? "" : url_decode(item.substr(eq + 1));
        rest = amp == std::string_view::npos ? std::string_view() : rest.substr(amp + 1);
      }
    }
    r.body = body;
    return route(r);
  } catch (const json::exception& e) {
    return error(400, std::string("malformed JSON: ") + e.what(), "bad_request");
  } catch (const PointError& e) {
    return error(400, e.what(), "bad_point");
  } catch (const RulesError& e) {
    return error(400, e.what(), "bad_rules");
  } catch (const CountError& e) {
    return error(409, e.what(), "cannot_count");
  } catch (const std::invalid_argument& e) {
    return error(400, e.what(), "bad_request");
  } catch (const StoreError& e) {
    return error(503, e.what(), "storage");
  } catch (const std::exception& e) {
    return error(500, e.what(), "internal");
  } catch (...) {
    return error(500, "internal error", "internal");
  }
}

Response App::route(const Request& r) {
  const std::vector<std::string> seg = split_path(r.path);
  auto only = [&](const char* method) -> std::optional<Response> {
    if (r.method == method || (std::string_view(method) == "GET" && r.method == "HEAD")) return std::nullopt;
    Response e = error(405, "use " + std::string(method) + " for " + r.path, "method");
    e.headers.emplace_back("Allow", method);
    return e;
  };
  if (seg.empty() || seg[0] != "api") {
    // The page's files, by exact name; nothing else.
    if (auto m = only("GET")) return *m;
    const Asset* a = find_asset(r.path);
    if (!a) return error(404, "no such page: " + r.path, "not_found");
    Response res;
    res.body = std::string(a->body);
    res.content_type = std::string(a->content_type);
    res.headers.emplace_back("Cache-Control", "no-cache");
    return res;
  }
  if (seg.size() == 2 && seg[1] == "presets") {
    if (auto m = only("GET")) return *m;
    return reply(200, presets_json());
  }
  if (seg.size() == 2 && seg[1] == "texts") {
    if (auto m = only("GET")) return *m;
    return reply(200, texts_json());
  }
  if (seg.size() == 2 && seg[1] == "sgf") {
    if (auto m = only("POST")) return *m;
    return upload(r);
  }
  if (seg.size() >= 2 && seg[1] == "games") {
    if (seg.size() == 2) {
      if (r.method == "POST") return create(r);
      if (auto m = only("GET")) return *m;
      return list();
    }
    auto id = parse_id(seg[2]);
    if (!id) return error(404, "no game '" + seg[2] + "'", "not_found");
    if (seg.size() > 4) return error(404, "no such resource: " + r.path, "not_found");
    return game_action(r, *id, seg.size() == 4 ? seg[3] : "");
  }
  return error(404, "no such resource: " + r.path, "not_found");
}

Response App::list() {
  std::vector<std::shared_ptr<Entry>> all;
  {
    std::lock_guard lock(games_mu_);
    for (auto& [id, e] : games_) all.push_back(e);
  }
  json games = json::array();
  for (auto it = all.rbegin(); it != all.rend(); ++it) {
    std::lock_guard lock((*it)->mu);
    games.push_back((*it)->session.summary());
  }
  return reply(200, json{{"games", games}});
}

Response App::add_game(const Settings& s, const std::vector<json>& events, int status) {
  // A place among the games is reserved first, so that the limit holds while the game is stored
  // without the list of games locked (its commit must not hold up every other game's requests).
  {
    std::lock_guard lock(games_mu_);
    if (games_.size() + reserved_ >= opts_.max_games)
      return error(403, "this server holds its limit of " + std::to_string(opts_.max_games) + " games",
                   "too_many_games");
    ++reserved_;
  }
  struct Release {
    App& app;
    ~Release() {
      std::lock_guard lock(app.games_mu_);
      --app.reserved_;
    }
  } release{*this};
  const std::string created = now_utc();
  Session session(0, created, s);  // checked before it is stored
  for (const json& e : events)
    if (auto r = session.apply(e)) return refusal(*r);
  std::vector<json> all = events;
  if (auto m = suggestion(session)) {
    if (!session.apply(*m)) all.push_back(*m);
  }
  const int64_t id = store_.create_game(s.to_json(), created, all);
  Session stored(id, created, s);
  for (const json& e : all) stored.apply(e);
  auto entry = std::make_shared<Entry>(std::move(stored));
  json j = entry->session.to_json();
  std::lock_guard lock(games_mu_);
  games_.emplace(id, std::move(entry));
  return reply(status, j);
}

Response App::create(const Request& r) {
  json j = parse_body(r.body);
  std::string rules = j.value("rules", "tang-song");
  Ruleset rs = parse_ruleset(rules);
  if (j.contains("komi")) {
    if (!j["komi"].is_number()) throw std::invalid_argument("\"komi\" is a number");
    rs.komi = j["komi"].get<double>();
    if (!(rs.komi > -1000 && rs.komi < 1000)) throw std::invalid_argument("komi out of range");
  }
  const int largest = std::min(opts_.max_size, kMaxBoardSize);
  auto side = [&](const char* key, int fallback) {
    if (!j.contains(key)) return fallback;
    if (!j[key].is_number_integer()) throw std::invalid_argument("\"" + std::string(key) + "\" is a whole number");
    const int64_t v = j[key].get<int64_t>();
    return v < 0 || v > 1000 ? 0 : int(v);
  };
  const int size = side("size", 19);
  const int width = side("width", size), height = side("height", size);
  if (width < kMinBoardSize || height < kMinBoardSize || width > largest || height > largest)
    return error(400, "the board size must be from " + std::to_string(kMinBoardSize) + " to " +
                          std::to_string(largest), "bad_size");
  Settings s;
  s.rules = rs.to_string();
  s.width = width;
  s.height = height;
  if (j.contains("engine") && !j["engine"].is_null())
    s.engine = body_colour(json{{"color", j["engine"]}}).value();
  return add_game(s, {}, 201);
}

Response App::upload(const Request& r) {
  sgf::Record rec;
  try {
    rec = sgf::read_record_text(r.body, "upload.sgf");
  } catch (const sgf::Error& e) {
    return error(400, e.what(), "bad_sgf");
  }
  std::optional<std::string> rules;
  if (auto it = r.query.find("rules"); it != r.query.end() && !it->second.empty()) rules = it->second;
  const int largest = std::min(opts_.max_size, kMaxBoardSize);
  if (rec.width > largest || rec.height > largest)
    return error(400, "the board is larger than " + std::to_string(largest), "bad_size");
  Ruleset rs = rules_for_record(rec, rules);
  Replay rp = [&] {
    try {
      return replay(rec, rs);
    } catch (const ReplayError& e) {
      throw std::invalid_argument(e.what());
    }
  }();
  std::vector<Game::Action> actions = rp.game.actions();
  if (rp.stopped_without_pause && !actions.empty() && actions.back().type == Game::Action::kPaused)
    actions.pop_back();  // the record stops in play: play goes on here
  if (int64_t(actions.size()) > opts_.max_events)
    return error(413, "the record has more than " + std::to_string(opts_.max_events) + " moves", "too_long");
  std::vector<json> events;
  for (const Game::Action& a : actions) events.push_back(event_of(a, rp.game.height()));
  Settings s;
  s.rules = rp.rules.to_string();
  s.width = rp.game.width();
  s.height = rp.game.height();
  // Dead stones marked in the record stand as the marks at its pause.
  const Phase ph = rp.game.phase();
  if ((ph == Phase::paused || ph == Phase::making) && !rp.stopped_without_pause) {
    const Board& position = rp.game.board();
    if (auto dead = dead_from_markup(rec, position)) {
      json d = json::array();
      for (Point p : whole_chains(position, *dead)) d.push_back(to_gtp(p, s.height));
      events.push_back(json{{"t", "marks"}, {"dead", d}, {"source", "given"}});
    }
  }
  return add_game(s, events, 201);
}

std::optional<json> App::suggestion(const Session& s) const {
  const Phase ph = s.game().phase();
  if (!opts_.estimator || (ph != Phase::paused && ph != Phase::making) || s.marks().source != StatusSource::none)
    return std::nullopt;
  Estimate est = estimate(s.game());
  Statuses st = est.statuses();
  const int h = s.game().height();
  json dead = json::array();
  for (Point p : whole_chains(s.counting_position(), st.dead)) dead.push_back(to_gtp(p, h));
  json uncertain = json::array();
  for (const UncertainChain& u : st.uncertain)
    uncertain.push_back(json{{"point", to_gtp(u.stone, h)}, {"color", std::string(color_letter(u.color))},
                             {"alive", u.alive_probability}, {"reason", u.reason}});
  return json{{"t", "marks"}, {"dead", dead}, {"suggested", dead}, {"uncertain", uncertain},
              {"source", "estimate"}};
}

Response App::commit(Entry& e, std::vector<json> events, json extra) {
  Session next = e.session;
  for (const json& ev : events)
    if (auto r = next.apply(ev)) return refusal(*r);
  if (auto m = suggestion(next)) {
    if (!next.apply(*m)) events.push_back(*m);
  }
  if (next.version() > opts_.max_events)
    return error(409, "game " + std::to_string(next.id()) + " has reached its limit of " +
                          std::to_string(opts_.max_events) + " events", "too_long");
  store_.append(next.id(), e.session.version(), events);
  e.session = std::move(next);
  json j = e.session.to_json();
  for (auto& [k, v] : extra.items()) j[k] = v;
  return reply(200, j);
}

Response App::game_action(const Request& r, int64_t id, const std::string& action) {
  std::shared_ptr<Entry> e = find(id);
  if (!e) return error(404, "no game " + std::to_string(id), "not_found");
  auto only = [&](const char* method) -> std::optional<Response> {
    if (r.method == method || (std::string_view(method) == "GET" && r.method == "HEAD")) return std::nullopt;
    Response res = error(405, "use " + std::string(method) + " for " + r.path, "method");
    res.headers.emplace_back("Allow", method);
    return res;
  };
  std::unique_lock lock(e->mu);
  Session& s = e->session;
  const int h = s.game().height();
  if (action.empty()) {
    if (auto m = only("GET")) return *m;
    if (auto it = r.query.find("known"); it != r.query.end() && it->second == std::to_string(s.version()))
      return reply(200, json{{"id", id}, {"version", s.version()}, {"unchanged", true}});
    return reply(200, s.to_json());
  }
  if (action == "sgf") {
    if (auto m = only("GET")) return *m;
    sgf::Record rec = record_from_game(s.game());
    if (s.final_statuses()) {
      rec.dead = s.final_statuses()->dead;
      rec.has_dead_markup = true;
      rec.claims = s.final_statuses()->claims;
    }
    rec.result = s.result();
    Response res;
    res.body = sgf::write(sgf::to_tree(rec));
    res.content_type = "application/x-go-sgf; charset=utf-8";
    res.headers.emplace_back("Content-Disposition",
                             "attachment; filename=\"jpd-game-" + std::to_string(id) + ".sgf\"");
    return res;
  }
  if (action == "estimate") {
    if (auto m = only("GET")) return *m;
    Estimate est = estimate(s.game());
    json chains = json::array();
    for (const ChainEstimate& c : est.chains)
      chains.push_back(json{{"point", to_gtp(c.stone, h)}, {"color", std::string(color_letter(c.color))},
                            {"size", c.size}, {"status", std::string(name_of(c.status))},
                            {"alive", c.alive_probability}, {"reason", c.reason}});
    json claims = json::array();
    for (const Claim& c : est.suggested_claims)
      claims.push_back(std::string(color_letter(c.color)) + ":" + to_gtp(c.point, h));
    json dead = json::array();
    for (Point p : whole_chains(s.counting_position(), est.statuses().dead)) dead.push_back(to_gtp(p, h));
    return reply(200, json{{"dead", dead}, {"chains", chains}, {"suggested_claims", claims},
                           {"ownership", est.ownership}, {"playouts", est.playouts}});
  }
  if (action == "making") {
    if (auto m = only("GET")) return *m;
    const Lang lang = r.query.count("lang") && r.query.at("lang") == "zh" ? Lang::zh : Lang::en;
    const Count c = s.count_with(s.final_statuses() ? *s.final_statuses() : s.statuses());
    svg::Style style;
    style.cell = 30;
    json pictures = json::array();
    for (const svg::StepPicture& p : svg::making_pictures(c, lang, style))
      pictures.push_back(json{{"id", p.id}, {"title", p.title}, {"caption", p.caption}, {"svg", p.svg}});
    return reply(200, json{{"count", to_json(c)}, {"pictures", pictures}, {"summary", summary(c, lang)},
                           {"result_words", result_words(c.result, lang)}});
  }
  if (auto m = only("POST")) return *m;
  const json j = parse_body(r.body);
  if (action == "count") return reply(200, to_json(s.count_with(statuses_from(s, j))));
  if (action == "moves") {
    json ev = j;
    ev["t"] = "move";
    return commit(*e, {ev});
  }
  if (action == "marks") {
    json ev{{"t", "marks"}, {"source", "given"}};
    if (j.contains("toggle")) {
      const Point p = parse_point(j["toggle"].get<std::string>(), s.game().width(), h);
      const std::vector<Point> chain = whole_chains(s.counting_position(), {p});
      if (chain.empty()) return error(409, "there is no stone at " + to_gtp(p, h), "no_stone");
      std::vector<Point> dead = s.marks().dead;
      const bool marked = std::find(dead.begin(), dead.end(), p) != dead.end();
      std::erase_if(dead, [&](Point q) { return std::find(chain.begin(), chain.end(), q) != chain.end(); });
      if (!marked) dead.insert(dead.end(), chain.begin(), chain.end());
      json d = json::array();
      for (Point q : dead) d.push_back(to_gtp(q, h));
      ev["dead"] = d;
      json c = json::array();
      for (const Claim& cl : s.marks().claims) c.push_back(std::string(color_letter(cl.color)) + ":" + to_gtp(cl.point, h));
      ev["claims"] = c;
    } else {
      ev["dead"] = j.value("dead", json::array());
      ev["claims"] = j.value("claims", json::array());
    }
    return commit(*e, {ev});
  }
  if (action == "agree") {
    auto c = body_colour(j);
    if (!c) throw std::invalid_argument("agreeing needs a \"color\"");
    // The marks agreed to must be the ones stored now (another browser may have changed them).
    if (j.contains("dead")) {
      const Statuses seen = statuses_from(s, j);
      if (sorted(seen.dead) != sorted(s.marks().dead) || seen.claims.size() != s.marks().claims.size())
        return error(409, "the dead stones have changed: look at them again", "marks_changed");
    }
    std::vector<json> events{json{{"t", "agree"}, {"color", std::string(color_letter(*c))}}};
    json extra = json::object();
    const Color engine = s.settings().engine;
    if (engine == opponent(*c) && !s.marks().agreed[color_index(engine)]) {
      // The engine agrees to its own estimate; other marks are settled by dispute play.
      if (sorted(s.marks().dead) == sorted(s.marks().suggested) && s.marks().claims.empty())
        events.push_back(json{{"t", "agree"}, {"color", std::string(color_letter(engine))}});
      else
        extra["engine_disagrees"] = true;
    }
    return commit(*e, events, extra);
  }
  if (action == "dispute") {
    return commit(*e, {json{{"t", "resume"}, {"auto", true}}});
  }
  if (action == "genmove") {
    const Game& g = s.game();
    Color c = body_colour(j).value_or(g.to_move());
    if (g.phase() != Phase::play && g.phase() != Phase::dispute)
      return error(409, "the engine plays only while the game is in play", "wrong_phase");
    if (c != g.to_move()) return error(409, "it is not " + std::string(color_name(c)) + "'s turn", "not_your_turn");
    GenmoveResult gm = choose_move(g, c, opts_.genmove);
    std::vector<Move> moves;
    if (g.pending_proposal() == opponent(c))
      moves.push_back(gm.board_move ? Move::reject(c) : Move::accept(c));
    else
      moves = referee_moves(g, c, gm.board_move ? GtpMove::at(gm.point) : GtpMove::pass());
    std::vector<json> events;
    for (const Move& m : moves) {
      json ev{{"t", "move"}, {"color", std::string(color_letter(m.color))}, {"kind", std::string(name_of(m.kind))}};
      if (m.point.valid()) ev["point"] = to_gtp(m.point, h);
      events.push_back(ev);
    }
    json info{{"move", gm.board_move ? to_gtp(gm.point, h) : "pass"}, {"win_rate", gm.win_rate},
              {"playouts", gm.playouts}, {"reason", gm.reason}};
    return commit(*e, events, json{{"genmove", info}});
  }
  return error(404, "no such resource: " + r.path, "not_found");
}

}  // namespace jpd::web
