// QuickTricks and LaterTricks on their own (solver/sure_tricks.hpp), against
// the brute-force reference: a claim never exceeds what the side really
// takes, in the position itself and in every position that keeps the owners
// of the cards the claim relies on (the basis on which the transposition
// table stores it).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>

#include "solver/relative.hpp"
#include "solver/sure_tricks.hpp"
#include "support/random.hpp"
#include "support/reference.hpp"

namespace ddtb::detail {
namespace {

Position position_of(const std::array<Bits, 4>& hands, int trump, int leader) {
  std::array<CardSet, 4> cs;
  for (int h = 0; h < 4; ++h) cs[h] = CardSet(hands[h]);
  return Position::at_trick_start(*Deal::from_hands(cs), strain_from_int(trump),
                                  seat_from_int(leader));
}

// The tricks the side of `leader` takes, by brute force.
int leader_side_tricks(const std::array<Bits, 4>& hands, int trump, int leader) {
  return test::reference_max_tricks(position_of(hands, trump, leader));
}

// The same suit lengths and the same owners of the `kept` cards; every other
// card of each suit dealt again among the seats that held one.
std::array<Bits, 4> redeal_except(test::Rng& rng, const std::array<Bits, 4>& hands, Bits kept) {
  std::array<Bits, 4> out{};
  for (int seat = 0; seat < 4; ++seat) out[seat] = hands[seat] & kept;
  for (int s = 0; s < 4; ++s) {
    int cards[13], seats[13], n = 0, m = 0;
    for (int seat = 0; seat < 4; ++seat)
      for (Bits b = hands[seat] & suit_bits(s) & ~kept; b; b &= b - 1) seats[m++] = seat;
    for (Bits b = (hands[0] | hands[1] | hands[2] | hands[3]) & suit_bits(s) & ~kept; b; b &= b - 1)
      cards[n++] = top_index(b & (~b + 1));
    for (int k = m - 1; k > 0; --k) std::swap(seats[k], seats[rng.below(k + 1)]);
    for (int k = 0; k < n; ++k) out[seats[k]] |= bit_of(cards[k]);
  }
  return out;
}

std::array<Bits, 4> hands_of(const Position& p) {
  std::array<Bits, 4> h;
  for (int s = 0; s < 4; ++s) h[s] = p.hand(seat_from_int(s)).bits();
  return h;
}

std::string text(const std::array<Bits, 4>& hands, int trump, int leader) {
  return test::describe(position_of(hands, trump, leader));
}

// Positions of 2 to 4 tricks, every strain and leader (the reference's
// minimax of 5 tricks takes a hundred times longer).
template <class Check>
void for_random_positions(std::uint64_t seed, int count, Check check) {
  test::Rng rng(seed);
  for (int i = 0; i < count; ++i) {
    const int tricks = 2 + static_cast<int>(rng.below(3));
    const int trump = static_cast<int>(rng.below(5));
    const int leader = static_cast<int>(rng.below(4));
    const Position p =
        test::random_position(rng, tricks, 0, strain_from_int(trump), seat_from_int(leader));
    check(rng, hands_of(p), trump, leader, tricks);
  }
}

TEST(SureTricks, QuickTricksNeverClaimMoreThanTheLeaderTakes) {
  int claims = 0;
  for_random_positions(
      11, 1000,
      [&](test::Rng& rng, const std::array<Bits, 4>& hands, int trump, int leader, int tricks) {
        const SureTricks q = quick_tricks(hands, leader, trump, 1);
        if (q.tricks == 0) return;
        ++claims;
        ASSERT_LE(q.tricks, tricks);
        ASSERT_LE(q.tricks, leader_side_tricks(hands, trump, leader)) << text(hands, trump, leader);
        const Bits present = hands[0] | hands[1] | hands[2] | hands[3];
        const Bits kept = specified_cards(q.winners, present);
        for (int v = 0; v < 3; ++v) {
          const auto other = redeal_except(rng, hands, kept);
          ASSERT_LE(q.tricks, leader_side_tricks(other, trump, leader))
              << "claimed " << q.tricks << " on " << text(hands, trump, leader)
              << ", relying on the owners of " << to_pbn(CardSet(kept)) << "; fails on "
              << text(other, trump, leader);
        }
      });
  EXPECT_GT(claims, 300) << "too few claims to test";
}

TEST(SureTricks, LaterTricksNeverClaimMoreThanTheOpponentsTake) {
  int claims = 0;
  for_random_positions(
      12, 1000,
      [&](test::Rng& rng, const std::array<Bits, 4>& hands, int trump, int leader, int tricks) {
        const SureTricks l = later_tricks(hands, leader, trump, 1);
        if (l.tricks == 0) return;
        ++claims;
        ASSERT_LE(l.tricks, tricks - leader_side_tricks(hands, trump, leader))
            << text(hands, trump, leader);
        const Bits present = hands[0] | hands[1] | hands[2] | hands[3];
        const Bits kept = specified_cards(l.winners, present);
        for (int v = 0; v < 3; ++v) {
          const auto other = redeal_except(rng, hands, kept);
          ASSERT_LE(l.tricks, tricks - leader_side_tricks(other, trump, leader))
              << "claimed " << l.tricks << " for the opponents on " << text(hands, trump, leader)
              << ", relying on the owners of " << to_pbn(CardSet(kept)) << "; fails on "
              << text(other, trump, leader);
        }
      });
  EXPECT_GT(claims, 100) << "too few claims to test";
}

// The cards named, as bits ("SA", "H2", ...).
Bits cards(std::initializer_list<const char*> names) {
  Bits b = 0;
  for (const char* n : names) b |= bit_of(parse_card(n)->index());
  return b;
}

// The transfer step of QuickTricks' cashing line (phases 2-4): North cashes
// the spade ace, South following with its spare spade, then leads its small
// heart to South's top hearts, and South cashes them. Neither hand alone
// takes more than one trick on lead, and crossing first to South's hearts
// would leave the spade ace stranded.
TEST(SureTricks, QuickTricksCashThenTransferToPartner) {
  const std::array<Bits, 4> hands = {cards({"SA", "H2", "D3", "D2"}),   // North, on lead
                                     cards({"SK", "SQ", "HJ", "HT"}),   // East
                                     cards({"S2", "HA", "HK", "HQ"}),   // South
                                     cards({"DA", "DK", "DQ", "DJ"})};  // West
  const int north = 0;
  ASSERT_EQ(leader_side_tricks(hands, kNoTrump, north), 4) << text(hands, kNoTrump, north);
  const SureTricks q = quick_tricks(hands, north, kNoTrump, 4);
  EXPECT_EQ(q.tricks, 4) << text(hands, kNoTrump, north);
  // The ace of spades and the hearts above East's: every other card lower.
  EXPECT_EQ(q.winners, cards({"SA", "HA", "HK", "HQ"}));
}

}  // namespace
}  // namespace ddtb::detail
