/*
 * ddtb's DDS-compatible C API.
 *
 * The same functions, structs, constants and return codes as DDS 2.9's
 * dll.h, so that programs written for DDS (C, C++, Python via ctypes) run on
 * ddtb unchanged: compile against this header and link ddtb_dds, or run an
 * existing binary with ddtb's libdds.so.0 (built with -DDDTB_DDS_SONAME=ON)
 * first on LD_LIBRARY_PATH. The layouts are checked against DDS's header by
 * tests/capi_layout_test.cpp.
 *
 * Encodings (DDS's): suits S,H,D,C = 0..3 and NT = 4; hands N,E,S,W = 0..3;
 * ranks 2..14; a holding is a set of rank bits (bit r = rank r, so 0x4004 is
 * the ace and the deuce); vulnerability 0 none, 1 both, 2 NS, 3 EW; sides
 * NS = 0, EW = 1.
 *
 * Every function is thread-safe and catches every C++ exception at the
 * boundary (RETURN_UNKNOWN_FAULT). Batch functions (CalcAllTables*,
 * SolveAll*, AnalyseAllPlays*) run on a pool of the configured number of
 * threads, one solver per thread.
 *
 * One addition: endgame tables (built by ddtb-build) that every solver
 * probes: by default those found on the search path (DDTB_TABLEBASE, the
 * per-user directory, the installed one; docs/USAGE.md), or those of the
 * directory given to SetTablebasePath().
 *
 * From DDS 3.1 (whose structs are these, renamed: ddTableDeal is its
 * DdTableDeal and so on), with its names, arguments and semantics:
 *  - thread-count variants CalcDDtableN, CalcDDtablePBNN, CalcAllTablesN,
 *    CalcAllTablesPBNN, SolveAllBoardsN and SolveAllBoardsBinN: the call
 *    without N plus a cap on its threads (each old name is its N variant
 *    with maxThreads 0; 0 or less means SetMaxThreads()'s setting, one
 *    per core unless set, where DDS 3.1 always takes one per core);
 *  - CalcAllTablesX and CalcAllTablesPBNX: DD tables (and par) of any
 *    number of deals, into caller-sized arrays;
 *  - SolveAllBoardsSeq and SolveAllBoardsBinSeq: a batch solved in order on
 *    the calling thread, stopping at the first failing board;
 *  - the handle API of DDS 3.1's dds_c_api.h, in <ddtb/dds_c_api.h>: a
 *    solver context whose transposition table stays warm across calls.
 * DDS_VERSION stays 20900: the rest is DDS 2.9's interface, not 3.1's
 * (which changed some of 2.9's answers and added RETURN_PAR_TABLE_FAULT).
 *
 * Where ddtb differs from DDS 2.9.0, on purpose:
 *  - Cards of equal score in futureTricks are listed by suit (S,H,D,C), then
 *    rank, high first; DDS lists them in its internal move-ordering order.
 *    With solutions = 1 the card returned is the first card taking the
 *    most tricks (or reaching the target) in ddtb's fixed move order for
 *    the position, a function of the position alone: it never depends on
 *    earlier calls (DDS's may, through its transposition table); with
 *    target = 0 it is the first legal card by suit and rank. DDS returns
 *    the first in its own order. The scores and equals are DDS's.
 *    futureTricks.nodes counts the starts of tricks searched, as DDS's
 *    does (ddtb's own, which the two searches reach in different numbers).
 *  - Memory: each solver's transposition table holds 32 MiB; with
 *    SetResources' maxMemoryMB it may grow within a call that fills it to
 *    its share of that (by default it does not grow), and shrinks back when
 *    the call ends; DDS's start
 *    at 95 MB and keep what they grew to, up to 160 MB.
 *  - Inconsistent input that DDS accepts and answers with meaningless
 *    results is an error here: hand sizes that do not match the cards of
 *    the current trick (RETURN_CARD_COUNT), a card played twice to the
 *    current trick (RETURN_SUIT_OR_RANK), a card of AnalysePlay*'s play
 *    trace that does not follow suit although it could (RETURN_PLAY_FAULT),
 *    a negative card count in AnalysePlay* (RETURN_PLAY_FAULT), more tables
 *    than fit in CalcAllTables* (RETURN_TOO_MANY_TABLES), a vulnerability,
 *    dealer or trick count outside its range in the par functions
 *    (RETURN_UNKNOWN_FAULT). (A card of the current trick that does not
 *    follow suit is no error, in either: see struct deal.)
 *  - A PBN deal with a card after a fourth hand is RETURN_CARD_COUNT; with
 *    cards after a fourth '.' of a hand, RETURN_TOO_MANY_CARDS when the text
 *    holds more than 52 cards with them, else RETURN_CARD_COUNT. DDS stores
 *    a fifth hand's cards past its hand array (it answers as if they were
 *    not there, or crashes: two spaces in a row make the fourth hand a
 *    fifth), and a fifth suit's cards in the next hand's spades (a sixth's
 *    in its hearts...; past the array for West): it gives these codes when
 *    the hands it then holds are too many or miscounted, and no error when
 *    they happen to fit (the next hand already holding those spades, or
 *    short of them). ddtb refuses the text as it reads it, before
 *    checking the parameters and the thread index; DDS checks the cards
 *    after them.
 *  - AnalysePlay* from a position with k cards already played to the current
 *    trick: DDS's solvedPlay.number is k less than ddtb's (below 1 for a
 *    short play); the values both give agree.
 *  - Batches (SolveAll*, AnalyseAllPlays*): a board that fails fails alone;
 *    the others are solved and written, and the call returns the first
 *    failing board's code. DDS does the same, except that in
 *    AnalyseAllPlaysPBN a play trace it cannot read fails the whole call.
 *  - CalcDDtable* and CalcAllTables* give correct tables for deals of fewer
 *    than 52 cards (DDS 2.9's are wrong there, and it crashes on a deal
 *    without cards).
 *  - DealerParBin: for a pre-emptive sacrifice (a sacrifice bid before the
 *    opponents named a contract, which DealerPar prints without its "*",
 *    "2S-N-1"; about one deal in 60,000) DDS fills underTricks with -48 or
 *    0 and sometimes other seats; ddtb gives the real undertricks and seats.
 *  - RETURN_THREAD_WAIT is never returned: waiting for a std::thread cannot
 *    fail in a way worth a code.
 *  - No function prints anything (DDS's FreeMemory may).
 * SolveAllBoardsBin is not in Debian's DDS 2.9.0 build; it is DDS's later
 * addition, with SolveAllBoards' semantics.
 */
#ifndef DDTB_DLL_H
#define DDTB_DLL_H

#include <stdbool.h>

#if defined(_WIN32) || defined(__CYGWIN__)
#define DDTB_DDS_API __declspec(dllexport)
#define DDTB_DDS_CALL __stdcall
#else
#define DDTB_DDS_API __attribute__((visibility("default")))
#define DDTB_DDS_CALL
#endif

/* C linkage in C++. (tests/capi_layout_test.cpp predefines it empty to put
   these declarations in a namespace next to DDS's own.) */
#ifndef DDTB_DDS_EXTERN
#ifdef __cplusplus
#define DDTB_DDS_EXTERN extern "C"
#else
#define DDTB_DDS_EXTERN
#endif
#endif

/* The DDS version whose interface this is: 2.9.0. */
#define DDS_VERSION 20900

#define DDS_HANDS 4
#define DDS_SUITS 4
#define DDS_STRAINS 5

#define MAXNOOFBOARDS 200
#define MAXNOOFTABLES 40

/* Return codes; ErrorMessage() gives the text. */
#define RETURN_NO_FAULT 1
#define TEXT_NO_FAULT "Success"
/* A batch given different numbers of boards and plays; also any internal
   failure (out of memory, say). */
#define RETURN_UNKNOWN_FAULT -1
#define TEXT_UNKNOWN_FAULT "General error"
#define RETURN_ZERO_CARDS -2
#define TEXT_ZERO_CARDS "Zero cards"
#define RETURN_TARGET_TOO_HIGH -3
#define TEXT_TARGET_TOO_HIGH "Target exceeds number of tricks"
#define RETURN_DUPLICATE_CARDS -4
#define TEXT_DUPLICATE_CARDS "Cards duplicated"
#define RETURN_TARGET_WRONG_LO -5
#define TEXT_TARGET_WRONG_LO "Target is less than -1"
#define RETURN_TARGET_WRONG_HI -7
#define TEXT_TARGET_WRONG_HI "Target is higher than 13"
#define RETURN_SOLNS_WRONG_LO -8
#define TEXT_SOLNS_WRONG_LO "Solutions parameter is less than 1"
#define RETURN_SOLNS_WRONG_HI -9
#define TEXT_SOLNS_WRONG_HI "Solutions parameter is higher than 3"
/* More than 52 cards, those after a fourth '.' of a hand in a PBN deal
   included. */
#define RETURN_TOO_MANY_CARDS -10
#define TEXT_TOO_MANY_CARDS "Too many cards"
#define RETURN_SUIT_OR_RANK -12
#define TEXT_SUIT_OR_RANK "currentTrickSuit or currentTrickRank has wrong data"
#define RETURN_PLAYED_CARD -13
#define TEXT_PLAYED_CARD "Played card also remains in a hand"
/* Hand sizes that do not fit together (or with the current trick); also a
   PBN deal with a card after a fourth hand, or with at most 52 cards of
   which some come after a fourth '.' of a hand. */
#define RETURN_CARD_COUNT -14
#define TEXT_CARD_COUNT "Wrong number of remaining cards in a hand"
#define RETURN_THREAD_INDEX -15
#define TEXT_THREAD_INDEX "Thread index is not 0 .. maximum"
#define RETURN_MODE_WRONG_LO -16
#define TEXT_MODE_WRONG_LO "Mode parameter is less than 0"
#define RETURN_MODE_WRONG_HI -17
#define TEXT_MODE_WRONG_HI "Mode parameter is higher than 2"
#define RETURN_TRUMP_WRONG -18
#define TEXT_TRUMP_WRONG "Trump is not in 0 .. 4"
#define RETURN_FIRST_WRONG -19
#define TEXT_FIRST_WRONG "First is not in 0 .. 2"
/* AnalysePlay*: a card count outside 0..52, a card that is not a card, or a
   card its player does not hold (or, in ddtb, may not play). */
#define RETURN_PLAY_FAULT -98
#define TEXT_PLAY_FAULT "AnalysePlay input error"
/* A PBN deal without its "N:" (E:, S:, W:) prefix. */
#define RETURN_PBN_FAULT -99
#define TEXT_PBN_FAULT "PBN string error"
#define RETURN_TOO_MANY_BOARDS -101
#define TEXT_TOO_MANY_BOARDS "Too many boards requested"
#define RETURN_THREAD_CREATE -102
#define TEXT_THREAD_CREATE "Could not create threads"
#define RETURN_THREAD_WAIT -103
#define TEXT_THREAD_WAIT "Something failed waiting for thread to end"
/* SetThreading() with a threading system this library does not have. */
#define RETURN_THREAD_MISSING -104
#define TEXT_THREAD_MISSING "Multi-threading system not present"
/* CalcAllTables*: every strain filtered out. */
#define RETURN_NO_SUIT -201
#define TEXT_NO_SUIT "Denomination filter vector has no entries"
/* CalcAllTables*: more than MAXNOOFBOARDS strain tables (tables x strains). */
#define RETURN_TOO_MANY_TABLES -202
#define TEXT_TOO_MANY_TABLES "Too many DD tables requested"
#define RETURN_CHUNK_SIZE -301
#define TEXT_CHUNK_SIZE "Chunk size is less than 1"
/* ddtb only. SetTablebasePath(): the directory holds no valid endgame table
   (missing, unreadable, no table file, or a file failing its checks). The
   previous tables, if any, stay in use. */
#define RETURN_NO_TABLEBASE -501
#define TEXT_NO_TABLEBASE "No valid endgame table in the directory"

struct futureTricks {
  int nodes;      /* positions searched */
  int cards;      /* entries filled below */
  int suit[13];   /* of each card (the highest of a run of equivalent cards) */
  int rank[13];   /* 2..14 */
  int equals[13]; /* rank bits of the lower cards of the run */
  int score[13];  /* tricks for the side to play; see SolveBoard */
};

/* A position: the cards left in each hand and the 0..3 cards already played
   to the current trick by `first` and the seats after it (rank 0: none).
   The cards of the current trick are taken as played: one that does not
   follow suit although its hand still holds the suit led is accepted, as
   DDS accepts it (a client sampling the unseen hands may send that). The
   seats still to play must follow suit, and the trick goes to the highest
   trump, else to the highest card of the suit led. */
struct deal {
  int trump;
  int first;
  int currentTrickSuit[3];
  int currentTrickRank[3];
  unsigned int remainCards[DDS_HANDS][DDS_SUITS];
};

/* remainCards in PBN: "N:AKQ.T98.65.432 ..." */
struct dealPBN {
  int trump;
  int first;
  int currentTrickSuit[3];
  int currentTrickRank[3];
  char remainCards[80];
};

struct boards {
  int noOfBoards;
  struct deal deals[MAXNOOFBOARDS];
  int target[MAXNOOFBOARDS];
  int solutions[MAXNOOFBOARDS];
  int mode[MAXNOOFBOARDS];
};

struct boardsPBN {
  int noOfBoards;
  struct dealPBN deals[MAXNOOFBOARDS];
  int target[MAXNOOFBOARDS];
  int solutions[MAXNOOFBOARDS];
  int mode[MAXNOOFBOARDS];
};

struct solvedBoards {
  int noOfBoards;
  struct futureTricks solvedBoard[MAXNOOFBOARDS];
};

struct ddTableDeal {
  unsigned int cards[DDS_HANDS][DDS_SUITS];
};

struct ddTableDeals {
  int noOfTables;
  struct ddTableDeal deals[MAXNOOFTABLES * DDS_STRAINS];
};

struct ddTableDealPBN {
  char cards[80];
};

struct ddTableDealsPBN {
  int noOfTables;
  struct ddTableDealPBN deals[MAXNOOFTABLES * DDS_STRAINS];
};

/* resTable[strain][declarer]: the declarer's tricks; its left-hand
   opponent leads. */
struct ddTableResults {
  int resTable[DDS_STRAINS][DDS_HANDS];
};

struct ddTablesRes {
  int noOfBoards; /* strain tables solved x 4 */
  struct ddTableResults results[MAXNOOFTABLES * DDS_STRAINS];
};

/* Index 0: North-South bid first, 1: East-West; each score from that side's
   view ("NS -110", "EW 110"). */
struct parResults {
  char parScore[2][16];
  char parContractsString[2][128];
};

struct allParResults {
  struct parResults presults[MAXNOOFTABLES];
};

struct parResultsDealer {
  int number;
  int score;
  char contracts[10][10]; /* "4S*-EW-1", "3N-NS", "4N-W+1" */
};

struct contractType {
  int underTricks; /* a sacrifice: tricks down */
  int overTricks;  /* a made contract: tricks over */
  int level;       /* 1..7 */
  int denom;       /* 0 NT, 1 S, 2 H, 3 D, 4 C (not the suit encoding) */
  int seats;       /* 0 N, 1 E, 2 S, 3 W, 4 NS, 5 EW */
};

struct parResultsMaster {
  int score;
  int number;
  struct contractType contracts[10];
};

struct parTextResults {
  char parText[2][128];
  bool equal; /* both sides' views agree */
};

struct playTraceBin {
  int number; /* cards played from the start */
  int suit[52];
  int rank[52];
};

struct playTracePBN {
  int number;
  char cards[106]; /* "SAS2S3S4HK..." */
};

/* tricks[0]: the declaring side's double-dummy tricks before any card;
   tricks[i]: after card i (the declarer sits at the right of `first`). The
   last trick is not analysed: number is 1 + min(cards played, cards - 4),
   counting in `cards` those of the current trick. */
struct solvedPlay {
  int number;
  int tricks[53];
};

struct playTracesBin {
  int noOfBoards;
  struct playTraceBin plays[MAXNOOFBOARDS];
};

struct playTracesPBN {
  int noOfBoards;
  struct playTracePBN plays[MAXNOOFBOARDS];
};

struct solvedPlays {
  int noOfBoards;
  struct solvedPlay solved[MAXNOOFBOARDS];
};

struct DDSInfo {
  int major, minor, patch; /* the DDS interface level: 2, 9, 0 */
  char versionString[10];  /* "2.9.0" */
  int system;              /* 0 unknown, 1 Windows, 2 Cygwin, 3 Linux, 4 Apple */
  int numBits;
  int compiler;    /* 0 unknown, 1 MSVC, 2 mingw, 3 GNU g++, 4 clang */
  int constructor; /* 0 none, 1 DllMain, 2 Unix-style */
  int numCores;
  int threading;   /* 5: STL threads */
  int noOfThreads; /* threads configured */
  char threadSizes[128];
  char systemString[1024]; /* says ddtb, its version and the tablebase */
};

/* Threads for the batch functions and the valid threadIndex range: at most
   the number of cores; 0 or less: one per core. */
DDTB_DDS_EXTERN DDTB_DDS_API void DDTB_DDS_CALL SetMaxThreads(int userThreads);

/* 0 (automatic), 2, 4 and 5 are accepted (all mean ddtb's own std::thread
   pool); others return RETURN_THREAD_MISSING. */
DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL SetThreading(int code);

/* maxMemoryMB (0: default) is shared among the maxThreads solvers: each
   solver's transposition table starts at ddtb's default size (or its share,
   if smaller) and may grow to its share within a call that needs it. */
DDTB_DDS_EXTERN DDTB_DDS_API void DDTB_DDS_CALL SetResources(int maxMemoryMB, int maxThreads);

/* Releases every solver's memory; solvers are rebuilt on the next call. */
DDTB_DDS_EXTERN DDTB_DDS_API void DDTB_DDS_CALL FreeMemory(void);

/* Solves one position.
   target -1: the most tricks; 0: no search, every score 0; 1..13: whether
   the side to play takes at least `target` tricks.
   solutions 1: one card; 2: every card reaching the best score (target -1)
   or `target`; 3: every legal card with its own score, target ignored.
   With target >= 1 and solutions 1 or 2 a card that reaches the target
   scores `target`; when none does, cards is 0 and score[0] is -1.
   mode 0: when the side to play has a single card (or run of equivalent
   cards), return it with score -2 and no search; 1 and 2: always search.
   The last trick is never searched: its one card scores 0 or 1.
   threadIndex 0 .. threads-1 names the solver (and its transposition
   table) to use; calls with different indexes run in parallel. */
DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL SolveBoard(struct deal dl, int target, int solutions,
                                                          int mode, struct futureTricks* futp,
                                                          int threadIndex);

DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL SolveBoardPBN(struct dealPBN dlpbn, int target,
                                                             int solutions, int mode,
                                                             struct futureTricks* futp, int thrId);

/* The DD table of a deal. */
DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL CalcDDtable(struct ddTableDeal tableDeal,
                                                           struct ddTableResults* tablep);

DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL CalcDDtablePBN(struct ddTableDealPBN tableDealPBN,
                                                              struct ddTableResults* tablep);

/* DD tables of several deals in parallel. trumpFilter[s] non-zero leaves
   strain s out (its entries untouched). mode 0..3 (a vulnerability) also
   fills *presp with Par() of each table when no strain is left out; -1 (or
   anything else): no par. */
DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL CalcAllTables(struct ddTableDeals* dealsp, int mode,
                                                             int trumpFilter[DDS_STRAINS],
                                                             struct ddTablesRes* resp,
                                                             struct allParResults* presp);

DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL CalcAllTablesPBN(struct ddTableDealsPBN* dealsp,
                                                                int mode,
                                                                int trumpFilter[DDS_STRAINS],
                                                                struct ddTablesRes* resp,
                                                                struct allParResults* presp);

/* SolveBoardPBN on each board, in parallel. Returns the first failing
   board's code (the other boards are still solved). */
DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL SolveAllBoards(struct boardsPBN* bop,
                                                              struct solvedBoards* solvedp);

/* SolveAllBoards for binary deals (a later DDS addition). */
DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL SolveAllBoardsBin(struct boards* bop,
                                                                 struct solvedBoards* solvedp);

/* As SolveAllBoards; chunkSize (>= 1) only affects scheduling in DDS. */
DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL SolveAllChunks(struct boardsPBN* bop,
                                                              struct solvedBoards* solvedp,
                                                              int chunkSize);

DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL SolveAllChunksBin(struct boards* bop,
                                                                 struct solvedBoards* solvedp,
                                                                 int chunkSize);

DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL SolveAllChunksPBN(struct boardsPBN* bop,
                                                                 struct solvedBoards* solvedp,
                                                                 int chunkSize);

/* DDS 3.1's thread-count variants. maxThreads caps the threads the call
   runs on: 0 or less means SetMaxThreads()'s setting (so each name without
   N is its N variant with 0); a positive cap is lowered to the number of
   cores (as SetMaxThreads() lowers it) and to the number of tasks (one per
   board, one per table and strain). Answers never depend on it. A call with
   more threads than SetMaxThreads()'s setting gives each thread the memory
   share of one of SetResources()' threads. */
DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL CalcDDtableN(struct ddTableDeal tableDeal,
                                                            struct ddTableResults* tablep,
                                                            int maxThreads);

DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL CalcDDtablePBNN(struct ddTableDealPBN tableDealPBN,
                                                               struct ddTableResults* tablep,
                                                               int maxThreads);

DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL
CalcAllTablesN(const struct ddTableDeals* dealsp, int mode, const int trumpFilter[DDS_STRAINS],
               struct ddTablesRes* resp, struct allParResults* presp, int maxThreads);

DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL CalcAllTablesPBNN(
    const struct ddTableDealsPBN* dealsp, int mode, const int trumpFilter[DDS_STRAINS],
    struct ddTablesRes* resp, struct allParResults* presp, int maxThreads);

DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL SolveAllBoardsN(const struct boardsPBN* bop,
                                                               struct solvedBoards* solvedp,
                                                               int maxThreads);

DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL SolveAllBoardsBinN(const struct boards* bop,
                                                                  struct solvedBoards* solvedp,
                                                                  int maxThreads);

/* DDS 3.1: CalcAllTables for any number of deals (no MAXNOOFTABLES cap):
   results[i] (and par[i]) for deals[i], i < numDeals; maxThreads as in the
   N variants. trumpFilter and mode as in CalcAllTables; when mode asks for
   par (0..3, no strain left out) par must hold numDeals entries, else it
   may be NULL. Returns, checked in this order: numDeals < 0
   RETURN_TOO_MANY_TABLES; numDeals 0 RETURN_NO_FAULT (nothing read or
   written); deals, trumpFilter or results NULL RETURN_UNKNOWN_FAULT; every
   strain filtered RETURN_NO_SUIT; more than INT_MAX strain tables
   RETURN_TOO_MANY_TABLES; par wanted but NULL RETURN_UNKNOWN_FAULT; in
   CalcAllTablesPBNX a text without its seat RETURN_PBN_FAULT; then the
   first refused deal's code (as CalcDDtable's). Nothing is written unless
   every deal is accepted. */
DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL CalcAllTablesX(
    int numDeals, const struct ddTableDeal* deals, int mode, const int trumpFilter[DDS_STRAINS],
    struct ddTableResults* results, struct parResults* par, int maxThreads);

DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL CalcAllTablesPBNX(
    int numDeals, const struct ddTableDealPBN* deals, int mode, const int trumpFilter[DDS_STRAINS],
    struct ddTableResults* results, struct parResults* par, int maxThreads);

/* DDS 3.1: SolveAllBoards solved in order, board 0 first, on the calling
   thread, with one solver of the batch pool (its transposition table warm
   from earlier calls). Stops at the first failing board and returns its
   code; that board and those after it read as no cards (cards 0). The
   checks of the whole batch (NULL, too many boards, in the PBN form a
   text without its seat) are SolveAllBoards'; noOfBoards is set as there
   (DDS 3.1 sets it only when every board is solved). */
DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL SolveAllBoardsSeq(const struct boardsPBN* bop,
                                                                 struct solvedBoards* solvedp);

DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL SolveAllBoardsBinSeq(const struct boards* bop,
                                                                    struct solvedBoards* solvedp);

/* Par from a DD table (include/ddtb/par.hpp describes the model). */
DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL Par(struct ddTableResults* tablep,
                                                   struct parResults* presp, int vulnerable);

/* CalcDDtable then Par. */
DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL CalcPar(struct ddTableDeal tableDeal, int vulnerable,
                                                       struct ddTableResults* tablep,
                                                       struct parResults* presp);

DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL CalcParPBN(struct ddTableDealPBN tableDealPBN,
                                                          struct ddTableResults* tablep,
                                                          int vulnerable, struct parResults* presp);

/* Each side's view (index 0 NS bids first, 1 EW), each score from that
   side's view. */
DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL SidesPar(struct ddTableResults* tablep,
                                                        struct parResultsDealer sidesRes[2],
                                                        int vulnerable);

/* Par with the seats bidding in turn from `dealer`; score from NS's view.
   A deal passed out gives number 1 and the contract "pass". */
DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL DealerPar(struct ddTableResults* tablep,
                                                         struct parResultsDealer* presp, int dealer,
                                                         int vulnerable);

DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL DealerParBin(struct ddTableResults* tablep,
                                                            struct parResultsMaster* presp,
                                                            int dealer, int vulnerable);

DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL SidesParBin(struct ddTableResults* tablep,
                                                           struct parResultsMaster sidesRes[2],
                                                           int vulnerable);

/* Text of a DealerParBin result: "Par -110: EW 2S". */
DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL
ConvertToDealerTextFormat(struct parResultsMaster* pres, char* resp);

/* Texts of a SidesParBin result: "Par 130: NS 2D+2 NS 2C+2". */
DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL
ConvertToSidesTextFormat(struct parResultsMaster* pres, struct parTextResults* resp);

/* The DD value after each card of a play (see solvedPlay). */
DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL AnalysePlayBin(struct deal dl,
                                                              struct playTraceBin play,
                                                              struct solvedPlay* solved, int thrId);

DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL AnalysePlayPBN(struct dealPBN dlPBN,
                                                              struct playTracePBN playPBN,
                                                              struct solvedPlay* solvedp,
                                                              int thrId);

/* AnalysePlay* on each board, in parallel; the counts of boards and plays
   must agree (else RETURN_UNKNOWN_FAULT). */
DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL AnalyseAllPlaysBin(struct boards* bop,
                                                                  struct playTracesBin* plp,
                                                                  struct solvedPlays* solvedp,
                                                                  int chunkSize);

DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL AnalyseAllPlaysPBN(struct boardsPBN* bopPBN,
                                                                  struct playTracesPBN* plpPBN,
                                                                  struct solvedPlays* solvedp,
                                                                  int chunkSize);

DDTB_DDS_EXTERN DDTB_DDS_API void DDTB_DDS_CALL GetDDSInfo(struct DDSInfo* info);

/* The text of a return code; "Not a DDS error code" for unknown codes. */
DDTB_DDS_EXTERN DDTB_DDS_API void DDTB_DDS_CALL ErrorMessage(int code, char line[80]);

/* ddtb only. Probe the endgame tables in `dir` from now on (every solver,
   every call). NULL or "" switches the tables off. Returns RETURN_NO_FAULT,
   or RETURN_NO_TABLEBASE when `dir` holds no valid table (the tables in use
   stay). Without a call, the default tables are used: the first directory
   holding tables among $DDTB_TABLEBASE (set but empty: no tables), the
   per-user $XDG_DATA_HOME/ddtb/tables (else ~/.local/share/ddtb/tables) and
   the installed <prefix>/share/ddtb/tables, looked for once, at the first
   call that solves (or GetDDSInfo, whose systemString names them). Tables
   that fail their checks or lack a layer are not used. */
DDTB_DDS_EXTERN DDTB_DDS_API int DDTB_DDS_CALL SetTablebasePath(const char* dir);

#endif /* DDTB_DLL_H */
