// The parts of the `ddtb` Python module, one per topic: each adds its types
// and functions to the module (module.cpp calls them in order: a part may
// use the types of the parts before it in its signatures).
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>

#include "ddtb/cards.hpp"

namespace ddtb::python {

namespace py = pybind11;

inline constexpr Strain kStrains[] = {Strain::Spades, Strain::Hearts, Strain::Diamonds,
                                      Strain::Clubs, Strain::NoTrump};
inline constexpr Seat kSeats[] = {Seat::North, Seat::East, Seat::South, Seat::West};
inline constexpr std::size_t kMiB = std::size_t{1} << 20;

// Strain, Seat, Vulnerability, Side; Deal, Position (types.cpp).
void bind_types(py::module_& m);
// CardScore, SolveResult, DDTable, ParContract, Par (results.cpp).
void bind_results(py::module_& m);
// Tablebase and the default tablebase (tablebases.cpp).
void bind_tablebases(py::module_& m);
// Solver, and the module-level solving functions on a default Solver per
// thread (solving.cpp).
void bind_solving(py::module_& m);
// par, dealer_par, par_texts, contract_score (par.cpp).
void bind_par(py::module_& m);
// dd_tables and solve_many on threads, and the C++ timing the benchmark
// compares with (batches.cpp).
void bind_batches(py::module_& m);
// single_dummy: sampled deals under constraints, contract and lead odds
// (single_dummy.cpp).
void bind_single_dummy(py::module_& m);

}  // namespace ddtb::python
