#include "convert.hpp"

#include <pybind11/stl.h>

#include <algorithm>
#include <cctype>

namespace ddtb::python {

namespace {

// The text of a Python value for an error message: its repr, shortened.
std::string shown(py::handle h) {
  std::string r = py::repr(h).cast<std::string>();
  if (r.size() > 60) r = r.substr(0, 57) + "...";
  return r;
}

std::string type_name(py::handle h) {
  return py::str(py::type::handle_of(h).attr("__name__")).cast<std::string>();
}

// A string argument, or ValueError naming what was expected.
std::string text_of(py::handle h, const std::string& what, const char* expected) {
  if (!py::isinstance<py::str>(h))
    raise_value_error(
        what, std::string("expected ") + expected + ", got " + type_name(h) + " " + shown(h));
  return h.cast<std::string>();
}

CardSet hand_from_python(py::handle h, const std::string& where) {
  if (py::isinstance<py::str>(h))
    return value_or_raise(parse_pbn_hand(h.cast<std::string>()), where);
  if (!py::isinstance<py::sequence>(h) && !py::isinstance<py::iterable>(h))
    raise_value_error(where,
                      "expected a PBN hand string or a sequence of cards, got " + type_name(h));
  CardSet hand;
  std::size_t i = 0;
  for (py::handle item : py::iter(h)) {
    const std::string at = where + "[" + std::to_string(i++) + "]";
    const Card c = to_card(item, at);
    if (hand.contains(c)) raise_value_error(at, to_string(c) + " appears twice");
    hand.insert(c);
  }
  return hand;
}

}  // namespace

void raise_value_error(const std::string& what, const std::string& message) {
  throw py::value_error(what.empty() ? message : what + ": " + message);
}

// The names come from the library (strain_from_name, ...): the same table
// as ddsolve's and the JavaScript package's.
Strain to_strain(py::handle h, const std::string& what) {
  if (py::isinstance<Strain>(h)) return h.cast<Strain>();
  const std::string t = text_of(h, what, "a strain (S, H, D, C, NT)");
  if (auto s = strain_from_name(t)) return *s;
  raise_value_error(what, "'" + t + "' is not a strain (S, H, D, C, NT)");
}

Seat to_seat(py::handle h, const std::string& what) {
  if (py::isinstance<Seat>(h)) return h.cast<Seat>();
  const std::string t = text_of(h, what, "a seat (N, E, S, W)");
  if (auto s = seat_from_name(t)) return *s;
  raise_value_error(what, "'" + t + "' is not a seat (N, E, S, W)");
}

Vulnerability to_vulnerability(py::handle h, const std::string& what) {
  if (py::isinstance<Vulnerability>(h)) return h.cast<Vulnerability>();
  const std::string t = text_of(h, what, "a vulnerability (None, NS, EW, Both)");
  if (auto v = vulnerability_from_name(t)) return *v;
  raise_value_error(what, "'" + t + "' is not a vulnerability (None, NS, EW, Both)");
}

Side to_side(py::handle h, const std::string& what) {
  if (py::isinstance<Side>(h)) return h.cast<Side>();
  const std::string t = text_of(h, what, "a side (NS, EW)");
  if (auto s = side_from_name(t)) return *s;
  raise_value_error(what, "'" + t + "' is not a side (NS, EW)");
}

Card to_card(py::handle h, const std::string& what) {
  const std::string t = text_of(h, what, "a card such as 'SA' or 'H9'");
  if (t.size() == 3 && t[1] == '1' && t[2] == '0')
    if (auto s = suit_from_letter(t[0])) return Card{*s, 10};
  if (auto c = parse_card(t); c && t.size() == 2) return *c;
  raise_value_error(what, "'" + t + "' is not a card (suit S, H, D or C, then rank AKQJT98765432)");
}

std::vector<Card> to_cards(py::handle h, const std::string& what) {
  std::vector<Card> cards;
  if (py::isinstance<py::str>(h)) {
    // "SAS2HK", "SA S2 HK" or "SA,S2,HK".
    std::string text;
    for (char c : h.cast<std::string>())
      if (c != ' ' && c != ',') text += c;
    if (text.size() % 2 != 0)
      raise_value_error(
          what, "cards run together take two characters each; '" + text + "' has an odd length");
    for (std::size_t i = 0; i < text.size(); i += 2)
      cards.push_back(
          to_card(py::str(text.substr(i, 2)), what + ", card " + std::to_string(i / 2 + 1)));
    return cards;
  }
  if (!py::isinstance<py::iterable>(h))
    raise_value_error(what, "expected a sequence of cards, got " + type_name(h));
  std::size_t i = 0;
  for (py::handle item : py::iter(h))
    cards.push_back(to_card(item, what + "[" + std::to_string(i++) + "]"));
  return cards;
}

std::array<CardSet, 4> to_hands(py::handle h, const std::string& what) {
  std::array<CardSet, 4> hands{};
  if (py::isinstance<Deal>(h)) return h.cast<const Deal&>().hands();
  if (py::isinstance<py::str>(h))
    return value_or_raise(parse_pbn_deal(h.cast<std::string>()), what).hands();
  if (py::isinstance<py::dict>(h)) {
    std::array<bool, 4> given{};
    for (auto [key, value] : h.cast<py::dict>()) {
      const Seat s = to_seat(key, what + " key " + shown(key));
      given[to_int(s)] = true;
      hands[to_int(s)] = hand_from_python(value, what + "['" + seat_letter(s) + "']");
    }
    for (int s = 0; s < kNumSeats; ++s)
      if (!given[s])
        raise_value_error(what, std::string("no hand for ") + seat_letter(seat_from_int(s)) +
                                    " (a dict of hands needs N, E, S and W)");
    return hands;
  }
  if (!py::isinstance<py::sequence>(h))
    raise_value_error(what,
                      "expected a Deal, a PBN deal string, a dict of four hands or four "
                      "hands in N, E, S, W order, got " +
                          type_name(h));
  const auto seq = h.cast<py::sequence>();
  if (seq.size() != 4)
    raise_value_error(what, "expected four hands (N, E, S, W), got " + std::to_string(seq.size()));
  for (int s = 0; s < kNumSeats; ++s)
    hands[s] = hand_from_python(
        seq[s], what + "[" + std::to_string(s) + "] (" + seat_letter(seat_from_int(s)) + ")");
  return hands;
}

Deal to_deal(py::handle h, const std::string& what) {
  if (py::isinstance<Deal>(h)) return h.cast<const Deal&>();
  if (py::isinstance<py::str>(h))
    return value_or_raise(parse_pbn_deal(h.cast<std::string>()), what);
  return value_or_raise(Deal::from_hands(to_hands(h, what)), what);
}

Position to_position(py::handle h, const std::string& what) {
  if (!py::isinstance<Position>(h))
    raise_value_error(what, "expected a ddtb.Position, got " + type_name(h));
  return h.cast<Position>();
}

DdTable to_table(py::handle h, const std::string& what) {
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
    for (int s = 0; s < kNumStrains; ++s) {
      const std::string key = to_string(strain_from_int(s));
      if (!d.contains(key)) raise_value_error(what, "no row '" + key + "'");
      const py::object row = d[py::str(key)];
      for (int seat = 0; seat < kNumSeats; ++seat) {
        const std::string name = to_string(seat_from_int(seat));
        const std::string where = what + "['" + key + "']['" + name + "']";
        if (!py::isinstance<py::dict>(row) || !row.contains(name))
          raise_value_error(where, "missing");
        t.tricks[s][seat] = check(row[py::str(name)], where);
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

py::list equal_cards(Suit suit, std::uint16_t equals) {
  py::list out;
  for (int r = kMaxRank; r >= kMinRank; --r)
    if (equals >> r & 1) out.append(to_string(Card{suit, static_cast<std::uint8_t>(r)}));
  return out;
}

}  // namespace ddtb::python
