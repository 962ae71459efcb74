// How every ddtb tool reads its command line: CLI11 does the parsing (long
// and short options, `--opt=value`, bundled flags such as `-qt2`,
// subcommands), the tool keeps its own help text and checks its own values,
// and every usage error ends the same way: one line naming what is wrong, a
// hint, exit status 2.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace ddtb::tools {

// Exit statuses shared by the tools: 0 success, 1 a failed check or build,
// 2 a usage or I/O error.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

struct ToolText {
  std::string name;  // "ddsolve": the prefix of every error message
  // The --help text of a command: "" for the tool itself, else the
  // subcommand's name ("build").
  std::function<std::string(const std::string& command)> help;
  std::string version;  // printed by --version, e.g. "ddsolve 0.1.0"
  std::string hint;     // the line after a usage error, e.g. "Try 'ddsolve --help' ..."
};

// Makes `app` (and each subcommand already added to it) take -h/--help
// anywhere, and --version when the tool has one, and collect arguments it
// does not know instead of throwing, so that parse() can name them.
void prepare(CLI::App& app, const ToolText& text);

// Parses `args` (without the program's name). Returns nullopt when the tool
// should go on; otherwise the exit status after printing the help (of the
// innermost command given, to stdout: 0), the version (stdout: 0) or a usage
// error ("<name>: <what>" and the hint on stderr: 2).
std::optional<int> parse(CLI::App& app, std::vector<std::string> args, const ToolText& text);

// Prints "<name>: <message>" and the hint on stderr; returns kExitUsage.
int usage_error(const ToolText& text, const std::string& message);

// A CLI11 parse error in the tools' words, e.g. "option '--threads' needs a
// value", "--cards is required", "unknown option '--x'".
std::string describe(const CLI::ParseError& error);

// The arguments after argv[0], as parse() takes them.
std::vector<std::string> arguments(int argc, const char* const* argv);

}  // namespace ddtb::tools
