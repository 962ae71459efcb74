// singleDummy for the embind binding (binding.cpp): single-dummy analysis
// of a spec object, {result} or {error, code}.
#pragma once

#include <emscripten/val.h>

namespace ddtb::wasm {

using emscripten::val;

// spec: {deal?, known?, lacks?, hcp?, length?, samples?, seed?, lead?,
// strains?, declarers?, vulnerability?, paired?, compare?, part?} (paired
// and compare: comparison.hpp); progress: a function (done, total)
// returning false to stop, or undefined.
val single_dummy(const val& spec, const val& progress);

}  // namespace ddtb::wasm
