#include "builder/partition_builder.hpp"

#include <algorithm>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace ddtb::detail::tb {

namespace {

struct StateHash {
  std::size_t operator()(const State& s) const {
    std::uint64_t h = (std::uint64_t(s[0]) << 32 | s[1]) * 0x9e3779b97f4a7c15ull;
    h ^= (std::uint64_t(s[2]) << 32 | s[3]) * 0xbf58476d1ce4e5b9ull;
    return static_cast<std::size_t>(h ^ (h >> 31));
  }
};

State first_state(ShapeKey shape) {
  State s{};
  for (int i = 0; i < 4; ++i) s[i] = first_sequence(slot_column(shape, i));
  return s;
}

// The first sequence after the block of sequences sharing q's top `fixed`
// owners: the prefix with its remaining cards in their last (descending)
// arrangement, advanced by one. False when the block is the last.
bool next_after_block(Column col, Sequence q, int fixed, Sequence& out) {
  const int n = std::min(column_total(col), 13);
  if (fixed <= 0) return false;
  std::array<int, 16> rest{};
  int m = 0;
  for (int i = fixed; i < n; ++i) rest[m++] = seq_owner(q, i);
  std::sort(rest.begin(), rest.begin() + m, std::greater<int>());
  Sequence last = q;
  for (int i = 0; i < m; ++i) last = seq_with(last, fixed + i, rest[i]);
  out = last;
  return next_sequence(col, out);
}

// Raises a state to the next canonical one: tied slots must be in
// non-increasing order; a later slot above an earlier one lifts the earlier.
void repair(ShapeKey shape, StrainClass klass, State& s) {
  for (int a = 2; a >= first_free_slot(klass); --a)
    if (tied(shape, klass, a, a + 1) && s[a] < s[a + 1]) s[a] = s[a + 1];
}

bool state_less(const State& a, const State& b) { return a < b; }

// The builder's searches are one trick deep (the layer below answers at the
// next trick start), so a transposition table would only remember the root;
// without it, each partition's result depends on nothing built before it.
Features builder_features() {
  Features f;
  f.transposition_table = false;
  return f;
}

}  // namespace

std::array<Bits, 4> hands_of(ShapeKey shape, const State& state) {
  std::array<Bits, 4> hands{};
  for (int s = 0; s < 4; ++s) {
    const int n = column_total(slot_column(shape, s));
    for (int i = 0; i < n; ++i) hands[seq_owner(state[s], i)] |= bit_of(16 * s + 14 - i);
  }
  return hands;
}

PartitionBuilder::PartitionBuilder(const LowerLayers& lower, std::size_t tt_bytes)
    : lower_(lower),
      probe_(lower.no_trump, lower.trump),
      tt_(tt_bytes),
      engine_(tt_, builder_features(), engine_stats_),
      oracle_(lower) {
  if (lower_.tricks > 0) engine_.set_endgame_probe(&probe_);
}

int PartitionBuilder::evaluate(StrainClass klass, ShapeKey shape, const State& state,
                               std::array<int, 4>& fixed) {
  const std::array<Bits, 4> hands = hands_of(shape, state);
  const int trump = klass == StrainClass::kTrump ? 0 : kNoTrump;
  engine_.set_root(hands, trump, 0, nullptr, 0);
  const int k = engine_.tricks_left();
  const int v = engine_.solve((k + 1) / 2);
  // The proof of "at least v" and of "fewer than v + 1": their winning ranks
  // say which top cards every position sharing them needs to have value v.
  Bits winners = 0;
  if (v > 0) winners |= engine_.search(v).winners;
  if (v < k) winners |= engine_.search(v + 1).winners;
  const Bits all = hands[0] | hands[1] | hands[2] | hands[3];
  for (int s = 0; s < 4; ++s) {
    const Bits ws = winners & suit_bits(s);
    fixed[s] = ws ? count(all & suit_bits(s) & ~below(bottom_bit(ws))) : 0;
  }
  return v;
}

TbSet PartitionBuilder::generalize(StrainClass klass, ShapeKey shape, const State& state,
                                   int value, std::array<int, 4> fixed) {
  // Binary search on the number of x's of each slot in turn; the solver's set
  // is known consistent, so it bounds the search from below.
  for (int s = 0; s < 4; ++s) {
    const int n = column_total(slot_column(shape, s));
    int lo = n - fixed[s], hi = n;
    while (lo < hi) {
      const int mid = (lo + hi + 1) / 2;
      std::array<int, 4> trial = fixed;
      trial[s] = n - mid;
      if (oracle_.consistent(klass, shape, state, trial, value))
        lo = mid;
      else
        hi = mid - 1;
    }
    fixed[s] = n - lo;
  }
  return prefix_set(shape, state, fixed, value);
}

std::vector<TbSet> PartitionBuilder::build(StrainClass klass, ShapeKey shape,
                                           PartitionStats& stats) {
  std::vector<TbSet> sets;
  std::set<State, decltype(&state_less)> open(&state_less);
  std::unordered_set<State, StateHash> seen;
  engine_.reset_memory();
  const State start = first_state(shape);
  open.insert(start);
  seen.insert(start);
  const std::uint64_t nodes_before = engine_stats_.nodes;

  while (!open.empty()) {
    const State u = *open.begin();
    open.erase(open.begin());
    ++stats.popped;
    const Nibbles un = state_nibbles(shape, u);
    const TbSet* cover = nullptr;
    for (auto it = sets.rbegin(); it != sets.rend() && !cover; ++it)
      if (it->contains(un)) cover = &*it;
    if (!cover) {
      std::array<int, 4> fixed{};
      const int v = evaluate(klass, shape, u, fixed);
      sets.push_back(generalize(klass, shape, u, v, fixed));
      cover = &sets.back();
      ++stats.evaluated;
    }
    for (int s = 0; s < 4; ++s) {
      const Column col = slot_column(shape, s);
      Sequence next;
      if (!next_after_block(col, u[s], cover->specified(s), next)) continue;
      State w = u;
      w[s] = next;
      repair(shape, klass, w);
      if (seen.insert(w).second) open.insert(w);
    }
  }
  stats.sets += sets.size();
  stats.solver_nodes += engine_stats_.nodes - nodes_before;
  stats.oracle = oracle_.stats();
  oracle_.clear_cache();
  compact(sets);
  stats.compacted += sets.size();
  return sets;
}

void compact(std::vector<TbSet>& sets) {
  struct Key {
    Nibbles allow;
    std::uint8_t value;
    bool operator==(const Key& o) const { return value == o.value && allow == o.allow; }
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      std::uint64_t h = k.value;
      for (std::uint64_t w : k.allow) h = (h ^ w) * 0x9e3779b97f4a7c15ull;
      return static_cast<std::size_t>(h ^ (h >> 32));
    }
  };
  bool changed = true;
  while (changed) {
    changed = false;
    for (int s = 0; s < 4; ++s) {
      for (int p = 0; p < 13; ++p) {
        const std::uint64_t m = nibble_mask(p);
        std::unordered_map<Key, std::size_t, KeyHash> by_rest;
        std::vector<TbSet> kept;
        kept.reserve(sets.size());
        for (const TbSet& t : sets) {
          Key key{t.allow, t.value};
          key.allow[s] &= ~m;
          auto [it, fresh] = by_rest.emplace(key, kept.size());
          if (fresh) {
            kept.push_back(t);
          } else {
            kept[it->second].allow[s] |= t.allow[s] & m;
            changed = true;
          }
        }
        sets.swap(kept);
      }
    }
  }
}

}  // namespace ddtb::detail::tb
