#include "ddtb/cards.hpp"

#include <cctype>

namespace ddtb {

namespace {
constexpr char kSuitLetters[] = "SHDC";
constexpr char kStrainLetters[] = "SHDCN";
constexpr char kSeatLetters[] = "NESW";
constexpr char kRankLetters[] = "23456789TJQKA";
}  // namespace

char suit_letter(Suit s) {
  return kSuitLetters[to_int(s) & 3];
}
char strain_letter(Strain s) {
  return to_int(s) <= 4 ? kStrainLetters[to_int(s)] : '?';
}
char seat_letter(Seat s) {
  return kSeatLetters[to_int(s) & 3];
}
char rank_letter(int rank) {
  return rank >= kMinRank && rank <= kMaxRank ? kRankLetters[rank - kMinRank] : '?';
}

std::optional<Suit> suit_from_letter(char c) {
  for (int i = 0; i < 4; ++i)
    if (std::toupper(static_cast<unsigned char>(c)) == kSuitLetters[i]) return suit_from_int(i);
  return std::nullopt;
}

std::optional<Strain> strain_from_letter(char c) {
  for (int i = 0; i < 5; ++i)
    if (std::toupper(static_cast<unsigned char>(c)) == kStrainLetters[i]) return strain_from_int(i);
  return std::nullopt;
}

std::optional<Seat> seat_from_letter(char c) {
  for (int i = 0; i < 4; ++i)
    if (std::toupper(static_cast<unsigned char>(c)) == kSeatLetters[i]) return seat_from_int(i);
  return std::nullopt;
}

std::optional<int> rank_from_letter(char c) {
  for (int i = 0; i < 13; ++i)
    if (std::toupper(static_cast<unsigned char>(c)) == kRankLetters[i]) return i + kMinRank;
  return std::nullopt;
}

std::string to_string(Card c) {
  return {suit_letter(c.suit), rank_letter(c.rank)};
}

std::string to_string(Strain s) {
  return std::string(strain_name(s));
}

std::string to_string(Seat s) {
  return std::string(1, seat_letter(s));
}

std::optional<Card> parse_card(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  auto s = suit_from_letter(text[0]);
  auto r = rank_from_letter(text[1]);
  if (!s || !r) return std::nullopt;
  return Card{*s, static_cast<std::uint8_t>(*r)};
}

std::string to_pbn(CardSet hand) {
  std::string out;
  for (int s = 0; s < 4; ++s) {
    if (s) out += '.';
    for (int r = kMaxRank; r >= kMinRank; --r)
      if (hand.contains(Card{suit_from_int(s), static_cast<std::uint8_t>(r)}))
        out += rank_letter(r);
  }
  return out;
}

}  // namespace ddtb
