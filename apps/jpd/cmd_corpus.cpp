// jpd corpus MANIFEST.tsv|DIR [--root DIR] [--dead-from SOURCE]... [--jobs N] [--failures] [--json]
//
// Counts a collection of real game records under each game's own rules and compares the result
// with the recorded one: exact, off by the half point of an unfilled dame, or wrong; per rule
// family and per source of dead stones (the built-in estimator, an engine over GTP, ...), with
// the time per game. The yardstick of the estimator (docs/corpus.md).
//
// A manifest (tab-separated, a header row naming at least `file` (or `source_path`), `rules`,
// `komi`, `result`) gives each file's rules (any preset name or alias: Chinese, Japanese, Ing ...,
// or ? when they are unknown) and komi; its paths are relative to the manifest's folder, or to
// --root. A directory is read with each record's own RU, KM and RE, every game of every file.
//
// The rules a record is counted under (docs/corpus.md, "Which rules"):
//  - the manifest's family, else the record's RU when it names a rule set, else --unknown-rules
//    (default japanese; `record` for the record's own default, tang-song);
//  - the convention of the server the game was played on (conventions.hpp), unless
//    --no-server-conventions.
// Real collections hold faulty records: they are read under the repair policy (README, "Faulty
// records"), said in the output, unless --no-repair. Records whose result is not a count
// (resignation, time, an unfinished game) are listed apart.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include <unistd.h>

#include "commands.hpp"
#include "common.hpp"
#include "jpd/conventions.hpp"
#include "jpd/cpu_time.hpp"
#include "jpd/encoding.hpp"
#include "jpd/input_file.hpp"
#include "jpd/parity.hpp"
#include "jpd/score.hpp"
#include "jpd/text.hpp"

namespace jpd::cli {

namespace {

struct Entry {
  std::string file;     // path as given (relative to the manifest's directory, or --root)
  std::string path;     // path to open
  std::string family;   // a preset (chinese, japanese, ing ...), or unknown
  std::optional<double> komi;
  std::string recorded;  // RE
  bool every_game = false;  // a directory's file: every game it holds
};

enum class Outcome { exact, half, wrong, error, skipped };

std::string_view name_of(Outcome o) {
  switch (o) {
    case Outcome::exact: return "exact";
    case Outcome::half: return "half";
    case Outcome::wrong: return "wrong";
    case Outcome::error: return "error";
    case Outcome::skipped: return "skipped";
  }
  return "?";
}

struct GameResult {
  Outcome outcome = Outcome::skipped;
  int game = 1;
  std::string family;  // the entry's, or the preset the record's RU names, or unknown
  std::string rules;
  std::string got;
  Message detail;      // the error's text, or how the count compares with the record
  std::string ended;   // how the record ended (record_end): counted, resigned, time ...
  double ms = 0;      // wall clock
  double cpu_ms = 0;  // CPU time of the thread that counted it (whatever else the machine runs)
  int dead = 0, uncertain = 0;
  std::vector<std::string> conventions;  // the server conventions applied (ids)
  int repairs = 0;                       // faults mended under the repair policy
  bool unknown_rules = false;            // counted under --unknown-rules
  // A miss a whole odd number of points from the recorded result under rules that fix the
  // parity of a count (jpd/parity.hpp): the record's count had shared points of the other parity.
  bool odd_apart = false;
  // Points between the count and the recorded result (a record counted, exact, half or wrong);
  // negative: none.
  double apart = -1;
};

// A word of the record's end (resigned, forfeit ...) as the table's word where it has one (认输),
// else as written.
MessageArg word_or_text(const std::string& w) {
  for (const TextEntry& e : text_table())
    if (e.id.substr(0, 5) == "word." && e.en == w) return MessageArg::word(std::string(e.id));
  return w;
}

// Black's lead from an SGF result: "B+4" 4, "W+0.5" -0.5, "0"/"Draw"/"Jigo" 0; nullopt for a
// result that is not a count (resignation, time, unknown).
std::optional<double> signed_result(const std::string& re) {
  std::string s;
  for (char ch : re)
    if (!std::isspace(static_cast<unsigned char>(ch))) s += ch;
  if (s == "0" || s == "Draw" || s == "Jigo" || s == "draw" || s == "jigo") return 0.0;
  if (s.size() < 3 || (s[0] != 'B' && s[0] != 'W') || s[1] != '+') return std::nullopt;
  try {
    size_t used = 0;
    double v = std::stod(s.substr(2), &used);
    if (used != s.size() - 2) return std::nullopt;
    return s[0] == 'B' ? v : -v;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// The family of a manifest's rules column: the preset it names (any name or alias the record
// reader knows: Chinese, Japanese, Ing, AGA, JPD:tang-song ...; or its first word), else unknown.
std::string family_of(const std::string& rules_column) {
  if (std::string p = preset_for_sgf_rules(rules_column); !p.empty())
    return parse_ruleset(p).preset;
  const std::string first = rules_column.substr(0, rules_column.find_first_of(" ,(;"));
  if (std::string p = preset_for_sgf_rules(first); !p.empty()) return parse_ruleset(p).preset;
  return "unknown";
}

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out;
  std::string cell;
  std::istringstream in(line);
  while (std::getline(in, cell, '\t')) out.push_back(cell);
  return out;
}

// A manifest is read as a record is (input_file.hpp): a regular file only, within this limit.
constexpr size_t kMaxManifestBytes = size_t(256) << 20;

std::vector<Entry> read_manifest(const std::string& path, const std::string& root) {
  std::istringstream in(read_input_file(path, kMaxManifestBytes));
  std::string line;
  if (!std::getline(in, line)) throw CommandError(Message("error.cmd.empty_manifest", {path}));
  std::vector<std::string> head = split_tabs(line);
  auto find = [&](const char* name) { return std::find(head.begin(), head.end(), name); };
  auto col = [&](const char* name) {
    auto it = find(name);
    if (it == head.end())
      throw CommandError(Message("error.cmd.manifest_column", {path, name}));
    return size_t(it - head.begin());
  };
  const size_t cf = find("file") != head.end() ? col("file") : find("source_path") != head.end()
                                                                   ? col("source_path")
                                                                   : col("file");
  const size_t cr = col("rules"), ck = col("komi"), cre = col("result");
  const std::filesystem::path dir =
      root.empty() ? std::filesystem::path(path).parent_path() : std::filesystem::path(root);
  std::vector<Entry> out;
  int row = 1;
  while (std::getline(in, line)) {
    ++row;
    if (line.empty()) continue;
    std::vector<std::string> cells = split_tabs(line);
    if (cells.size() <= std::max({cf, cr, ck, cre})) continue;
    Entry e;
    e.file = cells[cf];
    e.path = std::filesystem::path(cells[cf]).is_absolute() ? cells[cf] : (dir / cells[cf]).string();
    try {
      e.family = family_of(cells[cr]);
    } catch (const RulesError& err) {
      throw CommandError(Message("error.cmd.manifest_rules",
                                 {path, row, cells[cr], MessageArg::message(err.message())}));
    }
    try {
      e.komi = std::stod(cells[ck]);
    } catch (const std::exception&) {
    }
    e.recorded = cells[cre];
    out.push_back(e);
  }
  return out;
}

std::vector<Entry> read_directory(const std::string& dir) {
  std::vector<Entry> out;
  for (const auto& f : std::filesystem::recursive_directory_iterator(dir)) {
    if (!f.is_regular_file() || f.path().extension() != ".sgf") continue;
    Entry e;
    e.file = std::filesystem::relative(f.path(), dir).string();
    e.path = f.path().string();
    e.every_game = true;
    out.push_back(e);
  }
  std::sort(out.begin(), out.end(), [](const Entry& a, const Entry& b) { return a.file < b.file; });
  return out;
}

// How the rules of each record are chosen, and how records are read.
struct RulesChoice {
  std::string unknown = "japanese";  // preset for records of unknown rules; "record": own default
  RulesText unknown_rules;           // the rules `unknown` names (kDefaultPreset for "record")
  bool server_conventions = true;
  bool repair = true;
  int max_finish_swing = ScoreOptions{}.max_finish_swing;
};

// The rules a record is counted under, their text in r.rules, with the manifest's komi (without
// one, the record's KM is taken as rules_for_record takes it, and a server convention may read it).
RulesText rules_for(const Entry& e, const sgf::Record& rec, const RulesChoice& choice,
                    GameResult& r) {
  std::string preset;
  if (e.family != "unknown" && !e.family.empty()) preset = e.family;
  else if (!rec.rules.empty()) preset = preset_for_sgf_rules(rec.rules);
  RulesText rules;
  if (preset.empty()) {
    r.family = "unknown";
    r.unknown_rules = true;
    // "record": the record's own default (README: kDefaultPreset for records that name no rules)
    preset = choice.unknown == "record" ? kDefaultPreset : choice.unknown;
    rules = choice.unknown_rules;
  } else {
    rules = parse_rules_text(preset);
    r.family = rules.rules.preset;
  }
  if (!e.komi) {
    r.rules = preset;
    return rules;
  }
  char buf[48];
  std::snprintf(buf, sizeof buf, ",komi=%g", *e.komi);
  r.rules = preset + buf;
  return parse_rules_text(r.rules);  // the komi as the text gives it (%g)
}

struct Source {
  std::string text;  // as given to --dead-from
  ScoreOptions base;
};

GameResult count_record(const Entry& e, const sgf::Record& rec, const Source& src,
                        const RulesChoice& choice) {
  GameResult r;
  r.game = rec.game + 1;
  r.family = e.family;
  const auto start = std::chrono::steady_clock::now();
  try {
    ScoreOptions o = src.base;
    o.keep_steps = false;
    o.server_conventions = choice.server_conventions;
    o.max_finish_swing = choice.max_finish_swing;
    o.replay.repair = choice.repair;
    const std::string recorded = e.recorded.empty() ? rec.result : e.recorded;
    o.rules = rules_for(e, rec, choice, r);
    Scored s = score_record(rec, o);
    const Count& c = s.count;
    for (const AppliedConvention& a : s.facts.conventions) {
      r.conventions.push_back(a.id);
      if (!a.settings.empty()) r.rules += "," + a.settings;
    }
    r.repairs = int(s.facts.repairs.size());
    r.got = c.result;
    r.dead = int(c.dead_black.size() + c.dead_white.size());
    r.uncertain = int(c.uncertain.size());
    const RecordEnd ended = record_end(recorded, s.replay.stopped_without_pause);
    r.ended = std::string(jpd::name_of(ended));
    std::optional<double> want = signed_result(recorded);
    if (ended != RecordEnd::counted) {
      r.outcome = Outcome::skipped;
      r.detail = Message("note.corpus_not_counted", {word_or_text(r.ended), recorded, c.result});
    } else if (!want) {
      r.outcome = Outcome::skipped;
      r.detail = recorded.empty() ? Message("note.corpus_no_result")
                                  : Message("note.corpus_not_count", {recorded});
    } else if (c.end != EndReason::counted) {
      r.outcome = Outcome::error;
      r.detail = Message("corpus.ended_detail", {end_word(c.end)});
    } else {
      const double diff = std::fabs(black_lead(c) - *want);
      r.outcome = diff < 1e-9 ? Outcome::exact : std::fabs(diff - 0.5) < 1e-9 ? Outcome::half : Outcome::wrong;
      r.apart = diff;
      r.odd_apart = odd_points_apart(c, *want);
      r.detail = Message("note.corpus_recorded", {recorded, c.result});
    }
  } catch (const std::exception& ex) {
    r.outcome = Outcome::error;
    r.detail = Message("text.as_written", {std::string(ex.what())});
  }
  r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return r;
}

double thread_cpu_ms() { return thread_cpu_seconds() * 1e3; }

// The results of one manifest row (its file's first game) or of every game of a directory's file.
std::vector<GameResult> count_entry(const Entry& e, const Source& src, const RulesChoice& choice) {
  const double cpu0 = thread_cpu_ms();
  sgf::ReadOptions ro;
  ro.repair = choice.repair;
  std::vector<sgf::Record> records;
  const auto start = std::chrono::steady_clock::now();
  try {
    records.push_back(load_record_file(e.path, ro));
    if (e.every_game && records[0].games > 1) records = load_records_file(e.path, ro);
  } catch (const std::exception& ex) {
    GameResult r;
    r.family = e.family;
    r.outcome = Outcome::error;
    r.detail = Message("text.as_written", {std::string(ex.what())});
    r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    r.cpu_ms = thread_cpu_ms() - cpu0;
    return {r};
  }
  std::vector<GameResult> out;
  double mark = cpu0;  // (the first game carries the reading of the file)
  for (const sgf::Record& rec : records) {
    out.push_back(count_record(e, rec, src, choice));
    const double now = thread_cpu_ms();
    out.back().cpu_ms = now - mark;
    mark = now;
  }
  return out;
}

struct Totals {
  int games = 0, exact = 0, half = 0, wrong = 0, error = 0, skipped = 0;
  int within_one = 0;  // counted records at most one point from their recorded result
  double ms = 0;
  std::vector<double> cpu;  // cpu_ms of every game
  void add(const GameResult& r) {
    ++games;
    switch (r.outcome) {
      case Outcome::exact: ++exact; break;
      case Outcome::half: ++half; break;
      case Outcome::wrong: ++wrong; break;
      case Outcome::error: ++error; break;
      case Outcome::skipped: ++skipped; break;
    }
    within_one += r.apart >= 0 && r.apart < 1 + 1e-9;
    ms += r.ms;
    cpu.push_back(r.cpu_ms);
  }
  // The median and the largest CPU time a game (0 without games).
  double cpu_median() const {
    if (cpu.empty()) return 0;
    std::vector<double> v = cpu;
    std::nth_element(v.begin(), v.begin() + long(v.size() / 2), v.end());
    return v[v.size() / 2];
  }
  double cpu_max() const { return cpu.empty() ? 0 : *std::max_element(cpu.begin(), cpu.end()); }
  nlohmann::json to_json() const {
    return {{"games", games}, {"exact", exact}, {"half", half}, {"wrong", wrong}, {"error", error},
            {"skipped", skipped}, {"within_one", within_one}, {"ms_per_game", games ? ms / games : 0},
            {"cpu_ms_median", cpu_median()}, {"cpu_ms_max", cpu_max()}};
  }
};

// One row of results: a record (a manifest row, or one game of a directory's file).
struct Counted {
  const Entry* entry;
  GameResult result;
};

// s right-aligned in `width` terminal columns.
std::string right(const std::string& s, int width) {
  return std::string(size_t(std::max(0, width - display_width(s))), ' ') + s;
}

void print_table(const std::string& detail, size_t records, double wall,
                 const std::vector<Counted>& results, const RulesChoice& choice, bool failures, Lang l) {
  std::map<std::string, Totals> by_family;
  Totals all;
  for (const Counted& c : results) {
    by_family[c.result.family.empty() ? "unknown" : c.result.family].add(c.result);
    all.add(c.result);
  }
  char secs[32];
  std::snprintf(secs, sizeof secs, "%.1f", wall);
  std::cout << tr(l, "corpus.head", {detail, std::to_string(records), secs}) << "\n  "
            << pad(tr(l, "corpus.col.rules"), 10);
  const int widths[] = {7, 7, 7, 7, 7, 9, 9, 11, 10, 10};
  int k = 0;
  for (const char* col : {"games", "exact", "half", "wrong", "error", "exact_share", "within_one_share", "ms",
                          "cpu_median", "cpu_max"})
    std::cout << right(tr(l, std::string("corpus.col.") + col), widths[k++]);
  std::cout << "\n";
  auto row = [&](const std::string& name, const Totals& t) {
    const int counted = t.games - t.skipped;
    std::cout << "  " << pad(name, 10);
    std::printf("%7d%7d%7d%7d%7d%8.1f%%%8.1f%%%11.1f%10.1f%10.1f\n", t.games, t.exact, t.half, t.wrong, t.error,
                counted ? 100.0 * t.exact / counted : 0.0, counted ? 100.0 * t.within_one / counted : 0.0,
                t.games ? t.ms / t.games : 0.0, t.cpu_median(), t.cpu_max());
    std::fflush(stdout);
  };
  for (auto& [f, t] : by_family) row(f == "unknown" ? tr(l, "corpus.unknown") : f, t);
  row(tr(l, "corpus.all"), all);
  int unknown_family = 0, repaired = 0, odd_apart = 0;
  std::map<std::string, int> not_counted;
  for (const Counted& c : results) {
    unknown_family += c.result.unknown_rules;
    repaired += c.result.repairs > 0;
    odd_apart += c.result.odd_apart;
    if (c.result.outcome == Outcome::skipped) ++not_counted[c.result.ended.empty() ? "?" : c.result.ended];
  }
  if (unknown_family)
    std::cout << "  " << tr(l, "corpus.unknown_note",
                            {std::to_string(unknown_family),
                             choice.unknown == "record" ? tr(l, "corpus.record_default", {kDefaultPreset}) : choice.unknown})
              << "\n";
  for (const ServerConvention& sc : server_conventions()) {
    int n = 0;
    for (const Counted& c : results)
      n += std::count(c.result.conventions.begin(), c.result.conventions.end(), sc.id) > 0;
    if (n)
      std::cout << "  " << tr(l, "corpus.convention", {count_of(l, "record", n), text(Message(std::string(sc.why)), l)}) << "\n";
  }
  if (repaired) std::cout << "  " << tr(l, "corpus.repaired", {std::to_string(repaired)}) << "\n";
  if (odd_apart) std::cout << "  " << tr(l, "corpus.odd_apart", {std::to_string(odd_apart)}) << "\n";
  if (all.skipped) {
    std::string kinds;
    for (auto& [kind, n] : not_counted)
      kinds += (kinds.empty() ? "" : l == Lang::zh ? "，" : ", ") + (kind == "?" ? kind : tr(l, "record_end." + kind)) + " " + std::to_string(n);
    std::cout << "  " << tr(l, "corpus.not_counted", {std::to_string(all.skipped), kinds}) << "\n";
  }
  if (failures)
    for (const Counted& c : results) {
      const GameResult& r = c.result;
      if (r.outcome == Outcome::exact) continue;
      const std::string file = c.entry->file + (r.game > 1 ? "#" + std::to_string(r.game) : "");
      std::cout << "    "
                << tr(l, r.odd_apart ? "corpus.failure_odd" : "corpus.failure",
                      {pad(tr(l, std::string("corpus.outcome.") + std::string(name_of(r.outcome))), 7), file, r.rules,
                       text(r.detail, l), std::to_string(r.dead), std::to_string(r.uncertain)})
                << "\n";
    }
  std::cout << "\n";
}

nlohmann::json source_json(const Source& src, const std::string& detail, double wall,
                           const std::vector<Counted>& results) {
  std::map<std::string, Totals> by_family;
  Totals all;
  for (const Counted& c : results) {
    by_family[c.result.family.empty() ? "unknown" : c.result.family].add(c.result);
    all.add(c.result);
  }
  nlohmann::json s = {{"source", src.text}, {"detail", detail}, {"seconds", wall}};
  nlohmann::json fam = nlohmann::json::object();
  for (auto& [f, t] : by_family) fam[f] = t.to_json();
  fam["all"] = all.to_json();
  s["families"] = fam;
  nlohmann::json games = nlohmann::json::array();
  for (const Counted& c : results) {
    const GameResult& r = c.result;
    games.push_back({{"file", c.entry->file}, {"game", r.game}, {"family", r.family.empty() ? c.entry->family : r.family},
                     {"rules", r.rules}, {"outcome", std::string(name_of(r.outcome))}, {"got", r.got},
                     {"detail", text(r.detail, Lang::en)}, {"record_ended", r.ended}, {"dead", r.dead},
                     {"uncertain", r.uncertain}, {"repairs", r.repairs}, {"odd_points_apart", r.odd_apart},
                     {"apart", r.apart >= 0 ? nlohmann::json(r.apart) : nlohmann::json(nullptr)},
                     {"conventions", r.conventions}, {"ms", r.ms}, {"cpu_ms", r.cpu_ms}});
    for (const ServerConvention& sc : server_conventions())
      if (std::count(r.conventions.begin(), r.conventions.end(), sc.id))
        games.back()["convention"] = text(Message(std::string(sc.why)), Lang::en);
  }
  s["games"] = games;
  return s;
}

// Counts every entry with `jobs` workers; a progress bar (when shown) is kept by this thread.
std::vector<Counted> count_all(const std::vector<Entry>& entries, const Source& src,
                               const RulesChoice& choice, int jobs, ProgressBar* bar) {
  std::vector<std::vector<GameResult>> results(entries.size());
  std::atomic<size_t> next{0}, done{0};
  auto work = [&] {
    for (size_t i; (i = next.fetch_add(1)) < entries.size();) {
      results[i] = count_entry(entries[i], src, choice);
      done.fetch_add(1);
    }
  };
  std::vector<std::thread> pool;
  for (int k = 0; k < jobs; ++k) pool.emplace_back(work);
  if (bar) {
    while (done.load() < entries.size()) {
      bar->update(done.load());
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    bar->update(done.load());
    bar->clear();
  }
  for (auto& t : pool) t.join();
  std::vector<Counted> out;
  for (size_t i = 0; i < entries.size(); ++i)
    for (GameResult& r : results[i]) out.push_back({&entries[i], std::move(r)});
  return out;
}

}  // namespace

void add_corpus_command(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand(
      "corpus", "Count a collection of real records under their own rules; compare with the recorded results");
  static std::string path, root;
  static std::vector<std::string> sources;
  static int jobs = 1, limit = 0, playouts = 0;
  static double gtp_timeout = 60;
  static std::string match, lang;
  static bool json = false, failures = false, no_server_conventions = false, no_repair = false;
  static bool progress_flag = false, no_progress = false;
  static std::string unknown_rules = "japanese";
  static int max_finish_swing = ScoreOptions{}.max_finish_swing;
  cmd->add_option("path", path,
                  "a manifest (MANIFEST.tsv: file or source_path, rules, komi, result) or a "
                  "directory of SGF files")
      ->required();
  cmd->add_option("--root", root,
                  "the folder a manifest's relative paths start from (default: the manifest's own)");
  cmd->add_option("--dead-from", sources,
                  "where dead stones come from, repeatable (one table each): estimate, sgf, none, "
                  "auto, gtp:\"COMMAND\" (default: estimate)");
  cmd->add_option("--playouts", playouts, "playouts of the built-in estimator (default: by board size)")
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--gtp-timeout", gtp_timeout, "seconds an engine may take for one answer (default 60)");
  cmd->add_option("--jobs,-j", jobs, "games counted at the same time (default 1)")->check(CLI::Range(1, 64));
  cmd->add_option("--limit", limit, "only the first N records");
  cmd->add_option("--match", match, "only records whose file name contains this text");
  cmd->add_option("--unknown-rules", unknown_rules,
                  "rules for records whose rules the manifest and the record do not name: a preset "
                  "(default japanese), or 'record' for the record's own default (" +
                      std::string(kDefaultPreset) + ")");
  add_finish_swing_option(cmd, max_finish_swing);
  cmd->add_flag("--no-server-conventions", no_server_conventions,
                "count records from servers that count differently (Fox's scaled komi, OGS before "
                "2024, CGOS: README) by the text of their rules instead");
  cmd->add_flag("--no-repair", no_repair,
                "refuse faulty records instead of reading them under the repair policy (README, "
                "Faulty records)");
  cmd->add_flag("--failures", failures, "list every record not reproduced exactly");
  cmd->add_flag("--json", json, "print JSON (every record's outcome)");
  cmd->add_option("--lang", lang, "language of the table: zh or en (default: from the locale)")
      ->check(CLI::IsMember({"zh", "en"}));
  cmd->add_flag("--progress", progress_flag, "show the progress bar even when stderr is not a terminal");
  cmd->add_flag("--no-progress", no_progress, "no progress bar");
  cmd->callback([&run] {
    run = [] {
      const Lang l = language(lang);
      std::vector<Entry> entries =
          std::filesystem::is_directory(path) ? read_directory(path) : read_manifest(path, root);
      if (!match.empty())
        entries.erase(std::remove_if(entries.begin(), entries.end(),
                                     [](const Entry& e) { return e.file.find(match) == std::string::npos; }),
                      entries.end());
      if (limit > 0 && int(entries.size()) > limit) entries.resize(size_t(limit));
      RulesChoice choice;
      choice.unknown = unknown_rules;
      choice.server_conventions = !no_server_conventions;
      choice.repair = !no_repair;
      choice.max_finish_swing = max_finish_swing;
      try {
        choice.unknown_rules =
            parse_rules_text(unknown_rules == "record" ? kDefaultPreset : unknown_rules);
      } catch (const RulesError& e) {
        throw OptionError("--unknown-rules", e);
      }
      std::vector<Source> srcs;
      for (const std::string& s : sources.empty() ? std::vector<std::string>{"estimate"} : sources) {
        Source src;
        src.text = s;
        set_dead_from_option(src.base, s);
        src.base.estimate.playouts = playouts;
        src.base.gtp_timeout = gtp_timeout;
        srcs.push_back(src);
      }
      const bool show_bar = !no_progress && (progress_flag || isatty(STDERR_FILENO));
      nlohmann::json out = {{"path", path}, {"records", entries.size()}, {"sources", nlohmann::json::array()}};
      for (const Source& src : srcs) {
        std::optional<ProgressBar> bar;
        if (show_bar) bar.emplace(entries.size(), l);
        const auto start = std::chrono::steady_clock::now();
        const std::vector<Counted> results = count_all(entries, src, choice, jobs, bar ? &*bar : nullptr);
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::string detail = src.text;
        if (src.base.dead_from == DeadFrom::estimate || src.base.dead_from == DeadFrom::automatic)
          detail += playouts > 0 ? tr(l, "corpus.playouts", {std::to_string(playouts)})
                                 : tr(l, "corpus.default_playouts");
        if (json) out["sources"].push_back(source_json(src, detail, wall, results));
        else print_table(detail, results.size(), wall, results, choice, failures, l);
      }
      if (json) std::cout << json_text(out, 2) << "\n";
      // Records that could not be counted are in the table, not a failure of the command.
      return kExitOk;
    };
  });
}

}  // namespace jpd::cli
