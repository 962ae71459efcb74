// ddsolve: double-dummy tables for the boards of a PBN file.
//
// The main thread reads games and submits them to a SolvePool; the pool's
// workers solve them and the boards come back in file order to the Writer of
// the chosen format (stdout) or, when they fail, to the error report (stderr).
// Exit status: 0 all boards solved, 1 some board failed, 2 usage or I/O error.
#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "cli/board.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "cli/pbn_reader.hpp"
#include "cli/solve_pool.hpp"

namespace ddtb::cli {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitBoardFailed = 1;
constexpr int kExitUsage = 2;
// Boards read ahead of the output, per thread: enough to keep every worker
// busy while the board at the head of the line is still being solved.
constexpr std::size_t kWindowPerThread = 4;

#ifndef DDTB_VERSION_STRING
#define DDTB_VERSION_STRING "unknown"
#endif

// "hands.pbn:42: board 7: hand 2 (East), character 17: 'Z' is not a rank".
void report(const std::string& source, const Board& board) {
  std::cerr << source << ':' << board.line << ": ";
  if (board.game.ordinal != 0) std::cerr << "board " << board.id << ": ";
  std::cerr << board.error.value_or("unknown error") << '\n';
}

int solve_all(std::istream& in, const std::string& source, const Options& options) {
  const std::unique_ptr<Writer> writer = make_writer(options.format, std::cout);
  bool any_failed = false;  // written by the delivering thread, read after finish()
  int games = 0;

  SolverOptions solver_options;
  if (options.memory_mb != 0) solver_options.tt_memory_bytes = options.memory_mb << 20;
  SolvePool pool(options.threads, solver_options, kWindowPerThread * options.threads,
                 [&](Board& board, const DdTable* table) {
                   if (table) {
                     writer->solved(board, *table);
                   } else {
                     report(source, board);
                     writer->failed(board);
                     any_failed = true;
                   }
                 });
  PbnReader reader(in);
  while (std::optional<Game> game = reader.next()) {
    if (game->ordinal != 0) ++games;
    pool.submit(make_board(std::move(*game)));
  }
  pool.finish();
  writer->finish();

  if (!std::cout.flush()) {
    std::cerr << "ddsolve: cannot write the output (disk full?)\n";
    return kExitUsage;
  }
  if (reader.failed()) {
    std::cerr << "ddsolve: " << source << ": read error after " << games << " games\n";
    return kExitUsage;
  }
  if (games == 0 && !any_failed) std::cerr << "ddsolve: " << source << ": no games found\n";
  return any_failed ? kExitBoardFailed : kExitOk;
}

int usage_error(const std::string& message) {
  std::cerr << "ddsolve: " << message << "\nTry 'ddsolve --help' for more information.\n";
  return kExitUsage;
}

int run(const std::vector<std::string_view>& args) {
  const Expected<Options> options = parse_options(args);
  if (!options) return usage_error(options.error().message);
  if (options->help) {
    std::cout << help_text(default_threads());
    return kExitOk;
  }
  if (options->version) {
    std::cout << "ddsolve (ddtb) " << DDTB_VERSION_STRING << '\n';
    return kExitOk;
  }
  if (options->file == "-") return solve_all(std::cin, "<stdin>", *options);

  std::error_code ec;
  if (std::filesystem::is_directory(options->file, ec)) {
    std::cerr << "ddsolve: cannot read '" << options->file << "': it is a directory\n";
    return kExitUsage;
  }
  std::ifstream file(options->file, std::ios::binary);
  if (!file) {
    std::cerr << "ddsolve: cannot open '" << options->file << "': " << std::strerror(errno) << '\n';
    return kExitUsage;
  }
  return solve_all(file, options->file, *options);
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
    return ddtb::cli::kExitUsage;
  }
}
