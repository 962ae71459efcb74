// The solver with the fixture's tables (tests/support/tables_fixture.hpp):
// the same answers as without them on random endgames and full deals, with
// every layer, with the exact layers only and with the bound layers alone,
// and DDS's answers on the golden deals.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "ddtb/solver.hpp"
#include "ddtb/tablebase.hpp"
#include "tablebase/format.hpp"
#include "tests/support/files.hpp"
#include "tests/support/golden_data.hpp"
#include "tests/support/random.hpp"
#include "tests/support/reference.hpp"
#include "tests/support/tables_fixture.hpp"

namespace ddtb::test {
namespace {

using namespace detail::tb;

// Solves `endgames` random endgames of 16 to 4 * (4 + spread - 1) cards with
// a trick in progress (every card's score), then `deals` random full deals
// (a random strain and declarer each), without and with the tables `tb`:
// every answer must agree. Returns the table answers the endgames used.
std::uint64_t expect_same_answers(const std::shared_ptr<const Tablebase>& tb, std::uint64_t seed,
                                  int endgames, int spread, int deals) {
  SolverOptions with;
  with.tablebase = tb;
  Solver plain, tabled(with);
  Rng rng(seed);
  for (int i = 0; i < endgames; ++i) {
    const int tricks = 4 + static_cast<int>(rng.below(static_cast<std::uint32_t>(spread)));
    const Position p = random_position(rng, tricks, static_cast<int>(rng.below(4)),
                                       strain_from_int(static_cast<int>(rng.below(5))),
                                       seat_from_int(rng.below(4)));
    SCOPED_TRACE(describe(p));
    EXPECT_EQ(plain.solve(p).cards, tabled.solve(p).cards);
  }
  const std::uint64_t hits = tabled.stats().tablebase_hits;
  for (int i = 0; i < deals; ++i) {
    const Deal d = random_deal(rng);
    const Position p = Position::at_trick_start(d, strain_from_int(static_cast<int>(rng.below(5))),
                                                seat_from_int(rng.below(4)));
    EXPECT_EQ(plain.max_tricks(p), tabled.max_tricks(p)) << to_pbn(d);
  }
  return hits;
}

TEST_F(Tables, SolverGivesTheSameAnswersWithAndWithoutTables) {
  auto tb = Tablebase::open(dir_);
  ASSERT_TRUE(tb) << tb.error().message;
  // 2,000 random endgames of 16 to 32 cards, 500 random full deals.
  EXPECT_GT(expect_same_answers(*tb, 424242, 2000, 5, 500), 0u);
}

// The same with only the exact layers (the search then asks them instead of
// the bound layers, which the test above uses at 12 cards).
TEST_F(Tables, SolverWithExactLayersOnlyGivesTheSameAnswers) {
  const std::string exact = temp_dir("exact_only");
  for (int t = 1; t <= 3; ++t)
    for (int kc = 0; kc < 2; ++kc) {
      const std::string name = layer_file_name(t, static_cast<StrainClass>(kc));
      ASSERT_EQ(::symlink((dir_ + "/" + name).c_str(), (exact + "/" + name).c_str()), 0);
    }
  auto tb = Tablebase::open(exact);
  ASSERT_TRUE(tb) << tb.error().message;
  for (const auto& l : (*tb)->layers()) EXPECT_EQ(l.at_least, 0) << l.path;
  EXPECT_GT(expect_same_answers(*tb, 5150, 600, 5, 100), 0u);
  std::system(("rm -rf '" + exact + "'").c_str());
}

// Bound layers without the exact layer of their card count (someone copied
// only those): they set the depth and still answer what the search asks.
TEST_F(Tables, BoundLayersAloneAreUsed) {
  const std::string only = temp_dir("bound_only");
  for (const std::string name :
       {layer_file_name(1, StrainClass::kNoTrump), layer_file_name(1, StrainClass::kTrump),
        layer_file_name(2, StrainClass::kNoTrump), layer_file_name(2, StrainClass::kTrump),
        layer_file_name(3, StrainClass::kNoTrump, 2), layer_file_name(3, StrainClass::kTrump, 2)})
    ASSERT_EQ(::symlink((dir_ + "/" + name).c_str(), (only + "/" + name).c_str()), 0);
  auto tb = Tablebase::open(only);
  ASSERT_TRUE(tb) << tb.error().message;
  EXPECT_EQ((*tb)->max_cards(), 12);
  EXPECT_GT(expect_same_answers(*tb, 6502, 400, 3, 0), 0u);
  // The exact probe has nothing at 12 cards; the bound probe answers.
  Rng rng(6503);
  const Position p = random_position(rng, 3, 0, Strain::Spades, Seat::West);
  EXPECT_FALSE((*tb)->probe(p));
  EXPECT_TRUE((*tb)->probe_at_least(p, 2));
  std::system(("rm -rf '" + only + "'").c_str());
}

TEST_F(Tables, GoldenDealsWithTables) {
  auto tb = Tablebase::open(dir_);
  ASSERT_TRUE(tb) << tb.error().message;
  SolverOptions with;
  with.tablebase = *tb;
  Solver tabled(with);
  int n = 0;
  for (const auto& d : golden_deals()) {
    if (n++ >= 25) break;  // 25 deals keep the test to seconds
    const DdTable t = tabled.dd_table(d.deal());
    for (int s = 0; s < 5; ++s)
      for (int h = 0; h < 4; ++h) EXPECT_EQ(t.tricks[s][h], d.table[s][h]) << "deal " << n;
  }
}

}  // namespace
}  // namespace ddtb::test
