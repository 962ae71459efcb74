#include "tests/support/par_lines.hpp"

#include <algorithm>

namespace ddtb::test {
namespace {

std::string quoted(const char* text) {
  return std::string(" \"") + text + '"';
}

// " <score> \"<contract>\" ...": a parResultsDealer.
std::string dealer_fields(const parResultsDealer& r) {
  std::string out = " " + std::to_string(r.score);
  for (int i = 0; i < std::clamp(r.number, 0, 10); ++i) out += quoted(r.contracts[i]);
  return out;
}

// " <score> <number> then five fields a contract": a parResultsMaster.
std::string master_fields(const parResultsMaster& m) {
  std::string out = " " + std::to_string(m.score) + " " + std::to_string(m.number);
  for (int i = 0; i < std::clamp(m.number, 0, 10); ++i) {
    const contractType& c = m.contracts[i];
    for (const int v : {c.underTricks, c.overTricks, c.level, c.denom, c.seats})
      out += " " + std::to_string(v);
  }
  return out;
}

std::string error_line(const char* call, int code) {
  return std::string("ERROR ") + call + " " + std::to_string(code);
}

}  // namespace

std::vector<std::string> par_lines(const ParCalls& calls, int deal, ddTableResults table, int vul) {
  std::vector<std::string> out;
  const std::string head = " " + std::to_string(deal) + " " + std::to_string(vul);

  parResults par{};
  if (const int rc = calls.par(&table, &par, vul); rc != RETURN_NO_FAULT)
    out.push_back(error_line("Par", rc));
  else
    out.push_back("PAR" + head + quoted(par.parScore[0]) + quoted(par.parScore[1]) +
                  quoted(par.parContractsString[0]) + quoted(par.parContractsString[1]));

  parResultsDealer sides[2]{};
  if (const int rc = calls.sides_par(&table, sides, vul); rc != RETURN_NO_FAULT)
    out.push_back(error_line("SidesPar", rc));
  else
    for (int side = 0; side < 2; ++side)
      out.push_back("SIDESPAR" + head + " " + std::to_string(side) + dealer_fields(sides[side]));

  for (int dealer = 0; dealer < 4; ++dealer) {
    const std::string at = head + " " + std::to_string(dealer);
    // Zeros where DDS leaves a field alone (the score of a passed-out deal).
    parResultsDealer d{};
    if (const int rc = calls.dealer_par(&table, &d, dealer, vul); rc != RETURN_NO_FAULT)
      out.push_back(error_line("DealerPar", rc));
    else
      out.push_back("DEALERPAR" + at + dealer_fields(d));
    parResultsMaster m{};
    char text[512] = {};
    if (const int rc = calls.dealer_par_bin(&table, &m, dealer, vul); rc != RETURN_NO_FAULT)
      out.push_back(error_line("DealerParBin", rc));
    else if (const int rc2 = calls.dealer_text(&m, text); rc2 != RETURN_NO_FAULT)
      out.push_back(error_line("ConvertToDealerTextFormat", rc2));
    else
      out.push_back("DEALERPARBIN" + at + master_fields(m) + quoted(text));
  }

  parResultsMaster masters[2]{};
  parTextResults texts{};
  if (const int rc = calls.sides_par_bin(&table, masters, vul); rc != RETURN_NO_FAULT)
    out.push_back(error_line("SidesParBin", rc));
  else if (const int rc2 = calls.sides_text(masters, &texts); rc2 != RETURN_NO_FAULT)
    out.push_back(error_line("ConvertToSidesTextFormat", rc2));
  else
    out.push_back("SIDESPARBIN" + head + master_fields(masters[0]) + master_fields(masters[1]) +
                  quoted(texts.parText[0]) + quoted(texts.parText[1]) + " " +
                  std::to_string(texts.equal ? 1 : 0));
  return out;
}

bool has_preemptive_sacrifice(const std::string& dealer_par_line) {
  // The contracts are the quoted words: "4S*-EW-1", "3N-NS", "2S-N-1".
  for (std::size_t open = dealer_par_line.find('"'); open != std::string::npos;) {
    const std::size_t close = dealer_par_line.find('"', open + 1);
    if (close == std::string::npos) break;
    const std::string c = dealer_par_line.substr(open + 1, close - open - 1);
    const std::size_t dash = c.find('-');
    if (c.find('*') == std::string::npos && dash != std::string::npos &&
        c.find('-', dash + 1) != std::string::npos)
      return true;
    open = dealer_par_line.find('"', close + 1);
  }
  return false;
}

}  // namespace ddtb::test
