// Engine against engine with jpd as the referee: the loop of `jpd match`, and of dispute play
// (实战解决), which resumes a paused game with two engines as the players.
//
// The referee asks the side to move for a move (genmove; reg_genmove for jpd engines), turns the
// answer into the rules' moves (gtp_move.hpp: a pass is the rules' non-board move, a proposal to
// pause or its acceptance), plays them through Game, and tells the players what happened: plain
// GTP (board moves and passes) to ordinary engines, every referee action exactly to jpd engines
// (those that know jpd-rules). An illegal move forfeits with the referee's reason; so does an
// engine that fails (crashes, times out, answers garbage, or cannot follow the referee's moves).
// The loop stops at the next pause; counting is the caller's (run_match_game does it).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "jpd/message.hpp"
#include "jpd/count.hpp"
#include "jpd/game.hpp"
#include "jpd/rules.hpp"
#include "jpd/gtp.hpp"
#include "jpd/gtp_move.hpp"
#include "jpd/series.hpp"
#include "jpd/sgf.hpp"
#include "jpd/status.hpp"

namespace jpd {

// A player: a GTP engine reached by sending it command lines.
class MatchPlayer {
 public:
  // Sends one command line, returns the answer's text; throws GtpError on a failure answer or
  // when the engine fails.
  using Send = std::function<std::string(const std::string&)>;
  MatchPlayer(std::string name, Send send);

  // A program run as a child process (GtpClient), named by its GTP name and version.
  static std::unique_ptr<MatchPlayer> process(const std::string& command,
                                              double timeout_seconds = 60);
  // A jpd GTP engine in this process.
  static std::unique_ptr<MatchPlayer> engine(GtpEngineOptions options = {});

  const std::string& name() const { return name_; }
  // The name games and records give the player (two engines of the same name are told apart).
  void rename(std::string name) { name_ = std::move(name); }
  std::string send(const std::string& line) { return send_(line); }
  bool knows(const std::string& command);  // known_command, remembered
  // jpd engines (known_command jpd-rules) are told every referee action exactly.
  MirrorStyle style();

 private:
  std::string name_;
  Send send_;
  std::vector<std::pair<std::string, bool>> known_;
};

struct PlayOptions {
  int max_moves = 0;  // GTP moves asked for in this call before it stops; 0: no limit
  bool sync = true;   // first tell both players the game so far (boardsize, rules, moves)
};

struct PlayResult {
  enum class Stop : uint8_t {
    paused,      // the game reached a pause: count it, or resume it for a dispute
    ended,       // resignation, forfeit (an illegal move), or a long cycle
    move_limit,  // max_moves reached while the game was still in play
  };
  Stop stop = Stop::paused;
  Message reason;               // the forfeit's reason, the engine's failure ... (text(), text.hpp)
  Color culprit = Color::Empty; // who forfeited
  int moves = 0;                // GTP moves the players made in this call
};
std::string_view name_of(PlayResult::Stop s);

// Plays the game on from where it is (in play or in a dispute; a paused game is first resumed
// for a dispute, Game::resume_dispute) until the next pause or the end. A forfeit ends the game
// (Game::forfeit). The entry point of dispute play.
PlayResult play_until_pause(Game& g, MatchPlayer& black, MatchPlayer& white,
                            const PlayOptions& opts = {});

// The referee's own judgement of the dead stones, when the players disagree: the built-in
// estimator (GNU Go should it fail on a position).
Statuses referee_statuses(const Game& g);

// Dead stones at a pause: both players' final_status_list dead when they agree (the same chains),
// else `fallback` (referee_statuses when empty). `how` says which (a message: text(), text.hpp).
Statuses match_statuses(const Game& g, MatchPlayer& black, MatchPlayer& white, Message& how,
                        const std::function<Statuses(const Game&)>& fallback = {});

struct MatchOptions {
  Ruleset rules;  // by default kDefaultPreset's
  int size = 9;
  int games = 1;
  int max_moves = 0;       // per game; 0: four times the number of points
  bool alternate = false;  // swap colours every other game
  // A komi-free series (series.hpp, the 004 essay): colours swapped every other game and every
  // game played and counted with komi 0 (the rules' komi is overridden).
  bool series = false;
  uint64_t seed = 1;       // players that know jpd-seed get seed + game number
  std::string out_dir;     // where game-NNN.sgf are written ("" : nowhere)
  std::function<Statuses(const Game&)> fallback_statuses;  // default referee_statuses
};

struct MatchGame {
  int number = 0;  // 1-based
  std::string black, white;
  Game game;
  PlayResult play;
  Count count;                // at the pause (or of the ended game, for its result)
  Message statuses_from;      // how the dead stones were found
  std::string result;         // SGF style, e.g. "B+3.5", "W+R", "B+F"
  sgf::Record record;         // the game as written (PB, PW, RE, JD)
  std::string sgf_path;       // "" when not written
  std::vector<Message> notes;
};

// One game between two players, counted, its SGF written. Player a is Black.
MatchGame run_match_game(MatchPlayer& black, MatchPlayer& white, const MatchOptions& opts,
                         int number);

struct MatchSummary {
  std::vector<MatchGame> games;
  int wins_a = 0, wins_b = 0, other = 0;  // by player (a is Black in game 1)
};

// N games between a (Black first) and b; `progress` is called after each game.
MatchSummary run_match(MatchPlayer& a, MatchPlayer& b, const MatchOptions& opts,
                       const std::function<void(const MatchGame&)>& progress = {});

// The series of a match played with MatchOptions::series: its games' records counted under each
// rule set of `series` (the default: the match's own), komi 0, the players named name_a (Black
// in game 1) and name_b.
std::vector<SeriesStanding> match_series(const MatchSummary& s, const MatchOptions& opts,
                                         const std::string& name_a, const std::string& name_b,
                                         const SeriesOptions& series = {});

}  // namespace jpd
