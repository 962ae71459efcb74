// The public Solver: reads the caller's options, which may come from an
// older and shorter SolverOptions (core/given_options.hpp), and hands every
// call to its SolverCore (solver_core.hpp).
#include "ddtb/solver.hpp"

#include <cstddef>
#include <type_traits>

#include "core/given_options.hpp"
#include "solver/solver_core.hpp"

namespace ddtb {

namespace {

// The layout rule of core/given_options.hpp (docs/USAGE.md, "ABI"): pad a
// new last field explicitly rather than let the struct end in padding.
static_assert(std::is_standard_layout_v<SolverOptions>);
static_assert(detail::ends_at_field(sizeof(SolverOptions), offsetof(SolverOptions, tablebase),
                                    sizeof(SolverOptions::tablebase)),
              "SolverOptions must end where its last field ends");

// The caller's options in the library's layout: each field the caller's
// struct holds, the defaults for the others.
SolverOptions read_options(const SolverOptions& given) {
  // Every field is named: a field appended to SolverOptions stops this from
  // compiling until it is read here too.
  const auto& [struct_size, tt_memory_bytes, tt_max_memory_bytes, quick_tricks, later_tricks,
               move_ordering, transposition_table, rank_equivalence, winning_ranks, tablebase] =
      given;
  const detail::GivenOptions in(given);
  SolverOptions o;
  o.struct_size = in.size();
  in.read(tt_memory_bytes, o.tt_memory_bytes);
  in.read(tt_max_memory_bytes, o.tt_max_memory_bytes);
  in.read(quick_tricks, o.quick_tricks);
  in.read(later_tricks, o.later_tricks);
  in.read(move_ordering, o.move_ordering);
  in.read(transposition_table, o.transposition_table);
  in.read(rank_equivalence, o.rank_equivalence);
  in.read(winning_ranks, o.winning_ranks);
  in.read(tablebase, o.tablebase);
  return o;
}

}  // namespace

struct Solver::Impl final : detail::SolverCore {
  using SolverCore::SolverCore;
};

Solver::Solver(const SolverOptions& options)
    : impl_(std::make_unique<Impl>(read_options(options))) {}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

int Solver::max_tricks(const Position& position) {
  return impl_->max_tricks(position);
}

SolveResult Solver::solve(const Position& position) {
  return impl_->solve(position);
}

SolveResult Solver::best_card(const Position& position) {
  return impl_->best_card(position);
}

SolveResult Solver::best_cards(const Position& position) {
  return impl_->best_cards(position);
}

std::vector<CardScore> Solver::cards_reaching(const Position& position, int target) {
  return impl_->cards_reaching(position, target);
}

std::optional<CardScore> Solver::card_reaching(const Position& position, int target) {
  return impl_->card_reaching(position, target);
}

DdTable Solver::dd_table(const Deal& deal) {
  return impl_->dd_table(deal);
}

DdTable Solver::dd_table(const Deal& deal, unsigned strain_mask) {
  return impl_->dd_table(deal, strain_mask);
}

Expected<std::vector<int>> Solver::analyse_play(const Position& start, std::span<const Card> cards,
                                                Seat side) {
  return impl_->analyse_play(start, cards, side);
}

const SolverOptions& Solver::options() const {
  return impl_->options();
}

SolverStats Solver::stats() const {
  return impl_->stats();
}

void Solver::reset_stats() {
  impl_->reset_stats();
}

void Solver::clear() {
  impl_->clear();
}

}  // namespace ddtb
