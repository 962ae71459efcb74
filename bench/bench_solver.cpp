// Google Benchmark micro-benchmarks of the solver. Each case reports the
// search nodes per iteration as the counter "nodes", so a speed change can be
// told apart from a change in the amount of search.
//
// Every iteration starts from an empty transposition table (Solver::clear),
// so iterations measure the same work rather than TT hits from the last one.
#include <benchmark/benchmark.h>

#include <array>
#include <string_view>

#include "ddtb/solver.hpp"
#include "tests/support/random.hpp"

namespace ddtb::bench {
namespace {

// Deals 1, 2 and 3 of DDS's list100.txt (../shared/ref), kept inline so the
// benchmark needs no data files.
constexpr std::array<std::string_view, 3> kDeals = {
    "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
    "E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63",
    "N:73.QJT.AQ54.T752 QT6.876.KJ9.AQ84 5.A95432.7632.K6 AKJ9842.K.T8.J93",
};

Deal deal_of(std::size_t i) {
  return *parse_pbn_deal(kDeals[i]);
}

void report_nodes(benchmark::State& state, std::uint64_t nodes) {
  state.counters["nodes"] = benchmark::Counter(double(nodes), benchmark::Counter::kAvgIterations);
}

// The full DD table (20 results) of one deal.
void BM_DdTable(benchmark::State& state) {
  const Deal deal = deal_of(std::size_t(state.range(0)));
  Solver solver;
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    solver.clear();
    solver.reset_stats();
    benchmark::DoNotOptimize(solver.dd_table(deal));
    nodes += solver.stats().nodes;
  }
  report_nodes(state, nodes);
}
BENCHMARK(BM_DdTable)->DenseRange(0, int(kDeals.size()) - 1)->Unit(benchmark::kMillisecond);

// SolveBoard-like: every card's score at trick 1 of deal 1, spades, North on
// lead (list100's FUT position for that deal).
void BM_SolveOpeningLead(benchmark::State& state) {
  const Position p = Position::at_trick_start(deal_of(0), Strain::Spades, Seat::North);
  Solver solver;
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    solver.clear();
    solver.reset_stats();
    benchmark::DoNotOptimize(solver.solve(p));
    nodes += solver.stats().nodes;
  }
  report_nodes(state, nodes);
}
BENCHMARK(BM_SolveOpeningLead)->Unit(benchmark::kMillisecond);

// A seeded random endgame: 6 tricks left (24 cards), two cards of the current
// trick played, no trump.
void BM_SolveEndgame(benchmark::State& state) {
  constexpr std::uint64_t kSeed = 0xe4d6'a3e5;
  test::Rng rng(kSeed);
  const Position p = test::random_position(rng, 6, 2, Strain::NoTrump, Seat::West);
  Solver solver;
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    solver.clear();
    solver.reset_stats();
    benchmark::DoNotOptimize(solver.solve(p));
    nodes += solver.stats().nodes;
  }
  report_nodes(state, nodes);
}
BENCHMARK(BM_SolveEndgame)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace ddtb::bench

BENCHMARK_MAIN();
