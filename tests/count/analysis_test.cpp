// Analysis::of (the fast classification: one flood fill over the empty points, a union-find over
// chains) against the plain classification it replaced (reference_analysis.hpp), point by point
// and unit by unit, on random positions of every board size 2..25, rectangular boards, with and
// without exclusive liberties, seki territory and claims.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "jpd/making.hpp"
#include "random_game.hpp"
#include "jpd/rng.hpp"
#include "reference_analysis.hpp"
#include "test_util.hpp"

using namespace jpd;

namespace {

struct Coverage {
  int positions = 0, seki_units = 0, exclusive = 0, public_liberties = 0, claims = 0,
      seki_eyes_shared = 0, lone_claims = 0, sizes[kMaxBoardSize + 1] = {};
};

// Compares everything Analysis tells about the position with the reference; returns a failure
// description, or "" when they agree.
std::string compare(const Board& b, const AnalysisOptions& o, Coverage& cov) {
  const Analysis a = Analysis::of(b, o);
  const reference::Classification r = reference::classify(b, o);
  for (int i = 0; i < Board::kArea; ++i) {
    const auto idx = Board::Index(i);
    if (a.at(idx) != r.cls[size_t(i)])
      return "class at index " + std::to_string(i) + ": " + std::string(name_of(a.at(idx))) +
             " instead of " + std::string(name_of(r.cls[size_t(i)]));
    if (a.unit_of(idx) != r.unit[size_t(i)])
      return "unit at index " + std::to_string(i) + ": " + std::to_string(a.unit_of(idx)) +
             " instead of " + std::to_string(r.unit[size_t(i)]);
  }
  if (a.units().size() != r.units.size())
    return "units: " + std::to_string(a.units().size()) + " instead of " +
           std::to_string(r.units.size());
  for (size_t u = 0; u < r.units.size(); ++u) {
    const Unit &x = a.units()[u], &y = r.units[u];
    if (x.color != y.color || x.stones != y.stones || x.owned != y.owned ||
        x.independent != y.independent || x.seki != y.seki || !(x.first_stone == y.first_stone))
      return "unit " + std::to_string(u) + " differs";
    cov.seki_units += x.seki;
  }
  for (Color c : {Color::Black, Color::White}) {
    const int k = color_index(c);
    if (a.stones(c) != r.stones[k] || a.territory(c) != r.territory[k] ||
        a.territory_outside_seki(c) != r.territory_outside_seki[k])
      return std::string(color_name(c)) + "'s totals differ";
    int groups = 0, units = 0, seki = 0, eyes = 0;
    for (const Unit& u : r.units) {
      if (u.color != c) continue;
      groups += u.counts_as_group();
      ++units;
      seki += u.seki;
      eyes += u.basic_eyes();
    }
    if (a.groups(c) != groups || a.unit_count(c) != units || a.seki_units(c) != seki ||
        a.basic_eyes(c) != eyes)
      return std::string(color_name(c)) + "'s unit counts differ";
  }
  if (a.public_liberties() != r.public_liberties || a.dame() != r.dame ||
      a.seki_eyes_shared() != r.seki_eyes_shared)
    return "shared points differ";
  if (a.dame_points() != r.dame_points) return "dame points differ";
  ++cov.positions;
  ++cov.sizes[std::max(b.width(), b.height())];
  cov.public_liberties += a.public_liberties() > 0;
  cov.seki_eyes_shared += a.seki_eyes_shared() > 0;
  cov.claims += !o.claims.empty();
  for (int y = 0; y < b.height(); ++y)
    for (int x = 0; x < b.width(); ++x) {
      const auto i = Board::index(x, y);
      const PointClass k = a.at(i);
      if (k != PointClass::black_territory && k != PointClass::white_territory) continue;
      bool next_to_own = false;
      for (int d : Board::kDirs)
        next_to_own |= b.at(Board::Index(i + d)) ==
                       (k == PointClass::black_territory ? Color::Black : Color::White);
      cov.lone_claims += !next_to_own && a.unit_of(i) < 0;
    }
  if (o.exclusive_liberties && o.claims.empty()) {
    AnalysisOptions shared = o;
    shared.exclusive_liberties = false;
    cov.exclusive += Analysis::of(b, shared).territory(Color::Black) != a.territory(Color::Black);
  }
  return "";
}

// Random claims: empty points (some twice, some in the opponent's area), random colours.
std::vector<Claim> random_claims(const Board& b, Rng& rng) {
  std::vector<Claim> claims;
  const int n = int(rng.below(4));
  for (int k = 0; k < n && b.empty_count() > 0; ++k) {
    const Point p = Board::point(b.empty_at(int(rng.below(uint32_t(b.empty_count())))));
    claims.push_back({rng.below(2) ? Color::White : Color::Black, p});
  }
  return claims;
}

// A random position by play: random legal moves (captures made, no suicide) filling most of the
// board, so that units, eyes, seki and dame of every shape occur.
Board random_position(int w, int h, Rng& rng) {
  Board b(w, h);
  const int moves = int(rng.below(uint32_t(3 * w * h))) + 1;
  Color c = Color::Black;
  for (int m = 0; m < moves && b.empty_count() > 0; ++m) {
    const auto i = b.empty_at(int(rng.below(uint32_t(b.empty_count()))));
    if (!b.is_suicide(i, c) && !(b.is_eye(i, c) && rng.below(4))) b.play(i, c);
    c = opponent(c);
  }
  return b;
}

}  // namespace

TEST(Analysis, EqualsThePlainClassificationOnRandomPositions) {
  Coverage cov;
  Rng rng(2024);
  for (int n = 0; n < 6000; ++n) {
    const int w = n < 2400 ? 2 + n % 24 : int(rng.below(8)) + 2;
    const int h = n % 5 == 0 ? int(rng.below(24)) + 2 : w;
    const Board b = random_position(w, h, rng);
    for (int variant = 0; variant < 4; ++variant) {
      AnalysisOptions o;
      o.exclusive_liberties = variant & 1;
      o.seki_territory = variant & 2;
      if (rng.below(3) == 0) o.claims = random_claims(b, rng);
      const std::string why = compare(b, o, cov);
      ASSERT_EQ(why, "") << w << "x" << h << " position " << n << " variant " << variant << "\n"
                         << b.to_string();
    }
  }
  for (int s = 2; s <= kMaxBoardSize; ++s) EXPECT_GT(cov.sizes[s], 0) << s;
  EXPECT_GT(cov.seki_units, 10000);
  EXPECT_GT(cov.exclusive, 500);
  EXPECT_GT(cov.public_liberties, 2000);
  EXPECT_GT(cov.seki_eyes_shared, 500);
  EXPECT_GT(cov.claims, 3000);
  EXPECT_GT(cov.lone_claims, 500);
}

TEST(Analysis, EqualsThePlainClassificationOnCountedPositionsOfRandomGames) {
  // The positions count() classifies: random games under every preset, their dead stones
  // removed, their claims given.
  Coverage cov;
  int index = 0;
  for (const Preset& p : presets()) {
    for (int n = 0; n < 120; ++n) {
      RandomGameOptions ro;
      if (n % 3 == 1) {
        ro.min_size = 2;
        ro.max_size = 25;
      }
      const RandomGame rg = random_game(p.rules, random_game_seed(5, index, uint64_t(n)), ro);
      Board b = rg.game.board();
      for (Point d : rg.statuses.dead)
        if (is_stone(b.at(d))) {
          std::vector<Board::Index> chain;
          b.for_each_stone(Board::index(d), [&](Board::Index s) { chain.push_back(s); });
          for (Board::Index s : chain) b.set_stone(s, Color::Empty);
        }
      AnalysisOptions o;
      o.exclusive_liberties = p.rules.seki_exclusive_liberties;
      o.seki_territory = p.rules.seki_territory == SekiTerritory::owned;
      for (const Claim& c : rg.statuses.claims)
        if (b.at(c.point) == Color::Empty) o.claims.push_back(c);
      const std::string why = compare(b, o, cov);
      ASSERT_EQ(why, "") << p.name << " game " << n << "\n" << b.to_string();
    }
    ++index;
  }
  EXPECT_GT(cov.positions, 2500);
}

TEST(Analysis, RefusesClaimsAsThePlainClassificationDoes) {
  Board b(5);
  b.play(Board::index(Point(2, 2)), Color::Black);
  for (const Claim& c : {Claim{Color::White, Point(2, 2)}, Claim{Color::Black, Point(7, 1)}}) {
    AnalysisOptions o;
    o.claims = {Claim{Color::Black, Point(0, 0)}, c};
    std::string fast, plain;
    try {
      Analysis::of(b, o);
    } catch (const std::invalid_argument& e) {
      fast = e.what();
    }
    try {
      reference::classify(b, o);
    } catch (const std::invalid_argument& e) {
      plain = e.what();
    }
    EXPECT_FALSE(fast.empty());
    EXPECT_EQ(fast, plain);
  }
}

TEST(Analysis, CacheGivesTheClassificationOfThePositionAndOptionsAskedFor) {
  // Positions that differ in a point or two, with the same hash-unrelated options, asked for
  // again and again in random order: the cache must tell them apart and keep each one's result.
  Rng rng(77);
  std::vector<Board> boards;
  for (int n = 0; n < 20; ++n) {
    Board b = random_position(9, 9, rng);
    boards.push_back(b);
    if (b.empty_count() > 0) {
      b.play(b.empty_at(0), Color::Black);
      boards.push_back(b);
    }
  }
  boards.push_back(Board(9, 7));
  boards.push_back(Board(7, 9));
  AnalysisCache cache;
  auto same = [](const Analysis& x, const Analysis& y) {
    for (int i = 0; i < Board::kArea; ++i)
      if (x.at(Board::Index(i)) != y.at(Board::Index(i)) ||
          x.unit_of(Board::Index(i)) != y.unit_of(Board::Index(i)))
        return false;
    if (x.units().size() != y.units().size()) return false;
    for (size_t u = 0; u < x.units().size(); ++u)
      if (x.units()[u].stones != y.units()[u].stones || x.units()[u].seki != y.units()[u].seki ||
          x.units()[u].independent != y.units()[u].independent)
        return false;
    return x.area(Color::Black) == y.area(Color::Black) && x.shared() == y.shared();
  };
  for (int n = 0; n < 2000; ++n) {
    const Board& b = boards[rng.below(uint32_t(boards.size()))];
    AnalysisOptions o;
    o.exclusive_liberties = rng.below(2);
    o.seki_territory = rng.below(2);
    if (rng.below(3) == 0 && b.empty_count() > 0)
      o.claims.push_back({Color::White, Board::point(b.empty_at(0))});
    ASSERT_TRUE(same(cache.of(b, o), Analysis::of(b, o))) << n;
  }
  EXPECT_LE(cache.size(), boards.size() * 8);
  EXPECT_GT(cache.size(), boards.size() * 3);
}

TEST(Analysis, AdjacentExclusiveLibertiesJoinTheirChainsIntoOneUnit) {
  // SPEC §7: a unit is its colour's stones joined through its owned points, exclusive liberties
  // included. White's exclusive liberties C9 and D9 (a seki: D8 and E6 are public liberties) lie
  // next to each other, between the chain at A8 and the one at E9: one unit, a seki unit with
  // one basic eye (a real 9x9 ending of the shared corpus, counted without dead stones).
  const Board b = test::board_from<Board>(R"(
    . . . . O X X . .
    O O O . O O X . .
    O O X X X O X X .
    O X O O . O X . X
    O X X O . O O X X
    X X . X O O O O X
    . . X X X X O O O
    . . . . X O O O .
    . . . . X X O . O)");
  const Analysis a = Analysis::of(b, {});
  auto at = [&](const char* p) { return Board::index(parse_point(p, 9, 9)); };
  EXPECT_EQ(a.at(at("C9")), PointClass::white_territory);
  EXPECT_EQ(a.at(at("D9")), PointClass::white_territory);
  ASSERT_GE(a.unit_of(at("A8")), 0);
  EXPECT_EQ(a.unit_of(at("A8")), a.unit_of(at("E9")));
  EXPECT_EQ(a.unit_count(Color::White), 1);
  EXPECT_EQ(a.seki_units(Color::White), 1);
  EXPECT_EQ(a.basic_eyes(Color::White), 1);
}

TEST(Analysis, APointClaimedByTheOtherColourJoinsNoChainsOfTheOwner) {
  // B3 is White's point, and the only link between the white stones A3, C3 and B2; claimed by
  // Black (the stone an eternal ko would take, interpretation 10) it is Black's, and White's
  // stones are three units.
  const Board b = test::board_from<Board>(R"(
    O . O
    X O X
    X X X)");
  auto at = [&](const char* p) { return Board::index(parse_point(p, 3, 3)); };
  const Analysis plain = Analysis::of(b, {});
  EXPECT_EQ(plain.unit_of(at("A3")), plain.unit_of(at("B2")));
  EXPECT_EQ(plain.unit_of(at("C3")), plain.unit_of(at("B2")));
  EXPECT_EQ(plain.unit_count(Color::White), 1);
  AnalysisOptions o;
  o.claims = {{Color::Black, parse_point("B3", 3, 3)}};
  const Analysis claimed = Analysis::of(b, o);
  EXPECT_EQ(claimed.at(at("B3")), PointClass::black_territory);
  EXPECT_EQ(claimed.unit_count(Color::White), 3);
  EXPECT_EQ(claimed.unit_of(at("B3")), -1);  // it touches no black stone: it joins no unit
}
