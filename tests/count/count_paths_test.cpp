// The counting's short cuts against the plain way of doing the same thing: numbers written without
// printf, the Japanese view's analysis shared with the rules' own, the refill's resumed scan, the
// basic eye points chosen from one sorted array, and the views computed from the totals when no
// step boards are kept.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <tuple>
#include <vector>

#include "jpd/count.hpp"
#include "jpd/count_report.hpp"
#include "jpd/eye_reading.hpp"
#include "jpd/number.hpp"
#include "random_game.hpp"
#include "jpd/rules.hpp"

using namespace jpd;

namespace {

// count.cpp's plain form: "%.0f" for integers, else "%g".
std::string printf_number(double v) {
  char buf[64];
  if (v == std::floor(v)) std::snprintf(buf, sizeof buf, "%.0f", v);
  else std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace


// The count of a random game into `out`, or the CountError's message ("" when it counted).
static std::string count_or_error(const RandomGame& rg, const CountOptions& o, Count& out) {
  try {
    out = count(rg.game, rg.statuses, o);
  } catch (const CountError& e) {
    return e.what();
  }
  return "";
}

TEST(CountPaths, SmallNumbersAreWrittenAsPrintfWritesThem) {
  std::vector<double> values = {0.0, -0.0, 0.5, -0.5, 1e15 - 1, -(1e15 - 1), 1e15, 99999.5,
                                -99999.5, 100000.5, 0.25, -0.75, 1e-9, 3.5e7, 4503599627370495.5,
                                std::nan(""), INFINITY, -INFINITY};
  for (int i = -2000; i <= 2000; ++i) {
    values.push_back(i);
    values.push_back(i + 0.5);
    values.push_back(i * 37.25);
    values.push_back(i * 1234567.0);
  }
  int fast = 0;
  for (double v : values) {
    std::string s = "untouched";
    if (format_small_number(v, s)) {
      ++fast;
      EXPECT_EQ(s, printf_number(v)) << v;
    } else {
      EXPECT_EQ(s, "untouched") << v;
      const double m = std::fabs(v);
      const bool small_integer = v == std::floor(v) && m < 1e15 && !(v == 0 && std::signbit(v));
      const bool small_half = m < 1e5 && m - std::floor(m) == 0.5;
      EXPECT_FALSE(small_integer || small_half) << v;
    }
    const char* plain_int = "%.0f";
    char buf[64];
    std::snprintf(buf, sizeof buf, v == std::floor(v) && std::fabs(v) < 1e15 ? plain_int : "%g", v);
    EXPECT_EQ(format_number(v), std::string(buf)) << v;
    std::string appended = "x";
    append_number(appended, v);
    EXPECT_EQ(appended, "x" + std::string(buf)) << v;
  }
  EXPECT_GT(fast, 12000);
}

namespace {

// The position count() analyses: the game's final board without its dead chains (random games
// in independent dispute mode count another position and are left out by the caller).
Board without_dead(const Count& c, const Board& end) {
  Board b = end;
  for (const auto* list : {&c.dead_black, &c.dead_white})
    for (Point p : *list) b.set_stone(p, Color::Empty);
  return b;
}

const MakingStep* step(const Count& c, const std::string& id) {
  for (const MakingStep& s : c.steps)
    if (s.id == id) return &s;
  return nullptr;
}

}  // namespace

TEST(CountPaths, ShortCutsEqualThePlainWayOnRandomGamesUnderEveryPreset) {
  int japanese_checked = 0, refills_checked = 0, eyes_checked = 0, index = 0;
  for (const Preset& p : presets()) {
    for (int n = 0; n < 150; ++n) {
      RandomGame rg = random_game(p.rules, random_game_seed(77, index, uint64_t(n)));
      const Count c = count(rg.game, rg.statuses);
      SCOPED_TRACE(std::string(p.name) + " game " + std::to_string(n));

      // Japanese view: its own analysis of the position without dead stones.
      bool plain_position = true;
      for (const PlayedMove& pm : rg.game.moves())
        plain_position = plain_position && pm.phase != Phase::making;
      if (plain_position && c.notes.end() == std::find_if(c.notes.begin(), c.notes.end(),
                                                          [](const Message& m) {
                                                            return m.id == "note.independent";
                                                          })) {
        // With eye_reading=japanese, the eye reading of the position with its dead stones
        // marked; otherwise the units of the position without them.
        std::vector<Point> marked = c.dead_black;
        marked.insert(marked.end(), c.dead_white.begin(), c.dead_white.end());
        const EyeReadingMap e = EyeReadingMap::of(FinalPosition::of(rg.game.board(), marked));
        AnalysisOptions jopt;
        jopt.exclusive_liberties = false;
        jopt.seki_territory = false;
        const Analysis j = Analysis::of(without_dead(c, rg.game.board()), jopt);
        for (Color col : {Color::Black, Color::White}) {
          const Color o = opponent(col);
          const int territory = c.rules.eye_reading == EyeReading::japanese
                                    ? e.territory(col)
                                    : j.territory_outside_seki(col);
          EXPECT_EQ(c.japanese().of(col),
                    territory + c.captured.of(o) + c.dead.of(o) + c.pass_stones.of(o));
        }
        ++japanese_checked;
      }

      // Refill: the first empty points of each side's territory in row-major order.
      const MakingStep* before = step(c, "dead_removed");
      const MakingStep* refilled = step(c, "refilled");
      if (before && refilled && c.overflow.black == 0 && c.overflow.white == 0) {
        for (Color col : {Color::Black, Color::White}) {
          std::vector<Point> expected, got;
          const int n_refill = refilled->board.stones(col) - before->board.stones(col);
          for (int y = 0; y < c.height; ++y)
            for (int x = 0; x < c.width; ++x) {
              const Board::Index i = Board::index(x, y);
              if (int(expected.size()) < n_refill && before->board.color[i] == Color::Empty &&
                  before->board.cls[i] == territory_of(col))
                expected.push_back(Point(x, y));
              if (refilled->board.mark[i] == CountBoard::Mark::refilled &&
                  refilled->board.color[i] == col)
                got.push_back(Point(x, y));
            }
          EXPECT_EQ(got, expected);
        }
        ++refills_checked;
      }

      // Basic eye points: per unit, its first owned point, or the first non-adjacent pair of its
      // owned points in row-major order for an independent unit.
      const MakingStep* living = step(c, "living_stones");
      if (before && living) {
        const Board position = [&] {
          Board b(c.width, c.height);
          for (int y = 0; y < c.height; ++y)
            for (int x = 0; x < c.width; ++x)
              if (is_stone(before->board.color[Board::index(x, y)]))
                b.set_stone(Point(x, y), before->board.color[Board::index(x, y)]);
          return b;
        }();
        AnalysisOptions aopt;
        aopt.exclusive_liberties = c.rules.seki_exclusive_liberties;
        aopt.seki_territory = c.rules.seki_territory == SekiTerritory::owned;
        for (const Claim& cl : c.claims)
          if (position.at(cl.point) == Color::Empty) aopt.claims.push_back(cl);
        const Analysis a = Analysis::of(position, aopt);
        std::vector<std::vector<Board::Index>> owned(a.units().size());
        for (int y = 0; y < c.height; ++y)
          for (int x = 0; x < c.width; ++x) {
            const Board::Index i = Board::index(x, y);
            const PointClass k = before->board.cls[i];
            if (a.unit_of(i) >= 0 && before->board.color[i] == Color::Empty &&
                (k == PointClass::black_territory || k == PointClass::white_territory))
              owned[size_t(a.unit_of(i))].push_back(i);
          }
        std::vector<Board::Index> expected, got;
        for (size_t u = 0; u < owned.size(); ++u) {
          const auto& pts = owned[u];
          if (pts.empty()) continue;
          if (a.units()[u].basic_eyes() < 2) {
            expected.push_back(pts[0]);
            continue;
          }
          bool done = false;
          for (size_t x = 0; x < pts.size() && !done; ++x)
            for (size_t y = x + 1; y < pts.size() && !done; ++y) {
              const int d = std::abs(int(pts[x]) - int(pts[y]));
              if (d != 1 && d != Board::kStride) {
                expected.push_back(pts[x]);
                expected.push_back(pts[y]);
                done = true;
              }
            }
        }
        for (int y = 0; y < c.height; ++y)
          for (int x = 0; x < c.width; ++x)
            if (living->board.mark[Board::index(x, y)] == CountBoard::Mark::basic_eye)
              got.push_back(Board::index(x, y));
        std::sort(expected.begin(), expected.end());
        EXPECT_EQ(got, expected);
        ++eyes_checked;
      }
    }
    ++index;
  }
  EXPECT_GT(japanese_checked, 1000);
  EXPECT_GT(refills_checked, 500);  // no refill under sci-4-x, nor with overflow
  EXPECT_GT(eyes_checked, 1000);
}

TEST(CountPaths, WithoutStepsEveryFigureEqualsTheStepByStepCount) {
  // count() without the steps computes the views from the classification's totals; with them it
  // makes every step on a board. Everything but the steps must agree, on random games under
  // every preset (tiny boards included: payers without stones, overflowing refills, seki).
  int index = 0, games = 0, overflow = 0, unpaid = 0, ceded = 0, seki = 0;
  for (const Preset& p : presets()) {
    for (int n = 0; n < 400; ++n) {
      RandomGameOptions ro;
      if (n % 4 == 1) {
        ro.min_size = 2;
        ro.max_size = 4;
      } else if (n % 4 == 2) {
        ro.min_size = 2;
        ro.max_size = 25;
      } else if (n % 4 == 3) {
        ro.claim_one_in = 3;
        ro.dead_one_in = 4;
      }
      RandomGame rg = random_game(p.rules, random_game_seed(31, index, uint64_t(n)), ro);
      SCOPED_TRACE(std::string(p.name) + " game " + std::to_string(n));
      CountOptions plain, fast;
      fast.keep_steps = false;
      Count a, b;
      const std::string plain_error = count_or_error(rg, plain, a);
      const std::string fast_error = count_or_error(rg, fast, b);
      ASSERT_EQ(fast_error, plain_error);
      if (!plain_error.empty()) continue;
      nlohmann::json ja = to_json(a), jb = to_json(b);
      EXPECT_FALSE(ja["steps"].empty());
      EXPECT_TRUE(jb["steps"].empty());
      EXPECT_TRUE(jb["ownership"].empty());  // the maps are the steps' boards
      for (const char* derived : {"steps", "ownership"}) {
        ja.erase(derived);
        jb.erase(derived);
      }
      ASSERT_EQ(jb.dump(), ja.dump());
      // Without the texts: the same figures, no payment words, no invariant details.
      CountOptions numbers = fast;
      numbers.texts = false;
      nlohmann::json jc = to_json(count(rg.game, rg.statuses, numbers));
      jc.erase("steps");
      jc.erase("ownership");
      EXPECT_EQ(jc["payment"], "");
      for (nlohmann::json& i : jc["invariants"]) {
        EXPECT_EQ(i["detail"], "");
        i.erase("detail");
      }
      ja["payment"] = "";
      for (nlohmann::json& i : ja["invariants"]) i.erase("detail");
      ASSERT_EQ(jc.dump(), ja.dump());
      ++games;
      overflow += a.overflow.black + a.overflow.white > 0;
      unpaid += std::any_of(a.notes.begin(), a.notes.end(),
                            [](const Message& m) { return m.id == "note.unpaid"; });
      for (const MakingStep& s : a.steps)
        for (const Message& note : s.notes) ceded += note.id == "note.cede";
      seki += a.seki_units.black + a.seki_units.white > 0;
    }
    ++index;
  }
  EXPECT_GT(games, 8000);
  EXPECT_GT(overflow, 50);
  EXPECT_GT(unpaid, 5);
  EXPECT_GT(ceded, 5);
  EXPECT_GT(seki, 200);
}

TEST(CountPaths, CountingIntoAnEarlierCountGivesAFreshCount) {
  // count(..., out) writes over whatever out held (its storage used again): one Count object
  // through games of every preset, with and without steps and texts, games that fail to count
  // included, must read as a fresh count each time.
  Count reused;
  int index = 0, compared = 0;
  for (const Preset& p : presets()) {
    for (int n = 0; n < 40; ++n) {
      RandomGameOptions ro;
      ro.claim_one_in = n % 3 == 0 ? 4 : 16;
      const RandomGame rg = random_game(p.rules, random_game_seed(41, index, uint64_t(n)), ro);
      CountOptions o;
      o.keep_steps = n % 4 == 0;
      o.texts = n % 3 != 1;
      std::string fresh;
      try {
        fresh = to_json(count(rg.game, rg.game.rules(), rg.statuses, o)).dump();
      } catch (const CountError& e) {
        fresh = e.what();
      }
      std::string again;
      try {
        count(rg.game, rg.game.rules(), rg.statuses, o, reused);
        again = to_json(reused).dump();
      } catch (const CountError& e) {
        again = e.what();
      }
      ASSERT_EQ(again, fresh) << p.name << " game " << n;
      ++compared;
    }
    ++index;
  }
  EXPECT_EQ(compared, 40 * int(presets().size()));
}

TEST(CountPaths, BatchFastPathWithoutBoardsEqualsTheBoardPathOnRandomGamesUnderEveryPreset) {
  // jpd batch counts with check_by_boards=false: no board of the making is made and every view
  // is its formula. The board path (check_by_boards, the default) makes Ing's filled board, the
  // living-stones board and the refilled equal-stones board and counts each view on it. On the
  // same game and statuses every figure must agree, under every preset: the result, every view,
  // every payment, every invariant with its numbers. With the texts off too, as batch counts.
  int index = 0, games = 0, refused = 0;
  for (const Preset& p : presets()) {
    for (int n = 0; n < 200; ++n) {
      RandomGameOptions ro;
      if (n % 4 == 1) {
        ro.min_size = 2;
        ro.max_size = 4;
      } else if (n % 4 == 2) {
        ro.min_size = 2;
        ro.max_size = 19;
      } else if (n % 4 == 3) {
        ro.claim_one_in = 3;
        ro.dead_one_in = 4;
      }
      const RandomGame rg = random_game(p.rules, random_game_seed(53, index, uint64_t(n)), ro);
      SCOPED_TRACE(std::string(p.name) + " game " + std::to_string(n));
      CountOptions boards, fast;
      boards.keep_steps = fast.keep_steps = false;
      boards.check_by_boards = true;
      fast.check_by_boards = false;
      Count a, b;
      const std::string boards_error = count_or_error(rg, boards, a);
      const std::string fast_error = count_or_error(rg, fast, b);
      ASSERT_EQ(fast_error, boards_error);
      if (!boards_error.empty()) {
        ++refused;
        continue;
      }
      EXPECT_EQ(b.result, a.result);
      for (const auto& [name, x, y] :
           {std::tuple{"area", a.area(), b.area()}, std::tuple{"territory", a.territory(), b.territory()},
            std::tuple{"fill_up", a.fill_up(), b.fill_up()},
            std::tuple{"living_stones", a.living_stones(), b.living_stones()},
            std::tuple{"japanese", a.japanese(), b.japanese()},
            std::tuple{"haiqitou", a.haiqitou(), b.haiqitou()},
            std::tuple{"ancient", a.ancient(), b.ancient()}}) {
        EXPECT_EQ(y.black, x.black) << name;
        EXPECT_EQ(y.white, x.white) << name;
      }
      ASSERT_EQ(b.invariants.size(), a.invariants.size());
      for (size_t i = 0; i < a.invariants.size(); ++i) {
        EXPECT_EQ(b.invariants[i].name, a.invariants[i].name);
        EXPECT_EQ(b.invariants[i].ok, a.invariants[i].ok) << a.invariants[i].name;
        EXPECT_EQ(b.invariants[i].detail, a.invariants[i].detail) << a.invariants[i].name;
      }
      EXPECT_TRUE(a.all_invariants_hold);
      // Every other figure, through the JSON contract (both keep no steps and no maps).
      ASSERT_EQ(to_json(b).dump(), to_json(a).dump());
      // As jpd batch counts: no texts either.
      CountOptions batch = fast;
      batch.texts = false;
      CountOptions boards_numbers = boards;
      boards_numbers.texts = false;
      ASSERT_EQ(to_json(count(rg.game, rg.statuses, batch)).dump(),
                to_json(count(rg.game, rg.statuses, boards_numbers)).dump());
      ++games;
    }
    ++index;
  }
  EXPECT_GT(games, 4000);
  EXPECT_LT(refused, games / 10);
}
