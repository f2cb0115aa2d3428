// KataGo's rules commands (kata-get-rules, kata-set-rules, kata-set-rule) on the rule sets of this
// project: KataGo's short names are one table of rule-set texts, its JSON fields map to fields of
// the Ruleset (docs: KataGo's GTP extensions; README, "jpd gtp").
#include <cctype>

#include <nlohmann/json.hpp>

#include "gtp_util.hpp"
#include "strings.hpp"
#include "jpd/rules.hpp"

namespace jpd::gtp_detail {

namespace {

// KataGo's short names, each as the rule-set text closest to what KataGo means by it (its own
// JSON for the name is in the comment). The presets say the rest: komi, counting, dead stones.
struct KataName {
  const char* name;
  const char* rules;
};
constexpr KataName kKataNames[] = {
    // POSITIONAL AREA suicide, tax NONE, white handicap bonus 0
    {"tromp-taylor", "tromp-taylor"},
    // SIMPLE AREA, no suicide, NONE, N: the Chinese rules as played (a triple ko voids the game)
    {"chinese", "chinese,ko=simple"},
    // POSITIONAL AREA, no suicide, NONE, N: the written Chinese rules, as servers have them
    {"chinese-ogs", "chinese"},
    {"chinese-kgs", "chinese"},
    // SIMPLE TERRITORY, no suicide, SEKI, 0
    {"japanese", "japanese"},
    {"korean", "korean"},
    // SIMPLE AREA, no suicide, ALL (two points for every group's eyes), 0
    {"stone-scoring", "ancient"},
    // SITUATIONAL AREA, no suicide, NONE, N-1
    {"aga", "aga"},
    {"bga", "aga"},
    // SITUATIONAL AREA suicide, NONE, 0
    {"new-zealand", "new-zealand"},
    // as aga, with the button
    {"aga-button", "aga,button=true"},
};

using strings::lower;

using strings::upper;

// Sets one field by its key, so that a field this build has no key for is refused in words,
// unless what is asked is what the rule set already does (KataGo's `kata_key` as
// kata_rules_json gives it).
void set_field(Ruleset& r, const std::string& key, const std::string& value,
               const std::string& kata_key, const nlohmann::json& kata_value) {
  try {
    set_rule(r, key, value);
  } catch (const RulesError&) {
    if (kata_rules_json(r)[kata_key] == kata_value) return;
    throw Fail("cannot set " + kata_key + " to " + kata_value.dump() +
               ": the rule sets of this engine have no " + key + "=" + value);
  }
}

std::string text_of(const nlohmann::json& v, const std::string& key) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  throw Fail("syntax error: \"" + key + "\" is " + (v.is_number() ? "a number" : v.type_name()) +
             ", not a word");
}

bool truth(const std::string& v, const std::string& key) {
  const std::string t = lower(v);
  if (t == "true" || t == "1") return true;
  if (t == "false" || t == "0") return false;
  throw Fail("syntax error: " + key + " is true or false, not '" + v + "'");
}

// One of KataGo's fields, set on r.
void set_kata_field(Ruleset& r, const std::string& key, const std::string& value) {
  const std::string v = upper(value);
  if (key == "ko" || key == "koRule") {
    if (v == "SIMPLE") r.ko = KoRule::simple;
    else if (v == "POSITIONAL") r.ko = KoRule::positional;
    else if (v == "SITUATIONAL") r.ko = KoRule::situational;
    else throw Fail("syntax error: ko is SIMPLE, POSITIONAL or SITUATIONAL, not '" + value + "'");
  } else if (key == "scoring" || key == "scoringRule") {
    const bool territory = r.counting == CountingMethod::japanese;
    if (v != "AREA" && v != "TERRITORY")
      throw Fail("syntax error: scoring is AREA or TERRITORY, not '" + value + "'");
    if ((v == "TERRITORY") != territory) {  // the other family's preset, with this one's komi
      const double komi = r.komi;
      r = parse_ruleset(v == "TERRITORY" ? "japanese" : "chinese");
      r.komi = komi;
    }
  } else if (key == "tax" || key == "taxRule") {
    if (v == "NONE") {
      r.group_tax = 0;
      r.seki_territory = SekiTerritory::owned;
      r.eye_reading = EyeReading::none;
    } else if (v == "SEKI") {
      r.group_tax = 0;
      r.seki_territory = SekiTerritory::none;
    } else if (v == "ALL") {
      r.group_tax = 2;
    } else {
      throw Fail("syntax error: tax is NONE, SEKI or ALL, not '" + value + "'");
    }
  } else if (key == "suicide" || key == "multiStoneSuicideLegal") {
    r.suicide = truth(value, key);
  } else if (key == "hasButton") {
    const bool on = truth(value, key);
    set_field(r, "button", on ? "true" : "false", key, on);
  } else if (key == "whiteHandicapBonus") {
    const std::string n = v == "0" ? "none" : v == "N-1" ? "n_minus_1" : v == "N" ? "n" : "";
    if (n.empty()) throw Fail("syntax error: whiteHandicapBonus is 0, N-1 or N, not '" + value + "'");
    set_field(r, "handicap_compensation", n, key, v);
  } else if (key == "friendlyPassOk") {
    const bool on = truth(value, key);
    set_field(r, "friendly_pass", on ? "true" : "false", key, on);
  } else if (key == "jpdRules") {
    r = parse_ruleset(value);
  } else {
    throw Fail("syntax error: unknown rule '" + key +
               "' (ko, scoring, tax, suicide, hasButton, whiteHandicapBonus, friendlyPassOk, "
               "jpdRules)");
  }
}

}  // namespace

nlohmann::json kata_rules_json(const Ruleset& r) {
  const nlohmann::json fields = to_json(r);
  nlohmann::json j;
  j["ko"] = r.ko == KoRule::simple ? "SIMPLE" : r.ko == KoRule::situational ? "SITUATIONAL"
                                                                            : "POSITIONAL";
  j["scoring"] = r.counting == CountingMethod::japanese ? "TERRITORY" : "AREA";
  j["tax"] = r.group_tax > 0 ? "ALL" : r.seki_territory == SekiTerritory::none ? "SEKI" : "NONE";
  j["suicide"] = r.suicide;
  j["hasButton"] = fields.value("button", false);
  const std::string bonus = fields.value("handicap_compensation", "none");
  j["whiteHandicapBonus"] = bonus == "n" ? "N" : bonus == "n_minus_1" ? "N-1" : "0";
  j["friendlyPassOk"] = fields.value("friendly_pass", r.remove_dead);
  j["jpdRules"] = r.to_string();  // this engine's own field: the rule set exactly
  return j;
}

Ruleset kata_rules_from(std::string_view text, const Ruleset& current) {
  std::string t(text);
  while (!t.empty() && t.back() == ' ') t.pop_back();
  Ruleset r;
  if (!t.empty() && t.front() == '{') {
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(t);
    } catch (const nlohmann::json::exception&) {
      throw Fail("syntax error: the rules are a name or a JSON object; this is neither: " + t);
    }
    if (!j.is_object()) throw Fail("syntax error: the rules are a JSON object");
    if (j.contains("jpdRules")) return kata_rules_from(text_of(j["jpdRules"], "jpdRules"), current);
    // The family first (it chooses the preset), then every other field on it.
    const std::string scoring = j.contains("scoring") ? upper(text_of(j["scoring"], "scoring"))
                                                      : "AREA";
    const std::string tax = j.contains("tax") ? upper(text_of(j["tax"], "tax")) : "";
    r = parse_ruleset(scoring == "TERRITORY" ? "japanese" : tax == "ALL" ? "ancient" : "chinese");
    if (scoring != "AREA" && scoring != "TERRITORY") set_kata_field(r, "scoring", scoring);
    for (auto& [key, value] : j.items())
      if (key != "scoring") set_kata_field(r, key, text_of(value, key));
  } else {
    const std::string name = lower(t);
    bool found = false;
    for (const KataName& k : kKataNames)
      if (name == k.name) {
        try {
          r = parse_ruleset(k.rules);
        } catch (const RulesError&) {
          throw Fail("cannot set the rules '" + t + "': the rule sets of this engine have no " +
                     k.rules);
        }
        found = true;
      }
    if (!found) {
      try {
        r = parse_ruleset(t);  // this project's own: a preset, with key=value fields
      } catch (const RulesError& e) {
        std::string names;
        for (const KataName& k : kKataNames) names += std::string(names.empty() ? "" : ", ") + k.name;
        throw Fail("unknown rules '" + t + "' (KataGo's " + names + "; a JSON object; or " +
                   e.what() + ")");
      }
    }
  }
  // Komi comes with its own command, unless this project's text gives it.
  if (t.find("komi=") == std::string::npos) r.komi = current.komi;
  return r;
}

Ruleset kata_rule_set(const Ruleset& current, const std::string& key, const std::string& value) {
  Ruleset r = current;
  set_kata_field(r, key, value);
  if (key != "jpdRules") r.komi = current.komi;
  return r;
}

}  // namespace jpd::gtp_detail
