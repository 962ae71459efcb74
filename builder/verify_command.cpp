// ddtb-build verify: checks every table of a directory (builder/verify.hpp).
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <tuple>

#include "builder/commands.hpp"
#include "builder/layer_job.hpp"
#include "builder/verify.hpp"
#include "tools/progress.hpp"

namespace ddtb::detail::tb {

CLI::App* add_verify(CLI::App& app, VerifyArgs& args) {
  CLI::App* command = app.add_subcommand("verify", "checks the tables of a directory");
  command->add_option("dir", args.dir);
  command->add_option("--threads", args.threads);
  command->add_option("--seed", args.seed);
  command->add_option("--sample-partitions", args.sample_partitions);
  command->add_option("--solver-positions", args.solver_positions);
  command->add_flag("--quiet", args.quiet);
  return command;
}

int run_verify(const VerifyArgs& args, const tools::ToolText& text) {
  VerifyOptions o;
  o.threads = default_threads();
  constexpr long long kMax = 1LL << 62;
  long long v = 0;
  if (!args.threads.empty()) {
    if (!number_in(args.threads, 1, kMax, v))
      return tools::usage_error(text, "--threads needs a positive number");
    o.threads = static_cast<int>(std::min(v, 1024LL));
  }
  for (auto [given, name, field] :
       {std::tuple{&args.seed, "--seed", &o.seed},
        std::tuple{&args.sample_partitions, "--sample-partitions", &o.sample_partitions},
        std::tuple{&args.solver_positions, "--solver-positions", &o.solver_positions}})
    if (!given->empty()) {
      if (!number_in(*given, 0, kMax, v))
        return tools::usage_error(text, std::string(name) + " needs a number");
      *field = static_cast<std::uint64_t>(v);
    }
  if (args.dir.empty()) return tools::usage_error(text, "verify needs a directory");
  tools::ProgressBar bar(std::cerr, !args.quiet && tools::stderr_is_terminal(), "states");
  std::string shown;
  auto report =
      verify_tables(args.dir, o, [&](const std::string& what, std::uint64_t d, std::uint64_t t) {
        if (what != shown) {
          shown = what;
          bar.start(what, t);
        }
        bar.set(d);
      });
  bar.finish();
  if (!report) {
    report_failure(report.error().message);
    return tools::kExitUsage;
  }
  for (const auto& l : report->layers)
    std::printf(
        "%-28s: one-trick check %llu states in %llu partitions, solver check %llu "
        "positions, %llu failures, %.1f s\n",
        layer_words(l.cards / 4, l.trump ? StrainClass::kTrump : StrainClass::kNoTrump, l.bound)
            .c_str(),
        (unsigned long long)l.states_checked, (unsigned long long)l.partitions_checked,
        (unsigned long long)l.solver_checked, (unsigned long long)l.failures, l.seconds);
  for (const auto& f : report->failures) std::printf("FAIL %s\n", f.c_str());
  std::printf("%s\n", report->ok() ? "all checks passed" : "VERIFICATION FAILED");
  return report->ok() ? tools::kExitOk : tools::kExitFailure;
}

}  // namespace ddtb::detail::tb
