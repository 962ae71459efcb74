// ddtb-build: builds, verifies and describes setrograde tablebase files.
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "builder/layer_build.hpp"
#include "builder/layer_writer.hpp"
#include "builder/sample.hpp"
#include "builder/verify.hpp"
#include "builder/work_units.hpp"
#include "ddtb/version.hpp"
#include "tablebase/layer_file.hpp"

namespace {

using namespace ddtb::detail::tb;

const char* const kUsage = R"(Usage:
  ddtb-build build --cards N --out DIR [--threads T] [--shard i/M | --shard slurm]
                   [--unit-size U] [--no-bounds] [--quiet]
  ddtb-build merge DIR [--cards N] [--threads T] [--keep-units]
  ddtb-build verify DIR [--threads T] [--seed S] [--sample-partitions N]
                        [--solver-positions N] [--quiet]
  ddtb-build sample --cards N --tables DIR [--partitions K] [--seed S]
                    [--chunk-runs R] [--class nt|trump|both] [--threads T]
                    [--index I]... [--csv FILE] [--quiet]
  ddtb-build sample --cards N --count [--class nt|trump|both]
  ddtb-build info DIR
  ddtb-build --help | --version

build   Builds every layer up to N cards (4, 8, 12, ...) that DIR lacks, no
        trump and trump, by setrograde analysis; each layer uses the one below
        (read from DIR when present). From 12 cards up it also builds the
        bound layers ddtb-<cards>-<class>-ge<t>.tbl ("the side on lead takes
        at least t tricks", t = 2 .. tricks - 1): they answer what a search
        asks with fewer cards specified, which is what makes the tables pay
        on full deals (--no-bounds: exact layers only). Prints per layer:
        partitions, states evaluated, sets before and after compaction,
        bytes, CPU and wall time.
        Work is done in units of U consecutive partitions (default 256), each
        saved in DIR/ddtb-<cards>-<class>.units/ as it is finished: a build
        that is killed resumes from its finished units when run again.
        --threads T   worker threads (default: all cores)
        --shard i/M   build only shard i (0 <= i < M) of the units of the
                      smallest card count missing from DIR, then stop; run
                      every shard (any order, any machines sharing DIR), then
                      'merge'. --shard slurm takes i and M from a Slurm job
                      array (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT).
        e.g. ddtb-build build --cards 12 --out tables
             ddtb-build build --cards 20 --out /shared/tb --shard 3/64
merge   Assembles the missing layers of the smallest card count missing from
        DIR (or of --cards N) from their unit files (bound layers when their
        units are there), writes the table files,
        and deletes the units (--keep-units: keeps them). Refuses, naming the
        unit and its partitions, a missing unit, a duplicate, a corrupt unit
        file or one built with other parameters (another layer below, builder
        version, unit size); exit status 1 then. --threads T: threads
        compressing the table's chunks (default: all cores; same bytes).
        e.g. ddtb-build merge /shared/tb --cards 20
verify  Checks every table of DIR two independent ways: each state against
        one trick of search over the layer below (every state up to 12 cards,
        every state of --sample-partitions random partitions beyond, default
        500), and the full solver without tables (every state up to 8 cards,
        --solver-positions random positions per larger layer, default
        100000). Exit status 1 on any mismatch, gap or bad overlap, each
        printed with its position.
        e.g. ddtb-build verify tables --threads 2
sample  Builds K random partitions of each class of the N-card layers
        (default 200, drawn uniformly) over the layer below read from DIR,
        and prints the CPU time, sets and bytes per partition with their
        spread, extrapolated to the whole layers; R runs of consecutive
        partitions (default 50) measure how a table file will compress them.
        --csv writes one line per sampled partition; --index I (repeatable)
        builds partition I of each class given instead of a random draw.
        --count only prints the layer's partitions and canonical states
        (no tables needed). See docs/SCALE.md.
        e.g. ddtb-build sample --cards 20 --tables tb16 --partitions 3000
info    Prints each table's layer, partitions, sets, bytes, states per byte
        and build parameters.
        e.g. ddtb-build info tables

A progress bar with an ETA goes to standard error when it is a terminal
(--quiet: none). Exit status: 0 success, 1 failed check or build, 2 usage or
I/O error. docs/DISTRIBUTED.md explains sharded builds, Slurm and MPI.
)";

int usage_error(const std::string& msg) {
  std::fprintf(stderr, "ddtb-build: %s\n(see ddtb-build --help)\n", msg.c_str());
  return 2;
}

const char* class_name(StrainClass k) {
  return k == StrainClass::kTrump ? "trump" : "no-trump";
}

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
  void start() {
    t0_ = std::chrono::steady_clock::now();
    last_ = t0_;
  }
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

// Canonical states of a layer (for states per byte).
double layer_states(int tricks, StrainClass k) {
  double total = 0;
  for (ShapeKey shape : enumerate_shapes(tricks, k)) total += partition_states(shape, k);
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

// Where a shard's share comes from: --shard i/N, or a Slurm job array's
// variables with --shard slurm (index SLURM_ARRAY_TASK_ID minus
// SLURM_ARRAY_TASK_MIN, of SLURM_ARRAY_TASK_COUNT tasks).
bool parse_shard(const std::string& text, int& shard, int& shards, std::string& error) {
  long long i = 0, n = 0;
  if (text == "slurm") {
    const char* id = std::getenv("SLURM_ARRAY_TASK_ID");
    const char* count = std::getenv("SLURM_ARRAY_TASK_COUNT");
    const char* min = std::getenv("SLURM_ARRAY_TASK_MIN");
    long long lo = 0;
    if (!id || !count) {
      error =
          "--shard slurm needs SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT (run it in a "
          "Slurm job array: sbatch --array=0-N)";
      return false;
    }
    for (auto [name, text, value] : {std::tuple{"SLURM_ARRAY_TASK_ID", id, &i},
                                     std::tuple{"SLURM_ARRAY_TASK_COUNT", count, &n},
                                     std::tuple{"SLURM_ARRAY_TASK_MIN", min, &lo}})
      if (text && !parse_int(text, *value)) {
        error = std::string("--shard slurm: ") + name + "='" + text + "' is not a number";
        return false;
      }
    i -= lo;
    if (i < 0 || i >= n) {
      error = "--shard slurm: task " + std::string(id) + " is not one of the array's " +
              std::string(count) + " tasks (use a contiguous array such as --array=0-" +
              std::to_string(n > 0 ? n - 1 : 0) + ")";
      return false;
    }
  } else {
    const auto slash = text.find('/');
    if (slash == std::string::npos || !parse_int(text.substr(0, slash), i) ||
        !parse_int(text.substr(slash + 1), n) || n < 1 || n > 1000000 || i < 0 || i >= n) {
      error = "--shard '" + text + "': needs i/N with 0 <= i < N (e.g. --shard 3/16), or 'slurm'";
      return false;
    }
  }
  shard = static_cast<int>(i);
  shards = static_cast<int>(n);
  return true;
}

bool layer_present(const std::string& dir, int tricks, StrainClass k, int bound = 0) {
  return ::access((dir + "/" + layer_file_name(tricks, k, bound)).c_str(), F_OK) == 0;
}

// The smallest card count up to `tricks` tricks with a layer missing from
// `dir`, or 0 when every layer is there.
int first_missing(const std::string& dir, int tricks, bool bounds) {
  for (int t = 1; t <= tricks; ++t)
    for (auto [k, b] : layers_of(t, bounds))
      if (!layer_present(dir, t, k, b)) return t;
  return 0;
}

void print_notes(const std::vector<UnitRunStats>& stats) {
  for (const auto& s : stats)
    for (const auto& note : s.notes) std::printf("  %s\n", note.c_str());
}

// A shard's run: its share of the units of the first missing card count.
int build_shard(const std::string& out, int cards, int threads, std::uint32_t unit_size, int shard,
                int shards, bool bounds, Bar& bar) {
  const int tricks = first_missing(out, cards / 4, bounds);
  if (tricks == 0) {
    std::printf("every layer up to %d cards is in %s: nothing to build\n", cards, out.c_str());
    return 0;
  }
  auto lower = load_layers(out, tricks - 1);
  if (!lower) {
    std::fprintf(stderr, "ddtb-build: %s\n", lower.error().message.c_str());
    return 1;
  }
  // The exact layers of the card count first; once they are merged, the
  // bound layers derived from them (a second round of shards and merge).
  bool exact_missing = false;
  for (auto [k, b] : layers_of(tricks, false)) exact_missing |= !layer_present(out, tricks, k, b);
  std::vector<LayerJob> jobs;
  for (auto [k, b] : layers_of(tricks, bounds))
    if (!layer_present(out, tricks, k, b) && (b == 0 || !exact_missing)) {
      jobs.push_back(make_job(out, tricks, k, lower->checksum, unit_size, b));
      if (b > 0)
        if (auto attached = attach_exact(jobs.back()); !attached) {
          std::fprintf(stderr, "ddtb-build: %s\n", attached.error().message.c_str());
          return 1;
        }
    }
  const auto items = shard_of(plan_work(jobs), shard, shards);
  const auto t0 = std::chrono::steady_clock::now();
  const std::string what = std::to_string(4 * tricks) + "-card shard " + std::to_string(shard) +
                           "/" + std::to_string(shards);
  bar.start();
  auto stats = run_units(jobs, items, lower->lower(), threads,
                         [&](std::uint64_t d, std::uint64_t t) { bar.show(what, d, t); });
  if (!stats) {
    std::fprintf(stderr, "ddtb-build: %s\n", stats.error().message.c_str());
    return stats.error().code == ddtb::ErrorCode::kIo ? 2 : 1;
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    const UnitRunStats& s = (*stats)[j];
    std::printf(
        "%-28s: shard %d/%d: %u of %u units: %u built, %u rebuilt, %u already done; "
        "%llu partitions built, %llu states evaluated, %llu sets, %.1f CPU-s\n",
        jobs[j].name().c_str(), shard, shards, s.units, jobs[j].params.units(), s.built, s.rebuilt,
        s.reused, (unsigned long long)s.partitions_built, (unsigned long long)s.work.evaluated,
        (unsigned long long)s.work.compacted, s.cpu_seconds);
  }
  print_notes(*stats);
  std::printf(
      "shard %d/%d done in %.1f s wall; when every shard is done: ddtb-build merge %s "
      "--cards %d%s\n",
      shard, shards, wall, out.c_str(), 4 * tricks,
      bounds && exact_missing && tricks >= 3
          ? ", then run the shards again for the bound layers derived from them"
          : "");
  return 0;
}

int cmd_build(const std::vector<std::string>& args) {
  long long cards = -1, threads = threads_default(), unit_size = kDefaultUnitSize;  // -1: not given
  std::string out, shard_text;
  bool quiet = false, bounds = true;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](long long& v) {
      if (i + 1 >= args.size() || !parse_int(args[++i], v)) return false;
      return true;
    };
    if (a == "--no-bounds") {
      bounds = false;
    } else if (a == "--cards") {
      if (!value(cards)) return usage_error("--cards needs a number");
    } else if (a == "--threads") {
      if (!value(threads) || threads < 1 || threads > 1024)
        return usage_error("--threads needs a number from 1 to 1024");
    } else if (a == "--unit-size") {
      if (!value(unit_size) || unit_size < 1 || unit_size > 1000000)
        return usage_error("--unit-size needs a number from 1 to 1000000");
    } else if (a == "--shard") {
      if (i + 1 >= args.size()) return usage_error("--shard needs i/N or 'slurm'");
      shard_text = args[++i];
    } else if (a == "--out") {
      if (i + 1 >= args.size()) return usage_error("--out needs a directory");
      out = args[++i];
    } else if (a == "--quiet") {
      quiet = true;
    } else {
      return usage_error("unknown option '" + a + "'");
    }
  }
  if (cards == -1) return usage_error("--cards N is required");
  if (cards < 4 || cards > 52 || cards % 4 != 0)
    return usage_error("--cards must be a multiple of 4 from 4 to 52");
  if (out.empty()) return usage_error("--out DIR is required");
  int shard = 0, shards = 0;
  std::string shard_error;
  if (!shard_text.empty() && !parse_shard(shard_text, shard, shards, shard_error))
    return usage_error(shard_error);
  if (::mkdir(out.c_str(), 0755) != 0 && errno != EEXIST) {
    std::fprintf(stderr, "ddtb-build: %s: %s\n", out.c_str(), std::strerror(errno));
    return 2;
  }
  if (struct stat st{}; ::stat(out.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    std::fprintf(stderr, "ddtb-build: --out %s: not a directory\n", out.c_str());
    return 2;
  }
  Bar bar(quiet);
  const auto units = static_cast<std::uint32_t>(unit_size);
  if (shards > 0)
    return build_shard(out, static_cast<int>(cards), static_cast<int>(threads), units, shard,
                       shards, bounds, bar);

  // One machine: every missing layer in turn, each through its units (so a
  // killed build resumes from the units it finished), merged at once.
  LoadedLayers lower;
  for (int tricks = 1; tricks <= cards / 4; ++tricks) {
    LoadedLayers cur;
    cur.tricks = tricks;
    // The exact layers are decoded only when the next card count has a
    // layer to build on them.
    bool needed = false;
    if (tricks < cards / 4)
      for (auto [k, b] : layers_of(tricks + 1, bounds))
        needed |= !layer_present(out, tricks + 1, k, b);
    std::vector<LayerJob> jobs;
    for (auto [k, b] : layers_of(tricks, bounds)) {
      const int kc = static_cast<int>(k);
      if (!layer_present(out, tricks, k, b)) {
        jobs.push_back(make_job(out, tricks, k, lower.checksum, units, b));
        continue;
      }
      const std::string path = out + "/" + layer_file_name(tricks, k, b);
      auto file = open_layer_file(out, tricks, k, b);
      if (!file) {
        std::fprintf(stderr, "ddtb-build: %s\n(delete the file to rebuild it)\n",
                     file.error().message.c_str());
        return 1;
      }
      if (b == 0 && needed) {
        auto layer = load_layer(**file);
        if (!layer) {
          std::fprintf(stderr, "ddtb-build: %s\n", layer.error().message.c_str());
          return 1;
        }
        cur.layer[kc] = std::move(*layer);
      }
      const LayerJob job = make_job(out, tricks, k, lower.checksum, units, b);
      std::printf("%-28s: present in %s (%llu sets), used as is\n", job.name().c_str(),
                  path.c_str(), (unsigned long long)(*file)->header().sets);
      // Units a merge killed after writing the table are of no more use.
      remove_unit_dir(job);
      if (b == 0) cur.checksum ^= (*file)->header().header_checksum;
    }
    // Two rounds: the exact layers, then the bound layers derived from them.
    for (int round = 0; round < 2; ++round) {
      std::vector<LayerJob> todo;
      for (LayerJob& job : jobs)
        if ((job.params.bound > 0) == (round == 1)) todo.push_back(std::move(job));
      if (todo.empty()) continue;
      for (LayerJob& job : todo)
        if (job.params.bound > 0)
          if (auto attached = attach_exact(job); !attached) {
            std::fprintf(stderr, "ddtb-build: %s\n", attached.error().message.c_str());
            return 1;
          }
      const auto t0 = std::chrono::steady_clock::now();
      const std::string what =
          std::to_string(4 * tricks) + "-card " + (round ? "bound layers" : "layers");
      bar.start();
      auto stats = run_units(todo, plan_work(todo), lower.lower(), static_cast<int>(threads),
                             [&](std::uint64_t d, std::uint64_t t) { bar.show(what, d, t); });
      if (!stats) {
        std::fprintf(stderr, "ddtb-build: %s\n", stats.error().message.c_str());
        return stats.error().code == ddtb::ErrorCode::kIo ? 2 : 1;
      }
      for (std::size_t j = 0; j < todo.size(); ++j) {
        auto merged = merge_units(todo[j], false, static_cast<int>(threads));
        if (!merged) {
          std::fprintf(stderr, "ddtb-build: %s\n", merged.error().message.c_str());
          return merged.error().code == ddtb::ErrorCode::kIo ? 2 : 1;
        }
        const UnitRunStats& s = (*stats)[j];
        const double wall =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::string reused;
        if (s.reused)
          reused = " (" + std::to_string(s.reused) + " of " + std::to_string(s.units) +
                   " units done by an earlier run)";
        std::printf(
            "%-28s: %u partitions, %llu states evaluated, %llu sets (%llu after "
            "compaction), %llu bytes, %.1f CPU-s, %.1f s wall%s\n",
            todo[j].name().c_str(), todo[j].params.partitions, (unsigned long long)s.work.evaluated,
            (unsigned long long)s.work.sets, (unsigned long long)s.work.compacted,
            (unsigned long long)merged->file_bytes, s.cpu_seconds, wall, reused.c_str());
        if (todo[j].params.bound > 0) continue;
        cur.checksum ^= merged->header_checksum;
        // The layer below the next card count, decoded from the file just
        // written (the last layer is not needed: at 20 cards it is tens of
        // GiB decoded, docs/SCALE.md).
        if (needed) {
          auto file = open_layer_file(out, tricks, todo[j].params.klass);
          auto layer =
              file ? load_layer(**file) : ddtb::Expected<std::unique_ptr<Layer>>(file.error());
          if (!layer) {
            std::fprintf(stderr, "ddtb-build: %s\n", layer.error().message.c_str());
            return 1;
          }
          cur.layer[static_cast<int>(todo[j].params.klass)] = std::move(*layer);
        }
      }
      print_notes(*stats);
      std::fflush(stdout);
    }
    lower = std::move(cur);
  }
  return 0;
}

int cmd_merge(const std::vector<std::string>& args) {
  std::string dir;
  long long cards = 0, threads = threads_default();
  bool keep = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--threads") {
      if (i + 1 >= args.size() || !parse_int(args[++i], threads) || threads < 1 || threads > 1024)
        return usage_error("--threads needs a number from 1 to 1024");
    } else if (a == "--cards") {
      if (i + 1 >= args.size() || !parse_int(args[++i], cards) || cards < 4 || cards > 52 ||
          cards % 4 != 0)
        return usage_error("--cards must be a multiple of 4 from 4 to 52");
    } else if (a == "--keep-units") {
      keep = true;
    } else if (!a.empty() && a[0] == '-') {
      return usage_error("unknown option '" + a + "'");
    } else if (dir.empty()) {
      dir = a;
    } else {
      return usage_error("one directory only");
    }
  }
  if (dir.empty()) return usage_error("merge needs a directory");
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    std::fprintf(stderr, "ddtb-build: %s: not a directory (merge needs the table directory)\n",
                 dir.c_str());
    return 2;
  }
  // A bound layer is merged when its units are there (a build with
  // --no-bounds leaves none); the exact layers always.
  auto to_merge = [&](int t, StrainClass k, int b) {
    if (layer_present(dir, t, k, b)) return false;
    if (b == 0) return true;
    struct stat u {};
    return ::stat((dir + "/" + unit_dir_name(t, k, b)).c_str(), &u) == 0;
  };
  int tricks = static_cast<int>(cards / 4);
  for (int t = 1; t <= 13 && !tricks; ++t)
    for (auto [k, b] : layers_of(t, true))
      if (to_merge(t, k, b)) tricks = t;
  if (tricks == 0) {
    std::printf("%s: no layer is missing: nothing to merge\n", dir.c_str());
    return 0;
  }
  auto lower = lower_checksum(dir, tricks);
  if (!lower) {
    std::fprintf(stderr, "ddtb-build: cannot merge %d-card layers without the layers below: %s\n",
                 4 * tricks, lower.error().message.c_str());
    return 1;
  }
  int merged_any = 0;
  for (auto [k, b] : layers_of(tricks, true)) {
    // The unit size is whatever the units were built with (0: take it from them).
    const LayerJob job = make_job(dir, tricks, k, *lower, 0, b);
    if (layer_present(dir, tricks, k, b)) {
      // Units a merge killed after writing the table left are of no more use.
      const bool removed = !keep && remove_unit_dir(job);
      std::printf("%-28s: already in %s%s\n", job.name().c_str(), dir.c_str(),
                  removed ? " (its leftover units removed)" : "");
      continue;
    }
    if (!to_merge(tricks, k, b)) continue;  // a bound layer not built
    const auto t0 = std::chrono::steady_clock::now();
    auto merged = merge_units(job, keep, static_cast<int>(threads));
    if (!merged) {
      std::fprintf(stderr, "ddtb-build: %s\n", merged.error().message.c_str());
      return merged.error().code == ddtb::ErrorCode::kIo ? 2 : 1;
    }
    ++merged_any;
    std::printf(
        "%-28s: merged %u units, %u partitions, %llu sets, %llu bytes into %s "
        "(%.1f s)\n",
        job.name().c_str(), merged->units, job.params.partitions, (unsigned long long)merged->sets,
        (unsigned long long)merged->file_bytes, job.table_path().c_str(),
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  if (merged_any) std::printf("check the tables with: ddtb-build verify %s\n", dir.c_str());
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
  auto report =
      verify_tables(dir, o, [&](const std::string& what, std::uint64_t d, std::uint64_t t) {
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
        "%-28s: one-trick check %llu states in %llu partitions, solver check %llu "
        "positions, %llu failures, %.1f s\n",
        (std::to_string(l.cards) + "-card " + (l.trump ? "trump" : "no-trump") +
         (l.bound > 0 ? " at-least-" + std::to_string(l.bound) : std::string()))
            .c_str(),
        (unsigned long long)l.states_checked, (unsigned long long)l.partitions_checked,
        (unsigned long long)l.solver_checked, (unsigned long long)l.failures, l.seconds);
  for (const auto& f : report->failures) std::printf("FAIL %s\n", f.c_str());
  std::printf("%s\n", report->ok() ? "all checks passed" : "VERIFICATION FAILED");
  return report->ok() ? 0 : 1;
}

int cmd_sample(const std::vector<std::string>& args) {
  SampleOptions o;
  o.threads = threads_default();
  long long cards = -1;  // not given
  std::string csv;
  bool quiet = false, count_only = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    long long v = 0;
    auto value = [&]() { return i + 1 < args.size() && parse_int(args[++i], v) && v >= 0; };
    if (a == "--cards") {
      if (!value()) return usage_error("--cards needs a number");
      cards = v;
    } else if (a == "--tables") {
      if (i + 1 >= args.size()) return usage_error("--tables needs a directory");
      o.tables = args[++i];
    } else if (a == "--partitions") {
      if (!value() || v < 1) return usage_error("--partitions needs a positive number");
      o.per_class = static_cast<std::uint64_t>(v);
    } else if (a == "--seed") {
      if (!value()) return usage_error("--seed needs a number");
      o.seed = static_cast<std::uint64_t>(v);
    } else if (a == "--index") {
      if (!value() || v > 0xffffffffLL) return usage_error("--index needs a partition index");
      o.only.push_back(static_cast<std::uint32_t>(v));
    } else if (a == "--chunk-runs") {
      if (!value()) return usage_error("--chunk-runs needs a number");
      o.runs_per_class = static_cast<std::uint64_t>(v);
    } else if (a == "--threads") {
      if (!value() || v < 1 || v > 1024)
        return usage_error("--threads needs a number from 1 to 1024");
      o.threads = static_cast<int>(v);
    } else if (a == "--class") {
      const std::string k = i + 1 < args.size() ? args[++i] : "";
      if (k != "nt" && k != "trump" && k != "both")
        return usage_error("--class needs nt, trump or both");
      o.no_trump = k != "trump";
      o.trump = k != "nt";
    } else if (a == "--csv") {
      if (i + 1 >= args.size()) return usage_error("--csv needs a file");
      csv = args[++i];
    } else if (a == "--count") {
      count_only = true;
    } else if (a == "--quiet") {
      quiet = true;
    } else {
      return usage_error("unknown option '" + a + "'");
    }
  }
  if (cards == -1) return usage_error("--cards N is required");
  if (cards < 8 || cards > 52 || cards % 4 != 0)
    return usage_error("--cards must be a multiple of 4 from 8 to 52");
  o.tricks = static_cast<int>(cards / 4);
  if (count_only) {
    // The size of a layer not yet buildable here (24 cards: docs/SCALE.md).
    for (int kc = 0; kc < 2; ++kc) {
      const StrainClass k = static_cast<StrainClass>(kc);
      if (k == StrainClass::kNoTrump ? !o.no_trump : !o.trump) continue;
      std::size_t partitions = 0;
      double states = 0;
      for (ShapeKey shape : enumerate_shapes(o.tricks, k)) {
        ++partitions;
        states += partition_states(shape, k);
      }
      std::printf("%lld cards %-8s: %zu partitions, %.4g canonical states\n", cards, class_name(k),
                  partitions, states);
    }
    return 0;
  }
  if (o.tables.empty()) return usage_error("--tables DIR (holding the layer below) is required");
  Bar bar(quiet);
  bar.start();
  const std::string what = std::to_string(cards) + "-card sample";
  auto report = run_sample(o, [&](std::uint64_t d, std::uint64_t t) { bar.show(what, d, t); });
  if (!report) {
    std::fprintf(stderr, "ddtb-build: %s\n", report.error().message.c_str());
    return report.error().code == ddtb::ErrorCode::kCorruptData ? 1 : 2;
  }
  std::fputs(format_sample(*report).c_str(), stdout);
  struct rusage ru {};
  ::getrusage(RUSAGE_SELF, &ru);
  std::printf("peak resident memory: %.0f MiB (layer below, %d builder thread(s))\n",
              double(ru.ru_maxrss) / 1024, o.threads);
  if (!csv.empty()) {
    std::FILE* f = std::fopen(csv.c_str(), "w");
    const std::string text = sample_csv(*report);
    if (!f || std::fwrite(text.data(), 1, text.size(), f) != text.size() || std::fclose(f) != 0) {
      std::fprintf(stderr, "ddtb-build: %s: %s\n", csv.c_str(), std::strerror(errno));
      return 2;
    }
  }
  return 0;
}

int cmd_info(const std::vector<std::string>& args) {
  if (args.size() != 1) return usage_error("info needs exactly one directory");
  const std::string& dir = args[0];
  int found = 0;
  for (int tricks = 1; tricks <= 13; ++tricks) {
    for (auto [k, b] : layers_of(tricks, true)) {
      const std::string path = dir + "/" + layer_file_name(tricks, k, b);
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
      const std::string what =
          h.bound > 0 ? ", bound: the leader's side takes at least " + std::to_string(h.bound)
                      : std::string();
      std::printf(
          "%s: %d cards %s%s, %u partitions, %llu sets, %.0f bytes, %.3g states, %.1f states/byte, "
          "format %u, builder %u, params 0x%x, header checksum %016llx, built on %016llx\n",
          path.c_str(), 4 * h.tricks, class_name(h.klass), what.c_str(), h.partitions,
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
  if (args.empty()) return usage_error("a command is needed: build, merge, verify, sample or info");
  const std::string cmd = args[0];
  args.erase(args.begin());
  // --help anywhere (ddtb-build build --help, info --help) is a request for
  // help, never an option value or a directory.
  if (cmd == "--help" || cmd == "-h" || cmd == "help" ||
      std::find(args.begin(), args.end(), "--help") != args.end() ||
      std::find(args.begin(), args.end(), "-h") != args.end()) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (cmd == "--version") {
    std::printf("ddtb-build %s (table format %u, bound layers %u, builder %u)\n", DDTB_VERSION,
                kFormatVersion, kBoundFormatVersion, kBuilderVersion);
    return 0;
  }
  if (cmd == "build") return cmd_build(args);
  if (cmd == "merge") return cmd_merge(args);
  if (cmd == "sample") return cmd_sample(args);
  if (cmd == "verify") return cmd_verify(args);
  if (cmd == "info") return cmd_info(args);
  return usage_error("unknown command '" + cmd + "'");
}
