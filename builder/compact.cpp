#include "builder/compact.hpp"

#include <algorithm>

namespace ddtb::detail::tb {

std::size_t SetCompactor::KeyHash::operator()(const Key& k) const {
  std::uint64_t h = k[4] * 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 4; ++i) {
    h = (h ^ k[i]) * 0xbf58476d1ce4e5b9ull;
    h ^= h >> 31;
  }
  h *= 0x94d049bb133111ebull;
  return static_cast<std::size_t>(h ^ (h >> 29));
}

void SetCompactor::run(std::vector<TbSet>& sets) {
  if (sets.size() < 2) return;
  // Only positions some set constrains can differ between sets.
  std::array<int, 4> depth{};
  for (const TbSet& t : sets)
    for (int s = 0; s < 4; ++s) depth[s] = std::max(depth[s], t.specified(s));
  // The card positions in turn, round and round, until a whole round of
  // them in a row merges nothing: a position's pass changes nothing when no
  // merge happened since its last pass.
  std::vector<std::pair<int, int>> positions;
  for (int s = 0; s < 4; ++s)
    for (int p = 0; p < depth[s]; ++p) positions.emplace_back(s, p);
  std::size_t quiet = 0;
  for (std::size_t next = 0; quiet < positions.size() && sets.size() > 1;
       next = (next + 1) % positions.size()) {
    const auto [s, p] = positions[next];
    // Merging changes only position (s, p) of the earliest set, which the
    // keys leave out: every key of the pass is the set's key before it.
    const std::uint64_t pos = nibble_mask(p);
    lead_.clear();
    kept_.clear();
    for (const TbSet& t : sets) {
      Key key{t.allow[0], t.allow[1], t.allow[2], t.allow[3], t.value};
      key[s] &= ~pos;
      const auto [lead, fresh] = lead_.try_emplace(key, static_cast<std::uint32_t>(kept_.size()));
      if (fresh)
        kept_.push_back(t);
      else
        kept_[*lead].allow[s] |= t.allow[s] & pos;
    }
    if (kept_.size() == sets.size()) {
      ++quiet;
    } else {
      quiet = 1;  // this position just merged: a pass here now would not
      sets.swap(kept_);
    }
  }
}

}  // namespace ddtb::detail::tb
