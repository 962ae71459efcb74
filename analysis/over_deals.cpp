#include "analysis/over_deals.hpp"

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>

#include "core/parallel.hpp"

namespace ddtb::detail {

bool for_each_deal(std::size_t n, const AnalysisOptions& options,
                   const std::function<void(std::size_t, Solver&)>& body) {
  std::atomic<bool> stopped{false};
  std::mutex progress_mutex;
  int done = 0;
  parallel_for(
      n, static_cast<unsigned>(std::max(1, options.threads)),
      [&](const WorkerContext&) { return std::make_unique<Solver>(options.solver); },
      [&](std::size_t i, std::unique_ptr<Solver>& solver) {
        if (stopped.load(std::memory_order_relaxed)) return;
        body(i, *solver);
        if (!options.progress) return;
        std::lock_guard lock(progress_mutex);
        if (!stopped.load(std::memory_order_relaxed) &&
            !options.progress(++done, static_cast<int>(n)))
          stopped.store(true, std::memory_order_relaxed);
      });
  return !stopped.load();
}

}  // namespace ddtb::detail
