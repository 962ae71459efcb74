// Work-unit files: the resumable, mergeable output of a sharded build
// (docs/DISTRIBUTED.md). Internal.
//
// A layer's partitions (in canonical shape order) are cut into *work units*
// of `unit_size` consecutive partitions: unit u holds partitions
// [u * unit_size, min((u + 1) * unit_size, partitions)). A unit is the grain
// of everything distributed: a shard or an MPI rank builds whole units, each
// unit's output is one file written atomically (temporary name, fsync,
// rename, directory fsync), and a rerun keeps every valid unit file and
// redoes the others. A file per partition would be faithful to the letter of
// the issue but means millions of files at 20 cards (1.6 M trump partitions);
// a unit file instead keeps each partition's encoded sets with its own
// checksum, so a damaged partition is still named precisely.
//
// File layout (all integers little-endian, checksums XXH3-64 seed 0):
//
//   offset 0    header, 96 bytes
//     0   8 bytes  magic "DDTBUNIT"
//     8   u32      unit file version (kUnitFileVersion)
//     12  u32      header size (96)
//     16  u8       tricks (cards = 4 x tricks)
//     17  u8       strain class: 0 no trump, 1 trump
//     18  u8       bound: 0 exact values, t a bound layer (as the table header's)
//     19  u8       zero
//     20  u32      table format version the sets are encoded for
//     24  u32      builder version (the algorithm that produced the sets)
//     28  u32      build parameters (as the table header's, zstd level aside)
//     32  u64      checksum of the layer below (as the table header's)
//     40  u64      checksum of the layer's canonical shape list
//     48  u32      partitions in the layer
//     52  u32      unit size (partitions per unit)
//     56  u32      unit index
//     60  u32      first partition of the unit
//     64  u32      partitions in the unit
//     68  u32      CPU milliseconds spent building the unit's sets (0: not
//                  recorded; units of earlier builders hold 0 there)
//     72  u64      sets in the unit
//     80  u64      payload bytes
//     88  u64      header checksum: of bytes 0..87
//   offset 96   one entry per partition, 24 bytes each
//     0   u64      shape key
//     8   u32      set count
//     12  u32      encoded bytes
//     16  u64      checksum of the encoded bytes
//   then        the payload: each partition's sets encoded as in a table
//               block (tablebase/FORMAT.md, without the set count), in order
//   last 8      u64 unit checksum: of every byte before it
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "builder/layer_writer.hpp"
#include "ddtb/expected.hpp"
#include "tablebase/layer_file.hpp"

namespace ddtb::detail::tb {

inline constexpr std::uint32_t kUnitFileVersion = 1;
inline constexpr std::size_t kUnitHeaderBytes = 96;
inline constexpr std::size_t kUnitEntryBytes = 24;

// What a unit's sets depend on: two units can be merged into one layer only
// when these agree, and a unit file is reused only when they match the
// build's.
struct UnitParams {
  int tricks = 0;
  StrainClass klass = StrainClass::kNoTrump;
  int bound = 0;  // 0: exact values; t: a bound layer (tablebase/FORMAT.md)
  std::uint32_t format_version = sets_version_for(0);
  std::uint32_t builder_version = kBuilderVersion;
  std::uint32_t build_params = 0;
  std::uint64_t lower_checksum = 0;
  std::uint64_t shapes_checksum = 0;
  std::uint32_t partitions = 0;  // in the layer
  std::uint32_t unit_size = 0;

  std::uint32_t units() const { return (partitions + unit_size - 1) / unit_size; }
  std::uint32_t first_of(std::uint32_t unit) const { return unit * unit_size; }
  std::uint32_t count_of(std::uint32_t unit) const {
    const std::uint32_t first = first_of(unit);
    return partitions - first < unit_size ? partitions - first : unit_size;
  }
};

// The first parameter in which `got` differs from `want`, as text ("lower
// layer checksum 0123... (expected 4567...)"); empty when they agree.
std::string params_mismatch(const UnitParams& got, const UnitParams& want);

// A unit file read back and validated.
struct Unit {
  UnitParams params;
  std::uint32_t index = 0;
  std::uint32_t first = 0;  // first partition
  struct Partition {
    ShapeKey shape = 0;
    std::uint32_t sets = 0;
    std::uint64_t begin = 0, end = 0;  // its encoded sets: payload[begin, end)
  };
  std::vector<Partition> partitions;
  std::vector<std::uint8_t> payload;
  std::uint64_t sets = 0;
  double cpu_seconds = 0;  // building its sets (0: not recorded)
};

// The encoded form of one unit (what write_unit stores); `cpu_seconds`,
// what building its sets cost, is recorded for the merge's report.
std::vector<std::uint8_t> encode_unit(const UnitParams& params, std::uint32_t index,
                                      const std::vector<ShapeKey>& shapes,
                                      const std::vector<std::vector<TbSet>>& sets,
                                      double cpu_seconds = 0);

// Writes unit `index` (the sets of its partitions, in order; `shapes` is the
// layer's shape list) to `path` atomically: a temporary file of a name unique
// to this process and thread, fsync'ed, renamed over `path`, then the
// directory fsync'ed. Errors: kIo.
Expected<void> write_unit(const std::string& path, const UnitParams& params, std::uint32_t index,
                          const std::vector<ShapeKey>& shapes,
                          const std::vector<std::vector<TbSet>>& sets, double cpu_seconds = 0);

// Parses and validates a unit file's bytes: magic, versions, header checksum,
// the unit's partition range within the layer, every entry against `shapes`
// (the canonical shapes of the layer its header names; may be empty to skip
// that check), each partition's checksum, the unit checksum. The sets
// themselves are checked when decoded (decode_unit_partition). Errors name
// `name` and, where one is to blame, the partition.
Expected<Unit> parse_unit(std::vector<std::uint8_t> bytes, const std::string& name,
                          const std::vector<ShapeKey>& shapes);
Expected<Unit> read_unit(const std::string& path, const std::vector<ShapeKey>& shapes);

// The sets of the unit's i-th partition, every field validated against its
// shape (appended to `out`).
Expected<void> decode_unit_partition(const Unit& unit, std::size_t i, std::vector<TbSet>& out);

// File names: the unit directory of a layer inside a table directory
// ("ddtb-12-nt.units", "ddtb-16-trump-ge2.units"), and a unit's file inside
// it ("u000042.unit").
std::string unit_dir_name(int tricks, StrainClass klass, int bound = 0);
std::string unit_file_name(std::uint32_t index);

}  // namespace ddtb::detail::tb
