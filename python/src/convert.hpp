// Python values to ddtb's types, and back.
//
// Every conversion from Python checks its input and throws ValueError with a
// message naming the argument (`what`) and, inside a structure, the place
// ("hands['E'], character 5"). Strains, seats and vulnerabilities are taken
// as the module's enums or as strings; cards as two-character strings.
#pragma once

#include <pybind11/pybind11.h>

#include <array>
#include <string>
#include <vector>

#include "ddtb/cards.hpp"
#include "ddtb/expected.hpp"
#include "ddtb/par.hpp"
#include "ddtb/position.hpp"
#include "ddtb/solver.hpp"

namespace ddtb::python {

namespace py = pybind11;

// Raises ValueError("<what>: <message>").
[[noreturn]] void raise_value_error(const std::string& what, const std::string& message);

// The value of an Expected, or ValueError naming `what` and the C++ error.
template <class T>
T value_or_raise(Expected<T> e, const std::string& what) {
  if (!e) raise_value_error(what, e.error().message);
  return std::move(*e);
}

// "S", "H", "D", "C", "N"/"NT" (any case), or a Strain.
Strain to_strain(py::handle h, const std::string& what);
// "N", "E", "S", "W" or "north".. (any case), or a Seat.
Seat to_seat(py::handle h, const std::string& what);
// "None"/"-"/"Love", "Both"/"All", "NS", "EW" (any case), or a Vulnerability.
Vulnerability to_vulnerability(py::handle h, const std::string& what);
// "NS" or "EW" (any case), or a Side.
Side to_side(py::handle h, const std::string& what);
// "SA", "h9", "DT" or "D10".
Card to_card(py::handle h, const std::string& what);
// A sequence of cards, or one string of cards run together ("SAS2HK").
std::vector<Card> to_cards(py::handle h, const std::string& what);

// A Deal, a PBN deal string, or four hands: a dict keyed by seat or a
// sequence in N, E, S, W order, each hand a PBN hand string
// ("AKQ.T98..5432") or a sequence of cards.
Deal to_deal(py::handle h, const std::string& what);
// The four hands of the forms above without the equal-size check (a
// position's hands may differ by the cards of the current trick).
std::array<CardSet, 4> to_hands(py::handle h, const std::string& what);
// A ddtb.Position.
Position to_position(py::handle h, const std::string& what);
// A DDTable, a dict of rows keyed by strain ({'S': {'N': 7, ...}, ...}) or
// a 5 x 4 list (DDS's resTable), each entry an int 0..13.
DdTable to_table(py::handle h, const std::string& what);

// The lower cards of a run, from DDS rank bits of the run's suit.
py::list equal_cards(Suit suit, std::uint16_t equals);

}  // namespace ddtb::python
