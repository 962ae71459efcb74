// The features of a candidate card that the learned move ordering weighs.
// Internal.
//
// A node's choices are scored by a linear model over categorical features
// (docs/DESIGN.md, "The learned move ordering"): each feature of a card is
// an index into one table of weights, and the card's weight is the sum of
// the entries its features select. The tables are chosen by the node's
// *context*: the place in the trick, no trump or a suit contract, and how
// many tricks are left (kDepthBuckets). The data generator (`ddtb-order-data`,
// bench/order_data.cpp) writes these same indices for positions labelled by
// the solver, and bench/fit_order_model.py fits the weights
// (solver/order_model_weights.inc); one extractor serves both, so the search
// weighs exactly what the model was fitted on.
//
// Owners are given relative to the seat to play: 0 itself, 1 its left-hand
// opponent, 2 its partner, 3 its right-hand opponent, 4 nobody (no such
// card). "Remaining" cards are those still in the hands at the node (cards
// already played to the trick are not).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "core/bits.hpp"
#include "solver/moves.hpp"
#include "solver/order_model.hpp"

namespace ddtb::detail {
inline namespace DDTB_ISA_NS {

namespace order_features {

using namespace ::ddtb::detail::order_layout;  // the model's layout (solver/order_model.hpp)

// --- the extractor ------------------------------------------------------------

constexpr int kNobody = 4;

// What every card of a node shares.
struct Node {
  const std::array<Bits, 4>* hands;
  int trump;
  int me;  // the seat to play
  int pos;
  int tricks_left;
  int base;  // context_of(...) * kBlock
  Bits remaining;

  int owner(Bits card) const {
    for (int r = 0; r < 4; ++r)
      if ((*hands)[(me + r) & 3] & card) return r;
    return kNobody;
  }
  Bits hand(int rel) const { return (*hands)[(me + rel) & 3]; }
  int length(int rel, int s) const { return count(hand(rel) & suit_bits(s)); }
};

inline Node node_of(const std::array<Bits, 4>& hands, int trump, const TrickView& t) {
  Node n;
  n.hands = &hands;
  n.trump = trump;
  n.me = (t.leader + t.pos) & 3;
  n.pos = t.pos;
  n.tricks_left = count(hands[n.me]);
  n.base = context_of(t.pos, trump == kNoTrump, n.tricks_left) * kBlock;
  n.remaining = hands[0] | hands[1] | hands[2] | hands[3];
  return n;
}

// The owners of the `n` highest remaining cards of `suit` (kNobody past the
// last), as one base-5 number, highest card first; and `card`'s place among
// them (n when it is lower than all of them).
inline int top_owners(const Node& nd, Bits suit_remaining, int n, Bits card, int& place) {
  int code = 0;
  place = n;
  Bits rest = suit_remaining;
  for (int i = 0; i < n; ++i) {
    int o = kNobody;
    if (rest) {
      const Bits top = top_bit(rest);
      rest ^= top;
      o = nd.owner(top);
      if (top == card) place = std::min(place, i);
    }
    code = code * 5 + o;
  }
  return code;
}

// Owners of the remaining card just above `card` and of the one just below
// the run of own cards `card` tops (kNobody where there is none), as a
// base-5 pair.
inline int near_owners(const Node& nd, Bits suit_remaining, Bits card) {
  const Bits higher = suit_remaining & above(card);
  const int up = higher ? nd.owner(bottom_bit(higher)) : kNobody;
  const Bits mine = nd.hand(0) & suit_remaining;
  const Bits run = run_below(card, mine, suit_remaining);
  const Bits lower = suit_remaining & below(bottom_bit(run));
  const int down = lower ? nd.owner(top_bit(lower)) : kNobody;
  return up * 5 + down;
}

// The kFeatures indices of a lead of `card` (the top of a run of own
// cards), each into the model's array.
inline void lead_features(const Node& nd, int card, int out[kFeatures]) {
  const int s = suit_of(card);
  const Bits cb = bit_of(card), sm = suit_bits(s);
  const Bits rem = nd.remaining & sm;
  int place;
  const int top3 = top_owners(nd, rem, 3, cb, place);
  out[0] = nd.base + kLeadTopAt + top3 * 4 + place;
  const int mine = std::min(nd.length(0, s), 4) - 1;
  out[1] = nd.base + kLeadLenAt +
           ((mine * 5 + std::min(nd.length(1, s), 4)) * 5 + std::min(nd.length(2, s), 4)) * 5 +
           std::min(nd.length(3, s), 4);
  out[2] = nd.base + kLeadNearAt + near_owners(nd, rem, cb);
  int ruff = 0;
  if (nd.trump == kNoTrump) {
    ruff =
        (!(nd.hand(1) & sm) ? 2 : 0) | (!(nd.hand(3) & sm) ? 4 : 0) | (!(nd.hand(2) & sm) ? 8 : 0);
  } else {
    const Bits tm = suit_bits(nd.trump);
    auto ruffs = [&](int rel) { return !(nd.hand(rel) & sm) && (nd.hand(rel) & tm); };
    ruff = (s == nd.trump ? 1 : 0) | (ruffs(1) ? 2 : 0) | (ruffs(3) ? 4 : 0) | (ruffs(2) ? 8 : 0) |
           ((nd.hand(0) & tm & ~cb) ? 16 : 0);
  }
  out[3] = nd.base + kLeadRuffAt + ruff;
  const Bits own = nd.hand(0) & sm;
  const Bits run = run_below(cb, own, rem);
  const int below_run = std::min(count(own & below(bottom_bit(run))), 3);
  const int above_card = std::min(count(own & above(cb)), 3);
  out[4] = nd.base + kLeadMineAt + below_run * 4 + above_card;
  out[5] = nd.base + kLeadDepthAt + std::min(place, 3) * 14 + nd.tricks_left;
}

// What the opponents still to play after the seat to play can do to a card
// winning the trick (the highest card of the led suit among them, and
// whether one of them can ruff and with what highest trump), and the state
// of the trick. Worked out once per node.
struct Trick {
  int lead_suit, win_card;
  bool partner_winning;
  Bits follow_top = 0, trump_top = 0;
  bool can_ruff = false;

  Trick(const Node& nd, const TrickView& t)
      : lead_suit(t.lead_suit),
        win_card(t.win_card),
        partner_winning(((t.win_seat ^ nd.me) & 1) == 0) {
    for (int p = t.pos + 1; p < 4; ++p) {
      const int seat = (t.leader + p) & 3;
      if (((seat ^ nd.me) & 1) == 0) continue;  // partner
      const Bits follow = (*nd.hands)[seat] & suit_bits(t.lead_suit);
      if (follow) {
        follow_top = std::max(follow_top, top_bit(follow));
      } else if (nd.trump != kNoTrump && ((*nd.hands)[seat] & suit_bits(nd.trump))) {
        can_ruff = true;
        trump_top = std::max(trump_top, top_bit((*nd.hands)[seat] & suit_bits(nd.trump)));
      }
    }
  }
  // Whether `card`, winning the trick now, stays winning against them.
  bool holds(int card, int trump) const {
    if (suit_of(card) == lead_suit) return !can_ruff && follow_top < bit_of(card);
    return !can_ruff || (suit_of(card) == trump && trump_top < bit_of(card));
  }
};

// The kFeatures indices of a follow, ruff or discard of `card`.
inline void follow_features(const Node& nd, const Trick& tk, int card, int out[kFeatures]) {
  const int s = suit_of(card);
  const Bits cb = bit_of(card), sm = suit_bits(s);
  const Bits rem = nd.remaining & sm;
  const int kind = s == tk.lead_suit ? 0 : s == nd.trump ? 1 : 2;
  const bool wins = beats(card, tk.win_card, nd.trump);
  const int combo = (wins ? 1 : 0) | (wins && tk.holds(card, nd.trump) ? 2 : 0) |
                    (tk.partner_winning ? 4 : 0) |
                    (tk.partner_winning && tk.holds(tk.win_card, nd.trump) ? 8 : 0);
  out[0] = nd.base + kFollowKindAt + kind * 16 + combo;
  const Bits own = nd.hand(0) & sm;
  const int place = std::min(count(rem & above(cb)), 7);
  const bool lowest = !(own & below(cb));
  out[1] = nd.base + kFollowRankAt + kind * 16 + place * 2 + (lowest ? 1 : 0);
  out[2] = nd.base + kFollowNearAt + kind * 25 + near_owners(nd, rem, cb);
  const int opp = std::min(std::max(nd.length(1, s), nd.length(3, s)), 4);
  out[3] = nd.base + kFollowLenAt + kind * 25 + (std::min(count(own), 5) - 1) * 5 + opp;
  int top_place;
  const int top2 = top_owners(nd, rem, 2, cb, top_place);
  out[4] = nd.base + kFollowTopAt + kind * 75 + top2 * 3 + top_place;
  const Bits led = nd.remaining & suit_bits(tk.lead_suit);
  const int standing = suit_of(tk.win_card) == tk.lead_suit
                           ? std::min(count(led & above(bit_of(tk.win_card))), 2)
                           : 3;
  const int top_owner = led ? nd.owner(top_bit(led)) : kNobody;
  out[5] = nd.base + kFollowTrickAt + ((wins ? 1 : 0) * 4 + standing) * 5 + top_owner;
}

}  // namespace order_features

}  // namespace DDTB_ISA_NS
}  // namespace ddtb::detail
