// The setrograde builder's consistency oracle (builder/oracle.hpp) on its
// own, against the brute-force reference. The layer below that it consults
// is made state by state from brute-force values
// (tests/support/partition_states.hpp), not by the builder, and each answer
// is checked against the brute-force values of the states of the set asked
// about, canonical or not:
//   - sound: a set it accepts has its value in every state;
//   - exact where it must be: asked about a single state (every card fixed)
//     it accepts that state's value and no other; at one trick, where no
//     seat has a choice and any seat holding an x of the winning suit may
//     hold its highest, it accepts exactly the sets of one value;
//   - a gap in the layer below throws GapError, never becomes a value.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "builder/oracle.hpp"
#include "tests/support/partition_states.hpp"
#include "tests/support/random.hpp"
#include "tests/support/reference.hpp"

namespace ddtb::test {
namespace {

using namespace detail::tb;

// Calls f(fixed) for every vector of fixed counts of a shape (0 to the
// slot's length in each slot).
template <class F>
void for_each_fixed(ShapeKey shape, F&& f) {
  std::array<int, 4> len{}, fixed{};
  for (int s = 0; s < 4; ++s) len[s] = column_total(slot_column(shape, s));
  for (;;) {
    f(fixed);
    int s = 3;
    for (; s >= 0 && fixed[s] == len[s]; --s) fixed[s] = 0;
    if (s < 0) return;
    ++fixed[s];
  }
}

// Every card fixed: the set of one state.
std::array<int, 4> all_fixed(ShapeKey shape) {
  std::array<int, 4> fixed{};
  for (int s = 0; s < 4; ++s) fixed[s] = column_total(slot_column(shape, s));
  return fixed;
}

// A random vector of fixed counts.
std::array<int, 4> random_fixed(Rng& rng, ShapeKey shape) {
  std::array<int, 4> fixed{};
  for (int s = 0; s < 4; ++s)
    fixed[s] = static_cast<int>(
        rng.below(static_cast<std::uint32_t>(column_total(slot_column(shape, s)) + 1)));
  return fixed;
}

// For failure messages: the state as a position and the fixed counts.
std::string describe_query(const PartitionValues& values, const TbState& state,
                           const std::array<int, 4>& fixed) {
  std::string out = describe(values.shape(), values.klass(), state);
  out += " fixed:";
  for (int f : fixed) out += ' ' + std::to_string(f);
  return out;
}

// The 4-card layer valued by brute force: the layer below of the 8-card
// sets the tests ask about.
class OracleVsBruteForce : public ::testing::Test {
 protected:
  const BruteForceBelow four_ = brute_force_below(1);
};

// At one trick every seat plays its only card; the oracle's bounds are then
// the lowest and highest value of the set's states.
TEST_F(OracleVsBruteForce, OneTrickAcceptsExactlyTheSetsOfOneValue) {
  Oracle oracle(LowerLayers{});
  std::uint64_t asked = 0, accepted_general = 0, refused_mixed = 0;
  for (int kc = 0; kc < 2; ++kc) {
    const auto klass = static_cast<StrainClass>(kc);
    for (const ShapeKey shape : enumerate_shapes(1, klass)) {
      PartitionValues values(shape, klass);
      for (const TbState& s : canonical_states(shape, klass))
        for_each_fixed(shape, [&](const std::array<int, 4>& fixed) {
          const PartitionValues::Span span = values.span(prefix_set(shape, s, fixed, 0));
          ASSERT_GT(span.states, 0u);
          for (int v = -1; v <= 2; ++v) {
            const bool one_value = span.lo == v && span.hi == v;
            const bool got = oracle.consistent(klass, shape, s, fixed, v);
            EXPECT_EQ(got, one_value) << describe_query(values, s, fixed) << " value " << v;
            ++asked;
            accepted_general += got && span.states > 1;
            refused_mixed += !got && span.lo == v && span.hi > v;
          }
        });
    }
  }
  // Both kinds of set were asked about: general sets of one value, and sets
  // holding the value asked and another.
  EXPECT_GT(accepted_general, 100u) << asked;
  EXPECT_GT(refused_mixed, 100u) << asked;
}

// A single state (every card fixed) has no x: the one-trick search is the
// game itself, over the exact values of the layer below. One oracle answers
// every query, the partitions interleaved, so that its caches (successor
// ranges, successor shapes per partition) are used across partitions.
TEST_F(OracleVsBruteForce, SingleStatesAreConsistentAtTheirValueOnly) {
  Rng rng(1234);
  struct Query {
    StrainClass klass;
    ShapeKey shape;
    TbState state;
    int value;
  };
  auto check = [&](int tricks, const LowerLayers& lower, const std::vector<Partition>& partitions,
                   int per_partition) {
    std::vector<Query> queries;
    for (const auto& [klass, shape] : partitions) {
      std::vector<TbState> states = canonical_states(shape, klass);
      for (int i = 0; i < per_partition && !states.empty(); ++i) {
        const std::size_t k = rng.below(static_cast<std::uint32_t>(states.size()));
        queries.push_back(Query{klass, shape, states[k], brute_value(shape, klass, states[k])});
        states.erase(states.begin() + static_cast<std::ptrdiff_t>(k));
      }
    }
    for (std::size_t k = queries.size(); k > 1; --k)
      std::swap(queries[k - 1], queries[rng.below(static_cast<std::uint32_t>(k))]);
    Oracle oracle(lower);
    std::array<int, 14> by_value{};
    for (const Query& q : queries) {
      ++by_value[q.value];
      for (int v = -1; v <= tricks + 1; ++v)
        EXPECT_EQ(oracle.consistent(q.klass, q.shape, q.state, all_fixed(q.shape), v), v == q.value)
            << describe(q.shape, q.klass, q.state) << " asked " << v << ", brute force " << q.value;
    }
    // States of every value were asked about.
    for (int v = 0; v <= tricks; ++v) EXPECT_GT(by_value[v], 0) << v << " tricks";
    return queries.size();
  };

  // 8 cards: every fourth partition of each class, 6 states of each, over
  // the 4-card layer.
  EXPECT_GT(check(2, four_.lower(), every_nth_partition(2, 4), 6), 2000u);

  // 12 cards: small partitions, every state, over the 8-card partitions
  // they reach.
  const SmallPartitions twelve = small_partitions(rng, 3, 4, 60);
  ASSERT_EQ(twelve.partitions.size(), 8u);
  EXPECT_GT(check(3, twelve.below.lower(), twelve.partitions, 60), 100u);
}

// Sets with x's: whatever the oracle accepts holds one value in every
// state (it may refuse a set of one value: it is conservative). The value
// asked is the value of the state the set was cut from, the builder's
// question; a set is never accepted at another value.
TEST_F(OracleVsBruteForce, AcceptedSetsHaveTheirValueInEveryState) {
  Rng rng(4321);
  struct Count {
    std::uint64_t asked = 0, accepted = 0, accepted_general = 0, one_value = 0;
  };
  auto check = [&](int tricks, const LowerLayers& lower, const std::vector<Partition>& partitions,
                   int per_partition) {
    Count c;
    Oracle oracle(lower);
    for (const auto& [klass, shape] : partitions) {
      PartitionValues values(shape, klass);
      const std::vector<TbState> states = canonical_states(shape, klass);
      for (int i = 0; i < per_partition; ++i) {
        const TbState& s = states[rng.below(static_cast<std::uint32_t>(states.size()))];
        const std::array<int, 4> fixed = random_fixed(rng, shape);
        const int v = values.value(s);
        const PartitionValues::Span span = values.span(prefix_set(shape, s, fixed, v));
        ++c.asked;
        c.one_value += span.lo == span.hi;
        for (int w = 0; w <= tricks; ++w) {
          const bool got = oracle.consistent(klass, shape, s, fixed, w);
          if (w != v) {
            EXPECT_FALSE(got) << describe_query(values, s, fixed) << " accepted at " << w
                              << ", its state's value is " << v;
            continue;
          }
          c.accepted += got;
          c.accepted_general += got && span.states > 1;
          if (got) {
            EXPECT_TRUE(span.lo == v && span.hi == v)
                << describe_query(values, s, fixed) << " accepted at " << v
                << ", its states range from " << span.lo << " to " << span.hi;
          }
        }
      }
      oracle.clear_cache();
    }
    // Not vacuous: it accepts many sets of several states, and refuses
    // sets of several values.
    EXPECT_GT(c.accepted_general, c.asked / 10) << c.asked;
    EXPECT_LT(c.one_value, c.asked);
    EXPECT_LE(c.accepted, c.one_value);
    return c.asked;
  };

  EXPECT_GT(check(2, four_.lower(), every_nth_partition(2, 6, 1), 20), 5000u);

  const SmallPartitions twelve = small_partitions(rng, 3, 3, 120);
  ASSERT_EQ(twelve.partitions.size(), 6u);
  EXPECT_GT(check(3, twelve.below.lower(), twelve.partitions, 60), 300u);
}

// A partition of the layer below without sets: only a query whose tricks
// can reach it may throw GapError; every query the oracle answers with the
// gap there (one that cannot reach it, or one whose search stopped before
// it met the gap) gets the answer the whole layer gives. Over an empty
// layer below every query throws.
TEST_F(OracleVsBruteForce, AGapInTheLayerBelowThrowsAndNeverBecomesAValue) {
  Rng rng(99);
  Oracle full(four_.lower());
  // Every seventh 8-card partition, with the 4-card partitions it reaches.
  struct Asked {
    Partition partition;
    std::set<Partition> reaches;
    std::vector<TbState> states;
  };
  std::vector<Asked> asked;
  for (const auto& [klass, shape] : every_nth_partition(2, 7))
    asked.push_back(Asked{
        {klass, shape}, partitions_one_trick_below(shape, klass), canonical_states(shape, klass)});
  std::uint64_t threw = 0, answered = 0, unreached = 0;
  for (int gk = 0; gk < 2; ++gk) {
    const auto gap_class = static_cast<StrainClass>(gk);
    const std::vector<ShapeKey> lower_shapes = enumerate_shapes(1, gap_class);
    for (std::size_t g = 0; g < lower_shapes.size(); g += 3) {
      const Partition gap{gap_class, lower_shapes[g]};
      BruteForceBelow gapped = brute_force_below(1);
      Layer& layer = gk ? *gapped.trump : *gapped.no_trump;
      layer.sets(layer.index_of(gap.second)).clear();
      layer.seal();
      Oracle oracle(gapped.lower());
      for (const Asked& a : asked) {
        const auto [klass, shape] = a.partition;
        const bool reaches = a.reaches.count(gap) > 0;
        for (int k = 0; k < 4; ++k) {
          const TbState& s = a.states[rng.below(static_cast<std::uint32_t>(a.states.size()))];
          const bool single = k < 2;
          const std::array<int, 4> fixed = single ? all_fixed(shape) : random_fixed(rng, shape);
          // A set with x's may reach any partition its shape reaches; a
          // single state, those its own tricks reach.
          const bool state_reaches =
              single ? partitions_after_one_trick(position_of(shape, klass, s)).count(gap) > 0
                     : reaches;
          for (int v = 0; v <= 2; ++v) {
            const bool want = full.consistent(klass, shape, s, fixed, v);
            try {
              const bool got = oracle.consistent(klass, shape, s, fixed, v);
              EXPECT_EQ(got, want) << describe(shape, klass, s) << " value " << v
                                   << ", gap in 4-card partition " << std::hex << gap.second;
              ++answered;
              unreached += !reaches;
            } catch (const GapError&) {
              EXPECT_TRUE(state_reaches)
                  << describe(shape, klass, s)
                  << " threw without reaching the gap, 4-card partition " << std::hex << gap.second;
              ++threw;
            }
          }
        }
      }
    }
  }
  EXPECT_GT(threw, 100u);
  EXPECT_GT(answered, threw);
  EXPECT_GT(unreached, 0u);

  // Every partition of the layer below empty.
  BruteForceBelow empty;
  empty.tricks = 1;
  empty.no_trump = std::make_unique<Layer>(1, StrainClass::kNoTrump);
  empty.trump = std::make_unique<Layer>(1, StrainClass::kTrump);
  empty.no_trump->seal();
  empty.trump->seal();
  Oracle none(empty.lower());
  for (const auto& [klass, shape] : every_nth_partition(2, 11)) {
    const std::vector<TbState> states = canonical_states(shape, klass);
    const TbState& s = states[rng.below(static_cast<std::uint32_t>(states.size()))];
    for (int v = 0; v <= 2; ++v)
      EXPECT_THROW(none.consistent(klass, shape, s, random_fixed(rng, shape), v), GapError);
  }
}

}  // namespace
}  // namespace ddtb::test
