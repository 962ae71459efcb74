#include "cli/options.hpp"

#include <cctype>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "ddtb/solver.hpp"
#include "ddtb/tablebase.hpp"
#include "ddtb/version.hpp"

namespace ddtb::cli {

namespace {

Error usage(std::string message) {
  return Error{ErrorCode::kSyntax, std::move(message)};
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
                   "play" objects when asked for (see docs/USAGE.md).
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

Single-dummy analysis (hidden hands; include/ddtb/single_dummy.hpp):
  --deal "N:AKQ2.K5.AJ72.Q84 - J95.A432.K9.KJ53 -"   a hand given as '-' is
                   hidden; a hand of fewer than 13 cards is partly known.
                   With a single-dummy option and FILEs, each board's [Deal]
                   (hidden hands '-') is analysed in turn.
                   Deals are drawn uniformly among those meeting the
                   constraints below, each solved double dummy, and each
                   contract's mean tricks and chance to make each level are
                   printed with their standard errors (--json: also the
                   distribution of tricks and mean scores, vulnerability
                   --vul). --strains and --declarers choose the contracts.
  --known SEAT:HAND  cards known to be in a hand, e.g. --known E:K.A..
  --lacks SEAT:HAND  cards known not to be in it
  --hcp SEAT:RANGE   e.g. E:11-15, E:12+ or W:-10
  --length SEAT:SUITRANGE[,...]  e.g. E:S5+ or W:H2-4,D-3
  --constraints FILE  a script in dealer's language (predeal, condition,
                   variables; docs/USAGE.md, "Constraint scripts"), e.g.
                   predeal north SAKQ2, HK5, DAJ72, CQ84
                   condition shape(south, any 4333 + 5xxx - 5422)
  --where EXPR     the condition alone, e.g.
                   --where 'hcp(east) >= 11 && shape(east, 5xxx + x5xx)'
  --samples N      deals to draw (default 1000); --seed S (default 1): the
                   same deals for the same seed, whatever --threads.
  --lead CONTRACT  each opening lead against CONTRACT by its declarer's
                   left-hand opponent, whose hand must be known: defence
                   tricks and the chance to set, best first.
                   e.g. ddsolve --deal "N:AKQ2.K5.AJ72.Q84 - - T87.QJT9.Q854.A2"
                        --lead 3NT-S --samples 500
  --paired         with --lead: each lead against the best on the same deals,
                   deal by deal: the mean difference in tricks, points, IMPs
                   and matchpoints with its paired standard error, and how
                   often it scores more (--vul and the contract's X or XX
                   for the scores). e.g. --lead 4SX-S --paired --vul All
  --compare CONTRACT,CONTRACT...  the contracts on the same deals, each
                   against the best as --paired does, from the first
                   contract's side. e.g. --compare 3NT-S,4S-N,5HX-E

How:
  -t, --threads N  solve N boards at a time, one solver per thread
                   (default: one per CPU, here {threads}).
                   e.g. ddsolve --threads 4 hands.pbn
  -m, --memory MB  the most transposition-table memory PER THREAD, in MiB
                   (default {memory}); the total is at most about N x MB. A
                   table starts at the default size (or at MB if smaller) and
                   grows beyond it only on a deal that needs it (a freak
                   deal), then shrinks back.
                   e.g. ddsolve --threads 2 --memory 100 hands.pbn  (200 MiB)
  --tablebase DIR  probe the endgame tables in DIR (ddtb-<cards>-nt.tbl and
                   ddtb-<cards>-trump.tbl, built by ddtb-build): the same
                   answers, found faster near the end of the play.
                   Without it, the first directory holding tables among
                   $DDTB_TABLEBASE, $XDG_DATA_HOME/ddtb/tables (else
                   ~/.local/share/ddtb/tables, where 'ddtb-build build
                   --install' puts them) and the installed
                   {installed}
                   is used, and the summary names it. DDTB_TABLEBASE=
                   (empty) turns them off. See docs/USAGE.md.
                   e.g. ddsolve --tablebase tables/ hands.pbn
  --no-tablebase   no endgame tables, not even the default ones.
  -q, --quiet      no progress bar and no notices on standard error (skipped
                   boards, the summary with the tables used); errors and
                   warnings are still reported.
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
a byte order mark. A line holding just a deal, as in [Deal] ("N:AKQ2.K83.T95.A64
J9.QJ52.AK64.T95 ..." on one line), is a board of its own: a file or a pipe of
such lines, one deal a line, is solved board by board. A progress bar with rate and time left appears on standard
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
  if (o.single_dummy.asked) {
    if (o.format == Format::kPbn)
      return usage("single-dummy analysis prints text or --json, not --pbn");
    if (r.par || r.play)
      return usage("--par and --play are for double-dummy boards, not with single-dummy options");
    if (r.dealer) return usage("--dealer is for par, not with single-dummy options");
    return std::nullopt;
  }
  if ((r.dealer || r.vulnerability) && !r.par && o.format != Format::kPbn)
    return usage("--dealer and --vul are for par: add --par (or --pbn)");
  if (o.tablebase && o.no_tablebase)
    return usage("--tablebase and --no-tablebase cannot be combined: choose one");
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

// What an option does with its value (nullopt for a flag, or for an option
// given without one): sets the options, or returns the message saying what
// it needs.
using Take = std::function<std::optional<std::string>(std::optional<std::string_view> value)>;

// ddsolve's options, declared to CLI11 as plain strings, each with its
// Take. Values are checked here, in command-line order, so that every
// message names the option and the value it wants, as before CLI11.
class OptionTable {
 public:
  explicit OptionTable(CLI::App& app) : app_(app) {}

  void flag(const std::string& names, std::function<std::optional<std::string>()> set) {
    add(app_.add_flag(names), [set = std::move(set)](auto) { return set(); });
  }
  void valued(const std::string& names, Take take) { add(app_.add_option(names), std::move(take)); }

  // Runs the Takes of the options parsed, in order; the first message.
  std::optional<std::string> apply() const {
    std::map<const CLI::Option*, std::size_t> used;  // values taken per option
    for (const CLI::Option* option : app_.parse_order()) {
      const auto take = takes_.find(option);
      if (take == takes_.end()) continue;  // the FILEs
      const std::size_t k = used[option]++;
      const auto& values = option->results();
      const bool flag = option->get_items_expected_max() == 0;
      const auto value =
          !flag && k < values.size() ? std::optional<std::string_view>(values[k]) : std::nullopt;
      if (auto error = take->second(value)) return error;
    }
    return std::nullopt;
  }

  // The message of an option given without a value.
  std::optional<std::string> without_value(const std::string& name) const {
    for (const auto& [option, take] : takes_)
      if (option->check_name(name)) return take(std::nullopt);
    return std::nullopt;
  }

 private:
  void add(CLI::Option* option, Take take) {
    option->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    takes_.emplace(option, std::move(take));
  }

  CLI::App& app_;
  std::map<const CLI::Option*, Take> takes_;
};

// An option taking a whole number in [1, hi]; `what` says what it counts.
template <class T>
Take number(T& out, const std::string& name, long long hi, const std::string& what) {
  return [&out, name, hi, what](std::optional<std::string_view> v) -> std::optional<std::string> {
    const auto n = v ? tools::whole_number(*v, 1, hi) : std::nullopt;
    if (!n) return tools::number_message(name, what, 1, hi, v);
    out = static_cast<T>(*n);
    return std::nullopt;
  };
}

// The single-dummy analysis's options (cli/single_dummy.hpp): any of them
// asks for it.
void declare_single_dummy(OptionTable& table, SingleDummyArgs& sd) {
  const auto collect = [&sd](std::vector<std::string>& into, const char* name) {
    return [&sd, &into, name](std::optional<std::string_view> v) -> std::optional<std::string> {
      if (!v || v->empty()) return std::string(name) + " needs SEAT:VALUE, e.g. E:11-15";
      into.emplace_back(*v);
      sd.asked = true;
      return std::nullopt;
    };
  };
  table.valued("--known", collect(sd.known, "--known"));
  table.valued("--lacks", collect(sd.lacks, "--lacks"));
  table.valued("--hcp", collect(sd.hcp, "--hcp"));
  table.valued("--length", collect(sd.length, "--length"));
  // Constraint scripts (cli/script_option.hpp).
  table.valued("--constraints", [&sd](std::optional<std::string_view> v) {
    sd.asked = true;
    return take_script(sd.script, true, v);
  });
  table.valued("--where", [&sd](std::optional<std::string_view> v) {
    sd.asked = true;
    return take_script(sd.script, false, v);
  });
  table.valued("--samples", [&](std::optional<std::string_view> v) -> std::optional<std::string> {
    sd.asked = true;
    return number(sd.samples, "--samples", 10'000'000, "a number of deals")(v);
  });
  table.valued("--seed", [&](std::optional<std::string_view> v) -> std::optional<std::string> {
    sd.asked = true;
    const auto n = v ? tools::whole_number(*v, 0, 9'000'000'000'000'000'000LL) : std::nullopt;
    if (!n) return "--seed needs a whole number" + got(v);
    sd.seed = static_cast<std::uint64_t>(*n);
    return std::nullopt;
  });
  table.valued("--lead", [&](std::optional<std::string_view> v) -> std::optional<std::string> {
    if (!v || v->empty()) return "--lead needs a contract with its declarer, e.g. 3NT-S";
    sd.lead = std::string(*v);
    sd.asked = true;
    return std::nullopt;
  });
  // The paired comparison (cli/comparison.hpp).
  table.flag("--paired", [&sd]() -> std::optional<std::string> {
    sd.paired = true;
    sd.asked = true;
    return std::nullopt;
  });
  table.valued("--compare", [&](std::optional<std::string_view> v) -> std::optional<std::string> {
    if (!v || v->empty()) return "--compare needs contracts with their declarers, e.g. 3NT-S,4S-N";
    sd.compare.emplace_back(*v);
    sd.asked = true;
    return std::nullopt;
  });
}

void declare(OptionTable& table, Options& options) {
  Request& request = options.request;
  const auto format = [&options, given = std::make_shared<bool>(false)](Format f) {
    return [&options, given, f]() -> std::optional<std::string> {
      if (*given && options.format != f)
        return "--json and --pbn cannot be combined: choose one output format";
      options.format = f;
      *given = true;
      return std::nullopt;
    };
  };
  const auto set = [](bool& b) {
    return [&b]() -> std::optional<std::string> {
      b = true;
      return std::nullopt;
    };
  };
  table.flag("--json", format(Format::kJson));
  table.flag("--pbn", format(Format::kPbn));
  table.flag("--par", set(request.par));
  table.flag("--play", set(request.play));
  table.flag("-q,--quiet", set(options.quiet));
  table.flag("--no-tablebase", set(options.no_tablebase));
  table.valued("-s,--strains",
               [&](std::optional<std::string_view> v) -> std::optional<std::string> {
                 const auto mask = v ? parse_strain_list(*v) : std::nullopt;
                 if (!mask)
                   return "--strains needs strain letters from N (or NT), S, H, D, C" + got(v);
                 request.strains = *mask;
                 return std::nullopt;
               });
  table.valued("-d,--declarers",
               [&](std::optional<std::string_view> v) -> std::optional<std::string> {
                 const auto mask = v ? parse_seat_list(*v) : std::nullopt;
                 if (!mask) return "--declarers needs seat letters from N, E, S, W" + got(v);
                 request.declarers = *mask;
                 return std::nullopt;
               });
  table.valued("--dealer", [&](std::optional<std::string_view> v) -> std::optional<std::string> {
    const auto seat = v ? parse_seat_value(*v) : Expected<std::optional<Seat>>(std::nullopt);
    if (!v || !seat || !*seat) return "--dealer needs a seat: N, E, S or W" + got(v);
    request.dealer = **seat;
    return std::nullopt;
  });
  table.valued(
      "--vul,--vulnerable", [&](std::optional<std::string_view> v) -> std::optional<std::string> {
        const auto vul =
            v ? parse_vulnerability(*v) : Expected<std::optional<Vulnerability>>(std::nullopt);
        if (!v || !vul || !*vul) return "--vul needs None, NS, EW or All" + got(v);
        request.vulnerability = **vul;
        return std::nullopt;
      });
  table.valued("-t,--threads",
               number(options.threads, "--threads", kMaxThreads, "a number of threads"));
  table.valued("-m,--memory", number(options.memory_mb, "--memory",
                                     static_cast<long long>(kMaxMemoryMb), "a size in MiB"));
  table.valued("--tablebase", [&](std::optional<std::string_view> v) -> std::optional<std::string> {
    if (!v || v->empty()) return "--tablebase needs a directory";
    options.tablebase = std::string(*v);
    return std::nullopt;
  });
  table.valued("--deal", [&](std::optional<std::string_view> v) -> std::optional<std::string> {
    if (!v || v->empty()) return "--deal needs a deal, e.g. \"N:AKQ.xx... E:...\"";
    const auto deal = parse_pbn_deal(*v);
    if (!deal) {
      // A hand given as '-' (hidden) or partly known: single-dummy analysis.
      // The same reader with hidden hands allowed: where it fails too, its
      // error is the one that names what is wrong.
      const auto partial = parse_partial_deal(*v);
      if (!partial) return "--deal '" + std::string(*v) + "': " + partial.error().message;
      options.single_dummy.asked = true;
    }
    options.deals.emplace_back(*v);
    return std::nullopt;
  });
  declare_single_dummy(table, options.single_dummy);
}

}  // namespace

tools::ToolText tool_text() {
  return tools::simple_text("ddsolve", help_text(default_threads()),
                            std::string("ddsolve (ddtb) ") + DDTB_VERSION);
}

Expected<Options> parse_options(std::span<const std::string_view> args) {
  Options options;
  options.threads = default_threads();
  CLI::App app;
  OptionTable table(app);
  declare(table, options);
  app.add_option("FILE", options.files);
  tools::prepare(app, tool_text());
  const tools::ParseOutcome outcome =
      tools::parse_arguments(app, std::vector<std::string>(args.begin(), args.end()));
  switch (outcome.kind) {
    case tools::ParseOutcome::Kind::kHelp:
      options.help = true;
      return options;
    case tools::ParseOutcome::Kind::kVersion:
      options.version = true;
      return options;
    case tools::ParseOutcome::Kind::kError:
      if (auto message = table.without_value(outcome.option)) return usage(*message);
      return usage(outcome.message);
    case tools::ParseOutcome::Kind::kRun:
      break;
  }
  if (auto message = table.apply()) return usage(*message);
  if (auto error = check(options)) return *error;
  if (options.format == Format::kPbn) {
    options.request.whole_table = true;
    options.request.par_if_known = true;
  }
  return options;
}

std::string help_text(int default_threads) {
  std::string text(kHelp);
  replace(text, "{threads}", std::to_string(default_threads));
  replace(text, "{memory}", std::to_string(kDefaultTtMaxMemoryBytes >> 20));
  const std::string installed = TablebaseEnvironment::current().installed_dir;
  replace(text, "{installed}", installed.empty() ? "<prefix>/share/ddtb/tables" : installed);
  return text;
}

}  // namespace ddtb::cli
