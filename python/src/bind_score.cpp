// Counting a record in one call (record -> rules -> replay -> statuses -> count), the way the
// command line does it; score_sgf returns exactly the report of `jpd score FILE --json`.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "convert.hpp"
#include "jpd/batch.hpp"
#include "jpd/input_file.hpp"
#include "jpd/score.hpp"
#include "jpd/series.hpp"

namespace jpd::py {

namespace {

// --dead-from of the command line, as a Python ValueError when it is not one of the forms.
void set_dead_from_arg(ScoreOptions& o, const std::string& from) {
  try {
    set_dead_from(o, from);
  } catch (const std::invalid_argument& e) {
    throw pyb::value_error(e.what());
  }
}

ScoreOptions options(const sgf::Record& rec, pyb::object rules, pyb::object dead, pyb::object claims,
                     const std::string& dead_from, bool keep_steps, bool repair,
                     bool server_conventions) {
  ScoreOptions o;
  o.replay.repair = repair;
  o.server_conventions = server_conventions;
  if (!dead.is_none()) o.dead = points_arg(dead, rec.width, rec.height);
  o.claims = claims_arg(claims, rec.width, rec.height);
  set_dead_from_arg(o, dead_from);
  o.rules = rules_arg(rules);
  o.keep_steps = keep_steps;
  return o;
}

sgf::ReadOptions read_options(int game, bool repair) {
  if (game < 1) throw pyb::value_error("game counts from 1: " + std::to_string(game));
  sgf::ReadOptions o;
  o.game = game - 1;
  o.repair = repair;
  return o;
}

Count score(pyb::object record, pyb::object rules, pyb::object dead, pyb::object claims,
            const std::string& dead_from, bool keep_steps, bool repair, bool server_conventions) {
  const sgf::Record rec = pyb::isinstance<sgf::Record>(record)
                              ? record.cast<sgf::Record>()
                              : load_record_file(path_arg(record), read_options(1, repair));
  const ScoreOptions o =
      options(rec, rules, dead, claims, dead_from, keep_steps, repair, server_conventions);
  pyb::gil_scoped_release unlocked;
  return score_record(rec, o).count;
}

pyb::dict score_sgf(pyb::object path, pyb::object rules, pyb::object dead, pyb::object claims,
                    const std::string& dead_from, int game, bool repair, bool server_conventions) {
  const std::string file = path_arg(path);
  const sgf::Record rec = load_record_file(file, read_options(game, repair));
  const ScoreOptions o = options(rec, rules, dead, claims, dead_from, true, repair, server_conventions);
  nlohmann::json j;
  {
    pyb::gil_scoped_release unlocked;
    j = to_json(score_record(rec, o));
  }
  j["file"] = file;  // as `jpd score FILE --json` adds it
  return to_python(j);
}

// The rule sets of a series: None (each record's RU), a Ruleset, jpd batch's list as text
// ('all', 'chinese,japanese'), or a list of rule sets (Ruleset or text) counted side by side.
// A rule set of a series: the list's, read; or a rule set's text, read with the records
// (series_rules).
struct SeriesRule {
  std::optional<RulesText> rules;
  std::optional<std::string> text;
};

std::vector<SeriesRule> series_rules_arg(pyb::handle rules) {
  std::vector<SeriesRule> out;
  if (pyb::isinstance<pyb::str>(rules)) {
    for (const batch::RuleChoice& c : batch::parse_rule_list(rules.cast<std::string>()))
      out.push_back({c.rules, std::nullopt});
  } else if (pyb::isinstance<pyb::list>(rules) || pyb::isinstance<pyb::tuple>(rules)) {
    for (pyb::handle r : rules) out.push_back({std::nullopt, rules_text_arg(r)});
  } else {
    out.push_back({std::nullopt, rules_text_arg(rules)});
  }
  if (out.empty()) throw pyb::value_error("a series needs at least one rule set");
  return out;
}

std::vector<std::optional<RulesText>> series_rules(const std::vector<SeriesRule>& rules) {
  std::vector<std::optional<RulesText>> out;
  for (const SeriesRule& r : rules)
    out.push_back(r.text ? std::optional<RulesText>(parse_rules_text(*r.text)) : r.rules);
  return out;
}

pyb::dict series(pyb::iterable records, pyb::object rules, const std::string& tie_break,
                 const std::string& dead_from) {
  SeriesOptions o;
  const std::vector<SeriesRule> given = series_rules_arg(rules);
  set_dead_from_arg(o.score, dead_from);
  if (tie_break != "wins" && tie_break != "none")
    throw pyb::value_error("tie_break is 'wins' or 'none', not '" + tie_break + "'");
  o.tie = tie_break == "none" ? SeriesTieBreak::none : SeriesTieBreak::wins;
  std::vector<sgf::Record> recs;
  for (pyb::handle r : records)
    recs.push_back(pyb::isinstance<sgf::Record>(r) ? r.cast<sgf::Record>() : load_record_file(path_arg(r)));
  o.rules = series_rules(given);
  nlohmann::json j;
  {
    pyb::gil_scoped_release unlocked;
    j = series_json(series_of_records(recs, o), o.tie);
  }
  return to_python(j);
}

}  // namespace

void bind_score(pyb::module_& m) {
  m.def("score", &score, pyb::arg("record"), pyb::arg("rules") = pyb::none(),
        pyb::arg("dead") = pyb::none(), pyb::arg("claims") = pyb::none(), pyb::kw_only(),
        pyb::arg("dead_from") = "auto", pyb::arg("keep_steps") = true, pyb::arg("repair") = false,
        pyb::arg("server_conventions") = true,
        (std::string("Counts a record (a Record, or the path of an SGF file) as `jpd score` "
                     "does: rules (default: the record's RU, else ") +
         kDefaultPreset +
         "; komi from KM unless the rules set it), dead stones (default: the record's markup, "
         "else per dead_from: 'auto', 'sgf', 'none', 'estimate', 'gtp:COMMAND') and claims "
         "(added to the record's); repair reads a faulty record under the repair policy (README, "
         "Faulty records); server_conventions as --no-server-conventions turns them off. Returns "
         "the Count; SgfError, ReplayError, RulesError, CountError or PointError when it cannot.")
            .c_str());
  m.def("score_sgf", &score_sgf, pyb::arg("path"), pyb::arg("rules") = pyb::none(),
        pyb::arg("dead") = pyb::none(), pyb::arg("claims") = pyb::none(), pyb::kw_only(),
        pyb::arg("dead_from") = "auto", pyb::arg("game") = 1, pyb::arg("repair") = false,
        pyb::arg("server_conventions") = true,
        "The report of `jpd score PATH --json` as a dict (the same fields and values, 'file' "
        "included): rules as --rules, dead as --dead ('C3,D4' or points), claims as --claim "
        "('B:D4', or a list of them), game as --game, repair as --repair.");
  m.def("series", &series, pyb::arg("records"), pyb::arg("rules") = pyb::none(), pyb::kw_only(),
        pyb::arg("tie_break") = "wins", pyb::arg("dead_from") = "auto",
        "The komi-free series of the 004 essay, as `jpd series --json` reports it (a dict): the "
        "records (Records or SGF paths, in order; the players by PB and PW) counted with komi 0 "
        "under rules (None: each record's RU; a Ruleset; jpd batch's list as text, e.g. 'all'; "
        "or a list of rule sets), the total difference deciding, then the game wins "
        "(tie_break='wins') or nothing ('none'). ValueError when the records are no series of "
        "two players (the file is named).");
}

}  // namespace jpd::py
