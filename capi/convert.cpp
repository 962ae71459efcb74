#include "capi/convert.hpp"

#include <algorithm>
#include <bit>

namespace ddtb::capi {

namespace {

// Rank bits of a holding: 2 (bit 2) .. ace (bit 14). Bits 0 and 1 carry no
// card and DDS ignores them; any bit above the ace is an error.
constexpr unsigned kRankBits = 0x7ffc;
constexpr unsigned kAboveAce = ~0x7fffu;

std::optional<int> pbn_rank(char c) {
  switch (c) {
    case 'A':
    case 'a':
      return 14;
    case 'K':
    case 'k':
      return 13;
    case 'Q':
    case 'q':
      return 12;
    case 'J':
    case 'j':
      return 11;
    case 'T':
    case 't':
      return 10;
    default:
      break;
  }
  if (c >= '2' && c <= '9') return c - '0';
  return std::nullopt;
}

std::optional<int> pbn_seat(char c) {
  switch (c) {
    case 'N':
    case 'n':
      return 0;
    case 'E':
    case 'e':
      return 1;
    case 'S':
    case 's':
      return 2;
    case 'W':
    case 'w':
      return 3;
    default:
      return std::nullopt;
  }
}

}  // namespace

int parse_pbn(const char* text, std::size_t size, Holdings& out) {
  out = {};
  std::size_t i = 0;
  while (i < size && text[i] == ' ') ++i;
  if (i + 1 >= size || !pbn_seat(text[i]) || text[i + 1] != ':') return RETURN_PBN_FAULT;
  const int first = *pbn_seat(text[i]);
  int hand = 0, suit = 0;
  int beyond = 0;  // cards after a fourth '.' of a hand
  for (i += 2; i < size && text[i] != '\0'; ++i) {
    const char c = text[i];
    if (c == ' ') {
      ++hand;
      suit = 0;
    } else if (c == '.') {
      ++suit;
    } else if (const auto r = pbn_rank(c)) {
      if (hand >= DDS_HANDS) return RETURN_CARD_COUNT;
      if (suit >= DDS_SUITS)
        ++beyond;
      else
        out[(first + hand) % DDS_HANDS][suit] |= 1u << *r;
    }
  }
  if (beyond == 0) return RETURN_NO_FAULT;
  int cards = beyond;
  for (const auto& h : out)
    for (const unsigned holding : h) cards += std::popcount(holding);
  return cards > kNumSuits * kNumTricks ? RETURN_TOO_MANY_CARDS : RETURN_CARD_COUNT;
}

Holdings holdings_of(const unsigned (&cards)[DDS_HANDS][DDS_SUITS]) {
  Holdings h{};
  for (int p = 0; p < DDS_HANDS; ++p)
    for (int s = 0; s < DDS_SUITS; ++s) h[p][s] = cards[p][s];
  return h;
}

int to_holdings(const ddTableDealPBN& in, Holdings& out) {
  return parse_pbn(in.cards, sizeof in.cards, out);
}

int to_binary(const dealPBN& in, deal& out) {
  Holdings h;
  if (const int rc = parse_pbn(in.remainCards, sizeof in.remainCards, h); rc != RETURN_NO_FAULT)
    return rc;
  out.trump = in.trump;
  out.first = in.first;
  for (int k = 0; k < 3; ++k) {
    out.currentTrickSuit[k] = in.currentTrickSuit[k];
    out.currentTrickRank[k] = in.currentTrickRank[k];
  }
  for (int p = 0; p < DDS_HANDS; ++p)
    for (int s = 0; s < DDS_SUITS; ++s) out.remainCards[p][s] = h[p][s];
  return RETURN_NO_FAULT;
}

int to_binary_all(const dealPBN* in, int count, std::vector<deal>& out, std::vector<int>& codes) {
  const auto n = static_cast<std::size_t>(std::max(count, 0));
  out.assign(n, deal{});
  codes.assign(n, RETURN_NO_FAULT);
  for (std::size_t i = 0; i < n; ++i) {
    codes[i] = to_binary(in[i], out[i]);
    if (codes[i] == RETURN_PBN_FAULT) return RETURN_PBN_FAULT;
  }
  return RETURN_NO_FAULT;
}

namespace {

// The hands as card sets, or RETURN_SUIT_OR_RANK for bits above the ace.
int hands_of(const Holdings& h, std::array<CardSet, 4>& hands, std::array<int, 4>& counts,
             bool& duplicates) {
  CardSet seen;
  duplicates = false;
  for (int p = 0; p < DDS_HANDS; ++p) {
    hands[p] = CardSet();
    for (int s = 0; s < DDS_SUITS; ++s) {
      if (h[p][s] & kAboveAce) return RETURN_SUIT_OR_RANK;
      const CardSet cards =
          CardSet::from_holding(suit_from_int(s), static_cast<std::uint16_t>(h[p][s] & kRankBits));
      duplicates = duplicates || seen.intersects(cards);
      seen |= cards;
      hands[p] |= cards;
    }
    counts[p] = 0;
    for (int s = 0; s < DDS_SUITS; ++s) counts[p] += std::popcount(h[p][s] & kRankBits);
  }
  return RETURN_NO_FAULT;
}

int total(const std::array<int, 4>& counts) {
  return counts[0] + counts[1] + counts[2] + counts[3];
}

}  // namespace

int to_position(const deal& dl, std::optional<Position>& out) {
  std::array<CardSet, 4> hands;
  std::array<int, 4> counts{};
  bool duplicates = false;
  if (const int rc = hands_of(holdings_of(dl.remainCards), hands, counts, duplicates);
      rc != RETURN_NO_FAULT)
    return rc;

  // The current trick: ranks 2..14 and suits 0..3 up to the first rank 0,
  // nothing after it.
  std::array<Card, 3> trick{};
  int played = 0;
  for (int k = 0; k < 3; ++k) {
    const int rank = dl.currentTrickRank[k], suit = dl.currentTrickSuit[k];
    if (rank == 0) continue;
    if (k != played || rank < kMinRank || rank > kMaxRank || suit < 0 || suit >= DDS_SUITS)
      return RETURN_SUIT_OR_RANK;
    trick[played++] = Card{suit_from_int(suit), static_cast<std::uint8_t>(rank)};
  }

  const int cards = total(counts);
  if (cards == 0) return RETURN_ZERO_CARDS;
  if (cards > kNumSuits * kNumTricks) return RETURN_TOO_MANY_CARDS;

  // Hand sizes from the leader round: the seats that already played to the
  // trick hold one card fewer than the others (DDS's check).
  const int first = dl.first;
  std::array<int, 4> round{};
  for (int k = 0; k < 4; ++k) round[k] = counts[(first + k) % 4];
  for (int k = 1; k < 4; ++k)
    if (round[k] < round[k - 1] || round[k] > round[0] + 1) return RETURN_CARD_COUNT;
  if (duplicates) return RETURN_DUPLICATE_CARDS;

  const CardSet all = hands[0] | hands[1] | hands[2] | hands[3];
  CardSet trick_cards;
  for (int k = 0; k < played; ++k) {
    if (all.contains(trick[k])) return RETURN_PLAYED_CARD;
    if (trick_cards.contains(trick[k])) return RETURN_SUIT_OR_RANK;
    trick_cards.insert(trick[k]);
  }
  // DDS accepts hand sizes that disagree with the cards of the trick and
  // answers nonsense; we refuse them.
  const int fewer = static_cast<int>(std::count(round.begin(), round.end(), round[0]));
  if ((round[0] == round[3] ? 0 : fewer) != played) return RETURN_CARD_COUNT;

  // The trick's cards are taken as played, whether they followed suit or
  // not, as DDS takes them.
  auto p = Position::make_as_played(
      hands, strain_from_int(dl.trump), seat_from_int(first),
      std::span<const Card>(trick.data(), static_cast<std::size_t>(played)));
  if (!p) {
    switch (p.error().code) {
      case ErrorCode::kCardCount:
        return RETURN_CARD_COUNT;
      case ErrorCode::kDuplicateCard:
        return RETURN_DUPLICATE_CARDS;
      default:
        return RETURN_SUIT_OR_RANK;  // a card of the trick that is no card
    }
  }
  out.emplace(std::move(*p));
  return RETURN_NO_FAULT;
}

int to_deal(const Holdings& cards, std::optional<Deal>& out) {
  std::array<CardSet, 4> hands;
  std::array<int, 4> counts{};
  bool duplicates = false;
  if (const int rc = hands_of(cards, hands, counts, duplicates); rc != RETURN_NO_FAULT) return rc;
  const int n = total(counts);
  if (n == 0) return RETURN_ZERO_CARDS;
  if (n > kNumSuits * kNumTricks) return RETURN_TOO_MANY_CARDS;
  if (counts[1] != counts[0] || counts[2] != counts[0] || counts[3] != counts[0])
    return RETURN_CARD_COUNT;
  if (duplicates) return RETURN_DUPLICATE_CARDS;
  auto d = Deal::from_hands(hands);
  if (!d) return RETURN_CARD_COUNT;
  out.emplace(std::move(*d));
  return RETURN_NO_FAULT;
}

void store_table(const DdTable& table, unsigned strain_mask, ddTableResults& out) {
  for (int s = 0; s < DDS_STRAINS; ++s) {
    if (!((strain_mask >> s) & 1)) continue;
    for (int h = 0; h < DDS_HANDS; ++h) out.resTable[s][h] = table.tricks[s][h];
  }
}

DdTable load_table(const ddTableResults& in) {
  DdTable t;
  for (int s = 0; s < DDS_STRAINS; ++s)
    for (int h = 0; h < DDS_HANDS; ++h) t.tricks[s][h] = in.resTable[s][h];
  return t;
}

}  // namespace ddtb::capi
