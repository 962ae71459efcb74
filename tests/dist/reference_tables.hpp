// The reference for sharded, killed and distributed builds: the tables of
// a plain build (one party running every unit of the plan through the
// executor, builder/executor.hpp), with the bound layers ddtb-build makes.
// Header-only, for the distributed tests and the reference_tables tool. That
// these bytes are today's is checked outside the tests: docs/DISTRIBUTED.md
// (cmp of 4-16-card tables against the previous builder).
#pragma once

#include <string>

#include "builder/build_plan.hpp"
#include "builder/executor.hpp"

namespace ddtb::test {

// Layers 1..tricks (both classes, and the bound layers) into dir, built on
// `threads` threads, with units of `unit_size` partitions.
inline Expected<void> build_reference_tables(const std::string& dir, int tricks, int threads,
                                             std::uint32_t unit_size = 256) {
  using namespace detail::tb;
  Party alone;
  BuildReporter silent;
  ExecuteOptions options;
  options.threads = threads;
  return execute(make_plan(dir, tricks, true, unit_size), options, alone, silent);
}

}  // namespace ddtb::test
