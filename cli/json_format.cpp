// The JSON Lines format, one object per board:
//   {"board":"1","tricks":{"N":{"N":6,"E":6,"S":6,"W":6},"S":{...},...}}
// Outer keys are strains ("N" = no trump, then S, H, D, C), inner keys the
// declarers N, E, S, W; values are the tricks that declarer takes.
#include "cli/json.hpp"
#include "cli/output.hpp"

namespace ddtb::cli {

namespace {

constexpr Strain kStrainOrder[] = {Strain::NoTrump, Strain::Spades, Strain::Hearts,
                                   Strain::Diamonds, Strain::Clubs};

}  // namespace

std::string json_board(const Board& board, const DdTable& table) {
  std::string out = "{\"board\":" + json_string(board.id) + ",\"tricks\":{";
  for (const Strain strain : kStrainOrder) {
    if (strain != kStrainOrder[0]) out += ',';
    out += std::string("\"") + strain_letter(strain) + "\":{";
    for (int s = 0; s < kNumSeats; ++s) {
      const Seat declarer = seat_from_int(s);
      if (s) out += ',';
      out += std::string("\"") + seat_letter(declarer) +
             "\":" + std::to_string(table.get(strain, declarer));
    }
    out += '}';
  }
  out += "}}\n";
  return out;
}

}  // namespace ddtb::cli
