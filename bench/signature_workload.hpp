// The node-count signature's workload (bench/README.md, "ddtb-bench"),
// shared by the native ddtb-bench (bench/signature.cpp) and the WebAssembly
// one (wasm/bench_main.cpp), so that both solve exactly the same items.
//
// The workload, with one fresh Solver and a fixed TT budget, single-threaded:
//   - the DD tables of the first kSignatureDeals deals of the project's
//     golden deals, tests/data/golden/deals.txt (uniformly random deals);
//   - kSignatureEndgames seeded random endgames of 16 to 32 cards, with 0..3
//     cards of the current trick played, all strains (Solver::solve).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bench/ref_list.hpp"

namespace ddtb::detail {
struct OrderingWeights;
}

namespace ddtb::bench {

// Deals of the list in the workload. Changing it changes the signature.
inline constexpr int kSignatureDeals = 20;

// The first deals of `list` the workload solves, or an empty list after
// printing to stderr why there are none.
std::vector<RefDeal> signature_deals(const std::string& list);

// Solves the workload with one fresh Solver (move-ordering `weights`, or the
// tuned ones when nullptr) and returns its node count; with `print`, prints
// each item's answer and node count to stdout.
std::uint64_t solve_workload(const std::vector<RefDeal>& deals,
                             const detail::OrderingWeights* weights, bool print);

// `ddtb-bench signature`: prints each item, then "signature nodes N" on
// stdout and the time on stderr. Returns the exit status (2 when `list`
// cannot be read).
int signature(const std::string& list);

}  // namespace ddtb::bench
