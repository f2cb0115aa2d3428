// SVG pictures of the making: a wooden board, grid, star points and coordinates; stones with a soft
// gradient and shadow; each side's points tinted and marked with a small square of its colour,
// shared points (公气, 单官) tinted blue with a half-black half-white marker (they are split half and
// half); the making's marks in colours named in a legend; captions with the counts.
#include "jpd/svg.hpp"

#include "jpd/count_report.hpp"
#include "jpd/overlay.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

namespace jpd::svg {

namespace {

using Index = Board::Index;
using Mark = CountBoard::Mark;

constexpr const char* kFont =
    "'Noto Sans CJK SC','Source Han Sans SC','WenQuanYi Micro Hei','PingFang SC','Microsoft YaHei',"
    "'DejaVu Sans',Helvetica,Arial,sans-serif";
constexpr const char* kRed = "#c0392b";
constexpr const char* kBlue = "#2f80d1";
constexpr const char* kGreen = "#1e9e57";
constexpr const char* kPurple = "#8e44ad";
constexpr const char* kOrange = "#e67e22";

std::string f(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  std::string s = buf;
  if (s.size() > 2 && s.substr(s.size() - 2) == ".0") s.resize(s.size() - 2);
  return s;
}

// Estimated width in pixels of a text at a font size: CJK about one em, Latin about 0.56 em.
double text_width(std::string_view s, double size) {
  double w = 0;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    int len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    w += len >= 3 ? size : c == ' ' ? size * 0.3 : size * 0.56;
    i += size_t(len);
  }
  return w;
}

// Wraps a line to a width: at spaces for Latin text, between any two characters for CJK.
std::vector<std::string> wrap(const std::string& line, double width, double size) {
  std::vector<std::string> out;
  std::string cur;
  size_t last_break = std::string::npos;  // in cur: a position one may break after
  for (size_t i = 0; i < line.size();) {
    unsigned char c = static_cast<unsigned char>(line[i]);
    size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    std::string ch = line.substr(i, len);
    i += len;
    cur += ch;
    // Break after a space or a CJK character; never inside "4 : 2".
    const bool colon_near = ch == " " && ((i < line.size() && line[i] == ':') ||
                                          (cur.size() >= 2 && cur[cur.size() - 2] == ':'));
    if ((ch == " " && !colon_near) || len >= 3) last_break = cur.size();
    if (text_width(cur, size) > width && last_break != std::string::npos && last_break < cur.size()) {
      std::string head = cur.substr(0, last_break);
      while (!head.empty() && head.back() == ' ') head.pop_back();
      out.push_back(head);
      cur = cur.substr(last_break);
      last_break = std::string::npos;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

// Star points: the 3-3 (4-4 from 13x13 on) corner points and the centre; side stars from 15x15 on.
bool is_star(int w, int h, int x, int y) {
  if (w != h || w < 7) return false;
  const int n = w, e = n >= 13 ? 3 : 2, c = n / 2;
  auto corner = [&](int v) { return v == e || v == n - 1 - e; };
  auto middle = [&](int v) { return n % 2 == 1 && v == c; };
  if (corner(x) && corner(y)) return true;
  if (middle(x) && middle(y)) return true;
  return n >= 15 && ((corner(x) && middle(y)) || (middle(x) && corner(y)));
}

struct Geometry {
  int cell, margin, top, width, height, board_w, board_h, left;
  double x(int col) const { return left + margin + cell * 0.5 + cell * col; }
  double y(int row) const { return top + margin + cell * 0.5 + cell * row; }
};

// One legend entry: a key (what it shows) and its glyph drawn at (cx, cy).
enum class Key {
  black_stone, white_stone, black_point, white_point, public_liberty, dame, dead, dead_removed,
  dame_filled, refilled, filled, negative_a, negative_b, basic_eye, overflow, prisoner, false_eye,
  finishing
};

std::string key_label(Key k, Lang l, bool roads) {
  switch (k) {
    case Key::black_stone: return class_name(PointClass::black_stone, l);
    case Key::white_stone: return class_name(PointClass::white_stone, l);
    case Key::black_point: return class_name(PointClass::black_territory, l);
    case Key::white_point: return class_name(PointClass::white_territory, l);
    case Key::public_liberty: return class_name(PointClass::public_liberty, l);
    case Key::dame: return class_name(PointClass::dame, l);
    case Key::dead: return tr(l, "diagram.key_dead");
    case Key::dead_removed: return mark_name(Mark::dead_removed, l);
    case Key::dame_filled: return mark_name(Mark::dame_filled, l);
    case Key::refilled: return mark_name(Mark::refilled, l);
    case Key::filled: return mark_name(Mark::filled, l);
    case Key::negative_a: return tr(l, "diagram.key_negative_a");
    case Key::negative_b: return tr(l, roads ? "diagram.key_negative_b_road" : "diagram.key_negative_b");
    case Key::basic_eye: return mark_name(Mark::basic_eye, l);
    case Key::overflow: return mark_name(Mark::overflow, l);
    case Key::prisoner: return tr(l, "diagram.key_prisoner");
    case Key::false_eye: return tr(l, "diagram.key_false_eye");
    case Key::finishing: return tr(l, "diagram.key_finishing");
  }
  return "";
}

class Writer {
 public:
  explicit Writer(double cell) : c_(cell) {}
  std::ostringstream s;

  void stone(double x, double y, Color col, double opacity = 1.0, const char* extra = "") {
    const double r = c_ * 0.47;
    s << "<circle class=\"shadow\" cx=\"" << f(x + c_ * 0.05) << "\" cy=\"" << f(y + c_ * 0.07) << "\" r=\""
      << f(r) << "\" fill=\"#000\" fill-opacity=\"" << f(0.22 * opacity) << "\"/>";
    s << "<circle class=\"stone " << (col == Color::Black ? "b" : "w") << extra << "\" cx=\"" << f(x)
      << "\" cy=\"" << f(y) << "\" r=\"" << f(r) << "\" fill=\"url(#"
      << (col == Color::Black ? "gb" : "gw") << ")\""
      << (col == Color::White ? " stroke=\"#8a8a8a\" stroke-width=\"0.7\"" : "");
    if (opacity < 1) s << " opacity=\"" << f(opacity) << "\"";
    s << "/>\n";
  }
  // The small square marking an owned point.
  void owned(double x, double y, Color col) {
    const double h = c_ * 0.17;
    s << "<rect class=\"owned " << (col == Color::Black ? "b" : "w") << "\" x=\"" << f(x - h) << "\" y=\""
      << f(y - h) << "\" width=\"" << f(2 * h) << "\" height=\"" << f(2 * h) << "\" fill=\""
      << (col == Color::Black ? "#1b1b1b" : "#fbfbfb") << "\" stroke=\""
      << (col == Color::Black ? "#000" : "#6b6b6b") << "\" stroke-width=\"0.8\"/>\n";
  }
  // Half black, half white: a shared point (public liberty: round; dame: square).
  void shared(double x, double y, bool round) {
    const double h = c_ * 0.15;
    if (round) {
      s << "<g class=\"shared liberty\"><path d=\"M" << f(x) << "," << f(y - h) << " A" << f(h) << "," << f(h)
        << " 0 0 0 " << f(x) << "," << f(y + h) << " Z\" fill=\"#1b1b1b\"/><path d=\"M" << f(x) << ","
        << f(y - h) << " A" << f(h) << "," << f(h) << " 0 0 1 " << f(x) << "," << f(y + h)
        << " Z\" fill=\"#fbfbfb\"/><circle cx=\"" << f(x) << "\" cy=\"" << f(y) << "\" r=\"" << f(h)
        << "\" fill=\"none\" stroke=\"#333\" stroke-width=\"0.8\"/></g>\n";
    } else {
      s << "<g class=\"shared dame\"><path d=\"M" << f(x - h) << "," << f(y - h) << " L" << f(x + h) << ","
        << f(y - h) << " L" << f(x - h) << "," << f(y + h) << " Z\" fill=\"#1b1b1b\"/><path d=\"M"
        << f(x + h) << "," << f(y - h) << " L" << f(x + h) << "," << f(y + h) << " L" << f(x - h) << ","
        << f(y + h) << " Z\" fill=\"#fbfbfb\"/><rect x=\"" << f(x - h) << "\" y=\"" << f(y - h)
        << "\" width=\"" << f(2 * h) << "\" height=\"" << f(2 * h)
        << "\" fill=\"none\" stroke=\"#333\" stroke-width=\"0.8\"/></g>\n";
    }
  }
  void cross(double x, double y, const char* cls, const char* colour, double size) {
    const double h = c_ * size;
    s << "<path class=\"mark " << cls << "\" d=\"M" << f(x - h) << "," << f(y - h) << " L" << f(x + h) << ","
      << f(y + h) << " M" << f(x + h) << "," << f(y - h) << " L" << f(x - h) << "," << f(y + h)
      << "\" stroke=\"" << colour << "\" stroke-width=\"" << f(c_ * 0.07)
      << "\" stroke-linecap=\"round\" fill=\"none\"/>\n";
  }
  void ring(double x, double y, const char* cls, const char* colour, double r, double width) {
    s << "<circle class=\"mark " << cls << "\" cx=\"" << f(x) << "\" cy=\"" << f(y) << "\" r=\"" << f(c_ * r)
      << "\" fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"" << f(c_ * width) << "\"/>\n";
  }
  void triangle(double x, double y, const char* cls, const char* colour) {
    const double h = c_ * 0.2;
    s << "<path class=\"mark " << cls << "\" d=\"M" << f(x) << "," << f(y - h) << " L" << f(x + h * 0.95)
      << "," << f(y + h * 0.7) << " L" << f(x - h * 0.95) << "," << f(y + h * 0.7)
      << " Z\" fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"" << f(c_ * 0.07)
      << "\" stroke-linejoin=\"round\"/>\n";
  }
  void letter(double x, double y, const char* cls, const char* text) {
    s << "<g class=\"mark " << cls << "\"><circle cx=\"" << f(x) << "\" cy=\"" << f(y) << "\" r=\""
      << f(c_ * 0.36) << "\" fill=\"#fff\" fill-opacity=\"0.55\" stroke=\"" << kRed << "\" stroke-width=\""
      << f(c_ * 0.05) << "\" stroke-dasharray=\"" << f(c_ * 0.12) << "," << f(c_ * 0.07)
      << "\"/><text x=\"" << f(x) << "\" y=\"" << f(y + c_ * 0.15) << "\" font-size=\"" << f(c_ * 0.42)
      << "\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"" << kRed << "\">" << text << "</text></g>\n";
  }
  // A stone filled in at making: a small muted dot in its middle.
  void dot(double x, double y, Color col) {
    s << "<circle class=\"mark filled\" cx=\"" << f(x) << "\" cy=\"" << f(y) << "\" r=\"" << f(c_ * 0.09)
      << "\" fill=\"" << (col == Color::Black ? "#8c8c8c" : "#a3a39c") << "\"/>\n";
  }
  // A number on a stone (a finishing move), in the stone's opposite colour.
  void number(double x, double y, Color col, int n) {
    s << "<text class=\"mark finishing\" x=\"" << f(x) << "\" y=\"" << f(y + c_ * 0.15) << "\" font-size=\""
      << f(c_ * (n >= 100 ? 0.32 : 0.42)) << "\" font-weight=\"bold\" text-anchor=\"middle\" fill=\""
      << (col == Color::Black ? "#fff" : "#111") << "\">" << n << "</text>\n";
  }
  void minus(double x, double y, const char* cls, const char* colour) {
    const double h = c_ * 0.2;
    s << "<path class=\"mark " << cls << "\" d=\"M" << f(x - h) << "," << f(y) << " L" << f(x + h) << ","
      << f(y) << "\" stroke=\"" << colour << "\" stroke-width=\"" << f(c_ * 0.09)
      << "\" stroke-linecap=\"round\"/>\n";
  }

  // A glyph for the legend, centred at (x, y).
  void key(Key k, double x, double y) {
    switch (k) {
      case Key::black_stone: stone(x, y, Color::Black, 1.0, " key"); break;
      case Key::white_stone: stone(x, y, Color::White, 1.0, " key"); break;
      case Key::black_point: tint(x, y, Color::Black); owned(x, y, Color::Black); break;
      case Key::white_point: tint(x, y, Color::White); owned(x, y, Color::White); break;
      case Key::public_liberty: tint(x, y, Color::Empty); shared(x, y, true); break;
      case Key::dame: tint(x, y, Color::Empty); shared(x, y, false); break;
      case Key::dead: stone(x, y, Color::Black, 0.45, " key"); cross(x, y, "dead", kRed, 0.2); break;
      case Key::dead_removed: cross(x, y, "dead_removed", kRed, 0.16); break;
      case Key::dame_filled: stone(x, y, Color::White, 1.0, " key"); triangle(x, y, "dame_filled", kPurple); break;
      case Key::refilled: stone(x, y, Color::Black, 1.0, " key"); ring(x, y, "refilled", kBlue, 0.2, 0.08); break;
      case Key::filled: stone(x, y, Color::White, 1.0, " key"); dot(x, y, Color::White); break;
      case Key::negative_a: letter(x, y, "negative_a", "A"); break;
      case Key::negative_b: letter(x, y, "negative_b", "B"); break;
      case Key::basic_eye: ring(x, y, "basic_eye", kGreen, 0.22, 0.08); break;
      case Key::overflow: minus(x, y, "overflow", kOrange); break;
      case Key::prisoner:
        tint(x, y, Color::Black);
        stone(x, y, Color::White, 0.45, " key");
        cross(x, y, "dead", kRed, 0.2);
        break;
      case Key::false_eye: ring(x, y, "false_eye", kOrange, 0.2, 0.08); break;
      case Key::finishing: stone(x, y, Color::Black, 1.0, " key"); number(x, y, Color::Black, 1); break;
    }
  }
  // The tint of a point's cell: Black's a little darker, White's lighter, shared points blue.
  void tint(double x, double y, Color owner) {
    const double h = c_ * 0.5;
    const char* fill = owner == Color::Black ? "#3a2a10" : owner == Color::White ? "#ffffff" : "#8fc1ff";
    const char* op = owner == Color::Black ? "0.20" : owner == Color::White ? "0.42" : "0.55";
    s << "<rect class=\"tint\" x=\"" << f(x - h) << "\" y=\"" << f(y - h) << "\" width=\"" << f(2 * h)
      << "\" height=\"" << f(2 * h) << "\" fill=\"" << fill << "\" fill-opacity=\"" << op << "\"/>\n";
  }

 private:
  double c_;
};

}  // namespace

std::string xml_escape(std::string_view in) {
  std::string out;
  for (char c : in) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

namespace {

constexpr double kTitleSize = 17, kCaptionSize = 13, kLegendSize = 12;

// The picture's size and the board's place in it: the margin holds the coordinates when there
// are any, the picture is at least the style's width, and a title pushes the board down.
Geometry geometry(const Picture& p, const Style& st) {
  const CountBoard& b = *p.board;
  const int cell = st.cell;
  Geometry g{};
  g.cell = cell;
  g.margin = st.coordinates ? int(cell * 0.8) : int(cell * 0.3);
  g.board_w = b.width * cell + 2 * g.margin;
  g.board_h = b.height * cell + 2 * g.margin;
  g.width = std::max(g.board_w + 24, st.min_width);
  g.left = (g.width - g.board_w) / 2;
  g.top = p.title.empty() ? 12 : 44;
  return g;
}

// The points a picture draws apart from the board's classes and marks, by board index: the dead
// stones, the colour of the stones removed at each point, the false eyes, and the numbers of the
// finishing moves (only where a stone stands).
struct Special {
  std::set<Index> dead, removed_b, removed_w, false_eyes;
  std::map<Index, int> numbers;
};

Special special_points(const Picture& p) {
  const CountBoard& b = *p.board;
  Special sp;
  for (Point q : p.dead) sp.dead.insert(Board::index(q));
  for (Point q : p.removed_black) sp.removed_b.insert(Board::index(q));
  for (Point q : p.removed_white) sp.removed_w.insert(Board::index(q));
  for (auto [q, n] : p.numbered)
    if (is_stone(b.color[Board::index(q)])) sp.numbers[Board::index(q)] = n;
  for (Point q : p.false_eyes) sp.false_eyes.insert(Board::index(q));
  return sp;
}

// Which keys this board needs, in legend order: one for each kind of stone, point and mark it
// shows.
std::set<Key> legend_keys(const Picture& p, const Special& sp) {
  const CountBoard& b = *p.board;
  std::set<Key> keys;
  for (int y = 0; y < b.height; ++y)
    for (int x = 0; x < b.width; ++x) {
      Index i = Board::index(x, y);
      Color col = b.color[i];
      if (col == Color::Black) keys.insert(Key::black_stone);
      if (col == Color::White) keys.insert(Key::white_stone);
      if (is_stone(col) && sp.dead.count(i))
        keys.insert(p.dead_are_prisoners ? Key::prisoner : Key::dead);
      if (!is_stone(col)) {
        PointClass k = b.cls[i];
        if (k == PointClass::black_territory) keys.insert(Key::black_point);
        if (k == PointClass::white_territory) keys.insert(Key::white_point);
        if (k == PointClass::public_liberty || k == PointClass::seki_eye_shared) keys.insert(Key::public_liberty);
        if (k == PointClass::dame) keys.insert(Key::dame);
      }
      switch (b.mark[i]) {
        case Mark::dead_removed: keys.insert(Key::dead_removed); break;
        case Mark::dame_filled: keys.insert(Key::dame_filled); break;
        case Mark::refilled: keys.insert(Key::refilled); break;
        case Mark::filled: keys.insert(Key::filled); break;
        case Mark::negative_a: keys.insert(Key::negative_a); break;
        case Mark::negative_b: keys.insert(Key::negative_b); break;
        case Mark::basic_eye: keys.insert(Key::basic_eye); break;
        case Mark::overflow: keys.insert(Key::overflow); break;
        case Mark::none: break;
      }
    }
  if (!sp.numbers.empty()) keys.insert(Key::finishing);
  if (!sp.false_eyes.empty()) keys.insert(Key::false_eye);
  return keys;
}

// One entry of the legend, placed: its key, its label and where its glyph's piece of board starts.
struct LegendItem {
  Key key;
  std::string label;
  double x, y;
};

// Under the board: the caption's lines wrapped to the picture's width, then the legend's entries
// in rows (a new row when an entry would overrun the right edge); the picture's height ends
// below them.
struct Layout {
  std::vector<std::string> lines;
  std::vector<LegendItem> items;
  double legend_top, glyph, height;
};

Layout lay_out(const Picture& p, const Style& st, const Geometry& g, const std::set<Key>& keys) {
  Layout lay;
  const double text_w = g.width - 32;
  for (const std::string& c : p.caption)
    for (std::string& w : wrap(c, text_w, kCaptionSize)) lay.lines.push_back(std::move(w));
  double y0 = g.top + g.board_h + 16 + lay.lines.size() * (kCaptionSize + 6);
  lay.legend_top = y0 + 10;
  double lx = 16, ly = lay.legend_top + 26;
  lay.glyph = st.cell * 0.9;
  if (st.legend && !keys.empty()) {
    for (Key k : keys) {
      std::string label = key_label(k, p.lang, p.roads);
      double w = lay.glyph + 6 + text_width(label, kLegendSize) + 18;
      if (lx + w > g.width - 8 && lx > 16) {
        lx = 16;
        ly += lay.glyph + 4;
      }
      lay.items.push_back({k, label, lx, ly});
      lx += w;
    }
  }
  lay.height = lay.items.empty() ? y0 + 8 : ly + lay.glyph / 2 + 12;
  return lay;
}

// The document's head: the svg element, the title, the gradients of stones and wood, the paper
// and the title's text.
void draw_head(Writer& w, const Picture& p, const Geometry& g, double height) {
  std::ostringstream& s = w.s;
  s << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  s << "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" << g.width << "\" height=\""
    << f(height) << "\" viewBox=\"0 0 " << g.width << " " << f(height) << "\" font-family=\"" << kFont
    << "\" lang=\"" << lang_code(p.lang) << "\">\n";
  s << "<title>" << xml_escape(p.title) << "</title>\n";
  s << "<defs>\n"
       "<radialGradient id=\"gb\" cx=\"0.36\" cy=\"0.32\" r=\"0.7\"><stop offset=\"0\" stop-color=\"#6b6b6b\"/>"
       "<stop offset=\"0.35\" stop-color=\"#262626\"/><stop offset=\"1\" stop-color=\"#050505\"/></radialGradient>\n"
       "<radialGradient id=\"gw\" cx=\"0.36\" cy=\"0.32\" r=\"0.75\"><stop offset=\"0\" stop-color=\"#ffffff\"/>"
       "<stop offset=\"0.55\" stop-color=\"#f0f0ec\"/><stop offset=\"1\" stop-color=\"#c4c4bd\"/></radialGradient>\n"
       "<linearGradient id=\"wood\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\"><stop offset=\"0\" stop-color=\"#e8c27a\"/>"
       "<stop offset=\"0.5\" stop-color=\"#deb465\"/><stop offset=\"1\" stop-color=\"#d2a453\"/></linearGradient>\n"
       "</defs>\n";
  s << "<rect class=\"paper\" width=\"100%\" height=\"100%\" fill=\"#fcfaf6\"/>\n";
  if (!p.title.empty())
    s << "<text class=\"title\" x=\"16\" y=\"28\" font-size=\"" << f(kTitleSize)
      << "\" font-weight=\"bold\" fill=\"#2b2116\">" << xml_escape(p.title) << "</text>\n";
}

// The wooden board with its shadow, and the tints of the points under the grid.
void draw_board(Writer& w, const Picture& p, const Geometry& g, const Special& sp) {
  const CountBoard& b = *p.board;
  std::ostringstream& s = w.s;
  s << "<rect class=\"board-shadow\" x=\"" << g.left + 3 << "\" y=\"" << g.top + 4 << "\" width=\"" << g.board_w
    << "\" height=\"" << g.board_h << "\" rx=\"6\" fill=\"#000\" fill-opacity=\"0.18\"/>\n";
  s << "<rect class=\"board\" x=\"" << g.left << "\" y=\"" << g.top << "\" width=\"" << g.board_w
    << "\" height=\"" << g.board_h << "\" rx=\"6\" fill=\"url(#wood)\" stroke=\"#a97c35\" stroke-width=\"1\"/>\n";
  for (int y = 0; y < b.height; ++y)
    for (int x = 0; x < b.width; ++x) {
      Index i = Board::index(x, y);
      // A dead stone standing on its captor's territory (the Japanese picture) is tinted too.
      if (is_stone(b.color[i]) && !(p.dead_are_prisoners && sp.dead.count(i))) continue;
      PointClass k = b.cls[i];
      if (k == PointClass::black_territory) w.tint(g.x(x), g.y(y), Color::Black);
      else if (k == PointClass::white_territory) w.tint(g.x(x), g.y(y), Color::White);
      else if (is_shared(k)) w.tint(g.x(x), g.y(y), Color::Empty);
    }
}

// The grid's lines (the edges thicker) and the star points.
void draw_grid(Writer& w, const CountBoard& b, const Geometry& g) {
  std::ostringstream& s = w.s;
  s << "<g class=\"grid\" stroke=\"#4a3515\" stroke-linecap=\"square\">\n";
  for (int x = 0; x < b.width; ++x)
    s << "<line x1=\"" << f(g.x(x)) << "\" y1=\"" << f(g.y(0)) << "\" x2=\"" << f(g.x(x)) << "\" y2=\""
      << f(g.y(b.height - 1)) << "\" stroke-width=\"" << (x == 0 || x == b.width - 1 ? "1.6" : "0.9") << "\"/>\n";
  for (int y = 0; y < b.height; ++y)
    s << "<line x1=\"" << f(g.x(0)) << "\" y1=\"" << f(g.y(y)) << "\" x2=\"" << f(g.x(b.width - 1))
      << "\" y2=\"" << f(g.y(y)) << "\" stroke-width=\"" << (y == 0 || y == b.height - 1 ? "1.6" : "0.9") << "\"/>\n";
  s << "</g>\n";
  for (int y = 0; y < b.height; ++y)
    for (int x = 0; x < b.width; ++x)
      if (is_star(b.width, b.height, x, y))
        s << "<circle class=\"star\" cx=\"" << f(g.x(x)) << "\" cy=\"" << f(g.y(y)) << "\" r=\""
          << f(g.cell * 0.1) << "\" fill=\"#3a2a10\"/>\n";
}

// Coordinates: letters (no I) above and below, numbers (1 at the bottom) on both sides.
void draw_coordinates(Writer& w, const CountBoard& b, const Geometry& g) {
  std::ostringstream& s = w.s;
  const int cell = g.cell;
  const char* letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
  s << "<g class=\"coordinates\" font-size=\"" << f(cell * 0.34) << "\" fill=\"#5b4520\" text-anchor=\"middle\">\n";
  for (int x = 0; x < b.width; ++x) {
    s << "<text x=\"" << f(g.x(x)) << "\" y=\"" << f(g.top + g.margin * 0.62) << "\">" << letters[x] << "</text>";
    s << "<text x=\"" << f(g.x(x)) << "\" y=\"" << f(g.top + g.board_h - g.margin * 0.3) << "\">" << letters[x]
      << "</text>\n";
  }
  for (int y = 0; y < b.height; ++y) {
    const std::string n = std::to_string(b.height - y);
    s << "<text x=\"" << f(g.left + g.margin * 0.45) << "\" y=\"" << f(g.y(y) + cell * 0.12) << "\">" << n << "</text>";
    s << "<text x=\"" << f(g.left + g.board_w - g.margin * 0.45) << "\" y=\"" << f(g.y(y) + cell * 0.12) << "\">"
      << n << "</text>\n";
  }
  s << "</g>\n";
}

// A stone: drawn faded and crossed when dead, with the mark of the making it carries and the
// number of the finishing move that put it there.
void draw_stone(Writer& w, const CountBoard& b, const Geometry& g, const Special& sp, int x, int y) {
  const Index i = Board::index(x, y);
  const double cx = g.x(x), cy = g.y(y);
  const Color col = b.color[i];
  const Mark m = b.mark[i];
  const bool is_dead = sp.dead.count(i) > 0;
  w.stone(cx, cy, col, is_dead ? 0.45 : 1.0);
  if (m == Mark::filled) w.dot(cx, cy, col);
  if (is_dead) w.cross(cx, cy, "dead", kRed, 0.2);
  if (m == Mark::refilled) w.ring(cx, cy, "refilled", kBlue, 0.2, 0.08);
  if (m == Mark::dame_filled) w.triangle(cx, cy, "dame_filled", kPurple);
  if (auto n = sp.numbers.find(i); n != sp.numbers.end()) w.number(cx, cy, col, n->second);
}

// An empty point: a false eye's ring, the marker of its owner or of a shared point (unless a
// letter or an eye's ring marks it), and the mark of the making it carries.
void draw_empty(Writer& w, const CountBoard& b, const Geometry& g, const Special& sp, int x, int y) {
  std::ostringstream& s = w.s;
  const Index i = Board::index(x, y);
  const double cx = g.x(x), cy = g.y(y);
  const PointClass k = b.cls[i];
  const Mark m = b.mark[i];
  if (sp.false_eyes.count(i)) w.ring(cx, cy, "false_eye", kOrange, 0.2, 0.08);
  if (m != Mark::negative_a && m != Mark::negative_b && m != Mark::basic_eye) {
    if (k == PointClass::black_territory) w.owned(cx, cy, Color::Black);
    else if (k == PointClass::white_territory) w.owned(cx, cy, Color::White);
    else if (k == PointClass::dame) w.shared(cx, cy, false);
    else if (is_shared(k)) w.shared(cx, cy, true);
  }
  switch (m) {
    case Mark::dead_removed: {
      // The removed stone's outline in its colour, crossed.
      const bool black = sp.removed_b.count(i) > 0, white = sp.removed_w.count(i) > 0;
      if (black || white)
        s << "<circle class=\"ghost\" cx=\"" << f(cx) << "\" cy=\"" << f(cy) << "\" r=\"" << f(g.cell * 0.4)
          << "\" fill=\"none\" stroke=\"" << (black ? "#1b1b1b" : "#fbfbfb") << "\" stroke-width=\"1.4\""
          << " stroke-dasharray=\"3,2\" opacity=\"0.8\"/>\n";
      w.cross(cx, cy, "dead_removed", kRed, 0.16);
      break;
    }
    case Mark::negative_a: w.letter(cx, cy, "negative_a", "A"); break;
    case Mark::negative_b: w.letter(cx, cy, "negative_b", "B"); break;
    case Mark::basic_eye: w.ring(cx, cy, "basic_eye", kGreen, 0.22, 0.08); break;
    case Mark::overflow: w.minus(cx, cy, "overflow", kOrange); break;
    default: break;
  }
}

// Points: markers of empty points, stones, marks.
void draw_points(Writer& w, const CountBoard& b, const Geometry& g, const Special& sp) {
  for (int y = 0; y < b.height; ++y)
    for (int x = 0; x < b.width; ++x) {
      if (is_stone(b.color[Board::index(x, y)])) draw_stone(w, b, g, sp, x, y);
      else draw_empty(w, b, g, sp, x, y);
    }
}

// The caption's lines under the board.
void draw_caption(Writer& w, const Geometry& g, const std::vector<std::string>& lines) {
  std::ostringstream& s = w.s;
  double cy = g.top + g.board_h + 16;
  s << "<g class=\"caption\" font-size=\"" << f(kCaptionSize) << "\" fill=\"#2b2116\">\n";
  for (const std::string& line : lines) {
    cy += kCaptionSize + 6;
    s << "<text x=\"16\" y=\"" << f(cy) << "\">" << xml_escape(line) << "</text>\n";
  }
  s << "</g>\n";
}

// The legend under a rule: each entry's glyph on a small piece of board, and its label.
void draw_legend(Writer& w, const Geometry& g, const Layout& lay) {
  std::ostringstream& s = w.s;
  const double glyph = lay.glyph;
  s << "<g class=\"legend\" font-size=\"" << f(kLegendSize) << "\" fill=\"#3b3126\">\n";
  s << "<line x1=\"16\" y1=\"" << f(lay.legend_top) << "\" x2=\"" << g.width - 16 << "\" y2=\"" << f(lay.legend_top)
    << "\" stroke=\"#d8cdb8\" stroke-width=\"1\"/>\n";
  for (const LegendItem& it : lay.items) {
    s << "<rect x=\"" << f(it.x) << "\" y=\"" << f(it.y - glyph / 2) << "\" width=\"" << f(glyph)
      << "\" height=\"" << f(glyph) << "\" rx=\"3\" fill=\"url(#wood)\"/>\n";
    s << "<g class=\"key\">";
    w.key(it.key, it.x + glyph / 2, it.y);
    s << "</g>\n";
    s << "<text x=\"" << f(it.x + glyph + 6) << "\" y=\"" << f(it.y + kLegendSize * 0.38) << "\">"
      << xml_escape(it.label) << "</text>\n";
  }
  s << "</g>\n";
}

}  // namespace

// The picture is laid out first (its height depends on the caption and the legend below the
// board), then drawn from the back to the front.
std::string board_svg(const Picture& p, const Style& st) {
  const CountBoard& b = *p.board;
  const Geometry g = geometry(p, st);
  const Special sp = special_points(p);
  const Layout lay = lay_out(p, st, g, legend_keys(p, sp));
  Writer w(st.cell);
  draw_head(w, p, g, lay.height);
  draw_board(w, p, g, sp);
  draw_grid(w, b, g);
  if (st.coordinates) draw_coordinates(w, b, g);
  draw_points(w, b, g, sp);
  draw_caption(w, g, lay.lines);
  if (!lay.items.empty()) draw_legend(w, g, lay);
  w.s << "</svg>\n";
  return w.s.str();
}

std::vector<std::string> step_caption(const Count& c, const MakingStep& st, Lang l) {
  std::vector<std::string> out;
  const CountBoard& b = st.board;
  auto n = [](double v) { return format_number(v); };
  const std::string id = st.id;
  if (id == "pause") {
    out.push_back(tr(l, "diagram.dead", {n(double(c.dead_black.size())), n(double(c.dead_white.size())),
                                         status_source_name(c.status_source, l)}));
    out.push_back(tr(l, "diagram.area", {n(c.area().black), n(c.area().white), n(c.return_number),
                                          n(c.return_number_second)}));
  } else if (id == "dead_removed") {
    out.push_back(tr(l, "diagram.area", {n(c.area().black), n(c.area().white), n(c.return_number),
                                          n(c.return_number_second)}));
  } else if (id == "fill_up") {
    out.push_back(tr(l, "diagram.fill_up", {n(c.fill_up().black), n(c.fill_up().white)}));
  } else if (id == "living_stones") {
    out.push_back(tr(l, "diagram.living", {n(c.living_stones().black), n(c.living_stones().white),
                                           n(c.basic_eyes.black), n(c.basic_eyes.white)}));
  } else if (id == "refilled") {
    auto r = [&](Color col) {
      return c.captured.of(col) + c.dead.of(col) + c.virtual_stones.of(col) + c.pass_stones.of(col);
    };
    out.push_back(tr(l, "diagram.refill", {n(r(Color::Black)), n(r(Color::White)), n(b.territory(Color::Black)),
                                           n(b.territory(Color::White))}));
  } else if (id == "equal_stones" || id == "generalized") {
    out.push_back(tr(l, "diagram.equal", {n(c.k), n(c.territory().black), n(c.territory().white), n(b.shared())}));
    out.push_back(tr(l, "diagram.pay", {text(c.payment, l), n(c.pay)}));
  }
  for (const Message& note : st.notes) out.push_back(text(note, l));
  out.push_back(tr(l, "diagram.on_board", {n(b.stones(Color::Black)), n(b.stones(Color::White)),
                                           n(b.territory(Color::Black)), n(b.territory(Color::White)),
                                           n(b.shared())}));
  const bool last = !c.steps.empty() && &c.steps.back() == &st;
  if (last) {
    if (c.rules.counting == CountingMethod::japanese)
      for (std::string& line : japanese_lines(c, l)) out.push_back(std::move(line));
    out.push_back(result_arithmetic(c, l));
  }
  return out;
}

namespace {

// The finishing moves numbered where their stones stand (a point played twice: its last number).
std::vector<std::pair<Point, int>> numbered_moves(const std::vector<Move>& finishing) {
  std::vector<std::pair<Point, int>> out;
  int n = 0;
  for (const Move& m : finishing) {
    ++n;
    if (m.kind == MoveKind::play) out.push_back({m.point, n});
  }
  return out;
}

// The count as a Japanese player makes it, on the position at the pause.
StepPicture japanese_picture(const Count& c, const MakingStep& pause, int number, Lang l, const Style& s,
                             const std::vector<Move>& finishing) {
  StepPicture sp;
  char name[64];
  std::snprintf(name, sizeof name, "%02d-japanese.svg", number);
  sp.file_name = name;
  sp.id = "japanese";
  sp.title = tr(l, "diagram.step", {std::to_string(number), tr(l, "diagram.japanese_title")});
  const Overlay v = overlay(c, View::japanese);
  CountBoard board = pause.board;
  Picture p;
  for (int y = 0; y < c.height; ++y)
    for (int x = 0; x < c.width; ++x) {
      const Point q(x, y);
      const Board::Index i = Board::index(q);
      const OverlayPoint& o = v.at(q);
      board.mark[i] = Mark::none;
      const bool living = is_stone(o.stone) && !o.dead;
      if (living) continue;  // a living stone keeps its class: no territory
      board.cls[i] = o.owner == Color::Black   ? PointClass::black_territory
                     : o.owner == Color::White ? PointClass::white_territory
                                               : PointClass::off_board;  // nobody's: unmarked
      if (o.false_eye) p.false_eyes.push_back(q);
    }
  auto n = [](double d) { return format_number(d); };
  sp.caption.push_back(tr(l, "diagram.dead", {n(double(c.dead_black.size())), n(double(c.dead_white.size())),
                                              status_source_name(c.status_source, l)}));
  for (Color col : {Color::Black, Color::White}) {
    const Color o = opponent(col);
    const double all = c.captured.of(o) + c.dead.of(o) + c.pass_stones.of(o);
    const bool passes = c.pass_stones.of(o) != 0;
    const std::string id = std::string("diagram.prisoners_") + (col == Color::Black ? "B" : "W") +
                           (passes ? "_pass" : "");
    sp.caption.push_back(tr(l, id, {n(all), n(c.captured.of(o)), n(c.dead.of(o)), n(c.pass_stones.of(o))}));
  }
  for (std::string& line : japanese_lines(c, l)) sp.caption.push_back(std::move(line));
  sp.caption.push_back(result_arithmetic(c, l));
  p.board = &board;
  p.title = sp.title;
  p.caption = sp.caption;
  p.lang = l;
  p.dead = c.dead_black;
  p.dead.insert(p.dead.end(), c.dead_white.begin(), c.dead_white.end());
  p.dead_are_prisoners = true;
  p.numbered = numbered_moves(finishing);
  sp.svg = board_svg(p, s);
  return sp;
}

}  // namespace

std::vector<StepPicture> making_pictures(const Count& c, Lang l, const Style& s,
                                         const std::vector<Move>& finishing) {
  std::vector<StepPicture> out;
  int k = 0;
  for (const MakingStep& st : c.steps) {
    ++k;
    StepPicture sp;
    char name[64];
    std::snprintf(name, sizeof name, "%02d-%s.svg", k, st.id.c_str());
    sp.file_name = name;
    sp.id = st.id;
    sp.title = tr(l, "diagram.step", {std::to_string(k), step_title(st.id, l)});
    sp.caption = step_caption(c, st, l);
    Picture p;
    p.board = &st.board;
    p.title = sp.title;
    p.caption = sp.caption;
    p.lang = l;
    p.roads = c.rules.counting == CountingMethod::living_stones;
    if (st.id == "pause") {
      p.dead = c.dead_black;
      p.dead.insert(p.dead.end(), c.dead_white.begin(), c.dead_white.end());
      p.numbered = numbered_moves(finishing);
    }
    p.removed_black = c.dead_black;
    p.removed_white = c.dead_white;
    sp.svg = board_svg(p, s);
    out.push_back(std::move(sp));
  }
  // Territory counting: the count as a Japanese player makes it, a picture of its own.
  if (c.rules.counting == CountingMethod::japanese && c.end == EndReason::counted && !c.steps.empty() &&
      c.steps.front().id == "pause") {
    bool removed = false;
    for (const MakingStep& st : c.steps) removed = removed || st.id == "dead_removed";
    if (removed) out.push_back(japanese_picture(c, c.steps.front(), ++k, l, s, finishing));
  }
  return out;
}

std::string index_html(const Count& c, const std::vector<StepPicture>& pictures, Lang l,
                       std::string_view record_name) {
  std::ostringstream h;
  const std::string rules = preset_title(c.rules.preset, l);
  const std::string title = tr(l, "diagram.index_title", {std::string(record_name), rules});
  h << "<!DOCTYPE html>\n<html lang=\"" << lang_code(l) << "\">\n<head>\n<meta charset=\"utf-8\">\n"
    << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    << "<title>" << xml_escape(title) << "</title>\n<style>\n"
    << "body{font-family:" << kFont << ";background:#f4efe6;color:#2b2116;margin:0;padding:24px;}\n"
    << "h1{font-size:22px;margin:0 0 8px}\n.summary{max-width:980px;line-height:1.6}\n"
    << "ol.steps{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:20px}\n"
    << "ol.steps li{background:#fff;border-radius:10px;box-shadow:0 2px 8px rgba(0,0,0,.12);padding:10px}\n"
    << "figure{margin:0}figure img{display:block;max-width:100%}\n"
    << "figcaption{font-size:14px;line-height:1.5;max-width:480px;padding:6px 4px 0}\n"
    << "details{margin-top:24px}pre{background:#fff;padding:12px;border-radius:8px;overflow-x:auto;font-size:13px}\n"
    << "</style>\n</head>\n<body>\n";
  h << "<h1>" << xml_escape(title) << "</h1>\n";
  h << "<p class=\"summary\">" << xml_escape(summary(c, l)) << "<br>" << xml_escape(tr(l, "diagram.index_intro"))
    << "</p>\n<ol class=\"steps\">\n";
  for (const StepPicture& p : pictures) {
    h << "<li id=\"" << xml_escape(p.id) << "\"><figure><img src=\"" << xml_escape(p.file_name) << "\" alt=\""
      << xml_escape(p.title) << "\"><figcaption><strong>" << xml_escape(p.title) << "</strong>";
    h << "</figcaption></figure></li>\n";
  }
  h << "</ol>\n<details><summary>" << xml_escape(tr(l, "explain.views")) << " · "
    << xml_escape(tr(l, "explain.invariants")) << "</summary>\n<pre>" << xml_escape(explain(c, l))
    << "</pre></details>\n</body>\n</html>\n";
  return h.str();
}

}  // namespace jpd::svg
