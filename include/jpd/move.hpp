// The kinds of move of SPEC §2.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "jpd/message.hpp"
#include "jpd/point.hpp"

namespace jpd {

enum class MoveKind : uint8_t {
  play,           // 实着: a stone on the board
  pass,           // 放弃: nothing placed, nothing handed over (unless the rules say so: AGA)
  virtual_move,   // 虚着: a stone placed off the board; refilled at territory counting
  negative_a,     // 负着A: an own stone taken back from the black/white boundary (point shared)
  negative_b,     // 负着B: an own stone taken back from own territory (point becomes own)
  propose_pause,  // the side to move proposes to pause (agreed-pause rules)
  accept_pause,   // the other side accepts: the game pauses
  reject_pause,   // the other side rejects: the proposer must play a virtual move
  resign,
};

struct Move {
  MoveKind kind = MoveKind::pass;
  Color color = Color::Black;
  Point point;  // for play and the negative moves

  static Move play(Color c, Point p) { return {MoveKind::play, c, p}; }
  static Move pass(Color c) { return {MoveKind::pass, c, Point::none()}; }
  static Move virtual_move(Color c) { return {MoveKind::virtual_move, c, Point::none()}; }
  static Move negative_a(Color c, Point p) { return {MoveKind::negative_a, c, p}; }
  static Move negative_b(Color c, Point p) { return {MoveKind::negative_b, c, p}; }
  static Move propose(Color c) { return {MoveKind::propose_pause, c, Point::none()}; }
  static Move accept(Color c) { return {MoveKind::accept_pause, c, Point::none()}; }
  static Move reject(Color c) { return {MoveKind::reject_pause, c, Point::none()}; }
  static Move resign(Color c) { return {MoveKind::resign, c, Point::none()}; }

  bool is_board_move() const { return kind == MoveKind::play; }
  bool is_non_board() const { return kind == MoveKind::pass || kind == MoveKind::virtual_move; }
  bool is_negative() const { return kind == MoveKind::negative_a || kind == MoveKind::negative_b; }
  friend bool operator==(const Move&, const Move&) = default;
};

// "play", "pass", "virtual", "negative-a", "negative-b", "propose-pause", "accept-pause",
// "reject-pause", "resign".
std::string_view name_of(MoveKind k);
std::optional<MoveKind> parse_move_kind(std::string_view s);

// "B D4", "W pass", "B virtual", "W negative-a C3", ... (GTP coordinates).
std::string to_string(const Move& m, int board_height);
// The same as a message, for a move named inside a sentence people read ("move.<kind>" of the
// texts' table): in English to_string's text, in Chinese the table's words ("黑 A类负着 C3").
Message move_message(const Move& m, int board_height);

}  // namespace jpd
