#include "builder/layer.hpp"

#include <algorithm>
#include <bit>
#include "tablebase/packed_sets.hpp"

namespace ddtb::detail::tb {

namespace {

// A query with what every set test needs computed once: per slot the
// positions left as x and how many x's each seat holds there.
struct Prepared {
  const SetQuery& q;
  std::array<std::uint64_t, 4> free{};
  std::array<std::array<int, 4>, 4> left{};  // [slot][seat]

  explicit Prepared(const SetQuery& query) : q(query) {
    for (int s = 0; s < 4; ++s) {
      free[s] = q.fixed[s] >= 16 ? 0 : ~std::uint64_t{0} << (4 * q.fixed[s]);
      const Column col = slot_column(q.shape, s);
      for (int h = 0; h < 4; ++h)
        left[s][h] = column_len(col, h) - std::popcount(q.prefix[s] & (0x1111111111111111ull << h));
    }
  }

  bool meets(const TbSet& t) const { return relation(t) != kApart; }

  // Whether the set holds every state of the query: it allows the query's
  // fixed cards and constrains none of its x positions.
  bool holds(const TbSet& t) const {
    std::uint64_t outside = 0;
    for (int s = 0; s < 4; ++s) outside |= (q.prefix[s] | free[s]) & ~t.allow[s];
    return outside == 0;
  }

  enum Relation { kApart, kMeets, kHolds };
  // Whether the set shares no state with the query, shares some, or holds
  // every state of it (it constrains none of the query's x positions).
  Relation relation(const TbSet& t) const {
    // The query's fixed cards must be allowed (cheap, rejects most sets).
    if (((q.prefix[0] & ~t.allow[0]) | (q.prefix[1] & ~t.allow[1]) | (q.prefix[2] & ~t.allow[2]) |
         (q.prefix[3] & ~t.allow[3])) != 0)
      return kApart;
    std::uint64_t constrained_any = 0;
    for (int s = 0; s < 4; ++s) {
      const std::uint64_t constrained = ~t.allow[s] & free[s];
      if (!free_part_meets(s, constrained, t.allow[s])) return kApart;
      constrained_any |= constrained;
    }
    return constrained_any ? kMeets : kHolds;
  }

  // The set's constraints on x positions can be met with the x's each seat
  // has left: Hall's condition over seat subsets (a plain count per seat when
  // every constraint names one seat).
  bool free_part_meets(int s, std::uint64_t constrained, std::uint64_t allow) const {
    if (!constrained) return true;
    std::array<int, 16> by_mask{};
    bool single = true;
    while (constrained) {
      const int pos = (63 - __builtin_clzll(constrained)) / 4;
      constrained &= ~nibble_mask(pos);
      const int m = nibble(allow, pos);
      if (m == 0) return false;
      ++by_mask[m];
      single &= (m & (m - 1)) == 0;
    }
    if (single)
      return by_mask[1] <= left[s][0] && by_mask[2] <= left[s][1] && by_mask[4] <= left[s][2] &&
             by_mask[8] <= left[s][3];
    for (int u = 1; u < 16; ++u) {
      int need = 0;
      for (int m = 1; m < 16; ++m)
        if ((m & ~u) == 0) need += by_mask[m];
      int have = 0;
      for (int h = 0; h < 4; ++h)
        if (u & (1 << h)) have += left[s][h];
      if (need > have) return false;
    }
    return true;
  }
};

}  // namespace

bool meets(const SetQuery& q, const TbSet& s) {
  return Prepared(q).meets(s);
}

void ScannedSets::assign(std::span<const TbSet> sets) {
  sets_ = sets;
  filters_.resize(sets.size());
  values_.resize(sets.size());
  for (std::size_t k = 0; k < sets.size(); ++k) {
    filters_[k] = filter_of(sets[k].allow);
    values_[k] = sets[k].value;
  }
}

const TbSet* ScannedSets::find_first(const Nibbles& state) const {
  const std::uint64_t want = filter_of(state);
  for (std::size_t k = 0; k < sets_.size(); ++k)
    if ((want & ~filters_[k]) == 0 && sets_[k].contains(state)) return &sets_[k];
  return nullptr;
}

bool ScannedSets::all_within(const SetQuery& q, int lo, int hi) const {
  const Prepared p(q);
  const std::uint64_t want = filter_of(q.prefix);
  for (std::size_t k = 0; k < sets_.size(); ++k) {
    if ((want & ~filters_[k]) != 0) continue;
    const bool within = values_[k] >= lo && values_[k] <= hi;
    // A set holding the whole query decides it (a state has one value).
    if (p.holds(sets_[k])) return within;
    if (!within && p.meets(sets_[k])) return false;
  }
  return true;
}

Layer::Layer(int tricks, StrainClass klass, int bound)
    : tricks_(tricks), klass_(klass), bound_(bound), shapes_(enumerate_shapes(tricks, klass)) {
  sets_.resize(shapes_.size());
  for (std::size_t i = 0; i < shapes_.size(); ++i)
    index_.insert(shapes_[i], static_cast<std::uint32_t>(i));
}

int Layer::index_of(ShapeKey shape) const {
  const std::uint32_t* i = index_.find(shape);
  return i ? static_cast<int>(*i) : -1;
}

std::uint64_t Layer::set_count() const {
  std::uint64_t n = 0;
  for (const auto& v : sets_) n += v.size();
  return n;
}

const TbSet* Layer::find(ShapeKey shape, const Nibbles& state) const {
  const int i = index_of(shape);
  if (i < 0) return nullptr;
  const std::vector<TbSet>& sets = sets_[i];
  if (filters_.empty()) {
    for (const TbSet& s : sets)
      if (s.contains(state)) return &s;
    return nullptr;
  }
  const std::uint64_t want = filter_of(state);
  const std::uint64_t* filter = filters_.data() + filter_start_[i];
  for (std::size_t k = 0; k < sets.size(); ++k)
    if ((want & ~filter[k]) == 0 && sets[k].contains(state)) return &sets[k];
  return nullptr;
}

void Layer::seal() {
  spans_.assign(sets_.size(), ValueRange{});
  filter_start_.assign(sets_.size() + 1, 0);
  for (std::size_t i = 0; i < sets_.size(); ++i) {
    for (const TbSet& s : sets_[i]) spans_[i].add(s.value);
    filter_start_[i + 1] = filter_start_[i] + sets_[i].size();
  }
  filters_.clear();
  filters_.reserve(filter_start_.back());
  for (const std::vector<TbSet>& sets : sets_)
    for (const TbSet& s : sets) filters_.push_back(filter_of(s.allow));
}

ValueRange Layer::range_in(int i, const SetQuery& q) const {
  ValueRange r;
  if (i < 0) return r;
  // Once the range is the partition's whole span, no set can widen it.
  const ValueRange whole = spans_.empty() ? ValueRange{0, 99} : spans_[i];
  const Prepared p(q);
  const std::vector<TbSet>& sets = sets_[i];
  // A set holding the whole query answers it alone: every set meeting the
  // query shares a state with that set, and a state has one value.
  const auto widens = [&](const TbSet& s) {
    if (s.value >= r.lo && s.value <= r.hi) return false;  // cannot widen the range
    const Prepared::Relation rel = p.relation(s);
    if (rel == Prepared::kApart) return false;
    if (rel == Prepared::kHolds) {
      r = ValueRange{};
      r.add(s.value);
      return true;
    }
    r.add(s.value);
    return r.lo == whole.lo && r.hi == whole.hi;
  };
  if (filters_.empty()) {
    for (const TbSet& s : sets)
      if (widens(s)) break;
    return r;
  }
  const std::uint64_t want = filter_of(q.prefix);
  const std::uint64_t* filter = filters_.data() + filter_start_[i];
  for (std::size_t k = 0; k < sets.size(); ++k)
    if ((want & ~filter[k]) == 0 && widens(sets[k])) break;
  return r;
}

bool LayerProbe::probe(const std::array<Bits, 4>& hands, int leader, int trump,
                       ProbeResult& out) const {
  const Canonical c = canonicalize(hands, leader, trump);
  const Layer* layer = c.klass == StrainClass::kTrump ? trump_ : nt_;
  if (!layer || layer->tricks() != c.tricks) return false;
  const Nibbles state = state_nibbles(c.shape, c.seq);
  if (const TbSet* s = layer->find(c.shape, state)) {
    out.leader_tricks = s->value;
    out.specified = specified_cards(*s, c, hands);
    return true;
  }
  const int index = layer->has_defaults() ? layer->index_of(c.shape) : -1;
  if (index < 0 || layer->default_value(index) < 0) return false;
  const TbSet cover = cover_set(layer->sets(index), state, layer->default_value(index),
                                tied_pairs(c.shape, c.klass));
  out.leader_tricks = cover.value;
  out.specified = specified_cards(cover, c, hands);
  return true;
}

}  // namespace ddtb::detail::tb
