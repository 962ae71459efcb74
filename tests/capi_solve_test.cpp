// SolveBoard and AnalysePlay through the C API against the real libdds:
// every target / solutions / mode combination on random positions (cards of
// the current trick included), the mode-0 shortcut and the last trick, and
// DDS's input checks with their codes, in DDS's order. The differences
// dll.h declares are checked as such, each named.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "ddtb/dll.h"
#include "tests/support/capi_compare.hpp"
#include "tests/support/dds_c_api.hpp"
#include "tests/support/golden_data.hpp"
#include "tests/support/random.hpp"

namespace ddtb::test {
namespace {

const DdsCApi& dds() {
  return DdsCApi::get();
}

constexpr std::uint64_t kSeed = 20250301;
constexpr int kPositions = 300;

// Our answer for one call is right when it is DDS's answer up to the order
// of equal scores, and, where DDS returns "one of" the cards, a card that
// qualifies by DDS's own full list.
void check_same_answer(const futureTricks& ours, const futureTricks& theirs,
                       const std::vector<RefCardGroup>& all_cards, int target, int solutions) {
  ASSERT_EQ(ours.cards, theirs.cards);
  if (ours.cards == 0) {
    EXPECT_EQ(ours.score[0], theirs.score[0]);
    return;
  }
  if (solutions != 1) {
    EXPECT_EQ(compare_ignoring_tie_order(groups_of(ours), groups_of(theirs)), "");
    return;
  }
  EXPECT_EQ(ours.score[0], theirs.score[0]);
  if (ours.score[0] == -2) {  // the mode-0 shortcut: the one choice there is
    EXPECT_EQ(groups_of(ours), groups_of(theirs));
    return;
  }
  const RefCardGroup mine = groups_of(ours).front();
  const auto it = std::find_if(all_cards.begin(), all_cards.end(), [&](const RefCardGroup& g) {
    return g.suit == mine.suit && g.rank == mine.rank && g.equals == mine.equals;
  });
  ASSERT_NE(it, all_cards.end()) << "not a legal card group:" << fut_text({mine});
  const int best = all_cards.front().tricks;
  if (target == -1) EXPECT_EQ(it->tricks, best);
  if (target > 0) EXPECT_GE(it->tricks, target);
}

TEST(CapiSolve, EveryCombinationMatchesDdsOnRandomPositions) {
  Rng rng(kSeed);
  int calls = 0;
  for (int n = 0; n < kPositions; ++n) {
    const int tricks = 3 + static_cast<int>(rng.below(6));
    const int played = static_cast<int>(rng.below(4));
    const Strain strain = strain_from_int(static_cast<int>(rng.below(5)));
    const Seat leader = seat_from_int(static_cast<int>(rng.below(4)));
    const Position p = random_position(rng, tricks, played, strain, leader);
    SCOPED_TRACE("seed " + std::to_string(kSeed) + " position " + std::to_string(n));
    const deal dl = to_c_deal(p);
    futureTricks all{};
    ASSERT_EQ(dds().SolveBoard(dl, -1, 3, 1, &all, 0), RETURN_NO_FAULT);
    const std::vector<RefCardGroup> all_cards = groups_of(all);
    const int best = all_cards.front().tricks;
    for (const int target : {-1, 0, 1, best, best + 1, tricks}) {
      if (target > tricks) continue;
      for (int solutions = 1; solutions <= 3; ++solutions) {
        for (int mode = 0; mode <= 2; ++mode) {
          SCOPED_TRACE("target " + std::to_string(target) + " solutions " +
                       std::to_string(solutions) + " mode " + std::to_string(mode));
          futureTricks ours{}, theirs{};
          const int rc_ours = SolveBoard(dl, target, solutions, mode, &ours, 0);
          const int rc_theirs = dds().SolveBoard(dl, target, solutions, mode, &theirs, 0);
          ASSERT_EQ(rc_ours, rc_theirs);
          if (rc_ours == RETURN_NO_FAULT)
            check_same_answer(ours, theirs, all_cards, target, solutions);
          ++calls;
        }
      }
    }
  }
  EXPECT_GT(calls, kPositions * 30);
}

// Each combination on seeded random positions of 9 to 13 tricks, 0 to 3
// cards on the table: where the single-answer searches (solutions 1 and 2,
// a target) do real work, and where the fixed root order picks among many
// cards.
TEST(CapiSolve, EveryCombinationMatchesDdsOnLargeMidTrickPositions) {
  constexpr std::uint64_t kLargeSeed = 20261126;
  constexpr int kLarge = 24;
  Rng rng(kLargeSeed);
  int calls = 0;
  for (int n = 0; n < kLarge; ++n) {
    const int tricks = 9 + static_cast<int>(rng.below(5));
    const int played = n % 4;
    const Position p = random_position(rng, tricks, played, strain_from_int(n % 5),
                                       seat_from_int(static_cast<int>(rng.below(4))));
    SCOPED_TRACE("seed " + std::to_string(kLargeSeed) + " position " + std::to_string(n) + ": " +
                 std::to_string(tricks) + " tricks, " + std::to_string(played) + " played");
    EXPECT_EQ(compare_every_combination(to_c_deal(p), calls), "");
  }
  EXPECT_GT(calls, kLarge * 40);
}

// A full deal (the first golden deal), each combination at trick 1 and,
// after two cards, in the middle of a trick.
TEST(CapiSolve, FullDealCombinationsMatchDds) {
  const RefDeal& first = golden_deals().front();
  const Position start = first.start();
  const Position mid = *start.play(first.play[0])->play(first.play[1]);
  for (const Position& p : {start, mid}) {
    const deal dl = to_c_deal(p);
    futureTricks all{};
    ASSERT_EQ(dds().SolveBoard(dl, -1, 3, 1, &all, 0), RETURN_NO_FAULT);
    for (const int target : {-1, 0, 3, groups_of(all).front().tricks + 1})
      for (int solutions = 1; solutions <= 3; ++solutions) {
        SCOPED_TRACE("target " + std::to_string(target) + " solutions " +
                     std::to_string(solutions));
        futureTricks ours{}, theirs{};
        ASSERT_EQ(SolveBoard(dl, target, solutions, 1, &ours, 0),
                  dds().SolveBoard(dl, target, solutions, 1, &theirs, 0));
        check_same_answer(ours, theirs, groups_of(all), target, solutions);
      }
  }
}

dealPBN pbn_deal(const char* text, int trump, int first) {
  dealPBN d{};
  d.trump = trump;
  d.first = first;
  std::snprintf(d.remainCards, sizeof d.remainCards, "%s", text);
  return d;
}

// The last trick is never searched; mode 0 returns a single choice
// unsearched with score -2; target 0 lists cards with score 0, unsearched.
TEST(CapiSolve, ShortcutsAreDds) {
  const dealPBN last = pbn_deal("N:A... 2... K... Q...", 4, 1);
  // East must play the heart ace after North's spade lead: one choice.
  dealPBN single =
      pbn_deal("N:QJ6.K652.J8.T98 AT98743.J97.A.Q4 K5.T83.KQ9.A7652 2.AQ4.T76432.KJ3", 0, 0);
  single.currentTrickSuit[0] = 2;
  single.currentTrickRank[0] = 5;
  for (const dealPBN& d : {last, single})
    for (int mode = 0; mode <= 2; ++mode)
      for (int solutions = 1; solutions <= 3; ++solutions)
        for (const int target : {-1, 0, 1}) {
          SCOPED_TRACE(std::string(d.remainCards) + " mode " + std::to_string(mode) +
                       " solutions " + std::to_string(solutions) + " target " +
                       std::to_string(target));
          futureTricks ours{}, theirs{};
          ASSERT_EQ(SolveBoardPBN(d, target, solutions, mode, &ours, 0),
                    dds().SolveBoardPBN(d, target, solutions, mode, &theirs, 0));
          EXPECT_EQ(groups_of(ours), groups_of(theirs));
          if (theirs.nodes == 0) EXPECT_EQ(ours.nodes, 0);
        }
}

// --- input checks ------------------------------------------------------------

deal full_deal() {
  return to_c_deal(
      Position::at_trick_start(golden_deals().front().deal(), Strain::Spades, Seat::North));
}

struct BadCall {
  const char* what;
  deal dl;
  int target = -1, solutions = 3, mode = 1;
};

std::vector<BadCall> bad_calls() {
  const deal d = full_deal();
  std::vector<BadCall> out;
  const auto add = [&](const char* what, auto edit, int target = -1, int solutions = 3,
                       int mode = 1) {
    BadCall c{what, d, target, solutions, mode};
    edit(c.dl);
    out.push_back(c);
  };
  const auto none = [](deal&) {};
  add("target -2", none, -2);
  add("target 14", none, 14);
  add("solutions 0", none, -1, 0);
  add("solutions 4", none, -1, 4);
  add("mode -1", none, -1, 3, -1);
  add("mode 3", none, -1, 3, 3);
  add("trump 5", [](deal& x) { x.trump = 5; });
  add("trump -1", [](deal& x) { x.trump = -1; });
  add("first 4", [](deal& x) { x.first = 4; });
  add("first -1", [](deal& x) { x.first = -1; });
  add("target -2 and solutions 0", none, -2, 0);
  add("solutions 0 and mode 3", none, -1, 0, 3);
  add(
      "target 14 and trump 5", [](deal& x) { x.trump = 5; }, 14);
  add(
      "mode 3 and trump 5", [](deal& x) { x.trump = 5; }, -1, 3, 3);
  add("trump 5 and first 4", [](deal& x) {
    x.trump = 5;
    x.first = 4;
  });
  add(
      "first 4 and target -2", [](deal& x) { x.first = 4; }, -2);
  add("no cards", [](deal& x) { std::memset(x.remainCards, 0, sizeof x.remainCards); });
  add("53 cards", [](deal& x) { x.remainCards[1][0] |= x.remainCards[0][0]; });
  add("duplicate, equal counts", [](deal& x) {
    const unsigned top = 1u << (31 - __builtin_clz(x.remainCards[0][0]));
    x.remainCards[1][0] |= top;
    x.remainCards[1][1] &= x.remainCards[1][1] - 1;  // drop East's lowest heart
  });
  add("duplicate, unequal counts", [](deal& x) {
    const unsigned top = 1u << (31 - __builtin_clz(x.remainCards[0][0]));
    x.remainCards[1][0] |= top;
    x.remainCards[0][0] &= ~top;
  });
  add("bit above the ace", [](deal& x) { x.remainCards[2][3] |= 0x8000; });
  add("all bits", [](deal& x) { x.remainCards[0][0] = 0xffffffff; });
  add("bits 0 and 1 (ignored)", [](deal& x) { x.remainCards[0][0] |= 3; });
  add("13 spades in one hand", [](deal& x) {
    std::memset(x.remainCards, 0, sizeof x.remainCards);
    x.remainCards[0][0] = 0x7ffc;
  });
  add(
      "target above the tricks left",
      [](deal& x) {
        for (int h = 0; h < 4; ++h)
          for (int s = 0; s < 4; ++s)
            if (x.remainCards[h][s]) {
              x.remainCards[h][s] &= x.remainCards[h][s] - 1;
              break;
            }
      },
      13);
  // North led its lowest spade (removed from its hand).
  const auto led = [](deal& x) {
    const unsigned low = x.remainCards[0][0] & (~x.remainCards[0][0] + 1);
    x.remainCards[0][0] &= ~low;
    x.currentTrickSuit[0] = 0;
    x.currentTrickRank[0] = __builtin_ctz(low);
  };
  add("trick: valid lead", led);
  add("trick: rank 15", [&](deal& x) {
    led(x);
    x.currentTrickRank[0] = 15;
  });
  add("trick: rank 1", [&](deal& x) {
    led(x);
    x.currentTrickRank[0] = 1;
  });
  add("trick: suit 4", [&](deal& x) {
    led(x);
    x.currentTrickSuit[0] = 4;
  });
  add("trick: suit -1", [&](deal& x) {
    led(x);
    x.currentTrickSuit[0] = -1;
  });
  add("trick: gap", [&](deal& x) {
    led(x);
    x.currentTrickRank[1] = x.currentTrickRank[0];
    x.currentTrickSuit[1] = 0;
    x.currentTrickRank[0] = 0;
  });
  add("trick: led card still in a hand", [&](deal& x) {
    led(x);
    x.currentTrickRank[0] = 31 - __builtin_clz(x.remainCards[3][0]);  // West's top spade
  });
  add("trick: suit of an unplayed card ignored", [&](deal& x) {
    led(x);
    x.currentTrickSuit[2] = 3;
  });
  return out;
}

TEST(CapiSolve, InputChecksReturnDdsCodes) {
  for (const BadCall& c : bad_calls()) {
    SCOPED_TRACE(c.what);
    futureTricks ours{}, theirs{};
    const int rc_theirs = dds().SolveBoard(c.dl, c.target, c.solutions, c.mode, &theirs, 0);
    EXPECT_EQ(SolveBoard(c.dl, c.target, c.solutions, c.mode, &ours, 0), rc_theirs);
  }
}

// Inputs DDS accepts and answers with nonsense: refused here (dll.h).
TEST(CapiSolve, InconsistentInputsDdsAcceptsAreRefused) {
  deal twelve = full_deal();  // North holds 12 cards and no trick is given
  twelve.remainCards[0][0] &= twelve.remainCards[0][0] - 1;
  deal not_removed = full_deal();  // North "led" a spade it still holds
  not_removed.currentTrickSuit[0] = 0;
  not_removed.currentTrickRank[0] = __builtin_ctz(not_removed.remainCards[0][0]);
  struct Case {
    const char* what;
    deal dl;
    int ours;
  };
  for (const Case& c : {Case{"12 cards, no trick", twelve, RETURN_CARD_COUNT},
                        Case{"led card not removed", not_removed, RETURN_PLAYED_CARD}}) {
    SCOPED_TRACE(c.what);
    futureTricks f{};
    EXPECT_EQ(dds().SolveBoard(c.dl, -1, 1, 1, &f, 0), RETURN_NO_FAULT) << "DDS accepts it";
    EXPECT_EQ(SolveBoard(c.dl, -1, 1, 1, &f, 0), c.ours);
  }
}

TEST(CapiSolve, PbnReaderReturnsDdsCodes) {
  const char* const kTexts[] = {
      "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
      "QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
      "W:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
      "e:qj6.k652.j85.t98 873.j97.at764.q4 k5.t83.kq9.a7652 at942.aq4.32.kj3",
      "  N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
      "N:QJ6.K652.J85.T98\t873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
      "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 -",
      "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652",
      "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3 xyz",
      "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJX",
      "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ10",
      "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.3.2.KJ3",
      "X:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
      "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3Q",
      "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KQ3",
      "",
      "N:",
      "N:... ... ... ...",
  };
  for (const char* text : kTexts) {
    SCOPED_TRACE(std::string("[") + text + "]");
    futureTricks ours{}, theirs{};
    const dealPBN d = pbn_deal(text, 4, 0);
    EXPECT_EQ(SolveBoardPBN(d, -1, 1, 1, &ours, 0), dds().SolveBoardPBN(d, -1, 1, 1, &theirs, 0));
    // CalcDDtablePBN's reader, on the texts it refuses. (DDS 2.9's
    // CalcDDtable goes on to solve a deal without cards and crashes.)
    ddTableDealPBN t{};
    std::snprintf(t.cards, sizeof t.cards, "%s", text);
    ddTableResults r1{}, r2{};
    if (const int rc = CalcDDtablePBN(t, &r1); rc != RETURN_NO_FAULT && rc != RETURN_ZERO_CARDS)
      EXPECT_EQ(rc, dds().CalcDDtablePBN(t, &r2));
    else if (rc == RETURN_ZERO_CARDS)
      EXPECT_EQ(SolveBoardPBN(d, -1, 1, 1, &ours, 0), RETURN_ZERO_CARDS);
  }
  // The PBN text is read before the thread index is checked.
  {
    futureTricks ours{}, theirs{};
    const dealPBN d = pbn_deal("garbage", 4, 0);
    EXPECT_EQ(SolveBoardPBN(d, -1, 1, 1, &ours, 5), dds().SolveBoardPBN(d, -1, 1, 1, &theirs, 5));
  }
  // DDS overruns its hand array on a fifth hand (two spaces in a row) and
  // aborts; ours reads four hands and finds the cards miscounted.
  futureTricks f{};
  EXPECT_EQ(SolveBoardPBN(pbn_deal("N:QJ6.K652.J85.T98  873.J97.AT764.Q4 K5.T83.KQ9.A7652 "
                                   "AT942.AQ4.32.KJ3",
                                   4, 0),
                          -1, 1, 1, &f, 0),
            RETURN_CARD_COUNT);
}

// --- AnalysePlay -----------------------------------------------------------

playTracePBN pbn_play(const char* cards, int n) {
  playTracePBN p{};
  p.number = n;
  std::snprintf(p.cards, sizeof p.cards, "%s", cards);
  return p;
}

TEST(CapiSolve, AnalysePlayMatchesDds) {
  // list100's second deal (East leads in NT), its 52-card play cut at
  // every length from 44 (DDS never analyses the last trick), bad traces,
  // and small endings.
  const dealPBN deal52 =
      pbn_deal("E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63", 4, 1);
  const char* play52 =
      "SQD2S8SAHKHTH3H2HQS2H4H6H8D6HJHAS7SKS4C4D8C2DKD4H9C5S6S3H7C7C3S5H5CTD9STD3DQDAC8S9SJC9DTCQ"
      "D5CAC6DJCKCJD7";
  struct Case {
    dealPBN d;
    playTracePBN p;
  };
  std::vector<Case> cases;
  for (int n = 44; n <= 52; ++n) cases.push_back({deal52, pbn_play(play52, n)});
  cases.push_back({deal52, pbn_play(play52, 0)});
  cases.push_back({deal52, pbn_play(play52, 53)});
  cases.push_back({deal52, pbn_play("SQD2S8SAHKHTH3H2HQS2XX", 11)});
  cases.push_back({deal52, pbn_play("SQSQ", 2)});
  cases.push_back({deal52, pbn_play("sqd2", 2)});
  cases.push_back({deal52, pbn_play("SQD2S8", 5)});  // fewer cards than said
  cases.push_back({pbn_deal("N:AK.. QJ.. T9.. 87..", 4, 0), pbn_play("SASQSTS7SKSJS9S8", 8)});
  cases.push_back(
      {pbn_deal("N:AK2.. QJ3.. T94.. 875..", 4, 0), pbn_play("SASQSTS7SKSJS9S8S2S3S4S5", 12)});
  cases.push_back({pbn_deal("N:AK2.. QJ3.. T94.. 875..", 4, 0), pbn_play("SASQSTS7SKSJ", 6)});
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.d.remainCards) + " / " + std::to_string(c.p.number) + " " +
                 c.p.cards);
    solvedPlay ours, theirs;
    std::memset(&ours, 0x55, sizeof ours);
    std::memset(&theirs, 0x55, sizeof theirs);
    ASSERT_EQ(AnalysePlayPBN(c.d, c.p, &ours, 0), dds().AnalysePlayPBN(c.d, c.p, &theirs, 0));
    ASSERT_EQ(ours.number, theirs.number);
    for (int i = 0; i < std::clamp(ours.number, 0, 53); ++i)
      EXPECT_EQ(ours.tricks[i], theirs.tricks[i]) << "value " << i;
  }
}

TEST(CapiSolve, AnalysePlayRefusesARevoke) {
  // West holds spades but plays a heart to East's spade lead: DDS analyses
  // the position anyway; ddtb refuses the trace (dll.h).
  const dealPBN d =
      pbn_deal("E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63", 4, 1);
  solvedPlay s{};
  EXPECT_EQ(dds().AnalysePlayPBN(d, pbn_play("SQD2S8HK", 4), &s, 0), RETURN_NO_FAULT);
  EXPECT_EQ(AnalysePlayPBN(d, pbn_play("SQD2S8HK", 4), &s, 0), RETURN_PLAY_FAULT);
  EXPECT_EQ(s.number, 0);
}

TEST(CapiSolve, ErrorMessagesAreDds) {
  for (int code = 2; code >= -400; --code) {
    char ours[80], theirs[80];
    ErrorMessage(code, ours);
    dds().ErrorMessage(code, theirs);
    if (code == RETURN_NO_TABLEBASE) {
      EXPECT_STREQ(ours, TEXT_NO_TABLEBASE);
      continue;
    }
    EXPECT_STREQ(ours, theirs) << "code " << code;
  }
}

}  // namespace
}  // namespace ddtb::test
