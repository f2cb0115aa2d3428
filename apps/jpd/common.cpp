#include "common.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "jpd/input_file.hpp"
#include "jpd/rules.hpp"
#include "jpd/text.hpp"

namespace jpd::cli {

Lang language(const std::string& option) { return jpd::language(option); }

OptionError::OptionError(const std::string& option, Message why)
    : CLI::ValidationError(option, text(why, Lang::en)),
      MessageError(Message("text.colon", {option, MessageArg::message(why)})) {}

OptionError::OptionError(const std::string& option, const std::exception& e)
    : OptionError(option, error_message(e)) {}

CommandError::CommandError(Message m)
    : std::runtime_error(text(m, Lang::en)), MessageError(std::move(m)) {}

void set_dead_from_option(ScoreOptions& o, const std::string& value) {
  try {
    set_dead_from(o, value);
  } catch (const ArgumentError& e) {
    throw OptionError("--dead-from", e);
  }
}

void add_record_options(CLI::App* cmd, RecordArgs& a, bool conventions, bool game) {
  if (game)
    cmd->add_option("--game", a.game,
                    "which game of a file holding several to read (1 for the first)")
        ->check(CLI::Range(1, 1000000));
  cmd->add_flag("--repair", a.repair,
                "read a faulty record under the repair policy (README, Faulty records): a pass "
                "between two moves of one colour, a move on an occupied point replacing the stone, "
                "a node of two moves split, a property given twice kept the first; each noted");
  cmd->add_option("--occupied", a.occupied,
                  "under --repair, a move on an occupied point: replace (the stone there taken "
                  "off, as Sabaki reads it; the default) or skip (the move left out)")
      ->check(CLI::IsMember({"replace", "skip"}));
  cmd->add_option("--charset", a.charset,
                  "the record's charset when its CA is missing or wrong (gb2312, Big5, Shift_JIS, "
                  "EUC-KR, Latin-1, UTF-8 or any name iconv knows)");
  if (conventions) {
    cmd->add_flag("--no-server-conventions", a.no_server_conventions,
                  "count a record by the text of its rules, not by the convention of the server "
                  "it names (Fox's scaled komi, OGS before 2024, CGOS: README)");
    add_finish_swing_option(cmd, a.max_finish_swing);
  }
}

void add_finish_swing_option(CLI::App* cmd, int& swing) {
  cmd->add_option("--max-finish-swing", swing,
                  "a record that stops before its end: a finish that would change the count by "
                  "more than this many points is not trusted: under territory counting the "
                  "dame and defences alone are filled in if they stay within it, else the "
                  "position is counted as it stands (default 20; 0: always finish)")
      ->check(CLI::Range(0, 100000));
}

sgf::ReadOptions read_options(const RecordArgs& a) {
  sgf::ReadOptions o;
  o.game = a.game - 1;
  o.repair = a.repair;
  o.charset = a.charset;
  return o;
}

void apply_record_args(const RecordArgs& a, ReplayOptions& o) {
  o.repair = a.repair;
  o.occupied = a.occupied == "skip" ? ReplayOptions::Occupied::skip : ReplayOptions::Occupied::replace;
}

void apply_record_args(const RecordArgs& a, ScoreOptions& o) {
  apply_record_args(a, o.replay);
  o.server_conventions = !a.no_server_conventions;
  o.max_finish_swing = a.max_finish_swing;
}

sgf::Record load_record(const std::string& path, const RecordArgs& a) {
  return load_record_file(path, read_options(a));
}

std::string games_line(const sgf::Record& r, Lang l, bool counted) {
  if (r.games <= 1) return "";
  return tr(l, counted ? "record.games" : "record.games_read",
            {std::to_string(r.games), std::to_string(r.game + 1)});
}

std::string record_end_warning(const RecordFacts& f, Lang l) {
  if (f.counted()) return "";
  return tr(l, "record.not_counted",
            {tr(l, "record_end." + std::string(name_of(f.ended))), f.result.empty() ? "-" : f.result});
}

std::string colour_cell(Color c) { return is_stone(c) ? std::string(color_letter(c)) : "-"; }

std::optional<RulesText> read_rules(const std::string& text) {
  if (text.empty()) return std::nullopt;
  return parse_rules_text(text);
}

std::optional<RulesText> rules_option(const std::string& option, const std::string& text) {
  try {
    return read_rules(text);
  } catch (const RulesError& e) {
    throw OptionError(option, e);
  }
}

namespace {

std::string clock_text(double seconds) {
  long s = long(seconds + 0.5);
  char buf[32];
  if (s >= 3600) std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}

}  // namespace

ProgressBar::ProgressBar(size_t total, Lang l) : total_(total), lang_(l), start_(Clock::now()) {}

void ProgressBar::update(size_t done) {
  auto now = Clock::now();
  if (done != total_ && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  double secs = std::chrono::duration<double>(now - start_).count();
  double rate = secs > 0 ? double(done) / secs : 0;
  char r[32];
  std::snprintf(r, sizeof r, "%.1f", rate);
  std::string text;
  if (total_) {
    const int width = 28;
    int filled = int(double(width) * double(done) / double(total_));
    std::string bar(size_t(filled), '#');
    bar += std::string(size_t(width - filled), '.');
    double eta = rate > 0 ? double(total_ - done) / rate : 0;
    char pct[16];
    std::snprintf(pct, sizeof pct, "%3d%%", int(100.0 * double(done) / double(total_)));
    text = "[" + bar + "] " + pct + " " +
           tr(lang_, "batch.progress", {std::to_string(done), std::to_string(total_), r, clock_text(eta)});
  } else {
    text = tr(lang_, "batch.progress_open", {std::to_string(done), r});
  }
  std::cerr << "\r" << text << "\x1b[K" << std::flush;
  shown_ = true;
}

void ProgressBar::clear() {
  if (shown_) std::cerr << "\r\x1b[K" << std::flush;
  shown_ = false;
}

}  // namespace jpd::cli
