// The search core behind a Solver, as one interface over its instruction-set
// variants (core/isa.hpp). Internal.
//
// A Search owns a transposition table and an engine (solver/engine.hpp) of
// one variant; make_search() picks the fastest variant the CPU runs. Every
// variant searches exactly the same tree: the choice changes the speed,
// never an answer or a node count.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/endgame_probe.hpp"

namespace ddtb::detail {

struct OrderingWeights;  // solver/ordering_weights.hpp
struct OrderModel;       // solver/order_model.hpp

// A node where the search orders several choices, as an observer sees it
// (NodeObserver): the hands, strain (0..3, or 4 for no trump), the seat
// that led the trick, the cards played to it (`pos` of them) and the
// question asked there: do North-South take at least `beta` of the tricks
// left, the trick in progress counted?
struct ObservedNode {
  std::array<Bits, 4> hands;
  int trump;
  int leader;
  int pos;
  std::array<int, 3> trick;
  int beta;
};

// Sees every node where the search orders several choices, before it tries
// them, and may name a card to try there first; for the data of the learned
// move ordering (bench/order_data.cpp: what choosing each card first at one
// node costs the whole search), never set by a Solver. Not asked at a root
// whose order is fixed (Engine::set_fixed_root).
class NodeObserver {
 public:
  virtual ~NodeObserver() = default;
  // A card of the node's choices to try first (-1: none, the search's own
  // order).
  virtual int node(const ObservedNode& n) = 0;
  // The search of the node last passed to node() and not yet left is done;
  // it took `trick_starts` trick starts.
  virtual void left(std::uint64_t trick_starts) = 0;
};

// Search features; each can be switched off on its own (the tests do).
struct Features {
  bool quick_tricks = true;
  bool later_tricks = true;
  bool move_ordering = true;
  bool transposition_table = true;
  bool rank_equivalence = true;
  bool winning_ranks = true;
  // Which move ordering: the learned model (solver/order_model.hpp) or the
  // hand-made weights (solver/ordering_weights.hpp). The environment
  // variable DDTB_ORDERING=hand picks the hand-made ones for every solver
  // of a process (ordering_from_environment), for measurements.
  bool learned_ordering = true;
  // Move-ordering weights in place of the tuned ones, for measurements; not
  // owned, must outlive the search (nullptr: the tuned ones). With
  // learned_ordering, a model in place of the fitted one likewise.
  const OrderingWeights* ordering_weights = nullptr;
  const OrderModel* order_model = nullptr;
  NodeObserver* observer = nullptr;  // not owned
};

// Whether solvers use the learned move ordering: DDTB_ORDERING=learned or
// =hand in the environment, else kLearnedOrderingByDefault.
inline constexpr bool kLearnedOrderingByDefault = false;
bool ordering_from_environment();

struct EngineStats {
  std::uint64_t nodes = 0;
  std::uint64_t trick_starts = 0;
  std::uint64_t tt_lookups = 0;
  std::uint64_t tt_hits = 0;
  std::uint64_t tb_hits = 0;  // trick starts answered by the endgame table
};

struct TableCounts {
  std::size_t budget = 0;      // bytes the table may use now
  std::size_t max_budget = 0;  // bytes it may grow to
  std::size_t bytes = 0;       // bytes in use now
  std::uint64_t entries = 0;   // entries stored now
  std::uint64_t resets = 0;    // times it filled up at its largest and dropped entries
  std::uint64_t grows = 0;     // times it doubled
};

class Search {
 public:
  virtual ~Search() = default;
  // As Engine::set_root, solve, root_order, set_fixed_root and root_card.
  virtual void set_root(const std::array<Bits, 4>& hands, int trump, int leader, const int* trick,
                        int trick_size) = 0;
  virtual int solve(int guess, int lower, int upper, bool reach_first, int* best_card) = 0;
  // One zero-window search of the root (Engine::search): North-South's
  // fail-soft bound, >= beta when they reach beta.
  virtual int test(int beta) = 0;
  // test(beta), also giving the cards whose ranks the bound relies on
  // (Value::winners): every position that has their owners has the bound.
  virtual int prove(int beta, Bits& winners) = 0;
  // Forgets the cutoff memory (killer cards; Engine::reset_memory). The
  // table is kept.
  virtual void clear_memory() = 0;
  virtual int root_card() const = 0;
  virtual void set_fixed_root(bool fixed) = 0;
  virtual int root_order(int out[13], bool fixed) = 0;
  virtual void set_endgame_probe(const EndgameProbe* probe) = 0;
  virtual void clear_table() = 0;
  // Back to the starting size if the table grew (TransTable::shrink).
  virtual void shrink_table() = 0;
  virtual TableCounts table_counts() const = 0;
  virtual EngineStats& stats() = 0;
};

// The instruction-set variants (core/isa.hpp).
enum class SearchIsa { kBase, kV3 };

// The variant make_search() uses on this machine: kV3 where the CPU has
// x86-64-v3 with fast PEXT/PDEP (not AMD family 17h, Zen 1 and 2, where they
// are microcoded) and the library was built with it, unless the environment
// variable DDTB_ISA is "base" (for tests and measurements).
SearchIsa preferred_search_isa();
const char* search_isa_name(SearchIsa isa);

std::unique_ptr<Search> make_search(std::size_t tt_bytes, std::size_t tt_max_bytes,
                                    const Features& features);
// A given variant; kV3 must be available (search_isa_available).
std::unique_ptr<Search> make_search(std::size_t tt_bytes, std::size_t tt_max_bytes,
                                    const Features& features, SearchIsa isa);
bool search_isa_available(SearchIsa isa);

// The factories of the variants, one per compilation of engine.cpp.
std::unique_ptr<Search> make_search_isa_base(std::size_t tt_bytes, std::size_t tt_max_bytes,
                                             const Features& features);
std::unique_ptr<Search> make_search_isa_v3(std::size_t tt_bytes, std::size_t tt_max_bytes,
                                           const Features& features);

}  // namespace ddtb::detail
