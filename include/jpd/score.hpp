// Counting a game record in one call: the front ends' way in (command line, GTP, web, Python).
// Record -> rules -> replay -> statuses -> count.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "jpd/conventions.hpp"
#include "jpd/count.hpp"
#include "jpd/estimate.hpp"
#include "jpd/finish.hpp"
#include "jpd/replay.hpp"
#include "jpd/sgf.hpp"

namespace jpd {

// Where the dead stones come from when none are given explicitly.
enum class DeadFrom : uint8_t {
  automatic,  // the record's markup if it has any, else the estimator (none where unavailable)
  sgf,        // the record's markup only (JPDD, or stones on the opposite colour's TB/TW points)
  none,       // no dead stones
  estimate,   // the built-in estimator
  gtp,        // an external engine: final_status_list dead
};
std::string_view name_of(DeadFrom d);

struct ScoreOptions {
  std::optional<RulesText> rules;          // parse_rules_text's; default: the record's
  std::optional<std::vector<Point>> dead;  // explicit dead stones (a stone stands for its chain)
  std::vector<Claim> claims;               // added to the record's JPDC claims
  DeadFrom dead_from = DeadFrom::automatic;
  std::string gtp_command;                 // for DeadFrom::gtp
  double gtp_timeout = 60;                 // seconds the engine may take for one answer
  EstimateOptions estimate;                // for the estimator (DeadFrom::estimate, automatic)
  // A record that simply stops, with statuses found by the estimator or an engine, counted by
  // territory (counting = japanese) or by area (area, fill_up, aga; dead stones removed): finish
  // it first as the players would have (dame, defensive moves, kos: finish.hpp), since both
  // counts assume a finished game. Noted in the count. The 计枰点 presets make the position by
  // their own rules instead (SPEC §6.7). finish.scoring is set from the rules.
  bool finish_stopped = true;
  FinishOptions finish;
  // A finish that changes the count (first minus second) by more than this many points is not
  // trusted: the players of a counted game stop with only small endgame left, so such a swing
  // means the finish went astray (a group lost while filling, a fight read as an endgame); the
  // position is then counted as it stands, with a note. 0: every finish is trusted.
  int max_finish_swing = 20;
  // With the estimator's dead stones, a finish that swings the count by more than
  // max_finish_swing still stands when its area (Black minus White) is nearer the estimator's
  // expectation (the sum of its playouts' ownership) than the position as it stands by more than
  // max_finish_swing: the record stopped with an area still open, which counts as no one's as it
  // stands (docs/rules.md, interpretation 20). False: the swing alone decides.
  bool trust_finish_nearer_expectation = true;
  ReplayOptions replay;  // replay.repair: the repair policy for faulty records (README)
  // The conventions of the server a record names (conventions.hpp): applied unless false.
  bool server_conventions = true;
  bool keep_steps = true;
  bool texts = true;  // CountOptions::texts
  bool check_by_boards = true;  // CountOptions::check_by_boards
};

// What the count of a record says about the record itself.
struct RecordFacts {
  RecordEnd ended = RecordEnd::counted;  // how the record ended (its RE, its moves)
  std::string result;                    // RE as written
  std::vector<AppliedConvention> conventions;
  std::vector<sgf::Repair> repairs;      // the reader's and the replay's
  int game = 0, games = 1;               // the game's index in its file (0-based), and how many
  std::string charset = "UTF-8";
  std::string black_name, white_name;    // PB, PW
  // The moves played to finish a record that stops before its end (ScoreOptions::finish_stopped),
  // in order, passes included: the count is of the position they leave. Empty when none were
  // played or the finish was not trusted (max_finish_swing).
  std::vector<Move> finishing;
  // Whether the count stands for the record's result: not for a record that was resigned, lost on
  // time or by forfeit, void, or stopped in the middle game (the count is of where it stops).
  bool counted() const { return ended == RecordEnd::counted; }
};

struct Scored {
  Replay replay;
  Count count;
  RecordFacts facts;
};

// What a record that stops before its end is finished for under `rules` (ScoreOptions::
// finish_stopped): territory (counting = japanese), area (area, fill_up, aga), or nothing (the
// 计枰点 presets, whose making finishes the position by their own rules, and rules that remove no
// dead stones).
std::optional<FinishScoring> finish_scoring(const Ruleset& rules);

// Throws sgf::Error, RulesError, ReplayError, CountError (each with a precise message).
Scored score_record(const sgf::Record& record, const ScoreOptions& opts = {});

// The report of `jpd score --json` (README, the JSON contract): the count's fields (to_json in
// count.hpp) with the record's: "record_ended", "record_result", "repairs" ([{"move", "kind",
// "detail"}]), "conventions" ([{"id", "server", "detail"}]), "game" (1-based) and "games",
// "charset", "players" ({"B", "W"}: PB and PW); and "finishing_moves" (finishing_moves_json).
nlohmann::json to_json(const Scored& s);
void add_record_facts(nlohmann::json& j, const RecordFacts& f);
// RecordFacts::finishing as JSON: [{"color": "B"|"W", "point": "D11"|"pass"}] (GTP points on a
// board of `height` rows).
nlohmann::json finishing_moves_json(const RecordFacts& f, int height);

// Scores one record under many rule sets, each count the one score_record(record, opts with those
// rules) gives, with the work they share done once: the games of rule sets that referee alike
// are one replay (ReplayCache). Dead stones found by the estimator or an engine are found on each
// rule set's own game, as score_record finds them; the counts share their classifications of the
// same positions (AnalysisCache). What jpd batch does for every file.
class RecordScorer {
 public:
  RecordScorer(const sgf::Record& record, const ScoreOptions& opts);  // opts.rules unused
  // Throws as score_record does.
  Count count(const std::optional<RulesText>& rules);
  // The same written into `out`, whose storage is used again (count() in count.hpp); the
  // record's facts into `facts` when given.
  void count(const std::optional<RulesText>& rules, Count& out, RecordFacts* facts = nullptr);

 private:
  const sgf::Record& record_;
  ScoreOptions opts_;
  ReplayCache replays_;
  AnalysisCache analyses_;  // positions the counts share
};

// Dead stones from the record's markup: JD, else stones standing on the opposite colour's TB/TW
// points. Returns nullopt when the record has no such markup.
std::optional<std::vector<Point>> dead_from_markup(const sgf::Record& r, const Board& position);

// Sets o.dead_from (and o.gtp_command) from the text form: auto, sgf, none, estimate,
// gtp:COMMAND. Throws std::invalid_argument listing the valid forms.
void set_dead_from(ScoreOptions& o, const std::string& text);

// "C3,D4" or "cc,dd" (also separated by spaces); throws PointError naming the bad item.
std::vector<Point> parse_point_list(std::string_view list, int width, int height);
// "B:D4" / "W:dd"; throws PointError.
Claim parse_claim(std::string_view text, int width, int height);

}  // namespace jpd
