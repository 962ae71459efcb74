// The public tablebase API (include/ddtb/tablebase.hpp) on the fixture's
// tables (tests/support/tables_fixture.hpp): Tablebase::probe and
// probe_at_least give the solver's answers on random positions and refuse
// what is not in the tables, and the cards an answer specifies decide every
// position that shares them.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "ddtb/solver.hpp"
#include "ddtb/tablebase.hpp"
#include "tests/support/random.hpp"
#include "tests/support/reference.hpp"
#include "tests/support/tables_fixture.hpp"

namespace ddtb::test {
namespace {

using namespace detail::tb;

// Both layouts: as built (chunks of every set) and packed (each partition's
// default value implied).
class TablesBothLayouts : public Tables, public ::testing::WithParamInterface<bool> {
 protected:
  const std::string& dir() const { return GetParam() ? packed_dir() : dir_; }
};

INSTANTIATE_TEST_SUITE_P(Layouts, TablesBothLayouts, ::testing::Bool(),
                         [](const auto& info) { return info.param ? "Packed" : "AsBuilt"; });

TEST_P(TablesBothLayouts, ProbeAgreesWithTheSolverOnRandomPositions) {
  auto tb = Tablebase::open(dir());
  ASSERT_TRUE(tb) << tb.error().message;
  EXPECT_EQ((*tb)->max_cards(), 12);
  Rng rng(31337);
  for (int i = 0; i < 3000; ++i) {
    const int tricks = 1 + static_cast<int>(rng.below(3));
    const Strain strain = strain_from_int(static_cast<int>(rng.below(5)));
    const Position p = random_position(rng, tricks, 0, strain, seat_from_int(rng.below(4)));
    Solver solver;
    const auto answer = (*tb)->probe(p);
    ASSERT_TRUE(answer);
    const int side = same_side(p.to_play(), p.leader()) ? solver.max_tricks(p) : -1;
    EXPECT_EQ(answer->tricks, side) << describe(p);
    // The bound layers: 12 cards, at least 2; none below.
    for (int t = 1; t <= 3; ++t) {
      const auto at_least = (*tb)->probe_at_least(p, t);
      ASSERT_EQ(at_least.has_value(), tricks == 3 && t == 2) << describe(p);
      if (at_least) EXPECT_EQ(at_least->at_least, side >= 2) << describe(p);
    }
  }
  // Not in the tables: a trick in progress, or too many cards.
  const Position mid = random_position(rng, 3, 1, Strain::Hearts, Seat::East);
  EXPECT_FALSE((*tb)->probe(mid));
  const Position big = random_position(rng, 4, 0, Strain::Hearts, Seat::East);
  EXPECT_FALSE((*tb)->probe(big));
}

// What the search relies on: a table answer holds for every position that
// agrees with the probed one on the cards the answer specified (they are
// backed up as winning ranks: docs/DESIGN.md, "Winning ranks"). Positions of
// the same shape with the unspecified cards of each suit dealt again among
// the same seats must have the same exact value, and be on the same side of
// a bound. This is where a set correct only on canonical states would fail:
// the reshuffled positions include the other orders of interchangeable
// suits.
TEST_P(TablesBothLayouts, SpecifiedCardsDecideEveryPositionSharingThem) {
  auto tb = Tablebase::open(dir());
  ASSERT_TRUE(tb) << tb.error().message;
  Rng rng(8086);
  Solver solver;
  int bound_checked = 0;
  for (int i = 0; i < 1500; ++i) {
    const Strain strain = strain_from_int(static_cast<int>(rng.below(5)));
    const Position p = random_position(rng, 3, 0, strain, seat_from_int(rng.below(4)));
    const auto exact = (*tb)->probe(p);
    const auto bound = (*tb)->probe_at_least(p, 2);
    ASSERT_TRUE(exact && bound) << describe(p);
    for (int j = 0; j < 4; ++j) {
      // Deal each suit's unspecified cards again among their holders.
      for (const auto* spec : {&exact->specified, &bound->specified}) {
        std::array<CardSet, 4> hands;
        for (int h = 0; h < 4; ++h) hands[h] = p.hand(seat_from_int(h));
        for (int su = 0; su < 4; ++su) {
          std::vector<Card> free_cards;
          std::vector<int> holders;
          for (int h = 0; h < 4; ++h)
            for (const Card c : hands[h])
              if (to_int(c.suit) == su && !spec->contains(c)) {
                free_cards.push_back(c);
                holders.push_back(h);
              }
          for (std::size_t k = free_cards.size(); k > 1; --k)
            std::swap(free_cards[k - 1], free_cards[rng.below(static_cast<std::uint32_t>(k))]);
          for (int h = 0; h < 4; ++h)
            for (const Card c : hands[h])
              if (to_int(c.suit) == su && !spec->contains(c)) hands[h].erase(c);
          for (std::size_t k = 0; k < free_cards.size(); ++k)
            hands[holders[k]].insert(free_cards[k]);
        }
        const Position q = Position::at_trick_start(*Deal::from_hands(hands), strain, p.leader());
        const int v = solver.max_tricks(q);  // the side on lead's tricks
        if (spec == &exact->specified) {
          EXPECT_EQ(v, exact->tricks)
              << "exact answer for " << describe(p) << " does not hold for " << describe(q);
        } else {
          ++bound_checked;
          EXPECT_EQ(v >= 2, bound->at_least)
              << "bound answer for " << describe(p) << " does not hold for " << describe(q);
        }
      }
    }
  }
  EXPECT_EQ(bound_checked, 6000);
}

}  // namespace
}  // namespace ddtb::test
