// CLI11's own usage errors as messages: CLI11 (2.1) carries nothing but its English sentence, so
// each sentence jpd's options can bring about is read back by its pattern into a message id of the
// texts' table with what the sentence names (the option, the value, the bounds) as its arguments.
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common.hpp"

namespace jpd::cli {

namespace {

// One of CLI11's sentences: the exception that carries it, its English with {0}, {1} ... for what
// it names (the last one takes the rest of the sentence), and the message id it is said by. The
// first pattern that matches is taken, so a narrower one comes before a wider one of its kind. A
// check's failure (ValidationError) reads "{option}: {the validator's sentence}". The rows are the
// sentences jpd's options can bring about (CLI11 2.1: no configuration files, no flag overrides
// turned off, no option taking more than one value at a time).
template <class E>
bool is(const CLI::Error& e) {
  return dynamic_cast<const E*>(&e) != nullptr;
}
struct UsagePattern {
  bool (*kind)(const CLI::Error&);
  std::string_view english, id;
};
constexpr UsagePattern kUsagePatterns[] = {
    {is<CLI::ExtrasError>, "The following argument was not expected: {0}", "usage.extras"},
    {is<CLI::ExtrasError>, "The following arguments were not expected: {0}", "usage.extras"},
    {is<CLI::RequiredError>, "A subcommand is required", "usage.subcommand"},
    {is<CLI::RequiredError>, "{0} is required", "usage.required"},
    {is<CLI::ArgumentMismatch>, "{0}: At Most {1} required but received {2}", "usage.at_most"},
    {is<CLI::ArgumentMismatch>, "{0}: {1} required {2} missing", "usage.value_missing"},
    {is<CLI::ConversionError>, "Could not convert: {0} = {1}", "usage.convert"},
    {is<CLI::RequiresError>, "{0} requires {1}", "usage.requires"},
    {is<CLI::ExcludesError>, "{0} excludes {1}", "usage.excludes"},
    {is<CLI::ValidationError>, "{0}: Value {1} not in range {2} to {3}", "usage.range"},
    {is<CLI::ValidationError>, "{0}: File does not exist: {1}", "usage.no_file"},
    {is<CLI::ValidationError>, "{0}: File is actually a directory: {1}", "usage.file_is_directory"},
    {is<CLI::ValidationError>, "{0}: Directory does not exist: {1}", "usage.no_directory"},
    {is<CLI::ValidationError>, "{0}: Directory is actually a file: {1}", "usage.directory_is_file"},
    {is<CLI::ValidationError>, "{0}: {1} not in {{2}}", "usage.not_member"},
};

// The arguments of `what` read by `pattern` (by their number), or nothing when it does not match.
std::optional<std::vector<std::string>> match_pattern(std::string_view pattern, std::string_view what) {
  std::vector<std::string> args;
  while (true) {
    const size_t open = pattern.find('{');
    const bool placeholder = open != std::string_view::npos && open + 2 < pattern.size() &&
                             pattern[open + 2] == '}' && pattern[open + 1] >= '0' && pattern[open + 1] <= '9';
    const size_t literal = placeholder ? open : (open == std::string_view::npos ? pattern.size() : open + 1);
    if (what.substr(0, literal) != pattern.substr(0, literal)) return std::nullopt;
    what.remove_prefix(literal);
    pattern.remove_prefix(literal);
    if (pattern.empty()) {
      if (!what.empty()) return std::nullopt;
      return args;
    }
    if (!placeholder) continue;  // a brace of the sentence itself
    const size_t n = size_t(pattern[1] - '0');
    pattern.remove_prefix(3);
    // The argument runs to the next literal text of the pattern (to the end for the last one).
    const size_t next = pattern.find('{');
    const std::string_view until = pattern.substr(0, next);
    size_t end = what.size() - (next == std::string_view::npos ? until.size() : 0);
    if (next != std::string_view::npos || !until.empty()) {
      end = next == std::string_view::npos ? what.rfind(until) : what.find(until);
      if (end == std::string_view::npos) return std::nullopt;
    }
    if (args.size() <= n) args.resize(n + 1);
    args[n] = std::string(what.substr(0, end));
    what.remove_prefix(end);
  }
}

// CLI11 writes a range's bounds by std::to_string: "0.100000" for 0.1.
std::string plain_number(std::string n) {
  if (n.find('.') == std::string::npos) return n;
  while (n.back() == '0') n.pop_back();
  if (n.back() == '.') n.pop_back();
  return n;
}

// A range check's failure: its bounds as people write them, and the unbounded checks
// (PositiveNumber, NonNegativeNumber: bounds of the double's limits) by what the value is.
Message range_message(std::vector<std::string> a) {
  a[2] = plain_number(a[2]);
  a[3] = plain_number(a[3]);
  if (a[3].size() < 30) return Message("usage.range", {a[0], a[1], a[2], a[3]});
  char* end = nullptr;
  const double v = std::strtod(a[1].c_str(), &end);
  if (a[1].empty() || *end != '\0') return Message("usage.not_number", {a[0], a[1]});
  return Message(v < 0 ? "usage.negative" : "usage.not_positive", {a[0], a[1]});
}

}  // namespace

Message usage_message(const CLI::Error& e, const CLI::App* app) {
  const std::string_view what = e.what();
  // CLI11 finds the subcommand missing before it looks at what is left over: an unknown one is
  // the first word left over (not an option), said as such.
  if (app && is<CLI::RequiredError>(e) && what == "A subcommand is required" && !app->remaining().empty() &&
      !app->remaining().front().starts_with("-")) {
    std::string names;
    for (const CLI::App* sub : app->get_subcommands([](const CLI::App*) { return true; }))
      names += (names.empty() ? "" : ", ") + sub->get_name();
    return Message("usage.unknown_subcommand", {app->remaining().front(), names});
  }
  for (const UsagePattern& p : kUsagePatterns) {
    if (!p.kind(e)) continue;
    std::optional<std::vector<std::string>> args = match_pattern(p.english, what);
    if (!args) continue;
    if (p.id == "usage.range") return range_message(std::move(*args));
    if (p.id == "usage.required" && (*args)[0].find(' ') != std::string::npos) continue;
    std::vector<MessageArg> margs(args->begin(), args->end());
    return Message(std::string(p.id), std::move(margs));
  }
  return Message("usage.other", {std::string(what)});
}

}  // namespace jpd::cli
