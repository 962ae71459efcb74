// SolveBoard's semantics, shared by SolveBoard*, SolveAll* and the tests.
#pragma once

#include <cstdint>
#include <vector>

#include "ddtb/dll.h"
#include "ddtb/position.hpp"
#include "ddtb/solver.hpp"

namespace ddtb::capi {

// The checks of SolveBoard's parameters, in DDS's order: target, solutions,
// mode, trump, first. The thread index is checked before them.
int check_solve_parameters(int target, int solutions, int mode, int trump, int first);

// Everything SolveBoard does after the thread index check: parameters,
// cards, then the solve into *fut with `solver`.
int solve_board(const deal& dl, int target, int solutions, int mode, futureTricks* fut,
                Solver& solver);

// The legal cards of the seat to play grouped as DDS groups them: cards of
// one suit with no card of another hand, or of the current trick, between
// them form one run, shown as its highest card plus the rank bits of the
// others. Order: suit S,H,D,C, then rank high first.
struct CardGroup {
  Card top;
  std::uint16_t equals = 0;
};
std::vector<CardGroup> legal_groups(const Position& p);

}  // namespace ddtb::capi
