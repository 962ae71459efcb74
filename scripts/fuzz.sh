#!/usr/bin/env bash
# Builds the libFuzzer targets (Clang 14, ASan + UBSan) in build-fuzz/ and
# runs each for DDTB_FUZZ_SECONDS seconds (default 60); fails on any crash,
# sanitizer report, leak, hang or excessive memory (docs/HARDENING.md).
#   bash scripts/fuzz.sh                       # 60 s per target
#   DDTB_FUZZ_SECONDS=600 bash scripts/fuzz.sh
# A failing input is left in build-fuzz/tests/fuzz/<target>/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 -DDDTB_FUZZ=ON -DDDTB_BUILD_BENCH=OFF
cmake --build build-fuzz --parallel 2 --target ddtb_fuzzers
ctest --test-dir build-fuzz --output-on-failure -L '^fuzz$'
