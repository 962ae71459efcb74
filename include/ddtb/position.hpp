// Deals and positions, and the PBN deal parser.
//
// Both types validate on construction: a Deal or a Position that exists is
// always consistent (disjoint hands, right card counts) and its play from now
// on obeys the rules, so the solver never has to check again. The current
// trick obeys them too, except in a Position made by make_as_played(). The
// factories return Expected<...> with a message naming the hand, card or
// character at fault.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "ddtb/cards.hpp"
#include "ddtb/expected.hpp"
#include "ddtb/export.hpp"

namespace ddtb {

// Four hands with the same number of cards (1..13 each): a full deal or an
// ending at a trick boundary.
class DDTB_EXPORT Deal {
 public:
  // Validates: hands disjoint, every card a real card, equal counts of 1..13.
  static Expected<Deal> from_hands(const std::array<CardSet, 4>& hands);

  const CardSet& hand(Seat s) const { return hands_[to_int(s)]; }
  const std::array<CardSet, 4>& hands() const { return hands_; }
  int tricks_left() const { return hands_[0].size(); }
  CardSet all_cards() const { return hands_[0] | hands_[1] | hands_[2] | hands_[3]; }
  friend bool operator==(const Deal&, const Deal&) = default;

 private:
  explicit Deal(const std::array<CardSet, 4>& h) : hands_(h) {}
  std::array<CardSet, 4> hands_;
};

// Parses a PBN deal: "N:KQ4.AJT2.983.K72 <east> <south> <west>". The seat
// before the colon (N, E, S or W; the "N:" may be omitted, meaning North)
// holds the first hand; the others follow clockwise, separated by spaces.
// Suits are S.H.D.C; ranks 2-9, T (or 10), J, Q, K, A in any order and either
// case; an empty suit is an empty string. Hands must be equal in size: 13
// cards each for a full deal, fewer for an ending. Errors name the hand and
// the 1-based character position. A hand given as "-" (unknown) is an error.
DDTB_EXPORT Expected<Deal> parse_pbn_deal(std::string_view text);

// A deal's four hands as far as they are known, indexed by seat, from the
// text of a PBN deal in which a hidden hand is "-" and a partly known one
// has fewer than 13 cards: "N:AKQ2.K5.AJ72.Q84 - J95.A432.K9.KJ53 -". Read
// as parse_pbn_deal reads a deal, with its errors (naming the hand and the
// character), but hands may differ in size (at most 13 cards each).
DDTB_EXPORT Expected<std::array<CardSet, 4>> parse_partial_deal(std::string_view text);

// One hand as in a PBN deal (ranks as there): four suits S.H.D.C separated by
// dots, e.g. "AKQ.T98..5432"; spaces around it are ignored. Errors name the
// character (counted from 1).
DDTB_EXPORT Expected<CardSet> parse_pbn_hand(std::string_view text);

// PBN text of a deal, starting with `first`: "N:AKQ.... ... ... ...".
DDTB_EXPORT std::string to_pbn(const Deal& deal, Seat first = Seat::North);

// A position to solve: the cards left in each hand, the strain, the seat that
// led (or is to lead) the current trick, and the 0..3 cards already played to
// it, in playing order. Cards of the current trick are not in the hands.
class DDTB_EXPORT Position {
 public:
  // Validates everything: cards real and not duplicated (within the hands and
  // the trick), hand sizes consistent with the trick (seats that already
  // played hold one card fewer), at least one card left to play, and every
  // follower either followed suit or holds no card of the suit led.
  static Expected<Position> make(const std::array<CardSet, 4>& hands, Strain trump, Seat leader,
                                 std::span<const Card> trick = {});
  // As make(), except that the cards already played to the current trick
  // are taken as played: a follower's card of another suit is accepted
  // although that hand still holds the suit led (a revoke already on the
  // table). DDS's SolveBoard takes such positions and its clients send them
  // (a robot that samples the unseen hands may give a hand cards of a suit
  // it showed out of). Every other check of make() holds. From here on the
  // play obeys the rules (the seats still to play to the trick must follow
  // suit), and the trick is won as any other: by the highest trump, else by
  // the highest card of the suit led, so a card of another suit wins only
  // as a trump.
  static Expected<Position> make_as_played(const std::array<CardSet, 4>& hands, Strain trump,
                                           Seat leader, std::span<const Card> trick = {});
  // The start of a trick in a validated deal; cannot fail.
  static Position at_trick_start(const Deal& deal, Strain trump, Seat leader);

  const CardSet& hand(Seat s) const { return hands_[to_int(s)]; }
  const std::array<CardSet, 4>& hands() const { return hands_; }
  Strain trump() const { return trump_; }
  Seat leader() const { return leader_; }
  int trick_size() const { return trick_size_; }
  Card trick_card(int i) const { return trick_[i]; }
  std::span<const Card> trick() const { return {trick_.data(), std::size_t(trick_size_)}; }
  // The seat whose turn it is.
  Seat to_play() const { return next_seat(leader_, trick_size_); }
  // Cards still to be played, counting the one to be played now: tricks
  // completed from here = (cards_in_hands + trick_size) / 4.
  int cards_in_hands() const;
  // Whole tricks left, counting the current one.
  int tricks_left() const { return (cards_in_hands() + trick_size_) / 4; }
  // Cards the seat to play may legally play now.
  CardSet legal_cards() const;
  // The position after the seat to play plays `c`; an error when `c` is not
  // a legal card. Completing a trick gives the next trick's start, led by the
  // winner.
  Expected<Position> play(Card c) const;
  // Winner of a complete trick of four cards led by `leader` (helper shared by
  // play() and by callers that track tricks themselves).
  static Seat trick_winner(Seat leader, const std::array<Card, 4>& cards, Strain trump);

  friend bool operator==(const Position&, const Position&) = default;

 private:
  Position() = default;
  std::array<CardSet, 4> hands_{};
  std::array<Card, 3> trick_{};
  Strain trump_ = Strain::NoTrump;
  Seat leader_ = Seat::North;
  std::uint8_t trick_size_ = 0;
};

}  // namespace ddtb
