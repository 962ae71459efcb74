// The JSON Lines format, one object per board:
//   {"board":"1","tricks":{"N":{"N":6,"E":6,"S":6,"W":6},"S":{...},...}}
// Outer keys are strains ("N" = no trump, then S, H, D, C), inner keys the
// declarers N, E, S, W; values are the tricks that declarer takes. With
// --strains or --declarers only those keys appear. Optional fields:
//   "par":  {"score":-110,"dealer":"N","vulnerable":"None",
//            "contracts":[{"contract":"2S","by":"EW","result":0}]}
// Par is DDS's DealerPar: "score" from North-South's view; each contract
// with the seats that reach it and its result (+overtricks, -undertricks;
// a doubled sacrifice's contract ends in "X"). No contracts: pass it out.
//   "play": {"contract":"4S","declarer":"W","leader":"N","before":10,
//            "cards":[{"seat":"N","card":"D5","tricks":10,"lost":0},...],
//            "stopped":"..."}
// "before" and each card's "tricks" are declarer's side's double-dummy
// tricks (won so far plus the most it can still take) before the lead and
// after that card; "lost" is what the card cost the side that played it.
// "stopped" is there only when the record ends before the deal does.
#include "cli/json.hpp"
#include "cli/output.hpp"
#include "cli/par_text.hpp"

namespace ddtb::cli {

namespace {

constexpr Strain kStrainOrder[] = {Strain::NoTrump, Strain::Spades, Strain::Hearts,
                                   Strain::Diamonds, Strain::Clubs};

std::string letter(char c) {
  return std::string("\"") + c + "\"";
}

std::string tricks_json(const Board& board) {
  const DdTable& table = *board.result.table;
  std::string out = "{";
  for (const Strain strain : kStrainOrder) {
    if (!(board.shown_strains >> to_int(strain) & 1)) continue;
    if (out.size() > 1) out += ',';
    out += letter(strain_letter(strain)) + ":{";
    bool first = true;
    for (int s = 0; s < kNumSeats; ++s) {
      if (!(board.shown_declarers >> s & 1)) continue;
      const Seat declarer = seat_from_int(s);
      if (!first) out += ',';
      first = false;
      out += letter(seat_letter(declarer)) + ":" + std::to_string(table.get(strain, declarer));
    }
    out += '}';
  }
  return out + "}";
}

std::string par_json(const ParResult& par, const ParConditions& conditions) {
  std::string out = "{\"score\":" + std::to_string(par.score) +
                    ",\"dealer\":" + letter(seat_letter(conditions.dealer)) +
                    ",\"vulnerable\":" + json_string(vulnerability_name(conditions.vulnerability)) +
                    ",\"contracts\":[";
  for (std::size_t i = 0; i < par.contracts.size(); ++i) {
    const ParContract& c = par.contracts[i];
    ParContract bare = c;
    bare.overtricks = bare.undertricks = 0;
    if (i) out += ',';
    out += "{\"contract\":" + json_string(contract_text(bare)) +
           ",\"by\":" + json_string(seats_text(c.seats)) +
           ",\"result\":" + std::to_string(c.overtricks - c.undertricks) + "}";
  }
  return out + "]}";
}

std::string play_json(const PlayAnalysis& play) {
  const PlayRecord& r = play.record;
  std::string out = "{\"contract\":" + json_string(contract_text(r.contract)) +
                    ",\"declarer\":" + letter(seat_letter(r.declarer)) +
                    ",\"leader\":" + letter(seat_letter(r.leader)) +
                    ",\"before\":" + std::to_string(play.tricks.front()) + ",\"cards\":[";
  for (std::size_t i = 0; i < r.cards.size(); ++i) {
    if (i) out += ',';
    out += "{\"seat\":" + letter(seat_letter(r.cards[i].seat)) +
           ",\"card\":" + json_string(to_string(r.cards[i].card)) +
           ",\"tricks\":" + std::to_string(play.tricks[i + 1]) +
           ",\"lost\":" + std::to_string(play.lost(i)) + "}";
  }
  out += ']';
  if (!r.stopped.empty()) out += ",\"stopped\":" + json_string(r.stopped);
  return out + "}";
}

}  // namespace

std::string json_board(const Board& board) {
  if (!board.result.table) return "";
  std::string out = "{\"board\":" + json_string(board.id) + ",\"tricks\":" + tricks_json(board);
  if (board.result.par) out += ",\"par\":" + par_json(*board.result.par, *board.par);
  if (board.result.play) out += ",\"play\":" + play_json(*board.result.play);
  out += "}\n";
  return out;
}

}  // namespace ddtb::cli
