// Constraint scripts in dealer's language: what an analyst writes for
// dealer (BBO's deal generator and most bidding-system tools), compiled once
// and tested on deals. docs/USAGE.md, "Constraint scripts", lists the subset
// ddtb reads and what it lacks.
//
//   auto script = ddtb::DealScript::compile(
//       "predeal north SAKQ2, HK5, DAJ72, CQ84\n"
//       "condition shape(south, any 4333 + 5xxx - 5422) && hcp(south) >= 11");
//   if (script && script->accepts(deal)) ...
//
// To sample under a script, give its text to DealSpec::script
// (ddtb/single_dummy.hpp): the sampler compiles it, places its predeal
// cards, and deals shape first where it constrains shapes.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include "ddtb/cards.hpp"
#include "ddtb/expected.hpp"
#include "ddtb/export.hpp"
#include "ddtb/par.hpp"
#include "ddtb/position.hpp"

namespace ddtb {

// A compiled script. Copies share the compiled form; accepts() may be
// called from any number of threads at once.
class DDTB_EXPORT DealScript {
 public:
  // The script compiled, or an Error of code kBadArgument whose message
  // begins "line L, column C: " (1-based; a tab is one column) and names
  // what is wrong there.
  static Expected<DealScript> compile(std::string_view text);

  // Whether `deal` (four full hands) meets the condition; a script without
  // one accepts every deal. Arithmetic is on 64-bit integers, wrapping; a
  // division or remainder by zero is 0.
  bool accepts(const Deal& deal) const;

  // The cards of each seat (N, E, S, W) its predeal statements place.
  std::array<CardSet, 4> predeal() const;
  // What its `dealer`, `vulnerable`, `generate` and `produce` statements
  // say, when it has them (0: no generate or produce).
  std::optional<Seat> dealer() const;
  std::optional<Vulnerability> vulnerability() const;
  std::int64_t generate() const;
  std::int64_t produce() const;

 private:
  struct Compiled;
  explicit DealScript(std::shared_ptr<const Compiled> compiled);
  std::shared_ptr<const Compiled> compiled_;
};

}  // namespace ddtb
