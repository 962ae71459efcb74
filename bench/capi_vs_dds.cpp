// ddtb-capi-vs-dds: the DDS-compatible C API against the reference DDS 2.9.0,
// side by side in one run, through the same C calls:
//   (a) CalcAllTablesPBN on every deal of the list (batches of 40 tables,
//       every strain, no par), both libraries configured for N threads
//       (default 2);
//   (b) SolveAllBoards on every deal's FUT position (target -1, solutions 3,
//       mode 1), same threads.
// Each round runs each side once in a forked child (the parent never loads
// libdds), the sides alternating so that a busy machine slows both alike;
// the best round counts. Both libraries use several threads, so wall time is
// the figure; on a shared machine the CPU time (also shown, with its own
// ratio) is the steadier one. The children send back a checksum of their
// answers, which must agree.
//
//   ddtb-capi-vs-dds [--threads N] [--rounds R] [--list FILE]
#include <time.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "bench/measure.hpp"
#include "bench/ref_list.hpp"
#include "ddtb/dll.h"
#include "tests/support/dds_peer.hpp"
#include "tools/command_line.hpp"

#ifndef DDTB_REF_DIR
#error "DDTB_REF_DIR must name the directory of list100.txt (set by bench/CMakeLists.txt)"
#endif

namespace ddtb::bench {
namespace {

// The C functions a side is measured through: ours (linked) or libdds's
// (dlsym'ed from the peer, typed with our dll.h: same layouts).
struct Api {
  decltype(&::CalcAllTablesPBN) calc_all_tables;
  decltype(&::SolveAllBoards) solve_all_boards;
  decltype(&::SetMaxThreads) set_max_threads;
};

struct Result {
  double tables_wall = 1e100, tables_cpu = 0;  // best round
  double boards_wall = 1e100, boards_cpu = 0;
  std::uint64_t checksum = 0;
  int status = RETURN_NO_FAULT;  // else the code a call returned
};

std::uint64_t mix(std::uint64_t h, std::int64_t v) {
  return (h ^ static_cast<std::uint64_t>(v)) * 0x100000001b3ull;
}

Result run_side(const Api& api, const std::vector<RefDeal>& deals, int threads, int rounds) {
  Result r;
  r.checksum = 0xcbf29ce484222325ull;
  api.set_max_threads(threads);

  static ddTableDealsPBN batch;
  static ddTablesRes tables;
  int filter[DDS_STRAINS] = {0, 0, 0, 0, 0};
  static boardsPBN boards;
  static solvedBoards solved;
  const int n = std::min(static_cast<int>(deals.size()), MAXNOOFBOARDS);
  boards.noOfBoards = n;
  for (int i = 0; i < n; ++i) {
    const Position& p = deals[static_cast<std::size_t>(i)].fut_position;
    dealPBN& d = boards.deals[i];
    std::memset(&d, 0, sizeof d);
    d.trump = to_int(p.trump());
    d.first = to_int(p.leader());
    std::snprintf(d.remainCards, sizeof d.remainCards, "%s", to_pbn(deals[i].deal).c_str());
    boards.target[i] = -1;
    boards.solutions[i] = 3;
    boards.mode[i] = 1;
  }

  for (int round = 0; round < rounds; ++round) {
    const bool last = round + 1 == rounds;
    double wall = clock_s(CLOCK_MONOTONIC), cpu = clock_s(CLOCK_PROCESS_CPUTIME_ID);
    for (std::size_t start = 0; start < deals.size(); start += MAXNOOFTABLES) {
      const std::size_t count = std::min<std::size_t>(MAXNOOFTABLES, deals.size() - start);
      batch.noOfTables = static_cast<int>(count);
      for (std::size_t i = 0; i < count; ++i)
        std::snprintf(batch.deals[i].cards, sizeof batch.deals[i].cards, "%s",
                      to_pbn(deals[start + i].deal).c_str());
      if (const int rc = api.calc_all_tables(&batch, -1, filter, &tables, nullptr);
          rc != RETURN_NO_FAULT)
        r.status = rc;
      for (std::size_t i = 0; last && i < count; ++i)
        for (const auto& row : tables.results[i].resTable)
          for (const int v : row) r.checksum = mix(r.checksum, v);
    }
    wall = clock_s(CLOCK_MONOTONIC) - wall;
    cpu = clock_s(CLOCK_PROCESS_CPUTIME_ID) - cpu;
    if (wall < r.tables_wall) r.tables_wall = wall, r.tables_cpu = cpu;

    wall = clock_s(CLOCK_MONOTONIC);
    cpu = clock_s(CLOCK_PROCESS_CPUTIME_ID);
    if (const int rc = api.solve_all_boards(&boards, &solved); rc != RETURN_NO_FAULT) r.status = rc;
    wall = clock_s(CLOCK_MONOTONIC) - wall;
    cpu = clock_s(CLOCK_PROCESS_CPUTIME_ID) - cpu;
    if (wall < r.boards_wall) r.boards_wall = wall, r.boards_cpu = cpu;
    // Scores only (as a multiset per board): the order of equal scores and
    // the node counts differ between the libraries by design.
    for (int i = 0; last && i < n; ++i) {
      std::vector<int> scores(solved.solvedBoard[i].score,
                              solved.solvedBoard[i].score + solved.solvedBoard[i].cards);
      std::sort(scores.begin(), scores.end());
      for (const int s : scores) r.checksum = mix(r.checksum, s);
    }
  }
  return r;
}

// Runs `side` in a child process (bench/measure.hpp) and returns what it
// sends back; RETURN_UNKNOWN_FAULT when it sends nothing whole.
Result in_child(const std::function<Result()>& side) {
  const ChildRun child =
      run_child("ddtb-capi-vs-dds", "a", [&](int fd) { write_value(fd, side()); });
  ByteReader in(child.bytes);
  Result r;
  if (!child.ok || !in.read(r) || !in.at_end()) {
    std::fprintf(stderr, "a side failed to report\n");
    r = Result{};
    r.status = RETURN_UNKNOWN_FAULT;
  }
  return r;
}

std::string usage_text() {
  return "usage: ddtb-capi-vs-dds [--threads N] [--rounds R] [--list FILE]\n"
         "  --threads N  threads of both libraries (default 2)\n"
         "  --rounds R   rounds, the sides alternating; the best counts (default 3)\n"
         "  --list FILE  DDS hand list (default " DDTB_REF_DIR "/list100.txt)\n";
}

int run(int argc, char** argv) {
  int threads = 2, rounds = 3;
  std::string list = std::string(DDTB_REF_DIR) + "/list100.txt";
  CLI::App app;
  tools::add_number(app, "--threads", threads, 1, 64, "a number of threads");
  tools::add_number(app, "--rounds", rounds, 1, 100, "a number of rounds");
  app.add_option("--list", list);
  const tools::ToolText text = tools::simple_text("ddtb-capi-vs-dds", usage_text());
  tools::prepare(app, text);
  if (auto status = tools::parse(app, tools::arguments(argc, argv), text)) return *status;
  const std::vector<RefDeal> deals = read_ref_list(list);

  Result ours, dds;
  const auto keep_best = [](Result& best, const Result& r) {
    if (r.tables_wall < best.tables_wall) best.tables_wall = r.tables_wall;
    if (r.boards_wall < best.boards_wall) best.boards_wall = r.boards_wall;
    if (best.tables_cpu == 0 || r.tables_cpu < best.tables_cpu) best.tables_cpu = r.tables_cpu;
    if (best.boards_cpu == 0 || r.boards_cpu < best.boards_cpu) best.boards_cpu = r.boards_cpu;
    best.checksum = r.checksum;
    if (r.status != RETURN_NO_FAULT) best.status = r.status;
  };
  for (int round = 0; round < rounds; ++round) {
    keep_best(ours, in_child([&] {
                // No tables, as DDS, whatever this machine has installed.
                ::SetTablebasePath("");
                return run_side(Api{&::CalcAllTablesPBN, &::SolveAllBoards, &::SetMaxThreads},
                                deals, threads, 1);
              }));
    keep_best(
        dds, in_child([&] {
          test::DdsPeer& peer = test::DdsPeer::shared();
          Api api{reinterpret_cast<decltype(&::CalcAllTablesPBN)>(peer.symbol("CalcAllTablesPBN")),
                  reinterpret_cast<decltype(&::SolveAllBoards)>(peer.symbol("SolveAllBoards")),
                  reinterpret_cast<decltype(&::SetMaxThreads)>(peer.symbol("SetMaxThreads"))};
          return run_side(api, deals, threads, 1);
        }));
  }

  std::printf("ddtb C API vs DDS 2.9.0 (%s), %zu deals, %d threads, best of %d rounds\n",
              list.c_str(), deals.size(), threads, rounds);
  std::printf("%-40s %10s %10s %7s %10s %10s %7s\n", "", "ddtb wall", "DDS wall", "ratio",
              "ddtb CPU", "DDS CPU", "ratio");
  std::printf("%-40s %9.3fs %9.3fs %7.3f %9.3fs %9.3fs %7.3f\n",
              "CalcAllTablesPBN (batches of 40 tables)", ours.tables_wall, dds.tables_wall,
              ours.tables_wall / dds.tables_wall, ours.tables_cpu, dds.tables_cpu,
              ours.tables_cpu / dds.tables_cpu);
  std::printf("%-40s %9.3fs %9.3fs %7.3f %9.3fs %9.3fs %7.3f\n",
              "SolveAllBoards (FUT, solutions 3)", ours.boards_wall, dds.boards_wall,
              ours.boards_wall / dds.boards_wall, ours.boards_cpu, dds.boards_cpu,
              ours.boards_cpu / dds.boards_cpu);
  std::printf("ratio = ddtb time / DDS time (below 1: ddtb faster)\n");
  if (ours.status != RETURN_NO_FAULT || dds.status != RETURN_NO_FAULT) {
    std::printf("FAILED: return codes ddtb %d, DDS %d\n", ours.status, dds.status);
    return 1;
  }
  if (ours.checksum != dds.checksum) {
    std::printf("FAILED: the answers differ\n");
    return 1;
  }
  std::printf("answers agree (tables and FUT scores)\n");
  return 0;
}

}  // namespace
}  // namespace ddtb::bench

int main(int argc, char** argv) {
  try {
    return ddtb::bench::run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ddtb-capi-vs-dds: %s\n", e.what());
    return 1;
  }
}
