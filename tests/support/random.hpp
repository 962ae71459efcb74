// Reproducible random deals and positions for tests and benchmarks.
//
// Our own PRNG (xoshiro256**, seeded through splitmix64) rather than <random>
// distributions, whose output differs between standard libraries: a seed
// printed by a failing test must reproduce the same position everywhere.
#pragma once

#include <cstdint>

#include "ddtb/position.hpp"

namespace ddtb::test {

class Rng {
 public:
  explicit Rng(std::uint64_t seed);
  std::uint64_t next();
  // Uniform in [0, n), n > 0 (rejection sampling, no modulo bias).
  std::uint32_t below(std::uint32_t n);

 private:
  std::uint64_t s_[4];
};

// A uniformly random full deal (13 cards each).
Deal random_deal(Rng& rng);

// A random ending: `tricks` tricks left (1..13) dealt from random cards of the
// deck, the given strain and leader, then `played` (0..3) random legal cards
// played to the current trick.
Position random_position(Rng& rng, int tricks, int played, Strain strain, Seat leader);

}  // namespace ddtb::test
