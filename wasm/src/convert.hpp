// ddtb's answers as JavaScript values, for the embind binding (binding.cpp).
// What JavaScript passes in is converted and checked by args.hpp.
#pragma once

#include <emscripten/val.h>

#include "ddtb/cards.hpp"
#include "ddtb/expected.hpp"
#include "ddtb/par.hpp"
#include "ddtb/single_dummy.hpp"
#include "ddtb/solver.hpp"

namespace ddtb::wasm {

using emscripten::val;

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
// A figure over a sample: {value, error}.
val estimate_value(const Estimate& e);

}  // namespace ddtb::wasm
