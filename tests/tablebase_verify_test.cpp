// ddtb-build verify (builder/verify.hpp) on the fixture's tables
// (tests/support/tables_fixture.hpp): every state checked both ways, the
// sampled path of the deepest layers (and load_layer's partial decoding it
// relies on), and the damage it must report: a damaged chunk outside the
// sample, layers built on other tables.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "builder/layer_build.hpp"
#include "builder/layer_job.hpp"
#include "builder/layer_writer.hpp"
#include "builder/verify.hpp"
#include "tablebase/chunked_file.hpp"
#include "tests/support/files.hpp"
#include "tests/support/tables_fixture.hpp"

namespace ddtb::test {
namespace {

using namespace detail::tb;

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
  const ChunkedFile& chunked = *(*file)->as_chunked();
  const std::size_t last = chunked.chunks() - 1;
  const ChunkEntry& e = chunked.chunk_entry(last);
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

}  // namespace
}  // namespace ddtb::test
