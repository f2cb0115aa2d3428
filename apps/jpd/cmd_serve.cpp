// jpd serve [--port 8080] [--host 127.0.0.1] [--db FILE] [--sync full|normal] ...
// The web referee: the page and the JSON API (README, "jpd serve"), games stored in SQLite.
// jpd serve --check [--repair] lists (and cuts back) the games the database holds damaged.
#include <csignal>
#include <fstream>
#include <iostream>
#include <pthread.h>
#include <thread>

#include "commands.hpp"
#include "common.hpp"
#include "jpd/web/app.hpp"
#include "jpd/web/http.hpp"

namespace jpd::cli {

namespace {

// jpd serve --check: one line per damaged game; exit 1 when there is one.
int check(const std::string& db, bool repair) {
  const std::vector<web::Damage> found = web::check_database(db, repair);
  for (const web::Damage& d : found) {
    std::cout << db << ": game " << d.key << " (row " << d.id << "): " << d.why;
    if (repair && d.event >= 0) std::cout << "; repaired: " << d.removed << " events from event " << d.event << " removed";
    else if (repair) std::cout << "; not repaired (its settings cannot be read: delete the game by hand)";
    std::cout << "\n";
  }
  std::cout << db << ": " << found.size() << " damaged games" << (repair ? ", repaired where possible" : "") << "\n";
  return found.empty() ? kExitOk : kExitFailure;
}

}  // namespace

void add_serve_command(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand(
      "serve", "the web referee: play, pause, dispute and count games in the browser (JSON API too)");
  static std::string host = "127.0.0.1", db = "jpd-games.sqlite", sync = "full", tls_cert, tls_key, access_log;
  static int port = 8080, playouts = 0;
  static size_t max_games = 10000, max_body = 1 << 20;
  static bool no_estimator = false, check_only = false, repair = false;
  static web::Options o;
  static web::HttpOptions h;
  cmd->add_option("--port", port, "TCP port (0: any free port, printed at start)")->check(CLI::Range(0, 65535));
  cmd->add_option("--host", host, "address to listen on (default 127.0.0.1: this machine only)");
  cmd->add_option("--db", db, "the SQLite file holding the games (created if missing)");
  cmd->add_option("--sync", sync,
                  "full: every move synced to the disk before it is acknowledged (survives a power "
                  "failure); normal: survives a killed server, not a power failure")
      ->check(CLI::IsMember({"full", "normal"}));
  cmd->add_option("--max-games", max_games, "games this server holds at most")->check(CLI::Range(1, 10000000));
  cmd->add_option("--max-body", max_body, "bytes of a request body at most")->check(CLI::Range(1024, 64 << 20));
  cmd->add_option("--threads", h.threads, "connections served at once (default 64)")->check(CLI::Range(1, 1024));
  cmd->add_option("--playouts", playouts, "playouts of the built-in engine per move (0: by board size)")
      ->check(CLI::Range(0, 1000000));
  cmd->add_flag("--no-estimator", no_estimator, "do not suggest dead stones at a pause");
  // Who may reach it, and how.
  cmd->add_option("--allow-origin", o.allowed_origins,
                  "an origin the page is also served under, e.g. https://go.example.com: its pages may "
                  "call the API and its host name is answered (repeat for more)");
  cmd->add_flag("--trust-proxy", h.trust_proxy,
                "behind a reverse proxy on this machine: the client of a request from a loopback "
                "address is the last one of its X-Forwarded-For");
  cmd->add_option("--tls-cert", tls_cert, "HTTPS: the certificate chain (PEM)")->check(CLI::ExistingFile);
  cmd->add_option("--tls-key", tls_key, "HTTPS: the certificate's private key (PEM)")->check(CLI::ExistingFile);
  cmd->add_option("--access-log", access_log, "one line per request to this file ('-': standard output)");
  // Limits.
  cmd->add_option("--read-timeout", h.read_timeout, "seconds a client has to send one request whole (default 10)")
      ->check(CLI::Range(0.1, 3600.0));
  cmd->add_option("--keep-alive", h.keep_alive, "seconds an idle connection waits for its next request (default 5)")
      ->check(CLI::Range(0.1, 3600.0));
  cmd->add_option("--client-connections", h.client_connections,
                  "connections one client (address) may hold open (default 16; 0: no limit)")
      ->check(CLI::Range(0, 100000));
  cmd->add_option("--rate", o.rate, "requests a second one client may make, sustained (default 20; 0: no limit)")
      ->check(CLI::Range(0.0, 1e9));
  cmd->add_option("--burst", o.burst, "requests one client may make at once (default 100)")->check(CLI::Range(1.0, 1e9));
  cmd->add_option("--client-games", o.client_games, "games in play one client may create (default 20; 0: no limit)")
      ->check(CLI::Range(0, 10000000));
  cmd->add_option("--engine-slots", o.engine_slots,
                  "requests doing engine work (genmove, estimate, counting, the making) at once (0: the "
                  "number of cores)")
      ->check(CLI::Range(0, 1024));
  cmd->add_option("--game-cpu", o.game_cpu, "CPU seconds of engine work one game may use (default 600)")
      ->check(CLI::Range(0.0, 1e9));
  cmd->add_option("--client-cpu", o.client_cpu,
                  "CPU seconds of engine work one client may use in a minute (default 30; 0: no limit)")
      ->check(CLI::Range(0.0, 1e9));
  // The database.
  cmd->add_flag("--check", check_only, "list the games the database holds damaged, serve nothing");
  cmd->add_flag("--repair", repair, "with --check: cut each damaged game back to its last sound event")
      ->needs("--check");
  cmd->callback([&run] {
    run = [] {
      if (check_only) return check(db, repair);
      o.db = db;
      o.sync = sync == "normal" ? web::Sync::normal : web::Sync::full;
      o.max_games = max_games;
      o.max_body = max_body;
      o.estimator = !no_estimator;
      o.genmove.playouts = playouts;
      h.tls_cert = tls_cert;
      h.tls_key = tls_key;
      std::ofstream log_file;
      if (access_log == "-") {
        h.access_log = &std::cout;
      } else if (!access_log.empty()) {
        log_file.open(access_log, std::ios::app);
        if (!log_file) throw OptionError("--access-log", Message("error.option.cannot_write", {access_log}));
        h.access_log = &log_file;
      }
      // SIGINT and SIGTERM stop the server from a thread of their own (every thread blocks them).
      sigset_t signals;
      sigemptyset(&signals);
      sigaddset(&signals, SIGINT);
      sigaddset(&signals, SIGTERM);
      pthread_sigmask(SIG_BLOCK, &signals, nullptr);
      std::signal(SIGPIPE, SIG_IGN);  // a client gone away is an error of one write, not a signal
      web::App app(o);
      for (const web::Damage& d : app.damaged())
        std::cerr << "jpd serve: " << db << ": game " << d.key << " is damaged and not served: " << d.why
                  << " (jpd serve --db " << db << " --check --repair cuts it back)" << std::endl;
      web::HttpServer server(app, h);
      const int bound = server.bind(host, port);
      std::cout << "jpd serve: " << (tls_cert.empty() ? "http" : "https") << "://" << host << ":" << bound
                << "/  (" << app.game_count() << " games in " << db << ")" << std::endl;
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
