#include "cli/report.hpp"

#include <utility>

namespace ddtb::cli {

std::string where(const std::string& source, const Board& board, const Problem& problem) {
  const Game& game = board.game;
  const std::size_t offset = problem.offset != kNoOffset ? problem.offset
                             : game.is_game()            ? game.start
                                                         : 0;
  const Location at = game.locate(offset);
  std::string out = source + ':' + std::to_string(at.line) + ':' + std::to_string(at.column) + ": ";
  if (game.is_game()) out += "board " + board.id + ": ";
  return out;
}

Reporter::Reporter(std::ostream& err, std::string source, bool quiet,
                   std::function<void()> before_write)
    : err_(err),
      source_(std::move(source)),
      quiet_(quiet),
      before_write_(std::move(before_write)) {}

void Reporter::line(const std::string& text) {
  if (before_write_) before_write_();
  err_ << text << '\n' << std::flush;
}

void Reporter::report(const Board& board) {
  if (board.game.is_game()) ++games_;
  switch (board.status) {
    case BoardStatus::kFailed:
      ++(board.game.is_game() ? failed_ : other_errors_);
      line(where(source_, board, *board.reason) + board.reason->message);
      return;
    case BoardStatus::kSkipped:
      ++skipped_;
      if (!quiet_) line(where(source_, board, *board.reason) + "skipped: " + board.reason->message);
      return;
    case BoardStatus::kSolve:
      ++solved_;
      break;
    case BoardStatus::kNotAGame:
      return;
  }
  if (!board.problems.empty()) ++with_problems_;
  for (const Problem& p : board.problems) line(where(source_, board, p) + p.message);
}

void Reporter::summary(const std::string& tables) {
  if (quiet_ || (games_ == 0 && !any_error())) return;
  auto boards = [](std::size_t n) { return std::to_string(n) + (n == 1 ? " board" : " boards"); };
  std::string text = "ddsolve: " + boards(solved_) + " solved";
  if (with_problems_) text += " (" + std::to_string(with_problems_) + " with problems)";
  if (failed_) text += ", " + std::to_string(failed_) + " failed";
  if (skipped_) text += ", " + std::to_string(skipped_) + " skipped";
  line(text + "; " + tables);
}

}  // namespace ddtb::cli
