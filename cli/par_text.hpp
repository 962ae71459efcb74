// Par in words, for the output formats: "2S by EW", "4SX-1 by NS",
// "3NT+1 by N", and the values of the PBN tags [OptimumScore "NS -110"] and
// [ParContract "EW 2S"].
#pragma once

#include <string>

#include "ddtb/par.hpp"

namespace ddtb::cli {

// The seats that reach par with a contract: "N", "NS", "EW"... (N, S, E, W
// order, partners together).
std::string seats_text(std::uint8_t seats);

// "2S", "3NT+1", "4SX-1": level, strain, "X" for a doubled sacrifice, then
// the overtricks or undertricks.
std::string contract_text(const ParContract& contract);

// "2S by EW, 2H by EW"; "pass" when par is to pass the deal out.
std::string par_contracts_text(const ParResult& par);

// [OptimumScore]: "NS 110", "NS -620" (North-South's view, always).
std::string optimum_score_value(const ParResult& par);

// [ParContract]: "EW 2S", "NS 4S; N 4H", "EW 5DX-2"; "Pass" when passed out.
std::string par_contract_value(const ParResult& par);

}  // namespace ddtb::cli
