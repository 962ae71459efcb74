// The consistency oracle of setrograde analysis (docs/DESIGN.md, "The oracle").
// Internal.
//
// A candidate set fixes the top cards of each slot to their owners and leaves
// the rest as x (any owner the shape allows). The oracle proves that every
// state of the set has the same value v by two one-trick searches over the
// *set*, probing the layer below for the sets reached after the trick:
//   lower bound: ambiguous outcomes resolved against the leader's side (a
//     trick won by one of several x's of the winning suit goes to the worst
//     such seat), successor sets valued at the low end of the layer-below
//     values they meet;
//   upper bound: the same in the leader's favour, high end.
// Every state's value lies between the two (a side's set-level strategy is
// playable in each state, choosing any x when it says "an x"). The set is
// consistent when both equal v. The oracle may answer "not proven" (it is
// conservative); it never accepts an inconsistent set.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <stdexcept>

#include "builder/flat_table.hpp"
#include "builder/layer.hpp"

namespace ddtb::detail::tb {

// The layer below the one being built, both strain classes.
struct LowerLayers {
  const Layer* no_trump = nullptr;
  const Layer* trump = nullptr;
  int tricks = 0;  // tricks of those layers (0 when building 4-card tables)
};

// Thrown when a lookup in the layer below finds no set: a gap must never
// become a value silently.
struct GapError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct OracleStats {
  std::uint64_t calls = 0;
  std::uint64_t leaves = 0;
  std::uint64_t lookups = 0;  // successor range queries (after the cache)
  std::uint64_t cache_hits = 0;
};

class Oracle {
 public:
  explicit Oracle(const LowerLayers& lower) : lower_(lower) {}

  // Whether every state of the set (state `seq`'s top `fixed[s]` cards of each
  // slot, the rest x) has value `v` (tricks for the leader's side).
  bool consistent(StrainClass klass, ShapeKey shape, const std::array<Sequence, 4>& seq,
                  const std::array<int, 4>& fixed, int v);

  // Forgets cached successor ranges (call between partitions to bound memory).
  void clear_cache() { cache_.clear(); }
  const OracleStats& stats() const { return stats_; }

 private:
  struct Card {
    std::int8_t slot;
    std::int8_t pos;  // position in the slot, or -1 for "an x"
  };
  struct Game;  // the candidate set during the search, see oracle.cpp

  // A completed trick's pessimistic and optimistic values (tricks for the
  // leader's side from the trick on).
  struct LeafValue {
    std::int8_t lo, hi;
  };
  struct LeafHash {
    std::size_t operator()(std::uint32_t k) const { return (k * 0x9e3779b1u) >> 8; }
  };

  // The successor's shape, class and slot order after a trick, by the suit
  // each seat played and the winner (a 10-bit key): the same for every
  // candidate set of a partition, computed once per partition.
  struct Successor {
    std::uint64_t stamp = 0;  // the partition_stamp_ it was computed for
    ShapeKey shape = 0;
    StrainClass klass = StrainClass::kNoTrump;
    std::array<std::int8_t, 4> order{};
    int index = -1;  // of the shape in the layer below (-1: not there)
  };
  const Successor& successor(const Game& g, unsigned key);
  const Layer& lower_layer(StrainClass klass) const {
    return klass == StrainClass::kTrump ? *lower_.trump : *lower_.no_trump;
  }
  // The value range, for the leader of the successor, of a successor set
  // whose partition is the layer below's `index` (index_of(q.shape)). Throws
  // GapError when the layer below has no set for some of its states.
  ValueRange successor_range(StrainClass klass, const SetQuery& q, int index);

  void start(Game& g, StrainClass klass, ShapeKey shape, const std::array<Sequence, 4>& seq,
             const std::array<int, 4>& fixed);
  bool search(Game& g, int ply, bool lower, int v);
  LeafValue resolve(Game& g);

  // An exact key for the successor cache (a hash collision must never hand
  // back another query's range), packed: the shape; the fixed cards' owner
  // nibbles of the four slots one after another; the fixed counts and the
  // class. Small slots keep more of the cache in the processor's caches.
  // False (not cached) for a query fixing more than 32 cards.
  using QueryKey = std::array<std::uint64_t, 4>;
  static bool key_of(StrainClass klass, const SetQuery& q, QueryKey& key);
  struct QueryKeyHash {
    std::size_t operator()(const QueryKey& k) const;
  };
  struct CachedRange {
    std::int8_t lo, hi;
  };

  LowerLayers lower_;
  FlatTable<QueryKey, CachedRange, QueryKeyHash> cache_;
  // Leaves of the current call: both searches meet the same completed tricks.
  FlatTable<std::uint32_t, LeafValue, LeafHash> leaves_;
  OracleStats stats_;
  std::array<Successor, 1024> successors_{};
  std::uint64_t partition_stamp_ = 0;  // bumped when the partition changes
  ShapeKey stamp_shape_ = 0;
  StrainClass stamp_klass_ = StrainClass::kNoTrump;
};

}  // namespace ddtb::detail::tb
