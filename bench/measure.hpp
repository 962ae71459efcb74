// How the side-by-side runners (ddtb-vs-dds) measure a side: its work runs
// in a forked child process, which sends its answers and times back through
// a pipe; the child's peak memory comes from wait4()'s ru_maxrss. A child
// that does nothing, forked just before from the same parent, gives the
// baseline to subtract (the pages a fresh fork starts with, which grow as
// the parent collects answers). Also the clocks, the median of rounds and
// the table cells both runners print.
//
// Times are the child's process CPU time (CLOCK_PROCESS_CPUTIME_ID, which
// also counts any helper thread a library starts) and wall time. On Linux
// both clocks count nanoseconds (clock_getres says 1 ns; a reading costs
// about half a microsecond), and time_it subtracts the readings in whole
// nanoseconds before converting, so a tiny item's time is not rounded away.
#pragma once

#include <time.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace ddtb::bench {

// What a child sent and what it cost.
struct ChildRun {
  bool ok = false;        // exited with status 0
  std::string bytes;      // everything it wrote to its pipe
  long max_rss_kib = 0;   // ru_maxrss from wait4 (KiB on Linux)
  long baseline_kib = 0;  // an idle child's, forked just before (run_measured_child)
};

// Runs `work(fd)` in a forked child that writes its results to `fd`, reads
// them until the child closes the pipe, and waits for it. An exception out
// of `work` is printed (prefixed by `tool` and `name`) and fails the child.
// The child ends with _exit: no atexit handler or static destructor of the
// parent runs twice (and libdds's, which crash after dlopen, never run).
ChildRun run_child(const char* tool, const char* name, const std::function<void(int fd)>& work);

// run_child, after an idle child whose ru_maxrss becomes `baseline_kib`.
ChildRun run_measured_child(const char* tool, const char* name,
                            const std::function<void(int fd)>& work);

// Writes all of `data` to `fd`; throws std::runtime_error when it cannot.
void write_all(int fd, const void* data, std::size_t n);

// Writes a trivially copyable value as raw bytes (both ends are the same
// binary, so the layout is the same).
template <class T>
void write_value(int fd, const T& value) {
  write_all(fd, &value, sizeof value);
}

// Reads the raw values a child wrote, in order. read() returns false once
// the bytes run out, so a child that stopped early is noticed.
class ByteReader {
 public:
  explicit ByteReader(const std::string& bytes) : bytes_(bytes) {}
  template <class T>
  bool read(T& value) {
    if (bytes_.size() - pos_ < sizeof value) return false;
    std::memcpy(&value, bytes_.data() + pos_, sizeof value);
    pos_ += sizeof value;
    return true;
  }
  bool at_end() const { return pos_ == bytes_.size(); }

 private:
  const std::string& bytes_;
  std::size_t pos_ = 0;
};

double clock_s(clockid_t id);

// A clock's reading in nanoseconds.
std::int64_t clock_ns(clockid_t id);

// The resolution clock_getres reports for `id`, in nanoseconds.
std::int64_t clock_resolution_ns(clockid_t id);

// CPU and wall seconds of one piece of work.
struct Timing {
  double cpu_s = 0;
  double wall_s = 0;
};

template <class Fn>
Timing time_it(Fn&& fn) {
  const std::int64_t c0 = clock_ns(CLOCK_PROCESS_CPUTIME_ID), w0 = clock_ns(CLOCK_MONOTONIC);
  fn();
  const std::int64_t c1 = clock_ns(CLOCK_PROCESS_CPUTIME_ID), w1 = clock_ns(CLOCK_MONOTONIC);
  return {1e-9 * double(c1 - c0), 1e-9 * double(w1 - w0)};
}

// " median (low to high)" of `values`, e.g. " 0.482 (0.471 to 0.497)";
// empty for no values.
std::string median_and_range(std::vector<double> values);

// Table cells; "-" for a side that did not run.
std::string cell(bool present, const char* format, double v);
std::string seconds(bool present, double s, int decimals);
std::string mib(bool present, double m);
std::string ratio_cell(bool present, double a, double b, int decimals);

// "peak memory above an idle child (B MiB): ddtb X MiB, dds Y MiB, ratio R":
// each side's largest ru_maxrss above its baseline over its runs (from
// run_measured_child); B is the first baseline. An empty side did not run.
void print_peak_memory(const std::vector<ChildRun>& ours, const std::vector<ChildRun>& dds,
                       const char* peer = "dds");

}  // namespace ddtb::bench
