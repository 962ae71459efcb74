// The C API's PBN deal reader on text beyond four hands or four suits,
// against the real libdds: a card after a fourth hand is RETURN_CARD_COUNT,
// cards after a fourth '.' of a hand RETURN_TOO_MANY_CARDS (more than 52
// cards with them) or RETURN_CARD_COUNT (dll.h). Where DDS gives the same
// code (its reader puts a fifth suit's cards in the next hand's spades,
// making too many cards or miscounted hands) both libraries are called;
// where DDS answers otherwise the difference is checked as dll.h declares
// it, and DDS is not called where it writes past its arrays. Separators with
// no card after them are read as DDS reads them. In a batch, such a board
// fails alone.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <string>

#include "ddtb/dll.h"
#include "tests/support/capi_compare.hpp"
#include "tests/support/dds_c_api.hpp"

namespace ddtb::test {
namespace {

const DdsCApi& dds() {
  return DdsCApi::get();
}

constexpr const char* kDeal =
    "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

dealPBN pbn(const char* text, int first = 0) {
  dealPBN d{};
  d.trump = 4;
  d.first = first;
  std::snprintf(d.remainCards, sizeof d.remainCards, "%s", text);
  return d;
}

ddTableDealPBN table_pbn(const char* text) {
  ddTableDealPBN t{};
  std::snprintf(t.cards, sizeof t.cards, "%s", text);
  return t;
}

int solve(const DdsCApi* lib, const dealPBN& d, futureTricks& f) {
  return lib ? lib->SolveBoardPBN(d, -1, 1, 1, &f, 0) : SolveBoardPBN(d, -1, 1, 1, &f, 0);
}

// kDeal with one more card after a fourth '.' of one hand. DDS's reader puts
// it in the next hand's spades, where another hand holds that spade.
constexpr const char* kFifthSuits[] = {
    "N:QJ6.K652.J85.T98.2 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",  // S2: West's
    "N:QJ6.K652.J85.T98 873.J97.AT764.Q4.A K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",  // SA: West's
    "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652.q AT942.AQ4.32.KJ3",  // SQ: North's
    "W:AT942.AQ4.32.KJ3 QJ6.K652.J85.T98.4 873.J97.AT764.Q4 K5.T83.KQ9.A7652",  // S4: West's
};

// 52 cards, one of them after a fourth '.': DDS moves it to the next hand.
constexpr const char* kMiscounted[] = {
    "N:QJ6.K652.J85.T8.9 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",  // S9 to East
    "N:QJ6.K652.J85.T98 873.J97.AT764.4.Q K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",  // SQ to South
};

// DDS's table functions go on searching after a deal fails its card checks
// (and may crash doing so): they are not called with such deals, ours give
// SolveBoardPBN's code.
TEST(CapiPbn, AFifthSuitIsRefusedAsInDds) {
  const auto expect_code = [](const char* text, int code) {
    SCOPED_TRACE(text);
    futureTricks ours{}, theirs{};
    EXPECT_EQ(solve(nullptr, pbn(text), ours), code);
    EXPECT_EQ(solve(&dds(), pbn(text), theirs), code);
    ddTableResults r{};
    EXPECT_EQ(CalcDDtablePBN(table_pbn(text), &r), code);
  };
  for (const char* text : kFifthSuits) expect_code(text, RETURN_TOO_MANY_CARDS);
  for (const char* text : kMiscounted) expect_code(text, RETURN_CARD_COUNT);
}

// Text DDS reads without a card after the separators: the same answer.
TEST(CapiPbn, SeparatorsWithoutCardsAreReadAsDdsReadsThem) {
  const std::string deal = kDeal;
  for (const std::string& text :
       {deal + " ", deal + ".", deal + " .", deal + " xyz", deal + ". ", deal + "  "}) {
    SCOPED_TRACE("[" + text + "]");
    futureTricks ours{}, theirs{};
    ASSERT_EQ(solve(&dds(), pbn(text.c_str()), theirs), RETURN_NO_FAULT);
    ASSERT_EQ(solve(nullptr, pbn(text.c_str()), ours), RETURN_NO_FAULT);
    EXPECT_EQ(ours.score[0], theirs.score[0]);
  }
}

TEST(CapiPbn, DifferencesDeclaredInDllH) {
  futureTricks f{};
  // North's fifth suit holds the spade eight, which East (the next hand)
  // holds already: DDS's reader loses it and DDS answers as for kDeal.
  const char* const collision =
      "N:QJ6.K652.J85.T98.8 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
  EXPECT_EQ(solve(&dds(), pbn(collision), f), RETURN_NO_FAULT);
  EXPECT_EQ(solve(nullptr, pbn(collision), f), RETURN_TOO_MANY_CARDS);
  // North's fifth suit holds East's spade three: DDS puts it back and
  // answers as for kDeal.
  const char* const moved =
      "N:QJ6.K652.J85.T98.3 87.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
  EXPECT_EQ(solve(&dds(), pbn(moved), f), RETURN_NO_FAULT);
  EXPECT_EQ(solve(nullptr, pbn(moved), f), RETURN_CARD_COUNT);
  // DDS checks the parameters before the cards; ddtb refuses the text as it
  // reads it.
  futureTricks theirs{};
  EXPECT_EQ(dds().SolveBoardPBN(pbn(kFifthSuits[0]), -2, 1, 1, &theirs, 0), RETURN_TARGET_WRONG_LO);
  EXPECT_EQ(SolveBoardPBN(pbn(kFifthSuits[0]), -2, 1, 1, &f, 0), RETURN_TOO_MANY_CARDS);
  // DDS would write these past its hand array (not called).
  EXPECT_EQ(
      solve(nullptr, pbn("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3.Q"),
            f),
      RETURN_TOO_MANY_CARDS)
      << "West's fifth suit";
  EXPECT_EQ(solve(nullptr, pbn((std::string(kDeal) + " A").c_str()), f), RETURN_CARD_COUNT)
      << "a fifth hand";
  EXPECT_EQ(solve(nullptr, pbn((std::string(kDeal) + " .2").c_str()), f), RETURN_CARD_COUNT)
      << "a fifth hand";
}

// A batch of kDeal (first hand North, then East, then South) with a fifth
// suit's card in the middle board.
std::unique_ptr<boardsPBN> batch_with_a_fifth_suit() {
  auto b = std::make_unique<boardsPBN>();
  b->noOfBoards = 3;
  for (int i = 0; i < 3; ++i) {
    b->deals[i] = pbn(i == 1 ? kFifthSuits[0] : kDeal, i);
    b->target[i] = -1;
    b->solutions[i] = 3;
    b->mode[i] = 1;
  }
  return b;
}

TEST(CapiPbn, ABatchBoardFailsAlone) {
  const auto b = batch_with_a_fifth_suit();
  auto ours = std::make_unique<solvedBoards>(), theirs = std::make_unique<solvedBoards>();
  ASSERT_EQ(dds().SolveAllBoards(b.get(), theirs.get()), RETURN_TOO_MANY_CARDS);
  ASSERT_EQ(SolveAllBoards(b.get(), ours.get()), RETURN_TOO_MANY_CARDS);
  EXPECT_EQ(ours->noOfBoards, theirs->noOfBoards);
  EXPECT_EQ(ours->solvedBoard[1].cards, 0);
  EXPECT_EQ(theirs->solvedBoard[1].cards, 0);
  for (const int i : {0, 2}) {
    SCOPED_TRACE("board " + std::to_string(i));
    EXPECT_EQ(compare_ignoring_tie_order(groups_of(ours->solvedBoard[i]),
                                         groups_of(theirs->solvedBoard[i])),
              "");
  }
  // A fifth hand (not given to DDS) fails its board alone too.
  std::snprintf(b->deals[1].remainCards, sizeof b->deals[1].remainCards, "%s A", kDeal);
  ASSERT_EQ(SolveAllChunksPBN(b.get(), ours.get(), 2), RETURN_CARD_COUNT);
  EXPECT_EQ(ours->solvedBoard[1].cards, 0);
  EXPECT_GT(ours->solvedBoard[2].cards, 0);
}

TEST(CapiPbn, APlayBatchBoardFailsAlone) {
  const auto b = batch_with_a_fifth_suit();
  // Each board's leader plays a card of its own.
  auto plays = std::make_unique<playTracesPBN>();
  plays->noOfBoards = 3;
  const char* const leads[] = {"SQ", "S8", "SK"};
  for (int i = 0; i < 3; ++i) {
    plays->plays[i].number = 1;
    std::snprintf(plays->plays[i].cards, sizeof plays->plays[i].cards, "%s", leads[i]);
  }
  auto ours = std::make_unique<solvedPlays>(), theirs = std::make_unique<solvedPlays>();
  ASSERT_EQ(dds().AnalyseAllPlaysPBN(b.get(), plays.get(), theirs.get(), 1), RETURN_TOO_MANY_CARDS);
  ASSERT_EQ(AnalyseAllPlaysPBN(b.get(), plays.get(), ours.get(), 1), RETURN_TOO_MANY_CARDS);
  for (const int i : {0, 2}) {
    SCOPED_TRACE("board " + std::to_string(i));
    ASSERT_EQ(ours->solved[i].number, theirs->solved[i].number);
    for (int k = 0; k < ours->solved[i].number; ++k)
      EXPECT_EQ(ours->solved[i].tricks[k], theirs->solved[i].tricks[k]) << "value " << k;
  }
}

// CalcAllTablesPBN checks the strains and the count of tables before the
// cards, the reader's refusals included. (DDS is not asked about the cards:
// see AFifthSuitIsRefusedAsInDds.)
TEST(CapiPbn, TablesCheckTheStrainsFirst) {
  auto tables = std::make_unique<ddTableDealsPBN>();
  tables->noOfTables = 1;
  std::snprintf(tables->deals[0].cards, sizeof tables->deals[0].cards, "%s", kFifthSuits[0]);
  auto ours = std::make_unique<ddTablesRes>(), theirs = std::make_unique<ddTablesRes>();
  int none[DDS_STRAINS] = {1, 1, 1, 1, 1};
  EXPECT_EQ(dds().CalcAllTablesPBN(tables.get(), -1, none, theirs.get(), nullptr), RETURN_NO_SUIT);
  EXPECT_EQ(CalcAllTablesPBN(tables.get(), -1, none, ours.get(), nullptr), RETURN_NO_SUIT);
  int all[DDS_STRAINS] = {0, 0, 0, 0, 0};
  EXPECT_EQ(CalcAllTablesPBN(tables.get(), -1, all, ours.get(), nullptr), RETURN_TOO_MANY_CARDS);
}

}  // namespace
}  // namespace ddtb::test
