// Running the jpd program from tests: its output and exit status, the bundled records, temporary
// files.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <string>

namespace cli_run {

struct Outcome {
  int status = -1;
  std::string out;  // stdout and stderr together
};

// Runs `jpd ARGS` through the shell (so ARGS may quote).
inline Outcome jpd(const std::string& args) {
  std::string cmd = std::string(JPD_BINARY) + " " + args + " 2>&1";
  Outcome r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  int st = pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

// A bundled record of data/games/.
inline std::string data(const std::string& name) {
  return std::string(JPD_SOURCE_DIR) + "/data/games/" + name;
}

inline std::string temp_file(const std::string& name, const std::string& text) {
  std::string path = testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

}  // namespace cli_run
