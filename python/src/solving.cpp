// Solver, and the module-level solving functions, which run on this
// thread's default Solver (session.hpp).
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bind.hpp"
#include "convert.hpp"
#include "ddtb/par.hpp"
#include "ddtb/position.hpp"
#include "ddtb/solver.hpp"
#include "docs.hpp"
#include "session.hpp"

namespace ddtb::python {

namespace {

using namespace pybind11::literals;

std::optional<CardScore> first_card(const SolveResult& r) {
  if (r.cards.empty()) return std::nullopt;
  return r.cards.front();
}

// "4S by N", "4SN", "3NT-W", "4Hx E", "S N" (ddtb::parse_contract): the
// strain and the declarer; the level and the doubling do not matter here.
std::pair<Strain, Seat> parse_contract(const std::string& text) {
  const char* const kHint = " (write it as '4S by N', '4SN' or '3NT W')";
  const Expected<Contract> c = ddtb::parse_contract(text);
  if (!c) raise_value_error("contract", c.error().message + kHint);
  if (!c->declarer)
    raise_value_error("contract",
                      "'" + text + "': no declarer seat (N, E, S, W) at the end" + kHint);
  return {c->strain, *c->declarer};
}

std::vector<int> analyse_play(SolverHandle& h, py::handle deal_arg, py::handle contract,
                              py::handle cards_arg, py::handle strain_arg, py::handle leader_arg) {
  const Deal deal = to_deal(deal_arg, "deal");
  Strain strain;
  Seat leader;
  if (!contract.is_none()) {
    if (!strain_arg.is_none() || !leader_arg.is_none())
      raise_value_error("contract", "give a contract or strain and leader, not both");
    if (!py::isinstance<py::str>(contract)) raise_value_error("contract", "expected a str");
    const auto [s, declarer] = parse_contract(contract.cast<std::string>());
    strain = s;
    leader = next_seat(declarer);
  } else {
    if (strain_arg.is_none() || leader_arg.is_none())
      raise_value_error("contract", "give a contract ('4S by N') or both strain and leader");
    strain = to_strain(strain_arg, "strain");
    leader = to_seat(leader_arg, "leader");
  }
  const std::vector<Card> cards = to_cards(cards_arg, "cards");
  const Position start = Position::at_trick_start(deal, strain, leader);
  auto trace = h.run([&](Solver& s) { return s.analyse_play(start, cards, next_seat(leader, 3)); });
  return value_or_raise(std::move(trace), "cards");
}

// The solving functions, shared by Solver's methods and the module's.

DdTable do_dd_table(SolverHandle& h, py::handle deal_arg) {
  const Deal deal = to_deal(deal_arg, "deal");
  return h.run([&](Solver& s) { return s.dd_table(deal); });
}

SolveResult do_solve(SolverHandle& h, py::handle pos) {
  const Position p = to_position(pos, "position");
  return h.run([&](Solver& s) { return s.solve(p); });
}

int do_max_tricks(SolverHandle& h, py::handle pos) {
  const Position p = to_position(pos, "position");
  return h.run([&](Solver& s) { return s.max_tricks(p); });
}

std::optional<CardScore> do_best_card(SolverHandle& h, py::handle pos) {
  const Position p = to_position(pos, "position");
  return first_card(h.run([&](Solver& s) { return s.best_card(p); }));
}

SolveResult do_best_cards(SolverHandle& h, py::handle pos) {
  const Position p = to_position(pos, "position");
  return h.run([&](Solver& s) { return s.best_cards(p); });
}

std::vector<CardScore> do_cards_reaching(SolverHandle& h, py::handle pos, int target) {
  const Position p = to_position(pos, "position");
  return h.run([&](Solver& s) { return s.cards_reaching(p, target); });
}

std::optional<CardScore> do_card_reaching(SolverHandle& h, py::handle pos, int target) {
  const Position p = to_position(pos, "position");
  return h.run([&](Solver& s) { return s.card_reaching(p, target); });
}

void bind_solver_class(py::module_& m) {
  using Handle = SolverHandle;
  py::class_<Handle>(m, "Solver", docs::kSolver)
      .def(py::init([](py::handle tb, double tt_memory_mb) {
             if (!(tt_memory_mb > 0)) throw py::value_error("tt_memory_mb: must be positive");
             return std::make_unique<Handle>(resolve_tablebase(tb, "tablebase"),
                                             static_cast<std::size_t>(tt_memory_mb * kMiB));
           }),
           "tablebase"_a = py::none(), "tt_memory_mb"_a = 32.0)
      .def("dd_table", &do_dd_table, "deal"_a, docs::kDdTableFn)
      .def("solve", &do_solve, "position"_a, docs::kSolve)
      .def("max_tricks", &do_max_tricks, "position"_a, docs::kMaxTricks)
      .def("best_card", &do_best_card, "position"_a, docs::kBestCard)
      .def("best_cards", &do_best_cards, "position"_a, docs::kBestCards)
      .def("cards_reaching", &do_cards_reaching, "position"_a, "target"_a, docs::kCardsReaching)
      .def("card_reaching", &do_card_reaching, "position"_a, "target"_a, docs::kCardReaching)
      .def("analyse_play", &analyse_play, "deal"_a, "contract"_a = py::none(),
           "cards"_a = py::tuple(), py::kw_only(), "strain"_a = py::none(), "leader"_a = py::none(),
           docs::kAnalysePlay)
      .def(
          "stats",
          [](Handle& h) {
            const auto s = h.peek([](Solver& s) { return s.stats(); });
            return py::dict("nodes"_a = s.nodes, "tt_lookups"_a = s.tt_lookups,
                            "tt_hits"_a = s.tt_hits, "tablebase_hits"_a = s.tablebase_hits);
          },
          "Counters since the Solver was made: nodes, tt_lookups, tt_hits, tablebase_hits.")
      .def(
          "clear", [](Handle& h) { h.peek([](Solver& s) { s.clear(); }); },
          "Empties the transposition table (answers never depend on it).");
}

void bind_module_functions(py::module_& m) {
  m.def(
      "dd_table", [](py::handle d) { return do_dd_table(default_solver(), d); }, "deal"_a,
      docs::kDdTableFn);
  m.def(
      "solve", [](py::handle p) { return do_solve(default_solver(), p); }, "position"_a,
      docs::kSolve);
  m.def(
      "max_tricks", [](py::handle p) { return do_max_tricks(default_solver(), p); }, "position"_a,
      docs::kMaxTricks);
  m.def(
      "best_card", [](py::handle p) { return do_best_card(default_solver(), p); }, "position"_a,
      docs::kBestCard);
  m.def(
      "best_cards", [](py::handle p) { return do_best_cards(default_solver(), p); }, "position"_a,
      docs::kBestCards);
  m.def(
      "cards_reaching",
      [](py::handle p, int target) { return do_cards_reaching(default_solver(), p, target); },
      "position"_a, "target"_a, docs::kCardsReaching);
  m.def(
      "card_reaching",
      [](py::handle p, int target) { return do_card_reaching(default_solver(), p, target); },
      "position"_a, "target"_a, docs::kCardReaching);
  m.def(
      "analyse_play",
      [](py::handle deal, py::handle contract, py::handle cards, py::handle strain,
         py::handle leader) {
        return analyse_play(default_solver(), deal, contract, cards, strain, leader);
      },
      "deal"_a, "contract"_a = py::none(), "cards"_a = py::tuple(), py::kw_only(),
      "strain"_a = py::none(), "leader"_a = py::none(), docs::kAnalysePlay);
}

}  // namespace

void bind_solving(py::module_& m) {
  bind_solver_class(m);
  bind_module_functions(m);
}

}  // namespace ddtb::python
