#include "tablebase/set_codec.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

namespace ddtb::detail::tb {

void put_varint(std::vector<std::uint8_t>& out, std::uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<std::uint8_t>(v | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<std::uint8_t>(v));
}

bool get_varint(std::span<const std::uint8_t> b, std::size_t& pos, std::uint64_t& v) {
  v = 0;
  for (int shift = 0; shift < 35; shift += 7) {
    if (pos >= b.size()) return false;
    const std::uint8_t byte = b[pos++];
    v |= std::uint64_t(byte & 0x7f) << shift;
    if (!(byte & 0x80)) return true;
  }
  return false;
}

void encode_sets(std::span<const TbSet> sets, std::vector<std::uint8_t>& out) {
  for (const TbSet& t : sets) {
    std::array<int, 4> depth{};
    for (int s = 0; s < 4; ++s) depth[s] = t.specified(s);
    out.push_back(t.value);
    out.push_back(static_cast<std::uint8_t>(depth[0] | depth[1] << 4));
    out.push_back(static_cast<std::uint8_t>(depth[2] | depth[3] << 4));
    int half = -1;  // index of a byte whose high nibble is still free
    for (int s = 0; s < 4; ++s) {
      for (int p = 0; p < depth[s]; ++p) {
        const auto n = static_cast<std::uint8_t>(nibble(t.allow[s], p));
        if (half >= 0) {
          out[half] |= static_cast<std::uint8_t>(n << 4);
          half = -1;
        } else {
          half = static_cast<int>(out.size());
          out.push_back(n);
        }
      }
    }
  }
}

Expected<std::size_t> validate_sets(std::span<const std::uint8_t> raw, std::size_t pos,
                                    ShapeKey shape, std::uint64_t count, int max_value) {
  if (count > (raw.size() - pos) / 3) return Error{ErrorCode::kCorruptData, "set count too large"};
  std::array<int, 4> length{};
  for (int s = 0; s < 4; ++s) length[s] = column_total(slot_column(shape, s));
  const int tricks = max_value >= 0 ? max_value : shape_tricks(shape);
  for (std::uint64_t k = 0; k < count; ++k) {
    if (raw.size() - pos < 3) return Error{ErrorCode::kCorruptData, "chunk ends inside a set"};
    if (raw[pos] > tricks)
      return Error{ErrorCode::kCorruptData,
                   max_value == 1 ? "bound value above 1" : "value above the tricks left"};
    const std::array<int, 4> depth{raw[pos + 1] & 15, raw[pos + 1] >> 4, raw[pos + 2] & 15,
                                   raw[pos + 2] >> 4};
    pos += 3;
    int nibbles = 0;
    for (int s = 0; s < 4; ++s) {
      if (depth[s] > length[s])
        return Error{ErrorCode::kCorruptData, "constrained depth beyond the suit's length"};
      nibbles += depth[s];
    }
    const std::size_t bytes = static_cast<std::size_t>(nibbles + 1) / 2;
    if (raw.size() - pos < bytes) return Error{ErrorCode::kCorruptData, "chunk ends inside a set"};
    // No nibble may be 0 (a card no seat may hold): OR-fold each nibble's
    // bits into its lowest and compare, eight bytes (16 nibbles) at a time.
    for (int i = 0; i < nibbles; i += 16) {
      std::uint64_t w = 0;
      const int n = std::min(16, nibbles - i);
      for (int b = 0; b < (n + 1) / 2; ++b) w |= std::uint64_t(raw[pos + i / 2 + b]) << (8 * b);
      const std::uint64_t low = 0x1111111111111111ull >> (64 - 4 * n);
      if (((w | w >> 1 | w >> 2 | w >> 3) & low) != low)
        return Error{ErrorCode::kCorruptData, "a card no seat may hold"};
    }
    if ((nibbles & 1) && (raw[pos + bytes - 1] >> 4) != 0)
      return Error{ErrorCode::kCorruptData, "padding nibble not zero"};
    pos += bytes;
  }
  return pos;
}

Expected<std::size_t> walk_sets(std::span<const std::uint8_t> raw, std::size_t pos,
                                std::uint64_t count) {
  if (count > (raw.size() - pos) / 3) return Error{ErrorCode::kCorruptData, "set count too large"};
  for (std::uint64_t k = 0; k < count; ++k) {
    if (raw.size() - pos < 3) return Error{ErrorCode::kCorruptData, "chunk ends inside a set"};
    const unsigned a = raw[pos + 1], b = raw[pos + 2];
    pos += 3 + ((a & 15) + (a >> 4) + (b & 15) + (b >> 4) + 1) / 2;
    if (pos > raw.size()) return Error{ErrorCode::kCorruptData, "chunk ends inside a set"};
  }
  return pos;
}

const std::uint8_t* decode_set(const std::uint8_t* p, TbSet& t) {
  t = TbSet{};
  t.value = p[0];
  const std::array<int, 4> depth{p[1] & 15, p[1] >> 4, p[2] & 15, p[2] >> 4};
  p += 3;
  int i = 0;
  for (int s = 0; s < 4; ++s) {
    for (int q = 0; q < depth[s]; ++q, ++i) {
      const int n = (i & 1) ? p[i / 2] >> 4 : p[i / 2] & 15;
      t.allow[s] &= ~nibble_mask(q);
      t.allow[s] |= std::uint64_t(n) << (4 * q);
    }
  }
  return p + (i + 1) / 2;
}

Expected<std::size_t> decode_sets(std::span<const std::uint8_t> raw, std::size_t pos,
                                  ShapeKey shape, std::uint32_t count, std::vector<TbSet>& out,
                                  int bound) {
  auto end = validate_sets(raw, pos, shape, count, bound > 0 ? 1 : -1);
  if (!end) return end.error();
  const std::uint8_t* p = raw.data() + pos;
  for (std::uint32_t k = 0; k < count; ++k) p = decode_set(p, out.emplace_back());
  return *end;
}

Scan find_set(const std::uint8_t* begin, const std::uint8_t* end, const Nibbles& state, int tricks,
              TbSet& out) {
  // A set holds the state when, in every slot, the state's owner of each
  // constrained card is among the seats its nibble allows. A slot's nibbles
  // follow the previous slot's; eight bytes loaded at the first one hold them
  // all (at most 15 nibbles, shifted by at most one; the chunk's padding
  // keeps the load inside). The chunk was only walked when loaded, so what
  // the answer relies on is checked here: the set lies inside the partition
  // and its value is at most the tricks left. (A depth past a suit's length
  // or a nibble of 0 cannot make a wrong answer: the extra positions are 0 in
  // every state, and an empty nibble matches nothing.)
  // The partition's lines are likely out of the processor's caches: ask for
  // them all at once, so that their latencies overlap.
  for (const std::uint8_t* p = begin; p < end && p < begin + 1024; p += 64) __builtin_prefetch(p);
  for (const std::uint8_t* p = begin; p < end;) {
    if (end - p < 3) return Scan::kCorrupt;
    const unsigned d01 = p[1], d23 = p[2];
    const std::array<unsigned, 4> depth{d01 & 15, d01 >> 4, d23 & 15, d23 >> 4};
    const std::uint8_t* nib = p + 3;
    const std::uint8_t* next = nib + (depth[0] + depth[1] + depth[2] + depth[3] + 1) / 2;
    if (next > end) return Scan::kCorrupt;
    unsigned i = 0;
    bool in = true;
    for (int s = 0; s < 4 && in; ++s) {
      const unsigned d = depth[s];
      if (!d) continue;
      const std::uint64_t w = load64(nib + i / 2) >> (4 * (i & 1));
      const std::uint64_t m = ~std::uint64_t{0} >> (64 - 4 * d);
      in = (state[s] & m & ~w) == 0;
      i += d;
    }
    if (in) {
      if (p[0] > tricks) return Scan::kCorrupt;
      decode_set(p, out);
      return Scan::kFound;
    }
    p = next;
  }
  return Scan::kAbsent;
}

}  // namespace ddtb::detail::tb
