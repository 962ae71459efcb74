// A layer of the tablebase in memory: all partitions of one card count and
// strain class, each a list of sets; what the builder builds and checks.
// Internal.
//
// Two lookups: the set containing a state (probing), and the range of values
// of the sets that meet a query set (the builder's consistency oracle asks
// this for the positions reachable after one trick).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "builder/flat_table.hpp"
#include "core/endgame_probe.hpp"
#include "tablebase/canonical.hpp"
#include "tablebase/set.hpp"

namespace ddtb::detail::tb {

// A set of states of one partition given by its top cards: per slot, the
// owners of the top `fixed[s]` cards; every other card is x (any owner the
// shape allows).
struct SetQuery {
  ShapeKey shape = 0;
  Nibbles prefix{};  // one-hot owners of the fixed cards
  std::array<std::uint8_t, 4> fixed{};
};

struct ValueRange {
  int lo = 99;
  int hi = -1;
  bool empty() const { return hi < 0; }
  void add(int v) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  void add(const ValueRange& r) {
    if (r.empty()) return;
    add(r.lo);
    add(r.hi);
  }
};

// Whether pred(p) holds for q in every order of its tied slots
// (interchangeable slots with equal columns): a query's states with tied
// slots out of canonical order are canonical states of the same partition
// under another order of those slots. Stops at the first false.
template <class Pred>
bool for_all_tied_orders(StrainClass klass, const SetQuery& q, Pred pred) {
  const int from = first_free_slot(klass);
  bool ties = false;
  for (int a = from; a < 3; ++a) ties |= tied(q.shape, klass, a, a + 1);
  if (!ties) return pred(q);
  std::array<int, 4> perm{0, 1, 2, 3};
  do {
    bool within = true;  // only permutations that keep each slot's column
    for (int i = from; i < 4 && within; ++i)
      within = slot_column(q.shape, i) == slot_column(q.shape, perm[i]);
    if (!within) continue;
    SetQuery p = q;
    for (int i = 0; i < 4; ++i) {
      p.prefix[i] = q.prefix[perm[i]];
      p.fixed[i] = q.fixed[perm[i]];
    }
    if (!pred(p)) return false;
  } while (std::next_permutation(perm.begin() + from, perm.end()));
  return true;
}

// Whether a stored set and a query set share at least one state: the query's
// fixed cards are allowed by the set, and the set's constraints on the
// query's x cards can be met with the cards each seat has left (Hall's
// condition over the four seats).
bool meets(const SetQuery& q, const TbSet& s);

// The owners a set allows for the top four cards of each slot, one 16-bit
// field per slot. A state or a query set whose fixed cards (one-hot, the
// same layout) are not all allowed there cannot meet the set: scans read
// these eight bytes before a set's forty.
inline std::uint64_t filter_of(const Nibbles& masks) {
  std::uint64_t f = 0;
  for (int s = 0; s < 4; ++s) f |= (masks[s] & 0xFFFF) << (16 * s);
  return f;
}

// One partition's sets (not owned; they must outlive the scans) with each
// one's filter_of and value side by side, for scans over all of them.
class ScannedSets {
 public:
  void assign(std::span<const TbSet> sets);
  // The first set holding the state, or nullptr.
  const TbSet* find_first(const Nibbles& state) const;
  // Whether every set that meets the query has a value in [lo, hi]: for
  // sets covering a partition without gaps, whether every state of the
  // query has such a value (what a bound layer is derived by:
  // docs/DESIGN.md, "Bound layers").
  bool all_within(const SetQuery& q, int lo, int hi) const;

 private:
  std::span<const TbSet> sets_;
  std::vector<std::uint64_t> filters_;
  std::vector<std::uint8_t> values_;
};

class Layer {
 public:
  // `bound` 0: exact values; t >= 1: a bound layer (values 1 = the
  // leader's side takes at least t tricks, 0 = fewer).
  Layer(int tricks, StrainClass klass, int bound = 0);

  int tricks() const { return tricks_; }
  StrainClass klass() const { return klass_; }
  int bound() const { return bound_; }
  const std::vector<ShapeKey>& shapes() const { return shapes_; }
  // Index of a shape in shapes(), or -1.
  int index_of(ShapeKey shape) const;

  std::vector<TbSet>& sets(int index) { return sets_[index]; }
  // A partition read from a packed file keeps only the sets of values other
  // than its default (tablebase/packed_sets.hpp): the value of the states
  // in none of its sets; -1 when its sets hold every state.
  int default_value(int index) const { return defaults_.empty() ? -1 : defaults_[index]; }
  void set_default_value(int index, int value) {
    if (defaults_.empty()) defaults_.assign(shapes_.size(), -1);
    defaults_[index] = static_cast<std::int8_t>(value);
  }
  bool has_defaults() const { return !defaults_.empty(); }
  const std::vector<TbSet>& sets(int index) const { return sets_[index]; }
  std::uint64_t set_count() const;

  // The first set containing the state, or nullptr.
  const TbSet* find(ShapeKey shape, const Nibbles& state) const;
  // Values of the sets meeting the query (empty when none does).
  ValueRange range(const SetQuery& q) const { return range_in(index_of(q.shape), q); }
  // The same, with the query's partition already looked up (index_of(q.shape)).
  ValueRange range_in(int index, const SetQuery& q) const;

  // Records each partition's range of values, with which range() stops as
  // soon as no further set can widen its answer, and each set's top cards
  // (filter_of), with which range() passes over most sets without reading
  // them. Call once every partition's sets are in place (range() is
  // correct, only slower, without it).
  void seal();

 private:
  int tricks_;
  StrainClass klass_;
  int bound_;
  std::vector<ShapeKey> shapes_;
  // Shape -> index in shapes_: the oracle asks for a partition of the layer
  // below at every trick it resolves, and a binary search over a large
  // layer's shapes misses the cache at most of its steps.
  struct ShapeHash {
    std::size_t operator()(ShapeKey k) const {
      k = (k ^ (k >> 31)) * 0x9e3779b97f4a7c15ull;
      k = (k ^ (k >> 29)) * 0xbf58476d1ce4e5b9ull;
      return static_cast<std::size_t>(k ^ (k >> 32));
    }
  };
  FlatTable<ShapeKey, std::uint32_t, ShapeHash> index_;
  std::vector<std::vector<TbSet>> sets_;
  std::vector<std::int8_t> defaults_;
  std::vector<ValueRange> spans_;  // per partition, after seal()
  // After seal(): filter_of(set k of partition i) at filters_[filter_start_[i] + k].
  std::vector<std::uint64_t> filters_;
  std::vector<std::uint64_t> filter_start_;
};

// An EndgameProbe over in-memory layers of one card count (both classes):
// what the builder's solver consults for the layer below the one it builds.
class LayerProbe final : public EndgameProbe {
 public:
  LayerProbe(const Layer* no_trump, const Layer* trump) : nt_(no_trump), trump_(trump) {}
  int max_tricks() const override { return nt_ ? nt_->tricks() : trump_ ? trump_->tricks() : 0; }
  bool probe(const std::array<Bits, 4>& hands, int leader, int trump,
             ProbeResult& out) const override;

 private:
  const Layer* nt_;
  const Layer* trump_;
};

}  // namespace ddtb::detail::tb
