// From a PBN game to a board to solve: its id, its deal, what else the run
// asks of it (par, play analysis) and everything that stands in the way.
// Kept apart from the reader (syntax), the solving (analyse.hpp) and the
// output formats.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/pbn_reader.hpp"
#include "cli/play_record.hpp"
#include "cli/tag_values.hpp"
#include "ddtb/par.hpp"
#include "ddtb/position.hpp"
#include "ddtb/solver.hpp"

namespace ddtb::cli {

inline constexpr unsigned kAllStrains = 0x1f;  // bit (1 << Strain)
inline constexpr unsigned kAllSeats = 0xf;     // bit (1 << Seat)

// What the run asks of every board (from the command line).
struct Request {
  unsigned strains = kAllStrains;  // strains to show
  unsigned declarers = kAllSeats;  // declarers to show
  bool whole_table = false;        // solve all 20 entries whatever is shown (--pbn)
  bool par = false;                // --par: a board without dealer or
                                   // vulnerability is a problem
  bool par_if_known = false;       // --pbn: par where dealer and vulnerability are known
  bool play = false;               // analyse [Play] sections
  std::optional<Seat> dealer;      // given on the command line: these win
  std::optional<Vulnerability> vulnerability;  // over the file's tags
};

enum class BoardStatus {
  kSolve,     // has a deal to solve
  kSkipped,   // a game that cannot be solved and is no error: a hand given as
              // '-', no [Deal]; reported as a notice
  kFailed,    // an error: the board is reported and not solved
  kNotAGame,  // text between games (comments, blank lines): nothing to do
};

// The dealer and vulnerability that par is computed with, and where they
// came from (for messages).
struct ParConditions {
  Seat dealer = Seat::North;
  Vulnerability vulnerability = Vulnerability::None;
};

// The double-dummy result after each card of a play record.
struct PlayAnalysis {
  PlayRecord record;
  // The declarer side's tricks (won so far plus the most it can still take)
  // before the first card, then after each card: record.cards.size() + 1.
  std::vector<int> tricks;

  // The tricks card `i` (0-based) cost the side that played it: how far
  // that side's double-dummy result dropped. 0 for a card that loses
  // nothing; a card never gains its side anything.
  int lost(std::size_t i) const {
    const int change = tricks[i + 1] - tricks[i];
    const int loss = same_side(record.cards[i].seat, record.declarer) ? -change : change;
    return loss > 0 ? loss : 0;
  }
};

// What the worker computed.
struct Analysis {
  std::optional<DdTable> table;  // the entries asked for (all 20 when whole_table)
  std::optional<ParResult> par;  // DDS DealerPar's view, with Board::par's conditions
  std::optional<PlayAnalysis> play;
};

struct Board {
  Game game;       // the whole game, for formats that echo it
  std::string id;  // the [Board] tag's value, else the game's ordinal
  BoardStatus status = BoardStatus::kNotAGame;
  std::optional<Problem> reason;  // why a board is skipped or failed
  std::vector<Problem> problems;  // errors that spare the rest of the board
                                  // (a bad [Play], no vulnerability for par)
  std::optional<Deal> deal;
  Seat first_seat = Seat::North;         // the [Deal]'s first seat, to print it the same way
  unsigned shown_strains = kAllStrains;  // the table entries to print
  unsigned shown_declarers = kAllSeats;
  std::optional<ParConditions> par;  // set when par is to be computed
  std::optional<PlayRecord> play;    // set when the play is to be analysed
  Analysis result;
};

// Interprets a game read by PbnReader (after tag inheritance). Never fails:
// whatever stands in the way ends up in `reason` or `problems`.
Board make_board(Game game, const Request& request);

// The seat named before the colon of a PBN deal ("E:..." gives East); North
// when there is none.
Seat first_seat_of(std::string_view pbn_deal);

}  // namespace ddtb::cli
