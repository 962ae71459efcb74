// ddtb-order-eval: what a move ordering costs the search, in trick starts,
// on workloads shaped like the users' (bench/README.md, "The learned move
// ordering"): the DD tables of random deals and their 20 single-card solves
// at trick 1 (`solutions = 1` for every strain and leader), and the calls of
// a replay workload (a robot's: `solutions = 1` or 3 per board), each split
// into no trump and suits. The ordering is the compiled-in learned model,
// a model read from a weights file (--model, as bench/fit_order_model.py
// writes them), or the hand-made weights (--hand). Node counts depend on
// nothing but the search, so two orderings compare exactly on one machine
// whatever its load.
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "bench/order_positions.hpp"
#include "bench/random_deals.hpp"
#include "bench/replay_file.hpp"
#include "solver/order_model.hpp"
#include "solver/ordering_weights.hpp"
#include "solver/solver_core.hpp"
#include "tools/command_line.hpp"

namespace ddtb::bench {
namespace {

constexpr const char* kTool = "ddtb-order-eval";

struct Options {
  std::string model;  // a weights file; empty: the compiled-in model
  bool hand = false;
  std::uint64_t seed = 9001;
  int first = 1;
  int random = 0;
  bool tables = true, trick1 = true;
  bool fresh = false;  // each trick-1 solve from an empty table
  std::string replay;
};

// Reads a weights file of bench/fit_order_model.py (its integers in order,
// `//` comments skipped). Throws on a short or long file.
std::unique_ptr<detail::OrderModel> read_model(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<long> numbers;
  std::string line;
  while (std::getline(in, line)) {
    if (const auto c = line.find("//"); c != std::string::npos) line.erase(c);
    for (char& ch : line)
      if (ch == '{' || ch == '}' || ch == ',') ch = ' ';
    std::istringstream words(line);
    long v;
    while (words >> v) numbers.push_back(v);
    if (!words.eof()) throw std::runtime_error(path + ": not a weights file (" + line + ")");
  }
  auto m = std::make_unique<detail::OrderModel>();
  const std::size_t c = m->hand_scale.size(), n = m->weights.size();
  if (numbers.size() != c + n)
    throw std::runtime_error(path + ": " + std::to_string(numbers.size()) + " numbers, not " +
                             std::to_string(c + n));
  for (std::size_t i = 0; i < c; ++i) m->hand_scale[i] = static_cast<std::int16_t>(numbers[i]);
  for (std::size_t i = 0; i < n; ++i) m->weights[i] = static_cast<std::int16_t>(numbers[c + i]);
  return m;
}

// The order the C API's batches solve boards in (capi/batch.cpp): by
// strain, leader, then the suit lengths and cards of the four hands at the
// current trick's start.
std::tuple<int, int, std::array<int, 16>, std::array<std::uint64_t, 4>> batch_key(
    const Position& p) {
  std::array<CardSet, 4> start = p.hands();
  for (int i = 0; i < p.trick_size(); ++i) {
    CardSet& hand = start[static_cast<std::size_t>(to_int(next_seat(p.leader(), i)))];
    hand = hand | CardSet::of(p.trick_card(i));
  }
  std::array<int, 16> lengths{};
  std::array<std::uint64_t, 4> cards{};
  for (int seat = 0; seat < 4; ++seat) {
    cards[std::size_t(seat)] = start[std::size_t(seat)].bits();
    for (int s = 0; s < 4; ++s)
      lengths[std::size_t(seat * 4 + s)] = start[std::size_t(seat)].suit(suit_from_int(s)).size();
  }
  return {to_int(p.trump()), to_int(p.leader()), lengths, cards};
}

struct Counts {
  std::uint64_t trick_starts = 0, nodes = 0;
  int items = 0;
};

int run(const Options& o) {
  std::unique_ptr<detail::OrderModel> model;
  if (!o.model.empty()) model = read_model(o.model);
  const detail::OrderingWeights hand = detail::kDefaultOrderingWeights;
  SolverOptions options;
  // The hand-made weights are read at run time here (the same order as the
  // compiled-in ones, which ddtb-bench --ablate checks).
  detail::SolverCore solver(options, o.hand ? &hand : nullptr, o.hand ? nullptr : model.get());
  std::map<std::string, Counts> counts;
  auto add = [&](const std::string& what, bool nt) {
    const SolverStats s = solver.stats();
    for (const std::string& key : {what + (nt ? " nt" : " suit"), std::string("total")}) {
      Counts& c = counts[key];
      c.trick_starts += s.trick_starts;
      c.nodes += s.nodes;
      ++c.items;
    }
    solver.reset_stats();
  };
  solver.reset_stats();
  // Each workload from an empty table, as ddtb-vs-dds runs them.
  const std::vector<RefDeal> deals = random_ref_deals(o.seed, o.first, o.random);
  if (o.tables) {
    for (const RefDeal& d : deals)
      // One strain at a time, so that each is counted under its kind.
      for (int s = 0; s < 5; ++s) {
        solver.dd_table(d.deal, 1u << s);
        add("tables", s == 4);
      }
    solver.clear();
  }
  if (o.trick1) {
    for (const RefDeal& d : deals)
      for (int s = 0; s < 5; ++s)
        for (int l = 0; l < 4; ++l) {
          if (o.fresh) solver.clear();
          solver.best_card(Position::at_trick_start(d.deal, strain_from_int(s), seat_from_int(l)));
          add("trick1", s == 4);
        }
    solver.clear();
  }
  if (!o.replay.empty()) {
    const ReplayWorkload w = read_replay_file(o.replay);
    for (const ReplayCall& call : w.calls) {
      ReplayWorkload one;
      one.calls.push_back(call);
      // In the order the C API's batches solve them (capi/batch.cpp).
      std::vector<Root> rs = replay_roots(one, 1);
      std::stable_sort(rs.begin(), rs.end(), [](const Root& a, const Root& b) {
        return batch_key(a.position) < batch_key(b.position);
      });
      for (const Root& r : rs) {
        if (call.solutions == 3)
          solver.solve(r.position);
        else
          solver.best_card(r.position);
        add(call.purpose, call.strain_i == 0);
      }
    }
  }
  std::printf("%s: %s\n", kTool,
              o.hand ? "hand-made weights"
                     : (o.model.empty() ? "compiled-in model" : ("model " + o.model).c_str()));
  std::printf("%-16s %8s %14s %14s\n", "work", "items", "trick starts", "nodes");
  for (const auto& [key, c] : counts)
    std::printf("%-16s %8d %14" PRIu64 " %14" PRIu64 "\n", key.c_str(), c.items, c.trick_starts,
                c.nodes);
  return tools::kExitOk;
}

constexpr const char* kUsage =
    "usage: ddtb-order-eval [--model FILE | --hand] [--random N [--seed S] [--first K]]\n"
    "                       [--no-tables] [--no-trick1] [--fresh] [--replay FILE]\n"
    "Counts the trick starts and nodes the search spends on workloads with one\n"
    "move ordering (bench/README.md, \"The learned move ordering\").\n"
    "  --model FILE  the learned model's weights from FILE (bench/fit_order_model.py)\n"
    "  --hand        the hand-made weights (solver/ordering_weights.hpp)\n"
    "  --random N    N random deals of --seed (default 9001) from deal --first (1):\n"
    "                each DD table, and best_card at trick 1 for every strain and leader\n"
    "  --no-tables, --no-trick1   leave either out\n"
    "  --fresh       each trick-1 solve from an empty table\n"
    "  --replay FILE every board of a replay workload's calls\n";

}  // namespace
}  // namespace ddtb::bench

int main(int argc, char** argv) {
  ddtb::bench::Options o;
  bool no_tables = false, no_trick1 = false;
  CLI::App app;
  app.add_option("--model", o.model);
  app.add_flag("--hand", o.hand);
  app.add_option("--seed", o.seed);
  app.add_option("--first", o.first);
  app.add_option("--random", o.random);
  app.add_flag("--no-tables", no_tables);
  app.add_flag("--no-trick1", no_trick1);
  app.add_flag("--fresh", o.fresh);
  app.add_option("--replay", o.replay);
  const ddtb::tools::ToolText text =
      ddtb::tools::simple_text(ddtb::bench::kTool, ddtb::bench::kUsage);
  ddtb::tools::prepare(app, text);
  if (const auto status = ddtb::tools::parse(app, ddtb::tools::arguments(argc, argv), text))
    return *status;
  o.tables = !no_tables;
  o.trick1 = !no_trick1;
  if ((o.hand && !o.model.empty()) || o.random < 0 || o.first < 1 ||
      (o.random == 0 && o.replay.empty())) {
    std::fprintf(stderr,
                 "%s: give --random N and/or --replay FILE, and at most one of --model and "
                 "--hand\nTry '%s --help' for more information.\n",
                 ddtb::bench::kTool, ddtb::bench::kTool);
    return ddtb::tools::kExitUsage;
  }
  try {
    return ddtb::bench::run(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", ddtb::bench::kTool, e.what());
    return ddtb::tools::kExitUsage;
  }
}
