// The packed layout (format versions 5 and 6, tablebase/packed_sets.hpp) of
// the fixture's tables (tests/support/tables_fixture.hpp), against the sets
// as built: every state's value, the default's cover (every state sharing it
// has the default value), the builder's cover of decoded sets; damaged bytes
// never give a wrong answer; repack keeps packed files as they are and
// refuses to unpack them; verify passes on them.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "builder/layer_build.hpp"
#include "builder/repack.hpp"
#include "builder/verify.hpp"
#include "ddtb/tablebase.hpp"
#include "tablebase/packed_file.hpp"
#include "tablebase/packed_sets.hpp"
#include "tests/support/files.hpp"
#include "tests/support/random.hpp"
#include "tests/support/reference.hpp"
#include "tests/support/tables_fixture.hpp"

namespace ddtb::test {
namespace {

using namespace detail::tb;

std::vector<std::pair<StrainClass, int>> layers_of(int tricks) {
  std::vector<std::pair<StrainClass, int>> out;
  for (StrainClass k : {StrainClass::kNoTrump, StrainClass::kTrump}) {
    out.push_back({k, 0});
    if (tricks == 3) out.push_back({k, 2});
  }
  return out;
}

// For every state of (a sample of) every layer's partitions: the packed
// scan's value is the value of the sets as built; a stored set it finds is
// the first stored set holding the state; a default answer's cover holds
// the state, and every state of the partition inside the cover, in either
// order of two tied slots, has the default value by the sets as built; the builder's cover_set over
// the decoded partition is the same set.
TEST_F(Tables, PackedScanAgreesWithTheSetsAsBuilt) {
  std::uint64_t states = 0, defaults = 0, covers_checked = 0;
  for (int t = 1; t <= 3; ++t)
    for (auto [k, b] : layers_of(t)) {
      const std::string name = layer_file_name(t, k, b);
      SCOPED_TRACE(name);
      auto built = LayerFile::open(dir_ + "/" + name);
      auto packed = LayerFile::open(packed_dir() + "/" + name);
      ASSERT_TRUE(built && packed);
      ASSERT_EQ((*packed)->layout(), Layout::kPacked);
      EXPECT_EQ((*packed)->header().version(), b > 0 ? 6u : 5u);
      auto all = load_layer(**built);
      auto kept = load_layer(**packed);
      ASSERT_TRUE(all && kept);
      EXPECT_LT((*kept)->set_count(), (*all)->set_count());
      const int step = t == 3 ? 9 : 1;
      for (std::size_t p = 0; p < (*all)->shapes().size(); p += step) {
        const ShapeKey shape = (*all)->shapes()[p];
        const auto& every = (*all)->sets(static_cast<int>(p));
        const auto& stored = (*kept)->sets(static_cast<int>(p));
        const int dflt = (*kept)->default_value(static_cast<int>(p));
        ASSERT_GE(dflt, 0);
        const std::uint8_t *begin = nullptr, *end = nullptr;
        ASSERT_TRUE((*packed)->as_packed()->partition(p, begin, end));
        std::vector<Nibbles> members;
        for_each_canonical_state(shape, k, [&](const std::array<Sequence, 4>& q) {
          members.push_back(state_nibbles(shape, q));
        });
        const auto value_of = [&](const Nibbles& n) {
          for (const TbSet& s : every)
            if (s.contains(n)) return static_cast<int>(s.value);
          return -1;
        };
        int covers_here = 0;
        for (const Nibbles& n : members) {
          ++states;
          TbSet got;
          ASSERT_EQ(find_packed(begin, end, n, t, b, tied_pairs(shape, k), got), Scan::kFound);
          ASSERT_EQ(got.value, value_of(n));
          ASSERT_TRUE(got.contains(n));
          const TbSet* first = nullptr;
          for (const TbSet& s : stored)
            if (!first && s.contains(n)) first = &s;
          if (first) {
            EXPECT_EQ(got.allow, first->allow);
            continue;
          }
          ++defaults;
          EXPECT_EQ(got.value, dflt);
          const TbSet cover = cover_set(stored, n, dflt, tied_pairs(shape, k));
          EXPECT_EQ(cover.allow, got.allow);
          if (covers_here++ < 4) {  // the whole partition against this cover
            ++covers_checked;
            for (const Nibbles& m : members) {
              if (got.contains(m)) ASSERT_EQ(value_of(m), dflt);
              // The state m with two tied slots in the other order is the
              // same position (two suits of equal columns swapped): inside
              // the cover, it must have the default value too.
              for (int a = 0; a < 3; ++a) {
                if (!tied(shape, k, a, a + 1)) continue;
                Nibbles x = m;
                std::swap(x[a], x[a + 1]);
                if (got.contains(x)) ASSERT_EQ(value_of(m), dflt) << "tied slots " << a;
              }
            }
          }
        }
      }
    }
  EXPECT_GT(states, 100000u);
  EXPECT_GT(defaults, states / 5);
  EXPECT_GT(covers_checked, 1000u);

  // Malformed partitions (each followed by the scan padding).
  const Nibbles any{1, 1, 1, 1};
  TbSet out;
  const std::vector<std::uint8_t> big_default{7, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(find_packed(big_default.data(), big_default.data() + 2, any, 3, 0, 0, out),
            Scan::kCorrupt);
  // One vector (depth 1 in slot 0), a set naming vector 1, which is not there.
  const std::vector<std::uint8_t> no_vector{0, 1, 0x01, 0x00, 0x41, 0x2, 0, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(find_packed(no_vector.data(), no_vector.data() + 6, any, 3, 0, 0, out), Scan::kCorrupt);
  // The same set naming vector 0, cut short.
  const std::vector<std::uint8_t> cut{0, 1, 0x01, 0x00, 0x40, 0x2, 0, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(find_packed(cut.data(), cut.data() + 5, any, 3, 0, 0, out), Scan::kCorrupt);
  EXPECT_EQ(find_packed(cut.data(), cut.data() + 6, any, 3, 0, 0, out), Scan::kFound);
}

// Damaged packed files: flipped bytes anywhere, truncation. The directory is
// refused (naming the file) or opens, and then every probe either gives the
// answer of the tables as built or none, and a probe refused counts a bad
// block.
TEST_F(Tables, DamagedPackedFilesNeverAnswerWrongly) {
  auto good_tb = Tablebase::open(dir_);
  ASSERT_TRUE(good_tb);
  const std::string name = layer_file_name(3, StrainClass::kTrump);
  const std::vector<char> good = read_file(packed_dir() + "/" + name);
  Rng rng(4242);
  std::vector<Position> positions;
  for (int i = 0; i < 400; ++i)
    positions.push_back(random_position(rng, 3, 0, Strain::Spades, seat_from_int(rng.below(4))));
  int opened = 0, refused_probes = 0;
  for (int round = 0; round < 60; ++round) {
    const std::string work = temp_dir("damaged");
    ASSERT_EQ(std::system(("cp '" + packed_dir() + "'/*.tbl '" + work + "'/").c_str()), 0);
    std::vector<char> bad = good;
    if (round < 50) {
      const std::size_t at = rng.below(static_cast<std::uint32_t>(bad.size()));
      bad[at] = static_cast<char>(bad[at] ^ (1 + rng.below(255)));
    } else {
      bad.resize(rng.below(static_cast<std::uint32_t>(bad.size())));
    }
    write_file(work + "/" + name, bad);
    auto tb = Tablebase::open(work);
    if (!tb) {
      EXPECT_NE(tb.error().message.find(name), std::string::npos) << tb.error().message;
    } else {
      ++opened;
      int refused = 0;
      for (const Position& p : positions) {
        const auto want = (*good_tb)->probe(p);
        const auto got = (*tb)->probe(p);
        ASSERT_TRUE(want);
        if (got)
          EXPECT_EQ(got->tricks, want->tricks) << "round " << round << ": " << describe(p);
        else
          ++refused;
      }
      if (refused) EXPECT_GT((*tb)->stats().bad_blocks, 0u);
      refused_probes += refused;
    }
    std::system(("rm -rf '" + work + "'").c_str());
  }
  EXPECT_GT(opened, 10);  // most flips land in the data area
  EXPECT_GT(refused_probes, 0);
}

// Repacking packed tables rewrites them byte for byte (the packing is
// deterministic); asking for them unpacked is refused, the directory as it
// was; verify passes on them both ways (one-trick check and solver).
TEST_F(Tables, PackedTablesRepackVerifyAndStayPacked) {
  const std::string work = temp_dir("repacked");
  ASSERT_EQ(std::system(("cp '" + packed_dir() + "'/*.tbl '" + work + "'/").c_str()), 0);
  RepackOptions o;
  o.storage = Storage::packed();
  auto again = repack_tables(work, o);
  ASSERT_TRUE(again) << again.error().message;
  for (const RepackedLayer& r : *again) {
    EXPECT_TRUE(r.packed_before && r.packed_after);
    EXPECT_EQ(read_file(work + "/" + r.name), read_file(packed_dir() + "/" + r.name)) << r.name;
  }
  o.storage = {Layout::kChunked, 0};
  auto unpacked = repack_tables(work, o);
  ASSERT_FALSE(unpacked);
  EXPECT_NE(unpacked.error().message.find("cannot be rewritten unpacked"), std::string::npos)
      << unpacked.error().message;
  for (const RepackedLayer& r : *again)
    EXPECT_EQ(read_file(work + "/" + r.name), read_file(packed_dir() + "/" + r.name)) << r.name;

  VerifyOptions vo;
  vo.threads = 2;
  vo.solver_positions = 3000;
  auto report = verify_tables(work, vo, nullptr);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_TRUE(report->ok()) << (report->failures.empty() ? "" : report->failures.front());
  EXPECT_EQ(report->layers.size(), 8u);
  std::system(("rm -rf '" + work + "'").c_str());
}

}  // namespace
}  // namespace ddtb::test
