#include "jpd/gtp_move.hpp"
#include "strings.hpp"

#include <cctype>
#include <sstream>
#include <stdexcept>

namespace jpd {

namespace {

using strings::lower;

std::string letter(Color c) { return std::string(color_letter(c)); }

std::string komi_text(double komi) {
  std::ostringstream o;
  o << komi;
  return o.str();
}

// Plain GTP for the moves [from, to) of g: board moves and passes as the players saw them.
void plain_moves(const Game& g, size_t from, size_t to, std::vector<std::string>& out) {
  const auto& moves = g.moves();
  for (size_t i = from; i < to && i < moves.size(); ++i) {
    const Move& m = moves[i].move;
    // The virtual move a rejected proposal obliges the proposer to play: its proposal already
    // showed as its pass.
    if (m.is_non_board() && i > 0 && moves[i - 1].move.kind == MoveKind::reject_pause) continue;
    if (auto gm = gtp_move_of(m); gm && gm->kind != GtpMove::Kind::resign)
      out.push_back("play " + letter(m.color) + " " + to_string(*gm, g.height()));
  }
}

// The jpd gtp command that repeats one action exactly.
std::string jpd_command(const Game::Action& a, int height) {
  using A = Game::Action;
  const Move& m = a.move;
  const std::string c = is_stone(m.color) ? letter(m.color) : "empty";
  switch (a.type) {
    case A::kSetup: return "jpd-setup " + c + " " + to_gtp(m.point, height);
    case A::kToMove: return "jpd-tomove " + c;
    case A::kResume:
      return m.kind == MoveKind::virtual_move ? "jpd-resume dispute" : "jpd-resume dispute owed";
    case A::kFound:  // owed: the proposer's virtual move is the player's (a pass kind)
      return "jpd-resume found " + c + (m.kind == MoveKind::virtual_move ? "" : " owed");
    case A::kMaking: return "jpd-making";
    case A::kPaused: return "jpd-pause";
    case A::kMove: break;
  }
  switch (m.kind) {
    case MoveKind::play: return "play " + c + " " + to_gtp(m.point, height);
    case MoveKind::pass: return "jpd-pass " + c;
    case MoveKind::virtual_move: return "jpd-virtual " + c;
    case MoveKind::negative_a: return "jpd-negative " + c + " A " + to_gtp(m.point, height);
    case MoveKind::negative_b: return "jpd-negative " + c + " B " + to_gtp(m.point, height);
    case MoveKind::propose_pause: return "jpd-propose " + c;
    case MoveKind::accept_pause: return "jpd-accept " + c;
    case MoveKind::reject_pause: return "jpd-reject " + c;
    case MoveKind::resign: return "jpd-resign " + c;
  }
  return "";
}

}  // namespace

Verdict apply_action(Game& g, const Game::Action& a) {
  using A = Game::Action;
  switch (a.type) {
    case A::kMove: return g.play(a.move);
    case A::kSetup: g.setup_stone(a.move.color, a.move.point); return {};
    case A::kToMove: g.set_to_move(a.move.color); return {};
    case A::kResume: return g.resume_dispute(a.move.kind == MoveKind::virtual_move);
    case A::kFound: return g.resume_found_move(a.move.color, a.move.kind == MoveKind::virtual_move);
    case A::kMaking: return g.start_making();
    case A::kPaused: return g.declare_paused();
  }
  return {};
}

std::optional<GtpMove> parse_gtp_move(std::string_view text, int width, int height) {
  const std::string t = lower(text);
  if (t == "pass") return GtpMove::pass();
  if (t == "resign") return GtpMove::resign();
  if (auto p = parse_gtp(text, width, height)) return GtpMove::at(*p);
  return std::nullopt;
}

std::string to_string(const GtpMove& m, int height) {
  switch (m.kind) {
    case GtpMove::Kind::vertex: return to_gtp(m.point, height);
    case GtpMove::Kind::pass: return "pass";
    case GtpMove::Kind::resign: return "resign";
  }
  return "pass";
}

Move non_board_move(const Ruleset& r, Color c) {
  return r.allow_pass || !r.allow_virtual ? Move::pass(c) : Move::virtual_move(c);
}

Move owed_non_board_move(const Ruleset& r, Color c) {
  return r.allow_virtual ? Move::virtual_move(c) : Move::pass(c);
}

std::vector<Move> referee_moves(const Game& g, Color c, const GtpMove& m) {
  const Ruleset& r = g.rules();
  const Color proposer = g.pending_proposal();
  const bool answering = proposer == opponent(c) && g.to_move() == c;
  switch (m.kind) {
    case GtpMove::Kind::resign: return {Move::resign(c)};
    case GtpMove::Kind::pass:
      if (answering) return {Move::accept(c)};
      if (r.pause == PauseRule::agreed) return {Move::propose(c)};
      return {non_board_move(r, c)};
    case GtpMove::Kind::vertex:
      if (answering)
        return {Move::reject(c), owed_non_board_move(r, proposer), Move::play(c, m.point)};
      return {Move::play(c, m.point)};
  }
  return {};
}

std::optional<GtpMove> gtp_move_of(const Move& m) {
  switch (m.kind) {
    case MoveKind::play: return GtpMove::at(m.point);
    case MoveKind::pass:
    case MoveKind::virtual_move:
    case MoveKind::propose_pause:
    case MoveKind::accept_pause: return GtpMove::pass();
    case MoveKind::resign: return GtpMove::resign();
    default: return std::nullopt;
  }
}

std::vector<std::string> gtp_sync_commands(const Game& g, MirrorStyle style) {
  if (g.width() != g.height())
    throw ArgumentError(Message("error.gtp.square_only", {g.width(), g.height()}));
  std::vector<std::string> out = {"boardsize " + std::to_string(g.width()), "clear_board"};
  if (style == MirrorStyle::jpd) {
    out.push_back("jpd-rules " + g.rules().to_string());
    for (const Game::Action& a : g.actions()) out.push_back(jpd_command(a, g.height()));
    return out;
  }
  // GTP engines take komi as White's compensation; the rules' komi is paid by the first player.
  const double komi = g.rules().first_player == Color::Black ? g.rules().komi : -g.rules().komi;
  out.push_back("komi " + komi_text(komi));
  Game shadow(g.rules(), g.width(), g.height());
  for (const Game::Action& a : g.actions()) {
    if (a.type == Game::Action::kSetup) {
      if (!is_stone(a.move.color))
        throw ArgumentError(Message("error.gtp.remove_setup_at", {to_gtp(a.move.point, g.height())}));
      out.push_back("play " + letter(a.move.color) + " " + to_gtp(a.move.point, g.height()));
    }
    const size_t before = shadow.moves().size();
    apply_action(shadow, a);
    plain_moves(shadow, before, shadow.moves().size(), out);
  }
  return out;
}

std::vector<std::string> gtp_update_commands(const Game& g, size_t actions_before,
                                             size_t moves_before, MirrorStyle style) {
  std::vector<std::string> out;
  if (style == MirrorStyle::jpd) {
    for (size_t i = actions_before; i < g.actions().size(); ++i)
      out.push_back(jpd_command(g.actions()[i], g.height()));
    return out;
  }
  for (size_t i = actions_before; i < g.actions().size(); ++i) {
    const Game::Action& a = g.actions()[i];
    if (a.type != Game::Action::kSetup) continue;
    if (!is_stone(a.move.color))
      throw ArgumentError(Message("error.gtp.remove_setup"));
    out.push_back("play " + letter(a.move.color) + " " + to_gtp(a.move.point, g.height()));
  }
  plain_moves(g, moves_before, g.moves().size(), out);
  return out;
}

}  // namespace jpd
