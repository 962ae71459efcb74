// A first guess at a position's value, where the zero-window searches of a
// solve start. Internal.
//
// A solve narrows the value one zero-window search at a time from its first
// guess, and searches near the true value are the expensive ones, so a guess
// close to it saves whole searches. The guess changes the speed, never an
// answer.
#pragma once

#include <array>

#include "core/bits.hpp"

namespace ddtb::detail {

// North-South's likely tricks out of `tricks_left` when `leader` leads (the
// hands hold the cards still to be played), from the high cards and the
// trumps of the side not on lead (kNoTrump: no trumps). In [0, tricks_left].
int first_guess_ns(const std::array<Bits, 4>& hands, int trump, int leader, int tricks_left);

}  // namespace ddtb::detail
