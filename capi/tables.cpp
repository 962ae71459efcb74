// CalcDDtable, CalcAllTables (binary and PBN), their thread-count variants
// (DDS 3's *N), the any-size batch CalcAllTablesX* and the deprecated
// CalcPar.
#include "capi/tables.hpp"

#include <algorithm>
#include <bit>
#include <climits>
#include <cstring>
#include <vector>

#include "capi/boundary.hpp"
#include "capi/workers.hpp"
#include "ddtb/par.hpp"

namespace ddtb::capi {

namespace {

constexpr unsigned kAllStrains = (1u << DDS_STRAINS) - 1;

// Solves `deals` for the strains in `mask`, one task per deal and strain so
// that a single table also uses every thread.
std::vector<DdTable> solve_tables(const std::vector<Deal>& deals, unsigned mask, int max_threads) {
  std::vector<int> strains;
  for (int s = 0; s < DDS_STRAINS; ++s)
    if ((mask >> s) & 1) strains.push_back(s);
  const int per_deal = static_cast<int>(strains.size());
  std::vector<DdTable> out(deals.size());
  run_parallel(
      static_cast<int>(deals.size()) * per_deal, max_threads, [&](int task, Solver& solver) {
        const int d = task / per_deal, s = strains[static_cast<std::size_t>(task % per_deal)];
        const DdTable t = solver.dd_table(deals[static_cast<std::size_t>(d)], 1u << s);
        out[static_cast<std::size_t>(d)].tricks[static_cast<std::size_t>(s)] =
            t.tricks[static_cast<std::size_t>(s)];
      });
  return out;
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

// The strains trumpFilter keeps (filter[s] == 0), as a mask.
unsigned strain_mask(const int* filter) {
  unsigned mask = 0;
  for (int s = 0; s < DDS_STRAINS; ++s)
    if (filter[s] == 0) mask |= 1u << s;
  return mask;
}

// Par needs every strain; mode is the vulnerability, anything else skips it.
bool wants_par(unsigned mask, int mode) {
  return mask == kAllStrains && mode >= 0 && mode <= 3;
}

// Every deal of a batch checked, in order, then all solved. `read_codes[i]`
// (nullptr: all RETURN_NO_FAULT) is what reading deal i found, reported
// where its cards are checked. Returns the first refused deal's code, with
// nothing solved, or RETURN_NO_FAULT and the tables in `out`.
int solve_batch(const std::vector<Holdings>& cards, const int* read_codes, unsigned mask,
                int max_threads, std::vector<DdTable>& out) {
  std::vector<Deal> deals;
  deals.reserve(cards.size());
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (read_codes && read_codes[i] != RETURN_NO_FAULT) return read_codes[i];
    std::optional<Deal> d;
    if (const int rc = to_deal(cards[i], d); rc != RETURN_NO_FAULT) return rc;
    deals.push_back(*d);
  }
  out = solve_tables(deals, mask, max_threads);
  return RETURN_NO_FAULT;
}

// CalcAllTables for deals already read into holdings. `count` is the
// caller's noOfTables.
int calc_all(int count, const std::vector<Holdings>& cards, const int* read_codes, int mode,
             const int* filter, ddTablesRes* resp, allParResults* presp, int max_threads) {
  if (!filter || !resp) return RETURN_UNKNOWN_FAULT;
  const unsigned mask = strain_mask(filter);
  if (mask == 0) return RETURN_NO_SUIT;
  // DDS clears the count before checking the deals (and answers an empty
  // batch with RETURN_SOLNS_WRONG_LO; we keep both).
  resp->noOfBoards = 0;
  if (count < 1) return RETURN_SOLNS_WRONG_LO;
  std::vector<DdTable> tables;
  if (const int rc = solve_batch(cards, read_codes, mask, max_threads, tables);
      rc != RETURN_NO_FAULT)
    return rc;
  resp->noOfBoards = count * std::popcount(mask) * DDS_HANDS;
  for (std::size_t i = 0; i < tables.size(); ++i) store_table(tables[i], mask, resp->results[i]);
  if (presp && wants_par(mask, mode))
    for (std::size_t i = 0; i < tables.size(); ++i) store_par(tables[i], mode, presp->presults[i]);
  return RETURN_NO_FAULT;
}

// The checks on noOfTables before any deal is read, in DDS's order.
int check_table_count(int count, const int* filter) {
  if (!filter) return RETURN_UNKNOWN_FAULT;
  const int strains = std::popcount(strain_mask(filter));
  if (strains == 0) return RETURN_NO_SUIT;
  if (count > 0 && static_cast<long long>(count) * strains > MAXNOOFBOARDS)
    return RETURN_TOO_MANY_TABLES;
  return RETURN_NO_FAULT;
}

int calc_all_bin(const ddTableDeals* dealsp, int mode, const int* filter, ddTablesRes* resp,
                 allParResults* presp, int max_threads) {
  if (!dealsp) return RETURN_UNKNOWN_FAULT;
  if (const int rc = check_table_count(dealsp->noOfTables, filter); rc != RETURN_NO_FAULT)
    return rc;
  std::vector<Holdings> cards;
  for (int i = 0; i < dealsp->noOfTables; ++i) cards.push_back(holdings_of(dealsp->deals[i].cards));
  return calc_all(dealsp->noOfTables, cards, nullptr, mode, filter, resp, presp, max_threads);
}

// `count` PBN deals read before anything is checked: RETURN_PBN_FAULT when
// a text lacks its seat, else each deal's reader code in `codes` (the
// reader's other refusals count as card checks, as in DDS).
int read_pbn_tables(const ddTableDealPBN* in, int count, std::vector<Holdings>& cards,
                    std::vector<int>& codes) {
  cards.assign(static_cast<std::size_t>(count), Holdings{});
  codes.assign(static_cast<std::size_t>(count), RETURN_NO_FAULT);
  for (std::size_t k = 0; k < cards.size(); ++k) {
    codes[k] = to_holdings(in[k], cards[k]);
    if (codes[k] == RETURN_PBN_FAULT) return RETURN_PBN_FAULT;
  }
  return RETURN_NO_FAULT;
}

int calc_all_pbn(const ddTableDealsPBN* dealsp, int mode, const int* filter, ddTablesRes* resp,
                 allParResults* presp, int max_threads) {
  if (!dealsp) return RETURN_UNKNOWN_FAULT;
  // DDS reads every deal before it checks the count of tables.
  std::vector<Holdings> cards;
  std::vector<int> codes;
  if (const int rc = read_pbn_tables(dealsp->deals,
                                     std::clamp(dealsp->noOfTables, 0, MAXNOOFTABLES * DDS_STRAINS),
                                     cards, codes);
      rc != RETURN_NO_FAULT)
    return rc;
  if (const int rc = check_table_count(dealsp->noOfTables, filter); rc != RETURN_NO_FAULT)
    return rc;
  return calc_all(dealsp->noOfTables, cards, codes.data(), mode, filter, resp, presp, max_threads);
}

// CalcAllTablesX's checks before any deal is read, in DDS 3's order (no
// deals: RETURN_NO_FAULT before the pointers are looked at).
int check_x(int count, const void* deals, const int* filter, const ddTableResults* results,
            int mode, const parResults* par) {
  if (count < 0) return RETURN_TOO_MANY_TABLES;
  if (count == 0) return RETURN_NO_FAULT;
  if (!deals || !filter || !results) return RETURN_UNKNOWN_FAULT;
  const unsigned mask = strain_mask(filter);
  if (mask == 0) return RETURN_NO_SUIT;
  if (static_cast<long long>(count) * std::popcount(mask) > INT_MAX) return RETURN_TOO_MANY_TABLES;
  if (wants_par(mask, mode) && !par) return RETURN_UNKNOWN_FAULT;
  return RETURN_NO_FAULT;
}

int calc_all_x(const std::vector<Holdings>& cards, const int* read_codes, int mode,
               const int* filter, ddTableResults* results, parResults* par, int max_threads) {
  const unsigned mask = strain_mask(filter);
  std::vector<DdTable> tables;
  if (const int rc = solve_batch(cards, read_codes, mask, max_threads, tables);
      rc != RETURN_NO_FAULT)
    return rc;
  for (std::size_t i = 0; i < tables.size(); ++i) store_table(tables[i], mask, results[i]);
  if (wants_par(mask, mode))
    for (std::size_t i = 0; i < tables.size(); ++i) store_par(tables[i], mode, par[i]);
  return RETURN_NO_FAULT;
}

int calc_table_pbn(const ddTableDealPBN& deal, ddTableResults* tablep, int max_threads) {
  Holdings h;
  if (const int rc = to_holdings(deal, h); rc != RETURN_NO_FAULT) return rc;
  return calc_table(h, tablep, max_threads);
}

}  // namespace

int calc_table(const Holdings& cards, ddTableResults* tablep, int max_threads) {
  if (!tablep) return RETURN_UNKNOWN_FAULT;
  std::optional<Deal> deal;
  if (const int rc = to_deal(cards, deal); rc != RETURN_NO_FAULT) return rc;
  store_table(solve_tables({*deal}, kAllStrains, max_threads).front(), kAllStrains, *tablep);
  return RETURN_NO_FAULT;
}

int calc_table(const Holdings& cards, ddTableResults* tablep, Solver& solver) {
  if (!tablep) return RETURN_UNKNOWN_FAULT;
  std::optional<Deal> deal;
  if (const int rc = to_deal(cards, deal); rc != RETURN_NO_FAULT) return rc;
  store_table(solver.dd_table(*deal), kAllStrains, *tablep);
  return RETURN_NO_FAULT;
}

}  // namespace ddtb::capi

using ddtb::capi::guarded;
using ddtb::capi::kAutoThreads;
namespace capi = ddtb::capi;

int CalcDDtableN(ddTableDeal tableDeal, ddTableResults* tablep, int maxThreads) {
  return guarded(
      [&] { return capi::calc_table(capi::holdings_of(tableDeal.cards), tablep, maxThreads); });
}

int CalcDDtable(ddTableDeal tableDeal, ddTableResults* tablep) {
  return CalcDDtableN(tableDeal, tablep, kAutoThreads);
}

int CalcDDtablePBNN(ddTableDealPBN tableDealPBN, ddTableResults* tablep, int maxThreads) {
  return guarded([&] { return capi::calc_table_pbn(tableDealPBN, tablep, maxThreads); });
}

int CalcDDtablePBN(ddTableDealPBN tableDealPBN, ddTableResults* tablep) {
  return CalcDDtablePBNN(tableDealPBN, tablep, kAutoThreads);
}

int CalcAllTablesN(const ddTableDeals* dealsp, int mode, const int trumpFilter[DDS_STRAINS],
                   ddTablesRes* resp, allParResults* presp, int maxThreads) {
  return guarded(
      [&] { return capi::calc_all_bin(dealsp, mode, trumpFilter, resp, presp, maxThreads); });
}

int CalcAllTables(ddTableDeals* dealsp, int mode, int trumpFilter[DDS_STRAINS], ddTablesRes* resp,
                  allParResults* presp) {
  return CalcAllTablesN(dealsp, mode, trumpFilter, resp, presp, kAutoThreads);
}

int CalcAllTablesPBNN(const ddTableDealsPBN* dealsp, int mode, const int trumpFilter[DDS_STRAINS],
                      ddTablesRes* resp, allParResults* presp, int maxThreads) {
  return guarded(
      [&] { return capi::calc_all_pbn(dealsp, mode, trumpFilter, resp, presp, maxThreads); });
}

int CalcAllTablesPBN(ddTableDealsPBN* dealsp, int mode, int trumpFilter[DDS_STRAINS],
                     ddTablesRes* resp, allParResults* presp) {
  return CalcAllTablesPBNN(dealsp, mode, trumpFilter, resp, presp, kAutoThreads);
}

int CalcAllTablesX(int numDeals, const ddTableDeal* deals, int mode,
                   const int trumpFilter[DDS_STRAINS], ddTableResults* results, parResults* par,
                   int maxThreads) {
  return guarded([&] {
    if (const int rc = capi::check_x(numDeals, deals, trumpFilter, results, mode, par);
        rc != RETURN_NO_FAULT || numDeals == 0)
      return rc;
    std::vector<capi::Holdings> cards;
    cards.reserve(static_cast<std::size_t>(numDeals));
    for (int i = 0; i < numDeals; ++i) cards.push_back(capi::holdings_of(deals[i].cards));
    return capi::calc_all_x(cards, nullptr, mode, trumpFilter, results, par, maxThreads);
  });
}

int CalcAllTablesPBNX(int numDeals, const ddTableDealPBN* deals, int mode,
                      const int trumpFilter[DDS_STRAINS], ddTableResults* results, parResults* par,
                      int maxThreads) {
  return guarded([&] {
    if (const int rc = capi::check_x(numDeals, deals, trumpFilter, results, mode, par);
        rc != RETURN_NO_FAULT || numDeals == 0)
      return rc;
    std::vector<capi::Holdings> cards;
    std::vector<int> codes;
    if (const int rc = capi::read_pbn_tables(deals, numDeals, cards, codes); rc != RETURN_NO_FAULT)
      return rc;
    return capi::calc_all_x(cards, codes.data(), mode, trumpFilter, results, par, maxThreads);
  });
}

int CalcPar(ddTableDeal tableDeal, int vulnerable, ddTableResults* tablep, parResults* presp) {
  return guarded([&] {
    if (const int rc = CalcDDtable(tableDeal, tablep); rc != RETURN_NO_FAULT) return rc;
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
