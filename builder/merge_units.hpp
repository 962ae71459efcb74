// Assembling a layer's table file from its unit files (docs/DISTRIBUTED.md).
// Internal.
//
// Since each partition's sets depend only on the layer below
// (PartitionBuilder starts every partition clean), the merged file is byte
// for byte the one a single process writes, whoever built the units.
#pragma once

#include <cstdint>

#include "builder/layer_job.hpp"

namespace ddtb::detail::tb {

struct MergeResult {
  std::uint64_t sets = 0;
  std::uint64_t header_checksum = 0;
  std::uint64_t file_bytes = 0;
  std::uint32_t units = 0;
  // The CPU the units record having cost (whichever runs and machines
  // built them), and how many record none (units of earlier builders).
  double unit_cpu_seconds = 0;
  std::uint32_t units_without_cpu = 0;
};

// Assembles a layer from the unit files in job.unit_dir() (a unit size of 0
// in the job: the units'): refuses (an Error naming the file, the unit and
// its partitions) a unit file that is corrupt, built with other parameters,
// a duplicate of another or misnamed, and any unit that is missing; streams
// the units in order into the table (LayerWriter: one unit in memory at a
// time, the file atomic), reads it back, decoding every chunk; then deletes
// the unit directory unless `keep_units`.
// `threads` compress the table's chunks (the bytes do not depend on it) at
// `zstd_level` (WriteOptions::zstd_level; 0 stores them as is).
Expected<MergeResult> merge_units(const LayerJob& job, bool keep_units, int threads = 1,
                                  int zstd_level = WriteOptions::kTableLevel);

// Removes a layer's unit directory (what merge leaves when killed after the
// table was written). Returns whether there was one.
bool remove_unit_dir(const LayerJob& job);

// "unit 4 (partitions 64-79)".
std::string unit_words(const UnitParams& p, std::uint32_t unit);

}  // namespace ddtb::detail::tb
