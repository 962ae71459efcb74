// Move generation. Internal.
//
// The legal cards of the seat to play, one per run of equivalent cards
// (cards of one hand and suit with no other card of the trick-start deal
// between them play alike; DDS "rank equivalence"). The highest card of a
// run stands for it. The order in which the search tries them is
// solver/move_order.hpp's.
#pragma once

#include <array>
#include <cstdint>

#include "core/bits.hpp"

namespace ddtb::detail {
inline namespace DDTB_ISA_NS {

struct Move {
  std::int8_t card;
  std::int16_t weight;
};

struct MoveList {
  std::array<Move, 13> moves;
  int size = 0;
};

// The trick in progress, as move generation and ordering see it.
struct TrickView {
  int leader;     // seat that led
  int pos;        // seat to play = leader + pos (0..3)
  int lead_suit;  // valid when pos > 0
  int win_card;   // card currently winning (pos > 0)
  int win_seat;
  Bits start;  // all cards at the start of the trick, including those played to it
};

// The cards the seat to play may play now.
inline Bits legal_cards(const std::array<Bits, 4>& hands, const TrickView& t) {
  const Bits hand = hands[(t.leader + t.pos) & 3];
  if (t.pos == 0) return hand;
  const Bits follow = hand & suit_bits(t.lead_suit);
  return follow ? follow : hand;
}

// The cards worth searching among `legal`: one per run of equivalent cards
// (its top card) when `equivalence` is set, else all of them.
inline Bits choices_of(Bits legal, const TrickView& t, bool equivalence) {
  return equivalence ? run_tops(legal, t.start) : legal;
}

// The choice that stands for `card` (the top of its run), or -1 when `card`
// is not legal. `choices` come from choices_of(legal, ...).
inline int choice_for(Bits choices, Bits legal, int card) {
  if (card < 0 || !(legal & bit_of(card))) return -1;
  // The run's top is the lowest choice of the suit at or above the card.
  return bottom_index(choices & suit_bits(suit_of(card)) & ~below(bit_of(card)));
}

// Lists `choices` from out.moves[from] on, from the highest card down.
inline void list_moves(Bits choices, MoveList& out, int from = 0) {
  out.size = from;
  while (choices) {
    const int card = top_index(choices);
    choices ^= bit_of(card);
    out.moves[out.size++] = Move{static_cast<std::int8_t>(card), 0};
  }
}

// Whether card `a` beats card `b` (b already played) with trumps `trump`.
constexpr bool beats(int a, int b, int trump) {
  if (suit_of(a) == suit_of(b)) return a > b;
  return suit_of(a) == trump;
}

}  // namespace DDTB_ISA_NS
}  // namespace ddtb::detail
