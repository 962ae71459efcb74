// Resumable layer builds from work units, and merging units into a layer
// (docs/DISTRIBUTED.md). Internal.
//
// Every way of building a layer goes through units (builder/unit_file.hpp):
// the plain `ddtb-build build` runs all of them on its threads, a shard
// (`--shard i/N`, a Slurm array task) runs its deterministic share, an MPI
// rank runs those rank 0 hands it. Each unit ends as a file written
// atomically; a unit whose valid file is already there is not built again,
// so any of them, killed at any moment, resumes where it stopped. `merge`
// then assembles the layer file, refusing gaps, duplicates and units built
// with other parameters. Since each partition's sets depend only on the
// layer below (PartitionBuilder starts every partition clean), the merged
// file is byte for byte the one a single process writes.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "builder/layer_build.hpp"
#include "builder/unit_file.hpp"

namespace ddtb::detail::tb {

// Partitions per work unit. 256 keeps the files few (1.6 M trump partitions
// at 20 cards make 6,272 units) and a unit short enough that a killed build
// loses little (see docs/SCALE.md for the time per partition).
inline constexpr std::uint32_t kDefaultUnitSize = 256;

// Both strain classes of one card count, read from a table directory: the
// layer below a build.
struct LoadedLayers {
  int tricks = 0;
  std::array<std::unique_ptr<Layer>, 2> layer;  // by StrainClass
  // XOR of the two files' header checksums: the next layer's lower_checksum.
  std::uint64_t checksum = 0;
  LowerLayers lower() const { return {layer[0].get(), layer[1].get(), tricks}; }
};

// Opens the table file of `tricks` tricks and class `klass` in `dir`,
// checking that it holds that layer (a file copied over another's name is
// refused, naming both). Errors: the file missing, unreadable, corrupt or
// another layer's.
Expected<std::unique_ptr<LayerFile>> open_layer_file(const std::string& dir, int tricks,
                                                     StrainClass klass, int bound = 0);

// Loads and decodes both classes of `tricks` tricks from `dir` (tricks 0:
// nothing, checksum 0). Errors: a file missing, unreadable or corrupt.
Expected<LoadedLayers> load_layers(const std::string& dir, int tricks);

// The checksum of the layer below `tricks` in `dir` (the XOR of the two
// header checksums of tricks - 1; 0 for one trick), reading only headers.
Expected<std::uint64_t> lower_checksum(const std::string& dir, int tricks);

// One layer (card count and class) to be built from units in a directory.
struct LayerJob {
  std::string dir;
  UnitParams params;
  std::vector<ShapeKey> shapes;
  // A bound layer's source: the exact layer of its card count and class
  // (attach_exact), read a chunk at a time by the workers.
  std::shared_ptr<const LayerFile> exact;

  std::string name() const;  // "12-card trump"
  std::string table_path() const;
  std::string unit_dir() const;
  std::string unit_path(std::uint32_t unit) const;
};
LayerJob make_job(const std::string& dir, int tricks, StrainClass klass,
                  std::uint64_t lower_checksum, std::uint32_t unit_size, int bound = 0);

// Opens the exact layer a bound job is derived from (job.exact). Errors: the
// exact layer is missing from the directory, unreadable or another layer's.
Expected<void> attach_exact(LayerJob& job);

// The bound layers derived from the exact layer of `tricks` tricks: "the
// leader's side takes at least t" for t = 2 .. tricks - 1, the thresholds the
// search asks (it probes only when 1 < beta < tricks left). None below 3
// tricks. They are built once the exact layers of their card count are
// complete (a sharded build runs the units of a card count in two rounds:
// exact, merge, then bound, merge).
inline int first_bound(int tricks) {
  return tricks >= 3 ? 2 : 0;
}
inline int last_bound(int tricks) {
  return tricks >= 3 ? tricks - 1 : -1;
}

// Every layer file of a card count, as (class, bound) pairs: the two exact
// layers, then with `bounds` the bound layers.
inline std::vector<std::pair<StrainClass, int>> layers_of(int tricks, bool bounds) {
  std::vector<std::pair<StrainClass, int>> out;
  for (int kc = 0; kc < 2; ++kc) out.emplace_back(static_cast<StrainClass>(kc), 0);
  if (bounds)
    for (int b = first_bound(tricks); b <= last_bound(tricks); ++b)
      for (int kc = 0; kc < 2; ++kc) out.emplace_back(static_cast<StrainClass>(kc), b);
  return out;
}

// Canonical states of a partition: the product over slots of their owner
// sequences, tied slots counted once per multiset.
double partition_states(ShapeKey shape, StrainClass klass);

// A unit of one of several jobs.
struct WorkItem {
  std::uint32_t job = 0;
  std::uint32_t unit = 0;
};

// Every unit of the jobs, the most work expected first (the canonical states
// of its partitions; ties by job, then unit): whoever takes them in this
// order does the long ones early, so they do not stall the end of a layer.
std::vector<WorkItem> plan_work(const std::vector<LayerJob>& jobs);

// A shard's deterministic share of a plan: items shard, shard + shards, ...
std::vector<WorkItem> shard_of(const std::vector<WorkItem>& plan, int shard, int shards);

struct UnitOutcome {
  enum Kind { kReused, kBuilt, kRebuilt } kind = kBuilt;
  std::string reason;  // kRebuilt: what was wrong with the old file
  std::uint32_t partitions = 0;
  PartitionStats work;
  double cpu_seconds = 0;
};

// Called after each partition (built or found done), with the count.
using PartitionsDone = std::function<void(std::uint32_t partitions)>;

// A worker thread's builder of units over one layer below.
class UnitWorker {
 public:
  explicit UnitWorker(const LowerLayers& lower);
  // Makes sure `unit` of `job` has a valid file: keeps one that is there,
  // valid and built with the job's parameters; builds (or rebuilds) and
  // writes it otherwise. Errors: a gap in the layer below (kCorruptData),
  // the file cannot be written (kIo).
  Expected<UnitOutcome> run(const LayerJob& job, std::uint32_t unit, const PartitionsDone& done);

 private:
  // The exact sets of partition `index` of a bound job's source, through a
  // one-chunk cache (consecutive partitions share chunks).
  Expected<std::span<const TbSet>> exact_sets(const LayerFile& file, std::uint32_t index);

  PartitionBuilder builder_;
  const LayerFile* chunk_file_ = nullptr;
  std::size_t chunk_index_ = 0;
  Chunk chunk_;
};

// What running a list of units did, per job.
struct UnitRunStats {
  std::uint32_t units = 0, built = 0, reused = 0, rebuilt = 0;
  std::uint64_t partitions_built = 0;
  PartitionStats work;
  double cpu_seconds = 0;
  std::vector<std::string> notes;  // one per rebuilt unit: which, and why
};

// Progress of a run: partitions done and total, from worker threads
// (serialized).
using RunProgress = std::function<void(std::uint64_t done, std::uint64_t total)>;

// Runs `items` on `threads` threads (each with its own UnitWorker), taking
// them in order. Stops at the first error and returns it.
Expected<std::vector<UnitRunStats>> run_units(const std::vector<LayerJob>& jobs,
                                              const std::vector<WorkItem>& items,
                                              const LowerLayers& lower, int threads,
                                              const RunProgress& progress);

struct MergeResult {
  std::uint64_t sets = 0;
  std::uint64_t header_checksum = 0;
  std::uint64_t file_bytes = 0;
  std::uint32_t units = 0;
};

// Assembles a layer from the unit files in job.unit_dir() (a unit size of 0
// in the job: the units'): refuses (an Error naming the file, the unit and
// its partitions) a unit file that is corrupt, built with other parameters,
// a duplicate of another or misnamed, and any unit that is missing; streams
// the units in order into the table (LayerWriter: one unit in memory at a
// time, the file atomic), reads it back, decoding every chunk; then deletes
// the unit directory unless `keep_units`.
// `threads` compress the table's chunks (the bytes do not depend on it).
Expected<MergeResult> merge_units(const LayerJob& job, bool keep_units, int threads = 1);

// Removes a layer's unit directory (what merge leaves when killed after the
// table was written). Returns whether there was one.
bool remove_unit_dir(const LayerJob& job);

}  // namespace ddtb::detail::tb
