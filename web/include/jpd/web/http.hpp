// The HTTP side of `jpd serve`: cpp-httplib carries every request, whatever its method and path, to
// App::handle and sends back what it returns. Nothing here reads files.
#pragma once

#include <memory>
#include <string>
#include <thread>

#include "jpd/web/app.hpp"

namespace httplib {
class Server;
}

namespace jpd::web {

class HttpServer {
 public:
  explicit HttpServer(App& app, int threads = 64);
  ~HttpServer();  // stops and joins

  // Binds to host:port (port 0: a free port chosen by the system); returns the port. Throws
  // std::runtime_error when the address cannot be bound.
  int bind(const std::string& host, int port);
  // Serves until stop() (from another thread or a signal handler's thread).
  void run();
  // Serves in a thread of its own.
  void start();
  void stop();

 private:
  App& app_;
  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
};

}  // namespace jpd::web
