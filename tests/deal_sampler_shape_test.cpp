// Shape-first sampling under constraint scripts and accept predicates
// (analysis/deal_sampler.cpp, DealSpec::script and DealSpec::accept): on a
// case small enough to enumerate, the counts pass a chi-square test against
// the uniform distribution; on a rare constraint, the shape-first sample
// and plain rejection (the same constraint given as a predicate, which the
// sampler cannot read shapes from) pass a two-sample chi-square test; the
// deals do not depend on the threads; errors name the script's line and
// column, and a script too rare to sample is named.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <map>
#include <string>
#include <vector>

#include "ddtb/deal_script.hpp"
#include "ddtb/single_dummy.hpp"
#include "tests/sampling_checks.hpp"

namespace ddtb::test {
namespace {

// The small case: North and East placed by the script's predeal, South and
// West known but for four cards each; unknown: SAKQJ HAK D2 C2, C(8, 4) = 70
// ways. The script bounds South's spades (so South is dealt shape first:
// layouts of 4, 16 and 36 deals) and West's points.
constexpr const char* kSmallScript =
    "predeal north S5432, HQJT9, DAKQJ, C3\n"
    "predeal east ST98, H8765, DT987, C54\n"
    "condition spades(south) >= 3 && spades(south) <= 4 and hcp(west) <= 19\n";

bool small_meets(const std::array<CardSet, 4>& h) {
  const int spades = h[2].count(Suit::Spades);
  return spades >= 3 && spades <= 4 && hcp(h[3]) <= 19;
}

DealSpec small_spec() {
  DealSpec spec;
  spec.hands[2].holds = hand("76.432.6543.");
  spec.hands[3].holds = hand("...AKQJT9876");
  spec.script = kSmallScript;
  return spec;
}

std::vector<Deal> enumerate_small() {
  const auto script = DealScript::compile(kSmallScript);
  EXPECT_TRUE(script);
  std::array<CardSet, 4> known = script->predeal();
  known[2] = hand("76.432.6543.");
  known[3] = hand("...AKQJT9876");
  std::vector<Card> rest;
  for (const Card c : CardSet::full_deck() - known[0] - known[1] - known[2] - known[3])
    rest.push_back(c);
  EXPECT_EQ(rest.size(), 8u);
  std::vector<Deal> out;
  for (unsigned m = 0; m < 256; ++m) {
    if (std::popcount(m) != 4) continue;
    std::array<CardSet, 4> h = known;
    for (std::size_t i = 0; i < rest.size(); ++i) h[(m >> i) & 1 ? 2 : 3].insert(rest[i]);
    if (small_meets(h)) out.push_back(*Deal::from_hands(h));
  }
  return out;
}

TEST(ShapeFirst, UniformOverTheDealsThatMeetTheScript) {
  const std::vector<Deal> all = enumerate_small();
  ASSERT_GT(all.size(), 20u);
  ASSERT_LT(all.size(), 52u);  // the bound on spades keeps 52; the points refuse some
  DealSpec spec = small_spec();
  spec.samples = 200 * static_cast<int>(all.size());
  spec.seed = 7;
  spec.threads = 2;
  auto deals = sample_deals(spec);
  ASSERT_TRUE(deals) << deals.error().message;
  std::map<std::string, int> counts;
  for (const Deal& d : all) counts[to_pbn(d)] = 0;
  for (const Deal& d : *deals) {
    auto it = counts.find(to_pbn(d));
    ASSERT_NE(it, counts.end()) << to_pbn(d);
    ++it->second;
  }
  const double expected = double(spec.samples) / double(all.size());
  double chi2 = 0;
  for (const auto& [deal, n] : counts) chi2 += (n - expected) * (n - expected) / expected;
  EXPECT_LT(chi2, chi_square_critical(double(all.size() - 1))) << all.size() << " deals";
}

// South: seven spades and 11-15 HCP opposite a known North: about one deal
// in 800 (bench/bench_sampler.cpp has the one in 10,000 of the target).
constexpr const char* kNorth = "AQ4.K8632.J5.K72";
constexpr const char* kRare = "shape(south, 7xxx) && hcp(south) >= 11 && hcp(south) <= 15";

std::vector<Deal> rare_sample(bool shape_first, int samples) {
  DealSpec spec;
  spec.hands[0].holds = hand(kNorth);
  spec.samples = samples;
  spec.seed = 99;
  spec.threads = 2;
  const auto script = DealScript::compile(kRare);
  EXPECT_TRUE(script);
  auto accept = [&](const Deal& d) { return script->accepts(d); };
  if (shape_first)
    spec.script = kRare;
  else
    set_accept(spec, accept);  // a predicate: plain rejection
  auto deals = sample_deals(spec);
  EXPECT_TRUE(deals) << deals.error().message;
  return deals ? *deals : std::vector<Deal>{};
}

// A two-sample chi-square test over the cells `cell` puts each deal in.
template <class Cell>
void expect_same_distribution(const std::vector<Deal>& a, const std::vector<Deal>& b, Cell cell,
                              const char* what) {
  std::map<int, std::pair<double, double>> cells;
  for (const Deal& d : a) cells[cell(d)].first += 1;
  for (const Deal& d : b) cells[cell(d)].second += 1;
  const double na = double(a.size()), nb = double(b.size());
  double chi2 = 0;
  for (const auto& [k, n] : cells) {
    const double total = n.first + n.second;
    const double ea = total * na / (na + nb), eb = total * nb / (na + nb);
    chi2 += (n.first - ea) * (n.first - ea) / ea + (n.second - eb) * (n.second - eb) / eb;
  }
  ASSERT_GT(cells.size(), 2u) << what;
  EXPECT_LT(chi2, chi_square_critical(double(cells.size() - 1))) << what;
}

TEST(ShapeFirst, DrawsAsPlainRejectionDoesOnARareConstraint) {
  const std::vector<Deal> fast = rare_sample(true, 3000);
  const std::vector<Deal> plain = rare_sample(false, 3000);
  ASSERT_EQ(fast.size(), 3000u);
  ASSERT_EQ(plain.size(), 3000u);
  const auto south = [](const Deal& d) { return d.hand(Seat::South); };
  const auto script = DealScript::compile(kRare);
  for (const Deal& d : fast) ASSERT_TRUE(script->accepts(d)) << to_pbn(d);
  expect_same_distribution(
      fast, plain, [&](const Deal& d) { return hcp(south(d)); }, "South's HCP");
  expect_same_distribution(
      fast, plain, [&](const Deal& d) { return south(d).count(Suit::Hearts); }, "South's hearts");
  expect_same_distribution(
      fast, plain,
      [&](const Deal& d) {
        return 4 * south(d).count(Suit::Diamonds) +
               std::min(3, hcp(south(d).suit(Suit::Spades)) / 3);
      },
      "South's diamonds and spade points");
  expect_same_distribution(
      fast, plain, [&](const Deal& d) { return hcp(d.hand(Seat::East)) / 3; }, "East's HCP");
}

TEST(ShapeFirst, TheSeedDecidesTheDealsNotTheThreads) {
  DealSpec spec;
  spec.hands[0].holds = hand(kNorth);
  spec.script = "shape(south, any 5431) && hearts(east) >= 4 && spades(west) < 3";
  spec.samples = 64;
  spec.seed = 5;
  spec.threads = 1;
  auto one = sample_deals(spec);
  spec.threads = 3;
  auto three = sample_deals(spec);
  ASSERT_TRUE(one && three);
  EXPECT_EQ(*one, *three);
  const auto script = DealScript::compile(spec.script);
  for (const Deal& d : *one) EXPECT_TRUE(script->accepts(d)) << to_pbn(d);
}

TEST(ShapeFirst, ScriptErrorsAndRareScriptsAreNamed) {
  const auto error_of = [](const DealSpec& spec) {
    auto r = sample_deals(spec);
    return r ? std::string() : r.error().message;
  };
  DealSpec spec;
  spec.script = "hcp(north) >= 12 &&\n  spades(nort) > 4";
  EXPECT_EQ(error_of(spec),
            "script: line 2, column 10: spades needs a seat (north, east, south or west), got "
            "'nort'");
  spec.script = "predeal north SA";
  spec.hands[2].holds = hand("A...");
  EXPECT_EQ(error_of(spec), "South is given SA, already in another hand");
  spec = DealSpec{};
  spec.script = "predeal north SA";
  spec.hands[0].lacks = hand("A...");
  EXPECT_EQ(error_of(spec), "North lacks SA, which the script's predeal gives it");
  spec = DealSpec{};
  spec.script = "shape(north, 7xxx) && shape(north, 6xxx)";
  EXPECT_NE(error_of(spec).find("North: no shape meets"), std::string::npos) << error_of(spec);
  spec = DealSpec{};
  spec.script = "hcp(north) >= 33";
  spec.samples = 2;
  spec.max_draws_per_sample = 20000;
  EXPECT_NE(error_of(spec).find("the script's condition (too rare"), std::string::npos)
      << error_of(spec);
}

TEST(ShapeFirst, TheAcceptPredicateDecides) {
  DealSpec spec;
  spec.samples = 200;
  int calls = 0;
  auto even = [&](const Deal& d) {
    ++calls;
    return hcp(d.hand(Seat::North)) % 2 == 0;
  };
  set_accept(spec, even);
  auto deals = sample_deals(spec);
  ASSERT_TRUE(deals) << deals.error().message;
  for (const Deal& d : *deals) EXPECT_EQ(hcp(d.hand(Seat::North)) % 2, 0);
  EXPECT_GE(calls, 200);
}

}  // namespace
}  // namespace ddtb::test
