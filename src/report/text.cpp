// The helpers around the texts' table (the table itself and the rendering of messages are
// core's: src/core/text_table.cpp, message.hpp): words for colours, methods, sources, marks and
// classes, result words, display widths.
#include "jpd/text.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace jpd {

Lang language(std::string_view option) {
  if (option == "zh") return Lang::zh;
  if (option == "en") return Lang::en;
  if (!option.empty())
    throw std::invalid_argument("language '" + std::string(option) + "': not one of zh, en");
  for (const char* var : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* v = std::getenv(var);
    if (v && *v) return std::string_view(v).substr(0, 2) == "zh" ? Lang::zh : Lang::en;
  }
  return Lang::en;
}

std::string_view lang_code(Lang l) { return l == Lang::zh ? "zh" : "en"; }

std::string count_of(Lang l, std::string_view noun, long long n) {
  const std::string id = "count." + std::string(noun);
  return tr(l, n == 1 && has_text(id + ".one") ? id + ".one" : id, {std::to_string(n)});
}

std::string colour_word(Color c, Lang l) {
  if (!is_stone(c)) return "-";
  return tr(l, c == Color::Black ? "colour.B" : "colour.W");
}

std::string side_word(Color c, Lang l) {
  if (!is_stone(c)) return "-";
  return tr(l, c == Color::Black ? "side.B" : "side.W");
}

std::string method_name(CountingMethod m, Lang l) { return tr(l, "method." + std::string(name_of(m))); }
std::string method_short(CountingMethod m, Lang l) {
  return tr(l, "method_short." + std::string(name_of(m)));
}
std::string status_source_name(StatusSource s, Lang l) {
  return tr(l, "source." + std::string(name_of(s)));
}
std::string mark_name(CountBoard::Mark m, Lang l) { return tr(l, "mark." + std::string(name_of(m))); }
std::string class_name(PointClass c, Lang l) { return tr(l, "class." + std::string(name_of(c))); }

std::string invariant_name(std::string_view name, Lang l) {
  std::string id = "inv." + std::string(name);
  return has_text(id) ? tr(l, id) : std::string(name);
}

std::string preset_title(std::string_view preset, Lang l) {
  if (!find_preset(preset)) return std::string(preset);
  return tr(l, "preset." + std::string(preset));
}

std::string step_title(std::string_view step, Lang l) { return tr(l, "step." + std::string(step)); }

std::string field_meaning(const FieldInfo& f, Lang l) {
  const std::string id = "field." + f.key;
  return has_text(id) ? tr(l, id) : f.meaning;
}

std::string result_words(std::string_view result, Lang l) {
  const std::string r(result);
  if (r == "0") return tr(l, "result.draw");
  if (r == "Void") return tr(l, "result.void");
  if (r.size() < 3 || (r[0] != 'B' && r[0] != 'W') || r[1] != '+') return r;
  const std::string who = colour_word(r[0] == 'B' ? Color::Black : Color::White, l);
  const std::string rest = r.substr(2);
  if (rest == "R") return tr(l, "result.resigned", {who, r});
  if (rest == "F") return tr(l, "result.forfeit", {who, r});
  if (rest == "T") return tr(l, "result.time", {who, r});
  if (rest == "0.5") return tr(l, "result.wins_half", {who, r});
  if (rest == "1") return tr(l, "result.wins_one", {who, r});
  return tr(l, "result.wins", {who, rest, r});
}

int display_width(std::string_view s) {
  int w = 0;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    uint32_t cp = c;
    int len = 1;
    if (c >= 0xF0) { cp = c & 0x07; len = 4; }
    else if (c >= 0xE0) { cp = c & 0x0F; len = 3; }
    else if (c >= 0xC0) { cp = c & 0x1F; len = 2; }
    for (int k = 1; k < len && i + k < s.size(); ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    i += len;
    if ((c & 0xC0) == 0x80) continue;  // a stray continuation byte
    const bool wide = (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) ||
                      (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
                      (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
                      (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x20000 && cp <= 0x3FFFD);
    w += wide ? 2 : 1;
  }
  return w;
}

std::string pad(std::string_view s, int width) {
  std::string out(s);
  for (int w = display_width(s); w < width; ++w) out += ' ';
  return out;
}

}  // namespace jpd
