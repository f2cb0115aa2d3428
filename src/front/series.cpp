#include "jpd/series.hpp"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include "jpd/replay.hpp"

namespace jpd {

std::string_view name_of(SeriesTieBreak t) {
  switch (t) {
    case SeriesTieBreak::wins: return "wins";
    case SeriesTieBreak::none: return "none";
  }
  return "?";
}

namespace {

std::string signed_number(double v) { return (v > 0 ? "+" : "") + format_number(v); }

std::string where(const SeriesGame& g) {
  return "game " + std::to_string(g.number) + (g.source.empty() ? "" : " (" + g.source + ")");
}

}  // namespace

SeriesGame series_game(int number, std::string source, std::string black, std::string white,
                       const Count& c) {
  SeriesGame g;
  g.number = number;
  g.source = std::move(source);
  g.black = std::move(black);
  g.white = std::move(white);
  g.result = c.result;
  g.end = c.end;
  if (c.end == EndReason::counted)
    g.difference = c.first == Color::Black ? c.primary_difference : -c.primary_difference;
  g.winner = c.winner == Color::Black ? g.black : c.winner == Color::White ? g.white : "";
  g.all_invariants_hold = c.all_invariants_hold;
  return g;
}

SeriesStanding series_standing(std::vector<SeriesGame> games, std::string rules,
                               SeriesTieBreak tie) {
  if (games.empty()) throw SeriesError("a series needs at least one game");
  SeriesStanding s;
  s.rules = std::move(rules);
  s.player_a = games.front().black;
  s.player_b = games.front().white;
  if (s.player_a == s.player_b)
    throw SeriesError(where(games.front()) + ": Black and White are both '" + s.player_a +
                      "': a series is between two players");
  for (size_t k = 0; k < games.size(); ++k) {
    SeriesGame& g = games[k];
    const bool a_black = g.black == s.player_a && g.white == s.player_b;
    if (!a_black && !(g.black == s.player_b && g.white == s.player_a))
      throw SeriesError(where(g) + ": " + g.black + " - " + g.white + " is not a game between " +
                        s.player_a + " and " + s.player_b);
    (a_black ? s.black_a : s.black_b) += 1;
    if (k > 0 && g.black == games[k - 1].black)
      s.notes.push_back(Message("note.series_alternate", {g.number, games[k - 1].number}));
    g.for_a = a_black ? g.difference : -g.difference;
    if (g.end == EndReason::counted) {
      s.difference += g.for_a;
    } else {
      s.notes.push_back(Message("note.series_not_counted", {where(g), end_word(g.end)}));
    }
    if (g.winner == s.player_a) ++s.wins_a;
    else if (g.winner == s.player_b) ++s.wins_b;
    else ++s.other;
    s.all_invariants_hold = s.all_invariants_hold && g.all_invariants_hold;
  }
  if (games.size() % 2 == 1)
    s.notes.push_back(Message("note.series_odd", {games.size()}));
  else if (s.black_a != s.black_b)
    s.notes.push_back(Message("note.series_colours", {s.player_a, s.black_a, s.player_b, s.black_b}));
  if (s.difference != 0) {
    s.winner = s.difference > 0 ? s.player_a : s.player_b;
    s.decided_by = "difference";
  } else if (tie == SeriesTieBreak::wins && s.wins_a != s.wins_b) {
    s.winner = s.wins_a > s.wins_b ? s.player_a : s.player_b;
    s.decided_by = "game wins";
  } else {
    s.decided_by = "tie";
  }
  s.games = std::move(games);
  return s;
}

std::vector<SeriesStanding> series_of_records(const std::vector<sgf::Record>& records,
                                              const SeriesOptions& opts) {
  for (const sgf::Record& r : records) {
    const std::string file = r.filename.empty() ? "<input>" : r.filename;
    if (r.black_name.empty() || r.white_name.empty())
      throw SeriesError(file + ": no " + std::string(r.black_name.empty() ? "PB" : "PW") +
                        " (the player's name): a series pairs its games by the players' names");
  }
  std::vector<SeriesStanding> out;
  for (const std::optional<RulesText>& choice : opts.rules) {
    std::vector<SeriesGame> games;
    std::string common;  // the canonical rules of every game, "" when they differ
    for (size_t k = 0; k < records.size(); ++k) {
      const sgf::Record& r = records[k];
      Ruleset rules = rules_for_record(r, choice);
      rules.komi = 0;
      ScoreOptions o = opts.score;
      // As its canonical text reads, komi named even where it is the preset's own (ancient's
      // 0): a text that does not name it takes the record's KM.
      RulesText text_of = rules_text_of(rules);
      if (!text_of.komi_given()) text_of.keys.push_back("komi");
      o.rules = std::move(text_of);
      const Count c = score_record(r, o).count;
      SeriesGame g = series_game(int(k) + 1, r.filename, r.black_name, r.white_name, c);
      const std::string text = rules.to_string();
      if (k == 0) common = text;
      else if (common != text) common.clear();
      games.push_back(std::move(g));
    }
    // A rule set named twice (a --series-rules entry that repeats the match's own rules, `jpd
    // series --rules chinese,chinese`) counts the same series again: one row is enough.
    SeriesStanding s = series_standing(std::move(games), common.empty() ? "record" : common, opts.tie);
    if (std::none_of(out.begin(), out.end(),
                     [&](const SeriesStanding& t) { return t.rules == s.rules; }))
      out.push_back(std::move(s));
  }
  return out;
}

nlohmann::json to_json(const SeriesGame& g) {
  return {{"game", g.number},
          {"source", g.source},
          {"black", g.black},
          {"white", g.white},
          {"result", g.result},
          {"end", std::string(name_of(g.end))},
          {"difference", g.difference},
          {"difference_a", g.for_a},
          {"winner", g.winner.empty() ? nlohmann::json(nullptr) : nlohmann::json(g.winner)},
          {"all_invariants_hold", g.all_invariants_hold},
          {"notes", text(g.notes, Lang::en)}};
}

nlohmann::json to_json(const SeriesStanding& s) {
  nlohmann::json games = nlohmann::json::array();
  for (const SeriesGame& g : s.games) games.push_back(to_json(g));
  return {{"rules", s.rules},
          {"players", {s.player_a, s.player_b}},
          {"games", games},
          {"total",
           {{"difference", s.difference},
            {"wins", {s.wins_a, s.wins_b}},
            {"other", s.other},
            {"black", {s.black_a, s.black_b}}}},
          {"winner", s.winner.empty() ? nlohmann::json(nullptr) : nlohmann::json(s.winner)},
          {"decided_by", s.decided_by},
          {"all_invariants_hold", s.all_invariants_hold},
          {"notes", text(s.notes, Lang::en)}};
}

nlohmann::json series_json(const std::vector<SeriesStanding>& standings, SeriesTieBreak tie) {
  nlohmann::json a = nlohmann::json::array();
  for (const SeriesStanding& s : standings) a.push_back(to_json(s));
  return {{"tie_break", std::string(name_of(tie))}, {"komi", 0}, {"standings", a}};
}

std::string series_text(const std::vector<SeriesStanding>& standings, Lang l) {
  std::ostringstream out;
  if (standings.empty()) return "";
  const SeriesStanding& s = standings.front();
  out << tr(l, "series.title", {s.player_a, s.player_b, std::to_string(s.games.size()), s.rules})
      << "\n";
  int width = 0;
  for (const SeriesGame& g : s.games) width = std::max(width, display_width(g.source));
  // Games without a file (a match not written with --out) are named by their number and players
  // alone: no empty source column.
  for (const SeriesGame& g : s.games) {
    const std::string result = g.end == EndReason::counted ? signed_number(g.for_a) : "-";
    if (width == 0)
      out << "  " << tr(l, "series.game_unwritten",
                        {std::to_string(g.number), g.black, g.white, g.result, s.player_a, result});
    else
      out << "  " << tr(l, "series.game",
                        {std::to_string(g.number), pad(g.source, width), g.black, g.white,
                         g.result, s.player_a, result});
    out << "\n";
  }
  auto verdict = [&](const SeriesStanding& t) {
    if (t.winner.empty()) return tr(l, "series.tie");
    return tr(l, t.decided_by == "difference" ? "series.by_difference" : "series.by_game_wins",
              {t.winner});
  };
  out << tr(l, "series.total",
            {s.player_a, signed_number(s.difference), std::to_string(s.wins_a),
             std::to_string(s.wins_b)})
      << (l == Lang::zh ? "；" : "; ") << verdict(s) << "\n";
  for (const Message& n : s.notes) out << "  * " << text(n, l) << "\n";
  if (standings.size() > 1) {
    out << "\n" << tr(l, "series.side_by_side", {s.player_a, s.player_b}) << "\n";
    int w = 0;
    for (const SeriesStanding& t : standings) w = std::max(w, display_width(t.rules));
    for (const SeriesStanding& t : standings)
      out << "  " << pad(t.rules, w) << "  " << pad(signed_number(t.difference), 7) << "  "
          << pad(std::to_string(t.wins_a) + " : " + std::to_string(t.wins_b), 7) << "  "
          << verdict(t) << "\n";
  }
  return out.str();
}

}  // namespace jpd
