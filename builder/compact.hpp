// Compaction of a partition's sets (docs/DESIGN.md, "Compaction"). Internal.
//
// Two sets of equal value whose masks differ in one card position hold,
// together, exactly the states of one set: their masks with that position's
// seats or'ed. Compaction merges such sets until none can be merged. One
// pass per card position groups the sets by everything but that position
// (hashing, linear in the sets); each group merges into its earliest set,
// and the survivors keep their order, so the result depends only on the
// input.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "builder/flat_table.hpp"
#include "tablebase/set.hpp"

namespace ddtb::detail::tb {

class SetCompactor {
 public:
  void run(std::vector<TbSet>& sets);

 private:
  // A set's masks with one position cleared, and its value.
  using Key = std::array<std::uint64_t, 5>;
  struct KeyHash {
    std::size_t operator()(const Key& k) const;
  };
  FlatTable<Key, std::uint32_t, KeyHash> lead_;
  std::vector<TbSet> kept_;
};

// The same, with scratch space of its own.
inline void compact(std::vector<TbSet>& sets) {
  SetCompactor().run(sets);
}

}  // namespace ddtb::detail::tb
