// ddtb-bench: the node-count signature, like Stockfish's `bench`.
//
// `ddtb-bench signature` (the default command) solves a fixed set of items
// (bench/signature_workload.hpp) with one fresh Solver and a fixed TT budget,
// single-threaded. It prints each item's answer and node count, then the total node count, the
// signature. The search is deterministic, so the same binary prints the same
// output every time; a change in the signature means the search changed
// (state the new signature in the commit). Timing goes to stderr only, so
// stdout can be compared byte for byte.
//
// `ddtb-bench --ablate` solves the same workload once per move-ordering
// weight (solver/ordering_weights.hpp) with that weight taken out (zero, or
// for a threshold or a cap a value that never applies) and prints each
// total next to the tuned one: what each weight is worth today.
#include <time.h>

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "bench/ref_list.hpp"
#include "bench/signature_workload.hpp"
#include "ddtb/solver.hpp"
#include "solver/ordering_weights.hpp"
#include "tools/command_line.hpp"

#ifndef DDTB_GOLDEN_DIR
#error "DDTB_GOLDEN_DIR must name tests/data/golden (set by bench/CMakeLists.txt)"
#endif

namespace ddtb::bench {
namespace {

double now_s() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

// One row per weight: its tuned value, the value it is set to, the
// workload's nodes then, and their change against the tuned weights.
// Fails (1) if the search with run-time weights, given the tuned values,
// does not count the same nodes as the search with compile-time ones.
int ablate(const std::string& list) {
  const std::vector<RefDeal> deals = signature_deals(list);
  if (deals.empty()) return 2;
  const double start = now_s();
  const std::uint64_t base = solve_workload(deals, nullptr, false);
  const detail::OrderingWeights tuned = detail::kDefaultOrderingWeights;
  const std::uint64_t same = solve_workload(deals, &tuned, false);
  std::printf("%-24s %6s %6s %12s %8s\n", "weight", "tuned", "set to", "nodes", "change");
  std::printf("%-24s %6s %6s %12" PRIu64 "\n", "(tuned weights)", "", "", base);
  std::printf("%-24s %6s %6s %12" PRIu64 "\n", "(same, read at run time)", "", "", same);
  std::fflush(stdout);
  if (same != base) {
    std::fprintf(stderr,
                 "ddtb-bench: the run-time weights path counts %" PRIu64
                 " nodes with the tuned weights, not %" PRIu64 "\n",
                 same, base);
    return 1;
  }
  for (const detail::OrderingWeightField& field : detail::kOrderingWeightFields) {
    detail::OrderingWeights w = detail::kDefaultOrderingWeights;
    w.*field.member = field.neutral;
    const std::uint64_t nodes = solve_workload(deals, &w, false);
    std::printf("%-24s %6d %6d %12" PRIu64 " %+7.2f%%\n", field.name,
                detail::kDefaultOrderingWeights.*field.member, field.neutral, nodes,
                100.0 * (double(nodes) - double(base)) / double(base));
    std::fflush(stdout);
  }
  std::fprintf(stderr, "time %.1f s\n", now_s() - start);
  return 0;
}

std::string usage_text() {
  char text[1024];
  std::snprintf(text, sizeof text,
                "usage: ddtb-bench [signature | --ablate] [--list FILE]\n"
                "  signature    solve the fixed workload and print its node count (default)\n"
                "  --ablate     solve it once per move-ordering weight, with that weight\n"
                "               taken out, and print the node counts (bench/README.md)\n"
                "  --list FILE  the hand list to take the first %d deals from\n"
                "               (default %s/deals.txt)\n",
                kSignatureDeals, DDTB_GOLDEN_DIR);
  return text;
}

}  // namespace
}  // namespace ddtb::bench

int main(int argc, char** argv) {
  std::string list = std::string(DDTB_GOLDEN_DIR) + "/deals.txt";
  bool ablate = false;
  CLI::App app;
  app.add_subcommand("signature");  // the default: nothing to set
  app.add_flag("--ablate", ablate);
  app.add_option("--list", list);
  const ddtb::tools::ToolText text =
      ddtb::tools::simple_text("ddtb-bench", ddtb::bench::usage_text());
  ddtb::tools::prepare(app, text);
  if (const auto status = ddtb::tools::parse(app, ddtb::tools::arguments(argc, argv), text))
    return *status;
  return ablate ? ddtb::bench::ablate(list) : ddtb::bench::signature(list);
}
