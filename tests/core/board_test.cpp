#include <gtest/gtest.h>

#include <random>
#include <type_traits>
#include <utility>
#include <vector>

#include "jpd/board.hpp"
#include "test_util.hpp"

using namespace jpd;
using jpd::test::board_from;

namespace {
Board::Index at(const Board& b, const char* gtp) {
  return Board::index(parse_point(gtp, b.width(), b.height()));
}
}  // namespace

TEST(Board, IsAFixedSizeTriviallyCopyableValue) {
  static_assert(std::is_trivially_copyable_v<Board>);
  static_assert(std::is_trivially_copyable_v<BoardT<19>>);
  EXPECT_LE(sizeof(BoardT<19>), 4096u);  // a 19x19 position copies in at most 4 KB
  Board a(9);
  a.play(at(a, "E5"), Color::Black);
  Board b = a;
  b.play(at(b, "D5"), Color::White);
  EXPECT_EQ(a.at(at(a, "D5")), Color::Empty);
  EXPECT_EQ(b.at(at(b, "D5")), Color::White);
}

TEST(Board, SizesOutsideTwoToTwentyFiveAreRejected) {
  EXPECT_THROW(Board(1), std::invalid_argument);
  EXPECT_THROW(Board(26), std::invalid_argument);
  EXPECT_THROW(BoardT<9>(10), std::invalid_argument);
  EXPECT_NO_THROW(Board(2));
  EXPECT_NO_THROW(Board(25));
  Board r(7, 5);  // rectangular
  EXPECT_EQ(r.points(), 35);
  EXPECT_EQ(r.empty_count(), 35);
}

TEST(Board, SingleStoneCaptureInTheCentre) {
  Board b = board_from(R"(
    .....
    ..X..
    .XO..
    ..X..
    .....)");
  auto u = b.play(at(b, "D3"), Color::Black);
  EXPECT_EQ(u.captured, 1);
  EXPECT_EQ(b.at(at(b, "C3")), Color::Empty);
  EXPECT_EQ(b.captured(Color::White), 1);
  EXPECT_TRUE(b.check_consistency());
}

TEST(Board, OneMoveCapturesTwoSeparateChains) {
  Board still_free = board_from(R"(
    XO.OX
    XO.OX
    .X.X.
    .....
    .....)");
  EXPECT_EQ(still_free.play(at(still_free, "C5"), Color::Black).captured, 0);  // white keeps C4
  Board e = board_from(R"(
    XO.OX
    XOXOX
    .X.X.
    .....
    .....)");
  auto u = e.play(at(e, "C5"), Color::Black);
  EXPECT_EQ(u.captured_chains, 2);
  EXPECT_EQ(u.captured, 4);
  EXPECT_EQ(e.at(at(e, "B5")), Color::Empty);
  EXPECT_EQ(e.at(at(e, "D4")), Color::Empty);
  EXPECT_EQ(e.captured(Color::White), 4);
  EXPECT_TRUE(e.check_consistency());
}

TEST(Board, CornerAndEdgeCaptures) {
  Board c = board_from(R"(
    O....
    X....
    .....
    .....
    .....)");
  auto u = c.play(at(c, "B5"), Color::Black);
  EXPECT_EQ(u.captured, 1);
  EXPECT_EQ(c.at(at(c, "A5")), Color::Empty);
  Board e = board_from(R"(
    .....
    .....
    .....
    X....
    OOX..)");
  u = e.play(at(e, "B2"), Color::Black);
  EXPECT_EQ(u.captured, 2);
  EXPECT_EQ(e.at(at(e, "A1")), Color::Empty);
  EXPECT_EQ(e.at(at(e, "B1")), Color::Empty);
  EXPECT_EQ(e.liberties(at(e, "B2")), 5);  // the chain A2-B2: A3, A1, B3, C2, B1
  EXPECT_TRUE(e.check_consistency());
}

TEST(Board, SnapbackRecapturesTheWholeGroup) {
  Board b = board_from(R"(
    ......
    XXXX..
    OOOX..
    ..OX..)");
  auto throw_in = b.play(at(b, "B1"), Color::Black);
  EXPECT_EQ(throw_in.captured, 0);
  auto take = b.play(at(b, "A1"), Color::White);
  EXPECT_EQ(take.captured, 1);
  // Not a ko: the capturing stone joined a chain.
  EXPECT_EQ(b.ko_point(), Board::kNoIndex);
  EXPECT_EQ(b.liberties(at(b, "A1")), 1);
  auto snap = b.play(at(b, "B1"), Color::Black);
  EXPECT_EQ(snap.captured, 5);
  EXPECT_EQ(b.stones(Color::White), 0);
  EXPECT_TRUE(b.check_consistency());
}

TEST(Board, KoPointIsSetOnlyForASingleStoneCaptureByALoneStone) {
  Board b = board_from(R"(
    .....
    .XO..
    X.XO.
    .XO..
    .....)");
  auto u = b.play(at(b, "B3"), Color::White);  // white captures C3
  EXPECT_EQ(u.captured, 1);
  EXPECT_EQ(b.ko_point(), at(b, "C3"));
  b.play(at(b, "E1"), Color::Black);
  EXPECT_EQ(b.ko_point(), Board::kNoIndex);
}

TEST(Board, SingleStoneSuicideIsRecognisedForOneColourOnly) {
  Board b = board_from(R"(
    .X...
    X....
    .....
    .....
    .....)");
  EXPECT_TRUE(b.is_suicide(at(b, "A5"), Color::White));
  EXPECT_FALSE(b.is_suicide(at(b, "A5"), Color::Black));
}

TEST(Board, MultiStoneSuicideRemovesTheWholeOwnChainAndUndoes) {
  Board e = board_from(R"(
    .OX..
    OOX..
    XXX..
    .....
    .....)");
  EXPECT_TRUE(e.is_suicide(at(e, "A5"), Color::White));
  EXPECT_FALSE(e.is_suicide(at(e, "A5"), Color::Black));
  Board before = e;
  auto u = e.play(at(e, "A5"), Color::White);
  EXPECT_EQ(u.suicided, 4);
  EXPECT_EQ(u.captured, 0);
  EXPECT_EQ(e.captured(Color::White), 4);
  EXPECT_EQ(e.stones(Color::White), 0);
  EXPECT_TRUE(e.check_consistency());
  e.undo(u);
  EXPECT_TRUE(e.same_position(before));
  EXPECT_EQ(e.hash(), before.hash());
  EXPECT_EQ(e.captured(Color::White), 0);
  EXPECT_TRUE(e.check_consistency());
}

TEST(Board, CapturingIsNeverSuicide) {
  Board b = board_from(R"(
    .XO..
    XO...
    .....
    .....
    .....)");
  EXPECT_FALSE(b.is_suicide(at(b, "A5"), Color::White));  // it captures B5
  EXPECT_TRUE(b.captures(at(b, "A5"), Color::White));
  EXPECT_FALSE(b.captures(at(b, "E1"), Color::White));
}

TEST(Board, UndoRestoresPositionHashKoAndCounts) {
  Board b = board_from(R"(
    .....
    .XO..
    X.XO.
    .XO..
    .....)");
  Board before = b;
  auto u = b.play(at(b, "B3"), Color::White);
  EXPECT_NE(b.hash(), before.hash());
  b.undo(u);
  EXPECT_TRUE(b.same_position(before));
  EXPECT_EQ(b.hash(), before.hash());
  EXPECT_EQ(b.ko_point(), before.ko_point());
  EXPECT_EQ(b.captured(Color::Black), 0);
  EXPECT_EQ(b.empty_count(), before.empty_count());
  EXPECT_TRUE(b.check_consistency());
}

TEST(Board, HashDependsOnlyOnThePosition) {
  Board a(9), b(9);
  a.play(at(a, "C3"), Color::Black);
  a.play(at(a, "G7"), Color::White);
  b.play(at(b, "G7"), Color::White);
  b.play(at(b, "C3"), Color::Black);
  EXPECT_EQ(a.hash(), b.hash());
  BoardT<9> small(9);
  small.play(BoardT<9>::index(parse_point("C3", 9, 9)), Color::Black);
  small.play(BoardT<9>::index(parse_point("G7", 9, 9)), Color::White);
  EXPECT_EQ(small.hash(), a.hash());  // same position, same key, whatever the capacity
}

template <class B>
void random_games_keep_incremental_state_exact(int size, int games, uint32_t seed) {
  std::mt19937 rng(seed);
  for (int g = 0; g < games; ++g) {
    B b(size);
    Color c = Color::Black;
    for (int mv = 0; mv < size * size * 3 && b.empty_count() > 0; ++mv) {
      auto i = b.empty_at(int(rng() % b.empty_count()));
      bool suicide = b.is_suicide(i, c);
      if (suicide && rng() % 4) {
        c = opponent(c);
        continue;
      }
      uint64_t predicted = b.hash_after(i, c);
      B before = b;
      auto u = b.play(i, c);
      ASSERT_EQ(b.hash(), predicted) << "hash_after disagrees with play";
      ASSERT_EQ(u.suicided > 0, suicide);
      std::string why;
      ASSERT_TRUE(b.check_consistency(&why)) << why << "\n" << b.to_string();
      if (rng() % 5 == 0) {
        b.undo(u);
        ASSERT_TRUE(b.same_position(before));
        ASSERT_EQ(b.hash(), before.hash());
        ASSERT_EQ(b.ko_point(), before.ko_point());
        ASSERT_EQ(b.captured(Color::Black), before.captured(Color::Black));
        ASSERT_EQ(b.captured(Color::White), before.captured(Color::White));
        ASSERT_TRUE(b.check_consistency(&why)) << why;
        b.play(i, c);
      }
      c = opponent(c);
    }
  }
}

TEST(Board, RandomGamesKeepChainsLibertiesAndHashEqualToRecomputation_9x9) {
  random_games_keep_incremental_state_exact<BoardT<9>>(9, 40, 1);
}
TEST(Board, RandomGamesKeepChainsLibertiesAndHashEqualToRecomputation_19x19InLargestBoard) {
  random_games_keep_incremental_state_exact<Board>(19, 6, 2);
}
TEST(Board, RandomGamesOnTinyBoards) {
  random_games_keep_incremental_state_exact<Board>(2, 50, 3);
  random_games_keep_incremental_state_exact<Board>(3, 50, 4);
}

TEST(Board, EyeTestFollowsThePlayoutConvention) {
  Board b = board_from(R"(
    .X...
    X.X..
    .X...
    .....
    .....)");
  EXPECT_TRUE(b.is_eye(at(b, "B4"), Color::Black));   // centre, no enemy diagonal
  EXPECT_TRUE(b.is_eye(at(b, "A5"), Color::Black));   // corner
  EXPECT_FALSE(b.is_eye(at(b, "B4"), Color::White));
  Board one = board_from(R"(
    .X...
    X.X..
    OX...
    .....
    .....)");
  EXPECT_TRUE(one.is_eye(at(one, "B4"), Color::Black));   // one enemy diagonal in the centre
  Board two = board_from(R"(
    .X...
    X.X..
    OXO..
    .....
    .....)");
  EXPECT_FALSE(two.is_eye(at(two, "B4"), Color::Black));  // two enemy diagonals
  Board corner = board_from(R"(
    .X...
    XO...
    .....
    .....
    .....)");
  EXPECT_FALSE(corner.is_eye(at(corner, "A5"), Color::Black));  // enemy diagonal at the edge
}

// play_fast (the playout path, no Undo record) against play: the same position, hash, ko point,
// capture and stone counts after every move of many random games, suicides included.
template <class B>
void fast_play_matches_play(int size, int games, uint32_t seed) {
  std::mt19937 rng(seed);
  for (int g = 0; g < games; ++g) {
    B plain(size), fast(size);
    Color c = Color::Black;
    for (int mv = 0; mv < size * size * 3 && plain.empty_count() > 0; ++mv) {
      // Choose from the plain board's list; the two lists may be ordered differently.
      auto i = plain.empty_at(int(rng() % plain.empty_count()));
      if (plain.is_suicide(i, c) && rng() % 4) {
        c = opponent(c);
        continue;
      }
      if (rng() % 3 == 0 && fast.empty_count() > 1)  // reorder the fast board's list meanwhile
        fast.swap_empty(int(rng() % fast.empty_count()), int(rng() % fast.empty_count()));
      ASSERT_EQ(fast.at(i), Color::Empty);
      auto u = plain.play(i, c);
      fast.play_fast(i, c);
      ASSERT_TRUE(fast.same_position(plain)) << fast.to_string() << "\n" << plain.to_string();
      ASSERT_EQ(fast.hash(), plain.hash());
      ASSERT_EQ(fast.ko_point(), plain.ko_point());
      ASSERT_EQ(fast.empty_count(), plain.empty_count());
      for (Color k : {Color::Black, Color::White}) {
        ASSERT_EQ(fast.captured(k), plain.captured(k));
        ASSERT_EQ(fast.stones(k), plain.stones(k));
      }
      ASSERT_EQ(plain.stones(Color::Black) + plain.stones(Color::White) + plain.empty_count(),
                plain.points());
      if (u.captured || u.suicided || mv % 16 == 0) {
        std::string why;
        ASSERT_TRUE(fast.check_consistency(&why)) << why;
      }
      c = opponent(c);
    }
  }
}

TEST(Board, FastPlayMatchesPlayOnRandomGames9x9) { fast_play_matches_play<BoardT<9>>(9, 60, 31); }
TEST(Board, FastPlayMatchesPlayOnRandomGames19x19) {
  fast_play_matches_play<BoardT<19>>(19, 10, 32);
  fast_play_matches_play<Board>(19, 4, 33);
  fast_play_matches_play<BoardT<13>>(7, 40, 34);
  fast_play_matches_play<Board>(3, 100, 35);
}

TEST(Board, ZobristKeysAreTheSameForEveryCapacity) {
  for (int y = 0; y < 9; ++y)
    for (int x = 0; x < 9; ++x)
      for (Color c : {Color::Black, Color::White}) {
        const uint64_t k = detail::zobrist_key(x, y, c);
        EXPECT_EQ(BoardT<9>::stone_key(BoardT<9>::index(x, y), c), k);
        EXPECT_EQ(BoardT<19>::stone_key(BoardT<19>::index(x, y), c), k);
        EXPECT_EQ(Board::stone_key(Board::index(x, y), c), k);
      }
  EXPECT_EQ(Board::stone_key(Board::index(24, 24), Color::White),
            detail::zobrist_key(24, 24, Color::White));
}

TEST(Board, StoneCountsFollowCapturesSetupAndUndo) {
  Board b = board_from(R"(
    .....
    ..X..
    .XO..
    ..X..
    .....)");
  EXPECT_EQ(b.stones(Color::Black), 3);
  EXPECT_EQ(b.stones(Color::White), 1);
  EXPECT_EQ(b.stones(Color::Empty), 21);
  auto u = b.play(at(b, "D3"), Color::Black);
  EXPECT_EQ(b.stones(Color::Black), 4);
  EXPECT_EQ(b.stones(Color::White), 0);
  b.undo(u);
  EXPECT_EQ(b.stones(Color::Black), 3);
  EXPECT_EQ(b.stones(Color::White), 1);
}

TEST(Board, SeveralEditsAtOnceGiveTheBoardOfOneEditAtATime) {
  // set_stones: the same board as set_stone on each edit in turn, everything a caller can see.
  std::mt19937 rng(11);
  for (int n = 0; n < 300; ++n) {
    const int w = 2 + int(rng() % 24), h = n % 4 ? w : 2 + int(rng() % 24);
    Board seq(w, h);
    for (int m = 0; m < w * h; ++m) {  // a position from play, with captures and a ko point
      const auto i = Board::index(int(rng() % w), int(rng() % h));
      const Color c = rng() % 2 ? Color::White : Color::Black;
      if (seq.at(i) == Color::Empty && !seq.is_suicide(i, c)) seq.play(i, c);
    }
    Board bulk = seq;
    std::vector<std::pair<Board::Index, Color>> edits;
    for (int k = int(rng() % 12); k > 0; --k)
      edits.push_back({Board::index(int(rng() % w), int(rng() % h)), Color(rng() % 3)});
    for (auto [i, c] : edits) seq.set_stone(i, c);
    bulk.set_stones(edits);
    ASSERT_TRUE(bulk.same_position(seq));
    EXPECT_EQ(bulk.hash(), seq.hash());
    EXPECT_EQ(bulk.ko_point(), seq.ko_point());
    ASSERT_EQ(bulk.empty_count(), seq.empty_count());
    for (int k = 0; k < seq.empty_count(); ++k) EXPECT_EQ(bulk.empty_at(k), seq.empty_at(k));
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const auto i = Board::index(x, y);
        if (!is_stone(seq.at(i))) continue;
        EXPECT_EQ(bulk.chain_head(i), seq.chain_head(i));
        EXPECT_EQ(bulk.next_in_chain(i), seq.next_in_chain(i));
        EXPECT_EQ(bulk.pseudo_liberties(i), seq.pseudo_liberties(i));
      }
    for (Color c : {Color::Black, Color::White}) {
      EXPECT_EQ(bulk.stones(c), seq.stones(c));
      EXPECT_EQ(bulk.captured(c), seq.captured(c));
    }
    std::string why_bulk, why_seq;  // edits may leave a chain without a liberty: both alike
    EXPECT_EQ(bulk.check_consistency(&why_bulk), seq.check_consistency(&why_seq));
    EXPECT_EQ(why_bulk, why_seq);
  }
  Board b(5);
  const std::vector<std::pair<Board::Index, Color>> off = {{Board::index(1, 1), Color::Black},
                                                           {Board::Index(0), Color::White}};
  EXPECT_THROW(b.set_stones(off), std::invalid_argument);
  EXPECT_EQ(b.at(Point(1, 1)), Color::Empty);  // nothing changed
}

TEST(Board, TakingAChainOffGivesThePositionOfRemovingItsStones) {
  // remove_chain_at: the chain goes as in a capture, but is not counted as captured.
  std::mt19937 rng(12);
  int removed = 0;
  for (int n = 0; n < 300; ++n) {
    const int w = 2 + int(rng() % 24), h = n % 4 ? w : 2 + int(rng() % 24);
    Board b(w, h);
    for (int m = 0; m < 2 * w * h; ++m) {
      const auto i = Board::index(int(rng() % w), int(rng() % h));
      const Color c = rng() % 2 ? Color::White : Color::Black;
      if (b.at(i) == Color::Empty && !b.is_suicide(i, c)) b.play(i, c);
    }
    for (int k = 0; k < 3 && b.stones(Color::Black) + b.stones(Color::White) > 0; ++k) {
      Board::Index i = 0;
      while (!is_stone(b.at(i))) i = Board::index(int(rng() % w), int(rng() % h));
      Board plain = b;
      std::vector<std::pair<Board::Index, Color>> chain;
      b.for_each_stone(i, [&](Board::Index s) { chain.push_back({s, Color::Empty}); });
      plain.set_stones(chain);
      b.remove_chain_at(i);
      ASSERT_TRUE(b.same_position(plain));
      EXPECT_EQ(b.hash(), plain.hash());
      EXPECT_EQ(b.ko_point(), Board::kNoIndex);
      EXPECT_EQ(b.empty_count(), plain.empty_count());
      for (Color c : {Color::Black, Color::White}) {
        EXPECT_EQ(b.stones(c), plain.stones(c));
        EXPECT_EQ(b.captured(c), plain.captured(c));
      }
      std::string why;
      ASSERT_TRUE(b.check_consistency(&why)) << why;
      ++removed;
    }
  }
  EXPECT_GT(removed, 800);
  Board b(5);
  EXPECT_THROW(b.remove_chain_at(Board::index(1, 1)), std::invalid_argument);
}

// The eye test from its definition, on logical points: all four neighbours c or off the board;
// of the diagonals at most one opponent stone in the centre, none on the edge or in the corner.
template <class B>
bool reference_eye(const B& b, Point p, Color c) {
  const int w = b.width(), h = b.height();
  const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
  for (int d = 0; d < 4; ++d) {
    const int x = p.x + dx[d], y = p.y + dy[d];
    if (x < 0 || y < 0 || x >= w || y >= h) continue;
    if (b.at(Point(x, y)) != c) return false;
  }
  int enemy = 0;
  bool off = false;
  for (int ex : {-1, 1})
    for (int ey : {-1, 1}) {
      int x = p.x + ex, y = p.y + ey;
      if (x < 0 || y < 0 || x >= w || y >= h) off = true;
      else if (b.at(Point(x, y)) == opponent(c)) ++enemy;
    }
  return off ? enemy == 0 : enemy <= 1;
}

// is_suicide, captures, hash_after and is_eye against playing the move on a copy (and the
// definition above), for every empty point and both colours, all along random games.
template <class B>
void questions_match_playing_the_move(int size, int games, uint32_t seed) {
  std::mt19937 rng(seed);
  for (int g = 0; g < games; ++g) {
    B b(size);
    Color to_move = Color::Black;
    for (int mv = 0; mv < size * size * 2 && b.empty_count() > 0; ++mv) {
      for (int k = 0; k < b.empty_count(); ++k) {
        const auto i = b.empty_at(k);
        for (Color c : {Color::Black, Color::White}) {
          B copy = b;
          const auto u = copy.play(i, c);
          ASSERT_EQ(b.is_suicide(i, c), u.suicided > 0) << b.to_string();
          ASSERT_EQ(b.captures(i, c), u.captured > 0) << b.to_string();
          ASSERT_EQ(b.hash_after(i, c), copy.hash());
          ASSERT_EQ(b.is_eye(i, c), reference_eye(b, B::point(i), c)) << b.to_string();
        }
      }
      // Next move: random, avoiding suicide most of the time, so that shapes with eyes appear.
      auto i = b.empty_at(int(rng() % b.empty_count()));
      if ((b.is_suicide(i, to_move) || b.is_eye(i, to_move)) && rng() % 8) {
        to_move = opponent(to_move);
        continue;
      }
      b.play(i, to_move);
      to_move = opponent(to_move);
    }
  }
}

TEST(Board, SuicideCaptureHashAndEyeQuestionsMatchPlayingTheMove9x9) {
  questions_match_playing_the_move<BoardT<9>>(9, 30, 41);
  questions_match_playing_the_move<BoardT<9>>(5, 100, 42);
}
TEST(Board, SuicideCaptureHashAndEyeQuestionsMatchPlayingTheMoveOnLargerCapacities) {
  questions_match_playing_the_move<BoardT<19>>(13, 4, 43);
  questions_match_playing_the_move<Board>(7, 30, 44);
}

// A deliberately naive board, written from the rules alone (flood fills, no incremental state):
// the oracle for the incremental board in random games.
class NaiveBoard {
 public:
  explicit NaiveBoard(int n) : n_(n), c_(size_t(n * n), Color::Empty) {}
  Color at(int x, int y) const { return c_[size_t(y * n_ + x)]; }
  Point ko() const { return ko_; }
  int captured(Color c) const { return captured_[color_index(c)]; }

  // Plays c at (x, y): captures, then suicide; returns the number of opponent stones captured.
  int play(int x, int y, Color c) {
    set(x, y, c);
    int taken = 0;
    Point last;
    for (Point q : neighbours(x, y))
      if (at(q.x, q.y) == opponent(c)) {
        auto g = group(q.x, q.y);
        if (liberties(g) == 0) {
          taken += int(g.size());
          last = q;
          for (Point s : g) set(s.x, s.y, Color::Empty);
          captured_[color_index(opponent(c))] += int(g.size());
        }
      }
    auto mine = group(x, y);
    if (taken == 0 && liberties(mine) == 0) {
      for (Point s : mine) set(s.x, s.y, Color::Empty);
      captured_[color_index(c)] += int(mine.size());
    }
    ko_ = taken == 1 && mine.size() == 1 && liberties(mine) == 1 ? last : Point::none();
    return taken;
  }

 private:
  void set(int x, int y, Color c) { c_[size_t(y * n_ + x)] = c; }
  std::vector<Point> neighbours(int x, int y) const {
    std::vector<Point> v;
    if (x > 0) v.emplace_back(x - 1, y);
    if (x + 1 < n_) v.emplace_back(x + 1, y);
    if (y > 0) v.emplace_back(x, y - 1);
    if (y + 1 < n_) v.emplace_back(x, y + 1);
    return v;
  }
  std::vector<Point> group(int x, int y) const {
    std::vector<Point> g = {Point(x, y)}, todo = g;
    std::vector<bool> seen(c_.size(), false);
    seen[size_t(y * n_ + x)] = true;
    while (!todo.empty()) {
      Point p = todo.back();
      todo.pop_back();
      for (Point q : neighbours(p.x, p.y))
        if (!seen[size_t(q.y * n_ + q.x)] && at(q.x, q.y) == at(x, y)) {
          seen[size_t(q.y * n_ + q.x)] = true;
          g.push_back(q);
          todo.push_back(q);
        }
    }
    return g;
  }
  int liberties(const std::vector<Point>& g) const {
    std::vector<bool> seen(c_.size(), false);
    int n = 0;
    for (Point p : g)
      for (Point q : neighbours(p.x, p.y))
        if (at(q.x, q.y) == Color::Empty && !seen[size_t(q.y * n_ + q.x)]) {
          seen[size_t(q.y * n_ + q.x)] = true;
          ++n;
        }
    return n;
  }
  int n_;
  std::vector<Color> c_;
  Point ko_;
  int captured_[2] = {0, 0};
};

// play() and play_fast() against the naive board: stones, captures, ko point after every move of
// random games that include suicides, snapbacks and kos.
template <class B, bool kFast>
void incremental_board_matches_naive_board(int size, int games, uint32_t seed) {
  std::mt19937 rng(seed);
  for (int g = 0; g < games; ++g) {
    B b(size);
    NaiveBoard naive(size);
    Color c = Color::Black;
    for (int mv = 0; mv < size * size * 3 && b.empty_count() > 0; ++mv) {
      const auto i = b.empty_at(int(rng() % b.empty_count()));
      if ((b.is_eye(i, c) || i == b.ko_point()) && rng() % 8) {
        c = opponent(c);
        continue;
      }
      const Point p = B::point(i);
      const int taken = naive.play(p.x, p.y, c);
      if constexpr (kFast) {
        b.play_fast(i, c);
      } else {
        ASSERT_EQ(b.play(i, c).captured, taken);
      }
      for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x)
          ASSERT_EQ(b.at(Point(x, y)), naive.at(x, y)) << b.to_string();
      ASSERT_EQ(b.ko_point() == B::kNoIndex ? Point::none() : B::point(b.ko_point()), naive.ko());
      ASSERT_EQ(b.captured(Color::Black), naive.captured(Color::Black));
      ASSERT_EQ(b.captured(Color::White), naive.captured(Color::White));
      c = opponent(c);
    }
  }
}

TEST(Board, PlayMatchesANaiveBoardWrittenFromTheRules) {
  incremental_board_matches_naive_board<BoardT<9>, false>(9, 40, 51);
  incremental_board_matches_naive_board<Board, false>(19, 4, 52);
  incremental_board_matches_naive_board<Board, false>(4, 200, 53);
}
TEST(Board, FastPlayMatchesANaiveBoardWrittenFromTheRules) {
  incremental_board_matches_naive_board<BoardT<9>, true>(9, 40, 54);
  incremental_board_matches_naive_board<BoardT<19>, true>(19, 4, 55);
  incremental_board_matches_naive_board<BoardT<9>, true>(3, 300, 56);
}

TEST(Board, ConvertsBetweenCapacitiesKeepingPositionHashKoAndCounts) {
  Board big = board_from(R"(
    .........
    ..XO.....
    .X.XO....
    ..XO.....
    .........
    .........
    .........
    .........
    .........)");
  big.play(at(big, "C7"), Color::White);  // captures D7: ko at D7
  ASSERT_NE(big.ko_point(), Board::kNoIndex);
  const BoardT<9> small(big);
  for (int y = 0; y < 9; ++y)
    for (int x = 0; x < 9; ++x) EXPECT_EQ(small.at(Point(x, y)), big.at(Point(x, y)));
  EXPECT_EQ(small.hash(), big.hash());
  EXPECT_EQ(BoardT<9>::point(small.ko_point()), Board::point(big.ko_point()));
  EXPECT_EQ(small.captured(Color::Black), 1);
  EXPECT_EQ(small.stones(Color::White), big.stones(Color::White));
  EXPECT_TRUE(small.check_consistency());
  const Board back(small);
  EXPECT_TRUE(back.same_position(big));
  EXPECT_EQ(back.ko_point(), big.ko_point());
  EXPECT_THROW(BoardT<9>(Board(13)), std::invalid_argument);
}
