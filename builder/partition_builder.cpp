#include "builder/partition_builder.hpp"

#include <algorithm>
#include <bit>

namespace ddtb::detail::tb {

namespace {

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

// The builder's searches are one trick deep (the layer below answers at the
// next trick start), so a transposition table would only remember the root;
// without it, each partition's result depends on nothing built before it.
// The hand-made move ordering: the proofs' specified cards, and so the sets
// written, depend on the order cards are tried in, and the tables stay the
// same bytes whatever ordering the solver uses.
Features builder_features() {
  Features f;
  f.transposition_table = false;
  f.learned_ordering = false;
  return f;
}

}  // namespace

std::size_t PartitionBuilder::StateHash::operator()(const State& s) const {
  // A sequence's owners sit in its high bits (the low bits of a short slot
  // are zero), and the table indexes by the low bits of the hash: every
  // input bit must reach them. (With a plain multiply-xor, states of one
  // partition crowded into runs of slots: docs/PERFORMANCE.md, "Build
  // speed".)
  std::uint64_t h = (std::uint64_t(s[0]) << 32 | s[1]) * 0x9e3779b97f4a7c15ull;
  h = (h ^ (h >> 32) ^ (std::uint64_t(s[2]) << 32 | s[3])) * 0xbf58476d1ce4e5b9ull;
  h = (h ^ (h >> 31)) * 0x94d049bb133111ebull;
  return static_cast<std::size_t>(h ^ (h >> 29));
}

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
      search_(make_search(tt_bytes, tt_bytes, builder_features())),
      oracle_(lower) {
  if (lower_.tricks > 0) search_->set_endgame_probe(&probe_);
}

int PartitionBuilder::evaluate(StrainClass klass, ShapeKey shape, const State& state,
                               std::array<int, 4>& fixed) {
  const std::array<Bits, 4> hands = hands_of(shape, state);
  const int trump = klass == StrainClass::kTrump ? 0 : kNoTrump;
  search_->set_root(hands, trump, 0, nullptr, 0);
  const int k = count(hands[0]);
  const Bits all = hands[0] | hands[1] | hands[2] | hands[3];
  auto fixed_by = [&](Bits winners) {
    for (int s = 0; s < 4; ++s) {
      const Bits ws = winners & suit_bits(s);
      fixed[s] = ws ? count(all & suit_bits(s) & ~below(bottom_bit(ws))) : 0;
    }
  };
  // The solver's driver (zero-window searches closing in on the value), run
  // here to keep the proofs: the search that raised the lower bound to v
  // proves "at least v", the one that lowered the upper bound to v proves
  // "at most v"; their winning ranks say which top cards every position
  // sharing them needs to have value v.
  int lower = 0, upper = k, g = (k + 1) / 2;
  Bits lower_winners = 0, upper_winners = 0;
  while (lower < upper) {
    const int beta = g == lower ? g + 1 : g;
    Bits winners = 0;
    const int tricks = search_->prove(beta, winners);
    if (tricks >= beta) {
      lower = tricks;
      lower_winners = winners;
    } else {
      upper = tricks;
      upper_winners = winners;
    }
    g = std::clamp(tricks, lower, upper);
  }
  const int v = lower;
  Bits winners = 0;
  if (v > 0) winners |= lower_winners;
  if (v < k) winners |= upper_winners;
  fixed_by(winners);
  return v;
}

// Gallops up the number of x's of each slot in turn from a consistent
// `fixed` (1, 2, 4 more x's...) and bisects the last gap;
// `consistent(trial, s, was)` says whether the set with the top trial[s]
// cards of each slot fixed is, where trial differs from the consistent set
// found so far only in slot s, whose positions trial[s] .. was - 1 it frees.
template <class Consistent>
std::array<int, 4> widen(ShapeKey shape, std::array<int, 4> fixed, Consistent consistent) {
  for (int s = 0; s < 4; ++s) {
    const int n = column_total(slot_column(shape, s));
    int lo = n - fixed[s], hi = n;
    auto consistent_with = [&](int xs) {
      std::array<int, 4> trial = fixed;
      trial[s] = n - xs;
      return consistent(trial, s, fixed[s]);
    };
    for (int step = 1; lo < hi; step *= 2) {
      const int trial = std::min(lo + step, hi);
      if (consistent_with(trial)) {
        lo = trial;
      } else {
        hi = trial - 1;
        break;
      }
    }
    while (lo < hi) {
      const int mid = (lo + hi + 1) / 2;
      if (consistent_with(mid))
        lo = mid;
      else
        hi = mid - 1;
    }
    fixed[s] = n - lo;
  }
  return fixed;
}

TbSet PartitionBuilder::generalize(StrainClass klass, ShapeKey shape, const State& state,
                                   const Nibbles& nibbles, int value, std::array<int, 4> fixed) {
  // Search on the number of x's of each slot in turn. The solver's set is
  // known consistent, so it bounds the search from below; it is usually
  // maximal already (docs/PERFORMANCE.md, "Build speed"), so the search
  // gallops up from it.
  fixed = widen(shape, fixed, [&](const std::array<int, 4>& trial, int slot, int was) {
    // A candidate is its fixed cards' owners. One the oracle refused stays
    // refused for every later state of the partition it holds: asked with
    // the same value, the oracle gives the same answer; with another, the
    // candidate holds states of two values. (One it accepted covers its
    // states, so a state being generalized never meets it again.) The
    // memory saves oracle calls (docs/PERFORMANCE.md, "Build speed").
    std::array<std::uint8_t, 4> depth{};
    for (int s = 0; s < 4; ++s) depth[s] = static_cast<std::uint8_t>(trial[s]);
    const Nibbles key = cut_to(nibbles, depth);
    if (refused_.find(key)) return false;
    if (!swaps_agree(klass, shape, state, nibbles, trial[slot], slot, was, value)) {
      refused_.insert(key, Empty{});
      return false;
    }
    if (oracle_.consistent(klass, shape, state, trial, value)) return true;
    refused_.insert(key, Empty{});
    return false;
  });
  return prefix_set(shape, state, fixed, value);
}

bool PartitionBuilder::swaps_agree(StrainClass klass, ShapeKey shape, const State& state,
                                   const Nibbles& nibbles, int from, int s, int was, int value) {
  const int n = column_total(slot_column(shape, s));
  for (int p = from; p < was; ++p) {
    const int owner = seq_owner(state[s], p);
    std::uint8_t tried = static_cast<std::uint8_t>(1u << owner);
    for (int q = from; q < n; ++q) {
      const int other = seq_owner(state[s], q);
      if (tried >> other & 1) continue;
      tried |= static_cast<std::uint8_t>(1u << other);
      State w = state;
      w[s] = seq_with(seq_with(w[s], p, other), q, owner);
      // Only a state the walk has passed is sure to be in a set already.
      if (!(w < state) || !is_canonical(shape, klass, w)) continue;
      Nibbles wn = nibbles;
      wn[s] ^= (std::uint64_t{1} << (4 * p + owner)) | (std::uint64_t{1} << (4 * p + other)) |
               (std::uint64_t{1} << (4 * q + owner)) | (std::uint64_t{1} << (4 * q + other));
      if (const std::int64_t i = cover_index_.latest(wn);
          i >= 0 && (*walk_sets_)[std::size_t(i)].value != value)
        return false;
    }
  }
  return true;
}

template <class CoverNew>
std::vector<TbSet> PartitionBuilder::walk(StrainClass klass, ShapeKey shape, PartitionStats& stats,
                                          CoverNew cover_new) {
  std::vector<TbSet> sets;
  walk_sets_ = &sets;
  const auto later = [](const State& a, const State& b) { return b < a; };
  open_.clear();
  seen_.clear();
  cover_index_.clear();
  const State start = first_state(shape);
  open_.push_back(start);
  seen_.insert(start, Empty{});

  while (!open_.empty()) {
    std::pop_heap(open_.begin(), open_.end(), later);
    const State u = open_.back();
    open_.pop_back();
    ++stats.popped;
    const Nibbles un = state_nibbles(shape, u);
    const TbSet* cover = nullptr;
    if (const std::int64_t i = cover_index_.latest(un); i >= 0) cover = &sets[std::size_t(i)];
    if (!cover) {
      sets.push_back(cover_new(u, un));
      cover = &sets.back();
      cover_index_.add(*cover, static_cast<std::uint32_t>(sets.size() - 1));
      ++stats.evaluated;
    }
    for (int s = 0; s < 4; ++s) {
      const Column col = slot_column(shape, s);
      Sequence next;
      if (!next_after_block(col, u[s], cover->specified(s), next)) continue;
      State w = u;
      w[s] = next;
      repair(shape, klass, w);
      if (seen_.insert(w, Empty{})) {
        open_.push_back(w);
        std::push_heap(open_.begin(), open_.end(), later);
      }
    }
  }
  stats.sets += sets.size();
  compactor_.run(sets);
  order_general_first(sets);
  stats.compacted += sets.size();
  return sets;
}

std::vector<TbSet> PartitionBuilder::build(StrainClass klass, ShapeKey shape,
                                           PartitionStats& stats) {
  search_->clear_memory();
  refused_.clear();
  const std::uint64_t nodes_before = search_->stats().nodes;
  auto sets = walk(klass, shape, stats, [&](const State& u, const Nibbles& un) {
    std::array<int, 4> fixed{};
    const int v = evaluate(klass, shape, u, fixed);
    return generalize(klass, shape, u, un, v, fixed);
  });
  stats.solver_nodes += search_->stats().nodes - nodes_before;
  stats.oracle = oracle_.stats();
  oracle_.clear_cache();
  return sets;
}

std::vector<TbSet> PartitionBuilder::build_bound(StrainClass klass, ShapeKey shape,
                                                 std::span<const TbSet> exact, int bound,
                                                 PartitionStats& stats) {
  const int tricks = shape_tricks(shape);
  scanned_.assign(exact);
  return walk(klass, shape, stats, [&](const State& u, const Nibbles& un) {
    const TbSet* e = scanned_.find_first(un);
    if (!e) throw GapError("the exact layer of the same card count has no set for a state");
    const bool at_least = e->value >= bound;
    const int lo = at_least ? bound : 0, hi = at_least ? tricks : bound - 1;
    // The exact set's constrained positions, fixed to this state's owners: a
    // subset of the exact set, so on the state's side of the bound.
    std::array<int, 4> fixed{};
    for (int s = 0; s < 4; ++s) fixed[s] = e->specified(s);
    fixed = widen(shape, fixed, [&](const std::array<int, 4>& trial, int, int) {
      SetQuery q;
      q.shape = shape;
      for (int s = 0; s < 4; ++s) {
        q.fixed[s] = static_cast<std::uint8_t>(trial[s]);
        q.prefix[s] = trial[s] >= 16 ? un[s] : un[s] & ~(~std::uint64_t{0} << (4 * trial[s]));
      }
      // Every state of the candidate must be on the state's side of the
      // bound, the non-canonical ones too (tied slots out of order): the
      // search backs up the set's cards as winning ranks, which claims the
      // value for every position agreeing on them. Those states are the
      // canonical states of the candidate with its tied slots permuted.
      return for_all_tied_orders(klass, q,
                                 [&](const SetQuery& p) { return scanned_.all_within(p, lo, hi); });
    });
    return prefix_set(shape, u, fixed, at_least ? 1 : 0);
  });
}

void order_general_first(std::vector<TbSet>& sets) {
  // log2(4 / seats allowed) in thousandths, by the allowed-seat nibble.
  static constexpr std::array<std::uint16_t, 16> kCost = [] {
    std::array<std::uint16_t, 16> c{};
    constexpr std::array<std::uint16_t, 5> by_count{0, 2000, 1000, 415, 0};
    for (int n = 1; n < 16; ++n) c[n] = by_count[std::popcount(static_cast<unsigned>(n))];
    return c;
  }();
  auto cost = [](const TbSet& t) {
    std::uint32_t sum = 0;
    for (int s = 0; s < 4; ++s)
      for (int p = 0, d = t.specified(s); p < d; ++p) sum += kCost[nibble(t.allow[s], p)];
    return sum;
  };
  std::vector<std::pair<std::uint32_t, TbSet>> keyed;
  keyed.reserve(sets.size());
  for (const TbSet& t : sets) keyed.emplace_back(cost(t), t);
  std::stable_sort(keyed.begin(), keyed.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t i = 0; i < sets.size(); ++i) sets[i] = keyed[i].second;
}

}  // namespace ddtb::detail::tb
