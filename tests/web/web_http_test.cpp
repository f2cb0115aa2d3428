// The HTTP server of jpd serve on 127.0.0.1, with raw sockets where the point is what goes over
// the wire: slow senders cut off at the read timeout and never holding every thread, a client over
// its connection limit refused at once, answers in one write on a TCP_NODELAY socket (no
// delayed-ACK stall on kept-alive connections), requests framed twice refused, the listen queue,
// errors in our words, HTTPS, the access log, a trusted proxy's X-Forwarded-For.
#include <gtest/gtest.h>
#include <arpa/inet.h>
#include <dirent.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <httplib.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509v3.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "jpd/web/app.hpp"
#include "jpd/web/http.hpp"
#include "web_util.hpp"

namespace jpd::web {
namespace {

using nlohmann::json;
using namespace jpd::web::test;
using namespace std::chrono_literals;

// A connection to 127.0.0.1:port from the loopback address `from` (any of 127.0.0.0/8).
int connect_from(int port, const char* from = "127.0.0.1") {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  inet_pton(AF_INET, from, &a.sin_addr);
  EXPECT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0) << from;
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(uint16_t(port));
  inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
  EXPECT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to), 0);
  return fd;
}

void send_all(int fd, const std::string& s) { (void)!::send(fd, s.data(), s.size(), MSG_NOSIGNAL); }

// Everything the server sends until it closes the connection or `limit` passes.
std::string read_until_closed(int fd, std::chrono::milliseconds limit = 5000ms) {
  std::string out;
  const auto end = std::chrono::steady_clock::now() + limit;
  char buf[65536];
  while (std::chrono::steady_clock::now() < end) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 50) <= 0) continue;
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    out.append(buf, size_t(n));
  }
  return out;
}

// One whole answer (head and Content-Length bytes of body), within `limit`.
std::string read_answer(int fd, std::chrono::milliseconds limit = 5000ms) {
  std::string out;
  const auto end = std::chrono::steady_clock::now() + limit;
  char buf[65536];
  while (std::chrono::steady_clock::now() < end) {
    const size_t head = out.find("\r\n\r\n");
    if (head != std::string::npos) {
      const size_t cl = out.find("Content-Length: ");
      const size_t length = cl == std::string::npos ? 0 : std::stoul(out.substr(cl + 16));
      if (out.size() >= head + 4 + length) return out;
    }
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 50) <= 0) continue;
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    out.append(buf, size_t(n));
  }
  return out;
}

struct Server {
  App app;
  HttpServer http;
  int port;
  explicit Server(HttpOptions h, Options o = memory_options()) : app(o), http(app, h) {
    port = http.bind("127.0.0.1", 0);
    http.start();
  }
};

// A client sending its request one byte at a time, until the server closes on it.
struct Dribbler {
  int fd;
  std::thread t;
  std::atomic<bool> stop{false};
  Dribbler(int port, const char* from) : fd(connect_from(port, from)) {
    t = std::thread([this] {
      const std::string request = "GET /api/presets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + std::string(200, 'x');
      for (size_t i = 0; i < request.size() && !stop; ++i) {
        if (::send(fd, &request[i], 1, MSG_NOSIGNAL) != 1) return;
        std::this_thread::sleep_for(50ms);
      }
    });
  }
  std::string answer() { return read_until_closed(fd, 8000ms); }
  ~Dribbler() {
    stop = true;
    t.join();
    ::close(fd);
  }
};

TEST(WebHttp, SlowSendersGet408AtTheReadTimeoutAndNeverHoldEveryThread) {
  // 64 sockets sending one header byte a second stopped every other request until they closed.
  HttpOptions h;
  h.threads = 4;
  h.read_timeout = 1;
  h.client_connections = 2;
  Server s(h);
  // One address: two slow connections, the third is refused at once.
  std::vector<std::unique_ptr<Dribbler>> slow;
  for (int i = 0; i < 2; ++i) slow.push_back(std::make_unique<Dribbler>(s.port, "127.0.0.1"));
  std::this_thread::sleep_for(200ms);
  const int third = connect_from(s.port, "127.0.0.1");
  const std::string refused = read_until_closed(third, 3000ms);
  ::close(third);
  EXPECT_EQ(refused.rfind("HTTP/1.1 429", 0), 0u) << refused;
  EXPECT_NE(refused.find("too_many_connections"), std::string::npos);
  // Another client is served meanwhile: two threads are left.
  const int other = connect_from(s.port, "127.0.0.2");
  send_all(other, "GET /api/presets HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  const std::string served = read_answer(other, 3000ms);
  ::close(other);
  EXPECT_EQ(served.rfind("HTTP/1.1 200", 0), 0u) << served.substr(0, 200);
  // The slow ones are cut off at the read timeout, with 408.
  for (auto& d : slow) {
    const std::string a = d->answer();
    EXPECT_EQ(a.rfind("HTTP/1.1 408", 0), 0u) << a;
    EXPECT_NE(a.find("\"reason\":\"timeout\""), std::string::npos) << a;
  }
}

TEST(WebHttp, EvenWhenSlowSendersHoldEveryThreadARequestIsServedWithinTheReadTimeout) {
  HttpOptions h;
  h.threads = 3;
  h.read_timeout = 1;
  Server s(h);
  std::vector<std::unique_ptr<Dribbler>> slow;
  for (const char* from : {"127.0.0.3", "127.0.0.4", "127.0.0.5"}) slow.push_back(std::make_unique<Dribbler>(s.port, from));
  std::this_thread::sleep_for(200ms);
  const int late = connect_from(s.port, "127.0.0.6");
  send_all(late, "GET /api/presets HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  const std::string served = read_answer(late, 6000ms);
  ::close(late);
  EXPECT_EQ(served.rfind("HTTP/1.1 200", 0), 0u) << served.substr(0, 200);
}

// The server's end of the connection `client` (the test's own socket): a socket of this process
// whose local address is the client's peer and whose peer is the client.
int server_end(int client) {
  sockaddr_in mine{}, theirs{};
  socklen_t n = sizeof mine;
  ::getsockname(client, reinterpret_cast<sockaddr*>(&mine), &n);
  n = sizeof theirs;
  ::getpeername(client, reinterpret_cast<sockaddr*>(&theirs), &n);
  DIR* d = ::opendir("/proc/self/fd");
  int found = -1;
  while (dirent* e = ::readdir(d)) {
    const int fd = std::atoi(e->d_name);
    if (fd <= 2 || fd == client) continue;
    sockaddr_in l{}, p{};
    socklen_t ln = sizeof l, pn = sizeof p;
    if (::getsockname(fd, reinterpret_cast<sockaddr*>(&l), &ln) != 0 || l.sin_family != AF_INET) continue;
    if (::getpeername(fd, reinterpret_cast<sockaddr*>(&p), &pn) != 0) continue;
    if (l.sin_port == theirs.sin_port && p.sin_port == mine.sin_port && p.sin_addr.s_addr == mine.sin_addr.s_addr)
      found = fd;
  }
  ::closedir(d);
  return found;
}

TEST(WebHttp, AKeptAliveClientGetsEachAnswerWholeInOneSegmentOnANoDelaySocket) {
  // Head and body left in two writes and met the delayed ACK: 43 ms a request, 22.7 requests/s.
  HttpOptions h;
  h.threads = 2;
  Server s(h);
  const int fd = connect_from(s.port);
  char buf[1 << 17];
  for (int i = 0; i < 30; ++i) {
    send_all(fd, "GET /api/presets HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    pollfd p{fd, POLLIN, 0};
    ASSERT_EQ(::poll(&p, 1, 5000), 1);
    // The first read after the answer starts to arrive has all of it: one write, one segment.
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    ASSERT_GT(n, 0);
    const std::string got(buf, size_t(n));
    const size_t head = got.find("\r\n\r\n");
    ASSERT_NE(head, std::string::npos) << i;
    const size_t length = std::stoul(got.substr(got.find("Content-Length: ") + 16));
    EXPECT_EQ(got.size(), head + 4 + length) << "request " << i << ": the answer came in pieces";
    EXPECT_EQ(got.find("Connection: close"), std::string::npos);  // kept alive
  }
  const int server = server_end(fd);
  ASSERT_GE(server, 0);
  int on = 0;
  socklen_t len = sizeof on;
  ASSERT_EQ(::getsockopt(server, IPPROTO_TCP, TCP_NODELAY, &on, &len), 0);
  EXPECT_EQ(on, 1);
  ::close(fd);
}

TEST(WebHttp, ARequestFramedTwiceIsRefusedAndItsConnectionClosed) {
  HttpOptions h;
  h.threads = 2;
  Server s(h);
  for (const std::string& framing : {std::string("Content-Length: 2\r\nContent-Length: 40\r\n"),
                                    std::string("Content-Length: 2\r\nTransfer-Encoding: chunked\r\n")}) {
    const int fd = connect_from(s.port);
    send_all(fd, "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" + framing +
                     "\r\n{}POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}");
    const std::string a = read_until_closed(fd);
    ::close(fd);
    EXPECT_EQ(a.rfind("HTTP/1.1 400", 0), 0u) << a;
    EXPECT_NE(a.find("bad_framing"), std::string::npos) << a;
    EXPECT_EQ(a.find("HTTP/1.1", 5), std::string::npos) << "a second answer: the smuggled request was read";
  }
  EXPECT_EQ(s.app.game_count(), 0u);
}

TEST(WebHttp, TheListenQueueHoldsABurstOfConnections) {
  // cpp-httplib listens with a queue of 5: bursts of new connections waited 1-2 s for a retry.
  if (!std::filesystem::exists("/usr/bin/ss") && !std::filesystem::exists("/bin/ss"))
    GTEST_SKIP() << "no ss (Debian iproute2) to read the listen queue with";
  HttpOptions h;
  h.threads = 2;
  h.backlog = 1024;
  Server s(h);
  const std::string cmd = "ss -ltnH 'sport = :" + std::to_string(s.port) + "'";
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  char line[512] = "";
  ASSERT_NE(fgets(line, sizeof line, p), nullptr);
  pclose(p);
  // State Recv-Q Send-Q Local... ; for a listening socket Send-Q is the queue's length.
  std::istringstream in(line);
  std::string state;
  int recv_q = 0, send_q = 0;
  in >> state >> recv_q >> send_q;
  EXPECT_EQ(state, "LISTEN") << line;
  EXPECT_GE(send_q, 1024) << line;
}

TEST(WebHttp, ErrorsTheHttpLibraryMakesAreJsonInOurWordsWithoutItsInternals) {
  HttpOptions h;
  h.threads = 2;
  Server s(h);
  for (const std::string& request :
       {std::string("GARBAGE\r\n\r\n"), std::string("GET / HTTP/9.9\r\nHost: x\r\n\r\n"),
        "GET /" + std::string(10000, 'a') + " HTTP/1.1\r\nHost: x\r\n\r\n",
        std::string("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    "Content-Length: 4\r\n\r\n{no}")}) {
    const int fd = connect_from(s.port);
    send_all(fd, request);
    const std::string a = read_answer(fd);
    ::close(fd);
    const size_t head = a.find("\r\n\r\n");
    ASSERT_NE(head, std::string::npos) << request.substr(0, 40);
    EXPECT_EQ(a.rfind("HTTP/1.1 4", 0), 0u) << request.substr(0, 40) << " -> " << a.substr(0, 100);
    const json body = json::parse(a.substr(head + 4));
    ASSERT_TRUE(body.contains("error")) << a;
    const std::string text = body["error"];
    for (const char* internal : {"json.exception", "httplib", "EXCEPTION", "parse_error.", "std::"})
      EXPECT_EQ(text.find(internal), std::string::npos) << text;
  }
}

TEST(WebHttp, ARequestWithoutABodyIsAnsweredAtOnceInJsonAndTheConnectionKeptAlive) {
  // No Content-Length, no Transfer-Encoding: no body (RFC 9112, 6.3). cpp-httplib read such a
  // POST's body up to the read timeout and answered 408.
  HttpOptions h;
  h.threads = 2;
  h.read_timeout = 8;
  Server s(h);
  const int fd = connect_from(s.port);
  const auto t0 = std::chrono::steady_clock::now();
  struct Case {
    std::string request;
    const char* status;
    const char* reason;
  };
  for (const Case& c : {Case{"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\r\n",
                             "HTTP/1.1 201", nullptr},
                        Case{"POST /api/sgf HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-go-sgf\r\n\r\n",
                             "HTTP/1.1 400", "bad_sgf"},
                        Case{"PUT /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "HTTP/1.1 405", "method"},
                        Case{"POST /api/games/0123456789abcdef0123456789abcdef/moves HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                             "Content-Type: application/json\r\n\r\n", "HTTP/1.1 404", "not_found"}}) {
    send_all(fd, c.request);
    const std::string a = read_answer(fd);
    const size_t head = a.find("\r\n\r\n");
    ASSERT_NE(head, std::string::npos) << c.request;
    EXPECT_EQ(a.rfind(c.status, 0), 0u) << c.request << " -> " << a.substr(0, 200);
    EXPECT_NE(a.find("Content-Type: application/json"), std::string::npos) << a;
    const json body = json::parse(a.substr(head + 4));
    if (c.reason) {
      EXPECT_EQ(body.value("reason", ""), c.reason) << a;
    }
    EXPECT_EQ(a.find("Connection: close"), std::string::npos) << "kept alive: " << a;
  }
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 4s) << "an answer waited for a body";
  ::close(fd);
  EXPECT_EQ(s.app.game_count(), 1u);
}

// A self-signed certificate for 127.0.0.1 and its key, as PEM files.
void make_certificate(const std::string& cert, const std::string& key) {
  EVP_PKEY* pkey = EVP_EC_gen("P-256");
  ASSERT_NE(pkey, nullptr);
  X509* x = X509_new();
  X509_set_version(x, 2);
  ASN1_INTEGER_set(X509_get_serialNumber(x), 1);
  X509_gmtime_adj(X509_getm_notBefore(x), -60);
  X509_gmtime_adj(X509_getm_notAfter(x), 3600);
  X509_set_pubkey(x, pkey);
  X509_NAME* name = X509_get_subject_name(x);
  X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>("127.0.0.1"), -1, -1, 0);
  X509_set_issuer_name(x, name);
  X509V3_CTX ctx;
  X509V3_set_ctx_nodb(&ctx);
  X509V3_set_ctx(&ctx, x, x, nullptr, nullptr, 0);
  X509_EXTENSION* san = X509V3_EXT_conf_nid(nullptr, &ctx, NID_subject_alt_name, "IP:127.0.0.1");
  X509_add_ext(x, san, -1);
  X509_EXTENSION_free(san);
  X509_sign(x, pkey, EVP_sha256());
  FILE* f = fopen(cert.c_str(), "w");
  PEM_write_X509(f, x);
  fclose(f);
  f = fopen(key.c_str(), "w");
  PEM_write_PrivateKey(f, pkey, nullptr, nullptr, 0, nullptr, nullptr);
  fclose(f);
  X509_free(x);
  EVP_PKEY_free(pkey);
}

TEST(WebHttp, ServesHttpsWithTheGivenCertificateAndNothingInTheClear) {
  const std::string dir = testing::TempDir();
  const std::string cert = dir + "jpd-test-cert.pem", key = dir + "jpd-test-key.pem";
  make_certificate(cert, key);
  HttpOptions h;
  h.threads = 2;
  h.tls_cert = cert;
  h.tls_key = key;
  Server s(h);
  httplib::SSLClient cli("127.0.0.1", s.port);
  cli.set_ca_cert_path(cert.c_str());
  cli.enable_server_certificate_verification(true);
  auto page = cli.Get("/");
  ASSERT_TRUE(page) << httplib::to_string(page.error());
  EXPECT_EQ(page->status, 200);
  auto created = cli.Post("/api/games", R"({"size":9})", "application/json");
  ASSERT_TRUE(created);
  EXPECT_EQ(created->status, 201);
  for (int i = 0; i < 3; ++i) {  // kept alive over TLS
    auto again = cli.Get("/api/presets");
    ASSERT_TRUE(again);
    EXPECT_EQ(again->status, 200);
  }
  // Plain HTTP on the TLS port gets no answer.
  const int fd = connect_from(s.port);
  send_all(fd, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  EXPECT_EQ(read_until_closed(fd, 3000ms).find("HTTP/1.1 200"), std::string::npos);
  ::close(fd);
  EXPECT_THROW(HttpServer(s.app, [&] {
                 HttpOptions bad = h;
                 bad.tls_key = cert;  // not a key
                 return bad;
               }()),
               std::runtime_error);
}

TEST(WebHttp, TheAccessLogHasALinePerRequestAndNeverAToken) {
  std::ostringstream log;
  HttpOptions h;
  h.threads = 2;
  h.access_log = &log;
  Server s(h);
  httplib::Client cli("127.0.0.1", s.port);
  auto created = cli.Post("/api/games", R"({"size":9})", "application/json");
  ASSERT_TRUE(created);
  const json g = json::parse(created->body);
  const std::string token = g["tokens"]["B"];
  httplib::Headers auth{{"Authorization", "Bearer " + token}};
  ASSERT_TRUE(cli.Post(game_path(g["id"], "/moves").c_str(), auth, R"({"color":"B","kind":"play","point":"E5"})",
                       "application/json"));
  ASSERT_TRUE(cli.Get("/nothing-here"));
  s.http.stop();
  const std::string text = log.str();
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  ASSERT_EQ(lines.size(), 3u) << text;
  EXPECT_NE(lines[0].find(" 127.0.0.1 \"POST /api/games\" 201 "), std::string::npos) << lines[0];
  EXPECT_NE(lines[1].find("\"POST /api/games/" + g["id"].get<std::string>() + "/moves\" 200 "), std::string::npos)
      << lines[1];
  EXPECT_NE(lines[2].find("\"GET /nothing-here\" 404 "), std::string::npos) << lines[2];
  EXPECT_EQ(text.find(token), std::string::npos);
}

TEST(WebHttp, BehindATrustedProxyTheClientIsTheOneItNamesInXForwardedFor) {
  Options o = memory_options();
  o.rate = 0.01;
  o.burst = 2;
  for (bool trusted : {false, true}) {
    HttpOptions h;
    h.threads = 2;
    h.trust_proxy = trusted;
    Server s(h, o);
    httplib::Client cli("127.0.0.1", s.port);
    auto as = [&](const char* who) {
      auto r = cli.Get("/api/presets", httplib::Headers{{"X-Forwarded-For", std::string("198.51.100.1, ") + who}});
      return r ? r->status : 0;
    };
    EXPECT_EQ(as("203.0.113.1"), 200);
    EXPECT_EQ(as("203.0.113.1"), 200);
    EXPECT_EQ(as("203.0.113.1"), 429);
    // Trusted: another client behind the proxy has its own limit; not trusted: the same client.
    EXPECT_EQ(as("203.0.113.2"), trusted ? 200 : 429) << trusted;
  }
}

}  // namespace
}  // namespace jpd::web
