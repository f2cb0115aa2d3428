// Matches with jpd as the referee: jpd gtp against GNU Go (Debian's gnugo, level 1) on 9x9 under
// tang-song, sci-1-1 and japanese; the referee loop's forfeits, pauses, disputes and statuses with
// engines in this process and with misbehaving programs.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sys/wait.h>

#include "jpd/text.hpp"
#include "jpd/match.hpp"
#include "jpd/score.hpp"
#include "jpd/sgf.hpp"

using namespace jpd;

namespace {

const std::string kGnuGo = "gnugo --mode gtp --level 1 --seed 1";
std::string jpd_gtp(int playouts) {
  return std::string(JPD_BINARY) + " gtp --playouts " + std::to_string(playouts);
}

GtpEngineOptions engine_opts(int playouts = 300) {
  GtpEngineOptions o;
  o.genmove.playouts = playouts;
  o.statuses = [](const Game&) { return Statuses{}; };
  return o;
}

// No dead stones: the referee's judgement in tests that do not need GNU Go or the estimator.
Statuses none(const Game&) { return Statuses{}; }

// A counted game: paused without a forfeit, counted, every invariant holding, the SGF written and
// read back to the same position and result.
void expect_clean_game(const MatchGame& g, const std::string& what) {
  SCOPED_TRACE(what);
  EXPECT_EQ(g.play.stop, PlayResult::Stop::paused) << text(g.play.reason, Lang::en);
  EXPECT_EQ(g.game.phase(), Phase::paused);
  EXPECT_EQ(g.count.end, EndReason::counted);
  EXPECT_TRUE(g.count.all_invariants_hold);
  for (const Invariant& i : g.count.invariants) EXPECT_TRUE(i.ok) << i.name << ": " << text(i.detail, Lang::en);
  EXPECT_TRUE(is_stone(g.count.winner)) << g.result;
  EXPECT_EQ(g.result, g.count.result);
  ASSERT_FALSE(g.sgf_path.empty());
  const sgf::Record rec = sgf::read_record_file(g.sgf_path);
  EXPECT_EQ(rec.result, g.result);
  EXPECT_EQ(rec.black_name, g.black);
  EXPECT_TRUE(rec.has_dead_markup);
  const Scored s = score_record(rec);  // the rules from RU, the dead stones from JD
  EXPECT_TRUE(s.replay.game.board().same_position(g.game.board()));
  EXPECT_EQ(s.count.result, g.result);
  EXPECT_TRUE(s.count.all_invariants_hold);
}

}  // namespace

// ---- against GNU Go ----

class AgainstGnuGo : public testing::TestWithParam<const char*> {};

TEST_P(AgainstGnuGo, FinishesCountedWithoutAnIllegalMove) {
  const std::string rules = GetParam();
  MatchOptions o;
  o.rules = parse_ruleset(rules);
  o.size = 9;
  o.out_dir = testing::TempDir() + "match-" + rules;
  auto jpd = MatchPlayer::process(jpd_gtp(3000), 60);
  auto gnugo = MatchPlayer::process(kGnuGo, 60);
  EXPECT_EQ(jpd->name(), "jpd 0.1.0");
  EXPECT_EQ(gnugo->name(), "GNU Go 3.8");
  EXPECT_EQ(jpd->style(), MirrorStyle::jpd);
  EXPECT_EQ(gnugo->style(), MirrorStyle::plain);
  // jpd as Black, then GNU Go as Black.
  const MatchGame a = run_match_game(*jpd, *gnugo, o, 1);
  expect_clean_game(a, rules + ", jpd Black");
  const MatchGame b = run_match_game(*gnugo, *jpd, o, 2);
  expect_clean_game(b, rules + ", GNU Go Black");
  EXPECT_GT(b.game.moves().size(), 20u);
  std::printf("[ %s ] jpd (B) - GNU Go (W): %s; GNU Go (B) - jpd (W): %s\n", rules.c_str(),
              a.result.c_str(), b.result.c_str());
}

INSTANTIATE_TEST_SUITE_P(Rules, AgainstGnuGo, testing::Values("tang-song", "sci-1-1", "japanese"),
                         [](const auto& info) {
                           std::string n = info.param;
                           for (char& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });

TEST(Match, CommandLinePlaysAndReportsJson) {
  const std::string out = testing::TempDir() + "match-cli";
  const std::string cmd = std::string(JPD_BINARY) + " match --black \"" + jpd_gtp(300) +
                          "\" --white \"" + kGnuGo + "\" --size 5 --games 2 --alternate " +
                          "--rules living-a --json --out " + out + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string text;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) text.append(buf.data(), n);
  EXPECT_EQ(WEXITSTATUS(pclose(p)), 0) << text;
  auto j = nlohmann::json::parse(text);
  EXPECT_EQ(j["rules"], "living-a");
  ASSERT_EQ(j["games"].size(), 2u);
  EXPECT_EQ(j["games"][1]["black"], "GNU Go 3.8");
  for (auto& g : j["games"]) {
    EXPECT_TRUE(g["all_invariants_hold"].get<bool>());
    EXPECT_FALSE(g["result"].get<std::string>().empty());
  }
  EXPECT_EQ(j["wins"]["jpd 0.1.0"].get<int>() + j["wins"]["GNU Go 3.8"].get<int>() +
                j["other"].get<int>(),
            2);
}

TEST(Match, SeriesAgainstGnuGoIsKomiFreeAndDecidedByTheTotalDifference) {
  // jpd match --series against GNU Go on 9x9, two games: colours swapped, komi 0, the standing
  // under the match's rules and one more rule set, in JSON; jpd series on the written records
  // reads the same series back.
  const std::string out = testing::TempDir() + "match-series";
  const std::string cmd = std::string(JPD_BINARY) + " match --black \"" + jpd_gtp(300) +
                          "\" --white \"" + kGnuGo + "\" --size 9 --games 2 --series " +
                          "--rules chinese --series-rules tang-song --json --out " + out + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string text;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) text.append(buf.data(), n);
  EXPECT_EQ(WEXITSTATUS(pclose(p)), 0) << text;
  const auto j = nlohmann::json::parse(text);
  EXPECT_EQ(j["rules"], "chinese,komi=0");
  ASSERT_EQ(j["games"].size(), 2u);
  EXPECT_EQ(j["games"][0]["black"], "jpd 0.1.0");
  EXPECT_EQ(j["games"][1]["black"], "GNU Go 3.8");
  EXPECT_EQ(j["series"]["komi"], 0);  // the object of jpd series --json
  EXPECT_EQ(j["series"]["tie_break"], "wins");
  const auto& standings = j["series"]["standings"];
  ASSERT_EQ(standings.size(), 2u);
  EXPECT_EQ(standings[0]["rules"], "chinese,komi=0");
  EXPECT_EQ(standings[1]["rules"], "tang-song,komi=0");
  const auto& s = standings[0];
  EXPECT_EQ(s["players"], nlohmann::json::array({"jpd 0.1.0", "GNU Go 3.8"}));
  double total = 0;
  for (int k = 0; k < 2; ++k) {
    EXPECT_EQ(s["games"][k]["result"], j["games"][k]["result"]);  // the match's own count
    total += s["games"][k]["difference_a"].get<double>();
  }
  EXPECT_EQ(s["total"]["difference"].get<double>(), total);
  EXPECT_TRUE(s["all_invariants_hold"].get<bool>());
  const std::string back = std::string(JPD_BINARY) + " series " + out + "/game-001.sgf " + out +
                           "/game-002.sgf --dead-from sgf --json 2>&1";
  p = popen(back.c_str(), "r");
  text.clear();
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) text.append(buf.data(), n);
  EXPECT_EQ(WEXITSTATUS(pclose(p)), 0) << text;
  const auto read_back = nlohmann::json::parse(text);
  EXPECT_EQ(read_back["komi"], j["series"]["komi"]);
  const auto again = read_back["standings"][0];
  EXPECT_EQ(again["total"], s["total"]);
  EXPECT_EQ(again["winner"], s["winner"]);
}

TEST(Match, CommandLineRefusesBadArguments) {
  auto run = [](const std::string& args) {
    FILE* p = popen((std::string(JPD_BINARY) + " match " + args + " 2>&1").c_str(), "r");
    std::array<char, 4096> buf;
    while (fread(buf.data(), 1, buf.size(), p) > 0) {
    }
    return WEXITSTATUS(pclose(p));
  };
  EXPECT_EQ(run("--black gnugo"), 2);
  EXPECT_EQ(run("--black gnugo --white gnugo --rules cosmic"), 2);
}

// ---- the referee loop, engines in this process ----

TEST(Match, AgreedPauseRulesEndByProposalAndAcceptance) {
  auto a = MatchPlayer::engine(engine_opts());
  auto b = MatchPlayer::engine(engine_opts());
  MatchOptions o;
  o.rules = parse_ruleset("living-a");
  o.size = 5;
  o.fallback_statuses = none;
  MatchGame g = run_match_game(*a, *b, o, 1);
  EXPECT_EQ(g.play.stop, PlayResult::Stop::paused) << text(g.play.reason, Lang::en);
  EXPECT_TRUE(g.game.paused_by_agreement());
  EXPECT_TRUE(g.count.all_invariants_hold);
  EXPECT_EQ(text(g.statuses_from, Lang::en), "both players agree (0 dead stones)");
}

TEST(Match, DisputePlayResumesAPausedGameUntilTheNextPause) {
  auto a = MatchPlayer::engine(engine_opts());
  auto b = MatchPlayer::engine(engine_opts());
  Game g(parse_ruleset("sci-1-1"), 5);
  PlayResult first = play_until_pause(g, *a, *b);
  ASSERT_EQ(first.stop, PlayResult::Stop::paused) << text(first.reason, Lang::en);
  EXPECT_EQ(g.pauses(), 1);
  PlayResult dispute = play_until_pause(g, *a, *b);  // resumes, both engines play on
  ASSERT_EQ(dispute.stop, PlayResult::Stop::paused) << text(dispute.reason, Lang::en);
  EXPECT_EQ(g.pauses(), 2);
  EXPECT_GE(dispute.moves, 2);
  EXPECT_GT(g.counters().dispute[0].passes + g.counters().dispute[1].passes, 0);
  // A living-stone game resumed: the referee plays the opening virtual moves (003 art. 21.4).
  Game h(parse_ruleset("living-b"), 5);
  ASSERT_EQ(play_until_pause(h, *a, *b).stop, PlayResult::Stop::paused);
  ASSERT_TRUE(h.resume_dispute(true).ok());
  const int virtuals = h.virtual_stones(Color::Black) + h.virtual_stones(Color::White);
  ASSERT_EQ(play_until_pause(h, *a, *b).stop, PlayResult::Stop::paused);
  EXPECT_GE(h.virtual_stones(Color::Black) + h.virtual_stones(Color::White), virtuals);
  EXPECT_EQ(h.pauses(), 2);
}

TEST(Match, OwedOpeningVirtualMovesArePlayedByTheReferee) {
  auto a = MatchPlayer::engine(engine_opts());
  auto b = MatchPlayer::engine(engine_opts());
  for (const char* rules : {"living-b", "sci-1-1"}) {
    Game g(parse_ruleset(rules), 5);
    ASSERT_EQ(play_until_pause(g, *a, *b).stop, PlayResult::Stop::paused) << rules;
    ASSERT_TRUE(g.resume_dispute(false).ok());  // the players owe the virtual moves, if any
    PlayResult r = play_until_pause(g, *a, *b);
    EXPECT_EQ(r.stop, PlayResult::Stop::paused) << rules << ": " << text(r.reason, Lang::en);
    EXPECT_EQ(g.pauses(), 2) << rules;
  }
}

TEST(Match, MoveLimitStopsAndCounts) {
  auto a = MatchPlayer::engine(engine_opts());
  auto b = MatchPlayer::engine(engine_opts());
  MatchOptions o;
  o.rules = parse_ruleset("tang-song");
  o.size = 9;
  o.max_moves = 6;
  o.fallback_statuses = none;
  MatchGame g = run_match_game(*a, *b, o, 1);
  EXPECT_EQ(g.play.stop, PlayResult::Stop::move_limit);
  EXPECT_EQ(g.game.moves().size(), 6u);
  EXPECT_EQ(g.game.phase(), Phase::paused);
  EXPECT_TRUE(g.count.all_invariants_hold);
}

TEST(Match, PlayersThatDisagreeAreSettledByTheReferee) {
  GtpEngineOptions sees_dead = engine_opts();
  sees_dead.statuses = [](const Game& g) {
    Statuses st;
    for (int y = 0; y < g.height(); ++y)
      for (int x = 0; x < g.width(); ++x)
        if (g.board().at(Point(x, y)) == Color::White && st.dead.empty())
          st.dead.push_back(Point(x, y));
    return st;
  };
  auto a = MatchPlayer::engine(engine_opts());
  auto b = MatchPlayer::engine(sees_dead);
  Game g(parse_ruleset("japanese"), 5);
  ASSERT_EQ(play_until_pause(g, *a, *b).stop, PlayResult::Stop::paused);
  Message how;
  bool asked = false;
  Statuses st = match_statuses(g, *a, *b, how, [&](const Game&) {
    asked = true;
    Statuses s;
    s.source = StatusSource::given;
    return s;
  });
  if (g.board().stones(Color::White) > 0) {
    EXPECT_TRUE(asked);
    EXPECT_EQ(st.source, StatusSource::given);
    EXPECT_NE(text(how, Lang::en).find("disagree"), std::string::npos) << text(how, Lang::en);
  }
}

// The statuses used instead are named in the note by their source's key in English and by its
// words in Chinese, with what of the source in either language (no English inside the Chinese).
TEST(Match, TheDisagreementNoteNamesTheSourceInEachLanguage) {
  GtpEngineOptions sees_dead = engine_opts();
  sees_dead.statuses = [](const Game& g) {
    Statuses st;
    for (int y = 0; y < g.height(); ++y)
      for (int x = 0; x < g.width(); ++x)
        if (g.board().at(Point(x, y)) != Color::Empty && st.dead.empty()) st.dead.push_back(Point(x, y));
    return st;
  };
  auto a = MatchPlayer::engine(engine_opts());
  auto b = MatchPlayer::engine(sees_dead);
  Game g(parse_ruleset("japanese"), 5);
  ASSERT_EQ(play_until_pause(g, *a, *b).stop, PlayResult::Stop::paused);
  ASSERT_GT(g.board().stones(Color::Black) + g.board().stones(Color::White), 0);
  Message how;
  match_statuses(g, *a, *b, how, [&](const Game&) {
    Statuses s;
    s.source = StatusSource::estimate;
    s.source_detail = Message("note.gtp_both");
    return s;
  });
  EXPECT_NE(text(how, Lang::en).find(": estimate (final_status_list dead of both players), 0 dead"),
            std::string::npos) << text(how, Lang::en);
  EXPECT_NE(text(how, Lang::zh).find("：内置形势判断（双方 final_status_list dead 的回答），死子 0 枚"),
            std::string::npos) << text(how, Lang::zh);
  match_statuses(g, *a, *b, how, [&](const Game&) {
    Statuses s;
    s.source = StatusSource::given;
    return s;
  });
  EXPECT_NE(text(how, Lang::en).find(": given, 0 dead"), std::string::npos) << text(how, Lang::en);
  EXPECT_NE(text(how, Lang::zh).find("：指定，死子 0 枚"), std::string::npos) << text(how, Lang::zh);
}

TEST(Match, RunMatchAlternatesColoursAndTallies) {
  auto a = MatchPlayer::engine(engine_opts());
  auto b = MatchPlayer::engine(engine_opts());
  MatchOptions o;
  o.rules = parse_ruleset("chinese");
  o.size = 5;
  o.games = 2;
  o.alternate = true;
  o.fallback_statuses = none;
  int calls = 0;
  MatchSummary s = run_match(*a, *b, o, [&](const MatchGame&) { ++calls; });
  EXPECT_EQ(calls, 2);
  ASSERT_EQ(s.games.size(), 2u);
  EXPECT_EQ(s.wins_a + s.wins_b + s.other, 2);
  EXPECT_EQ(s.games[0].number, 1);
  EXPECT_EQ(s.games[1].number, 2);
}

TEST(Match, SeriesRulesRepeatingTheMatchRulesAddNoRowAndUnwrittenGamesAreNamedByPlayers) {
  // jpd match --series --rules chinese --series-rules chinese,tang-song, no --out: the standing
  // under chinese once (the repeated entry adds no row), tang-song beside it; the games have no
  // file, so the text names each by its number and players, never "game 1  game 1".
  auto a = MatchPlayer::engine(engine_opts());
  auto b = MatchPlayer::engine(engine_opts());
  MatchOptions o;
  o.rules = parse_ruleset("chinese");
  o.size = 5;
  o.games = 2;
  o.series = true;
  o.fallback_statuses = none;
  const MatchSummary s = run_match(*a, *b, o);
  ASSERT_EQ(s.games.size(), 2u);
  SeriesOptions so;
  so.score.dead_from = DeadFrom::sgf;
  so.rules.push_back(parse_rules_text("chinese"));
  so.rules.push_back(parse_rules_text("tang-song"));
  const std::vector<SeriesStanding> st = match_series(s, o, "alpha", "beta", so);
  ASSERT_EQ(st.size(), 2u);
  EXPECT_EQ(st[0].rules, "chinese,komi=0");
  EXPECT_EQ(st[1].rules.rfind("tang-song", 0), 0u) << st[1].rules;
  for (const SeriesGame& g : st[0].games) EXPECT_EQ(g.source, "");
  const std::string text = series_text(st, Lang::en);
  EXPECT_EQ(text.find("game 1  game 1"), std::string::npos) << text;
  EXPECT_NE(text.find("game 1  alpha (B) - beta (W)"), std::string::npos) << text;
  EXPECT_NE(text.find("game 2  beta (B) - alpha (W)"), std::string::npos) << text;
  size_t rows = 0;
  for (size_t at = text.find("\n  chinese"); at != std::string::npos;
       at = text.find("\n  chinese", at + 1))
    ++rows;
  EXPECT_EQ(rows, 1u) << text;
}

// ---- misbehaving programs ----

namespace {
// A GTP program in sh that answers `genmove` with `reply` and everything else with success.
std::string fake_engine(const std::string& reply) {
  return "sh -c 'while read l; do case \"$l\" in genmove*) printf \"= " + reply +
         "\\n\\n\";; *) printf \"= \\n\\n\";; esac; done'";
}
}  // namespace

TEST(Match, IllegalMoveForfeitsWithTheReason) {
  auto bad = MatchPlayer::process(fake_engine("A1"), 10);  // A1, then A1 again: occupied
  auto good = MatchPlayer::engine(engine_opts());
  MatchOptions o;
  o.rules = parse_ruleset("tang-song");
  o.size = 9;
  o.out_dir = testing::TempDir() + "match-forfeit";
  MatchGame g = run_match_game(*bad, *good, o, 1);
  EXPECT_EQ(g.play.stop, PlayResult::Stop::ended);
  EXPECT_EQ(g.play.culprit, Color::Black);
  EXPECT_NE(text(g.play.reason, Lang::en).find("illegal move"), std::string::npos) << text(g.play.reason, Lang::en);
  EXPECT_NE(text(g.play.reason, Lang::en).find("A1 is occupied"), std::string::npos) << text(g.play.reason, Lang::en);
  EXPECT_EQ(g.result, "W+F");
  EXPECT_EQ(g.game.end_reason(), EndReason::forfeit);
  EXPECT_EQ(sgf::read_record_file(g.sgf_path).result, "W+F");
}

TEST(Match, GarbageAndCrashesForfeit) {
  auto good = MatchPlayer::engine(engine_opts());
  {
    auto bad = MatchPlayer::process(fake_engine("banana"), 10);
    Game g(parse_ruleset("japanese"), 9);
    PlayResult r = play_until_pause(g, *good, *bad);
    EXPECT_EQ(r.culprit, Color::White);
    EXPECT_NE(text(r.reason, Lang::en).find("banana"), std::string::npos) << text(r.reason, Lang::en);
    EXPECT_EQ(g.end_reason(), EndReason::forfeit);
    EXPECT_EQ(g.winner(), Color::Black);
  }
  {
    // Answers the probes, then dies at the first genmove.
    auto bad = MatchPlayer::process(
        "sh -c 'while read l; do case \"$l\" in genmove*) exit 3;; *) printf \"= \\n\\n\";; "
        "esac; done'",
        10);
    Game g(parse_ruleset("japanese"), 9);
    PlayResult r = play_until_pause(g, *bad, *good);
    EXPECT_EQ(r.culprit, Color::Black);
    EXPECT_NE(text(r.reason, Lang::en).find("failed"), std::string::npos) << text(r.reason, Lang::en);
  }
}

TEST(Match, WithoutFriendlyPassesEnginesAreAskedForCleanupMoves) {
  // Tromp-Taylor counts the stones on the board as they stand (friendly_pass=false): an engine
  // that knows kgs-genmove_cleanup is asked for cleanup moves, so that it captures dead stones
  // before it passes; under Chinese rules (friendly passes) for ordinary moves.
  for (const char* rules : {"tromp-taylor", "chinese"}) {
    std::vector<std::string> asked;
    auto fake = [&](const std::string& name) {
      return std::make_unique<MatchPlayer>(name, [&asked](const std::string& line) -> std::string {
        if (line.rfind("known_command", 0) == 0)
          return line == "known_command kgs-genmove_cleanup" ? "true" : "false";
        if (line.rfind("genmove", 0) == 0 || line.rfind("kgs-genmove_cleanup", 0) == 0) {
          asked.push_back(line.substr(0, line.find(' ')));
          return "pass";
        }
        return "";
      });
    };
    auto b = fake("b"), w = fake("w");
    Game g(parse_ruleset(rules), 9);
    const PlayResult r = play_until_pause(g, *b, *w);
    EXPECT_EQ(r.stop, PlayResult::Stop::paused) << rules << ": " << text(r.reason, Lang::en);
    ASSERT_EQ(asked.size(), 2u) << rules;
    for (const std::string& a : asked)
      EXPECT_EQ(a, std::string(rules) == "tromp-taylor" ? "kgs-genmove_cleanup" : "genmove") << rules;
  }
}
