#include "cli/progress.hpp"

#include <unistd.h>

#include <cstdio>
#include <string>

namespace ddtb::cli {

namespace {

constexpr int kBarWidth = 20;
constexpr const char* kClearLine = "\r\033[K";

std::string duration(double seconds) {
  const long s = static_cast<long>(seconds + 0.5);
  char text[32];
  if (s >= 3600)
    std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else
    std::snprintf(text, sizeof text, "%ld:%02ld", s / 60, s % 60);
  return text;
}

}  // namespace

bool stderr_is_terminal() {
  return ::isatty(STDERR_FILENO) == 1;
}

bool stdout_is_terminal() {
  return ::isatty(STDOUT_FILENO) == 1;
}

Progress::Progress(std::ostream& err, bool enabled, std::size_t total)
    : err_(err), enabled_(enabled), total_(total) {}

std::string Progress::render(std::size_t done, std::size_t total, double seconds) {
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0.0;
  char tail[96];
  std::snprintf(tail, sizeof tail, "  %.1f boards/s", rate);
  if (total == 0) return std::to_string(done) + " boards" + tail;
  if (done > total) total = done;  // the count was only an estimate
  const int filled = static_cast<int>(kBarWidth * done / total);
  std::string out(1, '[');
  out.append(filled, '#').append(kBarWidth - filled, '.').append("]  ");
  out += std::to_string(done) + "/" + std::to_string(total) + " boards  " +
         std::to_string(100 * done / total) + "%" + tail;
  if (rate > 0 && done < total)
    out += "  ETA " + duration(static_cast<double>(total - done) / rate);
  return out;
}

void Progress::advance() {
  ++done_;
  if (!enabled_) return;
  const Clock::time_point now = Clock::now();
  if (now - start_ < kShowAfter || now - last_draw_ < kRedrawEvery) return;
  last_draw_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  err_ << kClearLine << render(done_, total_, seconds) << std::flush;
  shown_ = true;
}

void Progress::clear() {
  if (!shown_) return;
  err_ << kClearLine << std::flush;
  shown_ = false;
  last_draw_ = {};  // redraw at the next board
}

void Progress::finish() {
  clear();
}

}  // namespace ddtb::cli
