// Streamed analysis for GUIs that draw an engine's view while the players think: Leela Zero's
// `lz-analyze` and KataGo's `kata-analyze` (KataGo's docs/GTP_Extensions.md; Sabaki's
// docs/guides/engine-analysis-integration.md). Sabaki and Lizzie show a heat map and candidate
// moves only through these.
//
//   lz-analyze   [COLOR] [INTERVAL] [interval N] [minmoves N] [maxmoves N]
//   kata-analyze [COLOR] [INTERVAL] [interval N] [minmoves N] [maxmoves N] [ownership true|false]
//
// COLOR is the player analysed (default: the side to move), INTERVAL centiseconds between lines.
// The answer is "=" and a line, repeated every interval until the next line arrives (gtp.hpp).
// The line comes from the built-in judgement, computed once: the move generator's choice
// (genmove.hpp; the engine's seed, no clock, so the same position always gives the same line)
// as the one candidate, with its playouts as visits and its win rate for COLOR (lz-analyze: an
// integer, 10000 times it; kata-analyze: a fraction, and scoreLead, the mean area margin of its
// playouts for COLOR, komi included); and for kata-analyze with `ownership true` the estimator's
// expected owner of every point (estimate.hpp), row by row from the top-left (A19 ... T1 on
// 19x19) as KataGo writes it, from COLOR's side: +1 COLOR's, -1 the opponent's. The line does not
// deepen with time. A game at making or over has no candidate (ownership only); at a pause the
// candidate is the move that would resume play, as genmove plays it.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "strings.hpp"
#include "gtp_util.hpp"
#include "jpd/estimate.hpp"
#include "jpd/gtp.hpp"
#include "jpd/gtp_move.hpp"

namespace jpd {

using gtp_detail::Fail;

namespace {

bool is_color_word(const std::string& s) {
  const std::string t = strings::lower(s);
  return t == "b" || t == "w" || t == "black" || t == "white";
}

bool is_count(const std::string& s) {
  if (s.empty() || s.size() > 9) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

// Up to `digits` decimals, trailing zeros dropped ("0.5", "-1", "0.1234").
std::string decimal(double v, int digits) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  std::string s = buf;
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s == "-0" ? "0" : s;
}

}  // namespace

GtpEngine::Reply GtpEngine::cmd_lz_analyze(const std::string& name, const Args& a) {
  const bool kata = name == "kata-analyze";
  const std::string usage = name + " [COLOR] [INTERVAL] [interval N] [minmoves N] [maxmoves N]" +
                            (kata ? " [ownership true|false]" : "");
  Color c = game_.to_move();
  int interval_cs = 0, max_moves = 1 << 20;
  bool ownership = false;
  size_t i = 0;
  if (i < a.size() && is_color_word(a[i])) c = gtp_detail::color_arg(a[i++]);
  if (i < a.size() && is_count(a[i])) interval_cs = gtp_detail::int_arg(a[i++], 0, 1 << 20, "an interval");
  for (; i < a.size(); i += 2) {
    if (i + 1 >= a.size()) throw Fail("syntax error: usage: " + usage);
    const std::string& key = a[i];
    const std::string& value = a[i + 1];
    if (key == "interval") interval_cs = gtp_detail::int_arg(value, 0, 1 << 20, "an interval");
    else if (key == "maxmoves") max_moves = gtp_detail::int_arg(value, 0, 1 << 20, "a number of moves");
    else if (key == "minmoves") gtp_detail::int_arg(value, 0, 1 << 20, "a number of moves");  // one at most
    else if (kata && key == "ownership" && (value == "true" || value == "false")) ownership = value == "true";
    else throw Fail("syntax error: usage: " + usage);
  }

  std::string line;
  const int H = game_.height();
  // The candidate: the move genmove would play for c, unless the game is at making or over.
  Game view = game_;
  if (max_moves > 0 && game_.phase() != Phase::ended && game_.phase() != Phase::making &&
      prepare(view, c, true) && view.check(referee_moves(view, c, GtpMove::pass()).front())) {
    GenmoveOptions go = opts_.genmove;
    go.seconds = 0;  // no clock: the same position, the same line
    const GenmoveResult r = choose_move(view, c, go);
    const std::string move = to_string(r.board_move ? GtpMove::at(r.point) : GtpMove::pass(), H);
    const double wr = std::clamp(r.win_rate, 0.0, 1.0);
    line += "info move " + move + " visits " + std::to_string(r.playouts) + " winrate ";
    if (kata) {
      line += decimal(wr, 6) + " scoreMean " + decimal(r.mean_margin, 3) + " scoreLead " +
              decimal(r.mean_margin, 3) + " prior 1 lcb " + decimal(wr, 6);
    } else {
      line += std::to_string(std::lround(wr * 10000)) + " prior 10000 lcb " +
              std::to_string(std::lround(wr * 10000));
    }
    line += " order 0 pv " + move;
  }
  if (ownership) {
    const Estimate e = estimate(game_, opts_.estimate);
    const double side = c == Color::Black ? 1 : -1;
    line += line.empty() ? "ownership" : " ownership";
    for (double v : e.ownership) line += " " + decimal(side * v, 4);
  }
  if (!line.empty()) line += "\n";
  streaming_ = true;
  stream_line_ = line;
  stream_interval_ms_ = interval_cs * 10;
  return {true, line};
}

}  // namespace jpd
