// jpd gtp [--rules R] [--size N] [--seed S] [--playouts N] [--allow-files DIR] [--out-of-turn M]
// the GTP engine on stdin/stdout
#include <cerrno>
#include <cstdio>
#include <string>
#include <poll.h>
#include <unistd.h>

#include "commands.hpp"
#include "common.hpp"
#include "jpd/gtp.hpp"
#include "jpd/rules.hpp"

namespace jpd::cli {

namespace {

void write_all(const std::string& s) {
  size_t done = 0;
  while (done < s.size()) {
    ssize_t n = ::write(1, s.data() + done, s.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // the controller went away
    done += size_t(n);
  }
}

// Reads command lines from stdin, keeping at most max_line bytes of a line: a longer line is
// answered with an error from its first bytes, and the engine stays in step. While a streamed
// analysis (lz-analyze, kata-analyze) is open and no input has come, its line is written every
// interval; the next line ends it (GtpEngine::handle), and so does the end of the input.
int serve(GtpEngine& engine) {
  const size_t limit = engine.options().max_line;
  std::string line;
  size_t length = 0;  // of the current line, also past the limit
  char buf[65536];
  auto finish = [&] {
    write_all(length > limit ? engine.stop_analysis() + engine.refuse_long_line(line, length)
                             : engine.handle(line));
    line.clear();
    length = 0;
  };
  for (;;) {
    if (engine.analyzing()) {
      const int ms = engine.analysis_interval_ms();
      pollfd p{0, POLLIN, 0};
      const int ready = ::poll(&p, 1, ms > 0 ? ms : -1);
      if (ready < 0 && errno == EINTR) continue;
      if (ready == 0) {  // nothing came within the interval: the analysis again
        write_all(engine.analysis_update());
        continue;
      }
    }
    ssize_t n = ::read(0, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    for (ssize_t i = 0; i < n; ++i) {
      if (buf[i] == '\n') {
        finish();
        if (engine.quit_requested()) return kExitOk;
        continue;
      }
      if (length++ < limit) line += buf[i];
      else if (line.size() > 64) line.resize(64);  // keep the start: its id
    }
  }
  if (length > 0) finish();
  write_all(engine.stop_analysis());  // the input ended during an analysis: its answer ends too
  return kExitOk;
}

}  // namespace

void add_gtp_command(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand(
      "gtp", "Play and referee over GTP (Go Text Protocol 2) on stdin/stdout: for GUIs, matches");
  static GtpEngineOptions o;
  static std::string rules = kDefaultPreset;
  static uint64_t seed = 1;
  static int playouts = 0;
  static bool no_files = false;
  static std::string allow_files;
  static std::string out_of_turn = "setup";
  cmd->add_option("--rules", rules, std::string("PRESET[,key=value...] (default ") + kDefaultPreset + ")");
  cmd->add_option("--size", o.board_size, "board size before any boardsize command (default 19)")
      ->check(CLI::Range(kMinBoardSize, kMaxBoardSize));
  cmd->add_option("--seed", seed, "seed of the move generator (default 1)");
  cmd->add_option("--playouts", playouts, "playouts per generated move (default: by board size)")
      ->check(CLI::Range(0, 10000000));
  cmd->add_option("--name", o.name, "the name the engine gives (default jpd)");
  cmd->add_option("--allow-files", allow_files,
                  "the one folder loadsgf and printsgf FILE may read and write in (default: none, "
                  "both refuse file names)")
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--out-of-turn", out_of_turn,
                  "a play or genmove of the colour not to move: setup (a setup stone, as GUIs send "
                  "them; the default), pass (the other side passed first) or refuse")
      ->check(CLI::IsMember({"setup", "pass", "refuse"}));
  cmd->add_flag("--no-files", no_files, "no file access (the default; kept for older scripts)")
      ->excludes("--allow-files");
  cmd->callback([&run] {
    run = [] {
      o.genmove.seed = seed;
      o.genmove.playouts = playouts;
      o.file_root = no_files ? "" : allow_files;
      o.out_of_turn = parse_out_of_turn(out_of_turn).value_or(OutOfTurn::setup);
      try {
        o.rules = parse_ruleset(rules);
      } catch (const RulesError& e) {
        throw OptionError("--rules", e);
      }
      GtpEngine engine(o);
      return serve(engine);
    };
  });
}

}  // namespace jpd::cli
