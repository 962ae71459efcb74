#!/usr/bin/env bash
# Builds everything (Release) and runs the whole test suite except the tests
# labelled "long" (run those with: ctest --test-dir build -L long).
#
#   scripts/test.sh [--shared]
#
# --shared does the same in build-shared/ with BUILD_SHARED_LIBS=ON:
# libddtb.so and libddtb_dds.so, the tools and tests linked on the library's
# internal archive (the top-level CMakeLists.txt says why). CI runs the
# default only; the package tests check the shared libraries there.
set -euo pipefail
cd "$(dirname "$0")/.."
build=build
options=()
case "${1:-}" in
  "") ;;
  --shared)
    build=build-shared
    options=(-DBUILD_SHARED_LIBS=ON)
    ;;
  *)
    echo "usage: scripts/test.sh [--shared] (unknown argument: $1)" >&2
    exit 2
    ;;
esac
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "${options[@]}"
cmake --build "$build" --parallel
ctest --test-dir "$build" --output-on-failure --parallel 2 -LE long
