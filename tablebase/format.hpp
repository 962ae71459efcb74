// The tablebase file format's shared pieces (tablebase/FORMAT.md): versions,
// the header, the chunk directory entry, file names, checksums and the
// little-endian byte helpers that the reader (layer_file.hpp) and the
// builder's writer (builder/layer_writer.hpp) both use. Internal.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tablebase/set.hpp"

namespace ddtb::detail::tb {

// Version 1: exact layers. Version 2 adds bound layers (header byte 18).
// Versions 3 (exact) and 4 (bound) store each partition's byte length after
// its set count in a chunk, so that a reader finds a partition's sets
// without walking every set before them. The sets' own encoding is the same
// in all four: format_version_for names it (what work units record), and
// file_version_for the version a table file is written with.
inline constexpr std::uint32_t kFormatVersion = 1;
inline constexpr std::uint32_t kBoundFormatVersion = 2;
inline constexpr std::uint32_t kLengthsFormatVersion = 3;
inline constexpr std::uint32_t kLengthsBoundFormatVersion = 4;
constexpr std::uint32_t format_version_for(int bound) {
  return bound > 0 ? kBoundFormatVersion : kFormatVersion;
}
constexpr std::uint32_t file_version_for(int bound, bool partition_lengths = true) {
  return partition_lengths ? (bound > 0 ? kLengthsBoundFormatVersion : kLengthsFormatVersion)
                           : format_version_for(bound);
}
// Versions 5 (exact) and 6 (bound) are packed (FORMAT.md, "Packed
// layout"): a partition index and sets probed where the file is mapped,
// each partition keeping only the sets of values other than its default.
inline constexpr std::uint32_t kPackedFormatVersion = 5;
inline constexpr std::uint32_t kPackedBoundFormatVersion = 6;
constexpr bool is_packed_version(std::uint32_t v) {
  return v == kPackedFormatVersion || v == kPackedBoundFormatVersion;
}
constexpr std::uint32_t packed_version_for(int bound) {
  return bound > 0 ? kPackedBoundFormatVersion : kPackedFormatVersion;
}
constexpr bool is_bound_version(std::uint32_t v) {
  return v == kBoundFormatVersion || v == kLengthsBoundFormatVersion ||
         v == kPackedBoundFormatVersion;
}
constexpr bool has_partition_lengths(std::uint32_t v) {
  return v == kLengthsFormatVersion || v == kLengthsBoundFormatVersion;
}
inline constexpr std::uint32_t kBuilderVersion = 1;
inline constexpr std::size_t kHeaderBytes = 128;
inline constexpr std::size_t kChunkEntryBytes = 32;
// Partitions are stored in chunks of about this many raw bytes, each
// compressed on its own: bigger chunks compress better, smaller ones decode
// faster on a cache miss (tablebase/FORMAT.md, "Layout").
inline constexpr std::size_t kChunkTargetBytes = std::size_t{16} << 10;
// A packed file's data area is checked in blocks of this many bytes, each
// on its first use (its checksum in the block table); its partition index
// is made of lines of kIndexLineBytes, each giving where kLinePartitions
// partitions begin and end (one cache line per probe).
inline constexpr std::size_t kPackedBlockBytes = std::size_t{16} << 10;
inline constexpr std::size_t kIndexLineBytes = 64;
inline constexpr std::size_t kLinePartitions = 13;
// Zero bytes after a packed file's data area: the scan loads eight bytes at
// any position inside it.
inline constexpr std::size_t kPackedPadding = 8;

struct FileHeader {
  std::uint32_t version = kFormatVersion;
  int tricks = 0;
  StrainClass klass = StrainClass::kNoTrump;
  int bound = 0;  // 0: exact values; t: 1 = the leader's side takes >= t tricks
  std::uint32_t partitions = 0;
  std::uint32_t chunks = 0;
  std::uint64_t sets = 0;
  std::uint64_t shapes_checksum = 0;  // of the layer's canonical shape list
  std::uint64_t directory_offset = 0;
  std::uint64_t data_offset = 0;
  std::uint64_t data_bytes = 0;
  std::uint64_t directory_checksum = 0;
  std::uint32_t builder_version = kBuilderVersion;
  std::uint32_t build_params = 0;
  std::uint64_t lower_checksum = 0;
  std::uint64_t header_checksum = 0;
};

struct ChunkEntry {
  std::uint32_t first_partition = 0;
  std::uint32_t encoding = 0;  // 0 raw, 1 zstd
  std::uint64_t offset = 0;    // from the data offset
  std::uint32_t stored_bytes = 0;
  std::uint32_t raw_bytes = 0;
  std::uint64_t checksum = 0;
};

inline constexpr char kMagic[8] = {'D', 'D', 'T', 'B', 'T', 'B', 'L', '\0'};

// The file name of a layer: "ddtb-<cards>-nt.tbl" / "ddtb-<cards>-trump.tbl",
// and of a bound layer "ddtb-<cards>-nt-ge<t>.tbl" / "ddtb-<cards>-trump-ge<t>.tbl".
std::string layer_file_name(int tricks, StrainClass klass, int bound = 0);
// Whether `name` is the file name of a layer (1 to 13 tricks, bound 0 to
// tricks).
bool is_layer_file_name(const std::string& name);

// XXH3-64 of a layer's canonical shape list (header field shapes_checksum).
std::uint64_t shapes_checksum(const std::vector<ShapeKey>& shapes);

// XXH3-64 of any bytes (chunks, the directory, the header's first 120 bytes).
std::uint64_t checksum(std::span<const std::uint8_t> b);

// The 128 header bytes of `h`, its checksum (of the first 120) at the end.
std::vector<std::uint8_t> header_bytes(const FileHeader& h);

// Little-endian writer into a growing buffer.
struct ByteWriter {
  std::vector<std::uint8_t>& out;
  void u8(std::uint64_t v) { out.push_back(static_cast<std::uint8_t>(v)); }
  void u16(std::uint64_t v) {
    for (int i = 0; i < 2; ++i) u8(v >> (8 * i));
  }
  void u32(std::uint64_t v) {
    for (int i = 0; i < 4; ++i) u8(v >> (8 * i));
  }
  void u64(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) u8(v >> (8 * i));
  }
};

// Bounds-checked little-endian reader: a read past the end sets `ok` false
// and returns 0, so parsing code checks `ok` once per record.
struct ByteReader {
  std::span<const std::uint8_t> b;
  std::size_t pos = 0;
  bool ok = true;
  std::uint64_t get(int n) {
    if (!ok || b.size() - pos < static_cast<std::size_t>(n)) {
      ok = false;
      return 0;
    }
    std::uint64_t v = 0;
    for (int i = 0; i < n; ++i) v |= std::uint64_t(b[pos + i]) << (8 * i);
    pos += n;
    return v;
  }
  std::uint8_t u8() { return static_cast<std::uint8_t>(get(1)); }
  std::uint16_t u16() { return static_cast<std::uint16_t>(get(2)); }
  std::uint32_t u32() { return static_cast<std::uint32_t>(get(4)); }
  std::uint64_t u64() { return get(8); }
};

}  // namespace ddtb::detail::tb
