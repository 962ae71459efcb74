#include "comparison.hpp"

#include <pybind11/stl.h>

#include <algorithm>
#include <string>

#include "convert.hpp"

namespace ddtb::python {

namespace {

using namespace pybind11::literals;

py::tuple estimate(const Estimate& e) {
  return py::make_tuple(e.value, e.error);
}

std::string contract_name(const Contract& c) {
  std::string out = std::to_string(c.level) + to_string(c.strain);
  if (c.doubling == Doubling::Doubled) out += "X";
  if (c.doubling == Doubling::Redoubled) out += "XX";
  return out + "-" + to_string(*c.declarer);
}

// A lead by its card ("HQ"; its touching cards are "equals"), as
// single_dummy's "leads" name it.
std::string lead_name(const Choice& c) {
  return to_string(*c.lead);
}

Contract to_contract(const std::string& text, const std::string& what) {
  const Contract c = value_or_raise(parse_contract(text), what);
  if (c.level == 0 || !c.declarer)
    raise_value_error(what, "a contract with its declarer, e.g. '3NT-S', got '" + text + "'");
  return c;
}

}  // namespace

std::vector<Contract> to_contracts(py::handle h, const std::string& what) {
  std::vector<Contract> out;
  if (py::isinstance<py::str>(h)) {
    const std::string text = h.cast<std::string>();
    std::size_t from = 0;
    while (from <= text.size()) {
      const std::size_t comma = std::min(text.find(',', from), text.size());
      out.push_back(to_contract(text.substr(from, comma - from), what));
      from = comma + 1;
    }
  } else {
    for (py::handle c : h) out.push_back(to_contract(py::str(c).cast<std::string>(), what));
  }
  if (out.empty()) raise_value_error(what, "at least one contract");
  return out;
}

py::dict comparison_dict(const Comparison& r) {
  const auto side = r.side == Side::NorthSouth ? "NS" : "EW";
  py::list choices;
  for (const std::size_t c : r.order) {
    const ChoiceFigures& f = r.choices[c];
    const PairedDifference& d = f.vs_best;
    py::dict choice;
    if (f.choice.lead) {
      choice["lead"] = lead_name(f.choice);
      choice["equals"] = equal_cards(f.choice.lead->suit, f.choice.equals);
    } else {
      choice["contract"] = contract_name(f.choice.contract);
    }
    choice["tricks"] = estimate(f.tricks);
    choice["points"] = estimate(f.points);
    choice["matchpoints"] = estimate(f.matchpoints);
    choice["makes"] = estimate(f.makes);
    choice["vs_best"] =
        py::dict("tricks"_a = estimate(d.tricks), "points"_a = estimate(d.points),
                 "imps"_a = estimate(d.imps), "matchpoints"_a = estimate(d.matchpoints),
                 "better"_a = estimate(d.better), "ties"_a = estimate(d.ties));
    std::vector<int> per_deal;
    for (int deal = 0; deal < r.samples; ++deal)
      per_deal.push_back(r.declarer_tricks[static_cast<std::size_t>(deal) * r.choices.size() + c]);
    choice["declarer_tricks"] = per_deal;
    choices.append(choice);
  }
  const ChoiceFigures& best = r.choices[r.order[0]];
  return py::dict(
      "side"_a = side, "vulnerability"_a = r.vulnerability,
      "best"_a = best.choice.lead ? lead_name(best.choice) : contract_name(best.choice.contract),
      "choices"_a = choices);
}

}  // namespace ddtb::python
