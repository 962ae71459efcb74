// CalcDDtable's semantics, shared by CalcDDtable*, CalcPar* and the handle
// API (include/ddtb/dds_c_api.h).
#pragma once

#include "capi/convert.hpp"
#include "ddtb/dll.h"
#include "ddtb/solver.hpp"

namespace ddtb::capi {

// CalcDDtable after reading the deal: its card checks, then every strain
// solved, on the batch workers (max_threads as run_parallel's) or with
// `solver` on the calling thread. Returns RETURN_NO_FAULT or a DDS code.
int calc_table(const Holdings& cards, ddTableResults* tablep, int max_threads);
int calc_table(const Holdings& cards, ddTableResults* tablep, Solver& solver);

}  // namespace ddtb::capi
