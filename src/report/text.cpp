// The helpers around the texts' table (the table itself and the rendering of messages are
// core's: src/core/text_table.cpp, message.hpp): words for colours, methods, sources, marks and
// classes, result words, the translation of a command's English error line by the table's
// "error." patterns, display widths.
#include "jpd/text.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace jpd {

namespace {

// Matches `s` against a pattern with placeholders {0}..{9} (each at least one character); fills
// args. Backtracking over the places where the next literal occurs.
bool match(std::string_view pat, std::string_view s, std::vector<std::string>& args) {
  if (pat.empty()) return s.empty();
  if (pat.size() >= 3 && pat[0] == '{' && pat[2] == '}' && pat[1] >= '0' && pat[1] <= '9') {
    size_t k = size_t(pat[1] - '0');
    std::string_view rest = pat.substr(3);
    // The literal after the placeholder (up to the next placeholder or the end).
    size_t lit_end = rest.find('{');
    std::string_view lit = rest.substr(0, lit_end);
    if (lit.empty()) {
      if (!rest.empty()) return false;  // two placeholders in a row: not used
      if (s.empty()) return false;
      if (args.size() <= k) args.resize(k + 1);
      args[k] = std::string(s);
      return true;
    }
    for (size_t at = s.find(lit, 1); at != std::string_view::npos; at = s.find(lit, at + 1)) {
      std::vector<std::string> saved = args;
      if (args.size() <= k) args.resize(k + 1);
      args[k] = std::string(s.substr(0, at));
      if (match(rest, s.substr(at), args)) return true;
      args = std::move(saved);
    }
    return false;
  }
  size_t next = pat.find('{');
  std::string_view lit = pat.substr(0, next);
  if (s.substr(0, lit.size()) != lit) return false;
  return match(pat.substr(lit.size()), s.substr(lit.size()), args);
}

// Sentences inside sentences are translated this deep at most: a pattern whose placeholder can
// take a whole sentence (a row whose English were "{0}" alone) would otherwise translate the same
// sentence again without end.
constexpr int kMaxNesting = 8;

bool translate_with(std::span<const TextEntry> table, std::string_view kind, std::string_view part,
                    Lang l, std::string& out, int depth);

// A placeholder's value in the language: a known word (colour, counted moves ...), a known
// sentence (a reason inside a reason), or itself.
std::string word(std::span<const TextEntry> table, std::string_view w, Lang l, int depth) {
  if (l == Lang::en) return std::string(w);
  for (const TextEntry& e : table)
    if (e.id.substr(0, 5) == "word." && e.en == w) return std::string(e.zh);
  std::string sentence;
  if (w.size() > 12 && translate_with(table, "note.", w, l, sentence, depth)) return sentence;
  return std::string(w);
}

// One sentence matched whole against the table's patterns of one kind ("note.", "error."): the
// first that matches, its placeholders' values put in the language (one level deeper); else, or
// nested too deep, the sentence as it is.
bool translate_with(std::span<const TextEntry> table, std::string_view kind, std::string_view part,
                    Lang l, std::string& out, int depth) {
  out = std::string(part);
  if (depth > kMaxNesting) return false;
  for (const TextEntry& e : table) {
    if (e.id.substr(0, kind.size()) != kind) continue;
    std::vector<std::string> args;
    if (!match(e.en, part, args)) continue;
    for (std::string& a : args) a = word(table, a, l, depth + 1);
    out = fill_text(l == Lang::zh ? e.zh : e.en, args);
    return true;
  }
  return false;
}

}  // namespace

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

std::string error_text(std::string_view english, Lang l) {
  std::string body(english);
  if (l != Lang::en) translate_with(text_table(), "error.", english, l, body, 0);
  return tr(l, "error_line", {body});
}

std::string translate_with_table(std::span<const TextEntry> table, std::string_view kind,
                                 std::string_view sentence, Lang l) {
  std::string out;
  translate_with(table, kind, sentence, l, out, 0);
  return out;
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
