// Sampling a layer's partitions to estimate the cost of building it
// (`ddtb-build sample`, docs/SCALE.md). Internal.
//
// Draws partitions of an N-card layer uniformly without replacement, per
// strain class, builds each over the layer below (read from a table
// directory, where only the partitions one trick from the sample are
// decoded: builder/successor_shapes.hpp) exactly as a real build does, and
// records its thread CPU time, its sets and its encoded bytes. The whole
// layers are then extrapolated two ways: mean per partition times the
// partitions (with a 95% interval from the sample's spread), and a ratio
// estimate that scales the sample's cost per canonical state by the layer's
// states (partitions differ in size by orders of magnitude, and cost
// follows size).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "builder/work_units.hpp"

namespace ddtb::detail::tb {

struct SampleOptions {
  int tricks = 5;                 // the layer sampled (cards / 4)
  std::string tables;             // directory holding the layer below
  std::uint64_t per_class = 200;  // partitions drawn from each class
  // Runs of consecutive partitions, each filling one table chunk (at most
  // 256 partitions), built per class to measure compression as the file
  // will see it (neighbouring partitions compress together far better than
  // scattered ones).
  std::uint64_t runs_per_class = 50;
  // When not empty: exactly these partitions (indices in the shape list of
  // each class sampled) instead of a random draw, to time them alone.
  std::vector<std::uint32_t> only;
  std::uint64_t seed = 1;
  bool no_trump = true, trump = true;
  int threads = 1;
};

struct SampleRow {
  StrainClass klass = StrainClass::kNoTrump;
  std::uint32_t index = 0;  // in the layer's shape list
  ShapeKey shape = 0;
  double states = 0;  // canonical states of the partition
  std::uint64_t evaluated = 0, sets = 0, compacted = 0;
  std::uint64_t raw_bytes = 0;  // encoded sets (a table's block before zstd)
  double cpu_seconds = 0;
};

// A run of consecutive partitions from `first`, as one table chunk.
struct ChunkRun {
  std::uint32_t first = 0, partitions = 0;
  std::uint64_t raw_bytes = 0, stored_bytes = 0;
};

// Spread of one quantity over a class's sample.
struct Spread {
  double mean = 0, sd = 0, min = 0, p50 = 0, p90 = 0, p99 = 0, max = 0, sum = 0;
};

struct SampleClass {
  StrainClass klass = StrainClass::kNoTrump;
  std::uint64_t partitions = 0;  // in the layer
  double layer_states = 0;       // canonical states of the layer
  std::vector<SampleRow> rows;   // by index
  std::vector<ChunkRun> runs;
  Spread cpu, sets, raw_bytes;
  double top1_cpu_share = 0;  // of the sample's CPU, in its slowest 1% (at least one)
  double states_cpu_correlation = 0;
  double scattered_ratio = 1;  // compressed / raw, the sampled partitions chunked together
  double zstd_ratio = 1;       // compressed / raw of the chunk runs (the estimate used)
  // Extrapolations to the whole layer.
  double cpu_total = 0, cpu_half_width = 0;  // mean x partitions, 95% +-
  double cpu_by_states = 0;                  // ratio estimate
  double sets_total = 0, sets_by_states = 0;
  double file_bytes = 0;  // raw estimate x zstd_ratio
};

struct SampleReport {
  int tricks = 0;
  std::vector<SampleClass> classes;
  double load_seconds = 0, wall_seconds = 0;
  // The layer below, decoded only where the sample reaches it.
  std::uint64_t lower_partitions = 0, lower_partitions_decoded = 0, lower_sets_decoded = 0;
};

using SampleProgress = std::function<void(std::uint64_t done, std::uint64_t total)>;

// Errors: the layer below missing or unreadable, a gap in it.
Expected<SampleReport> run_sample(const SampleOptions& options, const SampleProgress& progress);

// The report as text (one block per class, then both together), and the
// rows as CSV with a header line.
std::string format_sample(const SampleReport& report);
std::string sample_csv(const SampleReport& report);

}  // namespace ddtb::detail::tb
