// Par and contract scores.
#include <pybind11/stl.h>

#include "bind.hpp"
#include "convert.hpp"
#include "ddtb/par.hpp"
#include "docs.hpp"
#include "session.hpp"

namespace ddtb::python {

namespace {

using namespace pybind11::literals;

// A table given as such, or the DD table of a deal computed on this
// thread's default solver.
DdTable table_or_deal(py::handle h, const std::string& what) {
  if (py::isinstance<DdTable>(h) || py::isinstance<py::dict>(h)) return to_table(h, what);
  if (py::isinstance<py::list>(h) && py::len(h) == 5) return to_table(h, what);
  const Deal deal = to_deal(h, what);
  return default_solver().run([&](Solver& s) { return s.dd_table(deal); });
}

}  // namespace

void bind_par(py::module_& m) {
  m.def(
      "par",
      [](py::handle table, py::handle vul, py::handle first) {
        const DdTable t = table_or_deal(table, "table");
        return sides_par(t, to_side(first, "first"), to_vulnerability(vul, "vulnerability"));
      },
      "table"_a, "vulnerability"_a = "None", "first"_a = "NS", docs::kPar);
  m.def(
      "dealer_par",
      [](py::handle table, py::handle dealer, py::handle vul) {
        const DdTable t = table_or_deal(table, "table");
        return dealer_par(t, to_seat(dealer, "dealer"), to_vulnerability(vul, "vulnerability"));
      },
      "table"_a, "dealer"_a, "vulnerability"_a = "None", docs::kDealerPar);
  m.def(
      "par_texts",
      [](py::handle table, py::handle vul) {
        const DdTable t = table_or_deal(table, "table");
        const auto texts = par_texts(t, to_vulnerability(vul, "vulnerability"));
        py::dict d;
        d["NS"] = py::make_tuple(texts[0].score, texts[0].contracts);
        d["EW"] = py::make_tuple(texts[1].score, texts[1].contracts);
        return d;
      },
      "table"_a, "vulnerability"_a = "None", docs::kParTexts);
  m.def(
      "contract_score",
      [](int level, py::handle strain, bool doubled, bool redoubled, bool vulnerable, int tricks) {
        return contract_score(level, to_strain(strain, "strain"),
                              redoubled ? Doubling::Redoubled
                              : doubled ? Doubling::Doubled
                                        : Doubling::Undoubled,
                              vulnerable, tricks);
      },
      "level"_a, "strain"_a, py::kw_only(), "doubled"_a = false, "redoubled"_a = false,
      "vulnerable"_a = false, "tricks"_a,
      "Duplicate score for the declaring side of a contract taking `tricks` (0 when level or "
      "tricks is out of range).");
}

}  // namespace ddtb::python
