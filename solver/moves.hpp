// Move generation and move ordering. Internal.
//
// Generation: the legal cards of the seat to play, one per run of equivalent
// cards (cards of one hand and suit with no other card of the trick-start
// deal between them play alike; DDS "rank equivalence"). The highest card
// of a run stands for it.
//
// Ordering: a weight per card that depends on the seat's place in the trick
// (leader, second, third, fourth hand), then a stable sort, heaviest first.
// The weights are heuristics in the spirit of DDS's (seeds/dds-search-
// algorithms.txt, ch. 5); they change the speed, never the answer.
#pragma once

#include <array>
#include <cstdint>

#include "solver/bits.hpp"

namespace ddtb::detail {

struct Move {
  std::int8_t card;
  std::int16_t weight;
};

struct MoveList {
  std::array<Move, 13> moves;
  int size = 0;
};

// The trick in progress, as move ordering sees it.
struct TrickView {
  int leader;      // seat that led
  int pos;         // seat to play = leader + pos (0..3)
  int lead_suit;   // valid when pos > 0
  int win_card;    // card currently winning (pos > 0)
  int win_seat;
  Bits start;      // all cards at the start of the trick, including those played to it
};

struct MoveHints {
  int killer = -1;  // a card that caused a cutoff in a similar situation
  int tt_best = -1; // the best card stored with a matching table entry
};

// The legal cards of the seat to play, one per run when `equivalence` is set,
// from the highest card down. Hints naming a lower card of a run are mapped
// onto the run's top card (or -1 when not among the legal cards).
void generate_moves(const std::array<Bits, 4>& hands, const TrickView& trick, bool equivalence,
                    MoveHints& hints, MoveList& out);

// Orders out.moves[from, size) by weight, heaviest first (stable). The
// search orders lazily: a remembered cutoff card is tried first, and the rest
// is ordered only if it fails to cut.
void order_moves(const std::array<Bits, 4>& hands, int trump, const TrickView& trick,
                 const MoveHints& hints, MoveList& out, int from);

// Whether card `a` beats card `b` (b already played) with trumps `trump`.
constexpr bool beats(int a, int b, int trump) {
  if (suit_of(a) == suit_of(b)) return a > b;
  return suit_of(a) == trump;
}

}  // namespace ddtb::detail
