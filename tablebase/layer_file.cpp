#include "tablebase/layer_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "tablebase/chunked_file.hpp"
#include "tablebase/packed_file.hpp"

namespace ddtb::detail::tb {

Error corrupt_file(const std::string& name, const std::string& what) {
  return Error{ErrorCode::kCorruptData, name + ": " + what};
}

namespace {

// The header (FORMAT.md, "Header"), checked on its own: its checksum, and
// every field that needs no other part of the file.
Expected<FileHeader> read_header(std::span<const std::uint8_t> bytes, const std::string& name) {
  if (bytes.size() < kHeaderBytes) return corrupt_file(name, "too short for a tablebase header");
  if (std::memcmp(bytes.data(), kMagic, 8) != 0)
    return corrupt_file(name, "not a ddtb tablebase file (bad magic)");
  ByteReader r{bytes};
  r.pos = 8;
  FileHeader h;
  const std::uint32_t version = r.u32();
  if (!features_of(version, h.format))
    return corrupt_file(name, "format version " + std::to_string(version) + ", this build reads " +
                                  std::to_string(kOldestFormatVersion) + " to " +
                                  std::to_string(kNewestFormatVersion));
  if (r.u32() != kHeaderBytes) return corrupt_file(name, "bad header size");
  h.tricks = r.u8();
  const std::uint8_t klass = r.u8();
  h.bound = r.u8();
  const std::uint8_t zero = r.u8();
  h.partitions = r.u32();
  h.directory_entries = r.u32();
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
    return corrupt_file(name, "header checksum mismatch");
  if (h.tricks < 1 || h.tricks > 13) return corrupt_file(name, "tricks out of range");
  if (klass > 1) return corrupt_file(name, "unknown strain class");
  if (zero != 0) return corrupt_file(name, "nonzero reserved header byte 19");
  if (!h.format.bound && h.bound != 0)
    return corrupt_file(name, "a version " + std::to_string(version) +
                                  " file (an exact layer) with a bound (header byte 18)");
  if (h.format.bound && (h.bound < 1 || h.bound > h.tricks))
    return corrupt_file(name, "bound " + std::to_string(h.bound) + " out of range for " +
                                  std::to_string(h.tricks) + " tricks");
  h.klass = static_cast<StrainClass>(klass);
  // The directory: a chunked file's chunk entries, a packed file's block
  // checksums.
  const std::uint64_t dir_bytes =
      std::uint64_t(h.directory_entries) *
      (h.format.layout == Layout::kPacked ? sizeof(std::uint64_t) : kChunkEntryBytes);
  if (h.directory_offset < kHeaderBytes || h.directory_offset > bytes.size() ||
      bytes.size() - h.directory_offset < dir_bytes)
    return corrupt_file(name, "chunk directory outside the file (truncated?)");
  if (h.data_offset < h.directory_offset + dir_bytes || h.data_offset > bytes.size() ||
      bytes.size() - h.data_offset < h.data_bytes)
    return corrupt_file(name, "data area outside the file (truncated?)");
  if (checksum(bytes.subspan(h.directory_offset, dir_bytes)) != h.directory_checksum)
    return corrupt_file(name, "chunk directory checksum mismatch");
  return h;
}

}  // namespace

Expected<std::unique_ptr<LayerFile>> LayerFile::parse(std::span<const std::uint8_t> bytes,
                                                      std::string name, ShapeCatalog* catalog) {
  auto h = read_header(bytes, name);
  if (!h) return h.error();
  auto index = catalog ? catalog->get(h->tricks, h->klass)
                       : std::make_shared<const ShapeIndex>(h->tricks, h->klass);
  if (index->shapes().size() != h->partitions || index->checksum() != h->shapes_checksum)
    return corrupt_file(name, "its partitions are not this build's canonical shapes");
  switch (h->format.layout) {
    case Layout::kPacked:
      return PackedFile::parse(bytes, std::move(name), *h, std::move(index));
    case Layout::kChunked:
      break;
  }
  return ChunkedFile::parse(bytes, std::move(name), *h, std::move(index));
}

const ChunkedFile* LayerFile::as_chunked() const {
  return layout() == Layout::kChunked ? static_cast<const ChunkedFile*>(this) : nullptr;
}

const PackedFile* LayerFile::as_packed() const {
  return layout() == Layout::kPacked ? static_cast<const PackedFile*>(this) : nullptr;
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
    return corrupt_file(path, "too short for a tablebase header");
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

}  // namespace ddtb::detail::tb
