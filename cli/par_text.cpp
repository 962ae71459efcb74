#include "cli/par_text.hpp"

#include "cli/tag_values.hpp"

namespace ddtb::cli {

std::string seats_text(std::uint8_t seats) {
  std::string out;
  for (const Seat s : {Seat::North, Seat::South, Seat::East, Seat::West})
    if (seats >> to_int(s) & 1) out += seat_letter(s);
  return out;
}

std::string contract_text(const ParContract& contract) {
  std::string out = std::to_string(contract.level);
  out += strain_name(contract.strain);
  if (contract.doubled) out += 'X';
  if (contract.overtricks > 0) out.append(1, '+').append(std::to_string(contract.overtricks));
  if (contract.undertricks > 0) out.append(1, '-').append(std::to_string(contract.undertricks));
  return out;
}

std::string par_contracts_text(const ParResult& par) {
  if (par.contracts.empty()) return "pass";
  std::string out;
  for (const ParContract& c : par.contracts) {
    if (!out.empty()) out += ", ";
    out += contract_text(c) + " by " + seats_text(c.seats);
  }
  return out;
}

std::string optimum_score_value(const ParResult& par) {
  return "NS " + std::to_string(par.score);
}

std::string par_contract_value(const ParResult& par) {
  if (par.contracts.empty()) return "Pass";
  std::string out;
  for (const ParContract& c : par.contracts) {
    if (!out.empty()) out += "; ";
    out += seats_text(c.seats) + " " + contract_text(c);
  }
  return out;
}

}  // namespace ddtb::cli
