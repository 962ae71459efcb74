// ddtb-vs-dds on a list of deals: the run's options, what each side's
// child process solves and sends back, and how the parent decodes it. Each
// side runs in a forked child (bench/measure.hpp) so that its memory is
// measured alone; the parent never loads libdds and never builds a Solver.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "bench/measure.hpp"
#include "bench/ref_list.hpp"
#include "ddtb/solver.hpp"

#ifndef DDTB_REF_DIR
#error "DDTB_REF_DIR must name the directory of list100.txt (set by bench/CMakeLists.txt)"
#endif

namespace ddtb::bench {

enum class Sides { kBoth, kDdtb, kPeer };

// The kinds of work a run may time, in the order a child does them.
enum Work : int { kTables = 0, kSolves = 1, kTrick1 = 2 };
constexpr int kWorkKinds = 3;
constexpr std::array<const char*, kWorkKinds> kWorkNames = {"tables", "solves", "trick1"};
// As the totals and per-deal lines name them (at most 12 characters).
constexpr std::array<const char*, kWorkKinds> kWorkLabels = {"DD tables", "FUT solves",
                                                             "trick1 x20"};
// One item of each, for the "worst" lines.
constexpr std::array<const char*, kWorkKinds> kItemNames = {"DD table", "FUT solve",
                                                            "trick1 x20 set"};
// Decimals of the per-deal CPU seconds of the first round.
constexpr std::array<int, kWorkKinds> kDecimals = {3, 4, 4};

// The trick-1 solves of a deal: 5 strains by 4 leaders.
constexpr int kTrick1Calls = kNumStrains * kNumSeats;

struct VsOptions {
  std::string list = std::string(DDTB_REF_DIR) + "/list100.txt";
  int deals = -1;          // all
  int skip = 0;            // deals of the file (or of the random sequence) passed over first
  int random = 0;          // > 0: this many seeded random deals instead of a list
  std::uint64_t seed = 1;  // of the random deals
  std::array<bool, kWorkKinds> work = {true, true, false};  // the work to time
  Sides sides = Sides::kBoth;
  std::size_t tt_mb = 0;  // ddtb's table cap in MiB; 0: the library's defaults
  int dds_mb = 0;         // SetResources' maxMemoryMB; 0 = DDS's default
  bool fresh_solver = false;
  bool quiet = false;
  bool per_deal = false;  // the spread of per-deal ratios
  int rounds = 1;         // times each side runs, alternating
  std::string tablebase;  // endgame tables for ddtb; empty: none
  // --versus-tables: the peer is ddtb itself (the same build) with these
  // tables ("": none) instead of libdds: what the tables buy.
  std::optional<std::string> versus_tables;
  int solutions = 3;          // of the FUT solves
  bool nt_only = false;       // the trick-1 solves of no trump alone
  std::string replay;         // a replay workload to time instead; empty: none
  bool list_options = false;  // an option of the list100 run was given

  bool peer_is_dds() const { return !versus_tables; }
  // The peer's name in every column and line: "dds", or "base" for ddtb
  // with the --versus-tables tables.
  const char* peer() const { return versus_tables ? "base" : "dds"; }
};

// One solved item, sent through the pipe as raw bytes (same binary on both
// ends). Tables put tricks[s][h] at s * 4 + h; solves put each card's score
// at its Card::index() (-1: not listed) and, for solutions 1 and 2, the best
// score at kMaxSlot; a deal's trick-1 solves put the best score of strain s
// with leader l at s * 4 + l.
struct Item {
  double cpu_s = 0;
  double wall_s = 0;
  std::uint64_t nodes = 0;  // ddtb: SolverStats::nodes; DDS: futureTricks.nodes (solves only)
  // ddtb: SolverStats::trick_starts, the count DDS's futureTricks.nodes makes
  // (DDS counts a node per trick start, not per card played).
  std::uint64_t trick_nodes = 0;
  std::int32_t values[64] = {};
};

// Card::index() 0 is no card (ranks start at 2): it holds a solve's best
// score when only that, or only the cards reaching it, are compared.
constexpr int kMaxSlot = 0;

struct SideResult {
  ChildRun child;
  std::string version;                              // DDS's GetDDSInfo version, from the child
  std::array<std::vector<Item>, kWorkKinds> items;  // per kind, one per deal
};

void put_table(const DdTable& t, Item& item);
// Every card's score of `r`, keeping what `solutions` compares.
void put_scores(const SolveResult& r, int solutions, Item& item);

// A child's work: the kinds of work `o` asks for on `deals`, sent to `fd`.
// libdds's side:
void run_dds(const VsOptions& o, const std::vector<RefDeal>& deals, int fd);
// ddtb's side, with the tables of `tablebase` ("" none).
void run_ddtb(const VsOptions& o, const std::string& tablebase, const std::vector<RefDeal>& deals,
              int fd);

// Runs one side in a child and decodes what it sent: `n` items of each kind.
SideResult run_side(const char* name, std::size_t n, const std::function<void(int fd)>& work);

}  // namespace ddtb::bench
