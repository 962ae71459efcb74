// The builder's set operations against brute force over every state of a
// partition: compaction keeps exactly the states (and values) it was given
// and leaves no two sets it could merge; the scans a layer and a bound
// derivation use (Layer::find and range, ScannedSets) answer what
// enumerating the query's states answers. The sets are the real 8-card layers (both strain
// classes), built in memory.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <memory>
#include <vector>

#include "builder/compact.hpp"
#include "builder/layer.hpp"
#include "builder/layer_build.hpp"
#include "tests/support/partition_states.hpp"
#include "tests/support/random.hpp"

namespace ddtb::test {
namespace {

using namespace detail::tb;
using State = std::array<Sequence, 4>;

// Whether a state is one of the query's: its fixed cards' owners agree.
bool in_query(const Nibbles& state, const SetQuery& q) {
  for (int s = 0; s < 4; ++s) {
    const std::uint64_t fixed =
        q.fixed[s] >= 16 ? ~std::uint64_t{0} : ~(~std::uint64_t{0} << (4 * q.fixed[s]));
    if ((state[s] & fixed) != q.prefix[s]) return false;
  }
  return true;
}

class BuilderSets : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    for (int k = 0; k < 2; ++k) {
      const StrainClass klass = k == 0 ? StrainClass::kNoTrump : StrainClass::kTrump;
      LayerStats st;
      auto one = build_layer(1, klass, LowerLayers{}, 1, st, nullptr);
      ASSERT_TRUE(one) << one.error().message;
      one_[k] = std::move(*one);
    }
    for (int k = 0; k < 2; ++k) {
      const StrainClass klass = k == 0 ? StrainClass::kNoTrump : StrainClass::kTrump;
      LayerStats st;
      auto two =
          build_layer(2, klass, LowerLayers{one_[0].get(), one_[1].get(), 1}, 1, st, nullptr);
      ASSERT_TRUE(two) << two.error().message;
      two_[k] = std::move(*two);
    }
  }
  static void TearDownTestSuite() {
    for (auto& l : one_) l.reset();
    for (auto& l : two_) l.reset();
  }
  static std::array<std::unique_ptr<Layer>, 2> one_, two_;
};
std::array<std::unique_ptr<Layer>, 2> BuilderSets::one_, BuilderSets::two_;

TEST_F(BuilderSets, CompactionKeepsEveryStateAndValueAndMergesAllItCan) {
  Rng rng(17);
  int partitions = 0;
  for (int k = 0; k < 2; ++k) {
    const Layer& layer = *two_[k];
    for (std::size_t i = 0; i < layer.shapes().size(); i += 7, ++partitions) {
      const ShapeKey shape = layer.shapes()[i];
      const std::vector<State> states = all_states(shape);
      // One set per canonical state, every card fixed, in a random order;
      // then a few prefix sets cut from the layer's values, so that sets
      // overlap as the walk's do.
      std::vector<TbSet> sets;
      std::array<int, 4> all{16, 16, 16, 16};
      for (const State& s : states) {
        if (!is_canonical(shape, layer.klass(), s)) continue;
        const TbSet* t = layer.find(shape, state_nibbles(shape, s));
        ASSERT_NE(t, nullptr);
        sets.push_back(prefix_set(shape, s, all, t->value));
      }
      for (std::size_t a = sets.size(); a > 1; --a) std::swap(sets[a - 1], sets[rng.next() % a]);
      const std::vector<TbSet> given = sets;
      compact(sets);
      ASSERT_LE(sets.size(), given.size());
      for (const State& s : states) {
        const Nibbles n = state_nibbles(shape, s);
        std::vector<int> before, after;
        for (const TbSet& t : given)
          if (t.contains(n)) before.push_back(t.value);
        for (const TbSet& t : sets)
          if (t.contains(n)) after.push_back(t.value);
        std::sort(before.begin(), before.end());
        before.erase(std::unique(before.begin(), before.end()), before.end());
        std::sort(after.begin(), after.end());
        after.erase(std::unique(after.begin(), after.end()), after.end());
        ASSERT_EQ(before, after) << "partition " << i;
      }
      // A fixpoint: no two sets of one value differ in exactly one position.
      for (std::size_t a = 0; a < sets.size(); ++a)
        for (std::size_t b = a + 1; b < sets.size(); ++b) {
          if (sets[a].value != sets[b].value) continue;
          int differing = 0;
          for (int s = 0; s < 4; ++s)
            for (int p = 0; p < 16; ++p)
              differing += nibble(sets[a].allow[s], p) != nibble(sets[b].allow[s], p);
          ASSERT_NE(differing, 1) << "partition " << i << ": sets " << a << " and " << b;
        }
      std::vector<TbSet> again = sets;
      compact(again);
      ASSERT_EQ(again.size(), sets.size());
    }
  }
  EXPECT_GT(partitions, 100);
}

TEST_F(BuilderSets, ScansAnswerWhatTheQuerysStatesAnswer) {
  Rng rng(23);
  std::uint64_t queries = 0, held = 0, within = 0;
  ScannedSets scanned;
  for (int k = 0; k < 2; ++k) {
    const Layer& layer = *two_[k];
    for (std::size_t i = 0; i < layer.shapes().size(); i += 3) {
      const ShapeKey shape = layer.shapes()[i];
      const std::vector<TbSet>& sets = layer.sets(static_cast<int>(i));
      scanned.assign(sets);
      const std::vector<State> states = all_states(shape);
      for (const State& s : states) {
        const Nibbles n = state_nibbles(shape, s);
        const TbSet* first = nullptr;
        for (const TbSet& t : sets)
          if (t.contains(n)) {
            first = &t;
            break;
          }
        ASSERT_EQ(scanned.find_first(n), first) << "partition " << i;
        ASSERT_EQ(layer.find(shape, n), first) << "partition " << i;
      }
      for (int r = 0; r < 12; ++r, ++queries) {
        // A query: a random state's top cards, a random number per slot.
        const State& s = states[rng.next() % states.size()];
        const Nibbles n = state_nibbles(shape, s);
        SetQuery q;
        q.shape = shape;
        for (int slot = 0; slot < 4; ++slot) {
          const int len = column_total(slot_column(shape, slot));
          q.fixed[slot] = static_cast<std::uint8_t>(rng.next() % (len + 1));
          q.prefix[slot] = n[slot] & ~(~std::uint64_t{0} << (4 * q.fixed[slot]));
        }
        ValueRange truth;
        bool any_held = false;
        for (const State& z : states) {
          const Nibbles zn = state_nibbles(shape, z);
          if (!in_query(zn, q)) continue;
          for (const TbSet& t : sets)
            if (t.contains(zn)) truth.add(t.value);
        }
        for (const TbSet& t : sets) {
          bool holds = true;
          for (const State& z : states) {
            const Nibbles zn = state_nibbles(shape, z);
            if (in_query(zn, q) && !t.contains(zn)) holds = false;
          }
          any_held |= holds;
        }
        held += any_held;
        const ValueRange got = layer.range(q);
        ASSERT_EQ(got.empty(), truth.empty()) << "partition " << i;
        if (!truth.empty()) {
          ASSERT_EQ(got.lo, truth.lo) << "partition " << i;
          ASSERT_EQ(got.hi, truth.hi) << "partition " << i;
        }
        const int lo = static_cast<int>(rng.next() % 3), hi = lo + static_cast<int>(rng.next() % 2);
        const bool expect = truth.empty() || (truth.lo >= lo && truth.hi <= hi);
        within += expect;
        ASSERT_EQ(scanned.all_within(q, lo, hi), expect) << "partition " << i;
      }
    }
  }
  // Both ways of ending a scan were met: a set holding the query, and not.
  EXPECT_GT(held, queries / 10);
  EXPECT_LT(held, queries);
  EXPECT_GT(within, 0u);
  EXPECT_LT(within, queries);
}

}  // namespace
}  // namespace ddtb::test
