// Lead analysis over sampled deals (include/ddtb/single_dummy.hpp): every
// opening lead of the declarer's left-hand opponent, solved in each deal,
// grouped by the runs of touching cards in the leader's hand (equal in every
// deal: no other hand holds a card between them), then each group's mean
// defence tricks and chance to set.
#include <algorithm>
#include <string>
#include <vector>

#include "analysis/lead_tricks.hpp"
#include "analysis/over_deals.hpp"
#include "ddtb/single_dummy.hpp"

namespace ddtb {

namespace {

using Group = detail::LeadRun;

// The runs of touching cards of a hand, suit by suit, highest first, and
// each card's run (indexed by Card::index()).
std::vector<Group> runs_of(CardSet hand, std::array<int, 64>& group_of) {
  std::vector<Group> groups;
  group_of.fill(-1);
  for (int s = 0; s < 4; ++s) {
    const Suit suit = suit_from_int(s);
    int previous = 0;
    for (const Card c : hand.suit(suit)) {  // highest first
      if (previous != c.rank + 1)
        groups.push_back({c, 0});
      else
        groups.back().equals |= static_cast<std::uint16_t>(1u << c.rank);
      group_of[static_cast<std::size_t>(c.index())] = static_cast<int>(groups.size()) - 1;
      previous = c.rank;
    }
  }
  return groups;
}

}  // namespace

namespace detail {

Expected<LeadTricks> solve_leads(std::span<const Deal> deals, const Contract& contract,
                                 const AnalysisOptions& options) {
  if (contract.level < 1 || contract.level > 7)
    return Error{ErrorCode::kBadArgument, "lead analysis needs a contract with a level 1-7"};
  if (!contract.declarer)
    return Error{ErrorCode::kBadArgument, "lead analysis needs the contract's declarer"};
  if (deals.empty()) return Error{ErrorCode::kBadArgument, "no deals to analyse"};
  const Seat leader = next_seat(*contract.declarer);
  const CardSet hand = deals[0].hand(leader);
  for (std::size_t i = 0; i < deals.size(); ++i) {
    if (deals[i].tricks_left() != 13)
      return Error{ErrorCode::kCardCount,
                   "deal " + std::to_string(i + 1) + " is not a full deal of 13 cards a hand"};
    if (deals[i].hand(leader) != hand)
      return Error{ErrorCode::kBadArgument, "the leader's (" + to_string(leader) +
                                                ") hand differs in deal " + std::to_string(i + 1) +
                                                ": lead analysis needs it known"};
  }
  std::array<int, 64> group_of{};
  LeadTricks out;
  out.leader = leader;
  out.leads = runs_of(hand, group_of);
  const std::size_t leads = out.leads.size();
  out.defence.assign(deals.size() * leads, -1);
  const bool finished = for_each_deal(deals, options, [&](std::size_t i, Solver& s) {
    const SolveResult r = s.solve(Position::at_trick_start(deals[i], contract.strain, leader));
    for (const CardScore& cs : r.cards) {
      CardSet run = CardSet::of(cs.card);
      run = run | CardSet::from_holding(cs.card.suit, cs.equals);
      for (const Card c : run) {
        const int g = group_of[static_cast<std::size_t>(c.index())];
        if (g >= 0)
          out.defence[i * leads + static_cast<std::size_t>(g)] =
              static_cast<std::int8_t>(cs.tricks);
      }
    }
  });
  if (!finished) return Error{ErrorCode::kCancelled, "lead analysis cancelled"};
  return out;
}

}  // namespace detail

Expected<LeadAnalysis> analyse_leads(std::span<const Deal> deals, const Contract& contract,
                                     const AnalysisOptions& options) {
  auto solved = detail::solve_leads(deals, contract, options);
  if (!solved) return solved.error();
  const std::vector<Group>& groups = solved->leads;
  const std::vector<std::int8_t>& defence = solved->defence;
  const Seat leader = solved->leader;

  LeadAnalysis out;
  out.samples = static_cast<int>(deals.size());
  out.contract = contract;
  out.leader = leader;
  const int to_set = 8 - contract.level;  // defence tricks that beat the contract
  for (std::size_t g = 0; g < groups.size(); ++g) {
    double sum = 0, squares = 0;
    std::size_t sets = 0;
    for (std::size_t i = 0; i < deals.size(); ++i) {
      const int d = defence[i * groups.size() + g];
      sum += d;
      squares += double(d) * d;
      sets += d >= to_set;
    }
    LeadOdds lead;
    lead.card = groups[g].top;
    lead.equals = groups[g].equals;
    lead.defence_tricks = detail::mean_of(sum, squares, deals.size());
    lead.sets = detail::chance_of(sets, deals.size());
    out.leads.push_back(lead);
  }
  std::stable_sort(out.leads.begin(), out.leads.end(), [](const LeadOdds& a, const LeadOdds& b) {
    if (a.defence_tricks.value != b.defence_tricks.value)
      return a.defence_tricks.value > b.defence_tricks.value;
    return a.sets.value > b.sets.value;
  });
  return out;
}

}  // namespace ddtb
