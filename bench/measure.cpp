#include "bench/measure.hpp"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <exception>
#include <stdexcept>

namespace ddtb::bench {

void write_all(int fd, const void* data, std::size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    const ssize_t k = ::write(fd, p, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) throw std::runtime_error("pipe write failed");
    p += k;
    n -= std::size_t(k);
  }
}

namespace {

// Everything readable from `fd` until the writer closes it.
std::string read_to_end(int fd) {
  std::string out;
  char buf[1 << 16];
  for (;;) {
    const ssize_t k = ::read(fd, buf, sizeof buf);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return out;
    out.append(buf, std::size_t(k));
  }
}

}  // namespace

ChildRun run_child(const char* tool, const char* name, const std::function<void(int fd)>& work) {
  ChildRun out;
  int fds[2];
  if (::pipe(fds) != 0) {
    std::fprintf(stderr, "%s: pipe: %s\n", tool, std::strerror(errno));
    return out;
  }
  std::fflush(nullptr);  // nothing buffered may be written twice
  const pid_t pid = ::fork();
  if (pid < 0) {
    std::fprintf(stderr, "%s: fork: %s\n", tool, std::strerror(errno));
    ::close(fds[0]);
    ::close(fds[1]);
    return out;
  }
  if (pid == 0) {
    ::close(fds[0]);
    int rc = 0;
    try {
      work(fds[1]);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "%s: %s side failed: %s\n", tool, name, e.what());
      rc = 2;
    }
    ::close(fds[1]);
    std::fflush(nullptr);
    ::_exit(rc);
  }
  ::close(fds[1]);
  out.bytes = read_to_end(fds[0]);
  ::close(fds[0]);
  int status = 0;
  rusage usage{};
  while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  out.max_rss_kib = usage.ru_maxrss;
  out.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  if (!out.ok)
    std::fprintf(stderr, "%s: the %s child %s\n", tool, name,
                 WIFSIGNALED(status) ? "was killed by a signal" : "failed");
  return out;
}

ChildRun run_measured_child(const char* tool, const char* name,
                            const std::function<void(int fd)>& work) {
  const ChildRun idle = run_child(tool, "idle", [](int) {});
  ChildRun out = run_child(tool, name, work);
  out.ok = out.ok && idle.ok;
  out.baseline_kib = idle.max_rss_kib;
  return out;
}

double clock_s(clockid_t id) {
  timespec ts{};
  clock_gettime(id, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

std::int64_t clock_ns(clockid_t id) {
  timespec ts{};
  clock_gettime(id, &ts);
  return std::int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

std::int64_t clock_resolution_ns(clockid_t id) {
  timespec ts{};
  clock_getres(id, &ts);
  return std::int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

std::string median_and_range(std::vector<double> v) {
  if (v.empty()) return std::string();
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  char buf[64];
  std::snprintf(buf, sizeof buf, " %.3f (%.3f to %.3f)",
                v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2, v.front(), v.back());
  return buf;
}

std::string cell(bool present, const char* format, double v) {
  if (!present) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

std::string seconds(bool present, double s, int decimals) {
  return cell(present, decimals == 3 ? "%.3f s" : "%.4f s", s);
}

std::string mib(bool present, double m) {
  return cell(present, "%.1f MiB", m);
}

std::string ratio_cell(bool present, double a, double b, int decimals) {
  return cell(present && b > 0, decimals == 2 ? "%.2f" : "%.3f", b > 0 ? a / b : 0);
}

namespace {
// A side's largest peak above its baseline, in MiB.
double peak_mib(const std::vector<ChildRun>& runs) {
  long kib = 0;
  for (const ChildRun& r : runs) kib = std::max(kib, r.max_rss_kib - r.baseline_kib);
  return kib / 1024.0;
}
}  // namespace

void print_peak_memory(const std::vector<ChildRun>& ours, const std::vector<ChildRun>& dds,
                       const char* peer) {
  const bool with_ddtb = !ours.empty(), with_dds = !dds.empty();
  const double base_mib = (with_ddtb ? ours : dds).front().baseline_kib / 1024.0;
  const double ours_mib = peak_mib(ours), dds_mib = peak_mib(dds);
  std::printf("peak memory above an idle child (%.1f MiB): ddtb %s, %s %s, ratio %s\n", base_mib,
              mib(with_ddtb, ours_mib).c_str(), peer, mib(with_dds, dds_mib).c_str(),
              ratio_cell(with_ddtb && with_dds, ours_mib, dds_mib, 3).c_str());
}

}  // namespace ddtb::bench
