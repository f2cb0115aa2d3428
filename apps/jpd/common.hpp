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

}  // namespace jpd::cli
