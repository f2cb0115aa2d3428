// The JSON contract of `jpd score --json`, shared by the command line, GTP, the web API and the
// Python module. Documented in the README; programs depend on it: add fields, never rename.
#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "jpd/count.hpp"
#include "jpd/count_report.hpp"
#include "jpd/encoding.hpp"
#include "jpd/overlay.hpp"
#include "jpd/text.hpp"

namespace jpd {

namespace {
nlohmann::json pair(const Figures& f) { return {{"B", f.black}, {"W", f.white}}; }
nlohmann::json pair(const PerColour& f) { return {{"B", f.black}, {"W", f.white}}; }
nlohmann::json colour_or_null(Color c) {
  return is_stone(c) ? nlohmann::json(std::string(color_letter(c))) : nlohmann::json(nullptr);
}
nlohmann::json points(const std::vector<Point>& v, int height) {
  nlohmann::json a = nlohmann::json::array();
  for (Point p : v) a.push_back(to_gtp(p, height));
  return a;
}

// What a point is in a view: "B" or "W" (a stone, or an empty point the side owns), "seki" (a
// public liberty, 公气), "dame" (单官), "shared" (an eye of a seki nobody owns).
std::string_view owner_word(const CountBoard& b, int x, int y) {
  switch (b.cls[Board::index(x, y)]) {
    case PointClass::black_stone:
    case PointClass::black_territory: return "B";
    case PointClass::white_stone:
    case PointClass::white_territory: return "W";
    case PointClass::public_liberty: return "seki";
    case PointClass::dame: return "dame";
    default: return "shared";
  }
}

// The Japanese view's own map (overlay.hpp, with the rules' eye reading): "B" or "W" a point of
// the side's territory (an empty point or a dead stone's), "stone" a living stone (no territory),
// "seki" a stone or liberty of a seki, "false_eye" a false eye its owner must fill, "dame" a
// point nobody's. A side's "B" points + its prisoners = its Japanese figure.
std::string_view japanese_word(const OverlayPoint& q) {
  const bool living = is_stone(q.stone) && !q.dead;
  if (q.owner == Color::Black && !living) return "B";
  if (q.owner == Color::White && !living) return "W";
  if (q.false_eye) return "false_eye";
  if (q.seki) return "seki";
  if (living) return "stone";
  return "dame";
}

// The per-point maps, by their keys (sorted, as the tree orders them): every view whose board
// the making keeps (area: the position without the dead stones; territory: the equal-stones
// position; fill-up and living stones), each made by `board_map(board)`, and the Japanese view's
// own map by `japanese_map()` where the making paused and took the dead stones off.
template <class Map, class BoardMap, class JapaneseMap>
std::map<std::string, Map> ownership_maps(const Count& c, BoardMap board_map, JapaneseMap japanese_map) {
  std::map<std::string, Map> o;
  bool paused = false, dead_removed = false;
  for (const MakingStep& s : c.steps) {
    if (s.id == "pause" && !o.count("area")) o["area"] = board_map(s.board);
    else if (s.id == "dead_removed") o["area"] = board_map(s.board);
    else if (s.id == "equal_stones" || s.id == "generalized") o["territory"] = board_map(s.board);
    else if (s.id == "fill_up" || s.id == "living_stones") o[s.id] = board_map(s.board);
    paused = paused || s.id == "pause";
    dead_removed = dead_removed || s.id == "dead_removed";
  }
  if (paused && dead_removed) o["japanese"] = japanese_map();
  return o;
}

// Rows from the top, each an array of the words `word(x, y)` gives: as a tree, and as the text
// json_text writes of that tree (the words need no escaping).
template <class Word>
nlohmann::json rows_json(int width, int height, Word word) {
  nlohmann::json rows = nlohmann::json::array();
  for (int y = 0; y < height; ++y) {
    nlohmann::json row = nlohmann::json::array();
    for (int x = 0; x < width; ++x) row.push_back(std::string(word(x, y)));
    rows.push_back(std::move(row));
  }
  return rows;
}
template <class Word>
std::string rows_text(int width, int height, Word word) {
  std::string out = "[";
  for (int y = 0; y < height; ++y) {
    out += y ? ",[" : "[";
    for (int x = 0; x < width; ++x) {
      if (x) out += ',';
      out += '"';
      out += word(x, y);
      out += '"';
    }
    out += ']';
  }
  out += ']';
  return out;
}

nlohmann::json ownership(const Count& c) {
  auto maps = ownership_maps<nlohmann::json>(
      c,
      [](const CountBoard& b) {
        return rows_json(b.width, b.height, [&](int x, int y) { return owner_word(b, x, y); });
      },
      [&] {
        const Overlay v = overlay(c, View::japanese);
        return rows_json(c.width, c.height, [&](int x, int y) { return japanese_word(v.at(Point(x, y))); });
      });
  nlohmann::json o = nlohmann::json::object();
  for (auto& [k, m] : maps) o[k] = std::move(m);
  return o;
}

// The text count_json_text writes without the tree: the same bytes as json_text(to_json(c)).
// A tree of short strings, one allocation a point, was most of the time of a count's JSON.

void append_strings(std::string& out, const std::vector<std::string>& v) {
  out += '[';
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) out += ',';
    append_json_string(out, v[i]);
  }
  out += ']';
}

std::string ownership_text(const Count& c) {
  const auto maps = ownership_maps<std::string>(
      c,
      [](const CountBoard& b) {
        return rows_text(b.width, b.height, [&](int x, int y) { return owner_word(b, x, y); });
      },
      [&] {
        const Overlay v = overlay(c, View::japanese);
        return rows_text(c.width, c.height, [&](int x, int y) { return japanese_word(v.at(Point(x, y))); });
      });
  std::string out = "{";
  for (const auto& [k, v] : maps) {
    if (out.size() > 1) out += ',';
    out += '"';
    out += k;
    out += "\":";
    out += v;
  }
  out += '}';
  return out;
}

// A step's diagram, one string a row.
std::vector<std::string> diagram_rows(const CountBoard& b) {
  std::vector<std::string> rows;
  std::string diagram = b.to_string();
  size_t a = 0;
  while (a < diagram.size()) {
    size_t e = diagram.find('\n', a);
    rows.push_back(diagram.substr(a, e - a));
    a = e + 1;
  }
  return rows;
}

// The making's steps, each an object with its keys in the tree's order: board, id, notes,
// stones, title, title_zh.
std::string steps_text(const Count& c) {
  std::string out = "[";
  for (const MakingStep& s : c.steps) {
    if (out.size() > 1) out += ',';
    out += "{\"board\":";
    append_strings(out, diagram_rows(s.board));
    out += ",\"id\":";
    append_json_string(out, s.id);
    out += ",\"notes\":";
    append_strings(out, text(s.notes, Lang::en));
    out += ",\"stones\":{\"B\":" + std::to_string(s.board.stones(Color::Black)) +
           ",\"W\":" + std::to_string(s.board.stones(Color::White)) + "},\"title\":";
    append_json_string(out, step_title(s.id, Lang::en));
    out += ",\"title_zh\":";
    append_json_string(out, step_title(s.id, Lang::zh));
    out += '}';
  }
  out += ']';
  return out;
}
// Every field but the making's steps and the ownership maps.
nlohmann::json fields(const Count& c) {
  nlohmann::json j;
  j["rules"] = c.rules.to_string();
  j["preset"] = c.rules.preset;
  j["ruleset"] = to_json(c.rules);
  j["board_size"] = c.width == c.height ? nlohmann::json(c.width) : nlohmann::json({c.width, c.height});
  j["width"] = c.width;
  j["height"] = c.height;
  j["komi"] = c.komi;
  j["first_player"] = std::string(color_letter(c.first));
  j["end"] = std::string(name_of(c.end));
  j["result"] = c.result;
  j["winner"] = colour_or_null(c.winner);
  j["margin"] = c.margin;
  j["primary_method"] = std::string(name_of(c.rules.counting));
  j["primary_difference"] = c.primary_difference;
  j["return_number"] = c.return_number;
  j["return_number_second"] = c.return_number_second;
  j["button"] = colour_or_null(c.button);
  j["handicap_stones"] = c.handicap_stones;
  j["handicap_compensation"] = c.handicap_compensation;
  for (const ViewSpec& v : view_specs()) j[std::string(v.key)] = pair(c.view(v.id));  // the views
  j["shared"] = c.shared;
  j["public_liberties"] = c.public_liberties;
  j["dame"] = c.dame;
  j["units"] = pair(c.units);
  j["groups"] = pair(c.groups);
  j["seki_units"] = pair(c.seki_units);
  j["basic_eyes"] = pair(c.basic_eyes);
  j["live_stones"] = pair(c.live);
  j["owned"] = pair(c.owned);
  j["placed"] = pair(c.placed);
  j["virtual_stones"] = pair(c.virtual_stones);
  j["pass_stones"] = pair(c.pass_stones);
  j["dame_filled"] = pair(c.dame_filled);
  nlohmann::json moves;
  for (Color col : {Color::Black, Color::White})
    moves[std::string(color_letter(col))] = {
        {"real", c.moves_real.of(col)},
        {"virtual", c.moves_virtual.of(col)},
        {"pass", c.moves_pass.of(col)},
        {"negative", c.negative_a.of(col) + c.negative_b.of(col)},
        {"negative_a", c.negative_a.of(col)},
        {"negative_b", c.negative_b.of(col)},
        {"balancing_virtual", c.balancing_virtual.of(col)},
    };
  j["moves"] = std::move(moves);
  j["captured"] = pair(c.captured);
  j["dead"] = {{"B", points(c.dead_black, c.height)}, {"W", points(c.dead_white, c.height)}};
  j["dead_count"] = pair(c.dead);
  nlohmann::json claims = nlohmann::json::array();
  for (const Claim& cl : c.claims)
    claims.push_back({{"color", std::string(color_letter(cl.color))}, {"point", to_gtp(cl.point, c.height)}});
  j["claims"] = std::move(claims);
  j["first_virtual"] = colour_or_null(c.first_virtual_color);
  j["last_move"] = colour_or_null(c.last_move);
  j["pay"] = c.pay;
  j["payment"] = text(c.payment, Lang::en);
  j["k"] = c.k;
  j["overflow"] = pair(c.overflow);
  nlohmann::json statuses;
  statuses["source"] = std::string(name_of(c.status_source));
  statuses["detail"] = text(c.status_detail, Lang::en);
  nlohmann::json unsure = nlohmann::json::array();
  for (const UncertainChain& u : c.uncertain)
    unsure.push_back({{"stone", to_gtp(u.stone, c.height)},
                      {"color", std::string(color_letter(u.color))},
                      {"alive_probability", u.alive_probability},
                      {"reason", text(u.reason, Lang::en)},
                      {"settle", u.settle.valid() ? nlohmann::json(to_gtp(u.settle, c.height))
                                                  : nlohmann::json()}});
  statuses["uncertain"] = std::move(unsure);
  nlohmann::json suggested = nlohmann::json::array();
  for (const Claim& cl : c.suggested_claims)
    suggested.push_back({{"color", std::string(color_letter(cl.color))}, {"point", to_gtp(cl.point, c.height)}});
  statuses["suggested_claims"] = std::move(suggested);
  j["statuses"] = std::move(statuses);
  nlohmann::json inv = nlohmann::json::array();
  for (const Invariant& i : c.invariants) inv.push_back({{"name", i.name}, {"ok", i.ok}, {"detail", text(i.detail, Lang::en)}});
  j["invariants"] = std::move(inv);
  j["all_invariants_hold"] = c.all_invariants_hold;
  j["notes"] = text(c.notes, Lang::en);
  return j;
}

}  // namespace

nlohmann::json to_json(const Count& c) {
  nlohmann::json j = fields(c);
  nlohmann::json steps = nlohmann::json::array();
  for (const MakingStep& s : c.steps) {
    // Key by key: a braced list would copy every value (the diagram's rows) once more.
    nlohmann::json step = nlohmann::json::object();
    step["id"] = s.id;
    step["title"] = step_title(s.id, Lang::en);
    step["title_zh"] = step_title(s.id, Lang::zh);
    step["board"] = diagram_rows(s.board);
    step["stones"] = pair(PerColour{s.board.stones(Color::Black), s.board.stones(Color::White)});
    step["notes"] = text(s.notes, Lang::en);
    steps.push_back(std::move(step));
  }
  j["steps"] = std::move(steps);
  j["ownership"] = ownership(c);
  return j;
}

std::string count_json_text(const Count& c) {
  nlohmann::json j = fields(c);
  j["steps"] = nullptr;  // (their places among the sorted keys)
  j["ownership"] = nullptr;
  std::string out = "{";
  // The other values as json_text writes them (dump(-1, ' ', false, replace)), by one serializer
  // appending to `out`: a text and an adapter for each value cost as much as writing them.
  nlohmann::detail::serializer<nlohmann::json> values(
      nlohmann::detail::output_adapter<char, std::string>(out), ' ', nlohmann::json::error_handler_t::replace);
  for (auto it = j.begin(); it != j.end(); ++it) {  // the keys in the tree's order
    if (out.size() > 1) out += ',';
    out += '"';
    out += it.key();
    out += "\":";
    if (it.key() == "steps") out += steps_text(c);
    else if (it.key() == "ownership") out += ownership_text(c);
    else values.dump(*it, false, false, 0);
  }
  out += '}';
  return out;
}

}  // namespace jpd
