#include "jpd/gtp_client.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace jpd {

namespace {
std::string path_with_games() {
  const char* p = std::getenv("PATH");
  std::string path = p ? p : "/usr/local/bin:/usr/bin:/bin";
  if (("|" + path + ":").find(":/usr/games:") == std::string::npos &&
      path.rfind("/usr/games", 0) != 0)
    path += ":/usr/games";
  return path;
}
}  // namespace

GtpClient::GtpClient(std::string command, double timeout_seconds)
    : command_(std::move(command)), timeout_(timeout_seconds) {
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0)
    throw GtpError("cannot create pipes for '" + command_ + "': " + std::strerror(errno));
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, in[0], 0);
  posix_spawn_file_actions_adddup2(&fa, out[1], 1);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  // The environment with PATH extended.
  std::vector<std::string> env_store;
  for (char** e = environ; *e; ++e)
    if (std::strncmp(*e, "PATH=", 5) != 0) env_store.push_back(*e);
  env_store.push_back("PATH=" + path_with_games());
  std::vector<char*> envp;
  for (auto& s : env_store) envp.push_back(s.data());
  envp.push_back(nullptr);
  std::string sh = "/bin/sh", dash_c = "-c";
  std::string exec_line = "exec " + command_;
  char* argv[] = {sh.data(), dash_c.data(), exec_line.data(), nullptr};
  int rc = posix_spawn(&pid_, "/bin/sh", &fa, nullptr, argv, envp.data());
  posix_spawn_file_actions_destroy(&fa);
  ::close(in[0]);
  ::close(out[1]);
  if (rc != 0) {
    ::close(in[1]);
    ::close(out[0]);
    pid_ = -1;
    throw GtpError("cannot start '" + command_ + "': " + std::strerror(rc));
  }
  to_engine_ = in[1];
  from_engine_ = out[0];
  signal(SIGPIPE, SIG_IGN);  // a crashed engine must give an error, not kill us
  // A command that does not exist makes the shell exit at once: ask for the protocol version so
  // that such an engine fails here with a clear message.
  try {
    send("protocol_version");
  } catch (const GtpError& e) {
    close();
    throw GtpError("'" + command_ + "' does not speak GTP: " + e.what());
  }
}

GtpClient::~GtpClient() { close(); }

void GtpClient::close() {
  if (pid_ <= 0) {  // the engine is gone already (reaped): only our ends of the pipes are left
    if (to_engine_ >= 0) ::close(to_engine_);
    if (from_engine_ >= 0) ::close(from_engine_);
    to_engine_ = from_engine_ = -1;
    return;
  }
  if (to_engine_ >= 0) {
    const char q[] = "quit\n";
    (void)!::write(to_engine_, q, sizeof q - 1);
    ::close(to_engine_);
    to_engine_ = -1;
  }
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(1500);
  int status;
  while (waitpid(pid_, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid_, SIGKILL);
      waitpid(pid_, &status, 0);
      break;
    }
    usleep(5000);
  }
  pid_ = -1;
  if (from_engine_ >= 0) ::close(from_engine_);
  from_engine_ = -1;
}

std::string GtpClient::send(const std::string& line) {
  if (pid_ <= 0) throw GtpError("engine '" + command_ + "' is not running");
  std::string msg = line + "\n";
  size_t done = 0;
  while (done < msg.size()) {
    ssize_t n = ::write(to_engine_, msg.data() + done, msg.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      // A broken pipe means the engine is gone; how it ended is the useful part.
      throw GtpError("engine '" + command_ + "', command '" + line + "': " +
                     (errno == EPIPE ? reap() : "stopped reading"));
    }
    done += size_t(n);
  }
  return read_answer(line);
}

std::string GtpClient::reap() {
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  return WIFSIGNALED(status) ? "the engine crashed (signal " + std::to_string(WTERMSIG(status)) + ")"
                             : "the engine exited (status " + std::to_string(WEXITSTATUS(status)) + ")";
}

std::string GtpClient::read_answer(const std::string& for_command) {
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(long(timeout_ * 1000));
  auto fail = [&](const std::string& why) {
    return GtpError("engine '" + command_ + "', command '" + for_command + "': " + why);
  };
  for (;;) {
    // A complete answer ends with an empty line.
    size_t end = buffer_.find("\n\n");
    if (end != std::string::npos) {
      std::string answer = buffer_.substr(0, end);
      buffer_.erase(0, end + 2);
      // Drop carriage returns, and empty lines before the answer.
      std::string clean;
      for (char c : answer)
        if (c != '\r') clean += c;
      size_t a = clean.find_first_not_of('\n');
      clean = a == std::string::npos ? "" : clean.substr(a);
      if (clean.empty()) continue;
      char kind = clean[0];
      size_t sp = clean.find_first_not_of("0123456789", 1);  // optional id
      std::string text = sp == std::string::npos ? "" : clean.substr(sp);
      if (!text.empty() && text[0] == ' ') text.erase(0, 1);
      if (kind == '=') return text;
      if (kind == '?') throw fail("failed: " + text);
      throw fail("not a GTP answer: '" + clean.substr(0, 80) + "'");
    }
    if (buffer_.size() > (1u << 20)) throw fail("answer longer than 1 MiB");
    auto now = std::chrono::steady_clock::now();
    if (now >= deadline) throw fail("no answer within " + std::to_string(timeout_) + " s");
    int wait_ms = int(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count()) + 1;
    pollfd p{from_engine_, POLLIN, 0};
    int r = poll(&p, 1, wait_ms);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) continue;
    char buf[4096];
    ssize_t n = ::read(from_engine_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw fail(reap());
    buffer_.append(buf, size_t(n));
  }
}

bool GtpClient::knows(const std::string& name) {
  try {
    return send("known_command " + name) == "true";
  } catch (const GtpError&) {
    return false;
  }
}

}  // namespace jpd
