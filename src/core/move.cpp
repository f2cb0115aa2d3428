#include "jpd/move.hpp"

namespace jpd {

namespace {
struct KindName {
  MoveKind kind;
  const char* name;
};
constexpr KindName kKinds[] = {
    {MoveKind::play, "play"},
    {MoveKind::pass, "pass"},
    {MoveKind::virtual_move, "virtual"},
    {MoveKind::negative_a, "negative-a"},
    {MoveKind::negative_b, "negative-b"},
    {MoveKind::propose_pause, "propose-pause"},
    {MoveKind::accept_pause, "accept-pause"},
    {MoveKind::reject_pause, "reject-pause"},
    {MoveKind::resign, "resign"},
};
}  // namespace

std::string_view name_of(MoveKind k) {
  for (auto& e : kKinds)
    if (e.kind == k) return e.name;
  return "?";
}

std::optional<MoveKind> parse_move_kind(std::string_view s) {
  std::string t;
  for (char c : s) t += c == '_' ? '-' : char(c | 0x20);
  for (auto& e : kKinds)
    if (t == e.name) return e.kind;
  return std::nullopt;
}

std::string to_string(const Move& m, int board_height) {
  std::string s(color_letter(m.color));
  s += ' ';
  if (m.kind == MoveKind::play) return s + to_gtp(m.point, board_height);
  s += name_of(m.kind);
  if (m.is_negative()) s += " " + to_gtp(m.point, board_height);
  return s;
}

Message move_message(const Move& m, int board_height) {
  const std::string letter(color_letter(m.color));
  std::vector<MessageArg> args = {is_stone(m.color) ? MessageArg::word("move.colour." + letter) : MessageArg(letter)};
  if (m.kind == MoveKind::play || m.is_negative()) args.emplace_back(to_gtp(m.point, board_height));
  return Message("move." + std::string(name_of(m.kind)), std::move(args));
}

}  // namespace jpd
