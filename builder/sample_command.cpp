// ddtb-build sample: random partitions of a layer, to size a build
// (builder/sample.hpp, docs/SCALE.md).
#include <sys/resource.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "builder/commands.hpp"
#include "builder/sample.hpp"
#include "builder/successor_shapes.hpp"
#include "core/random.hpp"
#include "tools/progress.hpp"

namespace ddtb::detail::tb {

namespace {

// --count: the size of a layer not yet buildable here (24 cards:
// docs/SCALE.md), and how much of the layer below one work unit of it
// reaches by one trick (what a builder loading per unit would hold).
void print_count(const SampleOptions& o) {
  constexpr int kUnitsDrawn = 100;
  Rng rng(o.seed);
  for (int kc = 0; kc < 2; ++kc) {
    const StrainClass k = static_cast<StrainClass>(kc);
    if (k == StrainClass::kNoTrump ? !o.no_trump : !o.trump) continue;
    const std::vector<ShapeKey> shapes = enumerate_shapes(o.tricks, k);
    double states = 0;
    for (ShapeKey shape : shapes) states += partition_states(shape, k);
    std::printf("%d cards %-8s: %zu partitions, %.4g canonical states\n", 4 * o.tricks,
                k == StrainClass::kTrump ? "trump" : "no-trump", shapes.size(), states);
    const std::uint64_t units = (shapes.size() + kDefaultUnitSize - 1) / kDefaultUnitSize;
    LowerMask mask(o.tricks - 1);
    const double below = double(mask.shapes[0].size() + mask.shapes[1].size());
    double reached = 0;
    for (int i = 0; i < kUnitsDrawn; ++i) {
      const std::uint64_t first = rng.below64(units) * kDefaultUnitSize;
      mask.clear();
      for (std::uint64_t p = first;
           p < std::min<std::uint64_t>(first + kDefaultUnitSize, shapes.size()); ++p)
        mark_successors(k, shapes[p], mask);
      reached += double(mask.marked(StrainClass::kNoTrump) + mask.marked(StrainClass::kTrump));
    }
    std::printf(
        "  a work unit (%u partitions) reaches by one trick %.0f of the %.0f partitions of the "
        "layer below on average (%d units drawn, seed %llu)\n",
        kDefaultUnitSize, reached / kUnitsDrawn, below, kUnitsDrawn, (unsigned long long)o.seed);
  }
}

// The options checked, or the usage error.
Expected<SampleOptions> check_sample(const SampleArgs& args) {
  auto usage = [](std::string message) { return Error{ErrorCode::kSyntax, std::move(message)}; };
  constexpr long long kMax = 1LL << 62;
  SampleOptions o;
  o.threads = default_threads();
  long long v = 0;
  if (args.cards.empty()) return usage("--cards N is required");
  if (!number_in(args.cards, 8, 52, v) || v % 4 != 0)
    return usage("--cards must be a multiple of 4 from 8 to 52");
  o.tricks = static_cast<int>(v / 4);
  o.tables = args.tables;
  if (!args.partitions.empty()) {
    if (!number_in(args.partitions, 1, kMax, v))
      return usage("--partitions needs a positive number");
    o.per_class = static_cast<std::uint64_t>(v);
  }
  if (!args.seed.empty()) {
    if (!number_in(args.seed, 0, kMax, v)) return usage("--seed needs a number");
    o.seed = static_cast<std::uint64_t>(v);
  }
  for (const std::string& index : args.index) {
    if (!number_in(index, 0, 0xffffffffLL, v)) return usage("--index needs a partition index");
    o.only.push_back(static_cast<std::uint32_t>(v));
  }
  if (!args.chunk_runs.empty()) {
    if (!number_in(args.chunk_runs, 0, kMax, v)) return usage("--chunk-runs needs a number");
    o.runs_per_class = static_cast<std::uint64_t>(v);
  }
  if (!args.threads.empty()) {
    if (!number_in(args.threads, 1, 1024, v))
      return usage("--threads needs a number from 1 to 1024");
    o.threads = static_cast<int>(v);
  }
  if (!args.klass.empty()) {
    if (args.klass != "nt" && args.klass != "trump" && args.klass != "both")
      return usage("--class needs nt, trump or both");
    o.no_trump = args.klass != "trump";
    o.trump = args.klass != "nt";
  }
  return o;
}

}  // namespace

CLI::App* add_sample(CLI::App& app, SampleArgs& args) {
  CLI::App* command = app.add_subcommand("sample", "samples partitions of a layer");
  command->add_option("--cards", args.cards);
  command->add_option("--tables", args.tables);
  command->add_option("--partitions", args.partitions);
  command->add_option("--seed", args.seed);
  command->add_option("--index", args.index)
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  command->add_option("--chunk-runs", args.chunk_runs);
  command->add_option("--class", args.klass);
  command->add_option("--threads", args.threads);
  command->add_option("--csv", args.csv);
  command->add_flag("--count", args.count);
  command->add_flag("--quiet", args.quiet);
  return command;
}

int run_sample(const SampleArgs& args, const tools::ToolText& text) {
  const auto o = check_sample(args);
  if (!o) return tools::usage_error(text, o.error().message);
  if (args.count) {
    print_count(*o);
    return tools::kExitOk;
  }
  if (o->tables.empty())
    return tools::usage_error(text, "--tables DIR (holding the layer below) is required");
  tools::ProgressBar bar(std::cerr, !args.quiet && tools::stderr_is_terminal(), "partitions");
  bool started = false;
  auto report = run_sample(*o, [&](std::uint64_t d, std::uint64_t t) {
    if (!started) bar.start(std::to_string(4 * o->tricks) + "-card sample", t);
    started = true;
    bar.set(d);
  });
  bar.finish();
  if (!report) {
    report_failure(report.error().message);
    return report.error().code == ErrorCode::kCorruptData ? tools::kExitFailure : tools::kExitUsage;
  }
  std::fputs(format_sample(*report).c_str(), stdout);
  struct rusage ru {};
  ::getrusage(RUSAGE_SELF, &ru);
  std::printf("peak resident memory: %.0f MiB (layer below, %d builder thread(s))\n",
              double(ru.ru_maxrss) / 1024, o->threads);
  if (!args.csv.empty()) {
    std::FILE* f = std::fopen(args.csv.c_str(), "w");
    const std::string csv = sample_csv(*report);
    if (!f || std::fwrite(csv.data(), 1, csv.size(), f) != csv.size() || std::fclose(f) != 0) {
      report_failure(args.csv + ": " + std::strerror(errno));
      return tools::kExitUsage;
    }
  }
  return tools::kExitOk;
}

}  // namespace ddtb::detail::tb
