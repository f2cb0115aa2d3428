#include "jpd/batch.hpp"
#include "strings.hpp"

#include "jpd/encoding.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <sys/stat.h>
#include <thread>

#include "jpd/input_file.hpp"

namespace jpd::batch {

namespace fs = std::filesystem;

namespace {

bool is_sgf_name(const std::string& name) {
  if (name.size() < 4) return false;
  return strings::lower(std::string_view(name).substr(name.size() - 4)) == ".sgf";
}

std::vector<std::string> listing(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    std::error_code e2;
    if (it->is_directory(e2) || is_sgf_name(name)) out.push_back(it->path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Appends the CSV field: quoted where it holds a comma, a quote or a line break.
void append_field(std::string& out, std::string_view s) {
  if (std::none_of(s.begin(), s.end(),
                   [](char c) { return c == ',' || c == '"' || c == '\n' || c == '\r'; })) {
    out += s;
    return;
  }
  out += '"';
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

// The canonical text of the rules of the last few counts under each rule set, kept per thread:
// the records of a batch mostly share a few komi values, and Ruleset::to_string walks every field.
const std::string& rules_text(size_t choice, const Ruleset& r) {
  constexpr size_t kKept = 4;
  using Kept = std::vector<std::pair<Ruleset, std::string>>;  // the latest first
  thread_local std::vector<Kept> kept;
  if (kept.size() <= choice) kept.resize(choice + 1);
  Kept& k = kept[choice];
  auto it = std::find_if(k.begin(), k.end(), [&](const auto& e) { return e.first == r; });
  if (it == k.end()) {
    if (k.size() == kKept) k.pop_back();
    k.insert(k.begin(), {r, r.to_string()});
    return k.front().second;
  }
  std::rotate(k.begin(), it, it + 1);
  return k.front().second;
}

}  // namespace

// ------------------------------------------------------------------------------------------------
// The rule list.

std::vector<RuleChoice> parse_rule_list(std::string_view list) {
  struct Group {
    std::vector<std::string> names;
    std::vector<std::string> settings;
    bool record = false;
  };
  std::vector<std::string> global;
  std::vector<Group> groups;
  size_t a = 0;
  while (a <= list.size()) {
    size_t b = list.find(',', a);
    if (b == std::string_view::npos) b = list.size();
    std::string item(strings::trim(list.substr(a, b - a), " \t"));  // not other white space
    a = b + 1;
    if (item.empty()) continue;
    if (item.find('=') != std::string::npos) {
      (groups.empty() ? global : groups.back().settings).push_back(item);
      continue;
    }
    Group g;
    if (item == "all" || item == "jpd" || item == "standard") {
      for (const Preset& p : presets())
        if (item == "all" || (item == "jpd") == p.jpd) g.names.push_back(p.name);
    } else if (item == "record") {
      g.record = true;
    } else {
      if (!find_preset(item)) parse_ruleset(item);  // throws: unknown preset, with the valid ones
      g.names.push_back(item);
    }
    groups.push_back(std::move(g));
  }
  if (groups.empty()) throw RulesError(Message("error.rules.list_empty"));
  std::vector<RuleChoice> out;
  std::set<std::string> seen;
  auto add = [&](RuleChoice c) {
    if (!seen.insert(c.label).second) throw RulesError(Message("error.rules.list_twice", {c.label}));
    out.push_back(std::move(c));
  };
  for (const Group& g : groups) {
    std::string settings;
    for (const std::string& s : global) settings += "," + s;
    for (const std::string& s : g.settings) settings += "," + s;
    if (g.record) {
      if (!settings.empty())
        throw RulesError(Message("error.rules.record_settings", {settings.substr(1)}));
      add({"record", std::nullopt});
      continue;
    }
    for (const std::string& name : g.names) {
      std::string text = name + settings;
      RulesText parsed = parse_rules_text(text);  // throws RulesError on a bad key or value
      add({text, std::move(parsed)});
    }
  }
  return out;
}

// ------------------------------------------------------------------------------------------------
// The walk.

FileWalk::FileWalk(std::vector<std::string> paths) : roots_(std::move(paths)) {}

bool FileWalk::enter(const std::string& dir) {
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0) return false;
  auto [it, fresh] = walked_.try_emplace({uint64_t(st.st_dev), uint64_t(st.st_ino)}, dir);
  if (!fresh) {
    skipped_.push_back({dir, "directory", it->second});
    return true;
  }
  stack_.push_back(Level{listing(dir), 0});
  return true;
}

bool FileWalk::take(const std::string& file) {
  const std::string_view kind = special_file_kind(file);
  if (kind.empty()) return true;  // a regular file, or nothing (the error is reported when counted)
  skipped_.push_back({file, std::string(kind), ""});
  return false;
}

std::optional<std::string> FileWalk::next() {
  for (;;) {
    while (!stack_.empty()) {
      Level& top = stack_.back();
      if (top.next == top.entries.size()) {
        stack_.pop_back();
        continue;
      }
      std::string p = top.entries[top.next++];
      std::error_code ec;
      if (fs::is_directory(p, ec)) {
        enter(p);
        continue;
      }
      if (take(p)) return p;
    }
    if (root_ == roots_.size()) return std::nullopt;
    const std::string& r = roots_[root_++];
    std::error_code ec;
    if (fs::is_directory(r, ec)) {
      enter(r);
      continue;
    }
    if (take(r)) return r;  // a file, or a path that does not exist (reported when counted)
  }
}

size_t count_files(const std::vector<std::string>& paths) {
  FileWalk w(paths);
  size_t n = 0;
  while (w.next()) ++n;
  return n;
}

// ------------------------------------------------------------------------------------------------
// Rows.

namespace {

// Row{} with the file and the rule set's label, the storage of its strings kept.
void start_row(Row& r, const std::string& path, const std::string& label) {
  std::string* texts[] = {&r.file,   &r.preset,          &r.rules,         &r.method,
                          &r.result, &r.status_source,   &r.failed_invariants,
                          &r.record_result, &r.error, &r.record_ended, &r.conventions};
  std::string kept[std::size(texts)];
  for (size_t k = 0; k < std::size(texts); ++k) kept[k] = std::move(*texts[k]);
  r = Row{};
  for (size_t k = 0; k < std::size(texts); ++k) {
    kept[k].clear();
    *texts[k] = std::move(kept[k]);
  }
  r.file.assign(path);
  r.preset.assign(label);
}

// The rows of one record under every rule set, from rows[first] on.
void count_record(const sgf::Record& rec, const std::string& path,
                  const std::vector<RuleChoice>& rules,
                  const ScoreOptions& base, std::vector<Row>& rows, size_t first, Count& c) {
  ScoreOptions o = base;
  o.keep_steps = false;
  o.texts = false;
  o.check_by_boards = false;  // the views by their formulas (docs/performance.md)
  RecordScorer scorer(rec, o);  // one replay for the rule sets that make the same game
  RecordFacts facts;
  for (size_t k = 0; k < rules.size(); ++k) {
    Row& r = rows[first + k];
    start_row(r, path, rules[k].label);
    r.game = rec.game + 1;
    r.record_result = rec.result;
    try {
      scorer.count(rules[k].rules, c, &facts);
      r.rules = rules_text(k, c.rules);
      r.komi = c.komi;
      r.method = name_of(c.rules.counting);
      r.result = c.result;
      r.winner = c.winner;
      r.margin = c.margin;
      const Figures& f = primary_figures(c);
      r.black = f.black;
      r.white = f.white;
      r.pay = c.pay;
      r.status_source = name_of(c.status_source);
      r.dead = int(c.dead_black.size() + c.dead_white.size());
      r.invariants_ok = c.all_invariants_hold;
      for (const Invariant& i : c.invariants)
        if (!i.ok) r.failed_invariants += (r.failed_invariants.empty() ? "" : " ") + i.name;
      r.record_ended = name_of(facts.ended);
      r.repairs = int(facts.repairs.size());
      for (const AppliedConvention& a : facts.conventions)
        r.conventions += (r.conventions.empty() ? "" : " ") + a.id;
    } catch (const std::exception& e) {
      r.error = e.what();
      if (r.error.empty()) r.error = "error";
    }
  }
}

// count_file into `rows` (their storage used again, and `c`'s, for the counts): every game of the
// file, one row per rule set.
void count_file_into(const std::string& path, const std::vector<RuleChoice>& rules,
                     const ScoreOptions& base, const sgf::ReadOptions& read,
                     std::vector<Row>& rows, Count& c) {
  std::vector<sgf::Record> more;  // the games after the first, of a file that holds several
  sgf::Record rec;
  try {
    rec = load_record_file(path, read);  // the quick way for a file of one game
    if (rec.games > 1) {
      more = load_records_file(path, read);
      more.erase(more.begin());
    }
  } catch (const std::exception& e) {
    rows.resize(rules.size());
    for (size_t k = 0; k < rules.size(); ++k) {
      start_row(rows[k], path, rules[k].label);
      rows[k].error = e.what();
    }
    return;
  }
  rows.resize(rules.size() * (1 + more.size()));
  count_record(rec, path, rules, base, rows, 0, c);
  for (size_t g = 0; g < more.size(); ++g)
    count_record(more[g], path, rules, base, rows, (g + 1) * rules.size(), c);
}


}  // namespace

std::vector<Row> count_file(const std::string& path, const std::vector<RuleChoice>& rules,
                            const ScoreOptions& base, const sgf::ReadOptions& read) {
  std::vector<Row> rows;
  Count c;
  count_file_into(path, rules, base, read, rows, c);
  return rows;
}

std::string csv_header() {
  return "file,preset,rules,komi,method,result,winner,margin,black,white,pay,status_source,dead,"
         "invariants,record_result,error,game,record_ended,repairs,conventions";
}

std::string to_csv(const Row& r) {
  std::string s;
  append_csv(s, r);
  return s;
}

void append_csv(std::string& s, const Row& r) {
  auto f = [&](std::string_view v) {
    s += ',';
    append_field(s, v);
  };
  auto number = [&](double v) {  // no quoting needed
    s += ',';
    append_number(s, v);
  };
  append_field(s, r.file);
  f(r.preset);
  if (r.ok()) {
    f(r.rules);
    number(r.komi);
    f(r.method);
    f(r.result);
    f(is_stone(r.winner) ? color_letter(r.winner) : "");
    number(r.margin);
    number(r.black);
    number(r.white);
    number(r.pay);
    f(r.status_source);
    number(r.dead);
    if (r.invariants_ok) f("ok");
    else f("FAILED: " + r.failed_invariants);
  } else {
    s.append(12, ',');
  }
  f(r.record_result);
  f(r.error);
  number(r.game);
  f(r.record_ended);
  if (r.ok()) number(r.repairs);
  else s += ',';
  f(r.conventions);
}

nlohmann::json to_json(const Row& r) {
  nlohmann::json j;
  j["file"] = r.file;
  j["preset"] = r.preset;
  if (r.ok()) {
    j["rules"] = r.rules;
    j["komi"] = r.komi;
    j["method"] = r.method;
    j["result"] = r.result;
    j["winner"] = is_stone(r.winner) ? nlohmann::json(std::string(color_letter(r.winner))) : nlohmann::json(nullptr);
    j["margin"] = r.margin;
    j["figures"] = {{"B", r.black}, {"W", r.white}};
    j["pay"] = r.pay;
    j["status_source"] = r.status_source;
    j["dead"] = r.dead;
    j["all_invariants_hold"] = r.invariants_ok;
    if (!r.invariants_ok) j["failed_invariants"] = r.failed_invariants;
    j["record_ended"] = r.record_ended;
    j["repairs"] = r.repairs;
    j["conventions"] = r.conventions;
  }
  j["record_result"] = r.record_result;
  j["error"] = r.ok() ? nlohmann::json(nullptr) : nlohmann::json(r.error);
  j["game"] = r.game;
  return j;
}

std::string format_row(const Row& r, Format f) {
  std::string s;
  append_row(s, r, f);
  return s;
}

namespace {

// nlohmann::json's text of a string, of a number: written here for the strings of printable
// ASCII without quotes or backslashes and for integers and halves of moderate size, left to the
// library otherwise (escapes, UTF-8 checks, other numbers), so that the text is the library's.
void append_json_string(std::string& out, std::string_view s) {
  if (std::all_of(s.begin(), s.end(),
                  [](char c) { return c >= 0x20 && c <= 0x7e && c != '"' && c != '\\'; })) {
    out += '"';
    out += s;
    out += '"';
  } else {
    out += json_text(nlohmann::json(std::string(s)));  // bytes that are not UTF-8 replaced
  }
}

void append_json_number(std::string& out, double v) {
  const double m = std::fabs(v);
  char buf[24];
  if (m < 1e9 && !(v == 0 && std::signbit(v)) && (v == std::floor(v) || m - std::floor(m) == 0.5)) {
    if (v < 0) out += '-';
    out.append(buf, std::to_chars(buf, buf + sizeof buf, static_cast<long long>(m)).ptr);
    out += v == std::floor(v) ? ".0" : ".5";
  } else {
    out += nlohmann::json(v).dump();
  }
}

}  // namespace

void append_json(std::string& out, const Row& r) {
  // to_json(r).dump(): an object's keys in sorted order.
  auto key = [&](const char* k) {
    out += '"';
    out += k;
    out += "\":";
  };
  auto next = [&](const char* k) {
    out += ',';
    key(k);
  };
  out += '{';
  if (r.ok()) {
    key("all_invariants_hold");
    out += r.invariants_ok ? "true" : "false";
    next("conventions");
    append_json_string(out, r.conventions);
    next("dead");
    out += std::to_string(r.dead);
    next("error");
    out += "null";
    if (!r.invariants_ok) {
      next("failed_invariants");
      append_json_string(out, r.failed_invariants);
    }
    next("figures");
    out += "{\"B\":";
    append_json_number(out, r.black);
    out += ",\"W\":";
    append_json_number(out, r.white);
    out += '}';
    next("file");
    append_json_string(out, r.file);
    next("game");
    out += std::to_string(r.game);
    next("komi");
    append_json_number(out, r.komi);
    next("margin");
    append_json_number(out, r.margin);
    next("method");
    append_json_string(out, r.method);
    next("pay");
    append_json_number(out, r.pay);
    next("preset");
    append_json_string(out, r.preset);
    next("record_ended");
    append_json_string(out, r.record_ended);
    next("record_result");
    append_json_string(out, r.record_result);
    next("repairs");
    out += std::to_string(r.repairs);
    next("result");
    append_json_string(out, r.result);
    next("rules");
    append_json_string(out, r.rules);
    next("status_source");
    append_json_string(out, r.status_source);
    next("winner");
    if (is_stone(r.winner)) append_json_string(out, color_letter(r.winner));
    else out += "null";
  } else {
    key("error");
    append_json_string(out, r.error);
    next("file");
    append_json_string(out, r.file);
    next("game");
    out += std::to_string(r.game);
    next("preset");
    append_json_string(out, r.preset);
    next("record_result");
    append_json_string(out, r.record_result);
  }
  out += '}';
}

void append_row(std::string& out, const Row& r, Format f) {
  const size_t start = out.size();
  try {
    if (f == Format::csv) append_csv(out, r);
    else append_json(out, r);
  } catch (...) {
    out.resize(start);  // no part of the row (a text that is not UTF-8: nlohmann throws)
    throw;
  }
  out += '\n';
}

// ------------------------------------------------------------------------------------------------
// The summary.

Summary::Summary(std::vector<std::string> l) : labels(std::move(l)) {
  tally.resize(labels.size());
  pairs.assign(labels.size(), std::vector<PairChange>(labels.size()));
}

void Summary::add(const std::vector<Row>& rs) {
  ++games;
  rows += rs.size();
  // A record whose count is not its result is reported apart, not among the wins.
  const auto first_ok = std::find_if(rs.begin(), rs.end(), [](const Row& r) { return r.ok(); });
  const bool counted = first_ok == rs.end() || first_ok->counted_record();
  if (!counted) {
    ++not_counted.by_kind[first_ok->record_ended];
    if (not_counted.files.size() < 100)
      not_counted.files.push_back(
          {first_ok->file + (first_ok->game > 1 ? "#" + std::to_string(first_ok->game) : ""),
           first_ok->record_ended, first_ok->record_result});
  }
  if (first_ok != rs.end() && first_ok->repairs > 0) ++repaired;
  FileError fe;
  for (size_t i = 0; i < rs.size() && i < labels.size(); ++i) {
    const Row& r = rs[i];
    PresetTally& t = tally[i];
    if (!r.ok()) {
      ++error_rows;
      ++t.errors;
      ++fe.rows;
      fe.file = r.file;
      auto it = std::find_if(fe.by_message.begin(), fe.by_message.end(),
                             [&](auto& m) { return m.second == r.error; });
      if (it == fe.by_message.end()) fe.by_message.push_back({r.preset, r.error});
      else it->first += "," + r.preset;
      continue;
    }
    ++t.counted;
    ++status_sources[r.status_source];
    if (!counted) {
    } else if (r.winner == Color::Black) ++t.black;
    else if (r.winner == Color::White) ++t.white;
    else ++t.none;
    if (!r.invariants_ok) {
      ++invariant_failures;
      ++t.invariant_failures;
      failures.push_back({r.file, r.preset, r.failed_invariants});
    }
  }
  if (fe.rows) errors.push_back(std::move(fe));
  if (!counted) return;
  for (size_t i = 0; i < rs.size() && i < labels.size(); ++i)
    for (size_t j = i + 1; j < rs.size() && j < labels.size(); ++j) {
      if (!rs[i].ok() || !rs[j].ok()) continue;
      PairChange& p = pairs[i][j];
      ++p.both;
      Color a = rs[i].winner, b = rs[j].winner;
      if (a == b) continue;
      ++p.changed;
      if (a == Color::Black && b == Color::White) ++p.black_to_white;
      else if (a == Color::White && b == Color::Black) ++p.white_to_black;
      else ++p.with_draw;
    }
}

std::string Summary::text(Lang l, size_t max_errors) const {
  std::string s;
  auto line = [&](const std::string& t, int indent = 0) { s += std::string(indent, ' ') + t + "\n"; };
  char secs[32];
  std::snprintf(secs, sizeof secs, "%.1f", seconds);
  line(tr(l, "batch.title", {count_of(l, "game", games), count_of(l, "preset", labels.size()),
                             count_of(l, "row", rows), secs}));
  std::string sources;
  for (auto& [src, n] : status_sources)
    sources += (sources.empty() ? "" : ", ") + src + " " + std::to_string(n);
  if (!sources.empty()) line(tr(l, "batch.status_sources", {sources}));

  line(tr(l, "batch.errors", {count_of(l, "row", error_rows), count_of(l, "file", errors.size())}));
  size_t shown = 0;
  for (const FileError& e : errors) {
    for (auto& [labels_of, message] : e.by_message) {
      if (shown == max_errors) break;
      ++shown;
      const bool every = e.rows == labels.size() && e.by_message.size() == 1;
      // A file's error usually names the file already (with line and column): not twice.
      const std::string text =
          message.rfind(e.file, 0) == 0 ? message : tr(l, "batch.error_line", {e.file, message});
      line(every ? text : tr(l, "batch.error_presets", {text, labels_of}), 2);
    }
  }
  size_t total_lines = 0;
  for (const FileError& e : errors) total_lines += e.by_message.size();
  if (total_lines > shown) line(tr(l, "batch.more_errors", {std::to_string(total_lines - shown)}), 2);

  if (!not_counted.by_kind.empty()) {
    std::string kinds;
    size_t n = 0;
    for (auto& [kind, k] : not_counted.by_kind) {
      kinds += (kinds.empty() ? "" : l == Lang::zh ? "，" : ", ") + tr(l, "record_end." + kind) + " " +
               std::to_string(k);
      n += k;
    }
    line(tr(l, "batch.not_counted", {std::to_string(n), kinds}));
    for (size_t k = 0; k < not_counted.files.size() && k < max_errors; ++k) {
      const NotCounted::File& nf = not_counted.files[k];
      line(tr(l, "batch.not_counted_file", {nf.file, tr(l, "record_end." + nf.ended), nf.result}), 2);
    }
  }
  if (repaired) line(tr(l, "batch.repaired", {std::to_string(repaired)}));
  if (!skipped.empty()) {
    line(tr(l, "batch.skipped", {count_of(l, "path", skipped.size())}));
    for (size_t k = 0; k < skipped.size() && k < max_errors; ++k) {
      const FileWalk::Skipped& sk = skipped[k];
      line(sk.why == "directory" ? tr(l, "batch.skipped_directory", {sk.path, sk.same_as})
                                 : tr(l, "batch.skipped_file", {sk.path, sk.why}),
           2);
    }
    if (skipped.size() > max_errors)
      line(tr(l, "batch.more_skipped", {std::to_string(skipped.size() - max_errors)}), 2);
  }
  line(tr(l, "batch.invariants", {std::to_string(invariant_failures)}));
  for (size_t k = 0; k < failures.size() && k < max_errors; ++k)
    line(tr(l, "batch.invariant_line", {failures[k].file, failures[k].label, failures[k].invariants}), 2);

  int w = 0;
  for (const std::string& lab : labels) w = std::max(w, display_width(lab));
  line(tr(l, "batch.wins"));
  for (size_t i = 0; i < labels.size(); ++i)
    line(tr(l, "batch.wins_row", {pad(labels[i], w), std::to_string(tally[i].black),
                                  std::to_string(tally[i].white), std::to_string(tally[i].none)}),
         2);

  if (labels.size() >= 2) {
    line(tr(l, "batch.changes"));
    // Every pair for a short list; for a long one the pairs with the most changes, then the matrix.
    std::vector<std::pair<size_t, size_t>> order;
    for (size_t i = 0; i < labels.size(); ++i)
      for (size_t j = i + 1; j < labels.size(); ++j) order.push_back({i, j});
    const size_t limit = labels.size() <= 8 ? order.size() : 20;
    if (order.size() > limit)
      std::stable_sort(order.begin(), order.end(), [&](auto& x, auto& y) {
        return pairs[x.first][x.second].changed > pairs[y.first][y.second].changed;
      });
    for (size_t k = 0; k < order.size() && k < limit; ++k) {
      auto [i, j] = order[k];
      const PairChange& p = pairs[i][j];
      char pct[32];
      std::snprintf(pct, sizeof pct, "%.1f", p.both ? 100.0 * double(p.changed) / double(p.both) : 0.0);
      line(tr(l, "batch.change_pair",
              {labels[i], labels[j], std::to_string(p.changed), std::to_string(p.both), pct,
               std::to_string(p.black_to_white), std::to_string(p.white_to_black),
               std::to_string(p.with_draw)}),
           2);
    }
    if (labels.size() > 8) {
      line(tr(l, "batch.matrix"));
      std::string head = std::string(size_t(w) + 6, ' ');
      for (size_t j = 0; j < labels.size(); ++j) {
        char b[32];
        std::snprintf(b, sizeof b, "%5zu", j + 1);
        head += b;
      }
      line(head, 2);
      for (size_t i = 0; i < labels.size(); ++i) {
        char b[32];
        std::snprintf(b, sizeof b, "%3zu. ", i + 1);
        std::string row = b + pad(labels[i], w) + " ";
        for (size_t j = 0; j < labels.size(); ++j) {
          if (i == j) {
            row += "    -";
            continue;
          }
          const PairChange& p = i < j ? pairs[i][j] : pairs[j][i];
          std::snprintf(b, sizeof b, "%5zu", p.changed);
          row += b;
        }
        line(row, 2);
      }
    }
  }
  return s;
}

nlohmann::json Summary::to_json() const {
  nlohmann::json j;
  j["games"] = games;
  j["rows"] = rows;
  j["error_rows"] = error_rows;
  j["error_files"] = errors.size();
  j["invariant_failures"] = invariant_failures;
  // The files as "FILE (resigned, RE[B+R])", in English as the JSON always is.
  nlohmann::json files = nlohmann::json::array();
  for (const NotCounted::File& nf : not_counted.files)
    files.push_back(nf.file + " (" + nf.ended + ", RE[" + nf.result + "])");
  j["not_counted"] = {{"by_kind", not_counted.by_kind}, {"files", files}};
  j["repaired"] = repaired;
  j["seconds"] = seconds;
  j["presets"] = labels;
  j["status_sources"] = status_sources;
  nlohmann::json errs = nlohmann::json::array();
  for (const FileError& e : errors)
    for (auto& [labs, message] : e.by_message)
      errs.push_back({{"file", e.file}, {"presets", labs}, {"error", message}});
  j["errors"] = errs;
  nlohmann::json fails = nlohmann::json::array();
  for (const Failure& f : failures)
    fails.push_back({{"file", f.file}, {"preset", f.label}, {"invariants", f.invariants}});
  j["failures"] = fails;
  nlohmann::json skips = nlohmann::json::array();
  for (const FileWalk::Skipped& sk : skipped) {
    nlohmann::json one{{"path", sk.path}, {"why", sk.why}};
    if (!sk.same_as.empty()) one["same_as"] = sk.same_as;
    skips.push_back(one);
  }
  j["skipped"] = skips;
  nlohmann::json per = nlohmann::json::object();
  for (size_t i = 0; i < labels.size(); ++i)
    per[labels[i]] = {{"counted", tally[i].counted}, {"B", tally[i].black}, {"W", tally[i].white},
                      {"none", tally[i].none}, {"errors", tally[i].errors},
                      {"invariant_failures", tally[i].invariant_failures}};
  j["per_preset"] = per;
  nlohmann::json ch = nlohmann::json::array();
  for (size_t a = 0; a < labels.size(); ++a)
    for (size_t b = a + 1; b < labels.size(); ++b) {
      const PairChange& p = pairs[a][b];
      ch.push_back({{"a", labels[a]}, {"b", labels[b]}, {"both", p.both}, {"changed", p.changed},
                    {"B_to_W", p.black_to_white}, {"W_to_B", p.white_to_black},
                    {"with_draw", p.with_draw}});
    }
  j["winner_changes"] = ch;
  return j;
}

// ------------------------------------------------------------------------------------------------
// The pool.

namespace {

// The files of `walk` counted by `jobs` threads (count_one, each with a Count of its own used
// again), their rows handed to `write_one` in the walk's order, as soon as the files before them
// are written: at most 4 files a job in flight (queued, counting, or waiting to be written). An
// exception of write_one stops the pool (the threads joined) and goes on to the caller.
void count_in_pool(FileWalk& walk, int jobs,
                   const std::function<void(const std::string&, std::vector<Row>&, Count&)>& count_one,
                   const std::function<void(const std::vector<Row>&)>& write_one,
                   const std::function<void(size_t)>& progress) {
  const size_t window = size_t(jobs) * 4;
  std::mutex m;
  std::condition_variable work_cv, done_cv;
  std::deque<std::pair<size_t, std::string>> queue;
  std::map<size_t, std::vector<Row>> done;
  bool closing = false;

  auto worker = [&] {
    Count scratch;  // the counts' storage, used again
    for (;;) {
      std::pair<size_t, std::string> item;
      {
        std::unique_lock lock(m);
        work_cv.wait(lock, [&] { return closing || !queue.empty(); });
        if (queue.empty()) return;
        item = std::move(queue.front());
        queue.pop_front();
      }
      std::vector<Row> rows;
      count_one(item.second, rows, scratch);
      {
        std::lock_guard lock(m);
        done.emplace(item.first, std::move(rows));
      }
      done_cv.notify_one();
    }
  };
  std::vector<std::thread> pool;
  for (int k = 0; k < jobs; ++k) pool.emplace_back(worker);
  auto stop = [&](bool drop_queue) {
    {
      std::lock_guard lock(m);
      closing = true;
      if (drop_queue) queue.clear();
    }
    work_cv.notify_all();
    for (std::thread& t : pool) t.join();
  };

  bool walked = false;
  size_t issued = 0, written = 0;
  try {
    for (;;) {
      // Keep the window full.
      while (!walked && issued - written < window) {
        std::optional<std::string> p = walk.next();
        if (!p) {
          walked = true;
          break;
        }
        {
          std::lock_guard lock(m);
          queue.emplace_back(issued++, std::move(*p));
        }
        work_cv.notify_one();
      }
      if (walked && written == issued) break;
      std::vector<Row> rows;
      {
        std::unique_lock lock(m);
        done_cv.wait(lock, [&] { return done.count(written) > 0; });
        auto it = done.find(written);
        rows = std::move(it->second);
        done.erase(it);
      }
      write_one(rows);
      ++written;
      if (progress) progress(written);
    }
  } catch (...) {
    stop(true);
    throw;
  }
  stop(false);
}

}  // namespace

Summary run(const Options& o, std::ostream& out, const std::function<void(size_t)>& progress) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::string> labels;
  for (const RuleChoice& r : o.rules) labels.push_back(r.label);
  Summary summary(labels);
  const int jobs = o.jobs > 0 ? o.jobs : int(std::max(1u, std::thread::hardware_concurrency()));

  if (o.format == Format::csv && o.header) out << csv_header() << "\n";
  std::string text;  // the rows of one file
  std::vector<Row> game_rows;  // the rows of one of its games, for the summary
  auto write = [&](const std::vector<Row>& rows) {
    text.clear();
    try {
      for (const Row& r : rows) append_row(text, r, o.format);
    } catch (...) {
      out << text;  // the rows before the one that cannot be written, as row by row
      throw;
    }
    out << text;
    out.flush();
    const size_t per_game = o.rules.size();
    if (rows.size() <= per_game) {
      summary.add(rows);
      return;
    }
    for (size_t at = 0; at < rows.size(); at += per_game) {
      game_rows.assign(rows.begin() + long(at), rows.begin() + long(std::min(rows.size(), at + per_game)));
      summary.add(game_rows);
    }
  };
  auto count_one = [&](const std::string& path, std::vector<Row>& rows, Count& scratch) {
    count_file_into(path, o.rules, o.score, o.read, rows, scratch);
  };
  FileWalk walk(o.paths);
  if (jobs == 1) {
    // One job: the files are counted on this thread, as they are walked (no hand-over per file).
    size_t written = 0;
    std::vector<Row> rows;
    Count c;
    while (std::optional<std::string> p = walk.next()) {
      count_one(*p, rows, c);
      write(rows);
      if (progress) progress(++written);
    }
  } else {
    count_in_pool(walk, jobs, count_one, write, progress);
  }
  summary.skipped = walk.skipped();
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return summary;
}

}  // namespace jpd::batch
