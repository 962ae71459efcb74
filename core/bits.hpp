// Bit helpers for the search. Internal.
//
// Cards are bits of one 64-bit word (see include/ddtb/cards.hpp): suit s is
// the 16-bit lane [16s, 16s+16), rank r is bit r of the lane (2..14). A higher
// bit in a lane is a higher card.
#pragma once

#include <bit>
#include <cstdint>

#include "core/isa.hpp"

namespace ddtb::detail {
inline namespace DDTB_ISA_NS {

using Bits = std::uint64_t;

inline constexpr Bits kLane = 0x7ffc;
inline constexpr int kNoTrump = 4;

constexpr Bits suit_bits(int suit) {
  return kLane << (16 * suit);
}
constexpr int suit_of(int card) {
  return card >> 4;
}
constexpr int rank_of(int card) {
  return card & 15;
}
constexpr Bits bit_of(int card) {
  return Bits{1} << card;
}

constexpr int count(Bits b) {
  return std::popcount(b);
}
// Index of the highest / lowest set bit; b must not be 0.
constexpr int top_index(Bits b) {
  return 63 - std::countl_zero(b);
}
constexpr int bottom_index(Bits b) {
  return std::countr_zero(b);
}
constexpr Bits top_bit(Bits b) {
  return Bits{1} << top_index(b);
}
constexpr Bits bottom_bit(Bits b) {
  return b & (~b + 1);
}
// Bits strictly above / below a single bit.
constexpr Bits above(Bits bit) {
  return ~((bit << 1) - 1);
}
constexpr Bits below(Bits bit) {
  return bit - 1;
}

// The `n` highest cards of `cards` (all of them if it has fewer).
constexpr Bits top_cards(Bits cards, int n) {
  Bits out = 0;
  for (; n > 0 && cards; --n) {
    Bits t = top_bit(cards);
    out |= t;
    cards ^= t;
  }
  return out;
}

// The run of `holding` that contains `card`'s bit, going down: `card` and the
// cards of `holding` directly below it with no card of `present` outside
// `holding` in between. All arguments lie in one suit's lane; `holding` and
// `card` are within `present`.
constexpr Bits run_below(Bits card, Bits holding, Bits present) {
  Bits others = present & ~holding;
  Bits floor = others & below(card);
  Bits limit = floor ? above(top_bit(floor)) : ~Bits{0};
  return holding & limit & ((card << 1) - 1);
}

// The top card of every run of `holding` (all suits at once): the cards of
// `holding` whose next higher card in `present` is not in `holding` (or does
// not exist). Cards of one run are equivalent; `holding` is within `present`.
// Each card of `holding` finds the next lower present card below it (its
// predecessor) by a fill down through the absent cards of its lane; a
// predecessor that is also in `holding` continues the same run, so it is not
// a top.
constexpr Bits run_tops(Bits holding, Bits present) {
  constexpr Bits kAllLanes = kLane | kLane << 16 | kLane << 32 | kLane << 48;
  const Bits absent = kAllLanes & ~present;
  const Bits below_cards = holding >> 1;
  // Occluded fill (Kogge-Stone) down through absent positions, from those
  // just below a card; lanes never mix, since the bits between lanes are
  // never absent.
  Bits gen = below_cards & absent, pro = absent;
  gen |= pro & (gen >> 1);
  pro &= pro >> 1;
  gen |= pro & (gen >> 2);
  pro &= pro >> 2;
  gen |= pro & (gen >> 4);
  pro &= pro >> 4;
  gen |= pro & (gen >> 8);
  const Bits preds = (below_cards | (gen >> 1)) & present;
  return holding & ~preds;
}

}  // namespace DDTB_ISA_NS
}  // namespace ddtb::detail
