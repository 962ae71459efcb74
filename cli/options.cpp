#include "cli/options.hpp"

#include <cctype>
#include <charconv>
#include <optional>
#include <string>
#include <thread>
#include <vector>

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

bool is_flag(std::string_view name) {
  for (const std::string_view flag :
       {"--", "--json", "--pbn", "--par", "--play", "-q", "--quiet", "-h", "--help", "--version"})
    if (name == flag) return true;
  return false;
}

// The help as the user sees it; {threads} and {memory} are filled in.
constexpr std::string_view kHelp = R"(Usage: ddsolve [OPTIONS] [FILE...]
       ddsolve [OPTIONS] --deal PBN [--deal PBN ...]
Double-dummy tables, par and play analysis for every board of a PBN file.

Reads each FILE in turn (standard input when FILE is -, or when none is
given and something is piped in), or takes the deals of --deal, and, for
every game with a [Deal] tag, prints the board number and the tricks each
declarer takes in each strain. Boards are printed in file order. The board number is the [Board]
tag, else the game's position in the file (1, 2, ...).

Output (one of):
  (default)        a hand-record table per board: declarers N, S, E, W down,
                   strains NT, S, H, D, C across.
  --json           JSON Lines, one object per board:
                   {"board":"1","tricks":{"N":{"N":9,"E":4,"S":9,"W":4},"S":{...},...}}
                   outer keys are strains (N = no trump, S, H, D, C), inner
                   keys declarers (N, E, S, W), values tricks; plus "par" and
                   "play" objects when asked for (see README.md).
                   e.g. ddsolve --json hands.pbn > tables.jsonl
  --pbn            the input back, unchanged but for [DoubleDummyTricks],
                   [OptimumResultTable], [OptimumScore] and [ParContract] tags
                   on every solved board (par where dealer and vulnerability
                   are known). e.g. ddsolve --pbn hands.pbn > annotated.pbn

What to compute:
  -s, --strains LIST    only these strains: letters of N (or NT), S, H, D, C.
                   e.g. ddsolve --strains NT,S hands.pbn
  -d, --declarers LIST  only these declarers: letters of N, E, S, W.
                   e.g. ddsolve --declarers NS hands.pbn
  --par            par score and contracts of each board, with the dealer
                   and vulnerability of its [Dealer] and [Vulnerable] tags,
                   else of its board number (board 1: N, None; 2: E, NS ...).
                   e.g. ddsolve --par hands.pbn
  --dealer SEAT    dealer for par (N, E, S or W), over the file's tags.
  --vul VUL        vulnerability for par (None, NS, EW or All), over the
                   file's tags. e.g. ddsolve --par --dealer N --vul None deals.pbn
  --play           analyse the [Play] section of each board: declarer's
                   double-dummy tricks after every card, and the cards that
                   lost a trick for their side marked.
                   e.g. ddsolve --play played.pbn

How:
  -t, --threads N  solve N boards at a time, one solver per thread
                   (default: one per CPU, here {threads}).
                   e.g. ddsolve --threads 4 hands.pbn
  -m, --memory MB  the most transposition-table memory PER THREAD, in MiB
                   (default {memory}); the total is at most about N x MB. A
                   table starts smaller and grows only on a deal that needs it
                   (a freak deal), then shrinks back.
                   e.g. ddsolve --threads 2 --memory 100 hands.pbn  (200 MiB)
  --tablebase DIR  probe the endgame tables in DIR (ddtb-<cards>-nt.tbl and
                   ddtb-<cards>-trump.tbl, built by ddtb-build): the same
                   answers, found faster near the end of the play.
                   e.g. ddsolve --tablebase tables/ hands.pbn
  -q, --quiet      no progress bar and no notices on standard error (skipped
                   boards, the summary); errors are still reported.
  --version        print the version and exit.
  -h, --help       print this help and exit.
  --deal PBN       solve this deal instead of a file (repeatable), as a
                   PBN [Deal]: "N:" or another first seat, four hands.
                   e.g. ddsolve --deal "N:AKQ2.AK2.AK2.AK2 ..." --par
  --               end of options, for a FILE whose name starts with '-'.
  Short options take a glued value and bundle as usual: -t2 is -t 2, and
  -qt2 is -q -t 2.
                   e.g. ddsolve -- -odd-name.pbn

Input: PBN 2.1 (import format) and the usual deviations: games separated by
blank lines; '%' lines, ';' comments and {...} commentary skipped; any first
seat in [Deal]; a hand given as '-' makes the board skipped (a notice, not an
error); "#" and "##" tag values inherited; LF or CRLF; UTF-8 with or without
a byte order mark. A progress bar with rate and time left appears on standard
error when it is a terminal and the run takes more than a second.

Exit status: 0 every board solved (or skipped); 1 some board or part of one
(play, par) could not be done: each problem is reported on stderr as
FILE:LINE:COLUMN: board ID: problem, and everything else is still printed;
2 usage error or unreadable FILE.
)";

void replace(std::string& text, std::string_view key, const std::string& value) {
  if (const std::size_t at = text.find(key); at != std::string::npos)
    text.replace(at, key.size(), value);
}

std::string got(std::optional<std::string_view> v) {
  return v ? ", got '" + std::string(*v) + "'" : "";
}

// Checks the options against each other once all are read.
std::optional<Error> check(const Options& o) {
  const Request& r = o.request;
  if (o.format == Format::kPbn && (r.strains != kAllStrains || r.declarers != kAllSeats))
    return usage(
        "--pbn writes the whole table: it cannot be combined with --strains or --declarers");
  if ((r.dealer || r.vulnerability) && !r.par && o.format != Format::kPbn)
    return usage("--dealer and --vul are for par: add --par (or --pbn)");
  if (!o.files.empty() && !o.deals.empty())
    return usage("give FILEs or --deal, not both (FILE '" + o.files.front() + "')");
  return std::nullopt;
}

}  // namespace

std::optional<unsigned> parse_strain_list(std::string_view text) {
  unsigned mask = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = static_cast<char>(std::toupper(static_cast<unsigned char>(text[i])));
    if (c == ',' || c == ' ') continue;
    const auto strain = strain_from_letter(c);
    if (!strain) return std::nullopt;
    if (c == 'N' && i + 1 < text.size() &&
        std::toupper(static_cast<unsigned char>(text[i + 1])) == 'T')
      ++i;  // "NT"
    mask |= 1u << to_int(*strain);
  }
  return mask ? std::optional<unsigned>(mask) : std::nullopt;
}

std::optional<unsigned> parse_seat_list(std::string_view text) {
  unsigned mask = 0;
  for (const char c : text) {
    if (c == ',' || c == ' ') continue;
    const auto seat = seat_from_letter(c);
    if (!seat) return std::nullopt;
    mask |= 1u << to_int(*seat);
  }
  return mask ? std::optional<unsigned>(mask) : std::nullopt;
}

int default_threads() {
  const unsigned n = std::thread::hardware_concurrency();  // 0 when unknown
  return n == 0 ? 1 : static_cast<int>(n < kMaxThreads ? n : kMaxThreads);
}

namespace {

// Short options as POSIX utilities take them: a value may be glued to its
// option ("-t2" is "-t 2") and flags may be bundled ("-qt2" is "-q -t 2").
// An argument with a letter that is no short option stays whole, so that the
// error names it as typed. Nothing after "--" is touched.
std::vector<std::string> expand_short_options(std::span<const std::string_view> args) {
  constexpr std::string_view kFlags = "hq", kWithValue = "sdtm";
  std::vector<std::string> out;
  bool done = false;
  for (const std::string_view arg : args) {
    if (done || arg.size() <= 2 || arg[0] != '-' || arg[1] == '-') {
      done = done || arg == "--";
      out.emplace_back(arg);
      continue;
    }
    std::vector<std::string> parts;
    bool known = true;
    for (std::size_t k = 1; k < arg.size() && known; ++k) {
      const char c = arg[k];
      if (kFlags.find(c) != std::string_view::npos) {
        parts.push_back(std::string("-") + c);
      } else if (kWithValue.find(c) != std::string_view::npos) {
        parts.push_back(std::string("-") + c);
        if (k + 1 < arg.size()) parts.emplace_back(arg.substr(k + 1));
        break;
      } else {
        known = false;
      }
    }
    if (known)
      out.insert(out.end(), parts.begin(), parts.end());
    else
      out.emplace_back(arg);
  }
  return out;
}

}  // namespace

Expected<Options> parse_options(std::span<const std::string_view> raw_args) {
  const std::vector<std::string> expanded = expand_short_options(raw_args);
  const std::vector<std::string_view> arg_views(expanded.begin(), expanded.end());
  const std::span<const std::string_view> args(arg_views);
  Options options;
  Request& request = options.request;
  options.threads = default_threads();
  bool options_done = false;  // after "--", everything is a file name
  bool format_given = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    const bool is_option = !options_done && arg.size() > 1 && arg[0] == '-';
    if (!is_option) {
      options.files.emplace_back(arg);
      continue;
    }
    const auto [name, inline_value] = split_inline(arg);
    if (inline_value && is_flag(name))
      return usage("option '" + std::string(name) + "' takes no value");
    // The value of an option that takes one: "--x=V" or the next argument.
    auto value = [&, inline_value = inline_value]() -> std::optional<std::string_view> {
      if (inline_value) return inline_value;
      if (i + 1 < args.size()) return args[++i];
      return std::nullopt;
    };
    const std::string option(name);
    if (name == "--") {
      options_done = true;
    } else if (name == "-h" || name == "--help") {
      options.help = true;
      return options;
    } else if (name == "--version") {
      options.version = true;
      return options;
    } else if (name == "--json" || name == "--pbn") {
      const Format format = name == "--json" ? Format::kJson : Format::kPbn;
      if (format_given && options.format != format)
        return usage("--json and --pbn cannot be combined: choose one output format");
      options.format = format;
      format_given = true;
    } else if (name == "-s" || name == "--strains") {
      const auto v = value();
      const auto mask = v ? parse_strain_list(*v) : std::nullopt;
      if (!mask) return usage(option + " needs strain letters from N (or NT), S, H, D, C" + got(v));
      request.strains = *mask;
    } else if (name == "-d" || name == "--declarers") {
      const auto v = value();
      const auto mask = v ? parse_seat_list(*v) : std::nullopt;
      if (!mask) return usage(option + " needs seat letters from N, E, S, W" + got(v));
      request.declarers = *mask;
    } else if (name == "--par") {
      request.par = true;
    } else if (name == "--dealer") {
      const auto v = value();
      const auto seat = v ? parse_seat_value(*v) : Expected<std::optional<Seat>>(std::nullopt);
      if (!v || !seat || !*seat) return usage(option + " needs a seat: N, E, S or W" + got(v));
      request.dealer = **seat;
    } else if (name == "--vul" || name == "--vulnerable") {
      const auto v = value();
      const auto vul =
          v ? parse_vulnerability(*v) : Expected<std::optional<Vulnerability>>(std::nullopt);
      if (!v || !vul || !*vul) return usage(option + " needs None, NS, EW or All" + got(v));
      request.vulnerability = **vul;
    } else if (name == "--play") {
      request.play = true;
    } else if (name == "-t" || name == "--threads") {
      const auto v = value();
      const auto n = v ? parse_number(*v, 1, kMaxThreads) : std::nullopt;
      if (!n)
        return usage(option + " needs a number of threads from 1 to " +
                     std::to_string(kMaxThreads) + got(v));
      options.threads = static_cast<int>(*n);
    } else if (name == "-m" || name == "--memory") {
      const auto v = value();
      const auto n = v ? parse_number(*v, 1, kMaxMemoryMb) : std::nullopt;
      if (!n)
        return usage(option + " needs a size in MiB from 1 to " + std::to_string(kMaxMemoryMb) +
                     got(v));
      options.memory_mb = static_cast<std::size_t>(*n);
    } else if (name == "--tablebase") {
      const auto v = value();
      if (!v || v->empty()) return usage(option + " needs a directory");
      options.tablebase = std::string(*v);
    } else if (name == "--deal") {
      const auto v = value();
      if (!v || v->empty()) return usage(option + " needs a deal, e.g. \"N:AKQ.xx... E:...\"");
      const auto deal = parse_pbn_deal(*v);
      if (!deal) return usage(option + " '" + std::string(*v) + "': " + deal.error().message);
      options.deals.emplace_back(*v);
    } else if (name == "-q" || name == "--quiet") {
      options.quiet = true;
    } else {
      return usage("unknown option '" + std::string(arg) + "'");
    }
  }
  if (auto error = check(options)) return *error;
  if (options.format == Format::kPbn) {
    request.whole_table = true;
    request.par_if_known = true;
  }
  return options;
}

std::string help_text(int default_threads) {
  std::string text(kHelp);
  replace(text, "{threads}", std::to_string(default_threads));
  replace(text, "{memory}", std::to_string(kDefaultTtMaxMemoryBytes >> 20));
  return text;
}

}  // namespace ddtb::cli
