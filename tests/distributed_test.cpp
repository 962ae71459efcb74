// Sharded, resumable builds (builder/unit_file, builder/work_units): unit
// files round trip and name what is corrupt; shards split the work exactly;
// units merged give byte for byte the file of a plain build, and so does a
// layer built in memory (build_layer + write_layer); merge refuses gaps,
// duplicates, other parameters and corruption; a rerun redoes exactly the
// missing and corrupt units.
#include <gtest/gtest.h>
#include <unistd.h>

#include <barrier>
#include <thread>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "builder/layer_build.hpp"
#include "builder/layer_writer.hpp"
#include "builder/merge_units.hpp"
#include "builder/unit_file.hpp"
#include "builder/work_units.hpp"
#include "tablebase/layer_file.hpp"
#include "tests/dist/reference_tables.hpp"
#include "tests/support/files.hpp"

namespace ddtb::test {
namespace {

using namespace detail::tb;
namespace fs = std::filesystem;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Copies the layers below `tricks` from `from` into a fresh directory.
std::string dir_with_layers_below(const std::string& from, int tricks, const std::string& tag) {
  const std::string dir = temp_dir(tag);
  for (int t = 1; t < tricks; ++t)
    for (int kc = 0; kc < 2; ++kc) {
      const std::string name = layer_file_name(t, static_cast<StrainClass>(kc));
      fs::copy_file(from + "/" + name, dir + "/" + name);
    }
  return dir;
}

// The jobs of both classes of `tricks` in `dir`, over the layers below there.
std::vector<LayerJob> jobs_for(const std::string& dir, int tricks, std::uint32_t unit_size) {
  auto sum = lower_checksum(dir, tricks);
  EXPECT_TRUE(sum) << sum.error().message;
  return {make_job(dir, tricks, StrainClass::kNoTrump, *sum, unit_size),
          make_job(dir, tricks, StrainClass::kTrump, *sum, unit_size)};
}

class Units : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    ref_ = temp_dir("units-ref");
    ASSERT_FALSE(ref_.empty());
    // 8 cards: each test runs in a process of its own under CTest; the one
    // test that needs 12 cards builds them itself.
    auto built = build_reference_tables(ref_, 2, 2);
    ASSERT_TRUE(built) << built.error().message;
  }
  static void TearDownTestSuite() {
    if (!ref_.empty()) fs::remove_all(ref_);
  }
  void TearDown() override {
    for (const auto& d : scratch_) fs::remove_all(d);
  }
  std::string scratch(int tricks, const std::string& tag) {
    scratch_.push_back(dir_with_layers_below(ref_, tricks, tag));
    return scratch_.back();
  }
  // Runs `items` (all of the plan when empty) of the jobs over the layers
  // below read from the jobs' directory.
  static std::vector<UnitRunStats> run(const std::vector<LayerJob>& jobs, int threads,
                                       std::vector<WorkItem> items = {}) {
    auto lower = load_layers(jobs[0].dir, jobs[0].params.tricks - 1);
    EXPECT_TRUE(lower) << lower.error().message;
    if (items.empty()) items = plan_work(jobs);
    auto stats = run_units(jobs, items, lower->lower(), threads, nullptr);
    EXPECT_TRUE(stats) << stats.error().message;
    return stats ? *stats : std::vector<UnitRunStats>{};
  }
  static void expect_same_as_reference(const LayerJob& job, const std::string& ref = ref_) {
    const std::string name = layer_file_name(job.params.tricks, job.params.klass);
    EXPECT_EQ(read_file(job.dir + "/" + name), read_file(ref + "/" + name)) << name;
  }
  static std::string ref_;
  std::vector<std::string> scratch_;
};
std::string Units::ref_;

TEST_F(Units, UnitFileRoundTripsAndNamesTheCorruptPartition) {
  auto lower = load_layers(ref_, 1);
  ASSERT_TRUE(lower) << lower.error().message;
  const LayerJob job = make_job("/nowhere", 2, StrainClass::kTrump, lower->checksum, 16);
  PartitionBuilder builder(lower->lower(), 1 << 20);
  const std::uint32_t unit = 3;
  std::vector<std::vector<TbSet>> sets;
  for (std::uint32_t i = 0; i < job.params.count_of(unit); ++i) {
    PartitionStats st;
    sets.push_back(
        builder.build(StrainClass::kTrump, job.shapes[job.params.first_of(unit) + i], st));
  }
  const std::vector<std::uint8_t> bytes = encode_unit(job.params, unit, job.shapes, sets, 1.234);
  auto parsed = parse_unit(bytes, "u", job.shapes);
  ASSERT_TRUE(parsed) << parsed.error().message;
  EXPECT_NEAR(parsed->cpu_seconds, 1.234, 0.0015);  // milliseconds, at least 1 once recorded
  auto unrecorded = parse_unit(encode_unit(job.params, unit, job.shapes, sets), "u", job.shapes);
  ASSERT_TRUE(unrecorded);
  EXPECT_EQ(unrecorded->cpu_seconds, 0);
  EXPECT_EQ(params_mismatch(parsed->params, job.params), "");
  EXPECT_EQ(parsed->index, unit);
  EXPECT_EQ(parsed->first, 48u);
  ASSERT_EQ(parsed->partitions.size(), sets.size());
  for (std::size_t i = 0; i < sets.size(); ++i) {
    std::vector<TbSet> back;
    ASSERT_TRUE(decode_unit_partition(*parsed, i, back));
    ASSERT_EQ(back.size(), sets[i].size());
    for (std::size_t k = 0; k < back.size(); ++k) {
      EXPECT_EQ(back[k].allow, sets[i][k].allow);
      EXPECT_EQ(back[k].value, sets[i][k].value);
    }
  }
  // A flipped byte in partition 50's sets is blamed on partition 50.
  const std::size_t payload = kUnitHeaderBytes + sets.size() * kUnitEntryBytes;
  auto bad = bytes;
  bad[payload + parsed->partitions[2].begin + 1] ^= 0x10;
  auto r = parse_unit(bad, "u", job.shapes);
  ASSERT_FALSE(r);
  EXPECT_TRUE(contains(r.error().message, "partition 50: checksum mismatch")) << r.error().message;
  // Header, truncation, magic, and the unit checksum over the entries.
  bad = bytes;
  bad[60] ^= 1;
  r = parse_unit(bad, "u", job.shapes);
  ASSERT_FALSE(r);
  EXPECT_TRUE(contains(r.error().message, "header checksum")) << r.error().message;
  bad = bytes;
  bad.resize(bad.size() - 3);
  r = parse_unit(bad, "u", job.shapes);
  ASSERT_FALSE(r);
  EXPECT_TRUE(contains(r.error().message, "truncated")) << r.error().message;
  bad = bytes;
  bad[0] = 'X';
  EXPECT_FALSE(parse_unit(bad, "u", job.shapes));
  bad = bytes;
  bad[bad.size() - 1] ^= 1;
  r = parse_unit(bad, "u", job.shapes);
  ASSERT_FALSE(r);
  EXPECT_TRUE(contains(r.error().message, "unit checksum")) << r.error().message;
  // Another layer's shapes.
  r = parse_unit(bytes, "u", enumerate_shapes(2, StrainClass::kNoTrump));
  EXPECT_FALSE(r);
}

TEST_F(Units, ShardsSplitThePlanExactly) {
  const std::string dir = temp_dir("shards");  // only the plan: no layers needed
  scratch_.push_back(dir);
  const std::vector<LayerJob> jobs{make_job(dir, 3, StrainClass::kNoTrump, 0, 64),
                                   make_job(dir, 3, StrainClass::kTrump, 0, 64)};
  const auto plan = plan_work(jobs);
  std::set<std::pair<std::uint32_t, std::uint32_t>> all;
  for (const WorkItem& w : plan) all.insert({w.job, w.unit});
  EXPECT_EQ(all.size(), plan.size());
  EXPECT_EQ(plan.size(), jobs[0].params.units() + jobs[1].params.units());
  EXPECT_EQ(plan.size(), 110u + 401u);
  for (int shards : {1, 2, 3, 7, 1000}) {
    std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
    for (int i = 0; i < shards; ++i)
      for (const WorkItem& w : shard_of(plan, i, shards))
        EXPECT_TRUE(seen.insert({w.job, w.unit}).second) << "unit in two shards";
    EXPECT_EQ(seen, all) << shards << " shards";
  }
  // Deterministic: the same plan every time.
  const auto again = plan_work(jobs);
  ASSERT_EQ(again.size(), plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) {
    EXPECT_EQ(again[i].job, plan[i].job);
    EXPECT_EQ(again[i].unit, plan[i].unit);
  }
}

// A layer built in memory (the tests' and benchmarks' path, the same unit
// runner without files) writes the same bytes as the plan's build.
TEST_F(Units, InMemoryLayersAreByteIdenticalToThePlannedBuild) {
  auto lower = load_layers(ref_, 1);
  ASSERT_TRUE(lower) << lower.error().message;
  const std::string dir = temp_dir("in-memory");
  scratch_.push_back(dir);
  for (int kc = 0; kc < 2; ++kc) {
    const auto klass = static_cast<StrainClass>(kc);
    LayerStats stats;
    auto layer = build_layer(2, klass, lower->lower(), 2, stats, nullptr);
    ASSERT_TRUE(layer) << layer.error().message;
    EXPECT_EQ(stats.partitions, (*layer)->shapes().size());
    WriteOptions wo;
    wo.lower_checksum = lower->checksum;
    const std::string name = layer_file_name(2, klass);
    ASSERT_TRUE(write_layer(dir + "/" + name, **layer, wo));
    EXPECT_EQ(read_file(dir + "/" + name), read_file(ref_ + "/" + name)) << name;
  }
}

// Parties running one plan together, as MPI ranks do (each a shard of every
// round, waiting for the others, party 0 merging), here as threads: the
// tables of 4 to 12 cards are the plain build's, byte for byte.
TEST_F(Units, PartiesOfOnePlanBuildTheSameTables) {
  const std::string ref12 = temp_dir("parties-ref12");
  scratch_.push_back(ref12);
  ASSERT_TRUE(build_reference_tables(ref12, 3, 2));
  const std::string dir = temp_dir("parties");
  scratch_.push_back(dir);
  constexpr int kParties = 3;
  std::barrier sync(kParties);
  struct ThreadParty : Party {
    int index_;
    std::barrier<>& sync_;
    ThreadParty(int index, std::barrier<>& sync) : index_(index), sync_(sync) {}
    int index() const override { return index_; }
    int count() const override { return kParties; }
    bool merges() const override { return index_ == 0; }
    void all_built(std::vector<UnitRunStats>&) override { sync_.arrive_and_wait(); }
    void all_merged() override { sync_.arrive_and_wait(); }
  };
  const Plan plan = make_plan(dir, 3, true, 64);
  std::vector<Expected<void>> results(kParties);
  std::vector<std::thread> threads;
  for (int p = 0; p < kParties; ++p)
    threads.emplace_back([&, p] {
      ThreadParty party(p, sync);
      BuildReporter silent;
      ExecuteOptions options;
      results[p] = execute(plan, options, party, silent);
    });
  for (auto& t : threads) t.join();
  for (const auto& r : results) ASSERT_TRUE(r) << r.error().message;
  for (int t = 1; t <= 3; ++t)
    for (auto [k, b] : layers_of(t, true)) {
      const std::string name = layer_file_name(t, k, b);
      EXPECT_EQ(read_file(dir + "/" + name), read_file(ref12 + "/" + name)) << name;
      EXPECT_FALSE(fs::exists(dir + "/" + unit_dir_name(t, k, b))) << name;
    }
}

// The plain build's path with other unit sizes: every unit on two threads,
// then merge.
TEST_F(Units, MergedUnitsAreByteIdenticalToThePlannedBuild) {
  const std::string ref12 = temp_dir("units-ref12");
  scratch_.push_back(ref12);
  auto built = build_reference_tables(ref12, 3, 2);
  ASSERT_TRUE(built) << built.error().message;
  for (int tricks : {1, 2, 3}) {
    scratch_.push_back(dir_with_layers_below(ref12, tricks, "merge"));
    const std::string dir = scratch_.back();
    const auto jobs = jobs_for(dir, tricks, tricks == 3 ? 100 : 16);
    const auto stats = run(jobs, 2);
    ASSERT_EQ(stats.size(), 2u);
    EXPECT_EQ(stats[0].built, jobs[0].params.units());
    for (std::size_t j = 0; j < jobs.size(); ++j) {
      const LayerJob& job = jobs[j];
      auto merged = merge_units(job, false);
      ASSERT_TRUE(merged) << merged.error().message;
      EXPECT_EQ(merged->units, job.params.units());
      // Every unit recorded its CPU: at least a millisecond each, at most
      // what the run measured around building and writing them.
      EXPECT_EQ(merged->units_without_cpu, 0u);
      EXPECT_GE(merged->unit_cpu_seconds, 0.001 * merged->units);
      EXPECT_LE(merged->unit_cpu_seconds, stats[j].cpu_seconds + 0.0011 * merged->units);
      expect_same_as_reference(job, ref12);
      EXPECT_FALSE(fs::exists(job.unit_dir())) << "units left after the merge";
    }
  }
}

// Shards run separately (as separate processes would), one thread each.
TEST_F(Units, ShardsMergeToTheSameBytes) {
  const std::string dir = scratch(2, "sharded");
  const auto jobs = jobs_for(dir, 2, 32);
  const auto plan = plan_work(jobs);
  for (int i = 0; i < 3; ++i) run(jobs, 1, shard_of(plan, i, 3));
  for (const LayerJob& job : jobs) {
    ASSERT_TRUE(merge_units(job, false));
    expect_same_as_reference(job);
  }
}

TEST_F(Units, RerunRedoesMissingAndCorruptUnitsOnly) {
  const std::string dir = scratch(2, "rerun");
  const auto jobs = jobs_for(dir, 2, 16);
  run(jobs, 2);
  const LayerJob& nt = jobs[0];
  // Corrupt unit 3, delete unit 5, truncate unit 7.
  auto bytes = read_file(nt.unit_path(3));
  bytes[bytes.size() / 2] ^= 0x40;
  write_file(nt.unit_path(3), bytes);
  fs::remove(nt.unit_path(5));
  bytes = read_file(nt.unit_path(7));
  bytes.resize(bytes.size() / 3);
  write_file(nt.unit_path(7), bytes);
  const auto stats = run(jobs, 2);
  ASSERT_EQ(stats.size(), 2u);
  EXPECT_EQ(stats[0].built, 1u);
  EXPECT_EQ(stats[0].rebuilt, 2u);
  EXPECT_EQ(stats[0].reused, nt.params.units() - 3);
  EXPECT_EQ(stats[1].reused, jobs[1].params.units());
  ASSERT_EQ(stats[0].notes.size(), 2u);
  EXPECT_TRUE(contains(stats[0].notes[0] + stats[0].notes[1], "u000003.unit")) << stats[0].notes[0];
  for (const LayerJob& job : jobs) {
    auto merged = merge_units(job, false);
    ASSERT_TRUE(merged) << merged.error().message;
    expect_same_as_reference(job);
  }
}

TEST_F(Units, MergeRefusesGapsDuplicatesOtherParametersAndCorruption) {
  const std::string dir = scratch(2, "refuse");
  const auto jobs = jobs_for(dir, 2, 16);
  const LayerJob& nt = jobs[0];  // 483 partitions: 31 units
  run({nt}, 2);
  const std::string keep = dir + "/kept";
  fs::copy(nt.unit_dir(), keep);
  auto restore = [&]() {
    fs::remove_all(nt.unit_dir());
    fs::copy(keep, nt.unit_dir());
  };
  auto refused = [&](const std::string& expect1, const std::string& expect2) {
    auto r = merge_units(nt, true);
    ASSERT_FALSE(r);
    EXPECT_TRUE(contains(r.error().message, expect1)) << r.error().message;
    EXPECT_TRUE(contains(r.error().message, expect2)) << r.error().message;
    EXPECT_FALSE(fs::exists(nt.table_path())) << "a table was written";
    restore();
  };

  fs::remove(nt.unit_path(4));  // a gap
  refused("unit 4 (partitions 64-79)", "missing");

  fs::copy_file(nt.unit_path(4), nt.unit_dir() + "/" + unit_file_name(40));  // a duplicate
  refused("holds unit 4 (partitions 64-79)", "duplicate");

  fs::rename(nt.unit_path(4), nt.unit_dir() + "/" + unit_file_name(40));  // misnamed
  refused("holds unit 4", "not named u000004.unit");

  auto bytes = read_file(nt.unit_path(9));  // corrupt: partition of unit 9
  bytes[kUnitHeaderBytes + 16 * kUnitEntryBytes + 2] ^= 0x04;
  write_file(nt.unit_path(9), bytes);
  refused("u000009.unit", "partition 144: checksum mismatch");

  // Built over another layer below.
  LayerJob other = nt;
  other.params.lower_checksum ^= 1;
  {
    auto lower = load_layers(dir, 1);
    ASSERT_TRUE(lower);
    UnitWorker worker(lower->lower());
    fs::remove(nt.unit_path(2));
    ASSERT_TRUE(worker.run(other, 2, nullptr));
  }
  refused("unit 2 (partitions 32-47) in",
          "built with other parameters: checksum of the layer below");

  // With another unit size (a different --unit-size in one shard).
  LayerJob wider = nt;
  wider.params.unit_size = 32;
  {
    auto lower = load_layers(dir, 1);
    UnitWorker worker(lower->lower());
    ASSERT_TRUE(worker.run(wider, 15, nullptr));  // u000015.unit, partitions 480-482
  }
  refused("other parameters", "unit size 32 (expected 16)");

  // Intact, it merges (whatever unit size the units agree on).
  LayerJob any_size = nt;
  any_size.params.unit_size = 0;
  auto merged = merge_units(any_size, false);
  ASSERT_TRUE(merged) << merged.error().message;
  expect_same_as_reference(nt);
}

}  // namespace
}  // namespace ddtb::test
