#include "builder/successor_shapes.hpp"

#include <algorithm>
#include <functional>

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
      std::array<Column, 4> c{};
      for (int s = 0; s < 4; ++s) c[s] = rotate_column(col[s], w);
      const StrainClass k = klass == StrainClass::kTrump && column_total(c[0]) > 0
                                ? StrainClass::kTrump
                                : StrainClass::kNoTrump;
      // Interchangeable slots by decreasing column, as the canonical form.
      std::sort(c.begin() + first_free_slot(k), c.end(), std::greater<>());
      ShapeKey key = 0;
      for (int s = 0; s < 4; ++s) key |= ShapeKey(c[s]) << (48 - 16 * s);
      const auto& list = mask.shapes[static_cast<int>(k)];
      const auto it = std::lower_bound(list.begin(), list.end(), key);
      if (it != list.end() && *it == key) mask.keep[static_cast<int>(k)][it - list.begin()] = 1;
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
