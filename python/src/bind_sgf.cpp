// SGF game records: reading, writing, and replaying a record under a rule set.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "convert.hpp"
#include "jpd/input_file.hpp"
#include "jpd/replay.hpp"
#include "jpd/text.hpp"
#include "jpd/sgf.hpp"

namespace jpd::py {

namespace {

std::string_view step_kind(sgf::Step::Kind k) {
  switch (k) {
    case sgf::Step::Kind::move: return "move";
    case sgf::Step::Kind::setup: return "setup";
    case sgf::Step::Kind::to_move: return "to_move";
    case sgf::Step::Kind::pause_act: return "pause_act";
    case sgf::Step::Kind::resume: return "resume";
  }
  return "?";
}

// ReadOptions from the Python arguments (game counted from 1, as the command line's --game).
sgf::ReadOptions read_options(int game, bool repair, const std::string& charset) {
  if (game < 1) throw pyb::value_error("game counts from 1: " + std::to_string(game));
  sgf::ReadOptions o;
  o.game = game - 1;
  o.repair = repair;
  o.charset = charset;
  return o;
}

}  // namespace

void bind_sgf(pyb::module_& m) {
  using sgf::Record;
  using sgf::Step;
  pyb::class_<Step>(m, "Step", "One step of a record's main line: a move, a setup edit, PL, a pause act or JR.")
      .def_property_readonly("kind", [](const Step& s) { return std::string(step_kind(s.kind)); },
                             "'move', 'setup', 'to_move', 'pause_act' or 'resume'.")
      .def_readonly("move", &Step::move)
      .def_property_readonly("line", [](const Step& s) { return s.where.line; })
      .def_property_readonly("column", [](const Step& s) { return s.where.column; })
      .def_readonly("node", &Step::node, "Index of the node on the main line (root 0).")
      .def_readonly("move_number", &Step::move_number);

  pyb::class_<Record>(m, "Record",
                      "The main line of one SGF game tree read as a Go record (read_sgf, parse_sgf).")
      .def_readonly("width", &Record::width)
      .def_readonly("height", &Record::height)
      .def_readwrite("komi", &Record::komi, "KM, or None.")
      .def_readwrite("rules", &Record::rules, "RU as written.")
      .def_readwrite("result", &Record::result, "RE as written.")
      .def_readonly("handicap", &Record::handicap)
      .def_readonly("setup", &Record::setup, "Root AB / AW stones: (Color, Point) pairs.")
      .def_readonly("to_move", &Record::to_move, "Root PL, or None.")
      .def_readonly("steps", &Record::steps)
      .def_readonly("dead", &Record::dead, "JPDD dead stones (or JD of this project's earlier records).")
      .def_readonly("claims", &Record::claims, "JPDC claims (or JC).")
      .def_readonly("territory_black", &Record::territory_black, "TB on the last node.")
      .def_readonly("territory_white", &Record::territory_white, "TW on the last node.")
      .def_readonly("has_dead_markup", &Record::has_dead_markup)
      .def_readwrite("black_name", &Record::black_name)
      .def_readwrite("white_name", &Record::white_name)
      .def_readonly("filename", &Record::filename)
      .def_readonly("game", &Record::game, "This game's index in its file (0-based).")
      .def_readonly("games", &Record::games, "How many games the file holds.")
      .def_readonly("charset", &Record::charset, "The charset the text was decoded from.")
      .def_property_readonly(
          "notes", [](const Record& r) { return text(r.notes, Lang::en); },
          "What reading assumed or mended, in words (English).")
      .def_readwrite("date", &Record::date)
      .def_readwrite("place", &Record::place)
      .def_readonly("application", &Record::application)
      .def("to_sgf", [](const Record& r) { return sgf::write(sgf::to_tree(r)); }, "The record as SGF text.")
      .def("__repr__", [](const Record& r) {
        return "<Record " + (r.filename.empty() ? std::string("<input>") : r.filename) + " " +
               std::to_string(r.width) + "x" + std::to_string(r.height) + ", " +
               std::to_string(r.steps.size()) + " steps>";
      });

  m.def(
      "read_sgf",
      [](pyb::object path, int game, bool repair, const std::string& charset) {
        return load_record_file(path_arg(path), read_options(game, repair, charset));
      },
      pyb::arg("path"), pyb::kw_only(), pyb::arg("game") = 1, pyb::arg("repair") = false,
      pyb::arg("charset") = "",
      "Reads one game of an SGF file (game: 1 for the first; Record.games says how many there "
      "are), decoded by its CA (or charset) to UTF-8; repair reads a faulty record under the "
      "repair policy (README, Faulty records). SgfError (file, line, column) when it is malformed.");
  m.def(
      "parse_sgf",
      [](const std::string& text, const std::string& filename, int game, bool repair,
         const std::string& charset) {
        return sgf::read_record_text(text, filename, read_options(game, repair, charset));
      },
      pyb::arg("text"), pyb::arg("filename") = "<input>", pyb::kw_only(), pyb::arg("game") = 1,
      pyb::arg("repair") = false, pyb::arg("charset") = "",
      "Reads one game of SGF text (as read_sgf; text is str or bytes).");

  pyb::class_<Replay>(m, "Replay", "A record replayed under a rule set.")
      .def_readonly("game", &Replay::game, "The game at the end of the record.")
      .def_readonly("rules", &Replay::rules, "The rules as used (first player possibly adopted from the record).")
      .def_property_readonly(
          "notes", [](const Replay& rp) { return text(rp.notes, Lang::en); },
          "Every translation or assumption made, in words (English).")
      .def_readonly("stopped_without_pause", &Replay::stopped_without_pause)
      .def_property_readonly(
          "repairs",
          [](const Replay& rp) {
            pyb::list out;
            for (const sgf::Repair& x : rp.repairs) {
              pyb::dict d;
              d["move"] = x.move_number;
              d["kind"] = std::string(sgf::name_of(x.kind));
              d["detail"] = text(x.detail, Lang::en);
              out.append(d);
            }
            return out;
          },
          "What the repair policy mended: [{'move', 'kind', 'detail'}], the record's first.");

  m.def(
      "rules_for_record",
      [](const Record& r, pyb::object rules) { return rules_for_record(r, rules_arg(rules)); },
      pyb::arg("record"), pyb::arg("rules") = pyb::none(),
      (std::string("The rules for counting a record: the given ones (komi from the record unless "
                   "they set it), else the record's RU when it names a preset or a standard rule "
                   "set, else ") +
       kDefaultPreset + ".")
          .c_str());
  m.def(
      "replay",
      [](const Record& r, pyb::object rules, bool translate_non_board, bool adopt_first_player,
         bool forfeit_on_illegal, bool repair) {
        ReplayOptions o;
        o.translate_non_board = translate_non_board;
        o.adopt_first_player = adopt_first_player;
        o.forfeit_on_illegal = forfeit_on_illegal;
        o.repair = repair;
        return replay(r, rules_for_record(r, rules_arg(rules)), o);
      },
      pyb::arg("record"), pyb::arg("rules") = pyb::none(), pyb::kw_only(),
      pyb::arg("translate_non_board") = true, pyb::arg("adopt_first_player") = true,
      pyb::arg("forfeit_on_illegal") = false, pyb::arg("repair") = false,
      "Replays the record's main line through the referee (rules as rules_for_record chooses); "
      "ReplayError for an illegal move unless forfeit_on_illegal; repair mends a faulty record "
      "(README, Faulty records: Replay.repairs lists what).");
}

}  // namespace jpd::py
