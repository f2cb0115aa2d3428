// jpd corpus MANIFEST.tsv|DIR [--dead-from SOURCE]... [--jobs N] [--failures] [--json]
//
// Counts a collection of real game records under each game's own rules and compares the result
// with the recorded one: exact, off by the half point of an unfilled dame, or wrong; per rule
// family and per source of dead stones (the built-in estimator, an engine over GTP, ...), with
// the time per game. The yardstick of the estimator (docs/corpus.md).
//
// A manifest (tab-separated, a header row naming at least `file`, `rules`, `komi`, `result`;
// the shared corpus's MANIFEST.tsv) gives each file's rules (Chinese, Japanese, or ? when they
// are unknown) and komi; a directory is read with each record's own RU, KM and RE.
//
// The rules a record is counted under (docs/corpus.md, "Which rules"):
//  - the manifest's family (chinese, japanese), else the record's RU when it names a rule set,
//    else --unknown-rules (default japanese; `record` for the record's own default, tang-song);
//  - the counting convention of the server the game was played on, when the record's PC names
//    one that counts differently from the rules' text (kServerConventions): the Computer Go
//    Server counts the final position as it stands, every stone alive.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "commands.hpp"
#include "common.hpp"
#include "jpd/score.hpp"

namespace jpd::cli {

namespace {

struct Entry {
  std::string file;     // path as given (relative to the manifest's directory)
  std::string path;     // path to open
  std::string family;   // chinese, japanese, unknown
  std::optional<double> komi;
  std::string recorded;  // RE
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
  std::string rules;
  std::string got;
  std::string detail;  // error text, or the statuses' summary
  double ms = 0;
  int dead = 0, uncertain = 0;
  const char* convention = nullptr;  // the server convention applied, if any
  bool unknown_rules = false;        // counted under --unknown-rules
};

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

std::string family_of(const std::string& rules_column) {
  std::string r;
  for (char ch : rules_column) r += char(std::tolower(static_cast<unsigned char>(ch)));
  if (r.rfind("chinese", 0) == 0) return "chinese";
  if (r.rfind("japanese", 0) == 0) return "japanese";
  return "unknown";
}

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out;
  std::string cell;
  std::istringstream in(line);
  while (std::getline(in, cell, '\t')) out.push_back(cell);
  return out;
}

std::vector<Entry> read_manifest(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot be read");
  std::string line;
  if (!std::getline(in, line)) throw std::runtime_error(path + ": empty manifest");
  std::vector<std::string> head = split_tabs(line);
  auto col = [&](const char* name) {
    auto it = std::find(head.begin(), head.end(), name);
    if (it == head.end())
      throw std::runtime_error(path + ": the manifest has no column '" + name + "'");
    return size_t(it - head.begin());
  };
  const size_t cf = col("file"), cr = col("rules"), ck = col("komi"), cre = col("result");
  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  std::vector<Entry> out;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::vector<std::string> cells = split_tabs(line);
    if (cells.size() <= std::max({cf, cr, ck, cre})) continue;
    Entry e;
    e.file = cells[cf];
    e.path = (dir / cells[cf]).string();
    e.family = family_of(cells[cr]);
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
    out.push_back(e);
  }
  std::sort(out.begin(), out.end(), [](const Entry& a, const Entry& b) { return a.file < b.file; });
  return out;
}

// Servers whose count differs from the text of the rules they name: PC contains `server`, and
// the record is counted with `options` added to its rules.
struct ServerConvention {
  const char* server;
  const char* options;
  const char* why;
};
constexpr ServerConvention kServerConventions[] = {
    {"CGOS", "remove_dead=false",
     "the Computer Go Server counts the final position as it stands: every stone on the board "
     "is alive (Tromp-Taylor scoring)"},
};

// How the rules of each record are chosen.
struct RulesChoice {
  std::string unknown = "japanese";  // preset for records of unknown rules; "record": own default
  bool server_conventions = true;
};

// The rules a record is counted under, without komi.
std::string rules_for(const Entry& e, const sgf::Record& rec, const std::string& place,
                      const RulesChoice& choice, GameResult& r) {
  std::string preset;
  if (e.family == "chinese") preset = "chinese";
  else if (e.family == "japanese") preset = "japanese";
  else if (!rec.rules.empty()) preset = preset_for_sgf_rules(rec.rules);
  if (preset.empty()) {
    r.unknown_rules = true;
    // "record": the record's own default (README: tang-song for records that name no rules)
    preset = choice.unknown == "record" ? "tang-song" : choice.unknown;
  }
  if (choice.server_conventions)
    for (const ServerConvention& s : kServerConventions)
      if (place.find(s.server) != std::string::npos) {
        preset += std::string(",") + s.options;
        r.convention = s.why;
      }
  return preset;
}

struct Source {
  std::string text;  // as given to --dead-from
  ScoreOptions base;
};

GameResult count_one(const Entry& e, const Source& src, const RulesChoice& choice) {
  GameResult r;
  const auto start = std::chrono::steady_clock::now();
  try {
    const sgf::Collection col = sgf::parse_file(e.path);
    if (col.games.empty()) throw sgf::Error(e.path, {}, "no game in the file");
    const sgf::Record rec = sgf::read_record(col.games[0], e.path);
    const sgf::Property* pc =
        col.games[0].nodes.empty() ? nullptr : col.games[0].nodes[0].find("PC");
    ScoreOptions o = src.base;
    o.keep_steps = false;
    std::string recorded = e.recorded.empty() ? rec.result : e.recorded;
    std::string preset = rules_for(e, rec, pc ? pc->text() : std::string(), choice, r);
    std::optional<double> komi = e.komi ? e.komi : rec.komi;
    if (komi) {
      char buf[48];
      std::snprintf(buf, sizeof buf, ",komi=%g", *komi);
      preset += buf;
    }
    o.rules = preset;
    r.rules = preset;
    Scored s = score_record(rec, o);
    const Count& c = s.count;
    r.got = c.result;
    r.dead = int(c.dead_black.size() + c.dead_white.size());
    r.uncertain = int(c.uncertain.size());
    std::optional<double> want = signed_result(recorded);
    if (!want) {
      r.outcome = Outcome::skipped;
      r.detail = "recorded result '" + recorded + "' is not a count";
    } else if (c.end != EndReason::counted) {
      r.outcome = Outcome::error;
      r.detail = "the game ended " + std::string(name_of(c.end));
    } else {
      const double got = c.winner == Color::Black ? c.margin : c.winner == Color::White ? -c.margin : 0;
      const double diff = std::fabs(got - *want);
      r.outcome = diff < 1e-9 ? Outcome::exact : std::fabs(diff - 0.5) < 1e-9 ? Outcome::half : Outcome::wrong;
      r.detail = "recorded " + recorded + ", got " + c.result;
    }
  } catch (const std::exception& ex) {
    r.outcome = Outcome::error;
    r.detail = ex.what();
  }
  r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return r;
}

struct Totals {
  int games = 0, exact = 0, half = 0, wrong = 0, error = 0, skipped = 0;
  double ms = 0;
  void add(const GameResult& r) {
    ++games;
    switch (r.outcome) {
      case Outcome::exact: ++exact; break;
      case Outcome::half: ++half; break;
      case Outcome::wrong: ++wrong; break;
      case Outcome::error: ++error; break;
      case Outcome::skipped: ++skipped; break;
    }
    ms += r.ms;
  }
  nlohmann::json to_json() const {
    return {{"games", games}, {"exact", exact}, {"half", half}, {"wrong", wrong}, {"error", error},
            {"skipped", skipped}, {"ms_per_game", games ? ms / games : 0}};
  }
};

}  // namespace

void add_corpus_command(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand(
      "corpus", "Count a collection of real records under their own rules; compare with the recorded results");
  static std::string path;
  static std::vector<std::string> sources;
  static int jobs = 1, limit = 0, playouts = 0;
  static double gtp_timeout = 60;
  static std::string match;
  static bool json = false, failures = false, no_server_conventions = false;
  static std::string unknown_rules = "japanese";
  cmd->add_option("path", path, "a manifest (MANIFEST.tsv: file, rules, komi, result) or a directory of SGF files")
      ->required();
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
                  "(default japanese), or 'record' for the record's own default (tang-song)");
  cmd->add_flag("--no-server-conventions", no_server_conventions,
                "count records from servers that count differently (CGOS: every stone alive) by "
                "the text of their rules instead");
  cmd->add_flag("--failures", failures, "list every record not reproduced exactly");
  cmd->add_flag("--json", json, "print JSON (every record's outcome)");
  cmd->callback([&run] {
    run = [] {
      std::vector<Entry> entries = std::filesystem::is_directory(path) ? read_directory(path) : read_manifest(path);
      if (!match.empty())
        entries.erase(std::remove_if(entries.begin(), entries.end(),
                                     [](const Entry& e) { return e.file.find(match) == std::string::npos; }),
                      entries.end());
      if (limit > 0 && int(entries.size()) > limit) entries.resize(size_t(limit));
      RulesChoice choice;
      choice.unknown = unknown_rules;
      choice.server_conventions = !no_server_conventions;
      if (unknown_rules != "record") {
        try {
          (void)parse_ruleset(unknown_rules);
        } catch (const RulesError& e) {
          throw CLI::ValidationError("--unknown-rules", e.what());
        }
      }
      std::vector<Source> srcs;
      for (const std::string& s : sources.empty() ? std::vector<std::string>{"estimate"} : sources) {
        Source src;
        src.text = s;
        try {
          set_dead_from(src.base, s);
        } catch (const std::invalid_argument& e) {
          throw CLI::ValidationError("--dead-from", e.what());
        }
        src.base.estimate.playouts = playouts;
        src.base.gtp_timeout = gtp_timeout;
        srcs.push_back(src);
      }
      nlohmann::json out = {{"path", path}, {"records", entries.size()}, {"sources", nlohmann::json::array()}};
      bool any_error = false;
      for (const Source& src : srcs) {
        std::vector<GameResult> results(entries.size());
        std::atomic<size_t> next{0};
        auto work = [&] {
          for (size_t i; (i = next.fetch_add(1)) < entries.size();)
            results[i] = count_one(entries[i], src, choice);
        };
        const auto start = std::chrono::steady_clock::now();
        std::vector<std::thread> pool;
        for (int k = 1; k < jobs; ++k) pool.emplace_back(work);
        work();
        for (auto& t : pool) t.join();
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::map<std::string, Totals> by_family;
        Totals all;
        for (size_t i = 0; i < entries.size(); ++i) {
          by_family[entries[i].family.empty() ? "unknown" : entries[i].family].add(results[i]);
          all.add(results[i]);
          any_error |= results[i].outcome == Outcome::error;
        }
        std::string detail = src.text;
        if (src.base.dead_from == DeadFrom::estimate || src.base.dead_from == DeadFrom::automatic)
          detail += playouts > 0 ? " (" + std::to_string(playouts) + " playouts)" : " (default playouts)";
        if (json) {
          nlohmann::json s = {{"source", src.text}, {"detail", detail}, {"seconds", wall}};
          nlohmann::json fam = nlohmann::json::object();
          for (auto& [f, t] : by_family) fam[f] = t.to_json();
          fam["all"] = all.to_json();
          s["families"] = fam;
          nlohmann::json games = nlohmann::json::array();
          for (size_t i = 0; i < entries.size(); ++i) {
            const GameResult& r = results[i];
            games.push_back({{"file", entries[i].file}, {"family", entries[i].family}, {"rules", r.rules},
                             {"outcome", std::string(name_of(r.outcome))}, {"got", r.got},
                             {"detail", r.detail}, {"dead", r.dead}, {"uncertain", r.uncertain},
                             {"ms", r.ms}});
            if (r.convention) games.back()["convention"] = r.convention;
          }
          s["games"] = games;
          out["sources"].push_back(s);
          continue;
        }
        std::printf("dead stones from %s: %zu records, %.1f s\n", detail.c_str(), entries.size(), wall);
        std::printf("  %-10s %6s %6s %6s %6s %6s %8s %10s\n", "rules", "games", "exact", "half", "wrong",
                    "error", "exact%", "ms/game");
        auto row = [](const std::string& name, const Totals& t) {
          const int counted = t.games - t.skipped;
          std::printf("  %-10s %6d %6d %6d %6d %6d %7.1f%% %10.1f\n", name.c_str(), t.games, t.exact, t.half,
                      t.wrong, t.error, counted ? 100.0 * t.exact / counted : 0.0, t.games ? t.ms / t.games : 0.0);
        };
        for (auto& [f, t] : by_family) row(f, t);
        row("all", all);
        int unknown_family = 0;
        for (const GameResult& g : results) unknown_family += g.unknown_rules;
        if (unknown_family)
          std::printf("  (unknown: %d records whose rules neither the manifest nor the record "
                      "names, counted under %s: --unknown-rules)\n",
                      unknown_family,
                      choice.unknown == "record" ? "the record's own default, tang-song"
                                                 : choice.unknown.c_str());
        for (const ServerConvention& sc : kServerConventions) {
          int n = 0;
          for (const GameResult& g : results) n += g.convention == sc.why;
          if (n)
            std::printf("  (%d records counted by their server's convention: %s)\n", n, sc.why);
        }
        if (all.skipped) std::printf("  (%d records skipped: their recorded result is not a count)\n", all.skipped);
        if (failures)
          for (size_t i = 0; i < entries.size(); ++i) {
            const GameResult& r = results[i];
            if (r.outcome == Outcome::exact) continue;
            std::printf("    %-6s %s [%s] %s (dead %d, uncertain %d)\n", std::string(name_of(r.outcome)).c_str(),
                        entries[i].file.c_str(), r.rules.c_str(), r.detail.c_str(), r.dead, r.uncertain);
          }
        std::printf("\n");
      }
      if (json) std::cout << out.dump(2) << "\n";
      (void)any_error;  // records that could not be counted are in the table, not a failure
      return kExitOk;
    };
  });
}

}  // namespace jpd::cli
