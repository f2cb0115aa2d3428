// The JSON contract of `jpd score --json`, shared by the command line, GTP, the web API and the
// Python module. Documented in the README; programs depend on it: add fields, never rename.
#include <algorithm>

#include <nlohmann/json.hpp>

#include "jpd/count.hpp"
#include "jpd/count_report.hpp"
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
// public liberty, 公气), "dame" (单官), "shared" (an eye of a seki nobody owns). Rows from the top.
nlohmann::json owner_map(const CountBoard& b) {
  nlohmann::json rows = nlohmann::json::array();
  for (int y = 0; y < b.height; ++y) {
    nlohmann::json row = nlohmann::json::array();
    for (int x = 0; x < b.width; ++x) {
      switch (b.cls[Board::index(x, y)]) {
        case PointClass::black_stone:
        case PointClass::black_territory: row.push_back("B"); break;
        case PointClass::white_stone:
        case PointClass::white_territory: row.push_back("W"); break;
        case PointClass::public_liberty: row.push_back("seki"); break;
        case PointClass::dame: row.push_back("dame"); break;
        default: row.push_back("shared"); break;
      }
    }
    rows.push_back(row);
  }
  return rows;
}

// The Japanese view's own map (overlay.hpp, with the rules' eye reading): "B" or "W" a point of
// the side's territory (an empty point or a dead stone's), "stone" a living stone (no territory),
// "seki" a stone or liberty of a seki, "false_eye" a false eye its owner must fill, "dame" a
// point nobody's. A side's "B" points + its prisoners = its Japanese figure.
nlohmann::json japanese_map(const Count& c) {
  const Overlay v = overlay(c, View::japanese);
  nlohmann::json rows = nlohmann::json::array();
  for (int y = 0; y < c.height; ++y) {
    nlohmann::json row = nlohmann::json::array();
    for (int x = 0; x < c.width; ++x) {
      const OverlayPoint& q = v.at(Point(x, y));
      const bool living = is_stone(q.stone) && !q.dead;
      if (q.owner == Color::Black && !living) row.push_back("B");
      else if (q.owner == Color::White && !living) row.push_back("W");
      else if (q.false_eye) row.push_back("false_eye");
      else if (q.seki) row.push_back("seki");
      else if (living) row.push_back("stone");
      else row.push_back("dame");
    }
    rows.push_back(row);
  }
  return rows;
}

// The per-point map of every view whose board the making keeps: area (the position without the
// dead stones), territory (the equal-stones position), fill-up and living stones.
nlohmann::json ownership(const Count& c) {
  nlohmann::json o = nlohmann::json::object();
  for (const MakingStep& s : c.steps) {
    if (s.id == "pause" && !o.contains("area")) o["area"] = owner_map(s.board);
    else if (s.id == "dead_removed") o["area"] = owner_map(s.board);
    else if (s.id == "equal_stones" || s.id == "generalized") o["territory"] = owner_map(s.board);
    else if (s.id == "fill_up" || s.id == "living_stones") o[s.id] = owner_map(s.board);
  }
  const auto has = [&](std::string_view id) {
    return std::any_of(c.steps.begin(), c.steps.end(), [&](const MakingStep& s) { return s.id == id; });
  };
  if (has("pause") && has("dead_removed")) o["japanese"] = japanese_map(c);
  return o;
}
}  // namespace

nlohmann::json to_json(const Count& c) {
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
  j["moves"] = moves;
  j["captured"] = pair(c.captured);
  j["dead"] = {{"B", points(c.dead_black, c.height)}, {"W", points(c.dead_white, c.height)}};
  j["dead_count"] = pair(c.dead);
  nlohmann::json claims = nlohmann::json::array();
  for (const Claim& cl : c.claims)
    claims.push_back({{"color", std::string(color_letter(cl.color))}, {"point", to_gtp(cl.point, c.height)}});
  j["claims"] = claims;
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
  statuses["uncertain"] = unsure;
  nlohmann::json suggested = nlohmann::json::array();
  for (const Claim& cl : c.suggested_claims)
    suggested.push_back({{"color", std::string(color_letter(cl.color))}, {"point", to_gtp(cl.point, c.height)}});
  statuses["suggested_claims"] = suggested;
  j["statuses"] = statuses;
  nlohmann::json inv = nlohmann::json::array();
  for (const Invariant& i : c.invariants) inv.push_back({{"name", i.name}, {"ok", i.ok}, {"detail", text(i.detail, Lang::en)}});
  j["invariants"] = inv;
  j["all_invariants_hold"] = c.all_invariants_hold;
  j["notes"] = text(c.notes, Lang::en);
  nlohmann::json steps = nlohmann::json::array();
  for (const MakingStep& s : c.steps) {
    nlohmann::json rows = nlohmann::json::array();
    std::string diagram = s.board.to_string();
    size_t a = 0;
    while (a < diagram.size()) {
      size_t b = diagram.find('\n', a);
      rows.push_back(diagram.substr(a, b - a));
      a = b + 1;
    }
    steps.push_back({{"id", s.id}, {"title", step_title(s.id, Lang::en)},
                     {"title_zh", step_title(s.id, Lang::zh)},
                     {"board", rows}, {"stones", pair(PerColour{s.board.stones(Color::Black),
                                                                 s.board.stones(Color::White)})},
                     {"notes", text(s.notes, Lang::en)}});
  }
  j["steps"] = steps;
  j["ownership"] = ownership(c);
  return j;
}

}  // namespace jpd
