// Micro-benchmarks of the board, the referee and the playout engine (Google Benchmark).
//
//   build-perf/bench/jpd_bench_micro [--benchmark_filter=REGEX] [--benchmark_min_time=0.2]
//
// Positions come from light playouts with fixed seeds, so every run measures the same work.
#include <benchmark/benchmark.h>

#include <stdexcept>
#include <vector>

#include "jpd/board.hpp"
#include "jpd/game.hpp"
#include "jpd/playout.hpp"

using namespace jpd;

namespace {

// The first `count` moves (passes included) of playout `seed` on an empty size x size board.
std::vector<Move> playout_moves(int size, uint64_t seed, int count) {
  BoardT<25> b(size);
  Rng rng(seed);
  std::vector<Move> moves;
  playout_traced(b, Color::Black, rng, [&](BoardT<25>::Index i, Color c) {
    moves.push_back(i == BoardT<25>::kNoIndex ? Move::pass(c) : Move::play(c, BoardT<25>::point(i)));
  });
  if (int(moves.size()) > count) moves.resize(size_t(count));
  return moves;
}

// A board of capacity Cap after `count` playout moves.
template <int Cap>
BoardT<Cap> midgame(int size, int count, uint64_t seed = 1) {
  BoardT<Cap> b(size);
  for (const Move& m : playout_moves(size, seed, count)) {
    if (m.kind == MoveKind::play) b.play(m.point, m.color);
    else b.clear_ko();
  }
  return b;
}

// A game under `rules` after `count` playout moves that the rules accept (seeds are tried in
// turn until one playout gives that many).
Game midgame_game(const std::string& rules, int size, int count) {
  for (uint64_t seed = 1; seed < 100; ++seed) {
    Game g(parse_ruleset(rules), size);
    auto moves = playout_moves(size, seed, count);
    if (int(moves.size()) < count) continue;
    bool ok = true;
    for (const Move& m : moves) ok = ok && g.play(m).ok();
    if (ok && g.phase() == Phase::play) return g;
  }
  throw std::runtime_error("no playout gave a long enough game");
}

template <int Cap>
void BM_BoardCopy(benchmark::State& state) {
  BoardT<Cap> src = midgame<Cap>(Cap < 19 ? Cap : 19, 100);
  BoardT<Cap> dst = src;
  for (auto _ : state) {
    benchmark::DoNotOptimize(src);  // the compiler must assume src changed: the copy happens
    dst = src;
    benchmark::DoNotOptimize(dst);
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(sizeof(BoardT<Cap>)));
  state.counters["bytes"] = double(sizeof(BoardT<Cap>));
}
BENCHMARK(BM_BoardCopy<9>);
BENCHMARK(BM_BoardCopy<19>);
BENCHMARK(BM_BoardCopy<25>);

// Replays the first 150 moves of a playout on a fresh copy, one of 64 different playouts in turn
// (one sequence over and over would let the branch predictor learn it).
template <int Cap, bool kFast>
void BM_PlaySequence(benchmark::State& state) {
  const int size = int(state.range(0));
  const BoardT<Cap> empty(size);
  using Seq = std::vector<std::pair<typename BoardT<Cap>::Index, Color>>;
  std::vector<Seq> seqs(64);
  int64_t moves = 0;
  for (size_t k = 0; k < seqs.size(); ++k)
    for (const Move& m : playout_moves(size, 100 + k, 150))
      if (m.kind == MoveKind::play) seqs[k].emplace_back(BoardT<Cap>::index(m.point), m.color);
  BoardT<Cap> b = empty;
  size_t next = 0;
  for (auto _ : state) {
    const Seq& seq = seqs[next++ % seqs.size()];
    b = empty;
    for (auto [i, c] : seq) {
      if constexpr (kFast) {
        b.play_fast(i, c);
      } else {
        auto u = b.play(i, c);
        benchmark::DoNotOptimize(u);
      }
    }
    moves += int64_t(seq.size());
    benchmark::DoNotOptimize(b.hash());
  }
  state.SetItemsProcessed(moves);
}
BENCHMARK(BM_PlaySequence<19, false>)->Name("BM_PlaySequence/play")->Arg(19);
BENCHMARK(BM_PlaySequence<19, true>)->Name("BM_PlaySequence/play_fast")->Arg(19);

// play() then undo() of every empty point of a middle-game 19x19 position, in turn.
void BM_PlayUndo(benchmark::State& state) {
  BoardT<19> b = midgame<19>(19, 150);
  std::vector<std::pair<BoardT<19>::Index, Color>> moves;
  for (int k = 0; k < b.empty_count(); ++k)
    for (Color c : {Color::Black, Color::White})
      if (!b.is_suicide(b.empty_at(k), c) && b.empty_at(k) != b.ko_point())
        moves.emplace_back(b.empty_at(k), c);
  size_t n = 0;
  for (auto _ : state) {
    auto [i, c] = moves[n++ % moves.size()];
    auto u = b.play(i, c);
    b.undo(u);
    benchmark::DoNotOptimize(b.hash());
  }
  state.SetItemsProcessed(int64_t(state.iterations()));
}
BENCHMARK(BM_PlayUndo);

// Legality questions over every empty point of a middle-game 19x19 position.
void BM_IsSuicide(benchmark::State& state) {
  const BoardT<19> b = midgame<19>(19, 250);
  for (auto _ : state) {
    int n = 0;
    for (int k = 0; k < b.empty_count(); ++k)
      n += b.is_suicide(b.empty_at(k), Color::Black) + b.is_suicide(b.empty_at(k), Color::White);
    benchmark::DoNotOptimize(n);
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * 2 * b.empty_count());
}
BENCHMARK(BM_IsSuicide);

void BM_Captures(benchmark::State& state) {
  const BoardT<19> b = midgame<19>(19, 250);
  for (auto _ : state) {
    int n = 0;
    for (int k = 0; k < b.empty_count(); ++k)
      n += b.captures(b.empty_at(k), Color::Black) + b.captures(b.empty_at(k), Color::White);
    benchmark::DoNotOptimize(n);
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * 2 * b.empty_count());
}
BENCHMARK(BM_Captures);

void BM_IsEye(benchmark::State& state) {
  const BoardT<19> b = midgame<19>(19, 400);
  for (auto _ : state) {
    int n = 0;
    for (int k = 0; k < b.empty_count(); ++k)
      n += b.is_eye(b.empty_at(k), Color::Black) + b.is_eye(b.empty_at(k), Color::White);
    benchmark::DoNotOptimize(n);
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * 2 * b.empty_count());
}
BENCHMARK(BM_IsEye);

// A capture of a large chain: copy a position where one move takes 30+ stones, play it.
void BM_CaptureLargeChain(benchmark::State& state) {
  BoardT<19> start(19);
  // White fills rows 1..3 (y = 16..18) except one point; Black surrounds them on row 4.
  for (int x = 0; x < 19; ++x) {
    start.play(BoardT<19>::index(x, 15), Color::Black);
    for (int y = 16; y < 19; ++y)
      if (!(x == 9 && y == 17)) start.play(BoardT<19>::index(x, y), Color::White);
  }
  const auto last = BoardT<19>::index(9, 17);
  int captured = 0;
  for (auto _ : state) {
    BoardT<19> b = start;
    captured = b.play(last, Color::Black).captured;
    benchmark::DoNotOptimize(b.hash());
  }
  state.counters["stones"] = captured;
  state.SetItemsProcessed(int64_t(state.iterations()));
}
BENCHMARK(BM_CaptureLargeChain);

// The referee's legality check for every empty point (simple ko: no history look-up).
void BM_GameCheckSimpleKo(benchmark::State& state) {
  const Game g = midgame_game("tromp-taylor,suicide=false,ko=simple,cycle_repeats=100", 19, 250);
  std::vector<Move> moves;
  for (int y = 0; y < 19; ++y)
    for (int x = 0; x < 19; ++x)
      if (g.board().at(Point(x, y)) == Color::Empty) moves.push_back(Move::play(g.to_move(), {x, y}));
  for (auto _ : state) {
    int ok = 0;
    for (const Move& m : moves) ok += g.check(m).ok();
    benchmark::DoNotOptimize(ok);
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(moves.size()));
}
BENCHMARK(BM_GameCheckSimpleKo);

// Superko look-up: a game under positional superko after 250 moves; check every empty point
// (hash_after + a search of the 250-position history).
void BM_GameCheckPositionalSuperko(benchmark::State& state) {
  const Game g = midgame_game("chinese", 19, 250);
  std::vector<Move> moves;
  for (int y = 0; y < 19; ++y)
    for (int x = 0; x < 19; ++x)
      if (g.board().at(Point(x, y)) == Color::Empty) moves.push_back(Move::play(g.to_move(), {x, y}));
  for (auto _ : state) {
    int ok = 0;
    for (const Move& m : moves) ok += g.check(m).ok();
    benchmark::DoNotOptimize(ok);
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(moves.size()));
  state.counters["history"] = double(g.moves().size());
}
BENCHMARK(BM_GameCheckPositionalSuperko);

// Whole playouts from the empty board; items are moves (passes included).
template <int Cap>
void BM_Playout(benchmark::State& state) {
  const int size = int(state.range(0));
  const BoardT<Cap> empty(size);
  BoardT<Cap> b = empty;
  Rng rng(1);
  int64_t moves = 0;
  for (auto _ : state) {
    b = empty;
    const PlayoutResult r = playout(b, Color::Black, rng);
    moves += r.moves + r.passes;
    benchmark::DoNotOptimize(r.score);
  }
  state.SetItemsProcessed(moves);
  state.counters["moves/playout"] = double(moves) / double(state.iterations());
}
BENCHMARK(BM_Playout<9>)->Arg(9);
BENCHMARK(BM_Playout<13>)->Arg(13);
BENCHMARK(BM_Playout<19>)->Arg(19);
BENCHMARK(BM_Playout<25>)->Arg(19)->Arg(25);

// A playout with ownership output (what the estimator asks for).
void BM_PlayoutOwnership19(benchmark::State& state) {
  const BoardT<19> empty(19);
  BoardT<19> b = empty;
  Rng rng(1);
  std::vector<int8_t> own(361);
  int64_t moves = 0;
  for (auto _ : state) {
    b = empty;
    const PlayoutResult r = playout(b, Color::Black, rng, {}, own);
    moves += r.moves + r.passes;
    benchmark::DoNotOptimize(own.data());
  }
  state.SetItemsProcessed(moves);
}
BENCHMARK(BM_PlayoutOwnership19);

}  // namespace

BENCHMARK_MAIN();
