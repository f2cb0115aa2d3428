// Moves and the referee: every kind of move, the pause / dispute / making protocol, undo.
// A refused move raises jipingdian.IllegalMove with the referee's reason and sentence.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "convert.hpp"
#include "errors.hpp"
#include "jpd/game.hpp"
#include "jpd/replay.hpp"
#include "jpd/sgf.hpp"

namespace jpd::py {

namespace {

MoveKind kind_arg(const std::string& text) {
  if (auto k = parse_move_kind(text)) return *k;
  throw pyb::value_error("'" + text +
                         "' is not a kind of move (play, pass, virtual, negative-a, negative-b, "
                         "propose-pause, accept-pause, reject-pause, resign)");
}

// The referee's verdict as an exception.
void require(const Verdict& v, const std::string& what) {
  if (!v) throw IllegalMoveError(v.reason, text(v.message, Lang::en), what);
}

void play_move(Game& g, const Move& m) { require(g.play(m), to_string(m, g.height())); }

Color mover(const Game& g, pyb::object color) { return color.is_none() ? g.to_move() : color_arg(color); }

// A negative move takes back one of the mover's stones: by default the stone's colour.
Move negative(const Game& g, MoveKind kind, pyb::object point, pyb::object color) {
  const Point p = point_arg(point, g.width(), g.height());
  Color c = color.is_none() ? g.board().at(p) : color_arg(color);
  if (!is_stone(c)) c = g.to_move();
  return Move{kind, c, p};
}

pyb::object move_ref(const MoveRef& r) {
  if (!r.exists()) return pyb::none();
  pyb::dict d;
  d["color"] = color_or_none(r.color);
  d["index"] = r.index;
  return d;
}

pyb::dict move_counts(const MoveCounts& c) {
  pyb::dict d;
  d["real"] = c.real;
  d["virtual"] = c.virtual_moves;
  d["pass"] = c.passes;
  d["negative_a"] = c.negative_a;
  d["negative_b"] = c.negative_b;
  d["proposals"] = c.proposals;
  d["captured"] = c.captured;
  return d;
}

pyb::dict counters(const Counters& k) {
  auto per_colour = [](const MoveCounts (&phase)[2]) {
    pyb::dict d;
    d["B"] = move_counts(phase[0]);
    d["W"] = move_counts(phase[1]);
    return d;
  };
  pyb::dict d;
  d["play"] = per_colour(k.play);
  d["dispute"] = per_colour(k.dispute);
  d["making"] = per_colour(k.making);
  pyb::dict setup;
  setup["B"] = k.setup[0];
  setup["W"] = k.setup[1];
  d["setup"] = setup;
  d["first_virtual"] = move_ref(k.first_virtual);
  d["first_pass"] = move_ref(k.first_pass);
  d["first_proposal"] = move_ref(k.first_proposal);
  d["first_non_board"] = move_ref(k.first_non_board);
  d["last_real"] = move_ref(k.last_real);
  d["last_real_any"] = move_ref(k.last_real_any);
  d["last_pass"] = move_ref(k.last_pass);
  return d;
}

std::string move_repr(const Move& m) {
  std::string s = "Move('" + std::string(name_of(m.kind)) + "', " + std::string(color_letter(m.color));
  if (m.point.valid()) s += ", (" + std::to_string(int(m.point.x)) + ", " + std::to_string(int(m.point.y)) + ")";
  return s + ")";
}

using GameClass = pyb::class_<Game>;

// Move, PlayedMove and Verdict: what a game is made of and what the referee answers.
void bind_move_types(pyb::module_& m) {
  pyb::class_<Move>(m, "Move",
                    "A move: kind ('play', 'pass', 'virtual', 'negative-a', 'negative-b', "
                    "'propose-pause', 'accept-pause', 'reject-pause', 'resign'), colour and, for "
                    "play and the negative moves, a point.")
      .def(pyb::init([](const std::string& kind, pyb::object color, pyb::object point, pyb::object size) {
             Move mv{kind_arg(kind), color_arg(color), Point::none()};
             auto [w, h] = size_arg(size);
             if (!point.is_none()) mv.point = point_arg(point, w, h);
             if ((mv.kind == MoveKind::play || mv.is_negative()) && !mv.point.valid())
               throw pyb::value_error("a " + kind + " move needs a point");
             return mv;
           }),
           pyb::arg("kind"), pyb::arg("color"), pyb::arg("point") = pyb::none(), pyb::kw_only(),
           pyb::arg("size") = 19,
           "A move; point as Point, (x, y) or text, GTP text ('D4') read on a board of this size.")
      .def_property_readonly("kind", [](const Move& mv) { return std::string(name_of(mv.kind)); })
      .def_property_readonly("color", [](const Move& mv) { return mv.color; })
      .def_property_readonly("point", [](const Move& mv) -> pyb::object {
        return mv.point.valid() ? pyb::cast(mv.point) : pyb::none();
      })
      .def("to_string", [](const Move& mv, int height) { return to_string(mv, height); },
           pyb::arg("height") = 19, "E.g. 'B D4', 'W pass', 'B negative-a C3' (GTP coordinates).")
      .def("__eq__", [](const Move& a, const Move& b) { return a == b; })
      .def("__repr__", &move_repr);

  pyb::class_<PlayedMove>(m, "PlayedMove", "A move of the game, with the phase it was played in.")
      .def_readonly("move", &PlayedMove::move)
      .def_property_readonly("phase", [](const PlayedMove& p) { return std::string(name_of(p.phase)); })
      .def_readonly("captured", &PlayedMove::captured, "Opponent stones it captured.")
      .def_readonly("suicided", &PlayedMove::suicided, "Own stones it removed (suicide).")
      .def("__repr__", [](const PlayedMove& p) {
        return "<PlayedMove " + move_repr(p.move) + " in " + std::string(name_of(p.phase)) + ">";
      });

  pyb::class_<Verdict>(m, "Verdict", "The referee's answer to Game.check: truthy when legal.")
      .def_property_readonly("ok", &Verdict::ok)
      .def_property_readonly("reason", [](const Verdict& v) { return std::string(name_of(v.reason)); },
                             "'ok' or why the move is refused ('ko', 'suicide', 'not_your_turn', ...).")
      .def_property_readonly("message", [](const Verdict& v) { return text(v.message, Lang::en); },
                             "The referee's sentence ('' when legal).")
      .def("__bool__", &Verdict::ok)
      .def("__repr__", [](const Verdict& v) {
        return v.ok() ? std::string("<Verdict ok>") : "<Verdict " + std::string(name_of(v.reason)) + ": " + text(v.message, Lang::en) + ">";
      });
}

// The game's making and what it holds: its rules, board, phase, moves and counters.
void add_game_state(GameClass& game) {
  game
      .def(pyb::init([](pyb::object rules, pyb::object size) {
             auto [w, h] = size_arg(size);
             return Game(ruleset_arg(rules), w, h);
           }),
           pyb::arg("rules") = pyb::none(), pyb::arg("size") = 19,
           (std::string("A new game: rules a Ruleset or text ('") + kDefaultPreset +
            "' by default), size n or (width, height).")
               .c_str())
      .def_property_readonly("rules", &Game::rules)
      .def_property_readonly("board", [](const Game& g) { return g.board(); }, "A copy of the position.")
      .def_property_readonly("width", &Game::width)
      .def_property_readonly("height", &Game::height)
      .def_property_readonly("size", [](const Game& g) { return pyb::make_tuple(g.width(), g.height()); })
      .def_property_readonly("phase", [](const Game& g) { return std::string(name_of(g.phase())); },
                             "'play', 'paused', 'dispute', 'making' or 'ended'.")
      .def_property_readonly("end_reason", [](const Game& g) { return std::string(name_of(g.end_reason())); },
                             "'none' while the game goes on, else 'counted', 'resigned', 'no_result', "
                             "'draw' or 'forfeit'.")
      .def_property_readonly("to_move", &Game::to_move)
      .def_property_readonly("winner", [](const Game& g) { return color_or_none(g.winner()); },
                             "The winner of a game ended by resignation or forfeit, else None.")
      .def_property_readonly("moves", [](const Game& g) { return g.moves(); }, "Every move played, in order.")
      .def_property_readonly("counters", [](const Game& g) { return counters(g.counters()); },
                             "What counting needs: moves per phase and colour, setup stones, the "
                             "first virtual move, the last real move, ...")
      .def("captured", [](const Game& g, pyb::object c) { return g.captured(color_arg(c)); },
           pyb::arg("color"), "Stones of this colour captured during the game.")
      .def("virtual_stones", [](const Game& g, pyb::object c) { return g.virtual_stones(color_arg(c)); },
           pyb::arg("color"), "Virtual moves of this colour so far.")
      .def_property_readonly("paused_by_agreement", &Game::paused_by_agreement)
      .def_property_readonly("pending_proposal", [](const Game& g) { return color_or_none(g.pending_proposal()); },
                             "The side whose pause proposal awaits an answer, or None.")
      .def_property_readonly("pauses", &Game::pauses)
      .def_property_readonly("pause_board", [](const Game& g) { return g.pause_board(); },
                             "The position at the first pause.")
      .def_property_readonly("situation_hash", &Game::situation_hash);
}

// Setup stones and every kind of move.
void add_game_moves(GameClass& game) {
  const char* color_doc = " The colour defaults to the side to move.";
  game
      // Setup.
      .def(
          "setup_stone",
          [](Game& g, pyb::object point, pyb::object color) {
            const Point p = point_arg(point, g.width(), g.height());
            const Color c = color_arg(color);
            if (c == Color::Edge) throw pyb::value_error("a setup stone is BLACK, WHITE or EMPTY (to remove one), not EDGE");
            require(g.setup_stone(c, p), "setup " + std::string(color_letter(c)) + " " + to_gtp(p, g.height()));
          },
          pyb::arg("point"), pyb::arg("color"),
          "A setup / handicap stone (Color.EMPTY removes one); not a move. IllegalMove at making "
          "or after the end; ValueError for EDGE.")
      .def(
          "set_to_move",
          [](Game& g, pyb::object color) {
            const Color c = color_arg(color);
            if (!is_stone(c)) throw pyb::value_error("the side to move is BLACK or WHITE");
            require(g.set_to_move(c), "to move: " + std::string(color_letter(c)));
          },
          pyb::arg("color"),
          "Sets the side to move (BLACK or WHITE, else ValueError); IllegalMove when the pause "
          "protocol says who moves.")
      .def("place_fixed_handicap", &Game::place_fixed_handicap, pyb::arg("stones"),
           "The standard handicap points (2..9 stones on odd boards of 7 and more); White moves next.")
      // Moves.
      .def("check", &Game::check, pyb::arg("move"), "Whether a Move is legal now, without playing it.")
      .def("move", &play_move, pyb::arg("move"), "Plays a Move.")
      .def(
          "play",
          [](Game& g, pyb::object point, pyb::object color) {
            play_move(g, Move::play(mover(g, color), point_arg(point, g.width(), g.height())));
          },
          pyb::arg("point"), pyb::arg("color") = pyb::none(),
          (std::string("A stone on the board (实着).") + color_doc).c_str())
      .def("pass_", [](Game& g, pyb::object color) { play_move(g, Move::pass(mover(g, color))); },
           pyb::arg("color") = pyb::none(),
           (std::string("A pass (放弃): nothing placed.") + color_doc).c_str())
      .def("virtual", [](Game& g, pyb::object color) { play_move(g, Move::virtual_move(mover(g, color))); },
           pyb::arg("color") = pyb::none(),
           (std::string("A virtual move (虚着): a stone placed off the board.") + color_doc).c_str())
      .def(
          "negative_a",
          [](Game& g, pyb::object point, pyb::object color) {
            play_move(g, negative(g, MoveKind::negative_a, point, color));
          },
          pyb::arg("point"), pyb::arg("color") = pyb::none(),
          "At making: takes back an own stone from the black/white boundary (负着A; the point "
          "becomes shared). The colour defaults to the stone's.")
      .def(
          "negative_b",
          [](Game& g, pyb::object point, pyb::object color) {
            play_move(g, negative(g, MoveKind::negative_b, point, color));
          },
          pyb::arg("point"), pyb::arg("color") = pyb::none(),
          "At making: takes back an own stone from own territory (负着B; the point becomes own). "
          "The colour defaults to the stone's.")
      .def("propose_pause", [](Game& g, pyb::object color) { play_move(g, Move::propose(mover(g, color))); },
           pyb::arg("color") = pyb::none(),
           (std::string("Proposes to pause (agreed-pause rules).") + color_doc).c_str())
      .def("accept_pause", [](Game& g, pyb::object color) { play_move(g, Move::accept(mover(g, color))); },
           pyb::arg("color") = pyb::none(),
           (std::string("Accepts the opponent's proposal: the game pauses.") + color_doc).c_str())
      .def("reject_pause", [](Game& g, pyb::object color) { play_move(g, Move::reject(mover(g, color))); },
           pyb::arg("color") = pyb::none(),
           (std::string("Rejects the proposal: the proposer owes a virtual move.") + color_doc).c_str())
      .def("resign", [](Game& g, pyb::object color) { play_move(g, Move::resign(mover(g, color))); },
           pyb::arg("color") = pyb::none(), (std::string("Resigns.") + color_doc).c_str());
}

// The pause, disputes, making, the end, undo and the record.
void add_game_end(GameClass& game) {
  game
      // The pause, disputes, making.
      .def(
          "resume_dispute",
          [](Game& g, bool auto_virtuals) { require(g.resume_dispute(auto_virtuals), "resume dispute"); },
          pyb::arg("auto_virtuals") = true,
          "After a pause: play resumes to settle a disagreement (实战解决). Under rules whose "
          "disputes start with a virtual move by each side, the referee plays them unless "
          "auto_virtuals is False.")
      .def(
          "resume_found_move",
          [](Game& g, pyb::object finder, bool auto_virtual) {
            require(g.resume_found_move(finder.is_none() ? Color::Empty : color_arg(finder),
                                        auto_virtual),
                    "resume found move");
          },
          pyb::arg("finder"), pyb::arg("auto_virtual") = true,
          "After an agreed pause, a move found later (003 art. 21.5): the colour that found it, or "
          "None when it cannot be told (play does not resume). When the acceptor found it, the "
          "proposer first plays a virtual move: the referee's unless auto_virtual is False.")
      .def("start_making", [](Game& g) { require(g.start_making(), "start making"); },
           "From a pause: making (做棋) begins; negative moves may be played.")
      .def("declare_paused", [](Game& g) { require(g.declare_paused(), "declare paused"); },
           "A game that simply stops is taken as paused by agreement (SPEC §6.4).")
      .def("finish_counted", &Game::finish_counted, "Ends the game by counting.")
      .def("forfeit", [](Game& g, pyb::object loser) { g.forfeit(color_arg(loser)); }, pyb::arg("loser"))
      .def("set_strict", &Game::set_strict, pyb::arg("on"),
           "Strict referee: an illegal move also ends the game by forfeit of its maker.")
      .def("undo", &Game::undo, "Takes back the last move or setup action; False when there is none.")
      // Records.
      .def("record", [](const Game& g) { return record_from_game(g); },
           "The game as a Record (RU names the rules as 'JPD:<canonical>').")
      .def("to_sgf", [](const Game& g) { return sgf::write(sgf::to_tree(record_from_game(g))); },
           "The game as SGF text (virtual and negative moves, pause acts in the project's "
           "extension properties).")
      .def("copy", [](const Game& g) { return Game(g); })
      .def("__copy__", [](const Game& g) { return Game(g); })
      .def("__deepcopy__", [](const Game& g, pyb::dict) { return Game(g); }, pyb::arg("memo"))
      .def("__repr__", [](const Game& g) {
        return "<Game " + g.rules().to_string() + " " + std::to_string(g.width()) + "x" +
               std::to_string(g.height()) + ", " + std::to_string(g.moves().size()) + " moves, " +
               std::string(name_of(g.phase())) + ">";
      });
}

}  // namespace

void bind_game(pyb::module_& m) {
  bind_move_types(m);
  GameClass game(m, "Game",
                 "The referee: a game under a rule set, from the first move through the pause, "
                 "disputes and making to its end. Illegal moves raise IllegalMove (reason, "
                 "message) and leave the game unchanged.");
  add_game_state(game);
  add_game_moves(game);
  add_game_end(game);
}

}  // namespace jpd::py
