#include "tests/tools/golden_files.hpp"

#include <cstdio>
#include <stdexcept>

#include "tests/support/capi_compare.hpp"
#include "tests/support/par_lines.hpp"

namespace ddtb::test {
namespace {

// Throws unless DDS answered RETURN_NO_FAULT.
void check(int code, int board, const char* call) {
  if (code != RETURN_NO_FAULT)
    throw std::runtime_error("deal " + std::to_string(board) + ": DDS's " + call + " returned " +
                             std::to_string(code));
}

std::string quoted(const std::string& text) {
  return " \"" + text + '"';
}

// Appends " <v>". (Not `out += " " + std::to_string(v)`, on which GCC 12
// gives a false -Wrestrict warning.)
void append(std::string& out, int v) {
  out += ' ';
  out += std::to_string(v);
}

// "n s1..sn r1..rn e1..en c1..cn", the FUT fields of DDS's hand lists.
std::string groups_text(const futureTricks& f) {
  std::string out = std::to_string(f.cards);
  for (const int* field : {f.suit, f.rank, f.equals, f.score})
    for (int i = 0; i < f.cards; ++i) append(out, field[i]);
  return out;
}

// The position after the first `count` cards of the deal's play.
Position after(const GoldenDeal& g, int count) {
  Position p = Position::at_trick_start(g.deal, g.trump, g.first);
  for (int i = 0; i < count; ++i) p = *p.play(g.play[static_cast<std::size_t>(i)]);
  return p;
}

// AnalysePlayPBN's trace of the play, checked against AnalysePlayBin's.
std::vector<int> trace(const GoldenDeal& g, int board, const DdsCApi& dds) {
  const Position start = after(g, 0);
  playTracePBN text{};
  playTraceBin bin{};
  text.number = bin.number = static_cast<int>(g.play.size());
  std::string cards;
  for (std::size_t i = 0; i < g.play.size(); ++i) {
    cards += to_string(g.play[i]);
    bin.suit[i] = to_int(g.play[i].suit);
    bin.rank[i] = g.play[i].rank;
  }
  std::snprintf(text.cards, sizeof text.cards, "%s", cards.c_str());
  solvedPlay by_text{}, by_bin{};
  check(dds.AnalysePlayPBN(to_c_deal_pbn(start), text, &by_text, 0), board, "AnalysePlayPBN");
  check(dds.AnalysePlayBin(to_c_deal(start), bin, &by_bin, 0), board, "AnalysePlayBin");
  const std::vector<int> a(by_text.tricks, by_text.tricks + by_text.number);
  const std::vector<int> b(by_bin.tricks, by_bin.tricks + by_bin.number);
  if (a != b)
    throw std::runtime_error("deal " + std::to_string(board) +
                             ": DDS's AnalysePlayPBN and AnalysePlayBin disagree");
  return a;
}

// One deal's record of deals.txt; its DD table goes to `table`.
std::string deal_record(const GoldenDeal& g, int board, const DdsCApi& dds, ddTableResults& table) {
  std::string out = "PBN " + std::to_string(g.dealer) + " " + std::to_string(g.vulnerability) +
                    " " + std::to_string(to_int(g.trump)) + " " + std::to_string(to_int(g.first)) +
                    quoted(to_pbn(g.deal)) + "\n";
  futureTricks fut{};
  check(dds.SolveBoard(to_c_deal(after(g, 0)), -1, 3, 1, &fut, 0), board, "SolveBoard");
  out += "FUT " + groups_text(fut) + "\n";

  table = ddTableResults{};
  check(dds.CalcDDtable(to_c_table_deal(g.deal), &table), board, "CalcDDtable");
  out += "TABLE";
  for (const auto& strain : table.resTable)
    for (const int tricks : strain) append(out, tricks);
  out += "\n";

  parResults par{};
  check(dds.Par(&table, &par, g.vulnerability), board, "Par");
  out += "PAR" + quoted(par.parScore[0]) + quoted(par.parScore[1]) +
         quoted(par.parContractsString[0]) + quoted(par.parContractsString[1]) + "\n";
  parResultsDealer dealer_par{};  // a passed-out deal leaves the score at 0
  check(dds.DealerPar(&table, &dealer_par, g.dealer, g.vulnerability), board, "DealerPar");
  out += "PAR2" + quoted(std::to_string(dealer_par.score));
  for (int i = 0; i < dealer_par.number; ++i) out += quoted(dealer_par.contracts[i]);
  out += "\n";

  std::string cards;
  for (const Card c : g.play) cards += to_string(c);
  out += "PLAY " + std::to_string(g.play.size()) + quoted(cards) + "\n";
  const std::vector<int> values = trace(g, board, dds);
  out += "TRACE " + std::to_string(values.size());
  for (const int v : values) append(out, v);
  return out + "\n";
}

// positions.txt's lines of one deal.
std::string solve_lines(const GoldenDeal& g, int board, const DdsCApi& dds) {
  std::string out;
  for (const int count : g.solve_after)
    for (int solutions = 1; solutions <= 3; ++solutions) {
      futureTricks fut{};
      check(dds.SolveBoard(to_c_deal(after(g, count)), -1, solutions, 1, &fut, 0), board,
            "SolveBoard");
      out += "SOLVE " + std::to_string(board) + " " + std::to_string(count) + " " +
             std::to_string(solutions) + " " + groups_text(fut) + "\n";
    }
  return out;
}

}  // namespace

GoldenFiles make_golden_files(const std::vector<GoldenDeal>& deals, const DdsCApi& dds) {
  const ParCalls calls{dds.Par,
                       dds.DealerPar,
                       dds.SidesPar,
                       dds.DealerParBin,
                       dds.SidesParBin,
                       dds.ConvertToDealerTextFormat,
                       dds.ConvertToSidesTextFormat};
  GoldenFiles files;
  std::string positions, par;
  int solve_count = 0, par_count = 0;
  for (std::size_t i = 0; i < deals.size(); ++i) {
    const GoldenDeal& g = deals[i];
    const int board = static_cast<int>(i) + 1;
    ddTableResults table{};
    files.deals += deal_record(g, board, dds, table);
    positions += solve_lines(g, board, dds);
    solve_count += static_cast<int>(g.solve_after.size()) * 3;
    if (!g.par) continue;
    for (int vul = 0; vul < 4; ++vul) {
      for (const std::string& line : par_lines(calls, board, table, vul)) {
        if (line.rfind("ERROR", 0) == 0)
          throw std::runtime_error("deal " + std::to_string(board) + ": " + line);
        par += line + "\n";
      }
      ++par_count;
    }
  }
  files.deals = "NUMBER " + std::to_string(deals.size()) + "\n" + files.deals;
  files.positions = "NUMBER " + std::to_string(solve_count) + "\n" + positions;
  files.par = "NUMBER " + std::to_string(par_count) + "\n" + par;
  return files;
}

}  // namespace ddtb::test
