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
// workload instead (bench/replay_run.hpp). With --versus-tables DIR|none
// the peer is ddtb itself with other tables (none: without) instead of
// libdds: what the tables buy, in alternated rounds of one run.
//
// Each side runs in a forked child process so that its memory is measured
// alone (bench/vs_dds_child.hpp); the children send their results and times
// back through a pipe. The parent never loads libdds and never builds a
// Solver.
//
// Times are process CPU times of the child (CLOCK_PROCESS_CPUTIME_ID, which
// also counts any helper thread DDS might start, read in nanoseconds); wall
// times are printed too. On a shared, noisy machine CPU time is the steadier
// figure.
#include <algorithm>
#include <array>
#include <cinttypes>
#include <cstdio>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "bench/ddtb_capi.hpp"
#include "bench/measure.hpp"
#include "bench/random_deals.hpp"
#include "bench/ratio_stats.hpp"
#include "bench/ref_list.hpp"
#include "bench/replay_run.hpp"
#include "bench/vs_dds_child.hpp"
#include "bench/vs_dds_report.hpp"
#include "ddtb/tablebase.hpp"
#include "tests/support/dds_peer.hpp"
#include "tools/command_line.hpp"

namespace ddtb::bench {
namespace {

using Options = VsOptions;

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
         "  --versus-tables DIR|none\n"
         "                   the peer is ddtb itself with the tables of DIR (none: no\n"
         "                   tables), not libdds: every column and ratio named \"base\"\n"
         "                   is that run's\n"
         "  --rounds N       run both sides N times, alternating, and print each round's\n"
         "                   ratios and their median (default 1)\n"
         "  --per-deal       per work kind: each deal's ratio of the sides' median times\n"
         "                   over the rounds, p50, p95, the ten worst deals and the\n"
         "                   count over 1.0\n"
         "  --nt-only        the trick-1 solves of no trump alone (4 per deal)\n"
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
  std::string versus;
  app.add_option("--versus-tables", versus);
  tools::add_number(app, "--rounds", o.rounds, 1, 100, "a number of rounds");
  app.add_flag("--fresh-solver", o.fresh_solver);
  app.add_flag("--per-deal", o.per_deal);
  app.add_flag("--nt-only", o.nt_only);
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
  if (app.count("--versus-tables")) {
    if (versus.empty())
      return tools::usage_error(text, "--versus-tables needs a directory, or none");
    o.versus_tables = versus == "none" ? "" : versus;
    if (!only.empty())
      return tools::usage_error(text, "--versus-tables compares two runs of ddtb: no --only");
  }
  if (!only.empty()) o.sides = only == "ddtb" ? Sides::kDdtb : Sides::kPeer;
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
  for (const char* list_option :
       {"--list", "--deals", "--skip", "--work", "--solutions", "--fresh-solver", "--random",
        "--seed", "--per-deal", "--nt-only"})
    o.list_options = o.list_options || app.count(list_option) > 0;
  if (!o.replay.empty() && o.list_options)
    return tools::usage_error(text,
                              "--replay takes no --list, --random, --seed, --deals, --skip, "
                              "--work, --solutions, --per-deal or --fresh-solver");
  return std::nullopt;
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
                           ? "trick1 x20 sets (" +
                                 std::to_string(n * (o.nt_only ? kNumSeats : kTrick1Calls)) +
                                 " solves)"
                           : std::string(kWorkLabels[kind])));
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i)
    out += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return out;
}

// What a run compares: which sides run, and what their answers are checked
// against.
struct Compared {
  bool with_ddtb = false, with_peer = false;
  bool both() const { return with_ddtb && with_peer; }
};

// The lines before the figures: the deals, each side's setup, the clock.
void print_setup(const Options& o, const std::vector<RefDeal>& deals, const Compared& c,
                 int table_cards, int peer_table_cards) {
  const std::size_t n = deals.size();
  if (o.random)
    std::printf("ddtb-vs-dds: %zu random deals of seed %" PRIu64
                " (deals %d to %d), single-threaded both\n"
                "  the FUT position of each: trick 1, a random strain and leader\n",
                n, o.seed, deals.front().number, deals.back().number);
  else
    std::printf("ddtb-vs-dds: %zu deals of %s (deals %d to %d), single-threaded both\n", n,
                o.list.c_str(), deals.front().number, deals.back().number);
  if (c.with_ddtb)
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
        "played, for each of %s and 4 leaders, through each side's C API; a deal's time "
        "is its %d calls'\n",
        o.nt_only ? "no trump alone (--nt-only)" : "5 strains", o.nt_only ? 4 : 20);
  if (table_cards)
    std::printf("  ddtb: endgame tables of %s, up to %d cards\n", o.tablebase.c_str(), table_cards);
  if (c.with_peer && o.peer_is_dds())
    std::printf("  dds:  %s, SetResources(%d, 1): one thread, memory reused across calls\n",
                test::kLibddsPath, o.dds_mb);
  if (c.with_peer && !o.peer_is_dds()) {
    if (peer_table_cards)
      std::printf("  base: ddtb as above, with the endgame tables of %s, up to %d cards\n",
                  o.versus_tables->c_str(), peer_table_cards);
    else
      std::printf("  base: ddtb as above, without endgame tables\n");
  }
  std::printf(
      "  times are CPU seconds of each side's own process (CLOCK_PROCESS_CPUTIME_ID, "
      "resolution %" PRId64 " ns)\n\n",
      clock_resolution_ns(CLOCK_PROCESS_CPUTIME_ID));
}

// The maximum cards of the tables of `dir` ("": 0); nullopt (after a
// message) when they do not open.
std::optional<int> table_cards_of(const std::string& dir) {
  if (dir.empty()) return 0;
  auto tb = Tablebase::open(dir);
  if (!tb) {
    std::fprintf(stderr, "ddtb-vs-dds: %s\n", tb.error().message.c_str());
    return std::nullopt;
  }
  return (*tb)->max_cards();
}

// Round r runs the peer and then ddtb. False when a child failed.
bool run_rounds(const Options& o, const std::vector<RefDeal>& deals, const Compared& c,
                std::vector<SideResult>& ours, std::vector<SideResult>& peer) {
  for (int r = 0; r < o.rounds; ++r) {
    if (c.with_peer) {
      peer.push_back(run_side(o.peer(), deals.size(), [&](int fd) {
        if (o.peer_is_dds())
          run_dds(o, deals, fd);
        else
          run_ddtb(o, *o.versus_tables, deals, fd);
      }));
      if (!peer.back().child.ok) return false;
    }
    if (c.with_ddtb) {
      ours.push_back(
          run_side("ddtb", deals.size(), [&](int fd) { run_ddtb(o, o.tablebase, deals, fd); }));
      if (!ours.back().child.ok) return false;
    }
  }
  return true;
}

// Checks the first round's answers, ddtb's against the peer's when both
// ran, else the side that ran against the file; prints a line per deal
// with both sides' times and their ratio unless quiet (--per-deal prints
// the deals after the totals instead, from the medians of the rounds).
// Returns the number of answers that differ.
int check_first_round(const Options& o, const std::vector<RefDeal>& deals, const Compared& c,
                      const SideResult& ours, const SideResult& peer) {
  const bool deal_lines = !o.quiet && !o.per_deal;
  if (deal_lines) {
    std::printf("%5s", "deal");
    for (int kind = 0; kind < kWorkKinds; ++kind)
      if (o.work[kind])
        std::printf("   %11s %11s %7s", (std::string("ddtb ") + kWorkNames[kind]).c_str(),
                    (std::string(o.peer()) + " " + kWorkNames[kind]).c_str(), "ratio");
    std::printf("\n");
  }
  int bad = 0;
  const Item no_item;
  for (std::size_t i = 0; i < deals.size(); ++i) {
    const RefDeal& d = deals[i];
    if (deal_lines) std::printf("%5d", d.number);
    for (int kind = 0; kind < kWorkKinds; ++kind) {
      if (!o.work[kind]) continue;
      const Item& ot = c.with_ddtb ? ours.items[kind][i] : no_item;
      const Item& pt = c.with_peer ? peer.items[kind][i] : no_item;
      const Item golden = c.both() ? Item{} : golden_item(d, kind, o.solutions, o.nt_only);
      const Item& a = c.with_ddtb ? ot : pt;
      const Item& b = c.both() ? pt : golden;
      if (!same_values(a, b)) {
        ++bad;
        report_mismatch(kind, d.number, c.with_ddtb ? "ddtb" : o.peer(), a,
                        c.both() ? o.peer() : "file", b);
      }
      if (deal_lines)
        std::printf("   %11s %11s %7s", seconds(c.with_ddtb, ot.cpu_s, kDecimals[kind]).c_str(),
                    seconds(c.with_peer, pt.cpu_s, kDecimals[kind]).c_str(),
                    ratio_cell(c.both(), ot.cpu_s, pt.cpu_s, 2).c_str());
    }
    if (deal_lines) std::printf("\n");
  }
  return bad;
}

// The first round's totals per kind of work, then each side's nodes.
void print_totals(const Options& o, const Compared& c, const SideResult& ours,
                  const SideResult& peer) {
  const std::string p = o.peer();
  std::printf("\n%-12s %12s %12s %12s %12s %8s %8s\n", "totals", "ddtb cpu", (p + " cpu").c_str(),
              "ddtb wall", (p + " wall").c_str(), "cpu", "wall");
  std::printf("%-12s %12s %12s %12s %12s %8s %8s\n", "", "", "", "", "", "ratio", "ratio");
  std::array<Totals, kWorkKinds> t_ours, t_peer;
  for (int kind = 0; kind < kWorkKinds; ++kind) {
    if (!o.work[kind]) continue;
    if (c.with_ddtb) t_ours[kind] = totals_of(ours, kind);
    if (c.with_peer) t_peer[kind] = totals_of(peer, kind);
    const Totals& a = t_ours[kind];
    const Totals& b = t_peer[kind];
    std::printf("%-12s %12s %12s %12s %12s %8s %8s\n", kWorkLabels[kind],
                seconds(c.with_ddtb, a.cpu, 3).c_str(), seconds(c.with_peer, b.cpu, 3).c_str(),
                seconds(c.with_ddtb, a.wall, 3).c_str(), seconds(c.with_peer, b.wall, 3).c_str(),
                ratio_cell(c.both(), a.cpu, b.cpu, 3).c_str(),
                ratio_cell(c.both(), a.wall, b.wall, 3).c_str());
  }
  // ddtb counts its search nodes and trick starts itself; through the C API
  // only futureTricks.nodes is there (trick starts, as DDS counts).
  auto capi_kind = [&](int kind) {
    return kind == kTrick1 || (kind == kSolves && o.solutions != 3);
  };
  auto print_ddtb_nodes = [&](const std::string& name, const std::array<Totals, kWorkKinds>& t) {
    std::string line = name + " nodes:";
    const char* sep = "";
    for (int kind = 0; kind < kWorkKinds; ++kind) {
      if (!o.work[kind]) continue;
      line += std::string(sep) + " " + kWorkLabels[kind] + " " + std::to_string(t[kind].nodes) +
              " (" +
              (capi_kind(kind) ? std::string("the C API's futureTricks.nodes")
                               : "trick starts " + std::to_string(t[kind].trick_nodes)) +
              ")";
      sep = ",";
    }
    std::printf("%s\n", line.c_str());
  };
  if (c.with_ddtb) print_ddtb_nodes("ddtb", t_ours);
  if (c.with_peer && !o.peer_is_dds()) print_ddtb_nodes(p, t_peer);
  if (c.with_peer && o.peer_is_dds() && (o.work[kSolves] || o.work[kTrick1])) {
    std::printf("dds nodes: ");
    const char* sep = "";
    for (const int kind : {kSolves, kTrick1})
      if (o.work[kind])
        std::printf("%s %s %" PRIu64, sep, kWorkLabels[kind], t_peer[kind].nodes), sep = ",";
    std::printf(" (DDS counts trick starts only)\n");
  }
}

// Every round must give the same answers as the first; returns the number
// of deals where one does not.
int check_rounds(const Options& o, const std::vector<RefDeal>& deals,
                 const std::vector<SideResult>& ours, const std::vector<SideResult>& peer) {
  int bad = 0;
  for (std::size_t r = 1; r < std::size_t(o.rounds); ++r)
    for (std::size_t i = 0; i < deals.size(); ++i)
      for (const auto* runs : {&peer, &ours}) {
        if (runs->empty()) continue;
        bool same = true;
        for (int kind = 0; kind < kWorkKinds; ++kind)
          same = same && same_values((*runs)[0].items[kind][i], (*runs)[r].items[kind][i]);
        if (!same) {
          ++bad;
          std::printf("MISMATCH deal %d: %s round %zu differs from its round 1\n", deals[i].number,
                      runs == &peer ? o.peer() : "ddtb", r + 1);
        }
      }
  return bad;
}

// Each round's CPU seconds and ratio per kind of work, then the median
// ratio of the rounds.
void print_rounds(const Options& o, const Compared& c, const std::vector<SideResult>& ours,
                  const std::vector<SideResult>& peer) {
  std::printf("rounds (cpu seconds; ratio ddtb/%s, each from one run of both sides):\n", o.peer());
  std::array<std::vector<double>, kWorkKinds> ratios;
  for (std::size_t r = 0; r < std::size_t(o.rounds); ++r) {
    std::printf("  round %2zu:", r + 1);
    const char* sep = "";
    for (int kind = 0; kind < kWorkKinds; ++kind) {
      if (!o.work[kind]) continue;
      const Totals a = c.with_ddtb ? totals_of(ours[r], kind) : Totals{};
      const Totals b = c.with_peer ? totals_of(peer[r], kind) : Totals{};
      std::printf("%s %s %s / %s = %s", sep, kWorkLabels[kind],
                  seconds(c.with_ddtb, a.cpu, 3).c_str(), seconds(c.with_peer, b.cpu, 3).c_str(),
                  ratio_cell(c.both(), a.cpu, b.cpu, 3).c_str());
      sep = ",";
      if (c.both()) ratios[kind].push_back(a.cpu / b.cpu);
    }
    std::printf("\n");
  }
  if (!c.both()) return;
  std::printf("median of %d rounds:", o.rounds);
  const char* sep = "";
  for (int kind = 0; kind < kWorkKinds; ++kind)
    if (o.work[kind])
      std::printf("%s %s%s", sep, kWorkLabels[kind], median_and_range(ratios[kind]).c_str()),
          sep = ",";
  std::printf("\n");
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
  const Compared c{o.sides != Sides::kPeer, o.sides != Sides::kDdtb};
  const auto table_cards = table_cards_of(c.with_ddtb ? o.tablebase : "");
  const auto peer_cards = table_cards_of(o.versus_tables.value_or(""));
  if (!table_cards || !peer_cards) return 2;
  print_setup(o, deals, c, *table_cards, *peer_cards);

  std::vector<SideResult> peer_runs, ours_runs;
  if (!run_rounds(o, deals, c, ours_runs, peer_runs)) return 2;
  const SideResult no_side;
  const SideResult& peer = c.with_peer ? peer_runs.front() : no_side;
  const SideResult& ours = c.with_ddtb ? ours_runs.front() : no_side;
  if (c.with_peer && o.peer_is_dds())
    std::printf("  dds reports version %s\n\n", peer.version.c_str());

  int bad = check_first_round(o, deals, c, ours, peer);
  print_totals(o, c, ours, peer);
  if (o.rounds > 1) {
    bad += check_rounds(o, deals, ours_runs, peer_runs);
    print_rounds(o, c, ours_runs, peer_runs);
  }
  if (c.both()) print_worst_deals(o, deals, ours_runs, peer_runs);
  if (c.both() && o.per_deal) print_per_deal(o, deals, ours_runs, peer_runs);
  if (o.per_deal) std::printf("\n");

  std::vector<ChildRun> ours_children, peer_children;
  for (const SideResult& r : ours_runs) ours_children.push_back(r.child);
  for (const SideResult& r : peer_runs) peer_children.push_back(r.child);
  print_peak_memory(ours_children, peer_children, o.peer());

  if (bad) {
    std::printf("FAILED: %d answers differ\n", bad);
    return 1;
  }
  std::printf("all %s agree (%s)\n", compared_text(o, deals.size()).c_str(),
              c.both() ? (std::string("ddtb = ") + o.peer()).c_str() : "with the file");
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
  replay.with_ddtb = options.sides != ddtb::bench::Sides::kPeer;
  replay.with_dds = options.sides != ddtb::bench::Sides::kDdtb;
  replay.rounds = options.rounds;
  replay.tt_mb = options.tt_mb;
  replay.dds_mb = options.dds_mb;
  replay.tablebase = options.tablebase;
  replay.versus_tables = options.versus_tables;
  replay.quiet = options.quiet;
  return ddtb::bench::run_replay(replay);
}
