#include "args.hpp"

#include <array>

namespace ddtb::wasm {

namespace {

constexpr std::array<const char*, 5> kStrains{"S", "H", "D", "C", "NT"};
constexpr std::array<const char*, 4> kSeats{"N", "E", "S", "W"};
// DDS's numbers: Vulnerability and Side as the library numbers them.
constexpr std::array<const char*, 4> kVulnerabilities{"None", "Both", "NS", "EW"};
constexpr std::array<const char*, 2> kSides{"NS", "EW"};

// The argument's name in the library's messages: the last part of its path
// ("position.trump": "trump").
std::string name_of(const std::string& path) {
  const std::size_t dot = path.rfind('.');
  return dot == std::string::npos ? path : path.substr(dot + 1);
}

bool is_integer(const val& v) {
  return val::global("Number").call<bool>("isInteger", v);
}

// Any object, arrays included (not null).
bool is_object(const val& v) {
  return !v.isNull() && v.typeOf().as<std::string>() == "object";
}

bool truthy(const val& v) {
  return val::global("Boolean")(v).as<bool>();
}

// A value as a message shows it: 'text', null, an array, a number, ...
std::string describe(const val& v) {
  if (v.isNull()) return "null";
  if (is_array(v)) return "an array";
  if (v.isString()) return "'" + v.as<std::string>() + "'";
  return "a " + v.typeOf().as<std::string>();
}

Expected<std::string> text_arg(const val& v, const std::string& path, const std::string& expected) {
  if (!v.isString()) return type_error(path, expected, v);
  return v.as<std::string>();
}

// A name as a string, or its DDS number: an index into `names`.
template <std::size_t N>
Expected<std::string> named_arg(const val& v, const std::array<const char*, N>& names,
                                const std::string& path, const std::string& expected) {
  if (v.isNumber() && is_integer(v)) {
    const double i = v.as<double>();
    if (i >= 0 && i < double(N)) return std::string(names[std::size_t(i)]);
  }
  return text_arg(v, path, expected);
}

// The PBN text of a deal argument.
Expected<std::string> deal_text(const val& v, const std::string& path) {
  if (v.isString()) return v.as<std::string>();
  if (is_object(v)) {
    val hands = v;
    if (!is_array(v)) {
      hands = val::array();
      for (const char* seat : kSeats) hands.call<void>("push", v[seat]);
    }
    if (hands["length"].as<int>() == 4) {
      std::string text = "N:";
      for (int i = 0; i < 4; ++i) {
        auto hand =
            text_arg(hands[i], path + "." + kSeats[i], "a PBN hand such as \"AKQ.T98..5432\"");
        if (!hand) return hand.error();
        text += (i ? " " : "") + *hand;
      }
      return text;
    }
  }
  return type_error(path, "a PBN deal string or four hands", v);
}

// The text of a cards argument, cards separated by spaces.
Expected<std::string> cards_text(const val& v, const std::string& path) {
  if (v.isUndefined() || v.isNull()) return std::string();
  if (v.isString()) return v.as<std::string>();
  if (!is_array(v)) return type_error(path, "an array of cards or a string", v);
  std::string text;
  const int n = v["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    auto card = text_arg(v[i], path + "[" + std::to_string(i) + "]", "a card such as \"SA\"");
    if (!card) return card.error();
    text += (i ? " " : "") + *card;
  }
  return text;
}

Expected<DdTable> to_table(const std::vector<int>& tricks, const std::string& what) {
  if (tricks.size() != 20)
    return bad(what, "a DD table has 20 entries (5 strains by 4 declarers), got " +
                         std::to_string(tricks.size()));
  DdTable t;
  for (int i = 0; i < 20; ++i) {
    if (tricks[i] < 0 || tricks[i] > kNumTricks)
      return bad(what, std::string(1, "SHDCN"[i / 4]) + " by " + seat_letter(seat_from_int(i % 4)) +
                           ": " + std::to_string(tricks[i]) + " tricks is not 0..13");
    t.tricks[i / 4][i % 4] = tricks[i];
  }
  return t;
}

// A position from its parts as text (position_arg, once their types are
// checked).
Expected<PlayedPosition> make_position(const std::string& deal_text, const std::string& trump_text,
                                       const std::string& leader_text,
                                       const std::string& played_text, bool finished) {
  auto deal = to_deal(deal_text, "deal");
  if (!deal) return deal.error();
  auto trump = to_strain(trump_text, "trump");
  if (!trump) return trump.error();
  auto leader = to_seat(leader_text, "leader");
  if (!leader) return leader.error();
  auto played = to_cards(played_text, "played");
  if (!played) return played.error();
  PlayedPosition out{Position::at_trick_start(*deal, *trump, *leader), {}, *leader};
  for (std::size_t i = 0; i < played->size(); ++i) {
    const Card c = (*played)[i];
    auto next = out.position.play(c);
    if (!next)
      return Error{next.error().code, "played: card " + std::to_string(i + 1) + " (" +
                                          to_string(c) + "): " + next.error().message};
    if (next->trick_size() == 0) ++out.won[static_cast<int>(side_of(next->leader()))];
    out.position = *next;
  }
  if (out.position.tricks_left() == 0 && !finished)
    return Error{ErrorCode::kBadArgument, "played: every card has been played; nothing to solve"};
  return out;
}

}  // namespace

Error bad(const std::string& path, const std::string& message, ErrorCode code) {
  return Error{code, path.empty() ? message : path + ": " + message};
}

Error type_error(const std::string& path, const std::string& expected, const val& v) {
  return bad(path, "expected " + expected + ", got " + describe(v));
}

bool is_array(const val& v) {
  return val::global("Array").call<bool>("isArray", v);
}

bool is_plain_object(const val& v) {
  return is_object(v) && !is_array(v);
}

// --- from text -----------------------------------------------------------

Expected<Strain> to_strain(const std::string& text, const std::string& what) {
  if (auto s = strain_from_name(text)) return *s;
  return bad(what, "'" + text + "' is not a strain (S, H, D, C, NT)");
}

Expected<Seat> to_seat(const std::string& text, const std::string& what) {
  if (auto s = seat_from_name(text)) return *s;
  return bad(what, "'" + text + "' is not a seat (N, E, S, W)");
}

Expected<Vulnerability> to_vulnerability(const std::string& text, const std::string& what) {
  if (auto v = vulnerability_from_name(text)) return *v;
  return bad(what, "'" + text + "' is not a vulnerability (None, NS, EW, Both)");
}

Expected<Side> to_side(const std::string& text, const std::string& what) {
  if (auto s = side_from_name(text)) return *s;
  return bad(what, "'" + text + "' is not a side (NS, EW)");
}

Expected<std::vector<Card>> to_cards(const std::string& text, const std::string& what) {
  std::vector<Card> cards;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == ',') {
      ++i;
      continue;
    }
    // A suit letter and a rank ("SA", "h9"), the rank 10 also as "10".
    std::string card = text.substr(i, 2);
    std::size_t length = 2;
    if (text.compare(i + 1, 2, "10") == 0) {
      card = std::string(1, text[i]) + "T";
      length = 3;
    }
    const std::optional<Card> c = parse_card(card);
    if (!c)
      return bad(what,
                 "character " + std::to_string(i + 1) + ": '" + text.substr(i, length) +
                     "' is not a card (a suit S, H, D, C and a rank: SA, H9, DT)",
                 ErrorCode::kSyntax);
    cards.push_back(*c);
    i += length;
  }
  return cards;
}

Expected<Deal> to_deal(const std::string& text, const std::string& what) {
  Expected<Deal> deal = parse_pbn_deal(text);
  if (!deal) return bad(what, deal.error().message, deal.error().code);
  return deal;
}

// --- from JavaScript values ----------------------------------------------

Expected<PlayedPosition> position_arg(const val& p, bool finished) {
  if (!is_object(p) || is_array(p))
    return type_error("position", "{deal, trump, leader, played?}", p);
  // Every part's type first, then their values.
  auto deal = deal_text(p["deal"], "position.deal");
  if (!deal) return deal.error();
  auto trump = named_arg(p["trump"], kStrains, "position.trump", "a strain (S, H, D, C, NT)");
  if (!trump) return trump.error();
  auto leader = named_arg(p["leader"], kSeats, "position.leader", "a seat (N, E, S, W)");
  if (!leader) return leader.error();
  auto played = cards_text(p["played"], "position.played");
  if (!played) return played.error();
  return make_position(*deal, *trump, *leader, *played, finished);
}

Expected<Deal> deal_arg(const val& v, const std::string& path) {
  auto text = deal_text(v, path);
  if (!text) return text.error();
  return to_deal(*text, name_of(path));
}

Expected<std::vector<Card>> cards_arg(const val& v, const std::string& path) {
  auto text = cards_text(v, path);
  if (!text) return text.error();
  return to_cards(*text, name_of(path));
}

Expected<DdTable> table_arg(const val& v) {
  const char* const kExpected = "a DD table ({S: {N, E, S, W}, ..., NT: ...})";
  std::vector<int> tricks;
  if (is_array(v)) {
    // DDS's resTable: 20 numbers, or rows of them.
    val flat = v.call<val>("flat");
    const int n = flat["length"].as<int>();
    for (int i = 0; i < n; ++i) {
      if (!flat[i].isNumber()) return type_error("table", kExpected, v);
      tricks.push_back(static_cast<int>(flat[i].as<double>()));
    }
  } else if (is_object(v)) {
    for (const char* strain : kStrains) {
      const val row = v[strain];
      if (!is_object(row)) return bad("table", std::string("no row for strain ") + strain);
      for (const char* seat : kSeats) {
        if (!row[seat].isNumber())
          return bad("table", std::string("no number for ") + strain + " by " + seat);
        tricks.push_back(static_cast<int>(row[seat].as<double>()));
      }
    }
  } else {
    return type_error("table", kExpected, v);
  }
  return to_table(tricks, "table");
}

Expected<unsigned> strains_arg(const val& v) {
  if (v.isUndefined()) return 31u;
  if (!is_array(v)) return type_error("strains", "an array of strains", v);
  unsigned mask = 0;
  const int n = v["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    const val s = v[i];
    std::optional<Strain> strain;
    if (s.isNumber() && is_integer(s) && s.as<double>() >= 0 && s.as<double>() < kNumStrains)
      strain = strain_from_int(s.as<int>());
    else if (s.isString())
      strain = strain_from_name(s.as<std::string>());
    if (!strain)
      return bad("strains[" + std::to_string(i) + "]",
                 describe(s) + " is not a strain (S, H, D, C, NT)");
    mask |= 1u << to_int(*strain);
  }
  if (mask == 0) return bad("strains", "no strain chosen");
  return mask;
}

Expected<unsigned> seats_arg(const val& v, const std::string& path) {
  if (v.isUndefined()) return 15u;
  if (!is_array(v)) return type_error(path, "an array of seats", v);
  unsigned mask = 0;
  for (int i = 0, n = v["length"].as<int>(); i < n; ++i) {
    auto seat = seat_arg(v[i], path + "[" + std::to_string(i) + "]");
    if (!seat) return seat.error();
    mask |= 1u << to_int(*seat);
  }
  if (mask == 0) return bad(path, "no seat chosen");
  return mask;
}

Expected<Contract> declared_contract_arg(const val& v, const std::string& path) {
  if (!v.isString()) return type_error(path, "a contract with its declarer, such as '3NT-S'", v);
  auto c = parse_contract(v.as<std::string>());
  if (!c || c->level == 0 || !c->declarer)
    return bad(path, "expected a contract with its declarer, such as '3NT-S' or '4SX-N'");
  return *c;
}

Expected<Strain> strain_arg(const val& v, const std::string& path) {
  auto text = named_arg(v, kStrains, path, "a strain (S, H, D, C, NT)");
  if (!text) return text.error();
  return to_strain(*text, name_of(path));
}

Expected<Seat> seat_arg(const val& v, const std::string& path) {
  auto text = named_arg(v, kSeats, path, "a seat (N, E, S, W)");
  if (!text) return text.error();
  return to_seat(*text, name_of(path));
}

Expected<Side> side_arg(const val& v, const std::string& path) {
  auto text = named_arg(v, kSides, path, "a side (NS, EW)");
  if (!text) return text.error();
  return to_side(*text, name_of(path));
}

Expected<Vulnerability> vulnerability_arg(const val& v, const std::string& path) {
  auto text = named_arg(v, kVulnerabilities, path, "None, NS, EW or Both");
  if (!text) return text.error();
  return to_vulnerability(*text, name_of(path));
}

Expected<int> target_arg(const val& v) {
  if (!v.isNumber() || !is_integer(v)) return type_error("target", "a whole number of tricks", v);
  return v.as<int>();
}

Expected<double> bytes_arg(const val& v, const std::string& path) {
  if (v.isUndefined()) return 0.0;
  if (!v.isNumber() || !(v.as<double>() > 0)) return type_error(path, "a number of bytes", v);
  return v.as<double>();
}

Expected<ContractArg> contract_arg(const val& v) {
  if (!is_object(v) || is_array(v))
    return type_error("contract", "{level, strain, tricks, doubled?, redoubled?, vulnerable?}", v);
  // Every part's type first, then their values.
  auto strain = named_arg(v["strain"], kStrains, "strain", "a strain (S, H, D, C, NT)");
  if (!strain) return strain.error();
  const val level = v["level"], tricks = v["tricks"];
  if (!level.isNumber() || !is_integer(level)) return type_error("level", "1..7", level);
  if (!tricks.isNumber() || !is_integer(tricks)) return type_error("tricks", "0..13", tricks);
  ContractArg c;
  auto s = to_strain(*strain, "strain");
  if (!s) return s.error();
  c.strain = *s;
  c.level = level.as<int>();
  if (c.level < 1 || c.level > 7) return bad("level", std::to_string(c.level) + " is not 1..7");
  c.tricks = tricks.as<int>();
  if (c.tricks < 0 || c.tricks > kNumTricks)
    return bad("tricks", std::to_string(c.tricks) + " is not 0..13");
  c.doubling = truthy(v["redoubled"]) ? Doubling::Redoubled
               : truthy(v["doubled"]) ? Doubling::Doubled
                                      : Doubling::Undoubled;
  c.vulnerable = truthy(v["vulnerable"]);
  return c;
}

}  // namespace ddtb::wasm
