// Explanations for people: the making step by step with text diagrams, and the arithmetic of each
// view with the game's numbers filled in. English or Chinese (the seeds' own terms).
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

#include "jpd/count.hpp"

namespace jpd {

namespace {

using Index = Board::Index;

std::string num(double v) {
  char buf[32];
  if (v == std::floor(v)) std::snprintf(buf, sizeof buf, "%.0f", v);
  else std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

struct T {
  const char* en;
  const char* zh;
  std::string operator()(Lang l) const { return l == Lang::zh ? zh : en; }
};

std::string colour(Color c, Lang l) {
  if (l == Lang::zh) return c == Color::Black ? "黑" : c == Color::White ? "白" : "-";
  return std::string(color_name(c));
}

const Preset* preset_of(const Count& c) { return find_preset(c.rules.preset); }

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

std::string marked_points(const CountBoard& b, Lang l) {
  std::map<std::string, std::vector<std::string>> by;
  static const std::map<CountBoard::Mark, T> names = {
      {CountBoard::Mark::dead_removed, {"dead stones removed", "清理的死子"}},
      {CountBoard::Mark::dame_filled, {"dame filled", "填单官"}},
      {CountBoard::Mark::refilled, {"refilled", "回填"}},
      {CountBoard::Mark::negative_a, {"negative-A (point shared)", "A类负着（公空）"}},
      {CountBoard::Mark::negative_b, {"negative-B (point becomes own)", "B类负着（成为己方目）"}},
      {CountBoard::Mark::basic_eye, {"basic eye points", "基本眼位"}},
      {CountBoard::Mark::overflow, {"taken off for an overflow", "溢出时取下"}},
  };
  for (int y = 0; y < b.height; ++y)
    for (int x = 0; x < b.width; ++x) {
      Index i = Board::index(x, y);
      auto it = names.find(b.mark[i]);
      if (it == names.end()) continue;
      std::string who = is_stone(b.color[i]) ? colour(b.color[i], l) : "";
      by[it->second(l)].push_back(to_gtp(Point(x, y), b.height) + (who.empty() ? "" : "(" + who + ")"));
    }
  std::string s;
  for (auto& [what, pts] : by) {
    s += "    " + what + ": ";
    for (size_t k = 0; k < pts.size(); ++k) s += (k ? " " : "") + pts[k];
    s += '\n';
  }
  return s;
}

}  // namespace

std::string summary(const Count& c, Lang l) {
  std::ostringstream s;
  const Preset* p = preset_of(c);
  if (l == Lang::zh) {
    s << "规则 " << c.rules.to_string() << (p ? std::string("（") + p->title_zh + "）" : "") << "，贴"
      << num(c.komi) << "点，" << colour(c.first, l) << "先。结果 " << c.result;
    if (c.end == EndReason::counted)
      s << "（" << name_of(c.rules.counting) << "：先方比后方 " << num(c.primary_difference)
        << "，贴点后 " << num(c.primary_difference - c.komi) << "）";
  } else {
    s << "Rules " << c.rules.to_string() << (p ? std::string(" (") + p->title_en + ")" : "")
      << ", komi " << num(c.komi) << ", " << colour(c.first, l) << " first. Result " << c.result;
    if (c.end == EndReason::counted)
      s << " (" << name_of(c.rules.counting) << ": first minus second " << num(c.primary_difference)
        << ", after komi " << num(c.primary_difference - c.komi) << ")";
  }
  s << "\n";
  return s.str();
}

std::string explain(const Count& c, Lang l) {
  std::ostringstream s;
  const bool zh = l == Lang::zh;
  s << summary(c, l) << "\n";
  // Statuses.
  s << (zh ? "死活：" : "Statuses: ") << (zh ? "来源 " : "source ") << name_of(c.status_source);
  if (!c.status_detail.empty()) s << " (" << c.status_detail << ")";
  s << "; " << (zh ? "黑死子 " : "dead black ") << c.dead_black.size() << ", "
    << (zh ? "白死子 " : "dead white ") << c.dead_white.size();
  if (!c.claims.empty()) {
    s << "; " << (zh ? "主张 " : "claims ");
    for (auto& cl : c.claims) s << color_letter(cl.color) << ":" << to_gtp(cl.point, c.height) << " ";
  }
  s << "\n";
  for (auto& u : c.uncertain)
    s << "  " << (zh ? "不确定: " : "uncertain: ") << to_gtp(u.stone, c.height) << " "
      << num(std::round(u.alive_probability * 100)) << "% " << u.reason << "\n";
  for (auto& n : c.notes) s << "  * " << n << "\n";
  s << "\n";

  // The making.
  s << (zh ? "做棋（步骤）" : "The making (做棋), step by step") << "\n"
    << (zh ? "  图例：X O 棋子，x o 各方的目，. 公空（公气与单官）\n"
           : "  legend: X O stones, x o each side's owned points, . shared points (public liberties, dame)\n");
  int n = 0;
  for (const MakingStep& st : c.steps) {
    s << "\n" << ++n << ". " << (zh ? st.title_zh : st.title) << "  [" << st.id << "]\n";
    s << diagram(st.board) << marked_points(st.board, l);
    for (auto& note : st.notes) s << "    " << note << "\n";
    s << "    " << (zh ? "盘上 黑" : "on the board: Black ") << st.board.stones(Color::Black)
      << (zh ? " 白" : ", White ") << st.board.stones(Color::White) << (zh ? "" : " stones")
      << (zh ? "，黑目 " : "; owned points ") << st.board.territory(Color::Black)
      << (zh ? " 白目 " : " : ") << st.board.territory(Color::White)
      << (zh ? "，公空 " : "; shared ") << st.board.shared() << "\n";
  }

  // The arithmetic of each view.
  auto line = [&](const std::string& k, const std::string& v) { s << "  " << k << v << "\n"; };
  const char* b = "B";
  const char* w = "W";
  s << "\n" << (zh ? "各种算法" : "The views") << "\n";
  s << (zh ? "子空合计（数子法）" : "Area, 子空合计") << ": A = L + T + q/2\n";
  line(std::string(b) + ": ", num(c.live.black) + " + " + num(c.owned.black) + " + " + num(c.shared) + "/2 = " + num(c.area.black));
  line(std::string(w) + ": ", num(c.live.white) + " + " + num(c.owned.white) + " + " + num(c.shared) + "/2 = " + num(c.area.white));
  line(zh ? "归本数（先方）: " : "归本数 (first player's return number): ",
       num(c.points()) + "/2 + " + num(c.komi) + "/2 = " + num(c.return_number));
  s << (zh ? "等子比空（回填计目）" : "Territory by refill, 等子比空") << ": t = T - (C + D + V)\n";
  for (Color col : {Color::Black, Color::White}) {
    int r = c.captured.of(col) + c.dead.of(col) + c.virtual_stones.of(col) + c.pass_stones.of(col);
    line(std::string(color_letter(col)) + ": ",
         num(c.owned.of(col)) + " - (" + num(c.captured.of(col)) + " + " + num(c.dead.of(col)) + " + " +
             num(c.virtual_stones.of(col)) + (c.pass_stones.of(col) ? " + " + num(c.pass_stones.of(col)) : "") +
             ") = " + num(c.owned.of(col) - r) + (zh ? "，着子 S = " : ", stones placed S = ") +
             num(c.placed.of(col)));
  }
  line(zh ? "补偿: " : "payment: ", c.payment + " → pay = " + num(c.pay));
  line(zh ? "等子局面: " : "equal stones: ",
       (zh ? "每方 k = " : "k = ") + num(c.k) + (zh ? " 子，目 " : " each; territory ") +
           num(c.territory.black) + " : " + num(c.territory.white));
  s << (zh ? "填满计点" : "Fill-up, 填满计点") << ": " << num(c.fill_up.black) << " : " << num(c.fill_up.white) << "\n";
  s << (zh ? "计活子（数路）" : "Living stones, 计活子/数路") << ": P = A - eyes - p/2\n";
  for (Color col : {Color::Black, Color::White})
    line(std::string(color_letter(col)) + ": ",
         num(c.area.of(col)) + " - " + num(c.basic_eyes.of(col)) + " - " + num(c.public_liberties) +
             "/2 = " + num(c.living_stones.of(col)) + (zh ? "（活棋 " : " (units ") + num(c.units.of(col)) +
             (zh ? "，双活 " : ", in seki ") + num(c.seki_units.of(col)) + ")");
  s << (zh ? "还棋头" : "还棋头 (return a stone per extra group)") << ": " << num(c.haiqitou.black) << " : "
    << num(c.haiqitou.white) << (zh ? "（棋头 " : " (groups ") << c.groups.black << " : " << c.groups.white << ")\n";
  s << (zh ? "日本规则（目 + 俘虏）" : "Japanese (territory + prisoners)") << ": " << num(c.japanese.black)
    << " : " << num(c.japanese.white) << "\n";

  s << "\n" << (zh ? "恒等式检验" : "Invariants") << "\n";
  for (const Invariant& i : c.invariants)
    s << "  [" << (i.ok ? "ok" : "FAILED") << "] " << i.name << ": " << i.detail << "\n";
  s << "\n" << (zh ? "结果: " : "Result: ") << c.result << "\n";
  return s.str();
}

}  // namespace jpd
