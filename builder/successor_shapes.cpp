#include "builder/successor_shapes.hpp"

#include <algorithm>
#include <utility>

namespace ddtb::detail::tb {

namespace {

struct Walk {
  StrainClass klass;
  LowerMask& mask;
  std::array<Column, 4> col{};
  std::array<int, 4> played{};  // slot each seat played, in seat order

  void mark_after_trick() {
    const int led = played[0];
    int win_slot = led;
    if (klass == StrainClass::kTrump)
      for (int s : played)
        if (s == 0) win_slot = 0;
    for (int w = 0; w < 4; ++w) {
      if (played[w] != win_slot) continue;
      const ShapeAfterTrick next = shape_after_trick(klass, col, w);
      const int k = static_cast<int>(next.klass);
      const auto& list = mask.shapes[k];
      const auto it = std::lower_bound(list.begin(), list.end(), next.shape);
      if (it != list.end() && *it == next.shape) mask.keep[k][it - list.begin()] = 1;
    }
  }

  void play(int seat) {
    if (seat == 4) return mark_after_trick();
    const bool follows = seat > 0 && column_len(col[played[0]], seat) > 0;
    for (int s = 0; s < 4; ++s) {
      if (follows ? s != played[0] : column_len(col[s], seat) == 0) continue;
      col[s] -= seat_unit(seat);
      played[seat] = s;
      play(seat + 1);
      col[s] += seat_unit(seat);
    }
  }
};

}  // namespace

ShapeAfterTrick shape_after_trick(StrainClass klass, const std::array<Column, 4>& col, int w) {
  std::array<Column, 4> c{};
  for (int s = 0; s < 4; ++s) c[s] = rotate_column(col[s], w);
  ShapeAfterTrick next;
  next.klass = klass == StrainClass::kTrump && column_total(c[0]) > 0 ? StrainClass::kTrump
                                                                      : StrainClass::kNoTrump;
  next.order = {0, 1, 2, 3};
  const int from = first_free_slot(next.klass);
  for (int i = from + 1; i < 4; ++i)  // insertion sort, stable
    for (int j = i; j > from && c[next.order[j - 1]] < c[next.order[j]]; --j)
      std::swap(next.order[j - 1], next.order[j]);
  for (int i = 0; i < 4; ++i) next.shape |= ShapeKey(c[next.order[i]]) << (48 - 16 * i);
  return next;
}

LowerMask::LowerMask(int t) : tricks(t) {
  for (int kc = 0; kc < 2; ++kc) {
    shapes[kc] = enumerate_shapes(t, static_cast<StrainClass>(kc));
    keep[kc].assign(shapes[kc].size(), 0);
  }
}

std::size_t LowerMask::marked(StrainClass klass) const {
  const auto& k = keep[static_cast<int>(klass)];
  return static_cast<std::size_t>(std::count(k.begin(), k.end(), 1));
}

void LowerMask::clear() {
  for (auto& k : keep) std::fill(k.begin(), k.end(), 0);
}

void mark_successors(StrainClass klass, ShapeKey shape, LowerMask& mask) {
  Walk walk{klass, mask};
  for (int s = 0; s < 4; ++s) walk.col[s] = slot_column(shape, s);
  walk.play(0);
}

}  // namespace ddtb::detail::tb
