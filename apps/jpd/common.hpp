// Helpers shared by the jpd subcommands.
#pragma once

#include <CLI/CLI.hpp>
#include <chrono>
#include <string>

#include "jpd/count_report.hpp"
#include "jpd/count.hpp"
#include "jpd/score.hpp"
#include "jpd/sgf.hpp"

namespace jpd::cli {

// --lang: "zh", "en" or "" (from the locale: LC_ALL, LC_MESSAGES, LANG starting with "zh").
Lang language(const std::string& option);

// An option's value found bad by the command: a usage error (exit status 2) naming the option.
// what() reads "--dead: why" in English; message() is the same as a message, which jpd's error
// line renders in the language of --lang.
struct OptionError : CLI::ValidationError, MessageError {
  OptionError(const std::string& option, Message why);
  // The library's exception about the option's value: its message (error_message).
  OptionError(const std::string& option, const std::exception& e);
};

// A usage error of CLI11's own (an unexpected argument, an option given twice, a value out of its
// range ...) as a message of the texts' table, read from CLI11's English (usage_errors.cpp); a
// sentence it does not know is "usage.other" with the sentence. `app`: the command line parsed,
// for what CLI11's sentence leaves out (the unknown subcommand of "A subcommand is required").
Message usage_message(const CLI::Error& e, const CLI::App* app = nullptr);

// A command's own failure that is no usage error (a file it cannot write, a faulty manifest):
// what() in English, message() for the error line.
struct CommandError : std::runtime_error, MessageError {
  explicit CommandError(Message m);
};

// How a command reads its record: --game N, --repair, --charset NAME, --no-server-conventions
// (README, "Records as they come").
struct RecordArgs {
  int game = 1;  // 1-based
  bool repair = false;
  std::string charset;
  bool no_server_conventions = false;
  std::string occupied = "replace";  // under --repair: replace | skip
  int max_finish_swing = ScoreOptions{}.max_finish_swing;  // counting commands only
};
// Adds the options; `conventions`: the command counts (server conventions apply); `game`: it
// reads one game of a file (batch and corpus read every one).
void add_record_options(CLI::App* cmd, RecordArgs& a, bool conventions = true, bool game = true);
// --max-finish-swing (ScoreOptions::max_finish_swing), for the commands that count records.
void add_finish_swing_option(CLI::App* cmd, int& swing);
sgf::ReadOptions read_options(const RecordArgs& a);
// set_dead_from with the option's value: a bad value is a CLI error naming --dead-from.
void set_dead_from_option(ScoreOptions& o, const std::string& value);
// The replay and count options the arguments give.
void apply_record_args(const RecordArgs& a, ScoreOptions& o);
void apply_record_args(const RecordArgs& a, ReplayOptions& o);

// Reads a record (game a.game of the file); sgf::Error carries file, line and column.
sgf::Record load_record(const std::string& path, const RecordArgs& a = {});

// For people: a line saying the file holds several games and which one is counted (or read, for
// the commands that count nothing); "" for a file of one game.
std::string games_line(const sgf::Record& r, Lang l, bool counted = true);
// For people: a warning when the record's count is not its result (resigned, time, forfeit, void,
// stopped in the middle game); "" when it was counted.
std::string record_end_warning(const RecordFacts& f, Lang l);

// "B", "W" or "-".
std::string colour_cell(Color c);

// A rule-set option's text (PRESET[,key=value...]) read (parse_rules_text, throwing its
// RulesError); an empty text is no option (nullopt).
std::optional<RulesText> read_rules(const std::string& text);
// The same while the command line is parsed: a bad one is a usage error (exit status 2) naming the
// option.
std::optional<RulesText> rules_option(const std::string& option, const std::string& text);

// A one-line progress bar on stderr: files done, rate, ETA (jpd batch, jpd corpus).
class ProgressBar {
 public:
  ProgressBar(size_t total, Lang l);
  void update(size_t done);
  void clear();

 private:
  using Clock = std::chrono::steady_clock;
  size_t total_;
  Lang lang_;
  Clock::time_point start_, last_{};
  bool shown_ = false;
};

}  // namespace jpd::cli
