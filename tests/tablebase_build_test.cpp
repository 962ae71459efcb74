// The builder end to end: the 4- to 12-card tables of the shared fixture
// (tests/support/tables_fixture.hpp), built by the build plan and its
// executor as ddtb-build builds them, need no more sets than the prototype,
// their bound layers agree with the exact layers state by state, and a
// rebuild on another number of threads gives the same bytes.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "builder/layer_build.hpp"
#include "builder/layer_job.hpp"
#include "tablebase/layer_file.hpp"
#include "tests/support/files.hpp"
#include "tests/support/tables_fixture.hpp"

namespace ddtb::test {
namespace {

using namespace detail::tb;

TEST_F(Tables, SetCountsBeatThePrototype) {
  // docs/DESIGN.md, "Yardsticks": a prototype needed 73 / 5,956 / 316,844
  // sets after compaction for 4 / 8 / 12 cards (NT + trump).
  const std::uint64_t prototype[3] = {73, 5956, 316844};
  ASSERT_EQ(stats_.size(), 6u);
  for (int t = 0; t < 3; ++t) {
    const std::uint64_t ours = stats_[2 * t].work.compacted + stats_[2 * t + 1].work.compacted;
    EXPECT_LE(ours, prototype[t]) << 4 * (t + 1) << " cards";
    std::printf("[ info ] %2d cards: %llu + %llu sets after compaction (prototype %llu)\n",
                4 * (t + 1), (unsigned long long)stats_[2 * t].work.compacted,
                (unsigned long long)stats_[2 * t + 1].work.compacted,
                (unsigned long long)prototype[t]);
  }
}

// A bound layer says, for every state, whether the exact layer's value
// reaches its bound, with fewer sets; and the cards its sets specify are what
// the search backs up, so they must be a sound proof: checked above by
// verify, here against the exact layer state by state.
TEST_F(Tables, BoundLayersAgreeWithTheExactLayerAndAreSmaller) {
  ASSERT_EQ(bound_stats_.size(), 2u);
  for (int kc = 0; kc < 2; ++kc) {
    const auto k = static_cast<StrainClass>(kc);
    SCOPED_TRACE(kc ? "trump" : "nt");
    auto ef = LayerFile::open(dir_ + "/" + layer_file_name(3, k));
    auto bf = LayerFile::open(dir_ + "/" + layer_file_name(3, k, 2));
    ASSERT_TRUE(ef && bf);
    EXPECT_EQ((*ef)->header().version(), 3u);
    EXPECT_EQ((*bf)->header().version(), 4u);
    EXPECT_EQ((*bf)->header().bound, 2);
    EXPECT_EQ((*bf)->header().lower_checksum, (*ef)->header().lower_checksum);
    auto exact = load_layer(**ef);
    auto bound = load_layer(**bf);
    ASSERT_TRUE(exact && bound);
    EXPECT_EQ((*bound)->bound(), 2);
    EXPECT_LT((*bound)->set_count(), (*exact)->set_count());
    EXPECT_EQ((*bound)->set_count(), bound_stats_[kc].work.compacted);
    std::printf("[ info ] 12 cards %s: %llu exact sets, %llu at-least-2 sets\n",
                kc ? "trump" : "nt", (unsigned long long)(*exact)->set_count(),
                (unsigned long long)(*bound)->set_count());
    std::uint64_t states = 0, fewer_cards = 0;
    for (std::size_t i = 0; i < (*exact)->shapes().size(); i += 5) {
      const ShapeKey shape = (*exact)->shapes()[i];
      for_each_canonical_state(shape, k, [&](const std::array<Sequence, 4>& q) {
        const Nibbles n = state_nibbles(shape, q);
        const TbSet* e = (*exact)->find(shape, n);
        const TbSet* b = (*bound)->find(shape, n);
        ASSERT_TRUE(e && b);
        ASSERT_EQ(b->value, e->value >= 2 ? 1 : 0);
        int eb = 0, bb = 0;
        for (int s = 0; s < 4; ++s) {
          eb += e->specified(s);
          bb += b->specified(s);
        }
        fewer_cards += bb < eb;
        ++states;
      });
    }
    EXPECT_GT(states, 1000000u);
    // Mostly more general: fewer cards specified for most states.
    EXPECT_GT(fewer_cards * 2, states) << fewer_cards << " of " << states;
  }
}

TEST_F(Tables, RebuildIsByteIdenticalWhateverTheThreads) {
  const std::string again = temp_dir("again");
  build_tables(again, 3, 1);
  for (int t = 1; t <= 3; ++t)
    for (auto [k, b] : layers_of(t, true)) {
      const std::string name = layer_file_name(t, k, b);
      const std::vector<char> want = read_file(dir_ + "/" + name);
      EXPECT_FALSE(want.empty()) << name;
      EXPECT_EQ(want, read_file(again + "/" + name)) << name;
    }
  std::system(("rm -rf '" + again + "'").c_str());
}

}  // namespace
}  // namespace ddtb::test
