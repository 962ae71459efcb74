// Relative ranks: who holds each suit's cards, in rank order. Internal.
//
// The value of a position at a trick boundary depends only on the suit lengths
// and on the owner of each card in rank order, not on the absolute ranks (the
// 7 of a suit in which A..8 have gone plays like an ace). The transposition
// table therefore keys positions by this owner sequence.
//
// Layout of a RelPattern: two 64-bit words; suit s lives in word s/2, in the
// high half for even s and the low half for odd s. Inside its 32-bit half, the
// owner (seat 0..3) of the suit's i-th highest card occupies bits
// [30-2i, 32-2i): the highest card is leftmost. Fields past the suit's length
// are 0. "The top m cards of a suit" is then a mask of the half's top 2m bits,
// whatever the suit's length.
#pragma once

#include <array>
#include <cstdint>

#include "solver/bits.hpp"

namespace ddtb::detail {

struct RelPattern {
  std::array<std::uint64_t, 2> w{};
  friend constexpr bool operator==(const RelPattern& a, const RelPattern& b) {
    return ((a.w[0] ^ b.w[0]) | (a.w[1] ^ b.w[1])) == 0;
  }
};

constexpr int half_shift(int suit) { return (suit & 1) ? 0 : 32; }

// Mask of the owner fields of the top `m` cards of `suit` (m = 0..13).
constexpr std::uint64_t top_fields(int suit, int m) {
  std::uint64_t half = m == 0 ? 0 : (0xffffffffull << (32 - 2 * m)) & 0xffffffffull;
  return half << half_shift(suit);
}

// Number of specified cards of `suit` in a mask built from top_fields().
constexpr int fields_in_mask(const RelPattern& mask, int suit) {
  std::uint64_t half = (mask.w[suit >> 1] >> half_shift(suit)) & 0xffffffffull;
  return std::popcount(half) / 2;
}

// Owner sequences of all suits for hands whose union is `present`.
inline RelPattern make_relative(const std::array<Bits, 4>& hands) {
  RelPattern r;
  for (int suit = 0; suit < 4; ++suit) {
    std::uint64_t half = 0;
    int i = 0;
    Bits present = (hands[0] | hands[1] | hands[2] | hands[3]) & suit_bits(suit);
    while (present) {
      Bits card = top_bit(present);
      present ^= card;
      std::uint64_t owner = (hands[1] & card) ? 1 : (hands[2] & card) ? 2 : (hands[3] & card) ? 3 : 0;
      half |= owner << (30 - 2 * i);
      ++i;
    }
    r.w[suit >> 1] |= half << half_shift(suit);
  }
  return r;
}

// Removes one card from the owner sequence of its suit. `present` is the set
// of cards (all suits) before the removal and contains the card. The fields
// below the card's move up by one; the suit's last field becomes 0.
inline void remove_relative(RelPattern& r, int card, Bits present) {
  const int suit = suit_of(card);
  const int index = count(present & suit_bits(suit) & above(bit_of(card)));
  const int shift = half_shift(suit);
  const int field = shift + 30 - 2 * index;  // lowest bit of the card's field
  const std::uint64_t lower = ((std::uint64_t{1} << field) - 1) & ~((std::uint64_t{1} << shift) - 1);
  const std::uint64_t removed = std::uint64_t{3} << field;
  std::uint64_t& word = r.w[suit >> 1];
  word = (word & ~(lower | removed)) | ((word & lower) << 2);
}

// The absolute cards behind a mask: for every suit, the top m cards of
// `present` in that suit, m being the number of fields the mask specifies.
inline Bits cards_of_mask(const RelPattern& mask, Bits present) {
  Bits out = 0;
  for (int suit = 0; suit < 4; ++suit) {
    int m = fields_in_mask(mask, suit);
    if (m) out |= top_cards(present & suit_bits(suit), m);
  }
  return out;
}

}  // namespace ddtb::detail
