// The playout engine: its moves are legal and follow the standard light policy, its count is the
// Tromp-Taylor area, its results are reproducible, and its signature does not depend on threads.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <vector>

#include "bench.hpp"
#include "jpd/game.hpp"
#include "jpd/playout.hpp"
#include "test_util.hpp"

using namespace jpd;
using jpd::test::board_from;

namespace {

// Area count written independently of the engine: flood fill over logical points.
// Returns Black minus White and fills owner (y*w+x: +1, -1, 0).
template <class B>
int independent_area(const B& b, std::vector<int>* owner = nullptr) {
  const int w = b.width(), h = b.height();
  std::vector<int> own(size_t(w * h), 0), region(size_t(w * h), -1);
  int score = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      Color c = b.at(Point(x, y));
      if (c == Color::Black) own[size_t(y * w + x)] = 1;
      if (c == Color::White) own[size_t(y * w + x)] = -1;
    }
  int next_region = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      if (b.at(Point(x, y)) != Color::Empty || region[size_t(y * w + x)] >= 0) continue;
      std::vector<Point> todo = {Point(x, y)}, members;
      region[size_t(y * w + x)] = next_region;
      bool black = false, white = false;
      while (!todo.empty()) {
        Point p = todo.back();
        todo.pop_back();
        members.push_back(p);
        const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
        for (int d = 0; d < 4; ++d) {
          Point q(p.x + dx[d], p.y + dy[d]);
          if (!q.inside(w, h)) continue;
          Color c = b.at(q);
          if (c == Color::Black) black = true;
          if (c == Color::White) white = true;
          if (c == Color::Empty && region[size_t(q.y * w + q.x)] < 0) {
            region[size_t(q.y * w + q.x)] = next_region;
            todo.push_back(q);
          }
        }
      }
      ++next_region;
      int o = black && !white ? 1 : white && !black ? -1 : 0;
      for (Point p : members) own[size_t(p.y * w + p.x)] = o;
    }
  for (int v : own) score += v;
  if (owner) *owner = own;
  return score;
}

Ruleset referee_rules() {
  // Simple ko, no suicide; long cycles must not end these random games early.
  return parse_ruleset("tromp-taylor,suicide=false,ko=simple,cycle_repeats=100");
}

// Plays playouts on BoardT<Cap> and, move by move, a Game on the referee's board: every move the
// engine makes must be legal for the referee and must not fill an own eye; every pass must come
// when no such move exists. The final position and count must agree with an independent count.
template <int Cap>
void check_playouts_against_referee(int size, int playouts, uint64_t seed) {
  using B = BoardT<Cap>;
  for (int g = 0; g < playouts; ++g) {
    B b(size);
    Game game(referee_rules(), size);
    Rng rng(derive_seed(seed, uint64_t(g)));
    auto hook = [&](typename B::Index i, Color c) {
      if (testing::Test::HasFatalFailure()) return;
      ASSERT_EQ(game.to_move(), c);
      if (i != B::kNoIndex) {
        const Point p = B::point(i);
        const Verdict v = game.check(Move::play(c, p));
        ASSERT_TRUE(v.ok()) << "playout move " << to_gtp(p, size) << " refused: " << v.message
                            << "\n" << game.board().to_string();
        ASSERT_FALSE(game.board().is_eye(Board::index(p), c)) << "filled an own eye";
        ASSERT_TRUE(game.play(Move::play(c, p)).ok());
      } else {
        for (int y = 0; y < size; ++y)
          for (int x = 0; x < size; ++x) {
            const Point p(x, y);
            if (game.board().at(p) != Color::Empty) continue;
            const bool acceptable = game.check(Move::play(c, p)).ok() &&
                                    !game.board().is_eye(Board::index(p), c);
            ASSERT_FALSE(acceptable) << "passed although " << to_gtp(p, size) << " was playable";
          }
        ASSERT_TRUE(game.play(Move::pass(c)).ok());
      }
    };
    std::vector<int8_t> ownership(size_t(size * size));
    const PlayoutResult r = playout_traced(b, Color::Black, rng, hook, {}, ownership);
    if (testing::Test::HasFatalFailure()) return;
    if (!r.move_limit) {
      EXPECT_EQ(game.phase(), Phase::paused) << "two passes pause the referee's game too";
    }
    for (int y = 0; y < size; ++y)
      for (int x = 0; x < size; ++x) ASSERT_EQ(b.at(Point(x, y)), game.board().at(Point(x, y)));
    EXPECT_EQ(r.hash, game.board().hash());
    std::vector<int> owner;
    EXPECT_EQ(r.score, independent_area(game.board(), &owner));
    for (size_t k = 0; k < owner.size(); ++k) ASSERT_EQ(ownership[k], owner[k]) << "point " << k;
    int passes = 0;
    for (const PlayedMove& m : game.moves()) passes += m.move.kind == MoveKind::pass;
    EXPECT_EQ(r.passes, passes);
    EXPECT_EQ(r.moves + r.passes, int(game.moves().size()));
    ASSERT_TRUE(b.check_consistency());
  }
}

double mean_moves_per_playout(int size, int playouts, uint64_t seed) {
  PlayoutRun run;
  run.size = size;
  run.seed = seed;
  run.playouts = playouts;
  run.threads = 2;
  return run_playouts(run).moves_per_playout();
}

}  // namespace

TEST(Playout, EveryMoveIsLegalForTheRefereeAndNoPassIsEarly9x9) {
  check_playouts_against_referee<9>(9, 600, 11);
}

TEST(Playout, EveryMoveIsLegalForTheRefereeAndNoPassIsEarly19x19) {
  check_playouts_against_referee<19>(19, 40, 12);
}

TEST(Playout, EveryMoveIsLegalForTheRefereeOnOtherCapacitiesAndSizes) {
  check_playouts_against_referee<13>(13, 40, 13);
  check_playouts_against_referee<25>(25, 10, 14);
  check_playouts_against_referee<9>(5, 300, 15);   // smaller board in a larger capacity
  check_playouts_against_referee<25>(7, 100, 16);
  check_playouts_against_referee<9>(2, 300, 17);
}

// Moves per playout, passes included, are the standard light policy's: about 111 on 9x9 and
// 455 on 19x19 (libego, Pachi and others report the same).
TEST(Playout, MovesPerGameMatchTheStandardPolicy9x9) {
  EXPECT_NEAR(mean_moves_per_playout(9, 2000, 21), 111.0, 2.0);
}

TEST(Playout, MovesPerGameMatchTheStandardPolicy19x19) {
  EXPECT_NEAR(mean_moves_per_playout(19, 300, 22), 455.0, 8.0);
}

TEST(Playout, ChoosesUniformlyAmongAcceptableMoves) {
  // The empty list is in row-major order: six points that are Black's eyes and White's suicides
  // (A5 C5 E5 A3 C3 E3), then the five acceptable points of the first row. A scan on from a random
  // start would pick A1 with probability 7/11; the uniform choice gives each of them 1/5.
  auto b = board_from<BoardT<9>>(R"(
    .X.X.
    XXXXX
    .X.X.
    XXXXX
    .....)");
  for (Color c : {Color::Black, Color::White}) {
    int acceptable = 0;
    for (int k = 0; k < b.empty_count(); ++k) acceptable += playout_move_ok(b, b.empty_at(k), c);
    ASSERT_EQ(acceptable, 5);
    std::map<BoardT<9>::Index, int> seen;
    Rng rng(5);
    constexpr int kDraws = 40000;
    for (int t = 0; t < kDraws; ++t) {
      BoardT<9> copy = b;
      ++seen[choose_playout_move(copy, c, rng)];
    }
    ASSERT_EQ(seen.size(), 5u);
    for (auto [i, n] : seen) {
      EXPECT_EQ(BoardT<9>::y_of(i), 4) << "only the first row is acceptable";
      EXPECT_NEAR(double(n) / kDraws, 0.2, 0.015) << to_gtp(BoardT<9>::point(i), 5);
    }
  }
}

TEST(Playout, PassesWhenOnlyOwnEyesAndSuicidesAreLeft) {
  auto b = board_from<BoardT<9>>(R"(
    .X.X.
    XXXXX
    XX.XX
    XXXXX
    .X.X.)");
  Rng rng(1);
  EXPECT_EQ(choose_playout_move(b, Color::Black, rng), BoardT<9>::kNoIndex);  // own eyes only
  EXPECT_EQ(choose_playout_move(b, Color::White, rng), BoardT<9>::kNoIndex);  // suicides only
  EXPECT_TRUE(b.check_consistency());  // reordering the empty list keeps the board exact
  const PlayoutResult r = playout(b, Color::Black, rng);
  EXPECT_EQ(r.moves, 0);
  EXPECT_EQ(r.passes, 2);
  EXPECT_EQ(r.score, 25);
}

TEST(Playout, NeverRetakesTheKoAtTheStart) {
  auto start = board_from<BoardT<9>>(R"(
    .....
    .XO..
    X.XO.
    .XO..
    .....)");
  start.play(BoardT<9>::index(test::pt("B3", 5)), Color::White);  // takes C3: ko at C3
  const auto ko = start.ko_point();
  ASSERT_NE(ko, BoardT<9>::kNoIndex);
  for (uint64_t s = 0; s < 300; ++s) {
    BoardT<9> b = start;
    Rng rng(s);
    bool first = true;
    playout_traced(b, Color::Black, rng, [&](BoardT<9>::Index i, Color) {
      if (first) {
        EXPECT_NE(i, ko);
      }
      first = false;
    });
  }
}

TEST(Playout, StopsAtTheMoveLimitAndStillCountsExactly) {
  BoardT<19> b(19);
  Rng rng(3);
  PlayoutOptions opt;
  opt.max_moves = 50;
  std::vector<int8_t> own(361);
  const PlayoutResult r = playout(b, Color::Black, rng, opt, own);
  EXPECT_TRUE(r.move_limit);
  EXPECT_EQ(r.moves + r.passes, 50);
  EXPECT_EQ(r.score, independent_area(b));
  int sum = 0;
  for (int8_t o : own) sum += o;
  EXPECT_EQ(sum, r.score);
}

TEST(Playout, AreaScoreCountsRegionsReachingOneColourOnly) {
  auto b = board_from<BoardT<9>>(R"(
    ..X.O
    XXX.O
    ...OO
    OOOO.
    .....)");
  // Black: 4 stones + A5,B5 (2). White: 8 stones + the region E2, A1..E1 (6). The regions D5-D4
  // and A3..C3 touch both colours: nobody's.
  std::vector<int8_t> own(25);
  EXPECT_EQ(area_score(b, own), independent_area(b));
  EXPECT_EQ(area_score(b), (4 + 2) - (8 + 6));
  EXPECT_EQ(own[0], 1);                      // A5
  EXPECT_EQ(own[3], 0);                      // D5
  EXPECT_EQ(own[size_t(4 * 5 + 0)], -1);     // A1
}

TEST(Playout, SameSeedAndIndexGiveTheSamePlayout) {
  const PlayoutResult a = playout_from_empty(9, 42, 7), b = playout_from_empty(9, 42, 7);
  EXPECT_EQ(a.hash, b.hash);
  EXPECT_EQ(a.moves, b.moves);
  EXPECT_EQ(a.score, b.score);
  const PlayoutResult c = playout_from_empty(9, 42, 8);
  EXPECT_NE(a.hash, c.hash);
}

TEST(Playout, SignatureIsTheSameForAnyThreadCountAndTimeLimit) {
  PlayoutRun run;
  run.size = 9;
  run.seed = 7;
  run.playouts = 600;
  run.signature_playouts = 600;
  run.threads = 1;
  const PlayoutRunResult one = run_playouts(run);
  run.threads = 3;
  const PlayoutRunResult three = run_playouts(run);
  EXPECT_EQ(one.signature, three.signature);
  EXPECT_EQ(one.moves, three.moves);
  EXPECT_EQ(one.score_sum, three.score_sum);
  // Timed: whatever else gets done, playouts 0..599 always are and make the same signature.
  run.playouts = 0;
  run.seconds = 0.01;
  run.threads = 2;
  const PlayoutRunResult timed = run_playouts(run);
  EXPECT_GE(timed.playouts, 600);
  EXPECT_EQ(timed.signature, one.signature);
  // The signature is the sum of the per-playout terms, finished.
  uint64_t sum = 0;
  for (int k = 0; k < 600; ++k) sum += playout_signature_term(k, playout_from_empty(9, 7, k));
  EXPECT_EQ(playout_signature_finish(sum, 600, 9), one.signature);
  // Another seed, another signature.
  run.seed = 8;
  run.playouts = 600;
  EXPECT_NE(run_playouts(run).signature, one.signature);
}

TEST(Playout, EmptyBoardsOfEverySizeFinish) {
  for (int size = 2; size <= 25; ++size) {
    const PlayoutResult r = playout_from_empty(size, 1, 0);
    EXPECT_GT(r.moves, 0) << size;
    EXPECT_LE(std::abs(r.score), size * size) << size;
  }
}

TEST(Bench, WorkloadsHaveUniqueNamesAndTheSignatureFoldsInOrder) {
  auto w = bench_workloads();
  ASSERT_GE(w.size(), 2u);
  for (size_t i = 0; i < w.size(); ++i)
    for (size_t j = i + 1; j < w.size(); ++j) EXPECT_STRNE(w[i].name, w[j].name);
  EXPECT_NE(fold_bench_signature(0, "a", 1), fold_bench_signature(0, "b", 1));
  EXPECT_NE(fold_bench_signature(fold_bench_signature(0, "a", 1), "b", 2),
            fold_bench_signature(fold_bench_signature(0, "b", 2), "a", 1));
}

TEST(Rng, IsReproducibleAndBoundedDrawsStayInRange) {
  Rng a(123), b(123), c(124);
  for (int i = 0; i < 100; ++i) {
    uint64_t x = a.next();
    EXPECT_EQ(x, b.next());
    EXPECT_NE(x, c.next());
  }
  std::vector<int> hist(7, 0);
  for (int i = 0; i < 70000; ++i) {
    uint32_t v = a.below(7);
    ASSERT_LT(v, 7u);
    ++hist[v];
  }
  for (int n : hist) EXPECT_NEAR(n, 10000, 500);
  EXPECT_EQ(a.below(1), 0u);
  EXPECT_NE(derive_seed(1, 0), derive_seed(1, 1));
  EXPECT_NE(derive_seed(1, 0), derive_seed(2, 0));
}

TEST(Playout, FromTheRefereesBoardIsAPlayoutOnTheSmallestBoardThatHoldsIt) {
  Game g(referee_rules(), 13);
  ASSERT_TRUE(g.play(Move::play(Color::Black, test::pt("D4", 13))).ok());
  ASSERT_TRUE(g.play(Move::play(Color::White, test::pt("K10", 13))).ok());
  Rng a(9), b(9);
  std::vector<int8_t> own_a(169), own_b(169);
  const PlayoutResult ra = playout_from(g.board(), Color::Black, a, {}, own_a);
  BoardT<13> small(g.board());
  const PlayoutResult rb = playout(small, Color::Black, b, {}, own_b);
  EXPECT_EQ(ra.hash, rb.hash);
  EXPECT_EQ(ra.score, rb.score);
  EXPECT_EQ(own_a, own_b);
  EXPECT_EQ(g.board().stones(Color::Black), 1);  // the position itself is untouched
}
