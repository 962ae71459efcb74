#include "tablebase/layer_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "tablebase/packed_sets.hpp"

namespace ddtb::detail::tb {

namespace {

Error corrupt(const std::string& name, const std::string& what) {
  return Error{ErrorCode::kCorruptData, name + ": " + what};
}

}  // namespace

Expected<std::unique_ptr<LayerFile>> LayerFile::parse(std::span<const std::uint8_t> bytes,
                                                      std::string name, ShapeCatalog* catalog) {
  if (bytes.size() < kHeaderBytes) return corrupt(name, "too short for a tablebase header");
  if (std::memcmp(bytes.data(), kMagic, 8) != 0)
    return corrupt(name, "not a ddtb tablebase file (bad magic)");
  ByteReader r{bytes};
  r.pos = 8;
  FileHeader h;
  h.version = r.u32();
  if (h.version < kFormatVersion || h.version > kPackedBoundFormatVersion)
    return corrupt(name, "format version " + std::to_string(h.version) + ", this build reads " +
                             std::to_string(kFormatVersion) + " to " +
                             std::to_string(kPackedBoundFormatVersion));
  if (r.u32() != kHeaderBytes) return corrupt(name, "bad header size");
  h.tricks = r.u8();
  const std::uint8_t klass = r.u8();
  h.bound = r.u8();
  const std::uint8_t zero = r.u8();
  h.partitions = r.u32();
  h.chunks = r.u32();
  r.u32();
  h.sets = r.u64();
  h.shapes_checksum = r.u64();
  h.directory_offset = r.u64();
  h.data_offset = r.u64();
  h.data_bytes = r.u64();
  h.directory_checksum = r.u64();
  h.builder_version = r.u32();
  h.build_params = r.u32();
  h.lower_checksum = r.u64();
  r.pos = 120;
  h.header_checksum = r.u64();
  if (checksum(bytes.subspan(0, 120)) != h.header_checksum)
    return corrupt(name, "header checksum mismatch");
  if (h.tricks < 1 || h.tricks > 13) return corrupt(name, "tricks out of range");
  if (klass > 1) return corrupt(name, "unknown strain class");
  if (zero != 0) return corrupt(name, "nonzero reserved header byte 19");
  if (!is_bound_version(h.version) && h.bound != 0)
    return corrupt(name, "a version " + std::to_string(h.version) +
                             " file (an exact layer) with a bound (header byte 18)");
  if (is_bound_version(h.version) && (h.bound < 1 || h.bound > h.tricks))
    return corrupt(name, "bound " + std::to_string(h.bound) + " out of range for " +
                             std::to_string(h.tricks) + " tricks");
  h.klass = static_cast<StrainClass>(klass);

  const bool packed = is_packed_version(h.version);
  // A packed file's directory is its block table: a checksum per block.
  const std::uint64_t dir_bytes =
      std::uint64_t(h.chunks) * (packed ? sizeof(std::uint64_t) : kChunkEntryBytes);
  if (h.directory_offset < kHeaderBytes || h.directory_offset > bytes.size() ||
      bytes.size() - h.directory_offset < dir_bytes)
    return corrupt(name, "chunk directory outside the file (truncated?)");
  if (h.data_offset < h.directory_offset + dir_bytes || h.data_offset > bytes.size() ||
      bytes.size() - h.data_offset < h.data_bytes)
    return corrupt(name, "data area outside the file (truncated?)");
  const auto dir = bytes.subspan(h.directory_offset, dir_bytes);
  if (checksum(dir) != h.directory_checksum)
    return corrupt(name, "chunk directory checksum mismatch");

  auto f = std::unique_ptr<LayerFile>(new LayerFile());
  f->index_ = catalog ? catalog->get(h.tricks, h.klass)
                      : std::make_shared<const ShapeIndex>(h.tricks, h.klass);
  if (f->index_->shapes().size() != h.partitions || f->index_->checksum() != h.shapes_checksum)
    return corrupt(name, "its partitions are not this build's canonical shapes");
  if (packed) {
    const std::uint64_t lines =
        (std::uint64_t(h.partitions) + kLinePartitions - 1) / kLinePartitions;
    if (h.data_bytes < lines * kIndexLineBytes)
      return corrupt(name, "data area smaller than its partition index");
    if (h.chunks != (h.data_bytes + kPackedBlockBytes - 1) / kPackedBlockBytes)
      return corrupt(name, "block count does not match the data area");
    if (bytes.size() - h.data_offset - h.data_bytes < kPackedPadding)
      return corrupt(name, "no padding after the data area (truncated?)");
    f->blocks_ = std::make_unique<std::atomic<std::uint8_t>[]>(h.chunks);
    f->bytes_ = bytes;
    f->name_ = std::move(name);
    f->header_ = h;
    return f;
  }
  if (h.chunks == 0 || h.chunks > h.partitions) return corrupt(name, "bad chunk count");
  f->directory_.reserve(h.chunks);
  ByteReader dr{dir};
  for (std::uint32_t c = 0; c < h.chunks; ++c) {
    ChunkEntry e;
    e.first_partition = dr.u32();
    e.encoding = dr.u32();
    e.offset = dr.u64();
    e.stored_bytes = dr.u32();
    e.raw_bytes = dr.u32();
    e.checksum = dr.u64();
    // The message is made only for a bad entry: a 20-card file has 10^5 chunks.
    const auto bad = [&](const char* what) {
      return corrupt(name, "chunk " + std::to_string(c) + what);
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
  for (std::uint32_t c = 0; c < h.chunks; ++c) {
    const std::uint32_t end =
        c + 1 < h.chunks ? f->directory_[c + 1].first_partition : h.partitions;
    std::fill(f->chunk_of_partition_.begin() + f->directory_[c].first_partition,
              f->chunk_of_partition_.begin() + end, c);
  }
  f->bytes_ = bytes;
  f->name_ = std::move(name);
  f->header_ = h;
  return f;
}

Expected<std::unique_ptr<LayerFile>> LayerFile::open(const std::string& path,
                                                     ShapeCatalog* catalog) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Error{ErrorCode::kIo, path + ": " + std::strerror(errno)};
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return Error{ErrorCode::kIo, path + ": not a regular file"};
  }
  const auto size = static_cast<std::size_t>(st.st_size);
  if (size < kHeaderBytes) {
    ::close(fd);
    return corrupt(path, "too short for a tablebase header");
  }
  void* m = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
  ::close(fd);
  if (m == MAP_FAILED) return Error{ErrorCode::kIo, path + ": mmap: " + std::strerror(errno)};
  ::posix_madvise(m, size, POSIX_MADV_RANDOM);
  auto parsed = parse(std::span(static_cast<const std::uint8_t*>(m), size), path, catalog);
  if (!parsed) {
    ::munmap(m, size);
    return parsed.error();
  }
  (*parsed)->mapping_ = m;
  (*parsed)->mapping_size_ = size;
  return std::move(*parsed);
}

LayerFile::~LayerFile() {
  if (mapping_) ::munmap(mapping_, mapping_size_);
}

bool LayerFile::blocks_good(std::uint64_t from, std::uint64_t to) const {
  const std::uint8_t* table = bytes_.data() + header_.directory_offset;
  const std::uint8_t* data = bytes_.data() + header_.data_offset;
  for (std::uint64_t b = from / kPackedBlockBytes; b <= (to - 1) / kPackedBlockBytes; ++b) {
    std::atomic<std::uint8_t>& state = blocks_[b];
    const std::uint8_t known = state.load(std::memory_order_relaxed);
    if (known == 1) continue;
    if (known == 2) return false;
    const std::uint64_t at = b * kPackedBlockBytes;
    const std::size_t n = static_cast<std::size_t>(
        std::min<std::uint64_t>(kPackedBlockBytes, header_.data_bytes - at));
    const bool good =
        checksum(std::span(data + at, n)) == ByteReader{std::span(table + 8 * b, 8)}.u64();
    // Two threads may check a block at once; both find the same.
    if (state.exchange(good ? 1 : 2, std::memory_order_relaxed) != 2 && !good)
      damaged_.fetch_add(1, std::memory_order_relaxed);
    if (!good) return false;
  }
  return true;
}

bool LayerFile::packed_partition(std::size_t index, const std::uint8_t*& begin,
                                 const std::uint8_t*& end) const {
  const std::uint64_t line = index / kLinePartitions * kIndexLineBytes;
  if (!blocks_good(line, line + kIndexLineBytes)) return false;
  const std::uint8_t* data = bytes_.data() + header_.data_offset;
  const std::size_t j = index % kLinePartitions;
  ByteReader r{std::span(data + line, kIndexLineBytes)};
  const std::uint64_t base = r.u64();
  r.pos = 8 + 4 * j;
  const std::uint64_t from = base + r.u32(), to = base + r.u32();
  const std::uint64_t index_end =
      (std::uint64_t(header_.partitions) + kLinePartitions - 1) / kLinePartitions * kIndexLineBytes;
  if (from < index_end || to < from + 2 || to > header_.data_bytes) {
    if (blocks_[line / kPackedBlockBytes].exchange(2, std::memory_order_relaxed) != 2)
      damaged_.fetch_add(1, std::memory_order_relaxed);
    return false;
  }
  if (!blocks_good(from, to)) return false;
  begin = data + from;
  end = data + to;
  return true;
}

Expected<Chunk> LayerFile::load_packed_chunk(std::size_t c) const {
  const std::string where = name_ + ": index line " + std::to_string(c);
  Chunk chunk;
  chunk.first = static_cast<std::uint32_t>(c * kLinePartitions);
  const std::uint32_t last = static_cast<std::uint32_t>(
      std::min<std::uint64_t>(header_.partitions, (c + 1) * kLinePartitions));
  for (std::uint32_t p = chunk.first; p < last; ++p) {
    const std::uint8_t *begin = nullptr, *end = nullptr;
    if (!packed_partition(p, begin, end))
      return corrupt(where, "partition " + std::to_string(p) +
                                ": a checksum mismatch or a malformed index entry");
    chunk.starts.push_back(static_cast<std::uint32_t>(chunk.sets.size()));
    int dflt = 0;
    auto decoded = decode_packed_partition(begin, end, shapes()[p], header_.tricks, header_.bound,
                                           chunk.sets, dflt);
    if (!decoded)
      return corrupt(where, "partition " + std::to_string(p) + ": " + decoded.error().message);
    chunk.defaults.push_back(static_cast<std::int8_t>(dflt));
  }
  chunk.starts.push_back(static_cast<std::uint32_t>(chunk.sets.size()));
  return chunk;
}

Expected<RawChunk> LayerFile::load_raw_chunk(std::size_t c, bool full) const {
  if (packed()) return corrupt(name_, "a packed file has no chunks of sets");
  const ChunkEntry& e = directory_[c];
  const auto stored = bytes_.subspan(header_.data_offset + e.offset, e.stored_bytes);
  const std::string where = name_ + ": chunk " + std::to_string(c);
  if (checksum(stored) != e.checksum) return corrupt(where, "checksum mismatch");
  // The sizes are checked before anything is allocated: a corrupt
  // directory entry (with checksums to match) must not make us allocate up
  // to 4 GiB. A zstd block holds at most 128 KiB and takes 4 bytes at least
  // (an RLE block), so the stored bytes bound the raw size.
  if (e.encoding == 1) {
    const unsigned long long size = ZSTD_getFrameContentSize(stored.data(), stored.size());
    if (size != e.raw_bytes || e.raw_bytes / (std::size_t{128} << 10) > stored.size() / 4)
      return corrupt(where, "compressed chunk of unexpected size");
  }
  RawChunk chunk;
  // A raw chunk followed by kScanPadding bytes of the file is read in place.
  const std::size_t stored_end = header_.data_offset + e.offset + e.stored_bytes;
  if (e.encoding == 0 && bytes_.size() - stored_end >= kScanPadding) {
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
    if (ZSTD_isError(n) || n != e.raw_bytes) return corrupt(where, "chunk does not decompress");
  } else {  // stored as is at the end of the file: a padded copy
    chunk.bytes.resize(std::size_t{e.raw_bytes} + kScanPadding, 0);
    std::memcpy(chunk.bytes.data(), stored.data(), stored.size());
  }
  const std::span<const std::uint8_t> raw(chunk.data(), e.raw_bytes);
  const std::uint32_t last =
      c + 1 < directory_.size() ? directory_[c + 1].first_partition : header_.partitions;
  chunk.first = e.first_partition;
  chunk.ranges.reserve(last - e.first_partition);
  const bool lengths = has_partition_lengths(header_.version);
  std::size_t pos = 0;
  for (std::uint32_t p = e.first_partition; p < last; ++p) {
    std::uint64_t count = 0, length = 0;
    if (!get_varint(raw, pos, count) || count == 0 || count > raw.size())
      return corrupt(where, "bad set count for partition " + std::to_string(p));
    if (lengths && (!get_varint(raw, pos, length) || length > raw.size() - pos))
      return corrupt(where, "bad byte length for partition " + std::to_string(p));
    // With lengths, a probe's scan checks each set it reads against the
    // partition's end (find_set); without, the sets are walked to find it.
    Expected<std::size_t> next = pos + length;
    if (full)
      next = validate_sets(raw, pos, shapes()[p], count, header_.bound > 0 ? 1 : -1);
    else if (!lengths)
      next = walk_sets(raw, pos, count);
    if (next && lengths && *next != pos + length)
      next = Error{ErrorCode::kCorruptData, "its sets do not fill its byte length"};
    if (!next)
      return corrupt(where, "partition " + std::to_string(p) + ": " + next.error().message);
    chunk.ranges.push_back({static_cast<std::uint32_t>(pos), static_cast<std::uint32_t>(*next)});
    pos = *next;
  }
  if (pos != raw.size()) return corrupt(where, "bytes after the last partition");
  return chunk;
}

Expected<Chunk> LayerFile::load_chunk(std::size_t c) const {
  if (packed()) return load_packed_chunk(c);
  auto raw = load_raw_chunk(c, true);
  if (!raw) return raw.error();
  Chunk chunk;
  chunk.first = raw->first;
  for (const RawChunk::Range& r : raw->ranges) {
    chunk.starts.push_back(static_cast<std::uint32_t>(chunk.sets.size()));
    const std::uint8_t* p = raw->data() + r.begin;
    const std::uint8_t* end = raw->data() + r.end;
    while (p < end) p = decode_set(p, chunk.sets.emplace_back());
  }
  chunk.starts.push_back(static_cast<std::uint32_t>(chunk.sets.size()));
  return chunk;
}

}  // namespace ddtb::detail::tb
