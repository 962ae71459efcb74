// single_dummy()'s where= and accept= (DealSpec::script and DealSpec::accept,
// include/ddtb/deal_script.hpp): a dealer script or expression, and a Python
// predicate over a ddtb.Deal, as redeal's accept functions.
#pragma once

#include <pybind11/pybind11.h>

#include <optional>
#include <string>

#include "ddtb/single_dummy.hpp"

namespace ddtb::python {

class SampleConstraints {
 public:
  // `where`: None or a str; `accept`: None or a callable. Raises
  // ValueError for a script that does not compile (its line and column),
  // TypeError for an accept that is not callable.
  SampleConstraints(pybind11::handle where, pybind11::handle accept);

  // Points `spec` at the script and the predicate (this must outlive the
  // sampling). The predicate is called holding the GIL; once it raises,
  // it is no longer called and every draw is taken, so that the sampling
  // ends at once.
  void apply(DealSpec& spec);

  // With the GIL held, after the sampling: raises what the predicate raised.
  void raise_if_failed();

 private:
  bool call(const Deal& deal);

  std::optional<std::string> where_;
  pybind11::object accept_;
  bool failed_ = false;
  std::optional<pybind11::error_already_set> error_;
};

}  // namespace ddtb::python
