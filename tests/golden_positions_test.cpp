// The positions of tests/data/golden/positions.txt (DDS's SolveBoard with
// solutions 3, 2 and 1, target -1, at trick 1 with 0..3 cards played and at
// a later trick) through Solver's three forms: solve() must give DDS's
// solutions-3 answer, best_cards() its solutions-2 answer, both up to the
// order of equal scores, and best_card() a card DDS's solutions-3 answer
// scores best, with DDS's score (include/ddtb/dll.h: where DDS returns one
// card of several, ddtb may return another).
#include <gtest/gtest.h>

#include <map>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "ddtb/solver.hpp"
#include "tests/support/capi_compare.hpp"
#include "tests/support/golden_data.hpp"

namespace ddtb::test {
namespace {

const std::vector<GoldenSolve>& solves() {
  static const std::vector<GoldenSolve> all = [] {
    auto r = read_golden_solves(golden_path("positions.txt"), golden_deals());
    if (!r) throw std::runtime_error(r.error().message);
    return std::move(*r);
  }();
  return all;
}

// DDS's solutions-3 groups of each position, by (deal, cards played).
const std::vector<RefCardGroup>& all_cards(const GoldenSolve& s) {
  static const std::map<std::pair<int, int>, std::vector<RefCardGroup>> by_position = [] {
    std::map<std::pair<int, int>, std::vector<RefCardGroup>> out;
    for (const GoldenSolve& g : solves())
      if (g.solutions == 3) out[{g.deal, g.played}] = g.groups;
    return out;
  }();
  return by_position.at({s.deal, s.played});
}

std::vector<RefCardGroup> as_groups(const SolveResult& r) {
  std::vector<RefCardGroup> out;
  for (const CardScore& c : r.cards) out.push_back({c.card.suit, c.card.rank, c.equals, c.tricks});
  return out;
}

std::string label(const GoldenSolve& s) {
  return "positions.txt line " + std::to_string(s.line) + ": deal " + std::to_string(s.deal) +
         " after " + std::to_string(s.played) + " cards, solutions " + std::to_string(s.solutions);
}

// Every line of `solutions` against `form`, one Solver for all.
template <class Form>
void check_solutions(int solutions, Form form) {
  Solver solver;
  int checked = 0;
  for (const GoldenSolve& s : solves()) {
    if (s.solutions != solutions) continue;
    SCOPED_TRACE(label(s));
    const auto p = position_after(golden_deals()[std::size_t(s.deal - 1)], s.played);
    ASSERT_TRUE(p) << p.error().message;
    const futureTricks ours = to_future_tricks(as_groups(form(solver, *p)));
    EXPECT_EQ(compare_answers(ours, to_future_tricks(s.groups), all_cards(s), -1, solutions), "");
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

TEST(GoldenPositions, CoverTrickOneAndLaterTricksWithEveryTrickSize) {
  // For each solutions value: trick 1 and a later trick, each with 0, 1, 2
  // and 3 cards of the trick played.
  std::map<std::tuple<int, bool, int>, int> seen;
  for (const GoldenSolve& s : solves()) ++seen[{s.solutions, s.played >= 4, s.played % 4}];
  EXPECT_EQ(seen.size(), 3u * 2u * 4u);
}

TEST(GoldenPositions, Solutions3MatchSolve) {
  check_solutions(3, [](Solver& solver, const Position& p) { return solver.solve(p); });
}

TEST(GoldenPositions, Solutions2MatchBestCards) {
  check_solutions(2, [](Solver& solver, const Position& p) { return solver.best_cards(p); });
}

TEST(GoldenPositions, Solutions1MatchBestCard) {
  check_solutions(1, [](Solver& solver, const Position& p) { return solver.best_card(p); });
}

}  // namespace
}  // namespace ddtb::test
