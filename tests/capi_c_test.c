/* A C program (compiled as C11) that includes ddtb's dll.h and calls it:
   the header is valid C and its structs have DDS's sizes. Exits 0 on
   success, else prints what failed. */
#include <ddtb/dll.h>
#include <stdio.h>
#include <string.h>

/* DDS's layouts on an LP64 system with 4-byte int. */
_Static_assert(sizeof(int) != 4 || sizeof(struct futureTricks) == 216, "futureTricks");
_Static_assert(sizeof(int) != 4 || sizeof(struct deal) == 96, "deal");
_Static_assert(sizeof(int) != 4 || sizeof(struct dealPBN) == 112, "dealPBN");
_Static_assert(sizeof(int) != 4 || sizeof(struct ddTableResults) == 80, "ddTableResults");
_Static_assert(sizeof(struct parResults) == 288, "parResults");
_Static_assert(sizeof(int) != 4 || sizeof(struct contractType) == 20, "contractType");
_Static_assert(sizeof(int) != 4 || sizeof(struct solvedPlay) == 216, "solvedPlay");
_Static_assert(MAXNOOFBOARDS == 200 && MAXNOOFTABLES == 40, "limits");

static int failures = 0;

static void check(int ok, const char* what) {
  if (!ok) {
    printf("FAILED: %s\n", what);
    ++failures;
  }
}

int main(void) {
  struct ddTableDealPBN table_deal;
  struct ddTableResults table;
  struct dealPBN ending;
  struct futureTricks fut;
  struct parResults par;
  struct parResultsDealer dealer_par;
  struct DDSInfo info;
  char line[80];
  static const int kWant[5][4] = {
      {5, 8, 5, 8}, {6, 6, 6, 6}, {5, 7, 5, 7}, {7, 5, 7, 5}, {6, 6, 6, 6}};
  int s, h, ok = 1;

  memset(&table_deal, 0, sizeof table_deal);
  strcpy(table_deal.cards, "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3");
  check(CalcDDtablePBN(table_deal, &table) == RETURN_NO_FAULT, "CalcDDtablePBN");
  for (s = 0; s < DDS_STRAINS; ++s)
    for (h = 0; h < DDS_HANDS; ++h) ok = ok && table.resTable[s][h] == kWant[s][h];
  check(ok, "the DD table");

  check(Par(&table, &par, 0) == RETURN_NO_FAULT, "Par");
  check(strcmp(par.parScore[0], "NS -110") == 0, "Par score");
  check(strcmp(par.parContractsString[0], "NS:EW 2S") == 0, "Par contracts");
  check(DealerPar(&table, &dealer_par, 0, 0) == RETURN_NO_FAULT, "DealerPar");
  check(dealer_par.number == 1 && dealer_par.score == -110 &&
            strcmp(dealer_par.contracts[0], "2S-EW") == 0,
        "DealerPar result");

  memset(&ending, 0, sizeof ending);
  ending.trump = 4;
  ending.first = 0;
  strcpy(ending.remainCards, "N:AK.. QJ.. T9.. 87..");
  check(SolveBoardPBN(ending, -1, 3, 1, &fut, 0) == RETURN_NO_FAULT, "SolveBoardPBN");
  check(fut.cards == 1 && fut.rank[0] == 14 && fut.equals[0] == (1 << 13) && fut.score[0] == 2,
        "SolveBoardPBN result");
  check(SolveBoardPBN(ending, 3, 1, 1, &fut, 0) == RETURN_TARGET_TOO_HIGH, "target check");

  ErrorMessage(RETURN_PBN_FAULT, line);
  check(strcmp(line, TEXT_PBN_FAULT) == 0, "ErrorMessage");
  check(SetTablebasePath("/nonexistent") == RETURN_NO_TABLEBASE, "SetTablebasePath");
  GetDDSInfo(&info);
  check(info.major == 2 && info.minor == 9 && info.patch == 0, "GetDDSInfo");

  if (failures == 0) printf("dll.h from C: all checks passed\n");
  return failures == 0 ? 0 : 1;
}
