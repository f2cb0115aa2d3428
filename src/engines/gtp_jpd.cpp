// The GTP engine's project commands (prefix jpd-): the rule set, every referee action, the count.
#include <charconv>

#include <nlohmann/json.hpp>

#include "gtp_util.hpp"
#include "jpd/count.hpp"
#include "jpd/count_report.hpp"
#include "jpd/encoding.hpp"
#include "jpd/gtp.hpp"
#include "jpd/score.hpp"

namespace jpd {

using gtp_detail::Fail;

namespace {
nlohmann::json color_json(Color c) {
  return is_stone(c) ? nlohmann::json(std::string(color_letter(c))) : nlohmann::json(nullptr);
}
}  // namespace

GtpEngine::Reply GtpEngine::cmd_jpd_rules(const Args& a) {
  if (a.empty()) return {true, rules_.to_string()};
  gtp_detail::need(a, 1, "jpd-rules [PRESET[,key=value...]]");
  set_rules(parse_ruleset(a[0]));
  return {};
}

GtpEngine::Reply GtpEngine::cmd_jpd_move(const std::string& name, const Args& a) {
  gtp_detail::need(a, 1, name + " COLOR");
  const Color c = gtp_detail::color_arg(a[0]);
  Move m;
  if (name == "jpd-pass") m = Move::pass(c);
  else if (name == "jpd-virtual") m = Move::virtual_move(c);
  else if (name == "jpd-propose") m = Move::propose(c);
  else if (name == "jpd-accept") m = Move::accept(c);
  else if (name == "jpd-reject") m = Move::reject(c);
  else m = Move::resign(c);
  return apply_moves({m}, false);
}

GtpEngine::Reply GtpEngine::cmd_jpd_negative(const Args& a) {
  gtp_detail::need(a, 3, "jpd-negative COLOR A|B VERTEX");
  const Color c = gtp_detail::color_arg(a[0]);
  if (a[1] != "A" && a[1] != "a" && a[1] != "B" && a[1] != "b")
    throw Fail("syntax error: the kind of a negative move is A or B, not '" + a[1] + "'");
  const bool kind_a = a[1] == "A" || a[1] == "a";
  auto p = parse_gtp(a[2], game_.width(), game_.height());
  if (!p) throw Fail("invalid coordinate '" + a[2] + "'");
  if (game_.phase() != Phase::paused && game_.phase() != Phase::making)
    return {false, "illegal move: negative moves are played at making, after the pause"};
  Game before = game_;
  const size_t at = game_.actions().size();
  if (game_.phase() == Phase::paused) game_.start_making();
  Verdict v = game_.play(kind_a ? Move::negative_a(c, *p) : Move::negative_b(c, *p));
  if (!v) {
    game_ = std::move(before);
    return {false, "illegal move: " + text(v.message, Lang::en)};
  }
  marks_.push_back(at);
  return {};
}

GtpEngine::Reply GtpEngine::cmd_jpd_setup(const Args& a) {
  gtp_detail::need(a, 2, "jpd-setup B|W|empty VERTEX");
  Color c = Color::Empty;
  if (a[0] != "empty" && a[0] != "EMPTY" && a[0] != "e" && a[0] != "E")
    c = gtp_detail::color_arg(a[0]);
  auto p = parse_gtp(a[1], game_.width(), game_.height());
  if (!p) throw Fail("invalid coordinate '" + a[1] + "'");
  if (game_.phase() == Phase::ended) return {false, "the game is over"};
  mark();
  game_.setup_stone(c, *p);
  return {};
}

GtpEngine::Reply GtpEngine::cmd_jpd_tomove(const Args& a) {
  gtp_detail::need(a, 1, "jpd-tomove COLOR");
  const Color c = gtp_detail::color_arg(a[0]);
  if (game_.phase() == Phase::ended) return {false, "the game is over"};
  mark();
  game_.set_to_move(c);
  return {};
}

GtpEngine::Reply GtpEngine::cmd_jpd_resume(const Args& a) {
  const size_t at = game_.actions().size();
  Verdict v;
  if (a.empty() || (a[0] == "dispute" && a.size() == 1)) {
    v = game_.resume_dispute(true);
  } else if (a[0] == "dispute" && a.size() == 2 && a[1] == "owed") {
    v = game_.resume_dispute(false);
  } else if (a[0] == "found" && (a.size() == 2 || (a.size() == 3 && a[2] == "owed"))) {
    const Color finder = a[1] == "none" ? Color::Empty : gtp_detail::color_arg(a[1]);
    v = game_.resume_found_move(finder, a.size() == 2);
  } else {
    throw Fail("syntax error: usage: jpd-resume [dispute [owed] | found B|W|none [owed]]");
  }
  if (!v) return {false, text(v.message, Lang::en)};
  marks_.push_back(at);
  return {};
}

GtpEngine::Reply GtpEngine::cmd_jpd_making(const Args& a) {
  gtp_detail::need(a, 0, "jpd-making");
  const size_t at = game_.actions().size();
  Verdict v = game_.start_making();
  if (!v) return {false, text(v.message, Lang::en)};
  marks_.push_back(at);
  return {};
}

GtpEngine::Reply GtpEngine::cmd_jpd_pause(const Args& a) {
  gtp_detail::need(a, 0, "jpd-pause");
  const size_t at = game_.actions().size();
  Verdict v = game_.declare_paused();
  if (!v) return {false, text(v.message, Lang::en)};
  marks_.push_back(at);
  return {};
}

GtpEngine::Reply GtpEngine::cmd_jpd_count(const Args& a) {
  Statuses st;
  if (a.size() == 1 && a[0] == "none") {
    st.source = StatusSource::none;
  } else if (a.empty()) {
    st = statuses();
  } else {
    st.source = StatusSource::given;
    for (const std::string& item : a) {
      if (item.find(':') != std::string::npos) {
        st.claims.push_back(parse_claim(item, game_.width(), game_.height()));
        continue;
      }
      for (Point p : parse_point_list(item, game_.width(), game_.height())) st.dead.push_back(p);
    }
  }
  try {
    return {true, count_json_text(count(game_, st))};
  } catch (const CountError& e) {
    return {false, "cannot count: " + std::string(e.what())};
  }
}

GtpEngine::Reply GtpEngine::cmd_jpd_state(const Args& a) {
  gtp_detail::need(a, 0, "jpd-state");
  const Game& g = game_;
  nlohmann::json j;
  j["rules"] = g.rules().to_string();
  j["size"] = g.width();
  j["phase"] = std::string(name_of(g.phase()));
  j["end"] = std::string(name_of(g.end_reason()));
  j["winner"] = color_json(g.winner());
  j["to_move"] = color_json(g.phase() == Phase::ended ? Color::Empty : g.to_move());
  j["pending_proposal"] = color_json(g.pending_proposal());
  j["paused_by_agreement"] = g.paused_by_agreement();
  j["pauses"] = g.pauses();
  j["moves"] = g.moves().size();
  j["actions"] = g.actions().size();
  j["captured"] = {{"B", g.captured(Color::Black)}, {"W", g.captured(Color::White)}};
  j["virtual"] = {{"B", g.virtual_stones(Color::Black)}, {"W", g.virtual_stones(Color::White)}};
  j["undo_steps"] = marks_.size();
  return {true, j.dump()};
}

GtpEngine::Reply GtpEngine::cmd_jpd_option(const std::string& name, const Args& a) {
  if (name == "jpd-out-of-turn") {
    if (a.empty()) return {true, std::string(name_of(opts_.out_of_turn))};
    gtp_detail::need(a, 1, "jpd-out-of-turn [setup|pass|refuse]");
    const std::optional<OutOfTurn> o = parse_out_of_turn(a[0]);
    if (!o) throw Fail("syntax error: '" + a[0] + "' is not setup, pass or refuse");
    opts_.out_of_turn = *o;
    return {};
  }
  if (a.empty()) {
    return {true, name == "jpd-seed" ? std::to_string(opts_.genmove.seed)
                                     : std::to_string(opts_.genmove.playouts)};
  }
  gtp_detail::need(a, 1, name + " [N]");
  if (name == "jpd-seed") {
    uint64_t v = 0;
    auto [end, ec] = std::from_chars(a[0].data(), a[0].data() + a[0].size(), v);
    if (ec != std::errc() || end != a[0].data() + a[0].size())
      throw Fail("syntax error: '" + a[0] + "' is not a seed (a non-negative integer)");
    opts_.genmove.seed = v;
  } else {
    opts_.genmove.playouts = gtp_detail::int_arg(a[0], 0, 10000000, "a number of playouts");
  }
  return {};
}

}  // namespace jpd
