// The GTP engine: the protocol (lines, ids, answers), the command table and the standard commands.
// The jpd- commands are in gtp_jpd.cpp, the helpers both use in gtp_util.hpp.
#include "jpd/gtp.hpp"
#include "strings.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "gtp_util.hpp"
#include "jpd/count.hpp"
#include "jpd/estimate.hpp"
#include "jpd/gtp_move.hpp"
#include "jpd/input_file.hpp"
#include "jpd/replay.hpp"
#include "jpd/sgf.hpp"

namespace jpd {

using gtp_detail::Fail;

std::string_view name_of(OutOfTurn o) {
  switch (o) {
    case OutOfTurn::setup: return "setup";
    case OutOfTurn::pass: return "pass";
    case OutOfTurn::refuse: return "refuse";
  }
  return "setup";
}

std::optional<OutOfTurn> parse_out_of_turn(std::string_view name) {
  for (OutOfTurn o : {OutOfTurn::setup, OutOfTurn::pass, OutOfTurn::refuse})
    if (name == name_of(o)) return o;
  return std::nullopt;
}

namespace {

// GTP §2.2 preprocessing of one line: control characters other than HT dropped, the comment cut
// off, HT to space.
std::string preprocess(std::string_view line) {
  std::string out;
  out.reserve(line.size());
  for (char ch : line) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c == '\n') break;
    if (c == '#') break;
    if (c == '\t') out += ' ';
    else if (c >= 32 && c != 127) out += ch;
  }
  return out;
}

std::vector<std::string> words(std::string_view s) {
  std::vector<std::string> out;
  std::string w;
  for (char c : s) {
    if (c == ' ') {
      if (!w.empty()) out.push_back(std::move(w));
      w.clear();
    } else {
      w += c;
    }
  }
  if (!w.empty()) out.push_back(std::move(w));
  return out;
}

bool all_digits(const std::string& s) {
  if (s.empty() || s.size() > 9) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

// "=id text\n\n" with the text cleaned so that it holds no empty line.
// Written into the answer a run of characters at a time (between the CRs, dropped, and the LFs,
// of which one is kept where several follow each other), not a character at a time.
std::string answer(bool ok, const std::string& id, const std::string& text) {
  std::string out;
  out.reserve(id.size() + text.size() + 4);
  out += ok ? '=' : '?';
  out += id;
  out += ' ';
  const size_t start = out.size();
  size_t cr = text.find('\r'), lf = text.find('\n'), i = 0;
  while (i < text.size()) {
    const size_t j = std::min(cr, lf);
    if (j == std::string::npos) {
      out.append(text, i, std::string::npos);
      break;
    }
    out.append(text, i, j - i);
    if (j == lf) {
      if (out.size() == start || out.back() != '\n') out += '\n';
      lf = text.find('\n', j + 1);
    } else {
      cr = text.find('\r', j + 1);
    }
    i = j + 1;
  }
  while (out.size() > start && out.back() == '\n') out.pop_back();
  out += "\n\n";
  return out;
}

// The id of a line's first word, when it is one.
std::string id_of(std::string_view prefix) {
  std::vector<std::string> w = words(preprocess(prefix));
  return !w.empty() && all_digits(w[0]) ? w[0] : "";
}

}  // namespace

GtpEngine::GtpEngine(GtpEngineOptions options) : opts_(std::move(options)) {
  rules_ = opts_.rules;
  if (opts_.board_size < kMinBoardSize || opts_.board_size > kMaxBoardSize)
    throw std::invalid_argument("board size " + std::to_string(opts_.board_size) +
                                " is outside 2..25");
  new_game(rules_, opts_.board_size);
}

const std::vector<std::string>& GtpEngine::command_names() {
  static const std::vector<std::string> names = {
      "protocol_version", "name", "version", "known_command", "list_commands", "quit",
      "boardsize", "clear_board", "komi", "play", "genmove", "reg_genmove", "undo", "showboard",
      "fixed_handicap", "place_free_handicap", "set_free_handicap", "loadsgf", "printsgf",
      "final_score", "final_status_list", "time_settings", "time_left", "kgs-time_settings",
      "kgs-rules", "kgs-genmove_cleanup", "kata-get-rules", "kata-set-rules", "kata-set-rule",
      // the project's commands
      "jpd-rules", "jpd-presets", "jpd-pass", "jpd-virtual", "jpd-negative", "jpd-propose",
      "jpd-accept", "jpd-reject", "jpd-resign", "jpd-resume", "jpd-making", "jpd-pause",
      "jpd-setup", "jpd-tomove", "jpd-count", "jpd-state", "jpd-seed", "jpd-playouts",
      "jpd-out-of-turn", "jpd-time",
      // analysis for GUIs
      "gogui-analyze_commands", "jpd-overlay", "jpd-ownership", "jpd-estimate",
      "jpd-estimate-ownership", "jpd-uncertain", "lz-analyze", "kata-analyze"};
  return names;
}

std::string GtpEngine::stop_analysis() {
  if (!streaming_) return "";
  streaming_ = false;
  stream_line_.clear();
  return "\n";
}

std::string GtpEngine::handle(std::string_view line) {
  // Any line ends an open analysis first (an empty one only that).
  const std::string ended = stop_analysis();
  const size_t nl = line.find('\n');
  const std::string_view one = nl == std::string_view::npos ? line : line.substr(0, nl);
  if (one.size() > opts_.max_line) return ended + refuse_long_line(one.substr(0, 64), one.size());
  std::vector<std::string> w = words(preprocess(one));
  if (w.empty()) return ended;
  std::string id;
  if (all_digits(w[0])) {
    id = w[0];
    w.erase(w.begin());
    if (w.empty()) return ended + answer(false, id, "missing command after the id");
  }
  const std::string name = w[0];
  w.erase(w.begin());
  Reply r;
  try {
    r = dispatch(name, w);
  } catch (const Fail& e) {
    r = {false, e.what()};
  } catch (const std::exception& e) {
    r = {false, e.what()};
  }
  // A streamed analysis: "=id", its first line, and no empty line yet (the next line ends it).
  if (r.ok && streaming_) return ended + "=" + id + "\n" + r.text;
  return ended + answer(r.ok, id, r.text);
}

std::string GtpEngine::refuse_long_line(std::string_view prefix, size_t length) const {
  return answer(false, id_of(prefix),
                "line too long: " + std::to_string(length) + " bytes (the limit is " +
                    std::to_string(opts_.max_line) + ")");
}

std::string GtpEngine::handle_all(std::string_view text) {
  std::string out;
  while (!text.empty() && !quit_) {
    const size_t nl = text.find('\n');
    out += handle(text.substr(0, nl));
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return out;
}

GtpEngine::Reply GtpEngine::dispatch(const std::string& name, const Args& a) {
  using namespace gtp_detail;
  if (name == "protocol_version") return need(a, 0, name), Reply{true, "2"};
  if (name == "name") return need(a, 0, name), Reply{true, opts_.name};
  if (name == "version") return need(a, 0, name), Reply{true, opts_.version};
  if (name == "known_command") {
    need(a, 1, "known_command COMMAND");
    for (const std::string& n : command_names())
      if (n == a[0]) return {true, "true"};
    return {true, "false"};
  }
  if (name == "list_commands") {
    need(a, 0, name);
    std::string out;
    for (const std::string& n : command_names()) out += n + "\n";
    return {true, out};
  }
  if (name == "quit") {
    quit_ = true;
    return {};
  }
  if (name == "boardsize") return cmd_boardsize(a);
  if (name == "clear_board") return cmd_clear_board(a);
  if (name == "komi") return cmd_komi(a);
  if (name == "play") return cmd_play(a);
  if (name == "genmove" || name == "kgs-genmove_cleanup") return cmd_genmove(a, true);
  if (name == "reg_genmove") return cmd_genmove(a, false);
  if (name == "undo") return cmd_undo(a);
  if (name == "showboard") return cmd_showboard(a);
  if (name == "fixed_handicap") return cmd_fixed_handicap(a, false);
  if (name == "place_free_handicap") return cmd_fixed_handicap(a, true);
  if (name == "set_free_handicap") return cmd_set_free_handicap(a);
  if (name == "loadsgf") return cmd_loadsgf(a);
  if (name == "printsgf") return cmd_printsgf(a);
  if (name == "final_score") return cmd_final_score(a);
  if (name == "final_status_list") return cmd_final_status_list(a);
  if (name == "time_settings" || name == "time_left" || name == "kgs-time_settings" ||
      name == "jpd-time")
    return cmd_time(name, a);
  if (name == "kgs-rules") return cmd_kgs_rules(a);
  if (name == "kata-get-rules") return need(a, 0, name), Reply{true, kata_rules_json(rules_).dump()};
  if (name == "kata-set-rules") {
    if (a.empty()) throw Fail("syntax error: usage: kata-set-rules NAME|JSON");
    std::string text;
    for (const std::string& w : a) text += (text.empty() ? "" : " ") + w;  // JSON holds spaces
    set_rules(kata_rules_from(text, rules_));
    return {};
  }
  if (name == "kata-set-rule") {
    need(a, 2, "kata-set-rule RULE VALUE");
    set_rules(kata_rule_set(rules_, a[0], a[1]));
    return {};
  }
  if (name == "jpd-rules") return cmd_jpd_rules(a);
  if (name == "jpd-presets") {
    need(a, 0, name);
    std::string out;
    for (const std::string& n : preset_names()) out += (out.empty() ? "" : " ") + n;
    return {true, out};
  }
  if (name == "jpd-pass" || name == "jpd-virtual" || name == "jpd-propose" ||
      name == "jpd-accept" || name == "jpd-reject" || name == "jpd-resign")
    return cmd_jpd_move(name, a);
  if (name == "jpd-negative") return cmd_jpd_negative(a);
  if (name == "jpd-setup") return cmd_jpd_setup(a);
  if (name == "jpd-tomove") return cmd_jpd_tomove(a);
  if (name == "jpd-resume") return cmd_jpd_resume(a);
  if (name == "jpd-making") return cmd_jpd_making(a);
  if (name == "jpd-pause") return cmd_jpd_pause(a);
  if (name == "jpd-count") return cmd_jpd_count(a);
  if (name == "jpd-state") return cmd_jpd_state(a);
  if (name == "gogui-analyze_commands") return cmd_analyze_commands(a);
  if (name == "jpd-overlay" || name == "jpd-ownership") return cmd_jpd_overlay(a, name == "jpd-ownership");
  if (name == "jpd-estimate" || name == "jpd-estimate-ownership")
    return cmd_jpd_estimate(a, name == "jpd-estimate-ownership");
  if (name == "jpd-uncertain") return cmd_jpd_uncertain(a);
  if (name == "lz-analyze" || name == "kata-analyze") return cmd_lz_analyze(name, a);
  if (name == "jpd-seed" || name == "jpd-playouts" || name == "jpd-out-of-turn")
    return cmd_jpd_option(name, a);
  return {false, "unknown command"};
}

// ---- helpers ----

void GtpEngine::new_game(const Ruleset& rules, int size) {
  rules_ = rules;
  game_ = Game(rules_, size);
  marks_.clear();
  left_[0] = left_[1] = GtpTimeLeft{};  // the settings stay; the clocks start afresh
}

void GtpEngine::set_rules(const Ruleset& rules) {
  // The game's own actions first; then, where the rules lack a non-board move the game made,
  // the game as its record would be read under them (a pass is their virtual move, a virtual
  // move their pass: docs/rules.md, interpretation 6), so that a record loaded under one rule set
  // can be counted under another. The first player stays the rules' own.
  Game fresh(rules, game_.width(), game_.height());
  int n = 0;
  for (const Game::Action& a : game_.actions()) {
    ++n;
    Verdict v = apply_action(fresh, a);
    if (v) continue;
    const std::string why = "the game so far is not legal under " + rules.to_string() +
                            " (action " + std::to_string(n) + ": " + text(v.message, Lang::en) + "); clear_board first";
    if (game_.phase() == Phase::ended || game_.phase() == Phase::making) throw Fail(why);
    ReplayOptions ro;
    ro.adopt_first_player = false;
    try {
      Replay rp = replay(record_from_game(game_), rules, ro);
      if (game_.phase() != Phase::paused && !rp.game.actions().empty() &&
          rp.game.actions().back().type == Game::Action::kPaused)
        rp.game.undo();  // the record stops in play: keep it in play
      rules_ = rules;
      game_ = std::move(rp.game);
      reset_marks();
      return;
    } catch (const std::exception&) {
      throw Fail(why);
    }
  }
  rules_ = rules;
  game_ = std::move(fresh);
}

void GtpEngine::reset_marks() {
  marks_.clear();
  for (size_t i = 0; i < game_.actions().size(); ++i)
    if (game_.actions()[i].type != Game::Action::kSetup &&
        game_.actions()[i].type != Game::Action::kToMove)
      marks_.push_back(i);
}

GtpEngine::Reply GtpEngine::apply_moves(const std::vector<Move>& moves, bool resume_if_paused) {
  if (game_.phase() == Phase::ended) return {false, "illegal move: the game is over"};
  Game next = game_;
  const size_t mark_at = game_.actions().size();
  if (resume_if_paused && next.phase() == Phase::paused)
    if (Verdict v = next.resume_dispute(true); !v) return {false, "illegal move: " + text(v.message, Lang::en)};
  for (const Move& m : moves)
    if (Verdict v = next.play(m); !v) return {false, "illegal move: " + text(v.message, Lang::en)};
  keep(std::move(next), mark_at);
  return {};
}

Verdict GtpEngine::prepare(Game& g, Color c, bool resume) const {
  if (resume && g.phase() == Phase::paused)
    if (Verdict v = g.resume_dispute(true); !v) return v;
  return give_turn(g, c);
}

Verdict GtpEngine::give_turn(Game& g, Color c) const {
  if (g.to_move() == c || g.phase() == Phase::ended) return {};
  const Message whose("note.ref_turn", {MessageArg::word("word." + std::string(color_name(g.to_move())))});
  switch (opts_.out_of_turn) {
    case OutOfTurn::refuse: return Verdict{Illegal::not_your_turn, whose};
    case OutOfTurn::pass: {
      // The other side's pass, unless the pass would pause the game (or is refused).
      Game t = g;
      if (t.play(non_board_move(t.rules(), opponent(c))) && t.phase() != Phase::paused &&
          t.to_move() == c) {
        g = std::move(t);
        return {};
      }
      break;
    }
    case OutOfTurn::setup: break;
  }
  Verdict v = g.set_to_move(c);
  if (!v) v.message = Message("text.colon", {MessageArg::message(whose), MessageArg::message(std::move(v.message))});
  return v;
}

void GtpEngine::keep(Game&& next, size_t mark_at) {
  game_ = std::move(next);
  marks_.push_back(mark_at);
}

Statuses GtpEngine::statuses() const {
  return opts_.statuses ? opts_.statuses(game_) : default_gtp_statuses(game_, opts_.estimate);
}

// ---- standard commands ----

GtpEngine::Reply GtpEngine::cmd_boardsize(const Args& a) {
  gtp_detail::need(a, 1, "boardsize SIZE");
  int n = 0;
  try {
    n = gtp_detail::int_arg(a[0], kMinBoardSize, kMaxBoardSize, "a board size");
  } catch (const Fail&) {
    return {false, "unacceptable size (2..25)"};
  }
  new_game(rules_, n);
  return {};
}

GtpEngine::Reply GtpEngine::cmd_clear_board(const Args& a) {
  gtp_detail::need(a, 0, "clear_board");
  new_game(rules_, game_.width());
  return {};
}

GtpEngine::Reply GtpEngine::cmd_komi(const Args& a) {
  gtp_detail::need(a, 1, "komi KOMI");
  Ruleset r = rules_;
  r.komi = gtp_detail::double_arg(a[0], "a komi");
  set_rules(r);
  return {};
}

GtpEngine::Reply GtpEngine::cmd_play(const Args& a) {
  gtp_detail::need(a, 2, "play COLOR VERTEX");
  const Color c = gtp_detail::color_arg(a[0]);
  auto m = parse_gtp_move(a[1], game_.width(), game_.height());
  if (!m) throw Fail("invalid coordinate '" + a[1] + "'");
  if (game_.phase() == Phase::ended) return {false, "illegal move: the game is over"};
  if (game_.phase() == Phase::making)
    return {false, "illegal move: the game is at making: only jpd-negative moves"};
  Game next = game_;
  const size_t mark_at = game_.actions().size();
  if (game_.phase() == Phase::paused)
    if (Verdict v = next.resume_dispute(true); !v) return {false, "illegal move: " + text(v.message, Lang::en)};
  // A stone out of turn that captures nothing and has a liberty: a setup stone, as GUIs mean it.
  if (next.to_move() != c && opts_.out_of_turn == OutOfTurn::setup &&
      m->kind == GtpMove::Kind::vertex && !is_stone(next.pending_proposal()) &&
      next.board().at(m->point) == Color::Empty &&
      !next.board().captures(Board::index(m->point), c) &&
      !next.board().is_suicide(Board::index(m->point), c)) {
    if (Verdict v = next.setup_stone(c, m->point); !v) return {false, "illegal move: " + text(v.message, Lang::en)};
    keep(std::move(next), mark_at);
    return {};
  }
  if (Verdict v = give_turn(next, c); !v) return {false, "illegal move: " + text(v.message, Lang::en)};
  for (const Move& mv : referee_moves(next, c, *m))
    if (Verdict v = next.play(mv); !v) return {false, "illegal move: " + text(v.message, Lang::en)};
  keep(std::move(next), mark_at);
  return {};
}

GtpEngine::Reply GtpEngine::cmd_genmove(const Args& a, bool play_it) {
  gtp_detail::need(a, 1, play_it ? "genmove COLOR" : "reg_genmove COLOR");
  const Color c = gtp_detail::color_arg(a[0]);
  if (game_.phase() == Phase::ended) return {false, "the game is over"};
  if (game_.phase() == Phase::making) return {false, "the game is at making: no moves to generate"};
  Game view = game_;
  const size_t mark_at = game_.actions().size();
  if (Verdict v = prepare(view, c, true); !v) return {false, text(v.message, Lang::en)};
  // When even the non-board move is refused (a setup without liberties), so is every move.
  if (Verdict v = view.check(referee_moves(view, c, GtpMove::pass()).front()); !v)
    return {false, text(v.message, Lang::en)};
  GenmoveOptions go = opts_.genmove;
  go.seconds = move_budget(time_, left_[color_index(c)], view.board().empty_count());
  const GenmoveResult r = choose_move(view, c, go);
  if (go.seconds > 0 && play_it) left_[color_index(c)] = after_move(time_, left_[color_index(c)], r.seconds);
  const GtpMove m = r.board_move ? GtpMove::at(r.point) : GtpMove::pass();
  const std::string text = to_string(m, game_.height());
  if (!play_it) return {true, text};
  for (const Move& mv : referee_moves(view, c, m))
    if (Verdict v = view.play(mv); !v)
      return {false, "the generated move " + text + " was refused: illegal move: " + jpd::text(v.message, Lang::en)};
  keep(std::move(view), mark_at);
  return {true, text};
}

GtpEngine::Reply GtpEngine::cmd_undo(const Args& a) {
  gtp_detail::need(a, 0, "undo");
  if (marks_.empty()) return {false, "cannot undo"};
  const size_t target = marks_.back();
  marks_.pop_back();
  while (game_.actions().size() > target)
    if (!game_.undo()) break;
  return {};
}

GtpEngine::Reply GtpEngine::cmd_showboard(const Args& a) {
  gtp_detail::need(a, 0, "showboard");
  return {true, "\n" + gtp_detail::board_text(game_)};
}

GtpEngine::Reply GtpEngine::cmd_fixed_handicap(const Args& a, bool engine_chooses) {
  gtp_detail::need(a, 1, engine_chooses ? "place_free_handicap N" : "fixed_handicap N");
  const int n = gtp_detail::int_arg(a[0], 0, 1 << 20, "a number of stones");
  if (!game_.actions().empty()) return {false, "board not empty"};
  const int points = game_.width() * game_.height();
  if (n < 2 || n >= points) return {false, "invalid number of stones"};
  std::vector<Point> placed;
  try {
    placed = game_.place_fixed_handicap(n);
  } catch (const std::invalid_argument& e) {
    if (!engine_chooses) return {false, "invalid number of stones: " + std::string(e.what())};
    for (Point p : gtp_detail::free_handicap_points(game_.width(), game_.height(), n))
      game_.setup_stone(Color::Black, p);
    game_.set_to_move(Color::White);
    for (const Game::Action& act : game_.actions())
      if (act.type == Game::Action::kSetup) placed.push_back(act.move.point);
  }
  std::string out;
  for (Point p : placed) out += (out.empty() ? "" : " ") + to_gtp(p, game_.height());
  return {true, out};
}

GtpEngine::Reply GtpEngine::cmd_set_free_handicap(const Args& a) {
  if (!game_.actions().empty()) return {false, "board not empty"};
  if (a.size() < 2 || int(a.size()) >= game_.width() * game_.height())
    return {false, "bad vertex list: between 2 and " +
                       std::to_string(game_.width() * game_.height() - 1) + " stones"};
  std::vector<Point> pts;
  for (const std::string& s : a) {
    auto p = parse_gtp(s, game_.width(), game_.height());
    if (!p) return {false, "bad vertex list: '" + s + "' is not a point on the board"};
    for (Point q : pts)
      if (q == *p) return {false, "bad vertex list: " + s + " is given twice"};
    pts.push_back(*p);
  }
  for (Point p : pts) game_.setup_stone(Color::Black, p);
  game_.set_to_move(Color::White);
  return {};
}

std::optional<std::string> GtpEngine::confined_path(const std::string& arg, std::string& why) const {
  namespace fs = std::filesystem;
  if (opts_.file_root.empty()) {
    why = "file access is off (jpd gtp --allow-files DIR allows one folder)";
    return std::nullopt;
  }
  std::error_code ec;
  const fs::path root = fs::canonical(opts_.file_root, ec);
  if (ec || !fs::is_directory(root, ec)) {
    why = "the folder files are allowed in (" + opts_.file_root + ") is not there";
    return std::nullopt;
  }
  const fs::path given(arg);
  // Every symbolic link on the way resolved, ".." included: what the name really reaches.
  const fs::path real = fs::weakly_canonical(given.is_absolute() ? given : root / given, ec);
  const auto [r, q] = std::mismatch(root.begin(), root.end(), real.begin(), real.end());
  if (ec || r != root.end() || q == real.end()) {
    why = "'" + arg + "' is outside the folder files are allowed in (" + root.string() + ")";
    return std::nullopt;
  }
  return real.string();
}

GtpEngine::Reply GtpEngine::cmd_loadsgf(const Args& a) {
  if (a.empty() || a.size() > 2) throw Fail("syntax error: usage: loadsgf FILE [MOVE_NUMBER]");
  int before_move = 0;  // 0: the whole record
  if (a.size() == 2) before_move = gtp_detail::int_arg(a[1], 1, 1 << 30, "a move number");
  std::string why;
  const std::optional<std::string> file = confined_path(a[0], why);
  if (!file) return {false, "cannot load: " + why};
  sgf::Record rec;
  try {
    rec = load_record_file(*file);
  } catch (const std::exception& e) {
    return {false, "cannot load file: " + std::string(e.what())};
  }
  if (rec.width != rec.height || rec.width < kMinBoardSize || rec.width > kMaxBoardSize)
    return {false, "cannot load file: the board is not square of side 2..25"};
  if (before_move > 0) {
    size_t keep = 0;
    for (; keep < rec.steps.size(); ++keep) {
      const sgf::Step& s = rec.steps[keep];
      if (s.kind == sgf::Step::Kind::move && !s.move.is_negative() && s.move_number >= before_move)
        break;
    }
    rec.steps.resize(keep);
  }
  Ruleset r = rules_;
  const bool named = !rec.rules.empty() && !preset_for_sgf_rules(rec.rules).empty();
  try {
    if (named) r = rules_for_record(rec, std::nullopt);
    else if (rec.komi) r.komi = *rec.komi;
    Replay rp = replay(rec, r);
    if (rp.stopped_without_pause && !rp.game.actions().empty() &&
        rp.game.actions().back().type == Game::Action::kPaused)
      rp.game.undo();  // the record goes on: keep it in play
    rules_ = rp.game.rules();
    game_ = std::move(rp.game);
  } catch (const std::exception& e) {
    return {false, "cannot load file: " + std::string(e.what())};
  }
  reset_marks();
  return {};
}

GtpEngine::Reply GtpEngine::cmd_printsgf(const Args& a) {
  if (a.size() > 1) throw Fail("syntax error: usage: printsgf [FILE]");
  sgf::Record rec = record_from_game(game_);
  rec.black_name = rec.white_name = "";
  const std::string text = sgf::write(sgf::to_tree(rec));
  if (a.empty()) return {true, text};
  std::string why;
  const std::optional<std::string> file = confined_path(a[0], why);
  if (!file) return {false, "cannot write: " + why};
  // Not through a symbolic link, not into a FIFO or a device (O_NONBLOCK: no reader is awaited).
  const int fd = ::open(file->c_str(), O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
  if (fd < 0) return {false, "cannot write '" + a[0] + "': " + std::strerror(errno)};
  struct stat st {};
  bool ok = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && ::ftruncate(fd, 0) == 0;
  for (size_t done = 0; ok && done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    ok = n > 0;
    done += ok ? size_t(n) : 0;
  }
  ok = ::close(fd) == 0 && ok;
  if (!ok) return {false, "cannot write '" + a[0] + "': " + (S_ISREG(st.st_mode) ? "write failed" : "not a regular file")};
  return {};
}

GtpEngine::Reply GtpEngine::cmd_final_score(const Args& a) {
  gtp_detail::need(a, 0, "final_score");
  const bool counted = game_.end_reason() == EndReason::none ||
                       game_.end_reason() == EndReason::counted;
  const Statuses st = counted ? statuses() : Statuses{};
  CountOptions co;
  co.keep_steps = false;
  try {
    return {true, count(game_, st, co).result};
  } catch (const std::exception& e) {
    return {false, "cannot score: " + std::string(e.what())};
  }
}

GtpEngine::Reply GtpEngine::cmd_final_status_list(const Args& a) {
  gtp_detail::need(a, 1, "final_status_list alive|dead|seki");
  const std::string& which = a[0];
  if (which != "alive" && which != "dead" && which != "seki")
    throw Fail("syntax error: final_status_list alive|dead|seki");
  if (opts_.statuses) return {true, gtp_detail::status_list(game_, opts_.statuses(game_), {}, which)};
  // The estimator's judgement: its dead stones as final_score counts them, its seki chains.
  const Estimate e = estimate(game_, opts_.estimate);
  std::vector<Point> seki;
  for (const ChainEstimate& c : e.chains)
    if (c.status == ChainStatus::seki) seki.push_back(c.stone);
  return {true, gtp_detail::status_list(game_, e.statuses(), seki, which)};
}

GtpEngine::Reply GtpEngine::cmd_time(const std::string& name, const Args& a) {
  using gtp_detail::double_arg;
  using gtp_detail::int_arg;
  using Kind = GtpTimeControl::Kind;
  auto seconds = [](const std::string& s) {
    const double v = gtp_detail::double_arg(s, "a time in seconds");
    if (v < 0) throw Fail("syntax error: '" + s + "' is not a time in seconds");
    return v;
  };
  if (name == "jpd-time") {
    if (a.size() > 1) throw Fail("syntax error: usage: jpd-time [COLOR]");
    const Color c = a.empty() ? game_.to_move() : gtp_detail::color_arg(a[0]);
    const double b = move_budget(time_, left_[color_index(c)], game_.board().empty_count());
    return {true, std::string(color_name(c)) + ": " + describe(time_, left_[color_index(c)]) +
                      "; next move " + (b > 0 ? std::to_string(b).substr(0, 5) + " s" : "by playouts")};
  }
  if (name == "time_left") {
    gtp_detail::need(a, 3, "time_left COLOR TIME STONES");
    const Color c = gtp_detail::color_arg(a[0]);
    const double t = double_arg(a[1], "a time in seconds");
    const int stones = int_arg(a[2], 0, 1 << 30, "a number of stones");
    left_[color_index(c)] = GtpTimeLeft{true, std::max(0.0, t), stones};
    return {};
  }
  GtpTimeControl tc;
  if (name == "time_settings") {
    gtp_detail::need(a, 3, "time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES");
    tc.main = seconds(a[0]);
    tc.period = seconds(a[1]);
    tc.stones = int_arg(a[2], 0, 1 << 30, "a number of stones");
    // GTP 2 section 4.2: byo-yomi time without stones means no limit; none means absolute time.
    tc.kind = tc.period > 0 && tc.stones == 0 ? Kind::none
              : tc.period == 0                ? Kind::absolute
                                              : Kind::canadian;
  } else {  // kgs-time_settings
    const std::string usage =
        "kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD PERIODS | canadian MAIN BYO STONES";
    if (a.empty()) throw Fail("syntax error: usage: " + usage);
    if (a[0] == "none") {
      gtp_detail::need(a, 1, usage);
    } else if (a[0] == "absolute") {
      gtp_detail::need(a, 2, usage);
      tc = {Kind::absolute, seconds(a[1]), 0, 0};
    } else if (a[0] == "byoyomi" || a[0] == "canadian") {
      gtp_detail::need(a, 4, usage);
      tc = {a[0] == "byoyomi" ? Kind::byoyomi : Kind::canadian, seconds(a[1]), seconds(a[2]),
            int_arg(a[3], 1, 1 << 30, "a number of periods or stones")};
    } else {
      throw Fail("syntax error: usage: " + usage);
    }
  }
  time_ = tc;
  left_[0] = left_[1] = GtpTimeLeft{};
  return {};
}

GtpEngine::Reply GtpEngine::cmd_kgs_rules(const Args& a) {
  gtp_detail::need(a, 1, "kgs-rules RULES");
  const std::string name = strings::lower_replacing(a[0], '_', '-');
  if (!find_preset(name))
    return {false, "unknown rules '" + a[0] +
                       "' (japanese, chinese, aga, new_zealand, or a preset: jpd-presets)"};
  Ruleset r = find_preset(name)->rules;
  r.komi = rules_.komi;  // komi comes with its own command
  set_rules(r);
  return {};
}

}  // namespace jpd
