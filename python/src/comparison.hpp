// The paired comparison (include/ddtb/comparison.hpp) for single_dummy's
// paired= and compare= (single_dummy.cpp): the contracts taken, the result
// given back as plain dicts and lists.
#pragma once

#include <pybind11/pybind11.h>

#include <vector>

#include "ddtb/comparison.hpp"

namespace ddtb::python {

namespace py = pybind11;

// compare=: contracts with their declarers, a list of strings ("3NT-S") or
// one string of them split at commas ("3NT-S,4S-N"); ValueError naming a bad one.
std::vector<Contract> to_contracts(py::handle h, const std::string& what);

// {"side", "vulnerability", "best", "choices": [...best first]}, each choice
// {"lead" and "equals", or "contract"; "tricks", "points", "matchpoints",
// "makes", "vs_best": {"tricks", "points", "imps", "matchpoints", "better",
// "ties"}, "declarer_tricks": [per deal]}, every figure (value, error).
py::dict comparison_dict(const Comparison& r);

}  // namespace ddtb::python
