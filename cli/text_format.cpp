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
// across a row for "what can South make". --strains and --declarers leave
// out rows and columns. Par and the play analysis follow when asked for:
//
//   Par NS -110: 2S by EW   (dealer N, vul None)
//   Play 4S by W, N leads: declarer can take 10 before the lead
//      1  N D5 10    E DA 10    S D3 10    W D2 10
//      2  E C8 10    S C4 10    W CK  9*   N CA  9
//   * the card lost a trick for its side (*2: two tricks); the figures are
//     declarer's tricks, double dummy, after each card
#include <cstdio>

#include "cli/output.hpp"
#include "cli/par_text.hpp"

namespace ddtb::cli {

namespace {

void append_tag(std::string& out, const Board& board, const char* tag, const char* label) {
  const Tag* t = board.game.find(tag);
  if (t && !t->value.empty()) out += std::string("   ") + label + " " + t->value;
}

std::string play_text(const PlayAnalysis& play) {
  const PlayRecord& r = play.record;
  std::string out = "Play " + contract_text(r.contract) + " by " + seat_letter(r.declarer) + ", " +
                    seat_letter(r.leader) + " leads: declarer can take " +
                    std::to_string(play.tricks.front()) + " before the lead\n";
  bool any_lost = false;
  for (std::size_t i = 0; i < r.cards.size(); ++i) {
    if (i % 4 == 0) {
      char number[24];
      std::snprintf(number, sizeof number, "%4zu", i / 4 + 1);
      out += number;
    }
    const int lost = play.lost(i);
    any_lost = any_lost || lost > 0;
    std::string mark(lost > 0 ? 1 : 0, '*');
    if (lost > 1) mark += std::to_string(lost);
    char cell[32];
    std::snprintf(cell, sizeof cell, "  %c %s %2d%-3s", seat_letter(r.cards[i].seat),
                  to_string(r.cards[i].card).c_str(), play.tricks[i + 1], mark.c_str());
    out += cell;
    if (i % 4 == 3 || i + 1 == r.cards.size()) {
      while (!out.empty() && out.back() == ' ') out.pop_back();
      out += '\n';
    }
  }
  if (!r.stopped.empty()) out += "   (" + r.stopped + ")\n";
  if (any_lost)
    out +=
        "   * the card lost a trick for its side (*2: two tricks); figures: declarer's\n"
        "     double-dummy tricks after each card\n";
  return out;
}

}  // namespace

std::string text_board(const Board& board) {
  if (!board.result.table) return "";
  std::string out = "Board " + board.id;
  append_tag(out, board, "Dealer", "Dealer");
  append_tag(out, board, "Vulnerable", "Vul");
  out += '\n';
  out += to_pbn(*board.deal, board.first_seat) + '\n';
  out += to_text(*board.result.table, board.shown_strains, board.shown_declarers);
  if (board.result.par)
    out += "Par " + optimum_score_value(*board.result.par) + ": " +
           par_contracts_text(*board.result.par) + "   (dealer " + seat_letter(board.par->dealer) +
           ", vul " + std::string(vulnerability_name(board.par->vulnerability)) + ")\n";
  if (board.result.play) out += play_text(*board.result.play);
  out += '\n';
  return out;
}

}  // namespace ddtb::cli
