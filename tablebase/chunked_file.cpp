#include "tablebase/chunked_file.hpp"

#include <zstd.h>

#include <algorithm>
#include <cstring>

namespace ddtb::detail::tb {

Expected<std::unique_ptr<LayerFile>> ChunkedFile::parse(std::span<const std::uint8_t> bytes,
                                                        std::string name, const FileHeader& h,
                                                        std::shared_ptr<const ShapeIndex> index) {
  if (h.directory_entries == 0 || h.directory_entries > h.partitions)
    return corrupt_file(name, "bad chunk count");
  auto f = std::unique_ptr<ChunkedFile>(new ChunkedFile(bytes, name, h, std::move(index)));
  f->directory_.reserve(h.directory_entries);
  ByteReader dr{
      bytes.subspan(h.directory_offset, std::size_t{h.directory_entries} * kChunkEntryBytes)};
  for (std::uint32_t c = 0; c < h.directory_entries; ++c) {
    ChunkEntry e;
    e.first_partition = dr.u32();
    e.encoding = dr.u32();
    e.offset = dr.u64();
    e.stored_bytes = dr.u32();
    e.raw_bytes = dr.u32();
    e.checksum = dr.u64();
    // The message is made only for a bad entry: a 20-card file has 10^5 chunks.
    const auto bad = [&](const char* what) {
      return corrupt_file(name, "chunk " + std::to_string(c) + what);
    };
    if (c == 0 ? e.first_partition != 0
               : e.first_partition <= f->directory_.back().first_partition ||
                     e.first_partition >= h.partitions)
      return bad(" starts at a wrong partition");
    if (e.offset > h.data_bytes || h.data_bytes - e.offset < e.stored_bytes)
      return bad(" lies outside the data area");
    if (e.encoding > 1 || (e.encoding == 0 && e.raw_bytes != e.stored_bytes))
      return bad(" has an unknown encoding");
    f->directory_.push_back(e);
  }
  f->chunk_of_partition_.resize(h.partitions);
  for (std::uint32_t c = 0; c < h.directory_entries; ++c) {
    const std::uint32_t end =
        c + 1 < h.directory_entries ? f->directory_[c + 1].first_partition : h.partitions;
    std::fill(f->chunk_of_partition_.begin() + f->directory_[c].first_partition,
              f->chunk_of_partition_.begin() + end, c);
  }
  return std::unique_ptr<LayerFile>(std::move(f));
}

Expected<RawChunk> ChunkedFile::load_raw_chunk(std::size_t c, bool full) const {
  const ChunkEntry& e = directory_[c];
  const auto stored = bytes().subspan(header().data_offset + e.offset, e.stored_bytes);
  const std::string where = name() + ": chunk " + std::to_string(c);
  if (checksum(stored) != e.checksum) return corrupt_file(where, "checksum mismatch");
  // The sizes are checked before anything is allocated: a corrupt
  // directory entry (with checksums to match) must not make us allocate up
  // to 4 GiB. A zstd block holds at most 128 KiB and takes 4 bytes at least
  // (an RLE block), so the stored bytes bound the raw size.
  if (e.encoding == 1) {
    const unsigned long long size = ZSTD_getFrameContentSize(stored.data(), stored.size());
    if (size != e.raw_bytes || e.raw_bytes / (std::size_t{128} << 10) > stored.size() / 4)
      return corrupt_file(where, "compressed chunk of unexpected size");
  }
  RawChunk chunk;
  // A raw chunk followed by kScanPadding bytes of the file is read in place.
  const std::size_t stored_end = header().data_offset + e.offset + e.stored_bytes;
  if (e.encoding == 0 && bytes().size() - stored_end >= kScanPadding) {
    chunk.mapped = stored.data();
  } else if (e.encoding == 1) {
    chunk.bytes.resize(std::size_t{e.raw_bytes} + kScanPadding, 0);
    // One decompression context per thread: creating one per chunk costs
    // more than decompressing a chunk.
    static thread_local std::unique_ptr<ZSTD_DCtx, std::size_t (*)(ZSTD_DCtx*)> dctx(
        ZSTD_createDCtx(), ZSTD_freeDCtx);
    if (!dctx) return Error{ErrorCode::kIo, where + ": out of memory for decompression"};
    const std::size_t n = ZSTD_decompressDCtx(dctx.get(), chunk.bytes.data(), e.raw_bytes,
                                              stored.data(), stored.size());
    if (ZSTD_isError(n) || n != e.raw_bytes)
      return corrupt_file(where, "chunk does not decompress");
  } else {  // stored as is at the end of the file: a padded copy
    chunk.bytes.resize(std::size_t{e.raw_bytes} + kScanPadding, 0);
    std::memcpy(chunk.bytes.data(), stored.data(), stored.size());
  }
  const std::span<const std::uint8_t> raw(chunk.data(), e.raw_bytes);
  const std::uint32_t last =
      c + 1 < directory_.size() ? directory_[c + 1].first_partition : header().partitions;
  chunk.first = e.first_partition;
  chunk.ranges.reserve(last - e.first_partition);
  const bool lengths = header().format.partition_lengths;
  std::size_t pos = 0;
  for (std::uint32_t p = e.first_partition; p < last; ++p) {
    std::uint64_t count = 0, length = 0;
    if (!get_varint(raw, pos, count) || count == 0 || count > raw.size())
      return corrupt_file(where, "bad set count for partition " + std::to_string(p));
    if (lengths && (!get_varint(raw, pos, length) || length > raw.size() - pos))
      return corrupt_file(where, "bad byte length for partition " + std::to_string(p));
    // With lengths, a probe's scan checks each set it reads against the
    // partition's end (find_set); without, the sets are walked to find it.
    Expected<std::size_t> next = pos + length;
    if (full)
      next = validate_sets(raw, pos, shapes()[p], count, header().bound > 0 ? 1 : -1);
    else if (!lengths)
      next = walk_sets(raw, pos, count);
    if (next && lengths && *next != pos + length)
      next = Error{ErrorCode::kCorruptData, "its sets do not fill its byte length"};
    if (!next)
      return corrupt_file(where, "partition " + std::to_string(p) + ": " + next.error().message);
    chunk.ranges.push_back({static_cast<std::uint32_t>(pos), static_cast<std::uint32_t>(*next)});
    pos = *next;
  }
  if (pos != raw.size()) return corrupt_file(where, "bytes after the last partition");
  return chunk;
}

Expected<PartitionRun> ChunkedFile::load_run(std::size_t c) const {
  auto raw = load_raw_chunk(c, true);
  if (!raw) return raw.error();
  PartitionRun run;
  run.first = raw->first;
  for (const RawChunk::Range& r : raw->ranges) {
    run.starts.push_back(static_cast<std::uint32_t>(run.sets.size()));
    const std::uint8_t* p = raw->data() + r.begin;
    const std::uint8_t* end = raw->data() + r.end;
    while (p < end) p = decode_set(p, run.sets.emplace_back());
  }
  run.starts.push_back(static_cast<std::uint32_t>(run.sets.size()));
  return run;
}

}  // namespace ddtb::detail::tb
