// Google Benchmark cases for the tablebase probe.
//
// Tables: the directory in DDTB_BENCH_TABLES, else 4- to 12-card tables built
// into a temporary directory first (a few seconds). The probe positions are
// random trick starts of the deepest layer present; they are probed once
// before timing, so every case measures probes of loaded partitions: 256 of
// them (hot in the processor's caches), or 2^18 (spread over the table, as a
// search's probes are), through the public probe or the solver's session.
//   ddtb-bench-tablebase --benchmark_repetitions=10 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>
#include <stdlib.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "builder/layer_build.hpp"
#include "builder/layer_writer.hpp"
#include "core/endgame_probe.hpp"
#include "ddtb/tablebase.hpp"
#include "tablebase/layer_file.hpp"
#include "tests/support/random.hpp"

namespace {

using namespace ddtb;

std::string tables_dir() {
  if (const char* d = std::getenv("DDTB_BENCH_TABLES")) return d;
  static std::string dir;
  if (!dir.empty()) return dir;
  char pattern[] = "/tmp/ddtb-bench-tables-XXXXXX";
  dir = ::mkdtemp(pattern);
  using namespace ddtb::detail::tb;
  std::array<std::unique_ptr<Layer>, 2> lower;
  for (int t = 1; t <= 3; ++t) {
    std::array<std::unique_ptr<Layer>, 2> cur;
    for (int kc = 0; kc < 2; ++kc) {
      LayerStats st;
      auto layer = build_layer(t, static_cast<StrainClass>(kc),
                               LowerLayers{lower[0].get(), lower[1].get(), t - 1}, 2, st, nullptr);
      if (!layer || !write_layer(dir + "/" + layer_file_name(t, static_cast<StrainClass>(kc)),
                                 **layer, WriteOptions{})) {
        std::fprintf(stderr, "could not build benchmark tables\n");
        std::exit(2);
      }
      cur[kc] = std::move(*layer);
    }
    lower = std::move(cur);
  }
  return dir;
}

struct RawProbe {
  std::array<detail::Bits, 4> hands;
  int leader, trump;
};

struct Fixture {
  std::shared_ptr<const Tablebase> tb;
  std::vector<Position> positions, spread;
  std::vector<RawProbe> raw_spread;
  Fixture() {
    TablebaseOptions o;
    o.cache_bytes = std::size_t{1} << 30;  // every probed partition stays loaded
    auto opened = Tablebase::open(tables_dir(), o);
    if (!opened) {
      std::fprintf(stderr, "%s\n", opened.error().message.c_str());
      std::exit(2);
    }
    tb = *opened;
    test::Rng rng(2026);
    const int tricks = tb->max_cards() / 4;
    for (int i = 0; i < 256; ++i)
      positions.push_back(test::random_position(rng, tricks, 0,
                                                strain_from_int(static_cast<int>(rng.below(5))),
                                                seat_from_int(static_cast<int>(rng.below(4)))));
    for (int i = 0; i < (1 << 18); ++i)
      spread.push_back(test::random_position(rng, tricks, 0,
                                             strain_from_int(static_cast<int>(rng.below(5))),
                                             seat_from_int(static_cast<int>(rng.below(4)))));
    for (const Position& p : spread) {
      RawProbe r;
      for (int s = 0; s < 4; ++s) r.hands[s] = p.hand(seat_from_int(s)).bits();
      r.leader = to_int(p.leader());
      r.trump = p.trump() == Strain::NoTrump ? detail::kNoTrump : to_int(p.trump());
      raw_spread.push_back(r);
    }
    for (const Position& p : positions) benchmark::DoNotOptimize(tb->probe(p));  // load
    for (const Position& p : spread) benchmark::DoNotOptimize(tb->probe(p));
  }
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

// One probe of a position whose partition is loaded; the time per iteration
// is the time of one probe (canonical form, index, cache, set scan).
void BM_ProbeLoaded(benchmark::State& state) {
  Fixture& f = fixture();
  std::size_t i = 0;
  int hits = 0;
  for (auto _ : state) {
    const auto a = f.tb->probe(f.positions[i]);
    hits += a.has_value();
    if (++i == f.positions.size()) i = 0;
  }
  state.counters["cards"] = f.tb->max_cards();
  state.counters["hit_rate"] = double(hits) / double(state.iterations());
}
BENCHMARK(BM_ProbeLoaded);

// The same over 2^18 positions: the partitions, sets and index entries a
// probe touches are mostly out of the processor's caches.
void BM_ProbeSpread(benchmark::State& state) {
  Fixture& f = fixture();
  std::size_t i = 0;
  int hits = 0;
  for (auto _ : state) {
    const auto a = f.tb->probe(f.spread[i]);
    hits += a.has_value();
    if (++i == f.spread.size()) i = 0;
  }
  state.counters["hit_rate"] = double(hits) / double(state.iterations());
}
BENCHMARK(BM_ProbeSpread);

// The solver's path: raw hands through one thread's probe session.
void BM_ProbeSpreadSession(benchmark::State& state) {
  Fixture& f = fixture();
  const std::unique_ptr<detail::EndgameProbe> probe = detail::open_endgame_probe(f.tb);
  std::size_t i = 0;
  int hits = 0;
  for (auto _ : state) {
    const RawProbe& r = f.raw_spread[i];
    detail::ProbeResult out;
    hits += probe->probe(r.hands, r.leader, r.trump, out);
    if (++i == f.raw_spread.size()) i = 0;
  }
  state.counters["hit_rate"] = double(hits) / double(state.iterations());
}
BENCHMARK(BM_ProbeSpreadSession);

}  // namespace

BENCHMARK_MAIN();
