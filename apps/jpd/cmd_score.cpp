// jpd score FILE.sgf [...]   count one record under one rule set
// jpd compare FILE.sgf [...] count it under every preset, side by side
#include <cstdio>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "common.hpp"
#include "jpd/encoding.hpp"
#include "jpd/score.hpp"
#include "jpd/text.hpp"

namespace jpd::cli {

namespace {

struct StatusArgs {
  std::string dead;
  std::vector<std::string> claims;
  std::string dead_from = "auto";
  std::string lang;
  int playouts = 0;
  bool json = false;
  RecordArgs record;
};

void add_status_options(CLI::App* cmd, StatusArgs& a) {
  cmd->add_option("--dead", a.dead,
                  "dead stones: comma-separated points, GTP (A1 bottom-left, no I) or SGF (aa)");
  cmd->add_option("--claim", a.claims, "a claimed point COLOR:POINT (ko space, one-sided dame); repeatable");
  cmd->add_option("--dead-from", a.dead_from,
                  "where dead stones come from when --dead is not given: auto (the record's "
                  "markup, else the estimator), sgf, none, estimate, gtp:\"COMMAND\"");
  cmd->add_option("--playouts", a.playouts,
                  "playouts of the built-in estimator (more: slower and surer; default: by board size)")
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--lang", a.lang, "language for people: zh or en (default: from the locale)")
      ->check(CLI::IsMember({"zh", "en"}));
  cmd->add_flag("--json", a.json, "print JSON");
  add_record_options(cmd, a.record);
}

ScoreOptions score_options(const StatusArgs& a, const sgf::Record& rec) {
  ScoreOptions o;
  // The points are read on the record's board; a bad one is a usage error all the same.
  try {
    if (!a.dead.empty()) o.dead = parse_point_list(a.dead, rec.width, rec.height);
  } catch (const PointError& e) {
    throw OptionError("--dead", e);
  }
  for (auto& c : a.claims) {
    try {
      o.claims.push_back(parse_claim(c, rec.width, rec.height));
    } catch (const PointError& e) {
      throw OptionError("--claim", e);
    }
  }
  o.estimate.playouts = a.playouts;
  apply_record_args(a.record, o);
  set_dead_from_option(o, a.dead_from);
  return o;
}

std::string num(double v) { return format_number(v); }

// The figures of the primary method, as "12 : 15".
std::string figures_cell(const Count& c) {
  const Figures& f = primary_figures(c);
  return num(f.black) + " : " + num(f.white);
}

}  // namespace

void add_score_command(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand("score", "Count a game record under a rule set");
  static std::string file, rules;
  static std::optional<RulesText> given;  // --rules, read
  static StatusArgs a;
  static bool explain_flag = false;
  cmd->add_option("file", file, "SGF game record")->required();
  cmd->add_option("--rules", rules,
                  std::string("PRESET[,key=value...] (default: the record's RU when it names a "
                              "preset or a standard rule set, else ") +
                      kDefaultPreset + ")");
  add_status_options(cmd, a);
  cmd->add_flag("--explain", explain_flag, "show the making step by step and the arithmetic");
  cmd->callback([&run] {
    given = rules_option("--rules", rules);
    run = [] {
      sgf::Record rec = load_record(file, a.record);
      ScoreOptions o = score_options(a, rec);
      if (given) o.rules = given;
      Scored s = score_record(rec, o);
      const Lang lang = language(a.lang);
      if (a.json) {
        nlohmann::json j = to_json(s);
        j["file"] = file;
        std::cout << json_text(j, 2) << "\n";
        return c_ok(s.count);
      }
      // What the count stands for comes first: which game of the file, whether it was counted.
      for (const std::string& line : {games_line(rec, lang), record_end_warning(s.facts, lang)})
        if (!line.empty()) std::cout << line << "\n";
      if (explain_flag) {
        std::cout << explain(s.count, lang);
      } else {
        const Count& c = s.count;
        std::cout << summary(c, lang);
        std::cout << tr(lang, "score.figures",
                        {num(c.area().black), num(c.area().white), num(c.territory().black),
                         num(c.territory().white), num(c.living_stones().black), num(c.living_stones().white),
                         num(c.japanese().black), num(c.japanese().white)})
                  << "\n";
        std::cout << tr(lang, "score.statuses",
                        {status_source_name(c.status_source, lang),
                         std::to_string(c.dead_black.size() + c.dead_white.size()),
                         tr(lang, c.all_invariants_hold ? "inv.all_hold" : "inv.failed")})
                  << "\n";
        for (const Message& n : c.notes) std::cout << "  * " << text(n, lang) << "\n";
      }
      if (!s.facts.finishing.empty()) {
        std::string moves;
        for (const Move& m : s.facts.finishing)
          moves += (moves.empty() ? "" : lang == Lang::zh ? "，" : ", ") +
                   text(move_message(m, s.count.height), lang);
        std::cout << "  * " << tr(lang, "score.finishing_moves", {moves}) << "\n";
      }
      return c_ok(s.count);
    };
  });
}

int c_ok(const Count& c) { return c.all_invariants_hold ? kExitOk : kExitFailure; }

void add_compare_command(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand("compare", "Count a game record under every preset, side by side");
  static std::string file;
  static StatusArgs a;
  static bool preset_komi = false;
  cmd->add_option("file", file, "SGF game record")->required();
  add_status_options(cmd, a);
  cmd->add_flag("--preset-komi", preset_komi,
                "use each preset's own komi instead of the record's KM");
  cmd->callback([&run] {
    run = [] {
      sgf::Record rec = load_record(file, a.record);
      ScoreOptions base = score_options(a, rec);
      base.keep_steps = false;
      std::optional<RecordFacts> facts;  // of the first preset that counts it
      const Lang lang = language(a.lang);
      nlohmann::json rows = nlohmann::json::array();
      std::map<std::string, std::vector<std::string>> by_winner;
      std::string statuses, statuses_text;
      std::vector<CountingMethod> methods;  // of each row (that counts)
      bool all_hold = true;
      for (const Preset& p : presets()) {
        ScoreOptions o = base;
        // Without a komi in the rules, score_record takes the record's KM (exactly); with
        // --preset-komi the preset's own is given, or the record's would win.
        o.rules = RulesText{p.rules, {}};
        if (preset_komi) o.rules->keys.push_back("komi");
        nlohmann::json row;
        row["preset"] = p.name;
        CountingMethod method{};
        try {
          Scored s = score_record(rec, o);
          const Count& c = s.count;
          if (!facts) facts = s.facts;
          row["rules"] = c.rules.to_string();
          row["komi"] = c.komi;
          row["result"] = c.result;
          row["winner"] = is_stone(c.winner) ? nlohmann::json(std::string(color_letter(c.winner))) : nlohmann::json(nullptr);
          row["margin"] = c.margin;
          row["method"] = std::string(name_of(c.rules.counting));
          method = c.rules.counting;
          row["figures"] = figures_cell(c);
          row["primary_difference"] = c.primary_difference;
          row["pay"] = c.pay;
          row["first_player"] = std::string(color_letter(c.first));
          row["all_invariants_hold"] = c.all_invariants_hold;
          row["finishing_moves"] = finishing_moves_json(s.facts, c.height);
          all_hold = all_hold && c.all_invariants_hold;
          by_winner[colour_cell(c.winner)].push_back(p.name);
          if (statuses.empty()) {
            const std::string dead = std::to_string(c.dead_black.size() + c.dead_white.size());
            statuses = std::string(name_of(c.status_source)) + ", " + dead + " dead";  // JSON
            statuses_text = tr(lang, "compare.statuses", {status_source_name(c.status_source, lang), dead});
          }
        } catch (const std::exception& e) {
          row["error"] = e.what();
        }
        rows.push_back(row);
        methods.push_back(method);
      }
      if (a.json) {
        nlohmann::json j;
        j["file"] = file;
        j["board_size"] = rec.width == rec.height ? nlohmann::json(rec.width) : nlohmann::json({rec.width, rec.height});
        j["record_result"] = rec.result;
        j["record_komi"] = rec.komi ? nlohmann::json(*rec.komi) : nlohmann::json(nullptr);
        j["statuses"] = statuses;
        if (facts) add_record_facts(j, *facts);
        j["rows"] = rows;
        std::cout << json_text(j, 2) << "\n";
        return all_hold ? kExitOk : kExitFailure;
      }
      const Lang l = lang;
      for (const std::string& line : {games_line(rec, l), facts ? record_end_warning(*facts, l) : ""})
        if (!line.empty()) std::cout << line << "\n";
      if (facts)
        for (const sgf::Repair& r : facts->repairs) std::cout << "  * " << text(r.detail, l) << "\n";
      std::cout << tr(l, "compare.head",
                      {file, std::to_string(rec.width), std::to_string(rec.height),
                       rec.komi ? tr(l, "compare.komi", {num(*rec.komi)}) : "",
                       rec.result.empty() ? "" : tr(l, "compare.record_result", {rec.result}), statuses_text})
                << "\n\n";
      // Columns: preset, komi, result, method, figures, pay, invariants.
      const int widths[] = {14, 6, 9, 14, 14, 6};
      auto row_text = [&](std::initializer_list<std::string> cells) {
        std::string out;
        size_t k = 0;
        for (const std::string& cell : cells) {
          out += k < std::size(widths) ? pad(cell, widths[k]) + " " : cell;
          ++k;
        }
        while (!out.empty() && out.back() == ' ') out.pop_back();
        return out + "\n";
      };
      std::cout << row_text({tr(l, "compare.col.preset"), tr(l, "compare.col.komi"),
                             tr(l, "compare.col.result"), tr(l, "compare.col.method"),
                             tr(l, "compare.col.figures"), tr(l, "compare.col.pay"),
                             tr(l, "compare.col.invariants")});
      for (size_t k = 0; k < rows.size(); ++k) {
        nlohmann::json& r = rows[k];
        if (r.contains("error")) {
          std::cout << pad(r["preset"].get<std::string>(), widths[0]) << " "
                    << tr(l, "compare.error", {r["error"].get<std::string>()}) << "\n";
          continue;
        }
        const CountingMethod m = methods[k];
        std::cout << row_text({r["preset"].get<std::string>(), num(r["komi"].get<double>()),
                               r["result"].get<std::string>(), method_short(m, l),
                               r["figures"].get<std::string>(), num(r["pay"].get<double>()),
                               tr(l, r["all_invariants_hold"].get<bool>() ? "inv.ok" : "inv.failed")});
      }
      std::cout << "\n" << tr(l, "compare.winners") << "\n";
      for (auto& [w, names] : by_winner) {
        std::cout << "  "
                  << (w == "-" ? tr(l, "compare.no_winner")
                               : side_word(w == "B" ? Color::Black : Color::White, l))
                  << (l == Lang::zh ? "：" : ": ");
        for (size_t i = 0; i < names.size(); ++i) std::cout << (i ? ", " : "") << names[i];
        std::cout << "\n";
      }
      return all_hold ? kExitOk : kExitFailure;
    };
  });
}

}  // namespace jpd::cli
