// Files a user names: only regular files are read, within the limit, and whatever else a path
// names (a directory, a FIFO, a device) is refused with what it is, at once, by the library and by
// every command that reads records (score, compare, GTP loadsgf; jpd batch skips them, batch_test).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "cli_util.hpp"
#include "jpd/gtp.hpp"
#include "jpd/input_file.hpp"

namespace fs = std::filesystem;
using namespace jpd;

namespace {

fs::path temp_dir(const std::string& name) {
  fs::path d = fs::path(testing::TempDir()) / ("jpd-input-" + name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

std::string error_of(const std::string& path, size_t max_bytes = 1 << 20) {
  try {
    read_input_file(path, max_bytes);
  } catch (const sgf::Error& e) {
    EXPECT_EQ(e.file, path);
    return e.what();
  }
  return "(read)";
}

const char* kGame = "(;GM[1]FF[4]SZ[5];B[cc];W[dd])";

}  // namespace

TEST(InputFile, ADirectoryIsNamedAsSuchNotAFileOfTwoToTheSixtyThreeBytes) {
  const fs::path d = temp_dir("dir");
  const std::string e = error_of(d.string());
  EXPECT_EQ(e, d.string() + ": is a directory, not a regular file: not read");
  EXPECT_EQ(e.find("9223372036854775807"), std::string::npos);
}

TEST(InputFile, DevZeroIsACharacterDeviceNotAnEmptyCollection) {
  EXPECT_EQ(error_of("/dev/zero"), "/dev/zero: is a character device, not a regular file: not read");
  EXPECT_EQ(special_file_kind("/dev/null"), "a character device");
}

TEST(InputFile, AFifoIsRefusedAtOnceWithoutWaitingForAWriter) {
  const fs::path d = temp_dir("fifo");
  const fs::path fifo = d / "game.sgf";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // Opening a FIFO for reading blocks until someone writes; the reader must not even try.
  EXPECT_EQ(error_of(fifo.string()), fifo.string() + ": is a FIFO (named pipe), not a regular file: not read");
  EXPECT_EQ(special_file_kind(fifo.string()), "a FIFO (named pipe)");
}

TEST(InputFile, ARegularFileIsReadToItsEndWithinTheLimitAndRefusedPastIt) {
  const fs::path d = temp_dir("regular");
  const fs::path f = d / "game.sgf";
  std::ofstream(f) << kGame;
  EXPECT_EQ(read_input_file(f.string(), 100), kGame);
  EXPECT_EQ(special_file_kind(f.string()), "");
  EXPECT_EQ(error_of(f.string(), 10), f.string() + ": the file is larger than the limit of 10 bytes (max_bytes)");
  EXPECT_EQ(load_record_file(f.string()).width, 5);
  const std::string missing = error_of((d / "missing.sgf").string());
  EXPECT_NE(missing.find("cannot open the file: No such file or directory"), std::string::npos) << missing;
  // A symbolic link to a regular file is read as the file.
  fs::create_symlink(f, d / "link.sgf");
  EXPECT_EQ(read_input_file((d / "link.sgf").string(), 100), kGame);
}

TEST(InputFile, ScoreAndCompareNameADirectoryAFifoAndDevZeroAndExitOne) {
  const fs::path d = temp_dir("cli");
  ASSERT_EQ(::mkfifo((d / "pipe.sgf").c_str(), 0600), 0);
  for (const std::string& path : {d.string(), (d / "pipe.sgf").string(), std::string("/dev/zero")}) {
    for (const char* command : {"score ", "compare "}) {
      cli_run::Outcome r = cli_run::jpd(command + path);
      EXPECT_EQ(r.status, 1) << command << path << ": " << r.out;
      EXPECT_NE(r.out.find(path + ": is a"), std::string::npos) << r.out;
      EXPECT_NE(r.out.find("not a regular file"), std::string::npos) << r.out;
    }
  }
}

TEST(InputFile, GtpLoadsgfRefusesAFifoAtOnce) {
  const fs::path d = temp_dir("gtp");
  ASSERT_EQ(::mkfifo((d / "pipe.sgf").c_str(), 0600), 0);
  GtpEngineOptions o;
  o.file_root = d.string();
  GtpEngine e(o);
  const std::string answer = e.handle("loadsgf pipe.sgf");
  EXPECT_EQ(answer.rfind("? cannot load file: ", 0), 0u) << answer;
  EXPECT_NE(answer.find("is a FIFO (named pipe), not a regular file"), std::string::npos) << answer;
}

// The library's own file readers (sgf::parse_file, read_record_file, read_records_file) read as
// read_input_file reads: a FIFO, a directory or /dev/zero is refused at once with what it is,
// and a file is read to its end within the limit, not by the size it claims.
TEST(InputFile, SgfFileReadersRefuseWhatIsNotARegularFileAndKeepTheLimit) {
  const fs::path d = temp_dir("sgf-readers");
  ASSERT_EQ(::mkfifo((d / "pipe.sgf").c_str(), 0600), 0);
  auto error_text = [](auto&& f) -> std::string {
    try {
      f();
    } catch (const sgf::Error& e) {
      return e.what();
    }
    return "(read)";
  };
  for (const std::string& path : {d.string(), (d / "pipe.sgf").string(), std::string("/dev/zero")}) {
    const std::string kind = "is " + std::string(special_file_kind(path)) + ", not a regular file: not read";
    EXPECT_EQ(error_text([&] { sgf::parse_file(path); }), path + ": " + kind);
    EXPECT_EQ(error_text([&] { sgf::read_record_file(path); }), path + ": " + kind);
    EXPECT_EQ(error_text([&] { sgf::read_records_file(path); }), path + ": " + kind);
  }
  const fs::path f = d / "game.sgf";
  std::ofstream(f) << kGame;
  EXPECT_EQ(sgf::read_record_file(f.string()).width, 5);
  EXPECT_EQ(sgf::read_records_file(f.string()).size(), 1u);
  sgf::ReadOptions small;
  small.limits.max_bytes = 10;
  EXPECT_EQ(error_text([&] { sgf::read_record_file(f.string(), small); }),
            f.string() + ": the file is larger than the limit of 10 bytes (max_bytes)");
  sgf::Limits l;
  l.max_bytes = 10;
  EXPECT_EQ(error_text([&] { sgf::parse_file(f.string(), l); }),
            f.string() + ": the file is larger than the limit of 10 bytes (max_bytes)");
}
