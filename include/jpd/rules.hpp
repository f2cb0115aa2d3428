// Rule sets as plain values, and the one table of presets (SPEC §4, §5).
//
// A Ruleset is data: every behaviour of the referee and of counting that differs between rule
// sets is a field here, and every preset is one row of the table in rules.cpp. Text form:
// "PRESET[,key=value...]", e.g. "tang-song" or "tang-song,komi=7.5,ko=situational"; the canonical
// form names the preset and only the fields that differ from it, in table order, and parses back
// to an equal value.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "jpd/message.hpp"
#include "jpd/point.hpp"

namespace jpd {

// How the contest pauses (休止).
enum class PauseRule : uint8_t {
  two_consecutive,  // two non-board moves (pass / virtual) in a row
  agreed,           // a proposal by the side to move, accepted by the other side
  both,             // either (Tang-Song art. 10)
};

enum class KoRule : uint8_t {
  simple,       // no immediate single-stone recapture; long cycles end the game
  positional,   // no board move may recreate an earlier whole-board position
  situational,  // no move may give the opponent a (board, side to move) it already faced
  generalized,  // [interpretation] positional, the position including the off-board virtual counts
};

enum class CycleResult : uint8_t { no_result, draw };

// Who pays for extra moves (SPEC §7 "Payment by compensation rule").
enum class Compensation : uint8_t {
  art,                   // the side with n more counted moves pays n points (艺术版, 多下贴点)
  law,                   // nobody pays (律法版, 多下不贴点)
  first_virtual,         // Tang-Song art. 11-13: the first player pays 1 if the second player
                         // made the game's first virtual move
  living_a,              // 计活子 A: the first player pays 1 stone if it made the last real move
  living_b,              // 计活子 B: no payment, the extra stone becomes a 路 (B-negative)
  living_a_first_event,  // 一虚为界 (003 art. 27)
  black_last_pays,       // chinese-2008: the first player pays 1 if the second player passed first
};

enum class CountedMoves : uint8_t { real, real_and_virtual, all };

enum class DisputeMode : uint8_t {
  continue_play,  // count the position after the dispute (written "continue")
  independent,    // restore the pause position and count it with the confirmed statuses (004 原创九)
};

enum class CountingMethod : uint8_t {
  area,                   // 数子法 子空合计
  territory_refill,       // 等子比空 by refilling prisoners, dead and virtual stones
  territory_generalized,  // 广义等子比目 (sci-4-x): equal stones made freely, no prisoners needed
  fill_up,                // Ing 填满计点
  living_stones,          // 计活子 / 数路 with basic eye points
  japanese,               // territory + prisoners, no territory in seki
  aga,                    // AGA: pass stones, area = territory
};

enum class SekiTerritory : uint8_t { owned, none };

// How the Japanese view (CountingMethod::japanese, and the view reported under every rule set)
// finds its territory (docs/rules.md interpretation 26).
enum class EyeReading : uint8_t {
  none,      // the units of SPEC §7: owned points of units not in seki
  japanese,  // the eye reading of eye_reading.hpp: no territory in false eyes that must be
             // filled, nor for groups without two eyes of their own (seki)
};

enum class Dame : uint8_t {
  shared,                    // unfilled dame count half each
  fill_at_making,            // filled alternately at making, from the side to move
  fill_at_making_if_agreed,  // Tang-Song art. 10: filled at making after an agreed pause,
                             // shared after a two-virtual pause
  fill_at_making_if_odd,     // 计活子 B (003 art. 26.2): an odd number left is filled at making,
                             // an even number is shared (K each)
};

// White's compensation for Black's handicap stones (KataGo's white handicap bonus): none, one
// point per stone after the first (AGA), one per stone (Chinese: half the stones returned).
enum class HandicapCompensation : uint8_t { none, n_minus_1, n };

// The preset a record or a command that names no rules is counted under (README).
inline constexpr const char* kDefaultPreset = "tang-song";

struct Ruleset {
  std::string preset = kDefaultPreset;

  Color first_player = Color::Black;
  double komi = 6.5;
  bool allow_pass = false;
  bool allow_virtual = true;
  PauseRule pause = PauseRule::both;
  KoRule ko = KoRule::simple;
  CycleResult cycle_result = CycleResult::no_result;
  int cycle_repeats = 3;  // a (board, side to move) seen this often within a phase is a long cycle
  // [interpretation] whether a repetition with a pass or virtual move in its stretch is a long
  // cycle too (false: only cycles of board moves, as 长生劫 and 循环多劫 are; a single ko retaken
  // after virtual moves is no cycle)
  bool cycle_through_non_board = false;
  bool reset_history_at_pause = false;
  bool suicide = false;  // allowed?
  Compensation compensation = Compensation::first_virtual;
  CountedMoves counted_moves = CountedMoves::real;
  Compensation dispute_compensation = Compensation::law;
  DisputeMode dispute_mode = DisputeMode::continue_play;
  bool dispute_virtuals = false;  // a dispute starts with one virtual move by each side (003 21.4)
  CountingMethod counting = CountingMethod::territory_refill;
  SekiTerritory seki_territory = SekiTerritory::owned;
  bool seki_exclusive_liberties = true;
  EyeReading eye_reading = EyeReading::none;
  bool claims = true;
  Dame dame = Dame::fill_at_making_if_agreed;
  bool remove_dead = true;        // false: every stone on the board counts as alive (Tromp-Taylor)
  bool pass_stone = false;        // AGA: a pass hands one stone to the opponent
  bool white_passes_last = false; // AGA
  int group_tax = 0;              // points per living unit subtracted (ancient counting)
  bool setup_counts = true;       // [interpretation] setup/handicap stones count as placed stones
  // The rule families of KataGo's rules (docs/rules.md): the button (half a point to the first
  // to pass), White's compensation for handicap stones, and whether a pass may leave dead stones
  // for agreement (a friendly pass) or the players clean them up first.
  bool button = false;
  HandicapCompensation handicap_compensation = HandicapCompensation::none;
  bool friendly_pass = true;
  // Whether a player whose clock runs out loses the game (B+T / W+T) or is only marked out of
  // time: the web referee's clock when a game's request does not say (docs/rules.md,
  // interpretation 31).
  bool lose_on_time = true;

  friend bool operator==(const Ruleset&, const Ruleset&) = default;

  // The canonical text form; parse_ruleset(to_string()) == *this.
  std::string to_string() const;
  Color second_player() const { return opponent(first_player); }
};

// One row of the preset table.
struct Preset {
  const char* name;  // its title, in either language: preset_title (text.hpp)
  const char* source;  // which seed / standard it follows
  bool jpd;            // one of the 计枰点 family (as opposed to a comparison preset)
  Ruleset rules;
};

std::span<const Preset> presets();
const Preset* find_preset(std::string_view name);
std::vector<std::string> preset_names();

// Thrown by parse_ruleset: the message lists the valid presets, keys or values. what() is its
// English, message() the message (message.hpp).
struct RulesError : std::invalid_argument, MessageError {
  explicit RulesError(Message m);
  // (A sentence is no message id: the reason is a Message, from the texts' table.)
  explicit RulesError(const std::string& sentence) = delete;
};

// A rules text read once: the rule set, and the keys the text sets itself, as the field names of
// ruleset_fields() ("ko_rule" as "ko"). What the front ends carry from their option, command or
// request on: a record's KM gives the komi of a rule set whose text sets none, and a server's
// convention changes only the settings the text does not make (conventions.hpp).
struct RulesText {
  Ruleset rules;
  std::vector<std::string> keys;  // in the text's order, a key set twice listed twice

  // Whether the text sets the field named `key` (as in ruleset_fields()).
  bool sets(std::string_view key) const;
  bool komi_given() const { return sets("komi"); }
  friend bool operator==(const RulesText&, const RulesText&) = default;
};

// Parses "PRESET[,key=value...]". Keys are the field names above (also with '-' for '_').
RulesText parse_rules_text(std::string_view text);
// What parse_rules_text(r.to_string()) gives for a rule set of a known preset whose komi lies in
// the text's range: `r`, setting every field that differs from its preset.
RulesText rules_text_of(const Ruleset& r);
// The same, the rule set only.
Ruleset parse_ruleset(std::string_view text);
// Sets the one field named `key` (as in a rules text: "komi", "ko", "dame", ...) to `value`, as
// parse_rules_text reads it; the preset's name stays. RulesError for an unknown key or value.
void set_rule(Ruleset& r, std::string_view key, std::string_view value);

// Maps an SGF RU[] value (e.g. "Japanese", "Chinese", "AGA", "NZ", "JPD:tang-song") to a
// preset name; returns "" when it names none we know.
std::string preset_for_sgf_rules(std::string_view ru);
// The other way: the standard SGF RU text (FF[4]: Japanese, AGA, GOE, NZ; and Chinese, Korean as
// written by servers and GUIs) for a rule set that is one of those presets unchanged but for its
// komi (KM), so that reading RU and KM back gives the same rule set; "" for any other.
std::string standard_sgf_rules(const Ruleset& r);

// Field names, in table order, with a short description: for help texts.
struct FieldInfo {
  std::string key;
  std::string values;
  std::string meaning;
};
std::span<const FieldInfo> ruleset_fields();

nlohmann::json to_json(const Ruleset& r);
// The inverse of to_json; also accepts any subset of the fields (the rest from "preset", default
// tang-song). Throws RulesError for any JSON value that is not such an object.
Ruleset ruleset_from_json(const nlohmann::json& j);

// Text names of enum values ("two_consecutive", "first_virtual", ...).
std::string_view name_of(PauseRule v);
std::string_view name_of(KoRule v);
std::string_view name_of(CycleResult v);
std::string_view name_of(Compensation v);
std::string_view name_of(CountedMoves v);
std::string_view name_of(DisputeMode v);
std::string_view name_of(CountingMethod v);
std::string_view name_of(SekiTerritory v);
std::string_view name_of(EyeReading v);
std::string_view name_of(Dame v);
std::string_view name_of(HandicapCompensation v);

}  // namespace jpd
