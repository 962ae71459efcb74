// What the single-dummy analyses share (include/ddtb/single_dummy.hpp): the
// deals solved on the options' threads, one Solver each, with progress and
// cancellation, and the estimates over the sample. Internal.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>

#include "ddtb/single_dummy.hpp"

namespace ddtb::detail {

// body(i, solver) for every deal index i < deals.size(), on
// options.threads threads (each with a Solver of *options.solver, or the
// defaults), options.progress after each deal from one thread at a time;
// `options` read as far as the caller's struct_size goes (docs/USAGE.md,
// "ABI"). False when the progress callback stopped it (bodies already running finish; no
// others start). Alike deals (the same suit lengths in every hand) are
// solved one after another, so that one deal's table entries (keyed by
// suit lengths) serve the next; the results do not depend on the order.
bool for_each_deal(std::span<const Deal> deals, const AnalysisOptions& options,
                   const std::function<void(std::size_t, Solver&)>& body);

// The mean of n values given their sum and sum of squares, with its
// standard error (the sample standard deviation over sqrt(n)).
inline Estimate mean_of(double sum, double squares, std::size_t n) {
  if (n == 0) return {};
  const double mean = sum / double(n);
  if (n < 2) return {mean, 0};
  const double var = std::max(0.0, (squares - sum * mean) / double(n - 1));
  return {mean, std::sqrt(var / double(n))};
}

// The chance k / n with its standard error sqrt(p (1 - p) / n).
inline Estimate chance_of(std::size_t k, std::size_t n) {
  if (n == 0) return {};
  const double p = double(k) / double(n);
  return {p, std::sqrt(p * (1 - p) / double(n))};
}

}  // namespace ddtb::detail
