// The cards of a [Play] section in playing order (PBN 2.1 section 3.6).
//
// A play section lists tricks in columns: the n-th card token of a trick
// belongs to the n-th seat clockwise from the [Play] tag's seat, whoever led
// it; the trick's leader (the previous trick's winner) plays first. Tokens
// may carry annotations (suffixes "!", "?", notes "=1=", NAGs "$7"), which
// are skipped. The record stops at the first card not given ("-" for an
// unknown card, "+" for the next card to play), at "*", at an irregularity
// (a revoke "^R" or a lead out of turn "^L": the play is then no longer
// double-dummy play of this deal) or at the end of the section.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/pbn_reader.hpp"
#include "cli/tag_values.hpp"
#include "ddtb/position.hpp"

namespace ddtb::cli {

struct PlayedCard {
  Card card;
  Seat seat = Seat::North;  // who played it
  std::size_t offset = 0;   // of its token, in Game::text
};

struct PlayRecord {
  Contract contract;              // its strain is the trump suit
  Seat leader = Seat::North;      // who leads the first trick
  Seat declarer = Seat::North;    // the analysis counts this side's tricks
  std::vector<PlayedCard> cards;  // legal, in playing order
  std::string stopped;            // why the record ends before the deal does, e.g.
                                  // "card 23 is not given ('-')"; "" when complete
};

struct PlayReading {
  std::optional<PlayRecord> record;  // the cards up to the first problem
  std::optional<Problem> problem;    // a malformed token, an illegal card,
                                     // or tags that make the play unreadable
};

// Reads the [Play] section of `game` (which must have one) against `deal`.
// The strain is the [Contract]'s, the declarer the [Declarer] tag's (else
// the seat before the [Play] seat, whose left-hand opponent leads).
PlayReading read_play(const Game& game, const Deal& deal);

}  // namespace ddtb::cli
