#include "cli/analyse.hpp"

#include <bit>

namespace ddtb::cli {

namespace {

// The table: whole when par or the annotated PBN needs every entry; else
// only the strains asked for, and with few declarers one search per entry
// (dd_table shares work across the four declarers of a strain, so it only
// pays when most of them are wanted).
DdTable solve_table(Solver& solver, const Deal& deal, const Request& request, bool whole) {
  if (whole) return solver.dd_table(deal);
  constexpr int kMaxDeclarersForSingleSearches = 2;
  if (std::popcount(request.declarers) > kMaxDeclarersForSingleSearches)
    return solver.dd_table(deal, request.strains);
  DdTable table;
  for (int s = 0; s < kNumStrains; ++s) {
    if (!(request.strains >> s & 1)) continue;
    for (int d = 0; d < kNumSeats; ++d) {
      if (!(request.declarers >> d & 1)) continue;
      const Seat declarer = seat_from_int(d);
      const Position start =
          Position::at_trick_start(deal, strain_from_int(s), next_seat(declarer));
      table.tricks[s][d] = deal.tricks_left() - solver.max_tricks(start);
    }
  }
  return table;
}

void analyse_play(Solver& solver, Board& board) {
  const PlayRecord& record = *board.play;
  std::vector<Card> cards;
  cards.reserve(record.cards.size());
  for (const PlayedCard& c : record.cards) cards.push_back(c.card);
  const Position start =
      Position::at_trick_start(*board.deal, record.contract.strain, record.leader);
  auto tricks = solver.analyse_play(start, cards, record.declarer);
  if (!tricks) {
    // The reader plays every card before the worker sees it; this would be
    // a disagreement between the two.
    board.problems.push_back({record.cards.empty() ? kNoOffset : record.cards.front().offset,
                              "[Play]: " + tricks.error().message});
    return;
  }
  board.result.play = PlayAnalysis{record, std::move(*tricks)};
}

}  // namespace

void analyse(Solver& solver, Board& board, const Request& request) {
  const bool whole = request.whole_table || board.par.has_value();
  board.result.table = solve_table(solver, *board.deal, request, whole);
  if (board.par)
    board.result.par = dealer_par(*board.result.table, board.par->dealer, board.par->vulnerability);
  if (board.play) analyse_play(solver, board);
}

}  // namespace ddtb::cli
