#include "builder/oracle.hpp"

#include <algorithm>
#include <bit>

#include "builder/successor_shapes.hpp"

namespace ddtb::detail::tb {

// The candidate set while the trick is played. Cards are identified by slot
// and position (0 = highest); positions below fixed[s] have a known owner,
// the others are x's, of which seat h holds xc[h][s].
struct Oracle::Game {
  StrainClass klass;
  int tricks;
  std::array<int, 4> fixed{};
  std::array<std::array<std::int8_t, 13>, 4> owner{};
  std::array<Column, 4> col{};             // per slot, cards not yet played
  std::array<std::uint64_t, 4> known{};    // per slot, one-hot owners of the fixed cards
  std::array<std::array<int, 4>, 4> xc{};  // [seat][slot], x's not yet played
  std::array<std::uint16_t, 4> played{};   // per slot, fixed positions played
  std::array<Card, 4> cards{};             // this trick, in playing order
};

namespace {

// One-hot owner nibbles seen from seat w (owner o becomes o - w mod 4).
constexpr std::uint64_t rotate_owners(std::uint64_t x, int w) {
  if (w == 0) return x;
  constexpr std::uint64_t ones = 0x1111111111111111ull;
  const std::uint64_t low = ones * ((1u << (4 - w)) - 1);
  return ((x >> w) & low) | ((x << (4 - w)) & ~low);
}

// The nibbles of x without those at the positions set in `gone`.
inline std::uint64_t drop_positions(std::uint64_t x, unsigned gone) {
  while (gone) {
    const int p = 31 - __builtin_clz(gone);  // highest first: lower ones keep their place
    gone &= ~(1u << p);
    const std::uint64_t below_p = (std::uint64_t{1} << (4 * p)) - 1;
    x = (x & below_p) | ((x >> 4) & ~below_p);
  }
  return x;
}

}  // namespace

void Oracle::start(Game& g, StrainClass klass, ShapeKey shape, const std::array<Sequence, 4>& seq,
                   const std::array<int, 4>& fixed) {
  ++stats_.calls;
  if (partition_stamp_ == 0 || shape != stamp_shape_ || klass != stamp_klass_) {
    ++partition_stamp_;
    stamp_shape_ = shape;
    stamp_klass_ = klass;
  }
  g.klass = klass;
  g.tricks = lower_.tricks + 1;
  for (int s = 0; s < 4; ++s) {
    const Column col = slot_column(shape, s);
    g.fixed[s] = fixed[s];
    g.col[s] = col;
    g.known[s] = 0;
    g.played[s] = 0;
    for (int h = 0; h < 4; ++h) g.xc[h][s] = column_len(col, h);
    for (int i = 0; i < fixed[s]; ++i) {
      const int o = seq_owner(seq[s], i);
      g.owner[s][i] = static_cast<std::int8_t>(o);
      g.known[s] |= std::uint64_t{1} << (4 * i + o);
      --g.xc[o][s];
    }
  }
  leaves_.clear();
}

bool Oracle::consistent(StrainClass klass, ShapeKey shape, const std::array<Sequence, 4>& seq,
                        const std::array<int, 4>& fixed, int v) {
  Game g;
  start(g, klass, shape, seq, fixed);
  return search(g, 0, true, v) && search(g, 0, false, v);
}

// lower: is the set's pessimistic value >= v?  upper (!lower): is the
// optimistic value <= v?  Seat = ply (the leader is seat 0); seats 0 and 2
// are the leader's side.
bool Oracle::search(Game& g, int ply, bool lower, int v) {
  if (ply == 4) {
    // The completed trick, one byte per card: slot and position + 1 (0 = x).
    std::uint32_t key = 0;
    for (const Card& c : g.cards)
      key = key << 8 | std::uint32_t(c.slot) << 4 | std::uint32_t(c.pos + 1);
    LeafValue lv;
    if (const LeafValue* memo = leaves_.find(key)) {
      lv = *memo;
    } else {
      ++stats_.leaves;
      lv = resolve(g);
      leaves_.insert(key, lv);
    }
    return lower ? lv.lo >= v : lv.hi <= v;
  }
  const int seat = ply;
  const bool ours = (seat & 1) == 0;
  // For the lower bound our side needs one good card and every opponent card
  // must fail; for the upper bound it is the other way round.
  const bool need_one = ours == lower;

  int first = 0, last = 3;
  if (ply > 0) {
    const int led = g.cards[0].slot;
    bool has = g.xc[seat][led] > 0;
    for (int p = 0; p < g.fixed[led] && !has; ++p)
      has = g.owner[led][p] == seat && !(g.played[led] >> p & 1);
    if (has) first = last = led;
  }
  for (int s = first; s <= last; ++s) {
    for (int p = 0; p < g.fixed[s]; ++p) {
      if (g.owner[s][p] != seat || (g.played[s] >> p & 1)) continue;
      // One card per run of equivalent cards (positions adjacent at the
      // start of the trick, same owner).
      if (p > 0 && g.owner[s][p - 1] == seat) continue;
      g.cards[ply] = Card{static_cast<std::int8_t>(s), static_cast<std::int8_t>(p)};
      g.played[s] |= static_cast<std::uint16_t>(1u << p);
      g.col[s] -= seat_unit(seat);
      const bool r = search(g, ply + 1, lower, v);
      g.col[s] += seat_unit(seat);
      g.played[s] &= static_cast<std::uint16_t>(~(1u << p));
      if (r == need_one) return r;
    }
    if (g.xc[seat][s] > 0) {
      g.cards[ply] = Card{static_cast<std::int8_t>(s), -1};
      --g.xc[seat][s];
      g.col[s] -= seat_unit(seat);
      const bool r = search(g, ply + 1, lower, v);
      g.col[s] += seat_unit(seat);
      ++g.xc[seat][s];
      if (r == need_one) return r;
    }
  }
  return !need_one;
}

// The leader's side's tricks from this trick on, pessimistic (lower) or
// optimistic, for the completed trick in g.
Oracle::LeafValue Oracle::resolve(Game& g) {
  const int led = g.cards[0].slot;
  int win_slot = led;
  if (g.klass == StrainClass::kTrump)
    for (const Card& c : g.cards)
      if (c.slot == 0) win_slot = 0;
  // A known card of the winning suit beats every x of it; among x's alone,
  // any of the seats that played one may have the highest.
  int winner = -1, best_pos = 99;
  std::uint8_t x_seats = 0;
  for (int i = 0; i < 4; ++i) {
    const Card c = g.cards[i];
    if (c.slot != win_slot) continue;
    if (c.pos >= 0 && c.pos < best_pos) {
      best_pos = c.pos;
      winner = i;
    } else if (c.pos < 0) {
      x_seats |= static_cast<std::uint8_t>(1u << i);
    }
  }
  if (winner >= 0) x_seats = static_cast<std::uint8_t>(1u << winner);

  LeafValue result{99, -1};
  const int rest = g.tricks - 1;
  // The suit each seat played: with the winner, all the successor's shape
  // and slot order depend on (the shape is the partition's).
  unsigned played_slots = 0;
  for (int i = 0; i < 4; ++i) played_slots |= unsigned(g.cards[i].slot) << (2 * i);
  for (int w = 0; w < 4; ++w) {
    if (!(x_seats >> w & 1)) continue;
    const int won = (w & 1) == 0 ? 1 : 0;
    int lo = won, hi = won;
    if (rest > 0) {
      const Successor& next = successor(g, played_slots << 2 | unsigned(w));
      // The successor set, seen from w: known owners rotated, slots in the
      // successor's order.
      SetQuery q;
      q.shape = next.shape;
      for (int i = 0; i < 4; ++i) {
        const int s = next.order[i];
        q.prefix[i] = rotate_owners(drop_positions(g.known[s], g.played[s]), w);
        q.fixed[i] = static_cast<std::uint8_t>(g.fixed[s] - std::popcount(g.played[s]));
      }
      const ValueRange r = successor_range(next.klass, q, next.index);
      const bool w_ours = (w & 1) == 0;
      lo += w_ours ? r.lo : rest - r.hi;
      hi += w_ours ? r.hi : rest - r.lo;
    }
    result.lo = static_cast<std::int8_t>(std::min<int>(result.lo, lo));
    result.hi = static_cast<std::int8_t>(std::max<int>(result.hi, hi));
  }
  return result;
}

bool Oracle::key_of(StrainClass klass, const SetQuery& q, QueryKey& key) {
  unsigned __int128 owners = 0;
  int at = 0;
  std::uint64_t counts = std::uint64_t(klass == StrainClass::kTrump) << 32;
  for (int s = 0; s < 4; ++s) {
    const int bits = 4 * std::min<int>(q.fixed[s], 16);
    if (at + bits > 128) return false;
    if (bits > 0) owners |= static_cast<unsigned __int128>(q.prefix[s]) << at;
    at += bits;
    counts |= std::uint64_t(q.fixed[s]) << (8 * s);
  }
  key = {q.shape, static_cast<std::uint64_t>(owners), static_cast<std::uint64_t>(owners >> 64),
         counts};
  return true;
}

const Oracle::Successor& Oracle::successor(const Game& g, unsigned key) {
  Successor& next = successors_[key];
  if (next.stamp == partition_stamp_) return next;
  // Slots with equal columns may come in either order in the states of the
  // set: successor_range tries all.
  const ShapeAfterTrick after = shape_after_trick(g.klass, g.col, static_cast<int>(key & 3));
  next.shape = after.shape;
  next.klass = after.klass;
  for (int i = 0; i < 4; ++i) next.order[i] = static_cast<std::int8_t>(after.order[i]);
  next.index = lower_layer(next.klass).index_of(next.shape);
  next.stamp = partition_stamp_;
  return next;
}

std::size_t Oracle::QueryKeyHash::operator()(const QueryKey& k) const {
  std::uint64_t h = k[0] * 0x9e3779b97f4a7c15ull;
  h = (h ^ (h >> 32) ^ k[1]) * 0xbf58476d1ce4e5b9ull;
  h = (h ^ (h >> 32) ^ k[2]) * 0x94d049bb133111ebull;
  h = (h ^ (h >> 32) ^ k[3]) * 0x9e3779b97f4a7c15ull;
  return static_cast<std::size_t>(h ^ (h >> 29));
}

ValueRange Oracle::successor_range(StrainClass klass, const SetQuery& q, int index) {
  QueryKey key;
  const bool cacheable = key_of(klass, q, key);
  if (const CachedRange* hit = cacheable ? cache_.find(key) : nullptr) {
    ++stats_.cache_hits;
    return ValueRange{hit->lo, hit->hi};
  }
  ++stats_.lookups;
  const Layer& layer = lower_layer(klass);
  ValueRange r;
  // Every order of the tied slots (the successor's states may list them in
  // any order): the same shape, so the same partition.
  for_all_tied_orders(klass, q, [&](const SetQuery& p) {
    r.add(layer.range_in(index, p));
    return true;
  });
  if (r.empty()) throw GapError("no set of the layer below covers a successor");
  if (cacheable)
    cache_.insert(key, CachedRange{static_cast<std::int8_t>(r.lo), static_cast<std::int8_t>(r.hi)});
  return r;
}

}  // namespace ddtb::detail::tb
