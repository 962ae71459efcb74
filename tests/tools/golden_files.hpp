// The text of the project's golden files (tests/data/golden/README.md gives
// their format), made from the reference libdds's answers for the deals of
// golden_deals.hpp. Deterministic: DDS runs single-threaded, every call in a
// fixed order, so the same libdds gives the same bytes on every run.
#pragma once

#include <string>
#include <vector>

#include "tests/support/dds_c_api.hpp"
#include "tests/tools/golden_deals.hpp"

namespace ddtb::test {

struct GoldenFiles {
  std::string deals;      // deals.txt: DDS's hand-list format
  std::string positions;  // positions.txt: SolveBoard with solutions 1, 2 and 3
  std::string par;        // par.txt: every par entry point
};

// Asks `dds` for every answer. Throws std::runtime_error naming the deal
// and the call when DDS returns an error code, or when AnalysePlayBin and
// AnalysePlayPBN disagree.
GoldenFiles make_golden_files(const std::vector<GoldenDeal>& deals, const DdsCApi& dds);

}  // namespace ddtb::test
