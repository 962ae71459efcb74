// Which set of a partition's walk holds a state (docs/DESIGN.md, "The walk and
// its open list"). Internal.
//
// The walk asks this for every state it pops: the most recently made set
// holding the state, or none. The sets are prefix sets (the owners of each
// slot's top cards fixed, the rest x), so a set holds a state exactly when
// the state's owners, cut to the set's fixed depths, equal the set's. The
// index keeps one hash entry per set under that cut key, and the depth
// vectors in use, most recently extended first: a lookup probes one key per
// depth vector and stops once no older depth vector can hold a later set.
// A linear scan of the sets instead costs the walk time quadratic in a
// partition's sets (20-card partitions have up to 25,000).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "builder/flat_table.hpp"
#include "tablebase/set.hpp"

namespace ddtb::detail::tb {

struct NibblesHash {
  std::size_t operator()(const Nibbles& n) const {
    std::uint64_t h = n[0] * 0x9e3779b97f4a7c15ull;
    h = (h ^ (h >> 32) ^ n[1]) * 0xbf58476d1ce4e5b9ull;
    h = (h ^ (h >> 32) ^ n[2]) * 0x94d049bb133111ebull;
    h = (h ^ (h >> 32) ^ n[3]) * 0x9e3779b97f4a7c15ull;
    return static_cast<std::size_t>(h ^ (h >> 29));
  }
};

// The owners of the top depth[s] positions of each slot of a state.
inline Nibbles cut_to(const Nibbles& state, const std::array<std::uint8_t, 4>& depth) {
  Nibbles key = state;
  for (int s = 0; s < 4; ++s)
    if (depth[s] < 16) key[s] &= ~(~std::uint64_t{0} << (4 * depth[s]));
  return key;
}

class CoverIndex {
 public:
  void clear() {
    keys_.clear();
    depths_.clear();
  }

  // Records prefix set `set` as the walk's set number `index` (increasing).
  void add(const TbSet& set, std::uint32_t index) {
    std::array<std::uint8_t, 4> depth{};
    for (int s = 0; s < 4; ++s) depth[s] = static_cast<std::uint8_t>(set.specified(s));
    keys_.insert(cut_to(set.allow, depth), index);
    auto it = std::find_if(depths_.begin(), depths_.end(),
                           [&](const Depth& d) { return d.depth == depth; });
    if (it == depths_.end()) {
      depths_.insert(depths_.begin(), Depth{depth, index});
    } else {
      it->latest = index;
      std::rotate(depths_.begin(), it, it + 1);
    }
  }

  // The number of the latest set holding the state, or -1.
  std::int64_t latest(const Nibbles& state) {
    std::int64_t best = -1;
    for (const Depth& d : depths_) {
      if (std::int64_t(d.latest) <= best) break;
      if (const std::uint32_t* i = keys_.find(cut_to(state, d.depth)))
        best = std::max<std::int64_t>(best, *i);
    }
    return best;
  }

 private:
  struct Depth {
    std::array<std::uint8_t, 4> depth;
    std::uint32_t latest;  // the latest set with these depths
  };
  FlatTable<Nibbles, std::uint32_t, NibblesHash> keys_;
  std::vector<Depth> depths_;  // latest first
};

}  // namespace ddtb::detail::tb
