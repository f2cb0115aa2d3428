#include "jpd/count_report.hpp"
#include "jpd/encoding.hpp"
#include "jpd/web/app.hpp"
#include "strings.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <charconv>
#include <condition_variable>
#include <ctime>
#include <thread>
#include <unordered_map>

#include "jpd/estimate.hpp"
#include "jpd/gtp_move.hpp"
#include "jpd/overlay.hpp"
#include "jpd/replay.hpp"
#include "jpd/rules.hpp"
#include "jpd/score.hpp"
#include "jpd/sgf.hpp"
#include "jpd/svg.hpp"
#include "jpd/text.hpp"
#include "jpd/web/assets.hpp"

namespace jpd::web {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

// A request, parsed: the path decoded, the query as a map.
struct App::Call {
  std::string method;
  std::string path;
  std::map<std::string, std::string> query;
  std::string_view body;
  std::string token;   // as sent
  std::string client;  // who asks
};

namespace {

// A message may quote the request's path or query, which need not be UTF-8: such bytes are
// written as U+FFFD (dump() would throw, and handle() must not).
// An answer whose body is JSON text already (written without a tree: the same bytes as reply()).
Response text_reply(int status, std::string body) {
  Response r;
  r.status = status;
  r.body = std::move(body);
  return r;
}

Response reply(int status, const json& body) {
  return text_reply(status, body.dump(-1, ' ', false, json::error_handler_t::replace));
}

// {"error": message, "reason": reason} (no reason when ""): the bytes reply() writes for that
// object, written without it (most requests the server refuses).
Response error(int status, const std::string& message, const std::string& reason = "") {
  std::string out = "{\"error\":";
  append_json_string(out, message);
  if (!reason.empty()) {
    out += ",\"reason\":";
    append_json_string(out, reason);
  }
  out += '}';
  return text_reply(status, std::move(out));
}

Response refusal(const Refusal& r) { return error(r.status, r.message, r.reason); }

// nlohmann's what() without its "[json.exception.parse_error.101] " prefix: the words only.
std::string json_words(const json::exception& e) {
  std::string w = e.what();
  if (w.rfind("[json.exception.", 0) == 0)
    if (const size_t end = w.find("] "); end != std::string::npos) w = w.substr(end + 2);
  return w;
}

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

using strings::lower;

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
        throw CountError(Message("error.count.no_stone", {to_gtp(p, h)}));
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
                        {"title", json{{"en", preset_title(p.name, Lang::en)},
                                       {"zh", preset_title(p.name, Lang::zh)}}},
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
  // The views people read, in the table's order (count.hpp): the page's table of figures.
  json views = json::array();
  for (const ViewSpec& v : view_specs())
    if (v.shown)
      views.push_back({{"key", std::string(v.key)},
                       {"name", std::string(v.name_id)},
                       {"method", v.method ? json(std::string(name_of(*v.method))) : json(nullptr)}});
  return json{{"texts", t}, {"views", views}};
}

// SHA-256 of a token, in hex: what the database keeps of a seat's token.
std::string token_hash(std::string_view token) {
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  if (EVP_Digest(token.data(), token.size(), md, &n, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("cannot hash a token");
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < n; ++i) {
    out += hex[md[i] >> 4];
    out += hex[md[i] & 15];
  }
  return out;
}

std::string new_token() { return new_key() + new_key(); }  // 256 bits

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

// Host and port of an authority ("example.com:8080", "[::1]:80"), lower case.
std::string host_part(std::string_view authority) {
  std::string a = lower(authority);
  if (!a.empty() && a[0] == '[') return a.substr(0, a.find(']') + 1);
  return a.substr(0, a.find(':'));
}

bool is_ip_literal(const std::string& host) {
  if (host.empty()) return false;
  if (host.front() == '[') return host.back() == ']';
  int dots = 0;
  for (char c : host) {
    if (c == '.') ++dots;
    else if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return dots == 3;
}

// "https://Go.Example:443/" -> scheme "https", authority "go.example:443".
std::pair<std::string, std::string> split_origin(std::string_view origin) {
  std::string o = lower(origin);
  while (!o.empty() && o.back() == '/') o.pop_back();
  const size_t sep = o.find("://");
  if (sep == std::string::npos) return {"", o};
  return {o.substr(0, sep), o.substr(sep + 3)};
}

// The authority without the scheme's default port.
std::string without_default_port(const std::string& scheme, std::string authority) {
  const std::string dflt = scheme == "https" ? ":443" : scheme == "http" ? ":80" : "";
  if (!dflt.empty() && authority.size() > dflt.size() &&
      authority.compare(authority.size() - dflt.size(), dflt.size(), dflt) == 0)
    authority.resize(authority.size() - dflt.size());
  return authority;
}

std::string media_type(std::string_view content_type) {
  std::string t = lower(content_type.substr(0, content_type.find(';')));
  while (!t.empty() && t.back() == ' ') t.pop_back();
  while (!t.empty() && t.front() == ' ') t.erase(0, 1);
  return t;
}

// The overlay of one view for the page: the owner of every point row by row from the top ('B',
// 'W', '=' shared, '.' nobody's), the points marked on it, the view's figures.
json overlay_json(const Overlay& o) {
  json owner = json::array(), dead = json::array(), seki = json::array(), eyes = json::array(),
       false_eyes = json::array();
  for (int y = 0; y < o.height; ++y) {
    std::string row;
    for (int x = 0; x < o.width; ++x) {
      const OverlayPoint& q = o.at(Point(x, y));
      row += q.shared ? '=' : q.owner == Color::Black ? 'B' : q.owner == Color::White ? 'W' : '.';
      const std::string p = to_gtp(Point(x, y), o.height);
      if (q.dead) dead.push_back(p);
      if (q.seki) seki.push_back(p);
      if (q.basic_eye) eyes.push_back(p);
      if (q.false_eye) false_eyes.push_back(p);
    }
    owner.push_back(row);
  }
  return json{{"view", std::string(name_of(o.view))}, {"primary", o.primary}, {"owner", owner},
              {"dead", dead}, {"seki", seki}, {"basic_eyes", eyes}, {"false_eyes", false_eyes},
              {"figures", json{{"B", o.figures.black}, {"W", o.figures.white}}}, {"result", o.result}};
}

json view_names() {
  json v = json::array();
  for (View x : overlay_views()) v.push_back(std::string(name_of(x)));
  return v;
}

// The game-information properties of an uploaded record kept for its download (SGF FF[4]; PB and
// PW are the players' names, RU, KM, HA and RE the referee's own).
constexpr const char* kKeptHeaders[] = {"EV", "DT", "BR", "WR", "BT", "WT", "GN", "PC", "RO", "SO",
                                        "AN", "CP", "GC", "ON", "OT", "US"};
constexpr size_t kMaxHeaderBytes = 4096;

json record_headers(const sgf::GameTree& t) {
  json h = json::object();
  if (t.nodes.empty()) return h;
  for (const char* id : kKeptHeaders)
    if (const sgf::Property* p = t.nodes.front().find(id); p && !p->values.empty()) {
      std::string v = p->text(0);
      if (v.size() > kMaxHeaderBytes) v.resize(kMaxHeaderBytes);
      h[id] = v;
    }
  return h;
}

Response with_retry(Response r, double seconds) {
  r.headers.emplace_back("Retry-After", std::to_string(std::max(1, int(seconds + 0.999))));
  return r;
}

}  // namespace

const std::vector<std::pair<std::string, std::string>>& security_headers() {
  static const std::vector<std::pair<std::string, std::string>> h{
      {"Content-Security-Policy",
       "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src "
       "'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"},
      {"X-Frame-Options", "DENY"},
      {"X-Content-Type-Options", "nosniff"},
      {"Referrer-Policy", "no-referrer"},
      {"Cross-Origin-Resource-Policy", "same-origin"},
      {"Cross-Origin-Opener-Policy", "same-origin"}};
  return h;
}

// ------------------------------------------------------------------------------------------------
// The limits: token buckets per client (requests, CPU seconds of engine work) and the engine's
// slots.

struct App::Limits {
  struct Bucket {
    double level;
    Clock::time_point at;
  };
  // A bucket map that forgets full buckets when it grows (a client idle long enough is new).
  struct Buckets {
    std::mutex mu;
    std::unordered_map<std::string, Bucket> map;
    // Takes `cost` from the client's bucket (capacity `cap`, refilled at `per_second`): false,
    // with the seconds to wait, when it holds less than `need`.
    bool take(const std::string& client, double cap, double per_second, double cost, double need,
              double& wait) {
      std::lock_guard lock(mu);
      const auto now = Clock::now();
      if (map.size() > 100000) std::erase_if(map, [&](auto& kv) { return level(kv.second, cap, per_second, now) >= cap; });
      auto [it, fresh] = map.try_emplace(client, Bucket{cap, now});
      Bucket& b = it->second;
      b.level = level(b, cap, per_second, now);
      b.at = now;
      if (b.level < need) {
        wait = per_second > 0 ? (need - b.level) / per_second : 60;
        return false;
      }
      b.level -= cost;
      return true;
    }
    void charge(const std::string& client, double cap, double per_second, double cost) {
      std::lock_guard lock(mu);
      const auto now = Clock::now();
      auto [it, fresh] = map.try_emplace(client, Bucket{cap, now});
      it->second.level = level(it->second, cap, per_second, now) - cost;
      it->second.at = now;
    }
    static double level(const Bucket& b, double cap, double per_second, Clock::time_point now) {
      return std::min(cap, b.level + per_second * std::chrono::duration<double>(now - b.at).count());
    }
  };
  Buckets requests, cpu;

  // Engine slots.
  std::mutex mu;
  std::condition_variable cv;
  int slots = 1, busy = 0, waiting = 0;
  std::map<std::string, int> per_client;
};

namespace {

int engine_slots(const Options& o) {
  if (o.engine_slots > 0) return o.engine_slots;
  return int(std::max(1u, std::thread::hardware_concurrency()));
}

}  // namespace

// ------------------------------------------------------------------------------------------------
// Start: every game restored by replaying its events; a damaged one is noted and left out.

namespace {

struct Restored {
  std::optional<Session> session;
  Damage damage;
};

Restored restore(const StoredGame& g) {
  Restored r;
  r.damage.id = g.id;
  r.damage.key = g.key;
  if (g.damaged_event < 0 && !g.damage.empty()) {
    r.damage.why = g.damage;
    return r;
  }
  Settings settings;
  try {
    settings = Settings::from_json(g.settings);  // its rules read too
  } catch (const std::exception& e) {
    r.damage.why = std::string("its settings cannot be used: ") + e.what();
    return r;
  }
  Session s(g.id, g.key, g.created, settings);
  for (const json& e : g.events) {
    std::optional<Refusal> refused;
    try {
      refused = s.apply(e);
    } catch (const std::exception& x) {
      refused = Refusal{500, x.what(), "internal"};
    }
    if (refused) {
      r.damage.event = s.version();
      r.damage.why = "event " + std::to_string(s.version()) + " (" +
                     e.dump(-1, ' ', false, json::error_handler_t::replace) +
                     ") is refused on replay: " + refused->message;
      r.session = std::move(s);
      return r;
    }
  }
  if (!g.damage.empty()) {
    r.damage.event = g.damaged_event;
    r.damage.why = g.damage;
  }
  r.session = std::move(s);
  return r;
}

}  // namespace

std::vector<Damage> check_database(const std::string& path, bool repair) {
  Store store(path, Sync::full);
  std::vector<Damage> out;
  for (const StoredGame& g : store.load_all()) {
    Restored r = restore(g);
    if (r.damage.why.empty()) continue;
    if (repair && r.damage.event >= 0) r.damage.removed = store.truncate(g.id, r.damage.event);
    out.push_back(std::move(r.damage));
  }
  return out;
}

App::App(Options options)
    : opts_(std::move(options)), store_(opts_.db, opts_.sync), limits_(std::make_unique<Limits>()) {
  limits_->slots = engine_slots(opts_);
  for (StoredGame& g : store_.load_all()) {
    Restored r = restore(g);
    if (!r.damage.why.empty()) {
      damaged_keys_[g.key] = r.damage.why;
      damaged_.push_back(std::move(r.damage));
      continue;
    }
    Session& s = *r.session;
    if (s.game().phase() != Phase::ended && !s.settings().creator.empty())
      open_by_client_[s.settings().creator].insert(s.key());
    games_.emplace(g.key, std::make_shared<Entry>(std::move(s)));
  }
}

App::~App() = default;

void App::clear() {
  std::lock_guard lock(games_mu_);
  store_.clear();
  games_.clear();
  damaged_keys_.clear();
  damaged_.clear();
  open_by_client_.clear();
  reserved_ = 0;
  // The same number of slots as before (engine_slots asks the system for its processors, which
  // reads a file: it cost as much as the rest of clearing an empty App).
  const auto slots = limits_->slots;
  limits_ = std::make_unique<Limits>();
  limits_->slots = slots;
}

size_t App::game_count() {
  std::lock_guard lock(games_mu_);
  return games_.size();
}

std::shared_ptr<App::Entry> App::find(const std::string& key) {
  std::lock_guard lock(games_mu_);
  auto it = games_.find(key);
  return it == games_.end() ? nullptr : it->second;
}

// ------------------------------------------------------------------------------------------------
// Requests.

Response App::handle(std::string_view method, std::string_view target, std::string_view body,
                     std::string_view token) {
  Request r;
  r.method = method;
  r.target = target;
  r.body = body;
  r.token = token;
  if (!body.empty() || method == "POST")
    r.content_type = target.rfind("/api/sgf", 0) == 0 ? "application/x-go-sgf" : "application/json";
  return handle(r);
}

Response App::handle(const Request& r) {
  if (std::optional<Response> refused = admit(r)) return *refused;
  return serve(r);
}

std::optional<Response> App::admit(const Request& r) {
  auto finish = [](Response res) {
    for (const auto& h : security_headers()) res.headers.push_back(h);
    return std::optional<Response>(std::move(res));
  };
  try {
    // The Host: an address, localhost, or a name the operator allowed (DNS rebinding: a page of
    // another site whose name was made to point here names its own host).
    if (!r.host.empty()) {
      const std::string host = host_part(r.host);
      bool known = is_ip_literal(host) || host == "localhost";
      for (const std::string& o : opts_.allowed_origins)
        known = known || host_part(split_origin(o).second) == host;
      if (!known)
        return finish(error(403, "this server does not answer to the name '" + host +
                                     "' (jpd serve --allow-origin https://" + host + " allows it)",
                            "host_not_allowed"));
    }
    // The Origin: a browser names the page a request comes from; only our own page (the same
    // origin as the Host) and the allowed origins may call the API.
    if (!r.origin.empty()) {
      const auto [scheme, authority] = split_origin(r.origin);
      bool ok = !r.host.empty() && without_default_port(scheme, authority) ==
                                       without_default_port(scheme, lower(r.host));
      for (const std::string& o : opts_.allowed_origins) {
        const auto [s2, a2] = split_origin(o);
        ok = ok || (s2 == scheme && without_default_port(s2, a2) == without_default_port(scheme, authority));
      }
      if (!ok)
        return finish(error(403, "requests from the page of " + std::string(r.origin) +
                                     " are refused (jpd serve --allow-origin ORIGIN allows a site)",
                            "origin_not_allowed"));
    }
    if (opts_.rate > 0) {
      double wait = 0;
      if (!limits_->requests.take(std::string(r.client), opts_.burst, opts_.rate, 1, 1, wait))
        return finish(with_retry(error(429, "too many requests from this client: at most " +
                                                 std::to_string(int(opts_.rate)) + " a second", "rate_limit"),
                                 wait));
    }
    // A POST names its body's type: JSON (an SGF record for /api/sgf). A page of another site
    // cannot send these types without asking first (CORS), which this server never grants.
    if (r.method == "POST") {
      const std::string type = media_type(r.content_type);
      const bool sgf = r.target.rfind("/api/sgf", 0) == 0;
      const char* wanted = sgf ? "application/x-go-sgf" : "application/json";
      if (type != wanted)
        return finish(error(415, std::string("a POST here carries Content-Type: ") + wanted +
                                     (type.empty() ? " (none was given)" : " (not " + type + ")"),
                            "content_type"));
    }
    return std::nullopt;
  } catch (const std::exception&) {
    return finish(error(400, "the request's headers cannot be read", "bad_request"));
  }
}

Response App::serve(const Request& r) {
  Response res = [&] {
    try {
      if (r.body.size() > opts_.max_body)
        return error(413, "the request body is larger than " + std::to_string(opts_.max_body) + " bytes",
                     "too_large");
      Call c;
      c.method = std::string(r.method);
      c.token = std::string(r.token);
      c.client = std::string(r.client);
      const size_t q = r.target.find('?');
      c.path = url_decode(r.target.substr(0, q));
      if (q != std::string_view::npos) {
        std::string_view rest = r.target.substr(q + 1);
        while (!rest.empty()) {
          size_t amp = rest.find('&');
          std::string_view item = rest.substr(0, amp);
          size_t eq = item.find('=');
          c.query[url_decode(item.substr(0, eq))] =
              eq == std::string_view::npos ? "" : url_decode(item.substr(eq + 1));
          rest = amp == std::string_view::npos ? std::string_view() : rest.substr(amp + 1);
        }
      }
      c.body = r.body;
      return route(c);
    } catch (const json::parse_error& e) {
      return error(400, "the body is not JSON: " + json_words(e), "bad_request");
    } catch (const json::exception& e) {
      return error(400, "the body does not fit the request: " + json_words(e), "bad_request");
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
    } catch (const std::exception&) {
      return error(500, "internal error", "internal");
    } catch (...) {
      return error(500, "internal error", "internal");
    }
  }();
  for (const auto& h : security_headers()) res.headers.push_back(h);
  if (res.content_type.rfind("application/json", 0) == 0) res.headers.emplace_back("Cache-Control", "no-store");
  return res;
}

namespace {

std::optional<Response> only(const std::string& method, const std::string& wanted, const std::string& path) {
  if (method == wanted || (wanted == "GET" && method == "HEAD")) return std::nullopt;
  Response e = error(405, "use " + wanted + " for " + path, "method");
  e.headers.emplace_back("Allow", wanted);
  return e;
}

bool is_key(const std::string& s) {
  return s.size() == 32 && std::all_of(s.begin(), s.end(), [](char c) { return hex_value(c) >= 0 && !std::isupper(static_cast<unsigned char>(c)); });
}

}  // namespace

Response App::route(const Call& c) {
  const std::vector<std::string> seg = split_path(c.path);
  if (seg.empty() || seg[0] != "api") {
    // The page's files, by exact name; nothing else.
    if (auto m = only(c.method, "GET", c.path)) return *m;
    const Asset* a = find_asset(c.path);
    if (!a) return error(404, "no such page: " + c.path, "not_found");
    Response res;
    res.body = std::string(a->body);
    res.content_type = std::string(a->content_type);
    res.headers.emplace_back("Cache-Control", "no-cache");
    return res;
  }
  if (seg.size() == 2 && seg[1] == "presets") {
    if (auto m = only(c.method, "GET", c.path)) return *m;
    static const Response presets = reply(200, presets_json());  // constant: built once
    return presets;
  }
  if (seg.size() == 2 && seg[1] == "texts") {
    if (auto m = only(c.method, "GET", c.path)) return *m;
    static const Response texts = reply(200, texts_json());  // constant: built once
    return texts;
  }
  if (seg.size() == 2 && seg[1] == "sgf") {
    if (auto m = only(c.method, "POST", c.path)) return *m;
    return upload(c);
  }
  if (seg.size() >= 2 && seg[1] == "games") {
    if (seg.size() == 2) {
      if (c.method == "POST") return create(c);
      if (auto m = only(c.method, "GET", c.path)) return *m;
      return list();
    }
    if (seg.size() > 4 || !is_key(seg[2])) return error(404, "no game '" + seg[2] + "'", "not_found");
    return game_action(c, seg[2], seg.size() == 4 ? seg[3] : "");
  }
  return error(404, "no such resource: " + c.path, "not_found");
}

Response App::list() {
  std::vector<std::shared_ptr<Entry>> all;
  {
    std::lock_guard lock(games_mu_);
    for (auto& [key, e] : games_) all.push_back(e);
  }
  std::vector<std::pair<int64_t, json>> rows;  // by row id: the order of creation
  for (const auto& e : all) {
    std::lock_guard lock(e->mu);
    if (e->session.settings().listed) rows.emplace_back(e->session.id(), e->session.summary());
  }
  std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.first > b.first; });  // newest first
  json games = json::array();
  for (auto& [id, row] : rows) games.push_back(std::move(row));
  return reply(200, json{{"games", games}});
}

// ------------------------------------------------------------------------------------------------
// New games.

namespace {

// The seats a new game's creator takes: "B", "W", "both" or "none"; by default both, or the one
// the engine does not play.
std::vector<Color> seats_taken(const std::string& choice, Color engine) {
  std::vector<Color> seats;
  if (choice == "none") return seats;
  for (Color c : {Color::Black, Color::White}) {
    if (c == engine) continue;
    if (choice == "both" || choice.empty() || choice == std::string(color_letter(c))) seats.push_back(c);
  }
  if (seats.empty()) throw std::invalid_argument("\"seat\" is B, W, both or none (and not the engine's colour)");
  return seats;
}

}  // namespace

Response App::add_game(const Call& c, Settings s, const std::vector<json>& events, int status) {
  s.creator = c.client;
  // A place among the games is reserved first, so that the limit holds while the game is stored
  // without the list of games locked (its commit must not hold up every other game's requests).
  {
    std::lock_guard lock(games_mu_);
    if (games_.size() + damaged_keys_.size() + reserved_ >= opts_.max_games)
      return error(403, "this server holds its limit of " + std::to_string(opts_.max_games) + " games",
                   "too_many_games");
    if (opts_.client_games > 0) {
      auto it = open_by_client_.find(c.client);
      if (it != open_by_client_.end() && it->second.size() >= opts_.client_games)
        return error(429, "this client has " + std::to_string(it->second.size()) +
                              " games in play already, the most it may create (finish or resign one)",
                     "too_many_open_games");
    }
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
  const std::string choice = c.query.count("seat") ? c.query.at("seat") : "";
  const std::vector<Color> seats = seats_taken(choice, s.engine);
  Session session(0, "", created, s);  // checked before it is stored
  for (const json& e : events)
    if (auto r = session.apply(e)) return refusal(*r);
  std::vector<json> all = events;
  double cpu = 0;
  if (auto m = suggestion(session, cpu)) {
    if (!session.apply(*m)) all.push_back(*m);
  }
  const size_t checked = all.size();  // the events applied to `session`; the seats follow
  json tokens = json::object();
  for (Color col : seats) {
    const std::string token = new_token();
    tokens[std::string(color_letter(col))] = token;
    all.push_back(json{{"t", "seat"}, {"color", std::string(color_letter(col))}, {"hash", token_hash(token)}});
  }
  const std::string key = new_key();
  const int64_t id = store_.create_game(s.to_json(), key, created, all);
  // The checked session, with the seats taken too, is the game as stored (its events replayed
  // would build the same: apply() does not depend on the id or the key).
  session.stored_as(id, key);
  for (size_t i = checked; i < all.size(); ++i) session.apply(all[i]);
  auto entry = std::make_shared<Entry>(std::move(session));
  entry->cpu = cpu;
  // (the tokens: the only time they are shown)
  Response r = text_reply(status, entry->session.json_text(now(), json{{"tokens", tokens}}));
  std::lock_guard lock(games_mu_);
  if (entry->session.game().phase() != Phase::ended) open_by_client_[c.client].insert(key);
  games_.emplace(key, std::move(entry));
  return r;
}

Response App::create(const Call& c) {
  json j = parse_body(c.body);
  std::string rules = j.value("rules", kDefaultPreset);
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
  s.rules = rs;
  s.width = width;
  s.height = height;
  if (j.contains("engine") && !j["engine"].is_null())
    s.engine = body_colour(json{{"color", j["engine"]}}).value();
  if (j.contains("public")) {
    if (!j["public"].is_boolean()) throw std::invalid_argument("\"public\" is true or false");
    s.listed = j["public"].get<bool>();
  }
  // The clock forfeits on time as the rules say unless the request says otherwise.
  if (j.contains("clock")) s.clock = ClockSettings::from_json(j["clock"], rs.lose_on_time);
  if (j.contains("players")) {
    if (!j["players"].is_object()) throw std::invalid_argument("\"players\" is {\"B\": name, \"W\": name}");
    for (Color col : {Color::Black, Color::White})
      if (j["players"].contains(color_letter(col)))
        s.players[color_index(col)] = player_name(j["players"][color_letter(col)]);
  }
  Call with_seat = c;
  if (j.contains("seat")) {
    if (!j["seat"].is_string()) throw std::invalid_argument("\"seat\" is B, W, both or none");
    with_seat.query["seat"] = j["seat"].get<std::string>();
  }
  return add_game(with_seat, s, {}, 201);
}

Response App::upload(const Call& c) {
  sgf::Record rec;
  json headers;
  try {
    rec = sgf::read_record_text(c.body, "upload.sgf");
    headers = record_headers(sgf::parse(c.body, "upload.sgf").games.at(0));
  } catch (const sgf::Error& e) {
    return error(400, e.what(), "bad_sgf");
  }
  const int largest = std::min(opts_.max_size, kMaxBoardSize);
  if (rec.width > largest || rec.height > largest)
    return error(400, "the board is larger than " + std::to_string(largest), "bad_size");
  std::optional<RulesText> rules;
  if (auto it = c.query.find("rules"); it != c.query.end() && !it->second.empty())
    rules = parse_rules_text(it->second);
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
  s.rules = rp.rules;
  s.width = rp.game.width();
  s.height = rp.game.height();
  s.listed = c.query.count("public") && c.query.at("public") == "true";
  s.uploaded = true;
  s.headers = headers;
  for (Color col : {Color::Black, Color::White}) {
    const std::string& n = col == Color::Black ? rec.black_name : rec.white_name;
    try {
      s.players[color_index(col)] = player_name(json(n.size() > 60 ? n.substr(0, 60) : n));
    } catch (const std::exception&) {
      // a name that is not one (control characters, cut UTF-8): kept in the record's headers only
    }
  }
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
  return add_game(c, s, events, 201);
}

// ------------------------------------------------------------------------------------------------
// Changing a game.

int64_t App::now() const {
  if (opts_.now_ms) return opts_.now_ms();
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// A side whose time is up loses (or is marked out of time) the moment anyone asks about the game:
// the server keeps the clock, not the browsers.
void App::flag_if_due(Entry& e) {
  const int64_t t = now();
  if (const std::optional<Color> c = e.session.flag_due(t))
    (void)commit(e, {json{{"t", "timeout"}, {"color", std::string(color_letter(*c))}, {"at", t}}});
}

std::optional<json> App::suggestion(const Session& s, double& cpu) const {
  const Phase ph = s.game().phase();
  if (!opts_.estimator || (ph != Phase::paused && ph != Phase::making) || s.marks().source != StatusSource::none)
    return std::nullopt;
  if (cpu >= opts_.game_cpu) return std::nullopt;  // the game's engine budget is spent: marked by hand
  const double t0 = thread_cpu_seconds();
  Estimate est = estimate(s.game(), opts_.estimate);
  cpu += thread_cpu_seconds() - t0;
  Statuses st = est.statuses();
  const int h = s.game().height();
  json dead = json::array();
  for (Point p : whole_chains(s.counting_position(), st.dead)) dead.push_back(to_gtp(p, h));
  json uncertain = json::array();
  for (const UncertainChain& u : st.uncertain)
    uncertain.push_back(json{{"point", to_gtp(u.stone, h)}, {"color", std::string(color_letter(u.color))},
                             {"alive", u.alive_probability}, {"reason", text(u.reason, Lang::en)}});
  return json{{"t", "marks"}, {"dead", dead}, {"suggested", dead}, {"uncertain", uncertain},
              {"source", "estimate"}};
}

void App::note_end(const Session& s) {
  if (s.game().phase() != Phase::ended || s.settings().creator.empty()) return;
  std::lock_guard lock(games_mu_);
  auto it = open_by_client_.find(s.settings().creator);
  if (it == open_by_client_.end()) return;
  it->second.erase(s.key());
  if (it->second.empty()) open_by_client_.erase(it);
}

Response App::commit(Entry& e, std::vector<json> events, json extra) {
  Session next = e.session;
  for (const json& ev : events)
    if (auto r = next.apply(ev)) return refusal(*r);
  double cpu = e.cpu;
  if (auto m = suggestion(next, cpu)) {
    if (!next.apply(*m)) events.push_back(*m);
  }
  e.cpu = cpu;
  if (next.version() > opts_.max_events)
    return error(409, "this game has reached its limit of " + std::to_string(opts_.max_events) + " events",
                 "too_long");
  store_.append(next.id(), e.session.version(), events);
  e.session = std::move(next);
  note_end(e.session);
  return text_reply(200, e.session.json_text(now(), extra));
}

namespace {

std::string seat_words(Color c) { return std::string(color_name(c)) + "'s seat"; }

// The request must carry the token of colour c's seat.
std::optional<Response> need_seat(const Session& s, const std::string& token, Color c) {
  if (!token.empty() && s.holds(c, token_hash(token))) return std::nullopt;
  return error(403, "this needs the token of " + seat_words(c) + " (Authorization: Bearer TOKEN, given "
                        "to whoever took the seat)" + (token.empty() ? "; none was sent" : ""),
               "not_your_seat");
}

// ... of either seat (marks, disputes: a player's acts, whichever side).
std::optional<Response> need_player(const Session& s, const std::string& token) {
  if (!token.empty()) {
    const std::string h = token_hash(token);
    if (s.holds(Color::Black, h) || s.holds(Color::White, h)) return std::nullopt;
  }
  return error(403, "this needs the token of one of the game's seats (Authorization: Bearer TOKEN); "
                    "spectators only watch", "not_your_seat");
}

// The record to download: the library's record of the game (its own properties: the rule set,
// virtual moves, pauses, dead stones JD, claims JC), with a standard RU where the rule set is a
// standard one, the players' names, an uploaded record's game information, and the count's
// territory as TB/TW (the primary view's land: empty points and dead stones) for GUIs to show.
sgf::GameTree download_tree(const Session& s) {
  sgf::Record rec = record_from_game(s.game());
  if (const std::string ru = standard_sgf_rules(s.game().rules()); !ru.empty()) rec.rules = ru;
  if (s.final_statuses()) {
    rec.dead = s.final_statuses()->dead;
    rec.has_dead_markup = true;
    rec.claims = s.final_statuses()->claims;
    const Overlay o = overlay(s.count_with(*s.final_statuses()), primary_view(s.game().rules()));
    for (int y = 0; y < o.height; ++y)
      for (int x = 0; x < o.width; ++x) {
        const OverlayPoint& q = o.at(Point(x, y));
        if (q.shared || !is_stone(q.owner) || (is_stone(q.stone) && !q.dead)) continue;
        (q.owner == Color::Black ? rec.territory_black : rec.territory_white).push_back(Point(x, y));
      }
  }
  rec.result = s.result();
  rec.black_name = s.player(Color::Black);
  rec.white_name = s.player(Color::White);
  sgf::GameTree t = sgf::to_tree(rec);
  for (const auto& [id, value] : s.settings().headers.items())
    if (value.is_string()) t.nodes.front().set(id, {value.get<std::string>()});
  return t;
}

}  // namespace

Response App::take_seat(const Call& c, Entry& e, const std::string& key) {
  (void)key;
  const json j = parse_body(c.body);
  const std::optional<Color> col = body_colour(j);
  if (!col) throw std::invalid_argument("taking a seat needs a \"color\"");
  const std::string token = new_token();
  json ev{{"t", "seat"}, {"color", std::string(color_letter(*col))}, {"hash", token_hash(token)}};
  if (j.contains("name")) ev["name"] = player_name(j["name"]);
  Response r = commit(e, {ev},
                      json{{"tokens", json{{std::string(color_letter(*col)), token}}}});
  if (r.status == 200) r.status = 201;
  return r;
}

// The dead stones marked by a player: a whole chain toggled ({"toggle": point}), or the dead
// stones and claims given.
Response App::mark_dead(const Call& c, Entry& e, const json& j) {
  const Session& s = e.session;
  const int h = s.game().height();
  if (auto refused = need_player(s, c.token)) return *refused;
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
    json cl = json::array();
    for (const Claim& x : s.marks().claims) cl.push_back(std::string(color_letter(x.color)) + ":" + to_gtp(x.point, h));
    ev["claims"] = cl;
  } else {
    ev["dead"] = j.value("dead", json::array());
    ev["claims"] = j.value("claims", json::array());
  }
  return commit(e, {ev});
}

// A player agrees to the marks; an engine opponent agrees with them when they are its own.
Response App::agree(const Call& c, Entry& e, const json& j) {
  const Session& s = e.session;
  auto col = body_colour(j);
  if (!col) throw std::invalid_argument("agreeing needs a \"color\"");
  if (auto refused = need_seat(s, c.token, *col)) return *refused;
  // The marks agreed to must be the ones stored now (another browser may have changed them).
  if (j.contains("dead")) {
    const Statuses seen = statuses_from(s, j);
    if (sorted(seen.dead) != sorted(s.marks().dead) || seen.claims.size() != s.marks().claims.size())
      return error(409, "the dead stones have changed: look at them again", "marks_changed");
  }
  std::vector<json> events{json{{"t", "agree"}, {"color", std::string(color_letter(*col))}}};
  json extra = json::object();
  const Color engine = s.settings().engine;
  if (engine == opponent(*col) && !s.marks().agreed[color_index(engine)]) {
    // The engine agrees to its own estimate; other marks are settled by dispute play.
    if (sorted(s.marks().dead) == sorted(s.marks().suggested) && s.marks().claims.empty())
      events.push_back(json{{"t", "agree"}, {"color", std::string(color_letter(engine))}});
    else
      extra["engine_disagrees"] = true;
  }
  return commit(e, events, extra);
}

// A take-back by consent: the mover asks ({"color": "B"}, Black's seat), the opponent answers
// ({"color": "W", "accept": true|false}, White's seat). An engine opponent accepts.
Response App::take_back(const Call& c, Entry& e, const json& j) {
  const Session& s = e.session;
  const std::optional<Color> col = body_colour(j);
  if (!col) throw std::invalid_argument("a take-back needs a \"color\"");
  if (auto refused = need_seat(s, c.token, *col)) return *refused;
  const std::string letter(color_letter(*col));
  if (j.contains("accept"))
    return commit(e, {json{{"t", "undo_answer"}, {"color", letter}, {"accept", j["accept"]}, {"at", now()}}});
  std::vector<json> events{json{{"t", "undo_ask"}, {"color", letter}}};
  if (s.settings().engine == opponent(*col))
    events.push_back(json{{"t", "undo_answer"}, {"color", std::string(color_letter(opponent(*col)))},
                          {"accept", true}, {"at", now()}});
  return commit(e, events);
}

Response App::game_action(const Call& c, const std::string& key, const std::string& action) {
  std::shared_ptr<Entry> e = find(key);
  if (!e) {
    std::lock_guard lock(games_mu_);
    if (auto it = damaged_keys_.find(key); it != damaged_keys_.end())
      return error(503, "this game is damaged in the database: " + it->second +
                            " (jpd serve --check lists such games; --repair cuts one back to its "
                            "last sound event)", "damaged");
    return error(404, "no game " + key, "not_found");
  }
  {
    std::lock_guard lock(e->mu);
    flag_if_due(*e);
  }
  if (action == "estimate" || action == "making" || action == "count" || action == "overlay" || action == "genmove")
    return engine_action(c, e, action);
  std::unique_lock lock(e->mu);
  Session& s = e->session;
  if (action.empty()) {
    if (auto m = only(c.method, "GET", c.path)) return *m;
    if (auto it = c.query.find("known"); it != c.query.end() && it->second == std::to_string(s.version()))
      return reply(200, json{{"id", key}, {"version", s.version()}, {"unchanged", true}});
    return text_reply(200, s.json_text(now()));
  }
  if (action == "sgf") {
    if (auto m = only(c.method, "GET", c.path)) return *m;
    Response res;
    res.body = sgf::write(download_tree(s));
    res.content_type = "application/x-go-sgf; charset=utf-8";
    res.headers.emplace_back("Content-Disposition", "attachment; filename=\"jpd-game-" + key + ".sgf\"");
    return res;
  }
  if (auto m = only(c.method, "POST", c.path)) return *m;
  if (action == "seats") return take_seat(c, *e, key);
  const json j = parse_body(c.body);
  if (action == "moves") {
    const std::optional<Color> col = body_colour(j);
    if (!col) throw std::invalid_argument("a move needs a colour, \"B\" or \"W\"");
    if (auto refused = need_seat(s, c.token, *col)) return *refused;
    json ev = j;
    ev["t"] = "move";
    ev["at"] = now();
    return commit(*e, {ev});
  }
  if (action == "marks") return mark_dead(c, *e, j);
  if (action == "agree") return agree(c, *e, j);
  if (action == "dispute") {
    if (auto refused = need_player(s, c.token)) return *refused;
    return commit(*e, {json{{"t", "resume"}, {"auto", true}}});
  }
  if (action == "undo") return take_back(c, *e, j);
  if (action == "pause") {
    // "Count this record": an uploaded record that stops in play is taken as paused (as a record
    // that stops is, SPEC 6.4), so that its dead stones are marked and it is counted. A game
    // played here pauses by the rules' own moves only.
    if (auto refused = need_player(s, c.token)) return *refused;
    if (!s.settings().uploaded)
      return error(409, "only an uploaded record is paused to be counted; a game played here pauses "
                        "by the rules' own moves", "not_a_record");
    return commit(*e, {json{{"t", "paused"}}});
  }
  return error(404, "no such resource: " + c.path, "not_found");
}

// ------------------------------------------------------------------------------------------------
// Engine work: on a copy of the game taken under its lock, outside the lock (watching browsers
// are not held up), in one of the engine's slots, within the game's and the client's CPU budget.

namespace {

// An engine slot taken by App::take_engine_slot, given back (and a waiting request woken) when
// the engine work ends, however it ends.
struct EngineSlot {
  App::Limits& L;
  const std::string& client;
  ~EngineSlot() {
    {
      std::lock_guard lock(L.mu);
      --L.busy;
      if (--L.per_client[client] == 0) L.per_client.erase(client);
    }
    L.cv.notify_one();
  }
};

}  // namespace

// Admission to engine work: the game's CPU budget, the client's CPU budget a minute, and a slot
// (at most half of them for one client, and requests waiting for one held to twice the slots).
// nullopt: a slot is taken, to be given back by an EngineSlot; otherwise the refusal.
std::optional<Response> App::take_engine_slot(const Call& c, double game_cpu) {
  if (game_cpu >= opts_.game_cpu)
    return error(403, "this game has used its engine budget of " + std::to_string(int(opts_.game_cpu)) +
                          " CPU seconds", "game_cpu_budget");
  double wait = 0;
  if (opts_.client_cpu > 0 && !limits_->cpu.take(c.client, opts_.client_cpu, opts_.client_cpu / 60, 0,
                                                     std::min(0.001, opts_.client_cpu), wait))
    return with_retry(error(429, "this client has used its engine budget of " + std::to_string(int(opts_.client_cpu)) +
                                     " CPU seconds a minute: ask again later", "cpu_budget"),
                      wait);
  // A slot: at most half of them for one client.
  Limits& L = *limits_;
  {
    std::unique_lock lock(L.mu);
    const int per_client = std::max(1, L.slots / 2);
    if (L.per_client[c.client] >= per_client) {
      if (L.per_client[c.client] == 0) L.per_client.erase(c.client);
      return with_retry(error(429, "this client has " + std::to_string(per_client) +
                                       " engine requests running already", "engine_busy"), 1);
    }
    // Requests waiting for a slot hold a thread of the server each: twice the slots at most.
    if (L.busy >= L.slots && L.waiting >= 2 * L.slots) {
      if (L.per_client[c.client] == 0) L.per_client.erase(c.client);
      return with_retry(error(503, "the engine is busy with other games: ask again in a moment", "engine_busy"), 2);
    }
    ++L.per_client[c.client];
    ++L.waiting;
    const bool got = L.cv.wait_for(lock, std::chrono::duration<double>(opts_.engine_wait), [&] { return L.busy < L.slots; });
    --L.waiting;
    if (!got) {
      if (--L.per_client[c.client] == 0) L.per_client.erase(c.client);
      return with_retry(error(503, "the engine is busy with other games: ask again in a moment", "engine_busy"), 2);
    }
    ++L.busy;
  }
  return std::nullopt;
}

// The engine's move for the colour, on the copy of the game, as the referee's moves; committed
// only when the game has not changed while the engine thought.
Response App::engine_move(Entry& e, const Session& s, Color colour, const std::function<void()>& charge) {
  const int h = s.game().height();
  const Game& g = s.game();
  GenmoveResult gm = choose_move(g, colour, opts_.genmove);
  charge();
  std::vector<Move> moves;
  if (g.pending_proposal() == opponent(colour))
    moves.push_back(gm.board_move ? Move::reject(colour) : Move::accept(colour));
  else
    moves = referee_moves(g, colour, gm.board_move ? GtpMove::at(gm.point) : GtpMove::pass());
  std::vector<json> events;
  for (const Move& m : moves) {
    json ev{{"t", "move"}, {"color", std::string(color_letter(m.color))}, {"kind", std::string(name_of(m.kind))},
            {"at", now()}};
    if (m.point.valid()) ev["point"] = to_gtp(m.point, h);
    events.push_back(ev);
  }
  json info{{"move", gm.board_move ? to_gtp(gm.point, h) : "pass"}, {"win_rate", gm.win_rate},
            {"playouts", gm.playouts}, {"reason", text(gm.reason, Lang::en)}};
  std::lock_guard lock(e.mu);
  if (e.session.version() != s.version())
    return error(409, "the game changed while the engine thought: ask again", "game_changed");
  return commit(e, events, json{{"genmove", info}});
}

Response App::engine_action(const Call& c, const std::shared_ptr<Entry>& e, const std::string& action) {
  const bool post = action == "count" || action == "overlay" || action == "genmove";
  if (auto m = only(c.method, post ? "POST" : "GET", c.path)) return *m;
  const json j = post ? parse_body(c.body) : json::object();
  std::optional<Session> copy;
  double game_cpu = 0;
  Color colour = Color::Empty;
  {
    std::lock_guard lock(e->mu);
    const Session& s = e->session;
    game_cpu = e->cpu;
    if (action == "genmove") {
      const Game& g = s.game();
      colour = body_colour(j).value_or(g.to_move());
      if (g.phase() != Phase::play && g.phase() != Phase::dispute)
        return error(409, "the engine plays only while the game is in play", "wrong_phase");
      if (colour != g.to_move())
        return error(409, "it is not " + std::string(color_name(colour)) + "'s turn", "not_your_turn");
      // The engine's own colour: any player of the game may ask it to move; another colour: a
      // move for that seat, so its token.
      if (auto refused = colour == s.settings().engine ? need_player(s, c.token) : need_seat(s, c.token, colour))
        return *refused;
    }
    copy.emplace(s);
  }
  if (auto refused = take_engine_slot(c, game_cpu)) return *refused;
  EngineSlot slot{*limits_, c.client};
  const Session& s = *copy;
  const int h = s.game().height();
  const double t0 = thread_cpu_seconds();
  auto charge = [&] {
    const double used = thread_cpu_seconds() - t0;
    if (opts_.client_cpu > 0) limits_->cpu.charge(c.client, opts_.client_cpu, opts_.client_cpu / 60, used);
    std::lock_guard lock(e->mu);
    e->cpu += used;
  };
  if (action == "estimate") {
    Estimate est = estimate(s.game(), opts_.estimate);
    charge();
    json chains = json::array();
    for (const ChainEstimate& ch : est.chains)
      chains.push_back(json{{"point", to_gtp(ch.stone, h)}, {"color", std::string(color_letter(ch.color))},
                            {"size", ch.size}, {"status", std::string(name_of(ch.status))},
                            {"alive", ch.alive_probability}, {"reason", text(ch.reason, Lang::en)}});
    json claims = json::array();
    for (const Claim& cl : est.suggested_claims)
      claims.push_back(std::string(color_letter(cl.color)) + ":" + to_gtp(cl.point, h));
    json dead = json::array();
    for (Point p : whole_chains(s.counting_position(), est.statuses().dead)) dead.push_back(to_gtp(p, h));
    return reply(200, json{{"dead", dead}, {"chains", chains}, {"suggested_claims", claims},
                           {"ownership", est.ownership}, {"playouts", est.playouts}});
  }
  if (action == "making") {
    const Lang lang = c.query.count("lang") && c.query.at("lang") == "zh" ? Lang::zh : Lang::en;
    const Count count = s.count_with(s.final_statuses() ? *s.final_statuses() : s.statuses());
    svg::Style style;
    style.cell = 30;
    json pictures = json::array();
    for (svg::StepPicture& p : svg::making_pictures(count, lang, style)) {
      json picture = json::object();  // (set one by one, moved: a braced list copies every picture again)
      picture["id"] = std::move(p.id);
      picture["title"] = std::move(p.title);
      picture["caption"] = std::move(p.caption);
      picture["svg"] = std::move(p.svg);
      pictures.push_back(std::move(picture));
    }
    charge();
    json out = json::object();
    out["count"] = to_json(count);
    out["pictures"] = std::move(pictures);
    out["summary"] = summary(count, lang);
    out["result_words"] = result_words(count.result, lang);
    return reply(200, out);
  }
  if (action == "count") {
    const Count count = s.count_with(statuses_from(s, j));
    charge();
    return text_reply(200, count_json_text(count));  // (reply(200, to_json(count)), byte for byte)
  }
  if (action == "overlay") {
    std::optional<View> view = primary_view(s.game().rules());
    if (j.contains("view")) {
      if (!j["view"].is_string() || !(view = parse_overlay_view(j["view"].get<std::string>())))
        throw std::invalid_argument("\"view\" is one of area, territory, fill_up, living_stones, japanese");
    }
    const Count count = s.count_with(statuses_from(s, j));
    json out{{"overlay", overlay_json(overlay(count, *view))}, {"views", view_names()},
             {"result", count.result}, {"version", s.version()}};
    charge();
    return reply(200, out);
  }
  return engine_move(*e, s, colour, charge);
}

}  // namespace jpd::web
