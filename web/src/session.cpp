#include "jpd/count_report.hpp"
#include "jpd/encoding.hpp"
#include "jpd/web/session.hpp"

#include <algorithm>
#include <stdexcept>

#include "jpd/gtp_move.hpp"
#include "jpd/rules.hpp"
#include "jpd/score.hpp"
#include "jpd/text.hpp"

namespace jpd::web {

using nlohmann::json;

namespace {

Refusal bad(std::string message, std::string reason = "bad_request") {
  return Refusal{400, std::move(message), std::move(reason)};
}

std::string letter(Color c) { return std::string(color_letter(c)); }

json colour_or_null(Color c) { return is_stone(c) ? json(letter(c)) : json(nullptr); }

// A colour field: "B" or "W" (also black/white).
std::optional<Color> colour_field(const json& e, const char* key) {
  if (!e.contains(key) || !e[key].is_string()) return std::nullopt;
  return parse_color(e[key].get<std::string>());
}

json points_json(const std::vector<Point>& ps, int height) {
  json out = json::array();
  for (Point p : ps) out.push_back(to_gtp(p, height));
  return out;
}

// {"B": b, "W": w} (set one by one: a braced list copies its values once more)
template <class T>
json pair_json(T b, T w) {
  json j = json::object();
  j["B"] = b;
  j["W"] = w;
  return j;
}

// An event's server time ("at", milliseconds since the epoch), if it has a sane one.
std::optional<int64_t> event_time(const json& e) {
  if (!e.contains("at") || !e["at"].is_number_integer()) return std::nullopt;
  const int64_t t = e["at"].get<int64_t>();
  if (t < 0 || t > (int64_t(1) << 52)) return std::nullopt;
  return t;
}

}  // namespace

json Settings::to_json() const {
  json j{{"rules", rules.to_string()}, {"width", width}, {"height", height}};
  j["engine"] = colour_or_null(engine);
  j["public"] = listed;
  if (!creator.empty()) j["creator"] = creator;
  if (!players[0].empty() || !players[1].empty()) j["players"] = json{{"B", players[0]}, {"W", players[1]}};
  if (uploaded) j["uploaded"] = true;
  if (!headers.empty()) j["headers"] = headers;
  if (clock.on()) j["clock"] = clock.to_json();
  return j;
}

Settings Settings::from_json(const json& j) {
  Settings s;
  const std::string rules = j.at("rules").get<std::string>();
  s.width = j.at("width").get<int>();
  s.height = j.at("height").get<int>();
  if (j.contains("engine") && j["engine"].is_string())
    s.engine = parse_color(j["engine"].get<std::string>()).value_or(Color::Empty);
  s.listed = j.value("public", false);  // games stored before there were private ones: not listed
  s.creator = j.value("creator", "");
  if (j.contains("players") && j["players"].is_object()) {
    s.players[0] = j["players"].value("B", "");
    s.players[1] = j["players"].value("W", "");
  }
  s.uploaded = j.value("uploaded", false);
  if (j.contains("headers") && j["headers"].is_object()) s.headers = j["headers"];
  if (j.contains("clock")) s.clock = ClockSettings::from_json(j["clock"]);
  if (s.width < kMinBoardSize || s.width > kMaxBoardSize || s.height < kMinBoardSize ||
      s.height > kMaxBoardSize)
    throw std::invalid_argument("board size out of range");
  s.rules = parse_ruleset(rules);  // last: settings damaged twice are named by the other fault
  return s;
}

std::vector<Point> whole_chains(const Board& b, const std::vector<Point>& stones) {
  std::vector<uint8_t> seen(size_t(Board::kArea), 0);
  for (Point p : stones) {
    if (!p.inside(b.width(), b.height()) || !is_stone(b.at(p))) continue;
    b.for_each_stone(Board::index(p), [&](Board::Index i) { seen[size_t(i)] = 1; });
  }
  std::vector<Point> out;
  for (int y = 0; y < b.height(); ++y)
    for (int x = 0; x < b.width(); ++x)
      if (seen[size_t(Board::index(x, y))]) out.push_back(Point(x, y));
  return out;
}

json event_of(const Game::Action& a, int height) {
  using A = Game::Action;
  switch (a.type) {
    case A::kMove: {
      json e{{"t", "move"}, {"color", letter(a.move.color)}, {"kind", std::string(name_of(a.move.kind))}};
      if (a.move.point.valid()) e["point"] = to_gtp(a.move.point, height);
      return e;
    }
    case A::kSetup:
      return json{{"t", "setup"}, {"color", is_stone(a.move.color) ? letter(a.move.color) : "E"},
                  {"point", to_gtp(a.move.point, height)}};
    case A::kToMove: return json{{"t", "to_move"}, {"color", letter(a.move.color)}};
    case A::kResume: return json{{"t", "resume"}, {"auto", a.move.kind == MoveKind::virtual_move}};
    case A::kFound: {
      json e{{"t", "found"}, {"color", letter(a.move.color)}};
      if (a.move.kind != MoveKind::virtual_move) e["auto"] = false;  // nothing played for them
      return e;
    }
    case A::kMaking: return json{{"t", "making"}};
    case A::kPaused: return json{{"t", "paused"}};
  }
  return json{{"t", "?"}};
}

Session::Session(int64_t id, std::string key, std::string created, const Settings& settings)
    : id_(id),
      key_(std::move(key)),
      created_(std::move(created)),
      settings_(settings),
      game_(settings.rules, settings.width, settings.height),
      clock_(settings.clock) {
  names_[0] = settings.players[0];
  names_[1] = settings.players[1];
  // The rule set's texts, kept from the last game made on this thread under the same rules
  // (most are): writing them again was a fifth of a new game's time.
  struct Texts {
    Ruleset rules;
    std::string name, ruleset, title;
  };
  thread_local std::optional<Texts> last;
  const Ruleset& r = game_.rules();
  if (!last || !(last->rules == r)) {
    last.reset();
    last = Texts{r, r.to_string(), jpd::json_text(jpd::to_json(r)),
                 jpd::json_text(json{{"en", preset_title(r.preset, Lang::en)}, {"zh", preset_title(r.preset, Lang::zh)}})};
  }
  rules_text_ = last->name;
  ruleset_text_ = last->ruleset;
  title_text_ = last->title;
}

std::string player_name(const json& value) {
  if (!value.is_string()) throw std::invalid_argument("a player's name is text");
  std::string n = value.get<std::string>();
  while (!n.empty() && n.back() == ' ') n.pop_back();
  while (!n.empty() && n.front() == ' ') n.erase(0, 1);
  if (n.size() > 60) throw std::invalid_argument("a player's name has at most 60 bytes");
  for (unsigned char c : n)
    if (c < 0x20 || c == 0x7f) throw std::invalid_argument("a player's name has no control characters");
  (void)json(n).dump();  // not UTF-8: json::type_error, a 400
  return n;
}

const Board& Session::counting_position() const {
  return game_.board();  // after an independent dispute too: count() maps the statuses
}

Statuses Session::statuses() const {
  Statuses s;
  s.dead = marks_.dead;
  s.claims = marks_.claims;
  s.source = marks_.source;
  s.uncertain = marks_.uncertain;
  return s;
}

Count Session::count_with(const Statuses& s) const { return count(game_, s); }

void Session::clear_marks() { marks_ = Marks{}; }

std::optional<Refusal> Session::apply(const json& e) {
  if (!e.is_object() || !e.contains("t") || !e["t"].is_string())
    return bad("an event is an object with a type \"t\"");
  const std::string t = e["t"].get<std::string>();
  const int w = game_.width(), h = game_.height();
  std::optional<Refusal> refused;
  auto verdict = [&](const Verdict& v) -> std::optional<Refusal> {
    if (v) return std::nullopt;
    return Refusal{409, text(v.message, Lang::en), std::string(name_of(v.reason))};
  };
  try {
    if (t == "move") {
      if (!e.contains("kind") || !e["kind"].is_string()) return bad("a move needs a kind");
      auto kind = parse_move_kind(e["kind"].get<std::string>());
      if (!kind)
        return bad("unknown move kind '" + e["kind"].get<std::string>() +
                   "': play, pass, virtual, negative-a, negative-b, propose-pause, accept-pause, "
                   "reject-pause or resign");
      auto colour = colour_field(e, "color");
      if (!colour || !is_stone(*colour)) return bad("a move needs a colour, \"B\" or \"W\"");
      Move m{*kind, *colour, Point::none()};
      if (*kind == MoveKind::play || *kind == MoveKind::negative_a || *kind == MoveKind::negative_b) {
        if (!e.contains("point") || !e["point"].is_string()) return bad("a " + std::string(name_of(*kind)) + " move needs a point");
        m.point = parse_point(e["point"].get<std::string>(), w, h);
      }
      refused = verdict(game_.play(m));
      if (!refused && game_.phase() != Phase::making) clear_marks();
      if (!refused) undo_request_ = Color::Empty;  // a move instead of an answer: it lapses
      if (const std::optional<int64_t> at = event_time(e); !refused && at) {
        const bool runs = game_.phase() == Phase::play || game_.phase() == Phase::dispute;
        clock_.moved(*colour, *at, runs ? game_.to_move() : Color::Empty);
      }
      if (!refused && game_.phase() != Phase::play && game_.phase() != Phase::dispute) clock_.stop();
    } else if (t == "setup") {
      auto colour = colour_field(e, "color");
      if (!e.contains("point") || !e["point"].is_string()) return bad("setup needs a point");
      Game::Action a{Game::Action::kSetup, Move{MoveKind::play, colour.value_or(Color::Empty),
                                                 parse_point(e["point"].get<std::string>(), w, h)}};
      refused = verdict(apply_action(game_, a));
    } else if (t == "to_move") {
      auto colour = colour_field(e, "color");
      if (!colour || !is_stone(*colour)) return bad("to_move needs a colour");
      refused = verdict(game_.set_to_move(*colour));
    } else if (t == "resume") {
      const bool auto_virtuals = !e.contains("auto") || (e["auto"].is_boolean() && e["auto"].get<bool>());
      refused = verdict(game_.resume_dispute(auto_virtuals));
      if (!refused) clear_marks();
    } else if (t == "found") {
      auto colour = colour_field(e, "color");
      const bool auto_virtual = !e.contains("auto") || (e["auto"].is_boolean() && e["auto"].get<bool>());
      refused = verdict(game_.resume_found_move(colour.value_or(Color::Empty), auto_virtual));
      if (!refused) clear_marks();
    } else if (t == "making") {
      refused = verdict(game_.start_making());
    } else if (t == "paused") {
      refused = verdict(game_.declare_paused());
    } else if (t == "marks") {
      refused = apply_marks(e);
    } else if (t == "agree") {
      refused = apply_agree(e);
    } else if (t == "seat") {
      refused = apply_seat(e);
    } else if (t == "undo_ask" || t == "undo_answer") {
      refused = apply_undo(t, e);
    } else if (t == "timeout") {
      refused = apply_timeout(e);
    } else {
      return bad("unknown event type '" + t + "'");
    }
  } catch (const PointError& x) {
    return bad(x.what(), "bad_point");
  } catch (const json::exception& x) {
    return bad(std::string("malformed event: ") + x.what());
  }
  if (!refused) ++version_;
  return refused;
}

std::optional<Refusal> Session::apply_marks(const json& e) {
  if (final_) return Refusal{409, "the game has been counted", "game_over"};
  if (game_.phase() != Phase::paused && game_.phase() != Phase::making)
    return Refusal{409, "dead stones are marked at a pause", "not_paused"};
  const int w = game_.width(), h = game_.height();
  const Board& position = counting_position();
  Marks m;
  if (e.contains("dead")) {
    if (!e["dead"].is_array()) return bad("\"dead\" is a list of points");
    std::vector<Point> dead;
    for (const json& p : e["dead"]) {
      if (!p.is_string()) return bad("\"dead\" is a list of points");
      Point q = parse_point(p.get<std::string>(), w, h);
      if (!is_stone(position.at(q)))
        return Refusal{409, "there is no stone at " + to_gtp(q, h), "no_stone"};
      dead.push_back(q);
    }
    m.dead = whole_chains(position, dead);
  }
  if (e.contains("claims")) {
    if (!e["claims"].is_array()) return bad("\"claims\" is a list like [\"B:D4\"]");
    if (!e["claims"].empty() && !game_.rules().claims)
      return Refusal{409, game_.rules().preset + " has no claims", "no_claims"};
    for (const json& c : e["claims"]) {
      if (!c.is_string()) return bad("\"claims\" is a list like [\"B:D4\"]");
      m.claims.push_back(parse_claim(c.get<std::string>(), w, h));
    }
  }
  const std::string source = e.value("source", "given");
  m.source = source == "estimate" ? StatusSource::estimate : StatusSource::given;
  if (e.contains("suggested") && e["suggested"].is_array()) {
    for (const json& p : e["suggested"]) m.suggested.push_back(parse_point(p.get<std::string>(), w, h));
  } else {
    m.suggested = marks_.suggested;
  }
  if (e.contains("uncertain") && e["uncertain"].is_array()) {
    for (const json& u : e["uncertain"]) {
      UncertainChain c;
      c.stone = parse_point(u.at("point").get<std::string>(), w, h);
      c.color = parse_color(u.at("color").get<std::string>()).value_or(Color::Empty);
      c.alive_probability = u.value("alive", 0.5);
      if (std::string why = u.value("reason", ""); !why.empty()) c.reason = Message("text.as_written", {why});
      m.uncertain.push_back(c);
    }
  } else {
    m.uncertain = marks_.uncertain;
  }
  // Counting must accept them (a claim on a stone, a claim under rules without claims ...).
  Marks old = std::move(marks_);
  marks_ = m;
  try {
    (void)count_with(statuses());
  } catch (const CountError& x) {
    marks_ = std::move(old);
    return Refusal{409, x.what(), "cannot_count"};
  }
  return std::nullopt;
}

std::optional<Refusal> Session::apply_agree(const json& e) {
  if (final_) return Refusal{409, "the game has been counted", "game_over"};
  if (game_.phase() != Phase::paused && game_.phase() != Phase::making)
    return Refusal{409, "the dead stones are agreed at a pause", "not_paused"};
  auto colour = colour_field(e, "color");
  if (!colour || !is_stone(*colour)) return bad("agreeing needs a colour, \"B\" or \"W\"");
  marks_.agreed[color_index(*colour)] = true;
  if (marks_.agreed[0] && marks_.agreed[1]) {
    const Statuses st = statuses();
    const Count c = count_with(st);
    final_ = st;
    final_result_ = c.result;
    final_count_ = jpd::to_json(c);
    game_.finish_counted();
  }
  return std::nullopt;
}

std::optional<Refusal> Session::apply_seat(const json& e) {
  auto colour = colour_field(e, "color");
  if (!colour || !is_stone(*colour)) return bad("a seat is \"B\" or \"W\"");
  if (!e.contains("hash") || !e["hash"].is_string() || e["hash"].get<std::string>().size() != 64)
    return bad("a seat needs its token's hash");
  if (*colour == settings_.engine)
    return Refusal{409, std::string(color_name(*colour)) + " is played by the engine", "engine_seat"};
  if (seat_taken(*colour))
    return Refusal{409, std::string(color_name(*colour)) + "'s seat is taken", "seat_taken"};
  std::string name;
  if (e.contains("name")) {
    try {
      name = player_name(e["name"]);
    } catch (const std::invalid_argument& x) {
      return bad(x.what(), "bad_name");
    }
  }
  seat_hash_[color_index(*colour)] = e["hash"].get<std::string>();
  if (!name.empty()) names_[color_index(*colour)] = name;
  return std::nullopt;
}

int Session::undo_steps(Color c) const {
  if (!is_stone(c) || (game_.phase() != Phase::play && game_.phase() != Phase::dispute)) return 0;
  const auto& acts = game_.actions();
  for (size_t i = acts.size(); i-- > 0;) {
    if (acts[i].type != Game::Action::kMove) return 0;  // a pause, a resumption, setup: not crossed
    if (acts[i].move.color == c) return int(acts.size() - i);
  }
  return 0;
}

std::optional<Refusal> Session::apply_undo(const std::string& type, const json& e) {
  auto colour = colour_field(e, "color");
  if (!colour || !is_stone(*colour)) return bad("a take-back needs a colour, \"B\" or \"W\"");
  if (type == "undo_ask") {
    if (undo_request_ != Color::Empty)
      return Refusal{409, std::string(color_name(undo_request_)) + " has asked to take back a move already",
                     "undo_pending"};
    if (undo_steps(*colour) == 0)
      return Refusal{409, std::string(color_name(*colour)) + " has no move to take back now", "nothing_to_undo"};
    undo_request_ = *colour;
    return std::nullopt;
  }
  if (undo_request_ != opponent(*colour))
    return Refusal{409, std::string(color_name(opponent(*colour))) + " has not asked to take back a move",
                   "no_undo_request"};
  if (!e.contains("accept") || !e["accept"].is_boolean()) return bad("an answer is \"accept\": true or false");
  const Color asker = undo_request_;
  undo_request_ = Color::Empty;
  if (!e["accept"].get<bool>()) return std::nullopt;
  const int steps = undo_steps(asker);
  if (steps == 0) return Refusal{409, "there is no move to take back", "nothing_to_undo"};
  for (int i = 0; i < steps; ++i) game_.undo();
  clear_marks();
  // The clock of the side to move now runs from the answer (the time taken back is not given back).
  if (const std::optional<int64_t> at = event_time(e)) clock_.restart(game_.to_move(), *at);
  return std::nullopt;
}

std::optional<Color> Session::flag_due(int64_t now) const {
  const std::optional<Color> c = clock_.expired(now);
  if (!c || out_of_time_[color_index(*c)] || game_.phase() == Phase::ended) return std::nullopt;
  return c;
}

std::optional<Refusal> Session::apply_timeout(const json& e) {
  auto colour = colour_field(e, "color");
  const std::optional<int64_t> at = event_time(e);
  if (!colour || !is_stone(*colour) || !at) return bad("a timeout needs a colour and the time \"at\"");
  if (flag_due(*at) != colour)
    return Refusal{409, std::string(color_name(*colour)) + "'s time is not up", "time_left"};
  out_of_time_[color_index(*colour)] = true;
  if (clock_.settings().lose_on_time) {
    game_.forfeit(*colour);
    lost_on_time_ = *colour;
    clock_.stop();
    undo_request_ = Color::Empty;
  }
  return std::nullopt;
}

bool Session::holds(Color c, std::string_view token_hash) const {
  if (!is_stone(c)) return false;
  const std::string& h = seat_hash_[color_index(c)];
  if (h.empty() || h.size() != token_hash.size()) return false;
  unsigned char diff = 0;  // the time taken does not tell how much of a hash matched
  for (size_t i = 0; i < h.size(); ++i) diff |= static_cast<unsigned char>(h[i] ^ token_hash[i]);
  return diff == 0;
}

std::string Session::result() const {
  if (final_) return final_result_;
  if (game_.phase() != Phase::ended) return "";
  switch (game_.end_reason()) {
    case EndReason::resigned: return letter(game_.winner()) + "+R";
    case EndReason::forfeit: return letter(game_.winner()) + (is_stone(lost_on_time_) ? "+T" : "+F");
    case EndReason::draw: return "0";
    case EndReason::no_result: return "Void";
    default: return "";
  }
}

json Session::summary() const {
  const Ruleset& r = game_.rules();
  // (set one by one: a braced list copies every value once more)
  json j = json::object();
  j["id"] = key_;
  j["created"] = created_;
  j["rules"] = rules_text_;
  j["preset"] = r.preset;
  j["komi"] = r.komi;
  j["width"] = game_.width();
  j["height"] = game_.height();
  j["size"] = game_.width();
  j["moves"] = game_.moves().size();
  j["phase"] = std::string(name_of(game_.phase()));
  j["result"] = result();
  j["engine"] = colour_or_null(settings_.engine);
  j["public"] = settings_.listed;
  json players = json::object();
  players["B"] = names_[0];
  players["W"] = names_[1];
  j["players"] = std::move(players);
  j["uploaded"] = settings_.uploaded;
  j["version"] = version_;
  return j;
}

namespace {

// Row y of the board as the API shows it: X Black, O White, . empty.
std::string row_text(const Board& b, int width, int y) {
  std::string row;
  for (int x = 0; x < width; ++x) {
    const Color c = b.at(Point(x, y));
    row += c == Color::Black ? 'X' : c == Color::White ? 'O' : '.';
  }
  return row;
}

}  // namespace

json Session::to_json(int64_t now) const {
  json j = fields(now, true);
  const Board& b = game_.board();
  const int h = game_.height();
  json rows = json::array();
  for (int y = 0; y < h; ++y) rows.push_back(row_text(b, game_.width(), y));
  j["board"] = rows;
  json moves = json::array();
  for (const PlayedMove& pm : game_.moves()) {
    json m{{"color", letter(pm.move.color)}, {"kind", std::string(name_of(pm.move.kind))},
           {"phase", std::string(name_of(pm.phase))}};
    if (pm.move.point.valid()) m["point"] = to_gtp(pm.move.point, h);
    if (pm.captured) m["captured"] = pm.captured;
    moves.push_back(m);
  }
  j["moves"] = moves;
  return j;
}

std::string Session::json_text(int64_t now, const json& extra) const {
  json j = fields(now, false);
  // (the places of these among the sorted keys, unless `extra` sets them)
  auto own = [&](const char* key) { return !extra.is_object() || !extra.contains(key); };
  const bool own_board = own("board"), own_moves = own("moves"), own_rules = own("ruleset"),
             own_title = own("title");
  j["board"] = nullptr;
  j["moves"] = nullptr;
  if (extra.is_object())
    for (const auto& [k, v] : extra.items()) j[k] = v;
  const Board& b = game_.board();
  const int h = game_.height();
  std::string out = "{";
  // The other values as json_text writes them (dump(-1, ' ', false, replace)), by one serializer
  // appending to `out` (a text and an adapter for each value cost as much as writing them).
  nlohmann::detail::serializer<json> values(nlohmann::detail::output_adapter<char, std::string>(out), ' ',
                                            json::error_handler_t::replace);
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (out.size() > 1) out += ',';
    append_json_string(out, it.key());
    out += ':';
    if (it.key() == "board" && own_board) {
      out += '[';
      for (int y = 0; y < h; ++y) {
        if (y) out += ',';
        append_json_string(out, row_text(b, game_.width(), y));
      }
      out += ']';
    } else if (it.key() == "moves" && own_moves) {
      out += '[';
      bool first = true;
      for (const PlayedMove& pm : game_.moves()) {  // (the keys in order)
        out += first ? "{" : ",{";
        first = false;
        if (pm.captured) out += "\"captured\":" + std::to_string(pm.captured) + ",";
        out += "\"color\":";
        append_json_string(out, color_letter(pm.move.color));
        out += ",\"kind\":";
        append_json_string(out, name_of(pm.move.kind));
        out += ",\"phase\":";
        append_json_string(out, name_of(pm.phase));
        if (pm.move.point.valid()) {
          out += ",\"point\":";
          append_json_string(out, to_gtp(pm.move.point, h));
        }
        out += '}';
      }
      out += ']';
    } else if (it.key() == "ruleset" && own_rules) {
      out += ruleset_text_;
    } else if (it.key() == "title" && own_title) {
      out += title_text_;
    } else {
      values.dump(*it, false, false, 0);
    }
  }
  out += '}';
  return out;
}

json Session::fields(int64_t now, bool constant) const {
  const Ruleset& r = game_.rules();
  const Board& b = game_.board();
  const int h = game_.height();
  json j = summary();
  if (constant) {
    j["ruleset"] = jpd::to_json(r);
    j["title"] = json{{"en", preset_title(r.preset, Lang::en)}, {"zh", preset_title(r.preset, Lang::zh)}};
  } else {  // (their places among the sorted keys: json_text writes them from the texts kept)
    j["ruleset"] = nullptr;
    j["title"] = nullptr;
  }
  j["first_player"] = letter(r.first_player);
  j["end"] = std::string(name_of(game_.end_reason()));
  j["winner"] = colour_or_null(game_.winner());
  j["to_move"] = colour_or_null(game_.to_move());
  j["pending_proposal"] = colour_or_null(game_.pending_proposal());
  j["undo_request"] = colour_or_null(undo_request_);
  j["clock"] = clock_.to_json(now);
  if (clock_.settings().on()) {
    j["clock"]["out_of_time"] = pair_json(out_of_time_[0], out_of_time_[1]);
    j["clock"]["lost_on_time"] = colour_or_null(lost_on_time_);
  }
  j["may_undo"] = pair_json(undo_steps(Color::Black) > 0, undo_steps(Color::White) > 0);
  j["pauses"] = game_.pauses();
  j["paused_by_agreement"] = game_.paused_by_agreement();
  j["ko"] = b.ko_point() == Board::kNoIndex ? json(nullptr) : json(to_gtp(Board::point(b.ko_point()), h));
  j["captured"] = pair_json(game_.captured(Color::Black), game_.captured(Color::White));
  j["virtual"] = pair_json(game_.virtual_stones(Color::Black), game_.virtual_stones(Color::White));
  // The move kinds without a point that the side to move may make now.
  json legal = json::array();
  if (is_stone(game_.to_move()) && game_.phase() != Phase::ended)
    for (MoveKind k : {MoveKind::pass, MoveKind::virtual_move, MoveKind::propose_pause,
                       MoveKind::accept_pause, MoveKind::reject_pause, MoveKind::resign})
      if (game_.check(Move{k, game_.to_move(), Point::none()})) legal.push_back(std::string(name_of(k)));
  j["legal"] = legal;
  if (game_.phase() == Phase::paused || game_.phase() == Phase::making || final_) {
    const Marks& m = marks_;
    json claims = json::array();
    for (const Claim& c : m.claims) claims.push_back(letter(c.color) + ":" + to_gtp(c.point, h));
    json uncertain = json::array();
    for (const UncertainChain& u : m.uncertain)
      uncertain.push_back(json{{"point", to_gtp(u.stone, h)}, {"color", letter(u.color)},
                               {"alive", u.alive_probability}, {"reason", text(u.reason, Lang::en)}});
    json marks = json::object();
    marks["dead"] = points_json(m.dead, h);
    marks["claims"] = std::move(claims);
    marks["source"] = std::string(name_of(m.source));
    marks["suggested"] = points_json(m.suggested, h);
    marks["uncertain"] = std::move(uncertain);
    marks["agreed"] = pair_json(m.agreed[0], m.agreed[1]);
    j["marks"] = std::move(marks);
  } else {
    j["marks"] = nullptr;
  }
  j["count"] = final_ ? final_count_ : json(nullptr);
  json seats = json::object();
  for (Color c : {Color::Black, Color::White})
    seats[letter(c)] = c == settings_.engine ? "engine" : seat_taken(c) ? "taken" : "free";
  j["seats"] = seats;
  return j;
}

}  // namespace jpd::web
