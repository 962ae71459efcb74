#include <gtest/gtest.h>

#include "ddtb/solver.hpp"

TEST(Smoke, SolvesFirstGoldenDeal) {
  auto deal =
      ddtb::parse_pbn_deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3");
  ASSERT_TRUE(deal) << deal.error().message;
  ddtb::Solver solver;
  ddtb::DdTable t = solver.dd_table(*deal);
  // TABLE 5 8 5 8 6 6 6 6 5 7 5 7 7 5 7 5 6 6 6 6 (list100.txt, deal 1)
  const int expected[20] = {5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6};
  for (int s = 0; s < 5; ++s)
    for (int h = 0; h < 4; ++h) EXPECT_EQ(t.tricks[s][h], expected[s * 4 + h]) << s << " " << h;
}
