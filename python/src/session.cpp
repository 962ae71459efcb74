#include "session.hpp"

#include <cstdint>

#include "convert.hpp"

namespace ddtb::python {

namespace {

// The default tablebase (with its directory) and a generation count that
// tells each thread's default Solver when to pick up a new one.
struct Defaults {
  std::mutex mutex;
  PyTablebase tables;
  std::uint64_t generation = 0;
};

Defaults& defaults() {
  static Defaults d;
  return d;
}

}  // namespace

PyTablebase open_tablebase(const std::string& path, std::size_t cache_bytes) {
  TablebaseOptions options;
  options.cache_bytes = cache_bytes;
  auto tables = value_or_raise(Tablebase::open(path, options), "tablebase '" + path + "'");
  return PyTablebase{std::move(tables), path};
}

PyTablebase default_tablebase() {
  std::lock_guard lock(defaults().mutex);
  return defaults().tables;
}

void set_default_tablebase(PyTablebase tables) {
  std::lock_guard lock(defaults().mutex);
  defaults().tables = std::move(tables);
  ++defaults().generation;
}

std::vector<std::string> use_default_tablebase() {
  DefaultTablebase found = Tablebase::find_default();
  set_default_tablebase(PyTablebase{std::move(found.tables), std::move(found.dir)});
  return found.warnings;
}

PyTablebase resolve_py_tablebase(py::handle arg, const std::string& what) {
  if (arg.is_none()) return default_tablebase();
  if (py::isinstance<PyTablebase>(arg)) return arg.cast<const PyTablebase&>();
  const py::object fspath = py::module_::import("os").attr("fspath");
  py::object path;
  try {
    path = fspath(arg);
  } catch (const py::error_already_set&) {
    raise_value_error(what, "expected a Tablebase, a directory path, '' or None");
  }
  if (!py::isinstance<py::str>(path)) raise_value_error(what, "expected a str directory path");
  const auto dir = path.cast<std::string>();
  if (dir.empty()) return {};  // '' : no tables, as DDTB_TABLEBASE= and SetTablebasePath("")
  return open_tablebase(dir, TablebaseOptions{}.cache_bytes);
}

std::shared_ptr<const Tablebase> resolve_tablebase(py::handle arg, const std::string& what) {
  return resolve_py_tablebase(arg, what).tables;
}

SolverOptions solver_options(std::shared_ptr<const Tablebase> tables, std::size_t tt_memory_bytes) {
  SolverOptions o;
  o.tt_memory_bytes = tt_memory_bytes;
  o.tablebase = std::move(tables);
  return o;
}

SolverHandle::SolverHandle(std::shared_ptr<const Tablebase> tables, std::size_t tt_memory_bytes)
    : tables_(tables), solver_(solver_options(tables, tt_memory_bytes)) {}

SolverHandle& default_solver() {
  thread_local std::unique_ptr<SolverHandle> handle;
  thread_local std::uint64_t generation = 0;
  std::shared_ptr<const Tablebase> tables;
  std::uint64_t current;
  {
    std::lock_guard lock(defaults().mutex);
    tables = defaults().tables.tables;
    current = defaults().generation;
  }
  if (!handle || generation != current) {
    handle = std::make_unique<SolverHandle>(std::move(tables), kDefaultTtMemoryBytes);
    generation = current;
  }
  return *handle;
}

}  // namespace ddtb::python
