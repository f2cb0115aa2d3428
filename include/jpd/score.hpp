// Counting a game record in one call: the front ends' way in (command line, GTP, web, Python).
// Record -> rules -> replay -> statuses -> count.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jpd/count.hpp"
#include "jpd/estimate.hpp"
#include "jpd/finish.hpp"
#include "jpd/replay.hpp"
#include "jpd/sgf.hpp"

namespace jpd {

// Where the dead stones come from when none are given explicitly.
enum class DeadFrom : uint8_t {
  automatic,  // the record's markup if it has any, else the estimator (none where unavailable)
  sgf,        // the record's markup only (JD, or stones on the opposite colour's TB/TW points)
  none,       // no dead stones
  estimate,   // the built-in estimator
  gtp,        // an external engine: final_status_list dead
};
std::string_view name_of(DeadFrom d);

struct ScoreOptions {
  std::optional<std::string> rules;        // PRESET[,key=value...]; default from the record
  std::optional<std::vector<Point>> dead;  // explicit dead stones (a stone stands for its chain)
  std::vector<Claim> claims;               // added to the record's JC claims
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
  ReplayOptions replay;
  bool keep_steps = true;
  bool texts = true;  // CountOptions::texts
};

struct Scored {
  Replay replay;
  Count count;
};

// What a record that stops before its end is finished for under `rules` (ScoreOptions::
// finish_stopped): territory (counting = japanese), area (area, fill_up, aga), or nothing (the
// 计枰点 presets, whose making finishes the position by their own rules, and rules that remove no
// dead stones).
std::optional<FinishScoring> finish_scoring(const Ruleset& rules);

// Throws sgf::Error, RulesError, ReplayError, CountError (each with a precise message).
Scored score_record(const sgf::Record& record, const ScoreOptions& opts = {});

// Scores one record under many rule sets, each count the one score_record(record, opts with those
// rules) gives, with the work they share done once: the games of rule sets that referee alike
// are one replay (ReplayCache). Dead stones found by the estimator or an engine are found on each
// rule set's own game, as score_record finds them; the counts share their classifications of the
// same positions (AnalysisCache). What jpd batch does for every file.
class RecordScorer {
 public:
  RecordScorer(const sgf::Record& record, const ScoreOptions& opts);  // opts.rules unused
  // Throws as score_record does.
  Count count(const std::optional<std::string>& rules);
  // The same, the rules already made of the text for this record (rules_for_record, RecordRules).
  Count count(const std::optional<std::string>& rules, const Ruleset& resolved);
  // The same written into `out`, whose storage is used again (count() in count.hpp).
  void count(const std::optional<std::string>& rules, const Ruleset& resolved, Count& out);

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
