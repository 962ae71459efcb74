// Every return code of dll.h, provoked once each by the smallest call that
// returns it, in one place. (RETURN_THREAD_CREATE needs a process that has
// never started a thread: capi_thread_create_test.cpp. RETURN_THREAD_WAIT
// is never returned: dll.h.) Whether each code is DDS's answer to the same
// input is capi_solve_test's and capi_threads_test's business.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <set>

#include "ddtb/dll.h"

namespace ddtb::test {
namespace {

constexpr const char* kDeal =
    "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

dealPBN pbn(const char* text, int trump = 4, int first = 0) {
  dealPBN d{};
  d.trump = trump;
  d.first = first;
  std::snprintf(d.remainCards, sizeof d.remainCards, "%s", text);
  return d;
}

int solve(const dealPBN& d, int target = -1, int solutions = 1, int mode = 1, int thread = 0) {
  futureTricks f{};
  return SolveBoardPBN(d, target, solutions, mode, &f, thread);
}

TEST(CapiErrors, EveryCodeIsProvoked) {
  std::set<int> seen;
  const auto expect = [&](int got, int want, const char* what) {
    EXPECT_EQ(got, want) << what;
    seen.insert(got);
  };
  const dealPBN good = pbn(kDeal);
  expect(solve(good), RETURN_NO_FAULT, "a good call");

  // SolveBoard's parameters.
  expect(solve(good, -2), RETURN_TARGET_WRONG_LO, "target -2");
  expect(solve(good, 14), RETURN_TARGET_WRONG_HI, "target 14");
  expect(solve(good, -1, 0), RETURN_SOLNS_WRONG_LO, "solutions 0");
  expect(solve(good, -1, 4), RETURN_SOLNS_WRONG_HI, "solutions 4");
  expect(solve(good, -1, 1, -1), RETURN_MODE_WRONG_LO, "mode -1");
  expect(solve(good, -1, 1, 3), RETURN_MODE_WRONG_HI, "mode 3");
  expect(solve(pbn(kDeal, 5)), RETURN_TRUMP_WRONG, "trump 5");
  expect(solve(pbn(kDeal, 4, 4)), RETURN_FIRST_WRONG, "first 4");
  expect(solve(good, -1, 1, 1, -1), RETURN_THREAD_INDEX, "thread -1");

  // The cards.
  expect(solve(pbn("N:... ... ... ...")), RETURN_ZERO_CARDS, "no cards");
  expect(solve(pbn("N:A... K... Q... J..."), 2), RETURN_TARGET_TOO_HIGH, "target 2 of 1 trick");
  expect(solve(pbn("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KQ3")),
         RETURN_DUPLICATE_CARDS, "the club queen twice");
  expect(solve(pbn("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3Q")),
         RETURN_TOO_MANY_CARDS, "53 cards");
  expect(solve(pbn("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ")),
         RETURN_CARD_COUNT, "West 12 cards");
  dealPBN trick = pbn("N:A.. Q.. T.. 8..");
  trick.currentTrickSuit[0] = 0;
  trick.currentTrickRank[0] = 15;
  expect(solve(trick), RETURN_SUIT_OR_RANK, "a trick card of rank 15");
  expect(solve(pbn("N:.. Q.. T.. 8..")), RETURN_CARD_COUNT, "North's card missing");
  trick = pbn("N:.. Q.. T.. 8..");  // North led the spade queen that East holds
  trick.currentTrickSuit[0] = 0;
  trick.currentTrickRank[0] = 12;
  expect(solve(trick), RETURN_PLAYED_CARD, "the led queen still in East's hand");
  expect(solve(pbn("N QJ6.K652.J85.T98")), RETURN_PBN_FAULT, "no colon after the seat");

  // AnalysePlay.
  playTracePBN play{};
  play.number = 53;
  solvedPlay solved{};
  expect(AnalysePlayPBN(good, play, &solved, 0), RETURN_PLAY_FAULT, "53 cards played");

  // The batch functions.
  static boardsPBN boards;
  static solvedBoards solved_boards;
  boards.noOfBoards = MAXNOOFBOARDS + 1;
  expect(SolveAllBoards(&boards, &solved_boards), RETURN_TOO_MANY_BOARDS, "201 boards");
  boards.noOfBoards = 0;
  expect(SolveAllChunksPBN(&boards, &solved_boards, 0), RETURN_CHUNK_SIZE, "chunk size 0");
  static playTracesPBN plays;
  static solvedPlays solved_plays;
  plays.noOfBoards = 1;
  expect(AnalyseAllPlaysPBN(&boards, &plays, &solved_plays, 1), RETURN_UNKNOWN_FAULT,
         "1 play for 0 boards");
  static ddTableDealsPBN tables;
  static ddTablesRes results;
  tables.noOfTables = 1;
  std::snprintf(tables.deals[0].cards, sizeof tables.deals[0].cards, "%s", kDeal);
  int none[DDS_STRAINS] = {1, 1, 1, 1, 1};
  expect(CalcAllTablesPBN(&tables, -1, none, &results, nullptr), RETURN_NO_SUIT, "no strain");
  int all[DDS_STRAINS] = {0, 0, 0, 0, 0};
  tables.noOfTables = MAXNOOFTABLES + 1;
  for (int i = 1; i < tables.noOfTables; ++i) tables.deals[i] = tables.deals[0];
  expect(CalcAllTablesPBN(&tables, -1, all, &results, nullptr), RETURN_TOO_MANY_TABLES,
         "41 tables of 5 strains");

  // Configuration and the tablebase path.
  expect(SetThreading(3), RETURN_THREAD_MISSING, "Grand Central Dispatch");
  SetThreading(0);
  expect(SetTablebasePath("/nonexistent"), RETURN_NO_TABLEBASE, "no tables there");

  // Every code but the two named in the file comment.
  for (const int code : {RETURN_NO_FAULT,        RETURN_UNKNOWN_FAULT,   RETURN_ZERO_CARDS,
                         RETURN_TARGET_TOO_HIGH, RETURN_DUPLICATE_CARDS, RETURN_TARGET_WRONG_LO,
                         RETURN_TARGET_WRONG_HI, RETURN_SOLNS_WRONG_LO,  RETURN_SOLNS_WRONG_HI,
                         RETURN_TOO_MANY_CARDS,  RETURN_SUIT_OR_RANK,    RETURN_PLAYED_CARD,
                         RETURN_CARD_COUNT,      RETURN_THREAD_INDEX,    RETURN_MODE_WRONG_LO,
                         RETURN_MODE_WRONG_HI,   RETURN_TRUMP_WRONG,     RETURN_FIRST_WRONG,
                         RETURN_PLAY_FAULT,      RETURN_PBN_FAULT,       RETURN_TOO_MANY_BOARDS,
                         RETURN_THREAD_MISSING,  RETURN_NO_SUIT,         RETURN_TOO_MANY_TABLES,
                         RETURN_CHUNK_SIZE,      RETURN_NO_TABLEBASE})
    EXPECT_TRUE(seen.count(code)) << "code " << code << " never provoked";
}

}  // namespace
}  // namespace ddtb::test
