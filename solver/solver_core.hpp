// What a Solver does (include/ddtb/solver.hpp), as an internal class. Each
// public call of a Solver is the SolverCore call of the same name; the public
// Solver (solver.cpp) adds only the reading of the caller's options. The
// benchmarks make one with move-ordering weights of their own (`ddtb-bench
// --ablate`), which the public API does not offer. Internal.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "ddtb/solver.hpp"

namespace ddtb::detail {

struct OrderingWeights;  // solver/ordering_weights.hpp
struct OrderModel;       // solver/order_model.hpp
class NodeObserver;      // solver/search.hpp

class SolverCore {
 public:
  // `options` in the library's own layout (the public Solver reads the
  // caller's: core/given_options.hpp). For measurements: `ordering_weights`,
  // hand-made move-ordering weights in place of the tuned ones, or
  // `order_model`, a learned model in place of the fitted one; neither is
  // owned, each must outlive the SolverCore. With neither, the ordering
  // ordering_from_environment() names (solver/search.hpp).
  // `observer` sees the nodes where the search orders its choices
  // (solver/search.hpp; for the learned ordering's data), not owned.
  explicit SolverCore(const SolverOptions& options,
                      const OrderingWeights* ordering_weights = nullptr,
                      const OrderModel* order_model = nullptr, NodeObserver* observer = nullptr);
  ~SolverCore();
  SolverCore(SolverCore&&) noexcept;
  SolverCore& operator=(SolverCore&&) noexcept;
  SolverCore(const SolverCore&) = delete;
  SolverCore& operator=(const SolverCore&) = delete;

  // As Solver's.
  int max_tricks(const Position& position);
  SolveResult solve(const Position& position);
  SolveResult best_card(const Position& position);
  SolveResult best_cards(const Position& position);
  std::vector<CardScore> cards_reaching(const Position& position, int target);
  std::optional<CardScore> card_reaching(const Position& position, int target);
  DdTable dd_table(const Deal& deal);
  DdTable dd_table(const Deal& deal, unsigned strain_mask);
  Expected<std::vector<int>> analyse_play(const Position& start, std::span<const Card> cards,
                                          Seat side);
  const SolverOptions& options() const;
  SolverStats stats() const;
  void reset_stats();
  void clear();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ddtb::detail
