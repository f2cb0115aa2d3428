#include "jpd/replay.hpp"

#include <algorithm>
#include <optional>
#include <string_view>

namespace jpd {

ReplayError::ReplayError(std::string file_, sgf::Location where_, int move_number_,
                         Illegal reason_, Message detail_)
    : std::runtime_error(sgf::where_text(file_, where_) + ": " + text(detail_, Lang::en)),
      MessageError(Message("text.colon", {sgf::where_text(file_, where_), MessageArg::message(detail_)})),
      file(std::move(file_)),
      where(where_),
      move_number(move_number_),
      reason(reason_),
      detail(std::move(detail_)) {}

namespace {

// The record's first B/W move when it is the first thing played (before any pause act,
// resumption or negative move, whose colour the record leaves to the referee), else nullptr.
const sgf::Step* first_move(const sgf::Record& r) {
  using Kind = sgf::Step::Kind;
  for (const sgf::Step& s : r.steps)
    if (s.kind == Kind::move || s.kind == Kind::pause_act || s.kind == Kind::resume)
      return s.kind == Kind::move && is_stone(s.move.color) ? &s : nullptr;
  return nullptr;
}

// Whether setup stones or a side to move come before the first move (in the root or after it).
bool sets_up(const sgf::Record& r) {
  if (!r.setup.empty() || r.to_move) return true;
  for (const sgf::Step& s : r.steps) {
    if (s.kind == sgf::Step::Kind::setup || s.kind == sgf::Step::Kind::to_move) return true;
    if (s.kind == sgf::Step::Kind::move && is_stone(s.move.color)) return false;
  }
  return false;
}

// Replays one record; each step kind has its own function.
class Replayer {
 public:
  Replayer(const sgf::Record& r, const Ruleset& rules, const ReplayOptions& opts)
      : r_(r), rules_(rules), opts_(opts), file_(r.filename.empty() ? "<input>" : r.filename) {}

  // The replay is built in the object returned (a game holds two boards: not copied).
  Replay run() {
    Replay rp = start(rules_);
    out_ = &rp;
    steps();
    return rp;
  }

 private:
  void steps() {
    setup_root();  // (setup clears the game's history: reserved after it)
    game().reserve(r_.steps.size() + 2);  // the record's moves and a pause's virtual moves
    for (next_ = 0; next_ < r_.steps.size();) {
      const sgf::Step& s = r_.steps[next_++];  // next_: the step after s
      // Setup is judged when play goes on from it: at the next move or pause act, which the Game
      // refuses from such a position (as counting it), or at the end.
      if (setup_pending_ && plays_on(s)) check_setup();
      if (game().phase() == Phase::ended) {
        note(Message::joined({Message("note.ended_early", {end_word(game().end_reason()), s.move_number}),
                              Message("note.rest_not_replayed")}));
        break;
      }
      if (!step(s)) break;
    }
    if (setup_pending_) check_setup();
    finishing_ = true;
    if (notes_left_out_) note(Message("note.more_notes", {notes_left_out_}));
    if (game().phase() == Phase::play || game().phase() == Phase::dispute) {
      declare_paused(Message("note.stops_in_play"));
    }
  }

  Game& game() { return out_->game; }
  const Game& game() const { return out_->game; }
  // At most kMaxNotes notes; a record that resumes play a million times says so once, with a count.
  static constexpr size_t kMaxNotes = 50;
  void note(Message m) {
    if (out_->notes.size() < kMaxNotes || finishing_) out_->notes.push_back(std::move(m));
    else ++notes_left_out_;
  }
  void note_once(bool& done, Message m) {
    if (!done) note(std::move(m));
    done = true;
  }
  // A colour as the table's word (Black / 黑方).
  static MessageArg colour(Color c) { return MessageArg::word("word." + std::string(color_name(c))); }

  // The replay before the first step: the game on the record's board, under the rules with the
  // first player adopted (adopt_first_player).
  Replay start(const Ruleset& rules) const {
    Ruleset used = rules;
    Message adopted = adopt_first_player(used);
    if (r_.width < kMinBoardSize || r_.width > kMaxBoardSize || r_.height < kMinBoardSize ||
        r_.height > kMaxBoardSize)
      throw ReplayError(file_, {}, 0, Illegal::off_board,
                        Message("error.replay.board_size", {r_.width, r_.height}));
    Replay rp(used, r_.width, r_.height);
    rp.notes = r_.notes;  // what reading the record noted comes first
    rp.repairs = r_.repairs;
    if (!adopted.empty()) rp.notes.push_back(std::move(adopted));
    return rp;
  }

  // A record without setup (nor a side to move) before its first move that starts with the
  // colour that is not the rules' first player: that colour becomes the first player of `rules`.
  // Returns the note saying so, or an empty message.
  Message adopt_first_player(Ruleset& rules) const {
    const sgf::Step* first = first_move(r_);
    if (sets_up(r_) || !first || first->move.color == rules.first_player) return {};
    const Color rules_first_player = rules.first_player;
    const Message starts("note.starts_with", {colour(first->move.color)});
    if (!opts_.adopt_first_player)
      throw ReplayError(
          file_, first->where, first->move_number, Illegal::not_your_turn,
          Message("text.colon",
                  {MessageArg::message(described(*first, first->move)),
                   MessageArg::message(Message::joined(
                       {starts, Message("replay.first_player_is",
                                        {MessageArg::preset(rules.preset), colour(rules_first_player)})}))}));
    rules.first_player = first->move.color;
    return Message::joined({starts, Message("note.first_player_adopted",
                                            {MessageArg::preset(rules.preset), colour(rules_first_player),
                                             colour(first->move.color)})});
  }

  // Root setup stones and side to move; with setup stones (in the root or after it) and no PL,
  // the first mover moves first.
  void setup_root() {
    for (auto& [c, p] : r_.setup) game().setup_stone(c, p);
    setup_pending_ = !r_.setup.empty();
    if (r_.to_move) {
      game().set_to_move(*r_.to_move);
    } else if (const sgf::Step* first = first_move(r_);
               first && sets_up(r_) && first->move.color != game().to_move()) {
      game().set_to_move(first->move.color);
    }
  }

  // Plays one step; false when the replay stops (forfeit).
  bool step(const sgf::Step& s) {
    switch (s.kind) {
      case sgf::Step::Kind::setup:
        if (!s.move.point.inside(game().width(), game().height()))
          fail(s, s.move, Illegal::off_board, Message("error.replay.setup_off_board"));
        if (const Verdict v = game().setup_stone(s.move.color, s.move.point); !v)
          fail(s, s.move, v.reason, v.message);
        setup_pending_ = true;
        setup_step_ = &s;
        return true;
      case sgf::Step::Kind::to_move:
        if (const Verdict v = game().set_to_move(s.move.color); !v)
          fail(s, s.move, v.reason, v.message);
        return true;
      case sgf::Step::Kind::resume: resume(s); return true;
      case sgf::Step::Kind::pause_act:
        return play(s, Move{s.move.kind, game().to_move(), Point::none()});
      case sgf::Step::Kind::move:
        if (s.move.is_negative()) return negative(s);
        return move(s);
    }
    return true;
  }

  bool move(const sgf::Step& s) {
    const Move m = translate(s.move);
    if (game().phase() == Phase::paused) {
      note(Message("note.after_pause", {MessageArg::message(described(s, m))}));
      game().resume_dispute(!writes_owed(next_ - 1, game().rules().dispute_virtuals));
    }
    return play(s, m);
  }

  // Whether play goes on at step s (a move or a pause act). The non-board moves a resumption
  // owes, when the record writes them, are the referee's: they follow a setup as when the
  // referee plays them itself.
  bool plays_on(const sgf::Step& s) {
    if (s.kind == sgf::Step::Kind::pause_act) return true;
    return s.kind == sgf::Step::Kind::move && !game().owed_move(translate(s.move));
  }

  // Whether the record writes out the non-board moves a resumption owes (003 art. 21.4, 21.5):
  // `owes` is whether it owes any, and the step at `from` is then the first of them, a non-board
  // move of the side to move (the first to owe one). They are taken as the owed moves, not
  // played on top of the referee's (docs/rules.md, interpretation 27).
  // Setup written between the resumption and its first move (the referee leaves the owed moves to
  // the players, and a setup came first) is passed over, as a PL there sets the side to move.
  bool writes_owed(size_t from, bool owes) {
    if (!owes) return false;
    Color to_move = game().to_move();
    for (; from < r_.steps.size(); ++from) {
      const sgf::Step& s = r_.steps[from];
      if (s.kind == sgf::Step::Kind::setup) continue;
      if (s.kind == sgf::Step::Kind::to_move) {
        to_move = s.move.color;
        continue;
      }
      if (s.kind != sgf::Step::Kind::move || s.move.is_negative()) return false;
      return s.move.is_non_board() && s.move.color == to_move;
    }
    return false;
  }

  // The record's non-board move as the rules have it (ReplayOptions::translate_non_board).
  Move translate(const Move& m) {
    const Ruleset& rules = game().rules();
    if (!opts_.translate_non_board) return m;
    if (m.kind == MoveKind::pass && !rules.allow_pass && rules.allow_virtual) {
      note_once(noted_pass_, Message("note.pass_as_virtual", {MessageArg::preset(rules.preset)}));
      return Move::virtual_move(m.color);
    }
    if (m.kind == MoveKind::virtual_move && !rules.allow_virtual && rules.allow_pass) {
      note_once(noted_virtual_, Message("note.virtual_as_pass", {MessageArg::preset(rules.preset)}));
      return Move::pass(m.color);
    }
    return m;
  }

  // A negative move takes back a stone of the colour standing there, at making.
  bool negative(const sgf::Step& s) {
    if (game().phase() == Phase::play || game().phase() == Phase::dispute)
      declare_paused(Message("note.negative_without_pause"));
    if (game().phase() == Phase::paused) game().start_making();
    Move m = s.move;
    m.color = game().board().at(m.point);
    if (!is_stone(m.color))
      fail(s, m, Illegal::not_own_stone,
           Message("error.replay.no_stone_to_take", {to_gtp(m.point, game().height())}));
    return play(s, m);
  }

  // SGF's setup makes no captures; setup that leaves a chain without a liberty where play goes on
  // describes a position that cannot arise in play (Game::setup_without_liberty).
  void check_setup() {
    setup_pending_ = false;
    const Point p = game().setup_without_liberty();
    if (!p.valid()) return;
    Message why("error.replay.setup_no_liberty", {to_gtp(p, game().height())});
    if (setup_step_) fail(*setup_step_, setup_step_->move, Illegal::no_liberty, std::move(why));
    throw ReplayError(file_, {}, 0, Illegal::no_liberty,
                      Message("error.replay.root_setup", {MessageArg::message(std::move(why))}));
  }

  void resume(const sgf::Step& s) {
    if (game().phase() == Phase::play || game().phase() == Phase::dispute)
      declare_paused(Message("note.resume_without_pause"));
    const Color finder = s.move.color;
    // The side to move at the pause is the proposer (who owes a virtual move when the other side
    // found the move), and the first of the dispute's opening virtual moves.
    const bool owes = is_stone(finder) ? finder != game().to_move() : game().rules().dispute_virtuals;
    const bool written = writes_owed(next_, owes);
    Verdict v = is_stone(finder) ? game().resume_found_move(finder, !written)
                                 : game().resume_dispute(!written);
    if (!v) fail(s, s.move, v.reason, v.message);
  }

  void declare_paused(Message why) {
    game().declare_paused();
    out_->stopped_without_pause = true;
    note(std::move(why));
  }

  // Plays a move through the referee; an illegal one stops the replay (error or forfeit), unless
  // the repair policy mends it.
  bool play(const sgf::Step& s, const Move& m) {
    Verdict v = game().play(m);
    if (v) return true;
    if (opts_.repair && is_stone(m.color) && (m.is_board_move() || m.is_non_board())) {
      if (v.reason == Illegal::not_your_turn && mend_turn(s, m)) v = game().play(m);
      else if (v.reason == Illegal::occupied) {
        if (opts_.occupied == ReplayOptions::Occupied::skip) return skip(s, m);
        replace_stone(s, m);
        v = game().play(m);
      } else if (game().repetition_only(m, v)) {
        return play_repetition(s, m, v);
      }
      if (v) return true;
    }
    if (!opts_.forfeit_on_illegal || !is_stone(m.color)) fail(s, m, v.reason, v.message);
    game().forfeit(m.color);
    note(Message("note.forfeit", {MessageArg::message(described(s, m)), MessageArg::message(v.message),
                                  colour(m.color)}));
    return false;
  }

  // ---- The repair policy (ReplayOptions::repair): each repair noted and listed.

  void repaired(sgf::Repair::Kind kind, const sgf::Step& s, Message detail) {
    note(detail);
    out_->repairs.push_back({kind, s.move_number, s.where, std::move(detail)});
  }

  // The mover moved last too: the other side's pass (its non-board move under the rules) comes
  // between, unless that would pause the game, when the side to move is switched. False when
  // neither can be done (a proposal awaits its answer, virtual moves are owed ...).
  bool mend_turn(const sgf::Step& s, const Move& m) {
    const Color other = game().to_move();

    const Move pass = translate(Move::pass(other));
    Game trial = game();
    if (trial.play(pass) && trial.phase() == game().phase()) {
      game().play(pass);
      repaired(sgf::Repair::Kind::implied_pass, s,
               Message(pass.kind == MoveKind::virtual_move ? "note.implied_virtual" : "note.implied_pass",
                       {MessageArg::message(described(s, m)), colour(m.color), colour(other)}));
      return true;
    }
    if (!game().set_to_move(m.color)) return false;
    repaired(sgf::Repair::Kind::turn_switched, s,
             Message("note.turn_switched",
                     {MessageArg::message(described(s, m)), colour(m.color), colour(m.color)}));
    return true;
  }

  // A move on an occupied point: the stone standing there is taken off (a setup edit, so every
  // stone placed stays accounted for), then the move is played.
  void replace_stone(const sgf::Step& s, const Move& m) {
    const Color there = game().board().at(m.point);
    game().setup_stone(Color::Empty, m.point);
    repaired(sgf::Repair::Kind::stone_replaced, s,
             Message("note.stone_replaced", {MessageArg::message(described(s, m)),
                                             to_gtp(m.point, game().height()), colour(there)}));
  }

  // A move the rules' superko forbids (the players' rules had none): played as recorded.
  bool play_repetition(const sgf::Step& s, const Move& m, const Verdict& refused) {
    const Verdict v = game().play_repeating(m);
    if (!v) fail(s, m, v.reason, v.message);
    repaired(sgf::Repair::Kind::repetition_played, s,
             Message("note.repetition_played",
                     {MessageArg::message(described(s, m)), MessageArg::message(refused.message)}));
    return true;
  }

  bool skip(const sgf::Step& s, const Move& m) {
    repaired(sgf::Repair::Kind::move_skipped, s,
             Message("note.move_skipped",
                     {MessageArg::message(described(s, m)), to_gtp(m.point, game().height())}));
    return true;
  }

  // "move 12 (W D4)", "move 12 (JPDR[dispute])", "move 12 (setup B D4)": for notes and errors.
  Message described(const sgf::Step& s, const Move& m) const {
    return Message("note.move_described", {s.move_number, what_of(s, m)});
  }
  // The step in notation: the SGF property of a resumption, else the move's (move_message).
  MessageArg what_of(const sgf::Step& s, const Move& m) const {
    if (s.kind == sgf::Step::Kind::resume)
      return is_stone(m.color) ? "JPDR[found:" + std::string(color_letter(m.color)) + "]" : "JPDR[dispute]";
    if (s.kind == sgf::Step::Kind::setup) {
      const std::string letter(color_letter(m.color));
      return MessageArg::message(
          Message("move.setup", {is_stone(m.color) ? MessageArg::word("move.colour." + letter) : MessageArg(letter),
                                 to_gtp(m.point, r_.height)}));
    }
    return MessageArg::message(move_message(m, r_.height));
  }

  // (A sentence is no message id: the reason is a Message, from the texts' table.)
  void fail(const sgf::Step& s, const Move& m, Illegal reason, const std::string& why) const = delete;
  [[noreturn]] void fail(const sgf::Step& s, const Move& m, Illegal reason, Message why) const {
    const bool mendable = !opts_.repair && s.kind == sgf::Step::Kind::move &&
                          (reason == Illegal::occupied || reason == Illegal::not_your_turn ||
                           (reason == Illegal::superko && game().repetition_only(m, {reason, {}})));
    throw ReplayError(file_, s.where, s.move_number, reason,
                      Message(mendable ? "replay.refused_mendable" : "text.colon",
                              {MessageArg::message(described(s, m)), MessageArg::message(std::move(why))}));
  }

  const sgf::Record& r_;
  const Ruleset& rules_;
  ReplayOptions opts_;
  std::string file_;
  Replay* out_ = nullptr;  // the replay being made (run())
  bool noted_pass_ = false, noted_virtual_ = false;
  size_t notes_left_out_ = 0;
  bool finishing_ = false;  // the notes about the end are never left out
  size_t next_ = 0;         // the record's step after the one being replayed
  bool setup_pending_ = false;               // setup not yet checked (check_setup)
  const sgf::Step* setup_step_ = nullptr;    // the last setup step (for the error's location)
};

}  // namespace

namespace {

// The komi of a record that has no KM: none in a handicap game (HA 2 or more: handicap games are
// played without komi under every rule set this project knows), else the preset's.
void komi_of_record(const sgf::Record& r, Ruleset& rules) {
  if (r.komi) rules.komi = *r.komi;
  else if (r.handicap >= 2) rules.komi = 0;
}

}  // namespace

Ruleset rules_for_record(const sgf::Record& r, const std::optional<RulesText>& explicit_rules) {
  if (explicit_rules) {
    Ruleset rules = explicit_rules->rules;
    if (!explicit_rules->komi_given()) komi_of_record(r, rules);
    return rules;
  }
  const std::string preset = r.rules.empty() ? "" : preset_for_sgf_rules(r.rules);
  Ruleset rules;
  try {
    rules = parse_ruleset(preset.empty() ? kDefaultPreset : preset);
  } catch (const RulesError& e) {  // RU[JPD:tang-song,komi=1e308]: the record's own fault
    throw sgf::Error(r.filename.empty() ? "<input>" : r.filename, r.rules_where,
                     Message("text.colon", {"RU[" + r.rules + "]", MessageArg::message(e.message())}));
  }
  komi_of_record(r, rules);
  return rules;
}

Ruleset rules_for_record(const sgf::Record& r, std::string_view explicit_rules) {
  return rules_for_record(r, parse_rules_text(explicit_rules));
}

Replay replay(const sgf::Record& r, const Ruleset& rules, const ReplayOptions& opts) {
  return Replayer(r, rules, opts).run();
}

// ------------------------------------------------------------------------------------------------
// Shared replays.

namespace {

// A shared replay's notes and errors name the preset of the rule set that made it, as arguments
// of their own (MessageArg::preset): each rule set sharing the replay has its own name put in.
Message with_preset(Message m, const std::string& preset) {
  for (MessageArg& a : m.args) {
    if (a.kind == MessageArg::Kind::preset) a.value = preset;
    for (Message& inner : a.inner) inner = with_preset(std::move(inner), preset);
  }
  return m;
}

}  // namespace

struct ReplayCache::Group {
  Ruleset rules;                 // the group's first rule set
  std::unique_ptr<Replay> replay;  // or the error (a group sharing another's game has neither):
  std::optional<ReplayError> error;
  const Group* shares = nullptr;  // or the game of that group, which these rules make as well
  std::optional<MoveFacts> facts;  // of the game, found when first asked for
  explicit Group(Ruleset r) : rules(std::move(r)) {}
  const Group& origin() const { return shares ? *shares : *this; }
};

ReplayCache::ReplayCache(const sgf::Record& r, const ReplayOptions& opts)
    : record_(r), opts_(opts) {}

ReplayCache::~ReplayCache() = default;

size_t ReplayCache::replays() const {
  return size_t(std::count_if(groups_.begin(), groups_.end(),
                              [](const auto& g) { return g->shares == nullptr; }));
}

ReplayCache::Shared ReplayCache::get(const Ruleset& rules) {
  auto it = std::find_if(groups_.begin(), groups_.end(),
                         [&](const auto& g) { return same_referee(g->rules, rules); });
  if (it == groups_.end()) {
    // A game replayed under rules that differ only in legality is this one's too when none of
    // its moves depends on that (makes_same_game): shared, under these rules' name. (The rules
    // as given are compared too: the replay adopts a first player from them.)
    const Group* same_game = nullptr;
    for (const auto& g : groups_) {
      // (A group sharing another's game has no replay of its own.)
      if (!g->replay || !same_referee_but_legality(g->rules, rules)) continue;
      if (!g->facts) g->facts.emplace(g->replay->game);
      if (makes_same_game(g->replay->game, *g->facts, rules)) {
        same_game = g.get();
        break;
      }
    }
    if (same_game) {
      auto shared = std::make_unique<Group>(rules);
      shared->shares = same_game;
      groups_.push_back(std::move(shared));
      it = groups_.end() - 1;
    }
  }
  if (it == groups_.end()) {
    auto g = std::make_unique<Group>(rules);
    try {
      g->replay.reset(new Replay(replay(record_, g->rules, opts_)));
    } catch (const ReplayError& e) {
      g->error = e;
    }
    groups_.push_back(std::move(g));
    it = groups_.end() - 1;
  }
  const Group& group = (*it)->origin();
  if (group.error) {
    const ReplayError& e = *group.error;
    throw ReplayError(e.file, e.where, e.move_number, e.reason, with_preset(e.detail, rules.preset));
  }
  const Replay& rp = *group.replay;
  Shared out{rp.game, rules, {}, rp.stopped_without_pause, rp.repairs};
  out.rules.first_player = rp.rules.first_player;  // as adopted from the record
  out.notes.reserve(rp.notes.size());
  for (const Message& n : rp.notes) out.notes.push_back(with_preset(n, rules.preset));
  return out;
}

sgf::Record record_from_game(const Game& g) {
  using Kind = sgf::Step::Kind;
  using Action = Game::Action;
  sgf::Record r;
  r.width = g.width();
  r.height = g.height();
  r.komi = g.rules().komi;
  r.rules = "JPD:" + g.rules().to_string();
  const std::vector<Action>& actions = g.actions();

  // The root: the net effect of the setup and side-to-move settings before anything else. A point
  // set twice, or set and cleared, is written once with its final colour (FF[4] allows a point
  // once per node, and AB and AW are written as two lists).
  size_t i = 0;
  Board root(g.width(), g.height());
  for (; i < actions.size(); ++i) {
    const Action& a = actions[i];
    if (a.type == Action::kSetup)
      root.set_stone(a.move.point, a.move.color);
    else if (a.type == Action::kToMove)
      r.to_move = a.move.color;
    else
      break;
  }
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x)
      if (const Color c = root.at(Point(x, y)); is_stone(c)) r.setup.emplace_back(c, Point(x, y));

  int moves = 0;
  // The game's moves in step with its actions: every move action is one played move; the
  // virtual moves the referee plays at a resumption are played moves without an action of their
  // own. They are written out after the resumption, as the owed moves they are (the replayer
  // reads them so), so that a record says every virtual move the game has.
  size_t played = 0;
  auto add = [&](Kind kind, Move m) {
    sgf::Step s;
    s.kind = kind;
    s.move = m;
    s.move_number = moves;
    r.steps.push_back(s);
  };
  for (; i < actions.size(); ++i) {
    const Action& a = actions[i];
    Move m = a.move;
    switch (a.type) {
      case Action::kMove:
        ++played;
        if (m.kind == MoveKind::resign) break;  // the result says it
        if (m.is_negative() || m.kind == MoveKind::propose_pause ||
            m.kind == MoveKind::accept_pause || m.kind == MoveKind::reject_pause) {
          m.color = Color::Empty;  // the record does not say it: the replayer knows
          add(m.is_negative() ? Kind::move : Kind::pause_act, m);
        } else {
          ++moves;
          add(Kind::move, m);
        }
        break;
      case Action::kSetup:
      case Action::kToMove: {
        // A run of setup edits and sides to move is one edit: the last colour of each point it
        // touches, each point once, then the last side to move; so the setup fits in one node
        // and reads back without the positions it passed through.
        auto is_edit = [&](size_t k) {
          return actions[k].type == Action::kSetup || actions[k].type == Action::kToMove;
        };
        size_t end = i;
        while (end + 1 < actions.size() && is_edit(end + 1)) ++end;
        std::vector<bool> seen(1u << 16, false);  // by Point::key()
        std::vector<Move> last;                   // the last edit of each point, from the end
        std::optional<Color> to_move;
        for (size_t k = end + 1; k-- > i;) {
          const Move& e = actions[k].move;
          if (actions[k].type == Action::kToMove) {
            if (!to_move) to_move = e.color;
          } else if (!seen[e.point.key()]) {
            seen[e.point.key()] = true;
            last.push_back(e);
          }
        }
        for (auto it = last.rbegin(); it != last.rend(); ++it) add(Kind::setup, *it);
        if (to_move) add(Kind::to_move, Move::pass(*to_move));
        i = end;
        break;
      }
      case Action::kResume:
      case Action::kFound: {
        add(Kind::resume, Move::pass(a.type == Action::kFound ? m.color : Color::Empty));
        // The virtual moves the referee played for the players (auto), written as theirs.
        const int by_referee = m.kind != MoveKind::virtual_move ? 0
                               : a.type == Action::kFound    ? 1
                               : g.rules().dispute_virtuals  ? 2
                                                             : 0;
        for (int k = 0; k < by_referee && played < g.moves().size(); ++k, ++played) {
          ++moves;
          add(Kind::move, g.moves()[played].move);
        }
        break;
      }
      case Action::kMaking:  // implied by the first negative move
      case Action::kPaused:  // implied by the record's stopping
        break;
    }
  }

  const std::string winner(color_letter(g.winner()));
  switch (g.end_reason()) {
    case EndReason::resigned: r.result = winner + "+R"; break;
    case EndReason::forfeit: r.result = winner + "+F"; break;
    case EndReason::no_result: r.result = "Void"; break;
    case EndReason::draw: r.result = "0"; break;
    case EndReason::none:
    case EndReason::counted: break;  // counting is not the game's business
  }
  return r;
}

}  // namespace jpd
