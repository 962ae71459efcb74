#!/usr/bin/env bash
# Builds the test suite with sanitizers and runs it (README.md, "Hardening"):
#   bash scripts/sanitize.sh address   # ASan + UBSan, in build-asan/
#   bash scripts/sanitize.sh thread    # TSan, in build-tsan/
# Runs every test but those labelled long (as scripts/test.sh) and package
# (the consumer projects compile unsanitized code against the sanitized
# library, which cannot link). Any sanitizer report fails its test. The soak
# test runs a quarter of its counts (DDTB_SOAK_SCALE=0.25, override it in the
# environment); everything else runs in full.
set -euo pipefail
cd "$(dirname "$0")/.."
kind=${1:-}
case "$kind" in
  address) dir=build-asan ;;
  thread) dir=build-tsan ;;
  *) echo "usage: $0 address|thread" >&2; exit 2 ;;
esac
export DDTB_SOAK_SCALE=${DDTB_SOAK_SCALE:-0.25}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:check_initialization_order=1:strict_init_order=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDDTB_SANITIZE="$kind" \
  -DDDTB_BUILD_BENCH=OFF
cmake --build "$dir" --parallel 2
ctest --test-dir "$dir" --output-on-failure --parallel 2 -LE 'long|package'
