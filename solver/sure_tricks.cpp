#include "solver/sure_tricks.hpp"

#include <algorithm>

namespace ddtb::detail {
inline namespace DDTB_ISA_NS {

// QuickTricks model. The side on lead (X on lead, partner Y) cashes:
//   1. trumps, led by X from the top (this may draw the opponents' trumps);
//   2. side suits led by X, keeping the lead in X ("A" suits);
//   3. optionally one "transfer" suit: X cashes its top cards in it, then
//      leads low to Y's top cards; Y continues;
//   4. side suits led by Y, keeping the lead in Y ("B" suits).
// Each suit is used in one role only. The count is valid when:
//   - every counted round is won by one of our cards: a card of the top
//     sequence of the suit (cards above every opponent's card), or, once
//     the opponents are out of the suit, any card, and no ruff is possible:
//     until the opponents' trumps are drawn, a side suit gets at most as many
//     rounds as the shortest holding of an opponent who has trumps (until
//     then that opponent follows suit, so it never discards);
//   - the partner of the hand on lead never takes the lead by force: it plays
//     under the leader's top cards (it has enough low cards, or only lower
//     ones), never has to ruff (it keeps a side card for every round once it
//     has trumps left), and during phases 1-2 it never has to part with a
//     card that phase 3 or 4 needs;
//   - the transfer happens before the partner's top cards are exhausted and
//     the round is safe from a ruff.
// The winners reported are the top cards of every suit that the count relies
// on; the rest of each claim follows from the suit lengths.

namespace {

constexpr int kNone = -1;

// 16 bytes, so that it is returned in registers.
struct SuitPlay {
  int tricks = 0;
  int top_rounds = 0;  // rounds won by top cards (before length winners)
  Bits winners = 0;
};

// One of our hands in one suit.
struct OurHolding {
  Bits cards;
  int len;
  int top;  // its cards of our top sequence
};

// One suit as the cashing lines see it, worked out once per call. Our top
// sequence is the cards of our side above every opponent's card (all of
// ours if the opponents have none).
struct SuitView {
  std::array<OurHolding, 2> ours;  // [0] the leader, [1] its partner
  Bits top;                        // our top sequence
  Bits opp;                        // the opponents' cards
  int o1_len, o2_len;              // left-hand and right-hand opponent's lengths
  int opp_longest;
};

SuitView suit_view(Bits leader, Bits partner, Bits lho, Bits rho, int s) {
  const Bits m = suit_bits(s);
  const Bits x = leader & m, y = partner & m, o1 = lho & m, o2 = rho & m;
  const Bits opp = o1 | o2;
  const Bits top = opp ? (x | y) & above(top_bit(opp)) : x | y;
  const int o1_len = count(o1), o2_len = count(o2);
  return {{{{x, count(x), count(x & top)}, {y, count(y), count(y & top)}}},
          top,
          opp,
          o1_len,
          o2_len,
          std::max(o1_len, o2_len)};
}

// In the functions below X is ours[xi], the hand on lead, and Y its partner.

// X leads the suit and keeps the lead: Y plays low under X's top cards.
SuitPlay keep_lead(const SuitView& v, int xi, int cap) {
  const OurHolding& x = v.ours[xi];
  const OurHolding& y = v.ours[xi ^ 1];
  if (!x.cards || cap <= 0) return {};
  if (!(y.cards | v.opp)) {
    // Nobody else holds the suit: every card wins, whatever the ranks.
    const int n = std::min(x.len, cap);
    return {n, n, 0};
  }
  const Bits x_top = x.cards & v.top;
  int rounds;
  Bits winners;
  if (y.len - y.top >= x.top) {
    // X leads its cards of the top sequence; the claim needs the sequence
    // down to the lowest of them.
    rounds = x.top;
    winners = x_top ? v.top & ~below(bottom_bit(x_top)) : 0;
  } else {
    // Y lacks low cards for every round: count only X's cards above all of
    // Y's (X's cards of the top sequence are above the opponents' already).
    winners = y.cards ? x_top & above(top_bit(y.cards)) : x_top;
    rounds = count(winners);
  }
  // Once the opponents and partner are out of the suit, X's small cards win.
  const int tricks = rounds >= v.opp_longest && rounds >= y.len ? x.len : rounds;
  return {std::min(tricks, cap), std::min(rounds, cap), winners};
}

// X cashes its top cards, then leads low to Y's top cards; the lead ends in Y.
SuitPlay transfer(const SuitView& v, int xi, int cap) {
  const OurHolding& x = v.ours[xi];
  const OurHolding& y = v.ours[xi ^ 1];
  if (y.top == 0) return {kNone, 0};
  if (x.len - x.top < 1 || y.len - y.top < x.top) return {kNone, 0};
  if (cap <= x.top) return {kNone, 0};  // the crossing round could be ruffed
  const int a = x.top + y.top;
  const int tricks = a >= v.opp_longest && x.len <= a ? y.len : a;  // then Y's small cards win
  return {std::min(tricks, cap), 0, v.top};
}

// The order in which phase 2 takes the suits: suits that need no rank
// first, then the most productive; equal suits by suit index. Returns the
// suits that give tricks, packed 2 bits each, the first in the low bits.
struct CashOrder {
  unsigned suits;
  int n;
};

CashOrder cash_order(const std::array<SuitPlay, 4>& kx) {
  // Sort keys, largest first: [free][tricks][3 - suit], unique per suit; 0
  // tricks sort last.
  std::array<int, 4> key;
  for (int s = 0; s < 4; ++s)
    key[s] = kx[s].tricks > 0 ? (kx[s].winners == 0) << 6 | kx[s].tricks << 2 | (3 - s) : 3 - s;
  // A sorting network for four, descending.
  auto order = [&key](int i, int j) {
    const int hi = std::max(key[i], key[j]), lo = std::min(key[i], key[j]);
    key[i] = hi;
    key[j] = lo;
  };
  order(0, 1);
  order(2, 3);
  order(0, 2);
  order(1, 3);
  order(1, 2);
  CashOrder out{0, 0};
  for (; out.n < 4 && key[out.n] >= 4; ++out.n)
    out.suits |= unsigned(3 - (key[out.n] & 3)) << (2 * out.n);
  return out;
}

// Phase 1, trumps led by X from the top, and what it leaves for the side
// suits.
struct TrumpPhase {
  int rounds = 0;  // rounds X leads in a row, each won
  int later = 0;   // our trumps left that win later (the opponents' are drawn)
  Bits winners = 0;
  // An opponent keeps trumps (they are not drawn): a side suit gets at most
  // as many rounds as that opponent's length in it.
  bool o1_caps = false, o2_caps = false;
  int x_trumps = 0, y_trumps = 0;  // X's and Y's trump lengths
};

// If X's top trumps outnumber each opponent's trumps, X draws them (rounds
// in a row); after that every trump left in our hands wins a trick of its
// own whenever it is played (nobody else has trumps), so the longer
// holding's remaining trumps count too, provided neither hand ever has to
// ruff one of our own winners (the guards of the later phases). Otherwise X
// cashes only its top trumps. No trumps: nothing.
TrumpPhase trump_phase(const std::array<SuitView, 4>& v, int xi, int trump) {
  TrumpPhase p;
  if (trump == kNoTrump) return p;
  const SuitView& t = v[trump];
  const SuitPlay tp = keep_lead(t, xi, 13);
  const int opp_max = t.opp_longest;
  p.x_trumps = t.ours[xi].len;
  p.y_trumps = t.ours[xi ^ 1].len;
  if (tp.top_rounds >= opp_max) {
    p.rounds = opp_max;
    p.later = std::max(p.x_trumps, p.y_trumps) - opp_max;
    p.winners = opp_max ? tp.winners : 0;
  } else {
    p.rounds = tp.tricks;
    p.winners = tp.winners;
    p.o1_caps = t.o1_len > 0;
    p.o2_caps = t.o2_len > 0;
  }
  return p;
}

// X's side suits after phase 1: each suit's rounds with X keeping the lead
// (nothing for the trump suit) under its ruff cap.
struct SideSuits {
  std::array<SuitPlay, 4> kx;
  std::array<int, 4> caps;  // rounds safe from a ruff, per suit
  int total = 0;            // the tricks of every suit
  Bits winners = 0;         // the winners of every suit that gives tricks
};

SideSuits x_side_suits(const std::array<SuitView, 4>& v, int xi, int trump, const TrumpPhase& tp) {
  SideSuits x;
  for (int s = 0; s < 4; ++s) {
    int cap = 13;
    if (tp.o1_caps) cap = std::min(cap, v[s].o1_len);
    if (tp.o2_caps) cap = std::min(cap, v[s].o2_len);
    x.caps[s] = cap;
    x.kx[s] = s == trump ? SuitPlay{} : keep_lead(v[s], xi, cap);
    x.total += x.kx[s].tricks;
    x.winners |= x.kx[s].winners;  // no tricks, no winners
  }
  return x;
}

// Phase 2 alone: X cashes side suits after the trumps, suits that need no
// rank first, then the most productive, until `needed` is reached; the
// claim relies on the suits taken only. Y plays a card in every round;
// while it has trumps, those must be side cards, which caps the rounds.
SureTricks x_cashes(const SideSuits& x, const TrumpPhase& tp, int hand_size, int needed) {
  const int base = tp.rounds + tp.later;
  const int side_cap = tp.y_trumps > tp.rounds ? hand_size - tp.y_trumps : 13;
  if (base + std::min(x.total, side_cap) < needed)
    return {std::min(base + std::min(x.total, side_cap), hand_size), tp.winners | x.winners};
  // Only then does the order matter: the claim stops at the first suits
  // that reach `needed`.
  const CashOrder order = cash_order(x.kx);
  int side = 0;
  Bits side_winners = 0;
  for (int i = 0; i < order.n; ++i) {
    const int s = (order.suits >> (2 * i)) & 3;
    side += x.kx[s].tricks;
    side_winners |= x.kx[s].winners;
    if (base + std::min(side, side_cap) >= needed) break;
  }
  return {std::min(base + std::min(side, side_cap), hand_size), tp.winners | side_winners};
}

// Y's side suits with Y keeping the lead (phase 4), and its cards outside
// the trump suit.
struct YSuits {
  std::array<SuitPlay, 4> ky;
  int side_cards = 0;
};

YSuits y_side_suits(const std::array<SuitView, 4>& v, int xi, int trump, const SideSuits& x) {
  YSuits y;
  for (int s = 0; s < 4; ++s) {
    y.ky[s] = s == trump ? SuitPlay{} : keep_lead(v[s], xi ^ 1, x.caps[s]);
    if (s != trump) y.side_cards += v[s].ours[xi ^ 1].len;
  }
  return y;
}

// The line through transfer suit e (its play `te`): each other side suit
// cashed by whichever hand takes more tricks in it, X's before the
// transfer, Y's after. Returns the tricks after the trumps and their
// winners, or kNone tricks when Y's or X's cards do not last (Y must
// follow to X's rounds with cards it does not need later; after the
// transfer X, with trumps left, must always have a side card) or the line
// takes no more than `best` tricks. Suits of X that `needed` does not
// require are left out.
SureTricks transfer_line(const std::array<SuitView, 4>& v, int xi, int trump, int e,
                         const SuitPlay& te, const TrumpPhase& tp, const SideSuits& x,
                         const YSuits& y, int hand_size, int needed, int best) {
  const int base = tp.rounds + tp.later;
  int total = te.tricks, a_rounds = 0, side_rounds = te.tricks;
  int y_reserved = v[e].ours[xi ^ 1].len;
  Bits winners = te.winners;
  std::array<bool, 4> in_a{};
  for (int s = 0; s < 4; ++s) {
    if (s == trump || s == e) continue;
    if (y.ky[s].tricks > x.kx[s].tricks) {
      total += y.ky[s].tricks;
      side_rounds += y.ky[s].tricks;
      y_reserved += v[s].ours[xi ^ 1].len;
      winners |= y.ky[s].winners;
    } else if (x.kx[s].tricks > 0) {
      total += x.kx[s].tricks;
      side_rounds += x.kx[s].tricks;
      a_rounds += x.kx[s].tricks;
      in_a[s] = true;
    }
  }
  const int y_trump_discards = std::max(0, tp.rounds - tp.y_trumps);
  if (y_trump_discards + a_rounds > y.side_cards - y_reserved) return {kNone, 0};
  if (tp.x_trumps > tp.rounds && side_rounds > hand_size - tp.x_trumps) return {kNone, 0};
  if (base + total <= best) return {kNone, 0};
  // Leave out X's suits that `needed` does not require: fewer rounds keep
  // every condition above true.
  for (int s = 0; s < 4; ++s) {
    if (!in_a[s]) continue;
    if (base + total - x.kx[s].tricks >= needed)
      total -= x.kx[s].tricks;
    else
      winners |= x.kx[s].winners;
  }
  return {total, winners};
}

// Phases 2-4 with one transfer suit: the best line that beats `best` (the
// claim of phase 2 alone), or `best`.
SureTricks with_transfer(const std::array<SuitView, 4>& v, int xi, int trump, const TrumpPhase& tp,
                         const SideSuits& x, int hand_size, int needed, SureTricks best) {
  // Usually no suit qualifies: look for one before working out Y's suits.
  std::array<SuitPlay, 4> te;
  bool any_transfer = false;
  for (int e = 0; e < 4; ++e) {
    te[e] = e == trump ? SuitPlay{kNone, 0} : transfer(v[e], xi, x.caps[e]);
    any_transfer |= te[e].tricks != kNone;
  }
  if (!any_transfer) return best;
  const YSuits y = y_side_suits(v, xi, trump, x);
  const int base = tp.rounds + tp.later;
  for (int e = 0; e < 4; ++e) {
    if (te[e].tricks == kNone) continue;
    const SureTricks line =
        transfer_line(v, xi, trump, e, te[e], tp, x, y, hand_size, needed, best.tricks);
    if (line.tricks == kNone) continue;
    best = {std::min(base + line.tricks, hand_size), tp.winners | line.winners};
    if (best.tricks >= needed) break;
  }
  return best;
}

// The whole line with X on lead (phases 1-4 above; phases 3-4 only when
// `allow_transfer`). The claim is trimmed to what reaching `needed` takes:
// suits that are not needed are left out, so that the winners reported (and
// the transposition-table entries built on them) stay as general as possible.
// `hand_size` is X's number of cards.
SureTricks cash_line(const std::array<SuitView, 4>& v, int xi, bool allow_transfer, int hand_size,
                     int trump, int needed) {
  const TrumpPhase tp = trump_phase(v, xi, trump);
  const int base = tp.rounds + tp.later;
  if (base >= needed) return {std::min(base, hand_size), tp.winners};
  const SideSuits x = x_side_suits(v, xi, trump, tp);
  const SureTricks best = x_cashes(x, tp, hand_size, needed);
  if (!allow_transfer || best.tricks >= needed) return best;
  return with_transfer(v, xi, trump, tp, x, hand_size, needed, best);
}

// The same argument with ranks, for the trumps `mine` of one hand down to
// some card c of its own: a trick in which that hand plays one of them is
// lost only if it holds an opponent's trump higher than that one, so only
// the opponents' trumps (`theirs`) above c count, each against one of mine
// below it. Going down the suit, every trump of mine that finds an unused
// higher opponent's trump may be lost (this greedy pairing is a largest
// one); the others win. The claim relies on the owners of the trumps down to
// c (lower trumps never beat mine above c): `trumps` is every trump left. c
// is the highest card of mine that gives `needed` tricks, or the one that
// gives the most.
//
// The pairing need not be walked card by card: at my i-th trump from the
// top, with t of theirs above it, the count of trumps won so far is the
// largest i' - t' seen down to there (and at least 0), so it grows by one
// exactly where i - t reaches a new high.
SureTricks ranked_trump_tricks(Bits mine, Bits theirs, Bits trumps, int needed) {
  int won = 0, i = 0;
  Bits last = 0;  // the card of the last trick won
  for (Bits rest = mine; rest;) {
    const Bits c = top_bit(rest);
    rest ^= c;
    if (++i - count(theirs & above(c)) > won) {
      last = c;
      if (++won >= needed) break;
    }
  }
  if (!won) return {};
  return {won, trumps & ~below(last)};
}

// Sure trump tricks of a side whose hands hold the trumps `a` and `b`
// (partners; the opponents hold `theirs`), from their lengths, or, when
// those fall short of `needed`, from ranks as well.
//
// Trump length: the trumps of one hand that outnumber all the other side's
// trumps win tricks. Every trump that hand holds is played in a trick of its
// own; such a trick is lost to the other side only if one of the other
// side's trumps is in it, and each of those can be in one trick only. The
// claim rests on suit lengths alone (part of every table key), so it backs
// up no ranks. The ranked claim (above) counts trumps of one hand only, so it
// is worth working out only for a hand with at least `needed` trumps.
SureTricks trump_tricks(Bits a, Bits b, Bits theirs, int needed) {
  const int a_len = count(a), b_len = count(b);
  const int length = std::max(0, std::max(a_len, b_len) - count(theirs));
  SureTricks best = {length, 0};
  if (length >= needed || std::max(a_len, b_len) < needed) return best;
  const Bits trumps = a | b | theirs;
  auto consider = [&](Bits mine) {
    const SureTricks r = ranked_trump_tricks(mine, theirs, trumps, needed);
    if (r.tricks > best.tricks || (r.tricks >= needed && count(r.winners) < count(best.winners)))
      best = r;
  };
  if (a_len >= needed) consider(a);
  if (b_len >= needed) consider(b);
  return best;
}

int owner(const std::array<Bits, 4>& h, Bits card) {
  return (h[1] & card) ? 1 : (h[2] & card) ? 2 : (h[3] & card) ? 3 : 0;
}

// K x behind the A: the hand just after the hand with the top trump holds
// the second trump and at least one more. Then that hand's side takes a
// trick, provided that hand is not on lead now with nothing but trumps.
// Until it wins a trick (the only way it comes to lead), the K's hand plays
// after the A's hand in every trick. It keeps the K while the A is out: it
// has a small trump to play (or a card to discard) in the trick where the
// A is played, and once the A has gone the K wins whenever it is played.
// And whenever it plays a trump in a trick where the A's hand has played
// another card, it plays the K, which wins at once: only the A beats it.
// Returns the two cards (the claim relies on their owners; the K's hand's
// trump length is in the shape), or 0.
Bits king_behind_ace(const std::array<Bits, 4>& h, int trump) {
  if (trump == kNoTrump) return 0;
  const Bits tm = suit_bits(trump);
  const Bits trumps = (h[0] | h[1] | h[2] | h[3]) & tm;
  if (count(trumps) < 3) return 0;
  const Bits a = top_bit(trumps), k = top_bit(trumps & ~a);
  const int behind = (owner(h, a) + 1) & 3;
  return (h[behind] & k) && count(h[behind] & tm) >= 2 ? a | k : 0;
}

// The cashing lines: the leader cashes (with one transfer to partner at
// most), or crosses to partner's hand first and partner cashes.
SureTricks cashing_lines(const std::array<Bits, 4>& h, int leader, int trump, int needed) {
  const int lho = (leader + 1) & 3, pd = (leader + 2) & 3, rho = (leader + 3) & 3;
  std::array<SuitView, 4> v;
  for (int s = 0; s < 4; ++s) v[s] = suit_view(h[leader], h[pd], h[lho], h[rho], s);
  SureTricks best = cash_line(v, 0, true, count(h[leader]), trump, needed);
  if (best.tricks >= needed) return best;

  // Or cross to partner first with a card of a suit whose top card partner
  // holds (safe from a ruff in a suit contract) and let partner cash. The
  // crossing trick is partner's first round of that suit; partner then keeps
  // the lead (no transfer back, which could reuse that suit's cards).
  for (int e = 0; e < 4; ++e) {
    const SuitView& c = v[e];
    if (!c.ours[0].cards || !c.ours[1].cards) continue;
    const Bits top = top_bit(c.ours[0].cards | c.ours[1].cards | c.opp);
    if (!(c.ours[1].cards & top)) continue;
    if (trump != kNoTrump && e != trump) {
      if (v[trump].o1_len && !c.o1_len) continue;
      if (v[trump].o2_len && !c.o2_len) continue;
    }
    SureTricks alt = cash_line(v, 1, false, count(h[pd]), trump, needed);
    if (alt.tricks > best.tricks) best = {alt.tricks, alt.winners | top};
    break;
  }
  return best;
}

}  // namespace

SureTricks quick_tricks(const std::array<Bits, 4>& h, int leader, int trump, int needed) {
  const int lho = (leader + 1) & 3, pd = (leader + 2) & 3, rho = (leader + 3) & 3;
  // Upper bound of every cashing line below. In a suit, our side wins at
  // most as many rounds in a row as it holds cards above every opponent's
  // card, and more (up to the longer of our holdings) only if those cards
  // outlast the opponents' holdings; nothing unless we hold the suit's top
  // card. If the opponents hold the top trump, their trumps are never drawn,
  // so a side suit gives at most the shortest holding of an opponent with
  // trumps. Every line starts with the leader leading a suit that we win (or
  // counts trumps that only our side holds), so without either there are
  // none.
  int cap = 13;  // -1: the opponents hold the top trump
  if (trump != kNoTrump) {
    const Bits tm = suit_bits(trump);
    const Bits opp_trumps = (h[lho] | h[rho]) & tm;
    if (opp_trumps && !((h[leader] | h[pd]) & tm & above(top_bit(opp_trumps)))) cap = -1;
  }
  int bound = 0, trump_line = 0, trump_holding = 0;
  bool can_start = false;
  for (int s = 0; s < 4; ++s) {
    const Bits m = suit_bits(s);
    const Bits ours = (h[leader] | h[pd]) & m, theirs = (h[lho] | h[rho]) & m;
    if (!ours) continue;
    auto longest = [&] { return std::max(count(h[leader] & m), count(h[pd] & m)); };
    if (s == trump) trump_holding = longest();
    int n;
    if (theirs) {
      const Bits over = ours & above(top_bit(theirs));
      if (!over) continue;
      const int over_len = count(over);
      n = over_len < std::max(count(h[lho] & m), count(h[rho] & m)) ? over_len : longest();
    } else {
      n = longest();
    }
    if (cap < 0 && s != trump) {
      const Bits tm = suit_bits(trump);
      if (h[lho] & tm) n = std::min(n, count(h[lho] & m));
      if (h[rho] & tm) n = std::min(n, count(h[rho] & m));
    }
    // Trumps that only our side holds win whenever played: no lead needed.
    can_start |= (h[leader] & m) != 0 || (s == trump && !theirs);
    if (s == trump) trump_line = n;
    bound += n;
  }
  // The trump tricks below never exceed our longer trump holding (each
  // counts trumps of one hand), and K x behind the A gives one trick: when
  // neither that nor the lines can reach `needed`, nothing can.
  if (needed >= 2 && bound - trump_line + std::max(trump_line, trump_holding) < needed) return {};

  if (trump != kNoTrump) {
    const Bits tm = suit_bits(trump);
    const SureTricks trumps =
        trump_tricks(h[leader] & tm, h[pd] & tm, (h[lho] | h[rho]) & tm, needed);
    if (trumps.tricks >= needed) return trumps;
  } else if (needed <= 0) {
    return {};
  }
  if (needed == 1) {
    if (const Bits kb = king_behind_ace(h, trump); kb) {
      const int behind = (owner(h, top_bit(kb)) + 1) & 3;
      const bool side_card = (h[leader] & ~suit_bits(trump)) != 0;
      if (behind == pd || (behind == leader && side_card)) return {1, kb};
    }
  }
  if (bound < needed || !can_start) return {};
  return cashing_lines(h, leader, trump, needed);
}

SureTricks later_tricks(const std::array<Bits, 4>& h, int leader, int trump, int needed) {
  const int lho = (leader + 1) & 3, pd = (leader + 2) & 3, rho = (leader + 3) & 3;
  const Bits all = h[0] | h[1] | h[2] | h[3];
  const Bits ours = h[leader] | h[pd];
  SureTricks best;

  if (trump != kNoTrump) {
    const Bits tm = suit_bits(trump);
    const SureTricks length = trump_tricks(h[lho] & tm, h[rho] & tm, ours & tm, needed);
    if (length.tricks >= needed) return length;
    // Each of the top trumps an opponent holds in one hand wins a trick of its
    // own: nothing beats them and one hand plays one card per trick.
    const Bits trumps = all & tm;
    if (trumps) {
      const Bits top = top_bit(trumps);
      const int holder = (h[lho] & top) ? lho : (h[rho] & top) ? rho : -1;
      if (holder >= 0) {
        const Bits rest = trumps & ~h[holder];
        const Bits seq = rest ? h[holder] & tm & above(top_bit(rest)) : h[holder] & tm;
        best = {count(seq), seq};
      } else if (const Bits kb = king_behind_ace(h, trump); kb) {
        const int behind = (owner(h, top) + 1) & 3;
        if ((behind == lho || behind == rho) && best.tricks < 1) best = {1, kb};
      }
      if (length.tricks > best.tricks) best = length;
      return best;
    }
  }

  // No trumps in play.
  // (a) Length bound (after DDS's LaterTricks): a suit whose top card we hold
  // can be led at most as often as our longer holding of it; any other suit
  // we lead, or any trick led by an opponent, the opponents win unless their
  // top card of that suit has been discarded, which they never have to do
  // while they hold lower cards. So if those lengths add up to fewer than the
  // tricks left, the opponents take at least one. It relies on the opponents'
  // top cards of their suits (a suit of ours whose top card an opponent held
  // in another position only lowers the sum).
  // (b) Whatever suit the leader leads, if an opponent holds its top card, the
  // opponents win that trick. If one opponent holds the top card of every
  // suit the leader can lead, it then cashes the others too.
  int sum = 0;
  Bits opp_tops = 0;
  Bits lead_tops = 0;  // (b): the top cards of the suits the leader can lead
  int lead_suits = 0;
  bool leads_our_top = false;  // (b) fails: the leader can lead a suit we win
  for (int s = 0; s < 4; ++s) {
    const Bits m = suit_bits(s);
    const Bits cards = all & m;
    if (!cards) continue;
    const Bits top = top_bit(cards);
    const bool leads = (h[leader] & m) != 0;
    if (ours & top) {
      sum += std::max(count(h[leader] & m), count(h[pd] & m));
      leads_our_top |= leads;
    } else {
      if (cards != top) opp_tops |= top;
      if (leads) {
        lead_tops |= top;
        ++lead_suits;
      }
    }
  }
  if (sum < count(h[leader])) best = {1, opp_tops};
  if (leads_our_top || !lead_tops) return best;
  const bool one_hand = (h[lho] & lead_tops) == lead_tops || (h[rho] & lead_tops) == lead_tops;
  if ((one_hand ? lead_suits : 1) > best.tricks) best = {one_hand ? lead_suits : 1, lead_tops};
  return best;
}

bool wins_current_trick(const std::array<Bits, 4>& h, int trump, int leader, int pos, int lead_suit,
                        int win_card, int win_seat, int side, Bits& winners, int* taker) {
  const Bits lm = suit_bits(lead_suit);
  const Bits tm = trump == kNoTrump ? 0 : suit_bits(trump);
  const Bits w = bit_of(win_card);
  const bool ruffed = suit_of(win_card) != lead_suit;  // the trick is already trumped

  // 1. Already winning and nobody left on the other side can beat it.
  // 2. One of ours plays the top card of the led suit and no opponent can ruff.
  // 3. One of ours ruffs higher than every trump an opponent could ruff with.
  // The seats still to play: ours (in order) and what the opponents can do.
  std::array<int, 2> our_seats{};
  int n_ours = 0;
  bool any_opp_ruff = false;
  Bits opp_top_trump = 0;  // highest trump among opponents who can ruff
  Bits opp_follow = 0;     // the led suit's cards among opponents still to play
  Bits our_follow = 0;     // and among ours
  for (int i = pos; i < 4; ++i) {
    const int seat = (leader + i) & 3;
    const Bits follow = h[seat] & lm;
    if ((seat & 1) == side) {
      our_seats[n_ours++] = seat;
      our_follow |= follow;
    } else if (follow) {
      opp_follow |= follow;
    } else if (h[seat] & tm) {
      any_opp_ruff = true;
      opp_top_trump = std::max(opp_top_trump, top_bit(h[seat] & tm));
    }
  }
  const Bits opp_follow_top = opp_follow ? top_bit(opp_follow) : 0;

  if ((win_seat & 1) == side) {
    // The winning card may already have beaten a card of its suit on the
    // table, so its rank always counts.
    if ((!ruffed && !any_opp_ruff && opp_follow_top < w) || (ruffed && opp_top_trump < w)) {
      winners = w;
      if (taker) *taker = win_seat;
      return true;
    }
  }

  if (!ruffed && !any_opp_ruff && our_follow) {
    // The highest remaining card of the led suit, if one of ours holds it.
    const Bits top = top_bit(our_follow);
    if (top > opp_follow_top && top > w) {
      winners = top;
      if (taker) *taker = (h[our_seats[0]] & top) ? our_seats[0] : our_seats[1];
      return true;
    }
  }

  if (tm) {
    // One of ours void in the led suit ruffs with its top trump, beating any
    // trump already played and every trump an opponent could ruff with.
    for (int i = 0; i < n_ours; ++i) {
      const int seat = our_seats[i];
      if ((h[seat] & lm) || !(h[seat] & tm)) continue;
      const Bits t = top_bit(h[seat] & tm);
      if (ruffed && t < w) continue;
      if (t < opp_top_trump) continue;
      winners = t;
      if (taker) *taker = seat;
      return true;
    }
  }
  return false;
}

int cash_after_trick(const std::array<Bits, 4>& h, int lead_suit, int taker, bool taker_to_play,
                     Bits& winners) {
  const Bits all = h[0] | h[1] | h[2] | h[3];
  int q = 0;
  for (int s = 0; s < 4; ++s) {
    const Bits m = suit_bits(s);
    Bits mine = h[taker] & m;
    // The taker's winning card of the led suit goes to the trick in progress.
    if (s == lead_suit && taker_to_play && mine) mine &= ~top_bit(mine);
    if (!mine) continue;
    const Bits others = all & m & ~h[taker];
    if (!others) {
      q += count(mine);  // nobody else holds the suit: every card wins
    } else {
      // Its cards above every other card of the suit win one by one.
      const Bits tops = mine & above(top_bit(others));
      q += count(tops);
      winners |= tops;
    }
  }
  return q;
}

}  // namespace DDTB_ISA_NS
}  // namespace ddtb::detail
