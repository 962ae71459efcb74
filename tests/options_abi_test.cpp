// The option structs may grow within libddtb.so.0 (docs/USAGE.md, "ABI"): a
// program built against an older, shorter SolverOptions gets the defaults of
// the fields its struct lacks, and the library reads nothing past the end of
// the struct it was given.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>

#include "core/given_options.hpp"
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

// An older program's struct, followed by bytes that would read as
// non-default values of the newer fields (false flags) if the library read
// them: the storage of the caller's next variable, say.
struct OlderCaller {
  alignas(SolverOptions) unsigned char bytes[sizeof(SolverOptions)];
  OlderSolverOptions* options;
  OlderCaller() {
    std::memset(bytes, 0, sizeof bytes);
    options = new (bytes) OlderSolverOptions;
  }
  // What the library receives: the address of the older struct.
  const SolverOptions& as_given() const { return *reinterpret_cast<const SolverOptions*>(bytes); }
};

TEST(OptionsAbi, OlderLayoutGetsDefaultsForNewerFields) {
  OlderCaller caller;
  caller.options->tt_memory_bytes = std::size_t{4} << 20;
  caller.options->tt_max_memory_bytes = std::size_t{8} << 20;
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

}  // namespace
}  // namespace ddtb
