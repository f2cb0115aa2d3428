// The GTP engine's analysis for GUIs: gogui-analyze_commands and the commands it lists. GoGui
// draws `gfx` answers over the board (TERRITORY, MARK, SQUARE, TRIANGLE, LABEL, INFLUENCE, TEXT)
// and `dboard` answers as a heat map (one number a point, row by row from the top); the
// estimator's uncertain chains are also a `plist`. Every view of the count is offered
// (overlay.hpp), the rules' primary one first, and the estimator's ownership and doubts.
#include <cmath>
#include <cstdio>

#include "gtp_util.hpp"
#include "jpd/count.hpp"
#include "jpd/estimate.hpp"
#include "jpd/gtp.hpp"
#include "jpd/overlay.hpp"
#include "jpd/text.hpp"

namespace jpd {

using gtp_detail::Fail;

namespace {

// The view an argument names ("primary", or none: the rules' own).
View view_arg(const std::vector<std::string>& a, const Ruleset& r) {
  if (a.empty() || a[0] == "primary") return primary_view(r);
  if (a.size() > 1) throw Fail("syntax error: usage: jpd-overlay [VIEW]");
  if (auto v = parse_overlay_view(a[0])) return *v;
  std::string names = "primary";
  for (View v : overlay_views()) names += ", " + std::string(name_of(v));
  throw Fail("syntax error: '" + a[0] + "' is not a view (" + names + ")");
}

// A label for a view in the GUI's menu.
const char* view_label(View v) {
  switch (v) {
    case View::area: return "area 子空合计";
    case View::territory: return "territory 等子比空";
    case View::fill_up: return "fill-up 填满计点";
    case View::living_stones: return "living stones 计活子";
    case View::japanese: return "Japanese 数目";
    default: break;  // a view not drawn
  }
  return "";
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s = buf;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

// "TERRITORY b A1 B2" style lines: a gfx command and its points, none when there are none.
void gfx_line(std::string& out, const std::string& command, const std::vector<std::string>& pts) {
  if (pts.empty()) return;
  out += command;
  for (const std::string& p : pts) out += " " + p;
  out += "\n";
}

// Rows of numbers from the top, one per point: a dboard.
template <class F>
std::string board_of_numbers(int width, int height, F&& value) {
  std::string out;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) out += (x ? " " : "") + number(value(Point(x, y)));
    out += "\n";
  }
  return out;
}

}  // namespace

GtpEngine::Reply GtpEngine::cmd_analyze_commands(const Args& a) {
  gtp_detail::need(a, 0, "gogui-analyze_commands");
  std::string out = "gfx/Count: the rules' view/jpd-overlay\n";
  for (View v : overlay_views())
    out += "gfx/Count: " + std::string(view_label(v)) + "/jpd-overlay " + std::string(name_of(v)) + "\n";
  out += "dboard/Ownership: the rules' view/jpd-ownership\n";
  for (View v : overlay_views())
    out += "dboard/Ownership: " + std::string(view_label(v)) + "/jpd-ownership " +
           std::string(name_of(v)) + "\n";
  out += "gfx/Estimator: ownership and doubts/jpd-estimate\n"
         "dboard/Estimator: ownership/jpd-estimate-ownership\n"
         "plist/Estimator: uncertain chains/jpd-uncertain\n"
         "plist/Dead stones/final_status_list dead\n"
         "plist/Seki/final_status_list seki\n"
         "string/Final score/final_score\n"
         "string/State/jpd-state\n";
  return {true, out};
}

GtpEngine::Reply GtpEngine::cmd_jpd_overlay(const Args& a, bool heat_map) {
  const View v = view_arg(a, rules_);
  Count c;
  try {
    c = count(game_, statuses());
  } catch (const std::exception& e) {
    return {false, "cannot count: " + std::string(e.what())};
  }
  const Overlay o = overlay(c, v);
  const int H = o.height;
  if (heat_map) return {true, board_of_numbers(o.width, H, [&](Point p) { return o.value_at(p); })};
  // Territory squares on the empty points and dead stones only: living stones are land in the
  // area views, but a mark on every stone would hide the board.
  std::vector<std::string> black, white, shared, dead, seki, eyes, false_eyes;
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < o.width; ++x) {
      const Point p(x, y);
      const OverlayPoint& q = o.at(p);
      const std::string g = to_gtp(p, H);
      const bool marked = !is_stone(q.stone) || q.dead;
      if (marked && q.owner == Color::Black) black.push_back(g);
      if (marked && q.owner == Color::White) white.push_back(g);
      if (q.shared && !is_stone(q.stone)) shared.push_back(g);
      if (q.dead) dead.push_back(g);
      if (q.seki && is_stone(q.stone)) seki.push_back(g);
      if (q.basic_eye) eyes.push_back(g);
      if (q.false_eye) false_eyes.push_back(g);
    }
  std::string out;
  gfx_line(out, "TERRITORY b", black);
  gfx_line(out, "TERRITORY w", white);
  gfx_line(out, "SQUARE", shared);
  gfx_line(out, "MARK", dead);
  gfx_line(out, "TRIANGLE", seki);
  for (const std::string& e : eyes) out += "LABEL " + e + " e\n";
  for (const std::string& f : false_eyes) out += "LABEL " + f + " f\n";
  out += "TEXT " + std::string(name_of(v)) + (o.primary ? " (the rules' view)" : "") +
         ": Black " + number(o.figures.black) + ", White " + number(o.figures.white) +
         "; result " + c.result + "\n";
  return {true, out};
}

GtpEngine::Reply GtpEngine::cmd_jpd_estimate(const Args& a, bool heat_map) {
  gtp_detail::need(a, 0, heat_map ? "jpd-estimate-ownership" : "jpd-estimate");
  const Estimate e = estimate(game_, opts_.estimate);
  const int W = e.width, H = e.height;
  if (heat_map) return {true, board_of_numbers(W, H, [&](Point p) { return e.owner_at(p); })};
  std::string out = "INFLUENCE";
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) out += " " + to_gtp(Point(x, y), H) + " " + number(e.owner_at(Point(x, y)));
  out += "\n";
  const Statuses st = e.statuses();
  std::vector<std::string> dead, unsure;
  const Board& b = game_.board();
  for (const ChainEstimate& ch : e.chains) {
    const bool is_dead = std::find(st.dead.begin(), st.dead.end(), ch.stone) != st.dead.end();
    if (!is_dead && ch.status != ChainStatus::unsettled) continue;
    b.for_each_stone(Board::index(ch.stone), [&](Board::Index s) {
      (is_dead ? dead : unsure).push_back(to_gtp(Board::point(s), H));
    });
  }
  gfx_line(out, "MARK", dead);
  gfx_line(out, "CIRCLE", unsure);
  std::string listed;
  for (const ChainEstimate& ch : e.chains)
    if (ch.status == ChainStatus::unsettled) {
      const std::string g = to_gtp(ch.stone, H);
      const std::string pct = std::to_string(int(std::lround(100 * ch.alive_probability)));
      out += "LABEL " + g + " " + pct + "%\n";
      listed += (listed.empty() ? "" : ", ") + g + " " + pct + "% alive";
    }
  out += "TEXT " + text(e.detail(), Lang::en) +
         (listed.empty() ? ": no uncertain chain" : "; uncertain: " + listed) + "\n";
  return {true, out};
}

GtpEngine::Reply GtpEngine::cmd_jpd_uncertain(const Args& a) {
  gtp_detail::need(a, 0, "jpd-uncertain");
  const Estimate e = estimate(game_, opts_.estimate);
  std::string out;
  for (const ChainEstimate& ch : e.chains)
    if (ch.status == ChainStatus::unsettled) out += (out.empty() ? "" : " ") + to_gtp(ch.stone, e.height);
  return {true, out};
}

}  // namespace jpd
