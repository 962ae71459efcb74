// SolveAllBoards, SolveAllBoardsBin and the SolveAllChunks* variants: every
// board solved as SolveBoard would, on the worker threads.
#include <vector>

#include "capi/boundary.hpp"
#include "capi/convert.hpp"
#include "capi/solve.hpp"
#include "capi/workers.hpp"

namespace ddtb::capi {

namespace {

// Solves boards 0..count-1 (deals already binary). Each board has its own
// code: `read_codes[i]` when reading the board failed (nullptr: none did),
// else SolveBoard's. A failing board is that board's failure only: the
// others are solved anyway and the first failing board's code is returned,
// as DDS does. noOfBoards is copied whatever its value.
int solve_all(int count, const deal* deals, const int* read_codes, const int* target,
              const int* solutions, const int* mode, solvedBoards* solvedp) {
  solvedp->noOfBoards = count;
  const int n = count > 0 ? count : 0;
  std::vector<int> codes(static_cast<std::size_t>(n), RETURN_NO_FAULT);
  run_parallel(n, [&](int i, Solver& solver) {
    futureTricks& fut = solvedp->solvedBoard[i];
    const int rc = read_codes && read_codes[i] != RETURN_NO_FAULT
                       ? read_codes[i]
                       : solve_board(deals[i], target[i], solutions[i], mode[i], &fut, solver);
    codes[static_cast<std::size_t>(i)] = rc;
    // A failed board reads as no cards, as in DDS.
    if (rc != RETURN_NO_FAULT) fut.nodes = fut.cards = 0;
  });
  for (const int c : codes)
    if (c != RETURN_NO_FAULT) return c;
  return RETURN_NO_FAULT;
}

int solve_all_bin(boards* bop, solvedBoards* solvedp) {
  if (!bop || !solvedp) return RETURN_UNKNOWN_FAULT;
  if (bop->noOfBoards > MAXNOOFBOARDS) return RETURN_TOO_MANY_BOARDS;
  return solve_all(bop->noOfBoards, bop->deals, nullptr, bop->target, bop->solutions, bop->mode,
                   solvedp);
}

// PBN deals are all read before anything is solved: a text without its seat
// fails the call with nothing written, as in DDS.
int solve_all_pbn(boardsPBN* bop, solvedBoards* solvedp) {
  if (!bop || !solvedp) return RETURN_UNKNOWN_FAULT;
  if (bop->noOfBoards > MAXNOOFBOARDS) return RETURN_TOO_MANY_BOARDS;
  std::vector<deal> deals;
  std::vector<int> read_codes;
  if (const int rc = to_binary_all(bop->deals, bop->noOfBoards, deals, read_codes);
      rc != RETURN_NO_FAULT)
    return rc;
  return solve_all(bop->noOfBoards, deals.data(), read_codes.data(), bop->target, bop->solutions,
                   bop->mode, solvedp);
}

}  // namespace

}  // namespace ddtb::capi

using ddtb::capi::guarded;
namespace capi = ddtb::capi;

int SolveAllBoards(boardsPBN* bop, solvedBoards* solvedp) {
  return guarded([&] { return capi::solve_all_pbn(bop, solvedp); });
}

int SolveAllBoardsBin(boards* bop, solvedBoards* solvedp) {
  return guarded([&] { return capi::solve_all_bin(bop, solvedp); });
}

// The chunk size only tells DDS how to hand out boards to its threads; our
// workers take one board at a time whatever it is.
int SolveAllChunksBin(boards* bop, solvedBoards* solvedp, int chunkSize) {
  return guarded([&] {
    if (chunkSize < 1) return RETURN_CHUNK_SIZE;
    return capi::solve_all_bin(bop, solvedp);
  });
}

int SolveAllChunksPBN(boardsPBN* bop, solvedBoards* solvedp, int chunkSize) {
  return guarded([&] {
    if (chunkSize < 1) return RETURN_CHUNK_SIZE;
    return capi::solve_all_pbn(bop, solvedp);
  });
}

int SolveAllChunks(boardsPBN* bop, solvedBoards* solvedp, int chunkSize) {
  return SolveAllChunksPBN(bop, solvedp, chunkSize);
}
