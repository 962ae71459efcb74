// Single-dummy analysis (include/ddtb/single_dummy.hpp). The sampler: on a
// case small enough to enumerate every deal that meets the constraints, the
// sampled deals' counts pass a chi-square test against the uniform
// distribution, and every sample meets its constraints; the deals depend on
// the seed, not on the threads; a spec no deal meets, or too rare, is an
// error naming the hand and the constraint. The analyses: every figure is
// what the sampled deals give solved one by one by libdds (CalcDDtable,
// SolveBoard), and cancelling stops them.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "ddtb/single_dummy.hpp"
#include "tests/sampling_checks.hpp"
#include "tests/support/dds_peer.hpp"

namespace ddtb::test {
namespace {

bool meets(const Deal& d, const DealSpec& spec) {
  for (int s = 0; s < 4; ++s) {
    const HandSpec& c = spec.hands[s];
    const CardSet h = d.hand(seat_from_int(s));
    if (!h.contains_all(c.holds) || h.intersects(c.lacks)) return false;
    if (hcp(h) < c.min_hcp || hcp(h) > c.max_hcp) return false;
    for (int su = 0; su < 4; ++su) {
      const int n = h.count(suit_from_int(su));
      if (n < c.min_length[su] || n > c.max_length[su]) return false;
    }
  }
  return true;
}

// North and South known; East and West known but for four cards each:
// C(8, 4) = 70 ways to deal those eight, of which the constraints keep some.
DealSpec small_spec() {
  DealSpec spec;
  spec.hands[0].holds = hand("AKQ2.K5.AJ72.Q84");
  spec.hands[2].holds = hand("J95.A432.K9.KJ53");
  // East's and West's known nine cards each; unknown: S6 H76 D843 C62.
  spec.hands[1].holds = hand("T87.QJ.QT.A7");
  spec.hands[3].holds = hand("43.T98.65.T9");
  return spec;
}

std::vector<Deal> enumerate(const DealSpec& spec) {
  CardSet placed;
  for (const HandSpec& h : spec.hands) placed = placed | h.holds;
  std::vector<Card> rest;
  for (const Card c : CardSet::full_deck() - placed) rest.push_back(c);
  std::vector<Deal> out;
  const int n = static_cast<int>(rest.size());
  const int east = 13 - spec.hands[1].holds.size();
  for (unsigned m = 0; m < (1u << n); ++m) {
    if (std::popcount(m) != east) continue;
    std::array<CardSet, 4> hands;
    for (int s = 0; s < 4; ++s) hands[s] = spec.hands[s].holds;
    for (int i = 0; i < n; ++i) hands[(m >> i) & 1 ? 1 : 3].insert(rest[i]);
    auto d = Deal::from_hands(hands);
    if (d && meets(*d, spec)) out.push_back(*d);
  }
  return out;
}

TEST(SampleDeals, UniformOverTheDealsThatMeetTheConstraints) {
  DealSpec spec = small_spec();
  ASSERT_EQ(52 - spec.hands[0].holds.size() - spec.hands[1].holds.size() -
                spec.hands[2].holds.size() - spec.hands[3].holds.size(),
            8);
  spec.hands[1].min_length[1] = 3;  // East: 3+ hearts
  spec.hands[3].max_length[2] = 3;  // West: at most 3 diamonds
  const std::vector<Deal> all = enumerate(spec);
  ASSERT_GT(all.size(), 10u);
  ASSERT_LT(all.size(), 70u);
  spec.samples = 200 * static_cast<int>(all.size());
  spec.seed = 2026;
  spec.threads = 2;
  auto deals = sample_deals(spec);
  ASSERT_TRUE(deals) << deals.error().message;
  ASSERT_EQ(deals->size(), static_cast<std::size_t>(spec.samples));
  std::map<std::string, int> counts;
  for (const Deal& d : all) counts[to_pbn(d)] = 0;
  for (const Deal& d : *deals) {
    ASSERT_TRUE(meets(d, spec)) << to_pbn(d);
    auto it = counts.find(to_pbn(d));
    ASSERT_NE(it, counts.end()) << to_pbn(d);
    ++it->second;
  }
  // Chi-square against the uniform distribution; the critical value at
  // p = 0.001 for k - 1 degrees of freedom (Wilson-Hilferty).
  const double expected = double(spec.samples) / double(all.size());
  double chi2 = 0;
  for (const auto& [deal, n] : counts) chi2 += (n - expected) * (n - expected) / expected;
  const double critical = chi_square_critical(double(all.size() - 1));
  EXPECT_LT(chi2, critical) << all.size() << " deals";
  // A sampler that favours some deals fails it: the same counts with one
  // deal drawn a quarter more often.
  double biased = 0;
  bool first = true;
  for (const auto& [deal, n] : counts) {
    const double e = first ? expected * 1.25 : expected;
    first = false;
    biased += (n - e) * (n - e) / e;
  }
  EXPECT_GT(biased, chi2);
}

TEST(SampleDeals, TheSeedDecidesTheDealsNotTheThreads) {
  DealSpec spec;
  spec.hands[0].holds = hand("AKQ2.K5.AJ72.Q84");
  spec.hands[1].min_hcp = 11;
  spec.hands[1].max_hcp = 15;
  spec.hands[1].min_length[0] = 5;
  spec.samples = 300;
  spec.seed = 7;
  spec.threads = 1;
  auto one = sample_deals(spec);
  spec.threads = 2;
  auto two = sample_deals(spec);
  ASSERT_TRUE(one && two);
  EXPECT_EQ(*one, *two);
  for (const Deal& d : *one) EXPECT_TRUE(meets(d, spec)) << to_pbn(d);
  spec.seed = 8;
  auto other = sample_deals(spec);
  ASSERT_TRUE(other);
  EXPECT_NE(*one, *other);
}

TEST(SampleDeals, ImpossibleOrTooRareSpecsNameTheConstraint) {
  const auto error_of = [](const DealSpec& spec) {
    auto r = sample_deals(spec);
    return r ? std::string() : r.error().message;
  };
  DealSpec spec;
  spec.hands[0].holds = hand("AKQJT98765432...");  // North: every spade
  DealSpec s1 = spec;
  s1.hands[1].min_length[0] = 1;
  EXPECT_NE(error_of(s1).find("East: 1+ spades asked, at most 0 possible"), std::string::npos)
      << error_of(s1);
  DealSpec s2 = spec;
  s2.hands[2].holds = hand("A...");
  EXPECT_NE(error_of(s2).find("South is given SA, already in another hand"), std::string::npos)
      << error_of(s2);
  DealSpec s3;
  s3.hands[3].min_hcp = 38;
  EXPECT_NE(error_of(s3).find("West: 38+ HCP asked, at most 37 possible"), std::string::npos)
      << error_of(s3);
  DealSpec s4;
  s4.hands[1].min_length = {5, 5, 4, 0};
  EXPECT_NE(error_of(s4).find("East: the suit lengths asked add up to more than 13"),
            std::string::npos)
      << error_of(s4);
  DealSpec s5;  // possible, but far too rare
  s5.hands[1].min_hcp = 32;
  s5.samples = 2;
  s5.max_draws_per_sample = 20000;
  EXPECT_NE(error_of(s5).find("East: 32+ HCP"), std::string::npos) << error_of(s5);
  EXPECT_NE(error_of(s5).find("too rare"), std::string::npos) << error_of(s5);
  // 11+ spades, met once in 10^8 deals, is no longer too rare: the suit
  // lengths are dealt first.
  s5 = DealSpec{};
  s5.hands[1].min_length[0] = 11;
  s5.samples = 2;
  s5.max_draws_per_sample = 20000;
  EXPECT_EQ(error_of(s5), "");
  DealSpec s6;
  s6.hands[0].min_hcp = 20;
  s6.hands[0].max_hcp = 10;
  EXPECT_NE(error_of(s6).find("North: at least 20 and at most 10 HCP"), std::string::npos);
}

// Deals for the analyses: North known, East an opening hand.
std::vector<Deal> analysed_deals(int samples) {
  DealSpec spec;
  spec.hands[0].holds = hand("AKQ2.K5.AJ72.Q84");
  spec.hands[1].min_hcp = 11;
  spec.hands[1].max_hcp = 15;
  spec.samples = samples;
  spec.seed = 11;
  auto deals = sample_deals(spec);
  EXPECT_TRUE(deals) << deals.error().message;
  return deals ? *deals : std::vector<Deal>{};
}

TEST(AnalyseContracts, EveryFigureIsWhatLibddsGivesDealByDeal) {
  const std::vector<Deal> deals = analysed_deals(40);
  AnalysisOptions options;
  options.threads = 2;
  auto odds = analyse_contracts(deals, 0x1F, 0xF, Vulnerability::NorthSouth, options);
  ASSERT_TRUE(odds) << odds.error().message;
  ASSERT_EQ(odds->contracts.size(), 20u);
  DdsPeer& dds = DdsPeer::shared();
  std::vector<DdTable> tables;
  for (const Deal& d : deals) tables.push_back(dds.dd_table(d));
  for (const ContractOdds& c : odds->contracts) {
    SCOPED_TRACE(to_string(c.strain) + " by " + to_string(c.declarer));
    std::array<int, 14> counts{};
    double sum = 0, squares = 0;
    for (const DdTable& t : tables) {
      const int n = t.get(c.strain, c.declarer);
      ++counts[n];
      sum += n;
      squares += n * n;
    }
    EXPECT_EQ(c.tricks, counts);
    const double n = double(deals.size());
    EXPECT_NEAR(c.mean_tricks.value, sum / n, 1e-12);
    EXPECT_NEAR(c.mean_tricks.error, std::sqrt((squares - sum * sum / n) / (n - 1) / n), 1e-12);
    const bool vul = side_of(c.declarer) == Side::NorthSouth;
    for (int level = 1; level <= 7; ++level) {
      int made = 0;
      double score = 0;
      for (const DdTable& t : tables) {
        made += t.get(c.strain, c.declarer) >= 6 + level;
        score +=
            contract_score(level, c.strain, Doubling::Undoubled, vul, t.get(c.strain, c.declarer));
      }
      const double p = made / n;
      EXPECT_NEAR(c.makes[level].value, p, 1e-12);
      EXPECT_NEAR(c.makes[level].error, std::sqrt(p * (1 - p) / n), 1e-12);
      EXPECT_NEAR(c.score[level].value, score / n, 1e-9);
    }
  }
  // One contract alone: one search a deal, the same figures.
  auto one = analyse_contracts(deals, 1u << to_int(Strain::NoTrump), 1u << to_int(Seat::South),
                               Vulnerability::NorthSouth);
  ASSERT_TRUE(one);
  ASSERT_EQ(one->contracts.size(), 1u);
  const auto& all = odds->contracts;
  const auto same = std::find_if(all.begin(), all.end(), [](const ContractOdds& c) {
    return c.strain == Strain::NoTrump && c.declarer == Seat::South;
  });
  ASSERT_NE(same, all.end());
  EXPECT_EQ(one->contracts[0].tricks, same->tricks);
}

TEST(AnalyseLeads, EveryLeadIsWhatLibddsGivesDealByDeal) {
  const std::vector<Deal> deals = analysed_deals(30);
  // 3NT by South: West leads; West's hand must be known.
  DealSpec spec;
  spec.hands[0].holds = hand("AKQ2.K5.AJ72.Q84");
  spec.hands[3].holds = hand("T87.QJT9.Q854.A2");
  spec.samples = 30;
  spec.seed = 5;
  auto known = sample_deals(spec);
  ASSERT_TRUE(known) << known.error().message;
  Contract c;
  c.level = 3;
  c.strain = Strain::NoTrump;
  c.declarer = Seat::South;
  AnalysisOptions options;
  options.threads = 2;
  auto leads = analyse_leads(*known, c, options);
  ASSERT_TRUE(leads) << leads.error().message;
  EXPECT_EQ(leads->leader, Seat::West);
  DdsPeer& dds = DdsPeer::shared();
  std::map<int, std::vector<int>> by_card;  // card index -> defence tricks per deal
  for (const Deal& d : *known) {
    const auto scores = per_card_scores(
        dds.solve_board(Position::at_trick_start(d, Strain::NoTrump, Seat::West)).result);
    for (const Card card : d.hand(Seat::West))
      by_card[card.index()].push_back(scores[card.index()]);
  }
  int cards = 0;
  for (const LeadOdds& l : leads->leads) {
    CardSet run = CardSet::of(l.card) | CardSet::from_holding(l.card.suit, l.equals);
    for (const Card card : run) {
      ++cards;
      const std::vector<int>& d = by_card.at(card.index());
      double sum = 0;
      int sets = 0;
      for (int t : d) {
        sum += t;
        sets += t >= 5;  // 3NT goes down with 5 defence tricks
      }
      EXPECT_NEAR(l.defence_tricks.value, sum / double(d.size()), 1e-12) << to_string(card);
      EXPECT_NEAR(l.sets.value, double(sets) / double(d.size()), 1e-12) << to_string(card);
    }
  }
  EXPECT_EQ(cards, 13);
  for (std::size_t i = 1; i < leads->leads.size(); ++i)
    EXPECT_GE(leads->leads[i - 1].defence_tricks.value, leads->leads[i].defence_tricks.value);

  // Errors: no declarer; the leader's hand not known.
  Contract no_declarer = c;
  no_declarer.declarer.reset();
  EXPECT_FALSE(analyse_leads(*known, no_declarer));
  auto unknown = analyse_leads(deals, c);  // West hidden in these
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().message.find("hand differs"), std::string::npos);
}

TEST(AnalyseContracts, TheProgressCallbackCancels) {
  const std::vector<Deal> deals = analysed_deals(20);
  AnalysisOptions options;
  int calls = 0;
  auto progress = [&](int done, int total) {
    EXPECT_EQ(total, 20);
    EXPECT_EQ(done, calls + 1);
    return ++calls < 3;
  };
  set_progress(options, progress);
  auto r = analyse_contracts(deals, 0x1F, 0xF, Vulnerability::None, options);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kCancelled);
  EXPECT_NE(r.error().message.find("cancelled"), std::string::npos);
  EXPECT_EQ(calls, 3);
  // The same for the leads (3NT by West: North, known, leads).
  calls = 0;
  Contract c;
  c.level = 3;
  c.declarer = Seat::West;
  auto leads = analyse_leads(deals, c, options);
  ASSERT_FALSE(leads);
  EXPECT_EQ(leads.error().code, ErrorCode::kCancelled);
  EXPECT_EQ(calls, 3);
}

}  // namespace
}  // namespace ddtb::test
