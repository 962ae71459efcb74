// ddtb-build merge: the merging party's step alone, after every shard ran.
#include <sys/stat.h>

#include <chrono>
#include <cstdio>

#include "builder/build_plan.hpp"
#include "builder/commands.hpp"
#include "builder/merge_units.hpp"

namespace ddtb::detail::tb {

namespace {

// A layer is merged when it is missing and, for a bound layer, its units
// are there (a build with --no-bounds leaves none); the exact layers always.
bool to_merge(const std::string& dir, int tricks, StrainClass klass, int bound) {
  if (layer_present(dir, tricks, klass, bound)) return false;
  if (bound == 0) return true;
  struct stat st {};
  return ::stat((dir + "/" + unit_dir_name(tricks, klass, bound)).c_str(), &st) == 0;
}

// The card count to merge: --cards, else the smallest with a layer of
// `classes` to merge (0: none).
int tricks_to_merge(const std::string& dir, int cards, StrainClasses classes) {
  if (cards) return cards / 4;
  for (int t = 1; t <= 13; ++t)
    for (auto [k, b] : layers_of(t, true, classes))
      if (to_merge(dir, t, k, b)) return t;
  return 0;
}

}  // namespace

CLI::App* add_merge(CLI::App& app, MergeArgs& args) {
  CLI::App* command = app.add_subcommand("merge", "assembles layers from their units");
  command->add_option("dir", args.dir);
  command->add_option("--cards", args.cards);
  command->add_option("--threads", args.threads);
  command->add_option("--store", args.store);
  command->add_option("--strains", args.strains);
  command->add_flag("--keep-units", args.keep_units);
  return command;
}

int run_merge(const MergeArgs& args, const tools::ToolText& text) {
  long long cards = 0, threads = default_threads();
  if (!args.cards.empty() && (!number_in(args.cards, 4, 52, cards) || cards % 4 != 0))
    return tools::usage_error(text, "--cards must be a multiple of 4 from 4 to 52");
  if (!args.threads.empty() && !number_in(args.threads, 1, 1024, threads))
    return tools::usage_error(text, "--threads needs a number from 1 to 1024");
  StrainClasses classes;
  if (!args.strains.empty() && !StrainClasses::parse(args.strains, classes))
    return tools::usage_error(text, "--strains needs nt, trump or all (those the build made)");
  Storage storage;
  if (!parse_storage(args.store, storage))
    return tools::usage_error(text, "--store needs auto, raw or zstd");
  if (storage.is_packed())
    return tools::usage_error(text,
                              "merge writes a layer as built, which the next is built on; "
                              "pack the finished tables with: ddtb-build repack DIR");
  const std::string& dir = args.dir;
  if (const int refused = table_dir_refusal(dir, "merge", text)) return refused;
  const int tricks = tricks_to_merge(dir, static_cast<int>(cards), classes);
  if (tricks == 0) {
    std::printf("%s: no layer is missing: nothing to merge\n", dir.c_str());
    return tools::kExitOk;
  }
  auto lower = lower_checksum(dir, tricks, classes.built_on());
  if (!lower) {
    report_failure("cannot merge " + std::to_string(4 * tricks) +
                   "-card layers without the layers below: " + lower.error().message);
    return tools::kExitFailure;
  }
  int merged_any = 0;
  for (auto [k, b] : layers_of(tricks, true, classes)) {
    // The unit size is whatever the units were built with (0: take it from them).
    const LayerJob job = make_job(dir, tricks, k, *lower, 0, b);
    if (layer_present(dir, tricks, k, b)) {
      // Units a merge killed after writing the table left are of no more use.
      const bool removed = !args.keep_units && remove_unit_dir(job);
      std::printf("%-28s: already in %s%s\n", job.name().c_str(), dir.c_str(),
                  removed ? " (its leftover units removed)" : "");
      continue;
    }
    if (!to_merge(dir, tricks, k, b)) continue;  // a bound layer not built
    const auto t0 = std::chrono::steady_clock::now();
    auto merged = merge_units(job, args.keep_units, static_cast<int>(threads), storage.zstd_level);
    if (!merged) {
      report_failure(merged.error().message);
      return failure_status(merged.error());
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
  return tools::kExitOk;
}

}  // namespace ddtb::detail::tb
