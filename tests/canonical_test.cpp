// The canonical form of trick-start positions (tablebase/canonical.hpp):
// invariant under what must not matter, different when it must.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <functional>
#include <set>

#include "tablebase/canonical.hpp"
#include "tablebase/shape_index.hpp"
#include "tests/support/random.hpp"

namespace ddtb::test {
namespace {

using detail::Bits;
using detail::kNoTrump;
using namespace detail::tb;

std::array<Bits, 4> raw(const Position& p) {
  std::array<Bits, 4> h;
  for (int s = 0; s < 4; ++s) h[s] = p.hand(seat_from_int(s)).bits();
  return h;
}

int trump_of(Strain s) {
  return s == Strain::NoTrump ? kNoTrump : to_int(s);
}

bool same(const Canonical& a, const Canonical& b) {
  return a.klass == b.klass && a.shape == b.shape && a.seq == b.seq && a.tricks == b.tricks;
}

// Seat rotation: every hand moves r seats clockwise, and so does the leader.
std::array<Bits, 4> rotate_seats(const std::array<Bits, 4>& h, int r) {
  std::array<Bits, 4> out;
  for (int s = 0; s < 4; ++s) out[(s + r) & 3] = h[s];
  return out;
}

// Suit relabelling: suit s becomes perm[s].
std::array<Bits, 4> relabel(const std::array<Bits, 4>& h, const std::array<int, 4>& perm) {
  std::array<Bits, 4> out{};
  for (int seat = 0; seat < 4; ++seat)
    for (int s = 0; s < 4; ++s) {
      const Bits lane = (h[seat] >> (16 * s)) & detail::kLane;
      out[seat] |= lane << (16 * perm[s]);
    }
  return out;
}

// Rank-preserving renaming: each suit's cards get new ranks, drawn at random,
// in the same order.
std::array<Bits, 4> rename_ranks(const std::array<Bits, 4>& h, Rng& rng) {
  std::array<Bits, 4> out{};
  for (int s = 0; s < 4; ++s) {
    std::vector<int> old_ranks;
    for (int r = 14; r >= 2; --r)
      for (int seat = 0; seat < 4; ++seat)
        if (h[seat] >> (16 * s + r) & 1) old_ranks.push_back(r);
    std::vector<int> pool{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14};
    for (std::size_t i = 0; i < pool.size(); ++i)
      std::swap(pool[i], pool[i + rng.below(static_cast<std::uint32_t>(pool.size() - i))]);
    std::vector<int> fresh(pool.begin(), pool.begin() + old_ranks.size());
    std::sort(fresh.rbegin(), fresh.rend());
    for (std::size_t i = 0; i < old_ranks.size(); ++i)
      for (int seat = 0; seat < 4; ++seat)
        if (h[seat] >> (16 * s + old_ranks[i]) & 1) out[seat] |= Bits{1} << (16 * s + fresh[i]);
  }
  return out;
}

TEST(Canonical, ShapeCountsMatchTheDesign) {
  // docs/DESIGN.md, "Canonical positions": canonical shapes (seat 0 leads), no
  // trump / trump.
  const int expected[5][2] = {
      {15, 37}, {483, 1571}, {6996, 25645}, {64157, 244857}, {411559, 1605556}};
  for (int k = 1; k <= 5; ++k) {
    SCOPED_TRACE(4 * k);
    for (int kc = 0; kc < 2; ++kc) {
      const std::vector<ShapeKey> shapes = enumerate_shapes(k, static_cast<StrainClass>(kc));
      EXPECT_EQ(shapes.size(), std::size_t(expected[k - 1][kc]));
      // Strictly increasing: a partition's number is its rank.
      EXPECT_TRUE(std::adjacent_find(shapes.begin(), shapes.end(), std::greater_equal<>()) ==
                  shapes.end());
    }
  }
}

TEST(Canonical, ShapeIndexFindsEveryPartitionAndEveryPositionsShape) {
  Rng rng(20261126);
  for (int k = 1; k <= 4; ++k)
    for (int kc = 0; kc < 2; ++kc) {
      SCOPED_TRACE(4 * k);
      const StrainClass klass = static_cast<StrainClass>(kc);
      const ShapeIndex index(k, klass);
      const std::vector<ShapeKey>& shapes = index.shapes();
      ASSERT_TRUE(std::is_sorted(shapes.begin(), shapes.end()));
      ASSERT_TRUE(std::adjacent_find(shapes.begin(), shapes.end()) == shapes.end());
      for (std::size_t p = 0; p < shapes.size(); ++p)
        ASSERT_EQ(index.find(shapes[p]), static_cast<int>(p));
      // A shape with 4k + 1 cards in slot 0 belongs to no layer of k tricks.
      EXPECT_EQ(index.find(ShapeKey(k + 1) << 60), -1);
      // Every position's canonical shape is a partition of its layer.
      for (int i = 0; i < 2000; ++i) {
        const Strain strain =
            kc ? strain_from_int(static_cast<int>(rng.below(4))) : Strain::NoTrump;
        const Position p = random_position(rng, k, 0, strain, Seat::North);
        const Canonical c = canonicalize(raw(p), 0, trump_of(strain));
        if (c.klass != klass) continue;  // a trump strain without trumps
        ASSERT_GE(index.find(c.shape), 0) << "position " << i;
      }
    }
}

TEST(Canonical, StateCountsMatchTheDesign) {
  // docs/DESIGN.md, "Canonical positions": canonical states with 8 cards are
  // 24,594 / 62,568.
  for (int kc = 0; kc < 2; ++kc) {
    const StrainClass k = static_cast<StrainClass>(kc);
    std::uint64_t states = 0;
    for (ShapeKey shape : enumerate_shapes(2, k))
      for_each_canonical_state(shape, k, [&](const auto&) { ++states; });
    EXPECT_EQ(states, kc ? 62568u : 24594u);
  }
}

TEST(Canonical, InvariantUnderRotationRelabellingAndRenaming) {
  Rng rng(20261121);
  for (int i = 0; i < 3000; ++i) {
    const int tricks = 1 + static_cast<int>(rng.below(6));
    const Strain strain = strain_from_int(static_cast<int>(rng.below(5)));
    const Seat leader = seat_from_int(static_cast<int>(rng.below(4)));
    const Position p = random_position(rng, tricks, 0, strain, leader);
    SCOPED_TRACE("seed position " + std::to_string(i));
    const auto h = raw(p);
    const int trump = trump_of(strain);
    const Canonical base = canonicalize(h, to_int(leader), trump);

    for (int r = 1; r < 4; ++r)
      EXPECT_TRUE(same(base, canonicalize(rotate_seats(h, r), (to_int(leader) + r) & 3, trump)));

    // Any permutation of the suits, with the trump suit relabelled along.
    std::array<int, 4> perm{0, 1, 2, 3};
    for (std::size_t j = 0; j < perm.size(); ++j)
      std::swap(perm[j], perm[j + rng.below(static_cast<std::uint32_t>(perm.size() - j))]);
    EXPECT_TRUE(same(base, canonicalize(relabel(h, perm), to_int(leader),
                                        trump == kNoTrump ? kNoTrump : perm[trump])));

    EXPECT_TRUE(same(base, canonicalize(rename_ranks(h, rng), to_int(leader), trump)));
  }
}

TEST(Canonical, DiffersWhenItMust) {
  Rng rng(7);
  int compared = 0;
  for (int i = 0; i < 2000; ++i) {
    const int tricks = 2 + static_cast<int>(rng.below(4));
    const Position p = random_position(rng, tricks, 0, Strain::Spades, Seat::North);
    const auto h = raw(p);
    const Canonical base = canonicalize(h, 0, 0);
    // Another leader: the leader's side changes, so must the form (the
    // shape is seen from another seat) unless the hands are symmetric.
    const Canonical other_leader = canonicalize(h, 1, 0);
    if (other_leader.shape != base.shape) ++compared;
    // Swapping the owners of two cards of different sides in one suit, when
    // it changes who holds what in relative order, changes the form.
    for (int s = 0; s < 4; ++s) {
      const Bits a = h[0] & detail::suit_bits(s), b = h[1] & detail::suit_bits(s);
      if (!a || !b) continue;
      std::array<Bits, 4> g = h;
      const Bits ca = detail::top_bit(a), cb = detail::top_bit(b);
      g[0] = (g[0] & ~ca) | cb;
      g[1] = (g[1] & ~cb) | ca;
      EXPECT_FALSE(same(base, canonicalize(g, 0, 0))) << "swapped two cards of suit " << s;
      break;
    }
    // Spades trumps versus no trump: different classes unless no spade is left.
    const Canonical nt = canonicalize(h, 0, kNoTrump);
    const Bits all = h[0] | h[1] | h[2] | h[3];
    EXPECT_EQ(nt.klass == base.klass, !(all & detail::suit_bits(0)));
  }
  EXPECT_GT(compared, 1000);
}

TEST(Canonical, TrumpPositionWithoutTrumpsIsNoTrump) {
  auto deal = parse_pbn_deal("N:.A.. .K.. .Q.. .J..");
  ASSERT_TRUE(deal);
  std::array<Bits, 4> h;
  for (int s = 0; s < 4; ++s) h[s] = deal->hand(seat_from_int(s)).bits();
  EXPECT_EQ(canonicalize(h, 0, 0).klass, StrainClass::kNoTrump);
  EXPECT_TRUE(same(canonicalize(h, 0, 0), canonicalize(h, 0, kNoTrump)));
  EXPECT_EQ(canonicalize(h, 0, 1).klass, StrainClass::kTrump);
}

TEST(Canonical, SequencesEnumerateEachArrangementOnce) {
  const Column c = static_cast<Column>(2 << 12 | 1 << 8 | 0 << 4 | 3);  // 6 cards
  std::set<Sequence> seen;
  Sequence q = first_sequence(c);
  do {
    EXPECT_TRUE(seen.insert(q).second);
  } while (next_sequence(c, q));
  EXPECT_EQ(seen.size(), sequences_of(c));
  EXPECT_EQ(seen.size(), 60u);  // 6! / (2! 1! 0! 3!)
}

}  // namespace
}  // namespace ddtb::test
