#include "analysis/over_deals.hpp"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/given_options.hpp"
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

// The layout rule of core/given_options.hpp (docs/USAGE.md, "ABI").
static_assert(std::is_standard_layout_v<AnalysisOptions>);
static_assert(ends_at_field(sizeof(AnalysisOptions), offsetof(AnalysisOptions, progress_context),
                            sizeof(AnalysisOptions::progress_context)));

// The caller's options as this library's struct: the fields its struct_size
// covers, the defaults for the others.
AnalysisOptions read_options(const AnalysisOptions& given) {
  // Every field is named: a field appended to AnalysisOptions stops this
  // from compiling until it is read here too.
  const auto& [struct_size, threads, solver, progress, progress_context] = given;
  const GivenOptions in(given);
  AnalysisOptions o;
  o.struct_size = in.size();
  in.read(threads, o.threads);
  in.read(solver, o.solver);
  in.read(progress, o.progress);
  in.read(progress_context, o.progress_context);
  return o;
}

}  // namespace

bool for_each_deal(std::span<const Deal> deals, const AnalysisOptions& given,
                   const std::function<void(std::size_t, Solver&)>& body) {
  const AnalysisOptions options = read_options(given);
  // The caller's SolverOptions by reference: the Solver reads only what its
  // struct_size covers (a copy would read past an older, shorter one).
  const SolverOptions defaults;
  const SolverOptions& solver_options = options.solver ? *options.solver : defaults;
  const std::size_t n = deals.size();
  const std::vector<std::size_t> order = solving_order(deals);
  std::atomic<bool> stopped{false};
  std::mutex progress_mutex;
  int done = 0;
  parallel_for(
      n, static_cast<unsigned>(std::max(1, options.threads)),
      [&](const WorkerContext&) { return std::make_unique<Solver>(solver_options); },
      [&](std::size_t i, std::unique_ptr<Solver>& solver) {
        if (stopped.load(std::memory_order_relaxed)) return;
        body(order[i], *solver);
        if (!options.progress) return;
        std::lock_guard lock(progress_mutex);
        if (!stopped.load(std::memory_order_relaxed) &&
            !options.progress(options.progress_context, ++done, static_cast<int>(n)))
          stopped.store(true, std::memory_order_relaxed);
      });
  return !stopped.load();
}

}  // namespace ddtb::detail
