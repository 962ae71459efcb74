// The option structs may grow within libddtb.so.0 (docs/USAGE.md, "ABI"): a
// program built against an older, shorter SolverOptions, DealSpec or
// AnalysisOptions gets the defaults of the fields its struct lacks, and the
// library reads nothing past the end of the struct it was given.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>

#include "core/given_options.hpp"
#include "ddtb/single_dummy.hpp"
#include "ddtb/solver.hpp"
#include "ddtb/tablebase.hpp"
#include "tests/support/random.hpp"

namespace ddtb {
namespace {

// SolverOptions as an older header could have declared it: the same first
// fields, none of the later ones. Like every layout it ends where its last
// field ends (core/given_options.hpp).
struct OlderSolverOptions {
  std::uint32_t struct_size = sizeof(OlderSolverOptions);
  std::size_t tt_memory_bytes = kDefaultTtMemoryBytes;
  std::size_t tt_max_memory_bytes = kDefaultTtMaxMemoryBytes;
};
static_assert(offsetof(OlderSolverOptions, tt_max_memory_bytes) ==
              offsetof(SolverOptions, tt_max_memory_bytes));
static_assert(sizeof(OlderSolverOptions) < sizeof(SolverOptions));

// An older program's struct of type Older where the library expects a
// Current, followed by `fill` bytes: what the library would read past the
// older struct's end if it read there (the storage of the caller's next
// variable, say).
template <class Older, class Current>
struct OlderCall {
  alignas(Current) unsigned char bytes[sizeof(Current)];
  Older* older;
  explicit OlderCall(unsigned char fill) {
    std::memset(bytes, fill, sizeof bytes);
    older = new (bytes) Older;
  }
  ~OlderCall() { older->~Older(); }
  // What the library receives: the address of the older struct.
  const Current& as_given() const { return *reinterpret_cast<const Current*>(bytes); }
};

// An older SolverOptions followed by zeros, which would read as non-default
// values of the newer fields (false flags).
struct OlderCaller : OlderCall<OlderSolverOptions, SolverOptions> {
  OlderCaller() : OlderCall(0) {}
};

TEST(OptionsAbi, OlderLayoutGetsDefaultsForNewerFields) {
  OlderCaller caller;
  caller.older->tt_memory_bytes = std::size_t{4} << 20;
  caller.older->tt_max_memory_bytes = std::size_t{8} << 20;
  const Solver solver(caller.as_given());
  const SolverOptions& o = solver.options();
  // Its own fields are read ...
  EXPECT_EQ(o.tt_memory_bytes, std::size_t{4} << 20);
  EXPECT_EQ(o.tt_max_memory_bytes, std::size_t{8} << 20);
  // ... the newer ones are the defaults, not the bytes after its struct ...
  const SolverOptions defaults;
  EXPECT_EQ(o.quick_tricks, defaults.quick_tricks);
  EXPECT_EQ(o.later_tricks, defaults.later_tricks);
  EXPECT_EQ(o.move_ordering, defaults.move_ordering);
  EXPECT_EQ(o.transposition_table, defaults.transposition_table);
  EXPECT_EQ(o.rank_equivalence, defaults.rank_equivalence);
  EXPECT_EQ(o.winning_ranks, defaults.winning_ranks);
  EXPECT_EQ(o.tablebase, nullptr);
  // ... and options() says the older size, so that the older program's copy
  // of it reads as its own struct again.
  EXPECT_EQ(o.struct_size, sizeof(OlderSolverOptions));
}

// The same search as with the current defaults: same answers, same nodes.
TEST(OptionsAbi, OlderLayoutSolvesAsDefaults) {
  test::Rng rng(31);
  const Position p = test::random_position(rng, 6, 1, Strain::Hearts, Seat::South);
  OlderCaller caller;
  Solver older(caller.as_given());
  Solver current;
  EXPECT_EQ(older.solve(p).cards, current.solve(p).cards);
  EXPECT_EQ(older.stats().nodes, current.stats().nodes);
}

TEST(OptionsAbi, CurrentLayoutReadsEveryField) {
  SolverOptions given;
  given.tt_memory_bytes = std::size_t{2} << 20;
  given.tt_max_memory_bytes = std::size_t{16} << 20;
  given.quick_tricks = false;
  given.later_tricks = false;
  given.move_ordering = false;
  given.transposition_table = false;
  given.rank_equivalence = false;
  given.winning_ranks = false;
  const Solver solver(given);
  const SolverOptions& o = solver.options();
  EXPECT_EQ(o.struct_size, sizeof(SolverOptions));
  EXPECT_EQ(o.tt_memory_bytes, given.tt_memory_bytes);
  EXPECT_EQ(o.tt_max_memory_bytes, given.tt_max_memory_bytes);
  EXPECT_FALSE(o.quick_tricks);
  EXPECT_FALSE(o.later_tricks);
  EXPECT_FALSE(o.move_ordering);
  EXPECT_FALSE(o.transposition_table);
  EXPECT_FALSE(o.rank_equivalence);
  EXPECT_FALSE(o.winning_ranks);
  // A copy of the options in force makes the same Solver.
  const Solver again(o);
  EXPECT_EQ(again.options().struct_size, sizeof(SolverOptions));
  EXPECT_FALSE(again.options().winning_ranks);
}

// A newer program's struct is read as far as the library knows it.
TEST(OptionsAbi, NewerLayoutIsReadAsFarAsKnown) {
  struct NewerSolverOptions {
    SolverOptions known;
    std::uint64_t unknown = ~std::uint64_t{0};
  } newer;
  newer.known.struct_size = sizeof(NewerSolverOptions);
  newer.known.quick_tricks = false;
  const Solver solver(newer.known);
  EXPECT_EQ(solver.options().struct_size, sizeof(SolverOptions));
  EXPECT_FALSE(solver.options().quick_tricks);
}

// The reader itself, on TablebaseOptions as an older header could have
// declared it (only struct_size).
TEST(OptionsAbi, ReaderSkipsFieldsPastTheGivenSize) {
  struct OlderTablebaseOptions {
    std::uint32_t struct_size = sizeof(OlderTablebaseOptions);
  };
  alignas(TablebaseOptions) unsigned char bytes[sizeof(TablebaseOptions)];
  std::memset(bytes, 0xff, sizeof bytes);
  new (bytes) OlderTablebaseOptions;
  const auto& given = *reinterpret_cast<const TablebaseOptions*>(bytes);
  const detail::GivenOptions in(given);
  TablebaseOptions read;
  in.read(given.cache_bytes, read.cache_bytes);
  EXPECT_EQ(read.cache_bytes, TablebaseOptions{}.cache_bytes);
  EXPECT_EQ(in.size(), sizeof(OlderTablebaseOptions));
}

// --- the single-dummy structs (include/ddtb/single_dummy.hpp) -------------

// Past the older struct's end, bytes 0xff: an impossible hand, a wild
// pointer, a wild function if the library read them.
constexpr unsigned char kWild = 0xff;

// DealSpec as an older header could have declared it: the number of samples
// and the seed, no limits, threads or hands.
struct OlderDealSpec {
  std::uint32_t struct_size = sizeof(OlderDealSpec);
  int samples = 1000;
  std::uint64_t seed = 1;
};
static_assert(offsetof(OlderDealSpec, seed) == offsetof(DealSpec, seed));
static_assert(sizeof(OlderDealSpec) < sizeof(DealSpec));

TEST(OptionsAbi, OlderDealSpecDrawsAsTheDefaults) {
  OlderCall<OlderDealSpec, DealSpec> call(kWild);
  call.older->samples = 6;
  call.older->seed = 5;
  const auto deals = sample_deals(call.as_given());
  ASSERT_TRUE(deals) << deals.error().message;
  DealSpec current;
  current.samples = 6;
  current.seed = 5;
  const auto expected = sample_deals(current);
  ASSERT_TRUE(expected);
  EXPECT_EQ(*deals, *expected);
}

// AnalysisOptions as an older header could have declared it: the threads
// only; no solver options or progress callback.
struct OlderAnalysisOptions {
  std::uint32_t struct_size = sizeof(OlderAnalysisOptions);
  int threads = 1;
};
static_assert(offsetof(OlderAnalysisOptions, threads) == offsetof(AnalysisOptions, threads));
static_assert(sizeof(OlderAnalysisOptions) < sizeof(AnalysisOptions));

TEST(OptionsAbi, OlderAnalysisOptionsAnalyseAsTheDefaults) {
  DealSpec spec;
  spec.samples = 4;
  spec.hands[0].holds = *parse_pbn_hand("AKQ2.K5.AJ72.Q84");
  const auto deals = sample_deals(spec);
  ASSERT_TRUE(deals) << deals.error().message;
  OlderCall<OlderAnalysisOptions, AnalysisOptions> call(kWild);
  call.older->threads = 2;
  const auto odds = analyse_contracts(*deals, 0x11, 0x5, Vulnerability::None, call.as_given());
  ASSERT_TRUE(odds) << odds.error().message;
  const auto expected = analyse_contracts(*deals, 0x11, 0x5);
  ASSERT_TRUE(expected);
  ASSERT_EQ(odds->contracts.size(), expected->contracts.size());
  for (std::size_t i = 0; i < odds->contracts.size(); ++i)
    EXPECT_EQ(odds->contracts[i].tricks, expected->contracts[i].tricks);
}

// The solver options an AnalysisOptions points to are read as their own
// struct_size says: an older SolverOptions there solves as the defaults.
TEST(OptionsAbi, AnalysisReadsAnOlderSolverOptions) {
  DealSpec spec;
  spec.samples = 3;
  const auto deals = sample_deals(spec);
  ASSERT_TRUE(deals) << deals.error().message;
  OlderCaller solver;
  AnalysisOptions options;
  options.solver = &solver.as_given();
  const auto odds = analyse_contracts(*deals, 0x1, 0x1, Vulnerability::None, options);
  ASSERT_TRUE(odds) << odds.error().message;
  const auto expected = analyse_contracts(*deals, 0x1, 0x1);
  ASSERT_TRUE(expected);
  EXPECT_EQ(odds->contracts[0].tricks, expected->contracts[0].tricks);
}

}  // namespace
}  // namespace ddtb
