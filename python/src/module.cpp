// The `ddtb` Python module: a thin layer over the C++ API (include/ddtb/).
//
// Each topic has a file of its own (bind.hpp lists them); conversions from
// Python values live in convert.cpp, the Solvers and tablebases in
// session.cpp, the thread pool of the batch forms in batch.hpp, the
// docstrings in docs.hpp. Every search runs with the GIL released.
#include <pybind11/pybind11.h>

#include "bind.hpp"
#include "ddtb/version.hpp"
#include "docs.hpp"

PYBIND11_MODULE(_ddtb, m) {
  namespace dp = ddtb::python;
  m.doc() = dp::docs::kModule;
  m.attr("__version__") = DDTB_VERSION;
  dp::bind_types(m);
  dp::bind_results(m);
  dp::bind_tablebases(m);
  dp::bind_solving(m);
  dp::bind_par(m);
  dp::bind_batches(m);
  dp::bind_single_dummy(m);
}
