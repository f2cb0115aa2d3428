// Small text helpers of the library's own sources (not installed): one copy each.
#pragma once

#include <cctype>
#include <string>
#include <string_view>

namespace jpd::strings {

// The text without leading and trailing white space (std::isspace in the C locale: space, tab,
// line feed, vertical tab, form feed, carriage return).
inline std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// The text without leading and trailing characters of `chars`.
inline std::string_view trim(std::string_view s, std::string_view chars) {
  while (!s.empty() && chars.find(s.front()) != std::string_view::npos) s.remove_prefix(1);
  while (!s.empty() && chars.find(s.back()) != std::string_view::npos) s.remove_suffix(1);
  return s;
}

// ASCII letters in lower case, every other byte as it is.
inline std::string lower(std::string_view s) {
  std::string t(s);
  for (char& c : t) c = char(std::tolower(static_cast<unsigned char>(c)));
  return t;
}

// ASCII letters in lower case, `from` written as `to` ("Tang_Song" -> "tang-song").
inline std::string lower_replacing(std::string_view s, char from, char to) {
  std::string t = lower(s);
  for (char& c : t)
    if (c == from) c = to;
  return t;
}

// ASCII letters in lower case and white space left out (" W + Resign" -> "w+resign").
inline std::string lower_without_space(std::string_view s) {
  std::string t;
  for (char c : s)
    if (!std::isspace(static_cast<unsigned char>(c))) t += char(std::tolower(static_cast<unsigned char>(c)));
  return t;
}

// ASCII letters in upper case, every other byte as it is.
inline std::string upper(std::string_view s) {
  std::string t(s);
  for (char& c : t) c = char(std::toupper(static_cast<unsigned char>(c)));
  return t;
}

}  // namespace jpd::strings
