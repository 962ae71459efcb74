// A minimal reader of DDS's golden hand lists (../shared/ref/list100.txt,
// format in tests/README.md, "DDS's hand lists") for the benchmarks: each deal with the
// position its FUT line solves, the FUT answer and the DD table. PAR, PLAY
// and TRACE lines are skipped.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "ddtb/position.hpp"
#include "ddtb/solver.hpp"

namespace ddtb::bench {

struct RefDeal {
  int number = 0;         // 1-based place in the file
  Deal deal;              // 13 cards each
  Position fut_position;  // the deal, with the strain and leader of its PBN line
  SolveResult fut;        // DDS's SolveBoard answer (the FUT line)
  DdTable table;          // DDS's DD table (the TABLE line)
};

class RefListError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Reads the first `max_deals` deals (all when negative). Throws RefListError
// naming the file and line on unreadable or malformed input.
std::vector<RefDeal> read_ref_list(const std::string& path, int max_deals = -1);

}  // namespace ddtb::bench
