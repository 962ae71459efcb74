// Paired comparison (include/ddtb/comparison.hpp): from the declarer's
// tricks per deal and choice, each choice's points, IMPs and field
// matchpoints per deal from one side's view, their means, and the per-deal
// differences between two choices with their paired standard errors.
#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "analysis/over_deals.hpp"
#include "ddtb/comparison.hpp"

namespace ddtb {

namespace {

// The lower bounds of the IMP table's rows: a difference of at least
// kImpSteps[k - 1] points is worth at least k IMPs (the WBF's table).
constexpr std::array<int, 24> kImpSteps{20,   50,   90,   130,  170,  220,  270,  320,
                                        370,  430,  500,  600,  750,  900,  1100, 1300,
                                        1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000};

// A mean with its standard error (two passes: the differences of large
// scores would lose digits to the sum of squares).
Estimate mean_estimate(const std::vector<double>& values) {
  const std::size_t n = values.size();
  if (n == 0) return {};
  const double mean = std::accumulate(values.begin(), values.end(), 0.0) / double(n);
  if (n < 2) return {mean, 0};
  double squares = 0;
  for (const double v : values) squares += (v - mean) * (v - mean);
  return {mean, std::sqrt(squares / double(n - 1) / double(n))};
}

// Each choice's figures per deal, [deal * choices + choice], from the side's
// view.
struct PerDeal {
  std::size_t choices = 0, deals = 0;
  std::vector<int> tricks, points;
  std::vector<double> matchpoints;
};

PerDeal per_deal(std::span<const Choice> choices, std::span<const std::int8_t> declarer_tricks,
                 Side side, Vulnerability vulnerability) {
  PerDeal p;
  p.choices = choices.size();
  p.deals = declarer_tricks.size() / p.choices;
  p.tricks.resize(declarer_tricks.size());
  p.points.resize(declarer_tricks.size());
  p.matchpoints.resize(declarer_tricks.size());
  for (std::size_t i = 0; i < declarer_tricks.size(); ++i) {
    const Contract& c = choices[i % p.choices].contract;
    const Side declaring = side_of(*c.declarer);
    const int t = declarer_tricks[i];
    const int score =
        contract_score(c.level, c.strain, c.doubling, is_vulnerable(vulnerability, declaring), t);
    p.tricks[i] = declaring == side ? t : 13 - t;
    p.points[i] = declaring == side ? score : -score;
  }
  // A lone choice has no field: half the matchpoints, as a tie.
  const double others = p.choices > 1 ? double(p.choices - 1) : 0;
  for (std::size_t d = 0; d < p.deals; ++d)
    for (std::size_t a = 0; a < p.choices; ++a) {
      double mp = 0;
      const int pa = p.points[d * p.choices + a];
      for (std::size_t b = 0; b < p.choices; ++b) {
        if (b == a) continue;
        const int pb = p.points[d * p.choices + b];
        mp += pa > pb ? 1 : pa == pb ? 0.5 : 0;
      }
      p.matchpoints[d * p.choices + a] = others > 0 ? mp / others : 0.5;
    }
  return p;
}

PairedDifference difference(const PerDeal& p, std::size_t a, std::size_t b) {
  std::vector<double> tricks, points, imp_diff, matchpoints;
  std::size_t better = 0, ties = 0;
  for (std::size_t d = 0; d < p.deals; ++d) {
    const std::size_t ia = d * p.choices + a, ib = d * p.choices + b;
    tricks.push_back(p.tricks[ia] - p.tricks[ib]);
    points.push_back(p.points[ia] - p.points[ib]);
    imp_diff.push_back(imps(p.points[ia] - p.points[ib]));
    matchpoints.push_back(p.matchpoints[ia] - p.matchpoints[ib]);
    better += p.points[ia] > p.points[ib];
    ties += p.points[ia] == p.points[ib];
  }
  PairedDifference out;
  out.tricks = mean_estimate(tricks);
  out.points = mean_estimate(points);
  out.imps = mean_estimate(imp_diff);
  out.matchpoints = mean_estimate(matchpoints);
  out.better = detail::chance_of(better, p.deals);
  out.ties = detail::chance_of(ties, p.deals);
  return out;
}

// The figures of choice c alone.
ChoiceFigures figures_of(const PerDeal& p, const Choice& choice, std::size_t c,
                         std::span<const std::int8_t> declarer_tricks) {
  std::vector<double> tricks, points, matchpoints;
  std::size_t made = 0;
  for (std::size_t d = 0; d < p.deals; ++d) {
    const std::size_t i = d * p.choices + c;
    tricks.push_back(p.tricks[i]);
    points.push_back(p.points[i]);
    matchpoints.push_back(p.matchpoints[i]);
    made += declarer_tricks[i] >= 6 + choice.contract.level;
  }
  ChoiceFigures f;
  f.choice = choice;
  f.tricks = mean_estimate(tricks);
  f.points = mean_estimate(points);
  f.matchpoints = mean_estimate(matchpoints);
  f.makes = detail::chance_of(made, p.deals);
  return f;
}

}  // namespace

int imps(int points) {
  const int size = points < 0 ? -points : points;
  const auto k = static_cast<int>(std::upper_bound(kImpSteps.begin(), kImpSteps.end(), size) -
                                  kImpSteps.begin());
  return points < 0 ? -k : k;
}

Expected<Comparison> compare_tricks(std::span<const Choice> choices,
                                    std::span<const std::int8_t> declarer_tricks, Side side,
                                    Vulnerability vulnerability) {
  if (choices.empty()) return Error{ErrorCode::kBadArgument, "no choices to compare"};
  for (std::size_t c = 0; c < choices.size(); ++c) {
    const Contract& k = choices[c].contract;
    if (k.level < 1 || k.level > 7 || !k.declarer || to_int(k.strain) > 4 ||
        static_cast<int>(k.doubling) > 2)
      return Error{ErrorCode::kBadArgument, "choice " + std::to_string(c + 1) +
                                                ": a contract needs a level 1-7 and a declarer"};
  }
  if (declarer_tricks.empty() || declarer_tricks.size() % choices.size() != 0)
    return Error{ErrorCode::kBadArgument,
                 "declarer_tricks: " + std::to_string(declarer_tricks.size()) +
                     " values, not a nonzero multiple of the " + std::to_string(choices.size()) +
                     " choices"};
  for (std::size_t i = 0; i < declarer_tricks.size(); ++i)
    if (declarer_tricks[i] < 0 || declarer_tricks[i] > 13)
      return Error{ErrorCode::kBadArgument, "declarer_tricks[" + std::to_string(i) +
                                                "]: " + std::to_string(declarer_tricks[i]) +
                                                " tricks, not 0-13"};
  const PerDeal p = per_deal(choices, declarer_tricks, side, vulnerability);
  Comparison out;
  out.samples = static_cast<int>(p.deals);
  out.vulnerability = vulnerability;
  out.side = side;
  out.declarer_tricks.assign(declarer_tricks.begin(), declarer_tricks.end());
  for (std::size_t c = 0; c < choices.size(); ++c)
    out.choices.push_back(figures_of(p, choices[c], c, declarer_tricks));
  out.order.resize(choices.size());
  std::iota(out.order.begin(), out.order.end(), std::size_t{0});
  std::stable_sort(out.order.begin(), out.order.end(), [&](std::size_t a, std::size_t b) {
    const ChoiceFigures &x = out.choices[a], &y = out.choices[b];
    if (x.points.value != y.points.value) return x.points.value > y.points.value;
    return x.tricks.value > y.tricks.value;
  });
  for (std::size_t c = 0; c < choices.size(); ++c)
    out.choices[c].vs_best = difference(p, c, out.order[0]);
  return out;
}

Expected<PairedDifference> paired_difference(const Comparison& comparison, std::size_t a,
                                             std::size_t b) {
  const std::size_t k = comparison.choices.size();
  if (a >= k || b >= k)
    return Error{ErrorCode::kBadArgument, "paired_difference: choices " + std::to_string(a) +
                                              " and " + std::to_string(b) + " of " +
                                              std::to_string(k)};
  std::vector<Choice> choices;
  for (const ChoiceFigures& f : comparison.choices) choices.push_back(f.choice);
  return difference(
      per_deal(choices, comparison.declarer_tricks, comparison.side, comparison.vulnerability), a,
      b);
}

}  // namespace ddtb
