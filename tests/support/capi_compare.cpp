#include "tests/support/capi_compare.hpp"

#include <algorithm>
#include <cstring>
#include <tuple>

namespace ddtb::test {

deal to_c_deal(const Position& p) {
  deal d{};
  d.trump = to_int(p.trump());
  d.first = to_int(p.leader());
  for (int i = 0; i < p.trick_size(); ++i) {
    d.currentTrickSuit[i] = to_int(p.trick_card(i).suit);
    d.currentTrickRank[i] = p.trick_card(i).rank;
  }
  for (int h = 0; h < 4; ++h)
    for (int s = 0; s < 4; ++s) d.remainCards[h][s] = p.hands()[h].holding(suit_from_int(s));
  return d;
}

dealPBN to_c_deal_pbn(const Position& p) {
  const deal b = to_c_deal(p);
  dealPBN d{};
  d.trump = b.trump;
  d.first = b.first;
  std::memcpy(d.currentTrickSuit, b.currentTrickSuit, sizeof d.currentTrickSuit);
  std::memcpy(d.currentTrickRank, b.currentTrickRank, sizeof d.currentTrickRank);
  std::string text = "N:";
  for (int h = 0; h < 4; ++h) {
    if (h > 0) text += ' ';
    text += to_pbn(p.hands()[h]);
  }
  std::snprintf(d.remainCards, sizeof d.remainCards, "%s", text.c_str());
  return d;
}

ddTableDeal to_c_table_deal(const Deal& deal) {
  ddTableDeal d{};
  for (int h = 0; h < 4; ++h)
    for (int s = 0; s < 4; ++s) d.cards[h][s] = deal.hands()[h].holding(suit_from_int(s));
  return d;
}

std::vector<RefCardGroup> groups_of(const futureTricks& fut) {
  std::vector<RefCardGroup> out;
  for (int i = 0; i < fut.cards && i < 13; ++i)
    out.push_back(RefCardGroup{suit_from_int(fut.suit[i] & 3), fut.rank[i],
                               static_cast<std::uint16_t>(fut.equals[i]), fut.score[i]});
  return out;
}

std::string fut_text(const std::vector<RefCardGroup>& groups) {
  std::string out;
  for (const RefCardGroup& g : groups) {
    out += ' ';
    out += suit_letter(g.suit);
    out += std::to_string(g.rank) + '/' + std::to_string(g.equals) + '=' + std::to_string(g.tricks);
  }
  return out;
}

std::string compare_ignoring_tie_order(const std::vector<RefCardGroup>& got,
                                       const std::vector<RefCardGroup>& want) {
  const auto describe = [&] { return "got" + fut_text(got) + "\nwant" + fut_text(want); };
  if (got.size() != want.size()) return "different counts: " + describe();
  for (std::size_t i = 0; i < got.size(); ++i)
    if (got[i].tricks != want[i].tricks) return "different scores: " + describe();
  // Scores agree position by position, so sorting each side by (score,
  // card) only reorders within runs of equal score.
  const auto key = [](const RefCardGroup& g) {
    return std::tuple(-g.tricks, to_int(g.suit), -g.rank, g.equals);
  };
  auto a = got, b = want;
  const auto less = [&](const RefCardGroup& x, const RefCardGroup& y) { return key(x) < key(y); };
  std::sort(a.begin(), a.end(), less);
  std::sort(b.begin(), b.end(), less);
  if (a != b) return "different cards: " + describe();
  return {};
}

}  // namespace ddtb::test
