// A layer's partitions by shape: the canonical shapes of one card count and
// class (enumerate_shapes) and a hash index from shape to partition number.
// Every file of that card count and class (the exact layer and its bound
// layers) has the same partitions, so they share one. Internal.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "tablebase/canonical.hpp"

namespace ddtb::detail::tb {

class ShapeIndex {
 public:
  ShapeIndex(int tricks, StrainClass klass);

  // In increasing key order: partition p has shape shapes()[p].
  const std::vector<ShapeKey>& shapes() const { return shapes_; }
  // shapes_checksum(shapes()), what a file's header must hold.
  std::uint64_t checksum() const { return checksum_; }
  // The partition of `shape`, or -1: one probe of the hash index.
  int find(ShapeKey shape) const {
    for (std::size_t i = (shape * 0x9e3779b97f4a7c15ull) >> shift_;;
         i = (i + 1) & (slots_.size() - 1)) {
      const Slot& s = slots_[i];
      if (s.shape == shape) return static_cast<int>(s.partition);
      if (s.shape == 0) return -1;
    }
  }

 private:
  // Open addressing, linear probing, at most 4/5 full (a found shape is
  // within about three slots of its hash, one or two cache lines; the 20-card
  // trump index takes 32 MiB); shape 0 (no cards) marks an empty slot.
  struct Slot {
    ShapeKey shape = 0;
    std::uint32_t partition = 0;
  };
  std::vector<ShapeKey> shapes_;
  std::uint64_t checksum_ = 0;
  std::vector<Slot> slots_;
  int shift_ = 64;
};

// The ShapeIndexes of the files opened together (Tablebase::open): each made
// on first request and shared after. One thread at a time.
class ShapeCatalog {
 public:
  std::shared_ptr<const ShapeIndex> get(int tricks, StrainClass klass);

 private:
  std::array<std::shared_ptr<const ShapeIndex>, 2 * 14> made_;
};

}  // namespace ddtb::detail::tb
