// Skipping a GoogleTest test that needs one of DDS's hand lists when
// DDTB_REF_DIR does not hold it (ref_file.hpp says why that is normal): the
// test is reported as skipped, with a line naming the file and the setting,
// never as failed. Use at the top of a TEST body:
//   DDTB_SKIP_WITHOUT_REF("list100.txt");
#pragma once

#include <gtest/gtest.h>

#include "tests/support/ref_file.hpp"

// The switch keeps a caller's `else` from binding to the `if` inside.
#define DDTB_SKIP_WITHOUT_REF(name)             \
  switch (0)                                    \
  case 0:                                       \
  default:                                      \
    if (::ddtb::test::ref_file_present(name)) { \
    } else                                      \
      GTEST_SKIP() << ::ddtb::test::ref_missing_message(name)
