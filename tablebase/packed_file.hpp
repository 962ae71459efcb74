// A packed layer file (tablebase/FORMAT.md, "Packed layout"): a partition
// index and the partitions' sets, read where the file is mapped and checked
// a block at a time on first use. Internal.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "tablebase/layer_file.hpp"

namespace ddtb::detail::tb {

class PackedFile final : public LayerFile {
 public:
  // The rest of LayerFile::parse for a file whose header says it is packed.
  static Expected<std::unique_ptr<LayerFile>> parse(std::span<const std::uint8_t> bytes,
                                                    std::string name, const FileHeader& header,
                                                    std::shared_ptr<const ShapeIndex> index);

  // Where partition `index`'s packed sets lie in the mapping (eight readable
  // bytes follow `end`), the blocks holding them and their index line
  // checked (each block once, whichever thread is first); false when one of
  // them fails its checksum or the index is malformed.
  bool partition(std::size_t index, const std::uint8_t*& begin, const std::uint8_t*& end) const;
  // Blocks found damaged so far.
  std::uint64_t damaged_blocks() const { return damaged_.load(std::memory_order_relaxed); }

  // Index lines: kLinePartitions partitions each.
  std::size_t runs() const override {
    return (header().partitions + kLinePartitions - 1) / kLinePartitions;
  }
  std::size_t run_of(std::size_t index) const override { return index / kLinePartitions; }
  // The partitions of index line r, decoded, with their defaults.
  Expected<PartitionRun> load_run(std::size_t r) const override;

 private:
  using LayerFile::LayerFile;
  // Block states: 0 not checked yet, 1 good, 2 damaged.
  std::unique_ptr<std::atomic<std::uint8_t>[]> blocks_;
  mutable std::atomic<std::uint64_t> damaged_{0};
  bool blocks_good(std::uint64_t from, std::uint64_t to) const;
  void mark_damaged(std::uint64_t block) const;
};

}  // namespace ddtb::detail::tb
