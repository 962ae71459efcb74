// Solvers and tablebases as the Python module holds them.
//
// A ddtb::Solver is for one thread at a time; SolverHandle guards one with a
// mutex so that a Python Solver object shared by threads stays safe, and
// runs every search with the GIL released. The module-level functions use a
// default Solver per OS thread (its transposition table is reused across
// calls, as the C++ API intends), rebuilt when the default tablebase changes.
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "ddtb/solver.hpp"
#include "ddtb/tablebase.hpp"

namespace ddtb::python {

namespace py = pybind11;

// A tablebase opened from Python, with the directory it came from.
struct PyTablebase {
  std::shared_ptr<const Tablebase> tables;
  std::string path;
};

// Opens the tables of `path`; ValueError naming the directory on failure.
PyTablebase open_tablebase(const std::string& path, std::size_t cache_bytes);

// The module's default tablebase (tables null: none). The import sets it
// to the default tables (use_default_tablebase); set_default_tablebase()
// replaces it.
PyTablebase default_tablebase();
void set_default_tablebase(PyTablebase tables);
// Makes the tables found on the search path (Tablebase::find_default) the
// default; returns its warnings, which the import turns into
// RuntimeWarnings.
std::vector<std::string> use_default_tablebase();

// `arg` as a tablebase: None gives the default, a Tablebase itself, a path
// opens that directory, '' none (tables null).
PyTablebase resolve_py_tablebase(py::handle arg, const std::string& what);
std::shared_ptr<const Tablebase> resolve_tablebase(py::handle arg, const std::string& what);

class SolverHandle {
 public:
  SolverHandle(std::shared_ptr<const Tablebase> tables, std::size_t tt_memory_bytes);

  // Calls f(solver) with the GIL released and the solver locked.
  template <class F>
  auto run(F&& f) {
    py::gil_scoped_release release;
    std::lock_guard lock(mutex_);
    return f(solver_);
  }
  // Reads the solver under its lock (GIL held: short calls only).
  template <class F>
  auto peek(F&& f) {
    std::lock_guard lock(mutex_);
    return f(solver_);
  }
  const std::shared_ptr<const Tablebase>& tables() const { return tables_; }

 private:
  std::shared_ptr<const Tablebase> tables_;
  std::mutex mutex_;
  Solver solver_;
};

// SolverOptions for the module's Solvers.
SolverOptions solver_options(std::shared_ptr<const Tablebase> tables, std::size_t tt_memory_bytes);

// This thread's default Solver, with the current default tablebase.
SolverHandle& default_solver();

}  // namespace ddtb::python
