// The encoding of a partition's sets (tablebase/FORMAT.md): writing them,
// validating and decoding them, and finding the set that holds a state in
// place, as the probe does. Internal.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "ddtb/expected.hpp"
#include "tablebase/set.hpp"

namespace ddtb::detail::tb {

// The encoding of a partition's sets (FORMAT.md), appended to `out`, and
// back: decode_sets reads `count` sets at `pos`, checking every field against
// the partition's shape (values: at most the tricks left, or 1 in a layer
// with a bound).
void encode_sets(std::span<const TbSet> sets, std::vector<std::uint8_t>& out);
Expected<std::size_t> decode_sets(std::span<const std::uint8_t> raw, std::size_t pos,
                                  ShapeKey shape, std::uint32_t count, std::vector<TbSet>& out,
                                  int bound = 0);

// The set encoded at p (validated), and the position after it.
const std::uint8_t* decode_set(const std::uint8_t* p, TbSet& t);

// Checks the `count` encoded sets at `pos` of a partition against its shape
// (values at most `max_value`, or the tricks left when it is negative);
// returns the position after the last.
Expected<std::size_t> validate_sets(std::span<const std::uint8_t> raw, std::size_t pos,
                                    ShapeKey shape, std::uint64_t count, int max_value);

// Where the `count` encoded sets at pos end, checking only that they lie
// inside `raw`: what a probe's scan needs to stay in bounds (it checks the
// rest of what it reads itself, see find_set).
Expected<std::size_t> walk_sets(std::span<const std::uint8_t> raw, std::size_t pos,
                                std::uint64_t count);

// The first set among the encoded sets [begin, end) of one partition (of a
// RawChunk, `tricks` tricks left) that contains `state`, decoded into `out`.
// kCorrupt when what it read is malformed.
enum class Scan { kFound, kAbsent, kCorrupt };
Scan find_set(const std::uint8_t* begin, const std::uint8_t* end, const Nibbles& state, int tricks,
              TbSet& out);

// Eight bytes from p, little-endian (p may be unaligned): how the scans
// read masks where the file is mapped (the padding after a chunk or a
// packed file's data keeps the load inside).
inline std::uint64_t load64(const std::uint8_t* p) {
  if constexpr (std::endian::native == std::endian::little) {
    std::uint64_t v;
    std::memcpy(&v, p, sizeof v);
    return v;
  } else {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= std::uint64_t(p[i]) << (8 * i);
    return v;
  }
}

// LEB128 varints (a partition's set count).
void put_varint(std::vector<std::uint8_t>& out, std::uint64_t v);
bool get_varint(std::span<const std::uint8_t> b, std::size_t& pos, std::uint64_t& v);

}  // namespace ddtb::detail::tb
