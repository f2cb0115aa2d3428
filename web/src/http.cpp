#include "jpd/web/http.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <httplib.h>
#include <openssl/err.h>
#include <openssl/ssl.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <ostream>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace jpd::web {

namespace {

using Clock = std::chrono::steady_clock;

Clock::time_point after(double seconds) {
  return Clock::now() + std::chrono::microseconds(int64_t(seconds * 1e6));
}

// The key of a client for the limits: its IPv4 address, or its IPv6 /64 (one host has a /64).
std::string client_key(const std::string& ip) {
  if (ip.find(':') == std::string::npos) return ip;
  in6_addr a{};
  if (inet_pton(AF_INET6, ip.c_str(), &a) != 1) return ip;
  if (IN6_IS_ADDR_V4MAPPED(&a)) return ip.substr(ip.rfind(':') + 1);
  std::memset(a.s6_addr + 8, 0, 8);
  char buf[INET6_ADDRSTRLEN];
  inet_ntop(AF_INET6, &a, buf, sizeof buf);
  return std::string(buf) + "/64";
}

bool is_loopback(const std::string& ip) {
  return ip.rfind("127.", 0) == 0 || ip == "::1" || ip.rfind("::ffff:127.", 0) == 0;
}

std::string peer_ip(int fd, int* port) {
  sockaddr_storage a{};
  socklen_t n = sizeof a;
  if (::getpeername(fd, reinterpret_cast<sockaddr*>(&a), &n) != 0) return "";
  char buf[INET6_ADDRSTRLEN] = "";
  if (a.ss_family == AF_INET) {
    auto* v4 = reinterpret_cast<sockaddr_in*>(&a);
    inet_ntop(AF_INET, &v4->sin_addr, buf, sizeof buf);
    if (port) *port = ntohs(v4->sin_port);
  } else if (a.ss_family == AF_INET6) {
    auto* v6 = reinterpret_cast<sockaddr_in6*>(&a);
    inet_ntop(AF_INET6, &v6->sin6_addr, buf, sizeof buf);
    if (port) *port = ntohs(v6->sin6_port);
  }
  return buf;
}

std::string json_error(int status, const std::string& message, const std::string& reason) {
  (void)status;
  return nlohmann::json{{"error", message}, {"reason", reason}}.dump(-1, ' ', false,
                                                                     nlohmann::json::error_handler_t::replace);
}

// A whole answer written straight to a socket that has not been handed to cpp-httplib (a client
// over its connection limit), best effort.
void send_raw(int fd, int status, const char* reason_phrase, const std::string& body) {
  const std::string text = "HTTP/1.1 " + std::to_string(status) + " " + reason_phrase +
                           "\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: " +
                           std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
  (void)!::send(fd, text.data(), text.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
}

// What a status says, in our words, for the answers cpp-httplib makes itself (a malformed
// request, a body too large ...): never the library's internals.
std::pair<std::string, std::string> http_error_text(int status) {
  switch (status) {
    case 400: return {"the request is not well-formed HTTP/1.1 (request line, headers or body)", "bad_request"};
    case 408: return {"the request did not arrive whole in time", "timeout"};
    case 413: return {"the request body is too large", "too_large"};
    case 414: return {"the request target is too long", "too_long"};
    case 404: return {"no such resource", "not_found"};
    case 405: return {"this method is not served", "method"};
    default: return {"the request cannot be served", "bad_request"};
  }
}

// A thread pool that says how many connections wait for a thread (cpp-httplib's does not).
class Pool final : public httplib::TaskQueue {
 public:
  explicit Pool(int n) {
    for (int i = 0; i < n; ++i) threads_.emplace_back([this] { work(); });
  }
  ~Pool() override { shutdown(); }
  void enqueue(std::function<void()> fn) override {
    {
      std::lock_guard lock(mu_);
      jobs_.push_back(std::move(fn));
      waiting_.store(int(jobs_.size()));
    }
    cv_.notify_one();
  }
  void shutdown() override {
    {
      std::lock_guard lock(mu_);
      if (stopping_) return;
      stopping_ = true;
    }
    cv_.notify_all();
    for (std::thread& t : threads_) t.join();
  }
  int waiting() const { return waiting_.load(); }

 private:
  void work() {
    for (;;) {
      std::function<void()> fn;
      {
        std::unique_lock lock(mu_);
        cv_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
        if (jobs_.empty()) return;
        fn = std::move(jobs_.front());
        jobs_.pop_front();
        waiting_.store(int(jobs_.size()));
      }
      fn();
    }
  }
  std::vector<std::thread> threads_;
  std::deque<std::function<void()>> jobs_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::atomic<int> waiting_{0};
  bool stopping_ = false;
};

// One connection, plain or TLS, on a non-blocking socket: reads are buffered and bounded by the
// request's deadline; writes are kept until the answer is complete (or until the next read, for
// a "100 Continue") and leave in one send.
class Connection final : public httplib::Stream {
 public:
  Connection(int fd, SSL* ssl, const HttpOptions& o, const std::atomic<bool>& stopping)
      : fd_(fd), ssl_(ssl), opts_(o), stopping_(stopping) {
    ip_ = peer_ip(fd, &port_);
    deadline_ = after(o.read_timeout);
    started_ = Clock::now();
  }

  bool is_readable() const override { return rpos_ < rlen_ || wait(POLLIN, deadline_); }
  bool is_writable() const override { return !broken_; }

  ssize_t read(char* ptr, size_t size) override {
    if (!flush()) return -1;
    if (rpos_ == rlen_ && !fill()) return -1;
    const size_t n = std::min(size, rlen_ - rpos_);
    std::memcpy(ptr, rbuf_ + rpos_, n);
    rpos_ += n;
    return ssize_t(n);
  }
  ssize_t write(const char* ptr, size_t size) override {
    if (broken_) return -1;
    out_.append(ptr, size);
    wrote_ = true;
    return ssize_t(size);
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    ip = ip_;
    port = port_;
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    sockaddr_storage a{};
    socklen_t n = sizeof a;
    char buf[INET6_ADDRSTRLEN] = "";
    port = -1;
    if (::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &n) == 0) {
      if (a.ss_family == AF_INET) {
        inet_ntop(AF_INET, &reinterpret_cast<sockaddr_in*>(&a)->sin_addr, buf, sizeof buf);
        port = ntohs(reinterpret_cast<sockaddr_in*>(&a)->sin_port);
      } else if (a.ss_family == AF_INET6) {
        inet_ntop(AF_INET6, &reinterpret_cast<sockaddr_in6*>(&a)->sin6_addr, buf, sizeof buf);
        port = ntohs(reinterpret_cast<sockaddr_in6*>(&a)->sin6_port);
      }
    }
    ip = buf;
  }
  socket_t socket() const override { return fd_; }

  const std::string& ip() const { return ip_; }
  bool timed_out() const { return timed_out_; }
  bool broken() const { return broken_; }
  bool wrote() const { return wrote_; }
  void close_after() { close_ = true; }
  bool closing() const { return close_; }
  double seconds() const { return std::chrono::duration<double>(Clock::now() - started_).count(); }

  // The TLS handshake, within the read timeout.
  bool handshake() {
    for (;;) {
      const int r = SSL_accept(ssl_);
      if (r == 1) return true;
      const int e = SSL_get_error(ssl_, r);
      if (e == SSL_ERROR_WANT_READ && wait(POLLIN, deadline_)) continue;
      if (e == SSL_ERROR_WANT_WRITE && wait(POLLOUT, deadline_)) continue;
      return false;
    }
  }
  // Waits up to `seconds` for the next request's first byte; then gives it read_timeout.
  bool next_request(double seconds) {
    wrote_ = false;
    if (rpos_ == rlen_ && !(ssl_ && SSL_pending(ssl_) > 0) && !wait(POLLIN, after(seconds))) return false;
    deadline_ = after(opts_.read_timeout);
    started_ = Clock::now();
    return true;
  }
  // Sends what was written, within the write timeout.
  bool flush() {
    const auto until = after(opts_.write_timeout);
    size_t done = 0;
    while (done < out_.size() && !broken_) {
      const size_t left = out_.size() - done;
      ssize_t n;
      int want = POLLOUT;
      if (ssl_) {
        n = SSL_write(ssl_, out_.data() + done, int(std::min<size_t>(left, 1 << 30)));
        if (n <= 0) {
          const int e = SSL_get_error(ssl_, int(n));
          if (e == SSL_ERROR_WANT_READ) want = POLLIN;
          else if (e != SSL_ERROR_WANT_WRITE) broken_ = true;
          n = 0;
        }
      } else {
        n = ::send(fd_, out_.data() + done, left, MSG_NOSIGNAL);
        if (n < 0) {
          if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) broken_ = true;
          n = 0;
        }
      }
      done += size_t(n);
      if (n == 0 && !broken_ && !wait(want, until)) broken_ = true;
    }
    out_.clear();
    return !broken_;
  }

 private:
  // Waits for the socket until `until`, in slices, so that a stopping server is not held up:
  // 1 ready, 0 the time is up, -1 an error or the server stops.
  int poll_for(int events, Clock::time_point until) const {
    for (;;) {
      if (stopping_.load()) return -1;
      const auto left = until - Clock::now();
      if (left <= Clock::duration::zero()) return 0;
      const int ms = int(std::min<int64_t>(200, std::chrono::duration_cast<std::chrono::milliseconds>(left).count() + 1));
      pollfd p{fd_, short(events), 0};
      const int r = ::poll(&p, 1, ms);
      if (r > 0) return 1;
      if (r < 0 && errno != EINTR) return -1;
    }
  }
  bool wait(int events, Clock::time_point until) const { return poll_for(events, until) == 1; }
  bool fill() {
    rpos_ = rlen_ = 0;
    for (;;) {
      ssize_t n;
      int want = POLLIN;
      if (ssl_) {
        n = SSL_read(ssl_, rbuf_, int(sizeof rbuf_));
        if (n <= 0) {
          const int e = SSL_get_error(ssl_, int(n));
          if (e == SSL_ERROR_WANT_WRITE) want = POLLOUT;
          else if (e != SSL_ERROR_WANT_READ) return false;
          n = -1;
        }
      } else {
        n = ::recv(fd_, rbuf_, sizeof rbuf_, 0);
        if (n == 0) return false;
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) return false;
      }
      if (n > 0) {
        rlen_ = size_t(n);
        return true;
      }
      if (const int w = poll_for(want, deadline_); w != 1) {
        timed_out_ = w == 0;
        return false;
      }
    }
  }

  int fd_;
  SSL* ssl_;
  const HttpOptions& opts_;
  const std::atomic<bool>& stopping_;
  std::string ip_;
  int port_ = -1;
  char rbuf_[4096];
  size_t rpos_ = 0, rlen_ = 0;
  std::string out_;
  Clock::time_point deadline_, started_;
  bool timed_out_ = false, broken_ = false, wrote_ = false, close_ = false;
};

thread_local Connection* current = nullptr;

std::string utc_now() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace

// Open connections per client.
struct HttpServer::Clients {
  std::mutex mu;
  std::map<std::string, int> open;
};

class HttpServer::Server final : public httplib::Server {
 public:
  Server(HttpServer& owner, SSL_CTX* tls) : owner_(owner), tls_(tls) {}
  ~Server() override {
    if (tls_) SSL_CTX_free(tls_);
  }
  Pool* pool = nullptr;
  int listen_fd = -1;

 private:
  bool process_and_close_socket(socket_t sock) override {
    const HttpOptions& o = owner_.opts_;
    std::string ip = peer_ip(sock, nullptr);
    const std::string key = client_key(ip);
    const bool limited = o.client_connections > 0 && !(o.trust_proxy && is_loopback(ip));
    if (limited && !enter(key)) {
      send_raw(sock, 429, "Too Many Requests",
               json_error(429, "this client has " + std::to_string(o.client_connections) +
                                   " connections open already, the most it may", "too_many_connections"));
      ::shutdown(sock, SHUT_RDWR);
      ::close(sock);
      return false;
    }
    const int on = 1;
    ::setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    ::fcntl(sock, F_SETFL, ::fcntl(sock, F_GETFL) | O_NONBLOCK);
    SSL* ssl = tls_ ? SSL_new(tls_) : nullptr;
    if (ssl) SSL_set_fd(ssl, sock);
    bool ok = false;
    {
      Connection c(sock, ssl, o, owner_.stopping_);
      current = &c;
      if (!ssl || c.handshake()) ok = serve(c);
      current = nullptr;
    }
    if (ssl) {
      SSL_shutdown(ssl);
      SSL_free(ssl);
    }
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
    if (limited) leave(key);
    return ok;
  }

  bool serve(Connection& c) {
    const HttpOptions& o = owner_.opts_;
    bool ok = false;
    for (int n = 0; n < o.max_requests && !owner_.stopping_.load(); ++n) {
      if (!c.next_request(n == 0 ? o.read_timeout : o.keep_alive)) break;
      // Close after this answer when it is the last one allowed, or when connections wait for a
      // thread (kept-alive idle connections must not hold every thread).
      const bool last = n + 1 == o.max_requests || (pool && pool->waiting() > 0);
      bool closed = false;
      ok = process_request(c, last, closed, nullptr);
      if (c.timed_out() && !c.wrote()) {
        const std::string body = json_error(408, http_error_text(408).first, "timeout");
        const std::string text = "HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; "
                                 "charset=utf-8\r\nContent-Length: " + std::to_string(body.size()) +
                                 "\r\nConnection: close\r\n\r\n" + body;
        c.write(text.data(), text.size());
      }
      c.flush();
      if (!ok || closed || last || c.closing() || c.timed_out() || c.broken()) break;
    }
    return ok;
  }

  bool enter(const std::string& key) {
    std::lock_guard lock(owner_.clients_->mu);
    int& n = owner_.clients_->open[key];
    if (n >= owner_.opts_.client_connections) {
      if (n == 0) owner_.clients_->open.erase(key);
      return false;
    }
    ++n;
    return true;
  }
  void leave(const std::string& key) {
    std::lock_guard lock(owner_.clients_->mu);
    auto it = owner_.clients_->open.find(key);
    if (it != owner_.clients_->open.end() && --it->second <= 0) owner_.clients_->open.erase(it);
  }

  HttpServer& owner_;
  SSL_CTX* tls_;
};

namespace {

SSL_CTX* tls_context(const HttpOptions& o) {
  if (o.tls_cert.empty() && o.tls_key.empty()) return nullptr;
  if (o.tls_cert.empty() || o.tls_key.empty())
    throw std::runtime_error("HTTPS needs both a certificate (--tls-cert) and its key (--tls-key)");
  SSL_CTX* ctx = SSL_CTX_new(TLS_server_method());
  if (!ctx) throw std::runtime_error("cannot set up TLS");
  SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
  auto fail = [&](const std::string& what) {
    char why[256] = "";
    ERR_error_string_n(ERR_get_error(), why, sizeof why);
    SSL_CTX_free(ctx);
    throw std::runtime_error(what + ": " + why);
  };
  if (SSL_CTX_use_certificate_chain_file(ctx, o.tls_cert.c_str()) != 1)
    fail(o.tls_cert + ": cannot read the certificate (PEM)");
  if (SSL_CTX_use_PrivateKey_file(ctx, o.tls_key.c_str(), SSL_FILETYPE_PEM) != 1)
    fail(o.tls_key + ": cannot read the private key (PEM, not encrypted)");
  if (SSL_CTX_check_private_key(ctx) != 1) fail(o.tls_key + ": the key does not belong to " + o.tls_cert);
  return ctx;
}

// The client of a request: its address, or behind a trusted proxy on this machine the last
// address of X-Forwarded-For (the one the proxy added).
std::string client_of(const httplib::Request& req, const HttpOptions& o) {
  if (o.trust_proxy && is_loopback(req.remote_addr) && req.has_header("X-Forwarded-For")) {
    std::string v = req.get_header_value("X-Forwarded-For", req.get_header_value_count("X-Forwarded-For") - 1);
    const size_t comma = v.rfind(',');
    if (comma != std::string::npos) v = v.substr(comma + 1);
    while (!v.empty() && v.front() == ' ') v.erase(0, 1);
    while (!v.empty() && v.back() == ' ') v.pop_back();
    if (!v.empty()) return client_key(v);
  }
  return client_key(req.remote_addr);
}

// "Bearer TOKEN" -> TOKEN.
std::string bearer(const httplib::Request& req) {
  const std::string v = req.get_header_value("Authorization");
  return v.rfind("Bearer ", 0) == 0 ? v.substr(7) : "";
}

void put(httplib::Response& res, const Response& r) {
  res.status = r.status;
  for (const auto& [k, v] : r.headers) res.set_header(k, v);
  res.set_content(r.body, r.content_type.c_str());  // HEAD: httplib sends no body
}

}  // namespace

HttpServer::HttpServer(App& app, HttpOptions options)
    : app_(app), opts_(std::move(options)), clients_(std::make_unique<Clients>()) {
  server_ = std::make_unique<Server>(*this, tls_context(opts_));
  // OpenSSL writes to the socket with write(): a client gone away would raise SIGPIPE.
  if (!opts_.tls_cert.empty()) std::signal(SIGPIPE, SIG_IGN);
  Server& s = *server_;
  s.new_task_queue = [this] {
    auto* p = new Pool(std::max(1, opts_.threads));
    server_->pool = p;
    return p;
  };
  s.set_payload_max_length(app_.options().max_body);
  s.set_keep_alive_max_count(size_t(std::max(1, opts_.max_requests)));
  s.set_keep_alive_timeout(time_t(std::max(1.0, opts_.keep_alive)));
  s.set_socket_options([this](socket_t sock) {
    const int on = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    server_->listen_fd = sock;
  });
  // Before the body is read: the framing, then whatever the head alone decides (App::admit).
  s.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    const bool body = req.has_header("Content-Length") || req.has_header("Transfer-Encoding");
    if (req.get_header_value_count("Content-Length") > 1 ||
        (req.has_header("Content-Length") && req.has_header("Transfer-Encoding")) ||
        req.get_header_value_count("Transfer-Encoding") > 1 || req.get_header_value_count("Host") > 1) {
      Response r;
      r.status = 400;
      r.body = json_error(400, "the request is framed twice (two Content-Length headers, or one and a "
                               "Transfer-Encoding, or two Host headers): refused", "bad_framing");
      put(res, r);
      if (current) current->close_after();
      return httplib::Server::HandlerResponse::Handled;
    }
    const std::string client = client_of(req, opts_), content_type = req.get_header_value("Content-Type"),
                      host = req.get_header_value("Host"), origin = req.get_header_value("Origin");
    Request r;
    r.method = req.method;
    r.target = req.target;
    r.content_type = content_type;
    r.host = host;
    r.origin = origin;
    r.client = client;
    if (std::optional<Response> refused = app_.admit(r)) {
      put(res, *refused);
      if (body && current) current->close_after();  // its body is not read
      return httplib::Server::HandlerResponse::Handled;
    }
    // A request with neither Content-Length nor Transfer-Encoding has no body (RFC 9112, 6.3);
    // cpp-httplib would read a POST's body up to the end of the connection, that is, the read
    // timeout. It is served here, with its empty body.
    if (!body && (req.method == "POST" || req.method == "PUT" || req.method == "PATCH")) {
      r.token = bearer(req);
      put(res, app_.serve(r));
      return httplib::Server::HandlerResponse::Handled;
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });
  auto handler = [this](const httplib::Request& req, httplib::Response& res) {
    const std::string client = client_of(req, opts_), content_type = req.get_header_value("Content-Type"),
                      host = req.get_header_value("Host"), origin = req.get_header_value("Origin"),
                      token = bearer(req);
    Request r;
    r.method = req.method;
    r.target = req.target;
    r.body = req.body;
    r.content_type = content_type;
    r.host = host;
    r.origin = origin;
    r.token = token;
    r.client = client;
    put(res, app_.serve(r));
  };
  s.Get(".*", handler);
  s.Post(".*", handler);
  s.Put(".*", handler);
  s.Patch(".*", handler);
  s.Delete(".*", handler);
  s.Options(".*", handler);
  // The answers cpp-httplib makes itself (malformed requests, bodies too large, time out) in JSON
  // and in our words; the connection is closed after them (what follows cannot be trusted).
  s.set_error_handler(httplib::Server::HandlerWithResponse([](const httplib::Request&, httplib::Response& res) {
    if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
    if (current && current->timed_out()) res.status = 408;
    const auto [message, reason] = http_error_text(res.status);
    res.set_content(json_error(res.status, message, reason), "application/json; charset=utf-8");
    if (current) current->close_after();
    return httplib::Server::HandlerResponse::Handled;
  }));
  s.set_post_routing_handler([](const httplib::Request&, httplib::Response& res) {
    for (const auto& [k, v] : security_headers())
      if (!res.has_header(k.c_str())) res.set_header(k, v);
    if (current && current->closing() && !res.has_header("Connection")) res.set_header("Connection", "close");
  });
  if (opts_.access_log) {
    s.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
      // The request line without the query (it may hold a known version, nothing else), and
      // never a header: a seat's token stays out of the log.
      char ms[32];
      std::snprintf(ms, sizeof ms, "%.1f", current ? current->seconds() * 1000 : 0.0);
      const std::string line = utc_now() + " " + client_of(req, opts_) + " \"" + req.method + " " +
                               req.path + "\" " + std::to_string(res.status) + " " +
                               std::to_string(res.body.size()) + " " + ms + "ms\n";
      std::lock_guard lock(log_mu_);
      *opts_.access_log << line << std::flush;
    });
  }
}

HttpServer::~HttpServer() { stop(); }

int HttpServer::bind(const std::string& host, int port) {
  int bound = port;
  if (port == 0) bound = server_->bind_to_any_port(host);
  else if (!server_->bind_to_port(host, port)) bound = -1;
  if (bound <= 0) throw std::runtime_error("cannot listen on " + host + ":" + std::to_string(port));
  // cpp-httplib listens with a queue of 5; Linux takes a second listen() as the new length.
  if (server_->listen_fd >= 0) ::listen(server_->listen_fd, std::max(1, opts_.backlog));
  return bound;
}

void HttpServer::run() { server_->listen_after_bind(); }

void HttpServer::start() {
  thread_ = std::thread([this] { run(); });
  while (!server_->is_running()) std::this_thread::yield();
}

void HttpServer::stop() {
  stopping_.store(true);
  if (server_) server_->stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace jpd::web
