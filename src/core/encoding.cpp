#include "jpd/encoding.hpp"
#include "strings.hpp"

#include <iconv.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <string>
#include <utility>
#include <vector>
#include <nlohmann/json.hpp>

namespace jpd {

namespace {

// The converters to UTF-8 opened so far on this thread, by charset: iconv_open loads the
// charset's module and tables, which cost more than converting a record, so each is opened once
// (at most kKept of them; the others are opened and closed for each use, as before) and reset to
// its initial state before each use.
class Converters {
 public:
  static constexpr size_t kKept = 8;
  Converters() = default;
  Converters(const Converters&) = delete;
  Converters& operator=(const Converters&) = delete;
  ~Converters() {
    for (const auto& k : kept_) iconv_close(k.second);
  }
  // The converter from `charset`, in its initial state; iconv_t(-1) when there is none.
  // `owned`: the caller closes it (it is not kept).
  iconv_t open(const std::string& charset, bool& owned) {
    owned = false;
    for (const auto& k : kept_)
      if (k.first == charset) {
        iconv(k.second, nullptr, nullptr, nullptr, nullptr);  // the initial state
        return k.second;
      }
    const iconv_t cd = iconv_open("UTF-8", charset.c_str());
    if (cd == iconv_t(-1)) return cd;
    if (kept_.size() < kKept) kept_.emplace_back(charset, cd);
    else owned = true;
    return cd;
  }

 private:
  std::vector<std::pair<std::string, iconv_t>> kept_;
};

// The length of the well-formed UTF-8 sequence at s[i], or 0 when there is none (RFC 3629).
size_t utf8_sequence(std::string_view s, size_t i) {
  const auto at = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = at(i);
  if (c < 0x80) return 1;
  size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // the range of the second byte
  if (c >= 0xC2 && c <= 0xDF) n = 2;
  else if (c == 0xE0) n = 3, lo = 0xA0;
  else if (c == 0xED) n = 3, hi = 0x9F;  // no surrogates
  else if (c >= 0xE1 && c <= 0xEF) n = 3;
  else if (c == 0xF0) n = 4, lo = 0x90;
  else if (c == 0xF4) n = 4, hi = 0x8F;  // at most U+10FFFF
  else if (c >= 0xF1 && c <= 0xF3) n = 4;
  else return 0;
  if (i + n > s.size()) return 0;
  if (at(i + 1) < lo || at(i + 1) > hi) return 0;
  for (size_t k = 2; k < n; ++k)
    if ((at(i + k) & 0xC0) != 0x80) return 0;
  return n;
}

std::string lower_trimmed(std::string_view s) { return strings::lower(strings::trim(s)); }

}  // namespace

bool is_utf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    const size_t n = utf8_sequence(s, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

std::string valid_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const size_t n = utf8_sequence(s, i);
    if (n == 0) {
      out += "\xEF\xBF\xBD";  // U+FFFD REPLACEMENT CHARACTER
      ++i;
    } else {
      out.append(s, i, n);
      i += n;
    }
  }
  return out;
}

std::string shortened(std::string_view s, size_t max) {
  if (s.size() <= max) return std::string(s);
  size_t cut = max < 3 ? 0 : max - 3;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return std::string(s.substr(0, cut)) + "...";
}

std::string json_text(const nlohmann::json& j, int indent) {
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

void append_json_string(std::string& out, std::string_view s) {
  for (char ch : s) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') {
      out += json_text(nlohmann::json(std::string(s)));
      return;
    }
  }
  out += '"';
  out += s;
  out += '"';
}

std::string charset_name(std::string_view label) {
  const std::string t = lower_trimmed(label);
  struct Alias {
    const char* label;
    const char* name;
  };
  static const Alias aliases[] = {
      {"utf-8", "UTF-8"},        {"utf8", "UTF-8"},          {"gb2312", "GB18030"},
      {"gb_2312-80", "GB18030"}, {"euc-cn", "GB18030"},      {"gbk", "GB18030"},
      {"x-gbk", "GB18030"},      {"cp936", "GB18030"},       {"gb18030", "GB18030"},
      {"big5", "CP950"},         {"big-5", "CP950"},         {"cp950", "CP950"},
      {"big5-hkscs", "BIG5-HKSCS"}, {"shift_jis", "CP932"},  {"shift-jis", "CP932"},
      {"sjis", "CP932"},         {"x-sjis", "CP932"},        {"cp932", "CP932"},
      {"windows-31j", "CP932"},  {"euc-jp", "EUC-JP"},       {"euc-kr", "CP949"},
      {"ks_c_5601-1987", "CP949"}, {"cp949", "CP949"},       {"uhc", "CP949"},
      {"iso-8859-1", "ISO-8859-1"}, {"iso8859-1", "ISO-8859-1"}, {"latin1", "ISO-8859-1"},
      {"latin-1", "ISO-8859-1"}, {"l1", "ISO-8859-1"},
  };
  for (const Alias& a : aliases)
    if (t == a.label) return a.name;
  return strings::upper(t);
}

std::optional<std::string> convert_to_utf8(std::string_view bytes, const std::string& charset) {
  if (charset == "UTF-8") {
    if (!is_utf8(bytes)) return std::nullopt;
    return std::string(bytes);
  }
  thread_local Converters converters;
  bool owned = false;
  const iconv_t cd = converters.open(charset, owned);
  if (cd == iconv_t(-1)) return std::nullopt;
  std::string out(bytes.size() * 2 + 16, '\0');
  char* in = const_cast<char*>(bytes.data());
  size_t in_left = bytes.size();
  size_t done = 0;
  bool ok = true;
  while (in_left > 0) {
    char* to = out.data() + done;
    size_t out_left = out.size() - done;
    const size_t r = iconv(cd, &in, &in_left, &to, &out_left);
    done = size_t(to - out.data());
    if (r != size_t(-1)) continue;
    if (errno == E2BIG) {
      out.resize(out.size() * 2);
      continue;
    }
    ok = false;  // EILSEQ: not text in the charset; EINVAL: a character cut off at the end
    break;
  }
  if (owned) iconv_close(cd);
  if (!ok) return std::nullopt;
  out.resize(done);
  return out;
}

DecodedText decode_to_utf8(std::string_view bytes, std::string_view declared) {
  const bool ascii = std::all_of(bytes.begin(), bytes.end(),
                                 [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  if (ascii) return {std::string(bytes), "UTF-8", {}};
  if (!declared.empty()) {
    const std::string name = charset_name(declared);
    if (std::optional<std::string> t = convert_to_utf8(bytes, name)) return {std::move(*t), name, {}};
  } else if (is_utf8(bytes)) {
    return {std::string(bytes), "UTF-8", {}};
  }
  // Why and how the bytes were read otherwise: the charset guessed, with the one CA declared.
  const auto note = [&](std::string guess) {
    if (declared.empty()) return Message("note.charset_guess", {std::move(guess)});
    return Message("note.charset_wrong", {std::string(declared), std::move(guess)});
  };
  if (!declared.empty() && is_utf8(bytes))
    return {std::string(bytes), "UTF-8", Message("note.charset_wrong_utf8", {std::string(declared)})};
  if (std::optional<std::string> t = convert_to_utf8(bytes, "GB18030"))
    return {std::move(*t), "GB18030", note("GB18030")};
  std::optional<std::string> latin = convert_to_utf8(bytes, "ISO-8859-1");
  return {latin ? std::move(*latin) : valid_utf8(bytes), "ISO-8859-1", note("Latin-1")};
}

}  // namespace jpd
