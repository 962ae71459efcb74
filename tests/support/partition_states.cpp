#include "tests/support/partition_states.hpp"

#include <algorithm>

#include "tests/support/reference.hpp"

namespace ddtb::test {

using namespace detail::tb;

std::vector<TbState> all_states(ShapeKey shape) {
  std::vector<TbState> out;
  TbState s;
  for (int i = 0; i < 4; ++i) s[i] = first_sequence(slot_column(shape, i));
  for (;;) {
    out.push_back(s);
    int i = 3;
    for (; i >= 0; --i) {
      if (next_sequence(slot_column(shape, i), s[i])) break;
      s[i] = first_sequence(slot_column(shape, i));
    }
    if (i < 0) return out;
  }
}

Position position_of(ShapeKey shape, StrainClass klass, const TbState& state) {
  std::array<CardSet, 4> hands;
  for (int s = 0; s < 4; ++s) {
    const int n = column_total(slot_column(shape, s));
    for (int i = 0; i < n; ++i)
      hands[seq_owner(state[s], i)].insert(
          Card{suit_from_int(s), static_cast<std::uint8_t>(kMaxRank - i)});
  }
  const Strain strain = klass == StrainClass::kTrump ? Strain::Spades : Strain::NoTrump;
  return Position::at_trick_start(*Deal::from_hands(hands), strain, Seat::North);
}

int brute_value(ShapeKey shape, StrainClass klass, const TbState& state) {
  return reference_max_tricks(position_of(shape, klass, state));
}

std::string describe(ShapeKey shape, StrainClass klass, const TbState& state) {
  return describe(position_of(shape, klass, state));
}

std::vector<TbState> canonical_states(ShapeKey shape, StrainClass klass) {
  std::vector<TbState> out;
  for_each_canonical_state(shape, klass, [&](const TbState& s) { out.push_back(s); });
  return out;
}

std::vector<Partition> every_nth_partition(int tricks, std::size_t n, std::size_t first) {
  std::vector<Partition> out;
  for (int kc = 0; kc < 2; ++kc) {
    const auto klass = static_cast<StrainClass>(kc);
    const std::vector<ShapeKey> shapes = enumerate_shapes(tricks, klass);
    for (std::size_t i = first; i < shapes.size(); i += n) out.emplace_back(klass, shapes[i]);
  }
  return out;
}

namespace {

// Plays every legal card of p in turn; at the end of each trick records the
// partition of the position reached (none after the last trick).
void play_out_trick(const Position& p, std::set<Partition>& out) {
  for (const Card c : p.legal_cards()) {
    const Position next = *p.play(c);
    if (next.trick_size() != 0) {
      play_out_trick(next, out);
      continue;
    }
    if (next.tricks_left() == 0) continue;
    std::array<detail::Bits, 4> hands;
    for (int h = 0; h < 4; ++h) hands[h] = next.hand(seat_from_int(h)).bits();
    const int trump = next.trump() == Strain::NoTrump ? detail::kNoTrump : to_int(next.trump());
    const Canonical after = canonicalize(hands, to_int(next.leader()), trump);
    out.emplace(after.klass, after.shape);
  }
}

}  // namespace

std::set<Partition> partitions_after_one_trick(const Position& trick_start) {
  std::set<Partition> out;
  play_out_trick(trick_start, out);
  return out;
}

std::set<Partition> partitions_one_trick_below(ShapeKey shape, StrainClass klass) {
  std::set<Partition> out;
  for_each_canonical_state(
      shape, klass, [&](const TbState& s) { play_out_trick(position_of(shape, klass, s), out); });
  return out;
}

std::unique_ptr<Layer> brute_force_layer(int tricks, StrainClass klass,
                                         const std::set<Partition>& wanted) {
  auto layer = std::make_unique<Layer>(tricks, klass);
  const std::array<int, 4> every{16, 16, 16, 16};
  for (std::size_t i = 0; i < layer->shapes().size(); ++i) {
    const ShapeKey shape = layer->shapes()[i];
    if (!wanted.empty() && !wanted.count({klass, shape})) continue;
    for_each_canonical_state(shape, klass, [&](const TbState& s) {
      layer->sets(static_cast<int>(i))
          .push_back(prefix_set(shape, s, every, brute_value(shape, klass, s)));
    });
  }
  layer->seal();
  return layer;
}

BruteForceBelow brute_force_below(int tricks, const std::set<Partition>& wanted) {
  BruteForceBelow b;
  b.tricks = tricks;
  if (tricks == 0) return b;
  b.no_trump = brute_force_layer(tricks, StrainClass::kNoTrump, wanted);
  b.trump = brute_force_layer(tricks, StrainClass::kTrump, wanted);
  return b;
}

PartitionValues::PartitionValues(ShapeKey shape, StrainClass klass)
    : shape_(shape), klass_(klass), states_(all_states(shape)) {}

int PartitionValues::value(const TbState& state) {
  const auto it = values_.find(state);
  if (it != values_.end()) return it->second;
  const int v = brute_value(shape_, klass_, state);
  values_.emplace(state, v);
  return v;
}

PartitionValues::Span PartitionValues::span(const TbSet& set) {
  Span out;
  for (const TbState& s : states_) {
    if (!set.contains(state_nibbles(shape_, s))) continue;
    const int v = value(s);
    out.lo = std::min(out.lo, v);
    out.hi = std::max(out.hi, v);
    ++out.states;
  }
  return out;
}

SmallPartitions small_partitions(Rng& rng, int tricks, int per_class, std::uint64_t max_states) {
  SmallPartitions out;
  for (int kc = 0; kc < 2; ++kc) {
    const auto klass = static_cast<StrainClass>(kc);
    std::vector<ShapeKey> small;
    for (const ShapeKey shape : enumerate_shapes(tricks, klass)) {
      std::uint64_t n = 0;
      for_each_canonical_state(shape, klass, [&](const TbState&) { ++n; });
      if (n >= 2 && n <= max_states) small.push_back(shape);
    }
    for (int i = 0; i < per_class && !small.empty(); ++i) {
      const std::size_t k = rng.below(static_cast<std::uint32_t>(small.size()));
      out.partitions.emplace_back(klass, small[k]);
      small.erase(small.begin() + static_cast<std::ptrdiff_t>(k));
    }
  }
  if (out.partitions.empty()) return out;
  std::set<Partition> reached;
  for (const auto& [klass, shape] : out.partitions)
    for (const Partition& p : partitions_one_trick_below(shape, klass)) reached.insert(p);
  out.below = brute_force_below(tricks - 1, reached);
  return out;
}

}  // namespace ddtb::test
