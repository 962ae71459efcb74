#include "builder/build_report.hpp"

#include <cstdio>
#include <iostream>

namespace ddtb::detail::tb {

ConsoleReporter::ConsoleReporter(bool bar, std::string shard)
    : bar_(std::cerr, bar, "partitions"), shard_(std::move(shard)) {}

void ConsoleReporter::present(const LayerJob& job, const FileHeader& header) {
  if (!shard_.empty()) return;
  std::printf("%-28s: present in %s (%llu sets), used as is\n", job.name().c_str(),
              job.table_path().c_str(), (unsigned long long)header.sets);
  std::fflush(stdout);
}

void ConsoleReporter::round_started(const Round& round, std::uint64_t partitions) {
  bar_.start(
      shard_.empty() ? round.name() : std::to_string(4 * round.tricks) + "-card shard " + shard_,
      partitions);
}

void ConsoleReporter::progress(std::uint64_t done, std::uint64_t) {
  bar_.set(done);
}

void ConsoleReporter::round_built(const Round&, const std::vector<LayerJob>& jobs,
                                  const std::vector<UnitRunStats>& stats, double) {
  bar_.finish();
  for (std::size_t j = 0; j < jobs.size() && !shard_.empty(); ++j) {
    const UnitRunStats& s = stats[j];
    std::printf(
        "%-28s: shard %s: %u of %u units: %u built, %u rebuilt, %u already done; "
        "%llu partitions built, %llu states evaluated, %llu sets, %.1f CPU-s\n",
        jobs[j].name().c_str(), shard_.c_str(), s.units, jobs[j].params.units(), s.built, s.rebuilt,
        s.reused, (unsigned long long)s.partitions_built, (unsigned long long)s.work.evaluated,
        (unsigned long long)s.work.compacted, s.cpu_seconds);
  }
  for (const UnitRunStats& s : stats)
    for (const std::string& note : s.notes) std::printf("  %s\n", note.c_str());
  std::fflush(stdout);
}

void ConsoleReporter::layer_merged(const LayerJob& job, const UnitRunStats& s,
                                   const MergeResult& merged, double wall_seconds) {
  // A resumed build's figures are this run's; the units record what each
  // cost, so the layer's whole CPU is told too (units of earlier builders
  // record none).
  std::string reused;
  if (s.reused) {
    char all[160];
    std::snprintf(all, sizeof all, "; all units: %.1f CPU-s", merged.unit_cpu_seconds);
    reused = " (" + std::to_string(s.reused) + " of " + std::to_string(s.units) +
             " units done by an earlier run" + all +
             (merged.units_without_cpu
                  ? ", " + std::to_string(merged.units_without_cpu) + " of them unrecorded"
                  : std::string()) +
             ")";
  }
  std::printf(
      "%-28s: %u partitions, %llu states evaluated, %llu sets (%llu after "
      "compaction), %llu bytes, %.1f CPU-s, %.1f s wall%s\n",
      job.name().c_str(), job.params.partitions, (unsigned long long)s.work.evaluated,
      (unsigned long long)s.work.sets, (unsigned long long)s.work.compacted,
      (unsigned long long)merged.file_bytes, s.cpu_seconds, wall_seconds, reused.c_str());
  std::fflush(stdout);
}

}  // namespace ddtb::detail::tb
