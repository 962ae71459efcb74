// Helpers for the tests of the DDS-compatible C API (tests/capi*.cpp):
// ddtb types to dll.h structs, and futureTricks compared as DDS's answers
// must be compared when two solvers may list cards of equal score in a
// different order (include/ddtb/dll.h explains why they do).
#pragma once

#include <string>
#include <vector>

#include "ddtb/dll.h"
#include "ddtb/position.hpp"
#include "tests/support/ref_file.hpp"

namespace ddtb::test {

// The deal struct of a position (trump, leader, current trick, hands).
deal to_c_deal(const Position& p);
// Its PBN form ("N:..." hands, same trick).
dealPBN to_c_deal_pbn(const Position& p);
ddTableDeal to_c_table_deal(const Deal& d);

// The groups of a futureTricks, as the golden files' FUT groups.
std::vector<RefCardGroup> groups_of(const futureTricks& fut);

// "D5/0=5 D8/0=5 ..." for failure messages.
std::string fut_text(const std::vector<RefCardGroup>& groups);

// Empty when `got` lists the same groups with the same scores as `want`, in
// the same order except within runs of equal score; else a description.
std::string compare_ignoring_tie_order(const std::vector<RefCardGroup>& got,
                                       const std::vector<RefCardGroup>& want);

}  // namespace ddtb::test
