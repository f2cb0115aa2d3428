// One replay for the rule sets that referee alike (ReplayCache, RecordScorer: what jpd batch does
// for every record) against a replay and a count of each rule set's own (score_record): the same
// count, notes and errors word for word, on records of random games under every preset counted
// under every preset (refused moves, translated passes, adopted first players, disputes,
// negative moves) and on records of the shared corpus.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "jpd/random_game.hpp"
#include "jpd/rules.hpp"
#include "jpd/score.hpp"

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
  std::vector<std::optional<std::string>> rules = {std::nullopt};
  for (const Preset& p : presets()) rules.push_back(std::string(p.name));
  rules.push_back(std::string("tang-song,komi=0.5,first_player=W"));
  for (const auto& rs : rules) {
    ScoreOptions o = base;
    o.rules = rs;
    std::string reason, shared_reason;
    const std::string plain = outcome([&] { return score_record(r, o).count; }, reason);
    const std::string shared = outcome([&] { return scorer.count(rs); }, shared_reason);
    ASSERT_EQ(shared, plain) << (rs ? *rs : "record");
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
  const std::string dir = std::string(JPD_SHARED_DIR) + "/corpus/games";
  if (!std::filesystem::is_directory(dir)) GTEST_SKIP() << "no shared corpus at " << dir;
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(dir)) files.push_back(e.path());
  std::sort(files.begin(), files.end());
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

TEST(SharedReplay, GamesAreReplayedOncePerGroupOfRuleSetsThatRefereeAlike) {
  const sgf::Record r = sgf::read_record_text(
      "(;GM[1]SZ[9]KM[7]RU[Chinese];B[ee];W[cc];B[gc];W[cg];B[];W[])");
  ReplayCache cache(r);
  std::vector<const Game*> games;
  for (const Preset& p : presets()) games.push_back(&cache.get(p.rules).game);
  // Groups: tang-song ming-qing / sci-1-x sci-4-x / sci-2-x / sci-3-x / art-great / living-x /
  // chinese chinese-2008 / japanese korean ancient / aga / ing new-zealand / tromp-taylor.
  EXPECT_EQ(cache.replays(), 11u);
  EXPECT_EQ(games[0], games[1]);  // tang-song, ming-qing
  for (size_t i = 0; i < games.size(); ++i)
    for (size_t j = 0; j < games.size(); ++j)
      EXPECT_EQ(games[i] == games[j], same_referee(presets()[i].rules, presets()[j].rules))
          << presets()[i].name << " " << presets()[j].name;
}
