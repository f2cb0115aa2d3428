// The GTP sessions of gtp_fuzzer (the protocol and the referee, no engine work) and
// gtp_engine_fuzzer (genmove and the estimator too). The first byte picks the engine's starting
// preset and board (3x3 to 9x9) and, for the engine's session, the dead stones it counts with; the
// rest is the session, split into lines as GtpEngine::handle_all splits them, each fed to
// handle(). The engine runs without file access (loadsgf and printsgf FILE are refused, so no
// input reaches the filesystem), with a line limit of 200 bytes, 16 playouts per genmove at
// about one a candidate a round (GenmoveOptions::least 1; the harness sets jpd-playouts back when
// the input raises it), the estimator at 8 playouts wherever the engine runs it
// (GtpEngineOptions::estimate) and a clock of the session's own, so that time_settings never make
// a move depend on the machine's speed. Each input has a budget: 128 lines; genmove beyond the
// first, or on boards over 5x5, is skipped, and so are the streamed analyses lz-analyze and
// kata-analyze, which choose a move too, counted with them; counting commands beyond the first
// are skipped.
//
// Oracles: every line with a command gets one well-formed answer ("=" or "?", the id echoed, one
// empty line at the end and none inside), a line without one gets none, a line over the limit a
// refusal; a streamed analysis answers "=" and the id, a newline and lines without an empty one,
// and the next line's answer then starts with the empty line that ends it (an empty line gets
// only that); after `quit` nothing more is processed (handle_all answers nothing); the referee's
// board equals its recomputation after every fourth command and at the end (or at quit); at the
// end the engine still answers (showboard,
// protocol_version, jpd-state as JSON).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "consistency.hpp"
#include "harness.hpp"
#include "jpd/estimate.hpp"
#include "jpd/gtp.hpp"

namespace jpd::fuzz {

namespace gtp_session_detail {

constexpr size_t kMaxLine = 200;
constexpr int kMaxPlayouts = 16;
// The estimator's playouts, wherever the engine runs it (GtpEngineOptions::estimate).
constexpr int kEstimatePlayouts = 8;
// ... and the nodes of each reading of a capturing race (EstimateOptions::race_nodes, 20,000 by
// default): the races read out on the fuzzed positions took 40 % of gtp_engine_fuzzer's time. A
// race not read within them is left to the playouts, a path of its own.
constexpr int kEstimateRaceNodes = 400;
// ... and the playouts of each side's first move on each point tried for an unsettled chain's
// settling point (EstimateOptions::settle_playouts, 12 by default: with the estimator's own 8,
// the settling points took most of gtp_engine_fuzzer's time). Two still reach that pass.
constexpr int kEstimateSettlePlayouts = 2;
constexpr int kMaxLines = 128;
// genmove, even at one playout a candidate a round, is the heaviest command: the harness sends
// at most one per session, on boards of at most 25 points, and skips the others.
constexpr int kMaxGenmoves = 1;  // in the engine's session; none in the referee's
constexpr int kMaxGenmovePoints = 25;
// A count (the whole count and its JSON, or the estimator's ownership) costs as much as the rest
// of a session: at most this many a session, the others skipped.
constexpr int kMaxCounts = 1;
// The board's recomputation after every kCheckEvery-th command (and at the end): it costs more
// than most commands, and a board gone wrong stays wrong until a later command rebuilds it.
constexpr int kCheckEvery = 4;

inline bool counts(const std::string& command) {
  for (const char* c : {"final_score", "final_status_list", "jpd-count", "jpd-estimate",
                        "jpd-estimate-ownership", "jpd-making", "jpd-overlay", "jpd-ownership",
                        "jpd-uncertain"})
    if (command == c) return true;
  return false;
}

// The words of a command line as GTP 2 §2.2 defines them: control characters other than HT
// dropped, a comment cut off, HT as a space.
inline std::vector<std::string> words_of(std::string_view line) {
  std::vector<std::string> w;
  std::string cur;
  for (char ch : line) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c == '#') break;
    if (c == ' ' || c == '\t') {
      if (!cur.empty()) w.push_back(std::move(cur));
      cur.clear();
    } else if (c >= 32 && c != 127) {
      cur += ch;
    }
  }
  if (!cur.empty()) w.push_back(std::move(cur));
  return w;
}

inline bool is_id(const std::string& s) {
  if (s.empty() || s.size() > 9) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// One answer: "=" or "?", then the id (if any), a space, the text, and exactly one empty line, at
// the end.
inline void expect_answer(const std::string& a, const std::string& id, std::string_view line) {
  // (The detail is written only for a failure: every command line comes here.)
  const auto expect = [&](bool ok, const char* what) {
    if (!ok) fail(what, "line: " + std::string(line) + "\nanswer: " + a);
  };
  expect(a.size() >= id.size() + 4 && (a[0] == '=' || a[0] == '?'), "an answer starts with = or ?");
  expect(a.compare(1, id.size(), id) == 0 && a[1 + id.size()] == ' ',
         "an answer echoes the id, then a space");
  expect(a.find("\n\n") == a.size() - 2, "an answer ends with its only empty line");
}

inline Statuses light_statuses(const Game& g) {
  EstimateOptions o;
  o.playouts = kEstimatePlayouts;
  o.race_nodes = kEstimateRaceNodes;
  o.settle_playouts = kEstimateSettlePlayouts;
  return estimate(g, o).statuses();
}

}  // namespace gtp_session_detail

// One session. engine: genmove (within the limits above) and the estimator's dead stones for
// final_score, final_status_list and jpd-count; else genmove lines are skipped and the dead
// stones are none (the protocol and the referee alone, fast).
inline void gtp_session(std::string_view data, bool with_engine) {
  using namespace gtp_session_detail;
  const uint8_t config = data.empty() ? 0 : uint8_t(data[0]);
  if (!data.empty()) data.remove_prefix(1);
  const auto all = presets();
  GtpEngineOptions opts;
  opts.rules = all[(config >> 5) % all.size()].rules;
  opts.board_size = 3 + (config >> 2) % 7;
  opts.file_root.clear();  // no file access (the default)
  opts.max_line = kMaxLine;
  opts.genmove.playouts = kMaxPlayouts;
  // A fixed, tiny amount of work: about one playout a candidate a round (least 1, not 16), and
  // a clock of the session's own, a millisecond a reading, so that time_settings never make the
  // move depend on the machine's speed (the same input, the same moves).
  opts.genmove.least = 1;
  opts.genmove.dispute_playouts = kEstimatePlayouts;
  opts.genmove.clock = [t = std::make_shared<double>(0)] { return *t += 0.001; };
  opts.estimate.playouts = kEstimatePlayouts;
  opts.estimate.race_nodes = kEstimateRaceNodes;
  opts.estimate.settle_playouts = kEstimateSettlePlayouts;
  // The engine's own dead stones (default_gtp_statuses) and genmove's policy playouts for a
  // quarter of the engine's inputs, the light estimate as a function and light playouts for the
  // rest.
  if (!with_engine) opts.statuses = [](const Game&) { return Statuses{}; };
  else if ((config & 3) != 3) {
    opts.statuses = light_statuses;
    opts.genmove.policy_playouts = false;
  }
  GtpEngine engine(opts);
  int genmoves = 0, count_lines = 0;
  bool streaming = false;  // the previous answer opened a streamed analysis

  std::string_view text = data;
  for (int n = 0; n < kMaxLines && !text.empty(); ++n) {
    const size_t nl = text.find('\n');
    const std::string_view line = text.substr(0, nl);
    const std::vector<std::string> w = words_of(line);
    const bool has_id = !w.empty() && is_id(w[0]);
    const size_t name = has_id ? 1 : 0;
    const bool engine_work = w.size() > name && (w[name].find("genmove") != std::string::npos ||
                                                 w[name] == "lz-analyze" || w[name] == "kata-analyze");
    if ((engine_work &&
         (!with_engine || ++genmoves > kMaxGenmoves ||
          engine.game().width() * engine.game().height() > kMaxGenmovePoints)) ||
        (w.size() > name && counts(w[name]) && ++count_lines > kMaxCounts)) {
      text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
      continue;
    }
    std::string a = engine.handle(nl == std::string_view::npos ? line : text.substr(0, nl + 1));
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    // A line after a streamed analysis first ends its answer with the empty line.
    if (streaming) {
      check(!a.empty() && a[0] == '\n', "the line after a stream ends it first", a);
      a.erase(0, 1);
    }
    streaming = engine.analyzing();
    if (streaming) {  // "=id", a newline, lines of analysis and no empty line
      const std::string id = has_id ? w[0] : "";
      check(a.rfind("=" + id + "\n", 0) == 0, "a stream starts with = and the id", a);
      check(a.find("\n\n") == std::string::npos && a.back() == '\n', "a stream stays open", a);
      check(engine.analysis_update() == a.substr(id.size() + 2), "a stream repeats its line", a);
      continue;
    }

    if (line.size() > kMaxLine) {
      check(a.size() >= 2 && a[0] == '?' && a.find("line too long") != std::string::npos,
            "an over-long line is refused", a);
      check(a.find("\n\n") == a.size() - 2, "a refusal ends with its only empty line", a);
    } else if (w.empty()) {
      if (!a.empty()) fail("a line without a command gets no answer", std::string(line) + "\n" + a);
    } else {
      expect_answer(a, has_id ? w[0] : "", line);
      if (w.size() > name && w[name] == "quit") {
        check(a[0] == '=' && engine.quit_requested(), "quit is accepted", a);
        // Nothing after quit is processed.
        check(engine.handle_all(text).empty(), "handle_all answered after quit");
        expect_consistent(engine.game(), "board inconsistent at quit");
        return;
      }
    }
    check(!engine.quit_requested(), "quit requested by another command", line);
    if (n % kCheckEvery == 0) expect_consistent(engine.game(), "board inconsistent after a GTP command");
    if (const int p = engine.options().genmove.playouts; p == 0 || p > kMaxPlayouts) {
      check(engine.handle("jpd-playouts 16") == "= \n\n", "jpd-playouts refused");
      check(engine.options().genmove.playouts == 16, "jpd-playouts not applied");
    }
  }

  expect_consistent(engine.game(), "board inconsistent at the end of the session");
  // Whatever came before, the engine still answers (an open stream ended first).
  check(engine.stop_analysis() == (streaming ? "\n" : ""), "an open stream ends with its empty line");
  check(engine.handle("protocol_version") == "= 2\n\n", "protocol_version after the session");
  const std::string board = engine.handle("7 showboard");
  check(board.rfind("=7 ", 0) == 0, "showboard after the session", board);
  const std::string state = engine.handle("jpd-state");
  check(state.rfind("= ", 0) == 0, "jpd-state after the session", state);
  check(nlohmann::json::accept(state.substr(2)), "jpd-state answers JSON", state);
}

}  // namespace jpd::fuzz
