#include "tablebase/packed_sets.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <map>

namespace ddtb::detail::tb {

namespace {

constexpr std::uint64_t low_nibbles(unsigned n) {
  return n >= 16 ? ~std::uint64_t{0} : (std::uint64_t{1} << (4 * n)) - 1;
}

using Depths = std::array<std::uint8_t, 4>;

Depths depths_of(const TbSet& t) {
  return {static_cast<std::uint8_t>(t.specified(0)), static_cast<std::uint8_t>(t.specified(1)),
          static_cast<std::uint8_t>(t.specified(2)), static_cast<std::uint8_t>(t.specified(3))};
}

// A depth vector as the scan uses it: the state's nibbles at its positions,
// concatenated slot after slot (when they fit in 16 nibbles: one compare
// per set), and where each slot's nibbles begin.
struct Vector {
  std::uint64_t state;   // valid when total <= 16
  std::uint32_t depths;  // slot s's depth in bits [4s, 4s + 4)
  std::uint32_t starts;  // where slot s's nibbles begin, in bits [8s, 8s + 8)
  std::uint32_t total;
  unsigned d(int s) const { return (depths >> (4 * s)) & 15; }
  unsigned at(int s) const { return (starts >> (8 * s)) & 255; }
};

// x << 4n, 0 when that shifts every bit out.
constexpr std::uint64_t shift_nibbles(std::uint64_t x, unsigned n) {
  return n >= 16 ? 0 : x << (4 * n);
}

// Made in registers and stored whole: built field by field in memory, the
// table's entries were read back through store-forwarding stalls.
inline Vector make_vector(std::uint8_t d01, std::uint8_t d23, const Nibbles& state) {
  const unsigned d0 = d01 & 15, d1 = d01 >> 4, d2 = d23 & 15, d3 = d23 >> 4;
  const unsigned a1 = d0, a2 = a1 + d1, a3 = a2 + d2, total = a3 + d3;
  const std::uint64_t st =
      (state[0] & low_nibbles(d0)) | shift_nibbles(state[1] & low_nibbles(d1), a1) |
      shift_nibbles(state[2] & low_nibbles(d2), a2) | shift_nibbles(state[3] & low_nibbles(d3), a3);
  return Vector{st, std::uint32_t(d01) | std::uint32_t(d23) << 8, a1 << 8 | a2 << 16 | a3 << 24,
                total};
}

// The nibbles of v's sets (concatenated, as v.state) that lie in the cover
// `need`.
std::uint64_t cover_nibbles(const Vector& v, const std::array<int, 4>& need) {
  if (v.total > 16) return 0;
  std::uint64_t m = 0;
  for (int s = 0; s < 4; ++s)
    m |= low_nibbles(static_cast<unsigned>(std::min<int>(need[s], v.d(s)))) << (4 * v.at(s));
  return m;
}

// The set whose nibbles begin at p, as a TbSet.
TbSet unpack(const Vector& v, const std::uint8_t* p, int value) {
  TbSet t;
  t.value = static_cast<std::uint8_t>(value);
  for (int s = 0; s < 4; ++s)
    for (unsigned q = 0; q < v.d(s); ++q) {
      const unsigned i = v.at(s) + q;
      const unsigned n = (i & 1) ? p[i / 2] >> 4 : p[i / 2] & 15;
      t.allow[s] = (t.allow[s] & ~nibble_mask(static_cast<int>(q))) | std::uint64_t(n) << (4 * q);
    }
  return t;
}

constexpr int kNone = 64;

// One step of the greedy cover: `fail[s]` is the first position of slot s
// where a set disagrees with the state (kNone: nowhere). When the cover
// `need` (top positions per slot) already holds such a position, nothing
// changes; otherwise the slot whose cover grows least takes it. False when
// the set disagrees nowhere (it holds the state).
bool extend_cover(const std::array<int, 4>& fail, std::array<int, 4>& need) {
  int best = -1;
  for (int s = 0; s < 4; ++s) {
    if (fail[s] == kNone) continue;
    if (fail[s] < need[s]) return true;
    if (best < 0 || fail[s] + 1 - need[s] < fail[best] + 1 - need[best]) best = s;
  }
  if (best < 0) return false;
  need[best] = fail[best] + 1;
  return true;
}

// Whether the cover `need` already holds one of the positions where a set
// disagrees with the state (first ones per slot in `fail`).
bool covered_by(const std::array<int, 4>& fail, const std::array<int, 4>& need) {
  for (int s = 0; s < 4; ++s)
    if (fail[s] < need[s]) return true;
  return false;
}

// Grows the cover so that it fixes the order of each pair of tied slots
// (packed_sets.hpp): both slots of a pair down to the first position where
// the state's sequences differ, or, where they are equal, to the same depth.
void settle_ties(const Nibbles& state, unsigned ties, std::array<int, 4>& need) {
  if (!ties) return;
  for (bool grew = true; grew;) {
    grew = false;
    for (int a = 0; a < 3; ++a) {
      if (!((ties >> a) & 1)) continue;
      const std::uint64_t x = state[a] ^ state[a + 1];
      const int want = x ? std::countr_zero(x) / 4 + 1 : std::max(need[a], need[a + 1]);
      for (int s : {a, a + 1})
        if (need[s] < want) {
          need[s] = want;
          grew = true;
        }
    }
  }
}

TbSet cover_of(const Nibbles& state, const std::array<int, 4>& need, int value) {
  TbSet t;
  t.value = static_cast<std::uint8_t>(value);
  for (int s = 0; s < 4; ++s) {
    const std::uint64_t m = low_nibbles(static_cast<unsigned>(need[s]));
    t.allow[s] = (t.allow[s] & ~m) | (state[s] & m);
  }
  return t;
}

}  // namespace

std::uint64_t encode_packed_partition(std::span<const TbSet> sets, int tricks, int bound,
                                      std::vector<std::uint8_t>& out, int default_value) {
  // The default: the value whose sets take the most bytes.
  std::array<std::uint64_t, 16> bytes{};
  for (const TbSet& t : sets) {
    const Depths d = depths_of(t);
    bytes[t.value & 15] += 1 + (d[0] + d[1] + d[2] + d[3] + 1) / 2;
  }
  const int dflt =
      default_value >= 0
          ? default_value
          : static_cast<int>(std::max_element(bytes.begin(), bytes.end()) - bytes.begin());
  // The depth vectors of the stored sets, the most used first, as many as
  // the id bits name (the rest are written out after the set's first byte).
  const int id_bits = packed_id_bits(tricks, bound);
  const unsigned escape = (1u << id_bits) - 1;
  std::map<std::uint16_t, std::uint64_t> uses;
  const auto key = [](const Depths& d) {
    return static_cast<std::uint16_t>(d[0] | d[1] << 4 | d[2] << 8 | d[3] << 12);
  };
  for (const TbSet& t : sets)
    if (t.value != dflt) ++uses[key(depths_of(t))];
  std::vector<std::pair<std::uint64_t, std::uint16_t>> order;
  for (const auto& [k, n] : uses) order.push_back({n, k});
  std::stable_sort(order.begin(), order.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  if (order.size() > escape) order.resize(escape);
  std::map<std::uint16_t, unsigned> id;
  for (unsigned i = 0; i < order.size(); ++i) id[order[i].second] = i;

  out.push_back(static_cast<std::uint8_t>(dflt));
  out.push_back(static_cast<std::uint8_t>(order.size()));
  for (const auto& o : order) {
    out.push_back(static_cast<std::uint8_t>(o.second & 0xff));
    out.push_back(static_cast<std::uint8_t>(o.second >> 8));
  }
  std::uint64_t stored = 0;
  for (const TbSet& t : sets) {
    if (t.value == dflt) continue;
    ++stored;
    const Depths d = depths_of(t);
    const auto found = id.find(key(d));
    const unsigned i = found == id.end() ? escape : found->second;
    const unsigned value = bound > 0 ? 0 : t.value;
    out.push_back(static_cast<std::uint8_t>(value << id_bits | i));
    if (i == escape) {
      out.push_back(static_cast<std::uint8_t>(d[0] | d[1] << 4));
      out.push_back(static_cast<std::uint8_t>(d[2] | d[3] << 4));
    }
    int half = -1;  // a byte whose high nibble is still free
    for (int s = 0; s < 4; ++s)
      for (int q = 0; q < d[s]; ++q) {
        const auto n = static_cast<std::uint8_t>(nibble(t.allow[s], q));
        if (half >= 0) {
          out[static_cast<std::size_t>(half)] |= static_cast<std::uint8_t>(n << 4);
          half = -1;
        } else {
          half = static_cast<int>(out.size());
          out.push_back(n);
        }
      }
  }
  return stored;
}

Expected<void> decode_packed_partition(const std::uint8_t* begin, const std::uint8_t* end,
                                       ShapeKey shape, int tricks, int bound,
                                       std::vector<TbSet>& stored, int& default_value) {
  const auto bad = [](const char* what) { return Error{ErrorCode::kCorruptData, what}; };
  const int max_value = bound > 0 ? 1 : tricks;
  if (end - begin < 2) return bad("packed partition shorter than its head");
  if (begin[0] > max_value) return bad("default value out of range");
  default_value = begin[0];
  const int id_bits = packed_id_bits(tricks, bound);
  const unsigned escape = (1u << id_bits) - 1;
  const unsigned vectors = begin[1];
  if (vectors > escape) return bad("more depth vectors than set heads can name");
  if (end - begin < 2 + 2 * std::ptrdiff_t(vectors)) return bad("depth vectors past the partition");
  std::array<int, 4> length{};
  for (int s = 0; s < 4; ++s) length[s] = column_total(slot_column(shape, s));
  const Nibbles zero{};
  const auto check_depths = [&](const Vector& v) {
    for (int s = 0; s < 4; ++s)
      if (static_cast<int>(v.d(s)) > length[s]) return false;
    return true;
  };
  std::vector<Vector> table;
  for (unsigned k = 0; k < vectors; ++k) {
    table.push_back(make_vector(begin[2 + 2 * k], begin[3 + 2 * k], zero));
    if (!check_depths(table.back())) return bad("constrained depth beyond the suit's length");
  }
  const std::uint8_t* p = begin + 2 + 2 * vectors;
  while (p < end) {
    const unsigned h = *p++;
    const unsigned i = h & escape;
    Vector v;
    if (i == escape) {
      if (end - p < 2) return bad("set past the partition");
      v = make_vector(p[0], p[1], zero);
      p += 2;
      if (!check_depths(v)) return bad("constrained depth beyond the suit's length");
    } else if (i < table.size()) {
      v = table[i];
    } else {
      return bad("set names a depth vector the table lacks");
    }
    const int value = bound > 0 ? 1 - default_value : static_cast<int>(h >> id_bits);
    if (bound > 0 && (h >> id_bits) != 0) return bad("value bits in a bound layer's set");
    if (value > max_value)
      return bad(bound > 0 ? "bound value above 1" : "value above the tricks left");
    if (value == default_value) return bad("a stored set of the default value");
    const std::ptrdiff_t nb = (v.total + 1) / 2;
    if (end - p < nb) return bad("set past the partition");
    for (unsigned q = 0; q < v.total; ++q)
      if (((q & 1) ? p[q / 2] >> 4 : p[q / 2] & 15) == 0) return bad("a card no seat may hold");
    if ((v.total & 1) && (p[nb - 1] >> 4) != 0) return bad("padding nibble not zero");
    stored.push_back(unpack(v, p, value));
    p += nb;
  }
  return {};
}

unsigned tied_pairs(ShapeKey shape, StrainClass klass) {
  unsigned ties = 0;
  for (int a = 0; a < 3; ++a)
    if (tied(shape, klass, a, a + 1)) ties |= 1u << a;
  return ties;
}

Scan find_packed(const std::uint8_t* begin, const std::uint8_t* end, const Nibbles& state,
                 int tricks, int bound, unsigned ties, TbSet& out) {
  const int max_value = bound > 0 ? 1 : tricks;
  if (end - begin < 2 || begin[0] > max_value) return Scan::kCorrupt;
  const int dflt = begin[0];
  const int id_bits = packed_id_bits(tricks, bound);
  const unsigned escape = (1u << id_bits) - 1;
  const unsigned vectors = begin[1];
  if (vectors > escape || end - begin < 2 + 2 * std::ptrdiff_t(vectors)) return Scan::kCorrupt;
  // The partition's few lines are likely out of the processor's caches: ask
  // for them at once, so that their latencies overlap.
  for (const std::uint8_t* p = begin + 64; p < end && p < begin + 1024; p += 64)
    __builtin_prefetch(p);
  Vector table[255];
  for (unsigned k = 0; k < vectors; ++k)
    table[k] = make_vector(begin[2 + 2 * k], begin[3 + 2 * k], state);
  const std::uint8_t* const first = begin + 2 + 2 * vectors;
  Vector scratch;
  // The set at p: its vector and p moved to its nibbles; null when its head
  // is malformed or it runs past the partition's end.
  const auto vector_at = [&](const std::uint8_t*& p, unsigned& h) -> const Vector* {
    h = *p++;
    const unsigned i = h & escape;
    const Vector* v;
    if (i < vectors) {
      v = &table[i];
    } else {
      if (i != escape || end - p < 2) return nullptr;
      scratch = make_vector(p[0], p[1], state);
      p += 2;
      v = &scratch;
    }
    return end - p < std::ptrdiff_t(v->total + 1) / 2 ? nullptr : v;
  };

  for (const std::uint8_t* p = first; p < end;) {
    unsigned h = 0;
    const Vector* v = vector_at(p, h);
    if (!v) return Scan::kCorrupt;
    bool holds;
    if (v->total <= 16) {
      holds = (v->state & ~load64(p)) == 0;
    } else {
      holds = true;
      for (int s = 0; s < 4 && holds; ++s) {
        if (!v->d(s)) continue;
        const std::uint64_t w = load64(p + v->at(s) / 2) >> (4 * (v->at(s) & 1));
        holds = (state[s] & low_nibbles(v->d(s)) & ~w) == 0;
      }
    }
    if (holds) {
      const int value = bound > 0 ? 1 - dflt : static_cast<int>(h >> id_bits);
      if (value > max_value) return Scan::kCorrupt;
      out = unpack(*v, p, value);
      return Scan::kFound;
    }
    p += (v->total + 1) / 2;
  }

  // No set holds the state: its cover, in a second pass (every set is known
  // well formed now). A vector's nibbles inside the cover are remade when
  // the cover has grown since they were made.
  std::array<int, 4> need{};
  unsigned grown = 1;
  std::uint64_t in_cover[255];
  unsigned cover_made[255];
  for (unsigned k = 0; k < vectors; ++k) cover_made[k] = 0;
  for (const std::uint8_t* p = first; p < end;) {
    unsigned h = 0;
    const Vector* v = vector_at(p, h);
    const unsigned i = h & escape;
    std::uint64_t cover;
    if (i < vectors) {
      if (cover_made[i] != grown) {
        in_cover[i] = cover_nibbles(*v, need);
        cover_made[i] = grown;
      }
      cover = in_cover[i];
    } else {
      cover = cover_nibbles(*v, need);
    }
    std::array<int, 4> fail{kNone, kNone, kNone, kNone};
    bool covered;
    if (v->total <= 16) {
      const std::uint64_t x = v->state & ~load64(p);
      covered = (x & cover) != 0;
      if (!covered)
        for (int s = 0; s < 4; ++s) {
          const std::uint64_t xs = (x >> (4 * v->at(s))) & low_nibbles(v->d(s));
          if (xs) fail[s] = std::countr_zero(xs) / 4;
        }
    } else {
      for (int s = 0; s < 4; ++s) {
        if (!v->d(s)) continue;
        const std::uint64_t w = load64(p + v->at(s) / 2) >> (4 * (v->at(s) & 1));
        const std::uint64_t xs = state[s] & low_nibbles(v->d(s)) & ~w;
        if (xs) fail[s] = std::countr_zero(xs) / 4;
      }
      covered = covered_by(fail, need);
    }
    if (!covered) {
      extend_cover(fail, need);
      ++grown;
    }
    p += (v->total + 1) / 2;
  }
  settle_ties(state, ties, need);
  out = cover_of(state, need, dflt);
  return Scan::kFound;
}

TbSet cover_set(std::span<const TbSet> stored, const Nibbles& state, int default_value,
                unsigned ties) {
  std::array<int, 4> need{};
  for (const TbSet& t : stored) {
    std::array<int, 4> fail{kNone, kNone, kNone, kNone};
    for (int s = 0; s < 4; ++s) {
      const std::uint64_t x = state[s] & ~t.allow[s];
      if (x) fail[s] = std::countr_zero(x) / 4;
    }
    extend_cover(fail, need);
  }
  settle_ties(state, ties, need);
  return cover_of(state, need, default_value);
}

}  // namespace ddtb::detail::tb
