// ddtb-order-data: the data the learned move ordering is fitted on
// (bench/README.md, "The learned move ordering").
//
// Each root (a seeded random deal at trick 1, and optionally each board of a
// replay workload: a robot's calls) is solved as a user would ask it
// (`solutions = 1`, or every card for a replay call with `solutions = 3`)
// from an empty table. Among the nodes where that search orders several
// choices, `--per-root` are drawn uniformly (so nodes come in the
// proportions the search meets them, each with the question it asked
// there). For each choice of a drawn node the root is solved again from an
// empty table, that choice tried first at that node: the trick starts the
// search spends below that node, over all its visits, are the choice's
// cost. (The whole search's trick starts are no label: one node's choice
// changes the cutoff memory's cards for many others, and the totals swing
// by a fifth either way for reasons that have little to do with the
// choice.) Each choice is one CSV
// row: the node, its context, the label "this card reaches the node's best
// score", how many tricks it falls short, the indices of its features
// (solver/order_features.hpp), its place in the order of the hand-made
// weights (solver/ordering_weights.hpp; 0 first), the question (`need`: the
// tricks the side to play must take), whether the card answers it (cuts),
// its cost, and its hand-made weight. bench/fit_order_model.py fits the model to the costs. The
// output depends only on the options: every random choice comes from the
// seeded generator.
#include <algorithm>
#include <array>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/order_positions.hpp"
#include "bench/random_deals.hpp"
#include "bench/replay_file.hpp"
#include "ddtb/solver.hpp"
#include "solver/move_order.hpp"
#include "solver/order_features.hpp"
#include "solver/ordering_weights.hpp"
#include "solver/search.hpp"
#include "solver/solver_core.hpp"
#include "tools/command_line.hpp"

namespace ddtb::bench {
namespace {

constexpr const char* kTool = "ddtb-order-data";

struct Options {
  std::uint64_t seed = 1;
  int first = 1;  // the first random deal
  int deals = 0;  // random deals
  std::string replay;
  int stride = 8;        // every stride-th board of each replay call
  int per_root = 4;      // nodes drawn per root
  int later = 0;         // per cent of random roots later in the play
  bool learned = false;  // draw under the learned ordering
  std::string out;
  bool quiet = false;
};

constexpr const char* kHeader =
    "node,context,tricks,pos,nt,source,label,short,f0,f1,f2,f3,f4,f5,card,hand,need,cut,cost,"
    "hand_weight\n";

// Draws nodes of a search (sampling: `size` uniformly, by reservoir), or
// names the card to try first at one node (forcing).
class NodeProbe final : public detail::NodeObserver {
 public:
  NodeProbe(std::size_t size, test::Rng& rng) : size_(size), rng_(rng) {}

  void sample() {
    kept_.clear();
    seen_ = 0;
    forcing_ = false;
  }
  void force(const detail::ObservedNode& at, int card) {
    forcing_ = true;
    target_ = at;
    card_ = card;
    hits_ = 0;
    cost_ = 0;
    open_.clear();
  }
  const std::vector<detail::ObservedNode>& kept() const { return kept_; }
  // Forcing: the visits of the node, and the trick starts of its searches.
  std::uint64_t hits() const { return hits_; }
  std::uint64_t cost() const { return cost_; }

  int node(const detail::ObservedNode& n) override {
    if (forcing_) {
      const bool target = same(n, target_);
      open_.push_back(target);
      if (!target) return -1;
      ++hits_;
      return card_;
    }
    ++seen_;
    if (kept_.size() < size_) {
      kept_.push_back(n);
    } else {
      const std::uint64_t slot = rng_.below64(seen_);
      if (slot < size_) kept_[slot] = n;
    }
    return -1;
  }
  void left(std::uint64_t trick_starts) override {
    if (!forcing_) return;
    if (open_.back()) cost_ += trick_starts;
    open_.pop_back();
  }

 private:
  static bool same(const detail::ObservedNode& a, const detail::ObservedNode& b) {
    if (a.hands != b.hands || a.leader != b.leader || a.pos != b.pos || a.beta != b.beta)
      return false;
    for (int i = 0; i < a.pos; ++i)
      if (a.trick[std::size_t(i)] != b.trick[std::size_t(i)]) return false;
    return true;
  }

  std::size_t size_;
  test::Rng& rng_;
  std::uint64_t seen_ = 0;
  std::vector<detail::ObservedNode> kept_;
  bool forcing_ = false;
  detail::ObservedNode target_{};
  int card_ = -1;
  std::uint64_t hits_ = 0, cost_ = 0;
  std::vector<bool> open_;  // per node entered and not yet left: the target?
};

// The node as a Position, and the tricks its side to play must take.
Position position_of(const detail::ObservedNode& n, int& need) {
  std::array<CardSet, 4> hands;
  for (int s = 0; s < 4; ++s)
    for (int suit = 0; suit < 4; ++suit)
      hands[std::size_t(s)] =
          hands[std::size_t(s)] |
          CardSet::from_holding(suit_from_int(suit),
                                static_cast<std::uint16_t>(n.hands[std::size_t(s)] >> (16 * suit)));
  std::vector<Card> trick;
  for (int i = 0; i < n.pos; ++i) trick.push_back(Card::from_index(n.trick[std::size_t(i)]));
  const Position p =
      *Position::make(hands, strain_from_int(n.trump), seat_from_int(n.leader), trick);
  const int k = p.tricks_left();
  need = is_north_south(p.to_play()) ? n.beta : k - n.beta + 1;
  return p;
}

// The trick starts of solving `root` as a user asks it, from an empty table.
std::uint64_t solve_cost(detail::SolverCore& searched, const Root& root) {
  searched.clear();
  searched.reset_stats();
  if (root.solutions == 3)
    searched.solve(root.position);
  else
    searched.best_card(root.position);
  return searched.stats().trick_starts;
}

// Writes the rows of node `at` of root `root` as node `id`; false (nothing
// written) when forcing a card there never met the node.
bool write_node(std::FILE* out, std::uint64_t id, const Root& root, const detail::ObservedNode& at,
                Solver& labels, detail::SolverCore& searched, NodeProbe& probe) {
  namespace of = detail::order_features;
  int need;
  const Position p = position_of(at, need);
  const RawNode n = raw_node(p);
  const SolveResult r = labels.solve(p);
  int score[64];
  for (int& s : score) s = -1;
  for (const CardScore& cs : r.cards) score[cs.card.index()] = cs.tricks;
  const of::Node nd = of::node_of(n.hands, n.trump, n.view);
  const of::Trick tk(nd, n.view);
  const detail::MoveOrder hand(true, false, nullptr, nullptr);
  detail::MoveList ml;
  hand.list(n.hands, n.trump, n.view, n.choices, -1, -1, ml);
  int hand_place[64], hand_weight[64];
  for (int i = 0; i < ml.size; ++i) {
    hand_place[ml.moves[i].card] = i;
    hand_weight[ml.moves[i].card] = ml.moves[i].weight;
  }
  std::string rows;
  for (detail::Bits c = n.choices; c; c &= c - 1) {
    const int card = detail::bottom_index(c);
    if (score[card] < 0)
      throw std::runtime_error("the solver scored no run topped by card " + std::to_string(card));
    probe.force(at, card);
    solve_cost(searched, root);
    if (probe.hits() == 0) return false;
    const std::uint64_t cost = probe.cost();
    int f[of::kFeatures];
    if (n.view.pos == 0)
      of::lead_features(nd, card, f);
    else
      of::follow_features(nd, tk, card, f);
    char line[256];
    std::snprintf(line, sizeof line,
                  "%" PRIu64 ",%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%" PRIu64 ",%d\n",
                  id, nd.base / of::kBlock, nd.tricks_left, n.view.pos, n.trump == detail::kNoTrump,
                  int(root.source), score[card] == r.tricks, r.tricks - score[card], f[0], f[1],
                  f[2], f[3], f[4], f[5], card, hand_place[card], need, score[card] >= need, cost,
                  hand_weight[card]);
    rows += line;
  }
  std::fputs(rows.c_str(), out);
  return true;
}

int run(const Options& o) {
  std::vector<Root> roots = random_roots(o.seed, o.first, o.deals, o.later);
  if (!o.replay.empty()) {
    ReplayWorkload w;
    try {
      w = read_replay_file(o.replay);
    } catch (const ReplayFormatError& e) {
      std::fprintf(stderr, "%s: %s\n", kTool, e.what());
      return tools::kExitUsage;
    }
    for (Root& r : replay_roots(w, o.stride)) roots.push_back(r);
  }
  std::FILE* out = o.out == "-" ? stdout : std::fopen(o.out.c_str(), "w");
  if (!out) {
    std::fprintf(stderr, "%s: cannot write %s\n", kTool, o.out.c_str());
    return tools::kExitUsage;
  }
  std::fputs(kHeader, out);
  test::Rng rng(o.seed ^ 0x6f72646572ull);
  NodeProbe probe(static_cast<std::size_t>(o.per_root), rng);
  // The searches drawn from and priced: the ordering they use is the one
  // the data is drawn under (the hand-made weights unless --learned).
  SolverOptions options;
  const detail::OrderingWeights hand_weights = detail::kDefaultOrderingWeights;
  detail::SolverCore searched(options, o.learned ? nullptr : &hand_weights, nullptr, &probe);
  Solver labels;
  std::uint64_t nodes = 0;
  for (std::size_t i = 0; i < roots.size(); ++i) {
    probe.sample();
    solve_cost(searched, roots[i]);
    const std::vector<detail::ObservedNode> drawn = probe.kept();
    for (const detail::ObservedNode& n : drawn)
      if (write_node(out, nodes, roots[i], n, labels, searched, probe)) ++nodes;
    if (!o.quiet && (i + 1) % 100 == 0)
      std::fprintf(stderr, "%s: %zu of %zu roots, %" PRIu64 " nodes\n", kTool, i + 1, roots.size(),
                   nodes);
  }
  if (out != stdout && std::fclose(out) != 0) {
    std::fprintf(stderr, "%s: cannot write %s\n", kTool, o.out.c_str());
    return tools::kExitUsage;
  }
  if (!o.quiet) std::fprintf(stderr, "%s: %" PRIu64 " nodes written\n", kTool, nodes);
  return tools::kExitOk;
}

constexpr const char* kUsage =
    "usage: ddtb-order-data --out FILE [--seed N] [--deals N] [--first K]\n"
    "                       [--replay FILE [--stride N]] [--per-root N] [--learned] [--quiet]\n"
    "Writes the data the learned move ordering is fitted on (bench/README.md):\n"
    "one CSV row per choice of nodes drawn from the searches of the roots.\n"
    "  --out FILE     the CSV to write ('-': standard output); required\n"
    "  --seed N       random seed (default 1)\n"
    "  --deals N      roots from random deals first..first+N-1 of the seed (default 0)\n"
    "  --first K      the first random deal (default 1)\n"
    "  --replay FILE  roots from a replay workload's boards too (ddtb-replay-gen)\n"
    "  --stride N     every N-th board of each replay call (default 8)\n"
    "  --per-root N   nodes drawn per root (default 4)\n"
    "  --later P      P per cent of the random roots 4 to 31 random cards into the play\n"
    "                 (default 0: every root at trick 1)\n"
    "  --learned      draw from searches with the learned ordering (default: hand-made)\n"
    "  --quiet        no progress on standard error\n";

}  // namespace
}  // namespace ddtb::bench

int main(int argc, char** argv) {
  ddtb::bench::Options o;
  CLI::App app;
  app.add_option("--out", o.out);
  app.add_option("--seed", o.seed);
  app.add_option("--deals", o.deals);
  app.add_option("--first", o.first);
  app.add_option("--replay", o.replay);
  app.add_option("--stride", o.stride);
  app.add_option("--per-root", o.per_root);
  app.add_option("--later", o.later);
  app.add_flag("--learned", o.learned);
  app.add_flag("--quiet", o.quiet);
  const ddtb::tools::ToolText text =
      ddtb::tools::simple_text(ddtb::bench::kTool, ddtb::bench::kUsage);
  ddtb::tools::prepare(app, text);
  if (const auto status = ddtb::tools::parse(app, ddtb::tools::arguments(argc, argv), text))
    return *status;
  if (o.out.empty() || o.deals < 0 || o.first < 1 || o.stride < 1 || o.per_root < 1 ||
      o.later < 0 || o.later > 100 || (o.deals == 0 && o.replay.empty())) {
    std::fprintf(stderr,
                 "%s: --out is required, --deals and --replay give the roots; --first, --stride "
                 "and --per-root are at least 1\nTry '%s --help' for more information.\n",
                 ddtb::bench::kTool, ddtb::bench::kTool);
    return ddtb::tools::kExitUsage;
  }
  try {
    return ddtb::bench::run(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", ddtb::bench::kTool, e.what());
    return ddtb::tools::kExitFailure;
  }
}
