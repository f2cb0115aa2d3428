#include "jpd/score.hpp"

#include "jpd/count_report.hpp"
#include "jpd/estimate.hpp"
#include "jpd/status_gtp.hpp"
#include "jpd/text.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <nlohmann/json.hpp>

namespace jpd {

std::string_view name_of(DeadFrom d) {
  switch (d) {
    case DeadFrom::automatic: return "automatic";
    case DeadFrom::sgf: return "sgf";
    case DeadFrom::none: return "none";
    case DeadFrom::estimate: return "estimate";
    case DeadFrom::gtp: return "gtp";
  }
  return "?";
}

void set_dead_from(ScoreOptions& o, const std::string& f) {
  if (f == "auto") o.dead_from = DeadFrom::automatic;
  else if (f == "sgf") o.dead_from = DeadFrom::sgf;
  else if (f == "none") o.dead_from = DeadFrom::none;
  else if (f == "estimate") o.dead_from = DeadFrom::estimate;
  else if (f.rfind("gtp:", 0) == 0 && f.size() > 4) {
    o.dead_from = DeadFrom::gtp;
    o.gtp_command = f.substr(4);
  } else {
    throw ArgumentError(Message("error.score.dead_from", {f}));
  }
}

std::vector<Point> parse_point_list(std::string_view list, int width, int height) {
  std::vector<Point> out;
  std::string item;
  auto flush = [&] {
    if (!item.empty()) out.push_back(parse_point(item, width, height));
    item.clear();
  };
  for (char c : list) {
    if (c == ',' || std::isspace(static_cast<unsigned char>(c))) flush();
    else item += c;
  }
  flush();
  return out;
}

Claim parse_claim(std::string_view text, int width, int height) {
  auto colon = text.find(':');
  if (colon == std::string_view::npos)
    throw PointError(Message("error.point.claim_form", {std::string(text)}));
  auto c = parse_color(text.substr(0, colon));
  if (!c) throw PointError(Message("error.point.claim_colour", {std::string(text)}));
  return Claim{*c, parse_point(text.substr(colon + 1), width, height)};
}

std::optional<std::vector<Point>> dead_from_markup(const sgf::Record& r, const Board& position) {
  if (r.has_dead_markup) return r.dead;
  if (r.territory_black.empty() && r.territory_white.empty()) return std::nullopt;
  std::vector<Point> dead;
  for (Point p : r.territory_black)
    if (p.inside(position.width(), position.height()) && position.at(p) == Color::White)
      dead.push_back(p);
  for (Point p : r.territory_white)
    if (p.inside(position.width(), position.height()) && position.at(p) == Color::Black)
      dead.push_back(p);
  return dead;
}

std::optional<FinishScoring> finish_scoring(const Ruleset& r) {
  if (!r.remove_dead) return std::nullopt;  // every stone counts as it stands: nothing to finish
  switch (r.counting) {
    case CountingMethod::japanese: return FinishScoring::territory;
    case CountingMethod::area:
    case CountingMethod::fill_up:
    case CountingMethod::aga: return FinishScoring::area;
    case CountingMethod::territory_refill:
    case CountingMethod::territory_generalized:
    case CountingMethod::living_stones: return std::nullopt;  // the making of SPEC §6.7
  }
  return std::nullopt;
}

namespace {

// The position whose stones the statuses name: the game's own (after an independent dispute
// too, whose count maps them onto the pause position).
const Board& status_position(const Game& g, const Ruleset&) { return g.board(); }

// The statuses given, or those of the record's markup where the options take them from there;
// false when neither applies (the estimator or an engine is to find them).
bool given_or_markup(const sgf::Record& record, const ScoreOptions& opts, const Board& position,
                     Statuses& st) {
  if (opts.dead) {
    st.dead = *opts.dead;
    st.source = StatusSource::given;
    return true;
  }
  const DeadFrom from = opts.dead_from;
  if (from == DeadFrom::automatic || from == DeadFrom::sgf)
    if (std::optional<std::vector<Point>> markup = dead_from_markup(record, position)) {
      st.dead = std::move(*markup);
      st.source = StatusSource::sgf;
      return true;
    }
  return from == DeadFrom::sgf || from == DeadFrom::none;
}

bool has_dead_markup(const sgf::Record& r) {  // whether dead_from_markup finds any
  return r.has_dead_markup || !r.territory_black.empty() || !r.territory_white.empty();
}

// The claims of the record and of the options, after any the statuses have.
void add_claims(const sgf::Record& record, const ScoreOptions& opts, Statuses& st) {
  for (const Claim& c : record.claims) st.claims.push_back(c);
  for (const Claim& c : opts.claims) st.claims.push_back(c);
}

CountOptions count_options(const ScoreOptions& opts) {
  CountOptions co;
  co.keep_steps = opts.keep_steps;
  co.texts = opts.texts;
  co.check_by_boards = opts.check_by_boards;
  return co;
}

// The rules a record is counted under: rules_for_record, with its server's conventions (noted).
Ruleset record_rules(const sgf::Record& record, const std::optional<RulesText>& given,
                     const ScoreOptions& opts, RecordFacts& facts, std::vector<Message>& notes) {
  Ruleset rules = rules_for_record(record, given);
  if (opts.server_conventions) facts.conventions = apply_conventions(record, given, rules, notes);
  return rules;
}

// The facts of the record besides its conventions, once it is replayed.
void record_facts(const sgf::Record& record, bool stopped_without_pause,
                  const std::vector<sgf::Repair>& repairs, RecordFacts& facts) {
  facts.ended = record_end(record, stopped_without_pause);
  facts.result = record.result;
  facts.repairs = repairs;
  facts.game = record.game;
  facts.games = record.games;
  facts.charset = record.charset;
  facts.black_name = record.black_name;
  facts.white_name = record.white_name;
}

// An estimator's note (note.est_*) among the count's: the same said as the estimator's
// ("estimator: ...", note.by_estimator).
Message from_the_estimator(Message m) {
  return Message("note.by_estimator", {MessageArg::message(std::move(m))});
}

// The area difference (Black minus White) the estimator expects: the sum of its playouts'
// ownership of every point.
double expected_area(const Estimate& e) {
  double t = 0;
  for (double o : e.ownership) t += o;
  return t;
}

// Whether a finish that swings the count by more than `limit` points still stands: its area
// difference is nearer the estimator's expectation than the position as it stands by more than
// the limit. A record that stops with a large area still open (a framework whose owner has not
// closed it) counts that area as no one's as it stands, which the players would never have let
// happen: the finish closes it, and the playouts see whose it is. (A finish that lost a group
// is farther from the expectation than the position it started from.) docs/rules.md,
// interpretation 20.
bool finish_nearer_expectation(const Count& finished, const Count& as_is, double expected, int limit) {
  const auto area = [](const Count& k) { return k.area().black - k.area().white; };
  return std::abs(area(finished) - expected) + limit < std::abs(area(as_is) - expected);
}

// The replay's notes first (the record's reading, then the replay), then the conventions'.
void put_notes_first(Count& c, const std::vector<Message>& replay_notes,
                     const std::vector<Message>& convention_notes) {
  std::vector<Message> first;
  first.reserve(replay_notes.size() + convention_notes.size() + c.notes.size());
  for (const Message& n : replay_notes) first.push_back(n);
  for (const Message& n : convention_notes) first.push_back(n);
  for (Message& n : c.notes) first.push_back(std::move(n));
  c.notes = std::move(first);
}

}  // namespace

Scored score_record(const sgf::Record& record, const ScoreOptions& opts) {
  RecordFacts facts;
  std::vector<Message> convention_notes;
  const Ruleset rules = record_rules(record, opts.rules, opts, facts, convention_notes);
  Replay rp = replay(record, rules, opts.replay);
  record_facts(record, rp.stopped_without_pause, rp.repairs, facts);
  const Game& g = rp.game;
  const Board& position = status_position(g, g.rules());
  Statuses st;
  std::vector<Message> estimate_notes;  // the estimator's, then the finishing moves'
  // The estimator's expected area difference (Black minus White), for a finish past the swing
  // limit (none unless ScoreOptions::trust_finish_nearer_expectation)
  std::optional<double> expected;
  if (!given_or_markup(record, opts, position, st)) {
    const DeadFrom from = opts.dead_from;
    if (from == DeadFrom::gtp) {
      st = statuses_from_gtp(g, opts.gtp_command, opts.gtp_timeout);
    } else if (from == DeadFrom::estimate || from == DeadFrom::automatic) {
      // The record has no markup (or the estimator was asked for): the built-in estimator.
      Estimate e = estimate(g, opts.estimate);
      if (opts.trust_finish_nearer_expectation) expected = expected_area(e);
      st = e.statuses();
      st.suggested_claims = e.suggested_claims;
      for (const Message& n : e.notes) estimate_notes.push_back(from_the_estimator(n));
    }
  }
  // A record that stops before its end, counted by territory or by area: finish it first.
  std::optional<Replay> finished;
  const Statuses at_stop = st;  // the statuses of the position as it stops
  const size_t finish_notes = estimate_notes.size();
  const std::optional<FinishScoring> scoring = finish_scoring(g.rules());
  // The count after a finish by `fo` (finished, facts and the notes say how), or of the
  // position as it stands when the finish plays nothing.
  auto finish_with = [&](FinishOptions fo) {
    finished.reset();
    facts.finishing.clear();
    estimate_notes.resize(finish_notes);
    Statuses fst = at_stop;
    fo.scoring = *scoring;
    fo.after_pass = !g.moves().empty() && g.moves().back().move.kind == MoveKind::pass;
    fo.read_eyes = g.rules().eye_reading == EyeReading::japanese;
    fo.seki_eyes = seki_eyes_counted(g.rules());
    const Finish fin = finish_game(position, fst.dead, g.to_move(), fo);
    std::vector<Move> moves = fin.moves;
    int last = 0;
    for (const sgf::Step& s : record.steps) last = std::max(last, s.move_number);
    // The line as far as the referee plays it: the finish knows the simple ko, not superko
    // (a move the referee refuses ends the line there).
    while (!moves.empty() && !finished) {
      sgf::Record longer = record;
      int number = last;
      for (const Move& m : moves) {
        sgf::Step s;
        s.kind = sgf::Step::Kind::move;
        s.move = m;
        s.move_number = ++number;
        longer.steps.push_back(s);
      }
      try {
        finished = replay(longer, rules, opts.replay);
      } catch (const ReplayError& e) {
        if (e.move_number <= last) throw;
        moves.resize(size_t(e.move_number - last - 1));
        while (!moves.empty() && moves.back().kind == MoveKind::pass) moves.pop_back();
      }
    }
    if (finished) {
      int fills = 0, passes = 0;
      for (const Move& m : moves) (m.kind == MoveKind::pass ? passes : fills) += 1;
      facts.finishing = moves;
      std::vector<Point> still;
      for (Point p : fst.dead)  // a dead stone captured while finishing is a prisoner now
        if (finished->game.board().at(p) == position.at(p)) still.push_back(p);
      for (Point p : fin.dead) still.push_back(p);  // stones thrown in and left standing
      fst.dead = still;
      estimate_notes.push_back(
          {*scoring == FinishScoring::area ? "note.finished_area" : "note.finished_territory",
           {fills, passes}});
      estimate_notes.push_back(fo.max_nodes <= 0 ? Message("note.finished_filled")
                               : fin.searched    ? Message("note.finished_searched",
                                                           {fin.region_points, fin.simple_dame})
                                                 : Message("note.finished_fixed"));
    }
    add_claims(record, opts, fst);
    return count(finished ? finished->game : g, fst, count_options(opts));
  };
  const bool finishing = opts.finish_stopped && scoring && rp.stopped_without_pause &&
                         (st.source == StatusSource::estimate || st.source == StatusSource::gtp);
  Count c;
  if (!finishing) {
    add_claims(record, opts, st);
    c = count(g, st, count_options(opts));
  } else {
    c = finish_with(opts.finish);
    if (finished && opts.max_finish_swing > 0) {
      // A finish that changes the count by more than the end of a counted game does went astray
      // (a group lost while filling, a fight read as an endgame). Under territory counting the
      // fill-out alone (the dame, the defences of chains in atari, in a fixed order) is tried
      // instead: the dame are worth nothing there, the defences are what the count needs. Under
      // area counting, or failing that, the position is counted as it stands (docs/rules.md,
      // interpretation 20).
      Statuses stop = at_stop;
      add_claims(record, opts, stop);
      Count as_is = count(g, stop, count_options(opts));
      const double swing = c.primary_difference - as_is.primary_difference;
      const bool beyond = std::abs(swing) > opts.max_finish_swing;
      if (beyond && expected && finish_nearer_expectation(c, as_is, *expected, opts.max_finish_swing)) {
        estimate_notes.insert(estimate_notes.begin() + long(finish_notes),
                              Message("note.finish_kept_open_area", {format_number(std::abs(swing)), opts.max_finish_swing}));
      } else if (beyond) {
        std::optional<Count> fill;
        if (*scoring == FinishScoring::territory) {
          FinishOptions filled = opts.finish;
          filled.max_nodes = 0;
          fill = finish_with(filled);
        }
        if (fill && finished &&
            std::abs(fill->primary_difference - as_is.primary_difference) <= opts.max_finish_swing) {
          estimate_notes.insert(estimate_notes.begin() + long(finish_notes),
                                Message("note.finish_distrusted_filled",
                                        {format_number(std::abs(swing)), opts.max_finish_swing}));
          c = std::move(*fill);
        } else {
          finished.reset();
          facts.finishing.clear();
          estimate_notes.resize(finish_notes);
          estimate_notes.push_back(
              {"note.finish_distrusted", {format_number(std::abs(swing)), opts.max_finish_swing}});
          c = std::move(as_is);
        }
      }
    }
  }
  for (Message& n : estimate_notes) c.notes.push_back(std::move(n));
  put_notes_first(c, rp.notes, convention_notes);
  return Scored{finished ? std::move(*finished) : std::move(rp), std::move(c), std::move(facts)};
}

void add_record_facts(nlohmann::json& j, const RecordFacts& f) {
  j["record_ended"] = std::string(name_of(f.ended));
  j["record_result"] = f.result;
  nlohmann::json repairs = nlohmann::json::array();
  for (const sgf::Repair& r : f.repairs)
    repairs.push_back({{"move", r.move_number}, {"kind", std::string(sgf::name_of(r.kind))},
                       {"detail", text(r.detail, Lang::en)}});
  j["repairs"] = std::move(repairs);
  nlohmann::json conventions = nlohmann::json::array();
  for (const AppliedConvention& c : f.conventions)
    conventions.push_back({{"id", c.id}, {"server", c.server}, {"detail", c.detail}});
  j["conventions"] = std::move(conventions);
  j["game"] = f.game + 1;
  j["games"] = f.games;
  j["charset"] = f.charset;
  j["players"] = {{"B", f.black_name}, {"W", f.white_name}};
}

nlohmann::json finishing_moves_json(const RecordFacts& f, int height) {
  nlohmann::json finishing = nlohmann::json::array();
  for (const Move& m : f.finishing)
    finishing.push_back({{"color", std::string(color_letter(m.color))},
                         {"point", m.kind == MoveKind::pass ? std::string("pass") : to_gtp(m.point, height)}});
  return finishing;
}

nlohmann::json to_json(const Scored& s) {
  nlohmann::json j = to_json(s.count);
  add_record_facts(j, s.facts);
  // (not among the record's facts: jpd compare's presets each finish a record their own way)
  j["finishing_moves"] = finishing_moves_json(s.facts, s.count.height);
  return j;
}

RecordScorer::RecordScorer(const sgf::Record& record, const ScoreOptions& opts)
    : record_(record), opts_(opts), replays_(record, opts.replay) {}

Count RecordScorer::count(const std::optional<RulesText>& rules) {
  Count c;
  count(rules, c);
  return c;
}

void RecordScorer::count(const std::optional<RulesText>& rules, Count& c, RecordFacts* facts) {
  // Statuses found on the game itself (estimator, engine): each rule set's own replay.
  const bool from_game = !opts_.dead && (opts_.dead_from == DeadFrom::estimate ||
                                         opts_.dead_from == DeadFrom::gtp ||
                                         (opts_.dead_from == DeadFrom::automatic &&
                                          !has_dead_markup(record_)));
  if (from_game) {
    ScoreOptions o = opts_;
    o.rules = rules;
    Scored s = score_record(record_, o);
    c = std::move(s.count);
    if (facts) *facts = std::move(s.facts);
    return;
  }
  RecordFacts own;
  RecordFacts& f = facts ? *facts : own;
  f = RecordFacts{};
  std::vector<Message> convention_notes;
  const Ruleset used = record_rules(record_, rules, opts_, f, convention_notes);
  const ReplayCache::Shared rp = replays_.get(used);
  record_facts(record_, rp.stopped_without_pause, rp.repairs, f);
  Statuses st;
  given_or_markup(record_, opts_, status_position(rp.game, rp.rules), st);
  add_claims(record_, opts_, st);
  CountOptions co = count_options(opts_);
  co.analyses = &analyses_;
  jpd::count(rp.game, rp.rules, st, co, c);
  put_notes_first(c, rp.notes, convention_notes);
}

}  // namespace jpd
