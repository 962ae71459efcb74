// The text format: a hand-record block per board.
//
//   Board 1   Dealer N   Vul None
//   N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3
//         NT   S   H   D   C
//      N   6   5   6   5   7
//      S   6   5   6   5   7
//      E   6   8   6   7   5
//      W   6   8   6   7   5
//
// Rows are declarers, partners next to each other (N, S, E, W), columns the
// strains from NT down to clubs, as in printed hand records: a player reads
// across a row for "what can South make".
#include <cstdio>

#include "cli/output.hpp"

namespace ddtb::cli {

namespace {

constexpr Seat kRowOrder[] = {Seat::North, Seat::South, Seat::East, Seat::West};
constexpr Strain kColumnOrder[] = {Strain::NoTrump, Strain::Spades, Strain::Hearts,
                                   Strain::Diamonds, Strain::Clubs};

void append_tag(std::string& out, const Board& board, const char* tag, const char* label) {
  const Tag* t = board.game.find(tag);
  if (t && !t->value.empty()) out += std::string("   ") + label + " " + t->value;
}

std::string deal_line(const Board& board) {
  const Tag* tag = board.game.find("Deal");
  return to_pbn(*board.deal, first_seat_of(tag ? tag->value : ""));
}

}  // namespace

std::string text_board(const Board& board, const DdTable& table) {
  std::string out = "Board " + board.id;
  append_tag(out, board, "Dealer", "Dealer");
  append_tag(out, board, "Vulnerable", "Vul");
  out += '\n';
  if (board.deal) out += deal_line(board) + '\n';
  out += "      NT   S   H   D   C\n";
  for (const Seat declarer : kRowOrder) {
    out += "   ";
    out += seat_letter(declarer);
    for (const Strain strain : kColumnOrder) {
      char cell[8];
      std::snprintf(cell, sizeof cell, "%4d", table.get(strain, declarer));
      out += cell;
    }
    out += '\n';
  }
  out += '\n';
  return out;
}

}  // namespace ddtb::cli
