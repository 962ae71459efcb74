// The states of a tablebase partition as real positions, valued by the
// brute-force reference (reference.hpp), for the unit tests of the builder's
// parts (builder_sets_test, oracle_test, partition_builder_test): they work
// on owner sequences, and these helpers check them on the positions those
// stand for, without any of the builder's code.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "builder/layer.hpp"
#include "builder/oracle.hpp"
#include "ddtb/position.hpp"
#include "tablebase/canonical.hpp"
#include "tests/support/random.hpp"

namespace ddtb::test {

// One owner sequence per slot (tablebase/canonical.hpp).
using TbState = std::array<detail::tb::Sequence, 4>;

// Every state of a shape, canonical or not (each slot's owner sequences in
// turn): the states a query set or a stored set may hold.
std::vector<TbState> all_states(detail::tb::ShapeKey shape);

// The position a state stands for, written from the encodings of
// tablebase/canonical.hpp (not with the builder's hands_of): slot s is suit
// s (spades, hearts, diamonds, clubs; in the trump class slot 0, spades, is
// trumps), its i-th card (0 = the highest) is the ace minus i, held by seat
// seq_owner(state[s], i); seat 0, the leader, is North, seat 1 East.
Position position_of(detail::tb::ShapeKey shape, detail::tb::StrainClass klass,
                     const TbState& state);

// The brute-force value of a state: the tricks the leader's side takes.
int brute_value(detail::tb::ShapeKey shape, detail::tb::StrainClass klass, const TbState& state);

// position_of as text, for failure messages (describe() of reference.hpp).
std::string describe(detail::tb::ShapeKey shape, detail::tb::StrainClass klass,
                     const TbState& state);

// The canonical states of a partition, in order (for_each_canonical_state).
std::vector<TbState> canonical_states(detail::tb::ShapeKey shape, detail::tb::StrainClass klass);

// A partition (class and shape) of a layer.
using Partition = std::pair<detail::tb::StrainClass, detail::tb::ShapeKey>;

// The partitions the position after each legal trick from a trick start
// lies in: every trick played with the public Position API, the position
// after it canonicalized (tablebase/canonical.hpp) from the trick's winner.
std::set<Partition> partitions_after_one_trick(const Position& trick_start);

// The same over every canonical state of a partition.
std::set<Partition> partitions_one_trick_below(detail::tb::ShapeKey shape,
                                               detail::tb::StrainClass klass);

// The partitions first, first + n, first + 2n, ... of each class of the
// layer of `tricks` tricks (no trump first).
std::vector<Partition> every_nth_partition(int tricks, std::size_t n, std::size_t first = 0);

// Layers made state by state: one fully specified set per canonical state
// (every card fixed to its owner), valued by brute force. Only the
// partitions in `wanted` get their sets (all of them when `wanted` is
// empty); the others stay empty, as gaps. Sealed.
std::unique_ptr<detail::tb::Layer> brute_force_layer(int tricks, detail::tb::StrainClass klass,
                                                     const std::set<Partition>& wanted = {});

// Both classes of a brute-force layer, as the layer below of the oracle or a
// partition builder (`tricks` 0: none, for one-trick partitions).
struct BruteForceBelow {
  std::unique_ptr<detail::tb::Layer> no_trump, trump;
  int tricks = 0;
  detail::tb::LowerLayers lower() const {
    return detail::tb::LowerLayers{no_trump.get(), trump.get(), tricks};
  }
};
BruteForceBelow brute_force_below(int tricks, const std::set<Partition>& wanted = {});

// `per_class` partitions of each class of the layer of `tricks` tricks
// (2 or more), drawn at random among those of 2 to `max_states` canonical
// states (few enough to value each by brute force), and their layer below
// with the partitions their tricks reach (partitions_one_trick_below) and
// no others.
struct SmallPartitions {
  std::vector<Partition> partitions;
  BruteForceBelow below;
};
SmallPartitions small_partitions(Rng& rng, int tricks, int per_class, std::uint64_t max_states);

// The brute-force values of the states of one partition, canonical or not,
// each computed once (many of the sets under test share a state).
class PartitionValues {
 public:
  PartitionValues(detail::tb::ShapeKey shape, detail::tb::StrainClass klass);
  detail::tb::ShapeKey shape() const { return shape_; }
  detail::tb::StrainClass klass() const { return klass_; }
  // Every state of the shape (all_states).
  const std::vector<TbState>& states() const { return states_; }
  int value(const TbState& state);
  // The lowest and highest value of the states the set holds (lo > hi when
  // it holds none), and how many it holds.
  struct Span {
    int lo = 99, hi = -1;
    std::size_t states = 0;
  };
  Span span(const detail::tb::TbSet& set);

 private:
  detail::tb::ShapeKey shape_;
  detail::tb::StrainClass klass_;
  std::vector<TbState> states_;
  std::map<TbState, int> values_;
};

}  // namespace ddtb::test
