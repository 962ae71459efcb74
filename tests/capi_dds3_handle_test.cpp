// DDS 3.1's handle API (include/ddtb/dds_c_api.h) against the real libdds
// 2.9: dds_c_solve_board* against SolveBoard on random positions (every
// target / solutions / mode combination) and on the project's golden deals
// (tests/data/golden), the DD table and par calls against their tables and
// DDS's Par, the
// context-free utilities against DDS's par functions; then what is the
// handle's own: its table warm across calls (node counts, which are
// deterministic), its configuration calls, creation arguments, NULL
// arguments, and the C API's endgame tables.
#include <gtest/gtest.h>

#include <array>
#include <climits>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "ddtb/dds_c_api.h"
#include "ddtb/dll.h"
#include "tests/support/capi_compare.hpp"
#include "tests/support/dds_c_api.hpp"
#include "tests/support/golden_data.hpp"
#include "tests/support/random.hpp"
#include "tests/support/small_tables.hpp"

namespace ddtb::test {
namespace {

const DdsCApi& dds() {
  return DdsCApi::get();
}

// A handle released at the end of its scope.
struct HandleDeleter {
  void operator()(void* ctx) const { dds_c_destroy_solvercontext(ctx); }
};
using Handle = std::unique_ptr<void, HandleDeleter>;

Handle make_handle() {
  Handle h(dds_c_create_solvercontext_default());
  EXPECT_NE(h.get(), nullptr);
  return h;
}

constexpr std::uint64_t kSeed = 3100;
constexpr int kPositions = 60;

Position random_case(Rng& rng) {
  const int tricks = 3 + static_cast<int>(rng.below(6));
  const int played = static_cast<int>(rng.below(4));
  const Strain strain = strain_from_int(static_cast<int>(rng.below(5)));
  const Seat leader = seat_from_int(static_cast<int>(rng.below(4)));
  return random_position(rng, tricks, played, strain, leader);
}

TEST(CapiDds3Handle, SolveBoardMatchesDdsOnRandomPositions) {
  // One handle for all of them: its table stays warm from one to the next.
  const Handle h = make_handle();
  Rng rng(kSeed);
  int calls = 0;
  for (int n = 0; n < kPositions; ++n) {
    const Position p = random_case(rng);
    SCOPED_TRACE("seed " + std::to_string(kSeed) + " position " + std::to_string(n));
    const deal dl = to_c_deal(p);
    const dealPBN pbn = to_c_deal_pbn(p);
    const SolveCall binary = [&](const deal& d, int t, int s, int m, futureTricks* f) {
      return dds_c_solve_board(h.get(), &d, t, s, m, f);
    };
    const SolveCall text = [&](const deal&, int t, int s, int m, futureTricks* f) {
      return dds_c_solve_board_pbn(h.get(), &pbn, t, s, m, f);
    };
    // Every other position through the PBN form.
    EXPECT_EQ(compare_every_combination(dl, calls, n % 2 == 0 ? binary : text), "");
  }
  EXPECT_GT(calls, kPositions * 20);
}

TEST(CapiDds3Handle, SolveBoardGivesGoldenFut) {
  const Handle h = make_handle();
  for (std::size_t i = 0; i < 10 && i < golden_deals().size(); ++i) {
    const RefDeal& d = golden_deals()[i];
    SCOPED_TRACE("golden deal " + std::to_string(d.number));
    futureTricks fut{};
    const deal dl = to_c_deal(d.start());
    ASSERT_EQ(dds_c_solve_board(h.get(), &dl, -1, 3, 1, &fut), RETURN_NO_FAULT);
    EXPECT_EQ(compare_ignoring_tie_order(groups_of(fut), d.fut), "");
  }
}

TEST(CapiDds3Handle, TablesAndParGiveGoldenTablesAndDdsPar) {
  const Handle h = make_handle();
  for (std::size_t i = 0; i < 8 && i < golden_deals().size(); ++i) {
    const RefDeal& d = golden_deals()[i];
    SCOPED_TRACE("golden deal " + std::to_string(d.number));
    const ddTableResults want = to_c_table_results(d.table);
    const ddTableDeal bin = to_c_table_deal(d.deal());
    ddTableDealPBN pbn{};
    std::snprintf(pbn.cards, sizeof pbn.cards, "%s", d.pbn.c_str());
    ddTableResults got{};
    parResults par{}, dds_par{};
    ddTableResults copy = want;
    ASSERT_EQ(dds().Par(&copy, &dds_par, d.vulnerability), RETURN_NO_FAULT);
    // Each of the four calls in turn on alternate deals, the rest on all.
    if (i % 2 == 0) {
      ASSERT_EQ(dds_c_calc_dd_table(h.get(), &bin, &got), RETURN_NO_FAULT);
    } else {
      ASSERT_EQ(dds_c_calc_dd_table_pbn(h.get(), &pbn, &got), RETURN_NO_FAULT);
    }
    EXPECT_EQ(table_text(got), table_text(want));
    got = ddTableResults{};
    const int rc = i % 2 == 0 ? dds_c_calc_par(h.get(), &bin, d.vulnerability, &got, &par)
                              : dds_c_calc_par_pbn(h.get(), &pbn, d.vulnerability, &got, &par);
    ASSERT_EQ(rc, RETURN_NO_FAULT);
    EXPECT_EQ(table_text(got), table_text(want));
    for (int k = 0; k < 2; ++k) {
      EXPECT_STREQ(par.parScore[k], dds_par.parScore[k]);
      EXPECT_STREQ(par.parContractsString[k], dds_par.parContractsString[k]);
    }
  }
}

TEST(CapiDds3Handle, TablesMatchDdsOnRandomDeals) {
  const Handle h = make_handle();
  constexpr std::uint64_t kDealSeed = 3101;
  Rng rng(kDealSeed);
  for (int n = 0; n < 3; ++n) {
    SCOPED_TRACE("seed " + std::to_string(kDealSeed) + " deal " + std::to_string(n));
    const ddTableDeal d = to_c_table_deal(random_deal(rng));
    ddTableResults ours{}, theirs{};
    ASSERT_EQ(dds().CalcDDtable(d, &theirs), RETURN_NO_FAULT);
    ASSERT_EQ(dds_c_calc_dd_table(h.get(), &d, &ours), RETURN_NO_FAULT);
    EXPECT_EQ(table_text(ours), table_text(theirs));
  }
}

// Input checks come out as SolveBoard's and CalcDDtable's.
TEST(CapiDds3Handle, RefusalsAreDdsCodes) {
  const Handle h = make_handle();
  Rng rng(kSeed + 2);
  const deal good = to_c_deal(random_case(rng));
  futureTricks ours{}, theirs{};
  for (const auto& [target, solutions, mode] : std::vector<std::array<int, 3>>{
           {-2, 1, 1}, {14, 1, 1}, {-1, 0, 1}, {-1, 4, 1}, {-1, 1, -1}, {-1, 1, 3}}) {
    SCOPED_TRACE(std::to_string(target) + " " + std::to_string(solutions) + " " +
                 std::to_string(mode));
    EXPECT_EQ(dds_c_solve_board(h.get(), &good, target, solutions, mode, &ours),
              dds().SolveBoard(good, target, solutions, mode, &theirs, 0));
  }
  deal bad = good;
  bad.trump = 5;
  EXPECT_EQ(dds_c_solve_board(h.get(), &bad, -1, 1, 1, &ours),
            dds().SolveBoard(bad, -1, 1, 1, &theirs, 0));
  bad = good;
  duplicate_a_card(bad.remainCards);
  EXPECT_EQ(dds_c_solve_board(h.get(), &bad, -1, 1, 1, &ours),
            dds().SolveBoard(bad, -1, 1, 1, &theirs, 0));
  dealPBN pbn{};
  std::snprintf(pbn.remainCards, sizeof pbn.remainCards, "AKQ.. QJ.. T9.. 87..");
  EXPECT_EQ(dds_c_solve_board_pbn(h.get(), &pbn, -1, 1, 1, &ours), RETURN_PBN_FAULT);
  EXPECT_EQ(dds().SolveBoardPBN(pbn, -1, 1, 1, &theirs, 0), RETURN_PBN_FAULT);

  ddTableDeal table_deal = to_c_table_deal(golden_deals().at(0).deal());
  duplicate_a_card(table_deal.cards);
  ddTableResults t1{}, t2{};
  EXPECT_EQ(dds_c_calc_dd_table(h.get(), &table_deal, &t1), dds().CalcDDtable(table_deal, &t2));
  ddTableDealPBN table_pbn{};
  std::snprintf(table_pbn.cards, sizeof table_pbn.cards, "X:...");
  EXPECT_EQ(dds_c_calc_dd_table_pbn(h.get(), &table_pbn, &t1), RETURN_PBN_FAULT);
  parResults par{};
  const ddTableDeal ok = to_c_table_deal(golden_deals().at(0).deal());
  EXPECT_EQ(dds_c_calc_par(h.get(), &ok, 4, &t1, &par), RETURN_UNKNOWN_FAULT);  // vulnerability
}

// Each utility is dll.h's function under DDS 3's name: the same answers as
// DDS's own on the golden deals' tables, with every dealer and vulnerability.
TEST(CapiDds3Handle, ContextFreeUtilitiesMatchDds) {
  for (std::size_t i = 0; i < 25 && i < golden_deals().size(); ++i) {
    const ddTableResults table = to_c_table_results(golden_deals()[i].table);
    ddTableResults copy = table;
    for (int vul = 0; vul < 4; ++vul) {
      SCOPED_TRACE("golden deal " + std::to_string(golden_deals()[i].number) + " vul " +
                   std::to_string(vul));
      parResults p1{}, p2{};
      ASSERT_EQ(dds_c_par_from_table(&table, vul, &p1), dds().Par(&copy, &p2, vul));
      EXPECT_EQ(std::memcmp(&p1, &p2, sizeof p1), 0);
      parResultsDealer s1[2]{}, s2[2]{};
      ASSERT_EQ(dds_c_sides_par(&table, s1, vul), dds().SidesPar(&copy, s2, vul));
      EXPECT_EQ(std::memcmp(s1, s2, sizeof s1), 0);
      parResultsMaster m1[2]{}, m2[2]{};
      ASSERT_EQ(dds_c_sides_par_bin(&table, m1, vul), dds().SidesParBin(&copy, m2, vul));
      EXPECT_EQ(std::memcmp(m1, m2, sizeof m1), 0);
      parTextResults x1{}, x2{};
      ASSERT_EQ(dds_c_convert_to_sides_text_format(m1, &x1),
                dds().ConvertToSidesTextFormat(m2, &x2));
      EXPECT_EQ(std::memcmp(&x1, &x2, sizeof x1), 0);
      for (int dealer = 0; dealer < 4; ++dealer) {
        SCOPED_TRACE("dealer " + std::to_string(dealer));
        parResultsDealer d1{}, d2{};
        ASSERT_EQ(dds_c_dealer_par(&table, &d1, dealer, vul),
                  dds().DealerPar(&copy, &d2, dealer, vul));
        EXPECT_EQ(std::memcmp(&d1, &d2, sizeof d1), 0);
        parResultsMaster b1{}, b2{};
        ASSERT_EQ(dds_c_dealer_par_bin(&table, &b1, dealer, vul),
                  dds().DealerParBin(&copy, &b2, dealer, vul));
        EXPECT_EQ(std::memcmp(&b1, &b2, sizeof b1), 0);
        char t1[512] = {}, t2[512] = {};
        ASSERT_EQ(dds_c_convert_to_dealer_text_format(&b1, t1),
                  dds().ConvertToDealerTextFormat(&b2, t2));
        EXPECT_STREQ(t1, t2);
      }
    }
  }
  // Refusals pass through: a vulnerability out of range.
  const ddTableResults table = to_c_table_results(golden_deals().at(0).table);
  parResults p{};
  EXPECT_EQ(dds_c_par_from_table(&table, 7, &p), RETURN_UNKNOWN_FAULT);
}

TEST(CapiDds3Handle, InfoAndErrorMessages) {
  DDSInfo a{}, b{};
  dds_c_get_dds_info(&a);
  GetDDSInfo(&b);
  EXPECT_EQ(std::memcmp(&a, &b, sizeof a), 0);
  for (int code = -510; code <= 2; ++code) {
    char ours[80] = {}, theirs[80] = {};
    dds_c_error_message(code, ours);
    if (code == RETURN_NO_TABLEBASE)
      ErrorMessage(code, theirs);  // ddtb's own code
    else
      dds().ErrorMessage(code, theirs);
    EXPECT_STREQ(ours, theirs) << "code " << code;
  }
}

TEST(CapiDds3Handle, NullArguments) {
  const Handle h = make_handle();
  const deal dl = to_c_deal(golden_deals().at(0).start());
  const dealPBN pbn = to_c_deal_pbn(golden_deals().at(0).start());
  const ddTableDeal td = to_c_table_deal(golden_deals().at(0).deal());
  ddTableDealPBN tpbn{};
  std::snprintf(tpbn.cards, sizeof tpbn.cards, "%s", golden_deals().at(0).pbn.c_str());
  futureTricks fut{};
  ddTableResults table{};
  parResults par{};
  constexpr int kFault = RETURN_UNKNOWN_FAULT;
  void* const ctx = h.get();

  EXPECT_EQ(dds_c_solve_board(nullptr, &dl, -1, 1, 1, &fut), kFault);
  EXPECT_EQ(dds_c_solve_board(ctx, nullptr, -1, 1, 1, &fut), kFault);
  EXPECT_EQ(dds_c_solve_board(ctx, &dl, -1, 1, 1, nullptr), kFault);
  EXPECT_EQ(dds_c_solve_board_pbn(nullptr, &pbn, -1, 1, 1, &fut), kFault);
  EXPECT_EQ(dds_c_solve_board_pbn(ctx, nullptr, -1, 1, 1, &fut), kFault);
  EXPECT_EQ(dds_c_solve_board_pbn(ctx, &pbn, -1, 1, 1, nullptr), kFault);
  EXPECT_EQ(dds_c_calc_dd_table(nullptr, &td, &table), kFault);
  EXPECT_EQ(dds_c_calc_dd_table(ctx, nullptr, &table), kFault);
  EXPECT_EQ(dds_c_calc_dd_table(ctx, &td, nullptr), kFault);
  EXPECT_EQ(dds_c_calc_dd_table_pbn(nullptr, &tpbn, &table), kFault);
  EXPECT_EQ(dds_c_calc_dd_table_pbn(ctx, nullptr, &table), kFault);
  EXPECT_EQ(dds_c_calc_dd_table_pbn(ctx, &tpbn, nullptr), kFault);
  EXPECT_EQ(dds_c_calc_par(nullptr, &td, 0, &table, &par), kFault);
  EXPECT_EQ(dds_c_calc_par(ctx, nullptr, 0, &table, &par), kFault);
  EXPECT_EQ(dds_c_calc_par(ctx, &td, 0, nullptr, &par), kFault);
  EXPECT_EQ(dds_c_calc_par(ctx, &td, 0, &table, nullptr), kFault);
  EXPECT_EQ(dds_c_calc_par_pbn(nullptr, &tpbn, 0, &table, &par), kFault);
  EXPECT_EQ(dds_c_calc_par_pbn(ctx, nullptr, 0, &table, &par), kFault);
  EXPECT_EQ(dds_c_calc_par_pbn(ctx, &tpbn, 0, nullptr, &par), kFault);
  EXPECT_EQ(dds_c_calc_par_pbn(ctx, &tpbn, 0, &table, nullptr), kFault);

  const ddTableResults t = to_c_table_results(golden_deals().at(0).table);
  parResultsDealer dealer{}, sides[2]{};
  parResultsMaster master{}, masters[2]{};
  parTextResults text{};
  char line[512];
  EXPECT_EQ(dds_c_par_from_table(nullptr, 0, &par), kFault);
  EXPECT_EQ(dds_c_par_from_table(&t, 0, nullptr), kFault);
  EXPECT_EQ(dds_c_sides_par(nullptr, sides, 0), kFault);
  EXPECT_EQ(dds_c_sides_par(&t, nullptr, 0), kFault);
  EXPECT_EQ(dds_c_dealer_par(nullptr, &dealer, 0, 0), kFault);
  EXPECT_EQ(dds_c_dealer_par(&t, nullptr, 0, 0), kFault);
  EXPECT_EQ(dds_c_dealer_par_bin(nullptr, &master, 0, 0), kFault);
  EXPECT_EQ(dds_c_dealer_par_bin(&t, nullptr, 0, 0), kFault);
  EXPECT_EQ(dds_c_sides_par_bin(nullptr, masters, 0), kFault);
  EXPECT_EQ(dds_c_sides_par_bin(&t, nullptr, 0), kFault);
  EXPECT_EQ(dds_c_convert_to_dealer_text_format(nullptr, line), kFault);
  EXPECT_EQ(dds_c_convert_to_dealer_text_format(&master, nullptr), kFault);
  EXPECT_EQ(dds_c_convert_to_sides_text_format(nullptr, &text), kFault);
  EXPECT_EQ(dds_c_convert_to_sides_text_format(masters, nullptr), kFault);

  // The void functions do nothing.
  dds_c_get_dds_info(nullptr);
  dds_c_error_message(RETURN_NO_FAULT, nullptr);
  dds_c_configure_tt(nullptr, 0, 8, 16);
  dds_c_resize_tt(nullptr, 8, 16);
  dds_c_clear_tt(nullptr);
  dds_c_reset_for_solve(nullptr);
  dds_c_destroy_solvercontext(nullptr);
  // The handle still works.
  EXPECT_EQ(dds_c_solve_board(ctx, &dl, -1, 1, 1, &fut), RETURN_NO_FAULT);
}

// The nodes and answer of one solve of `dl` (solutions 3) on `ctx`.
struct Solved {
  int nodes = 0;
  std::string answer;
};
Solved solve(void* ctx, const deal& dl) {
  futureTricks f{};
  EXPECT_EQ(dds_c_solve_board(ctx, &dl, -1, 3, 1, &f), RETURN_NO_FAULT);
  return {f.nodes, std::to_string(f.cards) + fut_text(groups_of(f))};
}

// The first golden deal from trick 1: a search of many nodes.
deal warm_case() {
  return to_c_deal(golden_deals().at(0).start());
}

TEST(CapiDds3Handle, WarmHandleSearchesLessTheSecondTime) {
  const Handle h = make_handle();
  const Solved first = solve(h.get(), warm_case());
  const Solved second = solve(h.get(), warm_case());
  EXPECT_EQ(second.answer, first.answer);
  EXPECT_LT(second.nodes, first.nodes);
  // Node counts are deterministic: another fresh handle counts the same.
  const Handle other = make_handle();
  EXPECT_EQ(solve(other.get(), warm_case()).nodes, first.nodes);
  // dds_c_clear_tt: the next call is a fresh handle's.
  dds_c_clear_tt(h.get());
  const Solved cleared = solve(h.get(), warm_case());
  EXPECT_EQ(cleared.nodes, first.nodes);
  EXPECT_EQ(cleared.answer, first.answer);
  // dds_c_reset_for_solve: an empty table, so more nodes than a warm call.
  dds_c_reset_for_solve(h.get());
  const Solved reset = solve(h.get(), warm_case());
  EXPECT_GT(reset.nodes, second.nodes);
  EXPECT_EQ(reset.answer, first.answer);
}

TEST(CapiDds3Handle, ConfigurationCalls) {
  const Handle h = make_handle(), twin = make_handle();
  const Solved cold = solve(h.get(), warm_case());
  solve(twin.get(), warm_case());
  // The default sizes again, and a kind that is not DDS's: nothing changes,
  // the table stays warm, as the twin's that saw none of these calls.
  dds_c_resize_tt(h.get(), 0, 0);
  dds_c_configure_tt(h.get(), 1, 0, -4);
  dds_c_configure_tt(h.get(), 3, 8, 8);
  dds_c_configure_tt(h.get(), -1, 8, 8);
  const Solved warm = solve(h.get(), warm_case());
  EXPECT_LT(warm.nodes, cold.nodes);
  EXPECT_EQ(warm.nodes, solve(twin.get(), warm_case()).nodes);
  // New sizes: a new, empty table, as a fresh handle of those sizes has.
  dds_c_configure_tt(h.get(), 2, 2, 4);
  const Handle small(dds_c_create_solvercontext(0, 2, 4));
  ASSERT_NE(small.get(), nullptr);
  const Solved resized = solve(h.get(), warm_case());
  EXPECT_EQ(resized.nodes, solve(small.get(), warm_case()).nodes);
  EXPECT_EQ(resized.answer, cold.answer);
}

TEST(CapiDds3Handle, CreationArguments) {
  for (const int kind : {0, 1, 2}) {
    const Handle h(dds_c_create_solvercontext(kind, 0, 0));
    EXPECT_NE(h.get(), nullptr) << "kind " << kind;
  }
  for (const int kind : {-1, 3, 100}) EXPECT_EQ(dds_c_create_solvercontext(kind, 0, 0), nullptr);
  // 0 or less: the defaults; a cap below the start: no growth.
  const Handle defaults(dds_c_create_solvercontext(0, -5, 0));
  const Handle no_growth(dds_c_create_solvercontext(1, 8, 2));
  ASSERT_NE(defaults.get(), nullptr);
  ASSERT_NE(no_growth.get(), nullptr);
  const Solved a = solve(defaults.get(), warm_case());
  const Handle def = make_handle();
  EXPECT_EQ(a.nodes, solve(def.get(), warm_case()).nodes);
  EXPECT_EQ(solve(no_growth.get(), warm_case()).answer, a.answer);
}

TEST(CapiDds3Handle, SizesThatCannotBeHadAreRefused) {
#ifdef DDTB_SANITIZED_ALLOCATOR
  GTEST_SKIP() << "the sanitizers' allocators abort on an allocation that fails";
#endif
  // INT_MAX MiB, two PiB: more than any address space.
  EXPECT_EQ(dds_c_create_solvercontext(0, INT_MAX, INT_MAX), nullptr);
  EXPECT_EQ(dds_c_create_solvercontext(0, INT_MAX, 0), nullptr);
  // A handle asked for them stays as it was, warm: as a twin that was not.
  const Handle h = make_handle(), twin = make_handle();
  for (void* ctx : {h.get(), twin.get()}) solve(ctx, warm_case());
  dds_c_resize_tt(h.get(), INT_MAX, INT_MAX);
  dds_c_configure_tt(h.get(), 0, INT_MAX, 0);
  EXPECT_EQ(solve(h.get(), warm_case()).nodes, solve(twin.get(), warm_case()).nodes);
}

// Handles probe the tables SetTablebasePath() names, and answer the same.
TEST(CapiDds3Handle, UsesTheCApisEndgameTables) {
  // Tables up to 3 tricks (a few seconds to build): the search asks tables
  // only from 3 tricks left on (2 tricks need no question).
  const std::string dir = build_small_tables(3);
  const RemovedAtEnd cleanup{dir};
  ASSERT_FALSE(dir.empty());
  const Handle h = make_handle();
  Rng rng(kSeed + 3);
  std::vector<deal> endings;
  for (int i = 0; i < 40; ++i)
    endings.push_back(to_c_deal(random_position(rng, 4 + static_cast<int>(rng.below(2)), 0,
                                                strain_from_int(static_cast<int>(rng.below(5))),
                                                seat_from_int(static_cast<int>(rng.below(4))))));
  // No dds_c_clear_tt: a change of tables gives the handle a fresh table,
  // so each pass below counts the nodes of a fresh handle.
  const auto solve_all = [&](long& nodes) {
    std::vector<std::string> out;
    nodes = 0;
    for (const deal& d : endings) {
      const Solved s = solve(h.get(), d);
      nodes += s.nodes;
      out.push_back(s.answer);
    }
    return out;
  };
  long without_nodes = 0, with_nodes = 0;
  ASSERT_EQ(SetTablebasePath(""), RETURN_NO_FAULT);
  const std::vector<std::string> without = solve_all(without_nodes);
  ASSERT_EQ(SetTablebasePath(dir.c_str()), RETURN_NO_FAULT);
  const std::vector<std::string> with = solve_all(with_nodes);
  EXPECT_EQ(with, without);
  EXPECT_LT(with_nodes, without_nodes);  // the tables answered some trick starts
  ASSERT_EQ(SetTablebasePath(nullptr), RETURN_NO_FAULT);
  EXPECT_EQ(solve_all(with_nodes), without);
  EXPECT_EQ(with_nodes, without_nodes);
}

}  // namespace
}  // namespace ddtb::test
