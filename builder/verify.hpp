// Verification of tablebase files (docs/DESIGN.md, "Verification"). Internal.
//
// Two independent checks, layer by layer from the smallest:
//   1. one-trick check: a state's value equals one trick of search over the
//      (already verified) layer below. Every state of small layers, every
//      state of sampled partitions of larger ones. Each state must lie in at
//      least one set (no gap) and in no sets of different values (no bad
//      overlap).
//   2. solver as oracle: the full solver, without tables, on every state of
//      the 4- and 8-card layers and on random positions (random deals, seats
//      and strains, probed through the public Tablebase) of larger ones.
// Bound layers (tablebase/FORMAT.md) are checked the same way, each state's
// expected value being whether the leader's side takes at least the bound.
// Any failure is reported with the position.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ddtb/expected.hpp"

namespace ddtb::detail::tb {

struct VerifyOptions {
  std::uint64_t seed = 1;
  int full_states_max_cards = 12;           // check 1 on every state up to this many cards
  std::uint64_t sample_partitions = 500;    // check 1 on every state of this many partitions beyond
  int full_solver_max_cards = 8;            // check 2 on every state up to this many cards
  std::uint64_t solver_positions = 100000;  // check 2 random positions per larger layer
  int threads = 1;
};

struct VerifyLayerReport {
  int cards = 0;
  bool trump = false;
  int bound = 0;  // 0: the exact layer; t: the bound layer "at least t"
  std::uint64_t partitions_checked = 0;
  std::uint64_t states_checked = 0;  // check 1
  std::uint64_t solver_checked = 0;  // check 2
  std::uint64_t failures = 0;
  double seconds = 0;
};

struct VerifyReport {
  std::vector<VerifyLayerReport> layers;
  std::vector<std::string> failures;  // the first ones, each naming the position
  bool ok() const { return failures.empty(); }
};

using VerifyProgress =
    std::function<void(const std::string& what, std::uint64_t done, std::uint64_t total)>;

// Verifies every layer file of `dir`. An Error when the files cannot be read
// at all; otherwise the report (check ok()).
Expected<VerifyReport> verify_tables(const std::string& dir, const VerifyOptions& options,
                                     const VerifyProgress& progress);

}  // namespace ddtb::detail::tb
