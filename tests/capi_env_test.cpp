// DDTB_TABLEBASE: a program that never calls SetTablebasePath() picks up
// the tables named in its environment, read once, at the first call that
// needs a solver. Its own process, since the variable is read only once.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "ddtb/dll.h"
#include "tests/support/small_tables.hpp"

namespace ddtb::test {
namespace {

TEST(CapiEnvironment, TablebaseFromTheEnvironment) {
  const std::string dir = build_small_tables(1);
  ASSERT_FALSE(dir.empty());
  ASSERT_EQ(::setenv("DDTB_TABLEBASE", dir.c_str(), 1), 0);
  dealPBN d{};
  d.trump = 4;
  d.first = 0;
  std::snprintf(d.remainCards, sizeof d.remainCards, "N:A... K... Q... J...");
  futureTricks f{};
  ASSERT_EQ(SolveBoardPBN(d, -1, 3, 1, &f, 0), RETURN_NO_FAULT);
  EXPECT_EQ(f.score[0], 1);
  DDSInfo info{};
  GetDDSInfo(&info);
  EXPECT_NE(std::string(info.systemString).find("4 cards"), std::string::npos) << info.systemString;
  // Read once: changing the variable later changes nothing.
  ASSERT_EQ(::setenv("DDTB_TABLEBASE", "/nonexistent", 1), 0);
  GetDDSInfo(&info);
  EXPECT_NE(std::string(info.systemString).find("4 cards"), std::string::npos);
}

}  // namespace
}  // namespace ddtb::test
