#include "builder/layer_build.hpp"

#include <time.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

namespace ddtb::detail::tb {

namespace {
// Transposition-table budget of each builder thread's solver (it searches one
// trick at a time and keeps no table: see builder_features).
constexpr std::size_t kBuilderTtBytes = std::size_t{1} << 20;

}  // namespace

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

namespace {

// Runs build_one(builder, i, shape, stats) for every partition of `layer` on `threads`
// workers, each with its own PartitionBuilder over `lower`.
template <class BuildOne>
Expected<std::unique_ptr<Layer>> build_partitions(std::unique_ptr<Layer> layer,
                                                  const LowerLayers& lower, int threads,
                                                  LayerStats& stats, const Progress& progress,
                                                  BuildOne build_one) {
  const auto start = std::chrono::steady_clock::now();
  const int tricks = layer->tricks();
  const StrainClass klass = layer->klass();
  const std::uint64_t total = layer->shapes().size();
  std::atomic<std::uint64_t> next{0}, done{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;  // guards stats, error and progress calls
  std::string error;
  stats = LayerStats{};
  stats.tricks = tricks;
  stats.klass = klass;
  stats.partitions = total;

  auto work = [&]() {
    const double cpu0 = thread_cpu_seconds();
    PartitionStats mine;
    try {
      // Oracle statistics are cumulative per builder; take the final copy.
      PartitionBuilder builder(lower, kBuilderTtBytes);
      PartitionStats local;
      for (;;) {
        const std::uint64_t i = next.fetch_add(1);
        if (i >= total || failed) break;
        layer->sets(static_cast<int>(i)) =
            build_one(builder, static_cast<int>(i), layer->shapes()[i], local);
        const std::uint64_t n = done.fetch_add(1) + 1;
        if (progress) {
          std::lock_guard lock(mutex);
          progress(n, total);
        }
      }
      mine = local;
    } catch (const GapError& e) {
      std::lock_guard lock(mutex);
      failed = true;
      error = e.what();
    }
    std::lock_guard lock(mutex);
    stats.work += mine;
    stats.cpu_seconds += thread_cpu_seconds() - cpu0;
  };
  const int n = std::max(1, threads);
  std::vector<std::thread> pool;
  for (int t = 1; t < n; ++t) pool.emplace_back(work);
  work();
  for (auto& th : pool) th.join();
  stats.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (failed)
    return Error{ErrorCode::kCorruptData,
                 std::to_string(4 * tricks) + "-card " +
                     (klass == StrainClass::kTrump ? "trump" : "no-trump") +
                     (layer->bound() > 0 ? " at-least-" + std::to_string(layer->bound()) : "") +
                     " layer: " + error};
  return layer;
}

}  // namespace

Expected<std::unique_ptr<Layer>> build_layer(int tricks, StrainClass klass,
                                             const LowerLayers& lower, int threads,
                                             LayerStats& stats, const Progress& progress) {
  return build_partitions(std::make_unique<Layer>(tricks, klass), lower, threads, stats, progress,
                          [&](PartitionBuilder& b, int, ShapeKey shape, PartitionStats& st) {
                            return b.build(klass, shape, st);
                          });
}

Expected<std::unique_ptr<Layer>> build_bound_layer(const Layer& exact, int bound, int threads,
                                                   LayerStats& stats, const Progress& progress) {
  return build_partitions(std::make_unique<Layer>(exact.tricks(), exact.klass(), bound),
                          LowerLayers{}, threads, stats, progress,
                          [&](PartitionBuilder& b, int i, ShapeKey shape, PartitionStats& st) {
                            return b.build_bound(exact.klass(), shape, exact.sets(i), bound, st);
                          });
}

Expected<std::unique_ptr<Layer>> load_layer(const LayerFile& file) {
  auto layer =
      std::make_unique<Layer>(file.header().tricks, file.header().klass, file.header().bound);
  std::uint64_t sets = 0;
  for (std::size_t c = 0; c < file.chunks(); ++c) {
    auto chunk = file.load_chunk(c);
    if (!chunk) return chunk.error();
    for (std::size_t i = 0; i + 1 < chunk->starts.size(); ++i) {
      auto& out = layer->sets(static_cast<int>(chunk->first + i));
      out.assign(chunk->sets.begin() + chunk->starts[i],
                 chunk->sets.begin() + chunk->starts[i + 1]);
      sets += out.size();
    }
  }
  if (sets != file.header().sets)
    return Error{ErrorCode::kCorruptData, file.name() + ": set count disagrees with the header"};
  return layer;
}

}  // namespace ddtb::detail::tb
