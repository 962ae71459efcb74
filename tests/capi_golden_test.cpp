// DDS's own test hands through the C API, checked line by line as DDS's test
// program checks them: FUT with SolveBoard (cards of equal score in any
// order, see dll.h), TABLE with CalcDDtable and with CalcAllTables, PAR with
// Par, PAR2 with DealerPar, PLAY/TRACE with AnalysePlayBin and
// AnalysePlayPBN. list100.txt by default; list1000.txt when built with
// DDTB_GOLDEN_LONG (the `long` label).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "ddtb/dll.h"
#include "tests/support/capi_compare.hpp"
#include "tests/support/ref_file.hpp"

namespace ddtb::test {
namespace {

// Test names differ between the two programs: CTest applies properties
// (the `long` label) by name.
#ifdef DDTB_GOLDEN_LONG
constexpr const char* kFile = "list1000.txt";
#define CAPI_GOLDEN CapiGoldenLong
#else
constexpr const char* kFile = "list100.txt";
#define CAPI_GOLDEN CapiGolden
#endif

const std::vector<RefDeal>& deals() {
  static const std::vector<RefDeal> all = [] {
    auto r = read_ref_file(ref_path(kFile));
    if (!r) {
      ADD_FAILURE() << r.error().message;
      return std::vector<RefDeal>{};
    }
    return std::move(*r);
  }();
  return all;
}

TEST(CAPI_GOLDEN, FileIsThere) {
  ASSERT_FALSE(deals().empty());
}

TEST(CAPI_GOLDEN, FutWithSolveBoard) {
  for (const RefDeal& d : deals()) {
    SCOPED_TRACE("deal " + std::to_string(d.number) + " line " + std::to_string(d.line));
    futureTricks fut{};
    ASSERT_EQ(SolveBoard(to_c_deal(d.start()), -1, 3, 1, &fut, 0), RETURN_NO_FAULT);
    EXPECT_EQ(compare_ignoring_tie_order(groups_of(fut), d.fut), "");
  }
}

TEST(CAPI_GOLDEN, FutWithSolveBoardPbn) {
  // The PBN route on the first deals only: it differs from the binary one
  // in the deal reader alone.
  for (std::size_t i = 0; i < std::min<std::size_t>(deals().size(), 10); ++i) {
    const RefDeal& d = deals()[i];
    SCOPED_TRACE("deal " + std::to_string(d.number));
    futureTricks fut{};
    ASSERT_EQ(SolveBoardPBN(to_c_deal_pbn(d.start()), -1, 3, 1, &fut, 0), RETURN_NO_FAULT);
    EXPECT_EQ(compare_ignoring_tie_order(groups_of(fut), d.fut), "");
  }
}

TEST(CAPI_GOLDEN, TableWithCalcDDtable) {
  for (const RefDeal& d : deals()) {
    SCOPED_TRACE("deal " + std::to_string(d.number));
    ddTableResults r{};
    ASSERT_EQ(CalcDDtable(to_c_table_deal(d.deal()), &r), RETURN_NO_FAULT);
    EXPECT_EQ(table_text(r), table_text(to_c_table_results(d.table)));
  }
}

TEST(CAPI_GOLDEN, TableWithCalcAllTablesPbnAndPar) {
  // Batches of MAXNOOFTABLES deals with every strain, par on: tables and
  // the Par() strings in one call (vulnerability of the batch's first deal
  // is not per deal, so par is checked with the deals of that vulnerability
  // only).
  static ddTableDealsPBN in;
  static ddTablesRes out;
  static allParResults par;
  const auto& all = deals();
  for (std::size_t start = 0; start < all.size(); start += MAXNOOFTABLES) {
    const std::size_t n = std::min<std::size_t>(MAXNOOFTABLES, all.size() - start);
    std::memset(&in, 0, sizeof in);
    in.noOfTables = static_cast<int>(n);
    for (std::size_t i = 0; i < n; ++i)
      std::snprintf(in.deals[i].cards, sizeof in.deals[i].cards, "%s", all[start + i].pbn.c_str());
    int filter[DDS_STRAINS] = {0, 0, 0, 0, 0};
    const int vul = all[start].vulnerability;
    ASSERT_EQ(CalcAllTablesPBN(&in, vul, filter, &out, &par), RETURN_NO_FAULT);
    EXPECT_EQ(out.noOfBoards, static_cast<int>(n) * 20);
    for (std::size_t i = 0; i < n; ++i) {
      const RefDeal& d = all[start + i];
      SCOPED_TRACE("deal " + std::to_string(d.number));
      EXPECT_EQ(table_text(out.results[i]), table_text(to_c_table_results(d.table)));
      if (d.vulnerability != vul) continue;
      EXPECT_EQ(std::string(par.presults[i].parScore[0]), "NS " + std::to_string(d.par.ns_score));
      EXPECT_EQ(std::string(par.presults[i].parScore[1]), "EW " + std::to_string(d.par.ew_score));
      EXPECT_EQ(std::string(par.presults[i].parContractsString[0]), "NS:" + d.par.ns_contracts);
      EXPECT_EQ(std::string(par.presults[i].parContractsString[1]), "EW:" + d.par.ew_contracts);
    }
  }
}

TEST(CAPI_GOLDEN, TableWithCalcAllTablesBinary) {
  // The binary route on one batch (the solving is the PBN route's).
  static ddTableDeals in;
  static ddTablesRes out;
  const auto& all = deals();
  for (std::size_t start = 0; start < std::min<std::size_t>(all.size(), 1);
       start += MAXNOOFTABLES) {
    const std::size_t n = std::min<std::size_t>(MAXNOOFTABLES, all.size() - start);
    in.noOfTables = static_cast<int>(n);
    for (std::size_t i = 0; i < n; ++i) in.deals[i] = to_c_table_deal(all[start + i].deal());
    int filter[DDS_STRAINS] = {0, 0, 0, 0, 0};
    ASSERT_EQ(CalcAllTables(&in, -1, filter, &out, nullptr), RETURN_NO_FAULT);
    for (std::size_t i = 0; i < n; ++i) {
      SCOPED_TRACE("deal " + std::to_string(all[start + i].number));
      EXPECT_EQ(table_text(out.results[i]), table_text(to_c_table_results(all[start + i].table)));
    }
  }
}

TEST(CAPI_GOLDEN, ParWithPar) {
  for (const RefDeal& d : deals()) {
    SCOPED_TRACE("deal " + std::to_string(d.number));
    ddTableResults t = to_c_table_results(d.table);
    parResults p{};
    ASSERT_EQ(Par(&t, &p, d.vulnerability), RETURN_NO_FAULT);
    EXPECT_EQ(std::string(p.parScore[0]), "NS " + std::to_string(d.par.ns_score));
    EXPECT_EQ(std::string(p.parScore[1]), "EW " + std::to_string(d.par.ew_score));
    EXPECT_EQ(std::string(p.parContractsString[0]), "NS:" + d.par.ns_contracts);
    EXPECT_EQ(std::string(p.parContractsString[1]), "EW:" + d.par.ew_contracts);
  }
}

TEST(CAPI_GOLDEN, Par2WithDealerPar) {
  for (const RefDeal& d : deals()) {
    SCOPED_TRACE("deal " + std::to_string(d.number));
    ddTableResults t = to_c_table_results(d.table);
    parResultsDealer p{};
    ASSERT_EQ(DealerPar(&t, &p, d.dealer, d.vulnerability), RETURN_NO_FAULT);
    std::vector<std::string> got;
    for (int i = 0; i < p.number; ++i) got.emplace_back(p.contracts[i]);
    if (got == std::vector<std::string>{"pass"}) continue;  // score left as it was
    EXPECT_EQ(p.score, d.dealer_par.score);
    EXPECT_EQ(got, d.dealer_par.contracts);
  }
}

void check_trace(const RefDeal& d, const solvedPlay& s) {
  std::vector<int> got(s.tricks, s.tricks + std::clamp(s.number, 0, 53));
  EXPECT_EQ(got, d.trace);
}

TEST(CAPI_GOLDEN, TraceWithAnalysePlayBin) {
  for (const RefDeal& d : deals()) {
    SCOPED_TRACE("deal " + std::to_string(d.number));
    playTraceBin play{};
    play.number = static_cast<int>(d.play.size());
    for (std::size_t i = 0; i < d.play.size(); ++i) {
      play.suit[i] = to_int(d.play[i].suit);
      play.rank[i] = d.play[i].rank;
    }
    solvedPlay s{};
    ASSERT_EQ(AnalysePlayBin(to_c_deal(d.start()), play, &s, 0), RETURN_NO_FAULT);
    check_trace(d, s);
  }
}

TEST(CAPI_GOLDEN, TraceWithAnalysePlayPbn) {
  // The PBN route on the first deals (the analysis is the binary one's).
  for (std::size_t i = 0; i < std::min<std::size_t>(deals().size(), 10); ++i) {
    const RefDeal& d = deals()[i];
    SCOPED_TRACE("deal " + std::to_string(d.number));
    playTracePBN play{};
    play.number = static_cast<int>(d.play.size());
    std::string text;
    for (const Card c : d.play) text += to_string(c);
    std::snprintf(play.cards, sizeof play.cards, "%s", text.c_str());
    solvedPlay s{};
    ASSERT_EQ(AnalysePlayPBN(to_c_deal_pbn(d.start()), play, &s, 0), RETURN_NO_FAULT);
    check_trace(d, s);
  }
}

}  // namespace
}  // namespace ddtb::test
