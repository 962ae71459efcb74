#include "solver/moves.hpp"

#include <algorithm>

namespace ddtb::detail {
inline namespace DDTB_ISA_NS {

namespace {

// Move-ordering weights. Larger is tried earlier. The numbers follow the
// shape of DDS's published weights (leader: cash or finesse toward strength;
// followers: win cheaply, else play low; discards from long suits); how they
// were tuned and on what is in bench/README.md, "Tuning record".
namespace weight {
// A card stored with a table entry as the position's best, when it wins the
// trick and when it does not.
constexpr int kTtBestWin = 11, kTtBestLose = 9;
// A lead into an opponent's void while the opponent has trumps.
constexpr int kRuffRisk = -10;
// RHO holds the top or second card of the suit ...
constexpr int kRhoHigh = -18;
// ... the second only, partner the top: less bad;
constexpr int kRhoSecondPdTop = 8;
// ... the top, we the second: leading it or away from it gives it up.
constexpr int kRhoTopMySecond = -20;
// A singleton lead to partner's top card, to ruff later.
constexpr int kRuffSetup = 16;
// LHO holds the top card: he wins when he likes ...
constexpr int kLhoHigh = -8;
// ... and partner the second: lead toward it;
constexpr int kTowardSecond = 20;
// ... and we the second: leading it or away from it gives it up.
constexpr int kAwayFromSecond = -24;
// Each suit's best lead (suit_best_first).
constexpr int kSuitBest = 12;
// A lead for partner to ruff.
constexpr int kPdRuff = 10;
// Per card of the suit: discard from long suits.
constexpr int kDiscardLen = 4;
// A led card with at least this many cards of its suit above it is "low".
constexpr int kLowLedAbove = 3;
// Third hand: a card that draws fourth hand's top card.
constexpr int kForceTop = 10;
// A lead of a suit where we hold the second and third card.
constexpr int kKnockOut = 15;
// Second hand after a low lead: win with a card that has an equal below it.
constexpr int kSplitHonors = 10;
// A lead toward partner's tenace: he holds the first and third card, LHO the second.
constexpr int kTowardTenace = 18;
// Suit contract, per card: discard from a suit where we outnumber both opponents.
constexpr int kDiscardSpare = 8;
// No trumps (see lead_suit_info): a lead into partner's void costs this much
// per card partner could discard (one per run); where every suit the leader
// holds is missing from another hand, a void opponent's count in the
// suit-size term (four per card) is at most this, eight cards.
constexpr int kNtPartnerDiscard = 3;
constexpr int kNtVoidCountCap = 32;
}  // namespace weight

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
LeadSuit lead_suit_info(const Hands& H, const TrickView& t, int s, bool cap_voids) {
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
  if (cap_voids) void_count = std::min(void_count, weight::kNtVoidCountCap);
  const int count_lh = L.lhos ? 4 * count(L.lhos) : void_count;
  const int count_rh = L.rhos ? 4 * count(L.rhos) : void_count;
  L.suit_w = -((count_lh + count_rh) * 32) / 15;
  // No trumps, partner void: partner must discard, a choice of our side
  // among its runs, where a wrong card can cost a subtree as large as a
  // wrong lead; the more it could discard, the likelier the first is wrong.
  if (H.trump == kNoTrump && !L.pds)
    L.suit_w -= weight::kNtPartnerDiscard * count(run_tops(H.h[pd], t.start));
  const bool side_suit = H.trump != kNoTrump && s != H.trump;
  L.opp_can_ruff = side_suit && ((!L.lhos && H.has_trumps(lho)) || (!L.rhos && H.has_trumps(rho)));
  if (L.opp_can_ruff) L.suit_w += weight::kRuffRisk;
  if (L.rhos & (L.top | L.second)) {
    L.suit_w += weight::kRhoHigh;
    if ((L.rhos & L.second) && (L.pds & L.top))
      L.suit_w += weight::kRhoSecondPdTop;
    else if ((L.rhos & L.top) && (L.my & L.second))
      L.suit_w += weight::kRhoTopMySecond;
  } else if (L.lhos & L.top) {
    L.suit_w += weight::kLhoHigh;
    if (L.pds & L.second)
      L.suit_w += weight::kTowardSecond;
    else if (L.my & L.second)
      L.suit_w += weight::kAwayFromSecond;
  }
  if (side_suit && count(L.my) == 1 && H.has_trumps(me) && (L.pds & L.top) && count(L.pds) >= 2)
    L.suit_w += weight::kRuffSetup;
  // Partner ruffs while the opponents follow: usually a trick.
  if (side_suit && !L.pds && H.has_trumps(pd) && !L.opp_can_ruff && L.my)
    L.suit_w += weight::kPdRuff;
  L.opp = L.lhos | L.rhos;
  // The opponents hold the top card, we the next two: knocking it out sets
  // up both of ours.
  const Bits ours = L.my | L.pds, rest = all & ~L.top & ~L.second;
  if ((L.opp & L.top) && (ours & L.second) && (ours & top_bit(rest))) L.suit_w += weight::kKnockOut;
  // Partner's tenace over LHO (AQ over the K): lead toward it, the finesse works.
  if (rest && (L.lhos & L.second) && (L.pds & L.top) && (L.pds & top_bit(rest)))
    L.suit_w += weight::kTowardTenace;
  L.opp_single_top =
      (L.lhos == L.top && count(L.lhos) == 1) || (L.rhos == L.top && count(L.rhos) == 1);
  return L;
}

int lead_weight(const LeadSuit& L, int card, const MoveHints& hints) {
  const int r = rank_of(card);
  const Bits my = L.my, pds = L.pds, top = L.top, second = L.second;
  const Bits our_best = bit_of(card) | (pds ? top_bit(pds) : 0);
  const bool wins = !L.opp_can_ruff && (!L.opp || top_bit(our_best) > top_bit(L.opp));
  const bool is_top = bit_of(card) == top;

  int w;
  if (wins) {
    if (L.opp_single_top)
      w = 40 - r;
    else if (my & top)
      w = (pds & second) ? 50 - r : is_top ? 31 : 19 - r;
    else if (pds & top)
      w = (my & second) ? 50 - r : 35 - r;
    else if (my & second)
      w = 40;
    else
      w = 30 - r;
    if (card == hints.tt_best) w += weight::kTtBestWin;
  } else {
    if (L.opp_single_top)
      w = 29 - r;
    else if (my & top)
      w = (pds & second) ? 44 - r : is_top ? 25 : 13 - r;
    else if (pds & top)
      w = (my & second) ? 44 - r : 29 - r;
    else if (my & second)
      w = 29;
    else
      w = 13 - r;
    if (card == hints.tt_best) w += weight::kTtBestLose;
  }
  return L.suit_w + w;
}

// Whether `card`, now winning the trick, stays winning against the seats
// still to play after position `pos`.
bool holds(const Hands& H, const TrickView& t, int card) {
  for (int p = t.pos + 1; p < 4; ++p) {
    const int seat = (t.leader + p) & 3;
    if (((seat ^ ((t.leader + t.pos) & 3)) & 1) == 0) continue;  // partner
    const Bits follow = H.suit(seat, t.lead_suit);
    if (follow) {
      if (suit_of(card) == t.lead_suit && top_index(follow) > card) return false;
    } else if (H.has_trumps(seat)) {
      const Bits tr = H.suit(seat, H.trump);
      if (suit_of(card) != H.trump || top_index(tr) > card) return false;
    }
  }
  return true;
}

// Whether the led card has at least kLowLedAbove cards of its suit above it.
bool led_low(const TrickView& t) {
  return count(t.start & suit_bits(t.lead_suit) & above(bit_of(t.win_card))) >=
         weight::kLowLedAbove;
}

int follow_weight(const Hands& H, const TrickView& t, int card) {
  const int s = suit_of(card), r = rank_of(card);
  const int me = (t.leader + t.pos) & 3;
  const bool partner_winning = ((t.win_seat ^ me) & 1) == 0;
  const bool wins_now = beats(card, t.win_card, H.trump);
  int w;
  if (s == t.lead_suit) {
    if (!wins_now) {
      w = -r;
    } else if (partner_winning && holds(H, t, t.win_card)) {
      w = -20 - r;  // overtaking partner's winner: rarely right (unblocking)
    } else if (t.pos == 3) {
      w = 60 - r;
    } else if (holds(H, t, card)) {
      w = 50 - r;
    } else if (t.pos == 1 && led_low(t)) {
      w = -r;  // second hand low: winning a low lead cheaply only sets up 4th hand's card
      // ... but from a sequence (KQ) split honors: it costs nothing, third
      // hand's higher card promotes the equal.
      const Bits lower = t.start & suit_bits(s) & below(bit_of(card));
      if (lower && (H.h[me] & top_bit(lower))) w += weight::kSplitHonors;
    } else {
      w = 20 - r;
      // Third hand, losing to 4th hand's top: high enough that 4th hand must
      // spend it (beats his second card), but no higher.
      if (t.pos == 2) {
        const Bits fourth = H.suit((t.leader + 3) & 3, t.lead_suit);
        const Bits rest = fourth & ~top_bit(fourth);
        if (rest && card > top_index(rest)) w += weight::kForceTop;
      }
    }
  } else if (s == H.trump) {
    if (!wins_now) {
      w = -30 - r;  // underruff
    } else if (partner_winning && holds(H, t, t.win_card)) {
      w = -15 - r;  // ruffing partner's winner
    } else {
      w = holds(H, t, card) ? 70 - r : 35 - r;
    }
  } else {
    // Discard: from long suits, low cards. (Sparing suits where we hold the
    // top, or a guard just long enough such as Kx, searched more nodes.)
    const int len = count(H.suit(me, s));
    w = weight::kDiscardLen * len - r;
    // In a suit contract, cards beyond both opponents' length (seats me ^ 1,
    // me ^ 3) guard nothing, and as long cards they would be ruffed.
    if (H.trump != kNoTrump) {
      const int spare = len - std::max(count(H.suit(me ^ 1, s)), count(H.suit(me ^ 3, s)));
      if (spare > 0) w += weight::kDiscardSpare * spare;
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

}  // namespace

void order_moves(const std::array<Bits, 4>& hands, int trump, const TrickView& t,
                 const MoveHints& hints, MoveList& out, int from) {
  if (out.size - from <= 1) return;
  const Hands H{hands, trump};
  if (t.pos == 0) {
    const bool cap_voids = trump == kNoTrump && every_lead_meets_a_void(H, t.leader);
    LeadSuit suits[4];
    unsigned have = 0;
    for (int i = from; i < out.size; ++i) {
      const int card = out.moves[i].card;
      const int s = suit_of(card);
      if (!(have & (1u << s))) {
        suits[s] = lead_suit_info(H, t, s, cap_voids);
        have |= 1u << s;
      }
      out.moves[i].weight = static_cast<std::int16_t>(lead_weight(suits[s], card, hints));
    }
    suit_best_first(out, from, weight::kSuitBest);
  } else {
    for (int i = from; i < out.size; ++i) {
      const int card = out.moves[i].card;
      out.moves[i].weight = static_cast<std::int16_t>(follow_weight(H, t, card));
    }
  }
  // Insertion sort: at most 13 moves, stable, no allocation.
  for (int i = from + 1; i < out.size; ++i) {
    const Move m = out.moves[i];
    int j = i;
    for (; j > from && out.moves[j - 1].weight < m.weight; --j) out.moves[j] = out.moves[j - 1];
    out.moves[j] = m;
  }
}

}  // namespace DDTB_ISA_NS
}  // namespace ddtb::detail
