#include "tests/support/tables_fixture.hpp"

#include <cstdlib>

#include "builder/build_plan.hpp"
#include "builder/executor.hpp"
#include "builder/repack.hpp"
#include "tests/support/files.hpp"

namespace ddtb::test {

using namespace detail::tb;

std::vector<LayerStats> build_tables(const std::string& dir, int tricks, int threads,
                                     std::vector<LayerStats>* bound_stats) {
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

void Tables::SetUpTestSuite() {
  dir_ = temp_dir("tables");
  ASSERT_FALSE(dir_.empty());
  stats_ = build_tables(dir_, 3, 2, &bound_stats_);
}

void Tables::TearDownTestSuite() {
  if (!dir_.empty()) std::system(("rm -rf '" + dir_ + "'").c_str());
  if (!packed_.empty()) std::system(("rm -rf '" + packed_ + "'").c_str());
  packed_.clear();
}

const std::string& Tables::packed_dir() {
  if (packed_.empty()) {
    packed_ = temp_dir("packed");
    EXPECT_EQ(std::system(("cp '" + dir_ + "'/*.tbl '" + packed_ + "'/").c_str()), 0);
    RepackOptions o;
    o.storage = Storage::packed();
    auto done = repack_tables(packed_, o);
    EXPECT_TRUE(done) << (done ? "" : done.error().message);
  }
  return packed_;
}

std::string Tables::packed_;

std::string Tables::dir_;
std::vector<LayerStats> Tables::stats_;
std::vector<LayerStats> Tables::bound_stats_;

}  // namespace ddtb::test
