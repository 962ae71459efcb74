// Writing files so that a crash never leaves a half-written one under the
// final name: the builder's unit files and table files. Internal.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "ddtb/expected.hpp"

namespace ddtb::detail::tb {

// Writes all of `bytes` to `fd`, retrying short writes and EINTR; false on an
// error (errno set).
bool write_all(int fd, std::span<const std::uint8_t> bytes);

// Reads `bytes` bytes of `fd` from its start, a megabyte at a time, handing
// each piece to `sink` (which returns false to stop); false on a read error
// or a file shorter than `bytes` (errno set, EIO for the short file) or when
// `sink` stopped. The writers copy their data file into the table with it.
bool read_from_start(int fd, std::uint64_t bytes,
                     const std::function<bool(std::span<const std::uint8_t>)>& sink);

// fsyncs the directory holding `path`, so that a rename into it is durable.
Expected<void> sync_parent_directory(const std::string& path);

// Writes `bytes` to `path` atomically: a temporary file of its own (named
// per process and thread, so that two writers of one path never share one),
// fsync'ed, renamed over `path`, and the directory fsync'ed. On an error the
// temporary is removed and `path` is untouched; the Error names the file.
Expected<void> write_file_atomically(const std::string& path, std::span<const std::uint8_t> bytes);

}  // namespace ddtb::detail::tb
