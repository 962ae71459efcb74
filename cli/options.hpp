// The command line of ddsolve.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/board.hpp"
#include "cli/output.hpp"
#include "cli/single_dummy.hpp"
#include "ddtb/expected.hpp"
#include "tools/command_line.hpp"

namespace ddtb::cli {

inline constexpr int kMaxThreads = 1024;
inline constexpr std::size_t kMaxMemoryMb = std::size_t{1} << 20;  // 1 TiB per thread

struct Options {
  std::vector<std::string> files;  // in order; "-" = standard input; none: see parse_options
  std::vector<std::string> deals;  // --deal PBN..., solved instead of a file
  Format format = Format::kText;
  Request request;                       // what to compute for each board
  int threads = 1;                       // worker threads, >= 1
  std::size_t memory_mb = 0;             // per-thread TT cap in MiB; 0 = the library's default
  std::optional<std::string> tablebase;  // --tablebase DIR
  bool no_tablebase = false;             // --no-tablebase: not even the default tables
  bool quiet = false;                    // no progress bar, no notices, no summary
  bool help = false;                     // print the help and exit (nothing else is checked)
  bool version = false;
  SingleDummyArgs single_dummy;  // --samples, --hcp, ...: single-dummy mode
};

// Parses the arguments after the program name. Errors (kSyntax: unknown
// option, missing or bad value, options that contradict each other, a FILE
// and --deal) carry a one-line message for the user. Without FILE or --deal,
// `files` is empty: the caller reads standard input when it is not a
// terminal.
Expected<Options> parse_options(std::span<const std::string_view> args);

// ddsolve's name, help, version and usage hint, as the tools share them.
tools::ToolText tool_text();

// The --help text, with `default_threads` shown as the default of --threads.
std::string help_text(int default_threads);

// The worker count used without --threads: one per hardware thread.
int default_threads();

// "NT,S" "shd" "N" -> strain bits (1 << Strain); nullopt when malformed or empty.
std::optional<unsigned> parse_strain_list(std::string_view text);
// "NS" "e,w" -> seat bits (1 << Seat); nullopt when malformed or empty.
std::optional<unsigned> parse_seat_list(std::string_view text);

}  // namespace ddtb::cli
