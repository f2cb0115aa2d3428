// Replaying a game record under a rule set, and the way back from a game to a record.
#pragma once

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "jpd/game.hpp"
#include "jpd/rules.hpp"
#include "jpd/sgf.hpp"

namespace jpd {

struct ReplayOptions {
  // [interpretation] A record's pass is read as a virtual move under rules that have virtual
  // moves but no pass (tang-song, ming-qing, sci-3-x, living-x), and a virtual move (JPDV) as a pass
  // under rules with passes but no virtual moves: both are the record's non-board move.
  bool translate_non_board = true;
  // [interpretation] When a record without setup stones or a side to move (PL) before its first
  // move starts with the colour that is not the rules' first player (a Black-first record under
  // the living-stone presets), that colour is taken as the first player (it pays komi); otherwise
  // the record is refused.
  bool adopt_first_player = true;
  // An illegal move ends the game by forfeit instead of stopping the replay with an error.
  bool forfeit_on_illegal = false;
  // Faulty records, read as other programs read them (README "Faulty records"): two moves of one
  // colour in a row get the other side's pass between them (its non-board move as the rules have
  // it; where that pass would pause the game, the side to move is switched instead, as SGF's PL
  // does); a move on an occupied point takes the stone standing there off and is played (as Sabaki
  // reads it; `occupied = skip` leaves the move out, as GNU Go stops at it). Each is noted and
  // listed in Replay::repairs with its move number. Without it such a record is refused with a
  // ReplayError. The record's own repairs (sgf::ReadOptions::repair) come first.
  bool repair = false;
  enum class Occupied : uint8_t { replace, skip };
  Occupied occupied = Occupied::replace;
};

// The record could not be replayed: an illegal move, or a step that does not fit the rules.
// what() reads "FILE:LINE:COLUMN: move N (W D4): reason", the detail in English after the place;
// message() is the same as a message ("text.colon": the place, then the detail).
struct ReplayError : std::runtime_error, MessageError {
  std::string file;
  sgf::Location where;
  int move_number = 0;
  Illegal reason = Illegal::ok;
  Message detail;  // "move N (W D4): reason", as a message (the referee's verdict inside it)
  ReplayError(std::string file_, sgf::Location where_, int move_number_, Illegal reason_,
              Message detail_);
  // (A sentence is no message id: the detail is a Message, from the texts' table.)
  ReplayError(std::string file_, sgf::Location where_, int move_number_, Illegal reason_,
              const std::string& sentence) = delete;
};

struct Replay {
  Replay() = default;
  // The game on an empty board of the record's size, about to be replayed under `used`.
  Replay(const Ruleset& used, int width, int height) : game(used, width, height), rules(used) {}

  Game game;
  Ruleset rules;                   // as used (first player possibly adopted from the record)
  // Every translation or assumption made, as messages (text(), text.hpp, renders them; after 50,
  // one more note counts the rest).
  std::vector<Message> notes;
  // The record stopped while play was going on: taken as paused by agreement (SPEC §6.4).
  bool stopped_without_pause = false;
  // What the repair policy mended (ReplayOptions::repair): the record's, then the replay's.
  std::vector<sgf::Repair> repairs;
};

// The rules for counting a record: `explicit_rules` when given, else the record's RU when it
// names a preset or a standard rule set, else kDefaultPreset. Komi: a komi= in explicit_rules
// wins, else the record's KM, else 0 in a handicap game (HA 2 or more), else the preset's value.
Ruleset rules_for_record(const sgf::Record& r, const std::optional<RulesText>& explicit_rules);
// The same for the text PRESET[,k=v...], read here (parse_rules_text, throwing its RulesError).
Ruleset rules_for_record(const sgf::Record& r, std::string_view explicit_rules);

// Replays the main line: setup, every step through the referee. At the end a game still in play
// is paused by agreement. Throws ReplayError for an illegal move (unless forfeit_on_illegal).
Replay replay(const sgf::Record& r, const Ruleset& rules, const ReplayOptions& opts = {});

// Replays of one record under many rule sets (jpd batch counts each record under every preset):
// one replay for all the rule sets that make the same game of its moves (makes_same_game in
// game.hpp: those that referee alike, and those that differ only in legality where no move
// depends on it). get(rules) is replay(record, rules, opts) in all but the
// game's own rules(): those of the first rule set of its group, so count the game under the
// replay's `rules` (count(game, rules, ...)). The notes, and the ReplayError thrown for a record
// the rules refuse, are replay's own, word for word: the preset's name in them is an argument of
// its own (MessageArg::preset), filled with each rule set's.
class ReplayCache {
 public:
  explicit ReplayCache(const sgf::Record& r, const ReplayOptions& opts = {});
  ~ReplayCache();
  ReplayCache(const ReplayCache&) = delete;
  ReplayCache& operator=(const ReplayCache&) = delete;

  struct Shared {
    const Game& game;                // the game, shared by the group
    Ruleset rules;                   // Replay::rules: the rules, first player adopted
    std::vector<Message> notes;      // Replay::notes
    bool stopped_without_pause = false;
    std::vector<sgf::Repair> repairs;  // Replay::repairs
  };
  // Throws ReplayError as replay() does.
  Shared get(const Ruleset& rules);
  size_t replays() const;  // replays made so far

 private:
  struct Group;
  const sgf::Record& record_;
  ReplayOptions opts_;
  std::vector<std::unique_ptr<Group>> groups_;  // a game stays where it is
};

// The record of a game as played so far (setup, moves, pause acts, resumptions), with RU naming
// the rules as "JPD:<canonical>", for writing SGF.
sgf::Record record_from_game(const Game& g);

}  // namespace jpd
