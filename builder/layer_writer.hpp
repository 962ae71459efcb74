// Writing a tablebase file (tablebase/FORMAT.md): the builder's side of the
// format. Internal.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "builder/layer.hpp"
#include "ddtb/expected.hpp"
#include "tablebase/format.hpp"

namespace ddtb::detail::tb {

// How a layer of `tricks` tricks stores its chunks: the zstd level, or 0
// for raw. Layers of up to 16 cards are stored raw (a probe reads a raw
// chunk where the file is mapped: no decompression, no copy; a program
// that solves a few deals touches about a fifth of the 16-card chunks, and
// decompressing them cost more than the search they saved). Larger layers
// are compressed at 19 (the 20-card tables would take about 3.5 times the
// disk raw, and each of their probes saves far more search).
int table_zstd_level(int tricks);

// A chunked file's writer (the packed layout has its own,
// builder/packed_writer.hpp).
struct WriteOptions {
  // zstd level of the chunks, 0 for raw; kTableLevel: table_zstd_level.
  static constexpr int kTableLevel = -1;
  int zstd_level = kTableLevel;
  std::uint32_t build_params = 0;
  std::uint64_t lower_checksum = 0;
  // The algorithm that made the sets (a rewritten file keeps its own).
  std::uint32_t builder_version = kBuilderVersion;
  // Threads compressing chunks (LayerWriter, write_layer). Each chunk is
  // compressed alone, so the bytes written do not depend on it.
  int threads = 1;
  // Each partition's byte length after its set count (format versions 3 and
  // 4, tablebase/FORMAT.md); false writes versions 1 and 2, which readers
  // still accept (for tests of that path).
  bool partition_lengths = true;
};

// How layer files are stored (ddtb-build --store): their layout, and a
// chunked file's chunks' zstd level (WriteOptions::zstd_level).
struct Storage {
  Layout layout = Layout::kChunked;
  int zstd_level = WriteOptions::kTableLevel;  // chunked files only
  static constexpr Storage packed() { return {Layout::kPacked, 0}; }
  bool is_packed() const { return layout == Layout::kPacked; }
};

// Appends one partition to a raw chunk as a table file lays it out
// (tablebase/FORMAT.md "Raw chunk"): its set count, with `partition_lengths`
// its byte length, then its encoded sets.
void append_partition(std::vector<std::uint8_t>& chunk, std::uint64_t sets,
                      std::span<const std::uint8_t> encoded, bool partition_lengths = true);

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

}  // namespace ddtb::detail::tb
