// jpd replay FILE.sgf [--rules PRESET] [--json]: the final position, the phase and the counters.
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "common.hpp"
#include "jpd/encoding.hpp"
#include "jpd/replay.hpp"
#include "jpd/text.hpp"

namespace jpd::cli {

namespace {
nlohmann::json counts_json(const MoveCounts& m) {
  return {{"real", m.real},         {"virtual", m.virtual_moves}, {"pass", m.passes},
          {"negative_a", m.negative_a}, {"negative_b", m.negative_b}, {"proposals", m.proposals},
          {"captured", m.captured}};
}
nlohmann::json ref_json(const MoveRef& r) {
  if (!r.exists()) return nullptr;
  return {{"color", std::string(color_letter(r.color))}, {"move", r.index + 1}};
}
}  // namespace

void add_replay_command(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand("replay", "Replay a game record under a rule set and show the final "
                                           "position, the phase and the counters");
  static std::string file, rules, lang;
  static std::optional<RulesText> given;  // --rules, read
  static bool json = false;
  static RecordArgs record;
  cmd->add_option("file", file, "SGF game record")->required();
  cmd->add_option("--lang", lang, "language for people: zh or en (default: from the locale)")
      ->check(CLI::IsMember({"zh", "en"}));
  cmd->add_option("--rules", rules,
                  std::string("PRESET[,key=value...] (default: the record's RU, else ") +
                      kDefaultPreset + ")");
  cmd->add_flag("--json", json, "print JSON");
  add_record_options(cmd, record, false);
  cmd->callback([&run] {
    given = rules_option("--rules", rules);
    run = [] {
      sgf::Record rec = load_record(file, record);
      Ruleset r = rules_for_record(rec, given);
      ReplayOptions ro;
      apply_record_args(record, ro);
      Replay rp = replay(rec, r, ro);
      const Game& g = rp.game;
      const Counters& c = g.counters();
      if (json) {
        nlohmann::json j;
        j["file"] = file;
        j["rules"] = rp.rules.to_string();
        j["board_size"] = g.width() == g.height() ? nlohmann::json(g.width())
                                                  : nlohmann::json({g.width(), g.height()});
        j["phase"] = std::string(name_of(g.phase()));
        j["end"] = std::string(name_of(g.end_reason()));
        j["to_move"] = std::string(color_letter(g.to_move()));
        j["moves"] = g.moves().size();
        j["paused_by_agreement"] = g.paused_by_agreement();
        j["stopped_without_pause"] = rp.stopped_without_pause;
        nlohmann::json counters;
        for (Color col : {Color::Black, Color::White}) {
          std::string k(color_letter(col));
          counters["play"][k] = counts_json(c.play[color_index(col)]);
          counters["dispute"][k] = counts_json(c.dispute[color_index(col)]);
          counters["setup"][k] = c.setup[color_index(col)];
        }
        j["counters"] = counters;
        j["first_virtual"] = ref_json(c.first_virtual);
        j["first_pass"] = ref_json(c.first_pass);
        j["last_real"] = ref_json(c.last_real);
        std::string board = g.board().to_string();
        nlohmann::json rows = nlohmann::json::array();
        for (size_t a = 0; a < board.size();) {
          size_t b = board.find('\n', a);
          rows.push_back(board.substr(a, b - a));
          a = b + 1;
        }
        j["board"] = rows;
        j["notes"] = text(rp.notes, Lang::en);
        nlohmann::json repairs = nlohmann::json::array();
        for (const sgf::Repair& x : rp.repairs)
          repairs.push_back({{"move", x.move_number}, {"kind", std::string(sgf::name_of(x.kind))},
                             {"detail", text(x.detail, Lang::en)}});
        j["repairs"] = repairs;
        j["game"] = rec.game + 1;
        j["games"] = rec.games;
        std::cout << json_text(j, 2) << "\n";
        return kExitOk;
      }
      const Lang l = language(lang);
      auto who = [&](Color col) { return is_stone(col) ? colour_word(col, l) : std::string("-"); };
      if (const std::string line = games_line(rec, l, false); !line.empty()) std::cout << line << "\n";
      std::cout << tr(l, "replay.rules", {rp.rules.to_string()}) << "\n"
                << tr(l, "replay.board",
                      {std::to_string(g.width()), std::to_string(g.height()), std::to_string(g.moves().size()),
                       tr(l, "phase." + std::string(name_of(g.phase()))),
                       g.paused_by_agreement() ? tr(l, "replay.by_agreement") : "", side_word(g.to_move(), l)})
                << "\n\n"
                << g.board().to_string() << "\n";
      std::cout << tr(l, "replay.table") << "\n";
      for (Color col : {Color::Black, Color::White}) {
        MoveCounts t = c.total(col);
        std::cout << "  " << colour_word(col, l) << std::string(size_t(std::max(1, 9 - display_width(colour_word(col, l)))), ' ');
        std::printf("%6d %7d %4d %8d\n", t.real, t.virtual_moves, t.passes, t.captured);
        std::cout.flush();
      }
      std::cout << "  " << tr(l, "replay.order", {who(c.first_virtual.color), who(c.last_real.color)}) << "\n";
      for (const Message& n : rp.notes) std::cout << "  * " << text(n, l) << "\n";
      return kExitOk;
    };
  });
}

}  // namespace jpd::cli
