#include "common.hpp"

#include "jpd/text.hpp"

namespace jpd::cli {

Lang language(const std::string& option) { return jpd::language(option); }

sgf::Record load_record(const std::string& path) { return sgf::read_record_file(path); }

std::string colour_cell(Color c) { return is_stone(c) ? std::string(color_letter(c)) : "-"; }

}  // namespace jpd::cli
