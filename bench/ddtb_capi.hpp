// ddtb's own DDS-compatible C API (include/ddtb/dll.h, linked from
// ddtb_dds) as one side of a comparison, set up like libdds's
// (bench/replay_solve.hpp): one thread.
#pragma once

#include <cstddef>
#include <string>

#include "bench/replay_solve.hpp"

namespace ddtb::bench {

// SetMaxThreads(1), then SetResources(tt_mb, 1) (the transposition-table
// budget of the one solver) and, when `tablebase` is not empty,
// SetTablebasePath(tablebase). Throws std::runtime_error when the tables do
// not open.
SolveApi ddtb_solve_api(std::size_t tt_mb, const std::string& tablebase);

}  // namespace ddtb::bench
