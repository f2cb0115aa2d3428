// The jpd command line: each subcommand lives in its own file and registers itself here.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>

namespace jpd::cli {

// A subcommand's body; returns the process exit status.
using Runner = std::function<int()>;

// Registers subcommands on the app; each sets `run` when it is selected.
void add_replay_command(CLI::App& app, Runner& run);
void add_score_command(CLI::App& app, Runner& run);
void add_compare_command(CLI::App& app, Runner& run);
void add_bench_command(CLI::App& app, Runner& run);
void add_rules_commands(CLI::App& app, Runner& run);
void add_batch_command(CLI::App& app, Runner& run);
void add_diagram_command(CLI::App& app, Runner& run);
void add_stress_command(CLI::App& app, Runner& run);
void add_gtp_command(CLI::App& app, Runner& run);
void add_match_command(CLI::App& app, Runner& run);
void add_series_command(CLI::App& app, Runner& run);
void add_corpus_command(CLI::App& app, Runner& run);
void add_estimate_command(CLI::App& app, Runner& run);
void add_dispute_command(CLI::App& app, Runner& run);
void add_serve_command(CLI::App& app, Runner& run);

// Exit statuses shared by every command.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // the work could not be done (bad file, illegal move ...)
inline constexpr int kExitUsage = 2;    // bad command-line arguments

}  // namespace jpd::cli

namespace jpd {
struct Count;
namespace cli {
int c_ok(const Count& c);  // exit status of a count: failure when an invariant failed
}
}  // namespace jpd
