#include "common.hpp"

#include <cstdlib>

namespace jpd::cli {

Lang language(const std::string& option) {
  if (option == "zh") return Lang::zh;
  if (option == "en") return Lang::en;
  for (const char* var : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* v = std::getenv(var);
    if (v && *v) return std::string(v).rfind("zh", 0) == 0 ? Lang::zh : Lang::en;
  }
  return Lang::en;
}

sgf::Record load_record(const std::string& path) { return sgf::read_record_file(path); }

std::string colour_cell(Color c) { return is_stone(c) ? std::string(color_letter(c)) : "-"; }

}  // namespace jpd::cli
