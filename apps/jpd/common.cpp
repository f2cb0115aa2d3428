#include "common.hpp"

#include <CLI/CLI.hpp>
#include <cstdlib>

#include "jpd/input_file.hpp"
#include "jpd/rules.hpp"
#include "jpd/text.hpp"

namespace jpd::cli {

Lang language(const std::string& option) { return jpd::language(option); }

sgf::Record load_record(const std::string& path) { return load_record_file(path); }

std::string colour_cell(Color c) { return is_stone(c) ? std::string(color_letter(c)) : "-"; }

void check_rules_option(const std::string& option, const std::string& text) {
  if (text.empty()) return;
  try {
    parse_ruleset(text);
  } catch (const RulesError& e) {
    throw CLI::ValidationError(option, e.what());
  }
}

}  // namespace jpd::cli
