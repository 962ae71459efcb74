// to_text(DdTable): the hand-record layout (include/ddtb/solver.hpp).
#include <cstdio>

#include "ddtb/solver.hpp"

namespace ddtb {

std::string to_text(const DdTable& table, unsigned strains, unsigned declarers) {
  // Rows: declarers with partners together; columns: strains from NT down.
  constexpr Seat kRows[] = {Seat::North, Seat::South, Seat::East, Seat::West};
  constexpr Strain kColumns[] = {Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds,
                                 Strain::Clubs};
  char cell[16];
  std::string out = "    ";
  for (const Strain strain : kColumns)
    if (strains >> to_int(strain) & 1) {
      std::snprintf(cell, sizeof cell, "%4s", std::string(strain_name(strain)).c_str());
      out += cell;
    }
  out += '\n';
  for (const Seat declarer : kRows) {
    if (!(declarers >> to_int(declarer) & 1)) continue;
    out += "   ";
    out += seat_letter(declarer);
    for (const Strain strain : kColumns) {
      if (!(strains >> to_int(strain) & 1)) continue;
      std::snprintf(cell, sizeof cell, "%4d", table.get(strain, declarer));
      out += cell;
    }
    out += '\n';
  }
  return out;
}

}  // namespace ddtb
