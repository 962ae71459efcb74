// The weights of a node's choices, for each place in the trick (see
// move_order.hpp), and the sort.
#include "solver/move_order.hpp"

#include <algorithm>

#include "solver/order_features.hpp"

namespace ddtb::detail {
inline namespace DDTB_ISA_NS {

namespace {

// Where the weights come from: the tuned ones, read as compile-time
// constants (a load from kDefaultOrderingWeights folds into the code), or
// others, read at run time (measurements only).
struct TunedWeights {
  constexpr const OrderingWeights* operator->() const { return &kDefaultOrderingWeights; }
};
struct CustomWeights {
  const OrderingWeights* w;
  const OrderingWeights* operator->() const { return w; }
};

struct Hands {
  const std::array<Bits, 4>& h;
  int trump;
  Bits suit(int seat, int s) const { return h[seat] & suit_bits(s); }
  bool has_trumps(int seat) const { return trump != kNoTrump && (h[seat] & suit_bits(trump)); }
};

// What a lead's weight needs to know about its suit; the same for every card
// of the suit, so computed once per suit.
struct LeadSuit {
  Bits my, pds, lhos, rhos, top, second, opp;
  int suit_w;
  bool opp_can_ruff, opp_single_top;
};

// No trumps: whether every suit the leader holds is missing from one of the
// other three hands, so that whatever is led someone discards (DDS's
// "thomas1": each hand 5-4-4-0, each suit split among three hands).
bool every_lead_meets_a_void(const Hands& H, int me) {
  for (int s = 0; s < 4; ++s) {
    if (H.suit(me, s) && H.suit((me + 1) & 3, s) && H.suit((me + 2) & 3, s) &&
        H.suit((me + 3) & 3, s))
      return false;
  }
  return true;
}

// `cap_voids`: every_lead_meets_a_void holds in no trumps.
template <class W>
LeadSuit lead_suit_info(W wt, const Hands& H, const TrickView& t, int s, bool cap_voids) {
  const int me = t.leader, lho = (me + 1) & 3, pd = (me + 2) & 3, rho = (me + 3) & 3;
  LeadSuit L;
  L.my = H.suit(me, s);
  L.pds = H.suit(pd, s);
  L.lhos = H.suit(lho, s);
  L.rhos = H.suit(rho, s);
  const Bits all = L.my | L.pds | L.lhos | L.rhos;
  L.top = top_bit(all);
  L.second = (all & ~L.top) ? top_bit(all & ~L.top) : 0;
  const int depth = count(H.h[me]) * 4;

  // The opponents' alternatives, a rough size of the search behind the lead:
  // four per card they hold in the suit; a void opponent (discards, ruffs) as
  // if it held one card more than the leader's hand. Where every lead meets
  // a void in no trumps, that count is capped: uncapped it outweighs every
  // other rule below and sends the lead into partner's void each time, where
  // partner's discard must then be guessed (DDS's thomas1).
  int void_count = depth + 4;
  if (cap_voids) void_count = std::min(void_count, wt->nt_void_count_cap);
  const int count_lh = L.lhos ? 4 * count(L.lhos) : void_count;
  const int count_rh = L.rhos ? 4 * count(L.rhos) : void_count;
  L.suit_w = -((count_lh + count_rh) * wt->opp_choices) / OrderingWeights::kOppChoicesUnit;
  // No trumps, partner void: partner must discard, a choice of our side
  // among its runs, where a wrong card can cost a subtree as large as a
  // wrong lead; the more it could discard, the likelier the first is wrong.
  if (H.trump == kNoTrump && !L.pds)
    L.suit_w -= wt->nt_partner_discard * count(run_tops(H.h[pd], t.start));
  const bool side_suit = H.trump != kNoTrump && s != H.trump;
  L.opp_can_ruff = side_suit && ((!L.lhos && H.has_trumps(lho)) || (!L.rhos && H.has_trumps(rho)));
  if (L.opp_can_ruff) L.suit_w += wt->ruff_risk;
  if (L.rhos & (L.top | L.second)) {
    L.suit_w += wt->rho_high;
    if ((L.rhos & L.second) && (L.pds & L.top))
      L.suit_w += wt->rho_second_pd_top;
    else if ((L.rhos & L.top) && (L.my & L.second))
      L.suit_w += wt->rho_top_my_second;
  } else if (L.lhos & L.top) {
    L.suit_w += wt->lho_high;
    if (L.pds & L.second)
      L.suit_w += wt->toward_second;
    else if (L.my & L.second)
      L.suit_w += wt->away_from_second;
  }
  if (side_suit && count(L.my) == 1 && H.has_trumps(me) && (L.pds & L.top) && count(L.pds) >= 2)
    L.suit_w += wt->ruff_setup;
  // Partner ruffs while the opponents follow: usually a trick.
  if (side_suit && !L.pds && H.has_trumps(pd) && !L.opp_can_ruff && L.my) L.suit_w += wt->pd_ruff;
  L.opp = L.lhos | L.rhos;
  // The opponents hold the top card, we the next two: knocking it out sets
  // up both of ours.
  const Bits ours = L.my | L.pds, rest = all & ~L.top & ~L.second;
  if (rest && (L.opp & L.top) && (ours & L.second) && (ours & top_bit(rest)))
    L.suit_w += wt->knock_out;
  // Partner's tenace over LHO (AQ over the K): lead toward it, the finesse works.
  if (rest && (L.lhos & L.second) && (L.pds & L.top) && (L.pds & top_bit(rest)))
    L.suit_w += wt->toward_tenace;
  L.opp_single_top =
      (L.lhos == L.top && count(L.lhos) == 1) || (L.rhos == L.top && count(L.rhos) == 1);
  return L;
}

template <class W>
int lead_weight(W wt, const LeadSuit& L, int card, int tt_best) {
  const int r = rank_of(card);
  const Bits my = L.my, pds = L.pds, top = L.top, second = L.second;
  const Bits our_best = bit_of(card) | (pds ? top_bit(pds) : 0);
  const bool wins = !L.opp_can_ruff && (!L.opp || top_bit(our_best) > top_bit(L.opp));
  const bool is_top = bit_of(card) == top;

  int w;
  if (wins) {
    // A lead that wins the trick beats every opponent's card of the suit,
    // so our side holds its top card: mine or partner's.
    if (my & top)
      w = (pds & second) ? wt->lead_win_top_two - r
          : is_top       ? wt->lead_win_my_top
                         : wt->lead_win_under_my_top - r;
    else
      w = (my & second) ? wt->lead_win_top_two - r : wt->lead_win_to_pd_top - r;
    if (card == tt_best) w += wt->tt_best_win;
  } else {
    if (L.opp_single_top)
      w = wt->lead_lose_single_top - r;
    else if (my & top)
      w = (pds & second) ? wt->lead_lose_top_two - r
          : is_top       ? wt->lead_lose_my_top
                         : wt->lead_lose_under_my_top - r;
    else if (pds & top)
      w = (my & second) ? wt->lead_lose_top_two - r : wt->lead_lose_to_pd_top - r;
    else if (my & second)
      w = wt->lead_lose_my_second;
    else
      w = wt->lead_lose_other - r;
    if (card == tt_best) w += wt->tt_best_lose;
  }
  return L.suit_w + w;
}

// What the opponents still to play after position `pos` can do to a card
// winning the trick: their highest card of the led suit, and whether one of
// them can ruff and with what highest trump. Worked out once per node.
struct LaterOpponents {
  Bits follow_top = 0;  // highest card of the led suit among them (0: none)
  Bits trump_top = 0;   // highest trump among those void in the led suit
  bool can_ruff = false;

  LaterOpponents(const Hands& H, const TrickView& t) {
    for (int p = t.pos + 1; p < 4; ++p) {
      const int seat = (t.leader + p) & 3;
      if (((seat ^ ((t.leader + t.pos) & 3)) & 1) == 0) continue;  // partner
      const Bits follow = H.suit(seat, t.lead_suit);
      if (follow) {
        follow_top = std::max(follow_top, top_bit(follow));
      } else if (H.has_trumps(seat)) {
        can_ruff = true;
        trump_top = std::max(trump_top, top_bit(H.suit(seat, H.trump)));
      }
    }
  }
  // Whether `card`, now winning the trick, stays winning against them.
  bool holds(const TrickView& t, int card, int trump) const {
    if (suit_of(card) == t.lead_suit) return !can_ruff && follow_top < bit_of(card);
    return !can_ruff || (suit_of(card) == trump && trump_top < bit_of(card));
  }
};

// Whether the led card has at least low_lead_above cards of its suit above it.
template <class W>
bool led_low(W wt, const TrickView& t) {
  return count(t.start & suit_bits(t.lead_suit) & above(bit_of(t.win_card))) >= wt->low_lead_above;
}

template <class W>
int follow_weight(W wt, const Hands& H, const TrickView& t, const LaterOpponents& later, int card) {
  const int s = suit_of(card), r = rank_of(card);
  const int me = (t.leader + t.pos) & 3;
  const bool partner_winning = ((t.win_seat ^ me) & 1) == 0;
  const bool wins_now = beats(card, t.win_card, H.trump);
  int w;
  if (s == t.lead_suit) {
    if (!wins_now) {
      w = -r;
    } else if (partner_winning && later.holds(t, t.win_card, H.trump)) {
      w = wt->overtake_partner - r;
    } else if (t.pos == 3) {
      w = wt->fourth_hand_win - r;
    } else if (later.holds(t, card, H.trump)) {
      w = wt->win_holds - r;
    } else if (t.pos == 1 && led_low(wt, t)) {
      w = -r;  // second hand low: winning a low lead cheaply only sets up 4th hand's card
      // ... but from a sequence (KQ) split honors: it costs nothing, third
      // hand's higher card promotes the equal.
      const Bits lower = t.start & suit_bits(s) & below(bit_of(card));
      if (lower && (H.h[me] & top_bit(lower))) w += wt->split_honors;
    } else {
      w = wt->win_for_now - r;
      // Third hand, losing to 4th hand's top: high enough that 4th hand must
      // spend it (beats his second card), but no higher.
      if (t.pos == 2) {
        const Bits fourth = H.suit((t.leader + 3) & 3, t.lead_suit);
        const Bits rest = fourth ? fourth & ~top_bit(fourth) : 0;  // top_bit(0) is undefined
        if (rest && card > top_index(rest)) w += wt->force_top;
      }
    }
  } else if (s == H.trump) {
    if (!wins_now) {
      w = wt->underruff - r;
    } else if (partner_winning && later.holds(t, t.win_card, H.trump)) {
      w = wt->ruff_partner - r;
    } else {
      w = (later.holds(t, card, H.trump) ? wt->ruff_holds : wt->ruff_overruffable) - r;
    }
  } else {
    // Discard: from long suits, low cards. (Sparing suits where we hold the
    // top, or a guard just long enough such as Kx, searched more nodes.)
    const int len = count(H.suit(me, s));
    w = wt->discard_length * len - r;
    // In a suit contract, cards beyond both opponents' length (seats me ^ 1,
    // me ^ 3) guard nothing, and as long cards they would be ruffed.
    if (H.trump != kNoTrump) {
      const int spare = len - std::max(count(H.suit(me ^ 1, s)), count(H.suit(me ^ 3, s)));
      if (spare > 0) w += wt->discard_spare * spare;
    }
  }
  return w;
}

// Each suit's best card first: a wrong guess in one suit then costs less.
void suit_best_first(MoveList& out, int from, int bonus) {
  int best_in[4] = {-1, -1, -1, -1};
  for (int i = from; i < out.size; ++i) {
    const int s = suit_of(out.moves[i].card);
    if (best_in[s] < 0 || out.moves[i].weight > out.moves[best_in[s]].weight) best_in[s] = i;
  }
  for (int s = 0; s < 4; ++s)
    if (best_in[s] >= 0) out.moves[best_in[s]].weight += bonus;
}

// Insertion sort of out.moves[from, size) by weight, heaviest first: at most
// 13 moves, stable, no allocation.
void sort_by_weight(MoveList& out, int from) {
  for (int i = from + 1; i < out.size; ++i) {
    const Move m = out.moves[i];
    int j = i;
    for (; j > from && out.moves[j - 1].weight < m.weight; --j) out.moves[j] = out.moves[j - 1];
    out.moves[j] = m;
  }
}

// Gives ml.moves[from, size) their weights.
template <class W>
void weigh_by(W wt, const std::array<Bits, 4>& hands, int trump, const TrickView& t, int tt_best,
              MoveList& out, int from) {
  const Hands H{hands, trump};
  if (t.pos == 0) {
    const bool cap_voids = trump == kNoTrump && every_lead_meets_a_void(H, t.leader);
    LeadSuit suits[4];
    unsigned have = 0;
    for (int i = from; i < out.size; ++i) {
      const int card = out.moves[i].card;
      const int s = suit_of(card);
      if (!(have & (1u << s))) {
        suits[s] = lead_suit_info(wt, H, t, s, cap_voids);
        have |= 1u << s;
      }
      out.moves[i].weight = static_cast<std::int16_t>(lead_weight(wt, suits[s], card, tt_best));
    }
    suit_best_first(out, from, wt->suit_best);
  } else {
    const LaterOpponents later(H, t);
    for (int i = from; i < out.size; ++i) {
      const int card = out.moves[i].card;
      out.moves[i].weight = static_cast<std::int16_t>(follow_weight(wt, H, t, later, card));
    }
  }
}

// Orders ml.moves[from, size) by weight, heaviest first (stable).
template <class W>
void order_by(W wt, const std::array<Bits, 4>& hands, int trump, const TrickView& t, int tt_best,
              MoveList& out, int from) {
  weigh_by(wt, hands, trump, t, tt_best, out, from);
  sort_by_weight(out, from);
}

// The learned model's weight of each choice: its hand-made weight times the
// context's factor, plus the entries its features select
// (solver/order_features.hpp).
void order_by_model(const OrderModel& m, const std::array<Bits, 4>& hands, int trump,
                    const TrickView& t, int tt_best, MoveList& out, int from) {
  namespace of = order_features;
  weigh_by(TunedWeights{}, hands, trump, t, tt_best, out, from);
  const of::Node nd = of::node_of(hands, trump, t);
  const int hand_scale = m.hand_scale[static_cast<std::size_t>(nd.base / of::kBlock)];
  int f[of::kFeatures];
  auto sum = [&] {
    int w = 0;
    for (int i = 0; i < of::kFeatures; ++i) w += m.weights[static_cast<std::size_t>(f[i])];
    return w;
  };
  if (t.pos == 0) {
    for (int i = from; i < out.size; ++i) {
      of::lead_features(nd, out.moves[i].card, f);
      out.moves[i].weight = static_cast<std::int16_t>(hand_scale * out.moves[i].weight + sum());
    }
  } else {
    const of::Trick tk(nd, t);
    for (int i = from; i < out.size; ++i) {
      of::follow_features(nd, tk, out.moves[i].card, f);
      out.moves[i].weight = static_cast<std::int16_t>(hand_scale * out.moves[i].weight + sum());
    }
  }
  sort_by_weight(out, from);
}

}  // namespace

void MoveOrder::order_tuned(const std::array<Bits, 4>& hands, int trump, const TrickView& trick,
                            int tt_best, MoveList& ml, int from) {
  order_by(TunedWeights{}, hands, trump, trick, tt_best, ml, from);
}

void MoveOrder::order_learned(const OrderModel& m, const std::array<Bits, 4>& hands, int trump,
                              const TrickView& trick, int tt_best, MoveList& ml, int from) {
  order_by_model(m, hands, trump, trick, tt_best, ml, from);
}

void MoveOrder::order_custom(const OrderingWeights& w, const std::array<Bits, 4>& hands, int trump,
                             const TrickView& trick, int tt_best, MoveList& ml, int from) {
  order_by(CustomWeights{&w}, hands, trump, trick, tt_best, ml, from);
}

}  // namespace DDTB_ISA_NS
}  // namespace ddtb::detail
