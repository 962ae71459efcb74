// Small endgame tables (4 and 8 cards, both strain classes) built into a
// fresh temporary directory, for tests of the C API's tablebase path.
#pragma once

#include <string>

namespace ddtb::test {

// Builds layers 1..tricks into a new directory under $TMPDIR (or /tmp) and
// returns its path; empty on failure. A few seconds for 2 tricks.
std::string build_small_tables(int tricks);

}  // namespace ddtb::test
