// ddsolve: double-dummy tables, par and play analysis for the boards of a
// PBN file.
//
// The main thread reads games, applies tag inheritance and hands boards to
// a SolvePool; the pool's workers analyse them and the boards come back in
// file order to the Reporter (stderr) and the Writer of the chosen format
// (stdout). Exit status: 0 all boards solved (or skipped), 1 some board or
// part of one failed, 2 usage or I/O error.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/analyse.hpp"
#include "cli/board.hpp"
#include "cli/inherit.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "cli/pbn_reader.hpp"
#include "cli/report.hpp"
#include "cli/solve_pool.hpp"
#include "cli/tables.hpp"
#include "tools/command_line.hpp"
#include "tools/progress.hpp"

namespace ddtb::cli {
namespace {

constexpr int kExitOk = tools::kExitOk;
constexpr int kExitBoardFailed = tools::kExitFailure;
constexpr int kExitUsage = tools::kExitUsage;
// Boards read ahead of the output, per thread: enough to keep every worker
// busy while the board at the head of the line is still being solved.
constexpr std::size_t kWindowPerThread = 4;

int usage_error(const std::string& message) {
  return tools::usage_error(tool_text(), message);
}

// The solver options of the command line: the memory cap, and the
// endgame tables (cli/tables.hpp), opened once here and shared read-only by
// every worker's Solver; `tables` says which for the summary. nullopt after
// reporting a usage error.
std::optional<SolverOptions> solver_options(const Options& options, ChosenTables& tables) {
  SolverOptions solver;
  // --memory caps each table; it starts at the default size, or at the cap
  // when that is smaller, and grows only in a search that fills it.
  if (options.memory_mb != 0) {
    solver.tt_max_memory_bytes = options.memory_mb << 20;
    solver.tt_memory_bytes = std::min(solver.tt_memory_bytes, solver.tt_max_memory_bytes);
  }
  // Warnings about the default tables are said once, before any board,
  // even with --quiet: the run goes on without those tables.
  auto chosen = choose_tables(
      options, [](const std::string& w) { std::cerr << "ddsolve: warning: " << w << '\n'; });
  if (!chosen) {
    usage_error(chosen.error().message);
    return std::nullopt;
  }
  tables = std::move(*chosen);
  solver.tablebase = tables.tables;
  return solver;
}

// Games in a regular file, counted ahead for the progress bar (cheap next to
// solving: the reader runs at tens of MB/s); 0 when unknown.
std::size_t count_games(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return 0;
  PbnReader reader(in);
  std::size_t games = 0;
  while (auto game = reader.next())
    if (game->is_game()) ++games;
  return games;
}

int solve_all(std::istream& in, const std::string& source, const Options& options,
              const SolverOptions& solver, const ChosenTables& tables, std::size_t expected) {
  const std::unique_ptr<Writer> writer = make_writer(options.format, std::cout);
  tools::ProgressBar progress(std::cerr, !options.quiet && tools::stderr_is_terminal(), "boards");
  progress.start("", expected);
  Reporter reporter(std::cerr, source, options.quiet, [&] { progress.clear(); });
  // Results on the bar's terminal: the bar's line is cleared before each
  // board's output, which is flushed before the bar is drawn again, so that
  // no fragment of the bar stays in the scrollback.
  const bool results_on_terminal = tools::stdout_is_terminal();
  SolvePool pool(
      options.threads, solver, kWindowPerThread * options.threads,
      [&](Solver& s, Board& board) { analyse(s, board, options.request); },
      [&](Board& board) {
        if (results_on_terminal) progress.clear();
        reporter.report(board);
        writer->write(board);
        if (results_on_terminal) std::cout.flush();
        if (board.game.is_game()) progress.advance();
      });
  PbnReader reader(in);
  TagInheritance inheritance;
  pool.run([&]() -> std::optional<Board> {
    std::optional<Game> game = reader.next();
    if (!game) return std::nullopt;
    inheritance.apply(*game);
    return make_board(std::move(*game), options.request);
  });
  if (reader.failed()) {
    progress.finish();
    std::cerr << "ddsolve: " << source << ": read error after " << reporter.games() << " games\n";
    return kExitUsage;
  }
  writer->finish();
  progress.finish();
  // A damaged chunk of a table is never used: its positions are searched
  // instead, so the answers stand, but the user should know the file is bad.
  if (tables.tables) {
    const std::uint64_t bad = tables.tables->stats().bad_blocks;
    if (bad != 0)
      std::cerr << "ddsolve: warning: " << tables.dir << ": damaged table chunks: " << bad
                << " failed their checks and were not used (their positions were "
                   "searched instead); run 'ddtb-build verify "
                << tables.dir << "'\n";
  }
  reporter.summary(tables.summary);
  if (!std::cout.flush()) {
    std::cerr << "ddsolve: cannot write the output (disk full?)\n";
    return kExitUsage;
  }
  if (reporter.games() == 0 && !reporter.any_error() && !options.quiet)
    std::cerr << "ddsolve: " << source << ": no games found\n";
  return reporter.any_error() ? kExitBoardFailed : kExitOk;
}

// One FILE ("-": standard input).
int solve_file(const std::string& name, const Options& options, const SolverOptions& solver,
               const ChosenTables& tables) {
  if (name == "-") return solve_all(std::cin, "<stdin>", options, solver, tables, 0);
  std::error_code ec;
  if (std::filesystem::is_directory(name, ec)) {
    std::cerr << "ddsolve: cannot read '" << name << "': it is a directory\n";
    return kExitUsage;
  }
  std::ifstream file(name, std::ios::binary);
  if (!file) {
    std::cerr << "ddsolve: cannot open '" << name << "': " << std::strerror(errno) << '\n';
    return kExitUsage;
  }
  const bool bar = !options.quiet && tools::stderr_is_terminal();
  const std::size_t expected = bar ? count_games(name) : 0;
  return solve_all(file, name, options, solver, tables, expected);
}

int run(const std::vector<std::string_view>& args) {
  const Expected<Options> options = parse_options(args);
  if (!options) return usage_error(options.error().message);
  if (options->help) {
    std::cout << help_text(default_threads());
    return kExitOk;
  }
  if (options->version) {
    std::cout << tool_text().version << '\n';
    return kExitOk;
  }
  ChosenTables tables;
  const std::optional<SolverOptions> solver = solver_options(*options, tables);
  if (!solver) return kExitUsage;
  if (options->single_dummy.asked) return run_single_dummy(*options, *solver);
  if (!options->deals.empty()) {
    // Each deal a game of its own, numbered as given.
    std::ostringstream games;
    for (std::size_t i = 0; i < options->deals.size(); ++i)
      games << "[Board \"" << i + 1 << "\"]\n[Deal \"" << options->deals[i] << "\"]\n\n";
    std::istringstream in(games.str());
    return solve_all(in, "--deal", *options, *solver, tables, options->deals.size());
  }
  if (options->files.empty() && ::isatty(STDIN_FILENO) == 1)
    return usage_error(
        "no FILE given, and standard input is a terminal: give a PBN FILE, "
        "pipe one in, or --deal");
  if (options->files.empty()) return solve_all(std::cin, "<stdin>", *options, *solver, tables, 0);
  // Each file in turn, its output after the previous one's. The exit status
  // is the worst: a file that cannot be read (2) does not stop the others.
  int status = kExitOk;
  for (const std::string& name : options->files)
    status = std::max(status, solve_file(name, *options, *solver, tables));
  return status;
}

}  // namespace
}  // namespace ddtb::cli

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  try {
    return ddtb::cli::run(std::vector<std::string_view>(argv + 1, argv + argc));
  } catch (const std::exception& e) {
    // Nothing we expect throws (bad input is an error value); this is for
    // the unexpected, e.g. the system refusing to start a thread.
    std::cerr << "ddsolve: " << e.what() << '\n';
    return 2;
  }
}
