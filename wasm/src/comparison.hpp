// The paired comparison (include/ddtb/comparison.hpp) for the embind
// binding: singleDummy's {paired: true} with a lead and {compare: [...]},
// over all the sampled deals or one part of them ({part: [index, count]},
// for a pool of workers), and compareTricks, which puts the parts together.
#pragma once

#include <emscripten/val.h>

#include <optional>
#include <span>

#include "ddtb/comparison.hpp"

namespace ddtb::wasm {

using emscripten::val;

// Whether singleDummy's spec asks for a comparison: paired (with lead) or
// compare.
bool wants_comparison(const val& spec);

// The comparison the spec asks (`lead`: its lead contract, checked by
// singleDummy) on `deals`, or on part `index` of `count` (spec.part:
// consecutive deals, deals.size() * index / count on): {samples, seed,
// first, total, side, vulnerability, choices, order, best, declarerTricks}
// (index.d.ts, Comparison), or {error, code}.
val comparison_value(const val& spec, std::span<const Deal> deals,
                     const std::optional<Contract>& lead, Vulnerability vulnerability,
                     const AnalysisOptions& options);

// compareTricks({choices, declarerTricks, side, vulnerability}): the
// comparison of the choices (as a Comparison gives them: {contract, lead?,
// equals?}) from the declarer's tricks per deal and choice.
val compare_tricks_value(const val& input);

}  // namespace ddtb::wasm
