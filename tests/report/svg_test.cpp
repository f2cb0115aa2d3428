// Pictures of the making: well-formed SVG (a small XML checker here, and xmllint where installed),
// one stone element per stone of the step's board, one mark per marked point, captions with the
// figures in both languages, and `jpd diagram` writing the files and the index.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <sys/wait.h>

#include "jpd/count_report.hpp"
#include "jpd/score.hpp"
#include "jpd/svg.hpp"

using namespace jpd;
namespace fs = std::filesystem;

namespace {

const std::string kMain = std::string(JPD_SOURCE_DIR) + "/data/games/goquest-9x9-2015-10-26-miura18-u4i.sgf";
const std::string kUnsettled = std::string(JPD_SOURCE_DIR) + "/data/games/goquest-9x9-2015-11-14-unsettled.sgf";

// Well-formed XML: one root element, tags nested and closed, attributes quoted, no bare '<' or
// '&' in text or attribute values (only the five named entities and numeric references). Returns
// "" or what is wrong.
std::string xml_problem(const std::string& x) {
  std::vector<std::string> open;
  size_t i = 0, roots = 0;
  auto entity_ok = [&](size_t at) {
    static const std::regex ent("&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);");
    std::smatch m;
    std::string rest = x.substr(at, 12);
    return std::regex_search(rest, m, ent, std::regex_constants::match_continuous);
  };
  auto name_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == ':' || c == '.'; };
  while (i < x.size()) {
    if (x[i] == '<') {
      if (x.compare(i, 5, "<?xml") == 0) {
        size_t e = x.find("?>", i);
        if (e == std::string::npos) return "unterminated declaration";
        i = e + 2;
        continue;
      }
      if (x.compare(i, 4, "<!--") == 0) {
        size_t e = x.find("-->", i);
        if (e == std::string::npos) return "unterminated comment";
        i = e + 3;
        continue;
      }
      if (x.compare(i, 2, "</") == 0) {
        size_t e = x.find('>', i);
        if (e == std::string::npos) return "unterminated end tag";
        std::string name = x.substr(i + 2, e - i - 2);
        if (open.empty() || open.back() != name) return "end tag </" + name + "> does not match";
        open.pop_back();
        i = e + 1;
        continue;
      }
      size_t j = i + 1;
      while (j < x.size() && name_char(x[j])) ++j;
      std::string name = x.substr(i + 1, j - i - 1);
      if (name.empty()) return "bare '<' at " + std::to_string(i);
      // Attributes.
      for (;;) {
        while (j < x.size() && std::isspace(static_cast<unsigned char>(x[j]))) ++j;
        if (j >= x.size()) return "unterminated tag <" + name;
        if (x[j] == '>' || x.compare(j, 2, "/>") == 0) break;
        size_t a = j;
        while (j < x.size() && name_char(x[j])) ++j;
        if (a == j) return "bad attribute in <" + name + "> at " + std::to_string(j);
        if (j >= x.size() || x[j] != '=') return "attribute without value in <" + name + ">";
        ++j;
        if (x[j] != '"' && x[j] != '\'') return "unquoted attribute in <" + name + ">";
        char q = x[j++];
        while (j < x.size() && x[j] != q) {
          if (x[j] == '<') return "'<' in an attribute of <" + name + ">";
          if (x[j] == '&' && !entity_ok(j)) return "bare '&' in an attribute of <" + name + ">";
          ++j;
        }
        ++j;
      }
      if (open.empty() && ++roots > 1) return "more than one root element";
      if (x[j] == '>') {
        open.push_back(name);
        i = j + 1;
      } else {
        i = j + 2;
      }
      continue;
    }
    if (x[i] == '&' && !entity_ok(i)) return "bare '&' in text at " + std::to_string(i);
    if (open.empty() && !std::isspace(static_cast<unsigned char>(x[i]))) return "text outside the root";
    ++i;
  }
  if (!open.empty()) return "<" + open.back() + "> not closed";
  if (roots != 1) return "no root element";
  return "";
}

size_t occurrences(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t a = s.find(what); a != std::string::npos; a = s.find(what, a + 1)) ++n;
  return n;
}

// Stone elements of a picture outside its legend.
size_t stones(const std::string& svg, const char* colour) {
  std::string board = svg.substr(0, svg.find("<g class=\"legend\""));
  return occurrences(board, std::string("<circle class=\"stone ") + colour + "\"");
}
size_t marks(const std::string& svg, const std::string& name) {
  std::string board = svg.substr(0, svg.find("<g class=\"legend\""));
  return occurrences(board, "class=\"mark " + name + "\"");
}

Count scored(const std::string& file, const std::string& rules, std::optional<std::vector<Point>> dead = {}) {
  sgf::Record rec = sgf::read_record_file(file);
  ScoreOptions o;
  o.rules = parse_rules_text(rules);
  o.dead = dead;
  return score_record(rec, o).count;
}

int run(const std::string& cmd) {
  int st = std::system((cmd + " >/dev/null 2>&1").c_str());
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

}  // namespace

TEST(Svg, TheCheckerCatchesBrokenXml) {
  EXPECT_EQ(xml_problem("<svg a=\"1\"><g/><text>x &amp; y</text></svg>"), "");
  EXPECT_NE(xml_problem("<svg><g></svg>"), "");
  EXPECT_NE(xml_problem("<svg a=1/>"), "");
  EXPECT_NE(xml_problem("<svg><text>a & b</text></svg>"), "");
  EXPECT_NE(xml_problem("<svg/><svg/>"), "");
  EXPECT_EQ(svg::xml_escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
}

TEST(Svg, EveryStepIsAWellFormedPictureOfItsBoard) {
  for (const char* rules : {"tang-song", "ming-qing", "living-a", "sci-1-1", "japanese"}) {
    Count c = scored(kUnsettled, rules, std::vector<Point>{parse_point("B8", 9, 9)});
    auto pics = svg::making_pictures(c, Lang::en);
    // Territory counting adds the Japanese count's own picture after the making.
    const bool japanese = c.rules.counting == CountingMethod::japanese;
    ASSERT_EQ(pics.size(), c.steps.size() + (japanese ? 1 : 0)) << rules;
    if (japanese) {
      EXPECT_EQ(pics.back().id, "japanese");
    }
    for (size_t k = 0; k < c.steps.size(); ++k) {
      const svg::StepPicture& p = pics[k];
      const MakingStep& st = c.steps[k];
      SCOPED_TRACE(std::string(rules) + " " + p.file_name);
      char name[64];
      std::snprintf(name, sizeof name, "%02zu-%s.svg", k + 1, st.id.c_str());
      EXPECT_EQ(p.file_name, name);
      EXPECT_EQ(xml_problem(p.svg), "");
      EXPECT_EQ(stones(p.svg, "b"), size_t(st.board.stones(Color::Black)));
      EXPECT_EQ(stones(p.svg, "w"), size_t(st.board.stones(Color::White)));
      for (auto m : {CountBoard::Mark::dead_removed, CountBoard::Mark::refilled, CountBoard::Mark::negative_a,
                     CountBoard::Mark::negative_b, CountBoard::Mark::basic_eye, CountBoard::Mark::dame_filled})
        EXPECT_EQ(marks(p.svg, std::string(name_of(m))), size_t(st.board.marked(m))) << name_of(m);
      if (st.id == "pause") {
        EXPECT_EQ(marks(p.svg, "dead"), c.dead_black.size() + c.dead_white.size());
      }
      // Each side's points carry its marker, shared points the half-and-half one.
      size_t owned[2] = {0, 0}, shared = 0;
      for (int y = 0; y < st.board.height; ++y)
        for (int x = 0; x < st.board.width; ++x) {
          Board::Index i = Board::index(x, y);
          auto m = st.board.mark[i];
          if (is_stone(st.board.color[i]) || m == CountBoard::Mark::negative_a ||
              m == CountBoard::Mark::negative_b || m == CountBoard::Mark::basic_eye)
            continue;
          if (st.board.cls[i] == PointClass::black_territory) ++owned[0];
          if (st.board.cls[i] == PointClass::white_territory) ++owned[1];
          if (is_shared(st.board.cls[i])) ++shared;
        }
      const std::string board = p.svg.substr(0, p.svg.find("<g class=\"legend\""));
      EXPECT_EQ(occurrences(board, "<rect class=\"owned b\""), owned[0]);
      EXPECT_EQ(occurrences(board, "<rect class=\"owned w\""), owned[1]);
      EXPECT_EQ(occurrences(board, "<g class=\"shared "), shared);
    }
  }
}

TEST(Svg, CaptionsCarryTheFiguresInBothLanguages) {
  Count c = scored(kMain, "tang-song");
  auto en = svg::making_pictures(c, Lang::en), zh = svg::making_pictures(c, Lang::zh);
  ASSERT_EQ(en.front().id, "pause");
  ASSERT_EQ(en.back().id, "equal_stones");
  auto joined = [](const svg::StepPicture& p) {
    std::string s;
    for (auto& l : p.caption) s += l + "\n";
    return s;
  };
  EXPECT_NE(joined(en.front()).find("45 : 36"), std::string::npos) << joined(en.front());  // area
  EXPECT_NE(joined(zh.front()).find("黑 45，白 36"), std::string::npos) << joined(zh.front());
  EXPECT_NE(joined(zh.front()).find("归本数 先方 44"), std::string::npos) << joined(zh.front());
  EXPECT_NE(joined(zh.front()).find("后方 37"), std::string::npos) << joined(zh.front());
  EXPECT_NE(joined(en.back()).find("k = 30 each; territory (目) 14 : 6"), std::string::npos) << joined(en.back());
  EXPECT_NE(joined(zh.back()).find("等子局面：每方 30 子；目 14 : 6"), std::string::npos) << joined(zh.back());
  EXPECT_NE(joined(zh.back()).find("黑胜 1 点（B+1）"), std::string::npos);
  EXPECT_NE(joined(zh.back()).find("唐宋版第十一条"), std::string::npos);
  for (auto& p : zh) {
    EXPECT_EQ(xml_problem(p.svg), "") << p.file_name;
    EXPECT_NE(p.svg.find("lang=\"zh\""), std::string::npos);
    for (auto& line : p.caption) {  // every caption line is in the picture (possibly wrapped)
      std::string start = line.substr(0, std::min<size_t>(line.size(), 12));
      EXPECT_NE(p.svg.find(svg::xml_escape(start)), std::string::npos) << line;
    }
  }
  // The legend names what the picture shows, in the language.
  EXPECT_NE(zh.back().svg.find("回填之子"), std::string::npos);
  EXPECT_NE(zh.back().svg.find("A类负着"), std::string::npos);
  EXPECT_NE(en.back().svg.find("negative-A"), std::string::npos);
  EXPECT_EQ(en.front().svg.find("negative-A"), std::string::npos);
}

TEST(Svg, DiagramCommandWritesThePicturesAndTheIndex) {
  fs::path dir = fs::path(testing::TempDir()) / "jpd-diagram";
  fs::remove_all(dir);
  std::string cmd = std::string(JPD_BINARY) + " diagram " + kUnsettled + " --rules tang-song --dead B8 --lang zh --out " +
                    dir.string();
  ASSERT_EQ(run(cmd), 0) << cmd;
  std::vector<std::string> names;
  for (auto& f : fs::directory_iterator(dir)) names.push_back(f.path().filename().string());
  std::sort(names.begin(), names.end());
  Count c = scored(kUnsettled, "tang-song", std::vector<Point>{parse_point("B8", 9, 9)});
  ASSERT_EQ(names.size(), c.steps.size() + 1);
  EXPECT_EQ(names.back(), "index.html");
  std::ifstream in(dir / "index.html");
  std::stringstream html;
  html << in.rdbuf();
  for (size_t k = 0; k + 1 < names.size(); ++k) {
    EXPECT_NE(html.str().find("src=\"" + names[k] + "\""), std::string::npos) << names[k];
    std::ifstream f(dir / names[k]);
    std::stringstream svg;
    svg << f.rdbuf();
    EXPECT_EQ(xml_problem(svg.str()), "") << names[k];
  }
  EXPECT_NE(html.str().find("<html lang=\"zh\">"), std::string::npos);
  EXPECT_NE(html.str().find("等子局面"), std::string::npos);
  // xmllint (Debian libxml2-utils), where installed, agrees.
  if (run("xmllint --version") == 0) {
    for (size_t k = 0; k + 1 < names.size(); ++k)
      EXPECT_EQ(run("xmllint --noout " + (dir / names[k]).string()), 0) << names[k];
    EXPECT_EQ(run("xmllint --html --noout " + (dir / "index.html").string()), 0);
  }
}

// The Japanese count as a Japanese player makes it: each side's territory marked (the points of
// the dead stones included, tinted under them), the dead stones shown as prisoners, and the
// caption's territory + prisoners lines and result; no such picture under area counting.
TEST(Svg, TheJapanesePictureMarksEachSidesTerritoryAndShowsThePrisoners) {
  const Count c = scored(kUnsettled, "japanese", std::vector<Point>{parse_point("B8", 9, 9)});
  ASSERT_EQ(c.rules.counting, CountingMethod::japanese);
  for (Lang l : {Lang::en, Lang::zh}) {
    const auto pics = svg::making_pictures(c, l);
    const svg::StepPicture& j = pics.back();
    ASSERT_EQ(j.id, "japanese");
    char name[64];
    std::snprintf(name, sizeof name, "%02zu-japanese.svg", c.steps.size() + 1);
    EXPECT_EQ(j.file_name, name);
    EXPECT_EQ(xml_problem(j.svg), "");
    // Every stone of the pause drawn, the dead ones as prisoners.
    const MakingStep& pause = c.steps.front();
    EXPECT_EQ(stones(j.svg, "b"), size_t(pause.board.stones(Color::Black)));
    EXPECT_EQ(stones(j.svg, "w"), size_t(pause.board.stones(Color::White)));
    EXPECT_EQ(marks(j.svg, "dead"), c.dead_black.size() + c.dead_white.size());
    // Territory: the marked empty points and the points of the opponent's dead stones.
    const std::string board = j.svg.substr(0, j.svg.find("<g class=\"legend\""));
    for (Color col : {Color::Black, Color::White}) {
      const Color o = opponent(col);
      const double prisoners = c.captured.of(o) + c.dead.of(o) + c.pass_stones.of(o);
      const size_t owned = occurrences(board, col == Color::Black ? "<rect class=\"owned b\""
                                                                  : "<rect class=\"owned w\"");
      EXPECT_EQ(double(owned + size_t(c.dead.of(o))), c.japanese().of(col) - prisoners) << color_letter(col);
    }
    // The caption: the dead stones, each side's prisoners, territory + prisoners, the result.
    const std::vector<std::string> want = japanese_lines(c, l);
    ASSERT_GE(j.caption.size(), 5u);
    EXPECT_EQ(j.caption[j.caption.size() - 3], want[0]);
    EXPECT_EQ(j.caption[j.caption.size() - 2], want[1]);
    EXPECT_EQ(j.caption.back(), result_arithmetic(c, l));
    for (const std::string& line : j.caption)
      EXPECT_NE(j.svg.find(svg::xml_escape(line.substr(0, std::min<size_t>(line.size(), 12)))), std::string::npos)
          << line;
  }
  const auto en = svg::making_pictures(c, Lang::en);
  const auto& cap = en.back().caption;
  EXPECT_EQ(std::count_if(cap.begin(), cap.end(),
                          [](const std::string& line) { return line.rfind("White's prisoners: ", 0) == 0; }),
            1);
  EXPECT_NE(en.back().svg.find("a prisoner"), std::string::npos);  // the legend
  const Count area = scored(kUnsettled, "chinese", std::vector<Point>{parse_point("B8", 9, 9)});
  for (const svg::StepPicture& p : svg::making_pictures(area, Lang::en)) EXPECT_NE(p.id, "japanese");
}

// A record that stops before its end is finished by the program before it is counted: `jpd
// diagram` numbers those moves, 1 the first, where their stones stand, in the picture of the
// pause and in the Japanese one; every picture passes xmllint.
TEST(Svg, TheDiagramNumbersTheFinishingMovesInThePauseAndJapanesePictures) {
  // Black's wall on D, White's on F; the record stops after Black's E9, the rest of E open.
  std::string black, white;
  for (char r = 'a'; r <= 'i'; ++r) {
    black += std::string("[d") + r + "]";
    white += std::string("[f") + r + "]";
  }
  const fs::path dir = fs::path(testing::TempDir()) / "jpd-diagram-finish";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path rec = dir / "stops.sgf";
  std::ofstream(rec) << "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]AB" << black << "AW" << white << ";B[ea])";
  const std::string cmd = std::string(JPD_BINARY) + " diagram " + rec.string() + " --lang en --out " +
                          (dir / "out").string();
  ASSERT_EQ(run(cmd), 0) << cmd;
  auto read = [&](const std::string& suffix) {
    for (auto& f : fs::directory_iterator(dir / "out"))
      if (f.path().filename().string().find(suffix) != std::string::npos) {
        std::ifstream in(f.path());
        std::stringstream t;
        t << in.rdbuf();
        return t.str();
      }
    return std::string();
  };
  const std::string pause = read("-pause.svg"), japanese = read("-japanese.svg"), equal = read("-dead_removed.svg");
  ASSERT_FALSE(pause.empty());
  ASSERT_FALSE(japanese.empty());
  EXPECT_EQ(xml_problem(pause), "");
  EXPECT_EQ(xml_problem(japanese), "");
  // The eight open points of E are filled: eight numbered stones, 1 to 8, in both pictures.
  EXPECT_EQ(marks(pause, "finishing"), 8u);
  EXPECT_EQ(marks(japanese, "finishing"), 8u);
  for (int n = 1; n <= 8; ++n)
    EXPECT_NE(pause.find(">" + std::to_string(n) + "</text>"), std::string::npos) << n;
  EXPECT_NE(pause.find("finishing move"), std::string::npos);  // the legend says what they are
  EXPECT_EQ(marks(equal, "finishing"), 0u);  // the making's own steps are not numbered
  if (run("xmllint --version") == 0) {
    for (auto& f : fs::directory_iterator(dir / "out")) {
      if (f.path().extension() == ".svg") {
        EXPECT_EQ(run("xmllint --noout " + f.path().string()), 0) << f.path();
      }
    }
  }
}
