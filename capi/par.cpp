// Par, DealerPar, SidesPar, their Bin variants and DDS's two text
// converters, over include/ddtb/par.hpp.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

#include "capi/boundary.hpp"
#include "capi/convert.hpp"
#include "ddtb/par.hpp"

namespace ddtb::capi {

namespace {

constexpr int kMaxParContracts = 10;  // parResultsDealer / parResultsMaster
constexpr int kSeatsNorthSouth = 4;   // contractType.seats for both of a side
constexpr int kSeatsEastWest = 5;
constexpr const char* kPassedOut = "pass";   // DealerPar's text for no contract
constexpr const char* kNoContract = "0N-N";  // SidesPar's, as DDS writes it

// DDS validates neither the vulnerability nor the tricks of the table and
// reads outside its own tables when they are out of range; we refuse them.
bool valid_table(const ddTableResults* t) {
  if (!t) return false;
  for (const auto& row : t->resTable)
    for (const int v : row)
      if (v < 0 || v > kNumTricks) return false;
  return true;
}
bool valid_vulnerability(int v) {
  return v >= 0 && v <= 3;
}

template <std::size_t N>
void copy_text(char (&dst)[N], const std::string& src) {
  const std::size_t n = std::min(src.size(), N - 1);
  std::memcpy(dst, src.data(), n);
  dst[n] = '\0';
}

// contractType.denom: 0 NT, 1 S, 2 H, 3 D, 4 C.
int denom_of(Strain s) {
  return s == Strain::NoTrump ? 0 : to_int(s) + 1;
}

int seats_code(std::uint8_t seats) {
  if (seats == 0x5) return kSeatsNorthSouth;
  if (seats == 0xa) return kSeatsEastWest;
  for (int s = 0; s < kNumSeats; ++s)
    if (seats == (1u << s)) return s;
  return 0;
}

contractType to_contract_type(const ParContract& c) {
  contractType t{};
  t.underTricks = c.undertricks;
  t.overTricks = c.overtricks;
  t.level = c.level;
  t.denom = denom_of(c.strain);
  t.seats = seats_code(c.seats);
  return t;
}

// The Bin functions list contracts in strain order NT,S,H,D,C.
void store_master(const ParResult& r, int score, parResultsMaster& out) {
  std::vector<ParContract> cs = r.contracts;
  std::stable_sort(cs.begin(), cs.end(), [](const ParContract& a, const ParContract& b) {
    return denom_of(a.strain) < denom_of(b.strain);
  });
  out.score = score;
  out.number = std::min(static_cast<int>(cs.size()), kMaxParContracts);
  for (int i = 0; i < out.number; ++i) out.contracts[i] = to_contract_type(cs[i]);
}

void store_dealer(const ParResult& r, int score, parResultsDealer& out) {
  out.number = std::min(static_cast<int>(r.contracts.size()), kMaxParContracts);
  out.score = score;
  for (int i = 0; i < out.number; ++i) copy_text(out.contracts[i], to_dds_text(r.contracts[i]));
}

const char* seats_text(int code) {
  static constexpr const char* kTexts[] = {"N", "E", "S", "W", "NS", "EW"};
  return kTexts[code];
}

// " NS 4S+1", " EW 5Cx-2"; false for a field out of range.
bool append_contract(std::string& out, const contractType& c, bool long_nt) {
  static constexpr const char* kDenoms[] = {"N", "S", "H", "D", "C"};
  if (c.denom < 0 || c.denom > 4 || c.seats < 0 || c.seats > kSeatsEastWest) return false;
  out += seats_text(c.seats);
  out += ' ';
  out += std::to_string(c.level);
  out += c.denom == 0 && long_nt ? "NT" : kDenoms[c.denom];
  if (c.underTricks > 0) {
    out += "x-";
    out += std::to_string(c.underTricks);
  } else if (c.overTricks > 0) {
    out += '+';
    out += std::to_string(c.overTricks);
  }
  return true;
}

// "Par 420: NS 4S+1 N 4H"; false when a contract is out of range (the text
// stops there).
bool master_text(const parResultsMaster& m, bool long_nt, std::string& out) {
  out = "Par ";
  out += std::to_string(m.score);
  out += ": ";
  const int n = std::min(m.number, kMaxParContracts);
  for (int i = 0; i < n; ++i) {
    if (i > 0) out += ' ';
    if (!append_contract(out, m.contracts[i], long_nt)) return false;
  }
  return true;
}

bool same_contracts(const parResultsMaster& a, const parResultsMaster& b) {
  if (a.number != b.number) return false;
  for (int i = 0; i < std::min(a.number, kMaxParContracts); ++i) {
    const contractType &x = a.contracts[i], &y = b.contracts[i];
    if (x.underTricks != y.underTricks || x.overTricks != y.overTricks || x.level != y.level ||
        x.denom != y.denom || x.seats != y.seats)
      return false;
  }
  return true;
}

}  // namespace

}  // namespace ddtb::capi

using ddtb::capi::guarded;
namespace capi = ddtb::capi;

int Par(ddTableResults* tablep, parResults* presp, int vulnerable) {
  return guarded([&] {
    if (!presp || !capi::valid_table(tablep) || !capi::valid_vulnerability(vulnerable))
      return RETURN_UNKNOWN_FAULT;
    const auto texts =
        ddtb::par_texts(capi::load_table(*tablep), static_cast<ddtb::Vulnerability>(vulnerable));
    for (int k = 0; k < 2; ++k) {
      capi::copy_text(presp->parScore[k], texts[k].score);
      capi::copy_text(presp->parContractsString[k], texts[k].contracts);
    }
    return RETURN_NO_FAULT;
  });
}

int DealerPar(ddTableResults* tablep, parResultsDealer* presp, int dealer, int vulnerable) {
  return guarded([&] {
    if (!presp || !capi::valid_table(tablep) || !capi::valid_vulnerability(vulnerable) ||
        dealer < 0 || dealer > 3)
      return RETURN_UNKNOWN_FAULT;
    const ddtb::ParResult r =
        ddtb::dealer_par(capi::load_table(*tablep), ddtb::seat_from_int(dealer),
                         static_cast<ddtb::Vulnerability>(vulnerable));
    if (r.contracts.empty()) {
      // As DDS: one "contract", "pass"; the score is left as it was.
      presp->number = 1;
      capi::copy_text(presp->contracts[0], capi::kPassedOut);
      return RETURN_NO_FAULT;
    }
    capi::store_dealer(r, r.score, *presp);
    return RETURN_NO_FAULT;
  });
}

int SidesPar(ddTableResults* tablep, parResultsDealer sidesRes[2], int vulnerable) {
  return guarded([&] {
    if (!sidesRes || !capi::valid_table(tablep) || !capi::valid_vulnerability(vulnerable))
      return RETURN_UNKNOWN_FAULT;
    for (int k = 0; k < 2; ++k) {
      const ddtb::ParResult r =
          ddtb::sides_par(capi::load_table(*tablep), static_cast<ddtb::Side>(k),
                          static_cast<ddtb::Vulnerability>(vulnerable));
      const int score = k == 0 ? r.score : -r.score;  // each side's own view
      if (r.contracts.empty()) {
        sidesRes[k].number = 1;
        sidesRes[k].score = 0;
        capi::copy_text(sidesRes[k].contracts[0], capi::kNoContract);
      } else {
        capi::store_dealer(r, score, sidesRes[k]);
      }
    }
    return RETURN_NO_FAULT;
  });
}

int DealerParBin(ddTableResults* tablep, parResultsMaster* presp, int dealer, int vulnerable) {
  return guarded([&] {
    if (!presp || !capi::valid_table(tablep) || !capi::valid_vulnerability(vulnerable) ||
        dealer < 0 || dealer > 3)
      return RETURN_UNKNOWN_FAULT;
    const ddtb::ParResult r =
        ddtb::dealer_par(capi::load_table(*tablep), ddtb::seat_from_int(dealer),
                         static_cast<ddtb::Vulnerability>(vulnerable));
    if (r.contracts.empty()) {
      // As DDS: score 0, one contract, the contract itself left as it was.
      presp->score = 0;
      presp->number = 1;
      return RETURN_NO_FAULT;
    }
    capi::store_master(r, r.score, *presp);
    return RETURN_NO_FAULT;
  });
}

int SidesParBin(ddTableResults* tablep, parResultsMaster sidesRes[2], int vulnerable) {
  return guarded([&] {
    if (!sidesRes || !capi::valid_table(tablep) || !capi::valid_vulnerability(vulnerable))
      return RETURN_UNKNOWN_FAULT;
    for (int k = 0; k < 2; ++k) {
      const ddtb::ParResult r =
          ddtb::sides_par(capi::load_table(*tablep), static_cast<ddtb::Side>(k),
                          static_cast<ddtb::Vulnerability>(vulnerable));
      if (r.contracts.empty()) {
        sidesRes[k].score = 0;
        sidesRes[k].number = 1;
        sidesRes[k].contracts[0] = contractType{};
      } else {
        capi::store_master(r, k == 0 ? r.score : -r.score, sidesRes[k]);
      }
    }
    return RETURN_NO_FAULT;
  });
}

int ConvertToDealerTextFormat(parResultsMaster* pres, char* resp) {
  return guarded([&] {
    if (!pres || !resp) return RETURN_UNKNOWN_FAULT;
    std::string text;
    const bool ok = capi::master_text(*pres, false, text);
    std::memcpy(resp, text.c_str(), text.size() + 1);
    return ok ? RETURN_NO_FAULT : RETURN_UNKNOWN_FAULT;
  });
}

int ConvertToSidesTextFormat(parResultsMaster* pres, parTextResults* resp) {
  return guarded([&] {
    if (!pres || !resp) return RETURN_UNKNOWN_FAULT;
    if (pres[0].score == 0) {
      // Passed out: DDS writes "Par 0" for the first view only and leaves
      // `equal` as it was.
      capi::copy_text(resp->parText[0], "Par 0");
      resp->parText[1][0] = '\0';
      return RETURN_NO_FAULT;
    }
    bool ok = true;
    for (int k = 0; k < 2; ++k) {
      std::string text;
      ok = capi::master_text(pres[k], true, text) && ok;
      capi::copy_text(resp->parText[k], text);
    }
    resp->equal = pres[0].score == -pres[1].score && capi::same_contracts(pres[0], pres[1]);
    return ok ? RETURN_NO_FAULT : RETURN_UNKNOWN_FAULT;
  });
}
