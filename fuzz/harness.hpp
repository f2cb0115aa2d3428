// The fuzz harnesses' bodies, callable from the libFuzzer entry points (fuzz/<name>.cpp) and from
// the regression tests (tests/fuzz/fuzz_regression_test.cpp), so that a crash found by a fuzzer is
// replayed through exactly the same code path.
//
// Each body feeds one input to the library and accepts only the documented errors of the
// functions it calls. Anything else — an undocumented exception, a broken round trip, a count
// whose invariants fail — is reported by check() and aborts, which libFuzzer records as a crash.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace jpd::fuzz {

// The SGF reader alone: parse (with its limits), write and parse back, read_record, the record
// written back.
void sgf_input(std::string_view data);
// Records through the referee and the count (no estimator, no finishing search): replay under a
// few presets, count with the record's markup, the JSON and the explanation, record_from_game.
void replay_input(std::string_view data);
// Records counted as jpd score counts them, the estimator and the finishing search included,
// within a budget (boards up to 9x9, 200 moves, few playouts and nodes).
void score_input(std::string_view data);
// The rule-set parser: parse_ruleset on the text, ruleset_from_json on the text as JSON; every
// accepted rule set round-trips through its text and JSON forms.
void rules_input(std::string_view data);
// The command line's points and claims: parse_point, parse_point_list, parse_claim on a board
// whose size comes from the first two bytes.
void points_input(std::string_view data);
// The referee driven by arbitrary sequences of calls (moves of every kind, setup, pause acts,
// resumptions, making, undo) on a small board: consistency after each, count and record at the end.
void game_input(std::string_view data);
// The GTP engine's command loop: one session of command lines on a small board (no genmove, no
// estimator), every answer well formed, nothing after quit, the board consistent, the engine
// still answering at the end.
void gtp_input(std::string_view data);
// The same sessions with the engine's work: genmove and the estimator's dead stones.
void gtp_engine_input(std::string_view data);
// The web referee's request handler (App::handle) on an in-memory store: a sequence of requests
// over every route but the engine's; no 5xx, JSON where the API says JSON, no page but the
// embedded files.
void web_input(std::string_view data);
// The same with the engine's work: the estimator at pauses, genmove, estimate, count, making.
void web_engine_input(std::string_view data);

// An oracle of the harness failed: print why and abort.
[[noreturn]] inline void fail(const char* what, std::string_view detail = {}) {
  std::fprintf(stderr, "fuzz check failed: %s\n%.*s\n", what, int(detail.size()), detail.data());
  std::abort();
}
inline void check(bool ok, const char* what, std::string_view detail = {}) {
  if (!ok) fail(what, detail);
}

}  // namespace jpd::fuzz
