// Reader for hand lists in DDS's format: DDS's own test hands,
// ../shared/ref/list100.txt and list1000.txt (format: tests/README.md,
// "DDS's hand lists", and tests/data/golden/README.md), and the project's
// own tests/data/golden/deals.txt (golden_data.hpp).
//
// Every line of a deal is parsed and checked (counts, ranges, card texts), so
// a truncated or corrupt file is an error naming its line rather than a
// silently shorter test. Encodings are DDS's: seats N,E,S,W = 0..3, suits
// S,H,D,C = 0..3, strain NT = 4, ranks 2..14, rank sets as bits 1 << rank.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ddtb/expected.hpp"
#include "ddtb/position.hpp"

namespace ddtb::test {

// One group of DDS's futureTricks (SolveBoard with solutions = 3).
struct RefCardGroup {
  Suit suit = Suit::Spades;
  int rank = 0;              // the highest card of the run
  std::uint16_t equals = 0;  // rank bits of the lower cards of the run
  int tricks = 0;            // tricks for the side to play with this card
  friend bool operator==(const RefCardGroup&, const RefCardGroup&) = default;
};

// DDS's Par(): each side's view of the par score and contracts.
struct RefPar {
  int ns_score = 0;          // "NS <score>"
  int ew_score = 0;          // "EW <score>"
  std::string ns_contracts;  // the text after "NS:", e.g. "EW 2S" or "NS 2Sx,NS 3Dx"
  std::string ew_contracts;  // the text after "EW:"
};

// DDS's DealerPar(): the score from North-South's view and the contracts,
// e.g. "4S*-EW-1".
struct RefDealerPar {
  int score = 0;
  std::vector<std::string> contracts;
};

struct RefDeal {
  int number = 0;         // 1-based position in the file
  int line = 0;           // line of its PBN line in the file
  int dealer = 0;         // seat 0..3
  int vulnerability = 0;  // 0 none, 1 both, 2 NS, 3 EW
  Strain trump = Strain::NoTrump;
  Seat first = Seat::North;  // leads to trick 1 in FUT and PLAY
  std::string pbn;           // the deal text, "N:... ... ... ..."
  std::array<CardSet, 4> hands{};
  std::vector<RefCardGroup> fut;              // best score first
  std::array<std::array<int, 4>, 5> table{};  // [strain S,H,D,C,NT][hand N,E,S,W]
  RefPar par;
  RefDealerPar dealer_par;
  std::vector<Card> play;  // cards played from trick 1, in order
  // DDS AnalysePlay over `play`: the declarer side's tricks before any card,
  // then after each card. Usually play.size() + 1 values, but DDS stops
  // early on some complete 52-card plays (e.g. 49 values for 52 cards), so
  // the count is the file's.
  std::vector<int> trace;

  Deal deal() const { return *Deal::from_hands(hands); }
  // The position FUT solves and PLAY starts from: trick 1, `first` to lead.
  Position start() const { return Position::at_trick_start(deal(), trump, first); }
};

// The path of one of DDS's lists: DDTB_REF_DIR + "/" + name.
std::string ref_path(std::string_view name);

// True when DDTB_REF_DIR holds `name`. DDS's lists live beside the project,
// never in it: a plain clone has none, and the tests that need them skip
// (ref_skip.hpp) while the project's own data is tested in their place.
bool ref_file_present(std::string_view name);

// The line a test skipped for want of `name` prints.
std::string ref_missing_message(std::string_view name);

// Reads and validates a whole file. Errors: kIo when it cannot be opened
// (the message names the path and the setting DDTB_REF_DIR), kCorruptData
// naming the line for anything malformed or a deal count other than the
// NUMBER line's.
Expected<std::vector<RefDeal>> read_ref_file(const std::string& path);

// Parses a file's contents (read_ref_file() without the file system);
// `source` names it in error messages.
Expected<std::vector<RefDeal>> parse_ref_text(std::string_view text, std::string_view source);

}  // namespace ddtb::test
