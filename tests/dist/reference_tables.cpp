// reference_tables DIR CARDS [THREADS]: the reference build
// (tests/dist/reference_tables.hpp) for the scripted distributed tests.
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "tests/dist/reference_tables.hpp"

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    std::fprintf(stderr, "usage: reference_tables DIR CARDS [THREADS]\n");
    return 2;
  }
  const int cards = std::atoi(argv[2]);
  const int threads = argc == 4 ? std::atoi(argv[3]) : 2;
  if (cards < 4 || cards % 4 != 0 || threads < 1) {
    std::fprintf(stderr, "reference_tables: bad CARDS or THREADS\n");
    return 2;
  }
  if (::mkdir(argv[1], 0755) != 0 && errno != EEXIST) {
    std::fprintf(stderr, "reference_tables: %s: %s\n", argv[1], std::strerror(errno));
    return 2;
  }
  auto built = ddtb::test::build_reference_tables(argv[1], cards / 4, threads);
  if (!built) {
    std::fprintf(stderr, "reference_tables: %s\n", built.error().message.c_str());
    return 1;
  }
  return 0;
}
