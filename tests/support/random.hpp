// Reproducible random deals and positions for tests and benchmarks, drawn
// from ddtb's seeded generator (core/random.hpp): a seed printed by a failing
// test reproduces the same position everywhere.
#pragma once

#include <cstdint>

#include "core/random.hpp"
#include "ddtb/position.hpp"

namespace ddtb::test {

using Rng = ddtb::Rng;

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
