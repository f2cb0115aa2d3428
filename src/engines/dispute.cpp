// Dispute play between two GTP engines (dispute.hpp).
#include "jpd/dispute.hpp"
#include "strings.hpp"

#include <algorithm>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "jpd/gtp_client.hpp"
#include "jpd/status_gtp.hpp"

namespace jpd {

namespace {
// A colour as the table's word (Black / 黑方).
MessageArg colour(Color c) { return MessageArg::word("word." + std::string(color_name(c))); }
}  // namespace

namespace {

using strings::lower;

// The points an engine calls dead (final_status_list dead).
std::vector<Point> dead_list(GtpClient& e, const Game& g) {
  std::vector<Point> out;
  std::istringstream in(e.send("final_status_list dead"));
  std::string v;
  while (in >> v) {
    auto p = parse_gtp(v, g.width(), g.height());
    if (!p) throw GtpError("engine '" + e.command() + "' named '" + v + "' as a dead stone");
    out.push_back(*p);
  }
  return out;
}

}  // namespace

DisputeResult play_dispute(Game g, const std::string& black_cmd, const std::string& white_cmd,
                           const DisputeOptions& opts) {
  if (g.phase() != Phase::paused)
    throw ArgumentError(Message("error.dispute.not_paused",
                                {MessageArg::word("phase." + std::string(name_of(g.phase())))}));
  const Ruleset& rules = g.rules();
  const int h = g.height();
  DisputeResult r;
  GtpClient black(black_cmd, opts.timeout_seconds), white(white_cmd, opts.timeout_seconds);
  auto engine = [&](Color c) -> GtpClient& { return c == Color::Black ? black : white; };
  send_game(black, g);
  send_game(white, g);
  const bool cleanup_b = opts.cleanup && black.knows("kgs-genmove_cleanup");
  const bool cleanup_w = opts.cleanup && white.knows("kgs-genmove_cleanup");

  const size_t before = g.moves().size();
  Verdict v = g.resume_dispute(true);
  if (!v) throw ArgumentError(Message("error.dispute.cannot_resume", {MessageArg::message(v.message)}));
  // The referee's opening virtual moves (计活子): the engines see passes.
  for (size_t i = before; i < g.moves().size(); ++i) {
    const Move& m = g.moves()[i].move;
    if (!m.is_non_board()) continue;
    for (GtpClient* e : {&black, &white}) e->send("play " + std::string(color_letter(m.color)) + " pass");
    r.notes.push_back(Message("note.dispute_opening_virtual", {colour(m.color)}));
  }
  const Move non_board_b = rules.allow_pass ? Move::pass(Color::Black) : Move::virtual_move(Color::Black);
  const Move non_board_w = rules.allow_pass ? Move::pass(Color::White) : Move::virtual_move(Color::White);
  auto non_board = [&](Color c) { return c == Color::Black ? non_board_b : non_board_w; };
  const bool agreed_only = rules.pause == PauseRule::agreed;
  const int limit = opts.max_moves > 0 ? opts.max_moves : 3 * g.width() * g.height();
  bool last_was_pass = false;
  while (g.phase() == Phase::dispute && r.moves < limit) {
    const Color c = g.to_move();
    GtpClient& me = engine(c);
    GtpClient& other = engine(opponent(c));
    const bool cleanup = c == Color::Black ? cleanup_b : cleanup_w;
    const std::string answer = lower(me.send(std::string(cleanup ? "kgs-genmove_cleanup " : "genmove ") +
                                             (c == Color::Black ? "b" : "w")));
    if (answer == "resign") {
      g.play(Move::resign(c));
      r.notes.push_back(Message("note.dispute_resigned", {colour(c)}));
      ++r.moves;
      break;
    }
    Move m = non_board(c);
    if (answer != "pass") {
      auto p = parse_gtp(answer, g.width(), g.height());
      if (!p) throw GtpError("engine '" + me.command() + "' answered '" + answer + "' to genmove");
      m = Move::play(c, *p);
    }
    if (m.kind == MoveKind::play) {
      Verdict ok = g.check(m);
      if (!ok) {
        // The engine's own board has the move: take it back there, play the non-board move.
        r.notes.push_back(
            Message("note.dispute_refused", {colour(c), to_gtp(m.point, h), MessageArg::message(ok.message)}));
        me.send("undo");
        me.send("play " + std::string(color_letter(c)) + " pass");
        m = non_board(c);
      }
    }
    if (m.kind != MoveKind::play && agreed_only && last_was_pass) {
      // Agreed-pause rules: a pass after the opponent's pass proposes the pause; the opponent,
      // who passed first, accepts.
      if (!g.play(Move::propose(c)) || !g.play(Move::accept(opponent(c))))
        throw std::logic_error("dispute: the pause proposal was refused");
      other.send("play " + std::string(color_letter(c)) + " pass");
      r.moves += 2;
      break;
    }
    v = g.play(m);
    if (!v) throw std::logic_error("dispute: " + text(v.message, Lang::en));  // checked above
    other.send("play " + std::string(color_letter(c)) + " " +
               (m.kind == MoveKind::play ? to_gtp(m.point, h) : std::string("pass")));
    last_was_pass = m.kind != MoveKind::play;
    ++r.moves;
  }
  if (g.phase() == Phase::dispute) {
    g.declare_paused();
    r.notes.push_back(Message("note.dispute_stopped", {limit}));
  }

  // The statuses the play confirmed: the stones both engines still call dead.
  r.statuses.source = StatusSource::dispute;
  r.statuses.source_detail = Message("statuses.dispute", {black_cmd, white_cmd, r.moves});
  if (g.phase() == Phase::paused) {
    std::vector<Point> db = dead_list(black, g), dw = dead_list(white, g);
    for (Point p : db) {
      if (std::find(dw.begin(), dw.end(), p) == dw.end()) continue;
      if (!is_stone(g.board().at(p))) continue;
      r.statuses.dead.push_back(p);
    }
    if (db.size() != r.statuses.dead.size() || dw.size() != r.statuses.dead.size())
      r.notes.push_back(Message("note.dispute_engines_disagree"));
  }
  black.close();
  white.close();
  r.game = std::move(g);
  return r;
}

}  // namespace jpd
