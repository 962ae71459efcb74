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

// A random ending of `tricks` tricks (2..13) with `played` (2 or 3) cards
// already played to the current trick, at least one of them by a follower
// that did not follow suit although its hand still holds the suit led (a
// revoke on the table: Position::make_as_played). Each follower that can
// revoke does so at random, the last one surely if nobody did before; the
// others play a random legal card. Deals without such a follower are dealt
// again.
Position random_revoke_position(Rng& rng, int tricks, int played, Strain strain, Seat leader);

}  // namespace ddtb::test
