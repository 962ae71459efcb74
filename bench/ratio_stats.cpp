#include "bench/ratio_stats.hpp"

#include <algorithm>
#include <cmath>

namespace ddtb::bench {

double median_of(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

double percentile(const std::vector<double>& sorted, double percent) {
  const double rank = std::ceil(percent / 100 * double(sorted.size()));
  const std::size_t at = rank < 1 ? 0 : std::size_t(rank) - 1;
  return sorted[std::min(at, sorted.size() - 1)];
}

std::vector<ItemRatio> median_items(const std::vector<std::vector<double>>& ours,
                                    const std::vector<std::vector<double>>& dds) {
  std::vector<ItemRatio> out;
  if (ours.empty() || dds.empty()) return out;
  for (std::size_t i = 0; i < ours.front().size(); ++i) {
    std::vector<double> a, b;
    for (const auto& round : ours) a.push_back(round[i]);
    for (const auto& round : dds) b.push_back(round[i]);
    out.push_back({static_cast<int>(i), median_of(a), median_of(b)});
  }
  return out;
}

RatioSpread spread_of(const std::vector<ItemRatio>& items) {
  RatioSpread s;
  s.count = items.size();
  if (items.empty()) return s;
  std::vector<double> ratios;
  for (const ItemRatio& i : items) {
    ratios.push_back(i.ratio());
    if (i.ratio() > 1.0) ++s.over_one;
  }
  std::sort(ratios.begin(), ratios.end());
  s.p50 = percentile(ratios, 50);
  s.p95 = percentile(ratios, 95);
  s.max = ratios.back();
  return s;
}

std::vector<ItemRatio> worst_items(std::vector<ItemRatio> items, std::size_t n) {
  std::stable_sort(items.begin(), items.end(),
                   [](const ItemRatio& a, const ItemRatio& b) { return a.ratio() > b.ratio(); });
  if (items.size() > n) items.resize(n);
  return items;
}

}  // namespace ddtb::bench
