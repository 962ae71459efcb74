// A brute-force double-dummy reference for small positions.
//
// Plain minimax over every legal card: no pruning, no transposition table, no
// equivalence between cards, built only on the public Position API. It is
// slow (exponential in the cards left; keep positions to 20 cards or fewer)
// and deliberately obvious, so that the solver's answers can be checked
// against it.
#pragma once

#include <string>
#include <vector>

#include "ddtb/position.hpp"

namespace ddtb::test {

// The result of one legal card: the tricks the side to play takes from here
// on (the trick in progress included) if it plays `card` and both sides then
// play perfectly.
struct ReferenceCard {
  Card card;
  int tricks = 0;
};

struct ReferenceResult {
  int tricks = 0;                    // the best of `cards`
  std::vector<ReferenceCard> cards;  // every legal card, in CardSet order
};

// The most tricks the side of position.to_play() can take from here on,
// counting the trick in progress.
int reference_max_tricks(const Position& position);

// reference_max_tricks() and the score of every legal card.
ReferenceResult reference_solve(const Position& position);

// A position as text for failure messages: the hands in PBN deal order from
// North, the trick in progress, the strain and the leader, e.g.
// "N:AK.2.. Q.3.. J.4.. T.5.. trick: - strain: N leader: W".
std::string describe(const Position& position);

}  // namespace ddtb::test
