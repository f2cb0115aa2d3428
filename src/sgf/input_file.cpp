#include "jpd/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace jpd {

namespace {

// What a path names that is not a regular file: its words, and their message id.
struct FileKind {
  std::string_view words, id;
};

FileKind kind_of(mode_t mode) {
  if (S_ISREG(mode)) return {"", ""};
  if (S_ISDIR(mode)) return {"a directory", "file_kind.directory"};
  if (S_ISFIFO(mode)) return {"a FIFO (named pipe)", "file_kind.fifo"};
  if (S_ISCHR(mode)) return {"a character device", "file_kind.character_device"};
  if (S_ISBLK(mode)) return {"a block device", "file_kind.block_device"};
  if (S_ISSOCK(mode)) return {"a socket", "file_kind.socket"};
  return {"not a regular file", "file_kind.other"};
}

// The system's reason (strerror) as a message: a common one by the table (its English the
// system's words), another as the system writes it.
Message system_reason(int error) {
  const std::string words = std::strerror(error);
  const char* id = error == ENOENT         ? "error.errno.ENOENT"
                   : error == EACCES       ? "error.errno.EACCES"
                   : error == EISDIR       ? "error.errno.EISDIR"
                   : error == ENOTDIR      ? "error.errno.ENOTDIR"
                   : error == ELOOP        ? "error.errno.ELOOP"
                   : error == ENAMETOOLONG ? "error.errno.ENAMETOOLONG"
                                           : nullptr;
  if (id && text(Message(id), Lang::en) == words) return Message(id);
  return Message("text.as_written", {words});
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
  return kind_of(st.st_mode).words;
}

std::string read_input_file(const std::string& path, size_t max_bytes) {
  auto fail = [&](Message why) { return sgf::Error(path, {}, std::move(why)); };
  auto failed = [&](std::string_view id) {
    return fail(Message(std::string(id), {MessageArg::message(system_reason(errno))}));
  };
  // O_NONBLOCK: opening a FIFO for reading does not wait for a writer; O_NOCTTY: a terminal
  // named by mistake does not become ours.
  Fd f{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)};
  if (f.fd < 0) throw failed("error.file.open");
  struct stat st {};
  if (::fstat(f.fd, &st) != 0) throw failed("error.file.read");
  if (const FileKind kind = kind_of(st.st_mode); !kind.words.empty())
    throw fail(Message("error.file.special", {MessageArg::word(std::string(kind.id))}));
  std::string text;
  text.reserve(size_t(std::min<off_t>(st.st_size, off_t(max_bytes))));
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = ::read(f.fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw failed("error.file.read");
    if (n == 0) break;
    if (text.size() + size_t(n) > max_bytes)
      throw fail(Message("error.file.too_big", {max_bytes}));
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
