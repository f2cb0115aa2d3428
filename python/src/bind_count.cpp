// Counting a paused game: statuses in (dead stones, claims), the full report out (every view, the
// making step by step, the invariants), as Python objects and as the JSON contract's dict.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "convert.hpp"
#include "jpd/count.hpp"
#include "jpd/count_report.hpp"
#include "jpd/text.hpp"

namespace jpd::py {

namespace {

Lang lang_arg(const std::string& lang) {
  if (lang == "en") return Lang::en;
  if (lang == "zh") return Lang::zh;
  throw pyb::value_error("lang is 'en' or 'zh', not '" + lang + "'");
}

std::string number(double v) {
  std::string s = pyb::repr(pyb::float_(v)).cast<std::string>();
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}

// Figures and PerColour read alike: f.black, f.white, f["B"], f[Color.WHITE], tuple(f).
template <class T>
void bind_pair(pyb::module_& m, const char* name, const char* doc) {
  pyb::class_<T>(m, name, doc)
      .def_readonly("black", &T::black)
      .def_readonly("white", &T::white)
      .def("__getitem__", [](const T& f, pyb::object c) { return f.of(color_arg(c)); }, pyb::arg("color"))
      .def("__iter__", [](const T& f) { return pyb::iter(pyb::make_tuple(f.black, f.white)); })
      .def("__eq__", [](const T& a, const T& b) { return a.black == b.black && a.white == b.white; })
      .def("to_dict", [](const T& f) {
        pyb::dict d;
        d["B"] = f.black;
        d["W"] = f.white;
        return d;
      })
      .def("__repr__", [name](const T& f) {
        return std::string(name) + "(black=" + number(f.black) + ", white=" + number(f.white) + ")";
      });
}

Count count_game(const Game& g, pyb::object dead, pyb::object claims, bool keep_steps) {
  Statuses st;
  if (!dead.is_none()) {
    st.dead = points_arg(dead, g.width(), g.height());
    st.source = StatusSource::given;
  }
  st.claims = claims_arg(claims, g.width(), g.height());
  CountOptions o;
  o.keep_steps = keep_steps;
  return count(g, st, o);  // with the GIL held: the game belongs to Python and may change
}

const char* kCountDoc =
    "Counts the game at its (latest) pause under its rules: dead stones (points, a stone standing "
    "for its chain; text 'C3,D4' or an iterable) and claims ('B:D4', (colour, point) or Claim). "
    "A game still in play is counted as if paused by agreement. Returns the full report; "
    "CountError when the statuses do not fit the position or the rules.";

// Claim, the per-colour pairs, Invariant and MakingStep: the pieces of a count.
void bind_count_parts(pyb::module_& m) {
  pyb::class_<Claim>(m, "Claim", "A player's claim of a single point (a ko space, a one-sided dame).")
      .def(pyb::init([](pyb::object color, pyb::object point, pyb::object size) {
             auto [w, h] = size_arg(size);
             return Claim{color_arg(color), point_arg(point, w, h)};
           }),
           pyb::arg("color"), pyb::arg("point"), pyb::kw_only(), pyb::arg("size") = 19,
           "A claim; point as Point, (x, y) or text, GTP text ('D4') read on a board of this size.")
      .def_readonly("color", &Claim::color)
      .def_readonly("point", &Claim::point)
      .def("__eq__", [](const Claim& a, const Claim& b) { return a == b; })
      .def("__repr__", [](const Claim& c) {
        return "Claim(" + std::string(color_letter(c.color)) + ", (" + std::to_string(int(c.point.x)) +
               ", " + std::to_string(int(c.point.y)) + "))";
      });

  bind_pair<Figures>(m, "Figures", "A figure per colour (halves occur: shared points are split).");
  bind_pair<PerColour>(m, "PerColour", "A count per colour.");

  pyb::class_<Invariant>(m, "Invariant", "One identity of SPEC §7 checked on the game.")
      .def_readonly("name", &Invariant::name)
      .def_readonly("ok", &Invariant::ok)
      .def_property_readonly("detail", [](const Invariant& i) { return text(i.detail, Lang::en); }, "The numbers compared.")
      .def("__repr__", [](const Invariant& i) {
        return "<Invariant " + i.name + (i.ok ? " ok" : " FAILED") + ": " + text(i.detail, Lang::en) + ">";
      });

  pyb::class_<MakingStep>(m, "MakingStep", "One board of the making (做棋), with what was done.")
      .def_readonly("id", &MakingStep::id)
      .def_property_readonly("title", [](const MakingStep& s) { return step_title(s.id, Lang::en); })
      .def_property_readonly("title_zh", [](const MakingStep& s) { return step_title(s.id, Lang::zh); })
      .def_property_readonly("board", [](const MakingStep& s) { return lines_of(s.board.to_string()); },
                             "Rows, top first: X O stones, x o territory, . shared.")
      .def_property_readonly("stones", [](const MakingStep& s) {
        return PerColour{s.board.stones(Color::Black), s.board.stones(Color::White)};
      })
      .def_property_readonly("notes", [](const MakingStep& s) { return text(s.notes, Lang::en); })
      .def("__repr__", [](const MakingStep& s) { return "<MakingStep " + s.id + ">"; });
}

// Count: every field, and one attribute per view of the table.
void bind_count_class(pyb::module_& m) {
  pyb::class_<Count> c(m, "Count",
                       "The count of a game: the result under the rules' primary method, every "
                       "view of SPEC §7, the making step by step and the invariants. to_dict() "
                       "is the report of `jpd score --json`.");
  c.def("to_dict", [](const Count& x) { return to_python(to_json(x)); },
        "The JSON contract of `jpd score --json` (README) as a dict.")
      .def("explain", [](const Count& x, const std::string& lang) { return explain(x, lang_arg(lang)); },
           pyb::arg("lang") = "en", "The making step by step with text diagrams, and the arithmetic of every view.")
      .def("summary", [](const Count& x, const std::string& lang) { return summary(x, lang_arg(lang)); },
           pyb::arg("lang") = "en", "A one-paragraph summary.")
      .def_readonly("rules", &Count::rules)
      .def_readonly("width", &Count::width)
      .def_readonly("height", &Count::height)
      .def_readonly("first_player", &Count::first)
      .def_readonly("komi", &Count::komi)
      .def_readonly("return_number", &Count::return_number, "归本数 of the first player: points/2 + komi/2.")
      .def_readonly("return_number_second", &Count::return_number_second,
                    "归本数 of the second player: points/2 - komi/2.")
      .def_property_readonly("end", [](const Count& x) { return std::string(name_of(x.end)); },
                             "'counted', 'resigned', 'no_result', 'draw' or 'forfeit'.")
      .def_readonly("result", &Count::result, "SGF style: 'B+2.5', 'W+R', '0', 'Void', 'B+F'.")
      .def_property_readonly("winner", [](const Count& x) { return color_or_none(x.winner); })
      .def_readonly("margin", &Count::margin)
      .def_property_readonly("button", [](const Count& x) { return color_or_none(x.button); },
                             "Who took the button's half point (None: the rules have none).")
      .def_readonly("handicap_stones", &Count::handicap_stones)
      .def_readonly("handicap_compensation", &Count::handicap_compensation,
                    "Points White receives for Black's handicap stones.")
      .def_property_readonly("primary_method", [](const Count& x) { return std::string(name_of(x.rules.counting)); })
      .def_readonly("primary_difference", &Count::primary_difference, "First minus second, before komi.")
      .def_property_readonly("status_source", [](const Count& x) { return std::string(name_of(x.status_source)); })
      .def_readonly("dead_black", &Count::dead_black)
      .def_readonly("dead_white", &Count::dead_white)
      .def_readonly("claims", &Count::claims)
      .def_readonly("live_stones", &Count::live)
      .def_readonly("owned", &Count::owned)
      .def_readonly("captured", &Count::captured)
      .def_readonly("dead", &Count::dead)
      .def_readonly("virtual_stones", &Count::virtual_stones)
      .def_readonly("pass_stones", &Count::pass_stones)
      .def_readonly("placed", &Count::placed)
      .def_readonly("dame_filled", &Count::dame_filled)
      .def_readonly("moves_real", &Count::moves_real)
      .def_readonly("moves_virtual", &Count::moves_virtual)
      .def_readonly("moves_pass", &Count::moves_pass)
      .def_readonly("moves_negative", &Count::moves_negative)
      .def_readonly("shared", &Count::shared)
      .def_readonly("public_liberties", &Count::public_liberties)
      .def_readonly("dame", &Count::dame)
      .def_readonly("units", &Count::units)
      .def_readonly("groups", &Count::groups)
      .def_readonly("seki_units", &Count::seki_units)
      .def_readonly("basic_eyes", &Count::basic_eyes)
      .def_readonly("k", &Count::k, "Stones of each colour in the equal-stones position.")
      .def_readonly("pay", &Count::pay, "Points the first player pays the second.")
      .def_property_readonly("payment", [](const Count& x) { return text(x.payment, Lang::en); },
                             "The payment rule applied, in words.")
      .def_readonly("negative_a", &Count::negative_a)
      .def_readonly("negative_b", &Count::negative_b)
      .def_readonly("balancing_virtual", &Count::balancing_virtual)
      .def_readonly("overflow", &Count::overflow)
      .def_property_readonly("first_virtual", [](const Count& x) { return color_or_none(x.first_virtual_color); },
                             "Who made the game's first virtual move, or None.")
      .def_property_readonly("last_move", [](const Count& x) { return color_or_none(x.last_move); },
                             "收后方: the maker of the last real move before the pause, or None.")
      .def_readonly("invariants", &Count::invariants)
      .def_readonly("all_invariants_hold", &Count::all_invariants_hold)
      .def_readonly("steps", &Count::steps)
      .def_property_readonly("notes", [](const Count& x) { return text(x.notes, Lang::en); })
      .def("__repr__", [](const Count& x) {
        return "<Count " + x.rules.to_string() + ": " + x.result + ">";
      });
  // The views, one attribute per row of the table (count.hpp): c.area, c.living_stones, ...
  for (const ViewSpec& v : view_specs()) {
    const View id = v.id;
    const std::string doc = text(Message(std::string(v.name_id)), Lang::en) + " / " +
                            text(Message(std::string(v.name_id)), Lang::zh) + ": the view's figures.";
    c.def_property_readonly(std::string(v.key).c_str(),
                            [id](const Count& x) -> const Figures& { return x.view(id); }, doc.c_str());
  }
}

}  // namespace

void bind_count(pyb::module_& m) {
  bind_count_parts(m);
  bind_count_class(m);
  m.def("count", &count_game, pyb::arg("game"), pyb::arg("dead") = pyb::none(),
        pyb::arg("claims") = pyb::none(), pyb::arg("keep_steps") = true, kCountDoc);

  // The same as a method: game.count(dead=..., claims=...).
  pyb::object game = m.attr("Game");
  game.attr("count") = pyb::cpp_function(
      &count_game, pyb::name("count"), pyb::is_method(game),
      pyb::arg("dead") = pyb::none(), pyb::arg("claims") = pyb::none(),
      pyb::arg("keep_steps") = true, kCountDoc);
}

}  // namespace jpd::py
