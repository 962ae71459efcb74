// The hands a robot cannot see, sampled as a bidding or play robot samples
// them (for ddtb-replay-gen): the seats it sees keep their real cards, the
// cards it has not seen are dealt at random among the other seats, each
// seat getting as many as it really holds and no card of a suit it has
// shown out of.
#pragma once

#include <array>
#include <cstdint>

#include "ddtb/cards.hpp"
#include "tests/support/random.hpp"

namespace ddtb::bench {

struct SampleSpec {
  std::array<CardSet, 4> hands;         // the real hands now (cards of the current trick excluded)
  std::array<bool, 4> seen{};           // seats whose hands the robot sees
  std::array<std::uint8_t, 4> voids{};  // suits (bit s) a seat has shown out of
};

// One sample: seen seats keep their hands; the other seats' cards are
// pooled and dealt again uniformly among the deals that keep each seat's
// card count and respect its voids. Voids are only allowed with exactly two
// unseen seats (a play robot sees its hand and dummy's); with three (in the
// bidding and at the opening lead) nothing has been shown.
std::array<CardSet, 4> sample_hands(test::Rng& rng, const SampleSpec& spec);

}  // namespace ddtb::bench
