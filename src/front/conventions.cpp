#include "jpd/conventions.hpp"
#include "strings.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

#include "jpd/text.hpp"

namespace jpd {

namespace {

using strings::lower;

bool contains(std::string_view text, std::string_view part) {
  return lower(text).find(lower(part)) != std::string::npos;
}

// The year a DT value starts with (DT[2014-05-11], DT[2014-05-11,12]), or 0.
int year_of(std::string_view dt) {
  dt = strings::trim(dt);
  if (dt.size() < 4 || !std::all_of(dt.begin(), dt.begin() + 4,
                                    [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return 0;
  return std::atoi(std::string(dt.substr(0, 4)).c_str());
}

bool is_fox(const sgf::Record& r) { return contains(r.application, "foxwq"); }

// OGS moved to a scorer that reads eyes (seki, false eyes) in 2024.
bool is_ogs_before_2024(const sgf::Record& r) {
  const bool ogs = contains(r.place, "online-go.com") || contains(r.copyright, "online-go.com") ||
                   r.place.rfind("OGS", 0) == 0;
  const int year = year_of(r.date);
  return ogs && year > 0 && year < 2024;
}

bool is_cgos(const sgf::Record& r) { return r.place.find("CGOS") != std::string::npos; }

constexpr ServerConvention kConventions[] = {
    {"fox", "Fox (野狐围棋)", "AP contains foxwq", "", true, "note.why_fox", "note.fox_komi", is_fox},
    {"ogs", "OGS (online-go.com), before 2024", "PC or CP names online-go.com, DT before 2024",
     "eye_reading=none,seki_territory=owned,dispute_mode=continue", false, "note.why_ogs",
     "note.ogs_convention",
     is_ogs_before_2024},
    {"cgos", "the Computer Go Server", "PC names CGOS", "remove_dead=false", false, "note.why_cgos",
     "note.cgos_convention", is_cgos},
};

// Whether the rules given set `key` themselves.
bool sets_key(const std::optional<RulesText>& given, std::string_view key) {
  return given && given->sets(key);
}

}  // namespace

std::span<const ServerConvention> server_conventions() { return kConventions; }

std::optional<double> fox_komi(double km) {
  struct Scaled {
    double written[2];
    double komi;
  };
  static constexpr Scaled kTable[] = {
      {{275, 550}, 5.5}, {{325, 650}, 6.5}, {{350, 700}, 7}, {{375, 750}, 7.5}, {{50, 50}, 0.5}};
  for (const Scaled& s : kTable)
    if (km == s.written[0] || km == s.written[1]) return s.komi;
  if (std::fabs(km) < 50) return km;  // not scaled (KM[6.5], KM[0])
  return std::nullopt;
}

std::vector<AppliedConvention> apply_conventions(const sgf::Record& r,
                                                 const std::optional<RulesText>& given,
                                                 Ruleset& rules, std::vector<Message>& notes) {
  std::vector<AppliedConvention> applied;
  for (const ServerConvention& c : kConventions) {
    if (!c.matches(r)) continue;
    std::string changed;
    if (c.scaled_komi && r.komi && !sets_key(given, "komi")) {
      const std::optional<double> komi = fox_komi(*r.komi);
      if (!komi) {
        notes.push_back(Message("note.fox_komi_unknown", {format_number(*r.komi)}));
      } else if (*komi != *r.komi) {
        rules.komi = *komi;
        changed = "KM[" + format_number(*r.komi) + "] read as komi " + format_number(*komi);
        notes.push_back(Message(std::string(c.note), {format_number(*r.komi), format_number(*komi)}));
      }
    }
    std::string settings;
    for (size_t a = 0; a < c.rules.size();) {
      const size_t b = std::min(c.rules.find(',', a), c.rules.size());
      const std::string_view kv = c.rules.substr(a, b - a);
      a = b + 1;
      const size_t eq = kv.find('=');
      if (sets_key(given, kv.substr(0, eq))) continue;
      Ruleset with = rules;
      set_rule(with, kv.substr(0, eq), kv.substr(eq + 1));
      if (with == rules) continue;  // the rules count so already
      rules = with;
      settings += (settings.empty() ? "" : ",") + std::string(kv);
    }
    if (!settings.empty()) {
      changed += (changed.empty() ? "" : "; ") + std::string("counted with ") + settings;
      notes.push_back(Message(std::string(c.note), {settings}));
    }
    if (!changed.empty())
      applied.push_back({std::string(c.id), std::string(c.server), changed, settings});
  }
  return applied;
}

std::string_view name_of(RecordEnd e) {
  switch (e) {
    case RecordEnd::counted: return "counted";
    case RecordEnd::resigned: return "resigned";
    case RecordEnd::time: return "time";
    case RecordEnd::forfeit: return "forfeit";
    case RecordEnd::void_game: return "void";
    case RecordEnd::unfinished: return "unfinished";
  }
  return "?";
}

RecordEnd record_end(const sgf::Record& r, bool stopped_without_pause) {
  return record_end(r.result, stopped_without_pause);
}

RecordEnd record_end(std::string_view result, bool stopped_without_pause) {
  const std::string re = strings::lower_without_space(result);
  if (re == "void") return RecordEnd::void_game;
  if (re.size() >= 3 && (re[0] == 'b' || re[0] == 'w') && re[1] == '+') {
    const std::string how = re.substr(2);
    if (how == "r" || how == "resign" || how == "resignation") return RecordEnd::resigned;
    if (how == "t" || how == "time") return RecordEnd::time;
    if (how == "f" || how == "forfeit") return RecordEnd::forfeit;
    return RecordEnd::counted;  // a score (B+3.5), or a winner by an unknown margin
  }
  if (re == "b+" || re == "w+" || re == "0" || re == "draw" || re == "jigo") return RecordEnd::counted;
  // No result, or an unknown one (RE[?]): counted when the players paused the game.
  return stopped_without_pause ? RecordEnd::unfinished : RecordEnd::counted;
}

}  // namespace jpd
