#include "tools/progress.hpp"

#include <unistd.h>

#include <cstdio>
#include <utility>

namespace ddtb::tools {

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

ProgressBar::ProgressBar(std::ostream& err, bool enabled, std::string unit)
    : err_(err), enabled_(enabled), unit_(std::move(unit)) {}

std::string ProgressBar::render(const std::string& label, const std::string& unit,
                                std::uint64_t done, std::uint64_t total, double seconds) {
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0.0;
  char tail[96];
  std::snprintf(tail, sizeof tail, "  %.1f %s/s", rate, unit.c_str());
  std::string out = label.empty() ? std::string() : label + "  ";
  if (total == 0) return out + std::to_string(done) + " " + unit + tail;
  if (done > total) total = done;  // the count was only an estimate
  const int filled = static_cast<int>(kBarWidth * done / total);
  out += '[';
  out.append(filled, '#').append(kBarWidth - filled, '.').append("]  ");
  out += std::to_string(done) + "/" + std::to_string(total) + " " + unit + "  " +
         std::to_string(100 * done / total) + "%" + tail;
  if (rate > 0 && done < total)
    out += "  ETA " + duration(static_cast<double>(total - done) / rate);
  return out;
}

void ProgressBar::start(std::string label, std::uint64_t total) {
  clear();
  label_ = std::move(label);
  total_ = total;
  done_ = 0;
  start_ = Clock::now();
  last_draw_ = {};
}

void ProgressBar::set(std::uint64_t done) {
  done_ = done;
  if (!enabled_) return;
  const Clock::time_point now = Clock::now();
  if (now - start_ < kShowAfter || now - last_draw_ < kRedrawEvery) return;
  draw(now);
}

void ProgressBar::draw(Clock::time_point now) {
  last_draw_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  err_ << kClearLine << render(label_, unit_, done_, total_, seconds) << std::flush;
  shown_ = true;
}

void ProgressBar::clear() {
  if (!shown_) return;
  err_ << kClearLine << std::flush;
  shown_ = false;
  last_draw_ = {};  // redraw at the next item
}

void ProgressBar::finish(bool keep) {
  if (keep && shown_) {
    draw(Clock::now());
    err_ << '\n' << std::flush;
    shown_ = false;
    return;
  }
  clear();
}

}  // namespace ddtb::tools
