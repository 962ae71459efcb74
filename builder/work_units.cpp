#include "builder/work_units.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>

#include "builder/merge_units.hpp"
#include "core/parallel.hpp"

namespace ddtb::detail::tb {

namespace {

// As layer_build.cpp: each builder thread's solver searches one trick and
// keeps no transposition table.
constexpr std::size_t kWorkerTtBytes = std::size_t{1} << 20;

// A unit that failed, carried out of the thread pool to run_units.
struct UnitFailure {
  Error error;
};

}  // namespace

std::vector<WorkItem> plan_work(const std::vector<LayerJob>& jobs) {
  struct Costed {
    double cost;
    WorkItem item;
  };
  std::vector<Costed> all;
  for (std::uint32_t j = 0; j < jobs.size(); ++j) {
    const UnitParams& p = jobs[j].params;
    for (std::uint32_t u = 0; u < p.units(); ++u)
      all.push_back({unit_states(p, jobs[j].shapes, u), {j, u}});
  }
  std::stable_sort(all.begin(), all.end(),
                   [](const Costed& a, const Costed& b) { return a.cost > b.cost; });
  std::vector<WorkItem> out;
  out.reserve(all.size());
  for (const Costed& c : all) out.push_back(c.item);
  return out;
}

std::vector<WorkItem> shard_of(const std::vector<WorkItem>& plan, int shard, int shards) {
  std::vector<WorkItem> out;
  for (std::size_t i = static_cast<std::size_t>(shard); i < plan.size();
       i += static_cast<std::size_t>(shards))
    out.push_back(plan[i]);
  return out;
}

UnitWorker::UnitWorker(const LowerLayers& lower) : builder_(lower, kWorkerTtBytes) {}

Expected<std::span<const TbSet>> UnitWorker::exact_sets(const LayerJob& job, std::uint32_t index) {
  if (job.exact_memory) return std::span<const TbSet>(job.exact_memory->sets(int(index)));
  if (!job.exact) return Error{ErrorCode::kBadArgument, job.name() + ": no exact layer attached"};
  const LayerFile& file = *job.exact;
  const std::size_t c = file.run_of(index);
  if (chunk_file_ != &file || chunk_index_ != c) {
    chunk_file_ = nullptr;
    auto loaded = file.load_run(c);
    if (!loaded) return loaded.error();
    chunk_ = std::move(*loaded);
    chunk_file_ = &file;
    chunk_index_ = c;
  }
  const std::size_t i = index - chunk_.first;
  return std::span<const TbSet>(chunk_.sets.data() + chunk_.starts[i],
                                chunk_.starts[i + 1] - chunk_.starts[i]);
}

std::optional<std::string> UnitWorker::unusable_file(const LayerJob& job,
                                                     std::uint32_t unit) const {
  const std::string path = job.unit_path(unit);
  if (::access(path.c_str(), F_OK) != 0) return std::nullopt;
  auto old = read_unit(path, job.shapes);
  if (!old) return old.error().message;
  if (std::string m = params_mismatch(old->params, job.params); !m.empty())
    return path + ": built with other parameters: " + m;
  if (old->index != unit) return path + ": holds unit " + std::to_string(old->index);
  return std::string();
}

Expected<UnitOutcome> UnitWorker::run(const LayerJob& job, std::uint32_t unit,
                                      const PartitionsDone& done) {
  UnitOutcome out;
  const UnitParams& p = job.params;
  out.partitions = p.count_of(unit);
  if (!job.memory)
    if (const auto why = unusable_file(job, unit)) {
      if (why->empty()) {
        out.kind = UnitOutcome::kReused;
        if (done) done(out.partitions);
        return out;
      }
      out.kind = UnitOutcome::kRebuilt;
      out.reason = *why;
    }
  const double cpu0 = thread_cpu_seconds();
  std::vector<std::vector<TbSet>> sets(out.partitions);
  const std::uint32_t first = p.first_of(unit);
  for (std::uint32_t i = 0; i < out.partitions; ++i) {
    try {
      if (p.bound > 0) {
        auto exact = exact_sets(job, first + i);
        if (!exact) return exact.error();
        sets[i] = builder_.build_bound(p.klass, job.shapes[first + i], *exact, p.bound, out.work);
      } else {
        sets[i] = builder_.build(p.klass, job.shapes[first + i], out.work);
      }
    } catch (const GapError& e) {
      return Error{ErrorCode::kCorruptData,
                   job.name() + " layer, partition " + std::to_string(first + i) + ": " + e.what()};
    }
    if (done) done(1);
  }
  // Oracle statistics are cumulative per builder: keep only this unit's.
  out.work.oracle = {};
  if (job.memory) {
    for (std::uint32_t i = 0; i < out.partitions; ++i)
      job.memory->sets(int(first + i)) = std::move(sets[i]);
  } else {
    if (::mkdir(job.unit_dir().c_str(), 0755) != 0 && errno != EEXIST)
      return Error{ErrorCode::kIo, job.unit_dir() + ": " + std::strerror(errno)};
    auto written =
        write_unit(job.unit_path(unit), p, unit, job.shapes, sets, thread_cpu_seconds() - cpu0);
    if (!written) return written.error();
  }
  out.cpu_seconds = thread_cpu_seconds() - cpu0;
  return out;
}

Expected<std::vector<UnitRunStats>> run_units(const std::vector<LayerJob>& jobs,
                                              const std::vector<WorkItem>& items,
                                              const LowerLayers& lower, int threads,
                                              const RunProgress& progress) {
  std::vector<UnitRunStats> stats(jobs.size());
  std::uint64_t total = 0, done = 0;
  for (const WorkItem& w : items) total += jobs[w.job].params.count_of(w.unit);
  std::mutex mutex;  // guards stats, done and progress calls
  const auto tally = [&](const WorkItem& w, const UnitOutcome& outcome) {
    std::lock_guard lock(mutex);
    UnitRunStats& s = stats[w.job];
    ++s.units;
    if (outcome.kind == UnitOutcome::kReused) {
      ++s.reused;
      return;
    }
    ++(outcome.kind == UnitOutcome::kBuilt ? s.built : s.rebuilt);
    if (outcome.kind == UnitOutcome::kRebuilt)
      s.notes.push_back(unit_words(jobs[w.job].params, w.unit) + " rebuilt: " + outcome.reason);
    s.partitions_built += outcome.partitions;
    s.work += outcome.work;
    s.cpu_seconds += outcome.cpu_seconds;
  };
  const PartitionsDone partitions_done = [&](std::uint32_t n) {
    std::lock_guard lock(mutex);
    done += n;
    if (progress) progress(done, total);
  };
  try {
    parallel_for(
        items.size(), static_cast<unsigned>(std::max(1, threads)),
        [&](const WorkerContext&) { return std::make_unique<UnitWorker>(lower); },
        [&](std::size_t i, std::unique_ptr<UnitWorker>& worker) {
          const WorkItem w = items[i];
          auto outcome = worker->run(jobs[w.job], w.unit, partitions_done);
          if (!outcome) throw UnitFailure{outcome.error()};
          tally(w, *outcome);
        });
  } catch (const UnitFailure& failure) {
    return failure.error;
  } catch (const std::exception& e) {
    return Error{ErrorCode::kIo, std::string("cannot run the builders: ") + e.what()};
  }
  return stats;
}

}  // namespace ddtb::detail::tb
