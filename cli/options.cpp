#include "cli/options.hpp"

#include <charconv>
#include <optional>
#include <thread>

#include "ddtb/solver.hpp"

namespace ddtb::cli {

namespace {

Error usage(std::string message) {
  return Error{ErrorCode::kSyntax, std::move(message)};
}

// A whole-string decimal in [lo, hi], or nullopt.
std::optional<long long> parse_number(std::string_view text, long long lo, long long hi) {
  long long value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || value < lo || value > hi)
    return std::nullopt;
  return value;
}

// Splits "--name=value" into name and value; other arguments have no value.
std::pair<std::string_view, std::optional<std::string_view>> split_inline(std::string_view arg) {
  const std::size_t eq = arg.find('=');
  if (arg.substr(0, 2) != "--" || eq == std::string_view::npos) return {arg, std::nullopt};
  return {arg.substr(0, eq), arg.substr(eq + 1)};
}

// The help as the user sees it; {threads} and {memory} are filled in.
constexpr std::string_view kHelp = R"(Usage: ddsolve [OPTIONS] FILE
Double-dummy tables for every board of a PBN file.

Reads FILE (standard input when FILE is -) and, for every game with a [Deal]
tag, prints the board number and the tricks each declarer takes in each
strain. Boards are printed in file order. The board number is the [Board]
tag, else the game's position in the file (1, 2, ...).

Options:
  --json           print JSON Lines, one object per board:
                   {"board":"1","tricks":{"N":{"N":9,"E":4,"S":9,"W":4},"S":{...},...}}
                   outer keys are strains (N = no trump, S, H, D, C), inner
                   keys declarers (N, E, S, W), values tricks.
                   e.g. ddsolve --json hands.pbn > tables.jsonl
  -t, --threads N  solve N boards at a time, one solver per thread
                   (default: one per CPU, here {threads}).
                   e.g. ddsolve --threads 4 hands.pbn
  -m, --memory MB  transposition-table memory PER THREAD, in MiB (default
                   {memory}); the total is about N x MB. More memory rarely helps.
                   e.g. ddsolve --threads 2 --memory 100 hands.pbn  (200 MiB)
  --version        print the version and exit.
                   e.g. ddsolve --version
  -h, --help       print this help and exit.
  --               end of options, for a FILE whose name starts with '-'.
                   e.g. ddsolve -- -odd-name.pbn

Input: PBN tag pairs [Name "value"], games separated by blank lines; '%' lines,
';' comments and {...} commentary are skipped. Examples:
  ddsolve hands.pbn
  cat hands.pbn | ddsolve --json -

Exit status: 0 every board solved; 1 some board could not be solved (each is
reported on stderr as FILE:LINE: board ID: problem, and the other boards are
still printed); 2 usage error or unreadable FILE.
)";

void replace(std::string& text, std::string_view key, const std::string& value) {
  if (const std::size_t at = text.find(key); at != std::string::npos)
    text.replace(at, key.size(), value);
}

}  // namespace

int default_threads() {
  const unsigned n = std::thread::hardware_concurrency();  // 0 when unknown
  return n == 0 ? 1 : static_cast<int>(n < kMaxThreads ? n : kMaxThreads);
}

Expected<Options> parse_options(std::span<const std::string_view> args) {
  Options options;
  options.threads = default_threads();
  bool have_file = false;
  bool options_done = false;  // after "--", everything is a file name
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    const bool is_option = !options_done && arg.size() > 1 && arg[0] == '-';
    if (!is_option) {
      if (have_file)
        return usage("one FILE only (got '" + options.file + "' and '" + std::string(arg) + "')");
      options.file = arg;
      have_file = true;
      continue;
    }
    const auto [name, inline_value] = split_inline(arg);
    // The value of an option that takes one: "--x=V" or the next argument.
    auto value = [&, name = name,
                  inline_value = inline_value]() -> std::optional<std::string_view> {
      if (inline_value) return inline_value;
      if (i + 1 < args.size()) return args[++i];
      return std::nullopt;
    };
    if (name == "--") {
      options_done = true;
    } else if (name == "-h" || name == "--help") {
      options.help = true;
      return options;
    } else if (name == "--version") {
      options.version = true;
      return options;
    } else if (name == "--json") {
      options.format = Format::kJson;
    } else if (name == "-t" || name == "--threads") {
      const auto v = value();
      const auto n = v ? parse_number(*v, 1, kMaxThreads) : std::nullopt;
      if (!n)
        return usage(std::string(name) + " needs a number of threads from 1 to " +
                     std::to_string(kMaxThreads) + (v ? ", got '" + std::string(*v) + "'" : ""));
      options.threads = static_cast<int>(*n);
    } else if (name == "-m" || name == "--memory") {
      const auto v = value();
      const auto n = v ? parse_number(*v, 1, kMaxMemoryMb) : std::nullopt;
      if (!n)
        return usage(std::string(name) + " needs a size in MiB from 1 to " +
                     std::to_string(kMaxMemoryMb) + (v ? ", got '" + std::string(*v) + "'" : ""));
      options.memory_mb = static_cast<std::size_t>(*n);
    } else {
      return usage("unknown option '" + std::string(arg) + "'");
    }
    if (inline_value && (name == "--json" || name == "--"))
      return usage("option '" + std::string(name) + "' takes no value");
  }
  if (!have_file) return usage("no FILE given (use - to read standard input)");
  return options;
}

std::string help_text(int default_threads) {
  std::string text(kHelp);
  replace(text, "{threads}", std::to_string(default_threads));
  replace(text, "{memory}", std::to_string(kDefaultTtMemoryBytes >> 20));
  return text;
}

}  // namespace ddtb::cli
