// The interface through which the search asks an endgame table. Internal.
//
// The tablebase (tablebase/) implements it; the builder (builder/) also
// implements it over the layer it has just built. The search calls it at
// every trick start within the table's depth.
#pragma once

#include <array>

#include "solver/bits.hpp"

namespace ddtb::detail {

struct ProbeResult {
  int leader_tricks = 0;  // exact tricks for the side of the seat on lead
  Bits specified = 0;     // cards whose owners the answer relies on
};

class EndgameProbe {
 public:
  virtual ~EndgameProbe() = default;
  // The most tricks left for which probe() can answer.
  virtual int max_tricks() const = 0;
  // The exact value of the trick start (hands, seat on lead, strain 0..3 or
  // kNoTrump), or false when the position is not in the table. An engine
  // owns its probe object, which may keep state for that one thread.
  virtual bool probe(const std::array<Bits, 4>& hands, int leader, int trump,
                     ProbeResult& out) const = 0;
};

}  // namespace ddtb::detail
