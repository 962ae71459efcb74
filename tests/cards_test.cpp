// Unit tests of cards.hpp: letters, cards, seats and CardSet.
#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <vector>

#include "ddtb/cards.hpp"

namespace ddtb::test {
namespace {

TEST(Letters, SuitsStrainsSeats) {
  EXPECT_EQ(suit_letter(Suit::Spades), 'S');
  EXPECT_EQ(suit_letter(Suit::Hearts), 'H');
  EXPECT_EQ(suit_letter(Suit::Diamonds), 'D');
  EXPECT_EQ(suit_letter(Suit::Clubs), 'C');
  EXPECT_EQ(strain_letter(Strain::Spades), 'S');
  EXPECT_EQ(strain_letter(Strain::Clubs), 'C');
  EXPECT_EQ(strain_letter(Strain::NoTrump), 'N');
  EXPECT_EQ(seat_letter(Seat::North), 'N');
  EXPECT_EQ(seat_letter(Seat::East), 'E');
  EXPECT_EQ(seat_letter(Seat::South), 'S');
  EXPECT_EQ(seat_letter(Seat::West), 'W');
}

TEST(Letters, StrainAndSeatTexts) {
  const char* strains[] = {"S", "H", "D", "C", "NT"};
  for (int i = 0; i < 5; ++i) EXPECT_EQ(to_string(strain_from_int(i)), strains[i]);
  const char* seats[] = {"N", "E", "S", "W"};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(to_string(seat_from_int(i)), seats[i]);
}

TEST(Letters, Ranks) {
  const std::string all = "23456789TJQKA";
  for (int r = kMinRank; r <= kMaxRank; ++r) EXPECT_EQ(rank_letter(r), all[r - kMinRank]) << r;
}

TEST(Letters, InversesAreCaseInsensitive) {
  for (int s = 0; s < kNumSuits; ++s) {
    const char c = suit_letter(suit_from_int(s));
    EXPECT_EQ(suit_from_letter(c), suit_from_int(s));
    EXPECT_EQ(suit_from_letter(static_cast<char>(c + ('a' - 'A'))), suit_from_int(s));
  }
  for (int s = 0; s < kNumStrains; ++s) {
    const char c = strain_letter(strain_from_int(s));
    EXPECT_EQ(strain_from_letter(c), strain_from_int(s));
    EXPECT_EQ(strain_from_letter(static_cast<char>(c + ('a' - 'A'))), strain_from_int(s));
  }
  for (int s = 0; s < kNumSeats; ++s) {
    const char c = seat_letter(seat_from_int(s));
    EXPECT_EQ(seat_from_letter(c), seat_from_int(s));
    EXPECT_EQ(seat_from_letter(static_cast<char>(c + ('a' - 'A'))), seat_from_int(s));
  }
  for (int r = kMinRank; r <= kMaxRank; ++r) {
    const char c = rank_letter(r);
    EXPECT_EQ(rank_from_letter(c), r);
    EXPECT_EQ(rank_from_letter(static_cast<char>(std::tolower(c))), r);
  }
}

TEST(Letters, RejectOtherCharacters) {
  for (const char c : std::string("NX1 .-0\0", 8)) EXPECT_FALSE(suit_from_letter(c)) << c;
  for (const char c : std::string("XE1 .-0")) EXPECT_FALSE(strain_from_letter(c)) << c;
  for (const char c : std::string("XHD1 .-0")) EXPECT_FALSE(seat_from_letter(c)) << c;
  for (const char c : std::string("01BXS .-*")) EXPECT_FALSE(rank_from_letter(c)) << c;
}

TEST(Seats, Arithmetic) {
  EXPECT_EQ(next_seat(Seat::North), Seat::East);
  EXPECT_EQ(next_seat(Seat::West), Seat::North);
  EXPECT_EQ(next_seat(Seat::South, 3), Seat::East);
  EXPECT_EQ(next_seat(Seat::East, 4), Seat::East);
  EXPECT_EQ(partner(Seat::North), Seat::South);
  EXPECT_EQ(partner(Seat::West), Seat::East);
  EXPECT_TRUE(is_north_south(Seat::North));
  EXPECT_TRUE(is_north_south(Seat::South));
  EXPECT_FALSE(is_north_south(Seat::East));
  EXPECT_FALSE(is_north_south(Seat::West));
  EXPECT_TRUE(same_side(Seat::East, Seat::West));
  EXPECT_TRUE(same_side(Seat::South, Seat::South));
  EXPECT_FALSE(same_side(Seat::North, Seat::West));
}

TEST(Strains, TrumpSuit) {
  EXPECT_EQ(trump_suit(Strain::Spades), Suit::Spades);
  EXPECT_EQ(trump_suit(Strain::Hearts), Suit::Hearts);
  EXPECT_EQ(trump_suit(Strain::Diamonds), Suit::Diamonds);
  EXPECT_EQ(trump_suit(Strain::Clubs), Suit::Clubs);
  EXPECT_FALSE(trump_suit(Strain::NoTrump).has_value());
}

TEST(Cards, ToStringAndParse) {
  EXPECT_EQ(to_string(Card{Suit::Spades, 14}), "SA");
  EXPECT_EQ(to_string(Card{Suit::Hearts, 10}), "HT");
  EXPECT_EQ(to_string(Card{Suit::Clubs, 2}), "C2");
  EXPECT_EQ(parse_card("SA"), (Card{Suit::Spades, 14}));
  EXPECT_EQ(parse_card("h9"), (Card{Suit::Hearts, 9}));
  EXPECT_EQ(parse_card("dt"), (Card{Suit::Diamonds, 10}));
  for (int s = 0; s < kNumSuits; ++s)
    for (int r = kMinRank; r <= kMaxRank; ++r) {
      const Card c{suit_from_int(s), static_cast<std::uint8_t>(r)};
      EXPECT_EQ(parse_card(to_string(c)), c);
    }
}

TEST(Cards, ParseRejectsMalformedText) {
  for (const char* text : {"", "S", "SAK", "S10", "X2", "S1", "AS", "2S", " SA", "SA "})
    EXPECT_FALSE(parse_card(text).has_value()) << '"' << text << '"';
}

TEST(Cards, IndexLayoutAndValidity) {
  EXPECT_EQ((Card{Suit::Spades, 2}).index(), 2);
  EXPECT_EQ((Card{Suit::Hearts, 14}).index(), 30);
  EXPECT_EQ((Card{Suit::Clubs, 14}).index(), 62);
  for (int i = 0; i < 64; ++i) {
    const Card c = Card::from_index(i);
    EXPECT_EQ(c.index(), i);
    EXPECT_EQ(c.valid(), (i & 15) >= 2 && (i & 15) <= 14) << i;
  }
  EXPECT_FALSE((Card{Suit::Spades, 0}).valid());
  EXPECT_FALSE((Card{Suit::Spades, 15}).valid());
}

TEST(CardSet, Basics) {
  EXPECT_TRUE(CardSet().empty());
  EXPECT_EQ(CardSet::full_deck().size(), 52);
  for (int s = 0; s < kNumSuits; ++s) {
    const Suit suit = suit_from_int(s);
    EXPECT_EQ(CardSet::whole_suit(suit).size(), 13);
    EXPECT_EQ(CardSet::whole_suit(suit).holding(suit), 0x7ffc);
    EXPECT_EQ(CardSet::full_deck().count(suit), 13);
  }
  CardSet s;
  const Card sa{Suit::Spades, 14}, h2{Suit::Hearts, 2}, ct{Suit::Clubs, 10};
  s.insert(sa);
  s.insert(h2);
  s.insert(ct);
  s.insert(sa);
  EXPECT_EQ(s.size(), 3);
  EXPECT_TRUE(s.contains(sa));
  EXPECT_TRUE(s.contains(ct));
  EXPECT_FALSE(s.contains(Card{Suit::Clubs, 9}));
  EXPECT_EQ(s.holding(Suit::Clubs), 1u << 10);
  EXPECT_EQ(s.holding(Suit::Diamonds), 0u);
  EXPECT_EQ(s.count(Suit::Hearts), 1);
  EXPECT_EQ(s.suit(Suit::Spades), CardSet::of(sa));
  s.erase(h2);
  s.erase(h2);
  EXPECT_EQ(s, CardSet::of(sa) | CardSet::of(ct));
}

TEST(CardSet, FromHoldingKeepsOnlyRanks) {
  // Bits 0, 1 and 15 are no rank and must be dropped.
  const CardSet s = CardSet::from_holding(Suit::Diamonds, 0xffff);
  EXPECT_EQ(s, CardSet::whole_suit(Suit::Diamonds));
  const CardSet t = CardSet::from_holding(Suit::Hearts, (1 << 14) | (1 << 3) | 1);
  EXPECT_EQ(t.size(), 2);
  EXPECT_TRUE(t.contains(Card{Suit::Hearts, 14}));
  EXPECT_TRUE(t.contains(Card{Suit::Hearts, 3}));
}

TEST(CardSet, SetOperations) {
  const CardSet a = CardSet::whole_suit(Suit::Spades) | CardSet::of(Card{Suit::Hearts, 5});
  const CardSet b = CardSet::of(Card{Suit::Spades, 9}) | CardSet::of(Card{Suit::Clubs, 4});
  EXPECT_EQ((a & b), CardSet::of(Card{Suit::Spades, 9}));
  EXPECT_EQ((a | b).size(), 15);
  EXPECT_EQ((a - b).size(), 13);
  EXPECT_TRUE(a.intersects(b));
  EXPECT_FALSE(a.contains_all(b));
  EXPECT_TRUE(a.contains_all(a & b));
  EXPECT_TRUE(a.contains_all(CardSet()));
  CardSet c = a;
  c -= b;
  EXPECT_EQ(c, a - b);
  c |= b;
  EXPECT_EQ(c, a | b);
  c &= b;
  EXPECT_EQ(c, b);
}

TEST(CardSet, IteratesFromClubAceDownToSpadeTwo) {
  std::vector<Card> seen;
  for (const Card c : CardSet::full_deck()) seen.push_back(c);
  ASSERT_EQ(seen.size(), 52u);
  EXPECT_EQ(seen.front(), (Card{Suit::Clubs, 14}));
  EXPECT_EQ(seen[13], (Card{Suit::Diamonds, 14}));
  EXPECT_EQ(seen.back(), (Card{Suit::Spades, 2}));
  for (std::size_t i = 1; i < seen.size(); ++i) EXPECT_LT(seen[i].index(), seen[i - 1].index());
  int n = 0;
  for (const Card c : CardSet()) n += c.rank;
  EXPECT_EQ(n, 0);
}

TEST(CardSet, ToPbn) {
  EXPECT_EQ(to_pbn(CardSet()), "...");
  EXPECT_EQ(to_pbn(CardSet::full_deck()),
            "AKQJT98765432.AKQJT98765432.AKQJT98765432.AKQJT98765432");
  CardSet s;
  for (const char* c : {"S2", "SK", "SA", "HT", "C5", "C4", "C3", "C2", "HQ"})
    s.insert(*parse_card(c));
  EXPECT_EQ(to_pbn(s), "AK2.QT..5432");
}

}  // namespace
}  // namespace ddtb::test
