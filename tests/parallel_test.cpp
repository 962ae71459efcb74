// core/parallel.hpp: every index runs exactly once, per-worker state is made
// once per worker, and a worker's exception reaches the caller (the first
// one, after all threads are joined) and stops the handing out of indices.
#include "core/parallel.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <new>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

namespace ddtb {
namespace {

TEST(ParallelFor, RunsEveryIndexOnce) {
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    std::vector<std::atomic<int>> hits(1000);
    parallel_for(hits.size(), threads, [&](std::size_t i) { ++hits[i]; });
    for (std::size_t i = 0; i < hits.size(); ++i) ASSERT_EQ(hits[i].load(), 1) << i;
  }
  parallel_for(0, 4, [](std::size_t) { FAIL() << "no index for n = 0"; });
}

TEST(ParallelFor, MakesOneStatePerWorkerAndNoMoreWorkersThanItems) {
  std::atomic<int> states{0};
  std::mutex mutex;
  std::set<unsigned> workers;
  parallel_for(
      3, 8,
      [&](const WorkerContext& context) {
        ++states;
        std::lock_guard lock(mutex);
        workers.insert(context.index());
        return std::vector<std::size_t>{};
      },
      [&](std::size_t i, std::vector<std::size_t>& mine) { mine.push_back(i); });
  EXPECT_LE(states.load(), 3);
  EXPECT_TRUE(workers.count(0)) << "the calling thread is worker 0";
  for (unsigned w : workers) EXPECT_LT(w, 3u);
}

TEST(ParallelFor, CarriesTheFirstErrorToTheCallerAndStops) {
  // One thread: the items after the failing one never start.
  std::atomic<std::size_t> ran{0};
  const auto fail_at_10 = [&](std::size_t i) {
    ++ran;
    if (i == 10) throw std::runtime_error("item 10 failed");
  };
  try {
    parallel_for(1000, 1, fail_at_10);
    FAIL() << "the error was lost";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "item 10 failed");
  }
  EXPECT_EQ(ran.load(), 11u) << "indices kept being handed out after the error";

  // Two threads: the other worker stops soon after. Its items take a
  // millisecond each, so running them all would take 20 s: a worker that
  // never saw the error, not a slow machine, gets near the end.
  constexpr std::size_t kItems = 20000;
  ran = 0;
  try {
    parallel_for(kItems, 2, [&](std::size_t i) {
      if (i > 10) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      fail_at_10(i);
    });
    FAIL() << "the error was lost";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "item 10 failed");
  }
  EXPECT_LT(ran.load(), kItems / 2) << "indices kept being handed out after the error";
}

TEST(ParallelFor, AFailedStateIsAnErrorToo) {
  EXPECT_THROW(parallel_for(
                   10, 2,
                   [](const WorkerContext& context) {
                     if (context.index() == 1) throw std::bad_alloc();
                     return 0;
                   },
                   [](std::size_t, int) {}),
               std::bad_alloc);
}

TEST(RunWorkers, GivesEachWorkerItsNumber) {
  std::vector<std::atomic<int>> seen(4);
  run_workers(4, [&](const WorkerContext& context) { ++seen[context.index()]; });
  for (auto& s : seen) EXPECT_EQ(s.load(), 1);
}

// A worker that waits on a condition variable (a queue's consumer) would wait
// for ever after another failed; on_stop wakes it, once, and it sees
// stopping().
TEST(RunWorkers, OnStopWakesBlockedWorkers) {
  std::mutex mutex;
  std::condition_variable wake;
  bool stop = false;
  int stops = 0;
  EXPECT_THROW(run_workers(
                   3,
                   [&](const WorkerContext& context) {
                     if (context.index() == 0) throw std::runtime_error("the reader failed");
                     std::unique_lock lock(mutex);
                     wake.wait(lock, [&] { return stop; });
                     EXPECT_TRUE(context.stopping());
                   },
                   [&] {
                     std::lock_guard lock(mutex);
                     stop = true;
                     ++stops;
                     wake.notify_all();
                   }),
               std::runtime_error);
  EXPECT_EQ(stops, 1);
}

}  // namespace
}  // namespace ddtb
