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

// A table file's format version names one combination of three independent
// features (FORMAT.md, "Format versions"):
//   - the layout: chunks of sets, each stored raw or compressed (versions 1
//     to 4), or packed, a partition index over sets probed in place (5, 6);
//   - the values: exact tricks, or a bound layer's "at least t" (2, 4, 6);
//   - partition lengths: in a chunked file, each partition's byte length
//     after its set count (3, 4), so that a reader finds a partition's sets
//     without walking every set before them.
// Code asks for a feature, never for a version number; features_of and
// version_of are the one table between them.
enum class Layout : std::uint8_t { kChunked, kPacked };

struct FormatFeatures {
  Layout layout = Layout::kChunked;
  bool bound = false;
  bool partition_lengths = false;  // chunked files only
  friend bool operator==(const FormatFeatures&, const FormatFeatures&) = default;
};

inline constexpr std::uint32_t kOldestFormatVersion = 1;
inline constexpr std::uint32_t kNewestFormatVersion = 6;

// The features of format `version`; false when no version of that number
// exists.
constexpr bool features_of(std::uint32_t version, FormatFeatures& out) {
  switch (version) {
    case 1:
      out = {Layout::kChunked, false, false};
      return true;
    case 2:
      out = {Layout::kChunked, true, false};
      return true;
    case 3:
      out = {Layout::kChunked, false, true};
      return true;
    case 4:
      out = {Layout::kChunked, true, true};
      return true;
    case 5:
      out = {Layout::kPacked, false, false};
      return true;
    case 6:
      out = {Layout::kPacked, true, false};
      return true;
    default:
      return false;
  }
}

// The format version that has `f` (a packed file has no partition lengths:
// its index gives where each partition ends).
constexpr std::uint32_t version_of(FormatFeatures f) {
  if (f.layout == Layout::kPacked) return f.bound ? 6 : 5;
  return (f.partition_lengths ? 3 : 1) + (f.bound ? 1 : 0);
}

// The features a layer is written with: chunked files carry their
// partitions' lengths (a reader still reads files without them).
constexpr FormatFeatures features_for(Layout layout, int bound, bool partition_lengths = true) {
  return {layout, bound > 0, layout == Layout::kChunked && partition_lengths};
}

// The version naming the sets' own encoding, the same in every chunked
// version and in work units (which record it): that of a chunked file
// without partition lengths, exact (1) or bound (2).
constexpr std::uint32_t sets_version_for(int bound) {
  return version_of({Layout::kChunked, bound > 0, false});
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
  // The file's format version (header offset 8) decoded: its layout,
  // whether it is a bound layer, whether its chunks give lengths.
  FormatFeatures format;
  std::uint32_t version() const { return version_of(format); }
  int tricks = 0;
  StrainClass klass = StrainClass::kNoTrump;
  int bound = 0;  // 0: exact values; t: 1 = the leader's side takes >= t tricks
  std::uint32_t partitions = 0;
  // The directory's entries (header offset 24): a chunked file's chunks, a
  // packed file's checked blocks.
  std::uint32_t directory_entries = 0;
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
