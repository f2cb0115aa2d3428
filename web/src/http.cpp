#include "jpd/web/http.hpp"

#include <httplib.h>

#include <stdexcept>

namespace jpd::web {

HttpServer::HttpServer(App& app, int threads) : app_(app), server_(std::make_unique<httplib::Server>()) {
  httplib::Server& s = *server_;
  s.new_task_queue = [threads] { return new httplib::ThreadPool(size_t(threads)); };
  s.set_payload_max_length(app_.options().max_body);
  s.set_keep_alive_max_count(1000);
  auto handler = [this](const httplib::Request& req, httplib::Response& res) {
    Response r = app_.handle(req.method, req.target, req.body);
    res.status = r.status;
    for (const auto& [k, v] : r.headers) res.set_header(k, v);
    res.set_header("X-Content-Type-Options", "nosniff");
    res.set_content(std::move(r.body), r.content_type.c_str());  // HEAD: httplib sends no body
  };
  s.Get(".*", handler);
  s.Post(".*", handler);
  s.Put(".*", handler);
  s.Patch(".*", handler);
  s.Delete(".*", handler);
  s.Options(".*", handler);
}

HttpServer::~HttpServer() { stop(); }

int HttpServer::bind(const std::string& host, int port) {
  int bound = port;
  if (port == 0) bound = server_->bind_to_any_port(host);
  else if (!server_->bind_to_port(host, port)) bound = -1;
  if (bound <= 0) throw std::runtime_error("cannot listen on " + host + ":" + std::to_string(port));
  return bound;
}

void HttpServer::run() { server_->listen_after_bind(); }

void HttpServer::start() {
  thread_ = std::thread([this] { run(); });
  while (!server_->is_running()) std::this_thread::yield();
}

void HttpServer::stop() {
  if (server_) server_->stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace jpd::web
