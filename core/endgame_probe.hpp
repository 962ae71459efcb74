// The interface through which the search asks an endgame table. Internal.
//
// The tablebase (tablebase/) implements it; the builder (builder/) also
// implements it over the layer it has just built. The search calls it at
// every trick start within the table's depth.
#pragma once

#include <array>
#include <memory>

#include "core/bits.hpp"

namespace ddtb {
class Tablebase;
}

namespace ddtb::detail {

struct ProbeResult {
  int leader_tricks = 0;  // exact tricks for the side of the seat on lead
  Bits specified = 0;     // cards whose owners the answer relies on
};

struct BoundResult {
  bool at_least = false;  // the side on lead takes at least the asked tricks
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
  // Whether the side on lead takes at least `t` tricks, from a bound layer
  // (tablebase/FORMAT.md), or false when there is none for the position.
  // A bound set specifies fewer cards than an exact one: it answers only
  // what a zero-window search asks, as generally as that question allows.
  // The default has none (defined in core/endgame_probe.cpp: no function body
  // lives in this header, which the search's instruction-set variants share).
  virtual bool probe_at_least(const std::array<Bits, 4>& hands, int leader, int trump, int t,
                              BoundResult& out) const;
};

// A probe of `tables` for one searching thread (a Solver opens one), or
// nullptr when there is nothing to probe (a class derived from Tablebase
// outside the library). It keeps `tables` alive. Defined by the tablebase
// module (tablebase/), which alone knows what a Tablebase holds.
std::unique_ptr<EndgameProbe> open_endgame_probe(std::shared_ptr<const Tablebase> tables);

}  // namespace ddtb::detail
