// The node-count signature's workload (signature_workload.hpp).
#include "bench/signature_workload.hpp"

#include <time.h>

#include <cinttypes>
#include <cstdio>
#include <exception>

#include "ddtb/solver.hpp"
#include "solver/solver_core.hpp"
#include "tests/support/random.hpp"

namespace ddtb::bench {
namespace {

// The fixed workload (and kSignatureDeals). Changing any of these changes the
// signature.
constexpr int kSignatureEndgames = 50;
constexpr std::uint64_t kSignatureSeedBase = 0x5167'0000;
constexpr std::size_t kSignatureTtBytes = std::size_t{32} << 20;

double now_s() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

// Endgame i: 4..8 tricks (16 to 32 cards), 0..3 cards played, any strain and
// leader, all drawn from its own seed.
Position signature_endgame(int i) {
  test::Rng rng(kSignatureSeedBase + std::uint64_t(i));
  const int tricks = 4 + int(rng.below(5));
  const int played = int(rng.below(4));
  const Strain strain = strain_from_int(int(rng.below(5)));
  const Seat leader = seat_from_int(int(rng.below(4)));
  return test::random_position(rng, tricks, played, strain, leader);
}

std::string table_digits(const DdTable& t) {
  std::string s;
  for (const auto& row : t.tricks) {
    if (!s.empty()) s += ' ';
    for (int v : row) s += "0123456789ABCD"[v];
  }
  return s;
}

}  // namespace

std::vector<RefDeal> signature_deals(const std::string& list) {
  std::vector<RefDeal> deals;
  try {
    deals = read_ref_list(list, kSignatureDeals);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ddtb-bench: %s\n", e.what());
    return {};
  }
  if (int(deals.size()) != kSignatureDeals) {
    std::fprintf(stderr, "ddtb-bench: %s has fewer than %d deals\n", list.c_str(), kSignatureDeals);
    return {};
  }
  return deals;
}

std::uint64_t solve_workload(const std::vector<RefDeal>& deals,
                             const detail::OrderingWeights* weights, bool print) {
  SolverOptions options;
  options.tt_memory_bytes = kSignatureTtBytes;
  // What a Solver does, with the given weights (solver/solver_core.hpp).
  detail::SolverCore solver(options, weights);
  std::uint64_t total = 0;
  // Each item's own node count; the answer is printed too, so a change of
  // answer shows as well as a change of effort.
  for (const RefDeal& d : deals) {
    solver.reset_stats();
    const DdTable t = solver.dd_table(d.deal);
    const std::uint64_t nodes = solver.stats().nodes;
    total += nodes;
    if (print)
      std::printf("table   %3d  %s  nodes %12" PRIu64 "\n", d.number, table_digits(t).c_str(),
                  nodes);
  }
  for (int i = 0; i < kSignatureEndgames; ++i) {
    const Position p = signature_endgame(i);
    solver.reset_stats();
    const SolveResult r = solver.solve(p);
    const std::uint64_t nodes = solver.stats().nodes;
    total += nodes;
    if (print)
      std::printf("endgame %3d  %2d cards, best %2d, %2zu choices  nodes %12" PRIu64 "\n", i + 1,
                  p.cards_in_hands() + p.trick_size(), r.tricks, r.cards.size(), nodes);
  }
  return total;
}

int signature(const std::string& list) {
  const std::vector<RefDeal> deals = signature_deals(list);
  if (deals.empty()) return 2;
  const double start = now_s();
  const std::uint64_t total = solve_workload(deals, nullptr, true);
  const double seconds = now_s() - start;
  std::printf("signature nodes %" PRIu64 "\n", total);
  std::fflush(stdout);
  std::fprintf(stderr, "time %.2f s, %.0f nodes/s\n", seconds,
               seconds > 0 ? double(total) / seconds : 0.0);
  return 0;
}

}  // namespace ddtb::bench
