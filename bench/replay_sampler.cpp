#include "bench/replay_sampler.hpp"

#include <cassert>
#include <utility>
#include <vector>

namespace ddtb::bench {

namespace {

// `cards` in a random order (Fisher-Yates).
std::vector<Card> shuffled(test::Rng& rng, CardSet cards) {
  std::vector<Card> v;
  for (const Card c : cards) v.push_back(c);
  for (std::size_t i = v.size(); i > 1; --i)
    std::swap(v[i - 1], v[rng.below(static_cast<std::uint32_t>(i))]);
  return v;
}

// The cards of the suits in the `suits` bit set.
CardSet of_suits(CardSet cards, std::uint8_t suits) {
  CardSet out;
  for (int s = 0; s < kNumSuits; ++s)
    if (suits & (1u << s)) out |= cards.suit(suit_from_int(s));
  return out;
}

}  // namespace

std::array<CardSet, 4> sample_hands(test::Rng& rng, const SampleSpec& spec) {
  std::array<CardSet, 4> out{};
  std::vector<int> unseen;
  CardSet pool;
  for (int h = 0; h < kNumSeats; ++h) {
    if (spec.seen[h]) {
      out[h] = spec.hands[h];
    } else {
      unseen.push_back(h);
      pool |= spec.hands[h];
    }
  }
  std::array<int, 4> need{};
  for (const int h : unseen) need[h] = spec.hands[h].size();
  if (unseen.size() == 2) {
    // A card of a suit one seat has shown out of can only be the other's.
    const int a = unseen[0], b = unseen[1];
    const CardSet to_b = of_suits(pool, spec.voids[a]), to_a = of_suits(pool, spec.voids[b]);
    assert(!to_a.intersects(to_b) && to_a.size() <= need[a] && to_b.size() <= need[b]);
    out[a] = to_a;
    out[b] = to_b;
    need[a] -= to_a.size();
    need[b] -= to_b.size();
    pool -= to_a | to_b;
  } else {
    for ([[maybe_unused]] const int h : unseen) assert(spec.voids[h] == 0);
  }
  // The rest at random, filling the seats in turn.
  std::size_t seat = 0;
  for (const Card c : shuffled(rng, pool)) {
    while (need[unseen[seat]] == 0) ++seat;
    out[unseen[seat]].insert(c);
    --need[unseen[seat]];
  }
  return out;
}

}  // namespace ddtb::bench
