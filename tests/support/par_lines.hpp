// par.txt's lines (tests/data/golden/README.md): every par entry point of the
// DDS C API on one DD table and one vulnerability, as text. The generator
// writes them with DDS's functions; the golden test makes them again with
// ddtb's and compares line by line, so the format lives here alone.
#pragma once

#include <string>
#include <vector>

#include "ddtb/dll.h"

namespace ddtb::test {

// The par functions of one library: DDS's (DdsCApi) or ddtb's (dll.h).
struct ParCalls {
  decltype(&::Par) par;
  decltype(&::DealerPar) dealer_par;
  decltype(&::SidesPar) sides_par;
  decltype(&::DealerParBin) dealer_par_bin;
  decltype(&::SidesParBin) sides_par_bin;
  decltype(&::ConvertToDealerTextFormat) dealer_text;
  decltype(&::ConvertToSidesTextFormat) sides_text;
};

// The lines for deal `deal` (its number in deals.txt), `table` and
// vulnerability `vul` (0..3), in file order: PAR, SIDESPAR for each side,
// DEALERPAR and DEALERPARBIN for each dealer, SIDESPARBIN. A call that fails
// gives the line "ERROR <call> <code>" in place of its own.
std::vector<std::string> par_lines(const ParCalls& calls, int deal, ddTableResults table, int vul);

// True when a DEALERPAR line's contracts hold a pre-emptive sacrifice
// ("2S-N-1": a sacrifice without "*"), where ddtb's DealerParBin differs
// from DDS's on purpose (include/ddtb/dll.h).
bool has_preemptive_sacrifice(const std::string& dealer_par_line);

}  // namespace ddtb::test
