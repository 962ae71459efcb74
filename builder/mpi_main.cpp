// ddtb-build-mpi: ddtb-build's layer build under mpirun (docs/DISTRIBUTED.md).
//
//   mpirun -np R ddtb-build-mpi --cards N --out DIR [--threads T]
//                               [--unit-size U] [--quiet]
//
// Every rank reads and writes DIR, which must be one shared directory (NFS,
// Lustre...). For each card count from the smallest missing in DIR up to N:
// every rank loads the layer below; rank 0 hands out the work units of the
// missing layers one at a time, the most work first, to whichever rank asks
// (dynamic distribution: a rank that drew long partitions simply asks less
// often, so no rank waits on a fixed share); each rank runs T builder
// threads; rank 0 builds too, with its own T threads, and merges the layers
// once every unit is done. Units are the same resumable files as
// `ddtb-build build` writes: after a crash or a kill (MPI is not fault
// tolerant: one rank dying ends the job), running the same command again
// keeps every finished unit. The tables are byte for byte those of a
// single-process build.
//
// Threads: only each rank's main thread calls MPI (MPI_THREAD_FUNNELED).
// Waiting is done by polling with short sleeps rather than in blocking MPI
// calls, which in Open MPI spin on a core the builder threads need.
#include <mpi.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "builder/work_units.hpp"

namespace {

using namespace ddtb::detail::tb;

const char* const kUsage = R"(Usage:
  mpirun -np R ddtb-build-mpi --cards N --out DIR [--threads T] [--unit-size U] [--quiet]

Builds every layer up to N cards that DIR lacks, as 'ddtb-build build' does,
on R MPI ranks sharing the directory DIR: rank 0 hands out work units to the
ranks as they ask for them and merges each layer. Each rank runs T builder
threads (default: all cores of its machine). Killed or failed, the same
command resumes from the finished units.
  e.g. mpirun -np 16 --hostfile hosts ddtb-build-mpi --cards 20 --out /shared/tb --threads 8
)";

enum Tag : int { kTagRequest = 1, kTagUnit = 2, kTagDone = 3, kTagFailed = 4 };

// A finished unit as reported to rank 0.
struct DoneMsg {
  std::int64_t item = 0, kind = 0, partitions = 0, cpu_us = 0, evaluated = 0, sets = 0,
               compacted = 0;
};
static_assert(sizeof(DoneMsg) == 7 * sizeof(std::int64_t));

constexpr auto kPoll = std::chrono::milliseconds(1);
// Units a worker rank keeps queued beyond its idle threads. One hides the
// round trip to rank 0; at the end of a layer it can leave one unit waiting
// on a busy rank while another is idle, which is short next to a layer.
constexpr int kAhead = 1;
constexpr double kStatusEverySeconds = 60;

struct Options {
  int cards = 0;
  std::string out;
  int threads = 1;
  std::uint32_t unit_size = kDefaultUnitSize;
  bool quiet = false;
};

// Waits for a request by polling (see the file comment).
void wait_for(MPI_Request& request) {
  for (;;) {
    int flag = 0;
    MPI_Test(&request, &flag, MPI_STATUS_IGNORE);
    if (flag) return;
    std::this_thread::sleep_for(kPoll);
  }
}

[[noreturn]] void abort_all(const std::string& message, int code) {
  std::fprintf(stderr, "ddtb-build-mpi: %s\n", message.c_str());
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, code);
  std::exit(code);
}

bool parse_options(int argc, char** argv, Options& o, std::string& error) {
  const unsigned hw = std::thread::hardware_concurrency();
  o.threads = hw ? static_cast<int>(hw) : 1;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto number = [&](long long lo, long long hi, long long& v) {
      if (i + 1 >= argc) return false;
      char* end = nullptr;
      errno = 0;
      v = std::strtoll(argv[++i], &end, 10);
      return errno == 0 && end && *end == '\0' && v >= lo && v <= hi;
    };
    long long v = 0;
    if (a == "--cards") {
      if (!number(4, 52, v) || v % 4 != 0)
        return error = "--cards must be a multiple of 4 from 4 to 52", false;
      o.cards = static_cast<int>(v);
    } else if (a == "--threads") {
      if (!number(1, 1024, v)) return error = "--threads needs a number from 1 to 1024", false;
      o.threads = static_cast<int>(v);
    } else if (a == "--unit-size") {
      if (!number(1, 1000000, v))
        return error = "--unit-size needs a number from 1 to 1000000", false;
      o.unit_size = static_cast<std::uint32_t>(v);
    } else if (a == "--out") {
      if (i + 1 >= argc) return error = "--out needs a directory", false;
      o.out = argv[++i];
    } else if (a == "--quiet") {
      o.quiet = true;
    } else {
      return error = "unknown option '" + a + "'", false;
    }
  }
  if (!o.cards) return error = "--cards N is required", false;
  if (o.out.empty()) return error = "--out DIR is required", false;
  return true;
}

DoneMsg done_msg(std::size_t item, const UnitOutcome& u) {
  DoneMsg m;
  m.item = static_cast<std::int64_t>(item);
  m.kind = u.kind;
  m.partitions = u.partitions;
  m.cpu_us = static_cast<std::int64_t>(u.cpu_seconds * 1e6);
  m.evaluated = static_cast<std::int64_t>(u.work.evaluated);
  m.sets = static_cast<std::int64_t>(u.work.sets);
  m.compacted = static_cast<std::int64_t>(u.work.compacted);
  return m;
}

// One layer's units on this rank's threads, fed from a source of items.
// Rank 0 feeds them from the plan directly; the other ranks from the
// requests their main thread makes.
class Crew {
 public:
  Crew(const std::vector<LayerJob>& jobs, const std::vector<WorkItem>& plan,
       const LowerLayers& lower, int threads)
      : jobs_(jobs), plan_(plan) {
    for (int t = 0; t < threads; ++t) pool_.emplace_back([this, lower] { work(lower); });
  }
  ~Crew() { join(); }
  void join() {
    for (auto& t : pool_)
      if (t.joinable()) t.join();
  }

  // Feeding: give an item, or say there are no more.
  void give(std::int64_t item) {
    std::lock_guard lock(m_);
    if (item < 0)
      no_more_ = true;
    else
      queue_.push_back(static_cast<std::size_t>(item));
    cv_.notify_all();
  }
  // Items to ask for: threads waiting beyond those queued, plus `ahead` more
  // to keep queued (so that a thread finishing a unit does not wait for a
  // message's round trip).
  int hungry(int ahead = 0) {
    std::lock_guard lock(m_);
    return no_more_ ? 0 : std::max(0, idle_ + ahead - static_cast<int>(queue_.size()));
  }
  // Finished units and failures since the last call, waiting up to `wait`
  // for one, for a hungry thread or for every thread to stop; `finished`
  // when every thread has stopped.
  void collect(std::vector<DoneMsg>& done, std::vector<std::string>& failed, bool& finished,
               std::chrono::milliseconds wait, int ahead = 0) {
    std::unique_lock lock(m_);
    main_cv_.wait_for(lock, wait, [&] {
      return !outbox_.empty() || !errors_.empty() || stopped_ == static_cast<int>(pool_.size()) ||
             (!no_more_ && idle_ + ahead > static_cast<int>(queue_.size()));
    });
    done.swap(outbox_);
    outbox_.clear();
    failed.swap(errors_);
    errors_.clear();
    finished = stopped_ == static_cast<int>(pool_.size());
  }

 private:
  void work(const LowerLayers& lower) {
    std::unique_ptr<UnitWorker> worker;
    try {
      worker = std::make_unique<UnitWorker>(lower);
    } catch (const std::exception& e) {
      fail(std::string("cannot start a builder: ") + e.what());
      return;
    }
    for (;;) {
      std::size_t item = 0;
      {
        std::unique_lock lock(m_);
        ++idle_;
        main_cv_.notify_all();
        cv_.wait(lock, [&] { return !queue_.empty() || no_more_; });
        --idle_;
        if (queue_.empty()) {
          ++stopped_;
          main_cv_.notify_all();
          return;
        }
        item = queue_.front();
        queue_.pop_front();
      }
      const WorkItem w = plan_[item];
      auto outcome = worker->run(jobs_[w.job], w.unit, nullptr);
      if (!outcome) {
        fail(outcome.error().message);
        return;
      }
      if (outcome->kind == UnitOutcome::kRebuilt)
        std::fprintf(stderr, "%s unit %u rebuilt: %s\n", jobs_[w.job].name().c_str(), w.unit,
                     outcome->reason.c_str());
      std::lock_guard lock(m_);
      outbox_.push_back(done_msg(item, *outcome));
      main_cv_.notify_all();
    }
  }
  void fail(const std::string& message) {
    std::lock_guard lock(m_);
    errors_.push_back(message);
    ++stopped_;
    main_cv_.notify_all();
  }

  const std::vector<LayerJob>& jobs_;
  const std::vector<WorkItem>& plan_;
  std::mutex m_;
  std::condition_variable cv_, main_cv_;
  std::deque<std::size_t> queue_;
  bool no_more_ = false;
  int idle_ = 0, stopped_ = 0;
  std::vector<DoneMsg> outbox_;
  std::vector<std::string> errors_;
  std::vector<std::thread> pool_;
};

// A worker rank: asks rank 0 for units while its threads are hungry, reports
// each finished one, stops when told there are no more and its threads are done.
void serve(Crew& crew) {
  bool told_no_more = false;
  for (;;) {
    std::vector<DoneMsg> done;
    std::vector<std::string> failed;
    bool finished = false;
    crew.collect(done, failed, finished, std::chrono::milliseconds(20), kAhead);
    for (const std::string& f : failed)
      MPI_Send(f.data(), static_cast<int>(f.size()), MPI_CHAR, 0, kTagFailed, MPI_COMM_WORLD);
    for (const DoneMsg& d : done) MPI_Send(&d, 7, MPI_INT64_T, 0, kTagDone, MPI_COMM_WORLD);
    if (!failed.empty()) {
      // Rank 0 aborts the job on a failure; wait for that.
      for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
    }
    if (finished) return;
    if (!told_no_more && crew.hungry(kAhead) > 0) {
      std::int64_t ask = 0, item = -1;
      MPI_Send(&ask, 1, MPI_INT64_T, 0, kTagRequest, MPI_COMM_WORLD);
      MPI_Request r;
      MPI_Irecv(&item, 1, MPI_INT64_T, 0, kTagUnit, MPI_COMM_WORLD, &r);
      wait_for(r);
      crew.give(item);
      told_no_more = item < 0;
    }
  }
}

struct RankTally {
  std::uint64_t units = 0;
  double cpu = 0;
};

// Rank 0: hands out the plan, builds with its own crew, tallies everything.
void dispatch(Crew& crew, const std::vector<LayerJob>& jobs, const std::vector<WorkItem>& plan,
              int ranks, bool quiet, std::vector<UnitRunStats>& stats,
              std::vector<RankTally>& tally) {
  std::size_t next = 0, completed = 0, partitions_done = 0, partitions_total = 0;
  for (const WorkItem& w : plan) partitions_total += jobs[w.job].params.count_of(w.unit);
  int retired = 0;  // worker ranks told there is no more
  auto hand_out = [&]() -> std::int64_t {
    return next < plan.size() ? static_cast<std::int64_t>(next++) : -1;
  };
  auto record = [&](const DoneMsg& d, int rank) {
    const WorkItem w = plan[static_cast<std::size_t>(d.item)];
    UnitRunStats& s = stats[w.job];
    ++s.units;
    ++completed;
    partitions_done += static_cast<std::size_t>(d.partitions);
    ++tally[rank].units;
    tally[rank].cpu += double(d.cpu_us) * 1e-6;
    if (d.kind == UnitOutcome::kReused) {
      ++s.reused;
      return;
    }
    ++(d.kind == UnitOutcome::kBuilt ? s.built : s.rebuilt);
    s.partitions_built += static_cast<std::uint64_t>(d.partitions);
    s.cpu_seconds += double(d.cpu_us) * 1e-6;
    s.work.evaluated += static_cast<std::uint64_t>(d.evaluated);
    s.work.sets += static_cast<std::uint64_t>(d.sets);
    s.work.compacted += static_cast<std::uint64_t>(d.compacted);
  };
  const auto t0 = std::chrono::steady_clock::now();
  auto last_status = t0;
  bool crew_fed_all = false;
  while (completed < plan.size() || retired < ranks - 1) {
    // Messages from the other ranks first, all that are waiting.
    int flag = 0;
    MPI_Status st;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
    if (flag) {
      if (st.MPI_TAG == kTagRequest) {
        std::int64_t ask = 0;
        MPI_Recv(&ask, 1, MPI_INT64_T, st.MPI_SOURCE, kTagRequest, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        std::int64_t item = hand_out();
        if (item < 0) ++retired;
        MPI_Send(&item, 1, MPI_INT64_T, st.MPI_SOURCE, kTagUnit, MPI_COMM_WORLD);
      } else if (st.MPI_TAG == kTagDone) {
        DoneMsg d;
        MPI_Recv(&d, 7, MPI_INT64_T, st.MPI_SOURCE, kTagDone, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        record(d, st.MPI_SOURCE);
      } else if (st.MPI_TAG == kTagFailed) {
        int n = 0;
        MPI_Get_count(&st, MPI_CHAR, &n);
        std::string text(static_cast<std::size_t>(n), '\0');
        MPI_Recv(text.data(), n, MPI_CHAR, st.MPI_SOURCE, kTagFailed, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        abort_all("rank " + std::to_string(st.MPI_SOURCE) + ": " + text, 1);
      }
      continue;
    }
    // Then this rank's own threads: feed the hungry ones, collect results.
    if (!crew_fed_all)
      for (int h = crew.hungry(); h > 0; --h) {
        const std::int64_t item = hand_out();
        crew.give(item);
        if (item < 0) {
          crew_fed_all = true;
          break;
        }
      }
    std::vector<DoneMsg> done;
    std::vector<std::string> failed;
    bool finished = false;
    crew.collect(done, failed, finished, kPoll);
    if (!failed.empty()) abort_all("rank 0: " + failed.front(), 1);
    for (const DoneMsg& d : done) record(d, 0);
    const auto now = std::chrono::steady_clock::now();
    if (!quiet && std::chrono::duration<double>(now - last_status).count() > kStatusEverySeconds) {
      last_status = now;
      const double el = std::chrono::duration<double>(now - t0).count();
      const double frac = partitions_total ? double(partitions_done) / double(partitions_total) : 1;
      std::printf(
          "  %zu of %zu units done (%.1f%% of the partitions), %.0f s%s\n", completed, plan.size(),
          100 * frac, el,
          frac > 0
              ? (", about " + std::to_string(static_cast<long>(el / frac - el)) + " s left").c_str()
              : "");
      std::fflush(stdout);
    }
  }
  // Every unit is done: let rank 0's threads stop.
  if (!crew_fed_all) crew.give(-1);
  crew.join();
}

int run(const Options& o, int rank, int ranks) {
  const int last = o.cards / 4;
  for (;;) {
    // Rank 0 decides what to build next: the smallest missing card count
    // and which of its layers (bit j: layers_of(t)[j]) are missing (0: all done).
    std::int32_t plan_msg[2] = {0, 0};
    if (rank == 0) {
      // The exact layers of a card count before the bound layers derived
      // from them.
      for (int t = 1; t <= last && !plan_msg[0]; ++t) {
        const auto kinds = layers_of(t, true);
        for (int round = 0; round < 2 && !plan_msg[0]; ++round)
          for (std::size_t j = 0; j < kinds.size(); ++j)
            if ((kinds[j].second > 0) == (round == 1) &&
                ::access(
                    (o.out + "/" + layer_file_name(t, kinds[j].first, kinds[j].second)).c_str(),
                    F_OK) != 0) {
              plan_msg[0] = t;
              plan_msg[1] |= 1 << j;
            }
      }
    }
    MPI_Request r;
    MPI_Ibcast(plan_msg, 2, MPI_INT32_T, 0, MPI_COMM_WORLD, &r);
    wait_for(r);
    const int tricks = plan_msg[0];
    if (tricks == 0) {
      if (rank == 0) std::printf("every layer up to %d cards is in %s\n", o.cards, o.out.c_str());
      return 0;
    }
    const auto t0 = std::chrono::steady_clock::now();
    auto lower = load_layers(o.out, tricks - 1);
    if (!lower) abort_all("rank " + std::to_string(rank) + ": " + lower.error().message, 1);
    std::vector<LayerJob> jobs;
    const auto kinds = layers_of(tricks, true);
    for (std::size_t j = 0; j < kinds.size(); ++j)
      if (plan_msg[1] & (1 << j)) {
        jobs.push_back(
            make_job(o.out, tricks, kinds[j].first, lower->checksum, o.unit_size, kinds[j].second));
        if (kinds[j].second > 0)
          if (auto attached = attach_exact(jobs.back()); !attached)
            abort_all("rank " + std::to_string(rank) + ": " + attached.error().message, 1);
      }
    const std::vector<WorkItem> plan = plan_work(jobs);
    Crew crew(jobs, plan, lower->lower(), o.threads);
    if (rank != 0) {
      serve(crew);
      crew.join();
      continue;
    }
    std::vector<UnitRunStats> stats(jobs.size());
    std::vector<RankTally> tally(static_cast<std::size_t>(ranks));
    if (!o.quiet) {
      std::printf("%d-card layers: %zu units on %d ranks x %d threads\n", 4 * tricks, plan.size(),
                  ranks, o.threads);
      std::fflush(stdout);
    }
    dispatch(crew, jobs, plan, ranks, o.quiet, stats, tally);
    const double build_wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::string per_rank;
    for (int k = 0; k < ranks; ++k)
      per_rank += (k ? ", " : "") + std::to_string(tally[k].units) + " (" +
                  std::to_string(static_cast<long>(tally[k].cpu + 0.5)) + " CPU-s)";
    for (std::size_t j = 0; j < jobs.size(); ++j) {
      auto merged = merge_units(jobs[j], false, o.threads);
      if (!merged)
        abort_all(merged.error().message, merged.error().code == ddtb::ErrorCode::kIo ? 2 : 1);
      const UnitRunStats& s = stats[j];
      std::printf(
          "%-28s: %u partitions, %u units (%u built, %u rebuilt, %u done by an earlier "
          "run), %llu states evaluated, %llu sets, %llu bytes, %.1f CPU-s\n",
          jobs[j].name().c_str(), jobs[j].params.partitions, s.units, s.built, s.rebuilt, s.reused,
          (unsigned long long)s.work.evaluated, (unsigned long long)s.work.compacted,
          (unsigned long long)merged->file_bytes, s.cpu_seconds);
    }
    std::printf(
        "%2d cards: units per rank %s; %.1f s wall, merged in %.1f s\n", 4 * tricks,
        per_rank.c_str(), build_wall,
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() - build_wall);
    std::fflush(stdout);
  }
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::fputs(kUsage, stdout);
      return 0;
    }
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  if (provided < MPI_THREAD_FUNNELED) {
    if (rank == 0)
      std::fprintf(stderr, "ddtb-build-mpi: the MPI library offers no thread support\n");
    MPI_Finalize();
    return 2;
  }
  Options o;
  std::string error;
  if (!parse_options(argc, argv, o, error)) {
    if (rank == 0)
      std::fprintf(stderr, "ddtb-build-mpi: %s\n(see ddtb-build-mpi --help)\n", error.c_str());
    MPI_Finalize();
    return 2;
  }
  if (rank == 0 && ::mkdir(o.out.c_str(), 0755) != 0 && errno != EEXIST)
    abort_all(o.out + ": " + std::strerror(errno), 2);
  const int rc = run(o, rank, ranks);
  MPI_Finalize();
  return rc;
}
