// ddtb's own DDS-compatible C API (include/ddtb/dll.h, linked from
// ddtb_dds) as one side of a comparison, set up like libdds's
// (bench/replay_solve.hpp): one thread.
#pragma once

#include <cstddef>
#include <string>

#include "bench/replay_solve.hpp"

namespace ddtb::bench {

// SetMaxThreads(1), then, when tt_mb is not 0, SetResources(tt_mb, 1) (the
// cap of the one solver's transposition table; 0 keeps the library's
// defaults) and, when `tablebase` is not empty, SetTablebasePath(tablebase).
// Throws std::runtime_error when the tables do not open.
SolveApi ddtb_solve_api(std::size_t tt_mb, const std::string& tablebase);

// How ddtb's table is set up, for the runners' headers: "cap N MiB", or the
// library's default sizes when tt_mb is 0.
std::string ddtb_tt_text(std::size_t tt_mb);

}  // namespace ddtb::bench
