#include "analysis/over_deals.hpp"

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "core/parallel.hpp"

namespace ddtb::detail {

namespace {

// The deals' indices, alike deals together: ordered by the suit lengths of
// the four hands.
std::vector<std::size_t> solving_order(std::span<const Deal> deals) {
  std::vector<std::pair<std::uint64_t, std::size_t>> keyed;
  for (std::size_t i = 0; i < deals.size(); ++i) {
    std::uint64_t key = 0;
    for (int seat = 0; seat < 4; ++seat)
      for (int s = 0; s < 4; ++s)
        key = key << 4 | static_cast<std::uint64_t>(
                             deals[i].hand(seat_from_int(seat)).suit(suit_from_int(s)).size());
    keyed.emplace_back(key, i);
  }
  std::stable_sort(keyed.begin(), keyed.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::size_t> order;
  for (const auto& [key, i] : keyed) order.push_back(i);
  return order;
}

}  // namespace

bool for_each_deal(std::span<const Deal> deals, const AnalysisOptions& options,
                   const std::function<void(std::size_t, Solver&)>& body) {
  const std::size_t n = deals.size();
  const std::vector<std::size_t> order = solving_order(deals);
  std::atomic<bool> stopped{false};
  std::mutex progress_mutex;
  int done = 0;
  parallel_for(
      n, static_cast<unsigned>(std::max(1, options.threads)),
      [&](const WorkerContext&) { return std::make_unique<Solver>(options.solver); },
      [&](std::size_t i, std::unique_ptr<Solver>& solver) {
        if (stopped.load(std::memory_order_relaxed)) return;
        body(order[i], *solver);
        if (!options.progress) return;
        std::lock_guard lock(progress_mutex);
        if (!stopped.load(std::memory_order_relaxed) &&
            !options.progress(++done, static_cast<int>(n)))
          stopped.store(true, std::memory_order_relaxed);
      });
  return !stopped.load();
}

}  // namespace ddtb::detail
