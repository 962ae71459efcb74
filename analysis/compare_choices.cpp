// The choices of a paired comparison (include/ddtb/comparison.hpp) solved
// on the sampled deals: each opening lead (lead_tricks.hpp), or each
// contract's declarer tricks, per deal; compare_tricks does the rest.
#include <array>
#include <string>
#include <vector>

#include "analysis/lead_tricks.hpp"
#include "analysis/over_deals.hpp"
#include "ddtb/comparison.hpp"

namespace ddtb {

Expected<Comparison> compare_leads(std::span<const Deal> deals, const Contract& contract,
                                   Vulnerability vulnerability, const AnalysisOptions& options) {
  auto solved = detail::solve_leads(deals, contract, options);
  if (!solved) return solved.error();
  std::vector<Choice> choices;
  for (const detail::LeadRun& run : solved->leads)
    choices.push_back(Choice{contract, run.top, run.equals});
  // The defence's tricks as the declarer's.
  std::vector<std::int8_t> declarer(solved->defence.size());
  for (std::size_t i = 0; i < declarer.size(); ++i)
    declarer[i] = static_cast<std::int8_t>(13 - solved->defence[i]);
  return compare_tricks(choices, declarer, side_of(solved->leader), vulnerability);
}

Expected<Comparison> compare_contracts(std::span<const Deal> deals,
                                       std::span<const Contract> contracts,
                                       Vulnerability vulnerability,
                                       const AnalysisOptions& options) {
  if (contracts.empty()) return Error{ErrorCode::kBadArgument, "no contracts to compare"};
  for (std::size_t c = 0; c < contracts.size(); ++c)
    if (contracts[c].level < 1 || contracts[c].level > 7 || !contracts[c].declarer)
      return Error{ErrorCode::kBadArgument, "contract " + std::to_string(c + 1) +
                                                ": comparing contracts needs each "
                                                "with a level 1-7 and its declarer"};
  if (deals.empty()) return Error{ErrorCode::kBadArgument, "no deals to analyse"};
  for (std::size_t i = 0; i < deals.size(); ++i)
    if (deals[i].tricks_left() != 13)
      return Error{ErrorCode::kCardCount,
                   "deal " + std::to_string(i + 1) + " is not a full deal of 13 cards a hand"};
  const std::size_t k = contracts.size();
  std::vector<std::int8_t> declarer(deals.size() * k);
  const bool finished = detail::for_each_deal(deals, options, [&](std::size_t i, Solver& s) {
    // Contracts of one strain and declarer (3NT and 3NTX by S) share a search.
    std::array<int, 20> solved;
    solved.fill(-1);
    for (std::size_t c = 0; c < k; ++c) {
      const Contract& x = contracts[c];
      int& t = solved[static_cast<std::size_t>(to_int(x.strain) * 4 + to_int(*x.declarer))];
      if (t < 0)
        t = 13 - s.max_tricks(Position::at_trick_start(deals[i], x.strain, next_seat(*x.declarer)));
      declarer[i * k + c] = static_cast<std::int8_t>(t);
    }
  });
  if (!finished) return Error{ErrorCode::kCancelled, "contract comparison cancelled"};
  std::vector<Choice> choices;
  for (const Contract& c : contracts) choices.push_back(Choice{c, std::nullopt, 0});
  return compare_tricks(choices, declarer, side_of(*contracts[0].declarer), vulnerability);
}

}  // namespace ddtb
