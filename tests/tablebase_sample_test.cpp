// A sample of a layer built over only the partitions of the layer below
// that one trick reaches (builder/successor_shapes.hpp, builder/sample.hpp):
// every trick played from a random position lands in a partition the mask
// marks, and the sets a sample finds are those of the fixture's full build
// (tests/support/tables_fixture.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "builder/layer_build.hpp"
#include "builder/sample.hpp"
#include "builder/successor_shapes.hpp"
#include "core/bits.hpp"
#include "tablebase/layer_file.hpp"
#include "tablebase/set_codec.hpp"
#include "tests/support/random.hpp"
#include "tests/support/tables_fixture.hpp"

namespace ddtb::test {
namespace {

using namespace detail::tb;

// mark_successors against play itself: every trick that can be played from
// a random 12-card position, canonicalized after the trick from its winner,
// lands in a partition the mask marks; and the mask is far from the whole
// layer below (what lets a 24-card sample hold only part of the 20-card one).
TEST_F(Tables, EveryTrickLandsInAMarkedPartition) {
  Rng rng(2026);
  std::size_t marked = 0, total = 0, tricks_played = 0;
  for (int n = 0; n < 300; ++n) {
    std::array<int, 52> deck{};
    for (int i = 0; i < 52; ++i) deck[i] = 16 * (i / 13) + 2 + i % 13;
    for (int i = 0; i < 12; ++i) std::swap(deck[i], deck[i + rng.below(52 - i)]);
    std::array<detail::Bits, 4> hands{};
    for (int i = 0; i < 12; ++i) hands[i % 4] |= detail::bit_of(deck[i]);
    const int leader = static_cast<int>(rng.below(4));
    const int trump = static_cast<int>(rng.below(5));  // 4: no trump
    const Canonical c = canonicalize(hands, leader, trump);
    LowerMask mask(2);
    mark_successors(c.klass, c.shape, mask);
    for (int kc = 0; kc < 2; ++kc) {
      marked += mask.marked(static_cast<StrainClass>(kc));
      total += mask.shapes[kc].size();
    }
    // Every legal trick, seats in playing order from the leader.
    std::array<int, 4> card{};
    auto play = [&](auto&& self, int i) -> void {
      const int seat = (leader + i) % 4;
      if (i == 4) {
        int winner = leader, best = card[0];
        for (int j = 1; j < 4; ++j) {
          const int x = card[j];
          const bool beats =
              detail::suit_of(x) == detail::suit_of(best) ? x > best : detail::suit_of(x) == trump;
          if (beats) best = x, winner = (leader + j) % 4;
        }
        std::array<detail::Bits, 4> after = hands;
        for (int j = 0; j < 4; ++j) after[(leader + j) % 4] &= ~detail::bit_of(card[j]);
        const Canonical next = canonicalize(after, winner, trump);
        const int k = static_cast<int>(next.klass);
        const auto& list = mask.shapes[k];
        const auto it = std::lower_bound(list.begin(), list.end(), next.shape);
        ASSERT_TRUE(it != list.end() && *it == next.shape);
        EXPECT_TRUE(mask.keep[k][it - list.begin()])
            << "deal " << n << ": a trick won by seat " << winner << " leads to an unmarked "
            << (k ? "trump" : "no-trump") << " partition";
        ++tricks_played;
        return;
      }
      detail::Bits options = hands[seat];
      if (i > 0) {
        const detail::Bits suit = options & detail::suit_bits(detail::suit_of(card[0]));
        if (suit) options = suit;
      }
      for (detail::Bits b = options; b; b &= b - 1) {
        card[i] = detail::bottom_index(b);
        self(self, i + 1);
      }
    };
    play(play, 0);
  }
  EXPECT_GT(tricks_played, 3000u);
  EXPECT_LT(marked * 10, total) << marked << " of " << total;
}

// A sample builds each drawn partition over only the partitions of the
// layer below that one trick reaches (run_sample): the sets it finds must be
// those of the real build, which had the whole layer below.
TEST_F(Tables, SampleOverThePartitionsOneTrickReachesMatchesTheBuild) {
  SampleOptions o;
  o.tricks = 3;
  o.tables = dir_;
  o.per_class = 120;
  o.runs_per_class = 3;
  o.seed = 11;
  o.threads = 2;
  auto report = run_sample(o, nullptr);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_LT(report->lower_partitions_decoded, report->lower_partitions);
  EXPECT_GT(report->lower_sets_decoded, 0u);
  ASSERT_EQ(report->classes.size(), 2u);
  for (const SampleClass& c : report->classes) {
    auto file = LayerFile::open(dir_ + "/" + layer_file_name(3, c.klass));
    ASSERT_TRUE(file);
    auto built = load_layer(**file);
    ASSERT_TRUE(built) << built.error().message;
    ASSERT_EQ(c.rows.size(), 120u);
    for (const SampleRow& r : c.rows) {
      const auto& sets = (*built)->sets(static_cast<int>(r.index));
      std::vector<std::uint8_t> bytes;
      encode_sets(sets, bytes);
      EXPECT_EQ(r.compacted, sets.size()) << "partition " << r.index;
      EXPECT_EQ(r.raw_bytes, bytes.size()) << "partition " << r.index;
    }
  }
}

}  // namespace
}  // namespace ddtb::test
