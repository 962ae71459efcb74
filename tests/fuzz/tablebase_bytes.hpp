// The byte layout of a tablebase layer file as builder/layer_writer.cpp writes
// it (header fields, chunk directory entries), for the tablebase fuzz target
// and its seed writer: recomputing the checksums of a mutated file, so that
// mutations reach the checks behind them, and re-encoding a file's chunks
// uncompressed, so that mutations of set bytes stay set bytes.
//
// Written from that writer; if the layout changes there, the fuzz
// target still runs (the parser decides), it only reaches less deep.
#pragma once

#include <xxhash.h>
#include <zstd.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ddtb::fuzz::tb_bytes {

inline constexpr std::size_t kHeaderBytes = 128;
inline constexpr std::size_t kVersion = 8;             // u32
inline constexpr std::size_t kTricks = 16;             // u8
inline constexpr std::size_t kChunks = 24;             // u32
inline constexpr std::size_t kDirectoryOffset = 48;    // u64
inline constexpr std::size_t kDataOffset = 56;         // u64
inline constexpr std::size_t kDataBytes = 64;          // u64
inline constexpr std::size_t kDirectoryChecksum = 72;  // u64
inline constexpr std::size_t kHeaderChecksum = 120;    // u64 of bytes [0, 120)
inline constexpr std::size_t kEntryBytes = 32;
// Within a directory entry.
inline constexpr std::size_t kEntryEncoding = 4;   // u32: 0 raw, 1 zstd
inline constexpr std::size_t kEntryOffset = 8;     // u64, from the data offset
inline constexpr std::size_t kEntryStored = 16;    // u32
inline constexpr std::size_t kEntryRaw = 20;       // u32
inline constexpr std::size_t kEntryChecksum = 24;  // u64 of the stored bytes

inline std::uint64_t get(const std::vector<std::uint8_t>& f, std::size_t at, int n) {
  std::uint64_t v = 0;
  for (int i = 0; i < n; ++i) v |= std::uint64_t(f[at + i]) << (8 * i);
  return v;
}

inline void put(std::vector<std::uint8_t>& f, std::size_t at, int n, std::uint64_t v) {
  for (int i = 0; i < n; ++i) f[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
}

inline std::uint64_t hash(const std::vector<std::uint8_t>& f, std::size_t at, std::size_t n) {
  return XXH3_64bits(f.data() + at, n);
}

// True when [at, at + n) lies inside f (without overflow).
inline bool fits(const std::vector<std::uint8_t>& f, std::uint64_t at, std::uint64_t n) {
  return at <= f.size() && n <= f.size() - at;
}

// A packed file (versions 5 and 6): a block table of one checksum per
// kBlockBytes of the data area.
inline constexpr std::size_t kBlockBytes = std::size_t{16} << 10;

// Recomputes every checksum that can be located: each chunk's (where its
// stored bytes lie in the file) or a packed file's blocks', the
// directory's, the header's.
inline void repair_checksums(std::vector<std::uint8_t>& f) {
  if (f.size() < kHeaderBytes) return;
  const std::uint64_t dir = get(f, kDirectoryOffset, 8);
  const std::uint64_t data = get(f, kDataOffset, 8);
  const std::uint64_t chunks = get(f, kChunks, 4);
  const std::uint64_t version = get(f, kVersion, 4);
  if (version == 5 || version == 6) {
    const std::uint64_t bytes = get(f, kDataBytes, 8);
    if (chunks <= f.size() / 8 && fits(f, dir, chunks * 8) && fits(f, data, bytes)) {
      for (std::uint64_t b = 0; b < chunks && b * kBlockBytes < bytes; ++b) {
        const std::uint64_t n =
            bytes - b * kBlockBytes < kBlockBytes ? bytes - b * kBlockBytes : kBlockBytes;
        put(f, dir + 8 * b, 8, hash(f, data + b * kBlockBytes, n));
      }
      put(f, kDirectoryChecksum, 8, hash(f, dir, chunks * 8));
    }
    put(f, kHeaderChecksum, 8, hash(f, 0, kHeaderChecksum));
    return;
  }
  if (chunks <= f.size() / kEntryBytes && fits(f, dir, chunks * kEntryBytes)) {
    for (std::uint64_t c = 0; c < chunks; ++c) {
      const std::size_t e = dir + c * kEntryBytes;
      const std::uint64_t at = data + get(f, e + kEntryOffset, 8);
      const std::uint64_t stored = get(f, e + kEntryStored, 4);
      if (data <= f.size() && fits(f, at, stored))
        put(f, e + kEntryChecksum, 8, hash(f, at, stored));
    }
    put(f, kDirectoryChecksum, 8, hash(f, dir, chunks * kEntryBytes));
  }
  put(f, kHeaderChecksum, 8, hash(f, 0, kHeaderChecksum));
}

// The same file with every zstd chunk stored decompressed (encoding 0), the
// data area rebuilt and the checksums recomputed; empty when `f` is not a
// well-formed file.
inline std::vector<std::uint8_t> with_raw_chunks(const std::vector<std::uint8_t>& f) {
  if (f.size() < kHeaderBytes) return {};
  const std::uint64_t dir = get(f, kDirectoryOffset, 8);
  const std::uint64_t data = get(f, kDataOffset, 8);
  const std::uint64_t chunks = get(f, kChunks, 4);
  if (!fits(f, dir, chunks * kEntryBytes) || data > f.size()) return {};
  std::vector<std::uint8_t> out(f.begin(), f.begin() + static_cast<std::ptrdiff_t>(data));
  for (std::uint64_t c = 0; c < chunks; ++c) {
    const std::size_t e = dir + c * kEntryBytes;
    const std::uint64_t at = data + get(f, e + kEntryOffset, 8);
    const std::uint64_t stored = get(f, e + kEntryStored, 4);
    const std::uint64_t raw = get(f, e + kEntryRaw, 4);
    if (!fits(f, at, stored)) return {};
    std::vector<std::uint8_t> bytes(raw);
    if (get(f, e + kEntryEncoding, 4) == 1) {
      if (ZSTD_decompress(bytes.data(), raw, f.data() + at, stored) != raw) return {};
    } else {
      bytes.assign(f.begin() + static_cast<std::ptrdiff_t>(at),
                   f.begin() + static_cast<std::ptrdiff_t>(at + stored));
    }
    put(out, e + kEntryEncoding, 4, 0);
    put(out, e + kEntryOffset, 8, out.size() - data);
    put(out, e + kEntryStored, 4, bytes.size());
    out.insert(out.end(), bytes.begin(), bytes.end());
  }
  put(out, kDataBytes, 8, out.size() - data);
  repair_checksums(out);
  return out;
}

}  // namespace ddtb::fuzz::tb_bytes
