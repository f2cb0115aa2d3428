// jpd stress [--games N] [--rules LIST|all] [--size S|MIN-MAX] [--seed X] [--threads T] [--json]
//
// Plays and counts N random games per rule set (random_game.hpp) and checks on every one that the
// board's incremental structure equals a recomputation, that the count's invariants all hold, and
// that the game written as a record replays to the same position. Prints per rule set the games,
// how they ended, the invariant failures (which must be zero) and games per second; exit status 1
// when anything failed, with the seeds of the first failures and the record of the first.
#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <optional>
#include <nlohmann/json.hpp>
#include <thread>

#include "commands.hpp"
#include "common.hpp"
#include "jpd/count.hpp"
#include "random_game.hpp"
#include "jpd/replay.hpp"
#include "jpd/text.hpp"

namespace jpd::cli {

namespace {

constexpr uint64_t kMaxGames = 1'000'000'000;
constexpr size_t kFailuresKept = 20;

struct Tally {
  uint64_t games = 0, counted = 0, resigned = 0, cycles = 0, disputes = 0, making = 0, moves = 0;
  uint64_t failures = 0;
  void add(const Tally& o) {
    games += o.games, counted += o.counted, resigned += o.resigned, cycles += o.cycles;
    disputes += o.disputes, making += o.making, moves += o.moves, failures += o.failures;
  }
};

struct Failure {
  std::string rules;
  uint64_t game = 0, seed = 0;
  std::string what;
  std::string record;  // SGF of the game, with its dead stones and claims
};

// The rule sets of a run: each one's text as given (the table and the failures name it so), and
// the rule set it reads as.
struct RuleSets {
  std::vector<std::string> names;
  std::vector<Ruleset> rules;
};

// "tang-song,ko=situational,chinese": a new rule set starts at every item without '='.
RuleSets rule_list(const std::string& text) {
  RuleSets out;
  if (text == "all") {
    for (const Preset& p : presets()) {
      out.names.push_back(p.name);
      out.rules.push_back(p.rules);
    }
    return out;
  }
  std::vector<std::string>& names = out.names;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, comma - start);
    if (item.find('=') != std::string::npos && !names.empty()) names.back() += "," + item;
    else names.push_back(item);
    start = comma + 1;
  }
  for (const std::string& r : names) {
    try {
      out.rules.push_back(parse_ruleset(r));
    } catch (const RulesError& e) {
      throw OptionError("--rules", e);
    }
  }
  return out;
}

// "9" or "3-9".
std::pair<int, int> size_range(const std::string& text) {
  auto number = [&](std::string_view s) {
    int v = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size() || v < kMinBoardSize ||
        v > kMaxBoardSize)
      throw OptionError("--size", Message("error.option.size", {text}));
    return v;
  };
  const size_t dash = text.find('-');
  if (dash == std::string::npos) return {number(text), number(text)};
  auto lo = number(std::string_view(text).substr(0, dash));
  auto hi = number(std::string_view(text).substr(dash + 1));
  if (lo > hi) throw OptionError("--size", Message("error.option.size_empty", {text}));
  return {lo, hi};
}

std::string record_text(const RandomGame& rg) {
  sgf::Record r = record_from_game(rg.game);
  r.dead = rg.statuses.dead;
  r.has_dead_markup = true;
  r.claims = rg.statuses.claims;
  return sgf::write(sgf::to_tree(r));
}

bool same_counts(const MoveCounts& x, const MoveCounts& y) {
  return x.real == y.real && x.virtual_moves == y.virtual_moves && x.passes == y.passes &&
         x.negative_a == y.negative_a && x.negative_b == y.negative_b &&
         x.proposals == y.proposals && x.captured == y.captured;
}

// What differs between a game and the replay of its record, beyond the position; "" when nothing.
std::string referee_difference(const Game& back, const Game& g) {
  for (int i = 0; i < 2; ++i)
    if (!same_counts(back.counters().play[i], g.counters().play[i]) ||
        !same_counts(back.counters().dispute[i], g.counters().dispute[i]) ||
        !same_counts(back.counters().making[i], g.counters().making[i]) ||
        back.counters().setup[i] != g.counters().setup[i])
      return "the move counters differ";
  // Making without a negative move leaves no trace in a record: it is the pause it started from.
  const Phase phase = g.phase() == Phase::making && g.counters().making[0].negatives() +
                                                            g.counters().making[1].negatives() ==
                                                        0
                          ? Phase::paused
                          : g.phase();
  if (back.phase() != phase || back.end_reason() != g.end_reason() ||
      back.pauses() != g.pauses() || back.paused_by_agreement() != g.paused_by_agreement() ||
      back.to_move() != g.to_move())
    return "the phase, the pauses or the side to move differ";
  return "";
}

// Everything checked on one game; "" when all holds.
std::string check_game(const RandomGame& rg) {
  const Game& g = rg.game;
  std::string why;
  if (!g.board().check_consistency(&why)) return "board: " + why;
  CountOptions co;
  co.keep_steps = false;
  std::optional<Count> c;
  try {
    c = count(g, rg.statuses, co);
    for (const Invariant& i : c->invariants)
      if (!i.ok) why += (why.empty() ? "invariant " : "; ") + i.name + ": " + text(i.detail, Lang::en);
    if (!why.empty()) return why;
  } catch (const std::exception& e) {
    return std::string("count: ") + e.what();
  }
  // The game written as a record and replayed: the same position, and the same count.
  try {
    ReplayOptions ro;
    ro.adopt_first_player = false;
    const Replay back = replay(sgf::read_record_text(record_text(rg), "<stress>"), g.rules(), ro);
    if (!back.game.board().same_position(g.board()))
      return "record round trip: the record replays to another position";
    if (g.end_reason() == EndReason::resigned) return "";  // only the record's result says it
    const Count again = count(back.game, rg.statuses, co);
    if (again.result != c->result || again.primary_difference != c->primary_difference)
      return "record round trip: counted " + again.result + " instead of " + c->result;
    // A game stopped in play is declared paused by the replay: the rest is compared on games
    // that reached a pause or a long cycle.
    if (g.phase() != Phase::play && g.phase() != Phase::dispute)
      if (const std::string d = referee_difference(back.game, g); !d.empty())
        return "record round trip: " + d;
  } catch (const std::exception& e) {
    return std::string("record round trip: ") + e.what();
  }
  return "";
}

void tally_game(const RandomGame& rg, Tally& t) {
  const Game& g = rg.game;
  ++t.games;
  t.moves += g.moves().size();
  switch (g.end_reason()) {
    case EndReason::resigned: ++t.resigned; break;
    case EndReason::no_result:
    case EndReason::draw: ++t.cycles; break;
    default: ++t.counted; break;
  }
  const Counters& c = g.counters();
  if (c.dispute[0].real + c.dispute[1].real + c.dispute[0].virtual_moves +
          c.dispute[1].virtual_moves + c.dispute[0].passes + c.dispute[1].passes > 0)
    ++t.disputes;
  if (g.phase() == Phase::making) ++t.making;
}

struct Args {
  uint64_t games = 2000;
  std::string rules = "all";
  RuleSets rule_sets;  // `rules`, read (rule_list)
  std::string size = "3-9";
  uint64_t seed = 1;
  unsigned threads = 0;
  bool json = false;
};

int run_stress(const Args& a) {
  const std::vector<std::string>& names = a.rule_sets.names;
  const std::vector<Ruleset>& rulesets = a.rule_sets.rules;
  RandomGameOptions opts;
  std::tie(opts.min_size, opts.max_size) = size_range(a.size);
  const unsigned threads =
      a.threads ? a.threads : std::max(1u, std::min(16u, std::thread::hardware_concurrency()));

  // Work is handed out in chunks of one rule set's consecutive games.
  constexpr uint64_t kChunk = 64;
  const uint64_t chunks_per_rules = (a.games + kChunk - 1) / kChunk;
  std::atomic<uint64_t> next{0};
  std::vector<Tally> tallies(rulesets.size());
  std::vector<double> seconds(rulesets.size(), 0);
  std::vector<Failure> failures;
  std::mutex mu;
  auto worker = [&] {
    for (;;) {
      const uint64_t chunk = next.fetch_add(1);
      if (chunk >= chunks_per_rules * rulesets.size()) return;
      const size_t ri = chunk / chunks_per_rules;
      const uint64_t first = (chunk % chunks_per_rules) * kChunk;
      const uint64_t last = std::min(a.games, first + kChunk);
      Tally t;
      std::vector<Failure> found;
      const auto start = std::chrono::steady_clock::now();
      for (uint64_t i = first; i < last; ++i) {
        const uint64_t seed = random_game_seed(a.seed, int(ri), i);
        Failure f{names[ri], i, seed, {}, {}};
        try {
          const RandomGame rg = random_game(rulesets[ri], seed, opts);
          tally_game(rg, t);
          f.what = check_game(rg);
          if (!f.what.empty()) f.record = record_text(rg);
        } catch (const std::exception& e) {
          ++t.games;
          f.what = std::string("playing: ") + e.what();
        }
        if (!f.what.empty()) {
          ++t.failures;
          found.push_back(std::move(f));
        }
      }
      const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
      std::lock_guard lock(mu);
      tallies[ri].add(t);
      seconds[ri] += took.count();
      for (Failure& f : found)
        if (failures.size() < kFailuresKept) failures.push_back(std::move(f));
    }
  };
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> pool;
  for (unsigned k = 0; k < threads; ++k) pool.emplace_back(worker);
  for (std::thread& t : pool) t.join();
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  Tally total;
  for (const Tally& t : tallies) total.add(t);
  const double rate = wall > 0 ? double(total.games) / wall : 0;
  auto per_second = [](uint64_t games, double s) { return s > 0 ? double(games) / s : 0.0; };
  if (a.json) {
    nlohmann::json j;
    j["games_per_rules"] = a.games;
    j["size"] = {opts.min_size, opts.max_size};
    j["seed"] = a.seed;
    j["threads"] = threads;
    auto tally_json = [](const Tally& t) {
      return nlohmann::json{{"games", t.games},       {"counted", t.counted},
                            {"resigned", t.resigned}, {"cycles", t.cycles},
                            {"disputes", t.disputes}, {"making", t.making},
                            {"moves", t.moves},       {"failures", t.failures}};
    };
    for (size_t i = 0; i < names.size(); ++i) {
      nlohmann::json row = tally_json(tallies[i]);
      row["rules"] = names[i];
      row["games_per_second_per_thread"] = per_second(tallies[i].games, seconds[i]);
      j["rules"].push_back(row);
    }
    j["total"] = tally_json(total);
    j["seconds"] = wall;
    j["games_per_second"] = rate;
    j["failures"] = nlohmann::json::array();
    for (const Failure& f : failures)
      j["failures"].push_back({{"rules", f.rules}, {"game", f.game}, {"seed", f.seed},
                               {"what", f.what}, {"record", f.record}});
    std::cout << j.dump(2) << "\n";
  } else {
    std::printf("jpd stress: %llu games per rule set, sides %d..%d, seed %llu, %u thread(s)\n\n",
                (unsigned long long)a.games, opts.min_size, opts.max_size,
                (unsigned long long)a.seed, threads);
    std::printf("%-28s %9s %9s %8s %7s %8s %7s %9s %9s %10s\n", "rules", "games", "counted",
                "resigned", "cycles", "disputes", "making", "moves/g", "failures", "games/s/t");
    auto row = [&](const std::string& name, const Tally& t, double gps) {
      std::printf("%-28s %9llu %9llu %8llu %7llu %8llu %7llu %9.1f %9llu %10.0f\n", name.c_str(),
                  (unsigned long long)t.games, (unsigned long long)t.counted,
                  (unsigned long long)t.resigned, (unsigned long long)t.cycles,
                  (unsigned long long)t.disputes, (unsigned long long)t.making,
                  t.games ? double(t.moves) / double(t.games) : 0.0,
                  (unsigned long long)t.failures, gps);
    };
    for (size_t i = 0; i < names.size(); ++i)
      row(names[i], tallies[i], per_second(tallies[i].games, seconds[i]));
    row("total", total, per_second(total.games, wall) / threads);
    std::printf("\n%llu games in %.1f s: %.0f games/s on %u thread(s); %llu invariant failures\n",
                (unsigned long long)total.games, wall, rate, threads,
                (unsigned long long)total.failures);
  }
  for (const Failure& f : failures)
    std::cerr << "FAILED " << f.rules << " game " << f.game << " (seed " << f.seed
              << "): " << f.what << "\n";
  if (!failures.empty() && !failures.front().record.empty())
    std::cerr << "record of the first failure:\n" << failures.front().record;
  return total.failures == 0 ? kExitOk : kExitFailure;
}

}  // namespace

void add_stress_command(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand(
      "stress", "Play and count random games under every rule set; every invariant must hold");
  static Args a;
  cmd->add_option("--games", a.games, "games per rule set (1 .. 10^9; default 2000)")
      ->check(CLI::Range(uint64_t(1), kMaxGames));
  cmd->add_option("--rules", a.rules,
                  "comma-separated rule sets, each PRESET[,key=value...], or all (default)");
  cmd->add_option("--size", a.size, "board side S (2..25) or a range MIN-MAX (default 3-9)");
  cmd->add_option("--seed", a.seed, "seed of the run (default 1); each game's seed is printed "
                                    "when it fails");
  cmd->add_option("--threads", a.threads, "worker threads (default: the processors, at most 16)")
      ->check(CLI::Range(0u, 256u));
  cmd->add_flag("--json", a.json, "print JSON");
  cmd->callback([&run] {
    a.rule_sets = rule_list(a.rules);  // usage errors now, before anything runs
    size_range(a.size);
    run = [] { return run_stress(a); };
  });
}

}  // namespace jpd::cli
