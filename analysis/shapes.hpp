// The 560 shapes of a 13-card hand (suit lengths in the order spades,
// hearts, diamonds, clubs, summing to 13), numbered once, and sets of them
// as bitsets: what a constraint script's shape() tests and what the sampler
// deals shape first (deal_sampler.cpp).
#pragma once

#include <array>
#include <bitset>
#include <cstddef>
#include <cstdint>

namespace ddtb::detail {

inline constexpr int kNumShapes = 560;  // C(16, 3): 13 cards into 4 suits

using Shape = std::array<int, 4>;
using ShapeSet = std::bitset<kNumShapes>;

// Every shape, spades longest first, then hearts, diamonds: a fixed order.
inline const std::array<Shape, kNumShapes>& all_shapes() {
  static const std::array<Shape, kNumShapes> shapes = [] {
    std::array<Shape, kNumShapes> out{};
    std::size_t i = 0;
    for (int s = 13; s >= 0; --s)
      for (int h = 13 - s; h >= 0; --h)
        for (int d = 13 - s - h; d >= 0; --d) out[i++] = {s, h, d, 13 - s - h - d};
    return out;
  }();
  return shapes;
}

// The number all_shapes() gives a shape.
inline int shape_index(int spades, int hearts, int diamonds) {
  static const std::array<std::int16_t, 14 * 14 * 14> index = [] {
    std::array<std::int16_t, 14 * 14 * 14> out{};
    out.fill(-1);
    const auto& shapes = all_shapes();
    for (std::size_t i = 0; i < shapes.size(); ++i)
      out[static_cast<std::size_t>(196 * shapes[i][0] + 14 * shapes[i][1] + shapes[i][2])] =
          static_cast<std::int16_t>(i);
    return out;
  }();
  return index[static_cast<std::size_t>(196 * spades + 14 * hearts + diamonds)];
}

// The shapes whose suit lengths lie within [min, max] per suit.
inline ShapeSet shapes_within(const std::array<int, 4>& min, const std::array<int, 4>& max) {
  ShapeSet set;
  const auto& shapes = all_shapes();
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    bool in = true;
    for (int s = 0; s < 4; ++s) in = in && shapes[i][s] >= min[s] && shapes[i][s] <= max[s];
    set[i] = in;
  }
  return set;
}

}  // namespace ddtb::detail
