// A main() for the fuzz targets where libFuzzer is not linked (GCC builds,
// the sanitizer builds): runs LLVMFuzzerTestOneInput once on every file
// named on the command line or found under a directory named there, so that
// the seed corpora and the inputs of past findings (tests/fuzz/regressions/)
// are replayed by the default test suite on every build.
//
// As libFuzzer's -rss_limit_mb/-malloc_limit_mb (2048, run_fuzzer.cmake),
// an input may not make the code under test allocate much: outside the
// sanitizer builds (whose shadow memory needs terabytes of address space)
// the address space is limited to kAddressSpaceLimit, so that an oversized
// allocation throws std::bad_alloc, which aborts the replay.
#include <sys/resource.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define DDTB_REPLAY_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define DDTB_REPLAY_SANITIZED 1
#endif
#endif

constexpr rlim_t kAddressSpaceLimit = rlim_t{2} << 30;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
#ifndef DDTB_REPLAY_SANITIZED
  rlimit limit{};
  if (::getrlimit(RLIMIT_AS, &limit) == 0 &&
      (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur > kAddressSpaceLimit)) {
    limit.rlim_cur = kAddressSpaceLimit;
    if (::setrlimit(RLIMIT_AS, &limit) != 0) std::perror("replay: setrlimit");
  }
#endif
  if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    const fs::path p = argv[i];
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      for (const auto& e : fs::recursive_directory_iterator(p, ec))
        if (e.is_regular_file()) files.push_back(e.path());
    } else if (fs::is_regular_file(p, ec)) {
      files.push_back(p);
    } else {
      std::fprintf(stderr, "replay: no such file or directory: %s\n", argv[i]);
      return 2;
    }
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& f : files) {
    std::ifstream in(f, std::ios::binary);
    // An exactly sized heap copy, as libFuzzer passes it.
    const std::vector<char> bytes{std::istreambuf_iterator<char>(in), {}};
    auto data = std::make_unique<std::uint8_t[]>(bytes.size());
    std::copy(bytes.begin(), bytes.end(), data.get());
    LLVMFuzzerTestOneInput(data.get(), bytes.size());
  }
  std::printf("replayed %zu inputs\n", files.size());
  return files.empty() ? 1 : 0;
}
