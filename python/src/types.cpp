// Strain, Seat, Vulnerability and Side; Deal and Position.
#include <pybind11/operators.h>
#include <pybind11/stl.h>

#include <array>
#include <string>
#include <vector>

#include "bind.hpp"
#include "convert.hpp"
#include "ddtb/par.hpp"
#include "ddtb/position.hpp"
#include "docs.hpp"

namespace ddtb::python {

namespace {

using namespace pybind11::literals;

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

void bind_enums(py::module_& m) {
  py::enum_<Strain>(m, "Strain", docs::kStrain)
      .value("SPADES", Strain::Spades)
      .value("HEARTS", Strain::Hearts)
      .value("DIAMONDS", Strain::Diamonds)
      .value("CLUBS", Strain::Clubs)
      .value("NOTRUMP", Strain::NoTrump)
      .def_property_readonly("letter", [](Strain s) { return to_string(s); });
  py::enum_<Seat>(m, "Seat", docs::kSeat)
      .value("NORTH", Seat::North)
      .value("EAST", Seat::East)
      .value("SOUTH", Seat::South)
      .value("WEST", Seat::West)
      .def_property_readonly("letter", [](Seat s) { return to_string(s); });
  py::enum_<Vulnerability>(m, "Vulnerability", docs::kVulnerability)
      .value("NONE", Vulnerability::None)
      .value("BOTH", Vulnerability::Both)
      .value("NS", Vulnerability::NorthSouth)
      .value("EW", Vulnerability::EastWest);
  py::enum_<Side>(m, "Side", "A partnership: NS or EW.")
      .value("NS", Side::NorthSouth)
      .value("EW", Side::EastWest);
}

void bind_deal(py::module_& m) {
  py::class_<Deal>(m, "Deal", docs::kDeal)
      .def(py::init([](py::handle h) { return to_deal(h, "deal"); }), "deal"_a)
      .def_static(
          "from_pbn",
          [](const std::string& pbn) { return value_or_raise(parse_pbn_deal(pbn), "deal"); },
          "pbn"_a, "The deal of a PBN deal string such as 'N:AK.. ... ... ...'.")
      .def(
          "to_pbn",
          [](const Deal& d, py::handle first) { return to_pbn(d, to_seat(first, "first")); },
          "first"_a = "N", "PBN text of the deal, its hands listed from `first`.")
      .def_property_readonly(
          "hands", [](const Deal& d) { return hands_dict(d.hands()); },
          "The four hands as PBN hand strings, keyed 'N', 'E', 'S', 'W'.")
      .def(
          "cards",
          [](const Deal& d, py::handle seat) { return card_list(d.hand(to_seat(seat, "seat"))); },
          "seat"_a, "The cards of one hand, e.g. ['SA', 'SK', 'H2'].")
      .def_property_readonly("tricks_left", &Deal::tricks_left, "Cards in each hand.")
      .def("__str__", [](const Deal& d) { return to_pbn(d); })
      .def("__repr__", [](const Deal& d) { return "Deal('" + to_pbn(d) + "')"; })
      .def(py::self == py::self)
      .def("__hash__", [](const Deal& d) { return py::hash(py::str(to_pbn(d))); })
      .def(py::pickle(
          [](const Deal& d) { return to_pbn(d); },
          [](const std::string& pbn) { return value_or_raise(parse_pbn_deal(pbn), "deal"); }));
}

void bind_position(py::module_& m) {
  py::class_<Position>(m, "Position", docs::kPosition)
      .def(py::init([](py::handle hands, py::handle trump, py::handle leader, py::handle trick,
                       bool as_played) {
             return make_position(hands, trump, leader, trick, as_played);
           }),
           "hands"_a, "trump"_a, "leader"_a, "trick"_a = py::tuple(), py::kw_only(),
           "as_played"_a = false)
      .def_property_readonly(
          "hands", [](const Position& p) { return hands_dict(p.hands()); },
          "The cards left in each hand (PBN hand strings), keyed 'N', 'E', 'S', 'W'.")
      .def_property_readonly("trump", &Position::trump, "The strain.")
      .def_property_readonly("leader", &Position::leader, "The seat that led the current trick.")
      .def_property_readonly("to_play", &Position::to_play, "The seat whose turn it is.")
      .def_property_readonly(
          "trick",
          [](const Position& p) {
            py::list out;
            for (Card c : p.trick()) out.append(to_string(c));
            return out;
          },
          "The cards played to the current trick, in order.")
      .def_property_readonly("tricks_left", &Position::tricks_left,
                             "Whole tricks left, the current one included.")
      .def(
          "legal_cards", [](const Position& p) { return card_list(p.legal_cards()); },
          "The cards the seat to play may play now.")
      .def(
          "play",
          [](const Position& p, py::handle card) {
            const Card c = to_card(card, "card");
            return value_or_raise(p.play(c), "card " + to_string(c));
          },
          "card"_a, "The position after the seat to play plays `card` (a new Position).")
      .def(py::self == py::self)
      .def("__repr__", [](const Position& p) {
        std::string r = "Position(" + py::repr(hands_dict(p.hands())).cast<std::string>() +
                        ", trump='" + to_string(p.trump()) + "', leader='" + to_string(p.leader()) +
                        "'";
        if (p.trick_size()) {
          r += ", trick=[";
          for (int i = 0; i < p.trick_size(); ++i)
            r += (i ? ", '" : "'") + to_string(p.trick_card(i)) + "'";
          r += "]";
        }
        return r + ")";
      });
  m.def(
      "position",
      [](py::handle deal, py::handle trump, py::handle leader, py::handle trick) {
        return make_position(deal, trump, leader, trick, false);
      },
      "deal"_a, "trump"_a, "leader"_a, "trick"_a = py::tuple(),
      "Same as Position(deal, trump, leader, trick).");
}

}  // namespace

void bind_types(py::module_& m) {
  bind_enums(m);
  bind_deal(m);
  bind_position(m);
}

}  // namespace ddtb::python
