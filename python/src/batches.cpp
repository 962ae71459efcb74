// The batch forms, dd_tables and solve_many, on threads with the GIL
// released (batch.hpp); and the C++ API's own time over a list of deals,
// which python/bench/python_vs_libdds.py compares the Python calls with.
#include <pybind11/stl.h>

#include <chrono>
#include <ctime>
#include <string>
#include <utility>
#include <vector>

#include "batch.hpp"
#include "bind.hpp"
#include "convert.hpp"
#include "docs.hpp"
#include "session.hpp"

namespace ddtb::python {

namespace {

using namespace pybind11::literals;

template <class In, class Convert>
std::vector<In> convert_all(py::handle items, const char* what, Convert convert) {
  if (!py::isinstance<py::iterable>(items) || py::isinstance<py::str>(items))
    raise_value_error(what, "expected a list");
  std::vector<In> out;
  std::size_t i = 0;
  for (py::handle item : py::iter(items)) {
    out.push_back(convert(item, std::string(what) + "[" + std::to_string(i) + "]"));
    ++i;
  }
  return out;
}

// Wall and CPU seconds of Solver::dd_table over `deals` on one fresh Solver,
// timed in C++ (the C++ API's own time, in the same process as the Python
// calls it is compared with).
std::pair<double, double> cpp_dd_tables_seconds(py::handle deals_arg) {
  const auto deals = convert_all<Deal>(deals_arg, "deals", to_deal);
  py::gil_scoped_release release;
  Solver solver(solver_options(default_tablebase().tables, kDefaultTtMemoryBytes));
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  for (const Deal& d : deals) (void)solver.dd_table(d);
  return {std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
          double(std::clock() - cpu_start) / CLOCKS_PER_SEC};
}

}  // namespace

void bind_batches(py::module_& m) {
  m.def(
      "dd_tables",
      [](py::handle deals, int threads, py::object progress, py::handle tablebase) {
        auto items = convert_all<Deal>(deals, "deals", to_deal);
        return run_batch<DdTable>(items, batch_threads(threads), std::move(progress),
                                  resolve_tablebase(tablebase, "tablebase"),
                                  [](Solver& s, const Deal& d) { return s.dd_table(d); });
      },
      "deals"_a, py::kw_only(), "threads"_a = 0, "progress"_a = py::none(),
      "tablebase"_a = py::none(), docs::kDdTables);
  m.def(
      "solve_many",
      [](py::handle positions, int threads, py::object progress, py::handle tablebase) {
        auto items = convert_all<Position>(positions, "positions", to_position);
        return run_batch<SolveResult>(items, batch_threads(threads), std::move(progress),
                                      resolve_tablebase(tablebase, "tablebase"),
                                      [](Solver& s, const Position& p) { return s.solve(p); });
      },
      "positions"_a, py::kw_only(), "threads"_a = 0, "progress"_a = py::none(),
      "tablebase"_a = py::none(), docs::kSolveMany);
  m.def("_cpp_dd_tables_seconds", &cpp_dd_tables_seconds, "deals"_a);
}

}  // namespace ddtb::python
