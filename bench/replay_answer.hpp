// One board's answer in a replay workload (bench/README.md, "Replay
// workloads"), as a solver gives it and as the runner compares it: the best
// score and each listed card's score, cards named by the workload format's
// card codes.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ddtb/cards.hpp"
#include "ddtb/dll.h"

namespace ddtb::bench {

inline constexpr int kCardCodes = 52;
inline constexpr int kUnlisted = -1;  // a card the answer does not list

// Card code = suit * 13 + (14 - rank), suits S,H,D,C = 0..3: SA = 0,
// S2 = 12, HA = 13, ..., C2 = 51.
constexpr int card_code(Card c) {
  return to_int(c.suit) * 13 + 14 - c.rank;
}
constexpr Card card_of_code(int code) {
  return Card{suit_from_int(code / 13), static_cast<std::uint8_t>(14 - code % 13)};
}

// The format's strain_i (0 = NT, 1..4 = S,H,D,C) as DDS's trump (S,H,D,C =
// 0..3, NT = 4), and back.
constexpr int dds_trump(int strain_i) {
  return strain_i == 0 ? 4 : strain_i - 1;
}
constexpr int strain_i_of(Strain s) {
  return s == Strain::NoTrump ? 0 : to_int(s) + 1;
}

// What a SolveBoard answer (target -1) says, in the form compared:
//   solutions 1: `max` only (which optimal card a solver names is its own
//                choice: dll.h);
//   solutions 2: `max` and the score of every card reaching it;
//   solutions 3: `max` and the score of every legal card.
// A score is DDS's futureTricks score: the tricks the side to play takes
// from here, the current trick included.
struct BoardAnswer {
  std::int8_t max = kUnlisted;
  std::array<std::int8_t, kCardCodes> scores;  // by card code; kUnlisted when not listed

  BoardAnswer() { scores.fill(kUnlisted); }
  friend bool operator==(const BoardAnswer&, const BoardAnswer&) = default;
};

// The answer of `fut`, a SolveBoard result for `solutions`, every run of
// equivalent cards (`equals`) expanded to its cards.
BoardAnswer answer_of(const futureTricks& fut, int solutions);

// What differs between named answers of one board, e.g.
// "max ddtb 8 dds 9 file 9; SA ddtb 8 dds 9 file 9" ("-" for a card not
// listed); empty when they all agree.
std::string describe_differences(
    const std::vector<std::pair<const char*, const BoardAnswer*>>& answers);

}  // namespace ddtb::bench
