// Helpers of the GTP engine (gtp.cpp, gtp_jpd.cpp): arguments, the board as text, status lists.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "jpd/game.hpp"
#include "jpd/status.hpp"

namespace jpd::gtp_detail {

// A command that cannot be carried out; its message is the answer's text.
struct Fail : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Throws Fail("syntax error: usage: ...") unless there are exactly n arguments.
void need(const std::vector<std::string>& args, size_t n, const std::string& usage);
int int_arg(const std::string& s, int lo, int hi, const std::string& what);
double double_arg(const std::string& s, const std::string& what);
Color color_arg(const std::string& s);

// The board with coordinates and the referee's state, for showboard.
std::string board_text(const Game& g);

// Handicap points chosen by the engine where no fixed placement is defined: star points first,
// then points spread over the board.
std::vector<Point> free_handicap_points(int width, int height, int n);

// final_status_list: the chains that are alive, dead or in seki under the statuses, one chain per
// line; `seki` names a stone of each chain in seki (that is not dead), the others are alive.
std::string status_list(const Game& g, const Statuses& st, const std::vector<Point>& seki,
                        const std::string& which);

}  // namespace jpd::gtp_detail
