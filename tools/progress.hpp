// The progress bar of every long run of the tools, on standard error:
//   16-card trump  [##########..........]  412/1000 units  41%  6.2 units/s  ETA 1:35
// It appears only when enabled (the tool checks that standard error is a
// terminal and the run is not quiet) and once a phase has lasted kShowAfter:
// short runs and redirected output never see it. Without a known total it
// shows the count and the rate. Not thread-safe: callers serialize (ddsolve
// delivers from one thread at a time, the builder reports under a lock).
#pragma once

#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>

namespace ddtb::tools {

class ProgressBar {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr auto kShowAfter = std::chrono::seconds(1);
  // Redrawing more often than this costs terminal time for nothing.
  static constexpr auto kRedrawEvery = std::chrono::milliseconds(200);

  // `unit`: what is counted, plural ("boards", "partitions").
  ProgressBar(std::ostream& err, bool enabled, std::string unit);

  // Starts a phase: `label` before the bar ("" for none), `total` items (0
  // when unknown). The previous phase's bar, if shown, is cleared.
  void start(std::string label, std::uint64_t total);
  // One (or n) more item done.
  void advance(std::uint64_t n = 1) { set(done_ + n); }
  // `done` items done so far.
  void set(std::uint64_t done);
  // Clears the bar's line so that a message can be written; the bar comes
  // back at the next advance() or set().
  void clear();
  // Ends the phase: with `keep`, its final state stays on screen as a line
  // of the log (if the bar was shown at all); otherwise the line is cleared.
  void finish(bool keep = false);

  // The bar's text for a state (without the carriage return), for tests.
  static std::string render(const std::string& label, const std::string& unit, std::uint64_t done,
                            std::uint64_t total, double seconds);

 private:
  void draw(Clock::time_point now);

  std::ostream& err_;
  const bool enabled_;
  const std::string unit_;
  std::string label_;
  std::uint64_t total_ = 0;
  std::uint64_t done_ = 0;
  Clock::time_point start_ = Clock::now();
  Clock::time_point last_draw_{};
  bool shown_ = false;  // the bar is on screen now
};

// True when file descriptor 2 (1) is a terminal.
bool stderr_is_terminal();
bool stdout_is_terminal();

}  // namespace ddtb::tools
