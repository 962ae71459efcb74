#include "solver/sure_tricks.hpp"

#include <algorithm>

namespace ddtb::detail {

namespace {

// Rounds of one suit that hand X wins by leading its top cards while its
// partner Y and the opponents follow. X holds the top `t` cards of the suit;
// once X has led at least as many rounds as anyone else holds cards, X's small
// cards win too. `cap` limits the rounds (an opponent could ruff beyond it).
// The winners are X's top cards that the count needs: enough rounds to take
// the tricks, and never more than the others' longest holding (after that,
// length wins, not rank).
SureTricks cash_suit(Bits xs, Bits ys, Bits o1s, Bits o2s, int cap) {
  if (!xs || cap <= 0) return {};
  const Bits others = ys | o1s | o2s;
  const int len = count(xs);
  if (!others) return {std::min(len, cap), 0};
  const int t = count(xs & above(top_bit(others)));
  const int longest_other = std::max({count(ys), count(o1s), count(o2s)});
  int q = t >= longest_other ? len : t;
  q = std::min(q, cap);
  return {q, top_cards(xs, std::min(q, longest_other))};
}

// Tricks that hand X on lead takes in a row with partner Y only following:
// trumps first (which may draw the opponents' trumps), then the side suits.
SureTricks cash_hand(const std::array<Bits, 4>& h, int x, int y, int o1, int o2, int trump) {
  const int hand_size = count(h[x]);
  SureTricks total;
  if (trump == kNoTrump) {
    for (int s = 0; s < 4; ++s) {
      const Bits m = suit_bits(s);
      SureTricks c = cash_suit(h[x] & m, h[y] & m, h[o1] & m, h[o2] & m, 13);
      total.tricks += c.tricks;
      total.winners |= c.winners;
    }
    total.tricks = std::min(total.tricks, hand_size);
    return total;
  }

  const Bits tm = suit_bits(trump);
  const Bits xt = h[x] & tm, yt = h[y] & tm, o1t = h[o1] & tm, o2t = h[o2] & tm;
  const SureTricks trumps = cash_suit(xt, yt, o1t, o2t, 13);
  // The opponents are out of trumps once X has led as many rounds as the
  // longer opponent holds: X holds those top trumps (they are among the
  // winners cash_suit reports).
  const bool drawn = std::max(count(o1t), count(o2t)) <= trumps.tricks;

  SureTricks side;
  for (int s = 0; s < 4; ++s) {
    if (s == trump) continue;
    const Bits m = suit_bits(s);
    int cap = 13;
    if (!drawn) {
      // An opponent with trumps ruffs once void; until then it follows suit,
      // so it never discards and its length here stays as it is now.
      if (o1t) cap = std::min(cap, count(h[o1] & m));
      if (o2t) cap = std::min(cap, count(h[o2] & m));
    }
    SureTricks c = cash_suit(h[x] & m, h[y] & m, h[o1] & m, h[o2] & m, cap);
    side.tricks += c.tricks;
    side.winners |= c.winners;
  }
  // Partner must never be forced to ruff (and take the lead): if it still has
  // trumps after the trump rounds, it needs a side card for every side trick.
  if (count(yt) > trumps.tricks) side.tricks = std::min(side.tricks, hand_size - count(yt));

  total.tricks = std::min(trumps.tricks + side.tricks, hand_size);
  total.winners = trumps.winners | side.winners;
  return total;
}

}  // namespace

SureTricks quick_tricks(const std::array<Bits, 4>& h, int leader, int trump) {
  const int lho = (leader + 1) & 3, pd = (leader + 2) & 3, rho = (leader + 3) & 3;
  SureTricks best = cash_hand(h, leader, pd, lho, rho, trump);

  // Cross to partner with a card of a suit whose top card partner holds; in a
  // suit contract the crossing trick must be safe from a ruff.
  const Bits all = h[0] | h[1] | h[2] | h[3];
  for (int e = 0; e < 4; ++e) {
    const Bits m = suit_bits(e);
    if (!(h[leader] & m) || !(h[pd] & m)) continue;
    const Bits top = top_bit(all & m);
    if (!(h[pd] & top)) continue;
    if (trump != kNoTrump && e != trump) {
      const Bits tm = suit_bits(trump);
      if ((h[lho] & tm) && !(h[lho] & m)) continue;
      if ((h[rho] & tm) && !(h[rho] & m)) continue;
    }
    SureTricks alt = cash_hand(h, pd, leader, lho, rho, trump);
    if (alt.tricks > best.tricks) best = {alt.tricks, alt.winners | top};
    break;
  }
  return best;
}

SureTricks later_tricks(const std::array<Bits, 4>& h, int leader, int trump) {
  const int lho = (leader + 1) & 3, pd = (leader + 2) & 3, rho = (leader + 3) & 3;
  const Bits all = h[0] | h[1] | h[2] | h[3];
  const Bits ours = h[leader] | h[pd];
  SureTricks best;

  if (trump != kNoTrump) {
    // Each of the top trumps an opponent holds in one hand wins a trick of its
    // own: nothing beats them and one hand plays one card per trick.
    const Bits tm = suit_bits(trump);
    const Bits trumps = all & tm;
    if (trumps) {
      const Bits top = top_bit(trumps);
      const int holder = (h[lho] & top) ? lho : (h[rho] & top) ? rho : -1;
      if (holder >= 0) {
        const Bits rest = trumps & ~h[holder];
        const Bits seq = rest ? h[holder] & tm & above(top_bit(rest)) : h[holder] & tm;
        best = {count(seq), seq};
      }
      return best;
    }
  }

  // No trumps in play: whatever suit the leader leads, if an opponent holds
  // its top card, the opponents win that trick. If one opponent holds the top
  // card of every suit the leader can lead, it then cashes the others too.
  Bits tops = 0;
  int suits = 0;
  for (int s = 0; s < 4; ++s) {
    const Bits m = suit_bits(s);
    if (!(h[leader] & m)) continue;
    const Bits top = top_bit(all & m);
    if (ours & top) return best;
    tops |= top;
    ++suits;
  }
  if (!tops) return best;
  const bool one_hand = (h[lho] & tops) == tops || (h[rho] & tops) == tops;
  best = {one_hand ? suits : 1, tops};
  return best;
}

}  // namespace ddtb::detail
