// jpd series A.sgf B.sgf ... [--rules LIST] [--tie-break wins|none] [--dead-from S] [--json]
//            [--game N] [--repair] [--charset C] [--no-server-conventions]
// the komi-free series of the 004 essay: the games of two players counted without komi, the
// winner by the total difference, game wins as the tie-break
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "common.hpp"
#include "jpd/batch.hpp"
#include "jpd/encoding.hpp"
#include "jpd/series.hpp"

namespace jpd::cli {

void add_series_command(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand(
      "series", "Count the games of two players as a komi-free series: total difference, then game wins");
  static std::vector<std::string> files;
  static std::string rules = "record", tie = "wins", dead_from = "auto", lang;
  static int playouts = 0;
  static bool json = false;
  static RecordArgs record;
  cmd->add_option("files", files, "SGF records of the series, in order (players by PB and PW)")
      ->required();
  cmd->add_option("--rules", rules,
                  "the rule sets, as jpd batch's list: a preset, several (comma-separated), all, "
                  "jpd, standard, or record (each record's RU; the default); komi is always 0");
  cmd->add_option("--tie-break", tie,
                  "what decides a total difference of 0: wins (the game wins; the default) or none")
      ->check(CLI::IsMember({"wins", "none"}));
  cmd->add_option("--dead-from", dead_from,
                  "where dead stones come from: auto (the record's markup, else the estimator), sgf, "
                  "none, estimate, gtp:\"COMMAND\"");
  cmd->add_option("--playouts", playouts, "playouts of the built-in estimator (default: by board size)")
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--lang", lang, "language for people: zh or en (default: from the locale)")
      ->check(CLI::IsMember({"zh", "en"}));
  cmd->add_flag("--json", json, "print JSON");
  add_record_options(cmd, record);
  cmd->callback([&run] {
    run = [] {
      SeriesOptions o;
      o.rules.clear();
      try {
        for (const batch::RuleChoice& c : batch::parse_rule_list(rules)) o.rules.push_back(c.rules);
      } catch (const RulesError& e) {
        throw OptionError("--rules", e);
      }
      set_dead_from_option(o.score, dead_from);
      o.score.estimate.playouts = playouts;
      apply_record_args(record, o.score);
      o.tie = tie == "none" ? SeriesTieBreak::none : SeriesTieBreak::wins;
      std::vector<sgf::Record> records;
      for (const std::string& f : files) records.push_back(load_record(f, record));
      const std::vector<SeriesStanding> standings = series_of_records(records, o);
      bool all_hold = true;
      for (const SeriesStanding& s : standings) all_hold = all_hold && s.all_invariants_hold;
      if (json) {
        std::cout << json_text(series_json(standings, o.tie), 2) << "\n";
      } else {
        std::cout << series_text(standings, language(lang));
      }
      return all_hold ? kExitOk : kExitFailure;
    };
  });
}

}  // namespace jpd::cli
