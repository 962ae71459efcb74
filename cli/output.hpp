// Output formats of ddsolve. Each format is a Writer; the driver hands it
// every piece of the input in file order, one call at a time, and never
// looks at the text. A format is a Writer and a Format value, nothing else.
#pragma once

#include <memory>
#include <ostream>
#include <string>

#include "cli/board.hpp"

namespace ddtb::cli {

enum class Format {
  kText,  // a hand-record table per board
  kJson,  // JSON Lines: one object per board
  kPbn,   // the input back, with the double-dummy and par tags added
};

class Writer {
 public:
  virtual ~Writer() = default;
  // Every board and every stretch of text between games, in file order,
  // whatever its status (a board that failed or was skipped has already
  // been reported on stderr). Writers flush after each board with output,
  // so that the output of a long run is never lost when it is cut short.
  virtual void write(const Board& board) = 0;
  // After the last board.
  virtual void finish() {}
};

std::unique_ptr<Writer> make_writer(Format format, std::ostream& out);

// What the writers print for one board, newline included: "" for a board
// without a result, except that the PBN format echoes every game.
std::string text_board(const Board& board);
std::string json_board(const Board& board);
std::string pbn_board(const Board& board);

}  // namespace ddtb::cli
