// The progress bar of long runs, on standard error:
//   [##########..........]  412/1000 boards  41%  6.2 boards/s  ETA 1:35
// It appears only when standard error is a terminal, the run is not quiet,
// and the run has lasted kShowAfter: short runs and redirected output never
// see it. Without a known total (standard input) it shows the count and the
// rate. Not thread-safe: the delivering thread calls it (SolvePool delivers
// from one thread at a time).
#pragma once

#include <chrono>
#include <cstddef>
#include <ostream>
#include <string>

namespace ddtb::cli {

class Progress {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr auto kShowAfter = std::chrono::seconds(1);
  // Redrawing more often than this costs terminal time for nothing.
  static constexpr auto kRedrawEvery = std::chrono::milliseconds(200);

  // `total`: boards expected, 0 when unknown.
  Progress(std::ostream& err, bool enabled, std::size_t total);

  // One more board delivered.
  void advance();
  // Clears the bar's line so that a message can be written; the bar comes
  // back at the next advance().
  void clear();
  // Clears the bar for good.
  void finish();

  // The bar's text for a state (without the carriage return), for tests.
  static std::string render(std::size_t done, std::size_t total, double seconds);

 private:
  std::ostream& err_;
  const bool enabled_;
  const std::size_t total_;
  const Clock::time_point start_ = Clock::now();
  Clock::time_point last_draw_{};
  std::size_t done_ = 0;
  bool shown_ = false;  // the bar is on screen now
};

// True when file descriptor 2 (1) is a terminal.
bool stderr_is_terminal();
bool stdout_is_terminal();

}  // namespace ddtb::cli
