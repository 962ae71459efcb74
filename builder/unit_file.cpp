#include "builder/unit_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <span>
#include <thread>

#include "builder/file_io.hpp"
#include "tablebase/set_codec.hpp"

namespace ddtb::detail::tb {

namespace {

constexpr char kUnitMagic[8] = {'D', 'D', 'T', 'B', 'U', 'N', 'I', 'T'};

std::uint64_t xxh(std::span<const std::uint8_t> b) {
  return XXH3_64bits(b.data(), b.size());
}

void put(std::vector<std::uint8_t>& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

std::uint64_t get(std::span<const std::uint8_t> b, std::size_t pos, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= std::uint64_t(b[pos + i]) << (8 * i);
  return v;
}

std::string hex(std::uint64_t v) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

const char* class_word(StrainClass k) {
  return k == StrainClass::kTrump ? "trump" : "no-trump";
}

Error corrupt(const std::string& name, const std::string& what) {
  return Error{ErrorCode::kCorruptData, name + ": " + what};
}

}  // namespace

std::string params_mismatch(const UnitParams& got, const UnitParams& want) {
  auto differs = [](const char* what, auto g, auto w, bool as_hex = false) {
    auto text = [&](auto v) {
      return as_hex ? hex(static_cast<std::uint64_t>(v)) : std::to_string(v);
    };
    return std::string(what) + " " + text(g) + " (expected " + text(w) + ")";
  };
  if (got.tricks != want.tricks) return differs("cards", 4 * got.tricks, 4 * want.tricks);
  if (got.klass != want.klass)
    return std::string("strain class ") + class_word(got.klass) + " (expected " +
           class_word(want.klass) + ")";
  if (got.bound != want.bound) return differs("bound", got.bound, want.bound);
  if (got.format_version != want.format_version)
    return differs("table format version", got.format_version, want.format_version);
  if (got.builder_version != want.builder_version)
    return differs("builder version", got.builder_version, want.builder_version);
  if (got.build_params != want.build_params)
    return differs("build parameters", got.build_params, want.build_params, true);
  if (got.lower_checksum != want.lower_checksum)
    return differs("checksum of the layer below", got.lower_checksum, want.lower_checksum, true);
  if (got.shapes_checksum != want.shapes_checksum)
    return differs("shape list checksum", got.shapes_checksum, want.shapes_checksum, true);
  if (got.partitions != want.partitions)
    return differs("layer partitions", got.partitions, want.partitions);
  if (got.unit_size != want.unit_size) return differs("unit size", got.unit_size, want.unit_size);
  return {};
}

std::vector<std::uint8_t> encode_unit(const UnitParams& params, std::uint32_t index,
                                      const std::vector<ShapeKey>& shapes,
                                      const std::vector<std::vector<TbSet>>& sets,
                                      double cpu_seconds) {
  const std::uint32_t first = params.first_of(index);
  std::vector<std::uint8_t> payload;
  std::vector<std::uint8_t> entries;
  std::uint64_t total_sets = 0;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    const std::size_t begin = payload.size();
    encode_sets(sets[i], payload);
    const std::span<const std::uint8_t> mine(payload.data() + begin, payload.size() - begin);
    put(entries, shapes[first + i], 8);
    put(entries, sets[i].size(), 4);
    put(entries, mine.size(), 4);
    put(entries, xxh(mine), 8);
    total_sets += sets[i].size();
  }
  std::vector<std::uint8_t> out;
  out.reserve(kUnitHeaderBytes + entries.size() + payload.size() + 8);
  for (char c : kUnitMagic) out.push_back(static_cast<std::uint8_t>(c));
  put(out, kUnitFileVersion, 4);
  put(out, kUnitHeaderBytes, 4);
  put(out, params.tricks, 1);
  put(out, static_cast<std::uint8_t>(params.klass), 1);
  put(out, static_cast<std::uint8_t>(params.bound), 1);
  put(out, 0, 1);
  put(out, params.format_version, 4);
  put(out, params.builder_version, 4);
  put(out, params.build_params, 4);
  put(out, params.lower_checksum, 8);
  put(out, params.shapes_checksum, 8);
  put(out, params.partitions, 4);
  put(out, params.unit_size, 4);
  put(out, index, 4);
  put(out, first, 4);
  put(out, sets.size(), 4);
  // At least 1 ms once recorded, so that 0 keeps meaning "not recorded".
  const double ms = std::min(cpu_seconds * 1000 + (cpu_seconds > 0 ? 1 : 0), 4.0e9);
  put(out, static_cast<std::uint32_t>(ms), 4);
  put(out, total_sets, 8);
  put(out, payload.size(), 8);
  put(out, xxh(out), 8);
  out.insert(out.end(), entries.begin(), entries.end());
  out.insert(out.end(), payload.begin(), payload.end());
  put(out, xxh(out), 8);
  return out;
}

Expected<void> write_unit(const std::string& path, const UnitParams& params, std::uint32_t index,
                          const std::vector<ShapeKey>& shapes,
                          const std::vector<std::vector<TbSet>>& sets, double cpu_seconds) {
  // write_file_atomically's temporary is named per process and thread: two
  // writers of the same unit (an MPI rank and a stray shard, say) never write
  // into one file; the last rename wins and both wrote the same bytes.
  return write_file_atomically(path, encode_unit(params, index, shapes, sets, cpu_seconds));
}

Expected<Unit> parse_unit(std::vector<std::uint8_t> bytes, const std::string& name,
                          const std::vector<ShapeKey>& shapes) {
  const std::span<const std::uint8_t> b(bytes);
  if (b.size() < kUnitHeaderBytes + 8) return corrupt(name, "too short for a unit file");
  if (std::memcmp(b.data(), kUnitMagic, 8) != 0)
    return corrupt(name, "not a ddtb unit file (bad magic)");
  if (get(b, 8, 4) != kUnitFileVersion)
    return corrupt(name, "unit file version " + std::to_string(get(b, 8, 4)) +
                             ", this build reads " + std::to_string(kUnitFileVersion));
  if (get(b, 12, 4) != kUnitHeaderBytes) return corrupt(name, "bad header size");
  if (xxh(b.subspan(0, 88)) != get(b, 88, 8)) return corrupt(name, "header checksum mismatch");
  Unit u;
  UnitParams& p = u.params;
  p.tricks = static_cast<int>(get(b, 16, 1));
  if (p.tricks < 1 || p.tricks > 13 || get(b, 17, 1) > 1)
    return corrupt(name, "cards or strain class out of range");
  p.klass = static_cast<StrainClass>(get(b, 17, 1));
  p.bound = static_cast<int>(get(b, 18, 1));
  if (p.bound > p.tricks || get(b, 19, 1) != 0) return corrupt(name, "bound out of range");
  p.format_version = static_cast<std::uint32_t>(get(b, 20, 4));
  p.builder_version = static_cast<std::uint32_t>(get(b, 24, 4));
  p.build_params = static_cast<std::uint32_t>(get(b, 28, 4));
  p.lower_checksum = get(b, 32, 8);
  p.shapes_checksum = get(b, 40, 8);
  p.partitions = static_cast<std::uint32_t>(get(b, 48, 4));
  p.unit_size = static_cast<std::uint32_t>(get(b, 52, 4));
  u.index = static_cast<std::uint32_t>(get(b, 56, 4));
  u.first = static_cast<std::uint32_t>(get(b, 60, 4));
  const std::uint64_t count = get(b, 64, 4);
  u.cpu_seconds = double(get(b, 68, 4)) / 1000;
  u.sets = get(b, 72, 8);
  const std::uint64_t payload_bytes = get(b, 80, 8);
  if (p.unit_size == 0 || p.partitions == 0 || u.index >= p.units() ||
      u.first != p.first_of(u.index) || count != p.count_of(u.index))
    return corrupt(name, "its partition range is not a unit of the layer");
  if (!shapes.empty() && shapes.size() != p.partitions)
    return corrupt(name, "layer partitions " + std::to_string(p.partitions) + " (expected " +
                             std::to_string(shapes.size()) + ")");
  const std::uint64_t entries_end = kUnitHeaderBytes + count * kUnitEntryBytes;
  if (b.size() < entries_end + 8 || b.size() - entries_end - 8 != payload_bytes)
    return corrupt(name, "size disagrees with its header (truncated?)");
  const std::string range =
      "partitions " + std::to_string(u.first) + "-" + std::to_string(u.first + count - 1);
  std::uint64_t pos = 0, sets = 0;
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::size_t e = kUnitHeaderBytes + i * kUnitEntryBytes;
    Unit::Partition part;
    part.shape = get(b, e, 8);
    part.sets = static_cast<std::uint32_t>(get(b, e + 8, 4));
    const std::uint64_t len = get(b, e + 12, 4);
    const std::string which = "partition " + std::to_string(u.first + i);
    if (!shapes.empty() && part.shape != shapes[u.first + i])
      return corrupt(name, which + ": shape is not the layer's");
    if (part.sets == 0 || len > payload_bytes - pos)
      return corrupt(name, which + ": bad set count or size");
    part.begin = pos;
    part.end = pos + len;
    const auto mine = b.subspan(entries_end + part.begin, len);
    if (xxh(mine) != get(b, e + 16, 8)) return corrupt(name, which + ": checksum mismatch");
    pos += len;
    sets += part.sets;
    u.partitions.push_back(part);
  }
  if (pos != payload_bytes || sets != u.sets)
    return corrupt(name, range + ": entries disagree with the header");
  if (xxh(b.subspan(0, b.size() - 8)) != get(b, b.size() - 8, 8))
    return corrupt(name, "unit checksum mismatch");
  bytes.resize(b.size() - 8);
  bytes.erase(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(entries_end));
  u.payload = std::move(bytes);
  return u;
}

Expected<Unit> read_unit(const std::string& path, const std::vector<ShapeKey>& shapes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{ErrorCode::kIo, path + ": " + std::strerror(errno)};
  std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), {}};
  if (in.bad()) return Error{ErrorCode::kIo, path + ": read error"};
  return parse_unit(std::move(bytes), path, shapes);
}

Expected<void> decode_unit_partition(const Unit& unit, std::size_t i, std::vector<TbSet>& out) {
  const Unit::Partition& part = unit.partitions[i];
  const std::span<const std::uint8_t> raw(unit.payload.data(), part.end);
  auto end = decode_sets(raw, part.begin, part.shape, part.sets, out, unit.params.bound);
  if (!end) return end.error();
  if (*end != part.end) return Error{ErrorCode::kCorruptData, "bytes after the last set"};
  return {};
}

std::string unit_dir_name(int tricks, StrainClass klass, int bound) {
  return "ddtb-" + std::to_string(4 * tricks) + (klass == StrainClass::kTrump ? "-trump" : "-nt") +
         (bound > 0 ? "-ge" + std::to_string(bound) : std::string()) + ".units";
}

std::string unit_file_name(std::uint32_t index) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "u%06u.unit", index);
  return buf;
}

}  // namespace ddtb::detail::tb
