// Par: the best result both sides reach when they bid with open cards, and
// the contract scoring it rests on.
//
// Input is a DD table (see solver.hpp). The results are DDS 2.9's, byte for
// byte when formatted, on every table of its list1000.txt and on random
// tables shaped like real ones (tests/capi_par_test.cpp compares all seven
// DDS par functions through the C API, a thin layer over this header). On
// tables no deal can produce (both sides making grand slams, say) DDS's
// heuristics sometimes miss the game value that ddtb computes; the long test
// measures how often.
//
// The model (DDS's, and the usual one): the two sides bid in turn; a side
// may pass or name any higher contract; a contract that goes down is doubled,
// one that makes is not; the auction ends when the side not holding the
// contract passes. Par is the score both sides can force. In rare deals it
// depends on which side bids first (both sides make 1NT, say): sides_par()
// gives each side's view, dealer_par() settles it by the seat order from the
// dealer (the first seat able to declare its side's par contract bids it).
//
// Everything here is a pure function of its arguments: thread-safe, no state.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddtb/cards.hpp"
#include "ddtb/expected.hpp"
#include "ddtb/export.hpp"
#include "ddtb/solver.hpp"

namespace ddtb {

// Vulnerability, numbered as in DDS (and in list100.txt's PBN lines).
enum class Vulnerability : std::uint8_t { None = 0, Both = 1, NorthSouth = 2, EastWest = 3 };
// Partnerships, numbered as in DDS.
enum class Side : std::uint8_t { NorthSouth = 0, EastWest = 1 };

constexpr Side side_of(Seat s) {
  return is_north_south(s) ? Side::NorthSouth : Side::EastWest;
}
constexpr Side other(Side s) {
  return s == Side::NorthSouth ? Side::EastWest : Side::NorthSouth;
}
constexpr bool is_vulnerable(Vulnerability v, Side s) {
  return v == Vulnerability::Both || (v == Vulnerability::NorthSouth && s == Side::NorthSouth) ||
         (v == Vulnerability::EastWest && s == Side::EastWest);
}

// A vulnerability or a side as people name it, case-insensitive:
// "None" (or "Love", "-"), "NS", "EW", "Both" (or "All"); a side "NS" or
// "EW". nullopt for anything else.
DDTB_EXPORT std::optional<Vulnerability> vulnerability_from_name(std::string_view text);
DDTB_EXPORT std::optional<Side> side_from_name(std::string_view text);

enum class Doubling : std::uint8_t { Undoubled = 0, Doubled = 1, Redoubled = 2 };

// A contract as written down.
struct Contract {
  int level = 0;  // 1..7; 0 when the text names the strain only ("S", "NT")
  Strain strain = Strain::NoTrump;
  Doubling doubling = Doubling::Undoubled;
  std::optional<Seat> declarer;  // when the text names one
  friend bool operator==(const Contract&, const Contract&) = default;
};

// Parses a contract, case-insensitive: a level 1..7, the strain (S, H, D,
// C, NT, or N for no trump), then X (doubled) or XX (redoubled) when the
// level is given, then optionally the declarer's seat, after a space, a "-"
// or "by": "4S", "3NTX", "7hxx", "3N", "4S by N", "4SN", "3NT-W", "4Hx E".
// Without a level, the strain alone ("S", "NT": an end position's) and an
// optional declarer ("S N"). Spaces may separate the parts. kSyntax, the
// message quoting the text and saying what is wrong, for anything else.
DDTB_EXPORT Expected<Contract> parse_contract(std::string_view text);

// Duplicate score of a contract for the declaring side: positive when it
// makes (trick score, game/part-score and slam bonuses, overtricks, the
// bonus for making a doubled or redoubled contract), negative when it goes
// down. `level` is 1..7 and `tricks` 0..13; anything else gives 0.
DDTB_EXPORT int contract_score(int level, Strain strain, Doubling doubling, bool vulnerable,
                               int tricks);

// One par contract. A made contract (doubled == false) is shown at its
// lowest par level with the tricks above it in `overtricks`; a sacrifice
// (doubled == true) goes down `undertricks`.
struct ParContract {
  int level = 0;  // 1..7
  Strain strain = Strain::NoTrump;
  Side side = Side::NorthSouth;
  std::uint8_t seats = 0;  // the declarers that reach the par score: bit (1 << seat)
  bool doubled = false;
  // DealerPar only: a sacrifice bid as an opening, before the opponents
  // named any contract (DDS prints it without the "*": "2S-N-1").
  bool pre_emptive = false;
  int overtricks = 0;
  int undertricks = 0;
  friend bool operator==(const ParContract&, const ParContract&) = default;
};

struct ParResult {
  int score = 0;  // from North-South's view
  // The contracts that give `score`, in DDS's order: dealer_par() as
  // DealerPar prints them (made contracts: most tricks first, then strain
  // NT,S,H,D,C; sacrifices: highest level first, then strain C,D,H,S,NT);
  // sides_par() by strain NT,S,H,D,C (also DealerParBin's order). Empty when
  // par is to pass the deal out.
  std::vector<ParContract> contracts;
  friend bool operator==(const ParResult&, const ParResult&) = default;
};

// Par when the seats bid in turn from `dealer` (DDS DealerPar).
DDTB_EXPORT ParResult dealer_par(const DdTable& table, Seat dealer, Vulnerability vul);

// Par when side `first` starts the bidding (DDS SidesPar; usually the same
// for both sides).
DDTB_EXPORT ParResult sides_par(const DdTable& table, Side first, Vulnerability vul);

// DDS Par()'s view, one per side (index: Side) when that side starts the
// bidding: score "NS -110" / "EW 110" (each from its own side's view) and
// contracts "NS:EW 2S", "NS:NS 23S,N 23H", "EW:EW 4Sx" (every par level of a
// strain listed, strains NT,S,H,D,C, "x" for a sacrifice; "NS:" when passed
// out).
struct ParText {
  std::string score;
  std::string contracts;
  friend bool operator==(const ParText&, const ParText&) = default;
};
DDTB_EXPORT std::array<ParText, 2> par_texts(const DdTable& table, Vulnerability vul);

// DDS DealerPar's text for one contract: "4S*-EW-1", "3N-NS", "4N-W+1".
DDTB_EXPORT std::string to_dds_text(const ParContract& contract);

}  // namespace ddtb
