// Canonical form of a trick-start position (docs/DESIGN.md, "Canonical
// positions"). Internal.
//
// A tablebase position is the start of a trick: k tricks left (4k cards), a
// seat on lead and a strain. Its value is the number of the k tricks that the
// leader's side takes. Positions are canonicalized before storing or probing:
//   1. seats are rotated so that the leader is seat 0 (LHO 1, partner 2,
//      RHO 3);
//   2. each suit becomes its owner sequence: the seat holding its highest card,
//      then the next, ... (relative ranks);
//   3. two strain classes: no trump (four interchangeable suits) and trump
//      (the trump suit in slot 0, three interchangeable suits); a trump
//      position without trumps left is a no-trump position;
//   4. interchangeable suits are ordered by decreasing key: their column of
//      lengths per seat, then their owner sequence.
// The slots' length columns form the *shape*, which names a partition.
//
// Encodings (shared by the builder and the file format):
//   Column:   16 bits, l0 << 12 | l1 << 8 | l2 << 4 | l3 (cards per seat).
//   ShapeKey: 64 bits, slot i's column at bits [48 - 16i, 64 - 16i).
//   Sequence: 32 bits, the owner of the suit's i-th highest card (0 = top) in
//             bits [30 - 2i, 32 - 2i); fields past the suit's length are 0.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/bits.hpp"

namespace ddtb::detail::tb {

enum class StrainClass : std::uint8_t { kNoTrump = 0, kTrump = 1 };

using ShapeKey = std::uint64_t;
using Column = std::uint16_t;
using Sequence = std::uint32_t;

constexpr int column_len(Column c, int seat) {
  return (c >> (12 - 4 * seat)) & 15;
}
// One card of seat `seat` in a column (seat 0 in the top nibble).
constexpr Column seat_unit(int seat) {
  return static_cast<Column>(1u << (12 - 4 * seat));
}
// A column seen from seat w: seat w's count in the top nibble (the seats
// rotated so that w is seat 0, as when w leads the next trick).
constexpr Column rotate_column(Column c, int w) {
  const unsigned x = c;
  return static_cast<Column>(w == 0 ? x : ((x << (4 * w)) | (x >> (16 - 4 * w))) & 0xFFFF);
}
constexpr int column_total(Column c) {
  return column_len(c, 0) + column_len(c, 1) + column_len(c, 2) + column_len(c, 3);
}
constexpr Column slot_column(ShapeKey k, int slot) {
  return static_cast<Column>(k >> (48 - 16 * slot));
}
// Tricks left in a shape (its cards over 4).
constexpr int shape_tricks(ShapeKey k) {
  return (column_total(slot_column(k, 0)) + column_total(slot_column(k, 1)) +
          column_total(slot_column(k, 2)) + column_total(slot_column(k, 3))) /
         4;
}
constexpr int seq_owner(Sequence q, int i) {
  return (q >> (30 - 2 * i)) & 3;
}
constexpr Sequence seq_with(Sequence q, int i, int owner) {
  return (q & ~(Sequence{3} << (30 - 2 * i))) | (Sequence(owner) << (30 - 2 * i));
}

// First slot whose suits are interchangeable in a class.
constexpr int first_free_slot(StrainClass c) {
  return c == StrainClass::kTrump ? 1 : 0;
}

// Whether slots a < b (both interchangeable) hold suits of equal columns, so
// that their order is decided by their owner sequences.
constexpr bool tied(ShapeKey k, StrainClass c, int a, int b) {
  return a >= first_free_slot(c) && slot_column(k, a) == slot_column(k, b);
}

struct Canonical {
  StrainClass klass = StrainClass::kNoTrump;
  ShapeKey shape = 0;
  std::array<Sequence, 4> seq{};
  std::array<std::uint8_t, 4> suit_of_slot{};  // original suit in each slot
  std::uint8_t leader = 0;                     // original seat that leads
  std::uint8_t tricks = 0;
};

// The strain class of a position: trump when the trump suit (0..3) has a
// card left, else no trump (a trump strain without trumps plays as no trump).
inline StrainClass class_of(const std::array<Bits, 4>& hands, int trump) {
  const Bits all = hands[0] | hands[1] | hands[2] | hands[3];
  return trump != kNoTrump && (all & suit_bits(trump)) ? StrainClass::kTrump
                                                       : StrainClass::kNoTrump;
}

// Canonical form of the trick start (hands are absolute cards, bits.hpp).
// trump is 0..3 or kNoTrump. All hands must hold the same number of cards.
Canonical canonicalize(const std::array<Bits, 4>& hands, int leader, int trump);

// The column and owner sequence of suit `suit` with seats rotated so that
// `leader` is seat 0.
Column suit_column(const std::array<Bits, 4>& hands, int leader, int suit);
Sequence suit_sequence(const std::array<Bits, 4>& hands, int leader, int suit);

// Ordering key of an interchangeable suit (larger sorts first).
constexpr std::uint64_t suit_key(Column c, Sequence q) {
  return (std::uint64_t(c) << 32) | q;
}

// Every canonical shape with `tricks` tricks left in a class, in increasing
// key order: each seat holds `tricks` cards, a suit at most 13, interchangeable
// columns in non-increasing order, and (trump class) at least one trump.
std::vector<ShapeKey> enumerate_shapes(int tricks, StrainClass c);

// Number of owner sequences of a column (the multinomial coefficient).
std::uint64_t sequences_of(Column c);

// The lexicographically first owner sequence of a column (owners ascending,
// top card first) and the next one after `q` (false when `q` is the last).
Sequence first_sequence(Column c);
bool next_sequence(Column c, Sequence& q);

// Whether a state (one sequence per slot) is canonical: tied slots in
// non-increasing sequence order.
bool is_canonical(ShapeKey shape, StrainClass c, const std::array<Sequence, 4>& seq);

// Calls f(state) for every canonical state of a partition (one sequence per
// slot, tied slots in non-increasing order), in lexicographic order.
template <class F>
void for_each_canonical_state(ShapeKey shape, StrainClass c, F&& f) {
  std::array<Sequence, 4> s;
  for (int i = 0; i < 4; ++i) s[i] = first_sequence(slot_column(shape, i));
  for (;;) {
    if (is_canonical(shape, c, s)) f(s);
    int i = 3;
    for (; i >= 0; --i) {
      if (next_sequence(slot_column(shape, i), s[i])) break;
      s[i] = first_sequence(slot_column(shape, i));
    }
    if (i < 0) return;
  }
}

}  // namespace ddtb::detail::tb
