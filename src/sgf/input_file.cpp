#include "jpd/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace jpd {

namespace {

std::string_view kind_of(mode_t mode) {
  if (S_ISREG(mode)) return "";
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::string_view special_file_kind(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return "";
  return kind_of(st.st_mode);
}

std::string read_input_file(const std::string& path, size_t max_bytes) {
  auto fail = [&](const std::string& why) { return sgf::Error(path, {}, why); };
  // O_NONBLOCK: opening a FIFO for reading does not wait for a writer; O_NOCTTY: a terminal
  // named by mistake does not become ours.
  Fd f{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)};
  if (f.fd < 0) throw fail(std::string("cannot open the file: ") + std::strerror(errno));
  struct stat st {};
  if (::fstat(f.fd, &st) != 0) throw fail(std::string("cannot read the file: ") + std::strerror(errno));
  if (const std::string_view kind = kind_of(st.st_mode); !kind.empty())
    throw fail("is " + std::string(kind) + ", not a regular file: not read");
  std::string text;
  text.reserve(size_t(std::min<off_t>(st.st_size, off_t(max_bytes))));
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = ::read(f.fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw fail(std::string("cannot read the file: ") + std::strerror(errno));
    if (n == 0) break;
    if (text.size() + size_t(n) > max_bytes)
      throw fail("the file is larger than the limit of " + std::to_string(max_bytes) + " bytes (max_bytes)");
    text.append(buf, size_t(n));
  }
  return text;
}

sgf::Record load_record_file(const std::string& path) {
  return load_record_file(path, sgf::ReadOptions{});
}

sgf::Record load_record_file(const std::string& path, const sgf::ReadOptions& options) {
  return sgf::read_record_text(read_input_file(path, options.limits.max_bytes), path, options);
}

std::vector<sgf::Record> load_records_file(const std::string& path, const sgf::ReadOptions& options) {
  return sgf::read_records_text(read_input_file(path, options.limits.max_bytes), path, options);
}

}  // namespace jpd
