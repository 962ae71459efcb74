// What ddsolve says on standard error about the boards: errors, notices
// (skipped boards) and the closing summary, in the one format editors and
// IDEs jump to:
//   hands.pbn:42:17: board 7: hand 4 (West), character 23: 'Z' is not a rank
//   hands.pbn:50:10: board 8: skipped: hand 2 (East) is unknown ('-')
#pragma once

#include <cstddef>
#include <functional>
#include <ostream>
#include <string>

#include "cli/board.hpp"

namespace ddtb::cli {

// "FILE:LINE:COLUMN: board ID: " for a problem of `board` (the board part
// only for games); a problem without an offset points to the game's start.
std::string where(const std::string& source, const Board& board, const Problem& problem);

class Reporter {
 public:
  // `before_write` runs before anything is written (the progress bar clears
  // its line there). Messages go to `err`.
  Reporter(std::ostream& err, std::string source, bool quiet, std::function<void()> before_write);

  // Reports what `board` needs reported and counts it. Called in file order.
  void report(const Board& board);
  // The closing line: the boards and the tables used, e.g. "ddsolve: 3
  // boards solved, 1 failed, 1 skipped; tables: /data/tb (4-16 cards)".
  // Nothing when quiet, or when no game was read and nothing went wrong.
  void summary(const std::string& tables);

  bool any_error() const { return failed_ > 0 || with_problems_ > 0 || other_errors_ > 0; }
  std::size_t games() const { return games_; }

 private:
  void line(const std::string& text);

  std::ostream& err_;
  const std::string source_;
  const bool quiet_;
  const std::function<void()> before_write_;
  std::size_t games_ = 0;
  std::size_t solved_ = 0;
  std::size_t failed_ = 0;
  std::size_t skipped_ = 0;
  std::size_t with_problems_ = 0;  // solved, but some part could not be done
  std::size_t other_errors_ = 0;   // outside games (a comment never closed)
};

}  // namespace ddtb::cli
