// Conversions between the C structs of dll.h and ddtb's types, with DDS's
// input checks and return codes.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <vector>

#include "ddtb/dll.h"
#include "ddtb/position.hpp"
#include "ddtb/solver.hpp"

namespace ddtb::capi {

// remainCards / ddTableDeal.cards: [hand][suit] rank-bit holdings.
using Holdings = std::array<std::array<unsigned, 4>, 4>;

// DDS's PBN deal reader: optional leading spaces, the seat of the first
// hand (N, E, S, W, either case) and ':' (else RETURN_PBN_FAULT), then the
// hands clockwise: ranks AKQJT98765432 (either case), '.' between suits and
// ' ' between hands. Other characters are skipped, as DDS does, and so are
// separators without a card after them (a trailing space or '.'). A card
// after a fourth ' ' (a fifth hand) is RETURN_CARD_COUNT. Cards after a
// fourth '.' of a hand (a fifth suit) are RETURN_TOO_MANY_CARDS when the
// text holds more than 52 cards with them, else RETURN_CARD_COUNT: DDS puts
// them in another hand or past its arrays and finds the count wrong (dll.h).
// Reads at most `size` characters (up to a NUL). Card counts are otherwise
// checked later, by the caller's deal check.
int parse_pbn(const char* text, std::size_t size, Holdings& out);

// The checks SolveBoard makes on a deal's cards, in DDS's order, and the
// position they describe. Parameters (target, solutions, mode, trump, first,
// thread index) are the caller's. The cards of the current trick are taken
// as played (Position::make_as_played): a follower's card need not follow
// suit, as in DDS. Returns RETURN_NO_FAULT and sets `out`, or a DDS code.
int to_position(const deal& dl, std::optional<Position>& out);

// The checks CalcDDtable makes: at least one card, no more than 52, no
// duplicates, four hands of equal size. Returns RETURN_NO_FAULT and sets
// `out`, or a DDS code.
int to_deal(const Holdings& cards, std::optional<Deal>& out);

Holdings holdings_of(const unsigned (&cards)[DDS_HANDS][DDS_SUITS]);

// A deal struct from a dealPBN (same trump, first and current trick);
// parse_pbn's codes.
int to_binary(const dealPBN& in, deal& out);

// The holdings of a ddTableDealPBN; parse_pbn's codes.
int to_holdings(const ddTableDealPBN& in, Holdings& out);

// The deals of a PBN batch, each read as to_binary() reads it, before
// anything is solved. Returns RETURN_PBN_FAULT when a text lacks its seat
// (DDS then fails the whole call); otherwise RETURN_NO_FAULT, with every
// board's reader code in `codes`: a board refused there is that board's
// failure only, as in DDS (whose card checks refuse it with the others
// solved).
int to_binary_all(const dealPBN* in, int count, std::vector<deal>& out, std::vector<int>& codes);

// ddTableResults <-> DdTable.
void store_table(const DdTable& table, unsigned strain_mask, ddTableResults& out);
DdTable load_table(const ddTableResults& in);

}  // namespace ddtb::capi
