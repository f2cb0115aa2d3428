// Reading a file a user named (a record, a manifest): only a regular file is read. A directory, a
// FIFO, a device or a socket is refused with what it is, without waiting for it (a FIFO is opened
// without blocking, so that nobody's writer is awaited), and the bytes are read to the end up to a
// limit, never by the size the file claims (a directory claims 2^63 bytes, /dev/zero none, a file
// may grow while it is read).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "jpd/sgf.hpp"

namespace jpd {

// What a path names when it is not a regular file, in words for a message: "a directory",
// "a FIFO (named pipe)", "a character device", "a block device", "a socket"; "" for a regular
// file and for a path that names nothing (symbolic links are followed).
std::string_view special_file_kind(const std::string& path);

// The bytes of the regular file at path, at most max_bytes. Throws sgf::Error (file, no
// position) with the reason: it cannot be opened (the system's words), it is not a regular file
// (special_file_kind), it has more than max_bytes bytes, or it cannot be read.
std::string read_input_file(const std::string& path, size_t max_bytes);

// The record in the SGF file at path: sgf::read_record_text of read_input_file, within
// sgf::Limits{}.max_bytes (options.limits.max_bytes). What the command line, batch, GTP loadsgf
// and Python read records with.
sgf::Record load_record_file(const std::string& path);
sgf::Record load_record_file(const std::string& path, const sgf::ReadOptions& options);
// Every game of the file (sgf::read_records_text).
std::vector<sgf::Record> load_records_file(const std::string& path,
                                           const sgf::ReadOptions& options = {});

}  // namespace jpd
