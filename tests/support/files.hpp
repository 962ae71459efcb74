// Scratch directories and whole-file reads and writes for the tests that
// build, damage and compare table files.
#pragma once

#include <string>
#include <vector>

namespace ddtb::test {

// A new empty directory $TMPDIR/ddtb-<tag>-XXXXXX (TMPDIR defaults to /tmp);
// "" when it cannot be made.
std::string temp_dir(const std::string& tag);

std::vector<char> read_file(const std::string& path);
void write_file(const std::string& path, const std::vector<char>& bytes);

}  // namespace ddtb::test
