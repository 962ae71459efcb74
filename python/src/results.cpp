// What the solving and par functions return: CardScore, SolveResult,
// DDTable, ParContract and Par.
#include <pybind11/operators.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "bind.hpp"
#include "convert.hpp"
#include "ddtb/par.hpp"
#include "ddtb/solver.hpp"
#include "docs.hpp"

namespace ddtb::python {

namespace {

using namespace pybind11::literals;

std::string score_repr(const CardScore& c) {
  std::string r = "CardScore('" + to_string(c.card) + "', tricks=" + std::to_string(c.tricks);
  if (c.equals) {
    r += ", equals=[";
    bool first = true;
    for (int rank = kMaxRank; rank >= kMinRank; --rank)
      if (c.equals >> rank & 1) {
        r += (first ? "'" : ", '") + to_string(Card{c.card.suit, static_cast<std::uint8_t>(rank)}) +
             "'";
        first = false;
      }
    r += "]";
  }
  return r + ")";
}

py::dict scores_dict(const std::vector<CardScore>& cards) {
  py::dict d;
  for (const CardScore& c : cards) {
    d[py::str(to_string(c.card))] = c.tricks;
    for (int rank = kMaxRank; rank >= kMinRank; --rank)
      if (c.equals >> rank & 1)
        d[py::str(to_string(Card{c.card.suit, static_cast<std::uint8_t>(rank)}))] = c.tricks;
  }
  return d;
}

// As ddsolve prints a table (ddtb::to_text), without the last newline.
std::string table_text(const DdTable& t) {
  std::string out = to_text(t);
  out.pop_back();
  return out;
}

py::dict table_row(const DdTable& t, Strain s) {
  py::dict row;
  for (Seat d : kSeats) row[py::str(to_string(d))] = t.get(s, d);
  return row;
}

std::string par_repr(const ParResult& r) {
  std::string out = "Par(score=" + std::to_string(r.score) + ", contracts=[";
  for (std::size_t i = 0; i < r.contracts.size(); ++i)
    out += (i ? ", '" : "'") + to_dds_text(r.contracts[i]) + "'";
  return out + "])";
}

void bind_scores(py::module_& m) {
  py::class_<CardScore>(m, "CardScore", docs::kCardScore)
      .def_property_readonly("card", [](const CardScore& c) { return to_string(c.card); })
      .def_property_readonly("equals",
                             [](const CardScore& c) { return equal_cards(c.card.suit, c.equals); })
      .def_readonly("tricks", &CardScore::tricks)
      .def(py::self == py::self)
      .def("__repr__", &score_repr);
  py::class_<SolveResult>(m, "SolveResult", docs::kSolveResult)
      .def_readonly("tricks", &SolveResult::tricks)
      .def_readonly("cards", &SolveResult::cards)
      .def_property_readonly(
          "scores", [](const SolveResult& r) { return scores_dict(r.cards); },
          "Every card listed in `cards` or their `equals`, mapped to its tricks.")
      .def("__repr__", [](const SolveResult& r) {
        std::string out = "SolveResult(tricks=" + std::to_string(r.tricks) + ", cards=[";
        for (std::size_t i = 0; i < r.cards.size(); ++i)
          out += (i ? ", " : "") + score_repr(r.cards[i]);
        return out + "])";
      });
}

void bind_table(py::module_& m) {
  py::class_<DdTable>(m, "DDTable", docs::kDdTable)
      .def(py::init([](py::handle h) { return to_table(h, "table"); }), "table"_a)
      .def(
          "__getitem__",
          [](const DdTable& t, py::handle strain) {
            return table_row(t, to_strain(strain, "strain"));
          },
          "strain"_a)
      .def(
          "get",
          [](const DdTable& t, py::handle strain, py::handle declarer) {
            return t.get(to_strain(strain, "strain"), to_seat(declarer, "declarer"));
          },
          "strain"_a, "declarer"_a, "Tricks `declarer` takes in `strain`.")
      .def(
          "to_dict",
          [](const DdTable& t) {
            py::dict d;
            for (Strain s : kStrains) d[py::str(to_string(s))] = table_row(t, s);
            return d;
          },
          "{'S': {'N': 7, 'E': 6, ...}, ..., 'NT': {...}}")
      .def(
          "to_list", [](const DdTable& t) { return t.tricks; },
          "DDS's resTable layout: [strain][declarer], strains S, H, D, C, NT, declarers N, E, S, "
          "W.")
      .def(py::self == py::self)
      .def("__repr__", &table_text);
}

void bind_par_results(py::module_& m) {
  py::class_<ParContract>(m, "ParContract", "One par contract.")
      .def_readonly("level", &ParContract::level)
      .def_readonly("strain", &ParContract::strain)
      .def_readonly("side", &ParContract::side)
      .def_property_readonly(
          "declarers",
          [](const ParContract& c) {
            py::list out;
            for (Seat s : kSeats)
              if (c.seats >> to_int(s) & 1) out.append(to_string(s));
            return out;
          },
          "The seats that reach the par score as declarer.")
      .def_readonly("doubled", &ParContract::doubled, "A sacrifice (doubled, going down).")
      .def_readonly("pre_emptive", &ParContract::pre_emptive)
      .def_readonly("overtricks", &ParContract::overtricks)
      .def_readonly("undertricks", &ParContract::undertricks)
      .def_property_readonly("text", &to_dds_text, "DDS DealerPar's text, e.g. '4S*-EW-1'.")
      .def("__repr__", [](const ParContract& c) { return "'" + to_dds_text(c) + "'"; });
  py::class_<ParResult>(m, "Par", "A par result: the score (North-South's view) and contracts.")
      .def_readonly("score", &ParResult::score)
      .def_readonly("contracts", &ParResult::contracts)
      .def(py::self == py::self)
      .def("__repr__", &par_repr);
}

}  // namespace

void bind_results(py::module_& m) {
  bind_scores(m);
  bind_table(m);
  bind_par_results(m);
}

}  // namespace ddtb::python
