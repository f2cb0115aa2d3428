// A game's clock, kept by the server: Japanese byo-yomi (main time, then periods of a fixed
// length: a move within a period keeps it, one beyond uses it up) or Fischer (main time and an
// increment after each move). Times are milliseconds; the server stamps each move with its own
// time ("at"), so the clock is a function of a game's events and survives a restart.
//
// The clock runs from the first move: Black's first move is free, then each move is charged to
// its player from the move before. It stops at a pause and while the game is over. A side whose
// time runs out loses (result B+T / W+T) when the clock says so (`lose_on_time`; when the request
// does not say, the rule set's field of that name: docs/rules.md, interpretation 31); otherwise it
// is only marked out of time.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "jpd/point.hpp"

namespace jpd::web {

struct ClockSettings {
  enum class Type { none, byoyomi, fischer } type = Type::none;
  int64_t main_ms = 0;
  int64_t period_ms = 0;     // byo-yomi: one period
  int periods = 0;           // byo-yomi: how many
  int64_t increment_ms = 0;  // Fischer: added after each move
  bool lose_on_time = true;

  // {"type": "byoyomi", "main": 600, "periods": 3, "period": 30} or {"type": "fischer", "main":
  // 300, "increment": 10}, in seconds, with "lose_on_time" (absent: `lose_on_time`, the rule
  // set's value); std::invalid_argument otherwise.
  static ClockSettings from_json(const nlohmann::json& j, bool lose_on_time = true);
  nlohmann::json to_json() const;
  bool on() const { return type != Type::none; }
};

class GameClock {
 public:
  GameClock() = default;
  explicit GameClock(const ClockSettings& s);

  // A move of c stamped `at`; then the clock of `next` runs (Empty: it stops).
  void moved(Color c, int64_t at, Color next);
  void stop() { since_ = 0; running_ = Color::Empty; }
  // The clock of `next` runs from `at`, nothing charged (after a take-back).
  void restart(Color next, int64_t at) {
    if (!s_.on() || !started_) return;
    running_ = next;
    since_ = is_stone(next) ? at : 0;
  }
  // The time c has left at `now` (its running turn counted), all periods included.
  int64_t left(Color c, int64_t now) const;
  // The side whose time is up at `now`, if any.
  std::optional<Color> expired(int64_t now) const;
  Color running() const { return running_; }
  const ClockSettings& settings() const { return s_; }
  nlohmann::json to_json(int64_t now) const;

 private:
  void charge(Color c, int64_t elapsed);
  ClockSettings s_;
  int64_t main_[2] = {0, 0};
  int periods_[2] = {0, 0};
  int64_t since_ = 0;  // when the running turn started (0: not running)
  Color running_ = Color::Empty;
  bool started_ = false;
};

}  // namespace jpd::web
