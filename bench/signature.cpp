// ddtb-bench: the node-count signature, like Stockfish's `bench`.
//
// `ddtb-bench signature` (the default command) solves a fixed set of items
// with one fresh Solver and a fixed TT budget, single-threaded:
//   - the DD tables of the first kSignatureDeals deals of list100.txt;
//   - kSignatureEndgames seeded random endgames of 16 to 32 cards, with 0..3
//     cards of the current trick played, all strains (Solver::solve).
// It prints each item's answer and node count, then the total node count, the
// signature. The search is deterministic, so the same binary prints the same
// output every time; a change in the signature means the search changed
// (state the new signature in the commit). Timing goes to stderr only, so
// stdout can be compared byte for byte.
#include <time.h>

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <string>

#include "bench/ref_list.hpp"
#include "ddtb/solver.hpp"
#include "tests/support/random.hpp"

#ifndef DDTB_REF_DIR
#error "DDTB_REF_DIR must name the directory of list100.txt (set by bench/CMakeLists.txt)"
#endif

namespace ddtb::bench {
namespace {

// The fixed workload. Changing any of these changes the signature.
constexpr int kSignatureDeals = 20;
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

int signature(const std::string& list) {
  std::vector<RefDeal> deals;
  try {
    deals = read_ref_list(list, kSignatureDeals);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ddtb-bench: %s\n", e.what());
    return 2;
  }
  if (int(deals.size()) != kSignatureDeals) {
    std::fprintf(stderr, "ddtb-bench: %s has fewer than %d deals\n", list.c_str(), kSignatureDeals);
    return 2;
  }

  SolverOptions options;
  options.tt_memory_bytes = kSignatureTtBytes;
  Solver solver(options);
  std::uint64_t total = 0;
  const double start = now_s();

  // Each item's own node count; the answer is printed too, so a change of
  // answer shows as well as a change of effort.
  for (const RefDeal& d : deals) {
    solver.reset_stats();
    const DdTable t = solver.dd_table(d.deal);
    const std::uint64_t nodes = solver.stats().nodes;
    total += nodes;
    std::printf("table   %3d  %s  nodes %12" PRIu64 "\n", d.number, table_digits(t).c_str(), nodes);
  }
  for (int i = 0; i < kSignatureEndgames; ++i) {
    const Position p = signature_endgame(i);
    solver.reset_stats();
    const SolveResult r = solver.solve(p);
    const std::uint64_t nodes = solver.stats().nodes;
    total += nodes;
    std::printf("endgame %3d  %2d cards, best %2d, %2zu choices  nodes %12" PRIu64 "\n", i + 1,
                p.cards_in_hands() + p.trick_size(), r.tricks, r.cards.size(), nodes);
  }
  const double seconds = now_s() - start;
  std::printf("signature nodes %" PRIu64 "\n", total);
  std::fflush(stdout);
  std::fprintf(stderr, "time %.2f s, %.0f nodes/s\n", seconds,
               seconds > 0 ? double(total) / seconds : 0.0);
  return 0;
}

void usage(std::FILE* to) {
  std::fprintf(to,
               "usage: ddtb-bench [signature] [--list FILE]\n"
               "  signature    solve the fixed workload and print its node count (default)\n"
               "  --list FILE  the hand list to take the first %d deals from\n"
               "               (default %s/list100.txt)\n",
               kSignatureDeals, DDTB_REF_DIR);
}

}  // namespace
}  // namespace ddtb::bench

int main(int argc, char** argv) {
  std::string list = std::string(DDTB_REF_DIR) + "/list100.txt";
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "signature") == 0) continue;
    if (std::strcmp(argv[i], "--list") == 0 && i + 1 < argc) {
      list = argv[++i];
    } else if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      ddtb::bench::usage(stdout);
      return 0;
    } else {
      std::fprintf(stderr, "ddtb-bench: unknown argument %s\n", argv[i]);
      ddtb::bench::usage(stderr);
      return 2;
    }
  }
  return ddtb::bench::signature(list);
}
