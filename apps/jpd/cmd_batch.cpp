// jpd batch PATH... [--rules LIST|all] [--jobs N] [--format csv|jsonl] [--out FILE] [--dead-from ...]
// Counts every SGF record under the paths under several rule sets, in parallel, streaming one row
// per record and rule set, with a progress bar on a terminal and a summary at the end.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include "commands.hpp"
#include "common.hpp"
#include "jpd/count_report.hpp"
#include "jpd/batch.hpp"
#include "jpd/encoding.hpp"

namespace jpd::cli {

void add_batch_command(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand(
      "batch", "Count every SGF record under the paths under several rule sets, in parallel");
  static std::vector<std::string> paths, rules;
  static std::string format = "csv", out_file, dead_from = "auto", lang, summary_json;
  static int jobs = 0;
  static bool progress_flag = false, no_progress = false;
  static RecordArgs record;
  cmd->add_option("paths", paths, "SGF files and directories (searched recursively for *.sgf)")->required();
  cmd->add_option("--rules", rules,
                  "comma-separated presets (all, jpd, standard, record, or names); key=value after a "
                  "name applies to it, before any name to every one; komi: the record's KM unless "
                  "komi= is given (default: " + std::string(batch::kDefaultRules) + "); repeatable")
      ->allow_extra_args(false);
  cmd->add_option("--jobs,-j", jobs, "worker threads (default: the number of cores)")
      ->check(CLI::Range(1, 1024));
  cmd->add_option("--format", format, "rows as csv or jsonl")->check(CLI::IsMember({"csv", "jsonl"}));
  cmd->add_option("--out,-o", out_file, "write the rows to FILE (the summary then goes to stdout)");
  cmd->add_option("--dead-from", dead_from,
                  "where dead stones come from: auto (the record's markup, else the estimator), sgf, "
                  "none, estimate, gtp:\"COMMAND\"");
  cmd->add_option("--lang", lang, "language of the summary: zh or en (default: from the locale)")
      ->check(CLI::IsMember({"zh", "en"}));
  cmd->add_option("--summary-json", summary_json, "also write the summary as JSON to FILE");
  cmd->add_flag("--progress", progress_flag, "show the progress bar even when stderr is not a terminal");
  cmd->add_flag("--no-progress", no_progress, "no progress bar");
  add_record_options(cmd, record, true, false);
  cmd->callback([&run] {
    run = [] {
      batch::Options o;
      o.paths = paths;
      std::string list;
      for (const std::string& r : rules) list += (list.empty() ? "" : ",") + r;
      try {
        o.rules = batch::parse_rule_list(list.empty() ? std::string(batch::kDefaultRules) : list);
      } catch (const RulesError& e) {
        throw OptionError("--rules", e);
      }
      set_dead_from_option(o.score, dead_from);
      o.jobs = jobs;
      apply_record_args(record, o.score);
      o.read = read_options(record);
      o.format = format == "jsonl" ? batch::Format::jsonl : batch::Format::csv;
      const Lang l = language(lang);

      std::ofstream file;
      if (!out_file.empty()) {
        file.open(out_file, std::ios::binary);
        if (!file) throw CommandError(Message("error.cmd.open_for_writing", {out_file}));
      }
      std::ostream& rows = out_file.empty() ? std::cout : file;
      std::ostream& report = out_file.empty() ? std::cerr : std::cout;

      const bool bar = !no_progress && (progress_flag || isatty(STDERR_FILENO));
      std::optional<ProgressBar> pb;
      if (bar) pb.emplace(batch::count_files(o.paths), l);
      batch::Summary s = batch::run(o, rows, [&](size_t done) {
        if (pb) pb->update(done);
      });
      if (pb) pb->clear();
      if (file.is_open()) {
        file.close();
        if (!file) throw CommandError(Message("error.cmd.write_failed", {out_file}));
      }
      if (s.games == 0) report << tr(l, "batch.no_files") << "\n";
      report << s.text(l);
      if (!summary_json.empty()) {
        std::ofstream j(summary_json);
        j << json_text(s.to_json(), 2) << "\n";
        if (!j) throw CommandError(Message("error.cmd.cannot_write", {summary_json}));
      }
      return s.invariant_failures == 0 ? kExitOk : kExitFailure;
    };
  });
}

}  // namespace jpd::cli
