// One replay for the rule sets that referee alike (ReplayCache, RecordScorer: what jpd batch does
// for every record) against a replay and a count of each rule set's own (score_record): the same
// count, notes and errors word for word, on records of random games under every preset counted
// under every preset (refused moves, translated passes, adopted first players, disputes,
// negative moves) and on records of the shared corpus.
#include <gtest/gtest.h>

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "random_game.hpp"
#include "jpd/count_report.hpp"
#include "jpd/replay.hpp"
#include "jpd/rules.hpp"
#include "jpd/score.hpp"
#include "sgf_test_util.hpp"

using namespace jpd;

namespace {

// The count as JSON, or the error's type and message; `reason`: a replay error's.
std::string outcome(const std::function<Count()>& f, std::string& reason) {
  try {
    return to_json(f()).dump();
  } catch (const ReplayError& e) {
    reason = std::string(name_of(e.reason));
    return std::string("ReplayError ") + e.what() + " @" + std::to_string(e.where.line) + ":" +
           std::to_string(e.where.column) + " move " + std::to_string(e.move_number) + " " +
           reason + " in " + e.file;
  } catch (const std::exception& e) {
    return std::string("error ") + e.what();
  }
}

struct Tally {
  int compared = 0, errors = 0, notes = 0;  // notes: counts with notes naming the preset
  std::set<std::string> error_kinds;
};

// Every preset and the record's own rules, through one RecordScorer and through score_record.
void compare_all(const sgf::Record& r, const ScoreOptions& base, Tally& t) {
  RecordScorer scorer(r, base);
  std::vector<std::optional<RulesText>> rules = {std::nullopt};
  for (const Preset& p : presets()) rules.push_back(parse_rules_text(p.name));
  rules.push_back(parse_rules_text("tang-song,komi=0.5,first_player=W"));
  for (const auto& rs : rules) {
    ScoreOptions o = base;
    o.rules = rs;
    std::string reason, shared_reason;
    const std::string plain = outcome([&] { return score_record(r, o).count; }, reason);
    const std::string shared = outcome([&] { return scorer.count(rs); }, shared_reason);
    ASSERT_EQ(shared, plain) << (rs ? rs->rules.to_string() : "record");
    ++t.compared;
    if (!reason.empty()) {
      ++t.errors;
      t.error_kinds.insert(reason);
    } else if (plain.find(" are read as ") != std::string::npos ||
               plain.find(" is taken as the first player") != std::string::npos) {
      ++t.notes;  // notes naming the preset
    }
  }
}

}  // namespace

TEST(SharedReplay, CountsEqualEachRuleSetsOwnReplayOnRandomGames) {
  Tally t;
  int index = 0;
  for (const Preset& p : presets()) {
    for (int n = 0; n < 12; ++n) {
      RandomGameOptions ro;
      ro.max_size = n % 3 == 0 ? 13 : 7;
      ro.dispute_one_in = 3;
      const RandomGame rg = random_game(p.rules, random_game_seed(8, index, uint64_t(n)), ro);
      const sgf::Record written = record_from_game(rg.game);
      const sgf::Record r =
          sgf::read_record_text(sgf::write(sgf::to_tree(written)), "game-" + std::to_string(n));
      ScoreOptions o;
      o.dead = rg.statuses.dead;
      o.claims = rg.statuses.claims;
      o.keep_steps = n % 2 == 0;
      compare_all(r, o, t);
      if (HasFatalFailure()) return;
    }
    ++index;
  }
  EXPECT_GT(t.compared, 6000);
  EXPECT_GT(t.errors, 300);  // refused moves, with the preset in the message
  EXPECT_GT(t.error_kinds.size(), 3u);
  EXPECT_GT(t.notes, 1000);
}

TEST(SharedReplay, CountsEqualEachRuleSetsOwnReplayOnCorpusRecords) {
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  const std::vector<std::string> files = test::corpus_files();
  Tally t;
  for (size_t k = 0; k < files.size(); k += 25) {
    const sgf::Record r = sgf::read_record_file(files[k]);
    ScoreOptions o;
    o.dead_from = DeadFrom::sgf;
    o.keep_steps = false;
    o.texts = k % 2 == 0;
    compare_all(r, o, t);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(t.compared, 1000);
}

TEST(SharedReplay, GamesAreReplayedOncePerGroupOfRuleSetsThatMakeTheSameGame) {
  // No position recurs and nothing is a suicide: rule sets that differ only in legality share.
  const sgf::Record r = sgf::read_record_text(
      "(;GM[1]SZ[9]KM[7]RU[Chinese];B[ee];W[cc];B[gc];W[cg];B[];W[])");
  ReplayCache cache(r);
  std::vector<const Game*> games;
  for (const Preset& p : presets()) games.push_back(&cache.get(p.rules).game);
  // tang-song ming-qing sci-3-x / sci-2-x / living-x / aga / the other 13, which pass.
  EXPECT_EQ(cache.replays(), 5u);
  for (size_t i = 0; i < games.size(); ++i)
    for (size_t j = 0; j < games.size(); ++j)
      EXPECT_EQ(games[i] == games[j],
                same_referee_but_legality(presets()[i].rules, presets()[j].rules))
          << presets()[i].name << " " << presets()[j].name;
}

TEST(SharedReplay, AKoRetakenAfterThePauseIsNotSharedWithRulesThatForbidIt) {
  // Black takes a ko, both pass, White takes it back in the dispute: the position before Black
  // took it recurs. Legal under simple ko and where the history starts afresh at the pause;
  // refused by positional and situational superko otherwise. Only the games that are the same
  // are shared.
  const sgf::Record r = sgf::read_record_text(
      "(;GM[1]SZ[5]KM[0]RU[Japanese];B[bb];W[cb];B[ac];W[bc];B[bd];W[cd];B[ea];W[dc];B[cc];W[]"
      ";B[];W[bc];B[];W[])");
  ScoreOptions o;
  o.dead_from = DeadFrom::none;
  RecordScorer scorer(r, o);
  for (const Preset& p : presets()) {
    ScoreOptions each = o;
    each.rules = parse_rules_text(p.name);
    std::string plain, shared;
    try {
      plain = to_json(score_record(r, each).count).dump();
    } catch (const std::exception& e) {
      plain = e.what();
    }
    try {
      shared = to_json(scorer.count(each.rules)).dump();
    } catch (const std::exception& e) {
      shared = e.what();
    }
    EXPECT_EQ(shared, plain) << p.name;
  }
  auto rules = [](const char* name) { return find_preset(name)->rules; };
  ReplayCache cache(r);
  const Game& japanese = cache.get(rules("japanese")).game;
  EXPECT_EQ(&cache.get(rules("korean")).game, &japanese);
  EXPECT_EQ(&cache.get(rules("ancient")).game, &japanese);  // simple ko: referees alike
  EXPECT_FALSE(makes_same_game(japanese, rules("chinese")));
  EXPECT_THROW(cache.get(rules("chinese")), ReplayError);
  EXPECT_THROW(cache.get(rules("ing")), ReplayError);
  EXPECT_NE(&cache.get(rules("sci-1-1")).game, &japanese);  // legal there, but not shared
  EXPECT_EQ(cache.replays(), 4u);
}

TEST(SharedReplay, AGameSaidToBeTheSameIsTheGameTheRulesMake) {
  // makes_same_game's promise, checked by replaying: for records of random games (ko fights,
  // suicides, disputes) and every pair of presets that differ only in legality, a game said to
  // be the other rules' game is the one their own replay makes: the same record written back,
  // board, counters, phase and end.
  auto moves_text = [](const Game& g) {  // the record of the game, its rules aside
    sgf::Record r = record_from_game(g);
    r.rules.clear();
    r.komi.reset();
    return sgf::write(sgf::to_tree(r));
  };
  auto same = [&](const Game& a, const Game& b) {
    const Counters &x = a.counters(), &y = b.counters();
    bool counters = true;
    for (int i = 0; i < 2; ++i)
      counters = counters && x.play[i].real == y.play[i].real &&
                 x.play[i].captured == y.play[i].captured &&
                 x.dispute[i].real == y.dispute[i].real && x.setup[i] == y.setup[i];
    return counters && a.board().same_position(b.board()) &&
           a.pause_board().same_position(b.pause_board()) && a.phase() == b.phase() &&
           a.end_reason() == b.end_reason() && a.moves().size() == b.moves().size() &&
           a.pauses() == b.pauses() && a.to_move() == b.to_move() &&
           moves_text(a) == moves_text(b) &&
           x.last_real.index == y.last_real.index && x.first_pass.index == y.first_pass.index;
  };
  int index = 0, said_same = 0, refused_elsewhere = 0;
  for (const Preset& p : presets()) {
    for (int n = 0; n < 30; ++n) {
      RandomGameOptions ro;
      ro.min_size = 3;
      ro.max_size = 6;  // small boards: kos and repetitions
      const RandomGame rg = random_game(p.rules, random_game_seed(12, index, uint64_t(n)), ro);
      const sgf::Record r =
          sgf::read_record_text(sgf::write(sgf::to_tree(record_from_game(rg.game))));
      for (const Preset& a : presets()) {
        std::optional<Replay> ra;
        try {
          ra.emplace(replay(r, a.rules));
        } catch (const ReplayError&) {
          continue;
        }
        for (const Preset& b : presets()) {
          if (&a == &b || !same_referee_but_legality(a.rules, b.rules) ||
              same_referee(a.rules, b.rules))
            continue;
          if (!makes_same_game(ra->game, b.rules)) {
            try {
              replay(r, b.rules);
            } catch (const ReplayError&) {
              ++refused_elsewhere;
            }
            continue;
          }
          ++said_same;
          const Replay rb = replay(r, b.rules);  // must not throw
          ASSERT_TRUE(same(ra->game, rb.game)) << a.name << " / " << b.name << " game " << n;
        }
      }
    }
    ++index;
  }
  EXPECT_GT(said_same, 20000);
  EXPECT_GT(refused_elsewhere, 500);
}
