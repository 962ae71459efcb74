#!/usr/bin/env bash
# Builds the test suite with sanitizers and runs it (docs/HARDENING.md):
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
# Under TSan, the searches that run on one thread only are left out: TSan
# reports races between threads, and these (the solver and the C API
# against the brute-force reference, DDS's golden hands, libdds, par, and
# the tablebase tests that solve positions one by one) take 10 to 30
# minutes each under it on two cores. They all run under ASan + UBSan.
# Everything that starts threads runs: the C API's thread tests, the soak
# test, ddsolve's workers, the builder's (Tables.*Threads, the fixture's
# 2-thread builds, units, distributed builds, MPI), and the rest. Also left
# out: ddtb_capi_ld_library_path_swap, whose first run is an unchanged DDS
# program on Debian's libdds, which runs its threads with OpenMP: libgomp is
# not instrumented, TSan cannot see its barriers and reports races inside
# libdds (TransTableL::ReturnAllMemory against GetNextCardBlock).
tsan_skip='^(Options/SolverVsReference|SolverVsReferenceShared|DdsHands/Golden|CapiGolden|CapiPar)\.|^DdsDiff/|^Tables\.(SolverGivesTheSameAnswersWithAndWithoutTables|ProbeAgreesWithTheSolverOnRandomPositions|GoldenDealsWithTables)$|^ddtb_capi_ld_library_path_swap$'
skip=()
case "$kind" in
  address) dir=build-asan ;;
  thread) dir=build-tsan; skip=(-E "$tsan_skip") ;;
  *) echo "usage: $0 address|thread" >&2; exit 2 ;;
esac
export DDTB_SOAK_SCALE=${DDTB_SOAK_SCALE:-0.25}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:check_initialization_order=1:strict_init_order=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDDTB_SANITIZE="$kind" \
  -DDDTB_BUILD_BENCH=OFF
cmake --build "$dir" --parallel 2
ctest --test-dir "$dir" --output-on-failure --parallel 2 -LE 'long|package' "${skip[@]}"
