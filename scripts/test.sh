#!/usr/bin/env bash
# Builds everything (Release) and runs the whole test suite except the tests
# labelled "long" (run those with: ctest --test-dir build -L long).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build --parallel
ctest --test-dir build --output-on-failure --parallel 2 -LE long
