// jpd estimate FILE.sgf [--rules PRESET] [--playouts N] [--json]
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

namespace jpd::cli {

void add_estimate_command(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand("estimate", "Show the built-in life-and-death estimate of a record's final position");
  static std::string file, rules;
  static int playouts = 0;
  static bool json = false;
  static RecordArgs record;
  cmd->add_option("file", file, "SGF game record")->required();
  cmd->add_option("--rules", rules, "PRESET[,key=value...] (default: as jpd score)");
  add_record_options(cmd, record, false);
  cmd->add_option("--playouts", playouts, "playouts (default: by board size)")->check(CLI::Range(1, 1000000));
  cmd->add_flag("--json", json, "print JSON");
  cmd->callback([&run] {
    run = [] {
      sgf::Record rec = load_record(file, record);
      Ruleset r = rules_for_record(rec, rules.empty() ? std::nullopt : std::optional<std::string>(rules));
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
        j["detail"] = e.detail();
        nlohmann::json chains = nlohmann::json::array();
        for (const ChainEstimate& c : e.chains)
          chains.push_back({{"stone", to_gtp(c.stone, h)}, {"color", std::string(color_letter(c.color))},
                            {"size", c.size}, {"status", std::string(name_of(c.status))},
                            {"alive_probability", c.alive_probability}, {"unconditional", c.unconditional},
                            {"reason", c.reason}});
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
        j["notes"] = e.notes;
        std::cout << json_text(j, 2) << "\n";
        return kExitOk;
      }
      std::cout << file << ": " << rp.game.rules().to_string() << ", " << e.detail() << "\n";
      std::cout << "  X O alive, x o dead, S s seki (black, white), ? unsettled; empty points: + Black's, - White's, . neither\n\n";
      const std::string letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
      for (int y = 0; y < h; ++y) {
        std::printf("%3d ", h - y);
        for (int x = 0; x < w; ++x) {
          const ChainEstimate* c = e.chain_at(Point(x, y));
          char ch;
          if (!c) {
            double v = e.owner_at(Point(x, y));
            ch = v > 0.5 ? '+' : v < -0.5 ? '-' : '.';
          } else {
            const bool black = c->color == Color::Black;
            switch (c->status) {
              case ChainStatus::alive: ch = black ? 'X' : 'O'; break;
              case ChainStatus::dead: ch = black ? 'x' : 'o'; break;
              case ChainStatus::seki: ch = black ? 'S' : 's'; break;
              default: ch = '?'; break;
            }
          }
          std::printf("%c ", ch);
        }
        std::printf("\n");
      }
      std::printf("    ");
      for (int x = 0; x < w; ++x) std::printf("%c ", letters[size_t(x)]);
      std::printf("\n\n");
      for (const ChainEstimate& c : e.chains)
        if (c.status != ChainStatus::alive || !c.unconditional)
          std::printf("  %-4s %s %2d stones  %-9s %3.0f%%  %s\n", to_gtp(c.stone, h).c_str(),
                      std::string(color_letter(c.color)).c_str(), c.size, std::string(name_of(c.status)).c_str(),
                      c.alive_probability * 100, c.reason.c_str());
      for (const Claim& c : e.suggested_claims)
        std::cout << "  suggested claim " << color_letter(c.color) << ":" << to_gtp(c.point, h) << "\n";
      for (const std::string& n : e.notes) std::cout << "  * " << n << "\n";
      return kExitOk;
    };
  });
}

}  // namespace jpd::cli
