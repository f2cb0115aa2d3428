#include "jpd/match.hpp"
#include "strings.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "jpd/gtp_client.hpp"
#include "jpd/replay.hpp"
#include "jpd/sgf.hpp"
#include "jpd/text.hpp"

namespace jpd {

namespace {

std::string letter(Color c) { return std::string(color_letter(c)); }

// The position whose stones the statuses name: the game's own (after an independent dispute
// too, whose count maps them onto the pause position).
const Board& counted_position(const Game& g) { return g.board(); }

// Every stone of the chains named by `points`, sorted; nullopt when a point holds no stone.
std::optional<std::vector<Point>> whole_chains(const Board& b, const std::vector<Point>& points) {
  std::vector<uint8_t> in(Board::kArea, 0);
  for (Point p : points) {
    if (!p.inside(b.width(), b.height()) || !is_stone(b.at(p))) return std::nullopt;
    b.for_each_stone(Board::index(p), [&](Board::Index s) { in[s] = 1; });
  }
  std::vector<Point> out;
  for (int y = 0; y < b.height(); ++y)
    for (int x = 0; x < b.width(); ++x)
      if (in[Board::index(x, y)]) out.push_back(Point(x, y));
  return out;
}

// A player's dead stones, or nullopt when it cannot say (no such command, garbage, a failure).
std::optional<std::vector<Point>> dead_by(MatchPlayer& p, const Game& g) {
  std::string answer;
  try {
    answer = p.send("final_status_list dead");
  } catch (const GtpError&) {
    return std::nullopt;
  }
  std::istringstream in(answer);
  std::vector<Point> points;
  std::string v;
  while (in >> v) {
    auto q = parse_gtp(v, g.width(), g.height());
    if (!q) return std::nullopt;
    points.push_back(*q);
  }
  return whole_chains(counted_position(g), points);
}

}  // namespace

std::string_view name_of(PlayResult::Stop s) {
  switch (s) {
    case PlayResult::Stop::paused: return "paused";
    case PlayResult::Stop::ended: return "ended";
    case PlayResult::Stop::move_limit: return "move_limit";
  }
  return "?";
}

MatchPlayer::MatchPlayer(std::string name, Send send)
    : name_(std::move(name)), send_(std::move(send)) {}

std::unique_ptr<MatchPlayer> MatchPlayer::process(const std::string& command,
                                                  double timeout_seconds) {
  auto client = std::make_shared<GtpClient>(command, timeout_seconds);
  std::string name = command;
  try {
    name = client->send("name");
    const std::string version = client->send("version");
    if (!version.empty()) name += " " + version;
  } catch (const GtpError&) {
  }
  return std::make_unique<MatchPlayer>(
      name, [client](const std::string& line) { return client->send(line); });
}

std::unique_ptr<MatchPlayer> MatchPlayer::engine(GtpEngineOptions options) {
  auto engine = std::make_shared<GtpEngine>(std::move(options));
  const std::string name = engine->options().name + " " + engine->options().version;
  return std::make_unique<MatchPlayer>(name, [engine, name](const std::string& line) {
    const std::string a = engine->handle(line);
    // "=id text\n\n" or "?id text\n\n"
    size_t start = a.find(' ');
    std::string text = start == std::string::npos ? "" : a.substr(start + 1);
    while (!text.empty() && text.back() == '\n') text.pop_back();
    if (a.empty() || a[0] != '=')
      throw GtpError("engine '" + name + "', command '" + line + "': failed: " + text);
    return text;
  });
}

bool MatchPlayer::knows(const std::string& command) {
  for (auto& [c, k] : known_)
    if (c == command) return k;
  bool k = false;
  try {
    k = strings::trim(send("known_command " + command)) == "true";
  } catch (const GtpError&) {
  }
  known_.emplace_back(command, k);
  return k;
}

MirrorStyle MatchPlayer::style() {
  return knows("jpd-rules") && knows("reg_genmove") ? MirrorStyle::jpd : MirrorStyle::plain;
}

PlayResult play_until_pause(Game& g, MatchPlayer& black, MatchPlayer& white,
                            const PlayOptions& o) {
  PlayResult res;
  MatchPlayer* seat[2] = {&black, &white};
  auto player = [&](Color c) -> MatchPlayer& { return *seat[color_index(c)]; };
  // (An engine's failure and the referee's verdict are English: shown as they are written.)
  auto forfeit = [&](Color c, std::string why) {
    g.forfeit(c);
    res.stop = PlayResult::Stop::ended;
    res.culprit = c;
    res.reason = Message("text.as_written", {std::move(why)});
    return res;
  };
  if (g.phase() == Phase::paused) {
    Verdict v = g.resume_dispute(true);
    if (!v) throw std::invalid_argument("cannot resume the game: " + text(v.message, Lang::en));
  }
  if (g.phase() == Phase::making)
    throw std::invalid_argument("the game is at making: there is nothing left to play");
  if (o.sync && g.phase() != Phase::ended)
    for (Color c : {Color::Black, Color::White}) {
      MatchPlayer& p = player(c);
      try {
        for (const std::string& line : gtp_sync_commands(g, p.style())) p.send(line);
      } catch (const GtpError& e) {
        return forfeit(c, p.name() + " could not be given the game: " + e.what());
      }
    }

  // Tells the players what the referee did since (actions_before, moves_before): both of them,
  // or only the opponent of `mover` when the mover played its own move (genmove). False when one
  // of them could not follow: it has forfeited.
  auto tell = [&](size_t actions_before, size_t moves_before, Color mover, bool both) {
    for (Color d : {mover, opponent(mover)}) {
      MatchPlayer& q = player(d);
      if (d == mover && !both) continue;
      try {
        for (const std::string& line :
             gtp_update_commands(g, actions_before, moves_before, q.style()))
          q.send(line);
      } catch (const std::exception& e) {  // GtpError, or what plain GTP cannot say
        forfeit(d, q.name() + " could not follow the referee: " + e.what());
        return false;
      }
    }
    return true;
  };

  for (;;) {
    if (g.phase() == Phase::paused) {
      res.stop = PlayResult::Stop::paused;
      return res;
    }
    if (g.phase() == Phase::ended) {
      res.stop = PlayResult::Stop::ended;
      if (g.end_reason() == EndReason::resigned)
        res.reason = Message("match.resigned",
                             {MessageArg::word("word." + std::string(color_name(opponent(g.winner()))))});
      else if (res.reason.empty())
        res.reason = Message("note.match_ended", {end_word(g.end_reason())});
      return res;
    }
    if (o.max_moves > 0 && res.moves >= o.max_moves) {
      res.stop = PlayResult::Stop::move_limit;
      res.reason = Message("note.match_limit", {res.moves});
      return res;
    }
    const Color c = g.to_move();
    MatchPlayer& p = player(c);
    const bool exact = p.style() == MirrorStyle::jpd;
    const size_t actions_before = g.actions().size(), moves_before = g.moves().size();
    // A non-board move the player owes (resumed play without the referee's opening virtual moves)
    // is no choice: the referee plays it.
    const bool owes = g.check(Move::play(c, Point(0, 0))).reason == Illegal::must_play_virtual;
    if (owes && !g.play(owed_non_board_move(g.rules(), c)).ok())
      throw std::logic_error("the owed non-board move was refused");
    if (owes) {
      if (!tell(actions_before, moves_before, c, true)) return res;
      continue;
    }
    // Without friendly passes (Tromp-Taylor: the stones on the board at the end are counted) an
    // ordinary engine that knows it is asked for cleanup moves: it captures the dead stones
    // before it passes.
    const bool cleanup = !exact && !g.rules().friendly_pass && p.knows("kgs-genmove_cleanup");
    std::string answer;
    try {
      answer = strings::trim(
          p.send((exact ? "reg_genmove " : cleanup ? "kgs-genmove_cleanup " : "genmove ") + letter(c)));
    } catch (const GtpError& e) {
      return forfeit(c, p.name() + " failed: " + e.what());
    }
    ++res.moves;
    const auto gm = parse_gtp_move(answer, g.width(), g.height());
    if (!gm)
      return forfeit(c, p.name() + " answered '" + answer.substr(0, 40) +
                            "' to genmove, which is not a move");
    for (const Move& m : referee_moves(g, c, *gm)) {
      Verdict v = g.play(m);
      if (!v)
        return forfeit(c, "illegal move by " + p.name() + " (" + letter(c) + " " + answer +
                              "): " + text(v.message, Lang::en));
    }
    if (!tell(actions_before, moves_before, c, exact)) return res;
  }
}

Statuses match_statuses(const Game& g, MatchPlayer& black, MatchPlayer& white, Message& how,
                        const std::function<Statuses(const Game&)>& fallback) {
  auto b = dead_by(black, g);
  auto w = dead_by(white, g);
  if (b && w && *b == *w) {
    Statuses st;
    st.dead = *b;
    st.source = StatusSource::gtp;
    st.source_detail = Message("note.gtp_both");
    how = Message("note.match_agree", {b->size()});
    return st;
  }
  auto said = [](const std::optional<std::vector<Point>>& d) {
    return MessageArg::message(d ? Message("note.match_dead_n", {d->size()}) : Message("note.match_no_answer"));
  };
  Statuses st = fallback ? fallback(g) : referee_statuses(g);
  // The statuses used instead: their source's key (the word of the table "source_key.*"), and
  // what of it, if anything, in its own message.
  MessageArg source = MessageArg::word("source_key." + std::string(name_of(st.source)));
  if (!st.source_detail.empty())
    source = MessageArg::message(Message("note.match_source", {source, MessageArg::message(st.source_detail)}));
  how = Message("note.match_disagree", {said(b), said(w), source, st.dead.size()});
  return st;
}

MatchGame run_match_game(MatchPlayer& black, MatchPlayer& white, const MatchOptions& o,
                         int number) {
  MatchGame mg;
  mg.number = number;
  mg.black = black.name();
  mg.white = white.name();
  mg.game = Game(o.rules, o.size);
  Game& g = mg.game;
  PlayOptions po;
  po.max_moves = o.max_moves > 0 ? o.max_moves : 4 * o.size * o.size;
  mg.play = play_until_pause(g, black, white, po);
  if (!mg.play.reason.empty()) mg.notes.push_back(mg.play.reason);
  Statuses st;
  bool counted = mg.play.stop != PlayResult::Stop::ended;
  if (mg.play.stop == PlayResult::Stop::move_limit) g.declare_paused();
  if (counted) st = match_statuses(g, black, white, mg.statuses_from, o.fallback_statuses);
  else mg.statuses_from = Message("note.match_none");
  try {
    mg.count = count(g, st);
  } catch (const CountError& e) {
    // Statuses the position does not allow (a player named an empty point): count without them.
    mg.notes.push_back(Message("note.match_unusable", {std::string(e.what())}));
    st = Statuses{};
    mg.statuses_from = Message::joined({mg.statuses_from, Message("note.match_not_usable")});
    mg.count = count(g, st);
  }
  mg.result = mg.count.result;

  sgf::Record& rec = mg.record;
  rec = record_from_game(g);
  rec.black_name = mg.black;
  rec.white_name = mg.white;
  rec.result = mg.result;
  if (counted) {
    rec.dead = st.dead;
    rec.has_dead_markup = true;
  }
  if (!o.out_dir.empty()) {
    std::filesystem::create_directories(o.out_dir);
    char name[32];
    std::snprintf(name, sizeof name, "game-%03d.sgf", number);
    mg.sgf_path = (std::filesystem::path(o.out_dir) / name).string();
    rec.filename = mg.sgf_path;
    std::ofstream out(mg.sgf_path, std::ios::binary);
    out << sgf::write(sgf::to_tree(rec));
    if (!out) throw FailureError(Message("error.option.cannot_write", {mg.sgf_path}));
  }
  return mg;
}

namespace {
// The match's options as played: a series alternates colours and has no komi.
MatchOptions as_played(MatchOptions o) {
  if (!o.series) return o;
  o.alternate = true;
  o.rules.komi = 0;
  return o;
}
}  // namespace

MatchSummary run_match(MatchPlayer& a, MatchPlayer& b, const MatchOptions& opts,
                       const std::function<void(const MatchGame&)>& progress) {
  MatchSummary s;
  const MatchOptions o = as_played(opts);
  for (int k = 1; k <= o.games; ++k) {
    const bool swap = o.alternate && k % 2 == 0;
    MatchPlayer& black = swap ? b : a;
    MatchPlayer& white = swap ? a : b;
    for (MatchPlayer* p : {&a, &b})
      if (p->knows("jpd-seed")) {
        try {
          p->send("jpd-seed " + std::to_string(o.seed + uint64_t(k) + (p == &b ? 1000 : 0)));
        } catch (const GtpError&) {
        }
      }
    MatchGame mg = run_match_game(black, white, o, k);
    const Color w = mg.count.winner;
    if (!is_stone(w)) ++s.other;
    else if ((w == Color::Black) != swap) ++s.wins_a;
    else ++s.wins_b;
    if (progress) progress(mg);
    s.games.push_back(std::move(mg));
  }
  return s;
}

std::vector<SeriesStanding> match_series(const MatchSummary& s, const MatchOptions& opts,
                                         const std::string& name_a, const std::string& name_b,
                                         const SeriesOptions& series) {
  const MatchOptions o = as_played(opts);
  std::vector<sgf::Record> records;
  for (const MatchGame& g : s.games) {
    sgf::Record r = g.record;
    const bool swapped = o.alternate && g.number % 2 == 0;
    r.black_name = swapped ? name_b : name_a;
    r.white_name = swapped ? name_a : name_b;
    // Without --out the game has no file: its source stays empty (the series names it by its
    // number and players, not "game 1  game 1").
    r.filename = g.sgf_path;
    records.push_back(std::move(r));
  }
  return series_of_records(records, series);
}

}  // namespace jpd
