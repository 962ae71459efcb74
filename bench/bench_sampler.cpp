// ddtb-bench-sampler: drawing deals under a rare constraint (Google
// Benchmark, one thread). The target of issue 40: 1000 deals under a
// constraint that one deal in about 10,000 meets, in at most 0.5 s.
//
//   build/bin/ddtb-bench-sampler
//
// The constraint: North's hand known, South a seven-card spade suit
// (shape(south, 7xxx)) with 11-15 HCP. BM_Rate measures how often random
// deals (North's hand fixed) meet it; BM_ShapeFirst samples under it as a
// script (the suit lengths dealt first); BM_PlainRejection samples under
// the same constraint given as a predicate, which the sampler cannot read
// shapes from: rejection from scratch, as before shape-first dealing (100
// deals, to keep the run short: multiply by 10).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "core/random.hpp"
#include "ddtb/deal_script.hpp"
#include "ddtb/single_dummy.hpp"

namespace {

constexpr const char* kNorth = "AK954.K8.QJ5.A72";
constexpr const char* kSouth = "shape(south, 7xxx) && hcp(south) >= 11 && hcp(south) <= 15";

ddtb::DealSpec spec(int samples) {
  ddtb::DealSpec s;
  s.hands[0].holds = *ddtb::parse_pbn_hand(kNorth);
  s.samples = samples;
  s.threads = 1;
  return s;
}

void BM_Rate(benchmark::State& state) {
  const auto script = ddtb::DealScript::compile(kSouth);
  const ddtb::CardSet north = *ddtb::parse_pbn_hand(kNorth);
  std::vector<ddtb::Card> rest;
  for (const ddtb::Card c : ddtb::CardSet::full_deck() - north) rest.push_back(c);
  constexpr std::int64_t kDeals = 2'000'000;
  std::int64_t met = 0;
  for (auto _ : state) {
    ddtb::Rng rng(1);
    met = 0;
    for (std::int64_t i = 0; i < kDeals; ++i) {
      std::array<ddtb::CardSet, 4> hands{north, {}, {}, {}};
      std::vector<ddtb::Card> cards = rest;
      for (std::size_t k = 0; k < cards.size(); ++k) {
        const std::size_t j = k + rng.below(static_cast<std::uint32_t>(cards.size() - k));
        std::swap(cards[k], cards[j]);
        hands[1 + k / 13].insert(cards[k]);
      }
      met += script->accepts(*ddtb::Deal::from_hands(hands));
    }
  }
  state.counters["one_deal_in"] = static_cast<double>(kDeals) / static_cast<double>(met);
}
BENCHMARK(BM_Rate)->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_ShapeFirst(benchmark::State& state) {
  ddtb::DealSpec s = spec(1000);
  s.script = kSouth;
  for (auto _ : state) {
    auto deals = ddtb::sample_deals(s);
    if (!deals) state.SkipWithError(deals.error().message.c_str());
    benchmark::DoNotOptimize(deals);
    ++s.seed;
  }
  state.counters["deals"] = 1000;
}
BENCHMARK(BM_ShapeFirst)->Unit(benchmark::kMillisecond);

void BM_PlainRejection(benchmark::State& state) {
  const auto script = ddtb::DealScript::compile(kSouth);
  ddtb::DealSpec s = spec(100);
  auto accept = [&](const ddtb::Deal& d) { return script->accepts(d); };
  ddtb::set_accept(s, accept);
  for (auto _ : state) {
    auto deals = ddtb::sample_deals(s);
    if (!deals) state.SkipWithError(deals.error().message.c_str());
    benchmark::DoNotOptimize(deals);
  }
  state.counters["deals"] = 100;
}
BENCHMARK(BM_PlainRejection)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
