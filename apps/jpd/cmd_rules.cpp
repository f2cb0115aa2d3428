// jpd presets [--json] [--lang zh|en]   every preset, one line each
// jpd rules SPEC [--json] [--lang zh|en]   every field of a rule set (SPEC = PRESET[,key=value...])
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "common.hpp"
#include "jpd/rules.hpp"
#include "jpd/text.hpp"

namespace jpd::cli {

void add_rules_commands(CLI::App& app, Runner& run) {
  auto* list = app.add_subcommand("presets", "List the rule-set presets");
  static bool list_json = false;
  static std::string list_lang;
  list->add_flag("--json", list_json, "print JSON");
  list->add_option("--lang", list_lang, "language for people: zh or en (default: from the locale)")
      ->check(CLI::IsMember({"zh", "en"}));
  list->callback([&run] {
    run = [] {
      if (list_json) {
        nlohmann::json a = nlohmann::json::array();
        for (const Preset& p : presets())
          a.push_back({{"name", p.name}, {"title", preset_title(p.name, Lang::en)}, {"title_zh", preset_title(p.name, Lang::zh)},
                       {"source", p.source}, {"jpd", p.jpd}, {"rules", to_json(p.rules)}});
        std::cout << a.dump(2) << "\n";
        return kExitOk;
      }
      const Lang l = language(list_lang);
      // (each column as wide as its widest entry and a space: "living stones" filled 12)
      int method_width = 0;
      for (const Preset& p : presets())
        method_width = std::max(method_width, display_width(method_short(p.rules.counting, l)) + 1);
      for (const Preset& p : presets()) {
        std::printf("%-13s ", p.name);
        std::cout << pad(tr(l, p.jpd ? "rules.jpd" : "rules.std"), 7)
                  << pad(method_short(p.rules.counting, l), method_width)
                  << pad(tr(l, "arith.komi") + " " + format_number(p.rules.komi), 9)
                  << preset_title(p.name, l) << "\n";
      }
      return kExitOk;
    };
  });

  auto* show = app.add_subcommand("rules", "Show every field of a rule set");
  static std::string spec;
  static std::optional<RulesText> given;  // the rule set, read
  static bool show_json = false;
  static std::string lang;
  show->add_option("rules", spec, "PRESET[,key=value...]")->required();
  show->add_flag("--json", show_json, "print JSON");
  show->add_option("--lang", lang, "language of the meanings: zh or en (default: from the locale)")
      ->check(CLI::IsMember({"zh", "en"}));
  show->callback([&run] {
    given = rules_option("rules", spec);
    run = [] {
      const Ruleset r = given ? given->rules : parse_ruleset(spec);  // "": no preset named
      nlohmann::json j = to_json(r);
      if (show_json) {
        std::cout << j.dump(2) << "\n";
        return kExitOk;
      }
      const Lang l = language(lang);
      std::cout << tr(l, "rules.preset", {r.preset, preset_title(r.preset, l)}) << "\n"
                << tr(l, "rules.canonical", {r.to_string()}) << "\n";
      for (const FieldInfo& f : ruleset_fields()) {
        std::string v = j[f.key].is_string() ? j[f.key].get<std::string>() : j[f.key].dump();
        std::printf("  %-26s %-22s %s\n", f.key.c_str(), v.c_str(), field_meaning(f, l).c_str());
      }
      return kExitOk;
    };
  });
}

}  // namespace jpd::cli
