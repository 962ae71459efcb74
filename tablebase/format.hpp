// Reading and writing tablebase files (tablebase/FORMAT.md). Internal.
//
// Readers never trust the bytes: every field is range-checked through a
// bounds-checked reader and every failure is an Error naming the file and the
// check, never undefined behaviour. The byte source is injectable (a mapped
// file or any buffer), which is what the fuzz targets use.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "ddtb/expected.hpp"
#include "tablebase/layer.hpp"

namespace ddtb::detail::tb {

// Version 1: exact layers. Version 2 adds bound layers (header byte 18);
// exact layers are still written as version 1, so readers of version 1 read
// them and refuse only what they cannot understand.
inline constexpr std::uint32_t kFormatVersion = 1;
inline constexpr std::uint32_t kBoundFormatVersion = 2;
constexpr std::uint32_t format_version_for(int bound) {
  return bound > 0 ? kBoundFormatVersion : kFormatVersion;
}
inline constexpr std::uint32_t kBuilderVersion = 1;
inline constexpr std::size_t kHeaderBytes = 128;
inline constexpr std::size_t kChunkEntryBytes = 32;
// Partitions are stored in chunks of about this many raw bytes, each
// compressed on its own: bigger chunks compress better (12-card trump sets:
// 1.13 bytes per set at 4 KiB, 0.79 at 64 KiB), smaller ones decode faster
// on a cache miss.
inline constexpr std::size_t kChunkTargetBytes = std::size_t{16} << 10;

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

// A chunk as the probe holds it: its decompressed bytes, validated once, and
// where each partition's encoded sets lie: partition first + i in
// bytes[ranges[i].begin, ranges[i].end) (its set count excluded). Sets are
// scanned in place (find_set), which keeps a cached chunk as small as the
// file's encoding. `bytes` ends with kScanPadding zero bytes so that a scan
// may load eight bytes at any position inside.
inline constexpr std::size_t kScanPadding = 8;
struct RawChunk {
  struct Range {
    std::uint32_t begin = 0, end = 0;
  };
  std::uint32_t first = 0;
  std::vector<Range> ranges;
  std::vector<std::uint8_t> bytes;
  std::size_t memory() const {
    return bytes.capacity() + ranges.capacity() * sizeof(Range) + sizeof(RawChunk);
  }
};

// A decoded chunk (the builder and the tests): partition first + i holds
// sets[starts[i] .. starts[i + 1]).
struct Chunk {
  std::uint32_t first = 0;
  std::vector<std::uint32_t> starts;
  std::vector<TbSet> sets;
};

// The first set among the encoded sets [begin, end) of one partition (of a
// RawChunk, `tricks` tricks left) that contains `state`, decoded into `out`.
// kCorrupt when what it read is malformed.
enum class Scan { kFound, kAbsent, kCorrupt };
Scan find_set(const std::uint8_t* begin, const std::uint8_t* end, const Nibbles& state,
              int tricks, TbSet& out);

// The file name of a layer: "ddtb-<cards>-nt.tbl" / "ddtb-<cards>-trump.tbl",
// and of a bound layer "ddtb-<cards>-nt-ge<t>.tbl" / "ddtb-<cards>-trump-ge<t>.tbl".
std::string layer_file_name(int tricks, StrainClass klass, int bound = 0);

// The encoding of a partition's sets (FORMAT.md), appended to `out`, and
// back: decode_sets reads `count` sets at `pos`, checking every field against
// the partition's shape (values: at most the tricks left, or 1 in a layer
// with a bound).
void encode_sets(const std::vector<TbSet>& sets, std::vector<std::uint8_t>& out);
Expected<std::size_t> decode_sets(std::span<const std::uint8_t> raw, std::size_t pos,
                                  ShapeKey shape, std::uint32_t count, std::vector<TbSet>& out,
                                  int bound = 0);

// XXH3-64 of a layer's canonical shape list (header field shapes_checksum).
std::uint64_t shapes_checksum(const std::vector<ShapeKey>& shapes);

struct WriteOptions {
  int zstd_level = 19;
  std::uint32_t build_params = 0;
  std::uint64_t lower_checksum = 0;
  // Threads compressing chunks (LayerWriter, write_layer). Each chunk is
  // compressed alone, so the bytes written do not depend on it.
  int threads = 1;
};

// Writes a complete layer to `path` atomically (a temporary file in the same
// directory, fsync'ed, then renamed over `path`). Returns the header checksum.
Expected<std::uint64_t> write_layer(const std::string& path, const Layer& layer,
                                    const WriteOptions& options);

// write_layer one partition at a time, for layers too large to hold decoded
// (merging work units: a 24-card layer is hundreds of GiB as TbSets). The
// file is byte for byte write_layer's; write_layer is this writer. The
// compressed chunks go to `path`.data.tmp until finish() writes header,
// directory and data to `path`.tmp, fsyncs it, removes the data file and
// renames it over `path`. The temporaries are removed when the writer is
// destroyed unfinished. Chunks are compressed in batches on
// `options.threads` threads (zstd -19 is the slow part of a merge) and
// written in order.
class LayerWriter {
 public:
  LayerWriter(std::string path, int tricks, StrainClass klass, const WriteOptions& options,
              int bound = 0);
  ~LayerWriter();
  LayerWriter(const LayerWriter&) = delete;
  LayerWriter& operator=(const LayerWriter&) = delete;

  // The next partition (in shape order): its sets as encode_sets writes
  // them, and how many. Errors: no sets (kBadArgument), more partitions
  // than the layer has, the temporary file (kIo).
  Expected<void> add(std::span<const std::uint8_t> encoded, std::uint64_t sets);
  // After every partition: the file in place. Returns the header checksum.
  Expected<std::uint64_t> finish();

 private:
  Expected<void> flush_chunk(std::uint32_t next_first);
  Expected<void> write_pending();

  // A chunk waiting to be compressed and written.
  struct Pending {
    std::vector<std::uint8_t> raw, packed;
    std::uint32_t first = 0;
    std::size_t z = 0;  // ZSTD_compress's result
  };

  std::string path_;
  int tricks_;
  StrainClass klass_;
  int bound_;
  WriteOptions options_;
  std::vector<ShapeKey> shapes_;
  std::vector<std::uint8_t> directory_, raw_;
  std::vector<Pending> pending_;
  std::uint32_t added_ = 0, chunks_ = 0, chunk_first_ = 0;
  std::uint64_t sets_ = 0, data_bytes_ = 0;
  int data_fd_ = -1;
  bool done_ = false;
};

// A validated layer file over a byte source that outlives it.
class LayerFile {
 public:
  // Validates header and chunk directory (FORMAT.md "Validation"); `name` is
  // used in error messages.
  static Expected<std::unique_ptr<LayerFile>> parse(std::span<const std::uint8_t> bytes,
                                                    std::string name);
  // Maps `path` read-only and parses it; the mapping lives as long as the
  // returned object.
  static Expected<std::unique_ptr<LayerFile>> open(const std::string& path);
  ~LayerFile();
  LayerFile(const LayerFile&) = delete;
  LayerFile& operator=(const LayerFile&) = delete;

  const FileHeader& header() const { return header_; }
  const std::string& name() const { return name_; }
  const std::vector<ShapeKey>& shapes() const { return shapes_; }
  std::size_t chunks() const { return directory_.size(); }
  const ChunkEntry& chunk_entry(std::size_t c) const { return directory_[c]; }
  // Index of a shape in shapes(), or -1.
  int find(ShapeKey shape) const;
  // Where a shape's partition lies: its chunk and its index within the chunk.
  // One probe of a hash index built at parse time (the probe's path).
  struct Location {
    std::uint32_t chunk = 0, index = 0;
  };
  bool locate(ShapeKey shape, Location& out) const {
    for (std::size_t i = (shape * 0x9e3779b97f4a7c15ull) >> index_shift_;;
         i = (i + 1) & (index_.size() - 1)) {
      const IndexEntry& e = index_[i];
      if (e.shape == shape) {
        out = {e.chunk, e.index};
        return true;
      }
      if (e.shape == 0) return false;
    }
  }
  // The chunk holding partition `index`.
  std::size_t chunk_of(std::size_t index) const;
  // Chunk c, checksum verified, decompressed, and its partitions' set counts
  // and bounds walked (find_set checks the rest of what it reads); with
  // `full`, every field of every set is validated as well.
  Expected<RawChunk> load_raw_chunk(std::size_t c, bool full = false) const;
  // The same, fully validated and decoded into sets.
  Expected<Chunk> load_chunk(std::size_t c) const;

 private:
  LayerFile() = default;
  std::span<const std::uint8_t> bytes_;
  void* mapping_ = nullptr;
  std::size_t mapping_size_ = 0;
  std::string name_;
  FileHeader header_;
  std::vector<ShapeKey> shapes_;
  std::vector<ChunkEntry> directory_;
  // Open addressing, linear probing, at most 3/4 full; shape 0 (no cards)
  // marks an empty entry.
  struct IndexEntry {
    ShapeKey shape = 0;
    std::uint32_t chunk = 0, index = 0;
  };
  std::vector<IndexEntry> index_;
  int index_shift_ = 64;
  void build_index();
};

}  // namespace ddtb::detail::tb
