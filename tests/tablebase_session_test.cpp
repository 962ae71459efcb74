// The search's probe sessions (tablebase/probe_session.hpp, the
// core/endgame_probe.hpp interface) on the fixture's tables
// (tests/support/tables_fixture.hpp): the solver's answers through the
// chunks and in place, without loading chunks again.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/endgame_probe.hpp"
#include "ddtb/solver.hpp"
#include "ddtb/tablebase.hpp"
#include "tests/support/random.hpp"
#include "tests/support/reference.hpp"
#include "tests/support/tables_fixture.hpp"

namespace ddtb::test {
namespace {

using namespace detail::tb;

// The search's probe sessions: the first probe of a partition goes through
// its chunk (validated, then read where the file is mapped) and records
// where the partition lies; later probes, from any session, read it there
// without the chunk. Both ways must give the solver's answer, and the second
// must not load chunks again even when the cache keeps none.
TEST_F(Tables, SessionsAgreeWithTheSolverThroughChunksAndInPlace) {
  TablebaseOptions tiny;
  tiny.cache_bytes = 1;  // every loaded chunk is evicted by the next
  auto tb = Tablebase::open(dir_, tiny);
  ASSERT_TRUE(tb) << tb.error().message;
  Rng rng(4711);
  struct Case {
    Position p;
    std::array<detail::Bits, 4> hands;
    int tricks;  // the solver's, for the side on lead (to play at a trick start)
  };
  std::vector<Case> cases;
  Solver solver;
  for (int i = 0; i < 600; ++i) {
    const Strain strain = strain_from_int(static_cast<int>(rng.below(5)));
    const Position p = random_position(rng, 3, 0, strain, seat_from_int(rng.below(4)));
    Case c{p, {}, solver.max_tricks(p)};
    for (int s = 0; s < 4; ++s) c.hands[s] = p.hand(seat_from_int(s)).bits();
    cases.push_back(c);
  }
  auto run = [&](const char* pass) {
    SCOPED_TRACE(pass);
    const std::unique_ptr<detail::EndgameProbe> session = detail::open_endgame_probe(*tb);
    for (const Case& c : cases) {
      const int leader = to_int(c.p.leader());
      const int trump = c.p.trump() == Strain::NoTrump ? detail::kNoTrump : to_int(c.p.trump());
      detail::ProbeResult exact;
      ASSERT_TRUE(session->probe(c.hands, leader, trump, exact)) << describe(c.p);
      EXPECT_EQ(exact.leader_tricks, c.tricks) << describe(c.p);
      detail::BoundResult bound;
      ASSERT_TRUE(session->probe_at_least(c.hands, leader, trump, 2, bound)) << describe(c.p);
      EXPECT_EQ(bound.at_least, c.tricks >= 2) << describe(c.p);
      const auto pub = (*tb)->probe(c.p);
      ASSERT_TRUE(pub);
      EXPECT_EQ(pub->specified.bits(), exact.specified) << describe(c.p);
    }
  };
  run("through the chunks");
  const std::uint64_t loads = (*tb)->stats().chunk_loads;
  EXPECT_GT(loads, 0u);
  run("in place");
  EXPECT_EQ((*tb)->stats().chunk_loads, loads);
}

// A class derived from Tablebase outside the library holds no tables
// (include/ddtb/tablebase.hpp): it answers as an empty Tablebase, no session
// opens on it, and a Solver given it searches every position itself.
TEST(ForeignTablebase, HoldsNoTables) {
  struct Foreign final : Tablebase {};
  const auto foreign = std::make_shared<const Foreign>();
  EXPECT_EQ(foreign->max_cards(), 0);
  EXPECT_EQ(foreign->min_cards(), 0);
  EXPECT_TRUE(foreign->layers().empty());
  Rng rng(31);
  const Position p = random_position(rng, 2, 0, Strain::NoTrump, Seat::North);
  EXPECT_FALSE(foreign->probe(p));
  EXPECT_FALSE(foreign->probe_at_least(p, 1));
  EXPECT_EQ(foreign->stats().probes, 0u);
  EXPECT_EQ(detail::open_endgame_probe(foreign), nullptr);
  SolverOptions with;
  with.tablebase = foreign;
  Solver solver(with);
  EXPECT_EQ(solver.max_tricks(p), Solver().max_tricks(p));
  EXPECT_EQ(solver.stats().tablebase_hits, 0u);
}

}  // namespace
}  // namespace ddtb::test
