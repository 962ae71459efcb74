// CalcDDtable, CalcAllTables (binary and PBN) and the deprecated CalcPar.
#include <algorithm>
#include <cstring>
#include <vector>

#include "capi/boundary.hpp"
#include "capi/convert.hpp"
#include "capi/workers.hpp"
#include "ddtb/par.hpp"

namespace ddtb::capi {

namespace {

constexpr unsigned kAllStrains = (1u << DDS_STRAINS) - 1;

// Solves `deals` for the strains in `mask`, one task per deal and strain so
// that a single table also uses every thread.
std::vector<DdTable> solve_tables(const std::vector<Deal>& deals, unsigned mask) {
  std::vector<int> strains;
  for (int s = 0; s < DDS_STRAINS; ++s)
    if ((mask >> s) & 1) strains.push_back(s);
  const int per_deal = static_cast<int>(strains.size());
  std::vector<DdTable> out(deals.size());
  run_parallel(static_cast<int>(deals.size()) * per_deal, [&](int task, Solver& solver) {
    const int d = task / per_deal, s = strains[static_cast<std::size_t>(task % per_deal)];
    const DdTable t = solver.dd_table(deals[static_cast<std::size_t>(d)], 1u << s);
    out[static_cast<std::size_t>(d)].tricks[static_cast<std::size_t>(s)] =
        t.tricks[static_cast<std::size_t>(s)];
  });
  return out;
}

int calc_table(const Holdings& cards, ddTableResults* tablep) {
  if (!tablep) return RETURN_UNKNOWN_FAULT;
  std::optional<Deal> deal;
  if (const int rc = to_deal(cards, deal); rc != RETURN_NO_FAULT) return rc;
  store_table(solve_tables({*deal}, kAllStrains).front(), kAllStrains, *tablep);
  return RETURN_NO_FAULT;
}

void store_par(const DdTable& table, int vulnerable, parResults& out) {
  const auto texts = par_texts(table, static_cast<Vulnerability>(vulnerable));
  for (int k = 0; k < 2; ++k) {
    std::strncpy(out.parScore[k], texts[k].score.c_str(), sizeof out.parScore[k] - 1);
    out.parScore[k][sizeof out.parScore[k] - 1] = '\0';
    std::strncpy(out.parContractsString[k], texts[k].contracts.c_str(),
                 sizeof out.parContractsString[k] - 1);
    out.parContractsString[k][sizeof out.parContractsString[k] - 1] = '\0';
  }
}

// CalcAllTables for deals already read into holdings. `count` is the
// caller's noOfTables; `read_codes[i]` (nullptr: all RETURN_NO_FAULT) is
// what reading deal i found, reported where its cards are checked.
int calc_all(int count, const std::vector<Holdings>& cards, const int* read_codes, int mode,
             const int* filter, ddTablesRes* resp, allParResults* presp) {
  if (!filter || !resp) return RETURN_UNKNOWN_FAULT;
  unsigned mask = 0;
  int strains = 0;
  for (int s = 0; s < DDS_STRAINS; ++s)
    if (filter[s] == 0) {
      mask |= 1u << s;
      ++strains;
    }
  if (strains == 0) return RETURN_NO_SUIT;
  // DDS clears the count before checking the deals (and answers an empty
  // batch with RETURN_SOLNS_WRONG_LO; we keep both).
  resp->noOfBoards = 0;
  if (count < 1) return RETURN_SOLNS_WRONG_LO;
  std::vector<Deal> deals;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (read_codes && read_codes[i] != RETURN_NO_FAULT) return read_codes[i];
    std::optional<Deal> d;
    if (const int rc = to_deal(cards[i], d); rc != RETURN_NO_FAULT) return rc;
    deals.push_back(*d);
  }
  const std::vector<DdTable> tables = solve_tables(deals, mask);
  resp->noOfBoards = count * strains * DDS_HANDS;
  for (std::size_t i = 0; i < tables.size(); ++i) store_table(tables[i], mask, resp->results[i]);
  // Par needs every strain; mode is the vulnerability, anything else skips it.
  if (presp && mask == kAllStrains && mode >= 0 && mode <= 3)
    for (std::size_t i = 0; i < tables.size(); ++i) store_par(tables[i], mode, presp->presults[i]);
  return RETURN_NO_FAULT;
}

// The checks on noOfTables before any deal is read, in DDS's order.
int check_table_count(int count, const int* filter) {
  if (!filter) return RETURN_UNKNOWN_FAULT;
  int strains = 0;
  for (int s = 0; s < DDS_STRAINS; ++s) strains += filter[s] == 0;
  if (strains == 0) return RETURN_NO_SUIT;
  if (count > 0 && static_cast<long long>(count) * strains > MAXNOOFBOARDS)
    return RETURN_TOO_MANY_TABLES;
  return RETURN_NO_FAULT;
}

}  // namespace

}  // namespace ddtb::capi

using ddtb::capi::guarded;
namespace capi = ddtb::capi;

int CalcDDtable(ddTableDeal tableDeal, ddTableResults* tablep) {
  return guarded([&] { return capi::calc_table(capi::holdings_of(tableDeal.cards), tablep); });
}

int CalcDDtablePBN(ddTableDealPBN tableDealPBN, ddTableResults* tablep) {
  return guarded([&] {
    capi::Holdings h;
    if (const int rc = capi::parse_pbn(tableDealPBN.cards, sizeof tableDealPBN.cards, h);
        rc != RETURN_NO_FAULT)
      return rc;
    return capi::calc_table(h, tablep);
  });
}

int CalcAllTables(ddTableDeals* dealsp, int mode, int trumpFilter[DDS_STRAINS], ddTablesRes* resp,
                  allParResults* presp) {
  return guarded([&] {
    if (!dealsp) return RETURN_UNKNOWN_FAULT;
    if (const int rc = capi::check_table_count(dealsp->noOfTables, trumpFilter);
        rc != RETURN_NO_FAULT)
      return rc;
    std::vector<capi::Holdings> cards;
    for (int i = 0; i < dealsp->noOfTables; ++i)
      cards.push_back(capi::holdings_of(dealsp->deals[i].cards));
    return capi::calc_all(dealsp->noOfTables, cards, nullptr, mode, trumpFilter, resp, presp);
  });
}

int CalcAllTablesPBN(ddTableDealsPBN* dealsp, int mode, int trumpFilter[DDS_STRAINS],
                     ddTablesRes* resp, allParResults* presp) {
  return guarded([&] {
    if (!dealsp) return RETURN_UNKNOWN_FAULT;
    // DDS reads every deal before it checks the count of tables; a text
    // without its seat fails there, the reader's other refusals count as
    // card checks.
    const int n = std::clamp(dealsp->noOfTables, 0, MAXNOOFTABLES * DDS_STRAINS);
    std::vector<capi::Holdings> cards(static_cast<std::size_t>(n));
    std::vector<int> read_codes(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      const auto k = static_cast<std::size_t>(i);
      read_codes[k] =
          capi::parse_pbn(dealsp->deals[i].cards, sizeof dealsp->deals[i].cards, cards[k]);
      if (read_codes[k] == RETURN_PBN_FAULT) return RETURN_PBN_FAULT;
    }
    if (const int rc = capi::check_table_count(dealsp->noOfTables, trumpFilter);
        rc != RETURN_NO_FAULT)
      return rc;
    return capi::calc_all(dealsp->noOfTables, cards, read_codes.data(), mode, trumpFilter, resp,
                          presp);
  });
}

int CalcPar(ddTableDeal tableDeal, int vulnerable, ddTableResults* tablep, parResults* presp) {
  return guarded([&] {
    if (const int rc = capi::calc_table(capi::holdings_of(tableDeal.cards), tablep);
        rc != RETURN_NO_FAULT)
      return rc;
    return Par(tablep, presp, vulnerable);
  });
}

int CalcParPBN(ddTableDealPBN tableDealPBN, ddTableResults* tablep, int vulnerable,
               parResults* presp) {
  return guarded([&] {
    if (const int rc = CalcDDtablePBN(tableDealPBN, tablep); rc != RETURN_NO_FAULT) return rc;
    return Par(tablep, presp, vulnerable);
  });
}
