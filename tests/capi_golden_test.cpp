// Hand lists with DDS's answers through the C API, checked line by line as
// DDS's test program checks them: FUT with SolveBoard (cards of equal score
// in any order, see dll.h), TABLE with CalcDDtable and with CalcAllTables,
// PAR with Par, PAR2 with DealerPar, PLAY/TRACE with AnalysePlayBin and
// AnalysePlayPBN. The lists: the project's own tests/data/golden/deals.txt,
// and DDS's list100.txt when DDTB_REF_DIR holds it (skipped when not);
// list1000.txt when built with DDTB_GOLDEN_LONG (the `long` label).
//
// Then the rest of the project's golden data: the positions of
// positions.txt with SolveBoard's solutions 1, 2 and 3, and par.txt with
// every par entry point for every vulnerability and dealer.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "ddtb/dll.h"
#include "tests/support/capi_compare.hpp"
#include "tests/support/golden_data.hpp"
#include "tests/support/par_lines.hpp"
#include "tests/support/ref_file.hpp"
#include "tests/support/ref_skip.hpp"

namespace ddtb::test {
namespace {

struct HandList {
  const char* name;  // in the test names
  const char* file;
  bool dds;  // DDS's, in DDTB_REF_DIR (optional); else the project's
};
constexpr HandList kOwnDeals{"OwnDeals", "deals.txt", false};
constexpr HandList kList100{"List100", "list100.txt", true};
constexpr HandList kList1000{"List1000", "list1000.txt", true};

// How GoogleTest shows a parameter (in test listings, with the test's name).
void PrintTo(const HandList& list, std::ostream* os) {
  *os << list.file;
}

// Test names differ between the two programs: CTest applies properties
// (the `long` label) by name.
#ifdef DDTB_GOLDEN_LONG
#define CAPI_GOLDEN CapiGoldenLong
#else
#define CAPI_GOLDEN CapiGolden
#endif

class CAPI_GOLDEN : public ::testing::TestWithParam<HandList> {
 protected:
  void SetUp() override {
    if (GetParam().dds) DDTB_SKIP_WITHOUT_REF(GetParam().file);
  }

  // The list's deals, read once per process; an empty list (and a failure)
  // when the file is unusable.
  const std::vector<RefDeal>& deals() const {
    static std::map<std::string, std::vector<RefDeal>> cache;
    const HandList& list = GetParam();
    auto it = cache.find(list.file);
    if (it == cache.end()) {
      auto r = list.dds ? read_ref_file(ref_path(list.file)) : read_golden_deals();
      if (!r) ADD_FAILURE() << r.error().message;
      it = cache.emplace(list.file, r ? std::move(*r) : std::vector<RefDeal>{}).first;
    }
    return it->second;
  }
};

TEST_P(CAPI_GOLDEN, FileIsThere) {
  ASSERT_FALSE(deals().empty());
}

TEST_P(CAPI_GOLDEN, FutWithSolveBoard) {
  for (const RefDeal& d : deals()) {
    SCOPED_TRACE("deal " + std::to_string(d.number) + " line " + std::to_string(d.line));
    futureTricks fut{};
    ASSERT_EQ(SolveBoard(to_c_deal(d.start()), -1, 3, 1, &fut, 0), RETURN_NO_FAULT);
    EXPECT_EQ(compare_ignoring_tie_order(groups_of(fut), d.fut), "");
  }
}

TEST_P(CAPI_GOLDEN, FutWithSolveBoardPbn) {
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

TEST_P(CAPI_GOLDEN, TableWithCalcDDtable) {
  for (const RefDeal& d : deals()) {
    SCOPED_TRACE("deal " + std::to_string(d.number));
    ddTableResults r{};
    ASSERT_EQ(CalcDDtable(to_c_table_deal(d.deal()), &r), RETURN_NO_FAULT);
    EXPECT_EQ(table_text(r), table_text(to_c_table_results(d.table)));
  }
}

TEST_P(CAPI_GOLDEN, TableWithCalcAllTablesPbnAndPar) {
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

TEST_P(CAPI_GOLDEN, TableWithCalcAllTablesBinary) {
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

TEST_P(CAPI_GOLDEN, ParWithPar) {
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

TEST_P(CAPI_GOLDEN, Par2WithDealerPar) {
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

TEST_P(CAPI_GOLDEN, TraceWithAnalysePlayBin) {
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

TEST_P(CAPI_GOLDEN, TraceWithAnalysePlayPbn) {
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

std::string list_name(const ::testing::TestParamInfo<HandList>& info) {
  return info.param.name;
}

#ifdef DDTB_GOLDEN_LONG
INSTANTIATE_TEST_SUITE_P(DdsHands, CAPI_GOLDEN, ::testing::Values(kList1000), list_name);
#else
INSTANTIATE_TEST_SUITE_P(Lists, CAPI_GOLDEN, ::testing::Values(kOwnDeals, kList100), list_name);

// --- the rest of the project's golden data -----------------------------------

const std::vector<GoldenSolve>& solves() {
  static const std::vector<GoldenSolve> all = [] {
    auto r = read_golden_solves(golden_path("positions.txt"), golden_deals());
    if (!r) ADD_FAILURE() << r.error().message;
    return r ? std::move(*r) : std::vector<GoldenSolve>{};
  }();
  return all;
}

// DDS's solutions-3 answer for the position of `s`.
const std::vector<RefCardGroup>& all_cards(const GoldenSolve& s) {
  for (const GoldenSolve& g : solves())
    if (g.deal == s.deal && g.played == s.played && g.solutions == 3) return g.groups;
  ADD_FAILURE() << "no solutions-3 line for deal " << s.deal << " after " << s.played;
  return s.groups;
}

// SolveBoard, and SolveBoardPBN on the first deals' positions (it differs
// in the deal reader alone), give every line's answer as dll.h says they
// must.
TEST(CapiGoldenPositions, SolveBoardGivesEachLine) {
  ASSERT_FALSE(solves().empty());
  constexpr int kPbnDeals = 10;
  for (const GoldenSolve& s : solves()) {
    SCOPED_TRACE("positions.txt line " + std::to_string(s.line));
    const auto p = position_after(golden_deals()[std::size_t(s.deal - 1)], s.played);
    ASSERT_TRUE(p) << p.error().message;
    const futureTricks want = to_future_tricks(s.groups);
    futureTricks ours{};
    ASSERT_EQ(SolveBoard(to_c_deal(*p), -1, s.solutions, 1, &ours, 0), RETURN_NO_FAULT);
    EXPECT_EQ(compare_answers(ours, want, all_cards(s), -1, s.solutions), "");
    if (s.deal > kPbnDeals) continue;
    ours = futureTricks{};
    ASSERT_EQ(SolveBoardPBN(to_c_deal_pbn(*p), -1, s.solutions, 1, &ours, 0), RETURN_NO_FAULT);
    EXPECT_EQ(compare_answers(ours, want, all_cards(s), -1, s.solutions), "");
  }
}

// Every par entry point gives par.txt's lines byte for byte, but for
// DealerParBin where DealerPar shows a pre-emptive sacrifice (dll.h: ddtb
// differs there on purpose).
TEST(CapiGoldenPar, EveryParFunctionGivesEachLine) {
  const auto groups = read_golden_par(golden_path("par.txt"));
  ASSERT_TRUE(groups) << groups.error().message;
  ASSERT_FALSE(groups->empty());
  const ParCalls ddtb{&Par,
                      &DealerPar,
                      &SidesPar,
                      &DealerParBin,
                      &SidesParBin,
                      &ConvertToDealerTextFormat,
                      &ConvertToSidesTextFormat};
  for (const GoldenParGroup& g : *groups) {
    SCOPED_TRACE("par.txt line " + std::to_string(g.line));
    ASSERT_LE(g.deal, static_cast<int>(golden_deals().size()));
    const RefDeal& d = golden_deals()[std::size_t(g.deal - 1)];
    const std::vector<std::string> ours =
        par_lines(ddtb, g.deal, to_c_table_results(d.table), g.vulnerability);
    ASSERT_EQ(ours.size(), g.lines.size());
    bool preemptive = false;
    for (std::size_t i = 0; i < ours.size(); ++i) {
      const std::string& want = g.lines[i];
      if (want.rfind("DEALERPAR ", 0) == 0) preemptive = has_preemptive_sacrifice(want);
      if (want.rfind("DEALERPARBIN ", 0) == 0 && preemptive) continue;
      EXPECT_EQ(ours[i], want);
    }
  }
}
#endif

}  // namespace
}  // namespace ddtb::test
