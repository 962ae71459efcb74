#include "bench/replay_run.hpp"

#include <algorithm>
#include <array>
#include <cinttypes>
#include <cstdio>
#include <map>
#include <set>
#include <vector>

#include "bench/ddtb_capi.hpp"
#include "bench/measure.hpp"
#include "bench/ratio_stats.hpp"
#include "bench/replay_file.hpp"
#include "bench/replay_solve.hpp"
#include "tests/support/dds_peer.hpp"

namespace ddtb::bench {
namespace {

constexpr const char* kTool = "ddtb-vs-dds";
// The worst per-call ratio is taken over calls that cost libdds at least
// this much CPU per round: the ratio of two tiny times is noise.
constexpr double kWorstCallFloorS = 1e-3;
constexpr std::size_t kVersionBytes = 16;

// --- what a child sends ----------------------------------------------------
//
// A 16-byte version field (DDS's GetDDSInfo version; empty for ddtb), then
// per call a CallHead and, when its code is RETURN_NO_FAULT, one BoardAnswer
// per board.

struct CallHead {
  double cpu_s = 0, wall_s = 0;
  std::uint64_t nodes = 0;  // trick starts (futureTricks.nodes summed)
  std::int32_t rc = 0;
  std::int32_t boards = 0;  // answers that follow
};

struct CallRun {
  Timing time;
  std::uint64_t nodes = 0;
  int rc = RETURN_NO_FAULT;
  std::vector<BoardAnswer> answers;
};

struct SideRun {
  ChildRun child;
  std::string version;
  std::vector<CallRun> calls;
};

void replay_calls(const SolveApi& api, const std::string& version, const ReplayWorkload& w,
                  int fd) {
  char field[kVersionBytes] = {};
  version.copy(field, kVersionBytes - 1);
  write_all(fd, field, kVersionBytes);
  CallSolver solver(api);
  for (const ReplayCall& call : w.calls) {
    CallOutcome r;
    const Timing t = time_it([&] { r = solver.solve(call); });
    const CallHead head{t.cpu_s, t.wall_s, r.nodes, r.rc,
                        static_cast<std::int32_t>(r.answers.size())};
    write_value(fd, head);
    write_all(fd, r.answers.data(), r.answers.size() * sizeof(BoardAnswer));
  }
}

// Runs one side and decodes what it sent (child.ok false when it failed or
// its report is not whole). The raw bytes are dropped once decoded: the
// parent's memory is what the next children start with.
SideRun run_side(const char* name, std::size_t calls, const std::function<void(int)>& work) {
  SideRun run;
  run.child = run_measured_child(kTool, name, work);
  ByteReader in(run.child.bytes);
  char version[kVersionBytes];
  bool complete = in.read(version);
  run.version.assign(version, complete ? strnlen(version, kVersionBytes) : 0);
  for (std::size_t i = 0; complete && i < calls; ++i) {
    CallHead head;
    CallRun c;
    complete = in.read(head);
    c.time = {head.cpu_s, head.wall_s};
    c.nodes = head.nodes;
    c.rc = head.rc;
    c.answers.resize(complete ? std::size_t(std::max(head.boards, 0)) : 0);
    for (BoardAnswer& a : c.answers) complete = complete && in.read(a);
    run.calls.push_back(std::move(c));
  }
  if (run.child.ok && !(complete && in.at_end())) {
    std::fprintf(stderr, "%s: the %s child sent a short or long report\n", kTool, name);
    run.child.ok = false;
  }
  std::string().swap(run.child.bytes);
  return run;
}

// --- checking --------------------------------------------------------------

std::string call_name(const ReplayCall& c) {
  return "seq " + std::to_string(c.seq) + " (line " + std::to_string(c.line) + ", " +
         (c.purpose.empty() ? std::string("no purpose") : c.purpose) + ", trick " +
         std::to_string(c.trick) + ", solutions " + std::to_string(c.solutions) + ")";
}

// Checks one call's answers (a side that did not run is nullptr) against
// each other and the file; prints a MISMATCH line per fault. Returns the
// number of faults.
int check_call(const ReplayCall& call, const CallRun* ours, const CallRun* dds, const char* peer) {
  int bad = 0;
  std::vector<std::pair<const char*, const CallRun*>> sides;
  for (const auto& [name, run] : {std::pair{"ddtb", ours}, std::pair{peer, dds}}) {
    if (!run) continue;
    if (run->rc != RETURN_NO_FAULT) {
      std::printf("MISMATCH %s: %s returned %d\n", call_name(call).c_str(), name, run->rc);
      ++bad;
    } else {
      sides.emplace_back(name, run);
    }
  }
  if (sides.empty()) return bad;
  std::vector<std::string> problems;
  const std::vector<BoardAnswer> file =
      call.result.present ? recorded_answers(call, sides.front().second->answers, problems)
                          : std::vector<BoardAnswer>();
  for (const std::string& p : problems)
    std::printf("MISMATCH %s: %s\n", call_name(call).c_str(), p.c_str()), ++bad;
  for (std::size_t b = 0; b < call.hands_pbn.size(); ++b) {
    std::vector<std::pair<const char*, const BoardAnswer*>> answers;
    for (const auto& [name, run] : sides) answers.emplace_back(name, &run->answers[b]);
    if (!file.empty()) answers.emplace_back("file", &file[b]);
    if (const std::string d = describe_differences(answers); !d.empty()) {
      std::printf("MISMATCH %s board %zu: %s\n", call_name(call).c_str(), b + 1, d.c_str());
      ++bad;
    }
  }
  return bad;
}

// Every later round of a side must answer as its first.
int check_rounds(const ReplayWorkload& w, const std::vector<SideRun>& runs, const char* name) {
  int bad = 0;
  for (std::size_t r = 1; r < runs.size(); ++r)
    for (std::size_t i = 0; i < w.calls.size(); ++i) {
      const CallRun& a = runs[0].calls[i];
      const CallRun& b = runs[r].calls[i];
      if (a.rc != b.rc || a.answers != b.answers) {
        std::printf("MISMATCH %s: %s round %zu differs from its round 1\n",
                    call_name(w.calls[i]).c_str(), name, r + 1);
        ++bad;
      }
    }
  return bad;
}

// --- totals ----------------------------------------------------------------

// The rows every table is split into: each purpose (in order of first
// appearance), then "total"; each followed by its no-trump and suit calls
// apart ("lead nt", "lead suit"), where it has calls of both kinds.
struct CallGroups {
  std::vector<std::string> names;
  std::vector<std::vector<std::size_t>> of_call;  // the rows each call counts in
  std::size_t total = 0;                          // the row "total"
};

CallGroups call_groups(const ReplayWorkload& w) {
  std::vector<std::string> purposes;
  std::map<std::string, std::array<int, 2>> kinds;  // [nt, suit] calls per purpose
  for (const ReplayCall& c : w.calls) {
    const std::string p = c.purpose.empty() ? "(none)" : c.purpose;
    if (!kinds.count(p)) purposes.push_back(p);
    ++kinds[p][c.strain_i == 0 ? 0 : 1];
    ++kinds["total"][c.strain_i == 0 ? 0 : 1];
  }
  purposes.push_back("total");
  CallGroups g;
  std::map<std::string, std::array<std::size_t, 3>> rows;  // [all, nt, suit]
  constexpr std::size_t kNone = ~std::size_t{0};
  for (const std::string& p : purposes) {
    const bool split = kinds[p][0] > 0 && kinds[p][1] > 0;
    std::array<std::size_t, 3>& r = rows[p];
    if (p == "total") g.total = g.names.size();
    r[0] = g.names.size();
    g.names.push_back(p);
    r[1] = split ? g.names.size() : kNone;
    if (split) g.names.push_back(p + " nt");
    r[2] = split ? g.names.size() : kNone;
    if (split) g.names.push_back(p + " suit");
  }
  for (const ReplayCall& c : w.calls) {
    const int kind = c.strain_i == 0 ? 1 : 2;
    std::vector<std::size_t>& in = g.of_call.emplace_back();
    for (const std::string& p :
         {c.purpose.empty() ? std::string("(none)") : c.purpose, std::string("total")})
      for (const int k : {0, kind})
        if (rows[p][std::size_t(k)] != kNone) in.push_back(rows[p][std::size_t(k)]);
  }
  return g;
}

struct Totals {
  int calls = 0;
  long boards = 0;
  double cpu = 0, wall = 0;
  std::uint64_t nodes = 0;  // trick starts
};

// Per row of call_groups().
struct PurposeTotals {
  std::vector<std::string> names;
  std::size_t total = 0;
  std::vector<Totals> ours, dds;
};

PurposeTotals purpose_totals(const ReplayWorkload& w, const SideRun* ours, const SideRun* dds) {
  const CallGroups g = call_groups(w);
  PurposeTotals t;
  t.names = g.names;
  t.total = g.total;
  t.ours.resize(t.names.size());
  t.dds.resize(t.names.size());
  for (std::size_t i = 0; i < w.calls.size(); ++i)
    for (const std::size_t k : g.of_call[i])
      for (const auto& [side, totals] : {std::pair{ours, &t.ours}, std::pair{dds, &t.dds}}) {
        Totals& s = (*totals)[k];
        ++s.calls;
        s.boards += static_cast<long>(w.calls[i].hands_pbn.size());
        if (!side) continue;
        s.cpu += side->calls[i].time.cpu_s;
        s.nodes += side->calls[i].nodes;
        s.wall += side->calls[i].time.wall_s;
      }
  return t;
}

// The totals table; "<peer> share" is each purpose's part of the peer's
// CPU time over all calls.
void print_totals(const PurposeTotals& t, bool with_ddtb, bool with_dds, const std::string& peer) {
  const bool both = with_ddtb && with_dds;
  const double dds_total = t.dds[t.total].cpu;
  std::printf("\n%-15s %6s %7s %11s %11s %11s %11s %7s %7s %7s\n", "purpose", "calls", "boards",
              "ddtb cpu", (peer + " cpu").c_str(), "ddtb wall", (peer + " wall").c_str(), "cpu",
              "wall", peer.c_str());
  std::printf("%-15s %6s %7s %11s %11s %11s %11s %7s %7s %7s\n", "", "", "", "", "", "", "",
              "ratio", "ratio", "share");
  for (std::size_t k = 0; k < t.names.size(); ++k) {
    const Totals& a = t.ours[k];
    const Totals& b = t.dds[k];
    std::printf("%-15s %6d %7ld %11s %11s %11s %11s %7s %7s %7s\n", t.names[k].c_str(), a.calls,
                a.boards, seconds(with_ddtb, a.cpu, 3).c_str(), seconds(with_dds, b.cpu, 3).c_str(),
                seconds(with_ddtb, a.wall, 3).c_str(), seconds(with_dds, b.wall, 3).c_str(),
                ratio_cell(both, a.cpu, b.cpu, 3).c_str(),
                ratio_cell(both, a.wall, b.wall, 3).c_str(),
                cell(with_dds && dds_total > 0, "%.1f%%", 100 * b.cpu / dds_total).c_str());
  }
  // Both libraries count a node in futureTricks.nodes per trick start
  // searched, so these say where one searches more than the other.
  std::printf("\n%-15s %15s %15s %7s\n", "purpose", "ddtb tricks", (peer + " tricks").c_str(),
              "ratio");
  for (std::size_t k = 0; k < t.names.size(); ++k) {
    const Totals& a = t.ours[k];
    const Totals& b = t.dds[k];
    std::printf("%-15s %15s %15s %7s\n", t.names[k].c_str(),
                cell(with_ddtb, "%.0f", double(a.nodes)).c_str(),
                cell(with_dds, "%.0f", double(b.nodes)).c_str(),
                ratio_cell(both, double(a.nodes), double(b.nodes), 3).c_str());
  }
}

// One line per round (CPU ratios, total then per purpose), then the median
// of each ratio with its range.
void print_rounds(const ReplayWorkload& w, const std::vector<SideRun>& ours,
                  const std::vector<SideRun>& dds, const char* peer) {
  std::printf("\nrounds (cpu seconds; ratio ddtb/%s, each from one run of both sides):\n", peer);
  std::vector<std::vector<double>> ratios;  // [purpose][round]
  std::vector<std::string> names;
  for (std::size_t r = 0; r < ours.size(); ++r) {
    const PurposeTotals t = purpose_totals(w, &ours[r], &dds[r]);
    names = t.names;
    ratios.resize(t.names.size());
    const std::size_t total = t.total;
    std::printf("  round %2zu: total %.3f s / %.3f s = %.3f;", r + 1, t.ours[total].cpu,
                t.dds[total].cpu, t.ours[total].cpu / t.dds[total].cpu);
    for (std::size_t k = 0; k < t.names.size(); ++k) {
      ratios[k].push_back(t.ours[k].cpu / t.dds[k].cpu);
      if (k != total) std::printf(" %s %.3f", t.names[k].c_str(), ratios[k].back());
    }
    std::printf("\n");
  }
  const std::size_t total = purpose_totals(w, nullptr, nullptr).total;
  std::printf("median of %zu rounds: total%s", ours.size(),
              median_and_range(ratios[total]).c_str());
  for (std::size_t k = 0; k < names.size(); ++k)
    if (k != total) std::printf("; %s%s", names[k].c_str(), median_and_range(ratios[k]).c_str());
  std::printf("\n");
}

// libdds's CPU share of each purpose, per round and the median of the
// rounds: what a mix calibrated on DDS's time (ddtb-replay-gen) is checked
// by.
void print_dds_shares(const ReplayWorkload& w, const std::vector<SideRun>& dds) {
  std::vector<std::vector<double>> shares;  // [row][round], in per cent
  std::vector<std::string> names;
  for (const SideRun& r : dds) {
    const PurposeTotals t = purpose_totals(w, nullptr, &r);
    names = t.names;
    shares.resize(t.names.size());
    for (std::size_t k = 0; k < t.names.size(); ++k)
      shares[k].push_back(100 * t.dds[k].cpu / t.dds[t.total].cpu);
  }
  std::printf("dds cpu share per purpose (per cent), median of %zu rounds:", dds.size());
  for (std::size_t k = 0; k < shares.size(); ++k)
    if (names[k] != "total")
      std::printf("%s %s %.1f", k ? ";" : "", names[k].c_str(), median_of(shares[k]));
  std::printf("\n");
}

// The spread of the calls' ratios, per purpose and in all: each call's time
// on a side is the median of its rounds, and only calls whose median takes
// libdds at least kWorstCallFloorS count (the ratio of two tiny times is
// noise); how many are left out is printed.
void print_call_spread(const ReplayWorkload& w, const std::vector<SideRun>& ours,
                       const std::vector<SideRun>& dds, const char* peer) {
  std::vector<std::vector<double>> a, b;  // [round][call]
  for (const auto& [runs, times] : {std::pair{&ours, &a}, std::pair{&dds, &b}})
    for (const SideRun& r : *runs) {
      times->emplace_back();
      for (const CallRun& c : r.calls) times->back().push_back(c.time.cpu_s);
    }
  // The rows of call_groups().
  struct Group {
    std::string name;
    std::vector<ItemRatio> counted;
    int left_out = 0;
  };
  const CallGroups rows = call_groups(w);
  std::vector<Group> groups;
  for (const std::string& name : rows.names) groups.push_back({name, {}, 0});
  for (const ItemRatio& r : median_items(a, b))
    for (const std::size_t k : rows.of_call[std::size_t(r.id)]) {
      if (r.dds_s >= kWorstCallFloorS)
        groups[k].counted.push_back(r);
      else
        ++groups[k].left_out;
    }
  std::printf(
      "\nper call (each side's median CPU time of %zu round%s; calls taking %s at least %.0f "
      "ms):\n",
      ours.size(), ours.size() == 1 ? "" : "s", peer, kWorstCallFloorS * 1e3);
  std::printf("%-15s %6s %7s %7s %7s %9s %10s\n", "purpose", "calls", "p50", "p95", "max",
              "over 1.0", "left out");
  for (const Group& g : groups) {
    const RatioSpread s = spread_of(g.counted);
    std::printf("%-15s %6zu %7s %7s %7s %9d %10d\n", g.name.c_str(), s.count,
                cell(s.count > 0, "%.3f", s.p50).c_str(), cell(s.count > 0, "%.3f", s.p95).c_str(),
                cell(s.count > 0, "%.3f", s.max).c_str(), s.over_one, g.left_out);
  }
  std::printf("\n");
}

// The call with the largest ratio of CPU time summed over the rounds.
void print_worst_call(const ReplayWorkload& w, const std::vector<SideRun>& ours,
                      const std::vector<SideRun>& dds, const char* peer) {
  double worst = 0, worst_ours = 0, worst_dds = 0;
  std::size_t at = w.calls.size();
  for (std::size_t i = 0; i < w.calls.size(); ++i) {
    double a = 0, b = 0;
    for (const SideRun& r : ours) a += r.calls[i].time.cpu_s;
    for (const SideRun& r : dds) b += r.calls[i].time.cpu_s;
    if (b < kWorstCallFloorS * double(dds.size()) || a / b <= worst) continue;
    worst = a / b, worst_ours = a, worst_dds = b, at = i;
  }
  if (at == w.calls.size()) return;
  std::printf(
      "worst call (of those taking %s at least %.0f ms): %s, %zu boards: ddtb %.4f s, "
      "%s %.4f s (cpu, %zu rounds), ratio %.3f\n",
      peer, kWorstCallFloorS * 1e3, call_name(w.calls[at]).c_str(), w.calls[at].hands_pbn.size(),
      worst_ours, peer, worst_dds, ours.size(), worst);
}

void print_call_lines(const ReplayWorkload& w, const SideRun* ours, const SideRun* dds,
                      const std::string& peer) {
  std::printf("\n%6s %-11s %5s %3s %6s %11s %11s %7s\n", "seq", "purpose", "trick", "sol", "boards",
              "ddtb cpu", (peer + " cpu").c_str(), "ratio");
  for (std::size_t i = 0; i < w.calls.size(); ++i) {
    const ReplayCall& c = w.calls[i];
    const double a = ours ? ours->calls[i].time.cpu_s : 0, b = dds ? dds->calls[i].time.cpu_s : 0;
    std::printf("%6d %-11s %5d %3d %6zu %11s %11s %7s\n", c.seq, c.purpose.c_str(), c.trick,
                c.solutions, c.hands_pbn.size(), seconds(ours, a, 4).c_str(),
                seconds(dds, b, 4).c_str(), ratio_cell(ours && dds, a, b, 2).c_str());
  }
}

void print_header(const ReplayOptions& o, const ReplayWorkload& w) {
  long boards = 0;
  std::set<int> deals;
  int by_solutions[4] = {};
  for (const ReplayCall& c : w.calls) {
    boards += static_cast<long>(c.hands_pbn.size());
    deals.insert(c.board);
    ++by_solutions[c.solutions];
  }
  std::printf("%s --replay %s: %zu calls, %ld boards, %zu deals; solutions 1/2/3: %d/%d/%d calls\n",
              kTool, o.file.c_str(), w.calls.size(), boards, deals.size(), by_solutions[1],
              by_solutions[2], by_solutions[3]);
  if (!w.skipped.empty()) {
    std::printf("  records not replayed:");
    for (const auto& [type, n] : w.skipped) std::printf(" %s %d", type.c_str(), n);
    std::printf("\n");
  }
  if (o.with_ddtb)
    std::printf(
        "  ddtb: its C API, SolveBoardPBN (one board) or SolveAllBoards; SetMaxThreads(1), "
        "SetResources(%zu, 1)%s%s\n",
        o.tt_mb, o.tablebase.empty() ? "" : ", tables of ", o.tablebase.c_str());
  const std::string dds_setup =
      o.dds_mb ? "SetResources(" + std::to_string(o.dds_mb) + ", 1)" : "SetMaxThreads(1)";
  if (o.with_dds && !o.versus_tables)
    std::printf("  dds:  %s, the same calls; %s\n", test::kLibddsPath, dds_setup.c_str());
  if (o.with_dds && o.versus_tables)
    std::printf("  base: ddtb as above, the same calls, %s%s\n",
                o.versus_tables->empty() ? "without endgame tables" : "with the tables of ",
                o.versus_tables->c_str());
  std::printf("  target -1, mode 1; times are CPU seconds of each side's own process\n");
}

}  // namespace

int run_replay(const ReplayOptions& o) {
  ReplayWorkload w;
  try {
    w = read_replay_file(o.file);
  } catch (const ReplayFormatError& e) {
    std::fprintf(stderr, "%s: %s\n", kTool, e.what());
    return 2;
  }
  if (w.calls.empty()) {
    std::fprintf(stderr, "%s: %s holds no solve record\n", kTool, o.file.c_str());
    return 2;
  }
  print_header(o, w);
  // The side ddtb is compared with: libdds, or ddtb with other tables.
  const char* peer = o.versus_tables ? "base" : "dds";

  std::vector<SideRun> dds_runs, ours_runs;
  for (int r = 0; r < o.rounds; ++r) {
    if (o.with_dds) {
      dds_runs.push_back(run_side(peer, w.calls.size(), [&](int fd) {
        if (o.versus_tables) {
          replay_calls(ddtb_solve_api(o.tt_mb, *o.versus_tables), "", w, fd);
          return;
        }
        test::DdsPeer dds(test::kLibddsPath, o.dds_mb);
        replay_calls(dds_solve_api(dds, o.dds_mb), dds.version(), w, fd);
      }));
      if (!dds_runs.back().child.ok) return 2;
    }
    if (o.with_ddtb) {
      ours_runs.push_back(run_side("ddtb", w.calls.size(), [&](int fd) {
        replay_calls(ddtb_solve_api(o.tt_mb, o.tablebase), "", w, fd);
      }));
      if (!ours_runs.back().child.ok) return 2;
    }
  }
  const SideRun* ours = o.with_ddtb ? &ours_runs.front() : nullptr;
  const SideRun* dds = o.with_dds ? &dds_runs.front() : nullptr;
  if (dds && !o.versus_tables) std::printf("  dds reports version %s\n", dds->version.c_str());

  if (!o.quiet) print_call_lines(w, ours, dds, peer);
  int bad = 0;
  for (std::size_t i = 0; i < w.calls.size(); ++i)
    bad += check_call(w.calls[i], ours ? &ours->calls[i] : nullptr, dds ? &dds->calls[i] : nullptr,
                      peer);
  bad += check_rounds(w, ours_runs, "ddtb") + check_rounds(w, dds_runs, peer);

  print_totals(purpose_totals(w, ours, dds), o.with_ddtb, o.with_dds, peer);
  if (ours && dds) {
    print_rounds(w, ours_runs, dds_runs, peer);
    if (!o.versus_tables) print_dds_shares(w, dds_runs);
    print_worst_call(w, ours_runs, dds_runs, peer);
    print_call_spread(w, ours_runs, dds_runs, peer);
  }
  std::vector<ChildRun> ours_children, dds_children;
  for (const SideRun& r : ours_runs) ours_children.push_back(r.child);
  for (const SideRun& r : dds_runs) dds_children.push_back(r.child);
  print_peak_memory(ours_children, dds_children, peer);

  if (bad) {
    std::printf("FAILED: %d answers differ or were refused\n", bad);
    return 1;
  }
  long boards = 0;
  for (const ReplayCall& c : w.calls) boards += static_cast<long>(c.hands_pbn.size());
  std::printf("all %zu calls (%ld boards) agree (%s)\n", w.calls.size(), boards,
              ours && dds ? (std::string("ddtb = ") + peer + " = file").c_str()
              : ours      ? "ddtb = file"
                          : (std::string(peer) + " = file").c_str());
  return 0;
}

}  // namespace ddtb::bench
