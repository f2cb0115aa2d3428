// The parity of a count under area counting: which results of one game a count can give.
//
// Under area and fill-up counting without payments, stones handed over by passing, a button or
// an odd tax per group, the two sides' areas add up to the board's N² points, shared points
// (SPEC §7: q, public liberties and dame left open) counting half to each: A_B + A_W = N², so
// A_B - A_W = 2 (L_B + T_B) + q - N². A point that changes hands moves the difference by two;
// only a point that becomes shared, or stops being shared, moves it by one. Two results of one
// game a whole odd number of points apart are therefore counts with shared points of different
// parity (a seki's public liberty, a dame nobody filled), or one of them is no such count (a
// territory count, a payment). jpd corpus names such misses (docs/corpus.md).
#pragma once

#include "jpd/count.hpp"
#include "jpd/rules.hpp"

namespace jpd {

// Black's lead after komi in a game ended by counting (its result as a record writes it: W+2.5
// is -2.5, a draw 0).
double black_lead(const Count& c);

// Whether the rules fix the parity of every count they make: the primary difference (first
// minus second, before komi) less White's points for handicap stones has the parity of N² + q.
bool parity_fixed(const Ruleset& rules);

// Whether `lead` (Black's lead after komi, as a record gives a result: W+2.5 is -2.5) lies a
// whole odd number of points from the counted result of `c`, under rules that fix the parity:
// then the two cannot both be counts of this game with as many shared points as `c` has.
// False for a game not ended by counting, for rules that fix no parity and for leads an even
// or a fractional number of points away.
bool odd_points_apart(const Count& c, double lead);

}  // namespace jpd
