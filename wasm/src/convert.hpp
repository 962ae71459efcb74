// JavaScript values to ddtb's types, and back, for the embind binding
// (binding.cpp).
//
// The JavaScript side (wasm/js/index.js) checks the types of arguments and
// passes strings and numbers; the conversions here check the values with the
// library's own parsers and return an Error naming the argument (`what`) and
// the place inside it, so the messages a user sees are the library's.
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

// "S", "H", "D", "C", "N" or "NT" (any case).
Expected<Strain> to_strain(const std::string& text, const std::string& what);
// "N", "E", "S", "W" or "north".."west" (any case).
Expected<Seat> to_seat(const std::string& text, const std::string& what);
// "None" (or "-", "Love"), "NS", "EW", "Both" (or "All"), any case.
Expected<Vulnerability> to_vulnerability(const std::string& text, const std::string& what);
// "NS" or "EW" (any case).
Expected<Side> to_side(const std::string& text, const std::string& what);
// Cards run together, with or without spaces or commas: "SA H9 DT", "SAD10".
Expected<std::vector<Card>> to_cards(const std::string& text, const std::string& what);
// A PBN deal ("N:... ... ... ...", the "N:" optional).
Expected<Deal> to_deal(const std::string& text, const std::string& what);
// A DD table given as 20 numbers, strain-major (S,H,D,C,NT), declarers
// N,E,S,W, as DDS's resTable; each 0..13.
Expected<DdTable> to_table(const std::vector<int>& tricks, const std::string& what);

// {error: "<what>: message", code: "syntax"|...}: what the JavaScript side
// turns into a thrown DdtbError.
val error_value(const Error& e);
// A card's score: {card: "SA", equals: ["SK", "SQ"], tricks: 9}.
val card_score_value(const CardScore& s);
// {S: {N, E, S, W}, H: ..., D: ..., C: ..., NT: ...}.
val table_value(const DdTable& t);
// {score, contracts: [{level, strain, side, declarers, doubled, preEmptive,
//   overtricks, undertricks, text}]}.
val par_value(const ParResult& par);

}  // namespace ddtb::wasm
