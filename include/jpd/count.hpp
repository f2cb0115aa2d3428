// Counting a paused game under its ruleset: every view of SPEC §7, the making step by step, the
// payment of the compensation rule, and the invariants that tie the views together.
//
//   area (子空合计)          A_X = L_X + T_X + q/2
//   territory by refill    t_X = T_X - R_X, then equal stones and the payment (等子比空)
//   fill-up (填满计点)        the board filled with each side's stones
//   living stones (计活子)    P_X = A_X - eyes_X - p/2 (数路), and 还棋头 beside it
//   Japanese               territory outside seki + prisoners
//
// The views are one table (view_specs()): a view is one row (its name, its method, the function
// counting it, the function checking its invariants) and one function in count.cpp; the count
// holds one Figures per row, and JSON, explain, Python and the web page list the views from it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "jpd/game.hpp"
#include "jpd/making.hpp"
#include "jpd/message.hpp"
#include "jpd/status.hpp"

namespace jpd {

// A figure per colour (halves occur: shared points are split).
struct Figures {
  double black = 0, white = 0;
  double of(Color c) const { return c == Color::Black ? black : white; }
  double& of(Color c) { return c == Color::Black ? black : white; }
  double diff(Color first) const { return of(first) - of(opponent(first)); }
};

// The views of a count, in the order of their table (view_specs()).
enum class View : uint8_t {
  area,           // 子空合计: A_X = L_X + T_X + q/2
  territory,      // 等子比空: after refill, payment and equal stones
  fill_up,        // 填满计点 (Ing): the board filled with each side's stones
  living_stones,  // 计活子 (数路): P_X = A_X - eyes_X - p/2
  japanese,       // territory outside seki + prisoners
  haiqitou,       // 还棋头: the area, the side with n more groups returning n stones
  ancient,        // the area less the group tax of every group
};
inline constexpr size_t kViews = size_t(View::ancient) + 1;  // one more than the last view

struct PerColour {
  int black = 0, white = 0;
  int of(Color c) const { return c == Color::Black ? black : white; }
  int& of(Color c) { return c == Color::Black ? black : white; }
};

struct Invariant {
  std::string name;    // e.g. "area_total"
  bool ok = false;
  Message detail;      // the numbers compared (text(), text.hpp, renders them)
};

// One board of the making, with what was done.
struct MakingStep {
  std::string id;  // pause, dame_filled, dead_removed, refilled, equal_stones, fill_up,
                   // living_stones, generalized; its title in words is the report's (step_title)
  CountBoard board;
  std::vector<Message> notes;  // what this step did (rendered by text(), text.hpp)
};

// The statuses or the game cannot be counted as given (a dead stone on an empty point, a claim
// under rules without claims, ...).
// what() is the message's English.
struct CountError : std::invalid_argument, MessageError {
  explicit CountError(Message m) : std::invalid_argument(text(m, Lang::en)), MessageError(std::move(m)) {}
  // (A sentence is no message id: the reason is a Message, from the texts' table.)
  explicit CountError(const std::string& sentence) = delete;
};

struct Count {
  Ruleset rules;
  int width = 0, height = 0;
  Color first = Color::Black;
  double komi = 0;
  double return_number = 0;         // 归本数 of the first player: points/2 + komi/2
  double return_number_second = 0;  // and of the second player: points/2 - komi/2 (000 art. 19)

  // Outcome under the primary method of the rules.
  EndReason end = EndReason::counted;
  std::string result;  // SGF style: "B+2.5", "W+R", "0" (draw), "Void" (no result), "B+F"
  Color winner = Color::Empty;
  double margin = 0;
  double primary_difference = 0;  // first minus second, before komi

  // Statuses used.
  StatusSource status_source = StatusSource::none;
  Message status_detail;  // where they came from (the statuses' source_detail)
  std::vector<Point> dead_black, dead_white;
  std::vector<Claim> claims;
  std::vector<UncertainChain> uncertain;
  std::vector<Claim> suggested_claims;  // suggested by the estimator, not counted

  // The quantities of SPEC §7.
  PerColour live;       // L_X: live stones on the board
  PerColour owned;      // T_X: owned empty points
  PerColour captured;   // C_X: stones of X captured during play
  PerColour dead;       // D_X: stones of X found dead
  PerColour virtual_stones;  // V_X
  PerColour pass_stones;     // stones handed over by passing (AGA)
  PerColour placed;     // S_X: stone-placing moves (real, virtual, setup, pass stones, dame fills)
  PerColour dame_filled;     // dame filled at making
  PerColour moves_real, moves_virtual, moves_pass, moves_negative;  // over the counted phases
  int shared = 0, public_liberties = 0, dame = 0;  // q, p, d

  // The views: one Figures per row of the table (view_specs()), by View.
  std::array<Figures, kViews> views{};
  PerColour units, groups, seki_units, basic_eyes;
  int k = 0;           // stones of each colour in the equal-stones position
  double pay = 0;      // points the first player pays the second (negative: the second pays)
  Message payment;      // the rule applied (rendered by text(), text.hpp)
  PerColour negative_a, negative_b, balancing_virtual, overflow;
  // Outside the making, added to the primary difference: the button's half point (Ruleset::button:
  // to the first to pass or play a virtual move; Empty when the rules have none) and White's
  // points for Black's handicap stones (Ruleset::handicap_compensation).
  Color button = Color::Empty;
  int handicap_stones = 0;            // N: Black's setup stones when White has none
  double handicap_compensation = 0;  // points White receives for them
  MoveRef first_virtual;  // the game's first virtual move (making included; index -1 there)
  Color first_virtual_color = Color::Empty;
  Color last_move = Color::Empty;  // 收后方: maker of the last real move before the pause

  std::vector<Invariant> invariants;
  bool all_invariants_hold = true;
  std::vector<MakingStep> steps;
  // What was assumed or done, as messages (rendered by text(), text.hpp): the record's reading and
  // its replay, the server conventions and the estimator first when score_record made the count.
  std::vector<Message> notes;

  int points() const { return width * height; }

  const Figures& view(View v) const { return views[size_t(v)]; }
  Figures& view(View v) { return views[size_t(v)]; }
  // The views by name, for readable callers.
  const Figures& area() const { return view(View::area); }
  const Figures& territory() const { return view(View::territory); }
  const Figures& fill_up() const { return view(View::fill_up); }
  const Figures& living_stones() const { return view(View::living_stones); }
  const Figures& japanese() const { return view(View::japanese); }
  const Figures& haiqitou() const { return view(View::haiqitou); }
  const Figures& ancient() const { return view(View::ancient); }
};

// What count.cpp works with while it counts (its private state, count.cpp).
struct CountWork;

// One row of the views' table: what every output needs to know of a view.
struct ViewSpec {
  View id;
  std::string_view key;      // its name in JSON, Python and the web page: "living_stones"
  std::string_view name_id;  // its name in words, both languages: a message id (text_table.cpp)
  // The counting method whose figures it is (the result's, when the rules count by it; the
  // page marks its row); none for a view no method decides by alone.
  std::optional<CountingMethod> method;
  // Listed where people read the views (explain, the page's table); the others are in the JSON
  // and Python only.
  bool shown;
  // Counted after the payment: a view of the making proper (refill, payment, equal stones),
  // whose steps come last. The others are counted before it, in the table's order.
  bool after_payment;
  void (*compute)(CountWork&);  // writes the view (and its making steps) into the count
  void (*check)(CountWork&);    // its invariants, in the table's order; null when it has none
};

// The table of the views, one row per View in its order (row i is View(i)).
std::span<const ViewSpec> view_specs();
const ViewSpec& spec_of(View v);
std::string_view name_of(View v);  // its key: "living_stones"
// The view the rules' primary counting method decides by.
View primary_view(const Ruleset& r);

struct CountOptions {
  bool keep_steps = true;  // keep the board of every making step (pictures, --explain)
  // Make the boards of the making even when the steps are not kept: every view is then counted
  // by its own physical procedure (Ing's filled board, the living-stones board with its basic
  // eyes and the 还棋头 groups on it, the refilled equal-stones board) and the invariants compare
  // it with its formula. Off (jpd batch, for speed) and without steps, the views are the
  // formulas' and the invariants that compare a board with a formula compare the formula with
  // itself.
  bool check_by_boards = true;
  // The payment rule applied and the numbers of each invariant (Count::payment,
  // Invariant::detail). Off, they are left empty and only the figures are computed (jpd batch).
  bool texts = true;
  // Where the classifications of the positions counted are kept and looked up (several counts
  // of one game under different rules classify the same positions); none: classified afresh.
  AnalysisCache* analyses = nullptr;
};

// Counts the game at its (latest) pause. A game still in play is counted as if paused by
// agreement (noted). A game that ended by resignation, forfeit or a long cycle keeps that result;
// the views are still computed on its final position for information.
Count count(const Game& g, const Statuses& statuses, const CountOptions& opts = {});
// The same game counted under `rules`, which must make the same game of its moves
// (makes_same_game in game.hpp): a game replayed once serves every such rule set (ReplayCache,
// jpd batch). Throws std::invalid_argument for rules that do not referee it alike apart from
// legality (same_referee_but_legality); legality itself is not judged again.
Count count(const Game& g, const Ruleset& rules, const Statuses& statuses,
            const CountOptions& opts = {});
// The same count written into `out`, whatever it held: its storage is used again (many counts in
// a row allocate next to nothing: jpd batch). When it throws, what out holds is no count.
void count(const Game& g, const Ruleset& rules, const Statuses& statuses, const CountOptions& opts,
           Count& out);

// The figures of the rules' primary method (area, territory, fill-up, living stones, Japanese).
const Figures& primary_figures(const Count& c);

// "B+2.5" etc. from a difference (first minus second, komi already subtracted).
std::string result_string(Color first, double difference);

}  // namespace jpd
