// A chunked layer file (tablebase/FORMAT.md, "Layout"): partitions stored in
// chunks of about kChunkTargetBytes, each raw or zstd-compressed, found
// through a chunk directory. Internal.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "tablebase/layer_file.hpp"
#include "tablebase/set_codec.hpp"

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
  // the file that loaded it lives.
  const std::uint8_t* mapped = nullptr;
  const std::uint8_t* data() const { return mapped ? mapped : bytes.data(); }
  std::size_t memory() const {
    return bytes.capacity() + ranges.capacity() * sizeof(Range) + sizeof(RawChunk);
  }
};

class ChunkedFile final : public LayerFile {
 public:
  // The rest of LayerFile::parse for a file whose header says it is chunked.
  static Expected<std::unique_ptr<LayerFile>> parse(std::span<const std::uint8_t> bytes,
                                                    std::string name, const FileHeader& header,
                                                    std::shared_ptr<const ShapeIndex> index);

  std::size_t chunks() const { return directory_.size(); }
  const ChunkEntry& chunk_entry(std::size_t c) const { return directory_[c]; }
  // The chunk holding partition `index` (< partitions).
  std::size_t chunk_of(std::size_t index) const { return chunk_of_partition_[index]; }
  // Where partition `index` (< partitions) lies: its chunk and its index
  // within the chunk.
  struct Location {
    std::uint32_t chunk = 0, index = 0;
  };
  Location location(std::size_t index) const {
    const std::size_t c = chunk_of(index);
    return {static_cast<std::uint32_t>(c),
            static_cast<std::uint32_t>(index) - directory_[c].first_partition};
  }
  // Chunk c, checksum verified, decompressed, and its partitions' bounds
  // found: from their byte lengths, or by walking their sets (find_set
  // checks the rest of what it reads); with `full`, every field of every set
  // is validated as well, and the sets must end exactly at each partition's
  // end.
  Expected<RawChunk> load_raw_chunk(std::size_t c, bool full = false) const;

  std::size_t runs() const override { return chunks(); }
  std::size_t run_of(std::size_t index) const override { return chunk_of(index); }
  // Chunk r, fully validated and decoded into sets.
  Expected<PartitionRun> load_run(std::size_t r) const override;

 private:
  using LayerFile::LayerFile;
  std::vector<ChunkEntry> directory_;
  // The chunk of each partition: one read where a probe finds a partition
  // its session does not remember (4 bytes per partition).
  std::vector<std::uint32_t> chunk_of_partition_;
};

}  // namespace ddtb::detail::tb
