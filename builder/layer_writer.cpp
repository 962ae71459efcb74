#include "builder/layer_writer.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "builder/file_io.hpp"
#include "core/parallel.hpp"
#include "tablebase/set_codec.hpp"

namespace ddtb::detail::tb {

void append_partition(std::vector<std::uint8_t>& chunk, std::uint64_t sets,
                      std::span<const std::uint8_t> encoded, bool partition_lengths) {
  put_varint(chunk, sets);
  if (partition_lengths) put_varint(chunk, encoded.size());
  chunk.insert(chunk.end(), encoded.begin(), encoded.end());
}

int table_zstd_level(int tricks) {
  return tricks <= 4 ? 0 : 19;
}

Expected<std::uint64_t> write_layer(const std::string& path, const Layer& layer,
                                    const WriteOptions& options) {
  LayerWriter writer(path, layer.tricks(), layer.klass(), options, layer.bound());
  std::vector<std::uint8_t> encoded;
  for (std::size_t i = 0; i < layer.shapes().size(); ++i) {
    const std::vector<TbSet>& sets = layer.sets(static_cast<int>(i));
    if (sets.empty())
      return Error{ErrorCode::kBadArgument, "partition " + std::to_string(i) + " has no sets"};
    encoded.clear();
    encode_sets(sets, encoded);
    if (auto added = writer.add(encoded, sets.size()); !added) return added.error();
  }
  return writer.finish();
}

LayerWriter::LayerWriter(std::string path, int tricks, StrainClass klass,
                         const WriteOptions& options, int bound)
    : path_(std::move(path)),
      tricks_(tricks),
      klass_(klass),
      bound_(bound),
      options_(options),
      shapes_(enumerate_shapes(tricks, klass)) {
  if (options_.zstd_level == WriteOptions::kTableLevel)
    options_.zstd_level = table_zstd_level(tricks);
}

LayerWriter::~LayerWriter() {
  if (data_fd_ >= 0) ::close(data_fd_);
  if (!done_) {
    ::unlink((path_ + ".data.tmp").c_str());
    ::unlink((path_ + ".tmp").c_str());
  }
}

Expected<void> LayerWriter::add(std::span<const std::uint8_t> encoded, std::uint64_t sets) {
  if (sets == 0)
    return Error{ErrorCode::kBadArgument, "partition " + std::to_string(added_) + " has no sets"};
  if (added_ >= shapes_.size())
    return Error{ErrorCode::kBadArgument, path_ + ": more partitions than the layer has"};
  ++added_;
  sets_ += sets;
  append_partition(raw_, sets, encoded, options_.partition_lengths);
  if (raw_.size() >= kChunkTargetBytes) return flush_chunk(added_);
  return {};
}

Expected<void> LayerWriter::flush_chunk(std::uint32_t next_first) {
  Pending p;
  p.raw = std::move(raw_);
  p.first = chunk_first_;
  pending_.push_back(std::move(p));
  raw_ = {};
  chunk_first_ = next_first;
  const std::size_t batch = 64 * static_cast<std::size_t>(std::max(1, options_.threads));
  if (pending_.size() >= batch) return write_pending();
  return {};
}

Expected<void> LayerWriter::write_pending() {
  if (pending_.empty()) return {};
  const std::string data_tmp = path_ + ".data.tmp";
  if (data_fd_ < 0) {
    data_fd_ = ::open(data_tmp.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (data_fd_ < 0) return Error{ErrorCode::kIo, data_tmp + ": " + std::strerror(errno)};
  }
  // Compress every pending chunk, each alone (the same bytes on any number
  // of threads), then write them in order.
  const bool compress = options_.zstd_level != 0;
  if (compress)
    parallel_for(pending_.size(), static_cast<unsigned>(std::max(1, options_.threads)),
                 [&](std::size_t i) {
                   Pending& p = pending_[i];
                   p.packed.resize(ZSTD_compressBound(p.raw.size()));
                   p.z = ZSTD_compress(p.packed.data(), p.packed.size(), p.raw.data(), p.raw.size(),
                                       options_.zstd_level);
                 });
  for (const Pending& p : pending_) {
    const bool use_zstd = compress && !ZSTD_isError(p.z) && p.z < p.raw.size();
    const std::span<const std::uint8_t> stored =
        use_zstd ? std::span<const std::uint8_t>(p.packed.data(), p.z) : std::span(p.raw);
    ByteWriter dw{directory_};
    dw.u32(p.first);
    dw.u32(use_zstd ? 1 : 0);
    dw.u64(data_bytes_);
    dw.u32(stored.size());
    dw.u32(p.raw.size());
    dw.u64(checksum(stored));
    if (!write_all(data_fd_, stored))
      return Error{ErrorCode::kIo, data_tmp + ": " + std::strerror(errno)};
    data_bytes_ += stored.size();
    ++chunks_;
  }
  pending_.clear();
  return {};
}

Expected<std::uint64_t> LayerWriter::finish() {
  if (added_ != shapes_.size())
    return Error{ErrorCode::kBadArgument, path_ + ": " + std::to_string(added_) + " of " +
                                              std::to_string(shapes_.size()) +
                                              " partitions written"};
  if (!raw_.empty())
    if (auto flushed = flush_chunk(added_); !flushed) return flushed.error();
  if (auto written = write_pending(); !written) return written.error();
  FileHeader h;
  h.format = features_for(Layout::kChunked, bound_, options_.partition_lengths);
  h.tricks = tricks_;
  h.klass = klass_;
  h.bound = bound_;
  h.partitions = static_cast<std::uint32_t>(shapes_.size());
  h.directory_entries = chunks_;
  h.sets = sets_;
  h.shapes_checksum = shapes_checksum(shapes_);
  h.directory_offset = kHeaderBytes;
  h.data_offset = kHeaderBytes + directory_.size();
  h.data_bytes = data_bytes_;
  h.directory_checksum = checksum(directory_);
  h.builder_version = options_.builder_version;
  h.build_params = options_.build_params | (std::uint32_t(options_.zstd_level) & 0xff) << 8;
  h.lower_checksum = options_.lower_checksum;
  const std::vector<std::uint8_t> head = header_bytes(h);
  h.header_checksum = ByteReader{std::span(head).subspan(120)}.u64();
  const std::string tmp = path_ + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Error{ErrorCode::kIo, tmp + ": " + std::strerror(errno)};
  // Header and directory, then the data copied from the data file.
  bool ok = write_all(fd, head) && write_all(fd, directory_) &&
            read_from_start(data_fd_, data_bytes_, [&](std::span<const std::uint8_t> piece) {
              return write_all(fd, piece);
            });
  ok = ok && ::fsync(fd) == 0;
  const int saved = errno;
  ::close(fd);
  if (!ok) return Error{ErrorCode::kIo, path_ + ": " + std::strerror(saved)};
  // The data file goes before the rename: a process killed between the two
  // leaves no table, so the merge is redone and nothing stale stays behind.
  ::close(data_fd_);
  data_fd_ = -1;
  ::unlink((path_ + ".data.tmp").c_str());
  if (std::rename(tmp.c_str(), path_.c_str()) != 0)
    return Error{ErrorCode::kIo, path_ + ": " + std::strerror(errno)};
  done_ = true;
  // Make the rename durable.
  if (auto synced = sync_parent_directory(path_); !synced) return synced.error();
  return h.header_checksum;
}

}  // namespace ddtb::detail::tb
