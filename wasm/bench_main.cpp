// ddtb-bench.js: the node-count signature of the WebAssembly build, run by
// Node (wasm/tests/tests.cmake). The same workload as the native ddtb-bench
// (bench/signature_workload.hpp), so it must print the same node count.
//
//   node ddtb-bench.js [signature] [--list FILE]
#include <cstdio>
#include <string>

#include "bench/signature_workload.hpp"

int main(int argc, char** argv) {
  std::string list = std::string(DDTB_GOLDEN_DIR) + "/deals.txt";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "signature") continue;
    if (arg == "--list" && i + 1 < argc) {
      list = argv[++i];
      continue;
    }
    std::fprintf(stderr, "usage: ddtb-bench.js [signature] [--list FILE] (unknown argument: %s)\n",
                 arg.c_str());
    return 2;
  }
  return ddtb::bench::signature(list);
}
