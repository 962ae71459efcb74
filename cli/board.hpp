// From a PBN game to a board to solve: its id, its deal, or why it cannot be
// solved. Kept apart from the reader (syntax) and from the output formats.
#pragma once

#include <optional>
#include <string>

#include "cli/pbn_reader.hpp"
#include "ddtb/position.hpp"

namespace ddtb::cli {

// One game of the file, ready for a worker: either `deal` or `error` is set.
struct Board {
  Game game;       // the whole game, for formats that echo its tags
  std::string id;  // the [Board] tag's value, else the game's ordinal
  int line = 0;    // the line that messages point to: the [Deal] tag's, or
                   // the game's first line when it has none
  std::optional<Deal> deal;
  std::optional<std::string> error;  // what is wrong, without file or line
};

// Interprets a game read by PbnReader. Never fails: problems (syntax errors,
// no [Deal], a deal the library refuses) end up in Board::error.
Board make_board(Game game);

// The seat named before the colon of a PBN deal ("E:..." gives East); North
// when there is none. Used to print a deal the way the file gave it.
Seat first_seat_of(std::string_view pbn_deal);

}  // namespace ddtb::cli
