// What the ddsolve tests of one program (ddtb_cli_test) share: the binary,
// the club session they solve and its golden outputs, and no default tables.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "tests/cli_test.hpp"

namespace ddtb::cli {

inline const std::string kDdsolve = DDSOLVE_PATH;
inline const std::string kData = CLI_DATA_DIR;
inline const std::string kSession = kData + "/club_session.pbn";

// No default tables for the ddsolve these tests start, whatever the machine
// holds (cli_default_tables_test tests them): DDTB_TABLEBASE set but empty,
// as CTest sets it too (cmake/ddtbTestEnvironment.cmake).
inline const bool kTablesOff = ::setenv("DDTB_TABLEBASE", "", 1) == 0;

// `actual` against the golden file data/cli/golden/<golden>, which `how`
// regenerates.
inline void expect_golden(const std::string& actual, const std::string& golden,
                          const std::string& how) {
  const std::string expected = test::read_file(kData + "/golden/" + golden);
  EXPECT_FALSE(expected.empty()) << golden;
  EXPECT_EQ(actual, expected) << "ddsolve output differs from data/cli/golden/" << golden
                              << "; if the change is intended, review it and regenerate with\n  "
                              << how << " > tests/data/cli/golden/" << golden;
}

}  // namespace ddtb::cli
