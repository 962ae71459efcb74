// What the project's golden data covers (tests/data/golden/README.md): the
// deals, each with its dealer, vulnerability, strain, opening leader and a
// play, and the positions solved along that play. Everything here comes from
// fixed seeds and fixed layouts, never from a solver, so that the data
// depends on DDS's answers alone.
#pragma once

#include <string>
#include <vector>

#include "ddtb/position.hpp"

namespace ddtb::test {

struct GoldenDeal {
  std::string origin;     // "uniform", "skewed", or the name of a hand-made layout
  Deal deal;              // 13 cards a hand
  int dealer = 0;         // DDS's seat code, from the board number
  int vulnerability = 0;  // DDS's code (0 none, 1 both, 2 NS, 3 EW), from the board number
  Strain trump = Strain::NoTrump;
  Seat first = Seat::North;  // leads to trick 1
  std::vector<Card> play;    // legal cards from trick 1, at least 8 of them
  // The positions solved with solutions 1, 2 and 3: after this many cards of
  // `play`. The first is within trick 1 (0..3 cards), the second later on.
  std::vector<int> solve_after;
  bool par = false;  // par.txt holds its par for every vulnerability and dealer
};

// The deals in file order. The first 96 are uniformly random (tests that
// need many ordinary deals, and the bench signature's first 20, take them
// from the front), then 12 with long suits, then 4 hand-made layouts.
std::vector<GoldenDeal> golden_deals();

}  // namespace ddtb::test
