// include/ddtb/dll.h against DDS 2.9.0's own header, compiled together: the
// same constants, return codes and texts, struct sizes, alignments, field
// offsets and sizes, and function signatures. Everything is checked at
// compile time; the test itself only reports that the file compiled.
//
// Both headers declare the same names, so ours goes into namespace `ours`
// (with C++ linkage: DDTB_DDS_EXTERN predefined empty) and DDS's into
// namespace `theirs`; each macro of ours is captured, then undefined before
// DDS's header defines it again.
#include <gtest/gtest.h>
#include <stdbool.h>

#include <cstddef>
#include <type_traits>

#define DDTB_DDS_EXTERN
namespace ours {
#include "ddtb/dll.h"
}  // namespace ours

#define NUMBERS(X) \
  X(DDS_VERSION) X(DDS_HANDS) X(DDS_SUITS) X(DDS_STRAINS) X(MAXNOOFBOARDS) X(MAXNOOFTABLES)

#define CODES(X)     \
  X(NO_FAULT)        \
  X(UNKNOWN_FAULT)   \
  X(ZERO_CARDS)      \
  X(TARGET_TOO_HIGH) \
  X(DUPLICATE_CARDS) \
  X(TARGET_WRONG_LO) \
  X(TARGET_WRONG_HI) \
  X(SOLNS_WRONG_LO)  \
  X(SOLNS_WRONG_HI)  \
  X(TOO_MANY_CARDS)  \
  X(SUIT_OR_RANK)    \
  X(PLAYED_CARD)     \
  X(CARD_COUNT)      \
  X(THREAD_INDEX)    \
  X(MODE_WRONG_LO)   \
  X(MODE_WRONG_HI)   \
  X(TRUMP_WRONG)     \
  X(FIRST_WRONG)     \
  X(PLAY_FAULT)      \
  X(PBN_FAULT)       \
  X(TOO_MANY_BOARDS) \
  X(THREAD_CREATE)   \
  X(THREAD_WAIT)     \
  X(THREAD_MISSING)  \
  X(NO_SUIT)         \
  X(TOO_MANY_TABLES) \
  X(CHUNK_SIZE)

namespace captured {
#define CAPTURE_NUMBER(n) constexpr long n##_ = n;
#define CAPTURE_CODE(c)                     \
  constexpr int RETURN_##c##_ = RETURN_##c; \
  constexpr const char* TEXT_##c##_ = TEXT_##c;
NUMBERS(CAPTURE_NUMBER)
CODES(CAPTURE_CODE)
}  // namespace captured

#undef DDS_VERSION
#undef DDS_HANDS
#undef DDS_SUITS
#undef DDS_STRAINS
#undef MAXNOOFBOARDS
#undef MAXNOOFTABLES
#undef RETURN_NO_FAULT
#undef TEXT_NO_FAULT
#undef RETURN_UNKNOWN_FAULT
#undef TEXT_UNKNOWN_FAULT
#undef RETURN_ZERO_CARDS
#undef TEXT_ZERO_CARDS
#undef RETURN_TARGET_TOO_HIGH
#undef TEXT_TARGET_TOO_HIGH
#undef RETURN_DUPLICATE_CARDS
#undef TEXT_DUPLICATE_CARDS
#undef RETURN_TARGET_WRONG_LO
#undef TEXT_TARGET_WRONG_LO
#undef RETURN_TARGET_WRONG_HI
#undef TEXT_TARGET_WRONG_HI
#undef RETURN_SOLNS_WRONG_LO
#undef TEXT_SOLNS_WRONG_LO
#undef RETURN_SOLNS_WRONG_HI
#undef TEXT_SOLNS_WRONG_HI
#undef RETURN_TOO_MANY_CARDS
#undef TEXT_TOO_MANY_CARDS
#undef RETURN_SUIT_OR_RANK
#undef TEXT_SUIT_OR_RANK
#undef RETURN_PLAYED_CARD
#undef TEXT_PLAYED_CARD
#undef RETURN_CARD_COUNT
#undef TEXT_CARD_COUNT
#undef RETURN_THREAD_INDEX
#undef TEXT_THREAD_INDEX
#undef RETURN_MODE_WRONG_LO
#undef TEXT_MODE_WRONG_LO
#undef RETURN_MODE_WRONG_HI
#undef TEXT_MODE_WRONG_HI
#undef RETURN_TRUMP_WRONG
#undef TEXT_TRUMP_WRONG
#undef RETURN_FIRST_WRONG
#undef TEXT_FIRST_WRONG
#undef RETURN_PLAY_FAULT
#undef TEXT_PLAY_FAULT
#undef RETURN_PBN_FAULT
#undef TEXT_PBN_FAULT
#undef RETURN_TOO_MANY_BOARDS
#undef TEXT_TOO_MANY_BOARDS
#undef RETURN_THREAD_CREATE
#undef TEXT_THREAD_CREATE
#undef RETURN_THREAD_WAIT
#undef TEXT_THREAD_WAIT
#undef RETURN_THREAD_MISSING
#undef TEXT_THREAD_MISSING
#undef RETURN_NO_SUIT
#undef TEXT_NO_SUIT
#undef RETURN_TOO_MANY_TABLES
#undef TEXT_TOO_MANY_TABLES
#undef RETURN_CHUNK_SIZE
#undef TEXT_CHUNK_SIZE

namespace theirs {
#include <dds/dll.h>
}  // namespace theirs

namespace {

constexpr bool same_text(const char* a, const char* b) {
  while (*a && *a == *b) ++a, ++b;
  return *a == *b;
}

#define SAME_NUMBER(n) static_assert(captured::n##_ == n, #n);
#define SAME_CODE(c)                                        \
  static_assert(captured::RETURN_##c##_ == RETURN_##c, #c); \
  static_assert(same_text(captured::TEXT_##c##_, TEXT_##c), #c);
NUMBERS(SAME_NUMBER)
CODES(SAME_CODE)

// One struct: size, alignment, and each field's offset and size.
#define SAME_STRUCT(s)                                               \
  static_assert(sizeof(ours::s) == sizeof(theirs::s), "sizeof " #s); \
  static_assert(alignof(ours::s) == alignof(theirs::s), "alignof " #s);
#define SAME_FIELD(s, f)                                                    \
  static_assert(offsetof(ours::s, f) == offsetof(theirs::s, f), #s "." #f); \
  static_assert(sizeof(ours::s::f) == sizeof(theirs::s::f), #s "." #f " size");

SAME_STRUCT(futureTricks)
SAME_FIELD(futureTricks, nodes)
SAME_FIELD(futureTricks, cards)
SAME_FIELD(futureTricks, suit)
SAME_FIELD(futureTricks, rank)
SAME_FIELD(futureTricks, equals)
SAME_FIELD(futureTricks, score)
SAME_STRUCT(deal)
SAME_FIELD(deal, trump)
SAME_FIELD(deal, first)
SAME_FIELD(deal, currentTrickSuit)
SAME_FIELD(deal, currentTrickRank)
SAME_FIELD(deal, remainCards)
SAME_STRUCT(dealPBN)
SAME_FIELD(dealPBN, trump)
SAME_FIELD(dealPBN, first)
SAME_FIELD(dealPBN, currentTrickSuit)
SAME_FIELD(dealPBN, currentTrickRank)
SAME_FIELD(dealPBN, remainCards)
SAME_STRUCT(boards)
SAME_FIELD(boards, noOfBoards)
SAME_FIELD(boards, deals)
SAME_FIELD(boards, target)
SAME_FIELD(boards, solutions)
SAME_FIELD(boards, mode)
SAME_STRUCT(boardsPBN)
SAME_FIELD(boardsPBN, noOfBoards)
SAME_FIELD(boardsPBN, deals)
SAME_FIELD(boardsPBN, target)
SAME_FIELD(boardsPBN, solutions)
SAME_FIELD(boardsPBN, mode)
SAME_STRUCT(solvedBoards)
SAME_FIELD(solvedBoards, noOfBoards)
SAME_FIELD(solvedBoards, solvedBoard)
SAME_STRUCT(ddTableDeal)
SAME_FIELD(ddTableDeal, cards)
SAME_STRUCT(ddTableDeals)
SAME_FIELD(ddTableDeals, noOfTables)
SAME_FIELD(ddTableDeals, deals)
SAME_STRUCT(ddTableDealPBN)
SAME_FIELD(ddTableDealPBN, cards)
SAME_STRUCT(ddTableDealsPBN)
SAME_FIELD(ddTableDealsPBN, noOfTables)
SAME_FIELD(ddTableDealsPBN, deals)
SAME_STRUCT(ddTableResults)
SAME_FIELD(ddTableResults, resTable)
SAME_STRUCT(ddTablesRes)
SAME_FIELD(ddTablesRes, noOfBoards)
SAME_FIELD(ddTablesRes, results)
SAME_STRUCT(parResults)
SAME_FIELD(parResults, parScore)
SAME_FIELD(parResults, parContractsString)
SAME_STRUCT(allParResults)
SAME_FIELD(allParResults, presults)
SAME_STRUCT(parResultsDealer)
SAME_FIELD(parResultsDealer, number)
SAME_FIELD(parResultsDealer, score)
SAME_FIELD(parResultsDealer, contracts)
SAME_STRUCT(contractType)
SAME_FIELD(contractType, underTricks)
SAME_FIELD(contractType, overTricks)
SAME_FIELD(contractType, level)
SAME_FIELD(contractType, denom)
SAME_FIELD(contractType, seats)
SAME_STRUCT(parResultsMaster)
SAME_FIELD(parResultsMaster, score)
SAME_FIELD(parResultsMaster, number)
SAME_FIELD(parResultsMaster, contracts)
SAME_STRUCT(parTextResults)
SAME_FIELD(parTextResults, parText)
SAME_FIELD(parTextResults, equal)
SAME_STRUCT(playTraceBin)
SAME_FIELD(playTraceBin, number)
SAME_FIELD(playTraceBin, suit)
SAME_FIELD(playTraceBin, rank)
SAME_STRUCT(playTracePBN)
SAME_FIELD(playTracePBN, number)
SAME_FIELD(playTracePBN, cards)
SAME_STRUCT(solvedPlay)
SAME_FIELD(solvedPlay, number)
SAME_FIELD(solvedPlay, tricks)
SAME_STRUCT(playTracesBin)
SAME_FIELD(playTracesBin, noOfBoards)
SAME_FIELD(playTracesBin, plays)
SAME_STRUCT(playTracesPBN)
SAME_FIELD(playTracesPBN, noOfBoards)
SAME_FIELD(playTracesPBN, plays)
SAME_STRUCT(solvedPlays)
SAME_FIELD(solvedPlays, noOfBoards)
SAME_FIELD(solvedPlays, solved)
SAME_STRUCT(DDSInfo)
SAME_FIELD(DDSInfo, major)
SAME_FIELD(DDSInfo, minor)
SAME_FIELD(DDSInfo, patch)
SAME_FIELD(DDSInfo, versionString)
SAME_FIELD(DDSInfo, system)
SAME_FIELD(DDSInfo, numBits)
SAME_FIELD(DDSInfo, compiler)
SAME_FIELD(DDSInfo, constructor)
SAME_FIELD(DDSInfo, numCores)
SAME_FIELD(DDSInfo, threading)
SAME_FIELD(DDSInfo, noOfThreads)
SAME_FIELD(DDSInfo, threadSizes)
SAME_FIELD(DDSInfo, systemString)

// theirs::T -> ours::T through pointers and function types, to compare
// signatures.
template <class T>
struct to_ours {
  using type = T;
};
template <class T>
struct to_ours<T*> {
  using type = typename to_ours<T>::type*;
};
template <class R, class... A>
struct to_ours<R (*)(A...)> {
  using type = typename to_ours<R>::type (*)(typename to_ours<A>::type...);
};
#define MAP_STRUCT(s)         \
  template <>                 \
  struct to_ours<theirs::s> { \
    using type = ours::s;     \
  };
MAP_STRUCT(futureTricks)
MAP_STRUCT(deal)
MAP_STRUCT(dealPBN)
MAP_STRUCT(boards)
MAP_STRUCT(boardsPBN)
MAP_STRUCT(solvedBoards)
MAP_STRUCT(ddTableDeal)
MAP_STRUCT(ddTableDeals)
MAP_STRUCT(ddTableDealPBN)
MAP_STRUCT(ddTableDealsPBN)
MAP_STRUCT(ddTableResults)
MAP_STRUCT(ddTablesRes)
MAP_STRUCT(parResults)
MAP_STRUCT(allParResults)
MAP_STRUCT(parResultsDealer)
MAP_STRUCT(contractType)
MAP_STRUCT(parResultsMaster)
MAP_STRUCT(parTextResults)
MAP_STRUCT(playTraceBin)
MAP_STRUCT(playTracePBN)
MAP_STRUCT(solvedPlay)
MAP_STRUCT(playTracesBin)
MAP_STRUCT(playTracesPBN)
MAP_STRUCT(solvedPlays)
MAP_STRUCT(DDSInfo)

#define SAME_SIGNATURE(f) \
  static_assert(std::is_same_v<to_ours<decltype(&theirs::f)>::type, decltype(&ours::f)>, #f);
SAME_SIGNATURE(SetMaxThreads)
SAME_SIGNATURE(SetThreading)
SAME_SIGNATURE(SetResources)
SAME_SIGNATURE(FreeMemory)
SAME_SIGNATURE(SolveBoard)
SAME_SIGNATURE(SolveBoardPBN)
SAME_SIGNATURE(CalcDDtable)
SAME_SIGNATURE(CalcDDtablePBN)
SAME_SIGNATURE(CalcAllTables)
SAME_SIGNATURE(CalcAllTablesPBN)
SAME_SIGNATURE(SolveAllBoards)
SAME_SIGNATURE(SolveAllChunks)
SAME_SIGNATURE(SolveAllChunksBin)
SAME_SIGNATURE(SolveAllChunksPBN)
SAME_SIGNATURE(Par)
SAME_SIGNATURE(CalcPar)
SAME_SIGNATURE(CalcParPBN)
SAME_SIGNATURE(SidesPar)
SAME_SIGNATURE(DealerPar)
SAME_SIGNATURE(DealerParBin)
SAME_SIGNATURE(SidesParBin)
SAME_SIGNATURE(ConvertToDealerTextFormat)
SAME_SIGNATURE(ConvertToSidesTextFormat)
SAME_SIGNATURE(AnalysePlayBin)
SAME_SIGNATURE(AnalysePlayPBN)
SAME_SIGNATURE(AnalyseAllPlaysBin)
SAME_SIGNATURE(AnalyseAllPlaysPBN)
SAME_SIGNATURE(GetDDSInfo)
SAME_SIGNATURE(ErrorMessage)

TEST(CapiLayout, MatchesDdsHeader) {
  // The static_asserts above are the test; spot-check two published sizes.
  EXPECT_EQ(sizeof(ours::futureTricks), 54 * sizeof(int));
  EXPECT_EQ(sizeof(ours::deal), 24 * sizeof(int));
}

}  // namespace
