// The referee: legality under a ruleset, phases, the pause/dispute protocol and the counters that
// counting needs (SPEC §3, §6).
//
// Phases: play -> paused -> (dispute -> paused)* -> making -> ended. Resignation, forfeit and a long
// cycle under simple ko end the game from any phase before making.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "jpd/board.hpp"
#include "jpd/move.hpp"
#include "jpd/message.hpp"
#include "jpd/rules.hpp"

namespace jpd {

enum class Phase : uint8_t { play, paused, dispute, making, ended };
enum class EndReason : uint8_t { none, counted, resigned, no_result, draw, forfeit };

std::string_view name_of(Phase p);
std::string_view name_of(EndReason e);
// Why a game ended, as a message's argument: the table's word where it has one ("word.resigned":
// resigned / 认输 ...), else the reason's name as it is.
MessageArg end_word(EndReason e);

// Why a move is refused.
enum class Illegal : uint8_t {
  ok,
  game_over,             // the game has ended
  wrong_phase,           // e.g. a board move during making, a negative move during play
  not_your_turn,
  off_board,
  occupied,
  suicide,
  ko,                    // simple ko: immediate recapture
  superko,               // positional / situational / generalized repetition
  pass_not_allowed,
  virtual_not_allowed,
  proposal_not_allowed,  // the rules have no agreed pause
  proposal_pending,      // the opponent must accept or reject first
  no_proposal,           // accept/reject without a proposal
  must_play_virtual,     // after a rejected proposal, or at the start of a dispute (003 art. 21)
  not_own_stone,         // a negative move must take back one of the mover's own stones
  not_boundary,          // a negative-A move takes a stone touching an opponent stone
  no_liberty,            // setup left a chain without a liberty: no move can follow (see
                         // Game::setup_without_liberty)
};
std::string_view name_of(Illegal r);

struct Verdict {
  Illegal reason = Illegal::ok;
  Message message;  // why, for a person (text(), message.hpp, renders it; empty when legal)
  bool ok() const { return reason == Illegal::ok; }
  explicit operator bool() const { return ok(); }
};

// Reference to one move of the game: who made it and its number in moves() (-1: none).
struct MoveRef {
  Color color = Color::Empty;
  int index = -1;
  bool exists() const { return index >= 0; }
};

// Per colour, per phase.
struct MoveCounts {
  int real = 0;
  int virtual_moves = 0;
  int passes = 0;
  int negative_a = 0;
  int negative_b = 0;
  int proposals = 0;
  int captured = 0;  // stones of this colour captured (removed from the board by play)
  int negatives() const { return negative_a + negative_b; }
};

struct Counters {
  MoveCounts play[2];     // the contest, from the first move to the first pause (index: Black 0)
  MoveCounts dispute[2];  // all dispute phases together
  MoveCounts making[2];   // negative moves played at making
  int setup[2] = {0, 0};  // setup / handicap stones of each colour (net: a setup removal of a
                          // stone of that colour takes one off)
  int setup_at_pause[2] = {0, 0};  // setup[] at the first pause (an independent dispute counts
                                   // the pause position)
  MoveRef first_virtual;  // the game's first virtual move
  MoveRef first_pass;
  MoveRef first_proposal;
  MoveRef first_non_board;  // first pass or virtual move
  MoveRef last_real;        // last real move before the first pause (收后)
  MoveRef last_real_any;    // last real move of the whole game
  MoveRef last_pass;

  // Totals over every phase.
  MoveCounts total(Color c) const;
};

namespace detail {

// Position keys (Zobrist hashes) to values: open addressing with linear probing in a power-of-two
// table kept at most half full. The keys are hashes already, so their low bits index the table;
// key 0 (the empty board's hash) is kept apart. A plain copyable value; nothing is allocated
// before the first insertion.
template <class V>
class KeyMap {
 public:
  // The value of k, value-initialised when k is new; second: whether it was new.
  std::pair<V*, bool> try_emplace(uint64_t k) {
    if (k == 0) {
      const bool inserted = !has_zero_;
      has_zero_ = true;
      size_ += inserted;
      return {&zero_, inserted};
    }
    if (2 * (size_ + 1) > slots_.size()) grow(slots_.empty() ? 64 : 2 * slots_.size());
    Slot& s = slots_[probe(k)];
    if (s.key == k) return {&s.value, false};
    s.key = k;
    ++size_;
    return {&s.value, true};
  }
  const V* find(uint64_t k) const {
    if (k == 0) return has_zero_ ? &zero_ : nullptr;
    if (slots_.empty()) return nullptr;
    const Slot& s = slots_[probe(k)];
    return s.key == k ? &s.value : nullptr;
  }
  bool contains(uint64_t k) const { return find(k) != nullptr; }
  size_t size() const { return size_; }
  // Room for n keys without growing.
  void reserve(size_t n) {
    size_t want = 64;
    while (want < 2 * n) want *= 2;
    if (want > slots_.size()) grow(want);
  }

 private:
  struct Slot {
    uint64_t key = 0;  // 0: empty
    [[no_unique_address]] V value{};  // no room for an empty V (KeySet)
  };
  size_t probe(uint64_t k) const {  // the slot holding k, or the empty one where it would go
    const size_t mask = slots_.size() - 1;
    size_t i = size_t(k) & mask;
    while (slots_[i].key != 0 && slots_[i].key != k) i = (i + 1) & mask;
    return i;
  }
  void grow(size_t slots) {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(slots, Slot{});
    for (const Slot& s : old)
      if (s.key != 0) slots_[probe(s.key)] = s;
  }
  std::vector<Slot> slots_;
  size_t size_ = 0;
  bool has_zero_ = false;
  V zero_{};
};

// A set of position keys: KeyMap without values (a slot is the key alone).
class KeySet {
 public:
  bool insert(uint64_t k) { return map_.try_emplace(k).second; }  // true when k is new
  bool contains(uint64_t k) const { return map_.contains(k); }
  size_t size() const { return map_.size(); }
  void reserve(size_t n) { map_.reserve(n); }

 private:
  struct Nothing {};
  KeyMap<Nothing> map_;
};

}  // namespace detail

struct PlayedMove {
  Move move;
  Phase phase;         // phase in which it was played
  int captured = 0;    // opponent stones captured (own stones for suicide are in `suicided`)
  int suicided = 0;
  uint64_t hash_before = 0, hash_after = 0;  // of the board (Board::hash) around the move
};

// Whether the referee decides everything alike under the two rule sets (who moves first, which
// moves exist and are legal, ko and long cycles, the superko history, pauses, disputes): the
// same moves make the same game, whatever else differs (counting, compensation, komi, and the
// preset's name, which only messages show).
bool same_referee(const Ruleset& a, const Ruleset& b);
// The same but for what decides only whether a move is refused or a long cycle ends the game:
// the ko rule, long cycles, the superko history, suicide, and whether a pause proposal is legal
// (the pause rules both and two_consecutive).
bool same_referee_but_legality(const Ruleset& a, const Ruleset& b);

class Game;
// Whether the game's moves, replayed under `rules`, make this same game: rules that referee it
// alike, or rules that differ from its own only in legality (same_referee_but_legality) when no
// move depends on that: no board move recreated a position the game had before it (so no ko,
// superko or long cycle could refuse it or end the game), no move was a suicide where `rules`
// forbid it, no pause was proposed where the pause rules differ, and the game did not end by a
// long cycle or a forfeit.
bool makes_same_game(const Game& g, const Ruleset& rules);

// What makes_same_game needs to know of a game's moves, found once for asking about many rule
// sets (ReplayCache).
struct MoveFacts {
  explicit MoveFacts(const Game& g);
  bool position_recurs = false;  // a board move recreated a position the game had before it
  bool suicide = false;          // a move was a suicide
  bool pause_proposed = false;
};
bool makes_same_game(const Game& g, const MoveFacts& facts, const Ruleset& rules);

class Game {
 public:
  explicit Game(Ruleset rules = {}, int width = 19, int height = -1);

  const Ruleset& rules() const { return rules_; }
  const Board& board() const { return board_; }
  int width() const { return board_.width(); }
  int height() const { return board_.height(); }
  Phase phase() const { return phase_; }
  EndReason end_reason() const { return end_; }
  Color to_move() const { return to_move_; }
  Color winner() const { return winner_; }  // for resignation / forfeit
  const Counters& counters() const { return counters_; }
  const std::vector<PlayedMove>& moves() const { return moves_; }
  int virtual_stones(Color c) const;  // virtual moves of colour c so far (all phases)
  // Stones of colour c removed by captures during the game (C_X).
  int captured(Color c) const { return board_.captured(c); }

  // Pause bookkeeping.
  bool paused_by_agreement() const { return paused_by_agreement_; }
  Color pending_proposal() const { return proposal_; }  // Empty when none
  int pauses() const { return pauses_; }
  const Board& pause_board() const { return pause_board_; }  // position at the first pause
  Color to_move_at_pause() const { return to_move_at_first_pause_; }
  int moves_at_first_pause() const { return moves_at_first_pause_; }

  // Setup (before or between moves): handicap and AB/AW/AE stones. Not a move; counted per colour.
  // Setup makes no captures (as SGF's AB/AW), so it can leave a chain without a liberty. Refused
  // (wrong_phase) at making and once the game has ended: the position is final then.
  // c Empty removes a stone; Color::Edge is std::invalid_argument.
  Verdict setup_stone(Color c, Point p);
  // A stone of a chain that setup left without a liberty, or Point::none(). Such a position cannot
  // arise in play: while there is one, every move but resignation is refused (Illegal::no_liberty)
  // and the game cannot be counted; further setup may still mend it.
  Point setup_without_liberty() const { return no_liberty_; }
  // Whether m is a non-board move the game owes now (a resumption's opening virtual moves, the
  // proposer's after a rejection): the only moves that may follow such a setup.
  bool owed_move(const Move& m) const {
    return must_virtual_ > 0 && m.color == to_move_ &&
           m.kind == (rules_.allow_virtual ? MoveKind::virtual_move : MoveKind::pass);
  }
  // Only while play goes on (play or dispute), and not while a pause proposal awaits its answer or
  // virtual moves are owed: the pause protocol says who moves then. c other than Black or White
  // is std::invalid_argument.
  Verdict set_to_move(Color c);
  // Standard fixed handicap placement (2..9 stones on odd boards >= 7, as GTP fixed_handicap).
  std::vector<Point> place_fixed_handicap(int stones);

  // Legality of a move now, without playing it.
  Verdict check(const Move& m) const;
  // Plays the move if it is legal; otherwise leaves the game unchanged (or, with strict(true),
  // ends it by forfeit of the mover) and returns the reason.
  Verdict play(const Move& m);
  // The same, but a board move the rules' superko forbids (it repeats an earlier whole-board
  // position, or situation) is played all the same: the repair policy of a record played under
  // rules without superko (ReplayOptions::repair). Every other check is made, and a simple ko
  // retake is still refused. Undo replays such a move as it was played.
  Verdict play_repeating(const Move& m);
  // Whether `refused` (check(m)'s verdict) refuses m for a superko repetition alone, one that
  // play_repeating plays: not the retake of a simple ko.
  bool repetition_only(const Move& m, const Verdict& refused) const;
  void set_strict(bool on) { strict_ = on; }

  // After a pause: resume play to settle a disagreement (实战解决). Under rules with
  // dispute_virtuals, both sides first play a virtual move in the original order; with
  // auto_virtuals the referee plays them.
  Verdict resume_dispute(bool auto_virtuals = true);
  // After an agreed pause, a move found later (003 art. 21.5): finder Black/White resumes play
  // (the proposer moves first; if the acceptor found it, the proposer first plays a virtual move,
  // which the referee plays with auto_virtual, else the proposer owes it); Empty when it cannot
  // be told who found it: play does not resume.
  Verdict resume_found_move(Color finder, bool auto_virtual = true);
  // From a pause: making (负着 may be played), then the end by counting.
  Verdict start_making();
  // A record that simply stops is taken as paused by agreement (SPEC §6.4); from play/dispute.
  // Non-board moves still owed (a dispute's opening virtual moves) are played first.
  Verdict declare_paused();
  void finish_counted();
  void forfeit(Color loser);

  // Takes back the last move (or setup action). Returns false when there is nothing to undo.
  bool undo();

  // Room for `moves` more moves without allocating (the moves, the actions, the superko history);
  // a replay knows how many its record has.
  void reserve(size_t moves);

  // Hash of the situation the superko rule compares, for the side to move now.
  uint64_t situation_hash() const;

  // Everything done to the game, in order, as undo() replays it: legal moves, setup edits and the
  // phase changes. For writing records (record_from_game).
  struct Action {
    enum Type : uint8_t { kMove, kSetup, kToMove, kResume, kFound, kMaking, kPaused } type;
    // kMove: the move. kSetup: move.color the colour (Empty removes), move.point the point.
    // kToMove, kFound: move.color. kResume, kFound: move.kind virtual_move when the referee
    // played the virtual moves the resumption owes (auto_virtuals), pass when the players owe
    // them (or, for kFound, when none is owed: the proposer found the move).
    Move move;
    bool repeats = false;  // kMove: a superko repetition played all the same (play_repeating)
  };
  const std::vector<Action>& actions() const { return actions_; }

 private:
  Verdict apply(const Move& m);
  Verdict refuse(Illegal r, Message why) const { return Verdict{r, std::move(why)}; }
  MessageArg preset_arg() const { return MessageArg::preset(rules_.preset); }
  Verdict check_board_move(const Move& m) const;
  void enter_pause(bool agreed);
  void record_position();  // adds the current situation to the superko / cycle history
  void clear_history();
  uint64_t key_for(uint64_t board_hash, Color side, int vb, int vw) const;
  bool in_history(uint64_t key) const;
  MoveCounts& counts(Color c);
  bool check_cycle();
  void replay_actions(std::vector<Action> actions);

  Ruleset rules_;
  Board board_;
  Board pause_board_;
  Phase phase_ = Phase::play;
  EndReason end_ = EndReason::none;
  Color to_move_ = Color::Black;
  Color winner_ = Color::Empty;
  Color proposal_ = Color::Empty;  // side whose pause proposal awaits an answer
  int must_virtual_ = 0;           // non-board moves owed before board moves are allowed
  // Of them, those a resumption owes (the players play them instead of the referee): like the
  // referee's, they never pause the game.
  int owed_at_resumption_ = 0;
  int consecutive_non_board_ = 0;
  bool paused_by_agreement_ = false;
  Color proposer_ = Color::Empty;  // of the last accepted proposal
  int pauses_ = 0;
  Color to_move_at_first_pause_ = Color::Empty;
  int moves_at_first_pause_ = -1;
  bool strict_ = false;
  int virtuals_[2] = {0, 0};
  int non_board_ = 0;  // passes and virtual moves played so far
  Point no_liberty_;  // setup_without_liberty()
  Counters counters_;
  std::vector<PlayedMove> moves_;
  std::vector<Action> actions_;
  // Superko history: situation keys since the game started or the history was last cleared.
  // Hashed, so that a move costs the same on the millionth move as on the first.
  detail::KeySet history_;
  // Cycle detection under simple ko: for each key (board, side to move) reached in this phase, the
  // number of captures by each side every time it was reached: the times are entries of seen_,
  // each linked to the key's previous one.
  struct Seen {
    int captures_b, captures_w;
    int non_board;  // non-board moves played so far (non_board_)
    int previous;  // the key's previous time in seen_, or -1
  };
  struct Times {
    int last = -1;   // the key's latest time in seen_
    int count = 0;   // how many times it was reached
  };
  detail::KeyMap<Times> cycle_seen_;
  std::vector<Seen> seen_;
  uint64_t last_key_ = 0;  // the key record_position() added last
};

}  // namespace jpd
