// jpd dispute FILE.sgf --black "CMD" --white "CMD" [--rules P] [--out FILE.sgf] [--json]
//
// Settles a disagreement by play (实战解决): the game is resumed from its pause with two GTP
// engines as the players, under the preset's dispute rules, then counted with the statuses the
// play confirmed; the whole game, dispute included, can be written as SGF.
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "common.hpp"
#include "jpd/encoding.hpp"
#include "jpd/count.hpp"
#include "jpd/count_report.hpp"
#include "jpd/dispute.hpp"
#include "jpd/replay.hpp"
#include "jpd/sgf.hpp"
#include "jpd/text.hpp"

namespace jpd::cli {

void add_dispute_command(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand("dispute", "Settle a dispute by play: resume the game with two GTP engines, then count");
  static std::string file, rules, black, white, out, lang;
  static double timeout = 60;
  static int max_moves = 0;
  static bool json = false, no_cleanup = false;
  cmd->add_option("file", file, "SGF game record (paused, or stopping during play)")->required();
  cmd->add_option("--black", black, "the command of Black's engine, e.g. \"gnugo --mode gtp\"")->required();
  cmd->add_option("--white", white, "the command of White's engine")->required();
  cmd->add_option("--rules", rules, "PRESET[,key=value...] (default: as jpd score)");
  cmd->add_option("--out", out, "write the whole game, dispute included, to this SGF file");
  cmd->add_option("--timeout", timeout, "seconds an engine may take for one answer (default 60)");
  cmd->add_option("--max-moves", max_moves, "stop the dispute after this many moves (default: 3 x the points)");
  cmd->add_flag("--no-cleanup", no_cleanup, "use genmove even where an engine knows kgs-genmove_cleanup");
  cmd->add_option("--lang", lang, "language for people: zh or en")->check(CLI::IsMember({"zh", "en"}));
  cmd->add_flag("--json", json, "print the count as JSON (jpd score --json) with a \"dispute\" field");
  cmd->callback([&run] {
    run = [] {
      sgf::Record rec = load_record(file);
      Ruleset r = rules_for_record(rec, read_rules(rules));
      Replay rp = replay(rec, r);
      DisputeOptions o;
      o.timeout_seconds = timeout;
      o.max_moves = max_moves;
      o.cleanup = !no_cleanup;
      DisputeResult d = play_dispute(rp.game, black, white, o);
      Count c = count(d.game, d.statuses);
      for (const Message& n : d.notes) c.notes.push_back(Message("dispute.note", {MessageArg::message(n)}));
      for (const Message& n : rp.notes) c.notes.insert(c.notes.begin(), n);  // (each first: reversed)
      if (!out.empty()) {
        sgf::Record played = record_from_game(d.game);
        played.black_name = rec.black_name.empty() ? black : rec.black_name;
        played.white_name = rec.white_name.empty() ? white : rec.white_name;
        played.result = c.result;
        played.dead = c.dead_black;
        played.dead.insert(played.dead.end(), c.dead_white.begin(), c.dead_white.end());
        played.has_dead_markup = true;
        std::ofstream f(out);
        f << sgf::write(sgf::to_tree(played)) << "\n";
        if (!f) throw CommandError(Message("error.cmd.cannot_be_written", {out}));
      }
      if (json) {
        nlohmann::json j = to_json(c);
        j["file"] = file;
        j["dispute"] = {{"black", black}, {"white", white}, {"moves", d.moves}, {"notes", text(d.notes, Lang::en)},
                        {"out", out.empty() ? nlohmann::json(nullptr) : nlohmann::json(out)}};
        std::cout << json_text(j, 2) << "\n";
      } else {
        const Lang l = language(lang);
        std::cout << tr(l, "dispute.summary",
                        {std::to_string(d.moves), tr(l, "phase." + std::string(name_of(d.game.phase())))})
                  << "\n";
        for (const Message& n : d.notes) std::cout << "  * " << text(n, l) << "\n";
        std::cout << summary(c, l);
        if (!out.empty()) std::cout << tr(l, "dispute.written", {out}) << "\n";
      }
      return c_ok(c);
    };
  });
}

}  // namespace jpd::cli
