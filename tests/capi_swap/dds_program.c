/* An ordinary DDS program: compiled against Debian's libdds-dev
   (<dds/dll.h>) and linked with -ldds. The test runs it twice, once with
   Debian's libdds.so.0 and once with ddtb's first on LD_LIBRARY_PATH, and
   requires byte-identical output (run_swap.cmake).

   Its workload avoids what the two libraries may legitimately do
   differently: cards of equal score are printed sorted (DDS lists them in
   its internal move order), node counts and GetDDSInfo's texts are not
   printed. Which library answered is written to stderr, for the runner to
   check that the swap really happened. */
#include <dds/dll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* list100.txt's first deals, with their dealer and vulnerability. */
static const char* const kDeals[] = {
    "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
    "E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63",
    "N:73.QJT.AQ54.T752 QT6.876.KJ9.AQ84 5.A95432.7632.K6 AKJ9842.K.T8.J93",
    "E:K75.T654.J43.J43 AT3.KQ92.Q982.Q2 Q9.AJ3.T65.AK975 J8642.87.AK7.T86",
    "N:AJ6.Q875.AKQJ5.4 K9873.A.T93.J865 T54.K62.76.AKT93 Q2.JT943.842.Q72",
};
enum { kNumDeals = sizeof kDeals / sizeof kDeals[0] };

static struct ddTableDealsPBN table_deals;
static struct ddTablesRes tables;
static struct allParResults pars;
static struct boardsPBN boards;
static struct solvedBoards solved;

static int by_score_then_card(const void* a, const void* b) {
  const int* x = (const int*)a;
  const int* y = (const int*)b;
  if (x[0] != y[0]) return y[0] - x[0];
  if (x[1] != y[1]) return x[1] - y[1];
  return y[2] - x[2];
}

/* score, suit, rank, equals of each card, sorted: no tie order shows. */
static void print_future(const char* tag, int rc, const struct futureTricks* f) {
  int rows[13][4];
  int i, n = rc == RETURN_NO_FAULT ? f->cards : 0;
  printf("%s rc=%d cards=%d", tag, rc, n);
  if (rc == RETURN_NO_FAULT && n == 0) printf(" score0=%d", f->score[0]);
  for (i = 0; i < n; ++i) {
    rows[i][0] = f->score[i];
    rows[i][1] = f->suit[i];
    rows[i][2] = f->rank[i];
    rows[i][3] = f->equals[i];
  }
  qsort(rows, (size_t)n, sizeof rows[0], by_score_then_card);
  for (i = 0; i < n; ++i)
    printf(" %c%d/%d=%d", "SHDC"[rows[i][1] & 3], rows[i][2], rows[i][3], rows[i][0]);
  printf("\n");
}

static void print_master(const char* tag, const struct parResultsMaster* m) {
  int i;
  printf("%s score=%d number=%d", tag, m->score, m->number);
  for (i = 0; i < m->number && i < 10; ++i)
    printf(" (%d %d %d %d %d)", m->contracts[i].underTricks, m->contracts[i].overTricks,
           m->contracts[i].level, m->contracts[i].denom, m->contracts[i].seats);
  printf("\n");
}

static void par_all(const struct ddTableResults* table) {
  struct ddTableResults t = *table;
  int vul, dealer, k, i, rc;
  for (vul = 0; vul < 4; ++vul) {
    struct parResults p;
    struct parResultsDealer sides[2];
    struct parResultsMaster msides[2];
    struct parTextResults text;
    memset(&p, 0, sizeof p);
    rc = Par(&t, &p, vul);
    printf("  Par vul %d rc=%d [%s] [%s] [%s] [%s]\n", vul, rc, p.parScore[0], p.parScore[1],
           p.parContractsString[0], p.parContractsString[1]);
    memset(sides, 0, sizeof sides);
    rc = SidesPar(&t, sides, vul);
    for (k = 0; k < 2; ++k) {
      printf("  SidesPar vul %d side %d rc=%d score=%d", vul, k, rc, sides[k].score);
      for (i = 0; i < sides[k].number && i < 10; ++i) printf(" %s", sides[k].contracts[i]);
      printf("\n");
    }
    memset(msides, 0, sizeof msides);
    rc = SidesParBin(&t, msides, vul);
    printf("  SidesParBin rc=%d\n", rc);
    print_master("   side 0", &msides[0]);
    print_master("   side 1", &msides[1]);
    memset(&text, 0, sizeof text);
    rc = ConvertToSidesTextFormat(msides, &text);
    printf("  SidesText rc=%d equal=%d [%s] [%s]\n", rc, (int)text.equal, text.parText[0],
           text.parText[1]);
    for (dealer = 0; dealer < 4; ++dealer) {
      struct parResultsDealer d;
      struct parResultsMaster m;
      char line[512];
      memset(&d, 0, sizeof d);
      rc = DealerPar(&t, &d, dealer, vul);
      printf("  DealerPar vul %d dealer %d rc=%d score=%d", vul, dealer, rc, d.score);
      for (i = 0; i < d.number && i < 10; ++i) printf(" %s", d.contracts[i]);
      printf("\n");
      memset(&m, 0, sizeof m);
      rc = DealerParBin(&t, &m, dealer, vul);
      printf("  DealerParBin rc=%d", rc);
      print_master("", &m);
      memset(line, 0, sizeof line);
      rc = ConvertToDealerTextFormat(&m, line);
      printf("  DealerText rc=%d [%s]\n", rc, line);
    }
  }
}

static struct dealPBN pbn_deal(const char* text, int trump, int first) {
  struct dealPBN d;
  memset(&d, 0, sizeof d);
  d.trump = trump;
  d.first = first;
  strncpy(d.remainCards, text, sizeof d.remainCards - 1);
  return d;
}

int main(void) {
  struct DDSInfo info;
  struct futureTricks fut;
  struct ddTableDealPBN one;
  struct ddTableResults table;
  struct dealPBN d;
  struct playTracePBN play;
  struct solvedPlay sp;
  int filter[DDS_STRAINS] = {0, 0, 0, 0, 0};
  int i, s, h, t, sol, rc;
  char line[80];

  GetDDSInfo(&info);
  printf("interface %d.%d.%d\n", info.major, info.minor, info.patch);
  fprintf(stderr, "library: %.40s\n", info.systemString);
  SetMaxThreads(0);

  /* DD tables, one by one and in a batch with par. */
  for (i = 0; i < kNumDeals; ++i) {
    memset(&one, 0, sizeof one);
    strcpy(one.cards, kDeals[i]);
    rc = CalcDDtablePBN(one, &table);
    printf("CalcDDtablePBN %d rc=%d:", i, rc);
    for (s = 0; s < DDS_STRAINS; ++s)
      for (h = 0; h < DDS_HANDS; ++h) printf(" %d", table.resTable[s][h]);
    printf("\n");
    par_all(&table);
  }
  table_deals.noOfTables = kNumDeals;
  for (i = 0; i < kNumDeals; ++i) strcpy(table_deals.deals[i].cards, kDeals[i]);
  rc = CalcAllTablesPBN(&table_deals, 2, filter, &tables, &pars);
  printf("CalcAllTablesPBN rc=%d boards=%d\n", rc, tables.noOfBoards);
  for (i = 0; i < kNumDeals; ++i) {
    printf(" table %d:", i);
    for (s = 0; s < DDS_STRAINS; ++s)
      for (h = 0; h < DDS_HANDS; ++h) printf(" %d", tables.results[i].resTable[s][h]);
    printf(" par [%s] [%s] [%s] [%s]\n", pars.presults[i].parScore[0], pars.presults[i].parScore[1],
           pars.presults[i].parContractsString[0], pars.presults[i].parContractsString[1]);
  }
  filter[0] = filter[4] = 1;
  rc = CalcAllTablesPBN(&table_deals, -1, filter, &tables, &pars);
  printf("CalcAllTablesPBN (H, D, C) rc=%d boards=%d\n", rc, tables.noOfBoards);

  /* SolveBoardPBN: every target and solutions at the first trick and after
     three cards, for an ending of the first deal. */
  d = pbn_deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3", 0, 0);
  for (t = -1; t <= 6; ++t)
    for (sol = 2; sol <= 3; ++sol) {
      char tag[64];
      snprintf(tag, sizeof tag, "SolveBoardPBN target %d solutions %d", t, sol);
      print_future(tag, SolveBoardPBN(d, t, sol, 1, &fut, 0), &fut);
    }
  d = pbn_deal("N:QJ6.K652.J8.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3", 0, 0);
  d.currentTrickSuit[0] = 2;
  d.currentTrickRank[0] = 5;
  print_future("SolveBoardPBN mid-trick", SolveBoardPBN(d, -1, 3, 1, &fut, 0), &fut);
  print_future("SolveBoardPBN last trick",
               SolveBoardPBN(pbn_deal("N:A... 2... K... Q...", 4, 1), -1, 1, 0, &fut, 0), &fut);

  /* SolveAllBoards: each deal in every strain, West or North leading. */
  boards.noOfBoards = 2 * DDS_STRAINS;
  for (i = 0; i < boards.noOfBoards; ++i) {
    boards.deals[i] = pbn_deal(kDeals[i % 2], i % DDS_STRAINS, 3 * (i % 2));
    boards.target[i] = -1;
    boards.solutions[i] = 3;
    boards.mode[i] = 1;
  }
  rc = SolveAllBoards(&boards, &solved);
  printf("SolveAllBoards rc=%d boards=%d\n", rc, solved.noOfBoards);
  for (i = 0; i < solved.noOfBoards; ++i)
    print_future(" board", RETURN_NO_FAULT, &solved.solvedBoard[i]);

  /* AnalysePlayPBN: list100's second deal and its play. */
  d = pbn_deal(kDeals[1], 4, 1);
  memset(&play, 0, sizeof play);
  play.number = 52;
  strcpy(play.cards,
         "SQD2S8SAHKHTH3H2HQS2H4H6H8D6HJHAS7SKS4C4D8C2DKD4H9C5S6S3H7C7C3S5H5CTD9STD3DQDAC8S9SJC9D"
         "TCQD5CAC6DJCKCJD7");
  rc = AnalysePlayPBN(d, play, &sp, 0);
  printf("AnalysePlayPBN rc=%d number=%d:", rc, sp.number);
  for (i = 0; i < sp.number && i < 53; ++i) printf(" %d", sp.tricks[i]);
  printf("\n");

  /* Bad input: the codes and their texts. */
  printf("no seat: %d\n", SolveBoardPBN(pbn_deal("QJ6.K652.J85.T98", 0, 0), -1, 1, 1, &fut, 0));
  printf("short hand: %d\n",
         SolveBoardPBN(pbn_deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT9", 0, 0),
                       -1, 1, 1, &fut, 0));
  printf("target 14: %d, solutions 0: %d, mode 3: %d, trump 5: %d\n",
         SolveBoardPBN(pbn_deal(kDeals[0], 0, 0), 14, 1, 1, &fut, 0),
         SolveBoardPBN(pbn_deal(kDeals[0], 0, 0), -1, 0, 1, &fut, 0),
         SolveBoardPBN(pbn_deal(kDeals[0], 0, 0), -1, 1, 3, &fut, 0),
         SolveBoardPBN(pbn_deal(kDeals[0], 5, 0), -1, 1, 1, &fut, 0));
  for (rc = 1; rc >= -301; --rc) {
    ErrorMessage(rc, line);
    if (strcmp(line, "Not a DDS error code") != 0) printf("ErrorMessage(%d) = %s\n", rc, line);
  }
  return 0;
}
