#include "jpd/web/clock.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace jpd::web {

using nlohmann::json;

namespace {

int64_t seconds_field(const json& j, const char* key, double lo, double hi) {
  if (!j.contains(key)) return 0;
  if (!j[key].is_number()) throw std::invalid_argument(std::string("the clock's \"") + key + "\" is a number of seconds");
  const double v = j[key].get<double>();
  if (!(v >= lo && v <= hi))
    throw std::invalid_argument(std::string("the clock's \"") + key + "\" is from " + std::to_string(int(lo)) +
                                " to " + std::to_string(int(hi)) + " seconds");
  return int64_t(std::llround(v * 1000));
}

}  // namespace

ClockSettings ClockSettings::from_json(const json& j, bool lose_on_time) {
  ClockSettings s;
  s.lose_on_time = lose_on_time;
  if (j.is_null()) return s;
  if (!j.is_object() || !j.contains("type") || !j["type"].is_string())
    throw std::invalid_argument("a clock is {\"type\": \"byoyomi\" | \"fischer\" | \"none\", ...}");
  const std::string t = j["type"].get<std::string>();
  if (t == "none") return s;
  constexpr double kDay = 86400;
  s.main_ms = seconds_field(j, "main", 0, kDay);
  if (t == "byoyomi") {
    s.type = Type::byoyomi;
    s.period_ms = seconds_field(j, "period", 1, 3600);
    if (!j.contains("periods") || !j["periods"].is_number_integer() || j["periods"].get<int64_t>() < 1 ||
        j["periods"].get<int64_t>() > 100)
      throw std::invalid_argument("byo-yomi needs \"periods\", 1 to 100, and a \"period\" in seconds");
    s.periods = int(j["periods"].get<int64_t>());
    if (s.period_ms == 0) throw std::invalid_argument("byo-yomi needs a \"period\" in seconds");
  } else if (t == "fischer") {
    s.type = Type::fischer;
    s.increment_ms = seconds_field(j, "increment", 0, 3600);
    if (s.main_ms == 0) throw std::invalid_argument("a Fischer clock needs a \"main\" time");
  } else {
    throw std::invalid_argument("the clock's \"type\" is byoyomi, fischer or none");
  }
  if (j.contains("lose_on_time")) {
    if (!j["lose_on_time"].is_boolean()) throw std::invalid_argument("\"lose_on_time\" is true or false");
    s.lose_on_time = j["lose_on_time"].get<bool>();
  }
  return s;
}

json ClockSettings::to_json() const {
  if (type == Type::none) return nullptr;
  json j{{"type", type == Type::byoyomi ? "byoyomi" : "fischer"}, {"main", double(main_ms) / 1000},
         {"lose_on_time", lose_on_time}};
  if (type == Type::byoyomi) {
    j["period"] = double(period_ms) / 1000;
    j["periods"] = periods;
  } else {
    j["increment"] = double(increment_ms) / 1000;
  }
  return j;
}

GameClock::GameClock(const ClockSettings& s) : s_(s) {
  for (int i = 0; i < 2; ++i) {
    main_[i] = s.main_ms;
    periods_[i] = s.periods;
  }
}

void GameClock::charge(Color c, int64_t elapsed) {
  const int i = color_index(c);
  if (s_.type == ClockSettings::Type::fischer) {
    main_[i] -= elapsed;
    if (main_[i] > 0) main_[i] += s_.increment_ms;
    return;
  }
  if (elapsed <= main_[i]) {
    main_[i] -= elapsed;
    return;
  }
  const int64_t over = elapsed - main_[i];
  main_[i] = 0;
  periods_[i] -= int(std::min<int64_t>(periods_[i], over / s_.period_ms));  // each period overrun
}

void GameClock::moved(Color c, int64_t at, Color next) {
  if (!s_.on()) return;
  if (started_ && since_ > 0 && running_ == c) charge(c, std::max<int64_t>(0, at - since_));
  started_ = true;
  running_ = next;
  since_ = is_stone(next) ? at : 0;
}

int64_t GameClock::left(Color c, int64_t now) const {
  const int i = color_index(c);
  int64_t main = main_[i];
  int periods = periods_[i];
  int64_t used = running_ == c && since_ > 0 ? std::max<int64_t>(0, now - since_) : 0;
  if (s_.type == ClockSettings::Type::fischer) return main - used;
  return main + int64_t(periods) * s_.period_ms - used;
}

std::optional<Color> GameClock::expired(int64_t now) const {
  if (!s_.on() || !is_stone(running_) || since_ == 0) return std::nullopt;
  if (left(running_, now) <= 0) return running_;
  return std::nullopt;
}

json GameClock::to_json(int64_t now) const {
  if (!s_.on()) return nullptr;
  json j = s_.to_json();
  for (Color c : {Color::Black, Color::White}) {
    const int i = color_index(c);
    // The running side's main time and periods as they stand now.
    int64_t main = main_[i], used = running_ == c && since_ > 0 ? std::max<int64_t>(0, now - since_) : 0;
    int periods = periods_[i];
    int64_t period_left = s_.period_ms;
    if (s_.type == ClockSettings::Type::fischer) {
      main -= used;
    } else if (used <= main) {
      main -= used;
    } else {
      const int64_t over = used - main;
      main = 0;
      const int gone = int(std::min<int64_t>(periods, over / s_.period_ms));
      periods -= gone;
      period_left = periods > 0 ? s_.period_ms - (over - int64_t(gone) * s_.period_ms) : 0;
    }
    j[std::string(color_letter(c))] = json{{"main", double(std::max<int64_t>(0, main)) / 1000},
                                           {"periods", periods},
                                           {"period_left", double(std::max<int64_t>(0, period_left)) / 1000},
                                           {"left", double(std::max<int64_t>(0, left(c, now))) / 1000}};
  }
  j["running"] = is_stone(running_) ? json(std::string(color_letter(running_))) : json(nullptr);
  return j;
}

}  // namespace jpd::web
