#include "jpd/status_gtp.hpp"

#include <sstream>

#include "jpd/gtp_client.hpp"

namespace jpd {

void send_game(GtpClient& engine, const Game& g, int last) {
  if (g.width() != g.height())
    throw GtpError("GTP knows square boards only; this one is " + std::to_string(g.width()) + "x" +
                   std::to_string(g.height()));
  engine.send("boardsize " + std::to_string(g.width()));
  engine.send("clear_board");
  std::ostringstream komi;
  komi << g.rules().komi;
  engine.send("komi " + komi.str());
  if (last < 0) last = int(g.moves().size());
  int played = 0;
  const int h = g.height();
  for (const Game::Action& a : g.actions()) {
    if (a.type == Game::Action::kSetup) {
      if (is_stone(a.move.color))
        engine.send("play " + std::string(color_letter(a.move.color)) + " " + to_gtp(a.move.point, h));
      continue;
    }
    if (a.type != Game::Action::kMove) continue;
    if (played >= last) break;
    const Move& m = a.move;
    ++played;
    switch (m.kind) {
      case MoveKind::play:
        engine.send("play " + std::string(color_letter(m.color)) + " " + to_gtp(m.point, h));
        break;
      case MoveKind::pass:
      case MoveKind::virtual_move:  // an engine's non-board move
        engine.send("play " + std::string(color_letter(m.color)) + " pass");
        break;
      default: break;  // pause acts, negative moves, resignation: nothing on the board
    }
  }
}

Statuses statuses_from_gtp(const Game& g, const std::string& command, double timeout_seconds) {
  if (g.width() != g.height())
    throw GtpError("GTP knows square boards only; this one is " + std::to_string(g.width()) + "x" +
                   std::to_string(g.height()));
  GtpClient engine(command, timeout_seconds);
  // The position play ended with (after an independent dispute too: count() maps the statuses
  // of the position where the dispute ended onto the pause position).
  send_game(engine, g, -1);
  std::string answer = engine.send("final_status_list dead");
  engine.close();
  Statuses st;
  st.source = StatusSource::gtp;
  st.source_detail = Message("text.as_written", {command});
  std::istringstream in(answer);
  std::string v;
  while (in >> v) {
    auto p = parse_gtp(v, g.width(), g.height());
    if (!p) throw GtpError("engine '" + command + "' named '" + v + "' as a dead stone");
    const Board& position = g.board();
    if (!is_stone(position.at(*p)))
      throw GtpError("engine '" + command + "' named " + v + ", an empty point, as a dead stone");
    st.dead.push_back(*p);
  }
  return st;
}

}  // namespace jpd
