// The eye reading against its reference (reference_eye_reading.hpp: the reading as it was before
// it was made fast): every map of EyeReadingMap::of (territory, seki, false eyes, unscored false
// eyes, dame, eye values, the totals) must be the reference's, point by point, on
//   - goscorer's 91 positions in their eight orientations, with and without score_false_eyes,
//     and with a few points of each changed at random;
//   - the final positions of the shared corpus (real games), with no dead stones, with random
//     dead chains and with random dead stones;
//   - random finished games of every size (the generator's dead stones, and random ones), read
//     from the Board as count() and the finishing search read them;
//   - the final positions of random playouts stopped early or played out;
//   - random grids of every shape from 1x1 to 52x52 and many densities.
// Each test counts the positions it compares and how many of them show seki, false eyes and
// eyes of every value, so that a change to the generators cannot quietly empty them.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "jpd/eye_reading.hpp"
#include "jpd/playout.hpp"
#include "random_game.hpp"
#include "jpd/replay.hpp"
#include "jpd/rules.hpp"
#include "jpd/sgf.hpp"
#include "eye_reading_util.hpp"
#include "reference_eye_reading.hpp"

using namespace jpd;

namespace {

constexpr Color E = Color::Empty;

// What the compared positions showed: a test that compares positions none of which has seki, a
// false eye or an eye of value two is not testing much.
struct Seen {
  int positions = 0, seki = 0, false_eyes = 0, unscored = 0, dame = 0, value[3] = {0, 0, 0};
};

char colour_char(Color c) { return c == Color::Black ? 'B' : c == Color::White ? 'W' : '.'; }

// The first difference between the map and the reference's, "" when there is none.
std::string difference(const EyeReadingMap& m, const reference::ReadingMaps& r) {
  if (m.width() != r.width || m.height() != r.height) return "size";
  for (int y = 0; y < m.height(); ++y)
    for (int x = 0; x < m.width(); ++x) {
      const Point p(x, y);
      const size_t i = size_t(y * m.width() + x);
      const std::string at = " at " + std::to_string(x) + "," + std::to_string(y) + ": ";
      if (m.territory(p) != r.territory[i])
        return "territory" + at + colour_char(m.territory(p)) + " not " +
               colour_char(r.territory[i]);
      if (m.seki(p) != r.seki[i])
        return "seki" + at + colour_char(m.seki(p)) + " not " + colour_char(r.seki[i]);
      if (m.false_eye(p) != bool(r.false_eye[i])) return "false eye" + at;
      if (m.unscored_false_eye(p) != bool(r.unscored_false_eye[i]))
        return "unscored false eye" + at;
      if (m.dame(p) != bool(r.dame[i])) return "dame" + at;
      if (m.eye_value(p) != r.eye_value[i])
        return "eye value" + at + std::to_string(m.eye_value(p)) + " not " +
               std::to_string(r.eye_value[i]);
    }
  for (Color c : {Color::Black, Color::White})
    if (m.territory(c) != r.territory_count[color_index(c)]) return "territory total";
  return "";
}

// Reads f both ways and compares (under both options when `both_options`); counts what it saw.
void expect_same(const FinalPosition& f, Seen& seen, const std::string& name,
                 bool both_options = false) {
  for (bool score_false_eyes : {false, true}) {
    if (score_false_eyes && !both_options) break;
    EyeReadingOptions o;
    o.score_false_eyes = score_false_eyes;
    const EyeReadingMap m = EyeReadingMap::of(f, o);
    const reference::ReadingMaps r = reference::read_eyes(f, o);
    const std::string d = difference(m, r);
    EXPECT_EQ(d, "") << name << (score_false_eyes ? " (false eyes scored)" : "") << "\n"
                     << f.to_string();
    if (!d.empty()) return;
  }
  ++seen.positions;
  const EyeReadingMap m = EyeReadingMap::of(f);
  bool seki = false, false_eye = false, unscored = false, dame = false, value[3] = {};
  for (int y = 0; y < f.height(); ++y)
    for (int x = 0; x < f.width(); ++x) {
      const Point p(x, y);
      seki = seki || m.seki(p) != E;
      false_eye = false_eye || m.false_eye(p);
      unscored = unscored || m.unscored_false_eye(p);
      dame = dame || m.dame(p);
      if (f.at(p) == E || f.dead(p)) value[m.eye_value(p)] = true;
    }
  seen.seki += seki;
  seen.false_eyes += false_eye;
  seen.unscored += unscored;
  seen.dame += dame;
  for (int v = 0; v < 3; ++v) seen.value[v] += value[v];
}

// Every kind of point turned up somewhere among the positions compared.
void expect_varied(const Seen& s, int min_positions) {
  std::cout << "  " << s.positions << " positions the same as the reference's; with seki " << s.seki
            << ", false eyes " << s.false_eyes << ", unscored false eyes " << s.unscored
            << ", dame " << s.dame << ", eyes of value 0/1/2 " << s.value[0] << "/" << s.value[1]
            << "/" << s.value[2] << "\n";
  EXPECT_GE(s.positions, min_positions);
  EXPECT_GT(s.seki, 0);
  EXPECT_GT(s.false_eyes, 0);
  EXPECT_GT(s.unscored, 0);
  EXPECT_GT(s.dame, 0);
  for (int v = 0; v < 3; ++v) EXPECT_GT(s.value[v], 0) << "no eye of value " << v;
}

// The Board's position with `dead` marked, as FinalPosition::of makes it, but point by point
// through FinalPosition::set: the two must agree.
FinalPosition position_by_points(const Board& b, const std::vector<Point>& dead) {
  FinalPosition f(b.width(), b.height());
  for (int y = 0; y < b.height(); ++y)
    for (int x = 0; x < b.width(); ++x) f.set(Point(x, y), b.at(Point(x, y)));
  for (Point p : dead) f.set(p, b.at(p), true);
  return f;
}

// A Board read as count() and the finishing search read it: from the Board and its dead list
// directly, and through FinalPosition::of; both must be the reference's map, and the territory
// counts alone (what count() and the search take) the map's.
void expect_same_from_board(const Board& b, const std::vector<Point>& dead, Seen& seen,
                            const std::string& name) {
  const FinalPosition f = FinalPosition::of(b, dead);
  ASSERT_EQ(f.to_string(), position_by_points(b, dead).to_string()) << name;
  const EyeReadingMap direct = EyeReadingMap::of(b, dead);
  EXPECT_EQ(difference(direct, reference::read_eyes(f)), "") << name << " (from the Board)\n"
                                                              << f.to_string();
  const std::array<int, 2> counts = EyeReadingMap::territory_counts(b, dead);
  EXPECT_EQ(counts[0], direct.territory(Color::Black)) << name << " (territory counts)";
  EXPECT_EQ(counts[1], direct.territory(Color::White)) << name << " (territory counts)";
  expect_same(f, seen, name);
}

// Every stone of the chains of `heads`.
std::vector<Point> whole_chains(const Board& b, const std::vector<Point>& heads) {
  std::vector<Point> out;
  std::vector<uint8_t> taken(size_t(Board::kArea), 0);
  for (Point p : heads) {
    if (!is_stone(b.at(p)) || taken[Board::index(p)]) continue;
    b.for_each_stone(Board::index(p), [&](Board::Index s) {
      taken[s] = 1;
      out.push_back(Board::point(s));
    });
  }
  return out;
}

// Random dead marks on b: each chain with probability 1/chain_one_in (its whole chain), or each
// stone with probability 1/stone_one_in.
std::vector<Point> random_dead(const Board& b, std::mt19937& rng, int chain_one_in,
                               int stone_one_in) {
  std::vector<Point> heads, stones;
  for (int y = 0; y < b.height(); ++y)
    for (int x = 0; x < b.width(); ++x) {
      const Board::Index i = Board::index(x, y);
      if (!is_stone(b.at(i))) continue;
      if (chain_one_in && b.chain_head(i) == i && rng() % unsigned(chain_one_in) == 0)
        heads.push_back(Point(x, y));
      if (stone_one_in && rng() % unsigned(stone_one_in) == 0) stones.push_back(Point(x, y));
    }
  std::vector<Point> dead = whole_chains(b, heads);
  for (Point p : stones)
    if (std::find(dead.begin(), dead.end(), p) == dead.end()) dead.push_back(p);
  return dead;
}

using test::turn;

}  // namespace

TEST(EyeReadingDiff, GoscorerPositionsInEveryOrientationAndChangedAtRandom) {
  const auto positions = test::goscorer_positions();
  if (positions.empty()) GTEST_SKIP() << "no goscorer positions in " << JPD_SHARED_DIR;
  EXPECT_EQ(positions.size(), 91u);
  Seen seen;
  std::mt19937 rng(3);
  const char kinds[] = "xobw.";
  for (const test::GoscorerPosition& p : positions) {
    const std::string& name = p.name;
    const FinalPosition f = test::board_of(p);
    for (int o = 0; o < 8; ++o)
      expect_same(turn(f, o), seen, name + " turned " + std::to_string(o), true);
    // Ten copies with one to eight points changed: shapes near the real ones.
    for (int k = 0; k < 10; ++k) {
      std::string text = f.to_string();
      const int changes = 1 + int(rng() % 8);
      for (int c = 0; c < changes; ++c) {
        size_t i = rng() % text.size();
        while (text[i] == '\n') i = rng() % text.size();
        text[i] = kinds[rng() % 5];
      }
      expect_same(FinalPosition::parse(text), seen, name + " changed", true);
    }
  }
  expect_varied(seen, 91 * 18);
}

TEST(EyeReadingDiff, FinalPositionsOfTheSharedCorpus) {
  const auto dir = std::filesystem::path(JPD_SHARED_DIR) / "corpus" / "games";
  if (!std::filesystem::is_directory(dir)) GTEST_SKIP() << "no shared corpus at " << dir;
  std::vector<std::filesystem::path> files;
  for (const auto& f : std::filesystem::directory_iterator(dir))
    if (f.path().extension() == ".sgf") files.push_back(f.path());
  std::sort(files.begin(), files.end());
#ifdef JPD_SANITIZED
  // Under the sanitizers every fourth record (the Release tree compares them all).
  std::vector<std::filesystem::path> slice;
  for (size_t k = 0; k < files.size(); k += 4) slice.push_back(files[k]);
  files.swap(slice);
#endif
  Seen seen;
  std::mt19937 rng(17);
  int replayed = 0;
  for (const auto& path : files) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    Board b;
    try {
      const sgf::Record r = sgf::read_record_text(text.str());
      b = replay(r, rules_for_record(r, std::nullopt)).game.board();
    } catch (const std::exception&) {
      continue;  // a record the referee does not replay: not this test's business
    }
    ++replayed;
    const std::string name = path.filename().string();
    expect_same_from_board(b, {}, seen, name);
    expect_same_from_board(b, random_dead(b, rng, 6, 0), seen, name + " dead chains");
    expect_same_from_board(b, random_dead(b, rng, 0, 12), seen, name + " dead stones");
  }
  EXPECT_GT(replayed, int(files.size()) * 9 / 10);
  expect_varied(seen, replayed * 3);
}

TEST(EyeReadingDiff, RandomFinishedGamesReadFromTheBoard) {
  const Ruleset rules = parse_ruleset("japanese");
  RandomGameOptions opts;
  opts.min_size = 2;
  opts.max_size = 19;
  Seen seen;
  std::mt19937 rng(29);
  for (uint64_t n = 0; n < 1500; ++n) {
    const RandomGame rg = random_game(rules, random_game_seed(7, 0, n), opts);
    const Board& b = rg.game.board();
    const std::string name = "game " + std::to_string(n);
    expect_same_from_board(b, whole_chains(b, rg.statuses.dead), seen, name);
    expect_same_from_board(b, random_dead(b, rng, 0, 5), seen, name + " random dead");
  }
  expect_varied(seen, 3000);
}

TEST(EyeReadingDiff, RandomPlayoutsStoppedAnywhere) {
  Seen seen;
  std::mt19937 rng(41);
  for (int n = 0; n < 1200; ++n) {
    const int size = 2 + int(rng() % 24), height = n % 5 == 0 ? 2 + int(rng() % 24) : size;
    Board b(size, height);
    Rng playout_rng(uint64_t(n) + 1);
    PlayoutOptions o;
    // One in three played to the end (every empty region a single point), the rest stopped
    // somewhere in the game.
    o.max_moves = n % 3 == 0 ? 0 : 1 + int(rng() % unsigned(3 * size * height));
    playout(b, Color::Black, playout_rng, o);
    const std::string name = "playout " + std::to_string(n);
    expect_same_from_board(b, random_dead(b, rng, 8, 0), seen, name);
  }
  expect_varied(seen, 1200);
}

TEST(EyeReadingDiff, RandomGridsOfEveryShape) {
  Seen seen;
  std::mt19937 rng(53);
  const char kinds[] = "xobw.";
  for (int n = 0; n < 1500; ++n) {
    // Small grids often, and every side up to 52; the weights of the five kinds of point vary.
    const int big = n % 10 == 0 ? 52 : n % 3 == 0 ? 19 : 7;
    const int w = 1 + int(rng() % unsigned(big)), h = 1 + int(rng() % unsigned(big));
    int weight[5];
    for (int& k : weight) k = int(rng() % 8);
    weight[4] += 1;  // some empty points
    const int total = weight[0] + weight[1] + weight[2] + weight[3] + weight[4];
    std::string text;
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        int r = int(rng() % unsigned(total)), k = 0;
        while (r >= weight[k]) r -= weight[k++];
        text += kinds[k];
      }
      text += '\n';
    }
    expect_same(FinalPosition::parse(text), seen, "grid " + std::to_string(n), n % 4 == 0);
  }
  expect_varied(seen, 1500);
}
