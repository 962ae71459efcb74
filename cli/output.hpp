// Output formats of ddsolve. Each format is a Writer; the driver hands it the
// boards in file order, one call at a time, and never looks at the text.
// Adding a format (annotated PBN, par, play analysis) means adding a Writer
// and a Format value, nothing else.
#pragma once

#include <memory>
#include <ostream>
#include <string>

#include "cli/board.hpp"
#include "ddtb/solver.hpp"

namespace ddtb::cli {

enum class Format {
  kText,  // a hand-record table per board
  kJson,  // JSON Lines: one object per board
};

class Writer {
 public:
  virtual ~Writer() = default;
  // A solved board. Writers flush after each board, so that the output of a
  // long run is never lost when the run is cut short.
  virtual void solved(const Board& board, const DdTable& table) = 0;
  // A board that could not be solved (its error already went to stderr).
  // Formats that copy their input (annotated PBN) will need it; the current
  // ones print nothing.
  virtual void failed(const Board&) {}
  // After the last board.
  virtual void finish() {}
};

std::unique_ptr<Writer> make_writer(Format format, std::ostream& out);

// The text of one board in each format (what the writers print), newline included.
std::string text_board(const Board& board, const DdTable& table);
std::string json_board(const Board& board, const DdTable& table);

}  // namespace ddtb::cli
