// The commands of ddtb-build: each adds its subcommand and options to the
// command line (CLI11, tools/command_line.hpp) and runs from what was parsed.
// Values are taken as text and checked by the command, so that every
// message names the option and its range the same way. Internal.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "builder/layer_job.hpp"
#include "builder/layer_writer.hpp"
#include "ddtb/expected.hpp"
#include "tools/command_line.hpp"

namespace ddtb::detail::tb {

// The build options ddtb-build build and ddtb-build-mpi share.
struct BuildArgs {
  std::string cards, out, threads, unit_size, shard, store, strains;
  bool no_bounds = false, quiet = false;
  bool install = false;  // build --install: the default tables, in the per-user directory
};
// Adds them to `command`; --shard only `with_shard`.
void add_build_options(CLI::App& command, BuildArgs& args, bool with_shard);

// BuildArgs checked.
struct BuildSettings {
  int cards = 0;
  std::string out;  // "" with install: the per-user directory, chosen by run_install
  int threads = 1;
  std::uint32_t unit_size = 0;
  bool bounds = true, quiet = false;
  int shard = 0, shards = 0;  // shards 0: not a shard's run
  bool install = false;
  Storage storage;        // --store
  StrainClasses classes;  // --strains
};
// The settings, or the usage error to report.
Expected<BuildSettings> check_build(const BuildArgs& args);
// Creates the output directory if needed. Errors (kIo): it cannot be made,
// or is not a directory.
Expected<void> make_out_dir(const std::string& out);
// Builds every layer up to s.cards that s.out lacks, as one party (or shard
// s.shard of s.shards: its share of the first round), reporting on the
// console. Errors: execute()'s.
Expected<void> build_layers(const BuildSettings& s);
// The default number of cards of `ddtb-build build --install`.
inline constexpr int kDefaultInstallCards = 16;
// ddtb-build build --install (builder/install_command.cpp); the exit status.
int run_install(const BuildSettings& s);

struct MergeArgs {
  std::string dir, cards, threads, store, strains;
  bool keep_units = false;
};
struct VerifyArgs {
  std::string dir, threads, seed, sample_partitions, solver_positions;
  bool quiet = false;
};
struct SampleArgs {
  std::string cards, tables, partitions, seed, chunk_runs, klass, threads, csv;
  std::vector<std::string> index;
  bool count = false, quiet = false;
};
struct InfoArgs {
  std::vector<std::string> dirs;
};
struct RepackArgs {
  std::string dir, store, threads;
};

CLI::App* add_build(CLI::App& app, BuildArgs& args);
CLI::App* add_merge(CLI::App& app, MergeArgs& args);
CLI::App* add_verify(CLI::App& app, VerifyArgs& args);
CLI::App* add_sample(CLI::App& app, SampleArgs& args);
CLI::App* add_info(CLI::App& app, InfoArgs& args);
CLI::App* add_repack(CLI::App& app, RepackArgs& args);

// Each returns the exit status (tools::kExit*).
int run_build(const BuildArgs& args, const tools::ToolText& text);
int run_merge(const MergeArgs& args, const tools::ToolText& text);
int run_verify(const VerifyArgs& args, const tools::ToolText& text);
int run_sample(const SampleArgs& args, const tools::ToolText& text);
int run_info(const InfoArgs& args, const tools::ToolText& text);
int run_repack(const RepackArgs& args, const tools::ToolText& text);

// Shared by the commands.
// The number `text` when it is one from lo to hi.
bool number_in(const std::string& text, long long lo, long long hi, long long& out);
// Builder threads when --threads is not given: every core.
int default_threads();
// --store auto|raw|zstd|packed as the tables' zstd level (WriteOptions):
// auto (or empty) chunked with table_zstd_level's choice by card count,
// raw chunked at 0, zstd chunked at 19, packed the packed layout. False for
// another word.
bool parse_storage(const std::string& store, Storage& out);
// The usage error for a table directory argument of `command` that is
// missing or not a directory (printed), or 0 when `dir` is a directory.
int table_dir_refusal(const std::string& dir, const std::string& command,
                      const tools::ToolText& text);
// A failed build's exit status: 2 for an I/O error, 1 otherwise.
int failure_status(const Error& error);
// Prints "ddtb-build: <message>" on standard error.
void report_failure(const std::string& message);

}  // namespace ddtb::detail::tb
