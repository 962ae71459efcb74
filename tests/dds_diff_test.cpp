// Differential tests: ddtb against the reference DDS 2.9.0 (Debian's libdds,
// loaded at run time by tests/support/dds_peer.hpp) on seeded random deals and
// endgames. Every item has its own seed, traced with the position, so a
// failure names a reproducible case.
//
// Full deals compare DD tables (CalcDDtable). Endgames compare SolveBoard
// only: DDS 2.9's CalcDDtable is wrong on deals of fewer than 52 cards.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "ddtb/solver.hpp"
#include "tests/support/dds_peer.hpp"
#include "tests/support/golden_data.hpp"
#include "tests/support/random.hpp"
#include "tests/support/ref_skip.hpp"

namespace ddtb::test {
namespace {

// Seeds: item i of a test uses base + i. The bases only keep the tests' data
// apart; any value reproduces.
constexpr std::uint64_t kDealSeedBase = 0xdd5'0000;
constexpr std::uint64_t kEndgameSeedBase = 0xdd5'1000'0000;

// 200 full deals and 1,000 endgames (each in all five strains), plus 9,000
// more endgames in the long run, in blocks so that `ctest --parallel` spreads
// them. A DD table costs about a second (ddtb and DDS together, Release), an
// endgame solve about a millisecond, so the default run keeps the first 40 deals and all 1,000
// endgames (about a minute of CPU) and the "long" executable, built from this
// file with DDTB_DDS_DIFF_LONG, takes the other 160 deals and the extra
// endgames. Block b always holds the same seeds, whichever run it is in.
constexpr int kDealsPerBlock = 10;
constexpr int kEndgamesPerBlock = 100;
#if defined(DDTB_DDS_DIFF_LONG)
#define DDTB_DDS_DIFF_PREFIX DdsDiffLong
constexpr int kDealBlocksBegin = 4, kDealBlocksEnd = 20;
constexpr int kEndgameBlocksBegin = 10, kEndgameBlocksEnd = 100;
#else
#define DDTB_DDS_DIFF_PREFIX DdsDiff
constexpr int kDealBlocksBegin = 0, kDealBlocksEnd = 4;
constexpr int kEndgameBlocksBegin = 0, kEndgameBlocksEnd = 10;
#endif

// "N:AK.Q..2 ... ... ..." style description of a position with its trick.
std::string describe(const Position& p) {
  std::ostringstream out;
  out << "hands N:";
  for (int h = 0; h < 4; ++h) out << (h ? " " : "") << to_pbn(p.hand(seat_from_int(h)));
  out << " strain " << strain_letter(p.trump()) << " leader " << seat_letter(p.leader())
      << " trick";
  if (p.trick_size() == 0) out << " (none)";
  for (const Card c : p.trick()) out << ' ' << to_string(c);
  return out.str();
}

DdsPeer& peer() {
  return DdsPeer::shared();
}

// Compares two solve results card by card (see per_card_scores).
void expect_same_scores(const SolveResult& ours, const SolveResult& dds) {
  EXPECT_EQ(ours.tricks, dds.tricks) << "best score (ddtb vs DDS)";
  const auto a = per_card_scores(ours);
  const auto b = per_card_scores(dds);
  for (int i = 0; i < 64; ++i) {
    if (a[i] == b[i]) continue;
    const std::string card = to_string(Card::from_index(i));
    if (a[i] < 0)
      ADD_FAILURE() << card << ": DDS scores it " << b[i] << ", ddtb does not list it";
    else if (b[i] < 0)
      ADD_FAILURE() << card << ": ddtb scores it " << a[i] << ", DDS does not list it";
    else
      ADD_FAILURE() << card << ": ddtb " << a[i] << ", DDS " << b[i];
  }
}

// --- the peer itself -----------------------------------------------------------
// (default run only; the long run repeats none of it)
#if !defined(DDTB_DDS_DIFF_LONG)

TEST(DdsPeer, LoadsTheReferenceDds290) {
  DdsPeer* p = nullptr;
  ASSERT_NO_THROW(p = &peer()) << "loading " << kLibddsPath;
  EXPECT_EQ(p->version(), "2.9.0");
  EXPECT_EQ(p->info().major, 2);
  EXPECT_EQ(p->info().minor, 9);
  EXPECT_EQ(p->info().patch, 0);
  EXPECT_EQ(p->info().threads, 1) << p->info().system;
  EXPECT_EQ(p->path(), kLibddsPath);
}

TEST(DdsPeer, RefusesAMissingLibrary) {
  try {
    DdsPeer missing("/nonexistent/libdds.so.0");
    FAIL() << "loaded a library that does not exist";
  } catch (const DdsPeerError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/libdds.so.0"), std::string::npos)
        << e.what();
  }
}

TEST(DdsPeer, RefusesALibraryThatIsNotDds) {
  // libm loads fine but has none of DDS's entry points.
  try {
    DdsPeer not_dds("libm.so.6");
    FAIL() << "accepted libm as DDS";
  } catch (const DdsPeerError& e) {
    EXPECT_NE(std::string(e.what()).find("SetResources"), std::string::npos) << e.what();
  }
}

// Both sides really ran: ddtb's counters moved, DDS counted nodes, and DDS
// reproduced a golden answer, the FUT of a list's first deal — our library
// exports no SolveBoard that could have answered instead. On the project's
// deals.txt the answer is what libdds gave when the data was made
// (tests/data/golden); on DDS's own list100.txt, when DDTB_REF_DIR holds
// it, it is DDS's documented one.
void expect_both_sides_ran(const RefDeal& d) {
  SolveResult golden;
  for (const RefCardGroup& g : d.fut)
    golden.cards.push_back(
        CardScore{Card{g.suit, static_cast<std::uint8_t>(g.rank)}, g.equals, g.tricks});
  ASSERT_FALSE(golden.cards.empty());
  golden.tricks = golden.cards.front().tricks;

  const DdsSolve dds = peer().solve_board(d.start());
  EXPECT_GT(dds.nodes, 0) << "DDS did not search";
  EXPECT_EQ(per_card_scores(dds.result), per_card_scores(golden)) << "DDS vs its golden FUT";

  Solver solver;
  const SolveResult ours = solver.solve(d.start());
  EXPECT_GT(solver.stats().nodes, 0u) << "ddtb did not search";
  expect_same_scores(ours, dds.result);
}

TEST(DdsPeer, BothSidesReallyRan) {
  expect_both_sides_ran(golden_deals().front());
}

TEST(DdsPeer, BothSidesReallyRanOnDdsList100) {
  DDTB_SKIP_WITHOUT_REF("list100.txt");
  const auto list = read_ref_file(ref_path("list100.txt"));
  ASSERT_TRUE(list) << list.error().message;
  expect_both_sides_ran(list->front());
}

#endif  // !DDTB_DDS_DIFF_LONG

// --- random full deals: DD tables ----------------------------------------------

class DdTables : public ::testing::TestWithParam<int> {};

TEST_P(DdTables, MatchCalcDDtable) {
  Solver solver;  // one per block, reused across deals as a real caller would
  for (int i = 0; i < kDealsPerBlock; ++i) {
    const std::uint64_t seed = kDealSeedBase + GetParam() * kDealsPerBlock + i;
    Rng rng(seed);
    const Deal deal = random_deal(rng);
    SCOPED_TRACE("seed " + std::to_string(seed) + " deal " + to_pbn(deal));
    const DdTable ours = solver.dd_table(deal);
    const DdTable dds = peer().dd_table(deal);
    for (int s = 0; s < kNumStrains; ++s)
      for (int h = 0; h < kNumSeats; ++h)
        EXPECT_EQ(ours.tricks[s][h], dds.tricks[s][h])
            << "strain " << strain_letter(strain_from_int(s)) << " declarer "
            << seat_letter(seat_from_int(h)) << " (ddtb vs DDS)";
    if (HasFailure()) return;  // one bad deal is enough to read
  }
}

INSTANTIATE_TEST_SUITE_P(DDTB_DDS_DIFF_PREFIX, DdTables,
                         ::testing::Range(kDealBlocksBegin, kDealBlocksEnd));

// --- random endgames with a trick in progress: SolveBoard ---------------------

// Endgame `seed` in `strain`: 2..8 tricks (8 to 32 cards) with 0..3 cards of
// the current trick played and a random leader. The cards do not depend on
// the strain (legal plays ignore trumps and no trick completes), so one seed
// gives the same ending in all five strains.
Position random_endgame(std::uint64_t seed, Strain strain) {
  Rng rng(seed);
  const int tricks = 2 + static_cast<int>(rng.below(7));
  const int played = static_cast<int>(rng.below(4));
  const Seat leader = seat_from_int(static_cast<int>(rng.below(4)));
  return random_position(rng, tricks, played, strain, leader);
}

class Endgames : public ::testing::TestWithParam<int> {};

TEST_P(Endgames, MatchSolveBoardInEveryStrain) {
  Solver solver;
  for (int i = 0; i < kEndgamesPerBlock; ++i) {
    const std::uint64_t seed = kEndgameSeedBase + GetParam() * kEndgamesPerBlock + i;
    for (int s = 0; s < kNumStrains; ++s) {
      const Position pos = random_endgame(seed, strain_from_int(s));
      SCOPED_TRACE("seed " + std::to_string(seed) + " " + describe(pos));
      expect_same_scores(solver.solve(pos), peer().solve_board(pos).result);
      if (HasFailure()) return;  // one bad ending is enough to read
    }
  }
}

INSTANTIATE_TEST_SUITE_P(DDTB_DDS_DIFF_PREFIX, Endgames,
                         ::testing::Range(kEndgameBlocksBegin, kEndgameBlocksEnd));

}  // namespace
}  // namespace ddtb::test
