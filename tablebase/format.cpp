#include "tablebase/format.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cerrno>
#include <cstring>
#include <thread>

namespace ddtb::detail::tb {

namespace {

constexpr char kMagic[8] = {'D', 'D', 'T', 'B', 'T', 'B', 'L', '\0'};

std::uint64_t checksum(std::span<const std::uint8_t> b) { return XXH3_64bits(b.data(), b.size()); }

// Little-endian writer into a growing buffer.
struct Writer {
  std::vector<std::uint8_t>& out;
  void u8(std::uint64_t v) { out.push_back(static_cast<std::uint8_t>(v)); }
  void u16(std::uint64_t v) { for (int i = 0; i < 2; ++i) u8(v >> (8 * i)); }
  void u32(std::uint64_t v) { for (int i = 0; i < 4; ++i) u8(v >> (8 * i)); }
  void u64(std::uint64_t v) { for (int i = 0; i < 8; ++i) u8(v >> (8 * i)); }
};

// Bounds-checked little-endian reader: a read past the end sets `ok` false
// and returns 0, so parsing code checks `ok` once per record.
struct Reader {
  std::span<const std::uint8_t> b;
  std::size_t pos = 0;
  bool ok = true;
  std::uint64_t get(int n) {
    if (!ok || b.size() - pos < static_cast<std::size_t>(n)) {
      ok = false;
      return 0;
    }
    std::uint64_t v = 0;
    for (int i = 0; i < n; ++i) v |= std::uint64_t(b[pos + i]) << (8 * i);
    pos += n;
    return v;
  }
  std::uint8_t u8() { return static_cast<std::uint8_t>(get(1)); }
  std::uint16_t u16() { return static_cast<std::uint16_t>(get(2)); }
  std::uint32_t u32() { return static_cast<std::uint32_t>(get(4)); }
  std::uint64_t u64() { return get(8); }
};

Error corrupt(const std::string& name, const std::string& what) {
  return Error{ErrorCode::kCorruptData, name + ": " + what};
}

std::vector<std::uint8_t> header_bytes(const FileHeader& h) {
  std::vector<std::uint8_t> out;
  Writer w{out};
  for (char c : kMagic) w.u8(static_cast<std::uint8_t>(c));
  w.u32(h.version);
  w.u32(kHeaderBytes);
  w.u8(h.tricks);
  w.u8(static_cast<std::uint8_t>(h.klass));
  w.u8(static_cast<std::uint8_t>(h.bound));
  w.u8(0);
  w.u32(h.partitions);
  w.u32(h.chunks);
  w.u32(0);
  w.u64(h.sets);
  w.u64(h.shapes_checksum);
  w.u64(h.directory_offset);
  w.u64(h.data_offset);
  w.u64(h.data_bytes);
  w.u64(h.directory_checksum);
  w.u32(h.builder_version);
  w.u32(h.build_params);
  w.u64(h.lower_checksum);
  out.resize(120, 0);
  w.u64(checksum(std::span(out.data(), 120)));
  return out;
}

void put_varint(std::vector<std::uint8_t>& out, std::uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<std::uint8_t>(v | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<std::uint8_t>(v));
}

bool get_varint(std::span<const std::uint8_t> b, std::size_t& pos, std::uint64_t& v) {
  v = 0;
  for (int shift = 0; shift < 35; shift += 7) {
    if (pos >= b.size()) return false;
    const std::uint8_t byte = b[pos++];
    v |= std::uint64_t(byte & 0x7f) << shift;
    if (!(byte & 0x80)) return true;
  }
  return false;
}

}  // namespace

std::string layer_file_name(int tricks, StrainClass klass, int bound) {
  return "ddtb-" + std::to_string(4 * tricks) + (klass == StrainClass::kTrump ? "-trump" : "-nt") +
         (bound > 0 ? "-ge" + std::to_string(bound) : std::string()) + ".tbl";
}

void encode_sets(const std::vector<TbSet>& sets, std::vector<std::uint8_t>& out) {
  for (const TbSet& t : sets) {
    std::array<int, 4> depth{};
    for (int s = 0; s < 4; ++s) depth[s] = t.specified(s);
    out.push_back(t.value);
    out.push_back(static_cast<std::uint8_t>(depth[0] | depth[1] << 4));
    out.push_back(static_cast<std::uint8_t>(depth[2] | depth[3] << 4));
    int half = -1;  // index of a byte whose high nibble is still free
    for (int s = 0; s < 4; ++s) {
      for (int p = 0; p < depth[s]; ++p) {
        const auto n = static_cast<std::uint8_t>(nibble(t.allow[s], p));
        if (half >= 0) {
          out[half] |= static_cast<std::uint8_t>(n << 4);
          half = -1;
        } else {
          half = static_cast<int>(out.size());
          out.push_back(n);
        }
      }
    }
  }
}

std::uint64_t shapes_checksum(const std::vector<ShapeKey>& shapes) {
  return XXH3_64bits(shapes.data(), shapes.size() * sizeof(ShapeKey));
}

namespace {

// Checks the encoded sets [pos, ...) of a partition (count of them) against
// its shape; returns the position after the last.
Expected<std::size_t> validate_sets(std::span<const std::uint8_t> raw, std::size_t pos,
                                    ShapeKey shape, std::uint64_t count, int max_value) {
  if (count > (raw.size() - pos) / 3) return Error{ErrorCode::kCorruptData, "set count too large"};
  std::array<int, 4> length{};
  for (int s = 0; s < 4; ++s) length[s] = column_total(slot_column(shape, s));
  const int tricks = max_value >= 0 ? max_value : shape_tricks(shape);
  for (std::uint64_t k = 0; k < count; ++k) {
    if (raw.size() - pos < 3) return Error{ErrorCode::kCorruptData, "chunk ends inside a set"};
    if (raw[pos] > tricks)
      return Error{ErrorCode::kCorruptData,
                   max_value == 1 ? "bound value above 1" : "value above the tricks left"};
    const std::array<int, 4> depth{raw[pos + 1] & 15, raw[pos + 1] >> 4, raw[pos + 2] & 15,
                                   raw[pos + 2] >> 4};
    pos += 3;
    int nibbles = 0;
    for (int s = 0; s < 4; ++s) {
      if (depth[s] > length[s])
        return Error{ErrorCode::kCorruptData, "constrained depth beyond the suit's length"};
      nibbles += depth[s];
    }
    const std::size_t bytes = static_cast<std::size_t>(nibbles + 1) / 2;
    if (raw.size() - pos < bytes) return Error{ErrorCode::kCorruptData, "chunk ends inside a set"};
    // No nibble may be 0 (a card no seat may hold): OR-fold each nibble's
    // bits into its lowest and compare, eight bytes (16 nibbles) at a time.
    for (int i = 0; i < nibbles; i += 16) {
      std::uint64_t w = 0;
      const int n = std::min(16, nibbles - i);
      for (int b = 0; b < (n + 1) / 2; ++b) w |= std::uint64_t(raw[pos + i / 2 + b]) << (8 * b);
      const std::uint64_t low = 0x1111111111111111ull >> (64 - 4 * n);
      if (((w | w >> 1 | w >> 2 | w >> 3) & low) != low)
        return Error{ErrorCode::kCorruptData, "a card no seat may hold"};
    }
    if ((nibbles & 1) && (raw[pos + bytes - 1] >> 4) != 0)
      return Error{ErrorCode::kCorruptData, "padding nibble not zero"};
    pos += bytes;
  }
  return pos;
}

// Where the `count` encoded sets at pos end, checking only that they lie
// inside `raw`: what a probe's scan needs to stay in bounds (it checks the
// rest of what it reads itself, see find_set).
Expected<std::size_t> walk_sets(std::span<const std::uint8_t> raw, std::size_t pos,
                                std::uint64_t count) {
  if (count > (raw.size() - pos) / 3) return Error{ErrorCode::kCorruptData, "set count too large"};
  for (std::uint64_t k = 0; k < count; ++k) {
    if (raw.size() - pos < 3) return Error{ErrorCode::kCorruptData, "chunk ends inside a set"};
    const unsigned a = raw[pos + 1], b = raw[pos + 2];
    pos += 3 + ((a & 15) + (a >> 4) + (b & 15) + (b >> 4) + 1) / 2;
    if (pos > raw.size()) return Error{ErrorCode::kCorruptData, "chunk ends inside a set"};
  }
  return pos;
}

// Eight bytes from p, little-endian (p may be unaligned).
inline std::uint64_t load64(const std::uint8_t* p) {
  if constexpr (std::endian::native == std::endian::little) {
    std::uint64_t v;
    std::memcpy(&v, p, sizeof v);
    return v;
  } else {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= std::uint64_t(p[i]) << (8 * i);
    return v;
  }
}

// The set encoded at p (validated), and the position after it.
const std::uint8_t* decode_set(const std::uint8_t* p, TbSet& t) {
  t = TbSet{};
  t.value = p[0];
  const std::array<int, 4> depth{p[1] & 15, p[1] >> 4, p[2] & 15, p[2] >> 4};
  p += 3;
  int i = 0;
  for (int s = 0; s < 4; ++s) {
    for (int q = 0; q < depth[s]; ++q, ++i) {
      const int n = (i & 1) ? p[i / 2] >> 4 : p[i / 2] & 15;
      t.allow[s] &= ~nibble_mask(q);
      t.allow[s] |= std::uint64_t(n) << (4 * q);
    }
  }
  return p + (i + 1) / 2;
}

}  // namespace

Expected<std::size_t> decode_sets(std::span<const std::uint8_t> raw, std::size_t pos,
                                  ShapeKey shape, std::uint32_t count, std::vector<TbSet>& out,
                                  int bound) {
  auto end = validate_sets(raw, pos, shape, count, bound > 0 ? 1 : -1);
  if (!end) return end.error();
  const std::uint8_t* p = raw.data() + pos;
  for (std::uint32_t k = 0; k < count; ++k) p = decode_set(p, out.emplace_back());
  return *end;
}

Scan find_set(const std::uint8_t* begin, const std::uint8_t* end, const Nibbles& state,
              int tricks, TbSet& out) {
  // A set holds the state when, in every slot, the state's owner of each
  // constrained card is among the seats its nibble allows. A slot's nibbles
  // follow the previous slot's; eight bytes loaded at the first one hold them
  // all (at most 15 nibbles, shifted by at most one; the chunk's padding
  // keeps the load inside). The chunk was only walked when loaded, so what
  // the answer relies on is checked here: the set lies inside the partition
  // and its value is at most the tricks left. (A depth past a suit's length
  // or a nibble of 0 cannot make a wrong answer: the extra positions are 0 in
  // every state, and an empty nibble matches nothing.)
  // The partition's lines are likely out of the processor's caches: ask for
  // them all at once, so that their latencies overlap.
  for (const std::uint8_t* p = begin; p < end && p < begin + 1024; p += 64) __builtin_prefetch(p);
  for (const std::uint8_t* p = begin; p < end;) {
    if (end - p < 3) return Scan::kCorrupt;
    const unsigned d01 = p[1], d23 = p[2];
    const std::array<unsigned, 4> depth{d01 & 15, d01 >> 4, d23 & 15, d23 >> 4};
    const std::uint8_t* nib = p + 3;
    const std::uint8_t* next = nib + (depth[0] + depth[1] + depth[2] + depth[3] + 1) / 2;
    if (next > end) return Scan::kCorrupt;
    unsigned i = 0;
    bool in = true;
    for (int s = 0; s < 4 && in; ++s) {
      const unsigned d = depth[s];
      if (!d) continue;
      const std::uint64_t w = load64(nib + i / 2) >> (4 * (i & 1));
      const std::uint64_t m = ~std::uint64_t{0} >> (64 - 4 * d);
      in = (state[s] & m & ~w) == 0;
      i += d;
    }
    if (in) {
      if (p[0] > tricks) return Scan::kCorrupt;
      decode_set(p, out);
      return Scan::kFound;
    }
    p = next;
  }
  return Scan::kAbsent;
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

namespace {

// Writes all of `b` to `fd`; false on an error (errno set).
bool write_all(int fd, std::span<const std::uint8_t> b) {
  while (!b.empty()) {
    const ssize_t n = ::write(fd, b.data(), b.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    b = b.subspan(static_cast<std::size_t>(n));
  }
  return true;
}

}  // namespace

LayerWriter::LayerWriter(std::string path, int tricks, StrainClass klass,
                         const WriteOptions& options, int bound)
    : path_(std::move(path)),
      tricks_(tricks),
      klass_(klass),
      bound_(bound),
      options_(options),
      shapes_(enumerate_shapes(tricks, klass)) {}

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
  put_varint(raw_, sets);
  raw_.insert(raw_.end(), encoded.begin(), encoded.end());
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
  std::atomic<std::size_t> next{0};
  auto compress = [&]() {
    for (std::size_t i; (i = next.fetch_add(1)) < pending_.size();) {
      Pending& p = pending_[i];
      p.packed.resize(ZSTD_compressBound(p.raw.size()));
      p.z = ZSTD_compress(p.packed.data(), p.packed.size(), p.raw.data(), p.raw.size(),
                          options_.zstd_level);
    }
  };
  const std::size_t helpers =
      std::min<std::size_t>(static_cast<std::size_t>(std::max(1, options_.threads)),
                            pending_.size()) -
      1;
  std::vector<std::thread> pool;
  for (std::size_t t = 0; t < helpers; ++t) pool.emplace_back(compress);
  compress();
  for (auto& th : pool) th.join();
  for (const Pending& p : pending_) {
    const bool use_zstd = !ZSTD_isError(p.z) && p.z < p.raw.size();
    const std::span<const std::uint8_t> stored =
        use_zstd ? std::span<const std::uint8_t>(p.packed.data(), p.z) : std::span(p.raw);
    Writer dw{directory_};
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
  h.version = format_version_for(bound_);
  h.tricks = tricks_;
  h.klass = klass_;
  h.bound = bound_;
  h.partitions = static_cast<std::uint32_t>(shapes_.size());
  h.chunks = chunks_;
  h.sets = sets_;
  h.shapes_checksum = shapes_checksum(shapes_);
  h.directory_offset = kHeaderBytes;
  h.data_offset = kHeaderBytes + directory_.size();
  h.data_bytes = data_bytes_;
  h.directory_checksum = checksum(directory_);
  h.build_params = options_.build_params | (std::uint32_t(options_.zstd_level) & 0xff) << 8;
  h.lower_checksum = options_.lower_checksum;
  const std::vector<std::uint8_t> head = header_bytes(h);
  h.header_checksum = Reader{std::span(head).subspan(120)}.u64();
  const std::string tmp = path_ + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Error{ErrorCode::kIo, tmp + ": " + std::strerror(errno)};
  // Header and directory, then the data copied from the data file.
  bool ok = write_all(fd, head) && write_all(fd, directory_) && ::lseek(data_fd_, 0, SEEK_SET) == 0;
  std::vector<std::uint8_t> buffer(std::size_t{1} << 20);
  for (std::uint64_t left = data_bytes_; ok && left > 0;) {
    const ssize_t n = ::read(data_fd_, buffer.data(), std::min<std::uint64_t>(left, buffer.size()));
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) errno = EIO;  // the data file is shorter than written
    ok = n > 0 && write_all(fd, std::span(buffer.data(), static_cast<std::size_t>(n)));
    if (ok) left -= static_cast<std::uint64_t>(n);
  }
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
  const std::string dir =
      path_.find('/') == std::string::npos ? "." : path_.substr(0, path_.rfind('/'));
  const int dfd = ::open(dir.empty() ? "/" : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
  return h.header_checksum;
}

Expected<std::unique_ptr<LayerFile>> LayerFile::parse(std::span<const std::uint8_t> bytes,
                                                      std::string name) {
  if (bytes.size() < kHeaderBytes) return corrupt(name, "too short for a tablebase header");
  if (std::memcmp(bytes.data(), kMagic, 8) != 0)
    return corrupt(name, "not a ddtb tablebase file (bad magic)");
  Reader r{bytes};
  r.pos = 8;
  FileHeader h;
  h.version = r.u32();
  if (h.version != kFormatVersion && h.version != kBoundFormatVersion)
    return corrupt(name, "format version " + std::to_string(h.version) + ", this build reads " +
                             std::to_string(kFormatVersion) + " and " +
                             std::to_string(kBoundFormatVersion));
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
  if (h.version == kFormatVersion && h.bound != 0)
    return corrupt(name, "a version 1 file with a bound (header byte 18)");
  if (h.version == kBoundFormatVersion && (h.bound < 1 || h.bound > h.tricks))
    return corrupt(name, "bound " + std::to_string(h.bound) + " out of range for " +
                             std::to_string(h.tricks) + " tricks");
  h.klass = static_cast<StrainClass>(klass);

  const std::uint64_t dir_bytes = std::uint64_t(h.chunks) * kChunkEntryBytes;
  if (h.directory_offset < kHeaderBytes || h.directory_offset > bytes.size() ||
      bytes.size() - h.directory_offset < dir_bytes)
    return corrupt(name, "chunk directory outside the file (truncated?)");
  if (h.data_offset < h.directory_offset + dir_bytes || h.data_offset > bytes.size() ||
      bytes.size() - h.data_offset < h.data_bytes)
    return corrupt(name, "data area outside the file (truncated?)");
  const auto dir = bytes.subspan(h.directory_offset, dir_bytes);
  if (checksum(dir) != h.directory_checksum) return corrupt(name, "chunk directory checksum mismatch");

  auto f = std::unique_ptr<LayerFile>(new LayerFile());
  f->shapes_ = enumerate_shapes(h.tricks, h.klass);
  if (f->shapes_.size() != h.partitions || shapes_checksum(f->shapes_) != h.shapes_checksum)
    return corrupt(name, "its partitions are not this build's canonical shapes");
  if (h.chunks == 0 || h.chunks > h.partitions) return corrupt(name, "bad chunk count");
  f->directory_.reserve(h.chunks);
  Reader dr{dir};
  for (std::uint32_t c = 0; c < h.chunks; ++c) {
    ChunkEntry e;
    e.first_partition = dr.u32();
    e.encoding = dr.u32();
    e.offset = dr.u64();
    e.stored_bytes = dr.u32();
    e.raw_bytes = dr.u32();
    e.checksum = dr.u64();
    const std::string which = "chunk " + std::to_string(c);
    if (c == 0 ? e.first_partition != 0
               : e.first_partition <= f->directory_.back().first_partition ||
                     e.first_partition >= h.partitions)
      return corrupt(name, which + " starts at a wrong partition");
    if (e.offset > h.data_bytes || h.data_bytes - e.offset < e.stored_bytes)
      return corrupt(name, which + " lies outside the data area");
    if (e.encoding > 1 || (e.encoding == 0 && e.raw_bytes != e.stored_bytes))
      return corrupt(name, which + " has an unknown encoding");
    f->directory_.push_back(e);
  }
  f->bytes_ = bytes;
  f->name_ = std::move(name);
  f->header_ = h;
  f->build_index();
  return f;
}

void LayerFile::build_index() {
  std::size_t size = 16;
  int bits = 4;
  while (size * 3 < shapes_.size() * 4) {
    size *= 2;
    ++bits;
  }
  index_.assign(size, IndexEntry{});
  index_shift_ = 64 - bits;
  std::size_t c = 0;
  for (std::size_t p = 0; p < shapes_.size(); ++p) {
    while (c + 1 < directory_.size() && directory_[c + 1].first_partition <= p) ++c;
    std::size_t i = (shapes_[p] * 0x9e3779b97f4a7c15ull) >> index_shift_;
    while (index_[i].shape != 0) i = (i + 1) & (size - 1);
    index_[i] = {shapes_[p], static_cast<std::uint32_t>(c),
                 static_cast<std::uint32_t>(p - directory_[c].first_partition)};
  }
}

Expected<std::unique_ptr<LayerFile>> LayerFile::open(const std::string& path) {
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
  auto parsed = parse(std::span(static_cast<const std::uint8_t*>(m), size), path);
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

int LayerFile::find(ShapeKey shape) const {
  auto it = std::lower_bound(shapes_.begin(), shapes_.end(), shape);
  return it != shapes_.end() && *it == shape ? static_cast<int>(it - shapes_.begin()) : -1;
}

std::size_t LayerFile::chunk_of(std::size_t index) const {
  auto it = std::upper_bound(directory_.begin(), directory_.end(), index,
                             [](std::size_t i, const ChunkEntry& e) { return i < e.first_partition; });
  return static_cast<std::size_t>(it - directory_.begin()) - 1;
}

Expected<RawChunk> LayerFile::load_raw_chunk(std::size_t c, bool full) const {
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
  chunk.bytes.resize(std::size_t{e.raw_bytes} + kScanPadding, 0);
  if (e.encoding == 1) {
    // One decompression context per thread: creating one per chunk costs
    // more than decompressing a chunk.
    static thread_local std::unique_ptr<ZSTD_DCtx, std::size_t (*)(ZSTD_DCtx*)> dctx(
        ZSTD_createDCtx(), ZSTD_freeDCtx);
    if (!dctx) return Error{ErrorCode::kIo, where + ": out of memory for decompression"};
    const std::size_t n = ZSTD_decompressDCtx(dctx.get(), chunk.bytes.data(), e.raw_bytes,
                                              stored.data(), stored.size());
    if (ZSTD_isError(n) || n != e.raw_bytes) return corrupt(where, "chunk does not decompress");
  } else {
    std::memcpy(chunk.bytes.data(), stored.data(), stored.size());
  }
  const std::span<const std::uint8_t> raw(chunk.bytes.data(), e.raw_bytes);
  const std::uint32_t last =
      c + 1 < directory_.size() ? directory_[c + 1].first_partition : header_.partitions;
  chunk.first = e.first_partition;
  chunk.ranges.reserve(last - e.first_partition);
  std::size_t pos = 0;
  for (std::uint32_t p = e.first_partition; p < last; ++p) {
    std::uint64_t count = 0;
    if (!get_varint(raw, pos, count) || count == 0 || count > raw.size())
      return corrupt(where, "bad set count for partition " + std::to_string(p));
    auto next = full ? validate_sets(raw, pos, shapes_[p], count, header_.bound > 0 ? 1 : -1)
                     : walk_sets(raw, pos, count);
    if (!next)
      return corrupt(where, "partition " + std::to_string(p) + ": " + next.error().message);
    chunk.ranges.push_back({static_cast<std::uint32_t>(pos), static_cast<std::uint32_t>(*next)});
    pos = *next;
  }
  if (pos != raw.size()) return corrupt(where, "bytes after the last partition");
  return chunk;
}

Expected<Chunk> LayerFile::load_chunk(std::size_t c) const {
  auto raw = load_raw_chunk(c, true);
  if (!raw) return raw.error();
  Chunk chunk;
  chunk.first = raw->first;
  for (const RawChunk::Range& r : raw->ranges) {
    chunk.starts.push_back(static_cast<std::uint32_t>(chunk.sets.size()));
    const std::uint8_t* p = raw->bytes.data() + r.begin;
    const std::uint8_t* end = raw->bytes.data() + r.end;
    while (p < end) p = decode_set(p, chunk.sets.emplace_back());
  }
  chunk.starts.push_back(static_cast<std::uint32_t>(chunk.sets.size()));
  return chunk;
}

}  // namespace ddtb::detail::tb
