#include "jpd/score.hpp"

#include <array>
#include <cctype>

namespace jpd {

namespace {
std::array<StatusProvider, 5>& providers() {
  static std::array<StatusProvider, 5> p{};
  return p;
}
}  // namespace

std::string_view name_of(DeadFrom d) {
  switch (d) {
    case DeadFrom::automatic: return "automatic";
    case DeadFrom::sgf: return "sgf";
    case DeadFrom::none: return "none";
    case DeadFrom::estimate: return "estimate";
    case DeadFrom::gtp: return "gtp";
  }
  return "?";
}

void set_status_provider(DeadFrom kind, StatusProvider provider) {
  providers()[size_t(kind)] = provider;
}

std::vector<Point> parse_point_list(std::string_view list, int width, int height) {
  std::vector<Point> out;
  std::string item;
  auto flush = [&] {
    if (!item.empty()) out.push_back(parse_point(item, width, height));
    item.clear();
  };
  for (char c : list) {
    if (c == ',' || std::isspace(static_cast<unsigned char>(c))) flush();
    else item += c;
  }
  flush();
  return out;
}

Claim parse_claim(std::string_view text, int width, int height) {
  auto colon = text.find(':');
  if (colon == std::string_view::npos)
    throw PointError("claim '" + std::string(text) + "' needs the form COLOR:POINT, e.g. B:D4");
  auto c = parse_color(text.substr(0, colon));
  if (!c) throw PointError("claim '" + std::string(text) + "' names no colour (B or W)");
  return Claim{*c, parse_point(text.substr(colon + 1), width, height)};
}

std::optional<std::vector<Point>> dead_from_markup(const sgf::Record& r, const Board& position) {
  if (r.has_dead_markup) return r.dead;
  if (r.territory_black.empty() && r.territory_white.empty()) return std::nullopt;
  std::vector<Point> dead;
  for (Point p : r.territory_black)
    if (p.inside(position.width(), position.height()) && position.at(p) == Color::White)
      dead.push_back(p);
  for (Point p : r.territory_white)
    if (p.inside(position.width(), position.height()) && position.at(p) == Color::Black)
      dead.push_back(p);
  return dead;
}

Scored score_record(const sgf::Record& record, const ScoreOptions& opts) {
  Ruleset rules = rules_for_record(record, opts.rules);
  Replay rp = replay(record, rules, opts.replay);
  const Game& g = rp.game;
  const Board& position =
      g.rules().dispute_mode == DisputeMode::independent && g.pauses() > 0 ? g.pause_board()
                                                                           : g.board();
  Statuses st;
  if (opts.dead) {
    st.dead = *opts.dead;
    st.source = StatusSource::given;
  } else {
    DeadFrom from = opts.dead_from;
    std::optional<std::vector<Point>> markup;
    if (from == DeadFrom::automatic || from == DeadFrom::sgf) markup = dead_from_markup(record, position);
    if (markup) {
      st.dead = *markup;
      st.source = StatusSource::sgf;
    } else if (from == DeadFrom::automatic || from == DeadFrom::estimate || from == DeadFrom::gtp) {
      DeadFrom kind = from == DeadFrom::automatic ? DeadFrom::estimate : from;
      if (StatusProvider p = providers()[size_t(kind)]) {
        st = p(g, opts);
      } else if (from != DeadFrom::automatic) {
        throw CountError("dead stones from " + std::string(name_of(kind)) +
                         " are not available in this build");
      }
    }
  }
  for (const Claim& c : record.claims) st.claims.push_back(c);
  for (const Claim& c : opts.claims) st.claims.push_back(c);
  CountOptions co;
  co.keep_steps = opts.keep_steps;
  Count c = count(g, st, co);
  c.notes.insert(c.notes.begin(), rp.notes.begin(), rp.notes.end());  // the replay's come first
  return Scored{std::move(rp), std::move(c)};
}

}  // namespace jpd
