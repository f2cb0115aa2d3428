// jpd: count, compare, replay and explain Go games under the Ji Ping Dian rules and the standard
// rule sets; also the GTP engine, batch counting and benchmarks.
#include <iostream>

#include "commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"jpd - the Ji Ping Dian (计枰点) rules of Go: count, compare and explain games"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("jpd 0.1.0"));
  jpd::cli::Runner run;
  jpd::cli::add_score_command(app, run);
  jpd::cli::add_compare_command(app, run);
  jpd::cli::add_batch_command(app, run);
  jpd::cli::add_diagram_command(app, run);
  jpd::cli::add_replay_command(app, run);
  jpd::cli::add_rules_commands(app, run);
  jpd::cli::add_gtp_command(app, run);
  jpd::cli::add_match_command(app, run);
  jpd::cli::add_series_command(app, run);
  jpd::cli::add_bench_command(app, run);
  jpd::cli::add_stress_command(app, run);
  jpd::cli::add_corpus_command(app, run);
  jpd::cli::add_estimate_command(app, run);
  jpd::cli::add_dispute_command(app, run);
  jpd::cli::add_serve_command(app, run);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : jpd::cli::kExitUsage;
  }
  try {
    return run ? run() : jpd::cli::kExitUsage;
  } catch (const CLI::Error& e) {  // an argument found bad once the command looked at it
    std::cerr << "jpd: " << e.what() << "\n";
    return jpd::cli::kExitUsage;
  } catch (const std::exception& e) {
    std::cerr << "jpd: " << e.what() << "\n";
    return jpd::cli::kExitFailure;
  }
}
