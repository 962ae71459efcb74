// Whole layers in memory: built (for tests and benchmarks that need no
// files; the same unit runner as every build, builder/work_units.hpp) and
// loaded from a file. Internal.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "builder/layer.hpp"
#include "builder/layer_writer.hpp"
#include "builder/partition_builder.hpp"
#include "ddtb/expected.hpp"
#include "tablebase/layer_file.hpp"

namespace ddtb::detail::tb {

struct LayerStats {
  int tricks = 0;
  StrainClass klass = StrainClass::kNoTrump;
  std::uint64_t partitions = 0;
  PartitionStats work;     // summed over partitions
  double cpu_seconds = 0;  // all threads
  double wall_seconds = 0;
  std::uint64_t file_bytes = 0;
};

// Called from worker threads (serialized) with partitions done and total.
using Progress = std::function<void(std::uint64_t done, std::uint64_t total)>;

// Builds every partition of a layer, `threads` workers taking its work
// units in turn (run_units). The result does not depend on the number of threads (each partition
// starts from a clean builder state). Errors: a gap in the layer below.
Expected<std::unique_ptr<Layer>> build_layer(int tricks, StrainClass klass,
                                             const LowerLayers& lower, int threads,
                                             LayerStats& stats, const Progress& progress);

// Derives the bound layer "at least `bound`" of a card count from its
// complete exact layer (PartitionBuilder::build_bound), on `threads`
// workers. Errors: a gap in the exact layer.
Expected<std::unique_ptr<Layer>> build_bound_layer(const Layer& exact, int bound, int threads,
                                                   LayerStats& stats, const Progress& progress);

// Decodes every partition of a layer file into memory. With `keep`, only
// the partitions it marks get their sets (the others stay empty), so that a
// sample of a large layer fits in memory; every chunk is still read,
// checked and counted.
Expected<std::unique_ptr<Layer>> load_layer(const LayerFile& file,
                                            const std::vector<char>* keep = nullptr);

// Thread CPU time of the calling thread, in seconds.
double thread_cpu_seconds();

}  // namespace ddtb::detail::tb
