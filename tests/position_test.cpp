// Unit tests of position.hpp: the PBN deal parser, Deal and Position
// validation, legal cards, trick winners and PBN output.
#include <gtest/gtest.h>

#include <array>
#include <initializer_list>
#include <string>
#include <vector>

#include "ddtb/position.hpp"
#include "ddtb/solver.hpp"
#include "tests/support/random.hpp"

namespace ddtb::test {
namespace {

constexpr const char* kDeal =
    "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

Card card(const char* text) {
  const auto c = parse_card(text);
  EXPECT_TRUE(c.has_value()) << text;
  return c.value_or(Card{});
}

CardSet cards(std::initializer_list<const char*> texts) {
  CardSet s;
  for (const char* t : texts) s.insert(card(t));
  return s;
}

Deal deal(const char* pbn) {
  auto d = parse_pbn_deal(pbn);
  EXPECT_TRUE(d.has_value()) << pbn << ": " << d.error().message;
  return std::move(d).value();
}

// Expects `text` to be rejected with `code` and a message containing every
// string of `parts`.
// `parse` refuses `text` with `code` and a message holding every part.
template <class Parse>
void expect_error(Parse parse, std::string_view text, ErrorCode code,
                  std::initializer_list<std::string> parts) {
  SCOPED_TRACE(std::string("\"") + std::string(text) + "\"");
  const auto d = parse(text);
  ASSERT_FALSE(d.has_value());
  EXPECT_EQ(d.error().code, code) << d.error().message;
  for (const std::string& p : parts)
    EXPECT_NE(d.error().message.find(p), std::string::npos)
        << "message \"" << d.error().message << "\" lacks \"" << p << "\"";
}

void expect_pbn_error(std::string_view text, ErrorCode code,
                      std::initializer_list<std::string> parts) {
  expect_error(parse_pbn_deal, text, code, parts);
}

// --- parse_pbn_deal: accepted forms --------------------------------------

TEST(ParsePbnDeal, FullDeal) {
  const Deal d = deal(kDeal);
  EXPECT_EQ(d.tricks_left(), 13);
  EXPECT_EQ(d.all_cards(), CardSet::full_deck());
  EXPECT_EQ(d.hand(Seat::North),
            cards({"SQ", "SJ", "S6", "HK", "H6", "H5", "H2", "DJ", "D8", "D5", "CT", "C9", "C8"}));
  EXPECT_EQ(d.hand(Seat::West).holding(Suit::Spades),
            (1 << 14) | (1 << 10) | (1 << 9) | (1 << 4) | (1 << 2));
  EXPECT_EQ(d.hand(Seat::East).holding(Suit::Diamonds),
            (1 << 14) | (1 << 10) | (1 << 7) | (1 << 6) | (1 << 4));
}

TEST(ParsePbnDeal, AnyFirstSeatGivesTheSameDeal) {
  const Deal d = deal(kDeal);
  EXPECT_EQ(deal("E:873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3 QJ6.K652.J85.T98"), d);
  EXPECT_EQ(deal("S:K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3 QJ6.K652.J85.T98 873.J97.AT764.Q4"), d);
  EXPECT_EQ(deal("W:AT942.AQ4.32.KJ3 QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652"), d);
}

TEST(ParsePbnDeal, SeatPrefixMayBeOmitted) {
  EXPECT_EQ(deal("QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"),
            deal(kDeal));
}

TEST(ParsePbnDeal, RanksInAnyOrderAndCaseAndTen) {
  const Deal d = deal(kDeal);
  EXPECT_EQ(deal("N:6jq.2k56.58j.89t 378.79j.a4t67.4q 5K.38T.9KQ.2A567 9AT42.4QA.23.3JK"), d);
  EXPECT_EQ(deal("N:QJ6.K652.J85.1098 873.J97.A10764.Q4 K5.1083.KQ9.A7652 A10942.AQ4.32.KJ3"), d);
}

TEST(ParsePbnDeal, ExtraSpaces) {
  const Deal d = deal(kDeal);
  EXPECT_EQ(deal("   N:QJ6.K652.J85.T98    873.J97.AT764.Q4  K5.T83.KQ9.A7652 "
                 "AT942.AQ4.32.KJ3   "),
            d);
  EXPECT_EQ(deal("N:QJ6.K652.J85.T98\t873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\n"), d);
}

TEST(ParsePbnDeal, Voids) {
  const Deal d = deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432");
  EXPECT_EQ(d.hand(Seat::North), CardSet::whole_suit(Suit::Spades));
  EXPECT_EQ(d.hand(Seat::East), CardSet::whole_suit(Suit::Hearts));
  EXPECT_EQ(d.hand(Seat::South), CardSet::whole_suit(Suit::Diamonds));
  EXPECT_EQ(d.hand(Seat::West), CardSet::whole_suit(Suit::Clubs));
  const Deal e = deal("S:.A.K. A...2 ...AK 3.2..");
  EXPECT_EQ(e.tricks_left(), 2);
  EXPECT_EQ(e.hand(Seat::South), cards({"HA", "DK"}));
  EXPECT_EQ(e.hand(Seat::West), cards({"SA", "C2"}));
  EXPECT_EQ(e.hand(Seat::North), cards({"CA", "CK"}));
  EXPECT_EQ(e.hand(Seat::East), cards({"S3", "H2"}));
}

TEST(ParsePbnDeal, Endings) {
  const Deal d = deal("N:A... K... Q... J...");
  EXPECT_EQ(d.tricks_left(), 1);
  EXPECT_EQ(d.all_cards(), cards({"SA", "SK", "SQ", "SJ"}));
}

// --- parse_pbn_deal: errors ----------------------------------------------

TEST(ParsePbnDealErrors, BadSeat) {
  expect_pbn_error("X:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
                   ErrorCode::kSyntax, {"character 1", "'X'"});
  expect_pbn_error("  Q:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
                   ErrorCode::kSyntax, {"character 3"});
  expect_pbn_error(":QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
                   ErrorCode::kSyntax, {"character 1"});
}

TEST(ParsePbnDealErrors, BadRankNamesHandAndCharacter) {
  // "N:" is characters 1-2, North's hand 3-15, East's starts at 17.
  expect_pbn_error("N:AKQ.T98.76.54 X.2.3.4 98.3.4.5 76.4.5.6", ErrorCode::kSyntax,
                   {"hand 2 (East)", "character 17", "'X'"});
  expect_pbn_error("N:AKQ.T98.76.54 JXT.2.3.4 98.3.4.5 76.4.5.6", ErrorCode::kSyntax,
                   {"hand 2 (East)", "character 18", "'X'"});
  // Hand 3 of a deal starting with South is North's.
  expect_pbn_error("S:AKQ.T98.76.54 JT.2.3.3 9Z.3.4.6 76.4.5.7", ErrorCode::kSyntax,
                   {"hand 3 (North)", "character 27", "'Z'"});
  // "10" takes two characters.
  expect_pbn_error("N:A10X.... ... ... ...", ErrorCode::kSyntax, {"hand 1 (North)", "character 6"});
  // A '1' not followed by '0' is no rank.
  expect_pbn_error("N:A1.... ... ... ...", ErrorCode::kSyntax, {"hand 1 (North)", "character 4"});
  // Unprintable characters are shown in hex.
  expect_pbn_error("N:A\x01.K.Q.J 2.3.4.5 6.7.8.9 T.J.Q.K", ErrorCode::kSyntax,
                   {"hand 1 (North)", "character 4", "0x01"});
}

TEST(ParsePbnDealErrors, WrongNumberOfSuits) {
  expect_pbn_error("N:A.K.Q.J.T 2.3.4.5 6.7.8.9 T.J.Q.K", ErrorCode::kSyntax,
                   {"hand 1 (North)", "character 10"});
  expect_pbn_error("N:QJ6.K652.J85.T98 873.J97.AT764Q K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
                   ErrorCode::kSyntax, {"hand 2 (East)", "3 suits"});
  expect_pbn_error("W:AKQJT98765432 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
                   ErrorCode::kSyntax, {"hand 1 (West)", "1 suits"});
}

TEST(ParsePbnDealErrors, WrongNumberOfHands) {
  expect_pbn_error("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652", ErrorCode::kSyntax,
                   {"found 3"});
  expect_pbn_error("", ErrorCode::kSyntax, {"found 0"});
  expect_pbn_error("N:", ErrorCode::kSyntax, {"found 0"});
  expect_pbn_error("N:A... K... Q... J... T...", ErrorCode::kSyntax,
                   {"more than four hands", "character 23"});
}

TEST(ParsePbnDealErrors, DuplicateCards) {
  expect_pbn_error("N:AA... K... Q... J...", ErrorCode::kDuplicateCard,
                   {"hand 1 (North)", "character 4", "SA", "twice"});
  expect_pbn_error("E:A... K... A... J...", ErrorCode::kDuplicateCard,
                   {"hand 3 (West)", "character 13", "SA", "hand 1 (East)"});
  expect_pbn_error("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJT",
                   ErrorCode::kDuplicateCard, {"hand 4 (West)", "CT", "hand 1 (North)"});
}

TEST(ParsePbnDealErrors, WrongHandSizes) {
  expect_pbn_error("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A765 AT942.AQ4.32.KJ3",
                   ErrorCode::kCardCount, {"hand 3 (South)", "12 cards"});
  expect_pbn_error("S:AKQJT98765432.A.. .K.. .Q.. .J..", ErrorCode::kCardCount,
                   {"hand 1 (South)", "14 cards"});
  expect_pbn_error("N:... ... ... ...", ErrorCode::kCardCount, {"no cards"});
}

TEST(ParsePbnDealErrors, UnknownHand) {
  expect_pbn_error("N:QJ6.K652.J85.T98 - K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3", ErrorCode::kCardCount,
                   {"hand 2 (East)"});
}

// --- parse_partial_deal: hidden and partly known hands -------------------

void expect_partial_error(std::string_view text, ErrorCode code,
                          std::initializer_list<std::string> parts) {
  expect_error(parse_partial_deal, text, code, parts);
}

TEST(ParsePartialDeal, HiddenAndPartlyKnownHands) {
  const auto d = parse_partial_deal("E:- AKQ2.K5.AJ72.Q84 ..3.2 -");
  ASSERT_TRUE(d) << d.error().message;
  EXPECT_EQ((*d)[to_int(Seat::East)], CardSet());
  EXPECT_EQ((*d)[to_int(Seat::South)], *parse_pbn_hand("AKQ2.K5.AJ72.Q84"));
  EXPECT_EQ((*d)[to_int(Seat::West)], *parse_pbn_hand("..3.2"));
  EXPECT_EQ((*d)[to_int(Seat::North)], CardSet());
}

TEST(ParsePartialDeal, FullDealsReadAsParsePbnDealReadsThem) {
  Rng rng(77);
  for (int i = 0; i < 100; ++i) {
    const Deal full = random_deal(rng);
    const std::string text = to_pbn(full, seat_from_int(i % 4));
    const auto d = parse_partial_deal(text);
    ASSERT_TRUE(d) << text << ": " << d.error().message;
    for (int s = 0; s < kNumSeats; ++s) EXPECT_EQ((*d)[s], full.hand(seat_from_int(s))) << text;
  }
}

TEST(ParsePartialDeal, ErrorsNameTheHandAndCharacter) {
  expect_partial_error("N:AKQ2.K5.AJ72.Q84 - -", ErrorCode::kSyntax,
                       {"four hands", "hidden one as '-'", "found 3"});
  expect_partial_error("X:- - - -", ErrorCode::kSyntax, {"character 1", "'X'"});
  expect_partial_error("N:- AX.K.. - -", ErrorCode::kSyntax,
                       {"hand 2 (East)", "character 6", "'X'"});
  expect_partial_error("N:SA... - A... -", ErrorCode::kSyntax, {"hand 1 (North)", "'S'"});
  expect_partial_error("N:A... - A... -", ErrorCode::kDuplicateCard,
                       {"hand 3 (South)", "SA", "hand 1 (North)"});
  expect_partial_error("N:- AKQJT98765432.A.. - -", ErrorCode::kCardCount,
                       {"hand 2 (East)", "14 cards"});
  expect_partial_error("N:- - - - -", ErrorCode::kSyntax, {"more than four hands"});
  expect_partial_error("N:-x - - -", ErrorCode::kSyntax, {"hand 1 (North)", "character 3"});
}

// --- to_pbn --------------------------------------------------------------

TEST(ToPbn, RoundTripsEveryFirstSeat) {
  Rng rng(20240601);
  for (int i = 0; i < 200; ++i) {
    const Deal d = random_deal(rng);
    for (int f = 0; f < kNumSeats; ++f) {
      const std::string text = to_pbn(d, seat_from_int(f));
      SCOPED_TRACE(text);
      EXPECT_EQ(text.substr(0, 2), (std::string{seat_letter(seat_from_int(f)), ':'}));
      EXPECT_EQ(text.substr(2, text.find(' ') - 2), to_pbn(d.hand(seat_from_int(f))));
      const auto back = parse_pbn_deal(text);
      ASSERT_TRUE(back.has_value()) << back.error().message;
      EXPECT_EQ(*back, d);
    }
  }
}

TEST(ToPbn, CanonicalText) {
  EXPECT_EQ(to_pbn(deal(kDeal)), kDeal);
  EXPECT_EQ(to_pbn(deal("S:5k.83t.9kq.2a567 9at42.4qa.23.3jk 6jq.2k56.58j.89t 378.79j.a4t67.4q")),
            kDeal);
  EXPECT_EQ(to_pbn(deal("N:.A.K. A...2 ...AK 3.2..")), "N:.A.K. A...2 ...AK 3.2..");
  EXPECT_EQ(to_pbn(deal("N:.A.K. A...2 ...AK 3.2.."), Seat::West), "W:3.2.. .A.K. A...2 ...AK");
}

// --- Deal::from_hands ----------------------------------------------------

TEST(DealFromHands, Validates) {
  EXPECT_TRUE(Deal::from_hands({cards({"SA"}), cards({"SK"}), cards({"SQ"}), cards({"SJ"})}));
  const auto dup = Deal::from_hands({cards({"SA"}), cards({"SA"}), cards({"SQ"}), cards({"SJ"})});
  ASSERT_FALSE(dup);
  EXPECT_EQ(dup.error().code, ErrorCode::kDuplicateCard);
  const auto sizes =
      Deal::from_hands({cards({"SA", "S2"}), cards({"SK"}), cards({"SQ"}), cards({"SJ"})});
  ASSERT_FALSE(sizes);
  EXPECT_EQ(sizes.error().code, ErrorCode::kCardCount);
  const auto none = Deal::from_hands({});
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().code, ErrorCode::kCardCount);
  const auto junk = Deal::from_hands({CardSet(1), cards({"SK"}), cards({"SQ"}), cards({"SJ"})});
  ASSERT_FALSE(junk);
  EXPECT_EQ(junk.error().code, ErrorCode::kBadArgument);
}

// --- Position::make ------------------------------------------------------

// A three-card ending used below; West is void in spades and diamonds.
//   North  SK DA DK       East  SQ H2 DQ
//   South  SJ H5 CA       West  HA HK H3
const std::array<CardSet, 4> kEnding = {cards({"SK", "DA", "DK"}), cards({"SQ", "H2", "DQ"}),
                                        cards({"SJ", "H5", "CA"}), cards({"HA", "HK", "H3"})};

// kEnding with the given cards taken out of their hands.
std::array<CardSet, 4> without(std::initializer_list<const char*> played) {
  std::array<CardSet, 4> h = kEnding;
  for (const char* t : played)
    for (CardSet& hand : h) hand.erase(card(t));
  return h;
}

void expect_make_error(const std::array<CardSet, 4>& hands, Seat leader,
                       std::initializer_list<const char*> trick, ErrorCode code,
                       std::initializer_list<std::string> parts, Strain trump = Strain::NoTrump) {
  std::vector<Card> t;
  for (const char* c : trick) t.push_back(card(c));
  const auto p = Position::make(hands, trump, leader, t);
  ASSERT_FALSE(p.has_value());
  EXPECT_EQ(p.error().code, code) << p.error().message;
  for (const std::string& part : parts)
    EXPECT_NE(p.error().message.find(part), std::string::npos)
        << "message \"" << p.error().message << "\" lacks \"" << part << "\"";
}

TEST(PositionMake, TrickStart) {
  const auto p = Position::make(kEnding, Strain::Hearts, Seat::East);
  ASSERT_TRUE(p.has_value()) << p.error().message;
  EXPECT_EQ(p->trump(), Strain::Hearts);
  EXPECT_EQ(p->leader(), Seat::East);
  EXPECT_EQ(p->to_play(), Seat::East);
  EXPECT_EQ(p->trick_size(), 0);
  EXPECT_EQ(p->cards_in_hands(), 12);
  EXPECT_EQ(p->tricks_left(), 3);
  EXPECT_EQ(*p, Position::at_trick_start(*Deal::from_hands(kEnding), Strain::Hearts, Seat::East));
}

TEST(PositionMake, TrickInProgress) {
  const std::array<Card, 3> trick = {card("SK"), card("SQ"), card("SJ")};
  const auto p = Position::make(without({"SK", "SQ", "SJ"}), Strain::Spades, Seat::North, trick);
  ASSERT_TRUE(p.has_value()) << p.error().message;
  EXPECT_EQ(p->trick_size(), 3);
  EXPECT_EQ(p->trick_card(1), card("SQ"));
  EXPECT_EQ(p->to_play(), Seat::West);
  EXPECT_EQ(p->cards_in_hands(), 9);
  EXPECT_EQ(p->tricks_left(), 3);
  // West is void in spades: every card is legal.
  EXPECT_EQ(p->legal_cards(), kEnding[3]);
}

TEST(PositionMake, LastTrickWithThreeCardsPlayed) {
  const std::array<CardSet, 4> hands = {CardSet(), CardSet(), CardSet(), cards({"HA"})};
  const std::array<Card, 3> trick = {card("SK"), card("SQ"), card("SJ")};
  const auto p = Position::make(hands, Strain::NoTrump, Seat::North, trick);
  ASSERT_TRUE(p.has_value()) << p.error().message;
  EXPECT_EQ(p->tricks_left(), 1);
  EXPECT_EQ(p->legal_cards(), cards({"HA"}));
}

TEST(PositionMake, DuplicateCards) {
  std::array<CardSet, 4> h = kEnding;
  h[2].erase(card("CA"));
  h[2].insert(card("DQ"));
  expect_make_error(h, Seat::North, {}, ErrorCode::kDuplicateCard, {"DQ"});
  // A card of the trick still in a hand.
  expect_make_error(without({"SQ"}), Seat::North, {"SK"}, ErrorCode::kDuplicateCard, {"SK"});
  // The same card twice in the trick.
  expect_make_error(without({"SK", "SQ"}), Seat::North, {"SK", "SK"}, ErrorCode::kDuplicateCard,
                    {"SK"});
}

TEST(PositionMake, WrongHandSizes) {
  // A trick in progress but nobody's hand is shorter.
  expect_make_error(without({"C2"}), Seat::North, {"S2"}, ErrorCode::kCardCount, {});
  // North led, but East (who has not played) is a card short.
  expect_make_error(without({"SK", "H2"}), Seat::North, {"SK"}, ErrorCode::kCardCount, {});
  // East and South played, but West (to play) is a card short too.
  expect_make_error(without({"SQ", "SJ", "H3"}), Seat::East, {"SQ", "SJ"}, ErrorCode::kCardCount,
                    {});
  // At a trick start the hands must be equal.
  expect_make_error(without({"CA"}), Seat::North, {}, ErrorCode::kCardCount, {"South"});
}

TEST(PositionMake, Revoke) {
  // East holds SQ but discards H2 on North's spade lead.
  expect_make_error(without({"SK", "H2"}), Seat::North, {"SK", "H2"}, ErrorCode::kBadTrick,
                    {"East", "revoke"});
  // A void seat may discard.
  std::vector<Card> t = {card("SK"), card("SQ"), card("SJ")};
  EXPECT_TRUE(Position::make(without({"SK", "SQ", "SJ"}), Strain::NoTrump, Seat::North, t));
}

// A revoke already on the table is taken as played by make_as_played: the
// seats still to play follow suit, and the revoke card wins only as a trump.
TEST(PositionMakeAsPlayed, TakesARevokeAsPlayed) {
  // East holds SQ but plays DQ to North's spade king.
  const std::vector<Card> trick = {card("SK"), card("DQ")};
  const auto hands = without({"SK", "DQ"});
  EXPECT_FALSE(Position::make(hands, Strain::NoTrump, Seat::North, trick));
  for (const Strain trump : {Strain::NoTrump, Strain::Hearts, Strain::Diamonds}) {
    SCOPED_TRACE(std::string("strain ") + strain_letter(trump));
    const auto p = Position::make_as_played(hands, trump, Seat::North, trick);
    ASSERT_TRUE(p.has_value()) << p.error().message;
    EXPECT_EQ(p->hand(Seat::East), cards({"SQ", "H2"}));
    EXPECT_EQ(p->legal_cards(), cards({"SJ"}));  // South follows
    const auto done = p->play(card("SJ"))->play(card("H3"));
    ASSERT_TRUE(done.has_value()) << done.error().message;
    // East's diamond ruffs in diamonds, West's H3 in hearts; in no trump
    // the king stands.
    const Seat want = trump == Strain::Diamonds ? Seat::East
                      : trump == Strain::Hearts ? Seat::West
                                                : Seat::North;
    EXPECT_EQ(done->leader(), want);
  }
  // South may not revoke in turn.
  const auto p = Position::make_as_played(hands, Strain::NoTrump, Seat::North, trick);
  EXPECT_FALSE(p->play(card("CA")));
}

TEST(PositionMakeAsPlayed, KeepsTheOtherChecks) {
  const auto made = [](const std::array<CardSet, 4>& h, std::initializer_list<const char*> t) {
    std::vector<Card> trick;
    for (const char* c : t) trick.push_back(card(c));
    return Position::make_as_played(h, Strain::NoTrump, Seat::North, trick);
  };
  EXPECT_EQ(made(without({"SK", "DQ"}), {"SK", "SK"}).error().code, ErrorCode::kDuplicateCard);
  EXPECT_EQ(made(without({"SK"}), {"SK", "DQ"}).error().code, ErrorCode::kDuplicateCard);
  EXPECT_EQ(made(without({"SK", "H2", "CA"}), {"SK", "H2"}).error().code, ErrorCode::kCardCount);
  // Without a revoke it is make().
  const auto hands = without({"SK", "SQ", "SJ"});
  const std::vector<Card> trick = {card("SK"), card("SQ"), card("SJ")};
  EXPECT_EQ(*made(hands, {"SK", "SQ", "SJ"}),
            *Position::make(hands, Strain::NoTrump, Seat::North, trick));
}

TEST(PositionMake, TooManyTrickCards) {
  expect_make_error(without({"SK", "SQ", "SJ", "H3"}), Seat::North, {"SK", "SQ", "SJ", "H3"},
                    ErrorCode::kBadTrick, {"4"});
}

TEST(PositionMake, NoCards) {
  expect_make_error({}, Seat::North, {}, ErrorCode::kCardCount, {});
  // Cards on the table but none left to complete the trick.
  const std::array<CardSet, 4> none{};
  expect_make_error(none, Seat::North, {"SK", "SQ", "SJ"}, ErrorCode::kCardCount, {});
}

TEST(PositionMake, BadValues) {
  // A trick card that is no card.
  std::vector<Card> t = {Card{Suit::Spades, 1}};
  auto p = Position::make(without({"SK"}), Strain::NoTrump, Seat::North, t);
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error().code, ErrorCode::kBadTrick);
  // Hand bits outside the card lanes.
  std::array<CardSet, 4> h = kEnding;
  h[1] = CardSet(h[1].bits() | 1);
  p = Position::make(h, Strain::NoTrump, Seat::North);
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error().code, ErrorCode::kBadArgument);
  // Strain and leader out of range.
  p = Position::make(kEnding, strain_from_int(5), Seat::North);
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error().code, ErrorCode::kBadArgument);
  p = Position::make(kEnding, Strain::NoTrump, static_cast<Seat>(4));
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error().code, ErrorCode::kBadArgument);
}

// --- Position::play ------------------------------------------------------

// Plays `seq` from kEnding with `leader` to lead and returns the position.
Position play_all(Strain trump, Seat leader, std::initializer_list<const char*> seq) {
  Position p = Position::at_trick_start(*Deal::from_hands(kEnding), trump, leader);
  for (const char* t : seq) {
    auto next = p.play(card(t));
    EXPECT_TRUE(next.has_value()) << t << ": " << next.error().message;
    if (!next) break;
    p = *next;
  }
  return p;
}

TEST(PositionPlay, LegalCards) {
  Position p = play_all(Strain::NoTrump, Seat::North, {});
  EXPECT_EQ(p.legal_cards(), kEnding[0]);
  p = play_all(Strain::NoTrump, Seat::North, {"DA"});
  EXPECT_EQ(p.to_play(), Seat::East);
  EXPECT_EQ(p.legal_cards(), cards({"DQ"}));
  p = play_all(Strain::NoTrump, Seat::North, {"DA", "DQ"});
  EXPECT_EQ(p.legal_cards(), kEnding[2]);  // South is void in diamonds
  p = play_all(Strain::NoTrump, Seat::West, {"HA"});
  EXPECT_EQ(p.legal_cards(), kEnding[0]);  // North is void in hearts
  p = play_all(Strain::NoTrump, Seat::West, {"HA", "SK"});
  EXPECT_EQ(p.legal_cards(), cards({"H2"}));
}

TEST(PositionPlay, NoTrumpHighestOfTheLedSuitWins) {
  // West's HA is a discard and cannot win a spade trick.
  const Position p = play_all(Strain::NoTrump, Seat::North, {"SK", "SQ", "SJ", "HA"});
  EXPECT_EQ(p.trick_size(), 0);
  EXPECT_EQ(p.leader(), Seat::North);
  EXPECT_EQ(p.to_play(), Seat::North);
  EXPECT_EQ(p.tricks_left(), 2);
  EXPECT_EQ(p.hand(Seat::West), cards({"HK", "H3"}));
  // A low card of the led suit beats higher cards of other suits.
  const Position q = play_all(Strain::NoTrump, Seat::West, {"H3", "DK", "H2", "H5"});
  EXPECT_EQ(q.leader(), Seat::South);
}

TEST(PositionPlay, RuffWins) {
  // Hearts are trumps: West's H3 beats the spade king.
  const Position p = play_all(Strain::Hearts, Seat::North, {"SK", "SQ", "SJ", "H3"});
  EXPECT_EQ(p.leader(), Seat::West);
  // A ruff by a card of another non-trump suit wins nothing.
  const Position q = play_all(Strain::Clubs, Seat::North, {"SK", "SQ", "SJ", "H3"});
  EXPECT_EQ(q.leader(), Seat::North);
}

TEST(PositionPlay, Overruff) {
  // North leads DA, East follows, South ruffs with H5, West overruffs with HK.
  const Position p = play_all(Strain::Hearts, Seat::North, {"DA", "DQ", "H5", "HK"});
  EXPECT_EQ(p.leader(), Seat::West);
  // West underruffs: South's ruff stands.
  const Position q = play_all(Strain::Hearts, Seat::North, {"DA", "DQ", "H5", "H3"});
  EXPECT_EQ(q.leader(), Seat::South);
  // Diamonds trumps: the ace of the led trump suit wins over heart "ruffs".
  const Position r = play_all(Strain::Diamonds, Seat::North, {"DA", "DQ", "H5", "HK"});
  EXPECT_EQ(r.leader(), Seat::North);
}

TEST(PositionPlay, TrumpLead) {
  const Position p = play_all(Strain::Hearts, Seat::East, {"H2", "H5", "H3", "SK"});
  EXPECT_EQ(p.leader(), Seat::South);
}

TEST(PositionPlay, IllegalCards) {
  const Position p = play_all(Strain::NoTrump, Seat::North, {"SK"});
  auto bad = p.play(card("H2"));  // East holds SQ
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, ErrorCode::kBadTrick);
  EXPECT_NE(bad.error().message.find("must follow suit"), std::string::npos) << bad.error().message;
  bad = p.play(card("C2"));  // not East's
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, ErrorCode::kBadTrick);
  EXPECT_NE(bad.error().message.find("does not hold"), std::string::npos) << bad.error().message;
  bad = p.play(Card{Suit::Spades, 15});
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, ErrorCode::kBadArgument);
}

TEST(PositionPlay, LeavesTheOriginalUnchanged) {
  const Position p = play_all(Strain::NoTrump, Seat::North, {});
  const Position copy = p;
  ASSERT_TRUE(p.play(card("SK")));
  EXPECT_EQ(p, copy);
}

TEST(PositionPlay, PlaysOutToTheEnd) {
  Position p = play_all(Strain::NoTrump, Seat::North,
                        {"SK", "SQ", "SJ", "H3", "DA", "DQ", "CA", "HK", "DK", "H2", "H5", "HA"});
  EXPECT_EQ(p.cards_in_hands(), 0);
  EXPECT_EQ(p.tricks_left(), 0);
  EXPECT_EQ(p.leader(), Seat::North);
}

TEST(PositionPlay, TrickWinnerHelper) {
  const std::array<Card, 4> t = {card("D2"), card("DA"), card("S3"), card("C4")};
  EXPECT_EQ(Position::trick_winner(Seat::West, t, Strain::NoTrump), Seat::North);
  EXPECT_EQ(Position::trick_winner(Seat::West, t, Strain::Spades), Seat::East);
  EXPECT_EQ(Position::trick_winner(Seat::West, t, Strain::Clubs), Seat::South);
  EXPECT_EQ(Position::trick_winner(Seat::West, t, Strain::Diamonds), Seat::North);
  EXPECT_EQ(Position::trick_winner(Seat::West, t, Strain::Hearts), Seat::North);
  const std::array<Card, 4> u = {card("HK"), card("H2"), card("HA"), card("HQ")};
  EXPECT_EQ(Position::trick_winner(Seat::South, u, Strain::Spades), Seat::North);
}

TEST(ParsePbnHand, ReadsAHandAsADealDoes) {
  const auto deal = parse_pbn_deal(
      "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 "
      "AT942.AQ4.32.KJ3");
  ASSERT_TRUE(deal);
  const auto west = parse_pbn_hand("  at942.AQ4.32.KJ3 ");
  ASSERT_TRUE(west) << west.error().message;
  EXPECT_EQ(*west, deal->hand(Seat::West));
  const auto ten = parse_pbn_hand("A10.T9..");
  ASSERT_TRUE(ten);
  EXPECT_EQ(to_pbn(*ten), "AT.T9..");
}

TEST(ParsePbnHand, ErrorsNameTheCharacter) {
  struct Case {
    const char* text;
    ErrorCode code;
    std::vector<std::string> words;
  } cases[] = {
      {"AKX.2.3.4", ErrorCode::kSyntax, {"character 3", "'X'", "not a rank"}},
      {"AKA.2.3.4", ErrorCode::kDuplicateCard, {"character 3", "twice"}},
      {"AK.2.3", ErrorCode::kSyntax, {"the hand", "3 suits"}},
      {"A.K.Q.J.T", ErrorCode::kSyntax, {"character 8", "fifth"}},
      {"A.K.Q.J T", ErrorCode::kSyntax, {"character 9", "after the hand"}},
      {"", ErrorCode::kSyntax, {"1 suits"}},
  };
  for (const Case& c : cases) {
    const auto hand = parse_pbn_hand(c.text);
    ASSERT_FALSE(hand) << c.text;
    EXPECT_EQ(hand.error().code, c.code) << c.text;
    for (const std::string& w : c.words)
      EXPECT_NE(hand.error().message.find(w), std::string::npos)
          << c.text << ": " << hand.error().message << " lacks " << w;
  }
}

TEST(DdTableText, HandRecordLayout) {
  DdTable t;
  for (int s = 0; s < 5; ++s)
    for (int d = 0; d < 4; ++d) t.tricks[s][d] = (3 * s + d) % 14;
  // Strains S,H,D,C,NT are rows 0..4 of tricks; the text's columns are NT S H D C.
  EXPECT_EQ(to_text(t),
            "      NT   S   H   D   C\n"
            "   N  12   0   3   6   9\n"
            "   S   0   2   5   8  11\n"
            "   E  13   1   4   7  10\n"
            "   W   1   3   6   9  12\n");
  const unsigned nt_and_spades = 1u << to_int(Strain::NoTrump) | 1u << to_int(Strain::Spades);
  EXPECT_EQ(to_text(t, nt_and_spades, 1u << to_int(Seat::West)),
            "      NT   S\n"
            "   W   1   3\n");
}

}  // namespace
}  // namespace ddtb::test
