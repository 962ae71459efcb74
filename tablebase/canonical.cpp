#include "tablebase/canonical.hpp"

#include <algorithm>
#include <cassert>

namespace ddtb::detail::tb {

Column suit_column(const std::array<Bits, 4>& hands, int leader, int suit) {
  Column c = 0;
  for (int seat = 0; seat < 4; ++seat)
    c |=
        static_cast<Column>(count(hands[(leader + seat) & 3] & suit_bits(suit)) << (12 - 4 * seat));
  return c;
}

Sequence suit_sequence(const std::array<Bits, 4>& hands, int leader, int suit) {
  // The owner of each card, top first, without a branch per card: the two
  // bits of the (absolute) seat come from the hands of seats 1 and 3 and of
  // seats 2 and 3.
  const Bits m = suit_bits(suit);
  const Bits odd = (hands[1] | hands[3]) & m, high = (hands[2] | hands[3]) & m;
  Bits rest = (hands[0] & m) | odd | high;
  Sequence q = 0;
  for (int shift = 30; rest; shift -= 2) {
    const Bits card = top_bit(rest);
    rest ^= card;
    const unsigned seat = unsigned((odd & card) != 0) | unsigned((high & card) != 0) << 1;
    q |= Sequence((seat - unsigned(leader)) & 3) << shift;
  }
  return q;
}

Canonical canonicalize(const std::array<Bits, 4>& hands, int leader, int trump) {
  Canonical out;
  out.leader = static_cast<std::uint8_t>(leader);
  out.tricks = static_cast<std::uint8_t>(count(hands[leader]));
  out.klass = class_of(hands, trump);
  const bool trump_class = out.klass == StrainClass::kTrump;

  std::array<Column, 4> col{};
  std::array<Sequence, 4> seq{};
  for (int s = 0; s < 4; ++s) {
    col[s] = suit_column(hands, leader, s);
    seq[s] = suit_sequence(hands, leader, s);
  }
  std::array<int, 4> order{0, 1, 2, 3};
  int first = 0;
  if (trump_class) {
    // The trump suit first; the others keep their relative order for the sort.
    std::rotate(order.begin(), order.begin() + trump, order.begin() + trump + 1);
    first = 1;
  }
  // Equal keys (identical suits) keep the suits' order: a set may specify
  // the two to different depths, so the specified cards depend on it
  // (tablebase/FORMAT.md).
  std::sort(order.begin() + first, order.end(), [&](int a, int b) {
    const std::uint64_t ka = suit_key(col[a], seq[a]), kb = suit_key(col[b], seq[b]);
    return ka != kb ? ka > kb : a < b;
  });
  for (int i = 0; i < 4; ++i) {
    const int s = order[i];
    out.suit_of_slot[i] = static_cast<std::uint8_t>(s);
    out.seq[i] = seq[s];
    out.shape |= ShapeKey(col[s]) << (48 - 16 * i);
  }
  return out;
}

namespace {

// Calls f(c) for every column that fits `room` (at most room[s] cards for
// seat s), has at most 13 cards and is at most `limit`, in increasing order:
// the product of the room's ranges, not a scan of every column with a fit
// test (which made enumerating a layer's shapes most of the time a program
// spent opening its tables). The loops run in lexicographic order of the
// seats' counts, which is increasing column order, so the first column past
// `limit` ends them.
template <class F>
void for_each_column_within(const std::array<int, 4>& room, Column limit, F&& f) {
  for (int a = 0; a <= room[0]; ++a)
    for (int b = 0; b <= room[1]; ++b)
      for (int c = 0; c <= room[2]; ++c)
        for (int d = 0; d <= room[3] && a + b + c + d <= 13; ++d) {
          const auto col = static_cast<Column>(a << 12 | b << 8 | c << 4 | d);
          if (col > limit) return;
          f(col);
        }
}

std::array<int, 4> minus(std::array<int, 4> r, Column c) {
  for (int seat = 0; seat < 4; ++seat) r[seat] -= column_len(c, seat);
  return r;
}

}  // namespace

std::vector<ShapeKey> enumerate_shapes(int tricks, StrainClass klass) {
  std::vector<ShapeKey> out;
  const std::array<int, 4> full{tricks, tricks, tricks, tricks};
  const bool trump = klass == StrainClass::kTrump;
  constexpr Column kAny = 0xffff;
  // Slot 0: any column (at least one trump in the trump class); slots 1..3
  // non-increasing (slot 0 too in the no-trump class). Slot 3 is what is left.
  // Each slot's columns come in increasing order, so the keys do too: the
  // list needs no sort.
  for_each_column_within(full, kAny, [&](Column c0) {
    if (trump && column_total(c0) == 0) return;
    const auto r0 = minus(full, c0);
    for_each_column_within(r0, trump ? kAny : c0, [&](Column c1) {
      const auto r1 = minus(r0, c1);
      for_each_column_within(r1, c1, [&](Column c2) {
        const auto r2 = minus(r1, c2);
        if (r2[0] + r2[1] + r2[2] + r2[3] > 13) return;
        const Column c3 = static_cast<Column>(r2[0] << 12 | r2[1] << 8 | r2[2] << 4 | r2[3]);
        if (c3 > c2) return;
        out.push_back(ShapeKey(c0) << 48 | ShapeKey(c1) << 32 | ShapeKey(c2) << 16 | c3);
      });
    });
  });
  return out;
}

std::uint64_t sequences_of(Column c) {
  // n! / (l0! l1! l2! l3!) computed as a product of binomials.
  std::uint64_t result = 1;
  int placed = 0;
  for (int seat = 0; seat < 4; ++seat) {
    const int l = column_len(c, seat);
    for (int i = 1; i <= l; ++i) {
      ++placed;
      result = result * placed / i;
    }
  }
  return result;
}

Sequence first_sequence(Column c) {
  Sequence q = 0;
  int i = 0;
  for (int seat = 0; seat < 4; ++seat)
    for (int n = column_len(c, seat); n > 0; --n) q = seq_with(q, i++, seat);
  return q;
}

bool next_sequence(Column c, Sequence& q) {
  const int n = std::min(column_total(c), 13);
  std::array<int, 16> a{};
  for (int i = 0; i < n; ++i) a[i] = seq_owner(q, i);
  if (!std::next_permutation(a.begin(), a.begin() + n)) return false;
  Sequence r = 0;
  for (int i = 0; i < n; ++i) r = seq_with(r, i, a[i]);
  q = r;
  return true;
}

bool is_canonical(ShapeKey shape, StrainClass klass, const std::array<Sequence, 4>& seq) {
  for (int a = first_free_slot(klass); a < 3; ++a)
    if (tied(shape, klass, a, a + 1) && seq[a] < seq[a + 1]) return false;
  return true;
}

}  // namespace ddtb::detail::tb
