// How every ddtb tool reads its command line: CLI11 does the parsing (long
// and short options, `--opt=value`, bundled flags such as `-qt2`,
// subcommands), the tool keeps its own help text and checks its own values,
// and every usage error ends the same way: one line naming what is wrong, a
// hint, exit status 2.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
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

// The ToolText of a tool with one help text: the hint is "Try '<name>
// --help' for more information.", and --version exists when `version` is
// not empty.
ToolText simple_text(std::string name, std::string help, std::string version = "");

// Makes `app` (and each subcommand already added to it) take -h/--help
// anywhere, and --version when the tool has one, and collect arguments it
// does not know instead of throwing, so that parse() can name them. Flags
// already added refuse a value ("--json=yes" is a usage error, not true).
void prepare(CLI::App& app, const ToolText& text);

// What a command line asks for, found by parse_arguments() without printing
// anything: go on (kRun), the help of `command` ("" for the tool), the
// version, or a usage error described by `message`.
struct ParseOutcome {
  enum class Kind { kRun, kHelp, kVersion, kError };
  Kind kind = Kind::kRun;
  std::string command;  // kHelp: the innermost subcommand given, "" for the tool
  std::string message;  // kError: "unknown option '--x'", "option '--threads' needs a value"
  // kError when an option was given without its value: the option's name
  // ("--threads"), so that the tool can say what value it wants.
  std::string option;
};

// Parses `args` (without the program's name) into `app`, prepared as
// above. An argument no option or positional took is an error: "unknown
// option '-x'" when it looks like an option, else "unexpected argument 'x'".
ParseOutcome parse_arguments(CLI::App& app, std::vector<std::string> args);

// parse_arguments() and what the tool does with its outcome. Returns nullopt when the tool
// should go on; otherwise the exit status after printing the help (of the
// innermost command given, to stdout: 0), the version (stdout: 0) or a usage
// error ("<name>: <what>" and the hint on stderr: 2).
std::optional<int> parse(CLI::App& app, std::vector<std::string> args, const ToolText& text);

// Prints "<name>: <message>" and the hint on stderr; returns kExitUsage.
int usage_error(const ToolText& text, const std::string& message);

// A CLI11 parse error in the tools' words, e.g. "option '--threads' needs a
// value", "option '--json' takes no value", "--cards is required".
std::string describe(const CLI::ParseError& error);

// A whole decimal number in [lo, hi] (all of `text`), or nullopt.
std::optional<long long> whole_number(std::string_view text, long long lo, long long hi);

// The message of a bad number: "--threads needs a number of threads from 1
// to 1024, got 'x'" (without ", got ..." when no value was given).
std::string number_message(const std::string& option, const std::string& what, long long lo,
                           long long hi, std::optional<std::string_view> value);

// Adds an option (e.g. "-t,--threads") taking a whole number in [lo, hi]
// into `out`, the last one given winning; any other value is a usage error
// worded by number_message() (`what`: "a number of threads").
template <class T>
CLI::Option* add_number(CLI::App& app, const std::string& names, T& out, long long lo, long long hi,
                        const std::string& what);

// Adds an option whose value must be one of `choices` into `out`; any other
// is a usage error "--work needs one of tables, solves, both, got 'x'".
CLI::Option* add_choice(CLI::App& app, const std::string& names, std::string& out,
                        std::vector<std::string> choices);

// The arguments after argv[0], as parse() takes them.
std::vector<std::string> arguments(int argc, const char* const* argv);

namespace detail {
// The long name of "-t,--threads" ("--threads"), else its first name.
std::string option_label(const std::string& names);
}  // namespace detail

template <class T>
CLI::Option* add_number(CLI::App& app, const std::string& names, T& out, long long lo, long long hi,
                        const std::string& what) {
  const std::string label = detail::option_label(names);
  return app
      .add_option_function<std::string>(
          names,
          [&out, label, what, lo, hi](const std::string& text) {
            const auto n = whole_number(text, lo, hi);
            if (!n) throw CLI::ValidationError(number_message(label, what, lo, hi, text));
            out = static_cast<T>(*n);
          })
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
}

}  // namespace ddtb::tools
