// Work units: running them on threads, resumably (docs/DISTRIBUTED.md).
// Internal.
//
// Every build of a layer goes through units (builder/unit_file.hpp), run by
// the one executor (builder/executor.hpp) for `ddtb-build build`, a shard,
// an MPI rank and the tests alike. Each unit ends as a file written
// atomically; a unit whose valid file is already there is not built again,
// so any of them, killed at any moment, resumes where it stopped.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "builder/layer_build.hpp"
#include "builder/layer_job.hpp"

namespace ddtb::detail::tb {

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
// Dealt from the costliest down, the shares are about equal in work.
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
  // Makes sure `unit` of `job` is built: into job.memory, or as a valid
  // unit file (keeping one that is there, valid and built with the job's
  // parameters; building or rebuilding and writing it otherwise). Errors: a
  // gap in the layer below (kCorruptData), the file cannot be written (kIo).
  Expected<UnitOutcome> run(const LayerJob& job, std::uint32_t unit, const PartitionsDone& done);

 private:
  // Why the unit's file cannot be kept ("" when it can), or nullopt when
  // there is none.
  std::optional<std::string> unusable_file(const LayerJob& job, std::uint32_t unit) const;
  // The exact sets of partition `index` of a bound job's source: in memory,
  // or from its file through a one-chunk cache (consecutive partitions
  // share chunks).
  Expected<std::span<const TbSet>> exact_sets(const LayerJob& job, std::uint32_t index);

  PartitionBuilder builder_;
  const LayerFile* chunk_file_ = nullptr;
  std::size_t chunk_index_ = 0;
  PartitionRun chunk_;
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

// Runs `items` on `threads` threads (core/parallel.hpp, each with its own
// UnitWorker), taking them in order. Stops at the first error and returns
// it.
Expected<std::vector<UnitRunStats>> run_units(const std::vector<LayerJob>& jobs,
                                              const std::vector<WorkItem>& items,
                                              const LowerLayers& lower, int threads,
                                              const RunProgress& progress);

}  // namespace ddtb::detail::tb
