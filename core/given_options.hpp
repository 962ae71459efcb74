// Reading an options struct of the public API (SolverOptions,
// TablebaseOptions) that a caller may have built against an older, shorter
// declaration of it (docs/USAGE.md, "ABI"). Internal.
//
// Such a struct begins with `std::uint32_t struct_size`, which the caller's
// header sets to the size it declares, and grows only by fields appended at
// its end. The library reads a field only where the caller's struct holds it,
// and never copies the caller's struct whole (a copy reads the library's
// size of it). Each layout ends where its last field ends (ends_at_field):
// a field appended later then lies wholly past the end of every older
// layout, never in padding an older struct_size covers.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace ddtb::detail {

// Whether a struct of `size` bytes has no padding after its last field,
// which lies at `last_offset` and has `last_size` bytes.
constexpr bool ends_at_field(std::size_t size, std::size_t last_offset, std::size_t last_size) {
  return last_offset + last_size == size;
}

class GivenOptions {
 public:
  template <class Options>
  explicit GivenOptions(const Options& given)
      : base_(reinterpret_cast<const unsigned char*>(&given)),
        size_(std::min<std::size_t>(given.struct_size, sizeof(Options))) {}

  // The struct_size of the library's copy: the caller's, at most the
  // library's own, so that the copy reads as the caller's struct again.
  std::uint32_t size() const { return static_cast<std::uint32_t>(size_); }

  // Copies `field`, a field of the given struct, into `into` when the
  // caller's struct holds it; otherwise `into` keeps its value (the default).
  template <class T>
  void read(const T& field, T& into) const {
    const auto offset =
        static_cast<std::size_t>(reinterpret_cast<const unsigned char*>(&field) - base_);
    if (offset + sizeof(T) <= size_) into = field;
  }

 private:
  const unsigned char* base_;
  std::size_t size_;
};

}  // namespace ddtb::detail
