// Explanations for people: the making step by step with text diagrams, and the arithmetic of each
// view with the game's numbers filled in. English or Chinese: every word comes from the texts'
// table (src/core/text_table.cpp), the library's own notes (messages) are rendered by it too.
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "jpd/count.hpp"
#include "jpd/count_report.hpp"
#include "jpd/text.hpp"

namespace jpd {

namespace {

using Index = Board::Index;

std::string num(double v) { return format_number(v); }

std::string diagram(const CountBoard& b) {
  std::ostringstream s;
  const char* cols = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
  std::string board = b.to_string();
  size_t a = 0;
  for (int y = 0; y < b.height; ++y) {
    size_t e = board.find('\n', a);
    char row[16];
    std::snprintf(row, sizeof row, "%3d ", b.height - y);
    s << row;
    for (char ch : board.substr(a, e - a)) s << ch << ' ';
    s << '\n';
    a = e + 1;
  }
  s << "    ";
  for (int x = 0; x < b.width; ++x) s << cols[x] << ' ';
  s << '\n';
  return s.str();
}

// The points marked at this step that no earlier step listed (`listed`: every point, mark and
// colour listed so far; the boards of the fill-up and living-stones steps start again from the
// pause, so comparing with the step just before would list the dead stones twice).
// roads: 计活子 (living-stone counting), where a negative-B point is a 路 rather than a 目.
std::string marked_points(const CountBoard& b, std::set<std::tuple<Index, int, int>>& listed, Lang l,
                          bool roads) {
  std::map<CountBoard::Mark, std::vector<std::string>> by;
  for (int y = 0; y < b.height; ++y)
    for (int x = 0; x < b.width; ++x) {
      Index i = Board::index(x, y);
      CountBoard::Mark m = b.mark[i];
      if (m == CountBoard::Mark::none || m == CountBoard::Mark::filled) continue;
      if (!listed.insert({i, int(m), int(b.color[i])}).second) continue;
      std::string who = is_stone(b.color[i]) ? colour_word(b.color[i], l) : "";
      by[m].push_back(to_gtp(Point(x, y), b.height) + (who.empty() ? "" : "(" + who + ")"));
    }
  std::string s;
  for (auto& [m, pts] : by) {
    const bool road = roads && m == CountBoard::Mark::negative_b;
    s += "    " + (road ? tr(l, "mark.negative_b_road") : mark_name(m, l)) + (l == Lang::zh ? "：" : ": ");
    for (size_t k = 0; k < pts.size(); ++k) s += (k ? " " : "") + pts[k];
    s += '\n';
  }
  return s;
}

// The arithmetic of one view with the game's numbers: the views' own formulas, or its figures
// under its name for a view that has none here.
void explain_view(std::ostream& s, const Count& c, View v, Lang l) {
  const char* colon = l == Lang::zh ? "：" : ": ";
  auto line = [&](const std::string& k, const std::string& v) { s << "  " << k << v << "\n"; };
  auto letter = [&](Color col) { return colour_word(col, l) + colon; };
  switch (v) {
    case View::japanese:
      s << tr(l, "explain.japanese", {num(c.japanese().black), num(c.japanese().white)}) << "\n";
      for (const std::string& j : japanese_lines(c, l)) line(j, "");
      return;
    case View::area:
      s << tr(l, "explain.area") << "\n";
      for (Color col : {Color::Black, Color::White})
        line(letter(col), num(c.live.of(col)) + " + " + num(c.owned.of(col)) + " + " + num(c.shared) +
                              "/2 = " + num(c.area().of(col)));
      line(tr(l, "explain.return_number"),
           num(c.points()) + "/2 + " + num(c.komi) + "/2 = " + num(c.return_number));
      line(tr(l, "explain.return_number_second"),
           num(c.points()) + "/2 - " + num(c.komi) + "/2 = " + num(c.return_number_second));
      return;
    case View::territory:
      s << tr(l, "explain.territory") << "\n";
      for (Color col : {Color::Black, Color::White}) {
        int r = c.captured.of(col) + c.dead.of(col) + c.virtual_stones.of(col) + c.pass_stones.of(col);
        line(letter(col),
             num(c.owned.of(col)) + " - (" + num(c.captured.of(col)) + " + " + num(c.dead.of(col)) + " + " +
                 num(c.virtual_stones.of(col)) + (c.pass_stones.of(col) ? " + " + num(c.pass_stones.of(col)) : "") +
                 ") = " + num(c.owned.of(col) - r) + tr(l, "explain.placed", {num(c.placed.of(col))}));
      }
      line(tr(l, "explain.payment"), text(c.payment, l) + " → " + tr(l, "arith.payment") + " " + num(c.pay));
      line(tr(l, "explain.equal", {num(c.k), num(c.territory().black), num(c.territory().white)}), "");
      return;
    case View::fill_up:
      s << tr(l, "explain.fill_up", {num(c.fill_up().black), num(c.fill_up().white)}) << "\n";
      return;
    case View::living_stones:
      s << tr(l, "explain.living") << "\n";
      for (Color col : {Color::Black, Color::White})
        line(letter(col), num(c.area().of(col)) + " - " + num(c.basic_eyes.of(col)) + " - " +
                              num(c.public_liberties) + "/2 = " + num(c.living_stones().of(col)) +
                              tr(l, "explain.units", {num(c.units.of(col)), num(c.seki_units.of(col))}));
      return;
    case View::haiqitou:
      s << tr(l, "explain.haiqitou",
              {num(c.haiqitou().black), num(c.haiqitou().white), num(c.groups.black), num(c.groups.white)})
        << "\n";
      return;
    default: break;
  }
  s << tr(l, "explain.view", {view_name(v, l), num(c.view(v).black), num(c.view(v).white)}) << "\n";
}

}  // namespace


std::string view_name(View v, Lang l) { return tr(l, spec_of(v).name_id); }

std::vector<std::string> japanese_lines(const Count& c, Lang l) {
  std::vector<std::string> args;
  for (Color col : {Color::Black, Color::White}) {
    const Color o = opponent(col);
    const double prisoners = c.captured.of(o) + c.dead.of(o) + c.pass_stones.of(o);
    args.push_back(num(c.japanese().of(col) - prisoners));
    args.push_back(num(prisoners));
    args.push_back(num(c.japanese().of(col)));
  }
  return {tr(l, "arith.japanese_B", {args[0], args[1], args[2]}),
          tr(l, "arith.japanese_W", {args[3], args[4], args[5]})};
}

std::string result_arithmetic(const Count& c, Lang l) {
  if (c.end != EndReason::counted) return tr(l, "diagram.result", {result_words(c.result, l)});
  const Figures& f = primary_figures(c);
  const Color second = opponent(c.first);
  // What the rules take off the first player's figure besides komi (the payment of area counting,
  // a group tax, points paid off the board).
  const double adjust = f.diff(c.first) - c.primary_difference;
  std::string e = colour_word(c.first, l) + " " + num(f.of(c.first)) + " - " + colour_word(second, l) +
                  " " + num(f.of(second));
  if (adjust != 0) e += (adjust < 0 ? " + " : " - ") + tr(l, "arith.payment") + " " + num(std::fabs(adjust));
  if (c.komi != 0) e += (c.komi < 0 ? " + " : " - ") + tr(l, "arith.komi") + " " + num(std::fabs(c.komi));
  return tr(l, "arith.result", {method_short(c.rules.counting, l), e, num(c.primary_difference - c.komi),
                                result_words(c.result, l)});
}

std::string summary(const Count& c, Lang l) {
  std::string s = tr(l, "summary.rules",
                     {c.rules.to_string(), preset_title(c.rules.preset, l), colour_word(c.first, l),
                      num(c.komi)});
  s += (l == Lang::zh ? "" : " ") + tr(l, "summary.result", {result_words(c.result, l)});
  if (c.end == EndReason::counted)
    s += (l == Lang::zh ? "" : " ") + tr(l, "summary.primary",
                                         {method_name(c.rules.counting, l), num(c.primary_difference),
                                          num(c.primary_difference - c.komi)});
  return s + "\n";
}

std::string explain(const Count& c, Lang l) {
  std::ostringstream s;
  const bool zh = l == Lang::zh;
  const char* colon = zh ? "：" : ": ";
  s << summary(c, l) << "\n";

  // Statuses, moves, notes.
  std::string claims;
  if (!c.claims.empty()) {
    std::string list;
    for (auto& cl : c.claims)
      list += (list.empty() ? "" : " ") + std::string(color_letter(cl.color)) + ":" + to_gtp(cl.point, c.height);
    claims = tr(l, "explain.claims", {list});
  }
  std::string detail = c.status_detail.empty()
                           ? ""
                           : (zh ? "（" : " (") + text(c.status_detail, l) + (zh ? "）" : ")");
  s << tr(l, "explain.statuses",
          {status_source_name(c.status_source, l) + detail, claims, std::to_string(c.dead_black.size()),
           std::to_string(c.dead_white.size())})
    << "\n";
  for (auto& u : c.uncertain)
    s << "  " << tr(l, "explain.uncertain",
                    {to_gtp(u.stone, c.height), num(std::round(u.alive_probability * 100)),
                     text(u.reason, l)})
      << "\n";
  auto who = [&](Color col) { return is_stone(col) ? side_word(col, l) : tr(l, "explain.none"); };
  s << tr(l, "explain.moves",
          {num(c.moves_real.black), num(c.moves_real.white), num(c.moves_virtual.black),
           num(c.moves_virtual.white), num(c.moves_pass.black), num(c.moves_pass.white),
           who(c.last_move), who(c.first_virtual_color)})
    << "\n";
  for (const Message& n : c.notes) s << "  * " << text(n, l) << "\n";
  s << "\n";

  // The making.
  s << tr(l, "explain.making") << "\n  " << tr(l, "explain.legend") << "\n";
  int n = 0;
  std::set<std::tuple<Index, int, int>> listed;  // the marks an earlier step listed
  for (const MakingStep& st : c.steps) {
    s << "\n" << ++n << ". " << (zh ? step_title(st.id, l) : step_title(st.id, l) + "  [" + st.id + "]") << "\n";
    s << diagram(st.board)
      << marked_points(st.board, listed, l, c.rules.counting == CountingMethod::living_stones);
    for (const Message& note : st.notes) s << "    " << text(note, l) << "\n";
    s << "    "
      << tr(l, "explain.on_board",
            {num(st.board.stones(Color::Black)), num(st.board.stones(Color::White)),
             num(st.board.territory(Color::Black)), num(st.board.territory(Color::White)),
             num(st.board.shared())})
      << "\n";
  }

  // The arithmetic of each view people read, in the table's order; the Japanese count as a
  // Japanese player counts it (territory + prisoners), first when it decides and last otherwise.
  s << "\n" << tr(l, "explain.views") << "\n";
  const bool japanese_first = c.rules.counting == CountingMethod::japanese;
  if (japanese_first) explain_view(s, c, View::japanese, l);
  for (const ViewSpec& v : view_specs())
    if (v.shown && v.id != View::japanese) explain_view(s, c, v.id, l);
  if (!japanese_first) explain_view(s, c, View::japanese, l);

  s << "\n" << tr(l, "explain.invariants") << "\n";
  for (const Invariant& i : c.invariants)
    s << "  [" << tr(l, i.ok ? "inv.ok" : "inv.failed") << "] "
      << (zh ? invariant_name(i.name, l) : i.name) << colon
      << text(i.detail, l) << "\n";
  s << "\n" << result_arithmetic(c, l) << "\n";
  return s.str();
}

}  // namespace jpd
