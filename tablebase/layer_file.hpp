// Reading a tablebase file (tablebase/FORMAT.md). Internal.
//
// Readers never trust the bytes: every field is range-checked through a
// bounds-checked reader and every failure is an Error naming the file and the
// check, never undefined behaviour. The byte source is injectable (a mapped
// file or any buffer), which is what the fuzz targets use.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "ddtb/expected.hpp"
#include "tablebase/format.hpp"
#include "tablebase/set_codec.hpp"
#include "tablebase/shape_index.hpp"

namespace ddtb::detail::tb {

// A chunk as the probe holds it: its raw bytes, validated once, and where
// each partition's encoded sets lie: partition first + i in
// data()[ranges[i].begin, ranges[i].end) (its set count excluded). Sets are
// scanned in place (find_set), which keeps a cached chunk as small as the
// file's encoding. A scan may load eight bytes at any position inside, so
// kScanPadding bytes follow the chunk: the zeros ending `bytes` (a
// compressed chunk, decompressed there), or the file's next bytes (a chunk
// stored raw, read where the file is mapped: no copy, and its pages are the
// operating system's cache, shared by every process probing the file).
inline constexpr std::size_t kScanPadding = 8;
struct RawChunk {
  struct Range {
    std::uint32_t begin = 0, end = 0;
  };
  std::uint32_t first = 0;
  std::vector<Range> ranges;
  std::vector<std::uint8_t> bytes;
  // The chunk in its file's mapping, or null (then in `bytes`). Valid while
  // the LayerFile that loaded it lives.
  const std::uint8_t* mapped = nullptr;
  const std::uint8_t* data() const { return mapped ? mapped : bytes.data(); }
  std::size_t memory() const {
    return bytes.capacity() + ranges.capacity() * sizeof(Range) + sizeof(RawChunk);
  }
};

// A decoded chunk (the builder and the tests): partition first + i holds
// sets[starts[i] .. starts[i + 1]). A packed file's chunks are its index
// lines, and its partitions' default values are in `defaults` (a state in
// none of a partition's sets has its default value); empty in the other
// formats, whose sets hold every state.
struct Chunk {
  std::uint32_t first = 0;
  std::vector<std::uint32_t> starts;
  std::vector<TbSet> sets;
  std::vector<std::int8_t> defaults;
};

// A validated layer file over a byte source that outlives it.
class LayerFile {
 public:
  // Validates header and chunk directory (FORMAT.md "Validation"); `name` is
  // used in error messages. Files opened together share their partitions'
  // index through `catalog` (none: the file makes its own).
  static Expected<std::unique_ptr<LayerFile>> parse(std::span<const std::uint8_t> bytes,
                                                    std::string name,
                                                    ShapeCatalog* catalog = nullptr);
  // Maps `path` read-only and parses it; the mapping lives as long as the
  // returned object.
  static Expected<std::unique_ptr<LayerFile>> open(const std::string& path,
                                                   ShapeCatalog* catalog = nullptr);
  ~LayerFile();
  LayerFile(const LayerFile&) = delete;
  LayerFile& operator=(const LayerFile&) = delete;

  const FileHeader& header() const { return header_; }
  // Format 5 or 6 (FORMAT.md, "Packed layout"): no chunks of sets but a
  // partition index, probed through packed_partition.
  bool packed() const { return is_packed_version(header_.version); }
  // Where partition `index`'s packed sets lie in the mapping (eight readable
  // bytes follow `end`), the blocks holding them and their index line
  // checked (each block once, whichever thread is first); false when one of
  // them fails its checksum or the index is malformed. Packed files only.
  bool packed_partition(std::size_t index, const std::uint8_t*& begin,
                        const std::uint8_t*& end) const;
  // Blocks of a packed file found damaged so far.
  std::uint64_t damaged_blocks() const { return damaged_.load(std::memory_order_relaxed); }
  const std::string& name() const { return name_; }
  const std::vector<ShapeKey>& shapes() const { return index_->shapes(); }
  // Chunks, or a packed file's index lines.
  std::size_t chunks() const {
    return packed() ? (header_.partitions + kLinePartitions - 1) / kLinePartitions
                    : directory_.size();
  }
  // Not for a packed file.
  const ChunkEntry& chunk_entry(std::size_t c) const { return directory_[c]; }
  // Index of a shape in shapes(), or -1.
  int find(ShapeKey shape) const { return index_->find(shape); }
  // Where a shape's partition lies: its chunk and its index within the chunk.
  struct Location {
    std::uint32_t chunk = 0, index = 0;
  };
  bool locate(ShapeKey shape, Location& out) const {
    const int p = find(shape);
    if (p < 0) return false;
    out = location(static_cast<std::size_t>(p));
    return true;
  }
  // Where partition `index` (< partitions) lies.
  Location location(std::size_t index) const {
    if (packed())
      return {static_cast<std::uint32_t>(index / kLinePartitions),
              static_cast<std::uint32_t>(index % kLinePartitions)};
    const std::size_t c = chunk_of(index);
    return {static_cast<std::uint32_t>(c),
            static_cast<std::uint32_t>(index) - directory_[c].first_partition};
  }
  // The file's bytes (a raw chunk read in place lies within them).
  const std::uint8_t* base() const { return bytes_.data(); }
  // The chunk holding partition `index` (< partitions). Not for a packed file.
  std::size_t chunk_of(std::size_t index) const { return chunk_of_partition_[index]; }
  // Chunk c, checksum verified, decompressed, and its partitions' bounds
  // found: from their byte lengths (versions 3 and 4), or by walking their
  // sets (find_set checks the rest of what it reads); with `full`, every
  // field of every set is validated as well, and the sets must end exactly
  // at each partition's end.
  // Not for a packed file (an error).
  Expected<RawChunk> load_raw_chunk(std::size_t c, bool full = false) const;
  // The same, fully validated and decoded into sets; of a packed file, the
  // partitions of index line c.
  Expected<Chunk> load_chunk(std::size_t c) const;

 private:
  LayerFile() = default;
  std::span<const std::uint8_t> bytes_;
  void* mapping_ = nullptr;
  std::size_t mapping_size_ = 0;
  std::string name_;
  FileHeader header_;
  std::shared_ptr<const ShapeIndex> index_;
  std::vector<ChunkEntry> directory_;
  // The chunk of each partition: one read where a probe finds a partition
  // its session does not remember (4 bytes per partition).
  std::vector<std::uint32_t> chunk_of_partition_;
  // A packed file's block states: 0 not checked yet, 1 good, 2 damaged.
  std::unique_ptr<std::atomic<std::uint8_t>[]> blocks_;
  mutable std::atomic<std::uint64_t> damaged_{0};
  bool blocks_good(std::uint64_t from, std::uint64_t to) const;
  Expected<Chunk> load_packed_chunk(std::size_t c) const;
};

}  // namespace ddtb::detail::tb
