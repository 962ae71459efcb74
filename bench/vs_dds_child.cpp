#include "bench/vs_dds_child.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <stdexcept>

#include "bench/ddtb_capi.hpp"
#include "bench/replay_solve.hpp"
#include "ddtb/tablebase.hpp"
#include "tests/support/capi_compare.hpp"
#include "tests/support/dds_peer.hpp"

namespace ddtb::bench {

namespace {

// Times `fn`, which fills `item.values` and may set `item.nodes`.
template <class Fn>
Item timed(Fn&& fn) {
  Item item;
  const Timing t = time_it([&] { fn(item); });
  item.cpu_s = t.cpu_s;
  item.wall_s = t.wall_s;
  return item;
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

}  // namespace

void put_table(const DdTable& t, Item& item) {
  for (int s = 0; s < kNumStrains; ++s)
    for (int h = 0; h < kNumSeats; ++h) item.values[s * 4 + h] = t.tricks[s][h];
}

void put_scores(const SolveResult& r, int solutions, Item& item) {
  const auto scores = test::per_card_scores(r);
  for (int i = 0; i < 64; ++i) item.values[i] = scores[i];
  keep_compared(item, solutions);
}

namespace {

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
// mode 1) at trick 1 with no card played, for each strain (S, H, D, C, NT;
// with `nt_only` no trump alone) and leader (N, E, S, W), the positions
// built before the clock starts. The item's time is the calls', its nodes
// their futureTricks.nodes summed.
Item trick1_solves(const SolveApi& api, const RefDeal& d, bool nt_only) {
  const int first = nt_only ? kNumStrains - 1 : 0;
  std::array<::deal, kTrick1Calls> positions;
  for (int s = first; s < kNumStrains; ++s)
    for (int l = 0; l < kNumSeats; ++l)
      positions[std::size_t(s * 4 + l)] =
          test::to_c_deal(Position::at_trick_start(d.deal, strain_from_int(s), seat_from_int(l)));
  return timed([&](Item& it) {
    for (int i = 4 * first; i < kTrick1Calls; ++i) {
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

}  // namespace

void run_dds(const VsOptions& o, const std::vector<RefDeal>& deals, int fd) {
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
             [&](const RefDeal& d) { return trick1_solves(capi(), d, o.nt_only); });
}

void run_ddtb(const VsOptions& o, const std::string& tablebase, const std::vector<RefDeal>& deals,
              int fd) {
  SolverOptions so;
  if (o.tt_mb) {
    so.tt_max_memory_bytes = o.tt_mb << 20;
    so.tt_memory_bytes = std::min(so.tt_memory_bytes, so.tt_max_memory_bytes);
  }
  if (!tablebase.empty()) {
    // Opened in the child, so that its mappings and chunk cache count in
    // ddtb's memory; main() has already checked that it opens.
    auto tb = Tablebase::open(tablebase);
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
    api = ddtb_solve_api(o.tt_mb, tablebase);
  }
  if (o.solutions != 3)
    send_items(fd, deals, capi_solves, [&](const RefDeal& d) {
      if (o.fresh_solver) ::FreeMemory();
      return capi_solve(*api, d, o.solutions);
    });
  send_items(fd, deals, o.work[kTrick1], [&](const RefDeal& d) {
    if (o.fresh_solver) ::FreeMemory();
    return trick1_solves(*api, d, o.nt_only);
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

}  // namespace ddtb::bench
