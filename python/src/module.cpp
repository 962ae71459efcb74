// The `ddtb` Python module: a thin layer over the C++ API (include/ddtb/).
//
// Conversions from Python values live in convert.cpp, the Solvers and
// tablebases in session.cpp, the thread pool of the batch forms in
// batch.hpp; this file declares the module's types and functions and their
// documentation. Every search runs with the GIL released.
#include <pybind11/operators.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "batch.hpp"
#include "convert.hpp"
#include "ddtb/par.hpp"
#include "ddtb/position.hpp"
#include "ddtb/solver.hpp"
#include "ddtb/tablebase.hpp"
#include "ddtb/version.hpp"
#include "docs.hpp"
#include "session.hpp"

namespace ddtb::python {

namespace {

using namespace pybind11::literals;

constexpr Strain kStrains[] = {Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs,
                               Strain::NoTrump};
constexpr Seat kSeats[] = {Seat::North, Seat::East, Seat::South, Seat::West};
constexpr std::size_t kMiB = std::size_t{1} << 20;

// --- positions ---------------------------------------------------------------

// The position of `hands` with `trick` played to the current trick from
// `leader`. A trick card still in the hand of the seat that played it is
// taken out, so the hands may be given as they were when the trick began
// (a deal) or as they are now.
Position make_position(py::handle hands_arg, py::handle trump_arg, py::handle leader_arg,
                       py::handle trick_arg, bool as_played) {
  std::array<CardSet, 4> hands = to_hands(hands_arg, "hands");
  const Strain trump = to_strain(trump_arg, "trump");
  const Seat leader = to_seat(leader_arg, "leader");
  const std::vector<Card> trick = to_cards(trick_arg, "trick");
  for (std::size_t i = 0; i < trick.size() && i < 4; ++i) {
    CardSet& hand = hands[to_int(next_seat(leader, static_cast<int>(i)))];
    if (hand.contains(trick[i])) hand.erase(trick[i]);
  }
  auto p = as_played ? Position::make_as_played(hands, trump, leader, trick)
                     : Position::make(hands, trump, leader, trick);
  return value_or_raise(std::move(p), "position");
}

Position to_position(py::handle h, const std::string& what) {
  if (!py::isinstance<Position>(h))
    raise_value_error(what,
                      "expected a ddtb.Position, got " +
                          py::str(py::type::handle_of(h).attr("__name__")).cast<std::string>());
  return h.cast<Position>();
}

py::dict hands_dict(const std::array<CardSet, 4>& hands) {
  py::dict d;
  for (Seat s : kSeats) d[py::str(to_string(s))] = to_pbn(hands[to_int(s)]);
  return d;
}

py::list card_list(CardSet set) {
  py::list out;
  for (Suit s : {Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs})
    for (int r = kMaxRank; r >= kMinRank; --r) {
      const Card c{s, static_cast<std::uint8_t>(r)};
      if (set.contains(c)) out.append(to_string(c));
    }
  return out;
}

// --- tables ------------------------------------------------------------------

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

DdTable table_from_python(py::handle h, const std::string& what) {
  if (py::isinstance<DdTable>(h)) return h.cast<DdTable>();
  DdTable t;
  const auto check = [&](py::handle v, const std::string& where) {
    if (!py::isinstance<py::int_>(v)) raise_value_error(where, "expected an int 0..13");
    const int n = v.cast<int>();
    if (n < 0 || n > kNumTricks) raise_value_error(where, std::to_string(n) + " is not 0..13");
    return n;
  };
  if (py::isinstance<py::dict>(h)) {
    const auto d = h.cast<py::dict>();
    for (Strain s : kStrains) {
      const std::string key = to_string(s);
      if (!d.contains(key)) raise_value_error(what, "no row '" + key + "'");
      const py::object row = d[py::str(key)];
      for (Seat seat : kSeats) {
        const std::string where = what + "['" + key + "']['" + to_string(seat) + "']";
        if (!py::isinstance<py::dict>(row) || !row.contains(to_string(seat)))
          raise_value_error(where, "missing");
        t.tricks[to_int(s)][to_int(seat)] = check(row[py::str(to_string(seat))], where);
      }
    }
    return t;
  }
  if (py::isinstance<py::sequence>(h) && !py::isinstance<py::str>(h)) {
    const auto rows = h.cast<py::sequence>();
    if (rows.size() != 5)
      raise_value_error(what,
                        "expected 5 rows (S, H, D, C, NT), got " + std::to_string(rows.size()));
    for (int s = 0; s < kNumStrains; ++s) {
      const py::object row = rows[s];
      if (!py::isinstance<py::sequence>(row) || py::len(row) != 4)
        raise_value_error(what + "[" + std::to_string(s) + "]", "expected 4 values (N, E, S, W)");
      for (int d = 0; d < kNumSeats; ++d)
        t.tricks[s][d] = check(row[py::int_(d)],
                               what + "[" + std::to_string(s) + "][" + std::to_string(d) + "]");
    }
    return t;
  }
  raise_value_error(what, "expected a DDTable, a dict of rows or a 5 x 4 list");
}

// A table given as such, or the DD table of a deal computed on this
// thread's default solver.
DdTable table_or_deal(py::handle h, const std::string& what) {
  if (py::isinstance<DdTable>(h) || py::isinstance<py::dict>(h)) return table_from_python(h, what);
  if (py::isinstance<py::list>(h) && py::len(h) == 5) return table_from_python(h, what);
  const Deal deal = to_deal(h, what);
  return default_solver().run([&](Solver& s) { return s.dd_table(deal); });
}

// --- results -----------------------------------------------------------------

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

std::optional<CardScore> first_card(const SolveResult& r) {
  if (r.cards.empty()) return std::nullopt;
  return r.cards.front();
}

// --- play --------------------------------------------------------------------

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

// --- par -----------------------------------------------------------------------

std::string par_repr(const ParResult& r) {
  std::string out = "Par(score=" + std::to_string(r.score) + ", contracts=[";
  for (std::size_t i = 0; i < r.contracts.size(); ++i)
    out += (i ? ", '" : "'") + to_dds_text(r.contracts[i]) + "'";
  return out + "])";
}

// --- the solving functions, shared by Solver's methods and the module's -----

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

template <class In, class Convert>
std::vector<In> convert_all(py::handle items, const char* what, Convert convert) {
  if (!py::isinstance<py::iterable>(items) || py::isinstance<py::str>(items))
    raise_value_error(what, "expected a list");
  std::vector<In> out;
  std::size_t i = 0;
  for (py::handle item : py::iter(items)) {
    out.push_back(convert(item, std::string(what) + "[" + std::to_string(i) + "]"));
    ++i;
  }
  return out;
}

// Wall and CPU seconds of Solver::dd_table over `deals` on one fresh Solver,
// timed in C++ (for python/bench/python_vs_libdds.py: the C++ API's own
// time, in the same process as the Python calls it is compared with).
std::pair<double, double> cpp_dd_tables_seconds(py::handle deals_arg) {
  const auto deals = convert_all<Deal>(deals_arg, "deals", to_deal);
  py::gil_scoped_release release;
  Solver solver(solver_options(default_tablebase().tables, kDefaultTtMemoryBytes));
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  for (const Deal& d : deals) (void)solver.dd_table(d);
  return {std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
          double(std::clock() - cpu_start) / CLOCKS_PER_SEC};
}

}  // namespace

}  // namespace ddtb::python

namespace py = pybind11;
namespace dp = ddtb::python;
using ddtb::Card;
using ddtb::CardScore;
using ddtb::DdTable;
using ddtb::Deal;
using ddtb::ParContract;
using ddtb::ParResult;
using ddtb::Position;
using ddtb::Seat;
using ddtb::Side;
using ddtb::SolveResult;
using ddtb::Strain;
using ddtb::Vulnerability;
using namespace pybind11::literals;

PYBIND11_MODULE(_ddtb, m) {
  m.doc() = dp::docs::kModule;
  m.attr("__version__") = DDTB_VERSION;

  py::enum_<Strain>(m, "Strain", dp::docs::kStrain)
      .value("SPADES", Strain::Spades)
      .value("HEARTS", Strain::Hearts)
      .value("DIAMONDS", Strain::Diamonds)
      .value("CLUBS", Strain::Clubs)
      .value("NOTRUMP", Strain::NoTrump)
      .def_property_readonly("letter", [](Strain s) { return ddtb::to_string(s); });
  py::enum_<Seat>(m, "Seat", dp::docs::kSeat)
      .value("NORTH", Seat::North)
      .value("EAST", Seat::East)
      .value("SOUTH", Seat::South)
      .value("WEST", Seat::West)
      .def_property_readonly("letter", [](Seat s) { return ddtb::to_string(s); });
  py::enum_<Vulnerability>(m, "Vulnerability", dp::docs::kVulnerability)
      .value("NONE", Vulnerability::None)
      .value("BOTH", Vulnerability::Both)
      .value("NS", Vulnerability::NorthSouth)
      .value("EW", Vulnerability::EastWest);
  py::enum_<Side>(m, "Side", "A partnership: NS or EW.")
      .value("NS", Side::NorthSouth)
      .value("EW", Side::EastWest);

  // --- Deal
  py::class_<Deal>(m, "Deal", dp::docs::kDeal)
      .def(py::init([](py::handle h) { return dp::to_deal(h, "deal"); }), "deal"_a)
      .def_static(
          "from_pbn",
          [](const std::string& pbn) {
            return dp::value_or_raise(ddtb::parse_pbn_deal(pbn), "deal");
          },
          "pbn"_a, "The deal of a PBN deal string such as 'N:AK.. ... ... ...'.")
      .def(
          "to_pbn",
          [](const Deal& d, py::handle first) {
            return ddtb::to_pbn(d, dp::to_seat(first, "first"));
          },
          "first"_a = "N", "PBN text of the deal, its hands listed from `first`.")
      .def_property_readonly(
          "hands", [](const Deal& d) { return dp::hands_dict(d.hands()); },
          "The four hands as PBN hand strings, keyed 'N', 'E', 'S', 'W'.")
      .def(
          "cards",
          [](const Deal& d, py::handle seat) {
            return dp::card_list(d.hand(dp::to_seat(seat, "seat")));
          },
          "seat"_a, "The cards of one hand, e.g. ['SA', 'SK', 'H2'].")
      .def_property_readonly("tricks_left", &Deal::tricks_left, "Cards in each hand.")
      .def("__str__", [](const Deal& d) { return ddtb::to_pbn(d); })
      .def("__repr__", [](const Deal& d) { return "Deal('" + ddtb::to_pbn(d) + "')"; })
      .def(py::self == py::self)
      .def("__hash__", [](const Deal& d) { return py::hash(py::str(ddtb::to_pbn(d))); })
      .def(py::pickle([](const Deal& d) { return ddtb::to_pbn(d); },
                      [](const std::string& pbn) {
                        return dp::value_or_raise(ddtb::parse_pbn_deal(pbn), "deal");
                      }));

  // --- Position
  py::class_<Position>(m, "Position", dp::docs::kPosition)
      .def(py::init([](py::handle hands, py::handle trump, py::handle leader, py::handle trick,
                       bool as_played) {
             return dp::make_position(hands, trump, leader, trick, as_played);
           }),
           "hands"_a, "trump"_a, "leader"_a, "trick"_a = py::tuple(), py::kw_only(),
           "as_played"_a = false)
      .def_property_readonly(
          "hands", [](const Position& p) { return dp::hands_dict(p.hands()); },
          "The cards left in each hand (PBN hand strings), keyed 'N', 'E', 'S', 'W'.")
      .def_property_readonly("trump", &Position::trump, "The strain.")
      .def_property_readonly("leader", &Position::leader, "The seat that led the current trick.")
      .def_property_readonly("to_play", &Position::to_play, "The seat whose turn it is.")
      .def_property_readonly(
          "trick",
          [](const Position& p) {
            py::list out;
            for (Card c : p.trick()) out.append(ddtb::to_string(c));
            return out;
          },
          "The cards played to the current trick, in order.")
      .def_property_readonly("tricks_left", &Position::tricks_left,
                             "Whole tricks left, the current one included.")
      .def(
          "legal_cards", [](const Position& p) { return dp::card_list(p.legal_cards()); },
          "The cards the seat to play may play now.")
      .def(
          "play",
          [](const Position& p, py::handle card) {
            const Card c = dp::to_card(card, "card");
            return dp::value_or_raise(p.play(c), "card " + ddtb::to_string(c));
          },
          "card"_a, "The position after the seat to play plays `card` (a new Position).")
      .def(py::self == py::self)
      .def("__repr__", [](const Position& p) {
        std::string r = "Position(" + py::repr(dp::hands_dict(p.hands())).cast<std::string>() +
                        ", trump='" + ddtb::to_string(p.trump()) + "', leader='" +
                        ddtb::to_string(p.leader()) + "'";
        if (p.trick_size()) {
          r += ", trick=[";
          for (int i = 0; i < p.trick_size(); ++i)
            r += (i ? ", '" : "'") + ddtb::to_string(p.trick_card(i)) + "'";
          r += "]";
        }
        return r + ")";
      });
  m.def(
      "position",
      [](py::handle deal, py::handle trump, py::handle leader, py::handle trick) {
        return dp::make_position(deal, trump, leader, trick, false);
      },
      "deal"_a, "trump"_a, "leader"_a, "trick"_a = py::tuple(),
      "Same as Position(deal, trump, leader, trick).");

  // --- results
  py::class_<CardScore>(m, "CardScore", dp::docs::kCardScore)
      .def_property_readonly("card", [](const CardScore& c) { return ddtb::to_string(c.card); })
      .def_property_readonly(
          "equals", [](const CardScore& c) { return dp::equal_cards(c.card.suit, c.equals); })
      .def_readonly("tricks", &CardScore::tricks)
      .def(py::self == py::self)
      .def("__repr__", &dp::score_repr);
  py::class_<SolveResult>(m, "SolveResult", dp::docs::kSolveResult)
      .def_readonly("tricks", &SolveResult::tricks)
      .def_readonly("cards", &SolveResult::cards)
      .def_property_readonly(
          "scores", [](const SolveResult& r) { return dp::scores_dict(r.cards); },
          "Every card listed in `cards` or their `equals`, mapped to its tricks.")
      .def("__repr__", [](const SolveResult& r) {
        std::string out = "SolveResult(tricks=" + std::to_string(r.tricks) + ", cards=[";
        for (std::size_t i = 0; i < r.cards.size(); ++i)
          out += (i ? ", " : "") + dp::score_repr(r.cards[i]);
        return out + "])";
      });

  py::class_<DdTable>(m, "DDTable", dp::docs::kDdTable)
      .def(py::init([](py::handle h) { return dp::table_from_python(h, "table"); }), "table"_a)
      .def(
          "__getitem__",
          [](const DdTable& t, py::handle strain) {
            return dp::table_row(t, dp::to_strain(strain, "strain"));
          },
          "strain"_a)
      .def(
          "get",
          [](const DdTable& t, py::handle strain, py::handle declarer) {
            return t.get(dp::to_strain(strain, "strain"), dp::to_seat(declarer, "declarer"));
          },
          "strain"_a, "declarer"_a, "Tricks `declarer` takes in `strain`.")
      .def(
          "to_dict",
          [](const DdTable& t) {
            py::dict d;
            for (Strain s : dp::kStrains) d[py::str(ddtb::to_string(s))] = dp::table_row(t, s);
            return d;
          },
          "{'S': {'N': 7, 'E': 6, ...}, ..., 'NT': {...}}")
      .def(
          "to_list", [](const DdTable& t) { return t.tricks; },
          "DDS's resTable layout: [strain][declarer], strains S, H, D, C, NT, declarers N, E, S, "
          "W.")
      .def(py::self == py::self)
      .def("__repr__", &dp::table_text);

  py::class_<ParContract>(m, "ParContract", "One par contract.")
      .def_readonly("level", &ParContract::level)
      .def_readonly("strain", &ParContract::strain)
      .def_readonly("side", &ParContract::side)
      .def_property_readonly(
          "declarers",
          [](const ParContract& c) {
            py::list out;
            for (Seat s : dp::kSeats)
              if (c.seats >> ddtb::to_int(s) & 1) out.append(ddtb::to_string(s));
            return out;
          },
          "The seats that reach the par score as declarer.")
      .def_readonly("doubled", &ParContract::doubled, "A sacrifice (doubled, going down).")
      .def_readonly("pre_emptive", &ParContract::pre_emptive)
      .def_readonly("overtricks", &ParContract::overtricks)
      .def_readonly("undertricks", &ParContract::undertricks)
      .def_property_readonly("text", &ddtb::to_dds_text, "DDS DealerPar's text, e.g. '4S*-EW-1'.")
      .def("__repr__", [](const ParContract& c) { return "'" + ddtb::to_dds_text(c) + "'"; });
  py::class_<ParResult>(m, "Par", "A par result: the score (North-South's view) and contracts.")
      .def_readonly("score", &ParResult::score)
      .def_readonly("contracts", &ParResult::contracts)
      .def(py::self == py::self)
      .def("__repr__", &dp::par_repr);

  // --- tablebase
  py::class_<dp::PyTablebase>(m, "Tablebase", dp::docs::kTablebase)
      .def(py::init([](const std::string& path, double cache_mb) {
             if (!(cache_mb > 0)) throw py::value_error("cache_mb: must be positive");
             return dp::open_tablebase(path, static_cast<std::size_t>(cache_mb * dp::kMiB));
           }),
           "path"_a, "cache_mb"_a = 256.0)
      .def_readonly("path", &dp::PyTablebase::path)
      .def_property_readonly("max_cards",
                             [](const dp::PyTablebase& t) { return t.tables->max_cards(); })
      .def_property_readonly(
          "layers",
          [](const dp::PyTablebase& t) {
            py::list out;
            for (const auto& l : t.tables->layers())
              out.append(py::dict("cards"_a = l.cards, "trump"_a = l.trump,
                                  "at_least"_a = l.at_least, "partitions"_a = l.partitions,
                                  "sets"_a = l.sets, "bytes"_a = l.bytes, "path"_a = l.path));
            return out;
          },
          "One dict per table file.")
      .def(
          "probe",
          [](const dp::PyTablebase& t, py::handle pos) -> std::optional<int> {
            auto a = t.tables->probe(dp::to_position(pos, "position"));
            if (!a) return std::nullopt;
            return a->tricks;
          },
          "position"_a,
          "Tricks the side on lead takes, or None when the position is not in the tables.")
      .def("__repr__", [](const dp::PyTablebase& t) {
        return "Tablebase('" + t.path + "', max_cards=" + std::to_string(t.tables->max_cards()) +
               ")";
      });
  m.def(
      "set_default_tablebase",
      [](py::handle tb) {
        dp::set_default_tablebase(tb.is_none() ? dp::PyTablebase{}
                                               : dp::resolve_py_tablebase(tb, "tablebase"));
      },
      "tablebase"_a, dp::docs::kSetDefaultTablebase);
  m.def(
      "default_tablebase",
      []() -> std::optional<dp::PyTablebase> {
        auto t = dp::default_tablebase();
        if (!t.tables) return std::nullopt;
        return t;
      },
      "The default tablebase (a Tablebase, its path the directory it came from), or None.");
  m.def(
      "default_tablebase_max_cards",
      [] {
        auto t = dp::default_tablebase();
        return t.tables ? t.tables->max_cards() : 0;
      },
      "The most cards of the default tablebase's layers (0: no default tablebase).");
  m.def("use_default_tablebase", &dp::use_default_tablebase, dp::docs::kUseDefaultTablebase);
  m.def(
      "tablebase_search_path",
      [] {
        std::vector<std::string> dirs;
        for (const auto& d : ddtb::Tablebase::default_search_path()) dirs.push_back(d.dir);
        return dirs;
      },
      "The directories searched for the default tables, in order (docs/USAGE.md); empty when "
      "DDTB_TABLEBASE is set but empty.");

  // --- Solver and the module-level solving functions
  using Handle = dp::SolverHandle;
  py::class_<Handle>(m, "Solver", dp::docs::kSolver)
      .def(py::init([](py::handle tb, double tt_memory_mb) {
             if (!(tt_memory_mb > 0)) throw py::value_error("tt_memory_mb: must be positive");
             return std::make_unique<Handle>(dp::resolve_tablebase(tb, "tablebase"),
                                             static_cast<std::size_t>(tt_memory_mb * dp::kMiB));
           }),
           "tablebase"_a = py::none(), "tt_memory_mb"_a = 40.0)
      .def("dd_table", &dp::do_dd_table, "deal"_a, dp::docs::kDdTableFn)
      .def("solve", &dp::do_solve, "position"_a, dp::docs::kSolve)
      .def("max_tricks", &dp::do_max_tricks, "position"_a, dp::docs::kMaxTricks)
      .def("best_card", &dp::do_best_card, "position"_a, dp::docs::kBestCard)
      .def("best_cards", &dp::do_best_cards, "position"_a, dp::docs::kBestCards)
      .def("cards_reaching", &dp::do_cards_reaching, "position"_a, "target"_a,
           dp::docs::kCardsReaching)
      .def("card_reaching", &dp::do_card_reaching, "position"_a, "target"_a,
           dp::docs::kCardReaching)
      .def("analyse_play", &dp::analyse_play, "deal"_a, "contract"_a = py::none(),
           "cards"_a = py::tuple(), py::kw_only(), "strain"_a = py::none(), "leader"_a = py::none(),
           dp::docs::kAnalysePlay)
      .def(
          "stats",
          [](Handle& h) {
            const auto s = h.peek([](ddtb::Solver& s) { return s.stats(); });
            return py::dict("nodes"_a = s.nodes, "tt_lookups"_a = s.tt_lookups,
                            "tt_hits"_a = s.tt_hits, "tablebase_hits"_a = s.tablebase_hits);
          },
          "Counters since the Solver was made: nodes, tt_lookups, tt_hits, tablebase_hits.")
      .def(
          "clear", [](Handle& h) { h.peek([](ddtb::Solver& s) { s.clear(); }); },
          "Empties the transposition table (answers never depend on it).");

  m.def(
      "dd_table", [](py::handle d) { return dp::do_dd_table(dp::default_solver(), d); }, "deal"_a,
      dp::docs::kDdTableFn);
  m.def(
      "solve", [](py::handle p) { return dp::do_solve(dp::default_solver(), p); }, "position"_a,
      dp::docs::kSolve);
  m.def(
      "max_tricks", [](py::handle p) { return dp::do_max_tricks(dp::default_solver(), p); },
      "position"_a, dp::docs::kMaxTricks);
  m.def(
      "best_card", [](py::handle p) { return dp::do_best_card(dp::default_solver(), p); },
      "position"_a, dp::docs::kBestCard);
  m.def(
      "best_cards", [](py::handle p) { return dp::do_best_cards(dp::default_solver(), p); },
      "position"_a, dp::docs::kBestCards);
  m.def(
      "cards_reaching",
      [](py::handle p, int target) {
        return dp::do_cards_reaching(dp::default_solver(), p, target);
      },
      "position"_a, "target"_a, dp::docs::kCardsReaching);
  m.def(
      "card_reaching",
      [](py::handle p, int target) {
        return dp::do_card_reaching(dp::default_solver(), p, target);
      },
      "position"_a, "target"_a, dp::docs::kCardReaching);
  m.def(
      "analyse_play",
      [](py::handle deal, py::handle contract, py::handle cards, py::handle strain,
         py::handle leader) {
        return dp::analyse_play(dp::default_solver(), deal, contract, cards, strain, leader);
      },
      "deal"_a, "contract"_a = py::none(), "cards"_a = py::tuple(), py::kw_only(),
      "strain"_a = py::none(), "leader"_a = py::none(), dp::docs::kAnalysePlay);

  // --- par
  m.def(
      "par",
      [](py::handle table, py::handle vul, py::handle first) {
        const DdTable t = dp::table_or_deal(table, "table");
        return ddtb::sides_par(t, dp::to_side(first, "first"),
                               dp::to_vulnerability(vul, "vulnerability"));
      },
      "table"_a, "vulnerability"_a = "None", "first"_a = "NS", dp::docs::kPar);
  m.def(
      "dealer_par",
      [](py::handle table, py::handle dealer, py::handle vul) {
        const DdTable t = dp::table_or_deal(table, "table");
        return ddtb::dealer_par(t, dp::to_seat(dealer, "dealer"),
                                dp::to_vulnerability(vul, "vulnerability"));
      },
      "table"_a, "dealer"_a, "vulnerability"_a = "None", dp::docs::kDealerPar);
  m.def(
      "par_texts",
      [](py::handle table, py::handle vul) {
        const DdTable t = dp::table_or_deal(table, "table");
        const auto texts = ddtb::par_texts(t, dp::to_vulnerability(vul, "vulnerability"));
        py::dict d;
        d["NS"] = py::make_tuple(texts[0].score, texts[0].contracts);
        d["EW"] = py::make_tuple(texts[1].score, texts[1].contracts);
        return d;
      },
      "table"_a, "vulnerability"_a = "None", dp::docs::kParTexts);
  m.def(
      "contract_score",
      [](int level, py::handle strain, bool doubled, bool redoubled, bool vulnerable, int tricks) {
        return ddtb::contract_score(level, dp::to_strain(strain, "strain"),
                                    redoubled ? ddtb::Doubling::Redoubled
                                    : doubled ? ddtb::Doubling::Doubled
                                              : ddtb::Doubling::Undoubled,
                                    vulnerable, tricks);
      },
      "level"_a, "strain"_a, py::kw_only(), "doubled"_a = false, "redoubled"_a = false,
      "vulnerable"_a = false, "tricks"_a,
      "Duplicate score for the declaring side of a contract taking `tricks` (0 when level or "
      "tricks is out of range).");

  // --- batches
  m.def(
      "dd_tables",
      [](py::handle deals, int threads, py::object progress, py::handle tablebase) {
        auto items = dp::convert_all<Deal>(deals, "deals", dp::to_deal);
        return dp::run_batch<DdTable>(items, dp::batch_threads(threads), std::move(progress),
                                      dp::resolve_tablebase(tablebase, "tablebase"),
                                      [](ddtb::Solver& s, const Deal& d) { return s.dd_table(d); });
      },
      "deals"_a, py::kw_only(), "threads"_a = 0, "progress"_a = py::none(),
      "tablebase"_a = py::none(), dp::docs::kDdTables);
  m.def(
      "solve_many",
      [](py::handle positions, int threads, py::object progress, py::handle tablebase) {
        auto items = dp::convert_all<Position>(positions, "positions", dp::to_position);
        return dp::run_batch<SolveResult>(
            items, dp::batch_threads(threads), std::move(progress),
            dp::resolve_tablebase(tablebase, "tablebase"),
            [](ddtb::Solver& s, const Position& p) { return s.solve(p); });
      },
      "positions"_a, py::kw_only(), "threads"_a = 0, "progress"_a = py::none(),
      "tablebase"_a = py::none(), dp::docs::kSolveMany);

  m.def("_cpp_dd_tables_seconds", &dp::cpp_dd_tables_seconds, "deals"_a);
}
