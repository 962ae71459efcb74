#include "builder/executor.hpp"

#include <chrono>

namespace ddtb::detail::tb {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Opens each present layer of a card count (refusing one that holds another
// layer) and reports it; the merging party removes the units a merge killed
// after writing the table left behind.
Expected<void> check_present(const CardCountPlan& count, const Party& party,
                             BuildReporter& reporter) {
  for (const LayerJob& job : count.present) {
    auto file = open_layer_file(job.dir, job.params.tricks, job.params.klass, job.params.bound);
    if (!file)
      return Error{file.error().code, file.error().message + "\n(delete the file to rebuild it)"};
    reporter.present(job, (*file)->header());
    if (party.merges()) remove_unit_dir(job);
  }
  return {};
}

// The round's jobs ready to run: over the layer below (its checksum), the
// bound layers with their exact layer attached.
Expected<std::vector<LayerJob>> prepare_jobs(const Round& round, std::uint64_t lower_sum) {
  std::vector<LayerJob> jobs = round.jobs;
  for (LayerJob& job : jobs) {
    job.params.lower_checksum = lower_sum;
    if (job.params.bound > 0)
      if (auto attached = attach_exact(job); !attached) return attached.error();
  }
  return jobs;
}

Expected<void> run_round(const Round& round, const LoadedLayers& lower,
                         const ExecuteOptions& options, Party& party, BuildReporter& reporter) {
  auto jobs = prepare_jobs(round, lower.checksum);
  if (!jobs) return jobs.error();
  const auto items = shard_of(plan_work(*jobs), party.index(), party.count());
  std::uint64_t partitions = 0;
  for (const WorkItem& w : items) partitions += (*jobs)[w.job].params.count_of(w.unit);
  const auto start = Clock::now();
  reporter.round_started(round, partitions);
  auto stats =
      run_units(*jobs, items, lower.lower(), options.threads,
                [&](std::uint64_t done, std::uint64_t total) { reporter.progress(done, total); });
  if (!stats) return stats.error();
  party.all_built(*stats);
  reporter.round_built(round, *jobs, *stats, seconds_since(start));
  if (options.first_round_only) return {};
  if (party.merges())
    for (std::size_t j = 0; j < jobs->size(); ++j) {
      auto merged = merge_units((*jobs)[j], false, options.threads, options.zstd_level);
      if (!merged) return merged.error();
      reporter.layer_merged((*jobs)[j], (*stats)[j], *merged, seconds_since(start));
    }
  party.all_merged();
  return {};
}

}  // namespace

Expected<void> execute(const Plan& plan, const ExecuteOptions& options, Party& party,
                       BuildReporter& reporter) {
  for (const CardCountPlan& count : plan.counts) {
    if (options.first_round_only && count.rounds.empty()) continue;
    if (auto checked = check_present(count, party, reporter); !checked) return checked;
    if (count.rounds.empty()) continue;
    auto lower = load_layers(plan.dir, count.tricks - 1, nullptr, count.classes.built_on());
    if (!lower) return lower.error();
    for (const Round& round : count.rounds) {
      if (auto ran = run_round(round, *lower, options, party, reporter); !ran) return ran;
      if (options.first_round_only) return {};
    }
  }
  return {};
}

}  // namespace ddtb::detail::tb
