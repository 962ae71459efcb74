#include "builder/layer_build.hpp"

#include <time.h>

#include <chrono>
#include <vector>

#include "builder/work_units.hpp"

namespace ddtb::detail::tb {

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

namespace {

// Runs every unit of `job` (whose sets go to job.memory) through run_units,
// the executor's unit runner.
Expected<void> build_in_memory(const LayerJob& job, const LowerLayers& lower, int threads,
                               LayerStats& stats, const Progress& progress) {
  const auto start = std::chrono::steady_clock::now();
  stats = LayerStats{};
  stats.tricks = job.params.tricks;
  stats.klass = job.params.klass;
  stats.partitions = job.params.partitions;
  const std::vector<LayerJob> jobs{job};
  auto run = run_units(jobs, plan_work(jobs), lower, threads, progress);
  if (!run) return run.error();
  stats.work = (*run)[0].work;
  stats.cpu_seconds = (*run)[0].cpu_seconds;
  stats.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return {};
}

}  // namespace

Expected<std::unique_ptr<Layer>> build_layer(int tricks, StrainClass klass,
                                             const LowerLayers& lower, int threads,
                                             LayerStats& stats, const Progress& progress) {
  auto layer = std::make_unique<Layer>(tricks, klass);
  LayerJob job = make_job("", tricks, klass, 0, kDefaultUnitSize);
  job.memory = layer.get();
  if (auto built = build_in_memory(job, lower, threads, stats, progress); !built)
    return built.error();
  layer->seal();
  return layer;
}

Expected<std::unique_ptr<Layer>> build_bound_layer(const Layer& exact, int bound, int threads,
                                                   LayerStats& stats, const Progress& progress) {
  auto layer = std::make_unique<Layer>(exact.tricks(), exact.klass(), bound);
  LayerJob job = make_job("", exact.tricks(), exact.klass(), 0, kDefaultUnitSize, bound);
  job.memory = layer.get();
  job.exact_memory = &exact;
  if (auto built = build_in_memory(job, LowerLayers{}, threads, stats, progress); !built)
    return built.error();
  layer->seal();
  return layer;
}

Expected<std::unique_ptr<Layer>> load_layer(const LayerFile& file, const std::vector<char>* keep) {
  auto layer =
      std::make_unique<Layer>(file.header().tricks, file.header().klass, file.header().bound);
  if (keep && keep->size() != layer->shapes().size())
    return Error{ErrorCode::kBadArgument, file.name() + ": partition mask of the wrong size"};
  std::uint64_t sets = 0;
  for (std::size_t c = 0; c < file.runs(); ++c) {
    auto chunk = file.load_run(c);
    if (!chunk) return chunk.error();
    for (std::size_t i = 0; i + 1 < chunk->starts.size(); ++i) {
      const std::size_t p = chunk->first + i;
      sets += chunk->starts[i + 1] - chunk->starts[i];
      if (keep && !(*keep)[p]) continue;
      if (!chunk->defaults.empty())
        layer->set_default_value(static_cast<int>(p), chunk->defaults[i]);
      layer->sets(static_cast<int>(p))
          .assign(chunk->sets.begin() + chunk->starts[i],
                  chunk->sets.begin() + chunk->starts[i + 1]);
    }
  }
  if (sets != file.header().sets)
    return Error{ErrorCode::kCorruptData, file.name() + ": set count disagrees with the header"};
  layer->seal();
  return layer;
}

}  // namespace ddtb::detail::tb
