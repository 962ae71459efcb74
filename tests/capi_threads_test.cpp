// The C API's threads and configuration: concurrent calls from several
// threads give the serial answers, the thread count changes no answer,
// thread indexes, SetThreading / SetResources / FreeMemory / GetDDSInfo, the
// batch functions' codes against the real libdds, and the tablebase path
// (a failed thread start: capi_thread_create_test.cpp). Together with capi_solve_test this provokes
// every return code of dll.h.
#include <gtest/gtest.h>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

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

constexpr int kBoards = 24;  // golden deals used by the concurrency tests

// Every field but the node count, which depends on what a solver's table
// held before.
std::string answer(const futureTricks& f) {
  return std::to_string(f.cards) + fut_text(groups_of(f));
}

// An ending from trick 6 of each deal's play: small enough to be quick.
Position ending(int i) {
  const RefDeal& d = golden_deals()[static_cast<std::size_t>(i)];
  Position p = d.start();
  for (std::size_t k = 0; k < 20 && k < d.play.size(); ++k) p = *p.play(d.play[k]);
  return p;
}
deal board(int i) {
  return to_c_deal(ending(i));
}

std::vector<std::string> serial_answers() {
  std::vector<std::string> out;
  for (int i = 0; i < kBoards; ++i) {
    futureTricks f{};
    EXPECT_EQ(SolveBoard(board(i), -1, 3, 1, &f, 0), RETURN_NO_FAULT);
    out.push_back(answer(f));
  }
  return out;
}

TEST(CapiThreads, ConcurrentSolveBoardEqualsSerial) {
  SetMaxThreads(0);
  const std::vector<std::string> want = serial_answers();
  const int indexes = std::max(1, [] {
    DDSInfo info{};
    GetDDSInfo(&info);
    return info.noOfThreads;
  }());
  constexpr int kCallers = 4;  // more callers than thread indexes: they share
  std::vector<std::vector<std::string>> got(kCallers);
  std::vector<std::thread> callers;
  for (int t = 0; t < kCallers; ++t)
    callers.emplace_back([&, t] {
      for (int i = 0; i < kBoards; ++i) {
        futureTricks f{};
        const int rc = SolveBoard(board((i + 7 * t) % kBoards), -1, 3, 1, &f, t % indexes);
        got[t].push_back(rc == RETURN_NO_FAULT ? answer(f) : "rc " + std::to_string(rc));
      }
    });
  for (auto& c : callers) c.join();
  for (int t = 0; t < kCallers; ++t)
    for (int i = 0; i < kBoards; ++i)
      EXPECT_EQ(got[t][i], want[(i + 7 * t) % kBoards]) << "caller " << t << " call " << i;
}

boardsPBN make_boards() {
  boardsPBN b{};
  b.noOfBoards = kBoards;
  for (int i = 0; i < kBoards; ++i) {
    b.deals[i] = to_c_deal_pbn(ending(i));
    b.target[i] = -1;
    b.solutions[i] = 3;
    b.mode[i] = 1;
  }
  return b;
}

TEST(CapiThreads, ConcurrentBatchCallsEqualSerial) {
  static boardsPBN boards = make_boards();
  const std::vector<std::string> want = serial_answers();
  static ddTableDealsPBN tables{};
  tables.noOfTables = 6;
  for (int i = 0; i < 6; ++i)
    std::snprintf(tables.deals[i].cards, sizeof tables.deals[i].cards, "%s",
                  golden_deals()[i].pbn.c_str());
  int filter[DDS_STRAINS] = {0, 0, 0, 0, 0};

  constexpr int kCallers = 3;
  std::vector<std::unique_ptr<solvedBoards>> solved;
  std::vector<std::unique_ptr<ddTablesRes>> results;
  for (int t = 0; t < kCallers; ++t) {
    solved.push_back(std::make_unique<solvedBoards>());
    results.push_back(std::make_unique<ddTablesRes>());
  }
  std::vector<int> codes(2 * kCallers, 0);
  std::vector<std::thread> callers;
  for (int t = 0; t < kCallers; ++t)
    callers.emplace_back([&, t] {
      codes[2 * t] = SolveAllBoards(&boards, solved[t].get());
      codes[2 * t + 1] = CalcAllTablesPBN(&tables, -1, filter, results[t].get(), nullptr);
    });
  for (auto& c : callers) c.join();
  for (int t = 0; t < kCallers; ++t) {
    EXPECT_EQ(codes[2 * t], RETURN_NO_FAULT);
    EXPECT_EQ(codes[2 * t + 1], RETURN_NO_FAULT);
    EXPECT_EQ(solved[t]->noOfBoards, kBoards);
    for (int i = 0; i < kBoards; ++i)
      EXPECT_EQ(answer(solved[t]->solvedBoard[i]), want[i]) << "caller " << t << " board " << i;
    for (int i = 0; i < 6; ++i)
      for (int s = 0; s < 5; ++s)
        for (int h = 0; h < 4; ++h)
          EXPECT_EQ(results[t]->results[i].resTable[s][h], golden_deals()[i].table[s][h]);
  }
}

TEST(CapiThreads, ThreadCountChangesNoAnswer) {
  static boardsPBN boards = make_boards();
  static solvedBoards one, many;
  SetMaxThreads(1);
  ASSERT_EQ(SolveAllBoards(&boards, &one), RETURN_NO_FAULT);
  SetMaxThreads(0);
  ASSERT_EQ(SolveAllBoards(&boards, &many), RETURN_NO_FAULT);
  for (int i = 0; i < kBoards; ++i)
    EXPECT_EQ(answer(one.solvedBoard[i]), answer(many.solvedBoard[i])) << "board " << i;
}

TEST(CapiThreads, ThreadIndexRangeFollowsSetMaxThreads) {
  futureTricks f{};
  SetMaxThreads(1);
  DDSInfo info{};
  GetDDSInfo(&info);
  EXPECT_EQ(info.noOfThreads, 1);
  EXPECT_EQ(SolveBoard(board(0), -1, 1, 1, &f, 0), RETURN_NO_FAULT);
  EXPECT_EQ(SolveBoard(board(0), -1, 1, 1, &f, 1), RETURN_THREAD_INDEX);
  EXPECT_EQ(SolveBoard(board(0), -1, 1, 1, &f, -1), RETURN_THREAD_INDEX);
  const dealPBN pbn = to_c_deal_pbn(ending(0));
  EXPECT_EQ(SolveBoardPBN(pbn, -1, 1, 1, &f, 5), RETURN_THREAD_INDEX);
  playTraceBin play{};
  solvedPlay s{};
  EXPECT_EQ(AnalysePlayBin(board(0), play, &s, 3), RETURN_THREAD_INDEX);
  // More than the cores is capped, as in DDS; 0 or less means one per core.
  SetMaxThreads(1000);
  GetDDSInfo(&info);
  EXPECT_EQ(info.noOfThreads, static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
  SetMaxThreads(-3);
  GetDDSInfo(&info);
  EXPECT_EQ(info.noOfThreads, static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
}

TEST(CapiThreads, ConfigurationCalls) {
  // SetThreading accepts what DDS accepts here (0 default, 2 OpenMP, 4
  // Boost, 5 STL) and refuses the rest with DDS's code.
  for (int code = -1; code <= 9; ++code) EXPECT_EQ(SetThreading(code), dds().SetThreading(code));
  SetThreading(0);
  dds().SetThreading(0);  // DDS's STL threading misbehaves in later batch calls
  SetResources(64, 2);
  futureTricks f{};
  EXPECT_EQ(SolveBoard(board(1), -1, 3, 1, &f, 0), RETURN_NO_FAULT);
  const std::string before = answer(f);
  FreeMemory();
  EXPECT_EQ(SolveBoard(board(1), -1, 3, 1, &f, 0), RETURN_NO_FAULT);
  EXPECT_EQ(answer(f), before);
  SetResources(0, 0);
  DDSInfo info{};
  GetDDSInfo(&info);
  EXPECT_EQ(info.major, 2);
  EXPECT_EQ(info.minor, 9);
  EXPECT_EQ(info.patch, 0);
  EXPECT_STREQ(info.versionString, "2.9.0");
  EXPECT_NE(std::string(info.systemString).find("ddtb"), std::string::npos);
}

// The batch functions' own checks, against DDS: SolveAllBoards and its
// chunked forms.
TEST(CapiThreads, SolveAllChecksReturnDdsCodes) {
  static boardsPBN boards;
  static solvedBoards a, b;
  boards = make_boards();
  boards.noOfBoards = 3;
  const auto both = [&](const char* what) {
    SCOPED_TRACE(what);
    std::memset(&a, 0x55, sizeof a);
    std::memset(&b, 0x55, sizeof b);
    const int ours = SolveAllBoards(&boards, &a);
    EXPECT_EQ(ours, dds().SolveAllBoards(&boards, &b));
    EXPECT_EQ(a.noOfBoards, b.noOfBoards);
    for (int i = 0; i < std::clamp(a.noOfBoards, 0, 3); ++i) {
      EXPECT_EQ(a.solvedBoard[i].cards, b.solvedBoard[i].cards);
      EXPECT_EQ(
          compare_ignoring_tie_order(groups_of(a.solvedBoard[i]), groups_of(b.solvedBoard[i])), "");
    }
  };
  both("3 good boards");
  boards.target[1] = 20;
  both("a bad target in board 2: the others solved");
  boards.target[1] = -1;
  boards.noOfBoards = 0;
  both("no boards");
  boards.noOfBoards = -1;
  both("-1 boards");
  boards.noOfBoards = 201;
  EXPECT_EQ(SolveAllBoards(&boards, &a), dds().SolveAllBoards(&boards, &b));
  boards.noOfBoards = 3;
  std::snprintf(boards.deals[2].remainCards, 80, "xx");
  both("a bad PBN in board 3: nothing written");
  for (const int chunk : {0, -1})
    EXPECT_EQ(SolveAllChunksPBN(&boards, &a, chunk), dds().SolveAllChunksPBN(&boards, &b, chunk));
  static ::boards bin{};
  EXPECT_EQ(SolveAllChunksBin(&bin, &a, 0), dds().SolveAllChunksBin(&bin, &b, 0));
  bin.noOfBoards = 201;
  EXPECT_EQ(SolveAllChunksBin(&bin, &a, 1), dds().SolveAllChunksBin(&bin, &b, 1));
  EXPECT_EQ(SolveAllChunks(&boards, &a, 0), RETURN_CHUNK_SIZE);
  bin.noOfBoards = 201;
  EXPECT_EQ(SolveAllBoardsBin(&bin, &a), RETURN_TOO_MANY_BOARDS);
}

// AnalyseAllPlays: counts that disagree, too many, a bad play.
TEST(CapiThreads, AnalyseAllPlaysChecksReturnDdsCodes) {
  static boardsPBN boards;
  boards = make_boards();
  boards.noOfBoards = 3;
  static playTracesPBN plays{};
  static solvedPlays pa, pb;
  plays.noOfBoards = 3;
  for (int i = 0; i < 3; ++i) {
    plays.plays[i].number = 0;
  }
  EXPECT_EQ(AnalyseAllPlaysPBN(&boards, &plays, &pa, 1),
            dds().AnalyseAllPlaysPBN(&boards, &plays, &pb, 1));
  EXPECT_EQ(pa.noOfBoards, pb.noOfBoards);
  plays.noOfBoards = 2;
  EXPECT_EQ(AnalyseAllPlaysPBN(&boards, &plays, &pa, 1),
            dds().AnalyseAllPlaysPBN(&boards, &plays, &pb, 1));
  plays.noOfBoards = boards.noOfBoards = 201;
  EXPECT_EQ(AnalyseAllPlaysPBN(&boards, &plays, &pa, 1),
            dds().AnalyseAllPlaysPBN(&boards, &plays, &pb, 1));
  plays.noOfBoards = boards.noOfBoards = 3;
  plays.plays[1].number = 2;
  std::snprintf(plays.plays[1].cards, sizeof plays.plays[1].cards, "SASA");
  EXPECT_EQ(AnalyseAllPlaysPBN(&boards, &plays, &pa, 0),
            dds().AnalyseAllPlaysPBN(&boards, &plays, &pb, 0));
  EXPECT_EQ(pa.solved[0].number, pb.solved[0].number);
  static ::boards bb{};
  static playTracesBin pl{};
  bb.noOfBoards = 1;
  pl.noOfBoards = 2;
  EXPECT_EQ(AnalyseAllPlaysBin(&bb, &pl, &pa, 1), RETURN_UNKNOWN_FAULT);
}

// CalcAllTables: no strain, too many tables, none, a bad deal.
TEST(CapiThreads, CalcAllTablesChecksReturnDdsCodes) {
  static ddTableDealsPBN tables{};
  static ddTablesRes ra, rb;
  static allParResults par;
  tables.noOfTables = 1;
  std::snprintf(tables.deals[0].cards, 80, "%s", golden_deals()[0].pbn.c_str());
  const auto tables_both = [&](const char* what, std::array<int, 5> filter) {
    SCOPED_TRACE(what);
    std::memset(&ra, 0x55, sizeof ra);
    std::memset(&rb, 0x55, sizeof rb);
    EXPECT_EQ(CalcAllTablesPBN(&tables, -1, filter.data(), &ra, &par),
              dds().CalcAllTablesPBN(&tables, -1, filter.data(), &rb, &par));
    EXPECT_EQ(ra.noOfBoards, rb.noOfBoards);
  };
  tables_both("every strain filtered", {1, 1, 1, 1, 1});
  tables_both("filter values other than 1", {2, -1, 7, 1, 1});
  tables_both("spades only", {0, 1, 1, 1, 1});
  // Too many tables: DDS reads every deal first, so the deals must be good
  // for the count check to show.
  for (int i = 0; i < 51; ++i)
    std::snprintf(tables.deals[i].cards, 80, "%s", golden_deals()[0].pbn.c_str());
  tables.noOfTables = 41;
  tables_both("41 tables of 5 strains", {0, 0, 0, 0, 0});
  tables.noOfTables = 51;
  tables_both("51 tables of 4 strains", {1, 0, 0, 0, 0});
  std::snprintf(tables.deals[45].cards, 80, "garbage");
  tables_both("51 tables of 4 strains, one bad", {1, 0, 0, 0, 0});
  // No tables: DDS answers RETURN_SOLNS_WRONG_LO with the count 0 in a
  // fresh process, but its answer depends on earlier calls; ours is fixed.
  tables.noOfTables = 0;
  int all[DDS_STRAINS] = {0, 0, 0, 0, 0};
  EXPECT_EQ(CalcAllTablesPBN(&tables, -1, all, &ra, &par), RETURN_SOLNS_WRONG_LO);
  EXPECT_EQ(ra.noOfBoards, 0);
  tables.noOfTables = 2;
  std::snprintf(tables.deals[1].cards, 80, "garbage");
  tables_both("a bad PBN", {0, 0, 0, 0, 0});
}

TEST(CapiThreads, TablebasePath) {
  EXPECT_EQ(SetTablebasePath("/nonexistent/ddtb-tables"), RETURN_NO_TABLEBASE);
  const std::string dir = build_small_tables(2);
  const RemovedAtEnd cleanup{dir};
  ASSERT_FALSE(dir.empty());
  EXPECT_EQ(SetTablebasePath(dir.c_str()), RETURN_NO_FAULT);
  DDSInfo info{};
  GetDDSInfo(&info);
  EXPECT_NE(std::string(info.systemString).find("8 cards"), std::string::npos) << info.systemString;
  // Endings of 3 tricks or fewer (answered in part by the tables) give the
  // answers they give without tables.
  Rng rng(515);
  std::vector<deal> endings;
  for (int i = 0; i < 40; ++i)
    endings.push_back(to_c_deal(random_position(rng, 2 + static_cast<int>(rng.below(2)), 0,
                                                strain_from_int(static_cast<int>(rng.below(5))),
                                                seat_from_int(static_cast<int>(rng.below(4))))));
  std::vector<std::string> with;
  for (const deal& d : endings) {
    futureTricks f{};
    ASSERT_EQ(SolveBoard(d, -1, 3, 1, &f, 0), RETURN_NO_FAULT);
    with.push_back(answer(f));
  }
  EXPECT_EQ(SetTablebasePath(""), RETURN_NO_FAULT);
  GetDDSInfo(&info);
  EXPECT_NE(std::string(info.systemString).find("none"), std::string::npos);
  for (std::size_t i = 0; i < endings.size(); ++i) {
    futureTricks f{};
    ASSERT_EQ(SolveBoard(endings[i], -1, 3, 1, &f, 0), RETURN_NO_FAULT);
    EXPECT_EQ(answer(f), with[i]) << "ending " << i;
  }
  EXPECT_EQ(SetTablebasePath(nullptr), RETURN_NO_FAULT);
}

}  // namespace
}  // namespace ddtb::test
