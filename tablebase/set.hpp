// Sets of positions within one partition (docs/DESIGN.md, "Sets"). Internal.
//
// Within a partition (a canonical shape), a state is one owner sequence per
// slot. A set constrains, for each slot, the owner of each card position to a
// subset of the four seats; positions left unconstrained ("x") may be held by
// anyone, as the shape allows. The builder produces sets whose constrained
// positions are a prefix of each slot (the top cards) with single seats;
// compaction merges sets of equal value into multi-seat masks.
//
// Encoding ("nibbles"): per slot a 64-bit word, card position i (0 = highest)
// in bits [4i, 4i+4), bit 4i+h for seat h. A state sets exactly one bit per
// card (its owner); a set's mask sets the seats allowed (0xF: any). Positions
// past the suit's length are 0 in a state and 0xF in a set, so
//   state in set  <=>  for every slot, (state & ~mask) == 0.
#pragma once

#include <array>
#include <cstdint>

#include "tablebase/canonical.hpp"

namespace ddtb::detail::tb {

using Nibbles = std::array<std::uint64_t, 4>;

inline constexpr std::uint64_t kAllNibbles = ~std::uint64_t{0};

constexpr std::uint64_t nibble_mask(int pos) {
  return std::uint64_t{0xF} << (4 * pos);
}
constexpr int nibble(std::uint64_t w, int pos) {
  return static_cast<int>((w >> (4 * pos)) & 0xF);
}

// A state's one-hot encoding.
inline Nibbles state_nibbles(ShapeKey shape, const std::array<Sequence, 4>& seq) {
  Nibbles out{};
  for (int s = 0; s < 4; ++s) {
    const int n = column_total(slot_column(shape, s));
    for (int i = 0; i < n; ++i) out[s] |= std::uint64_t{1} << (4 * i + seq_owner(seq[s], i));
  }
  return out;
}

struct TbSet {
  Nibbles allow{kAllNibbles, kAllNibbles, kAllNibbles, kAllNibbles};
  std::uint8_t value = 0;  // tricks for the leader's side

  bool contains(const Nibbles& state) const {
    return ((state[0] & ~allow[0]) | (state[1] & ~allow[1]) | (state[2] & ~allow[2]) |
            (state[3] & ~allow[3])) == 0;
  }
  // Number of top positions of slot s down to the lowest constrained one.
  int specified(int s) const {
    const std::uint64_t w = ~allow[s];  // nonzero nibbles = constrained positions
    if (!w) return 0;
    return (63 - __builtin_clzll(w)) / 4 + 1;
  }
};

// The set of a state with its top `specified[s]` cards of each slot fixed to
// their owners and the rest left as x.
inline TbSet prefix_set(ShapeKey shape, const std::array<Sequence, 4>& seq,
                        const std::array<int, 4>& specified, int value) {
  TbSet t;
  t.value = static_cast<std::uint8_t>(value);
  for (int s = 0; s < 4; ++s) {
    const int n = column_total(slot_column(shape, s));
    for (int i = 0; i < specified[s] && i < n; ++i) {
      t.allow[s] &= ~nibble_mask(i);
      t.allow[s] |= std::uint64_t{1} << (4 * i + seq_owner(seq[s], i));
    }
  }
  return t;
}

// The absolute cards behind a set's constrained positions: for each slot, the
// top cards of the original suit down to the lowest constrained position.
Bits specified_cards(const TbSet& set, const Canonical& c, const std::array<Bits, 4>& hands);

}  // namespace ddtb::detail::tb
