// Relative ranks: who holds each suit's cards, in rank order. Internal.
//
// The value of a position at a trick boundary depends only on the suit lengths
// and on the owner of each card in rank order, not on the absolute ranks (the
// 7 of a suit in which A..8 have gone plays like an ace). The transposition
// table therefore keys positions by this owner sequence.
//
// Layout: the cards present are numbered in card order (suit 0's lowest card
// is 0, then up through suit 0, then suit 1, ...): a card's *place* is the
// number of present cards below it. A RelPattern holds, at each place, the
// owner (seat 0..3) of that card as two bit planes: `lo` has bit 0 of the
// seat (East or West), `hi` bit 1 (South or West). Places past the last card
// are 0. The table compares patterns only between positions with the same
// suit lengths, so a place names the same relative card of the same suit in
// both: "the top m cards of a suit" is the same run of places in each.
//
// A card leaves the pattern by closing its place: the places above it move
// down by one. That is a handful of instructions per card (no per-suit
// fields to shift), and matching a stored pattern is two masked compares.
#pragma once

#include <array>
#include <cstdint>

#include "core/bits.hpp"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace ddtb::detail {
inline namespace DDTB_ISA_NS {

struct RelPattern {
  std::uint64_t lo = 0;  // bit 0 of the owner's seat, by place
  std::uint64_t hi = 0;  // bit 1 of the owner's seat, by place
  friend constexpr bool operator==(const RelPattern& a, const RelPattern& b) {
    return ((a.lo ^ b.lo) | (a.hi ^ b.hi)) == 0;
  }
};

// The place of `card` among the cards of `present` (present cards below it).
constexpr int place_of(int card, Bits present) {
  return count(present & below(bit_of(card)));
}

// Whether this variant of the search has BMI2's PEXT and PDEP (core/isa.hpp).
#if defined(__BMI2__)
inline constexpr bool kHavePext = true;
#else
inline constexpr bool kHavePext = false;
#endif

// Bits of `x` at the positions of `mask`, packed to the bottom in order
// (BMI2's PEXT).
inline std::uint64_t compress_bits(Bits x, Bits mask) {
#if defined(__BMI2__)
  return _pext_u64(x, mask);
#else
  std::uint64_t out = 0;
  for (int i = 0; mask; ++i, mask &= mask - 1)
    if (x & bottom_bit(mask)) out |= std::uint64_t{1} << i;
  return out;
#endif
}

// The owner pattern of the hands (their union is the present cards).
inline RelPattern make_relative(const std::array<Bits, 4>& hands) {
  const Bits present = hands[0] | hands[1] | hands[2] | hands[3];
  return {compress_bits(hands[1] | hands[3], present), compress_bits(hands[2] | hands[3], present)};
}

// Removes `card` from the pattern; `present` is the set of cards before the
// removal and contains the card.
constexpr void remove_relative(RelPattern& r, int card, Bits present) {
  const std::uint64_t keep = (std::uint64_t{1} << place_of(card, present)) - 1;
  r.lo = (r.lo & keep) | ((r.lo >> 1) & ~keep);
  r.hi = (r.hi & keep) | ((r.hi >> 1) & ~keep);
}

// Present cards of the suits 0..s.
constexpr Bits suits_up_to(Bits present, int s) {
  return s == 3 ? present : present & ((Bits{1} << (16 * s + 16)) - 1);
}

// The cards that decide a result: in every suit where `winners` has a card,
// every present card from the lowest of them up.
constexpr Bits specified_cards(Bits winners, Bits present) {
  Bits out = 0;
  for (int s = 0; s < 4; ++s) {
    const Bits m = suit_bits(s);
    const Bits ws = winners & present & m;
    if (ws) out |= present & m & ~below(bottom_bit(ws));
  }
  return out;
}

// Their places.
inline std::uint64_t places_from_lowest(Bits winners, Bits present) {
  if constexpr (kHavePext) return compress_bits(specified_cards(winners, present), present);
  std::uint64_t mask = 0;
  for (int s = 0; s < 4; ++s) {
    const Bits ws = winners & present & suit_bits(s);
    if (!ws) continue;
    const std::uint64_t from = std::uint64_t{1} << count(present & below(bottom_bit(ws)));
    const std::uint64_t to = std::uint64_t{1} << count(suits_up_to(present, s));
    mask |= to - from;
  }
  return mask;
}

// The inverse: the present cards at the places of `mask`, which holds, per
// suit, the places of its top cards down to some card (as made above).
inline Bits cards_at_places(std::uint64_t mask, Bits present) {
#if defined(__BMI2__)
  return _pdep_u64(mask, present);
#else
  Bits out = 0;
  int first = 0;  // place of the suit's lowest card
  for (int s = 0; s < 4 && (mask >> first); ++s) {
    Bits cards = present & suit_bits(s);
    const int len = count(cards);
    const std::uint64_t seg = (mask >> first) & ((std::uint64_t{1} << len) - 1);
    first += len;
    if (!seg) continue;
    // The suit's specified cards are its top count(seg): drop the others.
    for (int drop = len - count(seg); drop > 0; --drop) cards &= cards - 1;
    out |= cards;
  }
  return out;
#endif
}

}  // namespace DDTB_ISA_NS
}  // namespace ddtb::detail
