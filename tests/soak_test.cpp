// Soak test: random deals solved from several threads at once, for a fixed
// count, every answer checked against an independent source, with bounded
// memory.
//
// kThreads worker threads (more than the build machine's two cores, so
// that they are preempted mid-search) each own two Solvers with small
// transposition tables (which therefore fill up and reset): one plain, one
// probing a Tablebase of 4- to 12-card tables built here with the builder
// library and shared by every thread, its chunk cache bounded far below the
// tables' size so that chunks are evicted and reloaded while other threads
// probe them. Tasks are handed out by a shared counter; task i's input
// depends only on the seed and i, so a failure names a reproducible input.
//   - endings of 2-4 tricks (any strain, leader, 0-3 cards of the trick
//     played): Solver::solve() card by card, and small deals' dd_table(),
//     against the brute-force reference (tests/support/reference.hpp);
//   - full deals: dd_table() against libdds (DDS 2.9.0 through the peer of
//     tests/support/dds_peer.hpp), whose tables are computed first, on the
//     main thread (DDS is not thread-safe), and compared after.
// The workload runs in rounds (new seeds each round). Memory: the peak
// resident size during the run, above the resident size before it, must
// stay under kMemoryBound (derived below from the memory budgets), and the
// resident size after the last round may exceed the one after the first by
// at most kGrowthBound: solving more must not need more memory. Both are
// skipped under AddressSanitizer and ThreadSanitizer, whose shadow memory
// and quarantine make resident sizes meaningless (LeakSanitizer checks
// leaks there).
//
// Sizes: the default run (ddtb_soak_test, about 20 s in Release) and the
// long one (ddtb_soak_long_test, label long, CTest name long/SoakLong.*)
// differ in counts only. The environment variable DDTB_SOAK_SCALE (e.g.
// 0.25 for the sanitizer builds) multiplies the counts; DDTB_SOAK_SEED
// changes the seed.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "builder/layer_build.hpp"
#include "builder/layer_writer.hpp"
#include "ddtb/solver.hpp"
#include "ddtb/tablebase.hpp"
#include "tablebase/layer_file.hpp"
#include "tests/support/dds_peer.hpp"
#include "tests/support/random.hpp"
#include "tests/support/reference.hpp"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define DDTB_SOAK_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define DDTB_SOAK_SANITIZED 1
#endif
#endif

namespace ddtb::test {
namespace {

constexpr int kThreads = 4;
constexpr std::size_t kPlainTtBytes = std::size_t{4} << 20;
constexpr std::size_t kTablebaseTtBytes = std::size_t{2} << 20;  // the minimum is 1 MiB
// The 4- to 12-card tables: the solver asks the tables only where they can
// settle more than the sure-trick counts (1 < beta < tricks left, see
// solver/engine.cpp), which needs 3 tricks at least. Building them takes
// a few CPU-seconds (Release).
constexpr int kTableTricks = 3;
// About a quarter of those tables' decoded chunks: chunks are evicted and
// reloaded all the time.
constexpr std::size_t kTablebaseCacheBytes = std::size_t{256} << 10;

struct Counts {
  int endings;  // per round
  int deals;    // full deals per round
  int rounds;
};
// Test names differ between the two programs: CTest applies properties
// (the `long` label) by name.
#if defined(DDTB_SOAK_LONG)
constexpr Counts kCounts{6000, 60, 4};
#define DDTB_SOAK_TEST SoakLong
#else
constexpr Counts kCounts{600, 4, 2};
#define DDTB_SOAK_TEST Soak
#endif

// Memory (resident set) the run may add to the process, all threads
// together: every Solver's transposition table at its budget, the
// tablebase's chunk cache at its bound plus the chunks each probing thread
// may pin (about 1 MiB, include/ddtb/tablebase.hpp), and 64 MiB for the
// rest: thread stacks, malloc's per-thread arenas, the test's own data.
constexpr std::size_t kMiB = std::size_t{1} << 20;
constexpr std::size_t kMemoryBound = kThreads * (kPlainTtBytes + kTablebaseTtBytes) +
                                     kTablebaseCacheBytes + kThreads * kMiB + 64 * kMiB;
// What the resident size may grow from the end of the first round to the
// end of the last: allocator noise, not a leak.
constexpr std::size_t kGrowthBound = 16 * kMiB;

double scale() {
  const char* s = std::getenv("DDTB_SOAK_SCALE");
  return s ? std::atof(s) : 1.0;
}
int scaled(int n) {
  return std::max(1, static_cast<int>(n * scale()));
}
std::uint64_t base_seed() {
  const char* s = std::getenv("DDTB_SOAK_SEED");
  return s ? std::strtoull(s, nullptr, 0) : 0x50a6'2024ull;
}

// /proc/self/status fields in bytes ("VmRSS", "VmHWM"); 0 when unreadable.
std::size_t proc_status(const std::string& field) {
  std::ifstream in("/proc/self/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind(field + ":", 0) == 0)
      return std::strtoull(line.c_str() + field.size() + 1, nullptr, 10) * 1024;
  return 0;
}

// Resets VmHWM to the current VmRSS (Linux 4.0+); false when not allowed.
bool reset_peak() {
  std::ofstream out("/proc/self/clear_refs");
  out << "5";
  out.flush();
  return static_cast<bool>(out);
}

std::string temp_dir() {
  std::string pattern =
      (std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") + std::string("/ddtb-soak-XXXXXX");
  char* d = ::mkdtemp(pattern.data());
  return d ? std::string(d) : std::string();
}

// The 4- to 12-card tables of both strain classes, built into `dir`.
bool build_tables(const std::string& dir) {
  using namespace detail::tb;
  std::array<std::unique_ptr<Layer>, 2> lower;
  for (int t = 1; t <= kTableTricks; ++t) {
    std::array<std::unique_ptr<Layer>, 2> cur;
    for (int kc = 0; kc < 2; ++kc) {
      const auto klass = static_cast<StrainClass>(kc);
      LayerStats stats;
      auto layer = build_layer(t, klass, LowerLayers{lower[0].get(), lower[1].get(), t - 1}, 2,
                               stats, nullptr);
      if (!layer) return false;
      if (!write_layer(dir + "/" + layer_file_name(t, klass), **layer, WriteOptions{}))
        return false;
      cur[kc] = std::move(*layer);
    }
    lower = std::move(cur);
  }
  return true;
}

// Samples the resident size while the workers run: the peak as seen from
// outside, whether or not the kernel lets us reset VmHWM.
class RssSampler {
 public:
  RssSampler() : thread_([this] { run(); }) {}
  ~RssSampler() { stop(); }
  std::size_t stop() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
    return peak_;
  }

 private:
  void run() {
    std::unique_lock lock(mutex_);
    while (!done_) {
      peak_ = std::max(peak_, proc_status("VmRSS"));
      wake_.wait_for(lock, std::chrono::milliseconds(20));
    }
    peak_ = std::max(peak_, proc_status("VmRSS"));
  }
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::size_t peak_ = 0;
  std::thread thread_;
};

class DDTB_SOAK_TEST : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new std::string(temp_dir());
    ASSERT_FALSE(dir_->empty());
    ASSERT_TRUE(build_tables(*dir_)) << "building the 4- to 12-card tables in " << *dir_;
    TablebaseOptions options;
    options.cache_bytes = kTablebaseCacheBytes;
    auto tb = Tablebase::open(*dir_, options);
    ASSERT_TRUE(tb) << tb.error().message;
    tables_ = new std::shared_ptr<const Tablebase>(std::move(*tb));
  }
  static void TearDownTestSuite() {
    delete tables_;
    tables_ = nullptr;
    if (dir_ && !dir_->empty()) std::system(("rm -rf '" + *dir_ + "'").c_str());
    delete dir_;
    dir_ = nullptr;
  }
  static std::string* dir_;
  static std::shared_ptr<const Tablebase>* tables_;
};
std::string* DDTB_SOAK_TEST::dir_ = nullptr;
std::shared_ptr<const Tablebase>* DDTB_SOAK_TEST::tables_ = nullptr;

// What went wrong, from any thread; reported by the main thread.
class Failures {
 public:
  void add(std::string message) {
    std::lock_guard lock(mutex_);
    if (messages_.size() < 20) messages_.push_back(std::move(message));
    ++count_;
  }
  int count() const { return count_; }
  std::string text() const {
    std::string out;
    for (const std::string& m : messages_) out += m + "\n";
    return out;
  }

 private:
  std::mutex mutex_;
  std::vector<std::string> messages_;
  std::atomic<int> count_{0};
};

// One task: an ending solved card by card (two tasks in three) or a small
// deal's DD table (one in three), both against the reference.
void ending_task(Solver& solver, std::uint64_t seed, Failures& failures) {
  Rng rng(seed);
  const int kind = static_cast<int>(rng.below(3));
  const int tricks = 2 + static_cast<int>(rng.below(3));
  if (kind < 2) {
    const Position p = random_position(rng, tricks, static_cast<int>(rng.below(4)),
                                       strain_from_int(static_cast<int>(rng.below(5))),
                                       seat_from_int(static_cast<int>(rng.below(4))));
    const SolveResult got = solver.solve(p);
    const ReferenceResult want = reference_solve(p);
    const std::array<int, 64> scores = per_card_scores(got);
    bool same = got.tricks == want.tricks;
    for (const ReferenceCard& c : want.cards) same = same && scores[c.card.index()] == c.tricks;
    if (!same)
      failures.add("seed " + std::to_string(seed) + ": solve() of " + describe(p) + " gives " +
                   std::to_string(got.tricks) + ", reference " + std::to_string(want.tricks));
    return;
  }
  const Position start = random_position(rng, std::min(tricks, 3), 0, Strain::NoTrump, Seat::North);
  const Deal deal = *Deal::from_hands(start.hands());
  const DdTable table = solver.dd_table(deal);
  for (int s = 0; s < kNumStrains; ++s)
    for (int d = 0; d < kNumSeats; ++d) {
      const Position lead =
          Position::at_trick_start(deal, strain_from_int(s), next_seat(seat_from_int(d)));
      const int want = deal.tricks_left() - reference_max_tricks(lead);
      if (table.tricks[s][d] != want)
        failures.add("seed " + std::to_string(seed) + ": dd_table of " + to_pbn(deal) + " strain " +
                     std::to_string(s) + " declarer " + std::to_string(d) + ": " +
                     std::to_string(table.tricks[s][d]) + ", reference " + std::to_string(want));
    }
}

struct RoundResult {
  std::uint64_t tablebase_hits = 0;
  std::uint64_t tt_resets = 0;
};

// One round: `endings` reference tasks and the full deals, on kThreads
// threads, each with its two Solvers (kept across rounds).
RoundResult run_round(std::vector<std::array<std::unique_ptr<Solver>, 2>>& solvers,
                      std::uint64_t seed, int endings, const std::vector<Deal>& deals,
                      const std::vector<DdTable>& expected, Failures& failures) {
  const int total = endings + static_cast<int>(deals.size());
  std::atomic<int> next{0};
  auto work = [&](int t) {
    for (int i = next++; i < total; i = next++) {
      // Solvers alternate per task: with and without the tables.
      Solver& s = *solvers[static_cast<std::size_t>(t)][static_cast<std::size_t>(i & 1)];
      if (i < static_cast<int>(deals.size())) {
        const DdTable got = s.dd_table(deals[static_cast<std::size_t>(i)]);
        if (got != expected[static_cast<std::size_t>(i)])
          failures.add("round seed " + std::to_string(seed) + ": dd_table of " +
                       to_pbn(deals[static_cast<std::size_t>(i)]) + " differs from libdds");
      } else {
        ending_task(s, seed * 1000003u + static_cast<std::uint64_t>(i), failures);
      }
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) threads.emplace_back(work, t);
  for (std::thread& th : threads) th.join();
  RoundResult r;
  for (auto& pair : solvers)
    for (auto& s : pair) {
      r.tablebase_hits += s->stats().tablebase_hits;
      r.tt_resets += s->stats().tt_resets;
    }
  return r;
}

TEST_F(DDTB_SOAK_TEST, ThreadsAgreeWithIndependentSolversInBoundedMemory) {
  const int endings = scaled(kCounts.endings);
  const int deal_count = scaled(kCounts.deals);
  const std::uint64_t seed = base_seed();
  SCOPED_TRACE("DDTB_SOAK_SEED=" + std::to_string(seed));

  // libdds answers first, on this thread (not thread-safe), then frees its
  // memory so that the baseline below does not count it.
  std::vector<std::vector<Deal>> deals(static_cast<std::size_t>(kCounts.rounds));
  std::vector<std::vector<DdTable>> expected(static_cast<std::size_t>(kCounts.rounds));
  DdsPeer& dds = DdsPeer::shared();
  for (int r = 0; r < kCounts.rounds; ++r) {
    Rng rng(seed + static_cast<std::uint64_t>(r));
    for (int i = 0; i < deal_count; ++i) {
      deals[static_cast<std::size_t>(r)].push_back(random_deal(rng));
      expected[static_cast<std::size_t>(r)].push_back(
          dds.dd_table(deals[static_cast<std::size_t>(r)].back()));
    }
  }
  dds.free_memory();

  std::vector<std::array<std::unique_ptr<Solver>, 2>> solvers(kThreads);
  for (auto& pair : solvers) {
    SolverOptions plain;
    plain.tt_memory_bytes = plain.tt_max_memory_bytes = kPlainTtBytes;
    SolverOptions probing;
    probing.tt_memory_bytes = probing.tt_max_memory_bytes = kTablebaseTtBytes;
    probing.tablebase = *tables_;
    pair[0] = std::make_unique<Solver>(plain);
    pair[1] = std::make_unique<Solver>(probing);
  }

  const std::size_t baseline = proc_status("VmRSS");
  const bool peak_reset = reset_peak();
  RssSampler sampler;
  Failures failures;
  std::vector<std::size_t> after_round;
  RoundResult totals;
  for (int r = 0; r < kCounts.rounds; ++r) {
    totals = run_round(solvers, seed + static_cast<std::uint64_t>(r), endings,
                       deals[static_cast<std::size_t>(r)], expected[static_cast<std::size_t>(r)],
                       failures);
    after_round.push_back(proc_status("VmRSS"));
  }
  const std::size_t sampled_peak = sampler.stop();
  const std::size_t hwm = peak_reset ? proc_status("VmHWM") : 0;
  const std::size_t peak = std::max(sampled_peak, hwm);

  EXPECT_EQ(failures.count(), 0) << failures.text();
  // The tables were really used, and the transposition tables really filled.
  EXPECT_GT(totals.tablebase_hits, 0u);
  const TablebaseStats tb = (*tables_)->stats();
  EXPECT_LE(tb.cache_bytes, kTablebaseCacheBytes + kThreads * kMiB);
  EXPECT_EQ(tb.bad_blocks, 0u);

  std::printf(
      "soak: %d threads, %d rounds of %d endings and %d full deals; tablebase hits %llu, chunk "
      "loads %llu, TT resets %llu\n"
      "soak: resident %.1f MiB before, peak %.1f MiB (sampled %.1f, VmHWM %s), after each round:",
      kThreads, kCounts.rounds, endings, deal_count,
      static_cast<unsigned long long>(totals.tablebase_hits),
      static_cast<unsigned long long>(tb.chunk_loads),
      static_cast<unsigned long long>(totals.tt_resets), baseline / double(kMiB),
      peak / double(kMiB), sampled_peak / double(kMiB),
      peak_reset ? (std::to_string(hwm / kMiB) + " MiB").c_str() : "not reset");
  for (std::size_t v : after_round) std::printf(" %.1f", v / double(kMiB));
  std::printf(" MiB; bound: +%.1f MiB\n", kMemoryBound / double(kMiB));

#if defined(DDTB_SOAK_SANITIZED)
  std::printf("soak: memory bounds not checked under a sanitizer (shadow memory, quarantine)\n");
#else
  ASSERT_GT(baseline, 0u) << "cannot read /proc/self/status";
  EXPECT_LE(peak, baseline + kMemoryBound)
      << "peak resident size " << peak / kMiB << " MiB, baseline " << baseline / kMiB << " MiB";
  EXPECT_LE(after_round.back(), after_round.front() + kGrowthBound)
      << "resident size grew from " << after_round.front() / kMiB << " to "
      << after_round.back() / kMiB << " MiB over the rounds";
#endif
}

}  // namespace
}  // namespace ddtb::test
