// The partitions of the layer below that one trick leads to. Internal.
//
// Building a partition of N cards consults the layer of N - 4 cards only at
// the positions one trick away (the oracle's successor sets, the solver's
// probes at the next trick start), and those lie in few of its partitions:
// the shape after a trick depends only on the suit each seat played from and
// on the seat that won (the new leader). A process that builds or samples
// some partitions of a deep layer therefore needs only those partitions of
// the layer below in memory (load_layer's mask): at 24 cards, a small part of
// the 20-card layer, which decoded whole takes tens of GiB (docs/SCALE.md,
// "Summary").
#pragma once

#include <array>
#include <span>
#include <vector>

#include "tablebase/canonical.hpp"

namespace ddtb::detail::tb {

// The partition a trick leads to, seen from the seat w that won it (the new
// leader): the columns left after the trick (`col`, in the slot order of the
// partition before it) rotated to w; the class (trump only while trumps are
// left); and the canonical slot order (trumps first in the trump class, the
// other slots by decreasing column, equal columns in their order before):
// slot i after the trick is slot order[i] before it.
struct ShapeAfterTrick {
  ShapeKey shape = 0;
  StrainClass klass = StrainClass::kNoTrump;
  std::array<int, 4> order{};
};
ShapeAfterTrick shape_after_trick(StrainClass klass, const std::array<Column, 4>& col, int w);

// One flag per partition of the layer below, per strain class (index:
// position in enumerate_shapes(tricks - 1, class)).
struct LowerMask {
  int tricks = 0;                               // the layer below's tricks
  std::array<std::vector<ShapeKey>, 2> shapes;  // by StrainClass, sorted
  std::array<std::vector<char>, 2> keep;        // by StrainClass

  // An empty mask over the layer of `tricks` tricks (its shape lists).
  explicit LowerMask(int tricks);
  // Partitions marked in the class.
  std::size_t marked(StrainClass klass) const;
  // Unmarks every partition.
  void clear();
};

// Marks in `mask` (the layer below `shape`'s) every partition a position of
// partition `shape` of `klass` can reach by one trick: every choice of a
// suit for each seat that the rules allow (the leader's any suit it holds, a
// follower's the suit led when it holds it, else any), each seat that played
// the winning suit (trump, if one was played) as the new leader. A superset
// of the partitions the build reads, never a subset.
void mark_successors(StrainClass klass, ShapeKey shape, LowerMask& mask);

}  // namespace ddtb::detail::tb
