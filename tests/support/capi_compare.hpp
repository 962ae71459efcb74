// Helpers for the tests of the DDS-compatible C API (tests/capi*.cpp):
// ddtb types to dll.h structs, and futureTricks compared as DDS's answers
// must be compared when two solvers may list cards of equal score in a
// different order (include/ddtb/dll.h explains why they do), also call by
// call against the reference libdds.
#pragma once

#include <array>
#include <functional>
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
// A golden file's table ([strain][hand]) as the C struct.
ddTableResults to_c_table_results(const std::array<std::array<int, 4>, 5>& table);

// " 5 8 5 8 6 6 ..." (strain by strain, N E S W), for failure messages.
std::string table_text(const ddTableResults& r);

// A deal with a card in two hands and the hand sizes kept: the first hand
// (N, E, S, W) that holds a card gives a copy of its lowest card of its
// first suit to the next hand, in place of that hand's lowest card of its
// first suit. (DDS 2.9's CalcDDtable does not check for duplicates: it
// searches such a deal, for a very long time when it has 53 cards.)
void duplicate_a_card(unsigned (&hands)[DDS_HANDS][DDS_SUITS]);

// The groups of a futureTricks, as the golden files' FUT groups.
std::vector<RefCardGroup> groups_of(const futureTricks& fut);

// The futureTricks holding `groups` (at most 13), nodes 0: a golden file's
// answer in the form compare_answers() takes.
futureTricks to_future_tricks(const std::vector<RefCardGroup>& groups);

// "D5/0=5 D8/0=5 ..." for failure messages.
std::string fut_text(const std::vector<RefCardGroup>& groups);

// Empty when `got` lists the same groups with the same scores as `want`, in
// the same order except within runs of equal score; else a description.
std::string compare_ignoring_tie_order(const std::vector<RefCardGroup>& got,
                                       const std::vector<RefCardGroup>& want);

// Empty when `ours` is DDS's answer `theirs` to one SolveBoard call with
// `target` and `solutions`, as dll.h says it must be: the same scores, the
// same cards up to the order of equal scores, and where DDS returns one card
// (solutions = 1), a card that qualifies by `all_cards` (DDS's solutions = 3
// answer for the same position, best first); else a description.
std::string compare_answers(const futureTricks& ours, const futureTricks& theirs,
                            const std::vector<RefCardGroup>& all_cards, int target, int solutions);

// SolveBoard on `dl` through ddtb and through the reference libdds (thread 0
// of each) with every combination of solutions 1..3, mode 0..2 and target
// -1, 0, 1, DDS's best score, best + 1 and the tricks left: empty when both
// return the same code to every call and the same answer by
// compare_answers(), else the first disagreement. Adds the calls made to
// `calls`.
std::string compare_every_combination(const deal& dl, int& calls);

// The same with `ours` answering in place of ddtb's SolveBoard: another
// entry point (the handle API of dds_c_api.h) that must answer as it does.
using SolveCall =
    std::function<int(const deal&, int target, int solutions, int mode, futureTricks* fut)>;
std::string compare_every_combination(const deal& dl, int& calls, const SolveCall& ours);

}  // namespace ddtb::test
