// jpd match --black CMD --white CMD [--rules P] [--games N] [--size 9] [--out DIR] [--max-moves M]
//           [--alternate | --series [--series-rules LIST] [--tie-break wins|none]]
// engine against engine, jpd the referee
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "common.hpp"
#include "jpd/batch.hpp"
#include "jpd/encoding.hpp"
#include "jpd/match.hpp"
#include "jpd/text.hpp"

namespace jpd::cli {

void add_match_command(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand(
      "match", "Play GTP engines against each other with jpd as the referee, count every game");
  static std::string black, white;
  static MatchOptions o;
  static std::string rules = kDefaultPreset;
  static double timeout = 60;
  static bool json = false;
  static std::string series_rules, tie = "wins", lang;
  cmd->add_option("--black", black, "the first engine's command (Black in game 1)")->required();
  cmd->add_option("--white", white, "the second engine's command")->required();
  cmd->add_option("--rules", rules, std::string("PRESET[,key=value...] (default ") + kDefaultPreset + ")");
  cmd->add_option("--games", o.games, "number of games (default 1)")->check(CLI::Range(1, 100000));
  cmd->add_option("--size", o.size, "board size (default 9)")
      ->check(CLI::Range(kMinBoardSize, kMaxBoardSize));
  cmd->add_option("--out", o.out_dir, "directory for the SGF of every game (game-001.sgf ...)");
  cmd->add_option("--max-moves", o.max_moves,
                  "moves per game before the referee stops and counts (default 4 x points)")
      ->check(CLI::Range(0, 1000000));
  cmd->add_flag("--alternate", o.alternate, "swap colours every other game");
  cmd->add_flag("--series", o.series,
                "a komi-free series (the 004 essay): colours swapped every other game, komi 0, the "
                "winner by the total difference over the games, then game wins");
  cmd->add_option("--series-rules", series_rules,
                  "with --series: count the series under these rule sets too (jpd batch's list: "
                  "presets, all, jpd, standard), side by side");
  cmd->add_option("--tie-break", tie, "with --series: what decides a total difference of 0: wins or none")
      ->check(CLI::IsMember({"wins", "none"}));
  cmd->add_option("--lang", lang, "language for people: the games, the totals, the series (default: from the locale)")
      ->check(CLI::IsMember({"zh", "en"}));
  cmd->add_option("--seed", o.seed, "seed base for engines that know jpd-seed (default 1)");
  cmd->add_option("--timeout", timeout, "seconds an engine may take for one answer (default 60)");
  cmd->add_flag("--json", json, "print JSON");
  cmd->callback([&run] {
    run = [] {
      try {
        // A bad rule set fails before any engine starts.
        o.rules = parse_ruleset(rules.empty() ? kDefaultPreset : rules);
      } catch (const RulesError& e) {
        throw OptionError("--rules", e);
      }
      SeriesOptions so;
      so.tie = tie == "none" ? SeriesTieBreak::none : SeriesTieBreak::wins;
      if (!series_rules.empty()) {
        if (!o.series) throw OptionError("--series-rules", Message("error.option.needs", {"--series"}));
        try {
          for (const batch::RuleChoice& c : batch::parse_rule_list(series_rules))
            if (c.rules) so.rules.push_back(c.rules);
        } catch (const RulesError& e) {
          throw OptionError("--series-rules", e);
        }
      }
      so.score.dead_from = DeadFrom::sgf;  // the dead stones the match agreed (JD)
      auto a = MatchPlayer::process(black, timeout);
      auto b = MatchPlayer::process(white, timeout);
      std::string name_a = a->name(), name_b = b->name();
      if (name_a == name_b) {  // told apart in the games, their records and the series
        name_a += " (--black)";
        name_b += " (--white)";
        a->rename(name_a);
        b->rename(name_b);
      }
      const Lang l = language(lang);
      bool all_hold = true;
      nlohmann::json games = nlohmann::json::array();
      auto progress = [&](const MatchGame& g) {
        all_hold &= g.count.all_invariants_hold;
        const bool swapped = (o.alternate || o.series) && g.number % 2 == 0;
        const std::string& nb = swapped ? name_b : name_a;
        const std::string& nw = swapped ? name_a : name_b;
        if (json) {
          games.push_back({{"game", g.number}, {"black", nb}, {"white", nw},
                           {"result", g.result}, {"stop", std::string(name_of(g.play.stop))},
                           {"reason", text(g.play.reason, Lang::en)}, {"moves", g.game.moves().size()},
                           {"statuses", text(g.statuses_from, Lang::en)},
                           {"all_invariants_hold", g.count.all_invariants_hold},
                           {"sgf", g.sgf_path.empty() ? nlohmann::json(nullptr)
                                                      : nlohmann::json(g.sgf_path)},
                           {"notes", text(g.notes, Lang::en)}});
          return;
        }
        std::cout << tr(l, "match.game",
                        {std::to_string(g.number), nb, nw, result_words(g.result, l),
                         std::to_string(g.game.moves().size()),
                         tr(l, g.count.all_invariants_hold ? "match.hold" : "match.failed")});
        if (!g.sgf_path.empty()) std::cout << (l == Lang::zh ? "，" : ", ") << g.sgf_path;
        std::cout << "\n  " << tr(l, "match.dead", {text(g.statuses_from, l)}) << "\n";
        for (const Message& n : g.notes) std::cout << "  " << text(n, l) << "\n";
        std::cout.flush();
      };
      MatchSummary s = run_match(*a, *b, o, progress);
      std::vector<SeriesStanding> standings;
      if (o.series) {
        standings = match_series(s, o, name_a, name_b, so);
        for (const SeriesStanding& t : standings) all_hold &= t.all_invariants_hold;
      }
      Ruleset played = o.rules;
      if (o.series) played.komi = 0;
      if (json) {
        nlohmann::json j = {{"rules", played.to_string()},
                            {"size", o.size},
                            {"players", {name_a, name_b}},
                            {"wins", {{name_a, s.wins_a}, {name_b, s.wins_b}}},
                            {"other", s.other},
                            {"all_invariants_hold", all_hold},
                            {"games", games}};
        if (o.series) j["series"] = series_json(standings, so.tie);
        std::cout << json_text(j, 2) << "\n";
      } else {
        std::cout << tr(l, "match.total",
                        {name_a, std::to_string(s.wins_a), name_b, std::to_string(s.wins_b),
                         s.other ? tr(l, "match.no_winner", {std::to_string(s.other)}) : "",
                         played.to_string(), std::to_string(o.size)})
                  << "\n";
        if (o.series) std::cout << "\n" << series_text(standings, l);
      }
      return all_hold ? kExitOk : kExitFailure;
    };
  });
}

}  // namespace jpd::cli
