// One game as the web referee holds it: the referee (Game), the dead stones marked at the pause
// and who agreed to them, the final count. Everything that happens to a game is an event (JSON,
// as stored): the referee's actions (moves of every kind, resumption for a dispute, setup from an
// uploaded record), the dead-stone marks and the agreements. The same apply() builds the game live
// and when the server restarts, so a restored game is exactly the game that was played.
//
// Events ("t" is the type; points in GTP notation):
//   {"t":"move","color":"B","kind":"play","point":"E5"}     kinds as in move.hpp (play, pass,
//                                                           virtual, propose-pause, ..., resign)
//   {"t":"setup","color":"B"|"W"|"E","point":"D4"}  {"t":"to_move","color":"W"}
//   {"t":"resume","auto":true}      play resumes to settle a dispute (实战解决, resume_dispute)
//   {"t":"found","color":"B"}  {"t":"making"}  {"t":"paused"}     (from uploaded records)
//   {"t":"marks","dead":["C3"],"claims":["B:D4"],"source":"estimate"|"given",
//    "suggested":["C3"],"uncertain":[{"point","color","alive"}]}   the dead stones (whole chains)
//   {"t":"agree","color":"B"}       both sides agreed: the game is counted and ends
//   {"t":"undo_ask","color":"B"}    Black asks to take back its last move (and White's reply)
//   {"t":"undo_answer","color":"W","accept":true}   White's answer: accepted, the moves are taken
//                                   back; refused, play goes on. A move lets the request lapse.
//   {"t":"timeout","color":"W","at":MS}   White's time ran out (clock.hpp): White loses, or is
//                                   marked out of time. Moves carry "at" too: the server's time.
//   {"t":"seat","color":"B","hash":"<SHA-256 of the token, hex>","name":"..."}   a seat taken
//                                   (the token itself is given to the player once and stored
//                                   nowhere), with the player's name if given
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "jpd/count.hpp"
#include "jpd/game.hpp"
#include "jpd/rules.hpp"
#include "jpd/status.hpp"
#include "jpd/web/clock.hpp"

namespace jpd::web {

// What a game is created with.
struct Settings {
  Ruleset rules;  // stored as its canonical text (komi included)
  int width = 19, height = 19;
  Color engine = Color::Empty;      // the side the built-in genmove plays, if any
  bool listed = false;              // "public": in the lobby's list
  std::string creator;              // the client that created it (its games in play are limited)
  std::string players[2];           // the players' names given at creation (PB, PW of a record)
  bool uploaded = false;            // from an uploaded record: may be paused to be counted as it is
  // An uploaded record's game-information properties (EV, DT, BR, WR ...), as text, written
  // back into the downloaded record.
  nlohmann::json headers = nlohmann::json::object();
  ClockSettings clock;              // none by default

  nlohmann::json to_json() const;
  static Settings from_json(const nlohmann::json& j);  // throws std::invalid_argument
};

// A request the referee (or the web's own protocol) refuses: HTTP status, a sentence, and the
// reason id (the referee's Illegal names: "ko", "occupied", ...; or the web's: "not_paused" ...).
struct Refusal {
  int status = 409;
  std::string message;
  std::string reason;
};

struct Marks {
  std::vector<Point> dead;  // every dead stone, whole chains
  std::vector<Claim> claims;
  StatusSource source = StatusSource::none;
  std::vector<Point> suggested;  // the estimator's dead stones at this pause
  std::vector<UncertainChain> uncertain;
  bool agreed[2] = {false, false};
};

class Session {
 public:
  Session(int64_t id, std::string key, std::string created, const Settings& settings);

  // Applies one event; a refusal leaves the session as it was.
  std::optional<Refusal> apply(const nlohmann::json& event);

  // The database's id and the key a new game gets once it is stored (App: the session checked
  // before it was stored becomes the game).
  void stored_as(int64_t id, std::string key) {
    id_ = id;
    key_ = std::move(key);
  }
  int64_t id() const { return id_; }
  const std::string& key() const { return key_; }  // the game's name in the API
  const std::string& created() const { return created_; }
  const Settings& settings() const { return settings_; }
  const Game& game() const { return game_; }
  const Marks& marks() const { return marks_; }
  int64_t version() const { return version_; }  // events applied
  bool counted() const { return final_.has_value(); }
  // Seats: taken (by a token whose hash is kept), free, or the engine's.
  bool seat_taken(Color c) const { return !seat_hash_[color_index(c)].empty(); }
  // The colour whose request to take back its last move awaits the other's answer (Empty: none).
  Color undo_request() const { return undo_request_; }
  // The moves a take-back by c would remove (its last move and the replies to it), 0 when it
  // cannot: not in play, no move of c since the last pause or setup.
  int undo_steps(Color c) const;
  // The player's name of colour c ("" when none was given).
  const std::string& player(Color c) const { return names_[color_index(c)]; }
  // Whether the token (its SHA-256, hex) holds the seat of colour c.
  bool holds(Color c, std::string_view token_hash) const;

  // The position dead stones are marked on: the pause position in independent dispute mode, else
  // the board.
  const Board& counting_position() const;
  // The statuses the marks stand for.
  Statuses statuses() const;
  // Counts with the given statuses (the final count's when the game was counted).
  Count count_with(const Statuses& s) const;
  const std::optional<Statuses>& final_statuses() const { return final_; }

  // The game for the API: settings, board, moves, phase, marks, result; the clock as it stands
  // at `now` (milliseconds since the epoch; 0: as of the last move).
  nlohmann::json to_json(int64_t now = 0) const;
  // to_json(now) with the fields of `extra` (an object, or null) set on it, as JSON text: the same
  // bytes as that tree dumped (json_text), the board and the moves written without building it
  // (a move an object of its own: most of a long game's tree, and of a move request's time).
  std::string json_text(int64_t now = 0, const nlohmann::json& extra = nullptr) const;
  const GameClock& clock() const { return clock_; }
  // The side whose time is up at `now` and has not been flagged yet.
  std::optional<Color> flag_due(int64_t now) const;
  // One row of the list of games.
  nlohmann::json summary() const;
  // The result so far in SGF style ("" while the game goes on).
  std::string result() const;

 private:
  // to_json's fields but the board and the moves; the rule set and its title too where
  // `constant` (else null: json_text writes the texts kept).
  nlohmann::json fields(int64_t now, bool constant) const;
  std::optional<Refusal> apply_marks(const nlohmann::json& e);
  std::optional<Refusal> apply_agree(const nlohmann::json& e);
  void clear_marks();

  std::optional<Refusal> apply_seat(const nlohmann::json& e);
  std::optional<Refusal> apply_undo(const std::string& type, const nlohmann::json& e);
  std::optional<Refusal> apply_timeout(const nlohmann::json& e);

  int64_t id_;
  std::string key_;
  std::string created_;
  Settings settings_;
  Game game_;
  Marks marks_;
  std::optional<Statuses> final_;  // the agreed statuses once counted
  std::string final_result_;
  nlohmann::json final_count_;     // its count, as jpd score --json
  int64_t version_ = 0;
  std::string seat_hash_[2];
  std::string names_[2];
  Color undo_request_ = Color::Empty;
  GameClock clock_;
  std::string ruleset_text_, title_text_;  // (json_text: the rule set's fields and title, as text)
  std::string rules_text_;                 // the rule set's canonical text (Ruleset::to_string)
  bool out_of_time_[2] = {false, false};
  Color lost_on_time_ = Color::Empty;
};

// A player's name as given (creation, a seat, PB/PW): at most 60 bytes of UTF-8 without control
// characters, trimmed; std::invalid_argument otherwise.
std::string player_name(const nlohmann::json& value);

// Whole chains: every stone of the chains of the given points on the board (points without a
// stone are left out), in row-major order without repeats.
std::vector<Point> whole_chains(const Board& b, const std::vector<Point>& stones);

// The event of a referee action (Game::Action), and back.
nlohmann::json event_of(const Game::Action& a, int height);

}  // namespace jpd::web
