// What a worker does with a board: the DD table (the entries asked for, or
// all of them), par (DDS's DealerPar: the seats bid in turn from the
// dealer), and the play analysis, with one Solver so that its
// transposition table carries over from the table to the play.
#pragma once

#include "cli/board.hpp"
#include "ddtb/solver.hpp"

namespace ddtb::cli {

// Fills board.result. Problems found on the way (an illegal card the reader
// could not see) go to board.problems. Throws only what the Solver throws
// (std::bad_alloc when the memory budget cannot be had).
void analyse(Solver& solver, Board& board, const Request& request);

}  // namespace ddtb::cli
