// Cards, suits, strains, seats and card sets.
//
// Encodings follow DDS so that the C API converts without tables:
//   suits    S,H,D,C = 0..3, strain NT = 4
//   seats    N,E,S,W = 0..3
//   ranks    2..14 (14 = ace)
// A CardSet is one 64-bit word: suit s occupies bits [16s, 16s+16) and rank r
// is bit r inside it, so `(set >> 16*s) & 0xffff` is exactly DDS's
// `remainCards[hand][s]` holding. Bits 0, 1 and 15 of every lane are always 0.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ddtb/export.hpp"

namespace ddtb {

enum class Suit : std::uint8_t { Spades = 0, Hearts = 1, Diamonds = 2, Clubs = 3 };
enum class Strain : std::uint8_t { Spades = 0, Hearts = 1, Diamonds = 2, Clubs = 3, NoTrump = 4 };
enum class Seat : std::uint8_t { North = 0, East = 1, South = 2, West = 3 };

inline constexpr int kNumSuits = 4;
inline constexpr int kNumStrains = 5;
inline constexpr int kNumSeats = 4;
inline constexpr int kNumTricks = 13;
inline constexpr int kMinRank = 2;
inline constexpr int kMaxRank = 14;

constexpr int to_int(Suit s) {
  return static_cast<int>(s);
}
constexpr int to_int(Strain s) {
  return static_cast<int>(s);
}
constexpr int to_int(Seat s) {
  return static_cast<int>(s);
}
constexpr Suit suit_from_int(int s) {
  return static_cast<Suit>(s);
}
constexpr Strain strain_from_int(int s) {
  return static_cast<Strain>(s);
}
constexpr Seat seat_from_int(int s) {
  return static_cast<Seat>(s & 3);
}

// Seat `n` places clockwise after `s` (n = 1: left-hand opponent, 2: partner).
constexpr Seat next_seat(Seat s, int n = 1) {
  return seat_from_int(to_int(s) + n);
}
constexpr Seat partner(Seat s) {
  return next_seat(s, 2);
}
// True for North and South.
constexpr bool is_north_south(Seat s) {
  return (to_int(s) & 1) == 0;
}
constexpr bool same_side(Seat a, Seat b) {
  return ((to_int(a) ^ to_int(b)) & 1) == 0;
}
// The trump suit of a strain, if any.
constexpr std::optional<Suit> trump_suit(Strain s) {
  if (s == Strain::NoTrump) return std::nullopt;
  return static_cast<Suit>(s);
}

// Letters used in PBN and in DDS's texts.
DDTB_EXPORT char suit_letter(Suit s);      // 'S' 'H' 'D' 'C'
DDTB_EXPORT char strain_letter(Strain s);  // 'S' 'H' 'D' 'C' 'N'
// As players write a strain: "S" "H" "D" "C" "NT".
constexpr std::string_view strain_name(Strain s) {
  constexpr std::string_view kNames[] = {"S", "H", "D", "C", "NT"};
  return kNames[static_cast<int>(s)];
}
DDTB_EXPORT char seat_letter(Seat s);  // 'N' 'E' 'S' 'W'
// Seats and suits in words, as messages write them: "North" .. "West";
// "spades" .. "clubs" (as in "5+ spades").
constexpr const char* seat_name(Seat s) {
  constexpr const char* kNames[] = {"North", "East", "South", "West"};
  return kNames[static_cast<int>(s) & 3];
}
constexpr const char* suit_name(Suit s) {
  constexpr const char* kNames[] = {"spades", "hearts", "diamonds", "clubs"};
  return kNames[static_cast<int>(s) & 3];
}
DDTB_EXPORT char rank_letter(int rank);  // '2'..'9' 'T' 'J' 'Q' 'K' 'A'
// Inverse mappings, case-insensitive; nullopt for anything else.
DDTB_EXPORT std::optional<Suit> suit_from_letter(char c);
DDTB_EXPORT std::optional<Strain> strain_from_letter(char c);
DDTB_EXPORT std::optional<Seat> seat_from_letter(char c);
DDTB_EXPORT std::optional<int> rank_from_letter(char c);
// A strain or a seat as people name it, case-insensitive: its letter
// ("S", "n"), "NT", or the word ("Spades" .. "Clubs", "NoTrump", "No trump";
// "North" .. "West"); nullopt for anything else. The one table of these
// names: ddsolve, the Python module and the JavaScript package all use it.
DDTB_EXPORT std::optional<Strain> strain_from_name(std::string_view text);
DDTB_EXPORT std::optional<Seat> seat_from_name(std::string_view text);

// A single card. `rank` is 2..14.
struct Card {
  Suit suit = Suit::Spades;
  std::uint8_t rank = 0;

  constexpr int index() const { return to_int(suit) * 16 + rank; }
  static constexpr Card from_index(int i) {
    return Card{suit_from_int(i >> 4), static_cast<std::uint8_t>(i & 15)};
  }
  constexpr bool valid() const { return to_int(suit) < 4 && rank >= kMinRank && rank <= kMaxRank; }
  friend constexpr bool operator==(Card, Card) = default;
};

// "SA", "HT", "C2".
DDTB_EXPORT std::string to_string(Card c);
// strain_name(s) and seat_letter(s) as strings: "NT", "N".
DDTB_EXPORT std::string to_string(Strain s);
DDTB_EXPORT std::string to_string(Seat s);
// Parses two characters suit+rank ("SA", "h9"); nullopt when malformed.
DDTB_EXPORT std::optional<Card> parse_card(std::string_view text);

// A set of cards as one machine word (layout above). Value semantics, constexpr.
class CardSet {
 public:
  static constexpr std::uint64_t kSuitLane = 0x7ffc;  // ranks 2..14 of one suit
  static constexpr std::uint64_t kAllBits =
      kSuitLane | (kSuitLane << 16) | (kSuitLane << 32) | (kSuitLane << 48);

  constexpr CardSet() = default;
  constexpr explicit CardSet(std::uint64_t bits) : bits_(bits) {}
  static constexpr CardSet full_deck() { return CardSet(kAllBits); }
  static constexpr CardSet of(Card c) { return CardSet(std::uint64_t{1} << c.index()); }
  // All 13 cards of a suit.
  static constexpr CardSet whole_suit(Suit s) { return CardSet(kSuitLane << (16 * to_int(s))); }
  // Cards of suit `s` from a DDS rank-bit holding (bit r = rank r).
  static constexpr CardSet from_holding(Suit s, std::uint16_t holding) {
    return CardSet((std::uint64_t{holding} & kSuitLane) << (16 * to_int(s)));
  }

  constexpr std::uint64_t bits() const { return bits_; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr int size() const { return std::popcount(bits_); }
  constexpr bool contains(Card c) const { return (bits_ >> c.index()) & 1; }
  constexpr bool contains_all(CardSet o) const { return (o.bits_ & ~bits_) == 0; }
  constexpr bool intersects(CardSet o) const { return (o.bits_ & bits_) != 0; }
  // DDS rank-bit holding of one suit.
  constexpr std::uint16_t holding(Suit s) const {
    return static_cast<std::uint16_t>(bits_ >> (16 * to_int(s)));
  }
  constexpr CardSet suit(Suit s) const { return CardSet(bits_ & whole_suit(s).bits_); }
  constexpr int count(Suit s) const { return std::popcount(holding(s)); }

  constexpr void insert(Card c) { bits_ |= std::uint64_t{1} << c.index(); }
  constexpr void erase(Card c) { bits_ &= ~(std::uint64_t{1} << c.index()); }

  constexpr CardSet operator|(CardSet o) const { return CardSet(bits_ | o.bits_); }
  constexpr CardSet operator&(CardSet o) const { return CardSet(bits_ & o.bits_); }
  constexpr CardSet operator-(CardSet o) const { return CardSet(bits_ & ~o.bits_); }
  constexpr CardSet& operator|=(CardSet o) {
    bits_ |= o.bits_;
    return *this;
  }
  constexpr CardSet& operator&=(CardSet o) {
    bits_ &= o.bits_;
    return *this;
  }
  constexpr CardSet& operator-=(CardSet o) {
    bits_ &= ~o.bits_;
    return *this;
  }
  friend constexpr bool operator==(CardSet, CardSet) = default;

  // Iterates cards from the highest bit (clubs ace) down to the lowest (spades two).
  class Iterator {
   public:
    constexpr explicit Iterator(std::uint64_t b) : b_(b) {}
    constexpr Card operator*() const { return Card::from_index(63 - std::countl_zero(b_)); }
    constexpr Iterator& operator++() {
      b_ &= ~(std::uint64_t{1} << (63 - std::countl_zero(b_)));
      return *this;
    }
    constexpr bool operator!=(const Iterator& o) const { return b_ != o.b_; }

   private:
    std::uint64_t b_;
  };
  constexpr Iterator begin() const { return Iterator(bits_); }
  constexpr Iterator end() const { return Iterator(0); }

 private:
  std::uint64_t bits_ = 0;
};

// PBN text of one hand: "AKQ.T98.-.5432" style with "" for an empty suit,
// suits in S.H.D.C order, ranks from high to low.
DDTB_EXPORT std::string to_pbn(CardSet hand);

}  // namespace ddtb
