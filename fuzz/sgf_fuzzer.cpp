// Fuzz harness: the SGF reader and everything a record goes through (sgf::parse, sgf::write,
// read_record, replay under a few presets, strictly or under the repair policy, count, the JSON
// and the explanation, and the way back from a game to a record).
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "harness.hpp"
#include "jpd/score.hpp"

namespace jpd::fuzz {

namespace {

// The errors the functions called here document; anything else escapes and is a crash.
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

// A game written as a record and read back replays to the same position.
void check_record_round_trip(const Replay& rp) {
  const Game& g = rp.game;
  const std::string text = sgf::write(sgf::to_tree(record_from_game(g)));
  const sgf::Record back = sgf::read_record_text(text, "<written>");
  ReplayOptions opts;
  opts.adopt_first_player = false;
  const Replay again = replay(back, g.rules(), opts);
  check(again.game.board().same_position(g.board()), "record_from_game does not replay", text);
  check(again.game.to_move() == g.to_move(), "record_from_game: side to move differs", text);
}

void score_under(const sgf::Record& rec, const std::optional<std::string>& rules, bool forfeit,
                 bool explain_too, bool repair) {
  ScoreOptions o;
  o.rules = rules;
  o.replay.forfeit_on_illegal = forfeit;
  o.replay.repair = repair;
  o.finish.max_nodes = 20000;  // the Japanese finishing search, kept short under the sanitizers
  o.keep_steps = explain_too;
  clean([&] {
    Scored s = score_record(rec, o);
    const Count& c = s.count;
    std::string why;
    for (const Invariant& i : c.invariants)
      if (!i.ok) why += i.name + ": " + i.detail + "\n";
    check(c.all_invariants_hold, "an invariant of the count failed", why);
    check(s.replay.game.board().check_consistency(&why), "board inconsistent after replay", why);
    (void)to_json(s).dump();  // throws on a text that is not UTF-8: every text must be
    if (explain_too) (void)explain(c, Lang::en);
    if (s.replay.game.end_reason() != EndReason::forfeit) check_record_round_trip(s.replay);
  });
}

}  // namespace

void sgf_input(std::string_view data) {
  sgf::Limits limits;
  limits.max_bytes = 1 << 20;
  std::optional<sgf::Collection> c;
  if (!clean([&] { c = sgf::parse(data, "<fuzz>", limits); })) return;

  // What the writer writes reads back, and writes again identically.
  const std::string written = sgf::write(*c);
  std::string again;
  if (!clean([&] { again = sgf::write(sgf::parse(written, "<written>", limits)); }))
    fail("the writer's output does not parse", written);
  check(again == written, "write(parse(write(x))) differs from write(x)", written);

  // A few presets: the record's own rules, tang-song, and one picked by the input.
  const size_t h = std::hash<std::string_view>{}(data);
  const auto all = presets();
  const std::string picked = all[h % all.size()].name;
  // Half the inputs are read under the repair policy (docs/sgf.md), the record and its replay.
  sgf::ReadOptions ro;
  ro.limits = limits;
  ro.repair = (h >> 10) & 1;
  int games = 0;
  for (const sgf::GameTree& tree : c->games) {
    if (++games > 2) break;
    std::optional<sgf::Record> rec;
    if (!clean([&] { rec = sgf::read_record(tree, "<fuzz>", ro); })) continue;
    score_under(*rec, std::nullopt, false, true, ro.repair);
    score_under(*rec, std::string("tang-song"), (h >> 8) & 1, false, ro.repair);
    score_under(*rec, picked, (h >> 9) & 1, false, ro.repair);
  }
}

}  // namespace jpd::fuzz

#ifndef JPD_FUZZ_NO_ENTRY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  jpd::fuzz::sgf_input({reinterpret_cast<const char*>(data), size});
  return 0;
}
#endif
