// ddtb-build repack: a table directory's files rewritten in the current
// format and the chosen storage (builder/repack.hpp).
#include <chrono>
#include <cstdio>

#include "builder/commands.hpp"
#include "builder/repack.hpp"

namespace ddtb::detail::tb {

CLI::App* add_repack(CLI::App& app, RepackArgs& args) {
  CLI::App* command = app.add_subcommand("repack", "rewrites tables in the current format");
  command->add_option("dir", args.dir);
  command->add_option("--store", args.store);
  command->add_option("--threads", args.threads);
  return command;
}

int run_repack(const RepackArgs& args, const tools::ToolText& text) {
  long long threads = default_threads();
  if (!args.threads.empty() && !number_in(args.threads, 1, 1024, threads))
    return tools::usage_error(text, "--threads needs a number from 1 to 1024");
  RepackOptions options;
  options.threads = static_cast<int>(threads);
  if (args.store.empty())
    options.storage = Storage::packed();
  else if (!parse_storage(args.store, options.storage))
    return tools::usage_error(text, "--store needs packed, auto, raw or zstd");
  const std::string& dir = args.dir;
  if (const int refused = table_dir_refusal(dir, "repack", text)) return refused;
  const auto t0 = std::chrono::steady_clock::now();
  const auto storage = [](bool packed, bool compressed) {
    return packed ? "packed" : compressed ? "zstd" : "raw";
  };
  auto done = repack_tables(dir, options, [&](const RepackedLayer& r) {
    std::printf("%-24s: %llu sets, format %u %s %llu bytes -> format %u %s %llu bytes",
                r.name.c_str(), (unsigned long long)r.sets, r.version_before,
                storage(r.packed_before, r.compressed_before), (unsigned long long)r.bytes_before,
                r.version_after, storage(r.packed_after, r.compressed_after),
                (unsigned long long)r.bytes_after);
    if (r.packed_after && !r.packed_before)
      std::printf(" (%llu sets stored, %.2f bytes per set)", (unsigned long long)r.sets_after,
                  r.sets ? double(r.bytes_after) / double(r.sets) : 0.0);
    std::printf("\n");
    std::fflush(stdout);
  });
  if (!done) {
    report_failure(done.error().message + "\n(the tables in " + dir + " are as they were)");
    return failure_status(done.error());
  }
  std::uint64_t before = 0, after = 0;
  for (const RepackedLayer& r : *done) {
    before += r.bytes_before;
    after += r.bytes_after;
  }
  std::printf(
      "%zu files rewritten in place, %llu -> %llu bytes (%.1f s); check them with: "
      "ddtb-build verify %s\n",
      done->size(), (unsigned long long)before, (unsigned long long)after,
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), dir.c_str());
  return tools::kExitOk;
}

}  // namespace ddtb::detail::tb
