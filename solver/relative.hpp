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

#include <algorithm>
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

// How many of the top cards of each suit a pattern specifies: suit s in bits
// [4s, 4s + 4) (0..13). The compact form of a mask of top fields.
using TopCounts = std::uint16_t;

constexpr int top_count(TopCounts c, int suit) { return (c >> (4 * suit)) & 15; }

namespace relative_detail {
// Mask word of a pair of suits (2w, 2w + 1) from the byte of their counts.
constexpr std::array<std::uint64_t, 256> make_mask_words() {
  std::array<std::uint64_t, 256> t{};
  for (int b = 0; b < 256; ++b) t[b] = top_fields(0, std::min(b & 15, 13)) | top_fields(1, std::min(b >> 4, 13));
  return t;
}
inline constexpr std::array<std::uint64_t, 256> kMaskWords = make_mask_words();
}  // namespace relative_detail

// The owner fields a TopCounts specifies.
constexpr RelPattern mask_of(TopCounts c) {
  return {{relative_detail::kMaskWords[c & 0xff], relative_detail::kMaskWords[c >> 8]}};
}

// Whether every suit of `inner` specifies at most as many cards as `outer`
// (so that `inner` is the more general pattern).
constexpr bool counts_within(TopCounts inner, TopCounts outer) {
  for (int s = 0; s < 4; ++s)
    if (top_count(inner, s) > top_count(outer, s)) return false;
  return true;
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

// The absolute cards behind TopCounts: for every suit, its top cards of
// `present`, as many as specified.
inline Bits cards_of_counts(TopCounts counts, Bits present) {
  Bits out = 0;
  for (int suit = 0; suit < 4; ++suit) {
    const int m = top_count(counts, suit);
    if (m) out |= top_cards(present & suit_bits(suit), m);
  }
  return out;
}

}  // namespace ddtb::detail
