#include "tablebase/packed_file.hpp"

#include <algorithm>

#include "tablebase/packed_sets.hpp"

namespace ddtb::detail::tb {

Expected<std::unique_ptr<LayerFile>> PackedFile::parse(std::span<const std::uint8_t> bytes,
                                                       std::string name, const FileHeader& h,
                                                       std::shared_ptr<const ShapeIndex> index) {
  const std::uint64_t lines = (std::uint64_t(h.partitions) + kLinePartitions - 1) / kLinePartitions;
  if (h.data_bytes < lines * kIndexLineBytes)
    return corrupt_file(name, "data area smaller than its partition index");
  if (h.directory_entries != (h.data_bytes + kPackedBlockBytes - 1) / kPackedBlockBytes)
    return corrupt_file(name, "block count does not match the data area");
  if (bytes.size() - h.data_offset - h.data_bytes < kPackedPadding)
    return corrupt_file(name, "no padding after the data area (truncated?)");
  auto f = std::unique_ptr<PackedFile>(new PackedFile(bytes, std::move(name), h, std::move(index)));
  f->blocks_ = std::make_unique<std::atomic<std::uint8_t>[]>(h.directory_entries);
  return std::unique_ptr<LayerFile>(std::move(f));
}

void PackedFile::mark_damaged(std::uint64_t block) const {
  if (blocks_[block].exchange(2, std::memory_order_relaxed) != 2)
    damaged_.fetch_add(1, std::memory_order_relaxed);
}

bool PackedFile::blocks_good(std::uint64_t from, std::uint64_t to) const {
  const std::uint8_t* table = base() + header().directory_offset;
  const std::uint8_t* data = base() + header().data_offset;
  for (std::uint64_t b = from / kPackedBlockBytes; b <= (to - 1) / kPackedBlockBytes; ++b) {
    std::atomic<std::uint8_t>& state = blocks_[b];
    const std::uint8_t known = state.load(std::memory_order_relaxed);
    if (known == 1) continue;
    if (known == 2) return false;
    const std::uint64_t at = b * kPackedBlockBytes;
    const std::size_t n = static_cast<std::size_t>(
        std::min<std::uint64_t>(kPackedBlockBytes, header().data_bytes - at));
    const bool good =
        checksum(std::span(data + at, n)) == ByteReader{std::span(table + 8 * b, 8)}.u64();
    // Two threads may check a block at once; both find the same.
    if (!good) {
      mark_damaged(b);
      return false;
    }
    state.store(1, std::memory_order_relaxed);
  }
  return true;
}

bool PackedFile::partition(std::size_t index, const std::uint8_t*& begin,
                           const std::uint8_t*& end) const {
  const std::uint64_t line = index / kLinePartitions * kIndexLineBytes;
  if (!blocks_good(line, line + kIndexLineBytes)) return false;
  const std::uint8_t* data = base() + header().data_offset;
  const std::size_t j = index % kLinePartitions;
  ByteReader r{std::span(data + line, kIndexLineBytes)};
  const std::uint64_t start = r.u64();
  r.pos = 8 + 4 * j;
  const std::uint64_t from = start + r.u32(), to = start + r.u32();
  const std::uint64_t index_end = (std::uint64_t(header().partitions) + kLinePartitions - 1) /
                                  kLinePartitions * kIndexLineBytes;
  if (from < index_end || to < from + 2 || to > header().data_bytes) {
    mark_damaged(line / kPackedBlockBytes);
    return false;
  }
  if (!blocks_good(from, to)) return false;
  begin = data + from;
  end = data + to;
  return true;
}

Expected<PartitionRun> PackedFile::load_run(std::size_t c) const {
  const std::string where = name() + ": index line " + std::to_string(c);
  PartitionRun run;
  run.first = static_cast<std::uint32_t>(c * kLinePartitions);
  const std::uint32_t last = static_cast<std::uint32_t>(
      std::min<std::uint64_t>(header().partitions, (c + 1) * kLinePartitions));
  for (std::uint32_t p = run.first; p < last; ++p) {
    const std::uint8_t *begin = nullptr, *end = nullptr;
    if (!partition(p, begin, end))
      return corrupt_file(where, "partition " + std::to_string(p) +
                                     ": a checksum mismatch or a malformed index entry");
    run.starts.push_back(static_cast<std::uint32_t>(run.sets.size()));
    int dflt = 0;
    auto decoded = decode_packed_partition(begin, end, shapes()[p], header().tricks, header().bound,
                                           run.sets, dflt);
    if (!decoded)
      return corrupt_file(where, "partition " + std::to_string(p) + ": " + decoded.error().message);
    run.defaults.push_back(static_cast<std::int8_t>(dflt));
  }
  run.starts.push_back(static_cast<std::uint32_t>(run.sets.size()));
  return run;
}

}  // namespace ddtb::detail::tb
