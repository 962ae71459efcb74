// Fuzz target: ddsolve's input side, as ddsolve drives it — the PBN reader,
// tag inheritance, the board built from each game ([Deal], [Dealer],
// [Vulnerable], [Board], [Declarer], [Contract], [Play]) — and every output
// format and the error reporter on the boards that come out.
//
// Besides "no crash, no undefined behaviour", it checks the reader's and
// the formats' contracts:
//   - the games' texts, concatenated, are the input byte for byte;
//   - every offset a game, tag, token or problem reports lies in its text;
//   - a JSON line is exactly one valid JSON object (tests/cli_test.hpp's
//     strict reader), whatever bytes the [Board] tag held;
//   - the annotated PBN of a board that is not solved is its text unchanged.
// Small deals (up to kSolvedTricks tricks) are really solved, as ddsolve's
// workers do; bigger ones get a made-up table, par and play values, so that
// the formats see every shape of board without a 52-card search per input.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "cli/analyse.hpp"
#include "cli/board.hpp"
#include "cli/inherit.hpp"
#include "cli/output.hpp"
#include "cli/pbn_reader.hpp"
#include "cli/report.hpp"
#include "ddtb/par.hpp"
#include "ddtb/solver.hpp"
#include "tests/cli_test.hpp"
#include "tests/fuzz/fuzz_check.hpp"

namespace ddtb::fuzz {
namespace {

using namespace ddtb::cli;

constexpr int kSolvedTricks = 3;

bool inside(std::size_t offset, const Game& g) {
  return offset == kNoOffset || offset <= g.text.size();
}

void check_offsets(const Game& g) {
  DDTB_FUZZ_CHECK(g.start == kNoOffset || g.start < g.text.size(), "game start");
  if (g.error) DDTB_FUZZ_CHECK(inside(g.error->offset, g), "error offset");
  for (const Tag& t : g.tags) {
    if (!t.in_text()) continue;
    DDTB_FUZZ_CHECK(t.offset < t.end && t.end <= g.text.size(), "tag bounds of " + t.name);
    DDTB_FUZZ_CHECK(
        t.offset < t.value_offset && t.value_offset <= t.value_end && t.value_end < t.end,
        "value bounds of " + t.name);
    for (const Token& k : t.section)
      DDTB_FUZZ_CHECK(k.offset + k.text.size() <= g.text.size(), "token " + k.text);
    for (std::size_t i = 0; i <= t.value.size(); ++i) {
      const std::size_t at = g.value_char_offset(t, i);
      DDTB_FUZZ_CHECK(at >= t.value_offset && at <= t.value_end, "value_char_offset");
    }
  }
  // Locations are 1-based and never run backwards (past a UTF-8 byte order
  // mark, whose bytes count as no column).
  const std::size_t from = g.first_line == 1 && g.text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  Location last{0, 0};
  for (std::size_t at = from; at <= g.text.size(); at += 1 + g.text.size() / 8) {
    const Location l = g.locate(at);
    DDTB_FUZZ_CHECK(l.line >= g.first_line && l.column >= 1, "locate");
    DDTB_FUZZ_CHECK(l.line > last.line || l.column >= last.column, "locate order");
    last = l;
  }
}

// A made-up analysis for a board too big to solve per input: values in
// range, so the formats print what they would for a real one.
void fake_analysis(Board& board) {
  const int tricks = board.deal->tricks_left();
  DdTable table;
  for (int s = 0; s < kNumStrains; ++s)
    for (int d = 0; d < kNumSeats; ++d) table.tricks[s][d] = (3 * s + d) % (tricks + 1);
  board.result.table = table;
  if (board.par) board.result.par = dealer_par(table, board.par->dealer, board.par->vulnerability);
  if (board.play) {
    PlayAnalysis play{*board.play, {}};
    for (std::size_t i = 0; i <= board.play->cards.size(); ++i)
      play.tricks.push_back(tricks - static_cast<int>(i % 2));
    board.result.play = play;
  }
}

void check_outputs(const Board& board) {
  (void)text_board(board);
  const std::string json = json_board(board);
  if (!json.empty()) {
    DDTB_FUZZ_CHECK(json.back() == '\n', "JSON line end");
    DDTB_FUZZ_CHECK(cli::test::JsonReader::parse(std::string_view(json).substr(0, json.size() - 1)),
                    "not one JSON object: " + json);
  }
  const std::string pbn = pbn_board(board);
  if (!board.result.table) DDTB_FUZZ_CHECK(pbn == board.game.text, "unsolved board not echoed");
  for (const Problem& p : board.problems) DDTB_FUZZ_CHECK(inside(p.offset, board.game), "problem");
  if (board.reason) DDTB_FUZZ_CHECK(inside(board.reason->offset, board.game), "reason");
}

Request request_for(std::size_t size) {
  // Three ways ddsolve is run, picked by the input's length so that the
  // bytes themselves stay a plain PBN file.
  Request r;
  switch (size % 3) {
    case 0:  // ddsolve --par --play
      r.par = true;
      r.play = true;
      break;
    case 1:  // ddsolve --pbn
      r.whole_table = true;
      r.par_if_known = true;
      break;
    default:  // ddsolve --strains NT,S --declarers N --dealer E --vul EW
      r.strains = 0x11;
      r.declarers = 0x1;
      r.par = true;
      r.dealer = Seat::East;
      r.vulnerability = Vulnerability::EastWest;
      break;
  }
  return r;
}

Solver& solver() {
  static Solver s([] {
    SolverOptions o;
    o.tt_memory_bytes = kMinTtMemoryBytes;
    return o;
  }());
  return s;
}

}  // namespace
}  // namespace ddtb::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace ddtb::cli;
  using namespace ddtb::fuzz;
  const std::string input(reinterpret_cast<const char*>(data), size);
  const Request request = request_for(size);
  std::istringstream in(input);
  PbnReader reader(in);
  TagInheritance inheritance;
  std::ostringstream errors;
  Reporter reporter(errors, "fuzz.pbn", false, [] {});
  std::string echoed;
  while (std::optional<Game> game = reader.next()) {
    echoed += game->text;
    check_offsets(*game);
    inheritance.apply(*game);
    Board board = make_board(std::move(*game), request);
    if (board.status == BoardStatus::kSolve) {
      DDTB_FUZZ_CHECK(board.deal.has_value(), "a board to solve without a deal");
      if (board.deal->tricks_left() <= kSolvedTricks)
        analyse(solver(), board, request);
      else
        fake_analysis(board);
    }
    check_outputs(board);
    reporter.report(board);
  }
  reporter.summary("tables: off (--no-tablebase)");
  DDTB_FUZZ_CHECK(!reader.failed(), "read error on a string stream");
  DDTB_FUZZ_CHECK(echoed == input, "the games' texts are not the input");
  return 0;
}
