// The tablebase end to end: build the 4- to 12-card tables (both classes),
// verify them two independent ways, check reproducibility, refuse corrupt
// files, and solve with and without tables.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "builder/build_plan.hpp"
#include "builder/executor.hpp"
#include "builder/layer_build.hpp"
#include "builder/layer_writer.hpp"
#include "builder/repack.hpp"
#include "builder/sample.hpp"
#include "builder/successor_shapes.hpp"
#include "builder/verify.hpp"
#include "builder/work_units.hpp"
#include "core/endgame_probe.hpp"
#include "ddtb/solver.hpp"
#include "ddtb/tablebase.hpp"
#include "tablebase/layer_file.hpp"
#include "tests/support/files.hpp"
#include "tests/support/golden_data.hpp"
#include "tests/support/random.hpp"
#include "tests/support/reference.hpp"

namespace ddtb::test {
namespace {

using namespace detail::tb;

// Builds layers 1..tricks into dir with `threads` workers through the build
// plan and its executor, as ddtb-build does; returns the stats of the exact
// layers, and of the bound layers in `bound_stats` (when given).
std::vector<LayerStats> build_tables(const std::string& dir, int tricks, int threads,
                                     std::vector<LayerStats>* bound_stats = nullptr) {
  struct Collect : BuildReporter {
    std::vector<LayerStats> exact, bound;
    void layer_merged(const LayerJob& job, const UnitRunStats& s, const MergeResult& merged,
                      double wall) override {
      LayerStats st;
      st.tricks = job.params.tricks;
      st.klass = job.params.klass;
      st.partitions = job.params.partitions;
      st.work = s.work;
      st.cpu_seconds = s.cpu_seconds;
      st.wall_seconds = wall;
      st.file_bytes = merged.file_bytes;
      (job.params.bound > 0 ? bound : exact).push_back(st);
    }
  } collect;
  Party alone;
  ExecuteOptions options;
  options.threads = threads;
  auto built = execute(make_plan(dir, tricks, true, kDefaultUnitSize), options, alone, collect);
  EXPECT_TRUE(built) << (built ? "" : built.error().message);
  if (bound_stats) *bound_stats = collect.bound;
  return collect.exact;
}

// One set of 4-, 8- and 12-card tables for the whole test program.
class Tables : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = temp_dir("tables");
    ASSERT_FALSE(dir_.empty());
    stats_ = build_tables(dir_, 3, 2, &bound_stats_);
  }
  static void TearDownTestSuite() {
    if (!dir_.empty()) std::system(("rm -rf '" + dir_ + "'").c_str());
  }
  static std::string dir_;
  static std::vector<LayerStats> stats_;
  static std::vector<LayerStats> bound_stats_;  // 12 cards, at least 2: nt, trump
};
std::string Tables::dir_;
std::vector<LayerStats> Tables::stats_;
std::vector<LayerStats> Tables::bound_stats_;

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

TEST_F(Tables, VerifyBothWays) {
  VerifyOptions o;
  o.threads = 2;
  o.solver_positions = 100000;
  auto report = verify_tables(dir_, o, nullptr);
  ASSERT_TRUE(report) << report.error().message;
  for (const auto& f : report->failures) ADD_FAILURE() << f;
  // 4, 8 and 12 cards exact, then 12 cards at least 2 (both classes each).
  ASSERT_EQ(report->layers.size(), 8u);
  for (const auto& l : report->layers) {
    SCOPED_TRACE(std::to_string(l.cards) + (l.trump ? " trump" : " nt") + " bound " +
                 std::to_string(l.bound));
    EXPECT_EQ(l.failures, 0u);
    EXPECT_GT(l.states_checked, 0u);
    EXPECT_GT(l.solver_checked, 0u);
  }
  EXPECT_EQ(report->layers[6].bound, 2);
  EXPECT_EQ(report->layers[7].bound, 2);
  // Every canonical state of 12 cards was checked (the counts of
  // docs/DESIGN.md, "Canonical positions"), in
  // the exact and in the bound layers.
  for (int i : {4, 6}) {
    EXPECT_EQ(report->layers[i].states_checked, 8554536u);
    EXPECT_EQ(report->layers[i + 1].states_checked, 25165080u);
    // 12 cards: every one of the random positions asked of the solver, in
    // both classes (a trump position always has a trump suit among its cards).
    EXPECT_EQ(report->layers[i].solver_checked, 100000u);
    EXPECT_EQ(report->layers[i + 1].solver_checked, 100000u);
  }
}

// The deepest layers and the bound layers are verified on a sample of their
// partitions and decoded only there (a 20-card layer decoded whole does not
// fit in memory); every chunk is still read and checked. Here the 12-card
// layers take that path.
TEST_F(Tables, VerifySampledLayersDecodeOnlyTheirSample) {
  VerifyOptions o;
  o.threads = 2;
  o.full_states_max_cards = 8;
  o.sample_partitions = 300;
  o.solver_positions = 2000;
  auto report = verify_tables(dir_, o, nullptr);
  ASSERT_TRUE(report) << report.error().message;
  for (const auto& f : report->failures) ADD_FAILURE() << f;
  ASSERT_EQ(report->layers.size(), 8u);
  for (int i = 4; i < 8; ++i) {
    EXPECT_EQ(report->layers[i].cards, 12);
    EXPECT_EQ(report->layers[i].partitions_checked, 300u);
    EXPECT_GT(report->layers[i].states_checked, 0u);
    EXPECT_EQ(report->layers[i].solver_checked, 2000u);
  }

  // load_layer with a mask: the marked partitions' sets, no others.
  {
    auto f = LayerFile::open(dir_ + "/" + layer_file_name(3, StrainClass::kNoTrump));
    ASSERT_TRUE(f);
    auto whole = load_layer(**f);
    std::vector<char> keep((*f)->header().partitions, 0);
    for (std::size_t p = 0; p < keep.size(); p += 97) keep[p] = 1;
    auto part = load_layer(**f, &keep);
    ASSERT_TRUE(whole && part);
    for (std::size_t p = 0; p < keep.size(); ++p) {
      const auto& got = (*part)->sets(static_cast<int>(p));
      if (!keep[p]) {
        EXPECT_TRUE(got.empty()) << p;
        continue;
      }
      const auto& want = (*whole)->sets(static_cast<int>(p));
      ASSERT_EQ(got.size(), want.size()) << p;
      for (std::size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i].allow, want[i].allow) << p;
    }
  }

  // A damaged chunk outside the sample is still found.
  const std::string work = temp_dir("verify_sampled");
  for (int t = 1; t <= 3; ++t)
    for (auto [k, b] : layers_of(t, true)) {
      const std::string name = layer_file_name(t, k, b);
      write_file(work + "/" + name, read_file(dir_ + "/" + name));
    }
  const std::string victim = work + "/" + layer_file_name(3, StrainClass::kTrump);
  std::vector<char> bytes = read_file(victim);
  auto file = LayerFile::open(dir_ + "/" + layer_file_name(3, StrainClass::kTrump));
  ASSERT_TRUE(file);
  const std::size_t last = (*file)->chunks() - 1;
  const ChunkEntry& e = (*file)->chunk_entry(last);
  bytes[(*file)->header().data_offset + e.offset + e.stored_bytes / 2] ^= 0x40;
  write_file(victim, bytes);
  o.sample_partitions = 1;
  auto damaged = verify_tables(work, o, nullptr);
  ASSERT_TRUE(damaged) << damaged.error().message;
  EXPECT_FALSE(damaged->ok());
  bool named = false;
  for (const auto& f : damaged->failures)
    named |= f.find("chunk " + std::to_string(last)) != std::string::npos;
  EXPECT_TRUE(named) << damaged->failures.front();
  std::system(("rm -rf '" + work + "'").c_str());
}

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
    EXPECT_EQ((*ef)->header().version, 3u);
    EXPECT_EQ((*bf)->header().version, 4u);
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

TEST_F(Tables, VerifyReportsLayersBuiltOnOtherTables) {
  // The same 4-card sets written with another compression level: another
  // header checksum, so the 8-card layers were not built on these files.
  const std::string mixed = temp_dir("mixed");
  for (int t = 1; t <= 2; ++t)
    for (int kc = 0; kc < 2; ++kc) {
      const std::string name = layer_file_name(t, static_cast<StrainClass>(kc));
      write_file(mixed + "/" + name, read_file(dir_ + "/" + name));
    }
  auto file = LayerFile::open(dir_ + "/" + layer_file_name(1, StrainClass::kNoTrump));
  ASSERT_TRUE(file);
  auto layer = load_layer(**file);
  ASSERT_TRUE(layer);
  WriteOptions wo;
  wo.zstd_level = 1;
  ASSERT_TRUE(write_layer(mixed + "/" + layer_file_name(1, StrainClass::kNoTrump), **layer, wo));
  VerifyOptions o;
  o.solver_positions = 1000;
  auto report = verify_tables(mixed, o, nullptr);
  ASSERT_TRUE(report) << report.error().message;
  ASSERT_FALSE(report->ok());
  int provenance = 0;
  for (const auto& f : report->failures)
    provenance += f.find("built on other 4-card tables") != std::string::npos;
  EXPECT_EQ(provenance, 2) << report->failures.front();  // both 8-card files
  std::system(("rm -rf '" + mixed + "'").c_str());
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

TEST_F(Tables, CorruptTruncatedAndForeignFilesAreRefused) {
  const std::string work = temp_dir("corrupt");
  const std::string name = layer_file_name(2, StrainClass::kTrump);
  const std::vector<char> good = read_file(dir_ + "/" + name);
  ASSERT_GT(good.size(), 200u);
  const std::string path = work + "/" + name;
  auto fully_loads = [&]() -> std::string {
    auto f = LayerFile::open(path);
    if (!f) return f.error().message;
    for (std::size_t c = 0; c < (*f)->chunks(); ++c) {
      auto ch = (*f)->load_chunk(c);
      if (!ch) return ch.error().message;
    }
    return "";
  };
  write_file(path, good);
  EXPECT_EQ(fully_loads(), "");

  // Every single flipped byte is caught by a check (header, directory or
  // chunk checksum) — never a crash and never a silently different table.
  Rng rng(99);
  for (int i = 0; i < 400; ++i) {
    std::vector<char> bad = good;
    const std::size_t at = i < 200 ? static_cast<std::size_t>(i) : rng.below(bad.size());
    bad[at] = static_cast<char>(bad[at] ^ (1 + rng.below(255)));
    write_file(path, bad);
    const std::string err = fully_loads();
    EXPECT_NE(err, "") << "flipped byte " << at;
    if (!err.empty()) EXPECT_NE(err.find(name), std::string::npos) << err;
  }
  // Truncated at any length.
  for (std::size_t len : {std::size_t{0}, std::size_t{10}, std::size_t{127}, std::size_t{128},
                          std::size_t{200}, good.size() / 2, good.size() - 1}) {
    write_file(path, std::vector<char>(good.begin(), good.begin() + len));
    EXPECT_NE(fully_loads(), "") << "truncated to " << len;
  }
  // The header of another layer on this body.
  const std::vector<char> other = read_file(dir_ + "/" + layer_file_name(2, StrainClass::kNoTrump));
  std::vector<char> swapped = good;
  std::copy(other.begin(), other.begin() + kHeaderBytes, swapped.begin());
  write_file(path, swapped);
  EXPECT_NE(fully_loads(), "");
  // A header claiming a bound it may not have, its checksum made right (so
  // that the field check itself is what refuses it): a bound in a version 3
  // file, a version 4 file with a bound of 0 or above the tricks; and the
  // layout of version 3 read as version 1's (no partition lengths).
  auto with_header = [&](std::uint32_t version, std::uint8_t bound) {
    std::vector<char> h = good;
    std::memcpy(h.data() + 8, &version, 4);
    h[18] = static_cast<char>(bound);
    const std::uint64_t sum = XXH3_64bits(h.data(), 120);
    std::memcpy(h.data() + 120, &sum, 8);
    write_file(path, h);
    return fully_loads();
  };
  EXPECT_EQ(with_header(3, 0), "");
  EXPECT_NE(with_header(3, 1).find("bound"), std::string::npos);
  EXPECT_NE(with_header(4, 0).find("bound 0 out of range"), std::string::npos);
  EXPECT_NE(with_header(4, 3).find("bound 3 out of range"), std::string::npos);
  // An exact 8-card layer relabelled as a bound layer: its values of 2 are caught.
  EXPECT_NE(with_header(4, 2).find("bound value above 1"), std::string::npos);
  EXPECT_NE(with_header(1, 0), "");
  EXPECT_NE(with_header(5, 0).find("format version 5"), std::string::npos);
  EXPECT_NE(with_header(0, 0).find("format version 0"), std::string::npos);
  // A bound layer under an exact layer's name is refused by Tablebase::open.
  {
    const std::string swapdir = temp_dir("swap");
    write_file(swapdir + "/" + layer_file_name(3, StrainClass::kTrump),
               read_file(dir_ + "/" + layer_file_name(3, StrainClass::kTrump, 2)));
    auto opened = Tablebase::open(swapdir);
    ASSERT_FALSE(opened);
    EXPECT_NE(opened.error().message.find("describes another layer"), std::string::npos)
        << opened.error().message;
    std::system(("rm -rf '" + swapdir + "'").c_str());
  }
  // Foreign files.
  write_file(path, std::vector<char>(4096, 'x'));
  EXPECT_NE(fully_loads().find("bad magic"), std::string::npos);
  // A directory with a corrupt table is refused, naming the file.
  write_file(path, std::vector<char>(good.begin(), good.begin() + 300));
  auto tb = Tablebase::open(work);
  ASSERT_FALSE(tb);
  EXPECT_NE(tb.error().message.find(name), std::string::npos) << tb.error().message;
  // A directory without tables.
  std::remove(path.c_str());
  auto none = Tablebase::open(work);
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().code, ErrorCode::kNotFound);
  std::system(("rm -rf '" + work + "'").c_str());
}

TEST_F(Tables, ProbeAgreesWithTheSolverOnRandomPositions) {
  auto tb = Tablebase::open(dir_);
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
  const std::uint64_t loads = (*tb)->stats().partition_loads;
  EXPECT_GT(loads, 0u);
  run("in place");
  EXPECT_EQ((*tb)->stats().partition_loads, loads);
}

// What the search relies on: a table answer holds for every position that
// agrees with the probed one on the cards the answer specified (they are
// backed up as winning ranks: docs/DESIGN.md, "Winning ranks"). Positions of
// the same shape with the unspecified cards of each suit dealt again among
// the same seats must have the same exact value, and be on the same side of
// a bound. This is where a set correct only on canonical states would fail:
// the reshuffled positions include the other orders of interchangeable
// suits.
TEST_F(Tables, SpecifiedCardsDecideEveryPositionSharingThem) {
  auto tb = Tablebase::open(dir_);
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

// The probe scans a chunk's encoded sets in place; it must find the same set
// as a search of the fully decoded chunk, for every state of a sample of
// partitions, and refuse malformed bytes rather than read past them.
TEST_F(Tables, InPlaceScanAgreesWithDecodedSets) {
  auto f = LayerFile::open(dir_ + "/" + layer_file_name(3, StrainClass::kTrump));
  ASSERT_TRUE(f) << f.error().message;
  std::uint64_t states = 0;
  for (std::size_t c = 0; c < (*f)->chunks(); c += 7) {
    auto raw = (*f)->load_raw_chunk(c);
    auto dec = (*f)->load_chunk(c);
    ASSERT_TRUE(raw && dec);
    ASSERT_EQ(raw->ranges.size() + 1, dec->starts.size());
    for (std::size_t i = 0; i < raw->ranges.size(); ++i) {
      const ShapeKey shape = (*f)->shapes()[raw->first + i];
      for_each_canonical_state(shape, StrainClass::kTrump, [&](const std::array<Sequence, 4>& q) {
        const Nibbles state = state_nibbles(shape, q);
        const TbSet* want = nullptr;
        for (std::uint32_t k = dec->starts[i]; k < dec->starts[i + 1] && !want; ++k)
          if (dec->sets[k].contains(state)) want = &dec->sets[k];
        TbSet got;
        const Scan r = find_set(raw->data() + raw->ranges[i].begin,
                                raw->data() + raw->ranges[i].end, state, 3, got);
        ASSERT_EQ(r, Scan::kFound);  // the layer has no gaps
        ASSERT_NE(want, nullptr);
        EXPECT_EQ(got.value, want->value);
        EXPECT_EQ(got.allow, want->allow);
        ++states;
      });
    }
  }
  EXPECT_GT(states, 100000u);

  // Malformed bytes (each followed by the scan padding).
  const Nibbles any{1, 1, 1, 1};
  TbSet out;
  const std::vector<std::uint8_t> big_value{7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(find_set(big_value.data(), big_value.data() + 3, any, 3, out), Scan::kCorrupt);
  const std::vector<std::uint8_t> cut{1, 0xFF, 0xFF, 0x11, 0, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(find_set(cut.data(), cut.data() + 4, any, 3, out), Scan::kCorrupt);
  EXPECT_EQ(find_set(cut.data(), cut.data() + 2, any, 3, out), Scan::kCorrupt);
  const std::vector<std::uint8_t> none{1, 0x01, 0, 0x02, 0, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(find_set(none.data(), none.data() + 4, any, 3, out), Scan::kAbsent);
}

// Layers of up to 16 cards are stored raw and read where the file is mapped;
// larger ones are compressed and read from a decompressed copy. The same sets
// written both ways must give the same chunks and the same answers.
// The same layers stored three ways: as built (raw chunks, each partition's
// byte length recorded: format versions 3 and 4), compressed, and in the
// layout of versions 1 and 2 (no lengths: a reader walks the sets), which
// tables built before remain in. Every partition's sets are the same bytes
// and every probe the same answer.
TEST_F(Tables, RawCompressedAndVersion1FilesGiveTheSameAnswers) {
  const std::string packed = temp_dir("packed");
  const std::string legacy = temp_dir("legacy");
  std::uint64_t chunks = 0, in_place = 0;
  for (int t = 1; t <= 3; ++t)
    for (auto [k, b] : layers_of(t, true)) {
      const std::string name = layer_file_name(t, k, b);
      auto raw = LayerFile::open(dir_ + "/" + name);
      ASSERT_TRUE(raw) << raw.error().message;
      auto layer = load_layer(**raw);
      ASSERT_TRUE(layer) << layer.error().message;
      WriteOptions wo;
      wo.zstd_level = 19;
      wo.lower_checksum = (*raw)->header().lower_checksum;
      ASSERT_TRUE(write_layer(packed + "/" + name, **layer, wo));
      auto zst = LayerFile::open(packed + "/" + name);
      ASSERT_TRUE(zst) << zst.error().message;
      WriteOptions wl;
      wl.zstd_level = 0;
      wl.partition_lengths = false;
      wl.lower_checksum = (*raw)->header().lower_checksum;
      ASSERT_TRUE(write_layer(legacy + "/" + name, **layer, wl));
      auto old = LayerFile::open(legacy + "/" + name);
      ASSERT_TRUE(old) << old.error().message;
      EXPECT_EQ((*raw)->header().version, b > 0 ? 4u : 3u);
      EXPECT_EQ((*old)->header().version, b > 0 ? 2u : 1u);
      EXPECT_LT((*old)->header().data_bytes, (*raw)->header().data_bytes);
      ASSERT_EQ((*raw)->chunks(), (*zst)->chunks()) << name;
      int compressed = 0;
      for (std::size_t c = 0; c < (*raw)->chunks(); ++c) {
        SCOPED_TRACE(name + ", chunk " + std::to_string(c));
        ASSERT_EQ((*raw)->chunk_entry(c).encoding, 0u);
        compressed += (*zst)->chunk_entry(c).encoding == 1;
        auto a = (*raw)->load_raw_chunk(c);
        auto z = (*zst)->load_raw_chunk(c);
        ASSERT_TRUE(a && z);
        EXPECT_EQ(z->mapped, nullptr);
        in_place += a->mapped != nullptr;
        ++chunks;
        const std::uint32_t n = (*raw)->chunk_entry(c).raw_bytes;
        ASSERT_EQ(n, (*zst)->chunk_entry(c).raw_bytes);
        EXPECT_EQ(std::memcmp(a->data(), z->data(), n), 0);
        ASSERT_EQ(a->ranges.size(), z->ranges.size());
        for (std::size_t i = 0; i < a->ranges.size(); ++i) {
          EXPECT_EQ(a->ranges[i].begin, z->ranges[i].begin);
          EXPECT_EQ(a->ranges[i].end, z->ranges[i].end);
        }
      }
      EXPECT_GT(compressed, 0) << name;
      // Version 1 or 2: chunks end at other partitions (no lengths), so
      // compare partition by partition.
      for (std::size_t p = 0; p < (*raw)->shapes().size(); ++p) {
        SCOPED_TRACE(name + ", partition " + std::to_string(p));
        const std::size_t ca = (*raw)->chunk_of(p), co = (*old)->chunk_of(p);
        auto a = (*raw)->load_raw_chunk(ca, true);
        auto o = (*old)->load_raw_chunk(co, true);
        ASSERT_TRUE(a && o);
        const auto ra = a->ranges[p - a->first], ro = o->ranges[p - o->first];
        ASSERT_EQ(ra.end - ra.begin, ro.end - ro.begin);
        EXPECT_EQ(std::memcmp(a->data() + ra.begin, o->data() + ro.begin, ra.end - ra.begin), 0);
      }
    }
  // Every raw chunk but the last of each file (no file bytes follow it to
  // pad a scan) is read in place.
  EXPECT_GE(in_place + 10, chunks);
  EXPECT_GT(in_place, 0u);

  auto a = Tablebase::open(dir_);
  auto z = Tablebase::open(packed);
  auto l = Tablebase::open(legacy);
  ASSERT_TRUE(a && z && l);
  Rng rng(2718);
  for (int i = 0; i < 3000; ++i) {
    const int tricks = 1 + static_cast<int>(rng.below(3));
    const Strain strain = strain_from_int(static_cast<int>(rng.below(5)));
    const Position p = random_position(rng, tricks, 0, strain, seat_from_int(rng.below(4)));
    SCOPED_TRACE(describe(p));
    const auto x = (*a)->probe(p);
    for (const auto* other : {&z, &l}) {
      const auto y = (**other)->probe(p);
      ASSERT_TRUE(x && y);
      EXPECT_EQ(x->tricks, y->tricks);
      EXPECT_EQ(x->specified, y->specified);
      if (tricks == 3) {
        const auto u = (*a)->probe_at_least(p, 2);
        const auto v = (**other)->probe_at_least(p, 2);
        ASSERT_TRUE(u && v);
        EXPECT_EQ(u->at_least, v->at_least);
        EXPECT_EQ(u->specified, v->specified);
      }
    }
  }
  // Repacked as a build today stores them, both give the build's files
  // byte for byte (their layers record the build's lower checksums, which
  // the repack keeps: they do not match the copies' own headers).
  for (const std::string& copy : {packed, legacy}) {
    RepackOptions ro;
    ro.zstd_level = WriteOptions::kTableLevel;
    auto repacked = repack_tables(copy, ro);
    ASSERT_TRUE(repacked) << repacked.error().message;
    EXPECT_EQ(repacked->size(), 8u);
    for (const RepackedLayer& r : *repacked) {
      SCOPED_TRACE(copy + "/" + r.name);
      EXPECT_EQ(r.version_before, copy == legacy ? r.version_after - 2 : r.version_after);
      EXPECT_EQ(r.compressed_before, copy == packed);
      EXPECT_FALSE(r.compressed_after);
      EXPECT_TRUE(read_file(copy + "/" + r.name) == read_file(dir_ + "/" + r.name));
    }
  }
  std::system(("rm -rf '" + packed + "' '" + legacy + "'").c_str());
}

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

// A class derived from Tablebase outside the library holds no tables
// (include/ddtb/tablebase.hpp): it answers as an empty Tablebase, and a
// Solver given it searches every position itself.
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
