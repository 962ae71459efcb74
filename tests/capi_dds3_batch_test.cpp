// DDS 3.1's batch calls in dll.h against the real libdds 2.9's own batch
// calls and the golden deals' tables (tests/data/golden): the thread-count variants (*N) give the
// same answers with every maxThreads, CalcAllTablesX* takes more deals than
// CalcAllTables holds, SolveAllBoards*Seq solves in order and stops at the
// first failing board with that board's code; and their input checks.
#include <gtest/gtest.h>

#include <array>
#include <climits>
#include <cstring>
#include <memory>
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

// Every maxThreads the tests try: automatic (<= 0), one, two, more than the
// cores and the boards.
constexpr int kThreadCounts[] = {-1, 0, 1, 2, 64};

constexpr std::uint64_t kSeed = 3130;
constexpr int kBoards = 30;

// Random positions with every kind of request, as a robot sends them: the
// boards, their binary form, and DDS's full answer (solutions 3) for each.
struct Cases {
  boardsPBN pbn{};
  boards bin{};
  std::vector<std::vector<RefCardGroup>> all_cards;
};

const Cases& cases() {
  static const std::unique_ptr<Cases> c = [] {
    auto out = std::make_unique<Cases>();
    Rng rng(kSeed);
    out->pbn.noOfBoards = out->bin.noOfBoards = kBoards;
    for (int i = 0; i < kBoards; ++i) {
      const int tricks = 3 + static_cast<int>(rng.below(6));
      const Position p = random_position(rng, tricks, static_cast<int>(rng.below(4)),
                                         strain_from_int(static_cast<int>(rng.below(5))),
                                         seat_from_int(static_cast<int>(rng.below(4))));
      out->bin.deals[i] = to_c_deal(p);
      out->pbn.deals[i] = to_c_deal_pbn(p);
      futureTricks all{};
      EXPECT_EQ(dds().SolveBoard(out->bin.deals[i], -1, 3, 1, &all, 0), RETURN_NO_FAULT);
      out->all_cards.push_back(groups_of(all));
      const int best = out->all_cards.back().front().tricks;
      const int targets[] = {-1, -1, best, best + 1 > tricks ? 1 : best + 1};
      out->bin.target[i] = out->pbn.target[i] = targets[rng.below(4)];
      out->bin.solutions[i] = out->pbn.solutions[i] = 1 + static_cast<int>(rng.below(3));
      out->bin.mode[i] = out->pbn.mode[i] = 1;
    }
    return out;
  }();
  return *c;
}

// DDS's answers to the cases, by SolveAllBoards.
const solvedBoards& dds_answers() {
  static const std::unique_ptr<solvedBoards> s = [] {
    auto out = std::make_unique<solvedBoards>();
    boardsPBN copy = cases().pbn;
    EXPECT_EQ(dds().SolveAllBoards(&copy, out.get()), RETURN_NO_FAULT);
    return out;
  }();
  return *s;
}

// Empty when `got` answers boards [0, n) of the cases as DDS does.
std::string compare_with_dds(const solvedBoards& got, int n) {
  for (int i = 0; i < n; ++i)
    if (const std::string diff =
            compare_answers(got.solvedBoard[i], dds_answers().solvedBoard[i], cases().all_cards[i],
                            cases().pbn.target[i], cases().pbn.solutions[i]);
        !diff.empty())
      return "board " + std::to_string(i) + ": " + diff;
  return {};
}

// Every field but the node count, which depends on what a solver held.
std::string answers_text(const solvedBoards& s) {
  std::string out = std::to_string(s.noOfBoards);
  for (int i = 0; i < s.noOfBoards && i < MAXNOOFBOARDS; ++i)
    out += " |" + std::to_string(s.solvedBoard[i].cards) + fut_text(groups_of(s.solvedBoard[i]));
  return out;
}

TEST(CapiDds3Batch, SolveAllBoardsNMatchesDdsWithEveryThreadCount) {
  auto solved = std::make_unique<solvedBoards>();
  std::string first;
  for (const int threads : kThreadCounts) {
    SCOPED_TRACE("seed " + std::to_string(kSeed) + " maxThreads " + std::to_string(threads));
    std::memset(solved.get(), 0x55, sizeof *solved);
    ASSERT_EQ(SolveAllBoardsN(&cases().pbn, solved.get(), threads), RETURN_NO_FAULT);
    EXPECT_EQ(compare_with_dds(*solved, kBoards), "");
    if (first.empty()) first = answers_text(*solved);
    EXPECT_EQ(answers_text(*solved), first);
    std::memset(solved.get(), 0x55, sizeof *solved);
    ASSERT_EQ(SolveAllBoardsBinN(&cases().bin, solved.get(), threads), RETURN_NO_FAULT);
    EXPECT_EQ(answers_text(*solved), first);
  }
}

TEST(CapiDds3Batch, SequentialMatchesDds) {
  auto solved = std::make_unique<solvedBoards>();
  ASSERT_EQ(SolveAllBoardsSeq(&cases().pbn, solved.get()), RETURN_NO_FAULT);
  EXPECT_EQ(compare_with_dds(*solved, kBoards), "");
  const std::string want = answers_text(*solved);
  std::memset(solved.get(), 0x55, sizeof *solved);
  ASSERT_EQ(SolveAllBoardsBinSeq(&cases().bin, solved.get()), RETURN_NO_FAULT);
  EXPECT_EQ(answers_text(*solved), want);
}

TEST(CapiDds3Batch, SequentialStaysWarmAcrossCalls) {
  // Boards no other test solves: the batch pool's solver is cold for them
  // at the first call and warm at the second.
  auto boards = std::make_unique<::boards>();
  Rng rng(kSeed + 1);
  boards->noOfBoards = 20;
  for (int i = 0; i < 20; ++i) {
    boards->deals[i] = to_c_deal(
        Position::at_trick_start(random_deal(rng), strain_from_int(i % 5), seat_from_int(i % 4)));
    boards->target[i] = -1;
    boards->solutions[i] = 1;
    boards->mode[i] = 1;
  }
  const auto total_nodes = [&](std::string& answers) {
    auto solved = std::make_unique<solvedBoards>();
    EXPECT_EQ(SolveAllBoardsBinSeq(boards.get(), solved.get()), RETURN_NO_FAULT);
    long nodes = 0;
    for (int i = 0; i < 20; ++i) nodes += solved->solvedBoard[i].nodes;
    answers = answers_text(*solved);
    return nodes;
  };
  std::string first, second;
  const long cold = total_nodes(first);
  const long warm = total_nodes(second);
  EXPECT_EQ(second, first);
  EXPECT_LT(warm, cold);
}

TEST(CapiDds3Batch, SequentialStopsAtTheFirstFailingBoard) {
  constexpr int kBad = 11;
  auto pbn = std::make_unique<boardsPBN>(cases().pbn);
  auto bin = std::make_unique<::boards>(cases().bin);
  auto solved = std::make_unique<solvedBoards>();
  // A target DDS refuses, and a deal with a card in two hands.
  const auto check = [&](int rc_ours, int rc_dds) {
    EXPECT_EQ(rc_ours, rc_dds);
    EXPECT_NE(rc_ours, RETURN_NO_FAULT);
    EXPECT_EQ(compare_with_dds(*solved, kBad), "");
    for (int i = kBad; i < kBoards; ++i) EXPECT_EQ(solved->solvedBoard[i].cards, 0) << i;
    EXPECT_EQ(solved->noOfBoards, kBoards);
  };
  futureTricks f{};
  {
    SCOPED_TRACE("target 20");
    pbn->target[kBad] = bin->target[kBad] = 20;
    const int rc_dds = dds().SolveBoard(bin->deals[kBad], 20, 1, 1, &f, 0);
    std::memset(solved.get(), 0x55, sizeof *solved);
    check(SolveAllBoardsSeq(pbn.get(), solved.get()), rc_dds);
    std::memset(solved.get(), 0x55, sizeof *solved);
    check(SolveAllBoardsBinSeq(bin.get(), solved.get()), rc_dds);
    pbn->target[kBad] = bin->target[kBad] = cases().bin.target[kBad];
  }
  {
    SCOPED_TRACE("a duplicated card");
    deal& d = bin->deals[kBad];
    duplicate_a_card(d.remainCards);
    const int rc_dds = dds().SolveBoard(d, bin->target[kBad], bin->solutions[kBad], 1, &f, 0);
    std::memset(solved.get(), 0x55, sizeof *solved);
    check(SolveAllBoardsBinSeq(bin.get(), solved.get()), rc_dds);
  }
  {
    SCOPED_TRACE("a PBN board with trump 7");
    dealPBN& d = pbn->deals[kBad];
    d.trump = 7;
    const int rc_dds = dds().SolveBoardPBN(d, pbn->target[kBad], pbn->solutions[kBad], 1, &f, 0);
    std::memset(solved.get(), 0x55, sizeof *solved);
    check(SolveAllBoardsSeq(pbn.get(), solved.get()), rc_dds);
  }
}

TEST(CapiDds3Batch, BatchChecksAsSolveAllBoards) {
  auto pbn = std::make_unique<boardsPBN>(cases().pbn);
  auto bin = std::make_unique<::boards>(cases().bin);
  auto a = std::make_unique<solvedBoards>(), b = std::make_unique<solvedBoards>();
  EXPECT_EQ(SolveAllBoardsSeq(nullptr, a.get()), RETURN_UNKNOWN_FAULT);
  EXPECT_EQ(SolveAllBoardsSeq(pbn.get(), nullptr), RETURN_UNKNOWN_FAULT);
  EXPECT_EQ(SolveAllBoardsBinSeq(nullptr, a.get()), RETURN_UNKNOWN_FAULT);
  EXPECT_EQ(SolveAllBoardsN(nullptr, a.get(), 2), RETURN_UNKNOWN_FAULT);
  EXPECT_EQ(SolveAllBoardsBinN(bin.get(), nullptr, 2), RETURN_UNKNOWN_FAULT);
  pbn->noOfBoards = bin->noOfBoards = MAXNOOFBOARDS + 1;
  const int too_many = dds().SolveAllBoards(pbn.get(), b.get());
  EXPECT_EQ(SolveAllBoardsSeq(pbn.get(), a.get()), too_many);
  EXPECT_EQ(SolveAllBoardsBinSeq(bin.get(), a.get()), too_many);
  EXPECT_EQ(SolveAllBoardsN(pbn.get(), a.get(), 1), too_many);
  EXPECT_EQ(SolveAllBoardsBinN(bin.get(), a.get(), 1), too_many);
  // A text without its seat fails the whole call, nothing solved.
  pbn->noOfBoards = 5;
  std::snprintf(pbn->deals[3].remainCards, sizeof pbn->deals[3].remainCards, "xx");
  const int no_seat = dds().SolveAllBoards(pbn.get(), b.get());
  EXPECT_EQ(no_seat, RETURN_PBN_FAULT);
  EXPECT_EQ(SolveAllBoardsSeq(pbn.get(), a.get()), no_seat);
  EXPECT_EQ(SolveAllBoardsN(pbn.get(), a.get(), 2), no_seat);
  // No boards.
  pbn->noOfBoards = 0;
  EXPECT_EQ(SolveAllBoardsSeq(pbn.get(), a.get()), RETURN_NO_FAULT);
  EXPECT_EQ(a->noOfBoards, 0);
}

ddTableDealPBN pbn_table_deal(const RefDeal& d) {
  ddTableDealPBN out{};
  std::snprintf(out.cards, sizeof out.cards, "%s", d.pbn.c_str());
  return out;
}

TEST(CapiDds3Batch, CalcDDtableNGivesGoldenTablesWithEveryThreadCount) {
  for (const int threads : kThreadCounts) {
    const RefDeal& d =
        golden_deals().at(static_cast<std::size_t>(threads + 1) % golden_deals().size());
    SCOPED_TRACE("golden deal " + std::to_string(d.number) + " maxThreads " +
                 std::to_string(threads));
    ddTableResults got{};
    ASSERT_EQ(CalcDDtableN(to_c_table_deal(d.deal()), &got, threads), RETURN_NO_FAULT);
    EXPECT_EQ(table_text(got), table_text(to_c_table_results(d.table)));
    got = ddTableResults{};
    ASSERT_EQ(CalcDDtablePBNN(pbn_table_deal(d), &got, threads), RETURN_NO_FAULT);
    EXPECT_EQ(table_text(got), table_text(to_c_table_results(d.table)));
  }
  // Refusals: CalcDDtable's (DDS 2.9's does not check its cards).
  ddTableResults t{};
  ddTableDeal bad = to_c_table_deal(golden_deals().at(0).deal());
  for (unsigned& suit : bad.cards[3])  // West a card short
    if (suit != 0) {
      suit &= suit - 1;
      break;
    }
  EXPECT_EQ(CalcDDtableN(bad, &t, 2), RETURN_CARD_COUNT);
  EXPECT_EQ(CalcDDtableN(bad, nullptr, 2), RETURN_UNKNOWN_FAULT);
}

// DDS's Par() of a golden table.
parResults dds_par(const RefDeal& d, int vulnerability) {
  ddTableResults t = to_c_table_results(d.table);
  parResults p{};
  EXPECT_EQ(dds().Par(&t, &p, vulnerability), RETURN_NO_FAULT);
  return p;
}

void expect_same_par(const parResults& got, const parResults& want) {
  for (int k = 0; k < 2; ++k) {
    EXPECT_STREQ(got.parScore[k], want.parScore[k]);
    EXPECT_STREQ(got.parContractsString[k], want.parContractsString[k]);
  }
}

TEST(CapiDds3Batch, CalcAllTablesNGivesGoldenTablesWithEveryThreadCount) {
  constexpr int kTables = 3;
  constexpr int kVulnerability = 2;
  auto bin = std::make_unique<ddTableDeals>();
  auto pbn = std::make_unique<ddTableDealsPBN>();
  bin->noOfTables = pbn->noOfTables = kTables;
  for (int i = 0; i < kTables; ++i) {
    bin->deals[i] = to_c_table_deal(golden_deals().at(10 + i).deal());
    pbn->deals[i] = pbn_table_deal(golden_deals().at(10 + i));
  }
  int all[DDS_STRAINS] = {0, 0, 0, 0, 0};
  auto res = std::make_unique<ddTablesRes>();
  auto par = std::make_unique<allParResults>();
  for (const int threads : kThreadCounts) {
    SCOPED_TRACE("maxThreads " + std::to_string(threads));
    std::memset(res.get(), 0x55, sizeof *res);
    const bool use_pbn = threads % 2 == 0;
    ASSERT_EQ(use_pbn
                  ? CalcAllTablesPBNN(pbn.get(), kVulnerability, all, res.get(), par.get(), threads)
                  : CalcAllTablesN(bin.get(), kVulnerability, all, res.get(), par.get(), threads),
              RETURN_NO_FAULT);
    EXPECT_EQ(res->noOfBoards, kTables * DDS_STRAINS * DDS_HANDS);
    for (int i = 0; i < kTables; ++i) {
      const RefDeal& d = golden_deals().at(10 + static_cast<std::size_t>(i));
      EXPECT_EQ(table_text(res->results[i]), table_text(to_c_table_results(d.table)));
      expect_same_par(par->presults[i], dds_par(d, kVulnerability));
    }
  }
  // The checks are CalcAllTables': as DDS's.
  auto other = std::make_unique<ddTablesRes>();
  int none[DDS_STRAINS] = {1, 1, 1, 1, 1};
  EXPECT_EQ(CalcAllTablesN(bin.get(), -1, none, res.get(), nullptr, 2),
            dds().CalcAllTables(bin.get(), -1, none, other.get(), nullptr));
  bin->noOfTables = MAXNOOFTABLES + 1;
  for (int i = 0; i < bin->noOfTables; ++i)
    bin->deals[i] = to_c_table_deal(golden_deals().at(0).deal());
  EXPECT_EQ(CalcAllTablesN(bin.get(), -1, all, res.get(), nullptr, 2),
            dds().CalcAllTables(bin.get(), -1, all, other.get(), nullptr));
  EXPECT_EQ(CalcAllTablesPBNN(nullptr, -1, all, res.get(), nullptr, 2), RETURN_UNKNOWN_FAULT);
}

// More deals than CalcAllTables holds (MAXNOOFTABLES with every strain).
constexpr int kManyDeals = MAXNOOFTABLES + 5;

TEST(CapiDds3Batch, CalcAllTablesXTakesMoreThanFortyDeals) {
  constexpr int kVulnerability = 3;
  std::vector<ddTableDeal> deals;
  for (int i = 0; i < kManyDeals; ++i)
    deals.push_back(to_c_table_deal(golden_deals().at(static_cast<std::size_t>(i)).deal()));
  std::vector<ddTableResults> results(kManyDeals);
  std::vector<parResults> par(kManyDeals);
  const int all[DDS_STRAINS] = {0, 0, 0, 0, 0};
  ASSERT_EQ(
      CalcAllTablesX(kManyDeals, deals.data(), kVulnerability, all, results.data(), par.data(), 2),
      RETURN_NO_FAULT);
  for (int i = 0; i < kManyDeals; ++i) {
    const RefDeal& d = golden_deals().at(static_cast<std::size_t>(i));
    SCOPED_TRACE("golden deal " + std::to_string(d.number));
    EXPECT_EQ(table_text(results[static_cast<std::size_t>(i)]),
              table_text(to_c_table_results(d.table)));
    expect_same_par(par[static_cast<std::size_t>(i)], dds_par(d, kVulnerability));
  }
}

TEST(CapiDds3Batch, CalcAllTablesPbnXWithAStrainFilter) {
  // No trump and spades only: par is not computed (it needs every strain)
  // and may be NULL; the other strains' entries are left alone.
  std::vector<ddTableDealPBN> deals;
  for (int i = 0; i < kManyDeals; ++i)
    deals.push_back(pbn_table_deal(golden_deals().at(static_cast<std::size_t>(50 + i))));
  const int filter[DDS_STRAINS] = {0, 1, 1, 1, 0};
  std::vector<ddTableResults> results(kManyDeals);
  std::memset(results.data(), 0x7f, results.size() * sizeof results[0]);
  ASSERT_EQ(CalcAllTablesPBNX(kManyDeals, deals.data(), 0, filter, results.data(), nullptr, 0),
            RETURN_NO_FAULT);
  for (int i = 0; i < kManyDeals; ++i) {
    const RefDeal& d = golden_deals().at(static_cast<std::size_t>(50 + i));
    SCOPED_TRACE("golden deal " + std::to_string(d.number));
    ddTableResults want = to_c_table_results(d.table);
    for (const int s : {1, 2, 3})
      for (int h = 0; h < DDS_HANDS; ++h) want.resTable[s][h] = 0x7f7f7f7f;
    EXPECT_EQ(table_text(results[static_cast<std::size_t>(i)]), table_text(want));
  }
}

TEST(CapiDds3Batch, CalcAllTablesXChecks) {
  std::vector<ddTableDeal> deals;
  std::vector<ddTableDealPBN> texts;
  for (int i = 0; i < kManyDeals; ++i) {
    deals.push_back(to_c_table_deal(golden_deals().at(static_cast<std::size_t>(i)).deal()));
    texts.push_back(pbn_table_deal(golden_deals().at(static_cast<std::size_t>(i))));
  }
  std::vector<ddTableResults> results(kManyDeals);
  std::vector<parResults> par(kManyDeals);
  const int all[DDS_STRAINS] = {0, 0, 0, 0, 0};
  const int none[DDS_STRAINS] = {1, 1, 1, 1, 1};
  ddTableResults* const r = results.data();
  EXPECT_EQ(CalcAllTablesX(-1, deals.data(), -1, all, r, nullptr, 2), RETURN_TOO_MANY_TABLES);
  EXPECT_EQ(CalcAllTablesX(0, nullptr, -1, nullptr, nullptr, nullptr, 2), RETURN_NO_FAULT);
  EXPECT_EQ(CalcAllTablesPBNX(0, nullptr, 1, nullptr, nullptr, nullptr, 2), RETURN_NO_FAULT);
  EXPECT_EQ(CalcAllTablesX(1, nullptr, -1, all, r, nullptr, 2), RETURN_UNKNOWN_FAULT);
  EXPECT_EQ(CalcAllTablesX(1, deals.data(), -1, nullptr, r, nullptr, 2), RETURN_UNKNOWN_FAULT);
  EXPECT_EQ(CalcAllTablesX(1, deals.data(), -1, all, nullptr, nullptr, 2), RETURN_UNKNOWN_FAULT);
  EXPECT_EQ(CalcAllTablesX(1, deals.data(), -1, none, r, nullptr, 2), RETURN_NO_SUIT);
  EXPECT_EQ(CalcAllTablesX(INT_MAX, deals.data(), -1, all, r, nullptr, 2), RETURN_TOO_MANY_TABLES);
  // Par asked for (mode 0..3, every strain) but nowhere to put it.
  EXPECT_EQ(CalcAllTablesX(1, deals.data(), 1, all, r, nullptr, 2), RETURN_UNKNOWN_FAULT);
  EXPECT_EQ(CalcAllTablesPBNX(1, texts.data(), 0, all, r, nullptr, 2), RETURN_UNKNOWN_FAULT);

  // A deal refused, past the 40th: CalcDDtable's code, nothing written.
  constexpr int kBad = MAXNOOFTABLES + 2;
  ddTableResults t{};
  duplicate_a_card(deals[kBad].cards);
  std::memset(results.data(), 0x7f, results.size() * sizeof results[0]);
  EXPECT_EQ(CalcAllTablesX(kManyDeals, deals.data(), -1, all, r, nullptr, 2),
            RETURN_DUPLICATE_CARDS);
  EXPECT_EQ(results[0].resTable[0][0], 0x7f7f7f7f);
  // A PBN text without its seat: RETURN_PBN_FAULT; one with a fifth hand:
  // the reader's code (dll.h).
  std::snprintf(texts[kBad].cards, sizeof texts[kBad].cards, "%s", "AK.. QJ.. T9.. 87..");
  EXPECT_EQ(CalcAllTablesPBNX(kManyDeals, texts.data(), -1, all, r, nullptr, 2), RETURN_PBN_FAULT);
  ddTableDealPBN fifth = pbn_table_deal(golden_deals().at(0));
  std::strcat(fifth.cards, " A");
  texts[kBad] = fifth;
  EXPECT_EQ(CalcAllTablesPBNX(kManyDeals, texts.data(), -1, all, r, nullptr, 2),
            CalcDDtablePBN(fifth, &t));
}

}  // namespace
}  // namespace ddtb::test
