#include "tablebase/shape_index.hpp"

#include "tablebase/format.hpp"

namespace ddtb::detail::tb {

ShapeIndex::ShapeIndex(int tricks, StrainClass klass)
    : shapes_(enumerate_shapes(tricks, klass)), checksum_(shapes_checksum(shapes_)) {
  std::size_t size = 16;
  int bits = 4;
  while (size * 4 < shapes_.size() * 5) {
    size *= 2;
    ++bits;
  }
  slots_.assign(size, Slot{});
  shift_ = 64 - bits;
  // The slots are written in random order: asking for the line of a shape
  // a few places ahead overlaps their cache misses.
  constexpr std::size_t kAhead = 16;
  for (std::size_t p = 0; p < shapes_.size(); ++p) {
    if (p + kAhead < shapes_.size())
      __builtin_prefetch(&slots_[(shapes_[p + kAhead] * 0x9e3779b97f4a7c15ull) >> shift_], 1);
    std::size_t i = (shapes_[p] * 0x9e3779b97f4a7c15ull) >> shift_;
    while (slots_[i].shape != 0) i = (i + 1) & (size - 1);
    slots_[i] = {shapes_[p], static_cast<std::uint32_t>(p)};
  }
}

std::shared_ptr<const ShapeIndex> ShapeCatalog::get(int tricks, StrainClass klass) {
  std::shared_ptr<const ShapeIndex>& slot = made_[tricks * 2 + static_cast<int>(klass)];
  if (!slot) slot = std::make_shared<const ShapeIndex>(tricks, klass);
  return slot;
}

}  // namespace ddtb::detail::tb
