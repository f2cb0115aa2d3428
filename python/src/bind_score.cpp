// Counting a record in one call (record -> rules -> replay -> statuses -> count), the way the
// command line does it; score_sgf returns exactly the report of `jpd score FILE --json`.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "convert.hpp"
#include "jpd/input_file.hpp"
#include "jpd/score.hpp"

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
                     const std::string& dead_from, bool keep_steps) {
  ScoreOptions o;
  if (!dead.is_none()) o.dead = points_arg(dead, rec.width, rec.height);
  o.claims = claims_arg(claims, rec.width, rec.height);
  set_dead_from_arg(o, dead_from);
  o.rules = rules_text_arg(rules);
  o.keep_steps = keep_steps;
  return o;
}

Count score(pyb::object record, pyb::object rules, pyb::object dead, pyb::object claims,
            const std::string& dead_from, bool keep_steps) {
  const sgf::Record rec = pyb::isinstance<sgf::Record>(record) ? record.cast<sgf::Record>()
                                                               : load_record_file(path_arg(record));
  const ScoreOptions o = options(rec, rules, dead, claims, dead_from, keep_steps);
  pyb::gil_scoped_release unlocked;
  return score_record(rec, o).count;
}

pyb::dict score_sgf(pyb::object path, pyb::object rules, pyb::object dead, pyb::object claims,
                    const std::string& dead_from) {
  const std::string file = path_arg(path);
  const sgf::Record rec = load_record_file(file);
  const ScoreOptions o = options(rec, rules, dead, claims, dead_from, true);
  nlohmann::json j;
  {
    pyb::gil_scoped_release unlocked;
    j = to_json(score_record(rec, o).count);
  }
  j["file"] = file;  // as `jpd score FILE --json` adds it
  return to_python(j);
}

}  // namespace

void bind_score(pyb::module_& m) {
  m.def("score", &score, pyb::arg("record"), pyb::arg("rules") = pyb::none(),
        pyb::arg("dead") = pyb::none(), pyb::arg("claims") = pyb::none(), pyb::kw_only(),
        pyb::arg("dead_from") = "auto", pyb::arg("keep_steps") = true,
        "Counts a record (a Record, or the path of an SGF file) as `jpd score` does: rules "
        "(default: the record's RU, else tang-song; komi from KM unless the rules set it), dead "
        "stones (default: the record's markup, else per dead_from: 'auto', 'sgf', 'none', "
        "'estimate', 'gtp:COMMAND') and claims (added to the record's). Returns the Count; "
        "SgfError, ReplayError, RulesError, CountError or PointError when it cannot.");
  m.def("score_sgf", &score_sgf, pyb::arg("path"), pyb::arg("rules") = pyb::none(),
        pyb::arg("dead") = pyb::none(), pyb::arg("claims") = pyb::none(), pyb::kw_only(),
        pyb::arg("dead_from") = "auto",
        "The report of `jpd score PATH --json` as a dict (the same fields and values, 'file' "
        "included): rules as --rules, dead as --dead ('C3,D4' or points), claims as --claim "
        "('B:D4', or a list of them).");
}

}  // namespace jpd::py
