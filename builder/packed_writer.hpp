// Writing a packed table file (format versions 5 and 6, tablebase/FORMAT.md
// "Packed layout"): the layout the probe reads in place. Internal.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "builder/layer.hpp"
#include "builder/layer_writer.hpp"
#include "ddtb/expected.hpp"
#include "tablebase/format.hpp"

namespace ddtb::detail::tb {

// One partition at a time, in shape order, so that a layer far larger than
// memory can be rewritten (repack reads the chunks of a 20-card file one by
// one). The partitions' bytes go to `path`.data.tmp until finish() writes
// header, block table, partition index and data to `path`.tmp, fsyncs it and
// renames it over `path`. The temporaries are removed when the writer is
// destroyed unfinished. WriteOptions::zstd_level, threads and
// partition_lengths do not apply.
class PackedLayerWriter {
 public:
  PackedLayerWriter(std::string path, int tricks, StrainClass klass, const WriteOptions& options,
                    int bound = 0);
  ~PackedLayerWriter();
  PackedLayerWriter(const PackedLayerWriter&) = delete;
  PackedLayerWriter& operator=(const PackedLayerWriter&) = delete;

  // The next partition's sets (every state of it in one of them). Errors:
  // no sets (kBadArgument), more partitions than the layer has, a line of
  // 13 partitions over 4 GiB, the temporary file (kIo).
  // With `default_value` >= 0, `sets` are a packed partition's stored sets
  // and that its default (a packed file's load_run).
  Expected<void> add(std::span<const TbSet> sets, int default_value = -1);
  // After every partition: the file in place. Returns the header checksum.
  Expected<std::uint64_t> finish();

 private:
  std::string path_;
  int tricks_;
  StrainClass klass_;
  int bound_;
  WriteOptions options_;
  std::vector<ShapeKey> shapes_;
  std::vector<std::uint8_t> index_, part_;
  std::uint64_t index_bytes_ = 0, data_bytes_ = 0, line_base_ = 0;
  std::uint64_t stored_ = 0;  // sets stored: of values other than their partition's default
  std::uint32_t added_ = 0;
  int data_fd_ = -1;
  bool done_ = false;
};

// A whole in-memory layer as a packed file (tests, small layers).
Expected<std::uint64_t> write_packed_layer(const std::string& path, const Layer& layer,
                                           const WriteOptions& options);

}  // namespace ddtb::detail::tb
