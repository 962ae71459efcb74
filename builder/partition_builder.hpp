// Setrograde analysis of one partition. Internal.
// (docs/DESIGN.md, "The setrograde builder": the walk, valuing, generalization.)
//
// The canonical states of the partition are walked with an open list:
//   - a popped state already covered by a set of this partition is not
//     evaluated, but its successors are still pushed, computed from the
//     covering set;
//   - an uncovered state is valued by the solver (one trick of search, then
//     the layer below at the next trick start) and generalized into the
//     largest consistent set found by a binary search on the number of x's of
//     each slot in turn, starting from the set the solver's winning ranks
//     already prove (a candidate is refused without the oracle when a state
//     of it that the walk has passed lies in a set of another value);
//   - successors: for each slot, the first owner sequence after the covering
//     set's block (its top cards raised to the next arrangement, the rest
//     reset), other slots unchanged; a successor whose tied slots come out of
//     order is raised to the next canonical state.
// Every canonical state is covered at the end: from the first state, each
// uncovered state t is reachable through successors that stay below t in
// every slot (each step jumps past a set's block in one slot).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "builder/compact.hpp"
#include "builder/cover_index.hpp"
#include "builder/flat_table.hpp"
#include "builder/layer.hpp"
#include "builder/oracle.hpp"
#include "solver/search.hpp"

namespace ddtb::detail::tb {

struct PartitionStats {
  std::uint64_t popped = 0;     // states taken from the open list
  std::uint64_t evaluated = 0;  // independent states valued and generalized
  std::uint64_t sets = 0;       // sets before compaction
  std::uint64_t compacted = 0;  // sets after compaction
  std::uint64_t solver_nodes = 0;
  OracleStats oracle;

  PartitionStats& operator+=(const PartitionStats& b) {
    popped += b.popped;
    evaluated += b.evaluated;
    sets += b.sets;
    compacted += b.compacted;
    solver_nodes += b.solver_nodes;
    oracle.calls += b.oracle.calls;
    oracle.leaves += b.oracle.leaves;
    oracle.lookups += b.oracle.lookups;
    oracle.cache_hits += b.oracle.cache_hits;
    return *this;
  }
};

using State = std::array<Sequence, 4>;

class PartitionBuilder {
 public:
  // `lower` is the complete layer below (none for 4-card tables).
  PartitionBuilder(const LowerLayers& lower, std::size_t tt_bytes);

  // The sets covering every canonical state of the partition, compacted.
  std::vector<TbSet> build(StrainClass klass, ShapeKey shape, PartitionStats& stats);

  // The sets of the partition in the bound layer "the leader's side takes at
  // least `bound` tricks" (value 1, else 0; tablebase/FORMAT.md), derived
  // from the partition's `exact` sets (the exact layer of the same card
  // count, complete): the same walk, each uncovered state valued by the
  // exact set holding it, and generalized while every exact set meeting the
  // candidate stays on the state's side of the bound. Exact where the
  // oracle is conservative, and far cheaper (no search). Throws GapError
  // when no exact set holds a state.
  std::vector<TbSet> build_bound(StrainClass klass, ShapeKey shape, std::span<const TbSet> exact,
                                 int bound, PartitionStats& stats);

  // The value of one state (tricks for the leader's side) and how many top
  // cards of each slot the solver's proof relied on.
  int evaluate(StrainClass klass, ShapeKey shape, const State& state, std::array<int, 4>& fixed);

 private:
  TbSet generalize(StrainClass klass, ShapeKey shape, const State& state, const Nibbles& nibbles,
                   int value, std::array<int, 4> fixed);
  // False when a state of the candidate `state` with slot s's positions
  // from .. was - 1 freed (one of them swapped with a lower card of another
  // seat) is already in a set of another value than `value`: the candidate
  // then holds two values, and the oracle would refuse it.
  bool swaps_agree(StrainClass klass, ShapeKey shape, const State& state, const Nibbles& nibbles,
                   int from, int s, int was, int value);
  // The walk shared by build and build_bound (see the top of this file);
  // `cover_new(state, nibbles)` makes the set of an uncovered state.
  template <class CoverNew>
  std::vector<TbSet> walk(StrainClass klass, ShapeKey shape, PartitionStats& stats,
                          CoverNew cover_new);

  struct StateHash {
    std::size_t operator()(const State& s) const;
  };
  struct Empty {};

  LowerLayers lower_;
  LayerProbe probe_;
  std::vector<State> open_;  // a min-heap (smallest state first)
  FlatTable<State, Empty, StateHash> seen_;
  CoverIndex cover_index_;
  const std::vector<TbSet>* walk_sets_ = nullptr;  // the sets the walk has made
  // Candidate sets the oracle refused in this partition (see generalize).
  FlatTable<Nibbles, Empty, NibblesHash> refused_;
  std::unique_ptr<Search> search_;
  Oracle oracle_;
  SetCompactor compactor_;
  ScannedSets scanned_;  // build_bound's exact sets
};

// Orders a partition's sets most general first (a probe scans them in order
// and stops at the first that holds the state), stably: by the sum over
// constrained cards of log2 of the seats excluded.
void order_general_first(std::vector<TbSet>& sets);

// The hands of a state: slot s becomes suit s, its i-th card rank 14 - i; the
// leader is seat 0 (North).
std::array<Bits, 4> hands_of(ShapeKey shape, const State& state);

}  // namespace ddtb::detail::tb
