// The defence's tricks after each opening lead in each deal: what the lead
// analysis and the lead comparison are computed from. Internal.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "ddtb/single_dummy.hpp"

namespace ddtb::detail {

// One lead: the top card of a run of touching cards in the leader's hand
// and the others (DDS rank bits), always worth the same.
struct LeadRun {
  Card top;
  std::uint16_t equals = 0;
};

struct LeadTricks {
  Seat leader = Seat::North;
  std::vector<LeadRun> leads;  // suit by suit (S, H, D, C), highest first
  // defence[deal * leads.size() + lead]: the defence's tricks.
  std::vector<std::int8_t> defence;
};

// Every lead against `contract` in every deal. Errors as analyse_leads.
Expected<LeadTricks> solve_leads(std::span<const Deal> deals, const Contract& contract,
                                 const AnalysisOptions& options);

}  // namespace ddtb::detail
