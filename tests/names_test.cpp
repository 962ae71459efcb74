// Unit tests of core/names.cpp: strains, seats, vulnerabilities, sides and
// contracts as people write them (cards.hpp, par.hpp). ddsolve, the Python
// module and the JavaScript package read names only through these.
#include <gtest/gtest.h>

#include <string>

#include "ddtb/cards.hpp"
#include "ddtb/par.hpp"

namespace ddtb::test {
namespace {

TEST(Names, Strains) {
  const std::pair<const char*, Strain> cases[] = {
      {"S", Strain::Spades},        {"h", Strain::Hearts},          {"D", Strain::Diamonds},
      {"c", Strain::Clubs},         {"N", Strain::NoTrump},         {"nt", Strain::NoTrump},
      {"NOTRUMP", Strain::NoTrump}, {"No trump", Strain::NoTrump},  {"Spades", Strain::Spades},
      {"HEARTS", Strain::Hearts},   {"diamonds", Strain::Diamonds}, {"Clubs", Strain::Clubs}};
  for (const auto& [text, strain] : cases) EXPECT_EQ(strain_from_name(text), strain) << text;
  for (const char* bad : {"", "X", "NTS", "Spade", "no-trump", " S"})
    EXPECT_FALSE(strain_from_name(bad)) << bad;
}

TEST(Names, Seats) {
  const std::pair<const char*, Seat> cases[] = {{"N", Seat::North},
                                                {"e", Seat::East},
                                                {"South", Seat::South},
                                                {"WEST", Seat::West},
                                                {"north", Seat::North}};
  for (const auto& [text, seat] : cases) EXPECT_EQ(seat_from_name(text), seat) << text;
  for (const char* bad : {"", "Q", "NE", "Norths"}) EXPECT_FALSE(seat_from_name(bad)) << bad;
}

TEST(Names, VulnerabilitiesAndSides) {
  const std::pair<const char*, Vulnerability> cases[] = {
      {"None", Vulnerability::None},   {"love", Vulnerability::None},
      {"-", Vulnerability::None},      {"NS", Vulnerability::NorthSouth},
      {"ew", Vulnerability::EastWest}, {"All", Vulnerability::Both},
      {"BOTH", Vulnerability::Both}};
  for (const auto& [text, v] : cases) EXPECT_EQ(vulnerability_from_name(text), v) << text;
  for (const char* bad : {"", "N-S", "Red", "?"}) EXPECT_FALSE(vulnerability_from_name(bad)) << bad;
  EXPECT_EQ(side_from_name("ns"), Side::NorthSouth);
  EXPECT_EQ(side_from_name("EW"), Side::EastWest);
  EXPECT_FALSE(side_from_name("N"));
  EXPECT_FALSE(side_from_name("None"));
}

TEST(Names, Contracts) {
  struct Case {
    const char* text;
    int level;
    Strain strain;
    Doubling doubling;
    std::optional<Seat> declarer;
  };
  const Case cases[] = {{"4S", 4, Strain::Spades, Doubling::Undoubled, std::nullopt},
                        {"3NTX", 3, Strain::NoTrump, Doubling::Doubled, std::nullopt},
                        {"7hxx", 7, Strain::Hearts, Doubling::Redoubled, std::nullopt},
                        {"3N", 3, Strain::NoTrump, Doubling::Undoubled, std::nullopt},
                        {"NT", 0, Strain::NoTrump, Doubling::Undoubled, std::nullopt},
                        {"d", 0, Strain::Diamonds, Doubling::Undoubled, std::nullopt},
                        {"4S by N", 4, Strain::Spades, Doubling::Undoubled, Seat::North},
                        {"4SN", 4, Strain::Spades, Doubling::Undoubled, Seat::North},
                        {"3NT-W", 3, Strain::NoTrump, Doubling::Undoubled, Seat::West},
                        {"4Hx E", 4, Strain::Hearts, Doubling::Doubled, Seat::East},
                        {"S N", 0, Strain::Spades, Doubling::Undoubled, Seat::North},
                        {"3NS", 3, Strain::NoTrump, Doubling::Undoubled, Seat::South},
                        {" 2 c xx by w ", 2, Strain::Clubs, Doubling::Redoubled, Seat::West}};
  for (const Case& c : cases) {
    const Expected<Contract> parsed = parse_contract(c.text);
    ASSERT_TRUE(parsed) << c.text << ": " << parsed.error().message;
    EXPECT_EQ(*parsed, (Contract{c.level, c.strain, c.doubling, c.declarer})) << c.text;
  }
}

TEST(Names, BadContractsSayWhatIsWrong) {
  const std::pair<const char*, const char*> cases[] = {
      {"", "no contract"},
      {"8S", "no level (1..7) or strain"},
      {"4Z", "no strain (S, H, D, C, NT) after the level"},
      {"4SXXX", "doubled more than XX"},
      {"SX", "doubled without a level"},
      {"four spades", "no level (1..7) or strain"},
      {"3NT by Q", "no declarer seat"},
      {"4S by", "no declarer seat"},
      {"4S N E", "text after the declarer"},
      {"Pass", "no level (1..7) or strain"}};
  for (const auto& [text, why] : cases) {
    const Expected<Contract> parsed = parse_contract(text);
    ASSERT_FALSE(parsed) << text;
    EXPECT_EQ(parsed.error().code, ErrorCode::kSyntax);
    EXPECT_EQ(parsed.error().message.rfind("'" + std::string(text) + "': ", 0), 0u)
        << parsed.error().message;
    EXPECT_NE(parsed.error().message.find(why), std::string::npos) << parsed.error().message;
  }
}

}  // namespace
}  // namespace ddtb::test
