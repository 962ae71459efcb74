// Paired comparison (include/ddtb/comparison.hpp): the IMP table at the
// edges of its rows, scores with vulnerability and doubling, a comparison
// worked by hand, and leads and contracts on sampled deals, every per-deal
// figure what libdds gives (SolveBoard, CalcDDtable) scored again here, and
// every mean and paired standard error computed directly from those.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "ddtb/comparison.hpp"
#include "tests/support/dds_peer.hpp"

namespace ddtb::test {
namespace {

Contract contract(const char* text) {
  auto c = parse_contract(text);
  EXPECT_TRUE(c) << text;
  return c ? *c : Contract{};
}

// The IMP table as the rule book prints it: from, to, IMPs.
struct ImpRow {
  int from, to, imps;
};
constexpr ImpRow kImpTable[] = {
    {0, 10, 0},       {20, 40, 1},      {50, 80, 2},      {90, 120, 3},     {130, 160, 4},
    {170, 210, 5},    {220, 260, 6},    {270, 310, 7},    {320, 360, 8},    {370, 420, 9},
    {430, 490, 10},   {500, 590, 11},   {600, 740, 12},   {750, 890, 13},   {900, 1090, 14},
    {1100, 1290, 15}, {1300, 1490, 16}, {1500, 1740, 17}, {1750, 1990, 18}, {2000, 2240, 19},
    {2250, 2490, 20}, {2500, 2990, 21}, {3000, 3490, 22}, {3500, 3990, 23}, {4000, 99990, 24}};

int reference_imps(int points) {
  const int size = std::abs(points);
  for (const ImpRow& r : kImpTable)
    if (size >= r.from && size <= r.to) return points < 0 ? -r.imps : r.imps;
  ADD_FAILURE() << points;
  return 0;
}

TEST(Imps, TheTableAtTheEdgesOfEveryRow) {
  for (const ImpRow& r : kImpTable)
    for (const int p : {r.from, r.to}) {
      EXPECT_EQ(imps(p), r.imps) << p;
      EXPECT_EQ(imps(-p), -r.imps) << -p;
    }
  for (int p = 0; p <= 7600; p += 10) EXPECT_EQ(imps(p), reference_imps(p)) << p;
}

TEST(Scores, VulnerabilityAndDoubling) {
  EXPECT_EQ(contract_score(3, Strain::NoTrump, Doubling::Undoubled, true, 10), 630);
  EXPECT_EQ(contract_score(4, Strain::Spades, Doubling::Doubled, true, 8), -500);
  EXPECT_EQ(contract_score(7, Strain::NoTrump, Doubling::Redoubled, true, 13), 2980);
  EXPECT_EQ(contract_score(4, Strain::Spades, Doubling::Undoubled, false, 10), 420);
  EXPECT_EQ(contract_score(3, Strain::NoTrump, Doubling::Undoubled, false, 8), -50);
}

// Two contracts on four deals, every figure worked by hand.
TEST(CompareTricks, AWorkedExample) {
  const std::vector<Choice> choices{{contract("3NT-S"), std::nullopt, 0},
                                    {contract("4S-N"), std::nullopt, 0}};
  // Deal by deal: 3NT 9 (400) 10 (430) 8 (-50) 9 (400); 4S 10 (420) 9 (-50) 10 (420) 9 (-50).
  const std::vector<std::int8_t> tricks{9, 10, 10, 9, 8, 10, 9, 9};
  auto r = compare_tricks(choices, tricks, Side::NorthSouth, Vulnerability::None);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->samples, 4);
  EXPECT_EQ(r->order, (std::vector<std::size_t>{0, 1}));
  const ChoiceFigures &nt = r->choices[0], &spades = r->choices[1];
  EXPECT_DOUBLE_EQ(nt.points.value, 295);
  EXPECT_DOUBLE_EQ(spades.points.value, 185);
  EXPECT_DOUBLE_EQ(nt.makes.value, 0.75);
  EXPECT_DOUBLE_EQ(spades.makes.value, 0.5);
  EXPECT_DOUBLE_EQ(nt.matchpoints.value, 0.5);
  EXPECT_EQ(nt.vs_best.points.value, 0);
  EXPECT_EQ(nt.vs_best.points.error, 0);
  EXPECT_EQ(nt.vs_best.ties.value, 1);
  // 4S - 3NT: points 20, -480, 470, -450; IMPs 1, -10, 10, -10; tricks 1, -1, 2, 0.
  const PairedDifference& d = spades.vs_best;
  EXPECT_DOUBLE_EQ(d.points.value, -110);
  EXPECT_DOUBLE_EQ(d.imps.value, -2.25);
  // Deviations from the mean -2.25: 3.25, -7.75, 12.25, -7.75.
  EXPECT_NEAR(d.imps.error, std::sqrt(280.75 / 3 / 4), 1e-12);
  EXPECT_DOUBLE_EQ(d.tricks.value, 0.5);
  EXPECT_DOUBLE_EQ(d.matchpoints.value, 0);
  EXPECT_DOUBLE_EQ(d.better.value, 0.5);
  EXPECT_DOUBLE_EQ(d.ties.value, 0);
  // The other way round, the same differences negated; the chance to beat
  // the other, the same here (two deals each).
  auto back = paired_difference(*r, 0, 1);
  ASSERT_TRUE(back);
  EXPECT_DOUBLE_EQ(back->imps.value, 2.25);
  EXPECT_DOUBLE_EQ(back->imps.error, d.imps.error);
  EXPECT_DOUBLE_EQ(back->better.value, 0.5);
  // From East-West's side, every score negated: 4S is the best.
  auto ew = compare_tricks(choices, tricks, Side::EastWest, Vulnerability::None);
  ASSERT_TRUE(ew);
  EXPECT_EQ(ew->order[0], 1u);
  EXPECT_DOUBLE_EQ(ew->choices[0].vs_best.imps.value, -2.25);

  EXPECT_FALSE(compare_tricks(choices, std::vector<std::int8_t>{9, 10, 10}, Side::NorthSouth,
                              Vulnerability::None));
  EXPECT_FALSE(compare_tricks(choices, std::vector<std::int8_t>{9, 14}, Side::NorthSouth,
                              Vulnerability::None));
  EXPECT_FALSE(compare_tricks({}, tricks, Side::NorthSouth, Vulnerability::None));
  EXPECT_FALSE(paired_difference(*r, 0, 2));
}

// Mean and standard error the textbook way: sqrt((sum x^2 - n mean^2) / (n - 1) / n).
Estimate direct(const std::vector<double>& x) {
  const double n = double(x.size());
  double sum = 0, squares = 0;
  for (double v : x) {
    sum += v;
    squares += v * v;
  }
  const double mean = sum / n;
  return {mean, std::sqrt(std::max(0.0, squares - n * mean * mean) / (n - 1) / n)};
}

void expect_estimate(const Estimate& got, const Estimate& want, const char* what) {
  EXPECT_NEAR(got.value, want.value, 1e-9 * std::max(1.0, std::abs(want.value))) << what;
  EXPECT_NEAR(got.error, want.error, 1e-7 * std::max(1.0, want.error)) << what;
}

// Checks every figure of `r` against `points[c][deal]` and `tricks[c][deal]`
// (the side's), computed by the test from libdds's tricks.
void expect_figures(const Comparison& r, const std::vector<std::vector<int>>& points,
                    const std::vector<std::vector<int>>& tricks) {
  const std::size_t k = r.choices.size(), n = points[0].size();
  ASSERT_EQ(points.size(), k);
  // Field matchpoints per choice and deal.
  std::vector<std::vector<double>> mp(k, std::vector<double>(n));
  for (std::size_t a = 0; a < k; ++a)
    for (std::size_t i = 0; i < n; ++i) {
      double m = 0;
      for (std::size_t b = 0; b < k; ++b)
        if (b != a) m += points[a][i] > points[b][i] ? 1 : points[a][i] == points[b][i] ? 0.5 : 0;
      mp[a][i] = k > 1 ? m / double(k - 1) : 0.5;
    }
  std::vector<double> mean_points(k);
  for (std::size_t a = 0; a < k; ++a) {
    const auto as_double = [](const std::vector<int>& v) {
      return std::vector<double>(v.begin(), v.end());
    };
    expect_estimate(r.choices[a].points, direct(as_double(points[a])), "points");
    expect_estimate(r.choices[a].tricks, direct(as_double(tricks[a])), "tricks");
    expect_estimate(r.choices[a].matchpoints, direct(mp[a]), "matchpoints");
    mean_points[a] = r.choices[a].points.value;
  }
  const std::size_t best = r.order[0];
  EXPECT_EQ(*std::max_element(mean_points.begin(), mean_points.end()), mean_points[best]);
  for (std::size_t a = 0; a < k; ++a) {
    SCOPED_TRACE("choice " + std::to_string(a));
    std::vector<double> dp, di, dt, dm;
    int better = 0, ties = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const int d = points[a][i] - points[best][i];
      dp.push_back(d);
      di.push_back(reference_imps(d));
      dt.push_back(tricks[a][i] - tricks[best][i]);
      dm.push_back(mp[a][i] - mp[best][i]);
      better += d > 0;
      ties += d == 0;
    }
    const PairedDifference& v = r.choices[a].vs_best;
    expect_estimate(v.points, direct(dp), "points");
    expect_estimate(v.imps, direct(di), "imps");
    expect_estimate(v.tricks, direct(dt), "tricks");
    expect_estimate(v.matchpoints, direct(dm), "matchpoints");
    EXPECT_NEAR(v.better.value, better / double(n), 1e-12);
    EXPECT_NEAR(v.ties.value, ties / double(n), 1e-12);
    const double p = better / double(n);
    EXPECT_NEAR(v.better.error, std::sqrt(p * (1 - p) / double(n)), 1e-12);
  }
}

TEST(CompareLeads, EveryFigureIsWhatLibddsGivesDealByDeal) {
  // 4S doubled by South, both vulnerable: West (known) leads.
  DealSpec spec;
  spec.hands[0].holds = *parse_pbn_hand("AKQ2.K5.AJ72.Q84");
  spec.hands[3].holds = *parse_pbn_hand("T87.QJT9.Q854.A2");
  spec.samples = 30;
  spec.seed = 7;
  auto deals = sample_deals(spec);
  ASSERT_TRUE(deals) << deals.error().message;
  const Contract c = contract("4SX-S");
  AnalysisOptions options;
  options.threads = 2;
  auto r = compare_leads(*deals, c, Vulnerability::Both, options);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->side, Side::EastWest);
  DdsPeer& dds = DdsPeer::shared();
  std::vector<std::array<int, 64>> by_deal;  // defence tricks per card
  for (const Deal& d : *deals)
    by_deal.push_back(
        per_card_scores(dds.solve_board(Position::at_trick_start(d, c.strain, Seat::West)).result));
  const std::size_t k = r->choices.size(), n = deals->size();
  std::vector<std::vector<int>> points(k), tricks(k);
  int cards = 0;
  for (std::size_t a = 0; a < k; ++a) {
    const Choice& lead = r->choices[a].choice;
    ASSERT_TRUE(lead.lead);
    EXPECT_EQ(lead.contract, c);
    const CardSet run =
        CardSet::of(*lead.lead) | CardSet::from_holding(lead.lead->suit, lead.equals);
    for (std::size_t i = 0; i < n; ++i) {
      // Every card of the run is worth the same: the libdds figure of each.
      for (const Card card : run)
        EXPECT_EQ(by_deal[i][card.index()], by_deal[i][lead.lead->index()]);
      const int defence = by_deal[i][lead.lead->index()];
      EXPECT_EQ(r->declarer_tricks[i * k + a], 13 - defence) << "deal " << i;
      tricks[a].push_back(defence);
      points[a].push_back(
          -contract_score(4, Strain::Spades, Doubling::Doubled, true, 13 - defence));
    }
    cards += static_cast<int>(run.size());
  }
  EXPECT_EQ(cards, 13);
  expect_figures(*r, points, tricks);
}

TEST(CompareContracts, EveryFigureIsWhatLibddsGivesDealByDeal) {
  DealSpec spec;
  spec.hands[0].holds = *parse_pbn_hand("AKQ2.K5.AJ72.Q84");
  spec.hands[1].min_hcp = 11;
  spec.hands[1].max_hcp = 15;
  spec.samples = 24;  // libdds's CalcDDtable takes about a second a deal
  spec.seed = 3;
  auto deals = sample_deals(spec);
  ASSERT_TRUE(deals) << deals.error().message;
  // 3NT by South, 4S by North, 4S redoubled by North, and East's 5H doubled
  // (the other side: its scores count negated from North-South's side).
  const std::vector<Contract> contracts{contract("3NT-S"), contract("4S-N"), contract("4SXX-N"),
                                        contract("5HX-E")};
  AnalysisOptions options;
  options.threads = 2;
  auto r = compare_contracts(*deals, contracts, Vulnerability::NorthSouth, options);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->side, Side::NorthSouth);
  DdsPeer& dds = DdsPeer::shared();
  std::vector<std::vector<int>> points(contracts.size()), tricks(contracts.size());
  for (std::size_t i = 0; i < deals->size(); ++i) {
    const DdTable t = dds.dd_table((*deals)[i]);
    for (std::size_t a = 0; a < contracts.size(); ++a) {
      const Contract& x = contracts[a];
      const int declarer = t.get(x.strain, *x.declarer);
      EXPECT_EQ(r->declarer_tricks[i * contracts.size() + a], declarer);
      const bool ns = side_of(*x.declarer) == Side::NorthSouth;
      const int score = contract_score(x.level, x.strain, x.doubling, ns, declarer);
      points[a].push_back(ns ? score : -score);
      tricks[a].push_back(ns ? declarer : 13 - declarer);
    }
  }
  expect_figures(*r, points, tricks);
  // The comparison again from the per-deal tricks alone: the same figures.
  std::vector<Choice> choices;
  for (const ChoiceFigures& f : r->choices) choices.push_back(f.choice);
  auto again = compare_tricks(choices, r->declarer_tricks, r->side, r->vulnerability);
  ASSERT_TRUE(again);
  for (std::size_t a = 0; a < contracts.size(); ++a) {
    EXPECT_EQ(again->choices[a].vs_best.imps, r->choices[a].vs_best.imps);
    EXPECT_EQ(again->choices[a].matchpoints, r->choices[a].matchpoints);
  }

  EXPECT_FALSE(
      compare_contracts(*deals, std::vector<Contract>{contract("4S")}, Vulnerability::None));
  EXPECT_FALSE(compare_contracts(*deals, std::vector<Contract>{}, Vulnerability::None));
}

}  // namespace
}  // namespace ddtb::test
