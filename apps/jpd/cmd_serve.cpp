// jpd serve [--port 8080] [--host 127.0.0.1] [--db FILE] [--sync full|normal] ...
// The web referee: the page and the JSON API (README, "jpd serve"), games stored in SQLite.
#include <csignal>
#include <iostream>
#include <pthread.h>
#include <thread>

#include "commands.hpp"
#include "jpd/web/app.hpp"
#include "jpd/web/http.hpp"

namespace jpd::cli {

void add_serve_command(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand(
      "serve", "the web referee: play, pause, dispute and count games in the browser (JSON API too)");
  static std::string host = "127.0.0.1", db = "jpd-games.sqlite", sync = "full";
  static int port = 8080, threads = 64, playouts = 0;
  static size_t max_games = 10000, max_body = 1 << 20;
  static bool no_estimator = false;
  cmd->add_option("--port", port, "TCP port (0: any free port, printed at start)")->check(CLI::Range(0, 65535));
  cmd->add_option("--host", host, "address to listen on (default 127.0.0.1: this machine only)");
  cmd->add_option("--db", db, "the SQLite file holding the games (created if missing)");
  cmd->add_option("--sync", sync,
                  "full: every move synced to the disk before it is acknowledged (survives a power "
                  "failure); normal: survives a killed server, not a power failure")
      ->check(CLI::IsMember({"full", "normal"}));
  cmd->add_option("--max-games", max_games, "games this server holds at most")->check(CLI::Range(1, 10000000));
  cmd->add_option("--max-body", max_body, "bytes of a request body at most")->check(CLI::Range(1024, 64 << 20));
  cmd->add_option("--threads", threads, "threads serving requests")->check(CLI::Range(1, 256));
  cmd->add_option("--playouts", playouts, "playouts of the built-in engine per move (0: by board size)")
      ->check(CLI::Range(0, 1000000));
  cmd->add_flag("--no-estimator", no_estimator, "do not suggest dead stones at a pause");
  cmd->callback([&run] {
    run = [] {
      web::Options o;
      o.db = db;
      o.sync = sync == "normal" ? web::Sync::normal : web::Sync::full;
      o.max_games = max_games;
      o.max_body = max_body;
      o.estimator = !no_estimator;
      o.genmove.playouts = playouts;
      // SIGINT and SIGTERM stop the server from a thread of their own (every thread blocks them).
      sigset_t signals;
      sigemptyset(&signals);
      sigaddset(&signals, SIGINT);
      sigaddset(&signals, SIGTERM);
      pthread_sigmask(SIG_BLOCK, &signals, nullptr);
      web::App app(o);
      web::HttpServer server(app, threads);
      const int bound = server.bind(host, port);
      std::cout << "jpd serve: http://" << host << ":" << bound << "/  (" << app.game_count()
                << " games in " << db << ")" << std::endl;
      std::thread waiter([&] {
        int sig = 0;
        sigwait(&signals, &sig);
        server.stop();
      });
      waiter.detach();
      server.run();
      std::cout << "jpd serve: stopped" << std::endl;
      return kExitOk;
    };
  });
}

}  // namespace jpd::cli
