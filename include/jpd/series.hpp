// The komi-free series of the 004 essay: instead of komi, an even number of games between two
// players with the first move alternating, each game counted without komi, and the winner by the
// total difference over the series (局面差异和数值差距), game wins as the tie-break. `jpd series`
// counts finished records so; `jpd match --series` plays such a series between engines.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "jpd/count.hpp"
#include "jpd/score.hpp"
#include "jpd/sgf.hpp"
#include "jpd/text.hpp"

namespace jpd {

// What decides a series whose total difference is 0: the game wins (then a tie), or nothing (a
// tied series).
enum class SeriesTieBreak : uint8_t { wins, none };
std::string_view name_of(SeriesTieBreak t);

// The records do not make a series of two players (a record without PB or PW, a third player).
struct SeriesError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// One game of the series, counted without komi.
struct SeriesGame {
  int number = 0;            // 1-based, in the order given
  std::string source;        // the record's file name, or what stands for it
  std::string black, white;  // the players (PB, PW)
  std::string result;        // SGF style, under the series' rules with komi 0
  EndReason end = EndReason::counted;
  double difference = 0;     // Black's points minus White's (0 when the game was not counted)
  double for_a = 0;          // the same seen by the series' player a (series_standing)
  std::string winner;        // the player, "" for none (a draw, no result)
  bool all_invariants_hold = true;
  std::vector<Message> notes;        // (text(), text.hpp, renders them)
};

// A series under one rule set.
struct SeriesStanding {
  std::string rules;                 // the canonical rule-set text, komi 0
  std::string player_a, player_b;    // a: Black of the first game
  std::vector<SeriesGame> games;
  double difference = 0;             // a's points minus b's over the counted games
  int wins_a = 0, wins_b = 0, other = 0;
  int black_a = 0, black_b = 0;      // games each played with Black
  std::string winner;                // the player, "" for a tied series
  std::string decided_by;            // "difference", "game wins", "tie"
  std::vector<Message> notes;        // an odd number of games, unequal colours, games not counted
  bool all_invariants_hold = true;
};

// The standing of counted games: the players, each game's difference seen from player a, the
// totals and the winner. Throws SeriesError unless every game is between the same two players.
SeriesStanding series_standing(std::vector<SeriesGame> games, std::string rules,
                               SeriesTieBreak tie = SeriesTieBreak::wins);

// One game from its count (the count's first player may be either colour).
SeriesGame series_game(int number, std::string source, std::string black, std::string white,
                       const Count& c);

struct SeriesOptions {
  // The rule sets, each as parse_rules_text reads it (a komi given is overridden: komi 0);
  // nullopt: each record's own RU, as `jpd score` reads it.
  std::vector<std::optional<RulesText>> rules = {std::nullopt};
  ScoreOptions score;  // dead stones and claims (rules and komi are the series')
  SeriesTieBreak tie = SeriesTieBreak::wins;
};

// Counts every record under every rule set, komi 0: one standing per rule set, in order. Throws
// what score_record throws (with the record's file name), and SeriesError.
std::vector<SeriesStanding> series_of_records(const std::vector<sgf::Record>& records,
                                              const SeriesOptions& opts);

nlohmann::json to_json(const SeriesGame& g);
nlohmann::json to_json(const SeriesStanding& s);
// The report of `jpd series --json` (and the "series" of `jpd match --json`): the tie rule, komi 0
// and every standing, in order.
nlohmann::json series_json(const std::vector<SeriesStanding>& standings, SeriesTieBreak tie);
// For people: every game of the first standing with its figures and the total; with more than
// one rule set, a line per rule set beside it.
std::string series_text(const std::vector<SeriesStanding>& standings, Lang l);

}  // namespace jpd
