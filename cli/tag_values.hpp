// The values of the PBN tags ddsolve reads besides [Deal]: [Dealer],
// [Vulnerable], [Declarer] and [Contract] (PBN 2.1 sections 3.4.9-3.4.14,
// 3.10 and 3.11). Each parser accepts what the standard's import format
// allows, lower case included, and tells "unknown" ("?" or "", which export
// format writes for a value it does not have) from "malformed".
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "ddtb/cards.hpp"
#include "ddtb/expected.hpp"
#include "ddtb/par.hpp"

namespace ddtb::cli {

// A seat letter, "N", "e", ... nullopt for "?" and "". An error otherwise.
Expected<std::optional<Seat>> parse_seat_value(std::string_view value);

// "None", "Love", "-", "NS", "EW", "All", "Both", any case.
Expected<std::optional<Vulnerability>> parse_vulnerability(std::string_view value);

// [Declarer]: a seat, possibly after '^' (declarer and dummy swapped, 3.4.13).
// "" means the board was passed out.
Expected<std::optional<Seat>> parse_declarer(std::string_view value);

// "4S", "3NTX", "7hxx", "Pass"; "S" or "NT" alone in an end position (level
// 0). "3N" is taken for 3NT, a common deviation. nullopt for "Pass", "?"
// and "". A [Contract] tag names no declarer: the result has none.
Expected<std::optional<ddtb::Contract>> parse_contract(std::string_view value);

// The dealer and vulnerability of a board number in the standard 16-board
// cycle (board 1: North, none vulnerable); nullopt unless `board` is a
// positive decimal number.
struct BoardConditions {
  Seat dealer;
  Vulnerability vulnerability;
};
std::optional<BoardConditions> conditions_of_board_number(std::string_view board);

// Text forms used by the output formats.
std::string_view vulnerability_name(Vulnerability v);  // "None", "NS", "EW", "All"
std::string contract_text(const ddtb::Contract& c);    // "4S", "3NTX", "S" (level 0)

}  // namespace ddtb::cli
