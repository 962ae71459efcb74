// ddtb-vs-dds on a list of deals: checking the sides' answers and printing
// what they cost, ddtb against its peer (libdds, or with --versus-tables
// ddtb with other tables).
#pragma once

#include <cstdint>
#include <vector>

#include "bench/vs_dds_child.hpp"

namespace ddtb::bench {

bool same_values(const Item& a, const Item& b);

// The file's answer to a kind of work on deal `d`: its TABLE line, its FUT
// line, or (for the trick-1 solves) the TABLE line read from the leader's
// side: leader l's side takes what the declarer on its right does not
// (`nt_only`: the no-trump ones alone).
Item golden_item(const RefDeal& d, int kind, int solutions, bool nt_only);

// Prints what differs between two answers of one deal.
void report_mismatch(int kind, int deal, const char* a_name, const Item& a, const char* b_name,
                     const Item& b);

struct Totals {
  double cpu = 0, wall = 0;
  std::uint64_t nodes = 0, trick_nodes = 0;
  void add(const Item& i) {
    cpu += i.cpu_s;
    wall += i.wall_s;
    nodes += i.nodes;
    trick_nodes += i.trick_nodes;
  }
};

// A side's totals of a kind over the deals of one round.
Totals totals_of(const SideResult& r, int kind);

// Per kind of work, the deal whose ratio of CPU time summed over the rounds
// is the largest.
void print_worst_deals(const VsOptions& o, const std::vector<RefDeal>& deals,
                       const std::vector<SideResult>& ours, const std::vector<SideResult>& peer);

// Per kind of work: each deal's ratio of the sides' median CPU times over
// the rounds (unless quiet), then p50, p95, the worst deals and the count
// over 1.0.
void print_per_deal(const VsOptions& o, const std::vector<RefDeal>& deals,
                    const std::vector<SideResult>& ours, const std::vector<SideResult>& peer);

}  // namespace ddtb::bench
