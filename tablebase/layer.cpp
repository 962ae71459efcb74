#include "tablebase/layer.hpp"

#include <algorithm>
#include <bit>

namespace ddtb::detail::tb {

namespace {

// The fixed cards' owners per seat in one slot of a query.
std::array<int, 4> fixed_per_seat(std::uint64_t prefix) {
  std::array<int, 4> n{};
  for (int h = 0; h < 4; ++h) n[h] = std::popcount(prefix & (0x1111111111111111ull << h));
  return n;
}

bool slot_meets(Column col, std::uint64_t prefix, int fixed, std::uint64_t allow) {
  if (prefix & ~allow) return false;
  // The set's constraints on the query's x positions.
  const std::uint64_t free_positions = fixed >= 16 ? 0 : ~std::uint64_t{0} << (4 * fixed);
  std::uint64_t constrained = ~allow & free_positions;
  if (!constrained) return true;
  const std::array<int, 4> used = fixed_per_seat(prefix);
  std::array<int, 4> left{};
  for (int h = 0; h < 4; ++h) left[h] = column_len(col, h) - used[h];
  // Masks of the constrained positions; Hall's condition over seat subsets.
  std::array<int, 16> by_mask{};  // number of positions whose allowed mask is exactly m
  while (constrained) {
    const int pos = (63 - __builtin_clzll(constrained)) / 4;
    constrained &= ~nibble_mask(pos);
    ++by_mask[nibble(allow, pos)];
  }
  if (by_mask[0]) return false;
  for (int u = 1; u < 16; ++u) {
    int need = 0;
    for (int m = 1; m < 16; ++m)
      if ((m & ~u) == 0) need += by_mask[m];
    int have = 0;
    for (int h = 0; h < 4; ++h)
      if (u & (1 << h)) have += left[h];
    if (need > have) return false;
  }
  return true;
}

}  // namespace

bool meets(const SetQuery& q, const TbSet& s) {
  for (int slot = 0; slot < 4; ++slot)
    if (!slot_meets(slot_column(q.shape, slot), q.prefix[slot], q.fixed[slot], s.allow[slot]))
      return false;
  return true;
}

Layer::Layer(int tricks, StrainClass klass)
    : tricks_(tricks), klass_(klass), shapes_(enumerate_shapes(tricks, klass)) {
  sets_.resize(shapes_.size());
}

int Layer::index_of(ShapeKey shape) const {
  auto it = std::lower_bound(shapes_.begin(), shapes_.end(), shape);
  if (it == shapes_.end() || *it != shape) return -1;
  return static_cast<int>(it - shapes_.begin());
}

std::uint64_t Layer::set_count() const {
  std::uint64_t n = 0;
  for (const auto& v : sets_) n += v.size();
  return n;
}

const TbSet* Layer::find(ShapeKey shape, const Nibbles& state) const {
  const int i = index_of(shape);
  if (i < 0) return nullptr;
  for (const TbSet& s : sets_[i])
    if (s.contains(state)) return &s;
  return nullptr;
}

ValueRange Layer::range(const SetQuery& q) const {
  ValueRange r;
  const int i = index_of(q.shape);
  if (i < 0) return r;
  for (const TbSet& s : sets_[i]) {
    if (s.value >= r.lo && s.value <= r.hi) continue;  // cannot widen the range
    if (meets(q, s)) r.add(s.value);
  }
  return r;
}

Bits specified_cards(const TbSet& set, const Canonical& c, const std::array<Bits, 4>& hands) {
  const Bits all = hands[0] | hands[1] | hands[2] | hands[3];
  Bits out = 0;
  for (int slot = 0; slot < 4; ++slot) {
    const int j = set.specified(slot);
    if (j) out |= top_cards(all & suit_bits(c.suit_of_slot[slot]), j);
  }
  return out;
}

bool LayerProbe::probe(const std::array<Bits, 4>& hands, int leader, int trump,
                       ProbeResult& out) const {
  const Canonical c = canonicalize(hands, leader, trump);
  const Layer* layer = c.klass == StrainClass::kTrump ? trump_ : nt_;
  if (!layer || layer->tricks() != c.tricks) return false;
  const TbSet* s = layer->find(c.shape, state_nibbles(c.shape, c.seq));
  if (!s) return false;
  out.leader_tricks = s->value;
  out.specified = specified_cards(*s, c, hands);
  return true;
}

}  // namespace ddtb::detail::tb
