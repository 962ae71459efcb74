// What the sampler's tests share (single_dummy_test.cpp,
// deal_sampler_shape_test.cpp): a hand from PBN, its HCP counted card by
// card, and the chi-square critical value their uniformity tests compare
// with.
#pragma once

#include <gtest/gtest.h>

#include <cmath>

#include "ddtb/position.hpp"

namespace ddtb::test {

inline CardSet hand(const char* pbn) {
  auto h = parse_pbn_hand(pbn);
  EXPECT_TRUE(h) << pbn;
  return h ? *h : CardSet{};
}

inline int hcp(CardSet h) {
  int p = 0;
  for (const Card c : h) p += c.rank >= 11 ? c.rank - 10 : 0;
  return p;
}

// The chi-square value that k degrees of freedom exceed with probability
// 0.001 (the Wilson-Hilferty approximation).
inline double chi_square_critical(double k) {
  const double z = 3.090;  // the normal quantile of 0.999
  return k * std::pow(1 - 2 / (9 * k) + z * std::sqrt(2 / (9 * k)), 3);
}

}  // namespace ddtb::test
