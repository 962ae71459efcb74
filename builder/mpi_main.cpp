// ddtb-build-mpi: ddtb-build's build under mpirun (docs/DISTRIBUTED.md).
//
//   mpirun -np R ddtb-build-mpi --cards N --out DIR [--threads T]
//                               [--unit-size U] [--no-bounds] [--quiet]
//
// Every rank reads and writes DIR, which must be one shared directory (NFS,
// Lustre...). Each rank runs the build plan with the one executor
// (builder/executor.hpp) as shard `rank` of `size`: for each round it builds
// its share of the units on T threads, the ranks wait for one another, rank
// 0 merges the round's layers, and all go on to the next round. Units are
// the same resumable files as `ddtb-build build` writes: after a crash or a
// kill (MPI is not fault tolerant: one rank dying ends the job), running the
// same command again keeps every finished unit, and the tables are byte for
// byte those of a single-process build.
//
// Only each rank's main thread calls MPI (MPI_THREAD_FUNNELED). It waits by
// polling non-blocking collectives with short sleeps, since Open MPI's
// blocking ones spin on a core the builder threads need.
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <optional>
#include <thread>

#include "builder/build_report.hpp"
#include "builder/commands.hpp"
#include "builder/help_text.hpp"
#include "ddtb/version.hpp"

namespace {

using namespace ddtb::detail::tb;
namespace tools = ddtb::tools;

constexpr auto kPoll = std::chrono::milliseconds(2);

// Waits for a non-blocking MPI call by polling (see the file comment).
void wait_for(MPI_Request& request) {
  for (int done = 0;;) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) return;
    std::this_thread::sleep_for(kPoll);
  }
}

void barrier() {
  MPI_Request request;
  MPI_Ibarrier(MPI_COMM_WORLD, &request);
  wait_for(request);
}

[[noreturn]] void abort_all(const std::string& message, int code) {
  std::fflush(stdout);
  std::fprintf(stderr, "ddtb-build-mpi: %s\n", message.c_str());
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, code);
  std::exit(code);
}

// A round's statistics as numbers to sum over the ranks: per job its
// units, built, reused, rebuilt, partitions built, states evaluated, sets,
// sets after compaction and CPU microseconds; then per rank its units and
// CPU microseconds (only the rank's own slot filled).
constexpr std::size_t kPerJob = 9;

std::vector<std::int64_t> pack(const std::vector<UnitRunStats>& stats, int rank, int size) {
  std::vector<std::int64_t> out(kPerJob * stats.size() + 2 * size, 0);
  auto slot = out.begin() + kPerJob * stats.size() + 2 * rank;
  for (std::size_t j = 0; j < stats.size(); ++j) {
    const UnitRunStats& s = stats[j];
    const auto cpu = static_cast<std::int64_t>(s.cpu_seconds * 1e6);
    const std::int64_t values[kPerJob] = {s.units,
                                          s.built,
                                          s.reused,
                                          s.rebuilt,
                                          std::int64_t(s.partitions_built),
                                          std::int64_t(s.work.evaluated),
                                          std::int64_t(s.work.sets),
                                          std::int64_t(s.work.compacted),
                                          cpu};
    std::copy(values, values + kPerJob, out.begin() + kPerJob * j);
    slot[0] += s.units;
    slot[1] += cpu;
  }
  return out;
}

void unpack(const std::vector<std::int64_t>& sum, std::vector<UnitRunStats>& stats) {
  for (std::size_t j = 0; j < stats.size(); ++j) {
    const std::int64_t* v = sum.data() + kPerJob * j;
    UnitRunStats& s = stats[j];
    s.units = std::uint32_t(v[0]);
    s.built = std::uint32_t(v[1]);
    s.reused = std::uint32_t(v[2]);
    s.rebuilt = std::uint32_t(v[3]);
    s.partitions_built = std::uint64_t(v[4]);
    s.work.evaluated = std::uint64_t(v[5]);
    s.work.sets = std::uint64_t(v[6]);
    s.work.compacted = std::uint64_t(v[7]);
    s.cpu_seconds = double(v[8]) * 1e-6;
  }
}

// An MPI rank as a party of the build: shard `rank` of `size`; rank 0
// merges. The ranks' statistics are summed at rank 0, with each rank's units
// and CPU time.
class RankParty : public Party {
 public:
  RankParty(int rank, int size) : rank_(rank), size_(size) {}
  int index() const override { return rank_; }
  int count() const override { return size_; }
  bool merges() const override { return rank_ == 0; }

  void all_built(std::vector<UnitRunStats>& stats) override {
    const std::vector<std::int64_t> mine = pack(stats, rank_, size_);
    std::vector<std::int64_t> sum(mine.size(), 0);
    MPI_Request request;
    MPI_Ireduce(mine.data(), sum.data(), static_cast<int>(mine.size()), MPI_INT64_T, MPI_SUM, 0,
                MPI_COMM_WORLD, &request);
    wait_for(request);
    if (rank_ != 0) return;
    unpack(sum, stats);
    per_rank_.clear();
    for (int r = 0; r < size_; ++r) {
      const std::int64_t* v = sum.data() + kPerJob * stats.size() + 2 * r;
      per_rank_ += (r ? ", " : "") + std::to_string(v[0]) + " (" +
                   std::to_string(static_cast<long>(double(v[1]) * 1e-6 + 0.5)) + " CPU-s)";
    }
  }
  void all_merged() override { barrier(); }

  // "12 (40 CPU-s), 11 (38 CPU-s)": the units of the last round per rank.
  const std::string& per_rank() const { return per_rank_; }

 private:
  int rank_, size_;
  std::string per_rank_;
};

// Rank 0's report: ddtb-build's lines, and per round the units per rank.
class RankReporter : public ConsoleReporter {
 public:
  RankReporter(bool bar, const RankParty& party) : ConsoleReporter(bar, ""), party_(party) {}
  void round_built(const Round& round, const std::vector<LayerJob>& jobs,
                   const std::vector<UnitRunStats>& stats, double wall_seconds) override {
    ConsoleReporter::round_built(round, jobs, stats, wall_seconds);
    std::printf("%s: units per rank %s; built in %.1f s wall\n", round.name().c_str(),
                party_.per_rank().c_str(), wall_seconds);
    std::fflush(stdout);
  }

 private:
  const RankParty& party_;
};

tools::ToolText tool_text() {
  tools::ToolText text;
  text.name = "ddtb-build-mpi";
  text.help = [](const std::string&) { return mpi_help_text(); };
  text.version = std::string("ddtb-build-mpi ") + DDTB_VERSION;
  text.hint = "(see ddtb-build-mpi --help)";
  return text;
}

// Checks the command line. Returns the exit status when the program should
// stop now (help, version, a usage error: printed by rank 0 only).
std::optional<int> read_options(int argc, char** argv, int rank, BuildSettings& settings) {
  const tools::ToolText text = tool_text();
  CLI::App app("ddtb-build-mpi");
  BuildArgs args;
  add_build_options(app, args, false);
  tools::prepare(app, text);
  // Only rank 0 talks: the others parse with their output discarded.
  std::streambuf* out = std::cout.rdbuf();
  std::streambuf* err = std::cerr.rdbuf();
  if (rank != 0) {
    std::cout.rdbuf(nullptr);
    std::cerr.rdbuf(nullptr);
  }
  std::optional<int> exit = tools::parse(app, tools::arguments(argc, argv), text);
  if (!exit) {
    auto checked = check_build(args);
    if (checked)
      settings = *checked;
    else
      exit = tools::usage_error(text, checked.error().message);
  }
  std::cout.rdbuf(out);
  std::cerr.rdbuf(err);
  return exit;
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (provided < MPI_THREAD_FUNNELED) {
    if (rank == 0)
      std::fprintf(stderr, "ddtb-build-mpi: the MPI library offers no thread support\n");
    MPI_Finalize();
    return tools::kExitUsage;
  }
  BuildSettings s;
  if (const auto exit = read_options(argc, argv, rank, s)) {
    MPI_Finalize();
    return *exit;
  }
  if (rank == 0)
    if (auto made = make_out_dir(s.out); !made) abort_all(made.error().message, tools::kExitUsage);
  // Every rank plans from the directory as it is before anyone builds.
  barrier();
  const Plan plan = make_plan(s.out, s.cards / 4, s.bounds, s.unit_size, s.classes);
  if (!plan.first_round()) {
    if (rank == 0) std::printf("every layer up to %d cards is in %s\n", s.cards, s.out.c_str());
    MPI_Finalize();
    return tools::kExitOk;
  }
  RankParty party(rank, size);
  RankReporter rank0(!s.quiet && tools::stderr_is_terminal(), party);
  BuildReporter silent;
  ExecuteOptions options;
  options.threads = s.threads;
  // Packed tables: built as is, then packed by `ddtb-build repack` (one
  // machine reads every file).
  options.zstd_level = s.storage.is_packed() ? 0 : s.storage.zstd_level;
  if (rank == 0 && s.storage.is_packed())
    std::printf(
        "--store packed: the layers are written as built; pack them afterwards with "
        "ddtb-build repack %s\n",
        s.out.c_str());
  if (auto built = execute(plan, options, party, rank == 0 ? rank0 : silent); !built)
    abort_all("rank " + std::to_string(rank) + ": " + built.error().message,
              failure_status(built.error()));
  MPI_Finalize();
  return tools::kExitOk;
}
