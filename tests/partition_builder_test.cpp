// The setrograde builder's work on one partition (builder/partition_builder.hpp)
// on its own, against the brute-force reference. The layer below is made
// state by state from brute-force values (tests/support/partition_states.hpp),
// not by the builder; every set a partition builder emits is checked state
// by state (every state it holds, canonical or not, the assignments its x's
// allow) against the brute-force value of the position the state stands for,
// and every canonical state of the partition must lie in some set:
//   - build: the exact sets, on every 4- and 8-card partition and on small
//     12-card ones;
//   - evaluate: a state's value, and the top cards its proof needs;
//   - build_bound: the sets of a bound layer, from the exact sets;
//   - the order of the sets (most general first), and that a partition's sets
//     depend on nothing built before it.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "builder/partition_builder.hpp"
#include "tests/support/partition_states.hpp"
#include "tests/support/random.hpp"
#include "tests/support/reference.hpp"

namespace ddtb::test {
namespace {

using namespace detail::tb;

constexpr std::size_t kTtBytes = 1 << 20;

// What every build of a partition must give: each set's value is the
// brute-force value of every state it holds (`value_of`: the value a set
// must have for a state's brute-force value), and every canonical state
// lies in a set. Returns the number of sets holding more than one state.
template <class ValueOf>
std::uint64_t expect_sets_cover_with_their_values(PartitionValues& values,
                                                  const std::vector<TbSet>& sets,
                                                  ValueOf value_of) {
  const ShapeKey shape = values.shape();
  const StrainClass klass = values.klass();
  std::uint64_t general = 0;
  for (const TbSet& set : sets) {
    std::size_t held = 0;
    for (const TbState& s : values.states()) {
      if (!set.contains(state_nibbles(shape, s))) continue;
      ++held;
      const int want = value_of(values.value(s));
      if (set.value != want) {
        ADD_FAILURE() << "a set of value " << int(set.value) << " holds "
                      << describe(shape, klass, s) << ", of value " << want;
        return general;
      }
    }
    EXPECT_GT(held, 0u) << "a set holding no state of partition " << std::hex << shape;
    general += held > 1;
  }
  for_each_canonical_state(shape, klass, [&](const TbState& s) {
    const Nibbles n = state_nibbles(shape, s);
    EXPECT_TRUE(
        std::any_of(sets.begin(), sets.end(), [&](const TbSet& t) { return t.contains(n); }))
        << describe(shape, klass, s) << " is in no set";
  });
  return general;
}

int exact(int v) {
  return v;
}

// Builds the partitions with one builder, in order, and checks each.
void expect_builds_right(int tricks, const LowerLayers& lower,
                         const std::vector<Partition>& partitions) {
  PartitionBuilder builder(lower, kTtBytes);
  std::uint64_t sets = 0, general = 0;
  for (const auto& [klass, shape] : partitions) {
    SCOPED_TRACE(std::to_string(4 * tricks) + " cards, " +
                 (klass == StrainClass::kTrump ? "trump" : "nt"));
    PartitionStats stats;
    const std::vector<TbSet> built = builder.build(klass, shape, stats);
    PartitionValues values(shape, klass);
    general += expect_sets_cover_with_their_values(values, built, exact);
    sets += built.size();
    EXPECT_EQ(stats.compacted, built.size());
    EXPECT_GE(stats.sets, stats.compacted);
    EXPECT_GE(stats.evaluated, 1u);
    EXPECT_GE(stats.popped, stats.evaluated);
    if (::testing::Test::HasFatalFailure()) return;
  }
  // Sets, not states: most of them hold several states.
  EXPECT_GT(general * 2, sets) << general << " of " << sets;
}

// The 4-card layer valued by brute force: the layer below of the 8-card
// partitions the tests build.
class PartitionBuilderVsBruteForce : public ::testing::Test {
 protected:
  const BruteForceBelow four_ = brute_force_below(1);
};

TEST_F(PartitionBuilderVsBruteForce, FourCardSetsHoldTheirValueAndCoverEveryState) {
  expect_builds_right(1, LowerLayers{}, every_nth_partition(1, 1));
}

TEST_F(PartitionBuilderVsBruteForce, EightCardSetsHoldTheirValueAndCoverEveryState) {
  expect_builds_right(2, four_.lower(), every_nth_partition(2, 1));
}

TEST_F(PartitionBuilderVsBruteForce, TwelveCardSetsHoldTheirValueAndCoverEveryState) {
  Rng rng(12);
  const SmallPartitions twelve = small_partitions(rng, 3, 4, 150);
  ASSERT_EQ(twelve.partitions.size(), 8u);
  expect_builds_right(3, twelve.below.lower(), twelve.partitions);
}

// evaluate: the state's value, and the top cards of each slot the proof
// relied on; every state sharing those cards with their owners has the value.
TEST_F(PartitionBuilderVsBruteForce, EvaluateGivesTheValueAndTheCardsThatDecideIt) {
  PartitionBuilder builder(four_.lower(), kTtBytes);
  Rng rng(5);
  std::uint64_t states = 0, general = 0;
  std::array<int, 3> by_value{};
  for (const auto& [klass, shape] : every_nth_partition(2, 9, 4)) {
    PartitionValues values(shape, klass);
    for (int k = 0; k < 6; ++k) {
      TbState s = values.states()[rng.below(static_cast<std::uint32_t>(values.states().size()))];
      if (!is_canonical(shape, klass, s)) continue;
      std::array<int, 4> fixed{};
      const int v = builder.evaluate(klass, shape, s, fixed);
      const int want = values.value(s);
      ASSERT_EQ(v, want) << describe(shape, klass, s);
      ++by_value[v];
      for (int slot = 0; slot < 4; ++slot) {
        EXPECT_GE(fixed[slot], 0);
        EXPECT_LE(fixed[slot], column_total(slot_column(shape, slot)));
      }
      const PartitionValues::Span span = values.span(prefix_set(shape, s, fixed, v));
      EXPECT_TRUE(span.lo == v && span.hi == v)
          << describe(shape, klass, s) << ": its proof's cards hold values " << span.lo << " to "
          << span.hi;
      ++states;
      general += span.states > 1;
    }
  }
  EXPECT_GT(states, 300u);
  EXPECT_GT(general * 2, states);
  for (int v = 0; v < 3; ++v) EXPECT_GT(by_value[v], 0) << v << " tricks";
}

// build_bound, from the exact sets of the same partition: each set says
// whether the leader's side takes at least `bound` tricks (1) or not (0),
// in every state it holds.
TEST_F(PartitionBuilderVsBruteForce, BoundSetsSayWhetherTheValueReachesTheBound) {
  auto check = [](int tricks, const LowerLayers& lower, const std::vector<Partition>& partitions) {
    PartitionBuilder builder(lower, kTtBytes);
    std::uint64_t exact_sets = 0, bound_sets = 0;
    for (const auto& [klass, shape] : partitions) {
      PartitionStats stats;
      const std::vector<TbSet> exact_built = builder.build(klass, shape, stats);
      exact_sets += exact_built.size();
      PartitionValues values(shape, klass);
      for (int bound = 1; bound <= tricks; ++bound) {
        SCOPED_TRACE(std::to_string(4 * tricks) + " cards, at least " + std::to_string(bound));
        PartitionStats bs;
        const std::vector<TbSet> sets = builder.build_bound(klass, shape, exact_built, bound, bs);
        for (const TbSet& t : sets) EXPECT_LE(t.value, 1);
        expect_sets_cover_with_their_values(values, sets,
                                            [&](int v) { return v >= bound ? 1 : 0; });
        if (bound == tricks / 2 + 1) bound_sets += sets.size();
        if (::testing::Test::HasFailure()) return;
      }
    }
    // A bound needs no more sets than the exact values.
    EXPECT_LE(bound_sets, exact_sets);
  };
  check(2, four_.lower(), every_nth_partition(2, 8, 3));
  Rng rng(31);
  const SmallPartitions twelve = small_partitions(rng, 3, 3, 150);
  ASSERT_EQ(twelve.partitions.size(), 6u);
  check(3, twelve.below.lower(), twelve.partitions);
}

// build_bound values each state by the exact set holding it; with none
// there is no value to give, and it must not make one up.
TEST_F(PartitionBuilderVsBruteForce, BoundWithoutExactSetsThrows) {
  PartitionBuilder builder(four_.lower(), kTtBytes);
  for (const auto& [klass, shape] : every_nth_partition(2, 50)) {
    PartitionStats stats;
    EXPECT_THROW(builder.build_bound(klass, shape, {}, 1, stats), GapError);
    // The builder is still usable afterwards.
    const std::vector<TbSet> sets = builder.build(klass, shape, stats);
    PartitionValues values(shape, klass);
    expect_sets_cover_with_their_values(values, sets, exact);
  }
}

// Most general first: the sum over constrained positions of log2(4 / the
// seats allowed) never decreases along a partition's sets (a probe stops at
// the first set holding its state).
TEST_F(PartitionBuilderVsBruteForce, SetsComeMostGeneralFirst) {
  PartitionBuilder builder(four_.lower(), kTtBytes);
  std::uint64_t orders = 0;
  for (const auto& [klass, shape] : every_nth_partition(2, 4, 1)) {
    PartitionStats stats;
    const std::vector<TbSet> sets = builder.build(klass, shape, stats);
    double previous = -1;
    for (const TbSet& t : sets) {
      double cost = 0;
      for (int s = 0; s < 4; ++s)
        for (int p = 0; p < t.specified(s); ++p)
          cost += std::log2(4.0 / std::popcount(static_cast<unsigned>(nibble(t.allow[s], p))));
      EXPECT_GE(cost, previous - 0.01) << "partition " << std::hex << shape;
      orders += cost > previous + 0.01 && previous >= 0;
      previous = cost;
    }
  }
  EXPECT_GT(orders, 0u);
}

// A partition's sets depend on nothing built before it (docs/DESIGN.md,
// "Reproducibility"): built after others by one builder, or alone by a fresh
// one, they are the same sets in the same order.
TEST_F(PartitionBuilderVsBruteForce, APartitionsSetsDependOnNothingBuiltBefore) {
  const std::vector<Partition> partitions = every_nth_partition(2, 23);
  PartitionBuilder reused(four_.lower(), kTtBytes);
  std::vector<std::vector<TbSet>> in_order;
  for (const auto& [klass, shape] : partitions) {
    PartitionStats stats;
    in_order.push_back(reused.build(klass, shape, stats));
  }
  for (std::size_t i = partitions.size(); i-- > 0;) {
    const auto [klass, shape] = partitions[i];
    PartitionBuilder fresh(four_.lower(), kTtBytes);
    PartitionStats stats;
    const std::vector<TbSet> alone = fresh.build(klass, shape, stats);
    ASSERT_EQ(alone.size(), in_order[i].size()) << "partition " << std::hex << shape;
    for (std::size_t k = 0; k < alone.size(); ++k) {
      EXPECT_EQ(alone[k].allow, in_order[i][k].allow) << "partition " << std::hex << shape;
      EXPECT_EQ(alone[k].value, in_order[i][k].value) << "partition " << std::hex << shape;
    }
  }
}

}  // namespace
}  // namespace ddtb::test
