// Property tests: the solver against the brute-force reference
// (tests/support/reference.hpp) on thousands of seeded random positions of
// 1 to 20 cards (1 to 5 tricks, 0 to 3 cards already played to the current
// trick, every strain and leader), with every optimization on and with each
// one switched off on its own; positions whose current trick holds a card
// that did not follow suit although it could (taken as played, as the C API
// takes them); plus named textbook endings with answers worked out by hand.
//
// Every check runs under a SCOPED_TRACE holding the seed and the position
// (the hands from North in PBN order, the trick, strain and leader), so a
// failure can be replayed with random_position() or rebuilt by hand.
//
// Run time (Release, one core): about two minutes for the whole executable,
// nearly all of it in the reference's minimax of the largest positions.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ddtb/solver.hpp"
#include "tests/support/random.hpp"
#include "tests/support/reference.hpp"

namespace ddtb::test {
namespace {

// --- the random positions ------------------------------------------------

// Sizes come from buckets: mostly 4-16 dealt cards, where the reference is
// fast (16 cards: about 1 ms), then 17-19 cards (about 30 ms) and two dozen
// full 20-card positions, where one minimax takes 0.4 s on average and up to
// a few seconds (long suits and voids multiply the branching).
struct Bucket {
  int tricks;
  int min_played, max_played;  // cards already played to the current trick
  int count;
};
constexpr Bucket kBuckets[] = {
    {1, 0, 3, 300}, {2, 0, 3, 600}, {3, 0, 3, 900}, {4, 0, 3, 1056}, {5, 1, 3, 120}, {5, 0, 0, 24},
};
constexpr int kPositions = 3000;
static_assert([] {
  int n = 0;
  for (const Bucket& b : kBuckets) n += b.count;
  return n == kPositions;
}());
constexpr std::uint64_t kSeedBase = 0xddb0'0000;
// Stop a test after this many failing positions: one is enough to debug.
constexpr int kMaxFailingPositions = 10;

struct Case {
  std::uint64_t seed;
  int tricks, played;
  Strain strain;
  Seat leader;
};

// Case i of kPositions. Within a bucket the cards played, the strain and the
// leader cycle so that every combination appears; the deal comes from the seed.
Case case_at(int i) {
  int j = i;
  for (const Bucket& b : kBuckets) {
    if (j >= b.count) {
      j -= b.count;
      continue;
    }
    const int n_played = b.max_played - b.min_played + 1;
    return Case{kSeedBase + static_cast<std::uint64_t>(i), b.tricks, b.min_played + j % n_played,
                strain_from_int(j / n_played % kNumStrains),
                seat_from_int(j / (n_played * kNumStrains) % kNumSeats)};
  }
  ADD_FAILURE() << "case " << i << " is beyond the buckets";
  return Case{kSeedBase, 1, 0, Strain::NoTrump, Seat::North};
}

Position position_of(const Case& c) {
  Rng rng(c.seed);
  return random_position(rng, c.tricks, c.played, c.strain, c.leader);
}

std::string label(const Case& c, const Position& p) {
  return "seed " + std::to_string(c.seed) + " (random_position(tricks " + std::to_string(c.tricks) +
         ", played " + std::to_string(c.played) + ")): " + describe(p);
}

// Failures recorded so far by the running test.
int failures_so_far() {
  return ::testing::UnitTest::GetInstance()->current_test_info()->result()->total_part_count();
}

// --- comparing a SolveResult with the reference --------------------------

// solve() must report reference.tricks, and its runs must partition the legal
// cards, each run's score being the reference score of every card in it, in
// the documented order (score descending; ties by suit S,H,D,C, then rank).
void expect_matches(const SolveResult& got, const ReferenceResult& want, const Position& p) {
  EXPECT_EQ(got.tricks, want.tricks) << "best score";
  const CardSet legal = p.legal_cards();
  CardSet covered;
  std::array<int, 64> run_score;
  run_score.fill(-1);
  for (std::size_t i = 0; i < got.cards.size(); ++i) {
    const CardScore& g = got.cards[i];
    ASSERT_TRUE(g.card.valid()) << "entry " << i << " is no card";
    const std::string name = to_string(g.card);
    const CardSet lower = CardSet::from_holding(g.card.suit, g.equals);
    EXPECT_EQ(lower.holding(g.card.suit), g.equals) << name << ": equals has non-rank bits";
    EXPECT_EQ(g.equals >> g.card.rank, 0) << name << ": equals holds ranks not below the card";
    const CardSet run = CardSet::of(g.card) | lower;
    EXPECT_TRUE(legal.contains_all(run))
        << name << ": the run " << to_pbn(run) << " holds cards that are not legal";
    EXPECT_FALSE(covered.intersects(run))
        << name << ": the run " << to_pbn(run) << " overlaps another";
    covered |= run;
    for (const Card c : run) run_score[c.index()] = g.tricks;
    if (i > 0) {
      const CardScore& prev = got.cards[i - 1];
      const bool ordered = prev.tricks != g.tricks
                               ? prev.tricks > g.tricks
                               : (prev.card.suit != g.card.suit ? prev.card.suit < g.card.suit
                                                                : prev.card.rank > g.card.rank);
      EXPECT_TRUE(ordered) << to_string(prev.card) << " (" << prev.tricks << ") is listed before "
                           << name << " (" << g.tricks << ")";
    }
  }
  EXPECT_EQ(covered, legal) << "the runs cover " << to_pbn(covered) << ", the legal cards are "
                            << to_pbn(legal);
  for (const ReferenceCard& r : want.cards)
    EXPECT_EQ(run_score[r.card.index()], r.tricks) << "score of " << to_string(r.card);
}

// The legal cards of `p` whose reference score is at least `t`.
CardSet reaching(const ReferenceResult& want, int t) {
  CardSet out;
  for (const ReferenceCard& r : want.cards)
    if (r.tricks >= t) out.insert(r.card);
  return out;
}

// The cards of `cards` (each a run: its card and the lower cards in
// `equals`), checked to be disjoint, legal, suit-and-rank ordered and to
// carry the score `tricks`.
CardSet covered_by(const std::vector<CardScore>& cards, int tricks, const Position& p,
                   const char* what) {
  CardSet covered;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const CardScore& c = cards[i];
    const CardSet run = CardSet::of(c.card) | CardSet::from_holding(c.card.suit, c.equals);
    EXPECT_TRUE(p.legal_cards().contains_all(run)) << what << ": " << to_pbn(run) << " not legal";
    EXPECT_FALSE(covered.intersects(run)) << what << ": " << to_pbn(run) << " overlaps";
    EXPECT_EQ(c.tricks, tricks) << what << ": score of " << to_string(c.card);
    if (i > 0 && cards.size() > 1)
      EXPECT_TRUE(cards[i - 1].card.suit != c.card.suit ? cards[i - 1].card.suit < c.card.suit
                                                        : cards[i - 1].card.rank > c.card.rank)
          << what << ": " << to_string(c.card) << " out of suit and rank order";
    covered |= run;
  }
  return covered;
}

// The single-answer forms (best_card, best_cards, cards_reaching,
// card_reaching) against the reference's score of every card.
void expect_single_answers(Solver& solver, const Position& p, const ReferenceResult& want) {
  const SolveResult one = solver.best_card(p);
  EXPECT_EQ(one.tricks, want.tricks) << "best_card()";
  ASSERT_EQ(one.cards.size(), 1u) << "best_card() gives one card";
  EXPECT_TRUE(reaching(want, want.tricks)
                  .contains_all(covered_by(one.cards, want.tricks, p, "best_card()")))
      << "best_card(): " << to_string(one.cards[0].card) << " does not take the most tricks";
  const SolveResult all = solver.best_cards(p);
  EXPECT_EQ(all.tricks, want.tricks) << "best_cards()";
  EXPECT_EQ(covered_by(all.cards, want.tricks, p, "best_cards()"), reaching(want, want.tricks))
      << "best_cards()";
  for (const int t : {want.tricks - 1, want.tricks, want.tricks + 1}) {
    SCOPED_TRACE("target " + std::to_string(t));
    EXPECT_EQ(covered_by(solver.cards_reaching(p, t), t, p, "cards_reaching()"), reaching(want, t))
        << "cards_reaching()";
    const std::optional<CardScore> first = solver.card_reaching(p, t);
    EXPECT_EQ(first.has_value(), !reaching(want, t).empty()) << "card_reaching()";
    if (first)
      EXPECT_TRUE(reaching(want, t).contains_all(covered_by({*first}, t, p, "card_reaching()")))
          << "card_reaching(): " << to_string(first->card) << " falls short";
  }
}

// Solves `p` with `solver` (solve(), max_tricks() and the single-answer
// forms) and compares with the reference. Returns true when nothing failed.
bool check_position(Solver& solver, const Position& p, const ReferenceResult& want) {
  const int before = failures_so_far();
  expect_matches(solver.solve(p), want, p);
  EXPECT_EQ(solver.max_tricks(p), want.tricks) << "max_tricks()";
  expect_single_answers(solver, p, want);
  return failures_so_far() == before;
}
bool check_position(Solver& solver, const Position& p) {
  return check_position(solver, p, reference_solve(p));
}

// The failure messages expect_matches() gives for `got`, one per line.
std::string failures_of(const SolveResult& got, const ReferenceResult& want, const Position& p) {
  ::testing::TestPartResultArray results;
  {
    ::testing::ScopedFakeTestPartResultReporter reporter(
        ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &results);
    expect_matches(got, want, p);
  }
  std::string all;
  for (int i = 0; i < results.size(); ++i)
    all += std::string(results.GetTestPartResult(i).message()) + "\n";
  return all;
}

// The comparison itself must catch a wrong score, a missing or extra card,
// overlapping runs and a wrong order.
TEST(ExpectMatches, CatchesEachKindOfError) {
  const Deal deal = *parse_pbn_deal("N:AK.2.. QJ.3.. T9.4.. 87.5..");
  const Position p = Position::at_trick_start(deal, Strain::NoTrump, Seat::North);
  const ReferenceResult want = reference_solve(p);
  ASSERT_EQ(want.tricks, 2);
  const Card sa{Suit::Spades, 14}, h2{Suit::Hearts, 2};
  // North's AK are one run (bit 13 = the king); either lead takes two.
  const SolveResult right{2, {{sa, 1 << 13, 2}, {h2, 0, 2}}};
  EXPECT_EQ(failures_of(right, want, p), "");
  auto expect_caught = [&](const SolveResult& bad, const std::string& what) {
    const std::string failures = failures_of(bad, want, p);
    EXPECT_NE(failures.find(what), std::string::npos) << what << " not in:\n" << failures;
  };
  SolveResult bad = right;
  bad.cards[1].tricks = 1;
  expect_caught(bad, "score of H2");
  bad = right;
  bad.cards[0].equals = 0;
  expect_caught(bad, "the runs cover A.2.., the legal cards are AK.2..");
  bad = right;
  bad.cards.push_back({Card{Suit::Spades, 13}, 0, 2});
  expect_caught(bad, "the run K... overlaps another");
  bad = right;
  bad.cards[1].card = Card{Suit::Hearts, 3};
  expect_caught(bad, "holds cards that are not legal");
  bad = right;
  std::swap(bad.cards[0], bad.cards[1]);
  expect_caught(bad, "H2 (2) is listed before SA (2)");
  bad = right;
  bad.tricks = 1;
  expect_caught(bad, "best score");
  bad = right;
  bad.cards[0].equals = 1 << 14;
  expect_caught(bad, "not below the card");
}

// Follows a random line of play from `start` to the end (cards drawn from
// `rng`), checking every position on the way with `solver`, then checks
// analyse_play() of the line for each side: the tricks won so far plus the
// reference's best from each position on. Returns the number of positions
// that failed.
int check_random_line(Solver& solver, const Position& start, Rng& rng) {
  int failing = 0;
  std::vector<Card> line;
  std::vector<Position> positions = {start};
  std::vector<int> best;  // the reference's max_tricks of each position
  while (positions.back().tricks_left() > 0) {
    const Position& p = positions.back();
    SCOPED_TRACE("after " + std::to_string(line.size()) + " cards: " + describe(p));
    const ReferenceResult want = reference_solve(p);
    best.push_back(want.tricks);
    if (!check_position(solver, p, want)) ++failing;
    const CardSet legal = p.legal_cards();
    int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())));
    for (const Card card : legal)
      if (pick-- == 0) line.push_back(card);
    positions.push_back(*p.play(line.back()));
  }
  for (const Seat side : {Seat::North, Seat::East}) {
    std::vector<int> want;
    int won = 0;
    for (std::size_t i = 0; i < positions.size(); ++i) {
      const Position& p = positions[i];
      if (i > 0 && p.trick_size() == 0 && same_side(p.leader(), side)) ++won;
      int future = 0;
      if (p.tricks_left() > 0)
        future = same_side(p.to_play(), side) ? best[i] : p.tricks_left() - best[i];
      want.push_back(won + future);
    }
    const auto got = solver.analyse_play(start, line, side);
    EXPECT_TRUE(got.has_value()) << got.error().message;
    if (got) EXPECT_EQ(*got, want) << "analyse_play for " << seat_letter(side);
  }
  return failing;
}

// --- solver configurations -----------------------------------------------

struct Config {
  const char* name;
  SolverOptions options;
};

SolverOptions without(bool SolverOptions::*flag) {
  SolverOptions o;
  o.*flag = false;
  return o;
}

const Config kConfigs[] = {
    {"AllOn", SolverOptions{}},
    {"NoQuickTricks", without(&SolverOptions::quick_tricks)},
    {"NoLaterTricks", without(&SolverOptions::later_tricks)},
    {"NoMoveOrdering", without(&SolverOptions::move_ordering)},
    {"NoTranspositionTable", without(&SolverOptions::transposition_table)},
    {"NoRankEquivalence", without(&SolverOptions::rank_equivalence)},
    {"NoWinningRanks", without(&SolverOptions::winning_ranks)},
};

class SolverVsReference : public ::testing::TestWithParam<Config> {};

// A fresh Solver for every position: each answer depends on that position
// alone. The smallest table keeps construction cheap; answers never depend on
// the table's size.
TEST_P(SolverVsReference, RandomPositions) {
  SolverOptions options = GetParam().options;
  options.tt_memory_bytes = kMinTtMemoryBytes;
  options.tt_max_memory_bytes = kMinTtMemoryBytes;
  int failing = 0;
  for (int i = 0; i < kPositions && failing < kMaxFailingPositions; ++i) {
    const Case c = case_at(i);
    const Position p = position_of(c);
    SCOPED_TRACE(label(c, p));
    Solver solver(options);
    if (!check_position(solver, p)) ++failing;
  }
  EXPECT_LT(failing, kMaxFailingPositions) << "stopped after " << failing << " failing positions";
}

// One Solver follows random lines of play to the end, solving every position
// on the way: the transposition table is kept across these calls (same strain,
// hands shrinking), so entries stored by one call answer later ones. Each
// line then goes through analyse_play(), checked against the reference too.
constexpr int kLines = 150;

TEST_P(SolverVsReference, OneSolverAlongPlayedLines) {
  Solver solver(GetParam().options);
  int failing = 0;
  for (int k = 0; k < kLines && failing < kMaxFailingPositions; ++k) {
    // Mostly 12- and 16-card deals at a trick start, first solved with each
    // of the four leaders; every tenth line starts from a 5-trick deal with
    // 1 to 3 cards already played to the first trick.
    const bool big = k % 10 == 9;
    const Case c{kSeedBase + 1'000'000 + static_cast<std::uint64_t>(k), big ? 5 : 3 + k % 2,
                 big ? 1 + k % 3 : 0, strain_from_int(k % kNumStrains),
                 seat_from_int(k / kNumStrains % kNumSeats)};
    const Position start = position_of(c);
    SCOPED_TRACE(label(c, start));
    if (c.played == 0) {
      const Deal deal = *Deal::from_hands(start.hands());
      for (int l = 0; l < kNumSeats; ++l) {
        const Position p = Position::at_trick_start(deal, c.strain, seat_from_int(l));
        SCOPED_TRACE(std::string("leader ") + seat_letter(p.leader()));
        if (!check_position(solver, p)) ++failing;
      }
    }
    // A random line of play from `start`, each position solved in turn.
    Rng rng(c.seed ^ 0x9e3779b97f4a7c15ull);
    failing += check_random_line(solver, start, rng);
  }
  EXPECT_LT(failing, kMaxFailingPositions) << "stopped after " << failing << " failing positions";
}

// Positions whose current trick holds a card that did not follow suit
// although its hand still holds the suit led, taken as played as the C API
// takes them from DDS's clients (Position::make_as_played): solve(),
// max_tricks() and analyse_play() from there, along a random line of play.
constexpr int kRevokePositions = 240;

TEST_P(SolverVsReference, RevokeOnTheTable) {
  Solver solver(GetParam().options);
  int failing = 0;
  for (int k = 0; k < kRevokePositions && failing < kMaxFailingPositions; ++k) {
    // 2 to 4 tricks, every tenth position 5; 2 or 3 cards on the table.
    const int tricks = k % 10 == 9 ? 5 : 2 + k % 3;
    const int played = 2 + k / 3 % 2;
    const Strain strain = strain_from_int(k / 6 % kNumStrains);
    const Seat leader = seat_from_int(k / 30 % kNumSeats);
    const std::uint64_t seed = kSeedBase + 3'000'000 + static_cast<std::uint64_t>(k);
    Rng rng(seed);
    const Position start = random_revoke_position(rng, tricks, played, strain, leader);
    SCOPED_TRACE("seed " + std::to_string(seed) + " (random_revoke_position(tricks " +
                 std::to_string(tricks) + ", played " + std::to_string(played) +
                 ")): " + describe(start));
    failing += check_random_line(solver, start, rng);
  }
  EXPECT_LT(failing, kMaxFailingPositions) << "stopped after " << failing << " failing positions";
}

INSTANTIATE_TEST_SUITE_P(Options, SolverVsReference, ::testing::ValuesIn(kConfigs),
                         [](const ::testing::TestParamInfo<Config>& info) {
                           return std::string(info.param.name);
                         });

// The same positions as RandomPositions through one Solver with the default
// table: whatever a call leaves behind (table, killers, counters) must not
// change a later answer.
TEST(SolverVsReferenceShared, OneSolverAcrossRandomPositions) {
  Solver solver;
  int failing = 0;
  for (int i = 0; i < kPositions && failing < kMaxFailingPositions; ++i) {
    const Case c = case_at(i);
    const Position p = position_of(c);
    SCOPED_TRACE(label(c, p));
    if (!check_position(solver, p)) ++failing;
  }
  EXPECT_LT(failing, kMaxFailingPositions) << "stopped after " << failing << " failing positions";
}

// dd_table() of small deals against the reference, declarer by declarer, and
// the strain mask leaving unselected rows at 0.
TEST(SolverVsReferenceShared, DdTableOfEndings) {
  Solver solver;
  int failing = 0;
  for (int k = 0; k < 150 && failing < kMaxFailingPositions; ++k) {
    const std::uint64_t seed = kSeedBase + 2'000'000 + static_cast<std::uint64_t>(k);
    Rng rng(seed);
    const int tricks = 1 + static_cast<int>(rng.below(4));
    const Deal deal =
        *Deal::from_hands(random_position(rng, tricks, 0, Strain::NoTrump, Seat::North).hands());
    SCOPED_TRACE("seed " + std::to_string(seed) + ": " + to_pbn(deal));
    const int before = failures_so_far();
    const DdTable table = solver.dd_table(deal);
    for (int s = 0; s < kNumStrains; ++s) {
      for (int d = 0; d < kNumSeats; ++d) {
        const Seat declarer = seat_from_int(d);
        const Position p = Position::at_trick_start(deal, strain_from_int(s), next_seat(declarer));
        EXPECT_EQ(table.tricks[s][d], tricks - reference_max_tricks(p))
            << "strain " << strain_letter(strain_from_int(s)) << ", declarer "
            << seat_letter(declarer);
      }
    }
    const unsigned mask = 1u + static_cast<unsigned>(rng.below(31));
    const DdTable part = solver.dd_table(deal, mask);
    for (int s = 0; s < kNumStrains; ++s)
      EXPECT_EQ(part.tricks[s], ((mask >> s) & 1 ? table.tricks[s] : std::array<int, 4>{}))
          << "mask " << mask << ", strain " << s;
    if (failures_so_far() != before) ++failing;
  }
}

// Answers never depend on what a Solver solved before: one Solver solves
// positions of every size in one order, another in the reverse order with
// unrelated deals in between, and every answer (the card best_card() and
// card_reaching() pick included) is the same.
TEST(SolverVsReferenceShared, AnswersDoNotDependOnEarlierCalls) {
  struct Answers {
    SolveResult all, one, best;
    std::optional<CardScore> first;
    std::vector<CardScore> reaching;
  };
  std::vector<Position> positions;
  for (int i = 0; i < 60; ++i) {
    const std::uint64_t seed = kSeedBase + 3'000'000 + static_cast<std::uint64_t>(i);
    Rng rng(seed);
    const int tricks = 7 + static_cast<int>(rng.below(7));
    const int played = static_cast<int>(rng.below(4));
    positions.push_back(random_position(rng, tricks, played, strain_from_int(i % kNumStrains),
                                        seat_from_int(i / kNumStrains % kNumSeats)));
  }
  // Forward: the single answers first, on a table that has not seen the
  // position. Backward: the position's full solve first, which leaves its
  // best cards in the table and the cutoff memory, and an unrelated deal
  // of the same size before that.
  Solver forward, backward;
  std::vector<Answers> want;
  for (const Position& p : positions) {
    Answers a;
    const int target = (p.tricks_left() + 1) / 2;
    a.one = forward.best_card(p);
    a.best = forward.best_cards(p);
    a.first = forward.card_reaching(p, target);
    a.reaching = forward.cards_reaching(p, target);
    a.all = forward.solve(p);
    want.push_back(a);
  }
  Rng other(kSeedBase + 3'100'000);
  for (int i = static_cast<int>(positions.size()) - 1; i >= 0; --i) {
    const Position& p = positions[static_cast<std::size_t>(i)];
    SCOPED_TRACE("position " + std::to_string(i) + ": " + describe(p));
    backward.solve(random_position(other, p.tricks_left(), 0, p.trump(), p.leader()));
    Answers got;
    const int target = (p.tricks_left() + 1) / 2;
    got.all = backward.solve(p);
    got.reaching = backward.cards_reaching(p, target);
    got.first = backward.card_reaching(p, target);
    got.best = backward.best_cards(p);
    got.one = backward.best_card(p);
    const Answers& w = want[static_cast<std::size_t>(i)];
    EXPECT_EQ(got.all.cards, w.all.cards) << "solve()";
    EXPECT_EQ(got.one.cards, w.one.cards) << "best_card()";
    EXPECT_EQ(got.best.cards, w.best.cards) << "best_cards()";
    EXPECT_EQ(got.first, w.first) << "card_reaching()";
    EXPECT_EQ(got.reaching, w.reaching) << "cards_reaching()";
  }
}

// A Solver keeps the exact values it found and starts later solves of the
// same trick of the same deal from them (solver/known_values.hpp: a parent
// bounds its children, children their parent, a sibling gives the first
// guess). Every position of one trick, its start and every card sequence
// played to it, solved in a shuffled order by every kind of call, answers
// as the brute-force reference does.
TEST(SolverVsReferenceShared, KnownValuesKeepAnswers) {
  for (int k = 0; k < 24; ++k) {
    const std::uint64_t seed = kSeedBase + 4'000'000 + static_cast<std::uint64_t>(k);
    Rng rng(seed);
    const Position start = random_position(rng, 4, 0, strain_from_int(k % kNumStrains),
                                           seat_from_int(k / kNumStrains % kNumSeats));
    // The trick's start and every position within its first trick.
    std::vector<Position> trick{start};
    for (std::size_t i = 0; i < trick.size(); ++i)
      if (trick[i].trick_size() < 3)
        for (const Card c : trick[i].legal_cards()) trick.push_back(*trick[i].play(c));
    for (std::size_t i = trick.size() - 1; i > 0; --i)
      std::swap(trick[i], trick[rng.below(static_cast<std::uint32_t>(i + 1))]);
    Solver solver;
    for (const Position& p : trick) {
      SCOPED_TRACE("seed " + std::to_string(seed) + ": " + describe(p));
      const ReferenceResult want = reference_solve(p);
      const int target =
          1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(p.tricks_left())));
      auto reaches = [&](Card c) {
        for (const ReferenceCard& rc : want.cards)
          if (rc.card == c) return rc.tricks >= target;
        return false;
      };
      switch (rng.below(5)) {
        case 0:
          EXPECT_EQ(solver.max_tricks(p), want.tricks);
          break;
        case 1:
          EXPECT_EQ(solver.best_card(p).tricks, want.tricks);
          break;
        case 2: {
          const std::optional<CardScore> got = solver.card_reaching(p, target);
          EXPECT_EQ(got.has_value(), want.tricks >= target) << "target " << target;
          if (got) EXPECT_TRUE(reaches(got->card)) << to_string(got->card);
          break;
        }
        case 3: {
          int count = 0;
          for (const CardScore& cs : solver.cards_reaching(p, target)) {
            EXPECT_TRUE(reaches(cs.card)) << to_string(cs.card) << ", target " << target;
            count += 1 + std::popcount(cs.equals);
          }
          int want_count = 0;
          for (const ReferenceCard& rc : want.cards) want_count += rc.tricks >= target;
          EXPECT_EQ(count, want_count) << "target " << target;
          break;
        }
        default: {
          const SolveResult got = solver.solve(p);
          EXPECT_EQ(got.tricks, want.tricks);
          for (const CardScore& cs : got.cards)
            for (const ReferenceCard& rc : want.cards)
              if (rc.card == cs.card) EXPECT_EQ(cs.tricks, rc.tricks) << to_string(cs.card);
        }
      }
    }
  }
}

// Same calls on fresh Solvers give the same answers and the same node counts.
TEST(SolverVsReferenceShared, Deterministic) {
  Solver a, b;
  for (int i = 0; i < kPositions; i += 60) {
    const Case c = case_at(i);
    const Position p = position_of(c);
    SCOPED_TRACE(label(c, p));
    const SolveResult ra = a.solve(p);
    const SolveResult rb = b.solve(p);
    EXPECT_EQ(ra.tricks, rb.tricks);
    EXPECT_EQ(ra.cards, rb.cards);
    EXPECT_EQ(a.stats().nodes, b.stats().nodes);
  }
  EXPECT_GT(a.stats().nodes, 0u);
}

// A question asked again is answered from the Solver's recent answers: the
// same answer (the reference's best score), and no search. After clear() it
// is searched again.
TEST(SolverVsReferenceShared, RepeatedQuestionsAreNotSearchedAgain) {
  Solver solver;
  for (int i = 0; i < 12; ++i) {
    const std::uint64_t seed = kSeedBase + 4'000'000 + static_cast<std::uint64_t>(i);
    Rng rng(seed);
    const int tricks = 2 + static_cast<int>(rng.below(3));
    const Position p = random_position(rng, tricks, i % 4, strain_from_int(i % kNumStrains),
                                       seat_from_int(i % kNumSeats));
    const Position other = random_position(rng, tricks, 0, p.trump(), p.leader());
    SCOPED_TRACE("seed " + std::to_string(seed) + ": " + describe(p));
    const int want = reference_max_tricks(p);
    const SolveResult all = solver.solve(p), one = solver.best_card(p), best = solver.best_cards(p);
    const int most = solver.max_tricks(p);
    const DdTable table = solver.dd_table(*Deal::from_hands(other.hands()));
    EXPECT_EQ(all.tricks, want);
    EXPECT_EQ(most, want);
    const std::uint64_t nodes = solver.stats().nodes;
    EXPECT_EQ(solver.solve(p).cards, all.cards);
    EXPECT_EQ(solver.best_card(p).cards, one.cards);
    EXPECT_EQ(solver.best_cards(p).cards, best.cards);
    EXPECT_EQ(solver.max_tricks(p), want);
    EXPECT_EQ(solver.dd_table(*Deal::from_hands(other.hands())), table);
    EXPECT_EQ(solver.stats().nodes, nodes) << "a repeated question was searched again";
    solver.clear();
    EXPECT_EQ(solver.solve(p).cards, all.cards);
    EXPECT_GT(solver.stats().nodes, nodes) << "clear() kept the recent answers";
  }
}

// --- textbook endings ----------------------------------------------------

struct Ending {
  const char* name;
  const char* deal;  // the hands at the start of the trick
  Strain strain;
  Seat leader;
  std::vector<const char*> played;                  // cards already played to the trick
  int tricks;                                       // the best for the side to play
  std::vector<std::pair<const char*, int>> scores;  // hand-worked card scores
};

class TextbookEnding : public ::testing::TestWithParam<Ending> {};

TEST_P(TextbookEnding, HandAnalysisReferenceAndSolverAgree) {
  const Ending& e = GetParam();
  const auto deal = parse_pbn_deal(e.deal);
  ASSERT_TRUE(deal.has_value()) << deal.error().message;
  Position p = Position::at_trick_start(*deal, e.strain, e.leader);
  for (const char* text : e.played) {
    const auto next = p.play(*parse_card(text));
    ASSERT_TRUE(next.has_value()) << text << ": " << next.error().message;
    p = *next;
  }
  SCOPED_TRACE(describe(p));

  // The hand analysis against the reference first: it validates both.
  const ReferenceResult want = reference_solve(p);
  EXPECT_EQ(want.tricks, e.tricks) << "reference";
  for (const auto& [text, score] : e.scores) {
    const auto r = std::find_if(want.cards.begin(), want.cards.end(),
                                [&](const ReferenceCard& c) { return to_string(c.card) == text; });
    ASSERT_NE(r, want.cards.end()) << text << " is not a legal card";
    EXPECT_EQ(r->tricks, score) << "reference, card " << text;
  }

  for (const Config& config : kConfigs) {
    SCOPED_TRACE(config.name);
    Solver solver(config.options);
    const SolveResult got = solver.solve(p);
    EXPECT_EQ(got.tricks, e.tricks);
    expect_matches(got, want, p);
  }
}

// Hands are listed N E S W. In each, the side to play gets `tricks` only by
// the textbook play; the other listed cards show what the rest gets.
const Ending kEndings[] = {
    // Simple squeeze: West guards spades (KQ against North's A2) and hearts
    // (K against North's Q). South's CA forces a discard that sets up a
    // North card; the S3 and H3 are the entries. Leading a major first
    // gives the defence the timing: one trick.
    {"SimpleSqueeze",
     "N:A2.Q.. ..KQJ. 3.3..A KQ.K..",
     Strain::NoTrump,
     Seat::South,
     {},
     3,
     {{"CA", 3}, {"S3", 1}, {"H3", 1}}},
    // Trump coup: South's AQ of trumps sits over East's KJ. North leads a
    // heart and East must ruff in front of South: two tricks...
    {"TrumpCoup", "N:.32.. KJ... AQ... ..32.", Strain::Spades, Seat::North, {}, 2, {{"H3", 2}}},
    // ...while South, on lead from the tenace, must give one to the king.
    {"TrumpCoupWrongHand",
     "N:.32.. KJ... AQ... ..32.",
     Strain::Spades,
     Seat::South,
     {},
     1,
     {{"SA", 1}, {"SQ", 1}}},
    // Endplay: South exits with the H2 to West's bare HA; West must lead
    // clubs into North's AQ. A diamond lead gives East everything.
    {"Endplay",
     "N:..2.AQ ..KQJ. .2.43. .A..K3",
     Strain::NoTrump,
     Seat::South,
     {},
     2,
     {{"H2", 2}, {"D4", 0}}},
    // Unblock: South leads the SK, West discards; North must overtake with
    // the SA to run the suit. Ducking strands North's QJ: one trick. (The
    // SK on the table separates the SA from the QJ run.)
    {"Unblock",
     "N:AQJ... .AKQ.. K.2.2. ..AKQ.",
     Strain::NoTrump,
     Seat::South,
     {"SK", "DQ"},
     3,
     {{"SA", 3}, {"SQ", 1}, {"SJ", 1}}},
};

INSTANTIATE_TEST_SUITE_P(Endings, TextbookEnding, ::testing::ValuesIn(kEndings),
                         [](const ::testing::TestParamInfo<Ending>& info) {
                           return std::string(info.param.name);
                         });

}  // namespace
}  // namespace ddtb::test
