// Checks shared by the harnesses that read records (sgf_fuzzer, replay_fuzzer, score_fuzzer):
// which errors are clean, a record written back reads the same, a scored record keeps every
// invariant and writes back as a record that replays to the same position.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness.hpp"
#include "jpd/count_report.hpp"
#include "jpd/score.hpp"
#include "jpd/text.hpp"

namespace jpd::fuzz {

// The errors the functions called document; anything else escapes and is a crash.
template <class F>
bool clean(F&& f) {
  try {
    f();
    return true;
  } catch (const sgf::Error&) {
  } catch (const RulesError&) {
  } catch (const ReplayError&) {
  } catch (const CountError&) {
  } catch (const PointError&) {
  }
  return false;
}

// The records of the input's first two games (those that read), parsed within 1 MiB; read under
// the repair policy (docs/sgf.md) when `repair`.
inline std::vector<sgf::Record> records_of(std::string_view data, std::optional<sgf::Collection>* parsed = nullptr,
                                           bool repair = false) {
  sgf::ReadOptions ro;
  ro.limits.max_bytes = 1 << 20;
  ro.repair = repair;
  std::optional<sgf::Collection> c;
  std::vector<sgf::Record> out;
  if (!clean([&] { c = sgf::parse(data, "<fuzz>", ro.limits); })) return out;
  for (const sgf::GameTree& tree : c->games) {
    if (out.size() == 2) break;
    std::optional<sgf::Record> rec;
    if (clean([&] { rec = sgf::read_record(tree, "<fuzz>", ro); })) out.push_back(std::move(*rec));
  }
  if (parsed) *parsed = std::move(c);
  return out;
}

// A game written as a record and read back replays to the same position.
inline void check_record_round_trip(const Replay& rp) {
  const Game& g = rp.game;
  const std::string text = sgf::write(sgf::to_tree(record_from_game(g)));
  const sgf::Record back = sgf::read_record_text(text, "<written>");
  ReplayOptions opts;
  opts.adopt_first_player = false;
  // A repetition the repair policy played (superko waived) is written as the move it is: it
  // reads back under the same policy.
  for (const Game::Action& a : g.actions()) opts.repair = opts.repair || a.repeats;
  const Replay again = replay(back, g.rules(), opts);
  check(again.game.board().same_position(g.board()), "record_from_game does not replay", text);
  check(again.game.to_move() == g.to_move(), "record_from_game: side to move differs", text);
}

// score_record with these options, every invariant held, the board consistent, the game
// written back as a record; with `report`, the JSON and the explanation written too.
inline void score_checked(const sgf::Record& rec, const ScoreOptions& o, bool report) {
  clean([&] {
    Scored s = score_record(rec, o);
    const Count& c = s.count;
    std::string why;
    for (const Invariant& i : c.invariants)
      if (!i.ok) why += i.name + ": " + text(i.detail, Lang::en) + "\n";
    check(c.all_invariants_hold, "an invariant of the count failed", why);
    check(s.replay.game.board().check_consistency(&why), "board inconsistent after replay", why);
    if (report) {
      (void)to_json(s).dump();  // the whole report; throws on a text that is not UTF-8
      (void)explain(c, Lang::en);
    }
    if (s.replay.game.end_reason() != EndReason::forfeit) check_record_round_trip(s.replay);
  });
}

// The rule sets a record is scored under: its own, tang-song, and one picked by the input.
inline std::vector<std::optional<RulesText>> rule_sets_for(std::string_view data) {
  const size_t h = std::hash<std::string_view>{}(data);
  const auto all = presets();
  return {std::nullopt, parse_rules_text(kDefaultPreset), parse_rules_text(all[h % all.size()].name)};
}

}  // namespace jpd::fuzz
