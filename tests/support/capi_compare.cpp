#include "tests/support/capi_compare.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <tuple>
#include <utility>

#include "tests/support/dds_c_api.hpp"

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

ddTableResults to_c_table_results(const std::array<std::array<int, 4>, 5>& table) {
  ddTableResults r{};
  for (int s = 0; s < 5; ++s)
    for (int h = 0; h < 4; ++h) r.resTable[s][h] = table[s][h];
  return r;
}

std::string table_text(const ddTableResults& r) {
  std::string out;
  for (int s = 0; s < 5; ++s)
    for (int h = 0; h < 4; ++h) out += ' ' + std::to_string(r.resTable[s][h]);
  return out;
}

namespace {

// The lowest card of a hand's first suit that has one: {suit, rank bit}.
std::pair<int, unsigned> lowest_card(const unsigned (&hand)[DDS_SUITS]) {
  for (int s = 0; s < DDS_SUITS; ++s)
    if (const unsigned cards = hand[s] & 0x7ffcu) return {s, cards & (0u - cards)};
  return {-1, 0u};
}

}  // namespace

void duplicate_a_card(unsigned (&hands)[DDS_HANDS][DDS_SUITS]) {
  for (int h = 0; h < DDS_HANDS; ++h) {
    const auto [suit, card] = lowest_card(hands[h]);
    if (card == 0) continue;
    unsigned(&next)[DDS_SUITS] = hands[(h + 1) % DDS_HANDS];
    const auto [own_suit, own] = lowest_card(next);
    if (own != 0) next[own_suit] &= ~own;
    next[suit] |= card;
    return;
  }
}

std::vector<RefCardGroup> groups_of(const futureTricks& fut) {
  std::vector<RefCardGroup> out;
  for (int i = 0; i < fut.cards && i < 13; ++i)
    out.push_back(RefCardGroup{suit_from_int(fut.suit[i] & 3), fut.rank[i],
                               static_cast<std::uint16_t>(fut.equals[i]), fut.score[i]});
  return out;
}

futureTricks to_future_tricks(const std::vector<RefCardGroup>& groups) {
  futureTricks f{};
  f.cards = static_cast<int>(std::min<std::size_t>(groups.size(), 13));
  for (int i = 0; i < f.cards; ++i) {
    const RefCardGroup& g = groups[static_cast<std::size_t>(i)];
    f.suit[i] = to_int(g.suit);
    f.rank[i] = g.rank;
    f.equals[i] = g.equals;
    f.score[i] = g.tricks;
  }
  return f;
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

std::string compare_answers(const futureTricks& ours, const futureTricks& theirs,
                            const std::vector<RefCardGroup>& all_cards, int target, int solutions) {
  const std::vector<RefCardGroup> got = groups_of(ours), want = groups_of(theirs);
  const std::string both = "\nours" + fut_text(got) + "\nDDS's" + fut_text(want);
  if (ours.cards != theirs.cards) return "different counts:" + both;
  if (ours.cards == 0)  // no card reaches the target
    return ours.score[0] == theirs.score[0] ? "" : "different scores without a card:" + both;
  if (solutions != 1) return compare_ignoring_tie_order(got, want);
  if (ours.score[0] != theirs.score[0]) return "different scores:" + both;
  if (ours.score[0] == -2)  // mode 0's unsearched single choice
    return got == want ? "" : "different single choices:" + both;
  const auto it = std::find_if(all_cards.begin(), all_cards.end(), [&](const RefCardGroup& g) {
    return g.suit == got[0].suit && g.rank == got[0].rank && g.equals == got[0].equals;
  });
  if (it == all_cards.end()) return "not a legal card group:" + both;
  if (target == -1 && it->tricks != all_cards.front().tricks) return "not a best card:" + both;
  if (target > 0 && it->tricks < target) return "a card below the target:" + both;
  return {};
}

std::string compare_every_combination(const deal& dl, int& calls) {
  return compare_every_combination(
      dl, calls, [](const deal& d, int target, int solutions, int mode, futureTricks* fut) {
        return SolveBoard(d, target, solutions, mode, fut, 0);
      });
}

std::string compare_every_combination(const deal& dl, int& calls, const SolveCall& ours_call) {
  const DdsCApi& dds = DdsCApi::get();
  futureTricks all{};
  if (const int rc = dds.SolveBoard(dl, -1, 3, 1, &all, 0); rc != RETURN_NO_FAULT)
    return "DDS refuses the position: " + std::to_string(rc);
  const std::vector<RefCardGroup> all_cards = groups_of(all);
  int tricks = 0;  // the tricks left, this one included: (cards + 3) / 4
  for (const auto& hand : dl.remainCards)
    for (const unsigned holding : hand) tricks += std::popcount(holding & 0x7ffcu);
  tricks = (tricks + 3) / 4;
  const int best = all_cards.front().tricks;
  for (const int target : {-1, 0, 1, best, best + 1, tricks}) {
    if (target > tricks) continue;
    for (int solutions = 1; solutions <= 3; ++solutions)
      for (int mode = 0; mode <= 2; ++mode) {
        const std::string call = "target " + std::to_string(target) + " solutions " +
                                 std::to_string(solutions) + " mode " + std::to_string(mode) + ": ";
        futureTricks ours{}, theirs{};
        const int rc_ours = ours_call(dl, target, solutions, mode, &ours);
        const int rc_theirs = dds.SolveBoard(dl, target, solutions, mode, &theirs, 0);
        ++calls;
        if (rc_ours != rc_theirs)
          return call + "codes " + std::to_string(rc_ours) + " and DDS's " +
                 std::to_string(rc_theirs);
        if (rc_ours != RETURN_NO_FAULT) continue;
        if (const std::string diff = compare_answers(ours, theirs, all_cards, target, solutions);
            !diff.empty())
          return call + diff;
      }
  }
  return {};
}

}  // namespace ddtb::test
