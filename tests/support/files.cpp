#include "tests/support/files.hpp"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iterator>

namespace ddtb::test {

std::string temp_dir(const std::string& tag) {
  std::string pattern = (std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") +
                        std::string("/ddtb-") + tag + "-XXXXXX";
  char* d = ::mkdtemp(pattern.data());
  return d ? std::string(d) : std::string();
}

std::vector<char> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void write_file(const std::string& path, const std::vector<char>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace ddtb::test
