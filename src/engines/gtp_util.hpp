// Helpers of the GTP engine (gtp.cpp, gtp_jpd.cpp): arguments, the board as text, status lists.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

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

// KataGo's rules commands (gtp_kata.cpp). The rules as kata-get-rules gives them: KataGo's
// fields (ko, scoring, tax, suicide, hasButton, whiteHandicapBonus, friendlyPassOk) and this
// engine's own jpdRules, the rule set's text.
nlohmann::json kata_rules_json(const Ruleset& r);
// The rule set kata-set-rules names: a KataGo short name (tromp-taylor, chinese, japanese ...),
// a JSON object of KataGo's fields (with jpdRules: that rule set exactly), or this project's
// PRESET[,key=value...]; the komi is current's. Throws Fail in words.
Ruleset kata_rules_from(std::string_view text, const Ruleset& current);
// kata-set-rule KEY VALUE: one of KataGo's fields set on the current rule set.
Ruleset kata_rule_set(const Ruleset& current, const std::string& key, const std::string& value);

}  // namespace jpd::gtp_detail
