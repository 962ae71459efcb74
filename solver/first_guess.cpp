#include "solver/first_guess.hpp"

#include <algorithm>
#include <cmath>

namespace ddtb::detail {

namespace {

// The model: the side not on lead (the declarer's side at trick 1) takes
//   tricks_left * (kBase + kHighCards * (share - 1/2)) + kTrumps * (its trumps - theirs)
// where `share` is its part of the high-card points of the cards present
// (ace 4, king 3, queen 2, jack 1, counted on each suit's top four cards
// still present, so that it carries over to later tricks). Least-squares fit
// on the DD tables of 1,200 seeded random deals (two thirds to fit, one
// third to test): the rounded guess is off by 0.96 tricks on average in no
// trump and 0.92 in a suit, against 2.2 for a fixed guess of half the tricks.
constexpr double kBaseNoTrump = 0.4609, kHighCardsNoTrump = 1.5629;
constexpr double kBaseSuit = 0.4844, kHighCardsSuit = 1.1854, kTrumps = 0.5474;

// High-card points of `side` (and of all cards) among the top four cards
// still present in each suit.
void high_card_points(const std::array<Bits, 4>& hands, Bits side, int& points, int& total) {
  const Bits present = hands[0] | hands[1] | hands[2] | hands[3];
  points = total = 0;
  for (int s = 0; s < 4; ++s) {
    Bits suit = present & suit_bits(s);
    for (int value = 4; value > 0 && suit; --value) {
      const Bits top = top_bit(suit);
      suit ^= top;
      total += value;
      if (side & top) points += value;
    }
  }
}

}  // namespace

int first_guess_ns(const std::array<Bits, 4>& hands, int trump, int leader, int tricks_left) {
  const int declarer = (leader + 1) & 1;  // 0: North-South, 1: East-West
  const Bits side = hands[declarer] | hands[declarer + 2];
  const Bits others = hands[declarer ^ 1] | hands[(declarer ^ 1) + 2];
  int points = 0, total = 0;
  high_card_points(hands, side, points, total);
  const double share = total ? double(points) / total - 0.5 : 0.0;
  double tricks;
  if (trump == kNoTrump) {
    tricks = tricks_left * (kBaseNoTrump + kHighCardsNoTrump * share);
  } else {
    const int trumps = count(side & suit_bits(trump)) - count(others & suit_bits(trump));
    tricks = tricks_left * (kBaseSuit + kHighCardsSuit * share) + kTrumps * trumps;
  }
  const int guess = std::clamp(static_cast<int>(std::lround(tricks)), 0, tricks_left);
  return declarer == 0 ? guess : tricks_left - guess;
}

}  // namespace ddtb::detail
