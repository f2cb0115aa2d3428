#include "jpd/game.hpp"

#include <algorithm>
#include <stdexcept>

namespace jpd {

namespace {
constexpr uint64_t kSideKey = 0x8F3E2C1D5B7A9604ull;
uint64_t virtual_key(int vb, int vw) {
  return detail::splitmix64(0xA5A5000000000000ull ^ (uint64_t(uint32_t(vb)) << 20) ^ uint64_t(uint32_t(vw)));
}
// A colour as the table's word (Black / 黑方).
MessageArg who(Color c) { return MessageArg::word("word." + std::string(color_name(c))); }
}  // namespace

std::string_view name_of(Phase p) {
  switch (p) {
    case Phase::play: return "play";
    case Phase::paused: return "paused";
    case Phase::dispute: return "dispute";
    case Phase::making: return "making";
    case Phase::ended: return "ended";
  }
  return "?";
}

std::string_view name_of(EndReason e) {
  switch (e) {
    case EndReason::none: return "none";
    case EndReason::counted: return "counted";
    case EndReason::resigned: return "resigned";
    case EndReason::no_result: return "no_result";
    case EndReason::draw: return "draw";
    case EndReason::forfeit: return "forfeit";
  }
  return "?";
}

MessageArg end_word(EndReason e) {
  switch (e) {
    case EndReason::resigned: case EndReason::no_result: case EndReason::draw:
    case EndReason::forfeit: return MessageArg::word("word." + std::string(name_of(e)));
    default: return std::string(name_of(e));
  }
}

std::string_view name_of(Illegal r) {
  switch (r) {
    case Illegal::ok: return "ok";
    case Illegal::game_over: return "game_over";
    case Illegal::wrong_phase: return "wrong_phase";
    case Illegal::not_your_turn: return "not_your_turn";
    case Illegal::off_board: return "off_board";
    case Illegal::occupied: return "occupied";
    case Illegal::suicide: return "suicide";
    case Illegal::ko: return "ko";
    case Illegal::superko: return "superko";
    case Illegal::pass_not_allowed: return "pass_not_allowed";
    case Illegal::virtual_not_allowed: return "virtual_not_allowed";
    case Illegal::proposal_not_allowed: return "proposal_not_allowed";
    case Illegal::proposal_pending: return "proposal_pending";
    case Illegal::no_proposal: return "no_proposal";
    case Illegal::must_play_virtual: return "must_play_virtual";
    case Illegal::not_own_stone: return "not_own_stone";
    case Illegal::not_boundary: return "not_boundary";
    case Illegal::no_liberty: return "no_liberty";
  }
  return "?";
}

bool same_referee_but_legality(const Ruleset& a, const Ruleset& b) {
  // The fields Game and the replay read, but for ko, cycle_*, reset_history_at_pause, suicide;
  // and the pause rules `both` and `two_consecutive`, which differ only in whether a pause
  // proposal is legal.
  const bool pause_alike = a.pause == b.pause ||
                           (a.pause != PauseRule::agreed && b.pause != PauseRule::agreed);
  return a.first_player == b.first_player && a.allow_pass == b.allow_pass &&
         a.allow_virtual == b.allow_virtual && pause_alike &&
         a.dispute_virtuals == b.dispute_virtuals && a.white_passes_last == b.white_passes_last;
}

bool same_referee(const Ruleset& a, const Ruleset& b) {
  // Under simple ko the superko history is never consulted (a reset clears the cycle table either
  // way); under the other ko rules no cycle is looked for.
  const bool simple = a.ko == KoRule::simple;
  return same_referee_but_legality(a, b) && a.pause == b.pause && a.ko == b.ko &&
         (simple ? a.cycle_result == b.cycle_result && a.cycle_repeats == b.cycle_repeats &&
                       a.cycle_through_non_board == b.cycle_through_non_board
                 : a.reset_history_at_pause == b.reset_history_at_pause) &&
         a.suicide == b.suicide;
}

MoveFacts::MoveFacts(const Game& g) {
  // Every position the superko history or the cycle table can hold when a board move is judged
  // is the board before or after an earlier move (setup positions included: a move's board
  // before it). A board move that recreates none of them is refused by no ko rule and closes no
  // cycle (a ko retake recreates the position before the capture).
  detail::KeySet seen;
  seen.reserve(2 * g.moves().size());
  for (const PlayedMove& pm : g.moves()) {
    suicide |= pm.suicided > 0;
    pause_proposed |= pm.move.kind == MoveKind::propose_pause;
    seen.insert(pm.hash_before);
    position_recurs |= pm.move.kind == MoveKind::play && seen.contains(pm.hash_after);
    seen.insert(pm.hash_after);
  }
}

bool makes_same_game(const Game& g, const Ruleset& rules) {
  if (same_referee(rules, g.rules())) return true;
  if (!same_referee_but_legality(rules, g.rules())) return false;
  return makes_same_game(g, MoveFacts(g), rules);
}

bool makes_same_game(const Game& g, const MoveFacts& facts, const Ruleset& rules) {
  if (same_referee(rules, g.rules())) return true;
  if (!same_referee_but_legality(rules, g.rules())) return false;
  if (g.end_reason() == EndReason::draw || g.end_reason() == EndReason::no_result ||
      g.end_reason() == EndReason::forfeit)
    return false;
  return !facts.position_recurs && (rules.suicide || !facts.suicide) &&
         (rules.pause == g.rules().pause || !facts.pause_proposed);
}

MoveCounts Counters::total(Color c) const {
  int i = color_index(c);
  MoveCounts t;
  for (const MoveCounts* m : {&play[i], &dispute[i], &making[i]}) {
    t.real += m->real;
    t.virtual_moves += m->virtual_moves;
    t.passes += m->passes;
    t.negative_a += m->negative_a;
    t.negative_b += m->negative_b;
    t.proposals += m->proposals;
    t.captured += m->captured;
  }
  return t;
}

Game::Game(Ruleset rules, int width, int height)
    : rules_(std::move(rules)), board_(width, height), pause_board_(width, height) {
  to_move_ = rules_.first_player;
  // Room for a short game; a longer one grows (replay reserves a record's length up front). A
  // game of 512 moves reserved here cost every new game (each GTP boardsize and clear_board,
  // each undo, which rebuilds the game) a 20 KB allocation, most of it never used.
  moves_.reserve(32);
  record_position();
}

int Game::virtual_stones(Color c) const { return virtuals_[color_index(c)]; }

MoveCounts& Game::counts(Color c) {
  int i = color_index(c);
  if (phase_ == Phase::dispute) return counters_.dispute[i];
  if (phase_ == Phase::making) return counters_.making[i];
  return counters_.play[i];
}

uint64_t Game::key_for(uint64_t board_hash, Color side, int vb, int vw) const {
  switch (rules_.ko) {
    case KoRule::positional: return board_hash;
    case KoRule::generalized: return board_hash ^ virtual_key(vb, vw);
    case KoRule::situational:
    case KoRule::simple: return board_hash ^ (side == Color::White ? kSideKey : 0);
  }
  return board_hash;
}

uint64_t Game::situation_hash() const {
  return key_for(board_.hash(), to_move_, virtuals_[0], virtuals_[1]);
}

bool Game::in_history(uint64_t key) const { return history_.contains(key); }

void Game::record_position() {
  const uint64_t k = situation_hash();
  last_key_ = k;
  if (rules_.ko == KoRule::simple) {
    Times& t = *cycle_seen_.try_emplace(k).first;
    seen_.push_back({board_.captured(Color::White), board_.captured(Color::Black), non_board_, t.last});
    t.last = int(seen_.size()) - 1;
    ++t.count;
  } else {
    history_.insert(k);
  }
}

void Game::clear_history() {
  // Fresh containers rather than clear(), which costs as much as the largest the history ever
  // was (every bucket is emptied): setup steps clear the history one after another.
  history_ = {};
  cycle_seen_ = {};
  seen_ = {};
  record_position();
}

Verdict Game::setup_stone(Color c, Point p) {
  if (!p.inside(width(), height())) throw PointError(Message("error.point.setup_off_board"));
  if (c == Color::Edge) throw std::invalid_argument("a setup stone is Black, White or empty, not the edge");
  if (phase_ == Phase::making || phase_ == Phase::ended)
    return refuse(Illegal::wrong_phase, Message("ref.setup_final"));
  Color before = board_.at(p);
  if (is_stone(before)) --counters_.setup[color_index(before)];
  board_.set_stone(p, c);
  if (is_stone(c)) ++counters_.setup[color_index(c)];
  no_liberty_ = Point::none();
  for (int y = 0; y < height() && !no_liberty_.valid(); ++y)
    for (int x = 0; x < width(); ++x) {
      const auto i = board_.index(x, y);
      if (is_stone(board_.at(i)) && board_.pseudo_liberties(i) == 0) {
        no_liberty_ = Point(x, y);
        break;
      }
    }
  actions_.push_back({Action::kSetup, Move{MoveKind::play, c, p}});
  clear_history();
  return {};
}

Verdict Game::set_to_move(Color c) {
  if (!is_stone(c)) throw std::invalid_argument("the side to move is Black or White");
  if (phase_ != Phase::play && phase_ != Phase::dispute)
    return refuse(Illegal::wrong_phase, Message("ref.to_move_in_play"));
  // Mid-way through the pause protocol the referee knows who moves: the side that must answer a
  // proposal, or owes a virtual move (as the referee would play them at a resumption).
  if (proposal_ != Color::Empty)
    return refuse(Illegal::proposal_pending, Message("ref.proposal_awaits"));
  if (must_virtual_ > 0)
    return refuse(Illegal::must_play_virtual, Message("ref.owed_in_order"));
  to_move_ = c;
  actions_.push_back({Action::kToMove, Move{MoveKind::pass, c, Point::none()}});
  clear_history();
  return {};
}

std::vector<Point> Game::place_fixed_handicap(int stones) {
  int n = width();
  if (n != height() || n < 7 || n % 2 == 0 || stones < 2 || stones > 9 || (n == 7 && stones > 4))
    throw ArgumentError(Message("error.handicap.fixed", {stones}));
  int e = n >= 13 ? 3 : 2, m = n / 2, f = n - 1 - e;
  std::vector<Point> order = {{f, e}, {e, f}, {f, f}, {e, e}};  // 2: upper-right, lower-left ...
  std::vector<Point> pts(order.begin(), order.begin() + std::min(stones, 4));
  if (stones == 5 || stones == 7 || stones == 9) pts.push_back({m, m});
  if (stones >= 6) {
    pts.push_back({e, m});
    pts.push_back({f, m});
  }
  if (stones >= 8) {
    pts.push_back({m, e});
    pts.push_back({m, f});
  }
  for (Point p : pts) setup_stone(Color::Black, p);
  set_to_move(Color::White);
  return pts;
}

Verdict Game::check_board_move(const Move& m) const {
  const Point p = m.point;
  if (!p.inside(width(), height()))
    return refuse(Illegal::off_board,
                  Message("note.ref_off_board", {std::to_string(width()) + "x" + std::to_string(height())}));
  auto at = [&] { return to_gtp(p, height()); };  // for the messages
  const auto i = board_.index(p);
  if (board_.at(i) != Color::Empty)
    return refuse(Illegal::occupied, Message("note.ref_occupied", {at()}));
  if (!rules_.suicide && board_.is_suicide(i, m.color))
    return refuse(Illegal::suicide, Message("note.ref_suicide", {at(), preset_arg()}));
  if (rules_.ko == KoRule::simple) {
    if (board_.ko_point() == i)
      return refuse(Illegal::ko, Message("note.ref_ko", {at()}));
    return {};
  }
  uint64_t after = board_.hash_after(i, m.color);
  uint64_t key = key_for(after, opponent(m.color), virtuals_[0], virtuals_[1]);
  if (in_history(key)) {
    const char* kind = rules_.ko == KoRule::positional    ? "note.ref_superko_pos"
                       : rules_.ko == KoRule::situational ? "note.ref_superko_sit"
                                                          : "note.ref_superko_gen";
    return refuse(Illegal::superko, Message(kind, {at()}));
  }
  return {};
}

Verdict Game::check(const Move& m) const {
  if (phase_ == Phase::ended) return refuse(Illegal::game_over, Message("note.ref_over"));
  if (m.kind == MoveKind::resign) return {};
  // A setup that leaves a chain without a liberty is a position that cannot arise in play: no move
  // can follow it but the non-board moves a resumption owes, which the referee plays itself when
  // the record does not write them (the setup is judged at the next move after them).
  if (no_liberty_.valid() && !owed_move(m))
    return refuse(Illegal::no_liberty, Message("ref.no_liberty", {to_gtp(no_liberty_, height())}));
  if (!is_stone(m.color)) return refuse(Illegal::not_your_turn, Message("ref.needs_colour"));
  if (phase_ == Phase::paused)
    return refuse(Illegal::wrong_phase, Message("ref.paused"));
  if (phase_ == Phase::making) {
    if (!m.is_negative())
      return refuse(Illegal::wrong_phase, Message("ref.making_negative_only"));
    if (!m.point.inside(width(), height()))
      return refuse(Illegal::off_board, Message("ref.off_the_board"));
    const auto i = board_.index(m.point);
    const std::string at = to_gtp(m.point, height());
    if (board_.at(i) != m.color)
      return refuse(Illegal::not_own_stone, Message("ref.not_own_stone", {who(m.color), at}));
    if (m.kind == MoveKind::negative_a) {
      bool boundary = false;
      for (int d : Board::kDirs) boundary |= board_.at(Board::Index(i + d)) == opponent(m.color);
      if (!boundary)
        return refuse(Illegal::not_boundary, Message("ref.not_boundary", {at}));
    }
    return {};
  }
  // play or dispute phase
  if (m.is_negative())
    return refuse(Illegal::wrong_phase, Message("ref.negative_at_making"));
  if (m.color != to_move_)
    return refuse(Illegal::not_your_turn, Message("note.ref_turn", {who(to_move_)}));
  if (proposal_ != Color::Empty) {
    if (m.kind == MoveKind::accept_pause || m.kind == MoveKind::reject_pause) return {};
    return refuse(Illegal::proposal_pending, Message("ref.proposal_pending", {who(proposal_), who(to_move_)}));
  }
  if (m.kind == MoveKind::accept_pause || m.kind == MoveKind::reject_pause)
    return refuse(Illegal::no_proposal, Message("ref.no_proposal"));
  if (must_virtual_ > 0) {
    MoveKind owed = rules_.allow_virtual ? MoveKind::virtual_move : MoveKind::pass;
    if (m.kind != owed)
      return refuse(Illegal::must_play_virtual,
                    Message(owed == MoveKind::virtual_move ? "ref.owes_virtual" : "ref.owes_pass",
                            {who(m.color)}));
    // the owed move itself is legal
  }
  switch (m.kind) {
    case MoveKind::play: return check_board_move(m);
    case MoveKind::pass:
      if (!rules_.allow_pass)
        return refuse(Illegal::pass_not_allowed,
                      Message(rules_.allow_virtual ? "note.ref_pass" : "note.ref_pass_only", {preset_arg()}));
      return {};
    case MoveKind::virtual_move:
      if (!rules_.allow_virtual)
        return refuse(Illegal::virtual_not_allowed,
                      Message(rules_.allow_pass ? "note.ref_virtual" : "note.ref_virtual_only", {preset_arg()}));
      return {};
    case MoveKind::propose_pause:
      if (rules_.pause == PauseRule::two_consecutive)
        return refuse(Illegal::proposal_not_allowed, Message("ref.proposal_not_allowed", {preset_arg()}));
      return {};
    default: return {};
  }
}

Verdict Game::play(const Move& m) {
  Verdict v = check(m);
  if (!v) {
    if (strict_ && phase_ != Phase::ended && is_stone(m.color)) forfeit(m.color);
    return v;
  }
  actions_.push_back({Action::kMove, m});
  return apply(m);
}

Verdict Game::play_repeating(const Move& m) {
  const Verdict v = check(m);
  if (v || !repetition_only(m, v)) return play(m);
  actions_.push_back({Action::kMove, m, true});
  return apply(m);
}

bool Game::repetition_only(const Move& m, const Verdict& refused) const {
  // (superko refuses a retake at the simple ko point too: that one no rules allow)
  return refused.reason == Illegal::superko && m.kind == MoveKind::play &&
         board_.ko_point() != board_.index(m.point);
}

Verdict Game::apply(const Move& m) {
  const int ci = color_index(m.color);
  // The board's hash after the move: only play and negative moves change it.
  const uint64_t hash = board_.hash();
  PlayedMove rec{m, phase_, 0, 0, hash, hash};
  const int index = int(moves_.size());
  auto non_board = [&] {
    board_.clear_ko();
    ++consecutive_non_board_;
    ++non_board_;
    if (must_virtual_ > 0) --must_virtual_;
    if (owed_at_resumption_ > 0) {
      --owed_at_resumption_;
      consecutive_non_board_ = 0;  // as when the referee plays it
    }
    if (!counters_.first_non_board.exists()) counters_.first_non_board = {m.color, index};
    to_move_ = opponent(m.color);
  };
  switch (m.kind) {
    case MoveKind::play: {
      const Color opp = opponent(m.color);
      const int own_before = board_.captured(m.color), opp_before = board_.captured(opp);
      board_.play_fast(board_.index(m.point), m.color);  // captures counted by the board
      // The board's counters are 16-bit and wrap: their difference is taken in 16 bits.
      rec.captured = uint16_t(board_.captured(opp) - opp_before);
      rec.suicided = uint16_t(board_.captured(m.color) - own_before);
      MoveCounts& mine = counts(m.color);
      ++mine.real;
      mine.captured += rec.suicided;
      counts(opp).captured += rec.captured;
      if (phase_ == Phase::play) counters_.last_real = {m.color, index};
      counters_.last_real_any = {m.color, index};
      consecutive_non_board_ = 0;
      to_move_ = opponent(m.color);
      break;
    }
    case MoveKind::pass:
      ++counts(m.color).passes;
      if (!counters_.first_pass.exists()) counters_.first_pass = {m.color, index};
      counters_.last_pass = {m.color, index};
      non_board();
      break;
    case MoveKind::virtual_move:
      ++counts(m.color).virtual_moves;
      ++virtuals_[ci];
      if (!counters_.first_virtual.exists()) counters_.first_virtual = {m.color, index};
      non_board();
      break;
    case MoveKind::propose_pause:
      ++counts(m.color).proposals;
      if (!counters_.first_proposal.exists()) counters_.first_proposal = {m.color, index};
      proposal_ = m.color;
      to_move_ = opponent(m.color);
      break;
    case MoveKind::accept_pause:
      proposer_ = proposal_;
      proposal_ = Color::Empty;
      to_move_ = proposer_;
      moves_.push_back(rec);
      enter_pause(true);
      return {};
    case MoveKind::reject_pause:
      to_move_ = proposal_;
      proposal_ = Color::Empty;
      must_virtual_ = 1;
      break;
    case MoveKind::negative_a:
    case MoveKind::negative_b:
      board_.set_stone(m.point, Color::Empty);
      if (m.kind == MoveKind::negative_a) ++counters_.making[ci].negative_a;
      else ++counters_.making[ci].negative_b;
      rec.hash_after = board_.hash();
      moves_.push_back(rec);
      return {};
    case MoveKind::resign:
      moves_.push_back(rec);
      phase_ = Phase::ended;
      end_ = EndReason::resigned;
      winner_ = opponent(m.color);
      return {};
  }
  rec.hash_after = board_.hash();
  moves_.push_back(rec);
  record_position();

  if (m.is_non_board() && rules_.pause != PauseRule::agreed && consecutive_non_board_ >= 2 &&
      (!rules_.white_passes_last || m.color == Color::White)) {
    enter_pause(false);
    return {};
  }
  if (m.kind == MoveKind::play && rules_.ko == KoRule::simple && check_cycle()) {
    phase_ = Phase::ended;
    end_ = rules_.cycle_result == CycleResult::draw ? EndReason::draw : EndReason::no_result;
  }
  return {};
}

bool Game::check_cycle() {
  // The position just reached (record_position), and every time it was reached in this phase.
  const Times& times = *cycle_seen_.find(last_key_);
  if (times.count < rules_.cycle_repeats) return false;
  // The repeated stretch, from the cycle_repeats-th most recent time to now, must contain at least
  // one capture by each side (a real long cycle such as triple ko or eternal life, not a position
  // revisited by chance).
  const Seen& now = seen_[size_t(times.last)];
  int earliest_time = times.last;
  for (int k = 1; k < rules_.cycle_repeats; ++k)
    earliest_time = seen_[size_t(earliest_time)].previous;
  const Seen& earliest = seen_[size_t(earliest_time)];
  // [interpretation] Only a cycle of board moves (triple ko, 长生劫, 循环多劫): a ko retaken after
  // passes or virtual moves is one ko fought, not a long cycle (cycle_through_non_board).
  if (!rules_.cycle_through_non_board && now.non_board != earliest.non_board) return false;
  return now.captures_b > earliest.captures_b && now.captures_w > earliest.captures_w;
}

void Game::enter_pause(bool agreed) {
  phase_ = Phase::paused;
  paused_by_agreement_ = agreed;
  ++pauses_;
  consecutive_non_board_ = 0;
  if (pauses_ == 1) {
    pause_board_ = board_;
    counters_.setup_at_pause[0] = counters_.setup[0];
    counters_.setup_at_pause[1] = counters_.setup[1];
    to_move_at_first_pause_ = to_move_;
    moves_at_first_pause_ = int(moves_.size());
  }
}

Verdict Game::resume_dispute(bool auto_virtuals) {
  if (phase_ != Phase::paused)
    return refuse(Illegal::wrong_phase, Message("ref.resume_from_pause"));
  // The action remembers whether the referee played the opening virtual moves.
  actions_.push_back({Action::kResume, Move{auto_virtuals ? MoveKind::virtual_move : MoveKind::pass,
                                           Color::Empty, Point::none()}});
  phase_ = Phase::dispute;
  proposer_ = Color::Empty;
  consecutive_non_board_ = 0;
  board_.clear_ko();
  if (rules_.reset_history_at_pause) {
    clear_history();
  } else if (rules_.ko == KoRule::simple) {
    cycle_seen_ = {};  // a long cycle is judged within one phase
    seen_ = {};
    record_position();
  }
  if (rules_.dispute_virtuals) {
    if (auto_virtuals) {
      Color first = to_move_;
      for (Color c : {first, opponent(first)}) {
        Move v = rules_.allow_virtual ? Move::virtual_move(c) : Move::pass(c);
        apply(v);
        consecutive_non_board_ = 0;  // the referee's opening moves never pause the game
      }
    } else {
      must_virtual_ = owed_at_resumption_ = 2;
    }
  }
  return {};
}

Verdict Game::resume_found_move(Color finder, bool auto_virtual) {
  if (phase_ != Phase::paused || !paused_by_agreement_)
    return refuse(Illegal::wrong_phase, Message("ref.found_after_pause"));
  if (!is_stone(finder))
    return refuse(Illegal::wrong_phase, Message("ref.finder_unknown"));
  const size_t action = actions_.size();
  actions_.push_back({Action::kFound, Move{MoveKind::pass, finder, Point::none()}});
  // The pause is annulled: the contest goes on.
  --pauses_;
  if (pauses_ == 0) {
    to_move_at_first_pause_ = Color::Empty;
    moves_at_first_pause_ = -1;
  }
  phase_ = pauses_ == 0 ? Phase::play : Phase::dispute;
  paused_by_agreement_ = false;
  const Color proposer = is_stone(proposer_) ? proposer_ : to_move_;
  proposer_ = Color::Empty;
  to_move_ = proposer;
  if (finder != proposer && auto_virtual) {
    Move v = rules_.allow_virtual ? Move::virtual_move(proposer) : Move::pass(proposer);
    apply(v);
    consecutive_non_board_ = 0;
    actions_[action].move.kind = MoveKind::virtual_move;  // the referee played it
  } else if (finder != proposer) {
    must_virtual_ = owed_at_resumption_ = 1;
  }
  return {};
}

Verdict Game::start_making() {
  if (phase_ != Phase::paused)
    return refuse(Illegal::wrong_phase, Message("ref.making_from_pause"));
  actions_.push_back({Action::kMaking, Move{}});
  phase_ = Phase::making;
  return {};
}

Verdict Game::declare_paused() {
  if (phase_ != Phase::play && phase_ != Phase::dispute)
    return refuse(Illegal::wrong_phase, Message("ref.declare_paused"));
  // [interpretation] A dispute's opening virtual moves still owed are part of the resumption:
  // they are played first, as the referee plays them when a record is replayed, so that the game
  // and its record agree. (They used to be dropped, and a record that stopped between the two
  // replayed to another game.) The proposer's virtual move owed after a rejection is dropped, as
  // counting a game that simply stops drops it.
  bool owed_at_resumption = false;
  for (auto it = actions_.rbegin(); must_virtual_ > 0 && it != actions_.rend(); ++it) {
    if (it->type == Action::kResume) owed_at_resumption = true;
    if (it->type == Action::kResume || it->move.kind == MoveKind::reject_pause) break;
  }
  while (owed_at_resumption && must_virtual_ > 0 &&
         (phase_ == Phase::play || phase_ == Phase::dispute)) {
    const Move owed = rules_.allow_virtual ? Move::virtual_move(to_move_) : Move::pass(to_move_);
    if (!play(owed)) break;
  }
  if (phase_ != Phase::play && phase_ != Phase::dispute) return {};  // the owed moves paused it
  actions_.push_back({Action::kPaused, Move{}});
  proposal_ = Color::Empty;
  must_virtual_ = owed_at_resumption_ = 0;
  // [interpretation] The side to move is the implicit proposer (as for 一虚为界): a move found
  // later resumes play from it (it used to be nobody, and play resumed with nobody to move).
  proposer_ = to_move_;
  enter_pause(true);
  return {};
}

void Game::finish_counted() {
  if (phase_ == Phase::ended) return;
  phase_ = Phase::ended;
  end_ = EndReason::counted;
}

void Game::forfeit(Color loser) {
  phase_ = Phase::ended;
  end_ = EndReason::forfeit;
  winner_ = opponent(loser);
}

void Game::reserve(size_t moves) {
  moves_.reserve(moves_.size() + moves);
  actions_.reserve(actions_.size() + moves);
  if (rules_.ko == KoRule::simple) {
    seen_.reserve(seen_.size() + moves);
    cycle_seen_.reserve(cycle_seen_.size() + moves);
  } else {
    history_.reserve(history_.size() + moves);
  }
}

bool Game::undo() {
  if (actions_.empty()) return false;
  auto actions = actions_;
  actions.pop_back();
  replay_actions(std::move(actions));
  return true;
}

void Game::replay_actions(std::vector<Action> actions) {
  Game fresh(rules_, width(), height());
  fresh.strict_ = strict_;
  for (const Action& a : actions) {
    switch (a.type) {
      case Action::kMove: a.repeats ? fresh.play_repeating(a.move) : fresh.play(a.move); break;
      case Action::kSetup: fresh.setup_stone(a.move.color, a.move.point); break;
      case Action::kToMove: fresh.set_to_move(a.move.color); break;
      case Action::kResume: fresh.resume_dispute(a.move.kind == MoveKind::virtual_move); break;
      case Action::kFound:
        fresh.resume_found_move(a.move.color, a.move.kind == MoveKind::virtual_move);
        break;
      case Action::kMaking: fresh.start_making(); break;
      case Action::kPaused: fresh.declare_paused(); break;
    }
  }
  *this = std::move(fresh);
}

}  // namespace jpd
