/*
 * DDS 3.1's handle-based C API (its dds_c_api.h) on ddtb: the same names,
 * arguments and argument order, over the structs of <ddtb/dll.h> (DDS 3
 * renamed them, deal to Deal, futureTricks to FutureTricks...; the layouts
 * are DDS 2.9's in both). Unlike DDS 3's header, this one is valid C.
 *
 * A handle owns one solver: its transposition table stays warm from one call
 * to the next, so a client that solves many related positions (the same
 * deal card by card, sampled deals sharing a hand) gains from keeping one
 * handle; the table's entries stay valid across deals (ddtb's
 * solver/README.md, "Across deals"), so answers never depend on what the handle
 * solved before, only the node counts and the time do. The answers are
 * exactly SolveBoard's, CalcDDtable's and CalcPar's: the same code runs.
 *
 * Rules for every call:
 *  - A handle is not thread-safe: use one per thread (any number of handles
 *    run in parallel). Each call runs on the calling thread.
 *  - A NULL handle or NULL pointer argument: RETURN_UNKNOWN_FAULT (a void
 *    function does nothing). No C++ exception leaves a call; an internal
 *    failure (out of memory) is RETURN_UNKNOWN_FAULT.
 *  - A handle probes the endgame tables that SetTablebasePath() or the
 *    DDTB_TABLEBASE environment variable name, as every solver of dll.h
 *    does; when they change, the handle's next call starts with an empty
 *    transposition table. SetResources(), SetMaxThreads() and FreeMemory()
 *    do not touch handles: their memory is set here.
 *
 * Memory, in MiB as in DDS (def_mb, max_mb): the table starts at def_mb and
 * may grow, within a call that needs it, up to max_mb, then shrinks back
 * (ddtb's SolverOptions::tt_memory_bytes and tt_max_memory_bytes). def_mb
 * 0 or less means ddtb's default start (32 MiB), max_mb 0 or less its
 * default cap (32 MiB: no growth); a cap below the start is raised to it.
 * A size the system cannot reserve (the table reserves max_mb of address
 * space up front) makes creation fail.
 *
 * tt_kind: DDS 3 has several kinds of table (0 small, 1 large, 2 pattern);
 * ddtb has one. Kinds 0, 1 and 2 are accepted and all mean ddtb's table;
 * any other kind is refused (creation returns NULL, dds_c_configure_tt
 * changes nothing).
 *
 * Left out, as they do not fit ddtb: dds_c_log_append / dds_c_log_clear
 * (ddtb keeps no log and never prints) and dds_c_reset_best_moves_lite
 * (DDS's per-position best-move ranks; ddtb's move-ordering memory is
 * internal to its solver, reorders moves only and is not reset alone).
 *
 * On Windows these functions use the C calling convention, as DDS 3's do
 * (dll.h's use __stdcall).
 */
#ifndef DDTB_DDS_C_API_H
#define DDTB_DDS_C_API_H

#include "ddtb/dll.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An opaque solver context: void*, as in DDS 3, so that code written for
   DDS 3 (ctypes' c_void_p included) takes it unchanged. */
typedef void* DDS_C_SOLVER_CTX;

/* A handle with ddtb's default table sizes, or NULL when the memory cannot
   be had. Release it with dds_c_destroy_solvercontext(). */
DDTB_DDS_API DDS_C_SOLVER_CTX dds_c_create_solvercontext_default(void);

/* A handle with the given table kind (0..2, see above) and sizes in MiB;
   NULL for another kind or when the memory cannot be had. */
DDTB_DDS_API DDS_C_SOLVER_CTX dds_c_create_solvercontext(int tt_kind, int def_mb, int max_mb);

/* Releases the handle and its memory; NULL is a no-op. */
DDTB_DDS_API void dds_c_destroy_solvercontext(DDS_C_SOLVER_CTX ctx);

/* SolveBoard / SolveBoardPBN (dll.h) on the handle's solver; no thread
   index. Returns SolveBoard's codes. */
DDTB_DDS_API int dds_c_solve_board(DDS_C_SOLVER_CTX ctx, const struct deal* dl, int target,
                                   int solutions, int mode, struct futureTricks* futp);

DDTB_DDS_API int dds_c_solve_board_pbn(DDS_C_SOLVER_CTX ctx, const struct dealPBN* dlpbn,
                                       int target, int solutions, int mode,
                                       struct futureTricks* futp);

/* CalcDDtable / CalcDDtablePBN, every strain on the calling thread. */
DDTB_DDS_API int dds_c_calc_dd_table(DDS_C_SOLVER_CTX ctx, const struct ddTableDeal* deal,
                                     struct ddTableResults* results);

DDTB_DDS_API int dds_c_calc_dd_table_pbn(DDS_C_SOLVER_CTX ctx, const struct ddTableDealPBN* deal,
                                         struct ddTableResults* results);

/* CalcPar: the DD table into *results, then Par() of it into *par. */
DDTB_DDS_API int dds_c_calc_par(DDS_C_SOLVER_CTX ctx, const struct ddTableDeal* deal,
                                int vulnerable, struct ddTableResults* results,
                                struct parResults* par);

/* CalcParPBN, with the arguments in dds_c_calc_par's order. */
DDTB_DDS_API int dds_c_calc_par_pbn(DDS_C_SOLVER_CTX ctx, const struct ddTableDealPBN* deal,
                                    int vulnerable, struct ddTableResults* results,
                                    struct parResults* par);

/* New kind (0..2) and sizes (MiB, as at creation). The table is emptied
   unless the sizes are those in use. A kind outside 0..2, or sizes the
   system cannot reserve, leave the handle as it was. */
DDTB_DDS_API void dds_c_configure_tt(DDS_C_SOLVER_CTX ctx, int tt_kind, int def_mb, int max_mb);

/* dds_c_configure_tt() keeping the kind. */
DDTB_DDS_API void dds_c_resize_tt(DDS_C_SOLVER_CTX ctx, int def_mb, int max_mb);

/* Releases the solver and its table's memory, keeping the configuration:
   the next call starts as on a fresh handle (the same node counts). */
DDTB_DDS_API void dds_c_clear_tt(DDS_C_SOLVER_CTX ctx);

/* Empties the table, keeping its memory. (The solver's move-ordering
   memory stays, so node counts may differ from a fresh handle's.) */
DDTB_DDS_API void dds_c_reset_for_solve(DDS_C_SOLVER_CTX ctx);

/* Context-free utilities: dll.h's functions under DDS 3's names, with their
   answers and codes (and their arguments in DDS 3's order). */

/* Par(table, par, vulnerable). */
DDTB_DDS_API int dds_c_par_from_table(const struct ddTableResults* table, int vulnerable,
                                      struct parResults* par);

/* SidesPar(). */
DDTB_DDS_API int dds_c_sides_par(const struct ddTableResults* table,
                                 struct parResultsDealer sides_res[2], int vulnerable);

/* DealerPar(). */
DDTB_DDS_API int dds_c_dealer_par(const struct ddTableResults* table, struct parResultsDealer* par,
                                  int dealer, int vulnerable);

/* DealerParBin(). */
DDTB_DDS_API int dds_c_dealer_par_bin(const struct ddTableResults* table,
                                      struct parResultsMaster* par, int dealer, int vulnerable);

/* SidesParBin(). */
DDTB_DDS_API int dds_c_sides_par_bin(const struct ddTableResults* table,
                                     struct parResultsMaster sides_res[2], int vulnerable);

/* ConvertToDealerTextFormat() of a dds_c_dealer_par_bin() result. */
DDTB_DDS_API int dds_c_convert_to_dealer_text_format(const struct parResultsMaster* par,
                                                     char* resp);

/* ConvertToSidesTextFormat() of a dds_c_sides_par_bin() result: par points
   to both sides' entries. */
DDTB_DDS_API int dds_c_convert_to_sides_text_format(const struct parResultsMaster par[2],
                                                    struct parTextResults* resp);

/* GetDDSInfo(). */
DDTB_DDS_API void dds_c_get_dds_info(struct DDSInfo* info);

/* ErrorMessage(). */
DDTB_DDS_API void dds_c_error_message(int code, char line[80]);

#ifdef __cplusplus
}
#endif

#endif /* DDTB_DDS_C_API_H */
