/* A C program (compiled as C11) that includes ddtb's dds_c_api.h and
   dll.h and calls DDS 3.1's additions: the handle API and the thread-count,
   any-size and sequential batch calls. The headers are valid C and the calls
   link. Exits 0 on success, else prints what failed. */
#include <ddtb/dds_c_api.h>
#include <ddtb/dll.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;

static void check(int ok, const char* what) {
  if (!ok) {
    printf("FAILED: %s\n", what);
    ++failures;
  }
}

static const char* const kDeal =
    "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
/* Its table: [strain S,H,D,C,NT][declarer N,E,S,W]. */
static const int kTable[5][4] = {
    {5, 8, 5, 8}, {6, 6, 6, 6}, {5, 7, 5, 7}, {7, 5, 7, 5}, {6, 6, 6, 6}};

static int is_the_table(const struct ddTableResults* t) {
  int s, h;
  for (s = 0; s < DDS_STRAINS; ++s)
    for (h = 0; h < DDS_HANDS; ++h)
      if (t->resTable[s][h] != kTable[s][h]) return 0;
  return 1;
}

static void handle_calls(void) {
  DDS_C_SOLVER_CTX ctx = dds_c_create_solvercontext_default();
  DDS_C_SOLVER_CTX sized = dds_c_create_solvercontext(1, 16, 64);
  struct ddTableDealPBN table_deal;
  struct ddTableResults table;
  struct parResults par;
  struct parResultsDealer dealer_par;
  struct dealPBN ending;
  struct futureTricks fut;
  char line[80];

  check(ctx != NULL && sized != NULL, "dds_c_create_solvercontext*");
  check(dds_c_create_solvercontext(9, 0, 0) == NULL, "an unknown table kind");
  memset(&table_deal, 0, sizeof table_deal);
  strcpy(table_deal.cards, kDeal);
  check(
      dds_c_calc_dd_table_pbn(ctx, &table_deal, &table) == RETURN_NO_FAULT && is_the_table(&table),
      "dds_c_calc_dd_table_pbn");
  check(dds_c_calc_par_pbn(sized, &table_deal, 0, &table, &par) == RETURN_NO_FAULT &&
            strcmp(par.parScore[0], "NS -110") == 0,
        "dds_c_calc_par_pbn");
  check(dds_c_dealer_par(&table, &dealer_par, 0, 0) == RETURN_NO_FAULT &&
            strcmp(dealer_par.contracts[0], "2S-EW") == 0,
        "dds_c_dealer_par");

  memset(&ending, 0, sizeof ending);
  ending.trump = 4;
  strcpy(ending.remainCards, "N:AK.. QJ.. T9.. 87..");
  check(dds_c_solve_board_pbn(ctx, &ending, -1, 3, 1, &fut) == RETURN_NO_FAULT && fut.cards == 1 &&
            fut.rank[0] == 14 && fut.score[0] == 2,
        "dds_c_solve_board_pbn");
  check(dds_c_solve_board_pbn(NULL, &ending, -1, 3, 1, &fut) == RETURN_UNKNOWN_FAULT,
        "a NULL handle");
  dds_c_resize_tt(ctx, 8, 32);
  dds_c_reset_for_solve(ctx);
  dds_c_clear_tt(sized);
  check(dds_c_solve_board_pbn(sized, &ending, 3, 1, 1, &fut) == RETURN_TARGET_TOO_HIGH,
        "a target check");
  dds_c_error_message(RETURN_TARGET_TOO_HIGH, line);
  check(strcmp(line, TEXT_TARGET_TOO_HIGH) == 0, "dds_c_error_message");

  dds_c_destroy_solvercontext(ctx);
  dds_c_destroy_solvercontext(sized);
  dds_c_destroy_solvercontext(NULL);
}

static void batch_calls(void) {
  static struct ddTableDealPBN deals[MAXNOOFTABLES + 1];
  static struct ddTableResults tables[MAXNOOFTABLES + 1];
  static struct parResults pars[MAXNOOFTABLES + 1];
  static struct boardsPBN boards;
  static struct solvedBoards solved;
  const int all[DDS_STRAINS] = {0, 0, 0, 0, 0};
  struct ddTableResults table;
  int i, ok = 1;

  for (i = 0; i <= MAXNOOFTABLES; ++i) strcpy(deals[i].cards, kDeal);
  check(CalcAllTablesPBNX(MAXNOOFTABLES + 1, deals, 0, all, tables, pars, 2) == RETURN_NO_FAULT,
        "CalcAllTablesPBNX");
  for (i = 0; i <= MAXNOOFTABLES; ++i) ok = ok && is_the_table(&tables[i]);
  check(ok, "CalcAllTablesPBNX's tables");
  check(CalcDDtablePBNN(deals[0], &table, 1) == RETURN_NO_FAULT && is_the_table(&table),
        "CalcDDtablePBNN");

  boards.noOfBoards = 2;
  for (i = 0; i < 2; ++i) {
    boards.deals[i].trump = 4;
    boards.deals[i].first = i;
    strcpy(boards.deals[i].remainCards, kDeal);
    boards.target[i] = -1;
    boards.solutions[i] = 1;
    boards.mode[i] = 1;
  }
  check(SolveAllBoardsN(&boards, &solved, 0) == RETURN_NO_FAULT && solved.noOfBoards == 2,
        "SolveAllBoardsN");
  /* No trump, North to lead: West declares, North-South take the rest. */
  check(solved.solvedBoard[0].score[0] == 13 - kTable[4][3], "SolveAllBoardsN's score");
  boards.target[1] = 14;
  check(SolveAllBoardsSeq(&boards, &solved) == RETURN_TARGET_WRONG_HI &&
            solved.solvedBoard[1].cards == 0,
        "SolveAllBoardsSeq stops at the failing board");
}

int main(void) {
  handle_calls();
  batch_calls();
  if (failures == 0) printf("dds_c_api.h and DDS 3.1's calls from C: all checks passed\n");
  return failures == 0 ? 0 : 1;
}
