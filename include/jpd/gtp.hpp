// The GTP engine (Go Text Protocol, version 2): the referee and the move generator behind `jpd
// gtp`, as a class that takes one command line and returns its answer, so that tests, fuzzers,
// the match runner and the web can drive it without processes.
//
// Protocol (GTP 2, §2-§3): control characters other than tab and newline are dropped, '#' starts
// a comment, tabs are spaces, empty lines get no answer. "[id] command [arguments]" is answered
// "=[id] text" or "?[id] error", followed by an empty line. An answer never contains an empty line.
// A line longer than GtpEngineOptions::max_line is refused whole.
//
// Moves: a GTP pass is the rules' non-board move (gtp_move.hpp): a pass, a virtual move, or under
// agreed-pause-only rules a proposal to pause or its acceptance; a move while the opponent's
// proposal is pending rejects it. A move at a pause resumes play to settle a dispute (实战解决).
// One command's moves are one step for undo. The jpd- commands reach every referee action
// exactly (README, "jpd gtp").
//
// A `play` or `genmove` of the colour that is not to move (GTP lets colours repeat; GUIs send a
// position's setup stones as `play` commands in any order) is read by GtpEngineOptions::out_of_turn;
// the referee's own checks stay strict: the record shows a setup stone, a pass or a change of the
// side to move (PL), never two moves of one colour in a row.
//
// Streamed analysis (lz-analyze, kata-analyze: Leela Zero's and KataGo's extensions, which Sabaki
// and Lizzie use for their heat maps): the answer is "=[id]" and a line of analysis, then the
// same line again every interval, until the next line arrives; that line (a command, or an empty
// line) first ends the answer with its empty line. handle() returns the start; a driver on a
// stream (jpd gtp) writes analysis_update() every analysis_interval_ms() while analyzing() and
// no input has come. gtp_lz_analyze.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jpd/estimate.hpp"
#include "jpd/game.hpp"
#include "jpd/rules.hpp"
#include "jpd/genmove.hpp"
#include "jpd/gtp_time.hpp"
#include "jpd/status.hpp"

namespace jpd {

// How a `play` or `genmove` of the colour that is not to move is read (README, "jpd gtp").
enum class OutOfTurn : uint8_t {
  // play: a setup stone (AB/AW in the record) when it captures nothing and has a liberty, as GUIs
  // send setup stones; a stone that captures or has no liberty is a move, the turn first given to
  // its colour (PL), so that the referee judges it and its captures count. play of a pass, and
  // genmove: the turn is given to the colour first.
  setup,
  // The other side is taken to have passed: its non-board move first (where that would pause the
  // game, the turn is given to the colour instead, as the SGF repair policy does).
  pass,
  // Refused: "it is White's turn".
  refuse,
};
std::string_view name_of(OutOfTurn o);
std::optional<OutOfTurn> parse_out_of_turn(std::string_view name);

struct GtpEngineOptions {
  std::string name = "jpd";
  std::string version = "0.1.0";
  Ruleset rules;  // the initial rule set (by default kDefaultPreset's)
  int board_size = 19;
  GenmoveOptions genmove;
  OutOfTurn out_of_turn = OutOfTurn::setup;
  size_t max_line = 64 * 1024;  // bytes of one command line, newline excluded
  // The folder loadsgf and printsgf FILE may read and write in (relative names are taken in it;
  // a path that leads out of it, by "..", an absolute name or a symbolic link, is refused).
  // Empty, the default: no file access at all (both commands refuse a file name).
  std::string file_root;
  // Dead stones for final_score, final_status_list and jpd-count without points; the default is
  // default_gtp_statuses (then final_status_list seki lists the estimator's seki chains; with a
  // function given here, none).
  std::function<Statuses(const Game&)> statuses;
  // The estimator's options wherever the engine runs it: the default dead stones above,
  // final_status_list's seki, jpd-estimate, jpd-estimate-ownership, jpd-uncertain and the
  // analyses' ownership (playouts 0: by board size).
  EstimateOptions estimate;
};

// The dead stones the engine uses when none are given: the built-in estimator (with `opts`).
Statuses default_gtp_statuses(const Game& g, const EstimateOptions& opts = {});

class GtpEngine {
 public:
  explicit GtpEngine(GtpEngineOptions options = {});

  // One command line (a trailing newline is allowed; anything after a newline is ignored). Returns
  // the complete answer, ending with the empty line, or "" when the line holds no command.
  std::string handle(std::string_view line);
  // The answer to a line of `length` bytes that exceeded max_line, from its first bytes (to keep
  // its id): a reader that stops storing a long line calls this instead of handle.
  std::string refuse_long_line(std::string_view prefix, size_t length) const;
  // Every line of a text, answers concatenated (tests, scripts).
  std::string handle_all(std::string_view text);

  bool quit_requested() const { return quit_; }
  // A streamed analysis is open (its answer not yet ended).
  bool analyzing() const { return streaming_; }
  // Its interval in milliseconds (0: the line is written once, not repeated).
  int analysis_interval_ms() const { return stream_interval_ms_; }
  // The next line of the open analysis ("" when none is open).
  std::string analysis_update() const { return streaming_ ? stream_line_ : ""; }
  // Ends an open analysis: the empty line that closes its answer ("" when none is open).
  std::string stop_analysis();
  const Game& game() const { return game_; }
  const GtpEngineOptions& options() const { return opts_; }
  // The commands this engine knows, in list_commands order.
  static const std::vector<std::string>& command_names();

 private:
  struct Reply {
    bool ok = true;
    std::string text;
  };
  using Args = std::vector<std::string>;
  Reply dispatch(const std::string& name, const Args& args);

  // Standard commands (gtp.cpp).
  Reply cmd_boardsize(const Args& a);
  Reply cmd_clear_board(const Args& a);
  Reply cmd_komi(const Args& a);
  Reply cmd_play(const Args& a);
  Reply cmd_genmove(const Args& a, bool play_it);
  Reply cmd_undo(const Args& a);
  Reply cmd_showboard(const Args& a);
  Reply cmd_fixed_handicap(const Args& a, bool engine_chooses);
  Reply cmd_set_free_handicap(const Args& a);
  Reply cmd_loadsgf(const Args& a);
  Reply cmd_printsgf(const Args& a);
  Reply cmd_final_score(const Args& a);
  Reply cmd_final_status_list(const Args& a);
  Reply cmd_kgs_rules(const Args& a);
  Reply cmd_time(const std::string& name, const Args& a);
  // The project's commands (gtp_jpd.cpp).
  Reply cmd_jpd_rules(const Args& a);
  Reply cmd_jpd_move(const std::string& name, const Args& a);
  Reply cmd_jpd_negative(const Args& a);
  Reply cmd_jpd_setup(const Args& a);
  Reply cmd_jpd_tomove(const Args& a);
  Reply cmd_jpd_resume(const Args& a);
  Reply cmd_jpd_making(const Args& a);
  Reply cmd_jpd_pause(const Args& a);
  Reply cmd_jpd_count(const Args& a);
  Reply cmd_jpd_state(const Args& a);
  // Analysis for GUIs (gtp_analyze.cpp): the count drawn over the board, the estimator's view.
  Reply cmd_analyze_commands(const Args& a);
  Reply cmd_jpd_overlay(const Args& a, bool heat_map);
  Reply cmd_jpd_estimate(const Args& a, bool heat_map);
  Reply cmd_jpd_uncertain(const Args& a);
  Reply cmd_jpd_option(const std::string& name, const Args& a);
  // lz-analyze and kata-analyze (gtp_lz_analyze.cpp): opens the stream, the first line as text.
  Reply cmd_lz_analyze(const std::string& name, const Args& a);

  // Helpers.
  void new_game(const Ruleset& rules, int size);
  void set_rules(const Ruleset& rules);  // replays the game under them, or throws
  void reset_marks();  // one undo step per action but setup (after a replay)
  Reply apply_moves(const std::vector<Move>& moves, bool resume_if_paused);
  // The game as a move of c would find it: resumed for a dispute when paused (resume), and with
  // c to move as out_of_turn says. A copy; keep() makes it the game.
  Verdict prepare(Game& g, Color c, bool resume) const;
  // Makes c the side to move in g as out_of_turn says (g to move already: nothing).
  Verdict give_turn(Game& g, Color c) const;
  // Makes `next` the game, as one step for undo (the game had `mark_at` actions before it).
  void keep(Game&& next, size_t mark_at);
  Statuses statuses() const;
  void mark() { marks_.push_back(game_.actions().size()); }

  // The file a loadsgf / printsgf argument names inside file_root, or a refusal in words.
  std::optional<std::string> confined_path(const std::string& arg, std::string& why) const;

  GtpEngineOptions opts_;
  Ruleset rules_;
  Game game_;
  std::vector<size_t> marks_;  // actions().size() before each undoable step
  GtpTimeControl time_;        // time_settings / kgs-time_settings
  GtpTimeLeft left_[2];        // time_left, then the engine's own moves (index: Black 0)
  bool quit_ = false;
  bool streaming_ = false;      // an lz-analyze / kata-analyze answer is open
  std::string stream_line_;     // its line of analysis, repeated every interval
  int stream_interval_ms_ = 0;
};

}  // namespace jpd
