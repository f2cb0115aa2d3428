// Fuzz harness: the referee driven by arbitrary sequences of calls. The input picks a preset (and
// a ko rule and suicide setting), a board of 2x2 to 9x9, then one operation per byte: moves of
// every kind, by the side to move or not, setup stones between moves, a side to move, pause acts,
// resumptions, found moves, making, undo. After every operation check() must agree with play();
// the board must equal its recomputation after every setup stone and negative move, before every
// undo, after every eighth operation and at the end; at the end the game is counted with dead
// stones from the input (every invariant must hold) and written as a record that must replay to
// the same position.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "consistency.hpp"
#include "harness.hpp"
#include "jpd/count.hpp"
#include "jpd/count_report.hpp"
#include "jpd/replay.hpp"
#include "jpd/text.hpp"

namespace jpd::fuzz {

namespace {

class Input {
 public:
  explicit Input(std::string_view data) : d_(data) {}
  bool empty() const { return pos_ >= d_.size(); }
  uint8_t next() { return pos_ < d_.size() ? uint8_t(d_[pos_++]) : 0; }

 private:
  std::string_view d_;
  size_t pos_ = 0;
};

Point point_of(uint8_t b, const Game& g) {
  return Point(b % g.width(), (b / g.width()) % g.height());
}
Color colour_of(uint8_t b) { return b & 1 ? Color::White : Color::Black; }

// The budget of one input: this many calls; the board's recomputation after every
// kCheckEvery-th one (and after the calls listed in game_input).
constexpr int kMaxOps = 400;
constexpr int kCheckEvery = 8;

// The message ids of the verdicts rendered so far in this input.
using Rendered = std::vector<std::string>;

// Plays m; check() said beforehand whether it is legal, and play() must agree. The verdict's text
// is rendered (it must render) for the first verdict of each message id of the input: the same
// template again reaches no new code, and rendering every verdict took a fifth of the harness's
// time. A disagreement renders both.
void play(Game& g, const Move& m, Rendered& rendered) {
  const Verdict before = g.check(m);
  const Verdict v = g.play(m);
  if (v.reason != before.reason)
    fail("play() and check() disagree", text(v.message, Lang::en) + " / " + text(before.message, Lang::en));
  if (!v.message.empty() && std::find(rendered.begin(), rendered.end(), v.message.id) == rendered.end()) {
    rendered.push_back(v.message.id);
    check(!text(v.message, Lang::en).empty(), "a verdict renders as no text", v.message.id);
  }
}

void operate(Game& g, uint8_t op, Input& in, Rendered& rendered) {
  const auto move = [&](const Move& m) { play(g, m, rendered); };
  const Color c = g.to_move();
  switch (op % 16) {
    case 0: case 1: case 2: case 3: case 4: case 5:
      move(Move::play(c, point_of(in.next(), g)));
      break;
    case 6: {  // by either colour (the two bytes read in order: argument order is unspecified)
      const Color who = colour_of(in.next());
      move(Move::play(who, point_of(in.next(), g)));
      break;
    }
    case 7: move(Move::pass(c)); break;
    case 8: move(Move::virtual_move(c)); break;
    case 9: move(Move::propose(c)); break;
    case 10: move(in.next() & 1 ? Move::accept(c) : Move::reject(c)); break;
    case 11: {  // setup: a stone of either colour, or a removal
      const uint8_t b = in.next();
      g.setup_stone(b % 3 == 0 ? Color::Empty : colour_of(b), point_of(in.next(), g));
      break;
    }
    case 12: {
      const uint8_t b = in.next();
      switch (b % 5) {
        case 0: g.resume_dispute(b & 8); break;
        case 1: g.resume_found_move(b & 16 ? colour_of(b >> 5) : Color::Empty); break;
        case 2: g.start_making(); break;
        case 3: g.declare_paused(); break;
        case 4: g.set_to_move(colour_of(b >> 3)); break;
      }
      break;
    }
    case 13: {  // a negative move of the stone's owner (or of the other colour)
      const Point p = point_of(in.next(), g);
      const uint8_t b = in.next();
      const Color owner = is_stone(g.board().at(p)) ? g.board().at(p) : colour_of(b);
      const Color who = b & 2 ? opponent(owner) : owner;
      move(b & 1 ? Move::negative_a(who, p) : Move::negative_b(who, p));
      break;
    }
    case 14: g.undo(); break;
    case 15: move(Move::resign(c)); break;
  }
}

}  // namespace

void game_input(std::string_view data) {
  Input in(data);
  const auto all = presets();
  Ruleset rules = all[in.next() % all.size()].rules;
  if (const uint8_t b = in.next(); b & 1) {
    rules.ko = KoRule(b / 2 % 4);
    rules.suicide = b & 8;
    rules.reset_history_at_pause = b & 16;
  }
  const uint8_t size = in.next();
  const int width = 2 + size % 8, height = size & 0x80 ? 2 + (size >> 3) % 8 : width;
  Game g(rules, width, height);
  int ops = 0;
  Rendered rendered;
  while (!in.empty() && ++ops <= kMaxOps) {
    const uint8_t op = in.next();
    // undo rebuilds the game from its actions, which would hide a board gone wrong before it.
    if (op % 16 == 14) expect_consistent(g, "board inconsistent before an undo");
    operate(g, op, in, rendered);
    // The recomputation costs more than the call: after the calls that change the board in
    // unusual ways (setup, negative moves) and every kCheckEvery-th call. A board gone wrong
    // stays wrong until a later call rebuilds it, so the sampled checks still find it.
    if (op % 16 == 11 || op % 16 == 13 || ops % kCheckEvery == 0)
      expect_consistent(g, "board inconsistent after an operation");
  }
  expect_consistent(g, "board inconsistent after the last operation");

  // Dead stones: the stones of the counted position at the points the last bytes name.
  Statuses st;
  st.source = StatusSource::given;
  const Board& position = rules.dispute_mode == DisputeMode::independent && g.pauses() > 0
                              ? g.pause_board()
                              : g.board();
  for (int k = 0; k < 3; ++k)
    if (const Point p = point_of(uint8_t(data.empty() ? 0 : data[(data.size() * (k + 1)) / 4]), g);
        is_stone(position.at(p)))
      st.dead.push_back(p);
  try {
    const Count c = count(g, st);
    std::string why;
    for (const Invariant& i : c.invariants)
      if (!i.ok) why += i.name + ": " + text(i.detail, Lang::en) + "\n";
    if (!c.all_invariants_hold)  // (the explanation only for the report: it costs a count)
      fail("an invariant of the count failed", why + explain(c, Lang::en));
  } catch (const CountError&) {  // a dead stone put back by a negative move, a setup w/o liberty
  }

  // The game as a record replays to the same position.
  if (g.setup_without_liberty().valid() || g.end_reason() == EndReason::resigned) return;
  const std::string text = sgf::write(sgf::to_tree(record_from_game(g)));
  ReplayOptions opts;
  opts.adopt_first_player = false;
  try {
    const Replay back = replay(sgf::read_record_text(text, "<written>"), g.rules(), opts);
    check(back.game.board().same_position(g.board()), "the record replays to another position",
          text);
  } catch (const std::exception& e) {
    fail("the record of a game does not replay", text + "\n" + e.what());
  }
}

}  // namespace jpd::fuzz

#ifndef JPD_FUZZ_NO_ENTRY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  jpd::fuzz::game_input({reinterpret_cast<const char*>(data), size});
  return 0;
}
#endif
