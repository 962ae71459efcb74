// Single-dummy analysis (include/ddtb/single_dummy.hpp) as one function
// returning plain dicts and lists.
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "batch.hpp"
#include "bind.hpp"
#include "comparison.hpp"
#include "convert.hpp"
#include "ddtb/single_dummy.hpp"
#include "sample_constraints.hpp"
#include "session.hpp"

namespace ddtb::python {

namespace {

using namespace pybind11::literals;

py::tuple estimate(const Estimate& e) {
  return py::make_tuple(e.value, e.error);
}

std::pair<int, int> to_range(py::handle h, const std::string& what, int top) {
  try {
    if (py::isinstance<py::int_>(h)) {
      const int n = h.cast<int>();
      return {n, n};
    }
    const auto t = h.cast<std::pair<py::object, py::object>>();
    const int lo = t.first.is_none() ? 0 : t.first.cast<int>();
    const int hi = t.second.is_none() ? top : t.second.cast<int>();
    return {lo, hi};
  } catch (const py::cast_error&) {
    throw py::type_error(what + ": a number or a (low, high) pair, None for no bound");
  }
}

CardSet to_hand(py::handle h, const std::string& what) {
  return value_or_raise(parse_pbn_hand(h.cast<std::string>()), what);
}

unsigned strain_mask(py::handle h) {
  if (h.is_none()) return 0x1F;
  unsigned m = 0;
  for (py::handle s : h) m |= 1u << to_int(to_strain(s, "strains"));
  if (!m) throw py::value_error("strains: at least one strain");
  return m;
}

unsigned seat_mask(py::handle h) {
  if (h.is_none()) return 0xF;
  unsigned m = 0;
  for (py::handle s : h) m |= 1u << to_int(to_seat(s, "declarers"));
  if (!m) throw py::value_error("declarers: at least one seat");
  return m;
}

py::dict single_dummy(py::handle deal, py::handle known, py::handle lacks, py::handle hcp,
                      py::handle length, int samples, std::uint64_t seed, py::handle lead,
                      py::handle strains, py::handle declarers, py::handle vulnerability,
                      int threads, py::handle tablebase, py::object progress, bool with_deals,
                      py::handle where, py::handle accept, bool paired, py::handle compare) {
  DealSpec spec;
  SampleConstraints constraints(where, accept);  // where= and accept=
  constraints.apply(spec);
  if (!deal.is_none()) {
    const auto hands = value_or_raise(parse_partial_deal(deal.cast<std::string>()), "deal");
    for (int s = 0; s < 4; ++s) spec.hands[s].holds = hands[s];
  }
  const auto each_seat = [](py::handle d, const char* what, auto&& f) {
    if (d.is_none()) return;
    if (!py::isinstance<py::dict>(d)) throw py::type_error(std::string(what) + ": a dict by seat");
    for (auto [k, v] : d.cast<py::dict>()) f(to_seat(k, what), v);
  };
  each_seat(known, "known", [&](Seat s, py::handle v) {
    HandSpec& h = spec.hands[to_int(s)];
    h.holds = h.holds | to_hand(v, "known");
  });
  each_seat(lacks, "lacks", [&](Seat s, py::handle v) {
    HandSpec& h = spec.hands[to_int(s)];
    h.lacks = h.lacks | to_hand(v, "lacks");
  });
  each_seat(hcp, "hcp", [&](Seat s, py::handle v) {
    const auto [lo, hi] = to_range(v, "hcp", kMaxHcp);
    spec.hands[to_int(s)].min_hcp = lo;
    spec.hands[to_int(s)].max_hcp = hi;
  });
  each_seat(length, "length", [&](Seat s, py::handle v) {
    if (!py::isinstance<py::dict>(v)) throw py::type_error("length: a dict by suit for each seat");
    for (auto [suit, range] : v.cast<py::dict>()) {
      const Strain st = to_strain(suit, "length");
      if (st == Strain::NoTrump) throw py::value_error("length: a suit, not no trump");
      const auto [lo, hi] = to_range(range, "length", 13);
      spec.hands[to_int(s)].min_length[to_int(st)] = lo;
      spec.hands[to_int(s)].max_length[to_int(st)] = hi;
    }
  });
  spec.samples = samples;
  spec.seed = seed;
  spec.threads = static_cast<int>(batch_threads(threads));
  std::optional<Contract> contract;
  if (!lead.is_none()) {
    contract = value_or_raise(parse_contract(lead.cast<std::string>()), "lead");
    if (contract->level == 0 || !contract->declarer)
      throw py::value_error("lead: a contract with its declarer, e.g. '3NT-S'");
  }
  // The paired comparison (comparison.hpp): of the leads, or of contracts.
  if (paired && !contract) throw py::value_error("paired: compares the leads of lead=CONTRACT");
  std::vector<Contract> compared;
  if (!compare.is_none()) {
    if (contract) throw py::value_error("compare: compares contracts, not with lead=");
    compared = to_contracts(compare, "compare");
  }
  Expected<Comparison> comparison = Error{ErrorCode::kBadArgument, ""};
  const unsigned sm = strain_mask(strains), dm = seat_mask(declarers);
  const Vulnerability vul = to_vulnerability(vulnerability, "vulnerability");
  AnalysisOptions options;
  options.threads = spec.threads;
  const SolverOptions solver =
      solver_options(resolve_tablebase(tablebase, "tablebase"), kDefaultTtMemoryBytes);
  options.solver = &solver;
  bool interrupted = false;
  auto report = [&](int done, int total) {
    py::gil_scoped_acquire gil;
    if (interrupted) return false;
    try {
      const py::object r = progress(done, total);
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
      return r.is_none() || r.cast<bool>();
    } catch (...) {
      interrupted = true;
      return false;
    }
  };
  if (!progress.is_none()) set_progress(options, report);

  Expected<std::vector<Deal>> deals = Error{ErrorCode::kBadArgument, ""};
  Expected<ContractAnalysis> odds = Error{ErrorCode::kBadArgument, ""};
  Expected<LeadAnalysis> leads = Error{ErrorCode::kBadArgument, ""};
  {
    py::gil_scoped_release release;
    deals = sample_deals(spec);
    if (deals) {
      if (!compared.empty())
        comparison = compare_contracts(*deals, compared, vul, options);
      else if (contract && paired)
        comparison = compare_leads(*deals, *contract, vul, options);
      else if (contract)
        leads = analyse_leads(*deals, *contract, options);
      else
        odds = analyse_contracts(*deals, sm, dm, vul, options);
    }
  }
  constraints.raise_if_failed();
  if (!deals) value_or_raise(std::move(deals), "single_dummy");
  if (interrupted) throw py::error_already_set();
  py::dict out("samples"_a = samples, "seed"_a = seed);
  if (with_deals) {
    py::list pbn;
    for (const Deal& d : *deals) pbn.append(to_pbn(d));
    out["deals"] = pbn;
  }
  if (paired || !compared.empty())
    out["comparison"] = comparison_dict(value_or_raise(std::move(comparison), "single_dummy"));
  if (contract && paired) {
    out["leader"] = to_string(next_seat(*contract->declarer));
  } else if (contract) {
    const LeadAnalysis a = value_or_raise(std::move(leads), "single_dummy");
    out["leader"] = to_string(a.leader);
    py::list list;
    for (const LeadOdds& l : a.leads)
      list.append(
          py::dict("card"_a = to_string(l.card), "equals"_a = equal_cards(l.card.suit, l.equals),
                   "defence_tricks"_a = estimate(l.defence_tricks), "sets"_a = estimate(l.sets)));
    out["leads"] = list;
  } else if (compared.empty()) {
    const ContractAnalysis a = value_or_raise(std::move(odds), "single_dummy");
    py::list list;
    for (const ContractOdds& c : a.contracts) {
      py::dict makes, score;
      for (int l = 1; l <= 7; ++l) {
        makes[py::int_(l)] = estimate(c.makes[l]);
        score[py::int_(l)] = estimate(c.score[l]);
      }
      list.append(py::dict("strain"_a = to_string(c.strain), "declarer"_a = to_string(c.declarer),
                           "tricks"_a = std::vector<int>(c.tricks.begin(), c.tricks.end()),
                           "mean_tricks"_a = estimate(c.mean_tricks), "makes"_a = makes,
                           "score"_a = score));
    }
    out["contracts"] = list;
  }
  return out;
}

}  // namespace

void bind_single_dummy(py::module_& m) {
  m.def("single_dummy", &single_dummy, "deal"_a = py::none(), py::kw_only(), "known"_a = py::none(),
        "lacks"_a = py::none(), "hcp"_a = py::none(), "length"_a = py::none(), "samples"_a = 1000,
        "seed"_a = 1, "lead"_a = py::none(), "strains"_a = py::none(), "declarers"_a = py::none(),
        "vulnerability"_a = "None", "threads"_a = 0, "tablebase"_a = py::none(),
        "progress"_a = py::none(), "deals"_a = false, "where"_a = py::none(),
        "accept"_a = py::none(), "paired"_a = false, "compare"_a = py::none(),
        R"(Single-dummy analysis: deals drawn uniformly among those that fit what is known,
each solved double dummy.

deal: a PBN deal whose hidden hands are '-' ("N:AKQ2.K5.AJ72.Q84 - J95.A432.K9.KJ53 -");
known / lacks: {seat: "hand"} cards known to be in / not in a hand; hcp: {seat: (lo, hi)};
length: {seat: {suit: (lo, hi)}} (None for no bound, an int for exactly); samples, seed
(the same deals for the same seed, whatever threads).
Without lead: {"samples", "seed", "contracts": [{"strain", "declarer", "tricks" (a count
per number of tricks), "mean_tricks", "makes" {level: ...}, "score" {level: ...}}]} for the
strains and declarers asked, scores for `vulnerability`. With lead="3NT-S": {"leader",
"leads": [{"card", "equals", "defence_tricks", "sets"}]}, best lead first. Every figure is
(value, standard error). progress(done, total) is called as deals are solved; returning
False stops with an error. deals=True adds "deals": the sampled deals as PBN.
where: constraints in dealer's language, a script ("predeal north SAK2, ...\ncondition ...")
or an expression ("shape(south, 5xxx) && hcp(south) >= 11"); accept(deal): a predicate
over a ddtb.Deal that every sampled deal meets (called holding the GIL). Both keep the
sample uniform over the deals they accept.

Paired comparison on the same deals (docs/USAGE.md, "Paired comparison"): paired=True with
lead= gives "leader" and "comparison" (instead of "leads"), each lead against the best (from the defence's side);
compare=["3NT-S", "4S-N"] (or "3NT-S,4S-N") gives "comparison" of the contracts instead of
"contracts" (from the first contract's side): {"side", "vulnerability", "best", "choices":
[{"lead" and "equals" or "contract", "tricks", "points", "matchpoints", "makes", "vs_best":
{"tricks", "points", "imps", "matchpoints", "better", "ties"}, "declarer_tricks"}]}, best
first; scores with `vulnerability` and the contract's X or XX.)");
}

}  // namespace ddtb::python
