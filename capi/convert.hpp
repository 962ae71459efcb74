// Conversions between the C structs of dll.h and ddtb's types, with DDS's
// input checks and return codes.
#pragma once

#include <array>
#include <cstddef>
#include <optional>

#include "ddtb/dll.h"
#include "ddtb/position.hpp"
#include "ddtb/solver.hpp"

namespace ddtb::capi {

// remainCards / ddTableDeal.cards: [hand][suit] rank-bit holdings.
using Holdings = std::array<std::array<unsigned, 4>, 4>;

// DDS's PBN deal reader: optional leading spaces, the seat of the first
// hand (N, E, S, W, either case) and ':' (else RETURN_PBN_FAULT), then the
// hands clockwise: ranks AKQJT98765432 (either case), '.' between suits and
// ' ' between hands. Other characters are skipped, as DDS does; text after a
// fourth hand is ignored. Reads at most `size` characters (up to a NUL).
// Card counts are checked later, by the caller's deal check.
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

// A deal struct from a dealPBN (same trump, first and current trick).
int to_binary(const dealPBN& in, deal& out);

// ddTableResults <-> DdTable.
void store_table(const DdTable& table, unsigned strain_mask, ddTableResults& out);
DdTable load_table(const ddTableResults& in);

}  // namespace ddtb::capi
