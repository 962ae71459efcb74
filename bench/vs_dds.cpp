// ddtb-vs-dds: ddtb and the reference DDS 2.9.0 side by side on DDS's golden
// hands (list100.txt by default), single-threaded both, in one run:
//   (a) the full DD table of every deal (Solver::dd_table vs CalcDDtable);
//   (b) the FUT position of every deal (Solver::solve vs SolveBoard with
//       target -1, solutions 3, mode 1; with --solutions 1 or 2, SolveBoard
//       on both sides, ddtb's through its own C API).
// It checks the answers agree (with each other, and with the file when only
// one side runs), prints per-deal and total times and the ratio ddtb/dds, and
// each side's peak memory. With --replay FILE it times a recorded workload
// instead (bench/replay_run.hpp).
//
// Each side runs in a forked child process so that its memory is measured
// alone (bench/measure.hpp); the children send their results and times back
// through a pipe. The parent never loads libdds and never builds a Solver.
//
// Times are process CPU times of the child (CLOCK_PROCESS_CPUTIME_ID, which
// also counts any helper thread DDS might start); wall times are printed too.
// On a shared, noisy machine CPU time is the steadier figure.
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "bench/ddtb_capi.hpp"
#include "bench/measure.hpp"
#include "bench/ref_list.hpp"
#include "bench/replay_run.hpp"
#include "bench/replay_solve.hpp"
#include "ddtb/solver.hpp"
#include "ddtb/tablebase.hpp"
#include "tests/support/capi_compare.hpp"
#include "tests/support/dds_peer.hpp"
#include "tools/command_line.hpp"

#ifndef DDTB_REF_DIR
#error "DDTB_REF_DIR must name the directory of list100.txt (set by bench/CMakeLists.txt)"
#endif

namespace ddtb::bench {
namespace {

enum class Sides { kBoth, kDdtb, kDds };

struct Options {
  std::string list = std::string(DDTB_REF_DIR) + "/list100.txt";
  int deals = -1;                     // all
  int skip = 0;                       // deals of the file passed over first
  bool tables = true, solves = true;  // the work to time
  Sides sides = Sides::kBoth;
  std::size_t tt_mb = 0;  // ddtb's table cap in MiB; 0: the library's defaults
  int dds_mb = 0;         // SetResources' maxMemoryMB; 0 = DDS's default
  bool fresh_solver = false;
  bool quiet = false;
  int rounds = 1;             // times each side runs, alternating
  std::string tablebase;      // endgame tables for ddtb; empty: none
  int solutions = 3;          // of the FUT solves
  std::string replay;         // a replay workload to time instead; empty: none
  bool list_options = false;  // an option of the list100 run was given
};

std::string usage_text() {
  const std::string ref = DDTB_REF_DIR;
  return "usage: ddtb-vs-dds [options]\n"
         "  --list FILE      DDS hand list (default " +
         ref +
         "/list100.txt)\n"
         "  --deals N        only the first N deals (after --skip)\n"
         "  --skip N         pass over the first N deals of the file (held-out sets:\n"
         "                   list100 is the first 100 deals of list1000)\n"
         "  --work W         tables, solves or both (default both)\n"
         "  --only ddtb|dds  run one side (answers are then checked against the file)\n"
         "  --tt-mb N        ddtb transposition-table cap in MiB (default: the library's,\n"
         "                   a table of " +
         std::to_string(kDefaultTtMemoryBytes >> 20) + " MiB that may grow to " +
         std::to_string(kDefaultTtMaxMemoryBytes >> 20) +
         " MiB)\n"
         "  --dds-mb N       DDS SetResources maxMemoryMB (default 0: DDS's choice)\n"
         "  --fresh-solver   a new ddtb::Solver per deal (default: one, reused)\n"
         "  --tablebase DIR  ddtb probes the endgame tables of DIR (default: none)\n"
         "  --rounds N       run both sides N times, alternating, and print each round's\n"
         "                   ratios and their median (default 1)\n"
         "  --solutions N    the FUT solves' solutions, 1, 2 or 3 (default 3); 1 and 2\n"
         "                   go through ddtb's C API SolveBoard\n"
         "  --replay FILE    time a replay workload (bench/README.md) instead of the list;\n"
         "                   --only, --tt-mb, --dds-mb, --tablebase, --rounds and --quiet\n"
         "                   apply\n"
         "  --quiet          totals only\n";
}

// Reads the command line into `o`; an exit status when the tool should stop
// (--help, or a usage error already reported).
std::optional<int> parse_options(int argc, char** argv, Options& o) {
  CLI::App app;
  app.add_option("--list", o.list);
  tools::add_number(app, "--deals", o.deals, 1, 1 << 20, "a number of deals");
  tools::add_number(app, "--skip", o.skip, 0, 1 << 20, "a number of deals");
  std::string work = "both", only;
  tools::add_choice(app, "--work", work, {"tables", "solves", "both"});
  tools::add_number(app, "--solutions", o.solutions, 1, 3, "a number of solutions");
  app.add_option("--replay", o.replay);
  tools::add_choice(app, "--only", only, {"ddtb", "dds"});
  tools::add_number(app, "--tt-mb", o.tt_mb, 1, 1 << 20, "a size in MiB");
  tools::add_number(app, "--dds-mb", o.dds_mb, 0, 1 << 20, "a size in MiB");
  app.add_option("--tablebase", o.tablebase);
  tools::add_number(app, "--rounds", o.rounds, 1, 100, "a number of rounds");
  app.add_flag("--fresh-solver", o.fresh_solver);
  app.add_flag("--quiet", o.quiet);
  const tools::ToolText text = tools::simple_text("ddtb-vs-dds", usage_text());
  tools::prepare(app, text);
  if (auto status = tools::parse(app, tools::arguments(argc, argv), text)) return status;
  o.tables = work != "solves";
  o.solves = work != "tables";
  if (!only.empty()) o.sides = only == "ddtb" ? Sides::kDdtb : Sides::kDds;
  for (const char* list_option :
       {"--list", "--deals", "--skip", "--work", "--solutions", "--fresh-solver"})
    o.list_options = o.list_options || app.count(list_option) > 0;
  if (!o.replay.empty() && o.list_options)
    return tools::usage_error(text,
                              "--replay takes no --list, --deals, --skip, --work, --solutions or "
                              "--fresh-solver");
  return std::nullopt;
}

// --- what a child reports ---------------------------------------------------

// One solved item, sent through the pipe as raw bytes (same binary on both
// ends). Tables put tricks[s][h] at s * 4 + h; solves put each card's score
// at its Card::index() (-1: not listed) and, for solutions 1 and 2, the best
// score at kMaxSlot.
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
  std::string version;       // DDS's GetDDSInfo version, from the child
  std::vector<Item> tables;  // one per deal
  std::vector<Item> solves;  // one per deal
};

// Times `fn`, which fills `item.values` and may set `item.nodes`.
template <class Fn>
Item timed(Fn&& fn) {
  Item item;
  const Timing t = time_it([&] { fn(item); });
  item.cpu_s = t.cpu_s;
  item.wall_s = t.wall_s;
  return item;
}

void put_table(const DdTable& t, Item& item) {
  for (int s = 0; s < kNumStrains; ++s)
    for (int h = 0; h < kNumSeats; ++h) item.values[s * 4 + h] = t.tricks[s][h];
}

// Keeps what `solutions` compares of an item holding every card's score:
// for 2 the cards reaching the best score, for 1 none; both add the best
// score at kMaxSlot. 3 keeps every card.
void keep_compared(Item& item, int solutions) {
  if (solutions == 3) return;
  const int best = *std::max_element(std::begin(item.values), std::end(item.values));
  for (std::int32_t& v : item.values)
    if (solutions == 1 || v != best) v = -1;
  item.values[kMaxSlot] = best;
}

void put_scores(const SolveResult& r, int solutions, Item& item) {
  const auto scores = test::per_card_scores(r);
  for (int i = 0; i < 64; ++i) item.values[i] = scores[i];
  keep_compared(item, solutions);
}

// A SolveBoard answer for `solutions`.
void put_fut(const futureTricks& fut, int solutions, Item& item) {
  const BoardAnswer listed = answer_of(fut, 3);
  std::fill(std::begin(item.values), std::end(item.values), -1);
  for (int code = 0; code < kCardCodes; ++code)
    if (listed.scores[code] != kUnlisted)
      item.values[card_of_code(code).index()] = listed.scores[code];
  keep_compared(item, solutions);
  item.nodes = std::uint64_t(fut.nodes);
}

// FUT solves through a C API: SolveBoard(target -1, solutions, mode 1).
Item capi_solve(const SolveApi& api, const RefDeal& d, int solutions) {
  return timed([&](Item& it) {
    futureTricks fut{};
    constexpr int kTargetMax = -1, kAlwaysSearch = 1;
    if (const int rc = api.solve_board(test::to_c_deal(d.fut_position), kTargetMax, solutions,
                                       kAlwaysSearch, &fut, 0);
        rc != RETURN_NO_FAULT)
      throw std::runtime_error("SolveBoard returned " + std::to_string(rc) + " on deal " +
                               std::to_string(d.number));
    put_fut(fut, solutions, it);
  });
}

// The stream a child writes: a 16-byte version field, then the table items of
// every deal, then the solve items of every deal.
constexpr std::size_t kVersionBytes = 16;

void send_version(int fd, const std::string& version) {
  char buf[kVersionBytes] = {};
  std::strncpy(buf, version.c_str(), kVersionBytes - 1);
  write_all(fd, buf, kVersionBytes);
}

// Sends one item per deal: `one(d)`'s when `work` is set, else an empty one
// (the parent reads both parts whatever --work says).
template <class Fn>
void send_items(int fd, const std::vector<RefDeal>& deals, bool work, Fn&& one) {
  for (const RefDeal& d : deals) write_value(fd, work ? one(d) : Item{});
}

void run_dds(const Options& o, const std::vector<RefDeal>& deals, int fd) {
  test::DdsPeer dds(test::kLibddsPath, o.dds_mb);
  send_version(fd, dds.version());
  send_items(fd, deals, o.tables, [&](const RefDeal& d) {
    return timed([&](Item& it) { put_table(dds.dd_table(d.deal), it); });
  });
  if (o.solutions != 3) {
    const SolveApi api = dds_solve_api(dds, o.dds_mb);
    send_items(fd, deals, o.solves,
               [&](const RefDeal& d) { return capi_solve(api, d, o.solutions); });
    return;
  }
  send_items(fd, deals, o.solves, [&](const RefDeal& d) {
    return timed([&](Item& it) {
      const test::DdsSolve r = dds.solve_board(d.fut_position);
      put_scores(r.result, 3, it);
      it.nodes = std::uint64_t(r.nodes);
    });
  });
}

void run_ddtb(const Options& o, const std::vector<RefDeal>& deals, int fd) {
  SolverOptions so;
  if (o.tt_mb) {
    so.tt_max_memory_bytes = o.tt_mb << 20;
    so.tt_memory_bytes = std::min(so.tt_memory_bytes, so.tt_max_memory_bytes);
  }
  if (!o.tablebase.empty()) {
    // Opened in the child, so that its mappings and chunk cache count in
    // ddtb's memory; main() has already checked that it opens.
    auto tb = Tablebase::open(o.tablebase);
    if (!tb) {
      std::fprintf(stderr, "ddtb-vs-dds: %s\n", tb.error().message.c_str());
      std::exit(2);
    }
    so.tablebase = *tb;
  }
  std::optional<Solver> shared;
  if (!o.fresh_solver) shared.emplace(so);
  send_version(fd, "");
  // One item per deal, each solved by the shared Solver or a fresh one.
  auto solve_all = [&](bool work, auto&& one) {
    send_items(fd, deals, work, [&](const RefDeal& d) {
      std::optional<Solver> fresh;
      Solver& solver = o.fresh_solver ? fresh.emplace(so) : *shared;
      solver.reset_stats();
      return timed([&](Item& it) {
        one(solver, d, it);
        it.nodes = solver.stats().nodes;
        it.trick_nodes = solver.stats().trick_starts;
      });
    });
  };
  solve_all(o.tables,
            [](Solver& s, const RefDeal& d, Item& it) { put_table(s.dd_table(d.deal), it); });
  if (o.solutions == 3) {
    solve_all(o.solves, [](Solver& s, const RefDeal& d, Item& it) {
      put_scores(s.solve(d.fut_position), 3, it);
    });
    return;
  }
  // Solutions 1 and 2: ddtb's C API, whose thread-0 solver plays the
  // shared Solver's part (FreeMemory drops it for --fresh-solver).
  shared.reset();
  const SolveApi api = ddtb_solve_api(o.tt_mb, o.tablebase);
  send_items(fd, deals, o.solves, [&](const RefDeal& d) {
    if (o.fresh_solver) ::FreeMemory();
    return capi_solve(api, d, o.solutions);
  });
}

// Runs one side and decodes what it sent: `n` table items, then `n` solves.
SideResult run_side(const char* name, std::size_t n, const std::function<void(int fd)>& work) {
  SideResult out;
  out.child = run_measured_child("ddtb-vs-dds", name, work);
  ByteReader in(out.child.bytes);
  char version[kVersionBytes];
  bool complete = in.read(version);
  out.version.assign(version, complete ? strnlen(version, kVersionBytes) : 0);
  for (auto* list : {&out.tables, &out.solves}) {
    list->resize(n);
    for (Item& item : *list) complete = complete && in.read(item);
  }
  if (out.child.ok && !(complete && in.at_end())) {
    std::fprintf(stderr, "ddtb-vs-dds: the %s child sent a short or long report\n", name);
    out.child.ok = false;
  }
  return out;
}

// --- comparing and printing ------------------------------------------------

bool same_values(const Item& a, const Item& b) {
  return std::memcmp(a.values, b.values, sizeof a.values) == 0;
}

Item golden_table(const RefDeal& d) {
  Item item;
  put_table(d.table, item);
  return item;
}

Item golden_solve(const RefDeal& d, int solutions) {
  Item item;
  put_scores(d.fut, solutions, item);
  return item;
}

// Prints what differs between two answers of one deal.
void report_mismatch(const char* what, int deal, const char* a_name, const Item& a,
                     const char* b_name, const Item& b, bool table) {
  std::printf("MISMATCH deal %d %s:", deal, what);
  for (int i = 0; i < (table ? 20 : 64); ++i) {
    if (a.values[i] == b.values[i]) continue;
    if (table)
      std::printf(" %c/%c %s %d %s %d", strain_letter(strain_from_int(i / 4)),
                  seat_letter(seat_from_int(i % 4)), a_name, a.values[i], b_name, b.values[i]);
    else
      std::printf(" %s %s %d %s %d", i == kMaxSlot ? "max" : to_string(Card::from_index(i)).c_str(),
                  a_name, a.values[i], b_name, b.values[i]);
  }
  std::printf("\n");
}

struct Totals {
  double cpu = 0, wall = 0;
  std::uint64_t nodes = 0, trick_nodes = 0;
  void add(const Item& i) {
    cpu += i.cpu_s;
    wall += i.wall_s;
    nodes += i.nodes;
    trick_nodes += i.trick_nodes;
  }
};

// The deals whose ratio of CPU time, summed over the rounds, is the largest
// (for the DD tables and for the FUT solves), among those that cost DDS at
// least kWorstDealFloorS a round: below that a ratio is mostly timer noise.
constexpr double kWorstDealFloorS = 0.005;

void print_worst_deals(const Options& o, const std::vector<RefDeal>& deals,
                       const std::vector<SideResult>& ours, const std::vector<SideResult>& dds) {
  auto worst = [&](const char* what, std::vector<Item> SideResult::*part) {
    double ratio = 0, a_worst = 0, b_worst = 0;
    int at = -1;
    for (std::size_t i = 0; i < deals.size(); ++i) {
      double a = 0, b = 0;
      for (const SideResult& r : ours) a += (r.*part)[i].cpu_s;
      for (const SideResult& r : dds) b += (r.*part)[i].cpu_s;
      if (b < kWorstDealFloorS * double(dds.size()) || a / b <= ratio) continue;
      ratio = a / b, a_worst = a, b_worst = b, at = deals[i].number;
    }
    if (at < 0) return;
    std::printf(
        "worst %s (dds at least %.0f ms): deal %d, ddtb %.3f s, dds %.3f s (cpu, %zu rounds), "
        "ratio %.3f\n",
        what, kWorstDealFloorS * 1e3, at, a_worst, b_worst, ours.size(), ratio);
  };
  if (o.tables) worst("DD table", &SideResult::tables);
  if (o.solves) worst("FUT solve", &SideResult::solves);
}

int run(const Options& o) {
  std::vector<RefDeal> deals;
  try {
    deals = read_ref_list(o.list, o.deals < 0 ? -1 : o.skip + o.deals);
    if (o.skip >= static_cast<int>(deals.size())) {
      std::fprintf(stderr, "ddtb-vs-dds: --skip %d leaves no deal of %s (it has %zu)\n", o.skip,
                   o.list.c_str(), deals.size());
      return 2;
    }
    deals.erase(deals.begin(), deals.begin() + o.skip);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ddtb-vs-dds: %s\n", e.what());
    return 2;
  }
  const bool with_ddtb = o.sides != Sides::kDds, with_dds = o.sides != Sides::kDdtb;
  const std::size_t n = deals.size();
  int table_cards = 0;
  if (with_ddtb && !o.tablebase.empty()) {
    auto tb = Tablebase::open(o.tablebase);
    if (!tb) {
      std::fprintf(stderr, "ddtb-vs-dds: %s\n", tb.error().message.c_str());
      return 2;
    }
    table_cards = (*tb)->max_cards();
  }

  std::printf("ddtb-vs-dds: %zu deals of %s (deals %d to %d), single-threaded both\n", n,
              o.list.c_str(), deals.front().number, deals.back().number);
  if (with_ddtb)
    std::printf("  ddtb: %s, TT %s\n",
                o.fresh_solver ? "a fresh Solver per deal"
                               : "one Solver reused across all deals (as DDS reuses its memory)",
                ddtb_tt_text(o.tt_mb).c_str());
  if (o.solves && o.solutions != 3)
    std::printf(
        "  FUT solves: SolveBoard(target -1, solutions %d, mode 1) on both sides, ddtb's "
        "through its C API (SetMaxThreads(1), TT %s%s)\n",
        o.solutions, ddtb_tt_text(o.tt_mb).c_str(),
        o.fresh_solver ? ", FreeMemory before each deal" : "");
  if (table_cards)
    std::printf("  ddtb: endgame tables of %s, up to %d cards\n", o.tablebase.c_str(), table_cards);
  if (with_dds)
    std::printf("  dds:  %s, SetResources(%d, 1): one thread, memory reused across calls\n",
                test::kLibddsPath, o.dds_mb);
  std::printf("  times are CPU seconds of each side's own process\n\n");

  // Round r runs DDS and then ddtb; the per-deal lines and the totals below
  // are those of the first round, the other rounds add a ratio each.
  std::vector<SideResult> dds_runs, ours_runs;
  for (int r = 0; r < o.rounds; ++r) {
    if (with_dds) {
      dds_runs.push_back(run_side("dds", n, [&](int fd) { run_dds(o, deals, fd); }));
      if (!dds_runs.back().child.ok) return 2;
    }
    if (with_ddtb) {
      ours_runs.push_back(run_side("ddtb", n, [&](int fd) { run_ddtb(o, deals, fd); }));
      if (!ours_runs.back().child.ok) return 2;
    }
  }
  const SideResult no_side;
  const SideResult& dds = with_dds ? dds_runs.front() : no_side;
  const SideResult& ours = with_ddtb ? ours_runs.front() : no_side;
  if (with_dds) std::printf("  dds reports version %s\n\n", dds.version.c_str());

  // Per deal: both sides' times, ratio, and agreement.
  int bad = 0;
  Totals t_ours_table, t_dds_table, t_ours_solve, t_dds_solve;
  if (!o.quiet)
    std::printf("%5s  %11s %11s %7s   %11s %11s %7s\n", "deal", "ddtb table", "dds table", "ratio",
                "ddtb solve", "dds solve", "ratio");
  const bool both = with_ddtb && with_dds;
  for (std::size_t i = 0; i < n; ++i) {
    const RefDeal& d = deals[i];
    const Item no_item;
    const Item& ot = with_ddtb ? ours.tables[i] : no_item;
    const Item& os = with_ddtb ? ours.solves[i] : no_item;
    const Item& dt = with_dds ? dds.tables[i] : no_item;
    const Item& ds = with_dds ? dds.solves[i] : no_item;
    t_ours_table.add(ot);
    t_ours_solve.add(os);
    t_dds_table.add(dt);
    t_dds_solve.add(ds);

    // ddtb against DDS when both ran, else the side that ran against the file.
    const Item gt = golden_table(d), gs = golden_solve(d, o.solutions);
    const Item& at = with_ddtb ? ot : dt;
    const Item& as = with_ddtb ? os : ds;
    const Item& bt = both ? dt : gt;
    const Item& bs = both ? ds : gs;
    const char* a_name = with_ddtb ? "ddtb" : "dds";
    const char* b_name = both ? "dds" : "file";
    if (o.tables && !same_values(at, bt)) {
      ++bad;
      report_mismatch("DD table", d.number, a_name, at, b_name, bt, true);
    }
    if (o.solves && !same_values(as, bs)) {
      ++bad;
      report_mismatch("FUT solve", d.number, a_name, as, b_name, bs, false);
    }
    if (!o.quiet)
      std::printf("%5d  %11s %11s %7s   %11s %11s %7s\n", d.number,
                  seconds(with_ddtb, ot.cpu_s, 3).c_str(), seconds(with_dds, dt.cpu_s, 3).c_str(),
                  ratio_cell(both, ot.cpu_s, dt.cpu_s, 2).c_str(),
                  seconds(with_ddtb, os.cpu_s, 4).c_str(), seconds(with_dds, ds.cpu_s, 4).c_str(),
                  ratio_cell(both, os.cpu_s, ds.cpu_s, 2).c_str());
  }

  std::printf("\n%-12s %12s %12s %12s %12s %8s %8s\n", "totals", "ddtb cpu", "dds cpu", "ddtb wall",
              "dds wall", "cpu", "wall");
  std::printf("%-12s %12s %12s %12s %12s %8s %8s\n", "", "", "", "", "", "ratio", "ratio");
  auto total_line = [&](const char* what, const Totals& a, const Totals& b) {
    std::printf("%-12s %12s %12s %12s %12s %8s %8s\n", what, seconds(with_ddtb, a.cpu, 3).c_str(),
                seconds(with_dds, b.cpu, 3).c_str(), seconds(with_ddtb, a.wall, 3).c_str(),
                seconds(with_dds, b.wall, 3).c_str(), ratio_cell(both, a.cpu, b.cpu, 3).c_str(),
                ratio_cell(both, a.wall, b.wall, 3).c_str());
  };
  if (o.tables) total_line("DD tables", t_ours_table, t_dds_table);
  if (o.solves) total_line("FUT solves", t_ours_solve, t_dds_solve);
  if (with_ddtb) {
    auto count = [](const char* what, std::uint64_t nodes, const std::string& detail) {
      return std::string(" ") + what + " " + std::to_string(nodes) + " (" + detail + ")";
    };
    std::string line = "ddtb nodes:";
    if (o.tables)
      line += count("DD tables", t_ours_table.nodes,
                    "trick starts " + std::to_string(t_ours_table.trick_nodes));
    if (o.tables && o.solves) line += ",";
    if (o.solves)
      line += count("FUT solves", t_ours_solve.nodes,
                    o.solutions == 3 ? "trick starts " + std::to_string(t_ours_solve.trick_nodes)
                                     : std::string("the C API's futureTricks.nodes"));
    std::printf("%s\n", line.c_str());
  }
  if (with_dds && o.solves)
    std::printf("dds nodes:  FUT solves %" PRIu64 " (DDS counts trick starts only)\n",
                t_dds_solve.nodes);

  if (o.rounds > 1) {
    // Every round must give the same answers as the first.
    for (int r = 1; r < o.rounds; ++r)
      for (std::size_t i = 0; i < n; ++i)
        for (const auto* runs : {&dds_runs, &ours_runs}) {
          if (runs->empty()) continue;
          const SideResult& a = (*runs)[0];
          const SideResult& b = (*runs)[static_cast<std::size_t>(r)];
          if (!same_values(a.tables[i], b.tables[i]) || !same_values(a.solves[i], b.solves[i])) {
            ++bad;
            std::printf("MISMATCH deal %d: %s round %d differs from its round 1\n", deals[i].number,
                        runs == &dds_runs ? "dds" : "ddtb", r + 1);
          }
        }
    std::printf("rounds (cpu seconds; ratio ddtb/dds, each from one run of both sides):\n");
    std::vector<double> table_ratios, solve_ratios;
    for (int r = 0; r < o.rounds; ++r) {
      Totals ot, os, dt, ds;
      const std::size_t ri = static_cast<std::size_t>(r);
      for (std::size_t i = 0; i < n; ++i) {
        if (with_ddtb) {
          ot.add(ours_runs[ri].tables[i]);
          os.add(ours_runs[ri].solves[i]);
        }
        if (with_dds) {
          dt.add(dds_runs[ri].tables[i]);
          ds.add(dds_runs[ri].solves[i]);
        }
      }
      std::printf("  round %2d:", r + 1);
      if (o.tables)
        std::printf(" DD tables %s / %s = %s%s", seconds(with_ddtb, ot.cpu, 3).c_str(),
                    seconds(with_dds, dt.cpu, 3).c_str(),
                    ratio_cell(both, ot.cpu, dt.cpu, 3).c_str(), o.solves ? "," : "");
      if (o.solves)
        std::printf(" FUT solves %s / %s = %s", seconds(with_ddtb, os.cpu, 3).c_str(),
                    seconds(with_dds, ds.cpu, 3).c_str(),
                    ratio_cell(both, os.cpu, ds.cpu, 3).c_str());
      std::printf("\n");
      if (both) {
        if (o.tables) table_ratios.push_back(ot.cpu / dt.cpu);
        if (o.solves) solve_ratios.push_back(os.cpu / ds.cpu);
      }
    }
    if (both) {
      const std::string tables =
          table_ratios.empty() ? "" : " DD tables" + median_and_range(table_ratios);
      const std::string solves =
          solve_ratios.empty() ? "" : " FUT solves" + median_and_range(solve_ratios);
      std::printf("median of %d rounds:%s%s%s\n", o.rounds, tables.c_str(),
                  tables.empty() || solves.empty() ? "" : ",", solves.c_str());
    }
  }

  if (both) print_worst_deals(o, deals, ours_runs, dds_runs);

  std::vector<ChildRun> ours_children, dds_children;
  for (const SideResult& r : ours_runs) ours_children.push_back(r.child);
  for (const SideResult& r : dds_runs) dds_children.push_back(r.child);
  print_peak_memory(ours_children, dds_children);

  if (bad) {
    std::printf("FAILED: %d answers differ\n", bad);
    return 1;
  }
  std::printf("all %zu DD tables and %zu FUT solves agree (%s)\n", o.tables ? n : 0,
              o.solves ? n : 0, with_ddtb && with_dds ? "ddtb = dds" : "with the file");
  return 0;
}

}  // namespace
}  // namespace ddtb::bench

int main(int argc, char** argv) {
  ddtb::bench::Options options;
  if (const auto status = ddtb::bench::parse_options(argc, argv, options)) return *status;
  if (options.replay.empty()) return ddtb::bench::run(options);
  ddtb::bench::ReplayOptions replay;
  replay.file = options.replay;
  replay.with_ddtb = options.sides != ddtb::bench::Sides::kDds;
  replay.with_dds = options.sides != ddtb::bench::Sides::kDdtb;
  replay.rounds = options.rounds;
  replay.tt_mb = options.tt_mb;
  replay.dds_mb = options.dds_mb;
  replay.tablebase = options.tablebase;
  replay.quiet = options.quiet;
  return ddtb::bench::run_replay(replay);
}
