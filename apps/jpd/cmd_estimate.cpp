// jpd estimate FILE.sgf [--rules PRESET] [--playouts N] [--json] [--lang zh|en]
//
// What the built-in estimator thinks of the position a record would be counted at: every chain
// with its status and how sure the estimator is, the expected owner of every point, open kos and
// shapes left to dispute play, suggested claims.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "common.hpp"
#include "jpd/encoding.hpp"
#include "jpd/estimate.hpp"
#include "jpd/replay.hpp"
#include "jpd/text.hpp"

namespace jpd::cli {

namespace {

// The picture's character for a point: a chain's status, or an empty point's likely owner.
char estimate_glyph(const Estimate& e, Point p) {
  const ChainEstimate* c = e.chain_at(p);
  if (!c) {
    const double v = e.owner_at(p);
    return v > 0.5 ? '+' : v < -0.5 ? '-' : '.';
  }
  const bool black = c->color == Color::Black;
  switch (c->status) {
    case ChainStatus::alive: return black ? 'X' : 'O';
    case ChainStatus::dead: return black ? 'x' : 'o';
    case ChainStatus::seki: return black ? 'S' : 's';
    default: return '?';
  }
}

}  // namespace

void add_estimate_command(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand("estimate", "Show the built-in life-and-death estimate of a record's final position");
  static std::string file, rules, lang;
  static int playouts = 0;
  static bool json = false;
  static RecordArgs record;
  cmd->add_option("file", file, "SGF game record")->required();
  cmd->add_option("--rules", rules, "PRESET[,key=value...] (default: as jpd score)");
  add_record_options(cmd, record, false);
  cmd->add_option("--playouts", playouts, "playouts (default: by board size)")->check(CLI::Range(1, 1000000));
  cmd->add_flag("--json", json, "print JSON");
  cmd->add_option("--lang", lang, "language for people: zh or en (default: from the locale)")
      ->check(CLI::IsMember({"zh", "en"}));
  cmd->callback([&run] {
    run = [] {
      sgf::Record rec = load_record(file, record);
      Ruleset r = rules_for_record(rec, read_rules(rules));
      ReplayOptions ro;
      apply_record_args(record, ro);
      Replay rp = replay(rec, r, ro);
      EstimateOptions o;
      o.playouts = playouts;
      Estimate e = estimate(rp.game, o);
      const int w = e.width, h = e.height;
      if (json) {
        nlohmann::json j;
        j["file"] = file;
        j["rules"] = rp.game.rules().to_string();
        j["playouts"] = e.playouts;
        j["game"] = rec.game + 1;
        j["games"] = rec.games;
        j["detail"] = text(e.detail(), Lang::en);
        nlohmann::json chains = nlohmann::json::array();
        for (const ChainEstimate& c : e.chains)
          chains.push_back({{"stone", to_gtp(c.stone, h)}, {"color", std::string(color_letter(c.color))},
                            {"size", c.size}, {"status", std::string(name_of(c.status))},
                            {"alive_probability", c.alive_probability}, {"unconditional", c.unconditional},
                            {"reason", text(c.reason, Lang::en)},
                            {"settle", c.settle.valid() ? nlohmann::json(to_gtp(c.settle, h)) : nlohmann::json()}});
        j["chains"] = chains;
        nlohmann::json own = nlohmann::json::array();
        for (int y = 0; y < h; ++y) {
          nlohmann::json row = nlohmann::json::array();
          for (int x = 0; x < w; ++x) row.push_back(std::round(e.owner_at(Point(x, y)) * 100) / 100);
          own.push_back(row);
        }
        j["ownership"] = own;
        nlohmann::json claims = nlohmann::json::array();
        for (const Claim& c : e.suggested_claims)
          claims.push_back({{"color", std::string(color_letter(c.color))}, {"point", to_gtp(c.point, h)}});
        j["suggested_claims"] = claims;
        nlohmann::json kos = nlohmann::json::array();
        for (const OpenKo& k : e.open_kos)
          kos.push_back({{"space", to_gtp(k.space, h)}, {"stone", to_gtp(k.stone, h)},
                         {"holder", std::string(color_letter(k.holder))}, {"decides_life", k.decides_life}});
        j["open_kos"] = kos;
        j["notes"] = text(e.notes, Lang::en);
        std::cout << json_text(j, 2) << "\n";
        return kExitOk;
      }
      const Lang l = language(lang);
      std::cout << tr(l, "estimate.head", {file, rp.game.rules().to_string(), text(e.detail(), l)})
                << "\n  " << tr(l, "estimate.legend") << "\n\n";
      if (const std::string line = games_line(rec, l, false); !line.empty()) std::cout << line << "\n\n";
      const std::string letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
      for (int y = 0; y < h; ++y) {
        std::printf("%3d ", h - y);
        for (int x = 0; x < w; ++x) std::printf("%c ", estimate_glyph(e, Point(x, y)));
        std::printf("\n");
      }
      std::printf("    ");
      for (int x = 0; x < w; ++x) std::printf("%c ", letters[size_t(x)]);
      std::printf("\n\n");
      std::cout.flush();
      for (const ChainEstimate& c : e.chains)
        if (c.status != ChainStatus::alive || !c.unconditional)
          std::cout << "  "
                    << tr(l, c.size == 1 ? "estimate.chain_one" : "estimate.chain",
                          {to_gtp(c.stone, h), colour_word(c.color, l), std::to_string(c.size),
                           tr(l, "chain." + std::string(name_of(c.status))),
                           format_number(std::round(c.alive_probability * 100)), text(c.reason, l)})
                    << (c.settle.valid() ? "; " + tr(l, "estimate.settle", {to_gtp(c.settle, h)}) : "")
                    << "\n";
      for (const Claim& c : e.suggested_claims)
        std::cout << "  " << tr(l, "estimate.claim", {color_letter(c.color), to_gtp(c.point, h)}) << "\n";
      for (const Message& n : e.notes) std::cout << "  * " << text(n, l) << "\n";
      return kExitOk;
    };
  });
}

}  // namespace jpd::cli
