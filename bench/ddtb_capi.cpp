#include "bench/ddtb_capi.hpp"

#include <stdexcept>

#include "ddtb/solver.hpp"

namespace ddtb::bench {

SolveApi ddtb_solve_api(std::size_t tt_mb, const std::string& tablebase) {
  ::SetMaxThreads(1);
  if (tt_mb) ::SetResources(static_cast<int>(tt_mb), 1);
  // Only the tables asked for: without, none (not the default tables the C
  // API would otherwise find), so that a run means the same on every machine.
  if (::SetTablebasePath(tablebase.c_str()) != RETURN_NO_FAULT)
    throw std::runtime_error("SetTablebasePath(" + tablebase + ") found no valid endgame table");
  SolveApi api;
  api.solve_board = &::SolveBoard;
  api.solve_board_pbn = &::SolveBoardPBN;
  api.solve_all_boards = &::SolveAllBoards;
  api.set_max_threads = &::SetMaxThreads;
  return api;
}

std::string ddtb_tt_text(std::size_t tt_mb) {
  if (tt_mb) return "cap " + std::to_string(tt_mb) + " MiB";
  return "default: " + std::to_string(kDefaultTtMemoryBytes >> 20) + " MiB, may grow to " +
         std::to_string(kDefaultTtMaxMemoryBytes >> 20) + " MiB";
}

}  // namespace ddtb::bench
