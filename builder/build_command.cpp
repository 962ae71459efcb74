// ddtb-build build: a whole build, or one shard's share of a round.
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <tuple>

#include "builder/build_report.hpp"
#include "builder/commands.hpp"
#include "builder/repack.hpp"

namespace ddtb::detail::tb {

namespace {

// The shard a run builds: --shard i/N, or a Slurm job array's variables with
// --shard slurm (index SLURM_ARRAY_TASK_ID minus SLURM_ARRAY_TASK_MIN, of
// SLURM_ARRAY_TASK_COUNT tasks). Returns the usage error, or "".
std::string parse_shard(const std::string& text, int& shard, int& shards) {
  long long i = 0, n = 0;
  constexpr long long kAny = 1LL << 62;
  if (text == "slurm") {
    const char* id = std::getenv("SLURM_ARRAY_TASK_ID");
    const char* count = std::getenv("SLURM_ARRAY_TASK_COUNT");
    const char* min = std::getenv("SLURM_ARRAY_TASK_MIN");
    long long lo = 0;
    if (!id || !count)
      return "--shard slurm needs SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT (run it in a "
             "Slurm job array: sbatch --array=0-N)";
    for (auto [name, value_text, value] : {std::tuple{"SLURM_ARRAY_TASK_ID", id, &i},
                                           std::tuple{"SLURM_ARRAY_TASK_COUNT", count, &n},
                                           std::tuple{"SLURM_ARRAY_TASK_MIN", min, &lo}})
      if (value_text && !number_in(value_text, -kAny, kAny, *value))
        return std::string("--shard slurm: ") + name + "='" + value_text + "' is not a number";
    i -= lo;
    if (i < 0 || i >= n)
      return "--shard slurm: task " + std::string(id) + " is not one of the array's " +
             std::string(count) + " tasks (use a contiguous array such as --array=0-" +
             std::to_string(n > 0 ? n - 1 : 0) + ")";
  } else {
    const auto slash = text.find('/');
    if (slash == std::string::npos || !number_in(text.substr(0, slash), 0, kAny, i) ||
        !number_in(text.substr(slash + 1), 1, 1000000, n) || i >= n)
      return "--shard '" + text + "': needs i/N with 0 <= i < N (e.g. --shard 3/16), or 'slurm'";
  }
  shard = static_cast<int>(i);
  shards = static_cast<int>(n);
  return {};
}

// The line a shard's run ends with: what to run next.
void print_shard_done(const BuildSettings& s, const Round& round, double wall) {
  std::printf(
      "shard %d/%d done in %.1f s wall; when every shard is done: ddtb-build merge %s "
      "--cards %d%s%s\n",
      s.shard, s.shards, wall, s.out.c_str(), 4 * round.tricks,
      s.classes.all() ? "" : (" --strains " + s.classes.name()).c_str(),
      s.bounds && !round.bounds && round.tricks >= 3
          ? ", then run the shards again for the bound layers derived from them"
          : "");
}

}  // namespace

void add_build_options(CLI::App& command, BuildArgs& args, bool with_shard) {
  command.add_option("--cards", args.cards);
  command.add_option("--out", args.out);
  command.add_option("--threads", args.threads);
  command.add_option("--unit-size", args.unit_size);
  if (with_shard) command.add_option("--shard", args.shard);
  command.add_option("--store", args.store);
  command.add_option("--strains", args.strains);
  command.add_flag("--no-bounds", args.no_bounds);
  command.add_flag("--quiet", args.quiet);
}

CLI::App* add_build(CLI::App& app, BuildArgs& args) {
  CLI::App* command = app.add_subcommand("build", "builds the tables up to N cards");
  add_build_options(*command, args, true);
  command->add_flag("--install", args.install);
  return command;
}

Expected<BuildSettings> check_build(const BuildArgs& args) {
  auto usage = [](std::string message) { return Error{ErrorCode::kSyntax, std::move(message)}; };
  BuildSettings s;
  long long v = 0;
  s.install = args.install;
  if (args.install && !args.out.empty())
    return usage("--install builds into the per-user directory: it cannot be combined with --out");
  if (args.install && !args.shard.empty())
    return usage("--install builds on this machine: it cannot be combined with --shard");
  if (args.cards.empty() && !args.install) return usage("--cards N is required");
  if (args.cards.empty())
    v = kDefaultInstallCards;
  else if (!number_in(args.cards, 4, 52, v) || v % 4 != 0)
    return usage("--cards must be a multiple of 4 from 4 to 52");
  s.cards = static_cast<int>(v);
  s.threads = default_threads();
  if (!args.threads.empty()) {
    if (!number_in(args.threads, 1, 1024, v))
      return usage("--threads needs a number from 1 to 1024");
    s.threads = static_cast<int>(v);
  }
  s.unit_size = kDefaultUnitSize;
  if (!args.unit_size.empty()) {
    if (!number_in(args.unit_size, 1, 1000000, v))
      return usage("--unit-size needs a number from 1 to 1000000");
    s.unit_size = static_cast<std::uint32_t>(v);
  }
  if (args.out.empty() && !args.install)
    return usage("--out DIR is required (or --install, for the default tables)");
  s.out = args.out;
  if (!args.shard.empty())
    if (std::string error = parse_shard(args.shard, s.shard, s.shards); !error.empty())
      return usage(error);
  if (args.store.empty() && args.install)
    s.storage = Storage::packed();  // the default tables
  else if (!parse_storage(args.store, s.storage))
    return usage("--store needs auto, raw, zstd or packed");
  if (!args.strains.empty() && !StrainClasses::parse(args.strains, s.classes))
    return usage("--strains needs nt, trump or all");
  s.bounds = !args.no_bounds;
  s.quiet = args.quiet;
  return s;
}

Expected<void> make_out_dir(const std::string& out) {
  if (::mkdir(out.c_str(), 0755) != 0 && errno != EEXIST)
    return Error{ErrorCode::kIo, out + ": " + std::strerror(errno)};
  if (struct stat st{}; ::stat(out.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    return Error{ErrorCode::kIo, "--out " + out + ": not a directory"};
  return {};
}

Expected<void> build_layers(const BuildSettings& s) {
  const Plan plan = make_plan(s.out, s.cards / 4, s.bounds, s.unit_size, s.classes);
  const bool shard_run = s.shards > 0;
  if (shard_run && !plan.first_round()) {
    std::printf("every %slayer up to %d cards is in %s: nothing to build\n",
                s.classes.all() ? "" : (s.classes.name() + " ").c_str(), s.cards, s.out.c_str());
    return {};
  }
  // A shard's run is party `shard` of `shards` that does not merge; a plain
  // build is the one party.
  struct Shard : Party {
    int index_, count_;
    Shard(int index, int count) : index_(index), count_(count) {}
    int index() const override { return index_; }
    int count() const override { return count_; }
    bool merges() const override { return false; }
  };
  Shard shard(s.shard, s.shards);
  Party alone;
  ConsoleReporter reporter(
      !s.quiet && tools::stderr_is_terminal(),
      shard_run ? std::to_string(s.shard) + "/" + std::to_string(s.shards) : "");
  ExecuteOptions options;
  options.threads = s.threads;
  // Packed tables are built as is, then packed: each layer is built on the
  // one below as built (builder/layer_job.hpp).
  const bool pack = s.storage.is_packed();
  options.zstd_level = pack ? 0 : s.storage.zstd_level;
  options.first_round_only = shard_run;
  const auto start = std::chrono::steady_clock::now();
  if (auto built = execute(plan, options, shard_run ? static_cast<Party&>(shard) : alone, reporter);
      !built)
    return built;
  if (pack && !shard_run) {
    RepackOptions ro;
    ro.storage = Storage::packed();
    ro.threads = s.threads;
    auto packed = repack_tables(s.out, ro);
    if (!packed) return packed.error();
    std::uint64_t before = 0, after = 0;
    for (const RepackedLayer& r : *packed) {
      before += r.bytes_before;
      after += r.bytes_after;
    }
    std::printf("packed the %zu table files: %llu -> %llu bytes\n", packed->size(),
                (unsigned long long)before, (unsigned long long)after);
  }
  if (shard_run)
    print_shard_done(
        s, *plan.first_round(),
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return {};
}

int run_build(const BuildArgs& args, const tools::ToolText& text) {
  const auto s = check_build(args);
  if (!s) return tools::usage_error(text, s.error().message);
  if (s->install) return run_install(*s);
  if (auto made = make_out_dir(s->out); !made) {
    report_failure(made.error().message);
    return tools::kExitUsage;
  }
  if (auto built = build_layers(*s); !built) {
    report_failure(built.error().message);
    return failure_status(built.error());
  }
  return tools::kExitOk;
}

}  // namespace ddtb::detail::tb
