// The seeded random deals of the benchmarks (ddtb-vs-dds --random, and the
// real deals ddtb-replay-gen plays): deal k comes from its own generator,
// seeded from the seed and k, so the first n deals of a seed are the same
// whatever the number of deals asked for.
#pragma once

#include <cstdint>
#include <vector>

#include "bench/ref_list.hpp"
#include "tests/support/random.hpp"

namespace ddtb::bench {

// The generator of deal `k` (1-based) of `seed`; its first draws are the
// deal (test::random_deal).
test::Rng deal_rng(std::uint64_t seed, int k);

// Deals `first` to `first + count - 1` (1-based) of `seed`, as a golden
// list's deals without the answers: each its number, its deal (the first
// draws of deal_rng) and a FUT position, trick 1 with no card played, whose
// strain (one of five) and leader (one of four) are the next two uniform
// draws. `fut` and `table` are left empty: nothing says what they are but a
// solver.
std::vector<RefDeal> random_ref_deals(std::uint64_t seed, int first, int count);

}  // namespace ddtb::bench
