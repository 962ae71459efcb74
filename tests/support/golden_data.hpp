// The project's own golden data, tests/data/golden/ (README.md there gives
// the format and the command that makes it): deals with DDS 2.9's answers,
// made by ddtb-make-golden from the reference libdds and committed, so that
// a plain clone tests against DDS with nothing beside it.
//
// deals.txt is in DDS's hand-list format (ref_file.hpp's parser reads it);
// positions.txt and par.txt have formats of their own. A missing or
// malformed file is an error, never a skip: unlike DDS's lists
// (ref_file.hpp), these are always there.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ddtb/expected.hpp"
#include "tests/support/ref_file.hpp"

namespace ddtb::test {

// DDTB_GOLDEN_DIR + "/" + name.
std::string golden_path(std::string_view name);

// Reads deals.txt. Errors as read_ref_file()'s, but a missing file is not
// blamed on DDTB_REF_DIR.
Expected<std::vector<RefDeal>> read_golden_deals();

// deals.txt, read once per process. Throws std::runtime_error with
// read_golden_deals()'s message when it cannot be read (GoogleTest reports
// it as the calling test's failure).
const std::vector<RefDeal>& golden_deals();

// One line of positions.txt: DDS's SolveBoard(target -1, `solutions`,
// mode 1) for deal `deal` after the first `played` cards of its PLAY.
struct GoldenSolve {
  int line = 0;                      // in positions.txt
  int deal = 0;                      // 1-based, in deals.txt
  int played = 0;                    // cards of the deal's PLAY before the position
  int solutions = 0;                 // 1, 2 or 3
  std::vector<RefCardGroup> groups;  // as DDS lists them
};

// Reads and checks positions.txt against `deals` (deals.txt): every deal
// number and card count must name a position of that deal. Errors as
// read_ref_file()'s, naming the line.
Expected<std::vector<GoldenSolve>> read_golden_solves(const std::string& path,
                                                      const std::vector<RefDeal>& deals);

// The position a GoldenSolve names: deal `d` from trick 1 after the first
// `played` cards of its PLAY. An error when `played` is beyond the PLAY, a
// card of it is not legal, or no card would be left.
Expected<Position> position_after(const RefDeal& d, int played);

// par.txt: the lines of one deal and vulnerability (par_lines.hpp makes
// them), in file order.
struct GoldenParGroup {
  int line = 0;  // of its first line in par.txt
  int deal = 0;
  int vulnerability = 0;
  std::vector<std::string> lines;
};

// Reads par.txt: its NUMBER line, then groups of lines each starting
// "<KEYWORD> <deal> <vul>". Errors as read_ref_file()'s.
Expected<std::vector<GoldenParGroup>> read_golden_par(const std::string& path);

}  // namespace ddtb::test
