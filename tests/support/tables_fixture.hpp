// The 4-, 8- and 12-card tables (both strain classes, and the 12-card bound
// layers "at least 2"), as built and packed, that the tablebase tests (tests/tablebase_*_test.cpp)
// read, built by the build plan and its executor as ddtb-build builds them.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "builder/layer_build.hpp"

namespace ddtb::test {

// Builds layers 1..tricks into dir with `threads` workers through the build
// plan and its executor, as ddtb-build does; returns the stats of the exact
// layers, and of the bound layers in `bound_stats` (when given).
std::vector<detail::tb::LayerStats> build_tables(
    const std::string& dir, int tricks, int threads,
    std::vector<detail::tb::LayerStats>* bound_stats = nullptr);

// One set of 4-, 8- and 12-card tables for the whole test program, built
// in a temporary directory by 2 workers (a few seconds) and removed at the
// end.
class Tables : public ::testing::Test {
 protected:
  static void SetUpTestSuite();
  static void TearDownTestSuite();
  // The same tables rewritten in the packed layout (format 5 and 6) by
  // repack, made on first use.
  static const std::string& packed_dir();
  static std::string dir_;
  static std::vector<detail::tb::LayerStats> stats_;
  static std::vector<detail::tb::LayerStats> bound_stats_;  // 12 cards, at least 2: nt, trump

 private:
  static std::string packed_;
};

}  // namespace ddtb::test
