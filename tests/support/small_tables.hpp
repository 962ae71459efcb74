// Small endgame tables (4 and 8 cards, both strain classes) built into a
// fresh temporary directory, for tests of the C API's tablebase path.
#pragma once

#include <filesystem>
#include <string>
#include <system_error>

namespace ddtb::test {

// Removes a test's directory tree when the test ends, passed or failed
// (tables in use stay readable: the solver maps them, and a mapped file
// outlives its name).
struct RemovedAtEnd {
  std::string path;
  ~RemovedAtEnd() {
    std::error_code ignored;
    if (!path.empty()) std::filesystem::remove_all(path, ignored);
  }
};

// Builds layers 1..tricks into a new directory under $TMPDIR (or /tmp) and
// returns its path; empty on failure. A few seconds for 2 tricks.
std::string build_small_tables(int tricks);

}  // namespace ddtb::test
