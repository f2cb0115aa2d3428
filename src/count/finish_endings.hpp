// Hand-built 19x19 endings of games that stop before their end, each a case the finish must play
// as the players would (finish.hpp) or the estimator must judge as they would (a seki, a false
// eye, a capturing race). The tests (tests/count/finish_test.cpp, tests/estimate/estimate_test.cpp)
// assert what each proves; jpd bench's finish workload (src/front/bench_finish.cpp) folds their finishing lines
// into its signature, so a change of the finish that alters any of them changes the signature.
#pragma once

#include <array>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "jpd/board.hpp"
#include "jpd/point.hpp"

namespace jpd {

struct FinishEnding {
  std::string_view name;
  std::string_view fill;  // every row not given below
  // Rows from the top (row 19 first): the row's index and its text; X Black, O White, . empty.
  std::array<std::pair<int, std::string_view>, 12> rows{};
  std::string_view dead;  // a stone (GTP) of each chain counted dead, separated by spaces
};

inline constexpr FinishEnding kFinishEndings[] = {
    // Nineteen dame between the walls (column K).
    {"dame", "........X.O........", {}, ""},
    // Black's wall on columns J and K, White's on L and M; at the top, White's stone on L19
    // stands apart, with two liberties: K19, a dame, and M19, a point of White's own.
    {"defence",
     "........XXOO.......",
     {{{0, "........X.O.O......"}, {1, "........XXXOO......"}}},
     ""},
    // Black's L19 in atari (its liberty K19): White's capture there would be a ko.
    {"ko", "........XXOO.......", {{{0, "........X.XO......."}}}, ""},
    // White's T17 in atari on T18 beside Black's dead chain S18-S17-S16-T16: a snapback.
    {"snapback",
     "........XXOO.......",
     {{{0, "........XXOO...OOOO"},
       {1, "........XXOO....OX."},
       {2, "........XXOO....OXO"},
       {3, "........XXOO....OXX"},
       {4, "........XXOO.....OO"}}},
     "S18"},
    // In White's corner, Black's R19-R16-T16 and White's T19-S18-T17 share S19 and S17 and
    // nothing else: a seki, whoever fills one of them is captured.
    {"seki",
     "........XXOO.......",
     {{{0, "........XXOO...OX.O"},
       {1, "........XXOO...OXOO"},
       {2, "........XXOO...OX.O"},
       {3, "........XXOO...OXXX"},
       {4, "........XXOO...OOOO"}}},
     ""},
    // In White's territory, Black's fourteen stones N13-S9 around two eyes: O11, a real eye,
    // and R11, a false one (White's Q12 and Q10 on two of its corners): the chain R12-S12-S11-
    // S10-R10 has no liberty but R11, so Black must connect there or be taken, and one eye is
    // left. Dead.
    {"false_eye",
     "........XXOO.......",
     {{{6, "........XXOOOOOOOOO"},
       {7, "........XXOOXXXOXXO"},
       {8, "........XXOOX.XX.XO"},
       {9, "........XXOOXXXOXXO"},
       {10, "........XXOOOOOOOOO"}}},
     "N12 R12"},
    // In White's territory, Black's dead chain P11-Q11-R11-P10-R10-P9 holds White's Q10 in
    // atari (its liberty Q9, next to Black's P9): only the dead chain could take it.
    {"dead_atari",
     "........XXOO.......",
     {{{8, "........XXOO..XXX.."}, {9, "........XXOO..XOX.."}, {10, "........XXOO..X...."}}},
     "P11"},
    // Between the walls at the top: White's K19-K17 has one liberty (J19), Black's L19-L17 two
    // (M19, M18). Black wins the capturing race by one liberty, whoever moves first.
    {"race",
     "........XXOO.......",
     {{{0, ".........OX.O......"}, {1, "........XOX.O......"}, {2, "........XOXOO......"}}},
     "K19"},
    // White's group D14-G14 and up with two liberties, D13 and E13, both in White's territory
    // on the left: Black's stones thrown in there can be taken.
    {"invader",
     "...OX..............",
     {{{0, "...XOOX.X.........."},
       {1, "...XXOXXX.........."},
       {2, ".X.XOOOXX.........."},
       {3, "X..XOOOXX.........."},
       {4, "OXXXXOOXX.........."},
       {5, "OOXOOOOXX.........."},
       {6, ".OO..OOXX.........."},
       {7, "....OXOOX.........."},
       {8, "....OXOXX.........."},
       {9, "...OXXXXX.........."}}},
     ""},
};

// The stones of `dead`, one a chain.
inline std::vector<Point> finish_ending_dead(const FinishEnding& e) {
  std::vector<Point> out;
  std::string_view rest = e.dead;
  while (!rest.empty()) {
    const size_t cut = rest.find(' ');
    const std::string_view one = rest.substr(0, cut);
    if (!one.empty()) out.push_back(parse_point(one, 19, 19));
    rest = cut == std::string_view::npos ? std::string_view{} : rest.substr(cut + 1);
  }
  return out;
}

// The ending of that name; std::out_of_range for a name not in the table (a misspelt name in a
// test must not quietly give another ending).
inline const FinishEnding& finish_ending(std::string_view name) {
  for (const FinishEnding& e : kFinishEndings)
    if (e.name == name) return e;
  throw std::out_of_range("no finish ending named " + std::string(name));
}

// The ending's position on a 19x19 board, with `edits` (row index, text) over its rows.
inline Board finish_ending_board(const FinishEnding& e,
                                 std::initializer_list<std::pair<int, std::string_view>> edits = {}) {
  std::array<std::string_view, 19> rows;
  rows.fill(e.fill);
  for (const auto& [y, text] : e.rows)
    if (!text.empty()) rows[size_t(y)] = text;
  for (const auto& [y, text] : edits) rows[size_t(y)] = text;
  Board b(19, 19);
  for (int y = 0; y < 19; ++y)
    for (int x = 0; x < 19 && x < int(rows[size_t(y)].size()); ++x) {
      const char c = rows[size_t(y)][size_t(x)];
      if (c == 'X') b.set_stone(Point(x, y), Color::Black);
      if (c == 'O') b.set_stone(Point(x, y), Color::White);
    }
  return b;
}

}  // namespace jpd
