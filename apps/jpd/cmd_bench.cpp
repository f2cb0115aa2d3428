// jpd bench: the deterministic workload and its signature; jpd bench playouts: playout speed.
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "bench.hpp"
#include "jpd/playout.hpp"

namespace jpd::cli {

namespace {

std::string hex64(uint64_t v) {
  char buf[19];
  std::snprintf(buf, sizeof buf, "%016" PRIx64, v);
  return buf;
}

// 12345678 -> "12,345,678"
std::string grouped(int64_t v) {
  std::string s = std::to_string(v < 0 ? -v : v), out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (i && (s.size() - i) % 3 == 0) out += ',';
    out += s[i];
  }
  return v < 0 ? "-" + out : out;
}

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

struct BenchOptions {
  int threads = 1;
  bool json = false;
};

struct PlayoutOptionsCli {
  int size = 9;
  double seconds = 3.0;
  int64_t playouts = 0;
  int threads = 1;
  uint64_t seed = 1;
  int64_t signature_playouts = 10000;
  bool json = false;
};

int run_workloads(const BenchOptions& o) {
  BenchContext ctx;
  ctx.threads = o.threads;
  uint64_t total = 0;
  nlohmann::json rows = nlohmann::json::array();
  size_t width = 0;
  for (const BenchWorkload& w : bench_workloads()) width = std::max(width, std::string(w.name).size());
  if (!o.json)
    std::cout << "jpd bench: fixed deterministic workloads, " << o.threads
              << (o.threads == 1 ? " thread\n" : " threads\n");
  for (const BenchWorkload& w : bench_workloads()) {
    const BenchFigures f = w.run(ctx);
    total = fold_bench_signature(total, w.name, f.signature);
    if (o.json) {
      nlohmann::json row = {{"name", w.name},
                            {"description", w.description},
                            {"signature", hex64(f.signature)},
                            {"items", f.items},
                            {"item_name", f.item_name},
                            {"seconds", f.seconds},
                            {"cpu_seconds", f.cpu_seconds}};
      if (f.steps) {
        row["steps"] = f.steps;
        row["step_name"] = f.step_name;
      }
      rows.push_back(row);
      continue;
    }
    std::cout << "  " << w.name << std::string(width - std::string(w.name).size(), ' ')
              << "  signature " << hex64(f.signature) << "  "
              << grouped(f.items) << " " << f.item_name;
    if (f.steps) std::cout << ", " << grouped(f.steps) << " " << f.step_name;
    std::cout << ", " << fixed(f.seconds, 3) << " s";
    const double work = double(f.steps ? f.steps : f.items);
    const std::string& unit = f.steps ? f.step_name : f.item_name;
    // Millions a second for the fast workloads, plain figures for the slow ones.
    const bool millions = f.seconds > 0 && work / f.seconds >= 1e5;
    const double scale = millions ? 1e6 : 1;
    const std::string m = millions ? " M " : " ";
    if (f.seconds > 0) std::cout << " (" << fixed(work / f.seconds / scale, 2) << m << unit << "/s";
    if (f.seconds > 0 && f.cpu_seconds > 0)
      std::cout << ", " << fixed(work / f.cpu_seconds / scale, 2) << m << "per CPU-second";
    if (f.seconds > 0) std::cout << ")";
    std::cout << "\n";
  }
  if (o.json) {
    nlohmann::json out = {{"command", "bench"},
                          {"threads", o.threads},
                          {"signature", hex64(total)},
                          {"workloads", rows}};
    std::cout << out.dump(2) << "\n";
  } else {
    std::cout << "bench signature: " << hex64(total) << "\n";
  }
  return kExitOk;
}

int run_playouts_command(const PlayoutOptionsCli& o) {
  PlayoutRun run;
  run.size = o.size;
  run.seconds = o.seconds;
  run.playouts = o.playouts;
  run.threads = o.threads;
  run.seed = o.seed;
  run.signature_playouts = o.signature_playouts;
  const PlayoutRunResult r = run_playouts(run);
  const double mean_score = r.playouts ? double(r.score_sum) / double(r.playouts) : 0;
  const double black_wins = r.playouts ? double(r.black_wins) / double(r.playouts) : 0;
  if (o.json) {
    nlohmann::json out = {{"command", "bench playouts"},
                          {"size", r.size},
                          {"threads", r.threads},
                          {"seed", o.seed},
                          {"seconds", r.seconds},
                          {"cpu_seconds", r.cpu_seconds},
                          {"playouts", r.playouts},
                          {"moves", r.moves},
                          {"passes", r.passes},
                          {"playouts_per_second", r.playouts_per_second()},
                          {"moves_per_second", r.moves_per_second()},
                          {"moves_per_cpu_second", r.moves_per_cpu_second()},
                          {"moves_per_playout", r.moves_per_playout()},
                          {"mean_score", mean_score},
                          {"black_wins_komi_7_5", black_wins},
                          {"signature", hex64(r.signature)},
                          {"signature_playouts", r.signature_playouts}};
    std::cout << out.dump(2) << "\n";
    return kExitOk;
  }
  std::cout << "playouts " << r.size << "x" << r.size << ", " << r.threads
            << (r.threads == 1 ? " thread" : " threads") << ", seed " << o.seed << ", "
            << fixed(r.seconds, 2) << " s\n"
            << "  playouts         " << grouped(r.playouts) << "  ("
            << grouped(int64_t(r.playouts_per_second())) << " /s)\n"
            << "  moves            " << grouped(r.moves) << "  ("
            << fixed(r.moves_per_second() / 1e6, 2) << " M/s, "
            << fixed(r.moves_per_cpu_second() / 1e6, 2) << " M per CPU-second; passes included)\n"
            << "  moves/playout    " << fixed(r.moves_per_playout(), 2) << "  (passes/playout "
            << fixed(r.playouts ? double(r.passes) / double(r.playouts) : 0, 2) << ")\n"
            << "  mean score       " << fixed(mean_score, 2)
            << "  (Black minus White area; Black wins with komi 7.5: "
            << fixed(100 * black_wins, 1) << "%)\n"
            << "  signature        " << hex64(r.signature) << "  (playouts 0 .. "
            << grouped(r.signature_playouts - 1) << ")\n";
  return kExitOk;
}

}  // namespace

void add_bench_command(CLI::App& app, Runner& run) {
  auto bo = std::make_shared<BenchOptions>();
  auto po = std::make_shared<PlayoutOptionsCli>();
  CLI::App* bench = app.add_subcommand(
      "bench",
      "Benchmarks. Without a subcommand: the fixed deterministic workload and the project's "
      "behaviour signature");
  bench->require_subcommand(0, 1);
  bench->add_option("--threads", bo->threads, "threads (the signature does not depend on it)")
      ->check(CLI::Range(1, 256));
  bench->add_flag("--json", bo->json, "print JSON");

  CLI::App* pl = bench->add_subcommand(
      "playouts", "Light random playouts from the empty board: speed and signature");
  pl->add_option("--size", po->size, "board size")->check(CLI::Range(2, 25));
  pl->add_option("--seconds", po->seconds, "run this long (after the signature playouts)")
      ->check(CLI::PositiveNumber);
  pl->add_option("--playouts", po->playouts, "run exactly this many playouts instead")
      ->check(CLI::NonNegativeNumber);
  pl->add_option("--threads", po->threads, "threads, one board each")->check(CLI::Range(1, 256));
  pl->add_option("--seed", po->seed, "master seed; playout k uses derive_seed(seed, k)");
  pl->add_option("--signature-playouts", po->signature_playouts,
                 "playouts 0 .. N-1 make the signature")
      ->check(CLI::NonNegativeNumber);
  pl->add_flag("--json", po->json, "print JSON");

  bench->callback([bench, pl, bo, po, &run] {
    if (pl->parsed())
      run = [po] { return run_playouts_command(*po); };
    else
      run = [bo] { return run_workloads(*bo); };
    (void)bench;
  });
}

}  // namespace jpd::cli
