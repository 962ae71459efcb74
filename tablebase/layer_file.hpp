// Reading a tablebase file (tablebase/FORMAT.md). Internal.
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
#include "tablebase/format.hpp"
#include "tablebase/set_codec.hpp"

namespace ddtb::detail::tb {

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
