#include "tests/support/random.hpp"

#include <array>
#include <vector>

namespace ddtb::test {

namespace {
std::array<CardSet, 4> deal_cards(Rng& rng, int tricks) {
  std::vector<Card> deck;
  for (int s = 0; s < 4; ++s)
    for (int r = kMinRank; r <= kMaxRank; ++r)
      deck.push_back(Card{suit_from_int(s), static_cast<std::uint8_t>(r)});
  // Fisher-Yates over the first 4 * tricks positions.
  for (int i = 0; i < 4 * tricks; ++i) {
    const int j = i + static_cast<int>(rng.below(static_cast<std::uint32_t>(deck.size() - i)));
    std::swap(deck[i], deck[j]);
  }
  std::array<CardSet, 4> hands{};
  for (int i = 0; i < 4 * tricks; ++i) hands[i % 4].insert(deck[i]);
  return hands;
}

// A uniformly random card of a non-empty set.
Card random_card(Rng& rng, CardSet cards) {
  int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(cards.size())));
  for (const Card c : cards)
    if (pick-- == 0) return c;
  return Card{};
}
}  // namespace

Deal random_deal(Rng& rng) {
  return *Deal::from_hands(deal_cards(rng, 13));
}

Position random_position(Rng& rng, int tricks, int played, Strain strain, Seat leader) {
  Position p = Position::at_trick_start(*Deal::from_hands(deal_cards(rng, tricks)), strain, leader);
  for (int i = 0; i < played; ++i) p = *p.play(random_card(rng, p.legal_cards()));
  return p;
}

Position random_revoke_position(Rng& rng, int tricks, int played, Strain strain, Seat leader) {
  for (;;) {
    std::array<CardSet, 4> hands = deal_cards(rng, tricks);
    std::vector<Card> trick = {random_card(rng, hands[to_int(leader)])};
    const Suit led = trick[0].suit;
    bool revoked = false;
    for (int i = 1; i < played; ++i) {
      const CardSet hand = hands[to_int(next_seat(leader, i))];
      const CardSet follow = hand.suit(led), other = hand - follow;
      const bool can_revoke = !follow.empty() && !other.empty();
      const bool revoke = can_revoke && ((i == played - 1 && !revoked) || rng.below(2) == 0);
      trick.push_back(random_card(rng, revoke ? other : follow.empty() ? hand : follow));
      revoked = revoked || revoke;
    }
    if (!revoked) continue;
    for (int i = 0; i < played; ++i) hands[to_int(next_seat(leader, i))].erase(trick[i]);
    return *Position::make_as_played(hands, strain, leader, trick);
  }
}

}  // namespace ddtb::test
