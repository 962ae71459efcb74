// ddtb-vs-dds: ddtb and the reference DDS 2.9.0 side by side, single-threaded
// both, on DDS's golden hands (list100.txt by default) or on seeded random
// deals (--random), in one run, each kind of work asked for (--work):
//   tables  the full DD table of every deal (Solver::dd_table vs CalcDDtable);
//   solves  the FUT position of every deal (Solver::solve vs SolveBoard with
//           target -1, solutions 3, mode 1; with --solutions 1 or 2,
//           SolveBoard on both sides, ddtb's through its own C API);
//   trick1  the 20 single-answer solves of every deal: SolveBoard(target -1,
//           solutions 1, mode 1) at trick 1 with no card played, one per
//           strain and leader, through each side's C API.
// It checks the answers agree (with each other, and with the file when only
// one side runs), prints per-deal and total times and the ratio ddtb/dds, and
// each side's peak memory; with --per-deal, the spread of the per-deal
// ratios (bench/ratio_stats.hpp). With --replay FILE it times a recorded
// workload instead (bench/replay_run.hpp).
//
// Each side runs in a forked child process so that its memory is measured
// alone (bench/measure.hpp); the children send their results and times back
// through a pipe. The parent never loads libdds and never builds a Solver.
//
// Times are process CPU times of the child (CLOCK_PROCESS_CPUTIME_ID, which
// also counts any helper thread DDS might start, read in nanoseconds); wall
// times are printed too. On a shared, noisy machine CPU time is the steadier
// figure.
#include <algorithm>
#include <array>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "bench/ddtb_capi.hpp"
#include "bench/measure.hpp"
#include "bench/random_deals.hpp"
#include "bench/ratio_stats.hpp"
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

struct Options {
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
  bool per_deal = false;      // the spread of per-deal ratios
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
         "  --random N       N seeded random deals instead of a list (both sides run)\n"
         "  --seed S         the seed of --random (default 1)\n"
         "  --deals N        only the first N deals (after --skip)\n"
         "  --skip N         pass over the first N deals of the file or of --random's\n"
         "                   (held-out sets: list100 is the first 100 deals of list1000)\n"
         "  --work W         tables, solves, trick1 (the 20 solutions-1 solves at trick 1\n"
         "                   of every strain and leader), both (tables,solves; the\n"
         "                   default), all, or a comma-separated list such as\n"
         "                   tables,trick1\n"
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
         "  --per-deal       per work kind: each deal's ratio of the sides' median times\n"
         "                   over the rounds, p50, p95, the ten worst deals and the\n"
         "                   count over 1.0\n"
         "  --solutions N    the FUT solves' solutions, 1, 2 or 3 (default 3); 1 and 2\n"
         "                   go through ddtb's C API SolveBoard\n"
         "  --replay FILE    time a replay workload (bench/README.md) instead of the list;\n"
         "                   --only, --tt-mb, --dds-mb, --tablebase, --rounds and --quiet\n"
         "                   apply\n"
         "  --quiet          totals only (and the --per-deal summaries)\n";
}

// The kinds of work a --work value names, or nullopt when it names none or
// something else.
std::optional<std::array<bool, kWorkKinds>> parse_work(const std::string& text) {
  std::array<bool, kWorkKinds> work{};
  std::stringstream in(text);
  std::string name;
  bool any = false;
  while (std::getline(in, name, ',')) {
    if (name == "both") {
      work[kTables] = work[kSolves] = true;
    } else if (name == "all") {
      work.fill(true);
    } else {
      const auto* at = std::find(kWorkNames.begin(), kWorkNames.end(), name);
      if (at == kWorkNames.end()) return std::nullopt;
      work[static_cast<std::size_t>(at - kWorkNames.begin())] = true;
    }
    any = true;
  }
  if (!any || text.back() == ',') return std::nullopt;
  return work;
}

// Reads the command line into `o`; an exit status when the tool should stop
// (--help, or a usage error already reported).
std::optional<int> parse_options(int argc, char** argv, Options& o) {
  CLI::App app;
  app.add_option("--list", o.list);
  tools::add_number(app, "--random", o.random, 1, 1 << 20, "a number of deals");
  tools::add_number(app, "--seed", o.seed, 0, std::numeric_limits<long long>::max(), "a seed");
  tools::add_number(app, "--deals", o.deals, 1, 1 << 20, "a number of deals");
  tools::add_number(app, "--skip", o.skip, 0, 1 << 20, "a number of deals");
  std::string work = "both", only;
  app.add_option("--work", work);
  tools::add_number(app, "--solutions", o.solutions, 1, 3, "a number of solutions");
  app.add_option("--replay", o.replay);
  tools::add_choice(app, "--only", only, {"ddtb", "dds"});
  tools::add_number(app, "--tt-mb", o.tt_mb, 1, 1 << 20, "a size in MiB");
  tools::add_number(app, "--dds-mb", o.dds_mb, 0, 1 << 20, "a size in MiB");
  app.add_option("--tablebase", o.tablebase);
  tools::add_number(app, "--rounds", o.rounds, 1, 100, "a number of rounds");
  app.add_flag("--fresh-solver", o.fresh_solver);
  app.add_flag("--per-deal", o.per_deal);
  app.add_flag("--quiet", o.quiet);
  const tools::ToolText text = tools::simple_text("ddtb-vs-dds", usage_text());
  tools::prepare(app, text);
  if (auto status = tools::parse(app, tools::arguments(argc, argv), text)) return status;
  const auto kinds = parse_work(work);
  if (!kinds)
    return tools::usage_error(text,
                              "--work needs tables, solves, trick1, both, all or a "
                              "comma-separated list of them, got '" +
                                  work + "'");
  o.work = *kinds;
  if (!only.empty()) o.sides = only == "ddtb" ? Sides::kDdtb : Sides::kDds;
  if (app.count("--random")) {
    if (app.count("--list")) return tools::usage_error(text, "--random takes no --list");
    if (!only.empty())
      return tools::usage_error(text,
                                "--only checks one side against a list's answers, and random "
                                "deals have none: with --random both sides run");
  } else if (app.count("--seed")) {
    return tools::usage_error(text, "--seed goes with --random");
  }
  if (o.per_deal && !only.empty())
    return tools::usage_error(text, "--per-deal compares the two sides: it takes no --only");
  for (const char* list_option : {"--list", "--deals", "--skip", "--work", "--solutions",
                                  "--fresh-solver", "--random", "--seed", "--per-deal"})
    o.list_options = o.list_options || app.count(list_option) > 0;
  if (!o.replay.empty() && o.list_options)
    return tools::usage_error(text,
                              "--replay takes no --list, --random, --seed, --deals, --skip, "
                              "--work, --solutions, --per-deal or --fresh-solver");
  return std::nullopt;
}

// --- what a child reports ---------------------------------------------------

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

constexpr int kTargetMax = -1, kAlwaysSearch = 1;

// One SolveBoard call through `api`; throws naming the deal when it fails.
futureTricks solve_board(const SolveApi& api, const ::deal& position, int solutions, int number) {
  futureTricks fut{};
  if (const int rc = api.solve_board(position, kTargetMax, solutions, kAlwaysSearch, &fut, 0);
      rc != RETURN_NO_FAULT)
    throw std::runtime_error("SolveBoard returned " + std::to_string(rc) + " on deal " +
                             std::to_string(number));
  return fut;
}

// FUT solves through a C API: SolveBoard(target -1, solutions, mode 1).
Item capi_solve(const SolveApi& api, const RefDeal& d, int solutions) {
  const ::deal position = test::to_c_deal(d.fut_position);
  return timed(
      [&](Item& it) { put_fut(solve_board(api, position, solutions, d.number), solutions, it); });
}

// A deal's 20 single-answer solves: SolveBoard(target -1, solutions 1,
// mode 1) at trick 1 with no card played, for each strain (S, H, D, C, NT)
// and leader (N, E, S, W), the positions built before the clock starts. The
// item's time is the 20 calls', its nodes their futureTricks.nodes summed.
Item trick1_solves(const SolveApi& api, const RefDeal& d) {
  std::array<::deal, kTrick1Calls> positions;
  for (int s = 0; s < kNumStrains; ++s)
    for (int l = 0; l < kNumSeats; ++l)
      positions[std::size_t(s * 4 + l)] =
          test::to_c_deal(Position::at_trick_start(d.deal, strain_from_int(s), seat_from_int(l)));
  return timed([&](Item& it) {
    for (int i = 0; i < kTrick1Calls; ++i) {
      const futureTricks fut = solve_board(api, positions[std::size_t(i)], 1, d.number);
      it.values[i] = fut.score[0];
      it.nodes += std::uint64_t(fut.nodes);
    }
  });
}

// The stream a child writes: a 16-byte version field, then for each kind
// of work in turn one item per deal.
constexpr std::size_t kVersionBytes = 16;

void send_version(int fd, const std::string& version) {
  char buf[kVersionBytes] = {};
  std::strncpy(buf, version.c_str(), kVersionBytes - 1);
  write_all(fd, buf, kVersionBytes);
}

// Sends one item per deal: `one(d)`'s when `work` is set, else an empty one
// (the parent reads every kind whatever --work says).
template <class Fn>
void send_items(int fd, const std::vector<RefDeal>& deals, bool work, Fn&& one) {
  for (const RefDeal& d : deals) write_value(fd, work ? one(d) : Item{});
}

void run_dds(const Options& o, const std::vector<RefDeal>& deals, int fd) {
  test::DdsPeer dds(test::kLibddsPath, o.dds_mb);
  send_version(fd, dds.version());
  send_items(fd, deals, o.work[kTables], [&](const RefDeal& d) {
    return timed([&](Item& it) { put_table(dds.dd_table(d.deal), it); });
  });
  // The C API's entry points, configured when first needed.
  std::optional<SolveApi> api;
  auto capi = [&]() -> const SolveApi& {
    if (!api) api = dds_solve_api(dds, o.dds_mb);
    return *api;
  };
  if (o.solutions != 3) {
    send_items(fd, deals, o.work[kSolves],
               [&](const RefDeal& d) { return capi_solve(capi(), d, o.solutions); });
  } else {
    send_items(fd, deals, o.work[kSolves], [&](const RefDeal& d) {
      return timed([&](Item& it) {
        const test::DdsSolve r = dds.solve_board(d.fut_position);
        put_scores(r.result, 3, it);
        it.nodes = std::uint64_t(r.nodes);
      });
    });
  }
  send_items(fd, deals, o.work[kTrick1],
             [&](const RefDeal& d) { return trick1_solves(capi(), d); });
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
  solve_all(o.work[kTables],
            [](Solver& s, const RefDeal& d, Item& it) { put_table(s.dd_table(d.deal), it); });
  if (o.solutions == 3)
    solve_all(o.work[kSolves], [](Solver& s, const RefDeal& d, Item& it) {
      put_scores(s.solve(d.fut_position), 3, it);
    });
  // Solutions 1 and 2, and the trick-1 solves: ddtb's C API, whose thread-0
  // solver plays the shared Solver's part (FreeMemory drops it before each
  // deal for --fresh-solver).
  const bool capi_solves = o.work[kSolves] && o.solutions != 3;
  std::optional<SolveApi> api;
  if (capi_solves || o.work[kTrick1]) {
    shared.reset();
    api = ddtb_solve_api(o.tt_mb, o.tablebase);
  }
  if (o.solutions != 3)
    send_items(fd, deals, capi_solves, [&](const RefDeal& d) {
      if (o.fresh_solver) ::FreeMemory();
      return capi_solve(*api, d, o.solutions);
    });
  send_items(fd, deals, o.work[kTrick1], [&](const RefDeal& d) {
    if (o.fresh_solver) ::FreeMemory();
    return trick1_solves(*api, d);
  });
}

// Runs one side and decodes what it sent: `n` items of each kind in turn.
SideResult run_side(const char* name, std::size_t n, const std::function<void(int fd)>& work) {
  SideResult out;
  out.child = run_measured_child("ddtb-vs-dds", name, work);
  ByteReader in(out.child.bytes);
  char version[kVersionBytes];
  bool complete = in.read(version);
  out.version.assign(version, complete ? strnlen(version, kVersionBytes) : 0);
  for (std::vector<Item>& list : out.items) {
    list.resize(n);
    for (Item& item : list) complete = complete && in.read(item);
  }
  if (out.child.ok && !(complete && in.at_end())) {
    std::fprintf(stderr, "ddtb-vs-dds: the %s child sent a short or long report\n", name);
    out.child.ok = false;
  }
  std::string().swap(out.child.bytes);
  return out;
}

// --- comparing and printing ------------------------------------------------

bool same_values(const Item& a, const Item& b) {
  return std::memcmp(a.values, b.values, sizeof a.values) == 0;
}

// The file's answer to a kind of work on deal `d`: its TABLE line, its FUT
// line, or (for the trick-1 solves) the TABLE line read from the leader's
// side: leader l's side takes what the declarer on its right does not.
Item golden_item(const RefDeal& d, int kind, int solutions) {
  Item item;
  if (kind == kTables) put_table(d.table, item);
  if (kind == kSolves) put_scores(d.fut, solutions, item);
  if (kind == kTrick1)
    for (int s = 0; s < kNumStrains; ++s)
      for (int l = 0; l < kNumSeats; ++l)
        item.values[s * 4 + l] = 13 - d.table.tricks[s][(l + 3) % 4];
  return item;
}

// Prints what differs between two answers of one deal.
void report_mismatch(int kind, int deal, const char* a_name, const Item& a, const char* b_name,
                     const Item& b) {
  std::printf("MISMATCH deal %d %s%s:", deal, kItemNames[kind],
              kind == kTrick1 ? " (strain/leader)" : "");
  for (int i = 0; i < (kind == kSolves ? 64 : 20); ++i) {
    if (a.values[i] == b.values[i]) continue;
    if (kind != kSolves)
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

// A side's totals of a kind over the deals of one round.
Totals totals_of(const SideResult& r, int kind) {
  Totals t;
  for (const Item& i : r.items[kind]) t.add(i);
  return t;
}

// The deals whose ratio of CPU time, summed over the rounds, is the largest
// (for each kind of work), among those that cost DDS at least
// kWorstDealFloorS a round: below that a ratio is mostly timer noise.
constexpr double kWorstDealFloorS = 0.005;

void print_worst_deals(const Options& o, const std::vector<RefDeal>& deals,
                       const std::vector<SideResult>& ours, const std::vector<SideResult>& dds) {
  for (int kind = 0; kind < kWorkKinds; ++kind) {
    if (!o.work[kind]) continue;
    double ratio = 0, a_worst = 0, b_worst = 0;
    int at = -1;
    for (std::size_t i = 0; i < deals.size(); ++i) {
      double a = 0, b = 0;
      for (const SideResult& r : ours) a += r.items[kind][i].cpu_s;
      for (const SideResult& r : dds) b += r.items[kind][i].cpu_s;
      if (b < kWorstDealFloorS * double(dds.size()) || a / b <= ratio) continue;
      ratio = a / b, a_worst = a, b_worst = b, at = deals[i].number;
    }
    if (at < 0) continue;
    std::printf(
        "worst %s (dds at least %.0f ms): deal %d, ddtb %.3f s, dds %.3f s (cpu, %zu rounds), "
        "ratio %.3f\n",
        kItemNames[kind], kWorstDealFloorS * 1e3, at, a_worst, b_worst, ours.size(), ratio);
  }
}

// --per-deal: a deal is "tiny" when both sides' median times are below
// this. Tiny deals are counted in every figure like the others (the count
// over 1.0 included) and marked '~', and the summary says how many of the
// deals over 1.0 are tiny: their ratios are the least certain.
constexpr double kTinyDealS = 0.5e-3;
// The deals listed as the worst.
constexpr std::size_t kWorstListed = 10;

bool tiny(const ItemRatio& r) {
  return r.ours_s < kTinyDealS && r.dds_s < kTinyDealS;
}

void print_deal_ratio(const std::vector<RefDeal>& deals, const ItemRatio& r) {
  std::printf("%6d %12.3f %12.3f %8.3f%s\n", deals[std::size_t(r.id)].number, r.ours_s * 1e3,
              r.dds_s * 1e3, r.ratio(), tiny(r) ? " ~" : "");
}

// Per kind of work: each deal's ratio of the sides' median CPU times over
// the rounds (unless quiet), then p50, p95, the worst deals and the count
// over 1.0.
void print_per_deal(const Options& o, const std::vector<RefDeal>& deals,
                    const std::vector<SideResult>& ours, const std::vector<SideResult>& dds) {
  for (int kind = 0; kind < kWorkKinds; ++kind) {
    if (!o.work[kind]) continue;
    std::vector<std::vector<double>> a, b;  // [round][deal]
    for (const auto& [runs, times] : {std::pair{&ours, &a}, std::pair{&dds, &b}})
      for (const SideResult& r : *runs) {
        times->emplace_back();
        for (const Item& i : r.items[kind]) times->back().push_back(i.cpu_s);
      }
    const std::vector<ItemRatio> items = median_items(a, b);
    const char* label = kWorkLabels[kind];
    const std::string columns = "  deal      ddtb ms       dds ms    ratio\n";
    std::printf(
        "\nper deal, %s: each side's median CPU time of %zu round%s, ratio ddtb/dds "
        "(~: both under %.1f ms)\n",
        label, ours.size(), ours.size() == 1 ? "" : "s", kTinyDealS * 1e3);
    if (!o.quiet) {
      std::printf("%s", columns.c_str());
      for (const ItemRatio& r : items) print_deal_ratio(deals, r);
    }
    const RatioSpread s = spread_of(items);
    int tiny_deals = 0, tiny_over = 0;
    for (const ItemRatio& r : items) {
      tiny_deals += tiny(r);
      tiny_over += tiny(r) && r.ratio() > 1.0;
    }
    std::printf("%s per deal: p50 %.3f, p95 %.3f, max %.3f; over 1.0: %d of %zu deals", label,
                s.p50, s.p95, s.max, s.over_one, s.count);
    std::printf(" (%d of them tiny); tiny deals: %d, counted in every figure\n", tiny_over,
                tiny_deals);
    std::printf("%s, the %zu worst deals:\n%s", label, std::min(kWorstListed, items.size()),
                columns.c_str());
    for (const ItemRatio& r : worst_items(items, kWorstListed)) print_deal_ratio(deals, r);
  }
}

// The deals to run: the list's, or the random ones; throws on a bad file.
// Empty (after a message) when --skip leaves none.
std::vector<RefDeal> load_deals(const Options& o) {
  if (o.random) {
    const int count = std::min(o.random - o.skip, o.deals < 0 ? o.random : o.deals);
    if (count <= 0) {
      std::fprintf(stderr, "ddtb-vs-dds: --skip %d leaves none of --random %d\n", o.skip, o.random);
      return {};
    }
    return random_ref_deals(o.seed, o.skip + 1, count);
  }
  std::vector<RefDeal> deals = read_ref_list(o.list, o.deals < 0 ? -1 : o.skip + o.deals);
  if (o.skip >= static_cast<int>(deals.size())) {
    std::fprintf(stderr, "ddtb-vs-dds: --skip %d leaves no deal of %s (it has %zu)\n", o.skip,
                 o.list.c_str(), deals.size());
    return {};
  }
  deals.erase(deals.begin(), deals.begin() + o.skip);
  return deals;
}

// "100 DD tables and 100 FUT solves": what was compared.
std::string compared_text(const Options& o, std::size_t n) {
  std::vector<std::string> parts;
  for (int kind = 0; kind < kWorkKinds; ++kind)
    if (o.work[kind])
      parts.push_back(std::to_string(n) + " " +
                      (kind == kTrick1
                           ? "trick1 x20 sets (" + std::to_string(n * kTrick1Calls) + " solves)"
                           : std::string(kWorkLabels[kind])));
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i)
    out += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return out;
}

int run(const Options& o) {
  std::vector<RefDeal> deals;
  try {
    deals = load_deals(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ddtb-vs-dds: %s\n", e.what());
    return 2;
  }
  if (deals.empty()) return 2;
  const bool with_ddtb = o.sides != Sides::kDds, with_dds = o.sides != Sides::kDdtb;
  const bool both = with_ddtb && with_dds;
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

  if (o.random)
    std::printf("ddtb-vs-dds: %zu random deals of seed %" PRIu64
                " (deals %d to %d), single-threaded both\n"
                "  the FUT position of each: trick 1, a random strain and leader\n",
                n, o.seed, deals.front().number, deals.back().number);
  else
    std::printf("ddtb-vs-dds: %zu deals of %s (deals %d to %d), single-threaded both\n", n,
                o.list.c_str(), deals.front().number, deals.back().number);
  if (with_ddtb)
    std::printf("  ddtb: %s, TT %s\n",
                o.fresh_solver ? "a fresh Solver per deal"
                               : "one Solver reused across all deals (as DDS reuses its memory)",
                ddtb_tt_text(o.tt_mb).c_str());
  if (o.work[kSolves] && o.solutions != 3)
    std::printf(
        "  FUT solves: SolveBoard(target -1, solutions %d, mode 1) on both sides, ddtb's "
        "through its C API (SetMaxThreads(1), TT %s%s)\n",
        o.solutions, ddtb_tt_text(o.tt_mb).c_str(),
        o.fresh_solver ? ", FreeMemory before each deal" : "");
  if (o.work[kTrick1])
    std::printf(
        "  trick1 x20: per deal, SolveBoard(target -1, solutions 1, mode 1) at trick 1, no card "
        "played, for each of 5 strains and 4 leaders, through each side's C API; a deal's time "
        "is its 20 calls'\n");
  if (table_cards)
    std::printf("  ddtb: endgame tables of %s, up to %d cards\n", o.tablebase.c_str(), table_cards);
  if (with_dds)
    std::printf("  dds:  %s, SetResources(%d, 1): one thread, memory reused across calls\n",
                test::kLibddsPath, o.dds_mb);
  std::printf(
      "  times are CPU seconds of each side's own process (CLOCK_PROCESS_CPUTIME_ID, "
      "resolution %" PRId64 " ns)\n\n",
      clock_resolution_ns(CLOCK_PROCESS_CPUTIME_ID));

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

  // Per deal: both sides' times of the first round, ratio, and agreement
  // (--per-deal prints the deals after the totals instead, from the medians
  // of the rounds).
  const bool deal_lines = !o.quiet && !o.per_deal;
  if (deal_lines) {
    std::printf("%5s", "deal");
    for (int kind = 0; kind < kWorkKinds; ++kind)
      if (o.work[kind])
        std::printf("   %11s %11s %7s", (std::string("ddtb ") + kWorkNames[kind]).c_str(),
                    (std::string("dds ") + kWorkNames[kind]).c_str(), "ratio");
    std::printf("\n");
  }
  int bad = 0;
  const Item no_item;
  for (std::size_t i = 0; i < n; ++i) {
    const RefDeal& d = deals[i];
    if (deal_lines) std::printf("%5d", d.number);
    for (int kind = 0; kind < kWorkKinds; ++kind) {
      if (!o.work[kind]) continue;
      const Item& ot = with_ddtb ? ours.items[kind][i] : no_item;
      const Item& dt = with_dds ? dds.items[kind][i] : no_item;
      // ddtb against DDS when both ran, else the side that ran against the file.
      const Item golden = both ? Item{} : golden_item(d, kind, o.solutions);
      const Item& a = with_ddtb ? ot : dt;
      const Item& b = both ? dt : golden;
      if (!same_values(a, b)) {
        ++bad;
        report_mismatch(kind, d.number, with_ddtb ? "ddtb" : "dds", a, both ? "dds" : "file", b);
      }
      if (deal_lines)
        std::printf("   %11s %11s %7s", seconds(with_ddtb, ot.cpu_s, kDecimals[kind]).c_str(),
                    seconds(with_dds, dt.cpu_s, kDecimals[kind]).c_str(),
                    ratio_cell(both, ot.cpu_s, dt.cpu_s, 2).c_str());
    }
    if (deal_lines) std::printf("\n");
  }

  std::printf("\n%-12s %12s %12s %12s %12s %8s %8s\n", "totals", "ddtb cpu", "dds cpu", "ddtb wall",
              "dds wall", "cpu", "wall");
  std::printf("%-12s %12s %12s %12s %12s %8s %8s\n", "", "", "", "", "", "ratio", "ratio");
  std::array<Totals, kWorkKinds> t_ours, t_dds;
  for (int kind = 0; kind < kWorkKinds; ++kind) {
    if (!o.work[kind]) continue;
    if (with_ddtb) t_ours[kind] = totals_of(ours, kind);
    if (with_dds) t_dds[kind] = totals_of(dds, kind);
    const Totals& a = t_ours[kind];
    const Totals& b = t_dds[kind];
    std::printf("%-12s %12s %12s %12s %12s %8s %8s\n", kWorkLabels[kind],
                seconds(with_ddtb, a.cpu, 3).c_str(), seconds(with_dds, b.cpu, 3).c_str(),
                seconds(with_ddtb, a.wall, 3).c_str(), seconds(with_dds, b.wall, 3).c_str(),
                ratio_cell(both, a.cpu, b.cpu, 3).c_str(),
                ratio_cell(both, a.wall, b.wall, 3).c_str());
  }
  // ddtb counts its search nodes and trick starts itself; through the C API
  // only futureTricks.nodes is there (trick starts, as DDS counts).
  auto capi_kind = [&](int kind) {
    return kind == kTrick1 || (kind == kSolves && o.solutions != 3);
  };
  if (with_ddtb) {
    std::string line = "ddtb nodes:";
    const char* sep = "";
    for (int kind = 0; kind < kWorkKinds; ++kind) {
      if (!o.work[kind]) continue;
      line += std::string(sep) + " " + kWorkLabels[kind] + " " +
              std::to_string(t_ours[kind].nodes) + " (" +
              (capi_kind(kind) ? std::string("the C API's futureTricks.nodes")
                               : "trick starts " + std::to_string(t_ours[kind].trick_nodes)) +
              ")";
      sep = ",";
    }
    std::printf("%s\n", line.c_str());
  }
  if (with_dds && (o.work[kSolves] || o.work[kTrick1])) {
    std::printf("dds nodes: ");
    const char* sep = "";
    for (const int kind : {kSolves, kTrick1})
      if (o.work[kind])
        std::printf("%s %s %" PRIu64, sep, kWorkLabels[kind], t_dds[kind].nodes), sep = ",";
    std::printf(" (DDS counts trick starts only)\n");
  }

  if (o.rounds > 1) {
    // Every round must give the same answers as the first.
    for (int r = 1; r < o.rounds; ++r)
      for (std::size_t i = 0; i < n; ++i)
        for (const auto* runs : {&dds_runs, &ours_runs}) {
          if (runs->empty()) continue;
          const SideResult& a = (*runs)[0];
          const SideResult& b = (*runs)[static_cast<std::size_t>(r)];
          bool same = true;
          for (int kind = 0; kind < kWorkKinds; ++kind)
            same = same && same_values(a.items[kind][i], b.items[kind][i]);
          if (!same) {
            ++bad;
            std::printf("MISMATCH deal %d: %s round %d differs from its round 1\n", deals[i].number,
                        runs == &dds_runs ? "dds" : "ddtb", r + 1);
          }
        }
    std::printf("rounds (cpu seconds; ratio ddtb/dds, each from one run of both sides):\n");
    std::array<std::vector<double>, kWorkKinds> ratios;
    for (int r = 0; r < o.rounds; ++r) {
      const std::size_t ri = static_cast<std::size_t>(r);
      std::printf("  round %2d:", r + 1);
      const char* sep = "";
      for (int kind = 0; kind < kWorkKinds; ++kind) {
        if (!o.work[kind]) continue;
        const Totals a = with_ddtb ? totals_of(ours_runs[ri], kind) : Totals{};
        const Totals b = with_dds ? totals_of(dds_runs[ri], kind) : Totals{};
        std::printf("%s %s %s / %s = %s", sep, kWorkLabels[kind],
                    seconds(with_ddtb, a.cpu, 3).c_str(), seconds(with_dds, b.cpu, 3).c_str(),
                    ratio_cell(both, a.cpu, b.cpu, 3).c_str());
        sep = ",";
        if (both) ratios[kind].push_back(a.cpu / b.cpu);
      }
      std::printf("\n");
    }
    if (both) {
      std::printf("median of %d rounds:", o.rounds);
      const char* sep = "";
      for (int kind = 0; kind < kWorkKinds; ++kind)
        if (o.work[kind])
          std::printf("%s %s%s", sep, kWorkLabels[kind], median_and_range(ratios[kind]).c_str()),
              sep = ",";
      std::printf("\n");
    }
  }

  if (both) print_worst_deals(o, deals, ours_runs, dds_runs);
  if (both && o.per_deal) print_per_deal(o, deals, ours_runs, dds_runs);
  if (o.per_deal) std::printf("\n");

  std::vector<ChildRun> ours_children, dds_children;
  for (const SideResult& r : ours_runs) ours_children.push_back(r.child);
  for (const SideResult& r : dds_runs) dds_children.push_back(r.child);
  print_peak_memory(ours_children, dds_children);

  if (bad) {
    std::printf("FAILED: %d answers differ\n", bad);
    return 1;
  }
  std::printf("all %s agree (%s)\n", compared_text(o, n).c_str(),
              both ? "ddtb = dds" : "with the file");
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
