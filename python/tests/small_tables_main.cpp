// Builds small endgame tables (layers of 1 to 3 tricks) into a new
// temporary directory and prints its path, for test_api.py's tablebase tests.
#include <cstdio>

#include "tests/support/small_tables.hpp"

int main() {
  const std::string dir = ddtb::test::build_small_tables(3);
  if (dir.empty()) {
    std::fprintf(stderr, "building the small tables failed\n");
    return 1;
  }
  std::printf("%s\n", dir.c_str());
  return 0;
}
