// Talking to another Go program over GTP (version 2): an engine run as a child process, used as
// an oracle for dead stones, as a player in matches and in dispute play.
#pragma once

#include <stdexcept>
#include <string>
#include <sys/types.h>

namespace jpd {

// The engine could not be started, answered with "? ...", timed out, closed its output or
// answered something that is not GTP. what() names the engine command and the GTP command.
struct GtpError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class GtpClient {
 public:
  // Starts `command` with /bin/sh -c (PATH gets /usr/games appended, where Debian puts GNU Go).
  // Every later call waits at most `timeout_seconds` for an answer.
  explicit GtpClient(std::string command, double timeout_seconds = 30);
  ~GtpClient();  // quit, then terminate the process if it does not end by itself
  GtpClient(const GtpClient&) = delete;
  GtpClient& operator=(const GtpClient&) = delete;

  // Sends one command line and returns the answer's text (after "= "). Throws GtpError on a
  // failure answer ("? text"), a time-out, an engine that exited, or garbage.
  std::string send(const std::string& command_line);
  // True when the engine knows the command (known_command).
  bool knows(const std::string& name);
  // Stops the engine: quit, wait, then SIGTERM/SIGKILL after a grace period.
  void close();

  const std::string& command() const { return command_; }
  bool running() const { return pid_ > 0; }

 private:
  std::string read_answer(const std::string& for_command);
  // The engine closed its end: waits for it and says how it ended (crashed, or exited with status).
  std::string reap();
  std::string command_;
  double timeout_;
  pid_t pid_ = -1;
  int to_engine_ = -1, from_engine_ = -1;
  std::string buffer_;
};

}  // namespace jpd
