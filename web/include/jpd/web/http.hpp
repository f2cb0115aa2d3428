// The HTTP side of `jpd serve`: cpp-httplib parses every request and carries it to App (its head
// to App::admit before the body is read, the whole request to App::serve) and sends back what it
// returns. Nothing here reads files.
//
// Each connection is served by one thread of a fixed pool, over a stream of our own that bounds
// what a client can hold (docs/web.md, "Slow and greedy clients"):
// - a request must arrive whole, head and body, within read_timeout of its first byte (the first
//   request of a connection: of the connection); a client that takes longer gets 408 and is
//   closed, so a slow sender holds a thread for read_timeout at most;
// - a kept-alive connection waits keep_alive at most for its next request, and not at all while
//   other connections wait for a thread: a thread is kept for the rest;
// - a client (an address; an IPv6 /64) holds client_connections connections at most, more get 429
//   at once;
// - an answer leaves in one write on a socket with TCP_NODELAY (no 40 ms delayed-ACK stall
//   between the head and the body on a kept-alive connection), within write_timeout;
// - the listen queue holds `backlog` connections (cpp-httplib's is 5);
// - a request with two Content-Length headers, or with one and a Transfer-Encoding, is refused
//   (400) and its connection closed: no two readers can frame it differently.
// With tls_cert and tls_key the server speaks HTTPS only (OpenSSL, TLS 1.2 or later).
#pragma once

#include <atomic>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "jpd/web/app.hpp"

namespace jpd::web {

struct HttpOptions {
  int threads = 64;              // connections served at once
  int backlog = 1024;            // connections the system queues before they are accepted
  double read_timeout = 10;      // seconds to receive one request whole
  double keep_alive = 5;         // seconds an idle kept-alive connection waits for its next request
  double write_timeout = 10;     // seconds to send one answer
  int client_connections = 16;   // connections one client may hold open (0: no limit)
  int max_requests = 1000;       // requests on one connection, then it is closed
  // Behind a reverse proxy on this machine: a request that comes from a loopback address is the
  // client named last in its X-Forwarded-For (and the connection limit does not apply to it).
  bool trust_proxy = false;
  std::string tls_cert, tls_key;  // PEM files; both set: HTTPS
  std::ostream* access_log = nullptr;  // one line per request (time, client, request, status, size, ms)
};

class HttpServer {
 public:
  explicit HttpServer(App& app, HttpOptions options = {});  // throws std::runtime_error (TLS files)
  ~HttpServer();  // stops and joins

  // Binds to host:port (port 0: a free port chosen by the system); returns the port. Throws
  // std::runtime_error when the address cannot be bound.
  int bind(const std::string& host, int port);
  // Serves until stop() (from another thread or a signal handler's thread).
  void run();
  // Serves in a thread of its own.
  void start();
  void stop();

  const HttpOptions& options() const { return opts_; }

  class Server;  // cpp-httplib's server with our connections (http.cpp)
  struct Clients;

 private:
  App& app_;
  HttpOptions opts_;
  std::unique_ptr<Clients> clients_;
  std::unique_ptr<Server> server_;
  std::mutex log_mu_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace jpd::web
