// Counting and record handling (Google Benchmark): the area of a finished position, the full
// count() report under every preset and the count as jpd batch makes it, replays (one, and every
// preset's through ReplayCache), SGF parsing, a record parsed, replayed and counted under every
// preset (what `jpd batch --rules all` does for one file), the batch's rows, and the eye reading
// that the japanese and korean presets count their Japanese view with.
//
//   build/bench/jpd_bench_count [--benchmark_filter=REGEX] [--benchmark_min_time=0.2]
//
// Positions (issue 6 goals in brackets):
// - 19x19 finished: GNU Go against itself to two passes (data/games/gnugo-19x19-selfplay.sgf, 174
//   moves), its dead stones those the built-in estimator finds, found once before timing
//   [area <= 2 us; every view without diagrams <= 20 us];
// - 19x19 long: the first 270 moves of a light playout with a fixed seed, then two passes, no dead
//   stones [parsed, replayed under superko and counted under every preset: >= 3,000 games/s];
// - 9x9: a professional ending (data/games/minigo-tv-9x9-971122.sgf, 34 moves) and the 9x9
//   records of the shared corpus [>= 10,000 games/s under all presets, see docs/performance.md];
//   its dead stones, for the eye reading, those the estimator finds.
#include <benchmark/benchmark.h>

#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "jpd/batch.hpp"
#include "jpd/count.hpp"
#include "jpd/estimate.hpp"
#include "jpd/eye_reading.hpp"
#include "jpd/making.hpp"
#include "jpd/playout.hpp"
#include "jpd/replay.hpp"
#include "jpd/rules.hpp"
#include "jpd/score.hpp"
#include "jpd/sgf.hpp"

using namespace jpd;

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot read");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string game_text(const std::string& name) {
  return slurp(std::string(JPD_SOURCE_DIR) + "/data/games/" + name);
}

// The record with JPDD markup for `dead` in its root (so that --dead-from sgf finds them).
std::string with_dead_markup(std::string text, const std::vector<Point>& dead) {
  if (dead.empty()) return text;
  std::string jd = "JPDD";
  for (Point p : dead) jd += "[" + to_sgf(p) + "]";
  const size_t root = text.find(';');
  return text.insert(text.find(']', root) + 1, jd);  // after the root's first property
}

// A finished 19x19 game: the GNU Go record replayed under its rules, its dead stones from the
// estimator (fixed: the estimator is deterministic), and its text with that markup.
struct Finished {
  Game game;
  Statuses statuses;
  std::string text;  // with JPDD markup
};

const Finished& finished19() {
  static const Finished f = [] {
    const std::string text = game_text("gnugo-19x19-selfplay.sgf");
    const sgf::Record r = sgf::read_record_text(text);
    Game g = replay(r, rules_for_record(r, std::nullopt)).game;
    Statuses st = estimate(g, {}).statuses();
    st.uncertain.clear();
    st.suggested_claims.clear();
    return Finished{std::move(g), st, with_dead_markup(text, st.dead)};
  }();
  return f;
}

// A 19x19 record of `moves` moves from a light playout (the first seed whose playout is that long
// and replays under every preset), ending with two passes.
std::string long_record19(int moves) {
  for (uint64_t seed = 1; seed < 100; ++seed) {
    BoardT<19> b(19);
    Rng rng(seed);
    std::string text = "(;GM[1]FF[4]SZ[19]KM[7.5]RU[Chinese]";
    int n = 0;
    playout_traced(b, Color::Black, rng, [&](BoardT<19>::Index i, Color c) {
      if (n++ >= moves) return;
      text += std::string(";") + (c == Color::Black ? "B" : "W") + "[" +
              (i == BoardT<19>::kNoIndex ? "" : to_sgf(BoardT<19>::point(i))) + "]";
    });
    if (n < moves) continue;
    text += moves % 2 ? ";W[];B[])" : ";B[];W[])";
    const sgf::Record r = sgf::read_record_text(text);
    bool ok = true;
    for (const std::string& p : preset_names()) {
      try {
        ScoreOptions o;
        o.rules = parse_rules_text(p);
        o.dead_from = DeadFrom::sgf;
        o.keep_steps = false;
        score_record(r, o);
      } catch (const std::exception&) {
        ok = false;
      }
    }
    if (ok) return text;
  }
  throw std::runtime_error("no playout gave a long enough record");
}

// ------------------------------------------------------------------------------------------------
// Area only: the classification of the position with its dead stones removed (Analysis, the
// smallest public call that gives the area of every rule set), and the Tromp-Taylor area of the
// playout engine's board for comparison (no seki, claims or dame classes).

Board without_dead(const Game& g, const std::vector<Point>& dead) {
  Board b = g.board();
  std::vector<Board::Index> stones;
  for (Point p : dead) b.for_each_stone(Board::index(p), [&](Board::Index s) {
    stones.push_back(s);
  });
  for (Board::Index s : stones) b.set_stone(s, Color::Empty);
  return b;
}

void BM_AreaAnalysis19(benchmark::State& state) {
  const Finished& f = finished19();
  const Board b = without_dead(f.game, f.statuses.dead);
  const AnalysisOptions o;
  double area = 0;
  for (auto _ : state) {
    Analysis a = Analysis::of(b, o);
    area = a.area(Color::Black);
    benchmark::DoNotOptimize(area);
  }
  state.counters["black_area"] = area;
}
BENCHMARK(BM_AreaAnalysis19);

void BM_AreaTrompTaylor19(benchmark::State& state) {
  const Finished& f = finished19();
  const BoardT<19> b(without_dead(f.game, f.statuses.dead));
  int score = 0;
  for (auto _ : state) {
    score = area_score(b);
    benchmark::DoNotOptimize(score);
  }
  state.counters["score"] = score;
}
BENCHMARK(BM_AreaTrompTaylor19);

// ------------------------------------------------------------------------------------------------
// The full report: count() under a preset, every view and every invariant, with or without the
// making's step boards (arg 1).

// The 19x19 game replayed under a preset (the record's komi).
Game game_under(const std::string& preset) {
  const sgf::Record r = sgf::read_record_text(finished19().text);
  return replay(r, rules_for_record(r, preset)).game;
}

void BM_Count19(benchmark::State& state) {
  const Finished& f = finished19();
  const auto presets = preset_names();
  const std::string& name = presets.at(size_t(state.range(0)));
  const Game g = game_under(name);
  CountOptions o;
  // 0: no steps, the views by their formulas (as jpd batch); 1: the step boards kept; 2: no
  // steps, but the boards made to check every view (count()'s default).
  o.keep_steps = state.range(1) == 1;
  o.check_by_boards = state.range(1) != 0;
  for (auto _ : state) {
    Count c = count(g, f.statuses, o);
    benchmark::DoNotOptimize(c.margin);
  }
  state.SetLabel(name + (o.keep_steps ? " with steps" : o.check_by_boards ? " with boards" : ""));
}
// Presets 0..4 (the first 计枰点 ones), 14 (chinese) and 16 (japanese: its territory by the eye
// reading), and 3 with the step boards and with the checking boards.
BENCHMARK(BM_Count19)
    ->ArgsProduct({benchmark::CreateDenseRange(0, 4, 1), {0}})
    ->Args({14, 0})
    ->Args({16, 0})
    ->Args({3, 1})
    ->Args({3, 2});

// As jpd batch counts: into one Count (its storage used again), without the texts, the
// classifications kept in a cache across the presets.
void BM_CountInto19(benchmark::State& state) {
  const Finished& f = finished19();
  const auto presets = preset_names();
  const std::string& name = presets.at(size_t(state.range(0)));
  const Game g = game_under(name);
  AnalysisCache cache;
  CountOptions o;
  o.keep_steps = false;
  o.texts = false;
  o.check_by_boards = false;  // as jpd batch
  o.analyses = &cache;
  Count c;
  for (auto _ : state) {
    count(g, g.rules(), f.statuses, o, c);
    benchmark::DoNotOptimize(c.margin);
  }
  state.SetLabel(name + ", no texts, classifications kept");
}
BENCHMARK(BM_CountInto19)->Arg(0)->Arg(14)->Arg(16);

// Every preset in turn (the game replayed under each preset outside the timing).
void BM_CountAllPresets19(benchmark::State& state) {
  const Finished& f = finished19();
  std::vector<Game> games;
  for (const std::string& p : preset_names()) games.push_back(game_under(p));
  CountOptions o;
  o.keep_steps = false;
  o.check_by_boards = false;
  for (auto _ : state)
    for (const Game& g : games) {
      Count c = count(g, f.statuses, o);
      benchmark::DoNotOptimize(c.margin);
    }
  state.counters["presets"] = double(games.size());
}
BENCHMARK(BM_CountAllPresets19)->Unit(benchmark::kMicrosecond);

// ------------------------------------------------------------------------------------------------
// Replays of the 272-move record: one, under positional superko (chinese) or simple ko
// (japanese); and under every preset through ReplayCache (one replay per group of presets that
// make the same game, 5 for this record).

void BM_Replay19Long(benchmark::State& state) {
  const sgf::Record r = sgf::read_record_text(long_record19(270));
  const std::string name = state.range(0) ? "japanese" : "chinese";
  const Ruleset rules = rules_for_record(r, name);
  for (auto _ : state) {
    Replay rp = replay(r, rules);
    benchmark::DoNotOptimize(rp.game.moves().size());
  }
  state.SetLabel(name);
}
BENCHMARK(BM_Replay19Long)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

void BM_ReplayAllPresets19Long(benchmark::State& state) {
  const sgf::Record r = sgf::read_record_text(long_record19(270));
  std::vector<Ruleset> rules;
  for (const std::string& p : preset_names()) rules.push_back(rules_for_record(r, p));
  size_t replays = 0;
  for (auto _ : state) {
    ReplayCache cache(r);
    for (const Ruleset& rs : rules) benchmark::DoNotOptimize(cache.get(rs).game.moves().size());
    replays = cache.replays();
  }
  state.counters["replays"] = double(replays);
}
BENCHMARK(BM_ReplayAllPresets19Long)->Unit(benchmark::kMicrosecond);

// ------------------------------------------------------------------------------------------------
// The eye reading (eye_reading.hpp) of a finished position, its dead stones marked: 19x19 (arg 19)
// and 9x9 (arg 9). The map of a FinalPosition; the map read from the Board and its dead list, as
// count() and the finishing search read it; and the map of a FinalPosition made from the Board
// first (FinalPosition::of, as they read it before).

struct Marked {
  Board board;
  std::vector<Point> dead;  // every stone of the dead chains
};

Marked marked(const Game& g, const Statuses& st) {
  Marked m{g.board(), {}};
  for (Point p : st.dead)
    m.board.for_each_stone(Board::index(p), [&](Board::Index s) {
      m.dead.push_back(Board::point(s));
    });
  return m;
}

const Marked& finished(int size) {
  static const Marked m19 = marked(finished19().game, finished19().statuses);
  static const Marked m9 = [] {
    const sgf::Record r = sgf::read_record_text(game_text("minigo-tv-9x9-971122.sgf"));
    const Game g = replay(r, rules_for_record(r, std::nullopt)).game;
    return marked(g, estimate(g, {}).statuses());
  }();
  return size == 9 ? m9 : m19;
}

void BM_EyeReading(benchmark::State& state) {
  const Marked& m = finished(int(state.range(0)));
  const FinalPosition f = FinalPosition::of(m.board, m.dead);
  int territory = 0;
  for (auto _ : state) {
    const EyeReadingMap e = EyeReadingMap::of(f);
    territory = e.territory(Color::Black) - e.territory(Color::White);
    benchmark::DoNotOptimize(territory);
  }
  state.counters["black_minus_white"] = territory;
  state.counters["dead"] = double(m.dead.size());
}
BENCHMARK(BM_EyeReading)->Arg(19)->Arg(9);

void BM_EyeReadingFromBoard(benchmark::State& state) {
  const Marked& m = finished(int(state.range(0)));
  int territory = 0;
  for (auto _ : state) {
    const EyeReadingMap e = EyeReadingMap::of(m.board, m.dead);
    territory = e.territory(Color::Black) - e.territory(Color::White);
    benchmark::DoNotOptimize(territory);
  }
  state.counters["black_minus_white"] = territory;
}
BENCHMARK(BM_EyeReadingFromBoard)->Arg(19)->Arg(9);

void BM_EyeReadingViaFinalPosition(benchmark::State& state) {
  const Marked& m = finished(int(state.range(0)));
  int territory = 0;
  for (auto _ : state) {
    const EyeReadingMap e = EyeReadingMap::of(FinalPosition::of(m.board, m.dead));
    territory = e.territory(Color::Black) - e.territory(Color::White);
    benchmark::DoNotOptimize(territory);
  }
  state.counters["black_minus_white"] = territory;
}
BENCHMARK(BM_EyeReadingViaFinalPosition)->Arg(19)->Arg(9);

// ------------------------------------------------------------------------------------------------
// SGF: parse (text to game tree) and read (tree to record).

void parse_record(benchmark::State& state, const std::string& text) {
  size_t steps = 0;
  for (auto _ : state) {
    sgf::Record r = sgf::read_record_text(text);
    steps = r.steps.size();
    benchmark::DoNotOptimize(steps);
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(text.size()));
  state.counters["steps"] = double(steps);
}
void BM_ParseSgf9(benchmark::State& state) {
  parse_record(state, game_text("minigo-tv-9x9-971122.sgf"));
}
void BM_ParseSgf19(benchmark::State& state) { parse_record(state, finished19().text); }
void BM_ParseSgf19Long(benchmark::State& state) { parse_record(state, long_record19(270)); }
BENCHMARK(BM_ParseSgf9);
BENCHMARK(BM_ParseSgf19);
BENCHMARK(BM_ParseSgf19Long);

// ------------------------------------------------------------------------------------------------
// One record parsed, replayed and counted under every preset, dead stones from the record's
// markup (known statuses): one file of `jpd batch --rules all --dead-from sgf`, without the rows.
// As batch does it (RecordScorer: one replay per group of presets that referee alike, counts
// without the texts), and with a replay and a count of its own for each preset (score_record,
// what `jpd score` does once).

void score_all_presets(benchmark::State& state, const std::string& text) {
  const auto presets = preset_names();
  std::vector<std::optional<RulesText>> rules;
  for (const std::string& p : presets) rules.push_back(parse_rules_text(p));
  ScoreOptions o;
  o.dead_from = DeadFrom::sgf;
  o.keep_steps = false;
  o.texts = false;
  o.check_by_boards = false;  // as jpd batch
  for (auto _ : state) {
    const sgf::Record r = sgf::read_record_text(text);
    RecordScorer scorer(r, o);
    for (const auto& p : rules) {
      Count c = scorer.count(p);
      benchmark::DoNotOptimize(c.margin);
    }
  }
  state.counters["games_per_s"] = benchmark::Counter(double(state.iterations()),
                                                     benchmark::Counter::kIsRate);
  state.counters["presets"] = double(presets.size());
}
void score_each_preset(benchmark::State& state, const std::string& text) {
  const auto presets = preset_names();
  for (auto _ : state) {
    const sgf::Record r = sgf::read_record_text(text);
    for (const std::string& p : presets) {
      ScoreOptions o;
      o.rules = parse_rules_text(p);
      o.dead_from = DeadFrom::sgf;
      o.keep_steps = false;
      Scored s = score_record(r, o);
      benchmark::DoNotOptimize(s.count.margin);
    }
  }
  state.counters["games_per_s"] = benchmark::Counter(double(state.iterations()),
                                                     benchmark::Counter::kIsRate);
  state.counters["presets"] = double(presets.size());
}
void BM_ScoreAllPresets9(benchmark::State& state) {
  score_all_presets(state, game_text("minigo-tv-9x9-971122.sgf"));
}
void BM_ScoreAllPresets19(benchmark::State& state) {
  score_all_presets(state, finished19().text);
}
void BM_ScoreAllPresets19Long(benchmark::State& state) {
  score_all_presets(state, long_record19(270));
}
void BM_ScoreEachPreset9(benchmark::State& state) {
  score_each_preset(state, game_text("minigo-tv-9x9-971122.sgf"));
}
void BM_ScoreEachPreset19Long(benchmark::State& state) {
  score_each_preset(state, long_record19(270));
}
BENCHMARK(BM_ScoreAllPresets9)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ScoreAllPresets19)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ScoreAllPresets19Long)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ScoreEachPreset9)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ScoreEachPreset19Long)->Unit(benchmark::kMicrosecond);

// The rows of one 9x9 file under every preset, written as jpd batch writes them (arg 1: JSON
// lines, else CSV).
void BM_BatchRows9(benchmark::State& state) {
  const std::string path = std::string(JPD_SOURCE_DIR) + "/data/games/minigo-tv-9x9-971122.sgf";
  const std::vector<batch::Row> rows =
      batch::count_file(path, batch::parse_rule_list("all"), ScoreOptions{});
  const batch::Format f = state.range(0) ? batch::Format::jsonl : batch::Format::csv;
  std::string text;
  for (auto _ : state) {
    text.clear();
    for (const batch::Row& r : rows) batch::append_row(text, r, f);
    benchmark::DoNotOptimize(text.data());
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(text.size()));
  state.SetLabel(f == batch::Format::csv ? "csv" : "jsonl");
}
BENCHMARK(BM_BatchRows9)->Arg(0)->Arg(1);

}  // namespace

BENCHMARK_MAIN();
