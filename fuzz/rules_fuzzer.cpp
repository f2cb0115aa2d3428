// Fuzz harness: the rule-set parser. The input is read both as the text form
// ("PRESET[,key=value...]") and as JSON for ruleset_from_json; every rule set accepted prints and
// reads back to an equal value through both forms.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "harness.hpp"
#include "jpd/rules.hpp"

namespace jpd::fuzz {

namespace {

void check_round_trips(const Ruleset& r) {
  const std::string text = r.to_string();
  Ruleset from_text;
  try {
    from_text = parse_ruleset(text);
  } catch (const RulesError& e) {
    fail("the canonical text of a rule set does not parse", text + ": " + e.what());
  }
  check(from_text == r, "parse_ruleset(r.to_string()) != r", text);
  const nlohmann::json j = to_json(r);
  Ruleset from_json;
  try {
    from_json = ruleset_from_json(j);
  } catch (const RulesError& e) {
    fail("the JSON of a rule set does not read back", j.dump() + ": " + e.what());
  }
  check(from_json == r, "ruleset_from_json(to_json(r)) != r", j.dump());
}

}  // namespace

void rules_input(std::string_view data) {
  try {
    check_round_trips(parse_ruleset(data));
  } catch (const RulesError&) {
  }
  // Any JSON value at all: ruleset_from_json documents RulesError for what is not a rule set.
  const nlohmann::json j = nlohmann::json::parse(data, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return;
  try {
    check_round_trips(ruleset_from_json(j));
  } catch (const RulesError&) {
  }
}

}  // namespace jpd::fuzz

#ifndef JPD_FUZZ_NO_ENTRY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  jpd::fuzz::rules_input({reinterpret_cast<const char*>(data), size});
  return 0;
}
#endif
