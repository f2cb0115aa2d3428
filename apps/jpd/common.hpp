// Helpers shared by the jpd subcommands.
#pragma once

#include <string>

#include "jpd/count.hpp"
#include "jpd/sgf.hpp"

namespace jpd::cli {

// --lang: "zh", "en" or "" (from the locale: LC_ALL, LC_MESSAGES, LANG starting with "zh").
Lang language(const std::string& option);

// Reads a record; sgf::Error carries file, line and column.
sgf::Record load_record(const std::string& path);

// "B", "W" or "-".
std::string colour_cell(Color c);

// A rule-set option (PRESET[,key=value...]) checked while the command line is parsed: a bad one is
// a usage error (exit status 2) naming the option. An empty text is no option.
void check_rules_option(const std::string& option, const std::string& text);

}  // namespace jpd::cli
