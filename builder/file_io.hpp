// Writing files so that a crash never leaves a half-written one under the
// final name: the builder's unit files and table files. Internal.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "ddtb/expected.hpp"

namespace ddtb::detail::tb {

// Writes all of `bytes` to `fd`, retrying short writes and EINTR; false on an
// error (errno set).
bool write_all(int fd, std::span<const std::uint8_t> bytes);

// fsyncs the directory holding `path`, so that a rename into it is durable.
Expected<void> sync_parent_directory(const std::string& path);

// Writes `bytes` to `path` atomically: a temporary file of its own (named
// per process and thread, so that two writers of one path never share one),
// fsync'ed, renamed over `path`, and the directory fsync'ed. On an error the
// temporary is removed and `path` is untouched; the Error names the file.
Expected<void> write_file_atomically(const std::string& path, std::span<const std::uint8_t> bytes);

}  // namespace ddtb::detail::tb
