// The spread of per-item time ratios (ddtb / dds), for the runners'
// per-deal (ddtb-vs-dds --per-deal) and per-call (--replay) summaries. An
// item's time on a side is the median of its rounds, so that one round
// disturbed by the shared machine does not make an item look slow or fast.
#pragma once

#include <cstddef>
#include <vector>

namespace ddtb::bench {

// The median of `values` (the mean of the middle two for an even count); 0
// for none.
double median_of(std::vector<double> values);

// The nearest-rank percentile of `sorted` (ascending, not empty): the
// smallest value with at least `percent` % of the values at or below it.
// So p50 of 200 values is the 100th, p95 the 190th.
double percentile(const std::vector<double>& sorted, double percent);

// One item (a deal, or a replayed call) of a comparison.
struct ItemRatio {
  int id = 0;         // what the runner names it by: a deal's number, a call's index
  double ours_s = 0;  // ddtb's median CPU seconds over the rounds
  double dds_s = 0;   // libdds's
  double ratio() const { return dds_s > 0 ? ours_s / dds_s : 0; }
};

// Each side's median over `rounds` rounds of item i: times[round][i].
std::vector<ItemRatio> median_items(const std::vector<std::vector<double>>& ours,
                                    const std::vector<std::vector<double>>& dds);

// The summary of a set of ratios.
struct RatioSpread {
  std::size_t count = 0;
  double p50 = 0, p95 = 0, max = 0;
  int over_one = 0;  // items whose ratio is above 1.0 (ddtb slower)
};

RatioSpread spread_of(const std::vector<ItemRatio>& items);

// The `n` items of largest ratio, largest first (ties: the earlier item
// first).
std::vector<ItemRatio> worst_items(std::vector<ItemRatio> items, std::size_t n);

}  // namespace ddtb::bench
