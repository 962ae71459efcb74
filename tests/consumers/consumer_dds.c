/* A C program written for DDS's API (dll.h), built against an installed or
 * embedded ddtb through the target ddtb::dds instead of libdds. The consumer
 * tests build it and run it next to consumer.cpp. */
#include <stdio.h>
#include <string.h>

#include "ddtb/dll.h"

int main(void) {
  /* list100.txt deal 1: North takes 6 tricks in no trump, West 8 in spades. */
  struct ddTableDealPBN deal;
  struct ddTableResults table;
  char message[80];
  strcpy(deal.cards, "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3");
  const int rc = CalcDDtablePBN(deal, &table);
  if (rc != RETURN_NO_FAULT) {
    ErrorMessage(rc, message);
    fprintf(stderr, "CalcDDtablePBN: %s\n", message);
    return 1;
  }
  const int nt_north = table.resTable[4][0];
  const int spades_west = table.resTable[0][3];
  printf("ddtb dds: 1NT by N takes %d, spades by W %d\n", nt_north, spades_west);
  return nt_north == 6 && spades_west == 8 ? 0 : 1;
}
