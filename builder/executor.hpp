// The one executor of a build plan (builder/build_plan.hpp). Internal.
//
// Every way of building tables runs a plan through execute(): the plain
// `ddtb-build build` (one party: every unit on its threads, merging each
// round), a shard of an array job (`--shard i/N`: its share of the first
// round, no merge), each rank of `ddtb-build-mpi` (shard `rank` of `size`
// of every round, then rank 0 merges), and the tests. What differs between
// them is only the Party: which share of the units it runs, whether it
// merges, and how it waits for the others.
#pragma once

#include <cstdint>
#include <vector>

#include "builder/build_plan.hpp"
#include "builder/merge_units.hpp"
#include "builder/work_units.hpp"

namespace ddtb::detail::tb {

// One of the parties running a plan together. The default is a party
// alone: all units, and it merges.
class Party {
 public:
  virtual ~Party() = default;
  // This party runs items index, index + count, ... of each round's units.
  virtual int index() const { return 0; }
  virtual int count() const { return 1; }
  // Whether this party merges each round's layers.
  virtual bool merges() const { return true; }
  // Called by every party when its share of a round is done; returns once
  // every party's share is done, with `stats` (this party's, per job) summed
  // over the parties at the merging party.
  virtual void all_built(std::vector<UnitRunStats>& /*stats*/) {}
  // Called by every party after the merging party merged; returns once it
  // has.
  virtual void all_merged() {}
};

// What a build tells its user; every call comes from the thread that
// called execute(), except progress (from worker threads, serialized).
class BuildReporter {
 public:
  virtual ~BuildReporter() = default;
  // A layer of a card count being built on is already in the directory.
  virtual void present(const LayerJob& /*job*/, const FileHeader& /*header*/) {}
  virtual void round_started(const Round& /*round*/, std::uint64_t /*partitions*/) {}
  virtual void progress(std::uint64_t /*done*/, std::uint64_t /*total*/) {}
  // This party's share of a round is done (`stats` as all_built left them).
  virtual void round_built(const Round& /*round*/, const std::vector<LayerJob>& /*jobs*/,
                           const std::vector<UnitRunStats>& /*stats*/, double /*wall_seconds*/) {}
  // The merging party wrote a layer's table; `wall_seconds` since the round
  // started.
  virtual void layer_merged(const LayerJob& /*job*/, const UnitRunStats& /*stats*/,
                            const MergeResult& /*merged*/, double /*wall_seconds*/) {}
};

struct ExecuteOptions {
  int threads = 1;  // builder threads, and threads compressing a merged table
  // The merged tables' storage (WriteOptions::zstd_level; kTableLevel:
  // table_zstd_level's choice by card count).
  int zstd_level = WriteOptions::kTableLevel;
  // Run the first round with something to build, then stop (a shard's run:
  // the merge and the next rounds wait for every shard).
  bool first_round_only = false;
};

// Runs `plan` as `party`: for each card count, checks and reports the
// layers present (a file holding another layer is an error) and removes
// their leftover units (merging party); if a round is to run, loads the
// layers below from the directory; then for each round, runs the party's
// share of its units, waits for the others (Party::all_built), merges its
// layers when the party merges, and waits for the merge
// (Party::all_merged). Errors: the first that stopped the build (a corrupt
// or missing table below, a unit that cannot be built or written, a merge
// refused).
Expected<void> execute(const Plan& plan, const ExecuteOptions& options, Party& party,
                       BuildReporter& reporter);

}  // namespace ddtb::detail::tb
