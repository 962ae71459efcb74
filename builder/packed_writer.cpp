#include "builder/packed_writer.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "builder/file_io.hpp"
#include "tablebase/packed_sets.hpp"

namespace ddtb::detail::tb {

namespace {

void put_le(std::uint8_t* p, std::uint64_t v, int n) {
  for (int i = 0; i < n; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

}  // namespace

PackedLayerWriter::PackedLayerWriter(std::string path, int tricks, StrainClass klass,
                                     const WriteOptions& options, int bound)
    : path_(std::move(path)),
      tricks_(tricks),
      klass_(klass),
      bound_(bound),
      options_(options),
      shapes_(enumerate_shapes(tricks, klass)) {
  index_bytes_ = (shapes_.size() + kLinePartitions - 1) / kLinePartitions * kIndexLineBytes;
  index_.assign(index_bytes_, 0);
}

PackedLayerWriter::~PackedLayerWriter() {
  if (data_fd_ >= 0) ::close(data_fd_);
  if (!done_) {
    ::unlink((path_ + ".data.tmp").c_str());
    ::unlink((path_ + ".tmp").c_str());
  }
}

Expected<void> PackedLayerWriter::add(std::span<const TbSet> sets, int default_value) {
  if (sets.empty() && default_value < 0)
    return Error{ErrorCode::kBadArgument, "partition " + std::to_string(added_) + " has no sets"};
  if (added_ >= shapes_.size())
    return Error{ErrorCode::kBadArgument, path_ + ": more partitions than the layer has"};
  const std::string data_tmp = path_ + ".data.tmp";
  if (data_fd_ < 0) {
    data_fd_ = ::open(data_tmp.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (data_fd_ < 0) return Error{ErrorCode::kIo, data_tmp + ": " + std::strerror(errno)};
  }
  const std::size_t line = added_ / kLinePartitions, j = added_ % kLinePartitions;
  std::uint8_t* entry = index_.data() + line * kIndexLineBytes;
  const std::uint64_t at = index_bytes_ + data_bytes_;
  if (j == 0) {
    line_base_ = at;
    put_le(entry, at, 8);
  }
  const std::size_t before = part_.size();
  stored_ += encode_packed_partition(sets, tricks_, bound_, part_, default_value);
  data_bytes_ += part_.size() - before;
  const std::uint64_t end = index_bytes_ + data_bytes_ - line_base_;
  if (end > 0xffffffffu)
    return Error{ErrorCode::kBadArgument,
                 path_ + ": partitions " + std::to_string(line * kLinePartitions) + " to " +
                     std::to_string(added_) + " take over 4 GiB, more than an index line holds"};
  // This partition ends where the next begins (and, in a last line not
  // full, where the partitions after the layer's last would).
  for (std::size_t k = j + 1; k <= kLinePartitions; ++k) put_le(entry + 8 + 4 * k, end, 4);
  ++added_;
  if (part_.size() >= (std::size_t{1} << 20)) {
    if (!write_all(data_fd_, part_))
      return Error{ErrorCode::kIo, data_tmp + ": " + std::strerror(errno)};
    part_.clear();
  }
  return {};
}

Expected<std::uint64_t> PackedLayerWriter::finish() {
  if (added_ != shapes_.size())
    return Error{ErrorCode::kBadArgument, path_ + ": " + std::to_string(added_) + " of " +
                                              std::to_string(shapes_.size()) +
                                              " partitions written"};
  const std::string data_tmp = path_ + ".data.tmp";
  if (!part_.empty() && !write_all(data_fd_, part_))
    return Error{ErrorCode::kIo, data_tmp + ": " + std::strerror(errno)};
  part_.clear();
  const std::uint64_t area = index_bytes_ + data_bytes_;
  const std::uint64_t blocks = (area + kPackedBlockBytes - 1) / kPackedBlockBytes;
  FileHeader h;
  h.format = features_for(Layout::kPacked, bound_);
  h.tricks = tricks_;
  h.klass = klass_;
  h.bound = bound_;
  h.partitions = static_cast<std::uint32_t>(shapes_.size());
  h.directory_entries = static_cast<std::uint32_t>(blocks);
  h.sets = stored_;
  h.shapes_checksum = shapes_checksum(shapes_);
  h.directory_offset = kHeaderBytes;
  h.data_offset = kHeaderBytes + blocks * 8;
  h.data_bytes = area;
  h.builder_version = options_.builder_version;
  h.build_params = options_.build_params & ~0xff00u;
  h.lower_checksum = options_.lower_checksum;

  const std::string tmp = path_ + ".tmp";
  const int fd = ::open(tmp.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Error{ErrorCode::kIo, tmp + ": " + std::strerror(errno)};
  // The data area (index, then the partitions copied from the data file)
  // after room for header and block table, each block's checksum taken as
  // it passes; then the padding, the table and the header.
  std::vector<std::uint8_t> table;
  ByteWriter tw{table};
  std::vector<std::uint8_t> block;
  block.reserve(kPackedBlockBytes);
  bool ok = ::lseek(fd, static_cast<off_t>(h.data_offset), SEEK_SET) >= 0;
  const auto feed = [&](std::span<const std::uint8_t> bytes) {
    while (ok && !bytes.empty()) {
      const std::size_t n = std::min(bytes.size(), kPackedBlockBytes - block.size());
      block.insert(block.end(), bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(n));
      bytes = bytes.subspan(n);
      if (block.size() == kPackedBlockBytes) {
        tw.u64(checksum(block));
        ok = write_all(fd, block);
        block.clear();
      }
    }
  };
  feed(index_);
  if (data_fd_ >= 0)
    ok = ok && read_from_start(data_fd_, data_bytes_, [&](std::span<const std::uint8_t> piece) {
           feed(piece);
           return ok;
         });
  if (ok && !block.empty()) {
    tw.u64(checksum(block));
    ok = write_all(fd, block);
  }
  const std::vector<std::uint8_t> padding(kPackedPadding, 0);
  ok = ok && write_all(fd, padding) && table.size() == blocks * 8;
  h.directory_checksum = checksum(table);
  const std::vector<std::uint8_t> head = header_bytes(h);
  h.header_checksum = ByteReader{std::span(head).subspan(120)}.u64();
  ok = ok && ::lseek(fd, 0, SEEK_SET) == 0 && write_all(fd, head) && write_all(fd, table) &&
       ::fsync(fd) == 0;
  const int saved = errno;
  ::close(fd);
  if (!ok) return Error{ErrorCode::kIo, path_ + ": " + std::strerror(saved)};
  if (data_fd_ >= 0) {
    ::close(data_fd_);
    data_fd_ = -1;
  }
  ::unlink(data_tmp.c_str());
  if (std::rename(tmp.c_str(), path_.c_str()) != 0)
    return Error{ErrorCode::kIo, path_ + ": " + std::strerror(errno)};
  done_ = true;
  if (auto synced = sync_parent_directory(path_); !synced) return synced.error();
  return h.header_checksum;
}

Expected<std::uint64_t> write_packed_layer(const std::string& path, const Layer& layer,
                                           const WriteOptions& options) {
  PackedLayerWriter writer(path, layer.tricks(), layer.klass(), options, layer.bound());
  for (std::size_t i = 0; i < layer.shapes().size(); ++i)
    if (auto added =
            writer.add(layer.sets(static_cast<int>(i)), layer.default_value(static_cast<int>(i)));
        !added)
      return added.error();
  return writer.finish();
}

}  // namespace ddtb::detail::tb
