// The arguments of the embind binding (binding.cpp): JavaScript values, as
// the caller of wasm/js/index.js gave them, to ddtb's types.
//
// Every check is made here, once: the JavaScript side passes its arguments
// on untouched. A value of the wrong type gives "<path>: expected <what the
// argument is>, got <the value>"; a value the library refuses gives
// "<name>: <the library's message>", the place inside it included ("deal:
// hand 3 (South), character 5: ..."). Names of strains, seats, sides and
// vulnerabilities are the library's (strain_from_name, ...); each may also be
// given as its DDS number.
#pragma once

#include <emscripten/val.h>

#include <array>
#include <string>
#include <vector>

#include "ddtb/cards.hpp"
#include "ddtb/expected.hpp"
#include "ddtb/par.hpp"
#include "ddtb/position.hpp"
#include "ddtb/solver.hpp"

namespace ddtb::wasm {

using emscripten::val;

// --- from text -----------------------------------------------------------

// A strain, seat, vulnerability or side by name (any case); an error naming
// `what` and the text otherwise.
Expected<Strain> to_strain(const std::string& text, const std::string& what);
Expected<Seat> to_seat(const std::string& text, const std::string& what);
Expected<Vulnerability> to_vulnerability(const std::string& text, const std::string& what);
Expected<Side> to_side(const std::string& text, const std::string& what);
// Cards run together, with or without spaces or commas: "SA H9 DT", "SAD10".
Expected<std::vector<Card>> to_cards(const std::string& text, const std::string& what);
// A PBN deal ("N:... ... ... ...", the "N:" optional).
Expected<Deal> to_deal(const std::string& text, const std::string& what);

// --- from JavaScript values ----------------------------------------------

// "<path>: <message>" (the message alone for an empty path), kBadArgument
// unless `code` says otherwise: every error of the arguments.
Error bad(const std::string& path, const std::string& message,
          ErrorCode code = ErrorCode::kBadArgument);
// "<path>: expected <expected>, got <v as a message shows it>".
Error type_error(const std::string& path, const std::string& expected, const val& v);
// JavaScript's kinds: an array; an object that is neither null nor an array.
bool is_array(const val& v);
bool is_plain_object(const val& v);

// A position reached by playing cards from a trick start, with the tricks
// each side won on the way (index: Side).
struct PlayedPosition {
  Position position;
  std::array<int, 2> won{};
  Seat first_leader = Seat::North;  // the seat that led the trick of `deal`
};
// {deal, trump, leader, played?}: the deal at the start of a trick, its
// strain, the seat leading it, and the cards played since (any number,
// across tricks). `finished`: a position with every card played is
// accepted (to be inspected; there is nothing to solve).
Expected<PlayedPosition> position_arg(const val& p, bool finished = false);

// A deal: a PBN deal string, or four PBN hands as {N, E, S, W} or an array.
// `path` names the argument in type errors ("deal", "deals[2]").
Expected<Deal> deal_arg(const val& v, const std::string& path);
// Cards: a string ("SA H9", "SAH9"), an array of cards, or nothing.
Expected<std::vector<Card>> cards_arg(const val& v, const std::string& path);
// A DD table: {S: {N, E, S, W}, ..., NT: ...}, or DDS's resTable as 20
// numbers, flat or in rows of four.
Expected<DdTable> table_arg(const val& v);
// The strains to solve, as a bit (1 << strain) each: an array of strains;
// all five when undefined.
Expected<unsigned> strains_arg(const val& v);
// The seats, as a bit (1 << seat) each: an array of seats (names or DDS
// numbers); all four when undefined. `path` names it ("declarers").
Expected<unsigned> seats_arg(const val& v, const std::string& path);
// A contract with its level and declarer, and X or XX if doubled: "3NT-S",
// "4SX-N".
Expected<Contract> declared_contract_arg(const val& v, const std::string& path);
Expected<Strain> strain_arg(const val& v, const std::string& path);
Expected<Seat> seat_arg(const val& v, const std::string& path);
Expected<Side> side_arg(const val& v, const std::string& path);
Expected<Vulnerability> vulnerability_arg(const val& v, const std::string& path);
// A whole number of tricks.
Expected<int> target_arg(const val& v);
// A number of bytes; 0 when undefined (the library's default).
Expected<double> bytes_arg(const val& v, const std::string& path);
// {level, strain, tricks, doubled?, redoubled?, vulnerable?}: the level,
// strain, doubling, vulnerability and tricks of contract_score().
struct ContractArg {
  int level = 0;
  Strain strain = Strain::NoTrump;
  Doubling doubling = Doubling::Undoubled;
  bool vulnerable = false;
  int tricks = 0;
};
Expected<ContractArg> contract_arg(const val& v);

}  // namespace ddtb::wasm
