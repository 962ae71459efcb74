// ddtb-build: builds, verifies and describes setrograde tablebase files.
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "builder/layer_build.hpp"
#include "builder/verify.hpp"
#include "tablebase/format.hpp"

namespace {

using namespace ddtb::detail::tb;

const char* const kUsage = R"(Usage:
  ddtb-build build --cards N --out DIR [--threads T] [--quiet]
  ddtb-build verify DIR [--threads T] [--seed S] [--sample-partitions N]
                        [--solver-positions N] [--quiet]
  ddtb-build info DIR
  ddtb-build --help

build   Builds every layer up to N cards (4, 8, 12, ...) that DIR lacks, no
        trump and trump, by setrograde analysis; each layer uses the one below
        (read from DIR when present). Prints per layer: partitions, states
        evaluated, sets before and after compaction, bytes, CPU and wall time.
        --threads T   worker threads (default: all cores)
        e.g. ddtb-build build --cards 12 --out tables
verify  Checks every table of DIR two independent ways: each state against
        one trick of search over the layer below (every state up to 12 cards,
        every state of --sample-partitions random partitions beyond, default
        500), and the full solver without tables (every state up to 8 cards,
        --solver-positions random positions per larger layer, default
        100000). Exit status 1 on any mismatch, gap or bad overlap, each
        printed with its position.
        e.g. ddtb-build verify tables --threads 2
info    Prints each table's layer, partitions, sets, bytes, states per byte
        and build parameters.
        e.g. ddtb-build info tables

A progress bar with an ETA goes to standard error when it is a terminal
(--quiet: none). Exit status: 0 success, 1 failed check or build, 2 usage or
I/O error.
)";

int usage_error(const std::string& msg) {
  std::fprintf(stderr, "ddtb-build: %s\n(see ddtb-build --help)\n", msg.c_str());
  return 2;
}

const char* class_name(StrainClass k) { return k == StrainClass::kTrump ? "trump" : "no-trump"; }

std::string duration(double s) {
  const long t = static_cast<long>(s + 0.5);
  char buf[32];
  if (t >= 3600)
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
  else
    std::snprintf(buf, sizeof buf, "%ld:%02ld", t / 60, t % 60);
  return buf;
}

// A one-line progress bar on standard error, refreshed at most 5 times a
// second, only when standard error is a terminal.
class Bar {
 public:
  explicit Bar(bool quiet) : on_(!quiet && isatty(STDERR_FILENO)) {}
  void start() { t0_ = std::chrono::steady_clock::now(); last_ = t0_; }
  void show(const std::string& what, std::uint64_t done, std::uint64_t total) {
    if (!on_) return;
    const auto now = std::chrono::steady_clock::now();
    if (done < total && now - last_ < std::chrono::milliseconds(200)) return;
    last_ = now;
    const double el = std::chrono::duration<double>(now - t0_).count();
    const double frac = total ? double(done) / double(total) : 1.0;
    const int width = 30, fill = static_cast<int>(frac * width);
    std::string eta = done > 0 && done < total ? "ETA " + duration(el / frac - el) : "";
    std::fprintf(stderr, "\r%-32s [%s%s] %5.1f%% %s %s   ", what.c_str(),
                 std::string(fill, '#').c_str(), std::string(width - fill, '.').c_str(),
                 100.0 * frac, duration(el).c_str(), eta.c_str());
    if (done >= total) std::fputc('\n', stderr);
    std::fflush(stderr);
  }

 private:
  bool on_;
  std::chrono::steady_clock::time_point t0_, last_;
};

// Canonical states of a layer (for states per byte): per partition, the
// product of each slot's arrangements, tied slots counted once per multiset.
double layer_states(int tricks, StrainClass k) {
  double total = 0;
  for (ShapeKey shape : enumerate_shapes(tricks, k)) {
    double states = 1;
    int s = 0;
    while (s < 4) {
      int g = 1;
      while (s + g < 4 && tied(shape, k, s, s + g)) ++g;
      const double m = static_cast<double>(sequences_of(slot_column(shape, s)));
      double c = 1;  // C(m + g - 1, g)
      for (int i = 0; i < g; ++i) c = c * (m + i) / (i + 1);
      states *= c;
      s += g;
    }
    total += states;
  }
  return total;
}

int threads_default() {
  const unsigned n = std::thread::hardware_concurrency();
  return n ? static_cast<int>(n) : 1;
}

bool parse_int(const std::string& s, long long& out) {
  char* end = nullptr;
  errno = 0;
  out = std::strtoll(s.c_str(), &end, 10);
  return errno == 0 && end && *end == '\0' && !s.empty();
}

int cmd_build(const std::vector<std::string>& args) {
  long long cards = 0, threads = threads_default();
  std::string out;
  bool quiet = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](long long& v) {
      if (i + 1 >= args.size() || !parse_int(args[++i], v)) return false;
      return true;
    };
    if (a == "--cards") {
      if (!value(cards)) return usage_error("--cards needs a number");
    } else if (a == "--threads") {
      if (!value(threads) || threads < 1 || threads > 1024)
        return usage_error("--threads needs a number from 1 to 1024");
    } else if (a == "--out") {
      if (i + 1 >= args.size()) return usage_error("--out needs a directory");
      out = args[++i];
    } else if (a == "--quiet") {
      quiet = true;
    } else {
      return usage_error("unknown option '" + a + "'");
    }
  }
  if (cards < 4 || cards > 52 || cards % 4 != 0)
    return usage_error("--cards must be a multiple of 4 from 4 to 52");
  if (out.empty()) return usage_error("--out DIR is required");
  if (::mkdir(out.c_str(), 0755) != 0 && errno != EEXIST) {
    std::fprintf(stderr, "ddtb-build: %s: %s\n", out.c_str(), std::strerror(errno));
    return 2;
  }

  Bar bar(quiet);
  std::array<std::unique_ptr<Layer>, 2> lower;
  std::uint64_t lower_checksum = 0;
  for (int tricks = 1; tricks <= cards / 4; ++tricks) {
    std::array<std::unique_ptr<Layer>, 2> cur;
    std::uint64_t cur_checksum = 0;
    for (int kc = 0; kc < 2; ++kc) {
      const StrainClass k = static_cast<StrainClass>(kc);
      const std::string path = out + "/" + layer_file_name(tricks, k);
      if (::access(path.c_str(), F_OK) == 0) {
        auto file = LayerFile::open(path);
        if (!file) {
          std::fprintf(stderr, "ddtb-build: %s\n(delete the file to rebuild it)\n",
                       file.error().message.c_str());
          return 1;
        }
        auto layer = load_layer(**file);
        if (!layer) {
          std::fprintf(stderr, "ddtb-build: %s\n", layer.error().message.c_str());
          return 1;
        }
        std::printf("%2d cards %-8s: present in %s (%llu sets), used as is\n", 4 * tricks,
                    class_name(k), path.c_str(), (unsigned long long)(*file)->header().sets);
        cur_checksum ^= (*file)->header().header_checksum;
        cur[kc] = std::move(*layer);
        continue;
      }
      LayerStats st;
      const std::string what = std::to_string(4 * tricks) + "-card " + class_name(k);
      bar.start();
      auto layer = build_layer(tricks, k, LowerLayers{lower[0].get(), lower[1].get(), tricks - 1},
                               static_cast<int>(threads), st,
                               [&](std::uint64_t d, std::uint64_t t) { bar.show(what, d, t); });
      if (!layer) {
        std::fprintf(stderr, "ddtb-build: %s\n", layer.error().message.c_str());
        return 1;
      }
      WriteOptions wo;
      wo.lower_checksum = lower_checksum;
      auto written = write_layer(path, **layer, wo);
      if (!written) {
        std::fprintf(stderr, "ddtb-build: %s\n", written.error().message.c_str());
        return 2;
      }
      cur_checksum ^= *written;
      struct stat sb {};
      ::stat(path.c_str(), &sb);
      std::printf(
          "%2d cards %-8s: %llu partitions, %llu states evaluated, %llu sets (%llu after "
          "compaction), %llu bytes, %.1f CPU-s, %.1f s wall\n",
          4 * tricks, class_name(k), (unsigned long long)st.partitions,
          (unsigned long long)st.work.evaluated, (unsigned long long)st.work.sets,
          (unsigned long long)st.work.compacted, (unsigned long long)sb.st_size, st.cpu_seconds,
          st.wall_seconds);
      std::fflush(stdout);
      cur[kc] = std::move(*layer);
    }
    lower = std::move(cur);
    lower_checksum = cur_checksum;
  }
  return 0;
}

int cmd_verify(const std::vector<std::string>& args) {
  VerifyOptions o;
  o.threads = threads_default();
  std::string dir;
  bool quiet = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    long long v = 0;
    auto value = [&]() { return i + 1 < args.size() && parse_int(args[++i], v) && v >= 0; };
    if (a == "--threads") {
      if (!value() || v < 1) return usage_error("--threads needs a positive number");
      o.threads = static_cast<int>(v);
    } else if (a == "--seed") {
      if (!value()) return usage_error("--seed needs a number");
      o.seed = static_cast<std::uint64_t>(v);
    } else if (a == "--sample-partitions") {
      if (!value()) return usage_error("--sample-partitions needs a number");
      o.sample_partitions = static_cast<std::uint64_t>(v);
    } else if (a == "--solver-positions") {
      if (!value()) return usage_error("--solver-positions needs a number");
      o.solver_positions = static_cast<std::uint64_t>(v);
    } else if (a == "--quiet") {
      quiet = true;
    } else if (!a.empty() && a[0] == '-') {
      return usage_error("unknown option '" + a + "'");
    } else if (dir.empty()) {
      dir = a;
    } else {
      return usage_error("one directory only");
    }
  }
  if (dir.empty()) return usage_error("verify needs a directory");
  Bar bar(quiet);
  bar.start();
  std::string shown;
  auto report = verify_tables(dir, o, [&](const std::string& what, std::uint64_t d, std::uint64_t t) {
    if (what != shown) {
      shown = what;
      bar.start();
    }
    bar.show(what, d, t);
  });
  if (!report) {
    std::fprintf(stderr, "ddtb-build: %s\n", report.error().message.c_str());
    return 2;
  }
  for (const auto& l : report->layers)
    std::printf(
        "%2d cards %-8s: one-trick check %llu states in %llu partitions, solver check %llu "
        "positions, %llu failures, %.1f s\n",
        l.cards, l.trump ? "trump" : "no-trump", (unsigned long long)l.states_checked,
        (unsigned long long)l.partitions_checked, (unsigned long long)l.solver_checked,
        (unsigned long long)l.failures, l.seconds);
  for (const auto& f : report->failures) std::printf("FAIL %s\n", f.c_str());
  std::printf("%s\n", report->ok() ? "all checks passed" : "VERIFICATION FAILED");
  return report->ok() ? 0 : 1;
}

int cmd_info(const std::vector<std::string>& args) {
  if (args.size() != 1) return usage_error("info needs exactly one directory");
  const std::string& dir = args[0];
  int found = 0;
  for (int tricks = 1; tricks <= 13; ++tricks) {
    for (int kc = 0; kc < 2; ++kc) {
      const StrainClass k = static_cast<StrainClass>(kc);
      const std::string path = dir + "/" + layer_file_name(tricks, k);
      if (::access(path.c_str(), F_OK) != 0) continue;
      ++found;
      auto file = LayerFile::open(path);
      if (!file) {
        std::printf("%s: INVALID: %s\n", path.c_str(), file.error().message.c_str());
        continue;
      }
      const FileHeader& h = (*file)->header();
      const double bytes = double(h.data_offset + h.data_bytes);
      const double states = layer_states(h.tricks, h.klass);
      std::printf(
          "%s: %d cards %s, %u partitions, %llu sets, %.0f bytes, %.3g states, %.1f states/byte, "
          "format %u, builder %u, params 0x%x, header checksum %016llx, built on %016llx\n",
          path.c_str(), 4 * h.tricks, class_name(h.klass), h.partitions,
          (unsigned long long)h.sets, bytes, states, states / bytes, h.version, h.builder_version,
          h.build_params, (unsigned long long)h.header_checksum,
          (unsigned long long)h.lower_checksum);
    }
  }
  if (!found) {
    std::fprintf(stderr, "ddtb-build: %s: no table files\n", dir.c_str());
    return 2;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) return usage_error("a command is needed: build, verify or info");
  const std::string cmd = args[0];
  args.erase(args.begin());
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (cmd == "build") return cmd_build(args);
  if (cmd == "verify") return cmd_verify(args);
  if (cmd == "info") return cmd_info(args);
  return usage_error("unknown command '" + cmd + "'");
}
