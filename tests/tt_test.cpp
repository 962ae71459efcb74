// The transposition table on its own (solver/tt.hpp): what a probe answers
// after a store, how an entry generalizes over the cards it does not
// specify, and that under any pressure (a full table, growing, shrinking, a
// full list) a probe answers only bounds that were stored for the position.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>

#include "solver/relative.hpp"
#include "solver/tt.hpp"
#include "support/random.hpp"

namespace ddtb::detail {
namespace {

// A trick start in the table's terms.
struct Pos {
  std::array<Bits, 4> hands{};
  std::uint64_t shape = 0;
  RelPattern rel;
  Bits present = 0;
};

Pos pos_of(const std::array<Bits, 4>& hands) {
  Pos p;
  p.hands = hands;
  for (int seat = 0; seat < 4; ++seat)
    for (int s = 0; s < 4; ++s)
      p.shape |= std::uint64_t(count(hands[seat] & suit_bits(s))) << (4 * (seat * 4 + s));
  p.rel = make_relative(hands);
  p.present = hands[0] | hands[1] | hands[2] | hands[3];
  return p;
}

// `tricks` cards each, dealt at random.
Pos random_pos(test::Rng& rng, int tricks) {
  std::array<int, 52> deck;
  for (int c = 0; c < 52; ++c) deck[c] = 16 * (c / 13) + 2 + c % 13;
  for (int c = 0; c < 4 * tricks; ++c) std::swap(deck[c], deck[c + rng.below(52 - c)]);
  std::array<Bits, 4> hands{};
  for (int c = 0; c < 4 * tricks; ++c) hands[c % 4] |= bit_of(deck[c]);
  return pos_of(hands);
}

// Every present card specified: the entry holds for this position only.
std::uint64_t all_places(const Pos& p) {
  return places_from_lowest(p.present, p.present);
}

constexpr std::size_t kMiB = std::size_t{1} << 20;
const int kLead = TransTable::lead_key(0, 4);

bool probe(TransTable& tt, const Pos& p, int lead, int beta, TransTable::Entry& hit) {
  TransTable::Seen seen;
  return tt.probe(p.shape, lead, p.rel, beta, hit, nullptr, seen);
}

TEST(TransTable, AStoredBoundAnswersExactlyTheBetasItDecides) {
  test::Rng rng(1);
  TransTable tt(kMiB);
  const Pos p = random_pos(rng, 5);
  tt.store(p.shape, kLead, all_places(p), p.rel, 2, 4, -1, 0);
  TransTable::Entry hit;
  for (int beta = 0; beta <= 6; ++beta) {
    // Decided: lower >= beta (at least beta) or upper < beta (fewer).
    const bool decided = beta <= 2 || beta > 4;
    EXPECT_EQ(probe(tt, p, kLead, beta, hit), decided) << "beta " << beta;
    if (decided) {
      EXPECT_EQ(hit.lower(), 2);
      EXPECT_EQ(hit.upper(), 4);
    }
  }
}

TEST(TransTable, StoresOfOnePatternIntersect) {
  test::Rng rng(2);
  TransTable tt(kMiB);
  const Pos p = random_pos(rng, 6);
  tt.store(p.shape, kLead, all_places(p), p.rel, 3, 6, -1, 0);
  tt.store(p.shape, kLead, all_places(p), p.rel, 0, 4, -1, 0);
  TransTable::Entry hit;
  ASSERT_TRUE(probe(tt, p, kLead, 3, hit));
  EXPECT_EQ(hit.lower(), 3);
  ASSERT_TRUE(probe(tt, p, kLead, 5, hit));
  EXPECT_EQ(hit.upper(), 4);
  EXPECT_FALSE(probe(tt, p, kLead, 4, hit));
}

TEST(TransTable, OtherLeadersAndStrainsDoNotMatch) {
  test::Rng rng(3);
  TransTable tt(kMiB);
  const Pos p = random_pos(rng, 4);
  tt.store(p.shape, kLead, all_places(p), p.rel, 4, 4, -1, 0);
  TransTable::Entry hit;
  EXPECT_TRUE(probe(tt, p, kLead, 4, hit));
  for (int leader = 0; leader < 4; ++leader)
    for (int strain = 0; strain <= 4; ++strain) {
      const int key = TransTable::lead_key(leader, strain);
      if (key != kLead) EXPECT_FALSE(probe(tt, p, key, 4, hit)) << leader << " " << strain;
    }
}

// An entry that specifies only each suit's top card holds for every position
// of the same shape whose top cards have the same owners, and for no other.
TEST(TransTable, AnEntryCoversThePositionsSharingItsSpecifiedCards) {
  TransTable tt(kMiB);
  // North: AKs, East: Qs 2s... built so that only the low cards move.
  const auto hand = [](std::initializer_list<int> cards) {
    Bits b = 0;
    for (int c : cards) b |= bit_of(c);
    return b;
  };
  // Spades 0..12 = 2..A are bits 2..14 of lane 0; hearts lane 1 (16 + r).
  const Pos a = pos_of({hand({14, 13, 16 + 2}), hand({12, 3, 16 + 3}), hand({11, 4, 16 + 4}),
                        hand({16 + 14, 2, 16 + 5})});
  // The same shape, the same owner of each suit's top card, the low spades
  // and hearts owned differently.
  const Pos b = pos_of({hand({14, 2, 16 + 3}), hand({13, 12, 16 + 2}), hand({11, 16 + 4, 3}),
                        hand({16 + 14, 4, 16 + 5})});
  ASSERT_EQ(a.shape, b.shape);
  const Bits tops = bit_of(14) | bit_of(16 + 14);
  tt.store(a.shape, kLead, places_from_lowest(tops, a.present), a.rel, 1, 1, -1, 0);
  TransTable::Entry hit;
  EXPECT_TRUE(probe(tt, a, kLead, 1, hit));
  EXPECT_TRUE(probe(tt, b, kLead, 1, hit)) << "the unspecified cards moved: still covered";
  // East takes the ace of hearts: the specified card's owner differs.
  const Pos c = pos_of({hand({14, 13, 16 + 2}), hand({12, 3, 16 + 14}), hand({11, 4, 16 + 4}),
                        hand({16 + 3, 2, 16 + 5})});
  ASSERT_EQ(a.shape, c.shape);
  EXPECT_FALSE(probe(tt, c, kLead, 1, hit));
}

TEST(TransTable, ClearForgetsEverything) {
  test::Rng rng(4);
  TransTable tt(kMiB);
  std::vector<Pos> ps;
  for (int i = 0; i < 100; ++i) {
    ps.push_back(random_pos(rng, 1 + i % 13));
    tt.store(ps.back().shape, kLead, all_places(ps.back()), ps.back().rel, 0, 0, -1, 0);
  }
  tt.clear();
  EXPECT_EQ(tt.entries(), 0u);
  TransTable::Entry hit;
  for (const Pos& p : ps) EXPECT_FALSE(probe(tt, p, kLead, 1, hit));
}

// Each position has a value that is a function of the position alone; under
// a flood of stores (the table full at its cap, or growing, or a list past
// its cap) every hit still carries the value stored for its position.
// The value a flood gives a position: any function of the position alone.
int flood_value(const Pos& p) {
  const std::uint64_t id = p.rel.lo * 0x9e3779b97f4a7c15ull ^ p.rel.hi * 31 ^ p.shape;
  return static_cast<int>(id % static_cast<std::uint64_t>(count(p.hands[0]) + 1));
}

// Returns how many positions were found at all.
int flood(TransTable& tt, std::uint64_t seed, int positions, bool one_shape) {
  test::Rng rng(seed);
  std::vector<Pos> ps;
  Pos base = random_pos(rng, 8);
  for (int i = 0; i < positions; ++i) {
    Pos p;
    if (one_shape) {
      // The same shape: deal base's cards again within each suit.
      std::array<Bits, 4> h{};
      for (int s = 0; s < 4; ++s) {
        std::array<int, 13> cards;
        int n = 0;
        for (Bits b = base.present & suit_bits(s); b; b &= b - 1) cards[n++] = top_index(b & -b);
        for (int k = n - 1; k > 0; --k) std::swap(cards[k], cards[rng.below(k + 1)]);
        int at = 0;
        for (int seat = 0; seat < 4; ++seat)
          for (int k = count(base.hands[seat] & suit_bits(s)); k > 0; --k)
            h[seat] |= bit_of(cards[at++]);
      }
      p = pos_of(h);
    } else {
      p = random_pos(rng, 1 + static_cast<int>(rng.below(13)));
    }
    const int v = flood_value(p);
    tt.store(p.shape, kLead, all_places(p), p.rel, v, v, -1, 0);
    ps.push_back(p);
  }
  int hits = 0, found = 0;
  for (const Pos& p : ps) {
    const int v = flood_value(p);
    TransTable::Entry hit;
    bool any = false;
    for (int beta = 1; beta <= count(p.hands[0]); ++beta) {
      if (!probe(tt, p, kLead, beta, hit)) continue;
      ++hits;
      any = true;
      EXPECT_EQ(hit.lower(), v);
      EXPECT_EQ(hit.upper(), v);
    }
    found += any;
  }
  EXPECT_GT(hits, 0) << "nothing left to check";
  return found;
}

TEST(TransTable, AFullTableDropsEntriesButNeverAnswersWrongly) {
  TransTable tt(kMiB);  // about 40 k entries: 200 k stores fill it many times
  flood(tt, 5, 200000, false);
  EXPECT_GT(tt.resets(), 0u);
  EXPECT_LE(tt.bytes_in_use(), tt.max_budget());
}

TEST(TransTable, AGrowingTableKeepsItsEntriesAndShrinksBack) {
  TransTable tt(kMiB, 32 * kMiB);
  // Nearly every position has a shape of its own, so a list of its own (at
  // least four entries' room): a few MB. The table doubles instead of
  // dropping any.
  const int found = flood(tt, 6, 30000, false);
  EXPECT_GT(tt.grows(), 0u);
  EXPECT_EQ(tt.resets(), 0u);
  EXPECT_EQ(found, 30000);
  EXPECT_GT(tt.budget(), kMiB);
  tt.shrink();
  EXPECT_EQ(tt.budget(), kMiB);
  EXPECT_EQ(tt.entries(), 0u);
}

TEST(TransTable, AFullListOverwritesItsOldestButNeverAnswersWrongly) {
  TransTable tt(16 * kMiB);
  flood(tt, 7, 5000, true);  // one shape and key: past the list's cap
}

}  // namespace
}  // namespace ddtb::detail
