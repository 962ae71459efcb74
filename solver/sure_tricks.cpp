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

struct SuitPlay {
  int tricks = 0;
  Bits winners = 0;
  int top_rounds = 0;  // rounds won by top cards (before length winners)
};

struct SuitCards {
  Bits x, y, o1, o2;  // leader, partner, opponents
};

int longest_opponent(const SuitCards& c) { return std::max(count(c.o1), count(c.o2)); }

// Our side's top sequence in the suit: the cards of X and Y above every
// opponent's card (all of ours if the opponents have none).
Bits top_sequence(const SuitCards& c) {
  const Bits ours = c.x | c.y;
  const Bits opp = c.o1 | c.o2;
  return opp ? ours & above(top_bit(opp)) : ours;
}

// X leads the suit and keeps the lead: Y plays low under X's top cards.
SuitPlay keep_lead(const SuitCards& c, int cap) {
  if (!c.x || cap <= 0) return {};
  if (!(c.y | c.o1 | c.o2)) {
    // Nobody else holds the suit: every card wins, whatever the ranks.
    const int n = std::min(count(c.x), cap);
    return {n, 0, n};
  }
  const Bits top = top_sequence(c);
  const int xc = count(c.x & top), yc = count(c.y & top);
  const int y_low = count(c.y) - yc;
  // If Y lacks low cards for every round, count only X's cards above all of Y's.
  const Bits others = c.y | c.o1 | c.o2;
  const Bits x_above_all = others ? c.x & above(top_bit(others)) : c.x;
  int rounds;
  Bits winners;
  if (y_low >= xc) {
    // X leads its cards of the top sequence; the claim needs the sequence
    // down to the lowest of them.
    rounds = xc;
    const Bits x_top = c.x & top;
    winners = x_top ? top & ~below(bottom_bit(x_top)) : 0;
  } else {
    rounds = count(x_above_all);
    winners = x_above_all;
  }
  // Once the opponents and partner are out of the suit, X's small cards win.
  int tricks = rounds >= longest_opponent(c) && rounds >= count(c.y) ? count(c.x) : rounds;
  return {std::min(tricks, cap), winners, std::min(rounds, cap)};
}

// X cashes its top cards, then leads low to Y's top cards; the lead ends in Y.
SuitPlay transfer(const SuitCards& c, int cap) {
  if (!c.x || !c.y) return {kNone, 0};
  const Bits top = top_sequence(c);
  const int xc = count(c.x & top), yc = count(c.y & top);
  if (yc == 0) return {kNone, 0};
  const int x_low = count(c.x) - xc, y_low = count(c.y) - yc;
  if (x_low < 1 || y_low < xc) return {kNone, 0};
  if (cap <= xc) return {kNone, 0};  // the crossing round could be ruffed
  const int a = xc + yc;
  const int tricks =
      a >= longest_opponent(c) && count(c.x) <= a ? count(c.y) : a;  // then Y's small cards win
  return {std::min(tricks, cap), top};
}

SuitCards suit_cards(const std::array<Bits, 4>& h, int x, int y, int o1, int o2, int s) {
  const Bits m = suit_bits(s);
  return {h[x] & m, h[y] & m, h[o1] & m, h[o2] & m};
}

// The whole line with X on lead (phases 1-4 above; phases 3-4 only when
// `allow_transfer`). The claim is trimmed to what reaching `needed` takes:
// suits that are not needed are left out, so that the winners reported (and
// the transposition-table entries built on them) stay as general as possible.
SureTricks cash_line(const std::array<Bits, 4>& h, int x, int y, int o1, int o2, int trump,
                     bool allow_transfer, int needed) {
  const int hand_size = count(h[x]);
  // Trumps. If X's top trumps outnumber each opponent's trumps, X draws them
  // (trump_rounds rounds in a row); after that every trump left in our hands
  // wins a trick of its own whenever it is played (nobody else has trumps),
  // so the longer holding's remaining trumps count too, provided neither hand
  // ever has to ruff one of our own winners (the guards below). Otherwise X
  // cashes only its top trumps.
  int trump_rounds = 0, later_trumps = 0;
  Bits trump_winners = 0;
  bool drawn = true;
  int y_trumps = 0, x_trumps = 0;
  if (trump != kNoTrump) {
    const SuitCards t = suit_cards(h, x, y, o1, o2, trump);
    const SuitPlay tp = keep_lead(t, 13);
    const int opp_max = longest_opponent(t);
    x_trumps = count(t.x);
    y_trumps = count(t.y);
    drawn = tp.top_rounds >= opp_max;
    if (drawn) {
      trump_rounds = opp_max;
      later_trumps = std::max(x_trumps, y_trumps) - opp_max;
      trump_winners = opp_max ? tp.winners : 0;
    } else {
      trump_rounds = tp.tricks;
      trump_winners = tp.winners;
    }
  }
  const int base = trump_rounds + later_trumps;
  if (base >= needed) return {std::min(base, hand_size), trump_winners};
  const bool y_keeps_trumps = y_trumps > trump_rounds;
  const bool x_keeps_trumps = x_trumps > trump_rounds;

  std::array<SuitPlay, 4> kx{}, ky{};
  std::array<int, 4> y_len{};
  int y_side_cards = 0;  // Y's cards outside the trump suit
  std::array<int, 4> caps{};
  for (int s = 0; s < 4; ++s) {
    if (s == trump) continue;
    const SuitCards c = suit_cards(h, x, y, o1, o2, s);
    y_len[s] = count(c.y);
    y_side_cards += y_len[s];
    int cap = 13;
    if (!drawn) {
      if (h[o1] & suit_bits(trump)) cap = std::min(cap, count(c.o1));
      if (h[o2] & suit_bits(trump)) cap = std::min(cap, count(c.o2));
    }
    caps[s] = cap;
    kx[s] = keep_lead(c, cap);
  }

  // Phase 2 alone: X cashes side suits, suits that need no rank first, then
  // the most productive. Y plays a card in every round; while it has trumps,
  // those must be side cards.
  const int side_cap = y_keeps_trumps ? hand_size - y_trumps : 13;
  std::array<int, 4> order{0, 1, 2, 3};
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    if ((kx[a].winners == 0) != (kx[b].winners == 0)) return kx[a].winners == 0;
    return kx[a].tricks > kx[b].tricks;
  });
  int side = 0;
  Bits side_winners = 0;
  for (int s : order) {
    if (kx[s].tricks == 0) continue;
    side += kx[s].tricks;
    side_winners |= kx[s].winners;
    if (base + std::min(side, side_cap) >= needed) break;
  }
  SureTricks best{std::min(base + std::min(side, side_cap), hand_size),
                  trump_winners | side_winners};
  if (best.tricks >= needed || !allow_transfer) return best;

  // Phases 2-4 with one transfer suit e.
  for (int s = 0; s < 4; ++s)
    if (s != trump) ky[s] = keep_lead(SuitCards{h[y] & suit_bits(s), h[x] & suit_bits(s),
                                                h[o1] & suit_bits(s), h[o2] & suit_bits(s)},
                                      caps[s]);
  const int y_trump_discards = std::max(0, trump_rounds - y_trumps);
  for (int e = 0; e < 4; ++e) {
    if (e == trump) continue;
    const SuitPlay te = transfer(suit_cards(h, x, y, o1, o2, e), caps[e]);
    if (te.tricks == kNone) continue;
    int total = te.tricks, a_rounds = 0, side_rounds = te.tricks;
    int y_reserved = y_len[e];
    Bits winners = te.winners;
    std::array<bool, 4> in_a{};
    for (int s = 0; s < 4; ++s) {
      if (s == trump || s == e) continue;
      if (ky[s].tricks > kx[s].tricks) {
        total += ky[s].tricks;
        side_rounds += ky[s].tricks;
        y_reserved += y_len[s];
        winners |= ky[s].winners;
      } else if (kx[s].tricks > 0) {
        total += kx[s].tricks;
        side_rounds += kx[s].tricks;
        a_rounds += kx[s].tricks;
        in_a[s] = true;
      }
    }
    // Y's plays before the transfer come from cards it does not need later.
    if (y_trump_discards + a_rounds > y_side_cards - y_reserved) continue;
    // After the transfer X follows or discards; with trumps left it must
    // always have a side card.
    if (x_keeps_trumps && side_rounds > hand_size - x_trumps) continue;
    if (base + total <= best.tricks) continue;
    // Leave out "A" suits that are not needed (fewer rounds keep every
    // condition above true).
    for (int s = 0; s < 4; ++s) {
      if (!in_a[s]) continue;
      if (base + total - kx[s].tricks >= needed) {
        total -= kx[s].tricks;
      } else {
        winners |= kx[s].winners;
      }
    }
    best = {std::min(base + total, hand_size), trump_winners | winners};
    if (best.tricks >= needed) break;
  }
  return best;
}

}  // namespace

// Trump length: whichever side holds them, the trumps of one hand that
// outnumber all the other side's trumps win tricks. Every trump that hand
// holds is played in a trick of its own; such a trick is lost to the other
// side only if one of the other side's trumps is in it, and each of those
// can be in one trick only. The claim rests on suit lengths alone (part of
// every table key), so it backs up no ranks.
int trump_length_tricks(const std::array<Bits, 4>& h, int trump, int a, int b) {
  if (trump == kNoTrump) return 0;
  const Bits tm = suit_bits(trump);
  const int longest = std::max(count(h[a] & tm), count(h[b] & tm));
  return std::max(0, longest - count((h[(a + 1) & 3] | h[(a + 3) & 3]) & tm));
}

// The same argument with ranks, for the trumps of hand `a` down to some card
// c of its own: a trick in which `a` plays one of them is lost only if it
// holds an opponent's trump higher than that one, so only the opponents'
// trumps above c count, each against one of a's trumps below it. Going down
// the suit, every trump of `a` that finds an unused higher opponent's trump
// may be lost (this greedy pairing is a largest one); the others win. The
// claim relies on the owners of the trumps down to c (lower trumps never beat
// a's trumps above c). c is the highest card of `a` that gives `needed`
// tricks, or a's lowest trump.
SureTricks ranked_trump_tricks(const std::array<Bits, 4>& h, int trump, int a, int needed) {
  const Bits tm = suit_bits(trump);
  const Bits mine = h[a] & tm;
  // Every claim counts a's own trumps: a count below `needed` is no use to
  // the callers (they only ask whether `needed` is reached).
  if (count(mine) < needed) return {};
  const Bits theirs = (h[(a + 1) & 3] | h[(a + 3) & 3]) & tm;
  Bits cards = mine | theirs;
  int higher = 0, won = 0;
  Bits seen = 0;
  SureTricks best;
  while (cards) {
    const Bits c = top_bit(cards);
    cards ^= c;
    seen |= c;
    if (theirs & c) {
      ++higher;
      continue;
    }
    if (higher > 0)
      --higher;
    else
      ++won;
    const int claim = won;
    if (claim > best.tricks) best = {claim, seen};
    if (claim >= needed) break;
  }
  // The cards of partner's hand among them: their owners matter too.
  if (best.tricks) best.winners = (h[0] | h[1] | h[2] | h[3]) & tm & ~below(bottom_bit(best.winners));
  return best;
}

// Sure trump tricks of the side of hands `a` and `b` (partners) from their
// lengths, or, when those fall short of `needed`, from ranks as well.
SureTricks trump_tricks(const std::array<Bits, 4>& h, int trump, int a, int b, int needed) {
  if (trump == kNoTrump) return {};
  const int length = trump_length_tricks(h, trump, a, b);
  if (length >= needed) return {length, 0};
  SureTricks best = {length, 0};
  for (const int x : {a, b}) {
    const SureTricks r = ranked_trump_tricks(h, trump, x, needed);
    if (r.tricks > best.tricks ||
        (r.tricks >= needed && count(r.winners) < count(best.winners)))
      best = r;
  }
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
    const int longest = std::max(count(h[leader] & m), count(h[pd] & m));
    if (s == trump) trump_holding = longest;
    int n = longest;
    if (theirs) {
      const int over = count(ours & above(top_bit(theirs)));
      if (over == 0) continue;
      if (over < std::max(count(h[lho] & m), count(h[rho] & m))) n = over;
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

  const SureTricks trumps = trump_tricks(h, trump, leader, pd, needed);
  if (trumps.tricks >= needed) return trumps;
  if (needed == 1) {
    if (const Bits kb = king_behind_ace(h, trump); kb) {
      const int behind = (owner(h, top_bit(kb)) + 1) & 3;
      const bool side_card = (h[leader] & ~suit_bits(trump)) != 0;
      if (behind == pd || (behind == leader && side_card)) return {1, kb};
    }
  }
  if (bound < needed || !can_start) return {};

  SureTricks best = cash_line(h, leader, pd, lho, rho, trump, true, needed);
  if (best.tricks >= needed) return best;

  // Or cross to partner first with a card of a suit whose top card partner
  // holds (safe from a ruff in a suit contract) and let partner cash. The
  // crossing trick is partner's first round of that suit; partner then keeps
  // the lead (no transfer back, which could reuse that suit's cards).
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
    SureTricks alt = cash_line(h, pd, leader, lho, rho, trump, false, needed);
    if (alt.tricks > best.tricks) best = {alt.tricks, alt.winners | top};
    break;
  }
  return best;
}

SureTricks later_tricks(const std::array<Bits, 4>& h, int leader, int trump, int needed) {
  const int lho = (leader + 1) & 3, pd = (leader + 2) & 3, rho = (leader + 3) & 3;
  const Bits all = h[0] | h[1] | h[2] | h[3];
  const Bits ours = h[leader] | h[pd];
  SureTricks best;

  if (trump != kNoTrump) {
    const SureTricks length = trump_tricks(h, trump, lho, rho, needed);
    if (length.tricks >= needed) return length;
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
  {
    int sum = 0;
    Bits opp_tops = 0;
    for (int s = 0; s < 4; ++s) {
      const Bits m = suit_bits(s);
      if (!(all & m)) continue;
      const Bits top = top_bit(all & m);
      if (ours & top) {
        sum += std::max(count(h[leader] & m), count(h[pd] & m));
      } else if (count(all & m) > 1) {
        opp_tops |= top;
      }
    }
    if (sum < count(h[leader])) best = {1, opp_tops};
  }
  // (b) Whatever suit the leader leads, if an opponent holds its top card, the
  // opponents win that trick. If one opponent holds the top card of every
  // suit the leader can lead, it then cashes the others too.
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
  if ((one_hand ? suits : 1) > best.tricks) best = {one_hand ? suits : 1, tops};
  return best;
}

bool wins_current_trick(const std::array<Bits, 4>& h, int trump, int leader, int pos,
                        int lead_suit, int win_card, int win_seat, int side, Bits& winners,
                        int* taker) {
  const Bits lm = suit_bits(lead_suit);
  const Bits tm = trump == kNoTrump ? 0 : suit_bits(trump);
  const bool ruffed = suit_of(win_card) != lead_suit;  // the trick is already trumped
  // Seats still to play, in order, and which of them belong to `side`.
  int order[3];
  const int n = 4 - pos;
  for (int i = 0; i < n; ++i) order[i] = (leader + pos + i) & 3;
  auto ours = [side](int seat) { return (seat & 1) == side; };
  auto can_ruff = [&](int seat) { return !(h[seat] & lm) && (h[seat] & tm); };

  // 1. Already winning and nobody left on the other side can beat it.
  // 2. One of ours plays the top card of the led suit and no opponent can ruff.
  // 3. One of ours ruffs higher than every trump an opponent could ruff with.
  bool any_opp_ruff = false;
  Bits opp_top_trump = 0;  // highest trump among opponents who can ruff
  Bits opp_follow_top = 0;  // highest led-suit card among opponents still to play
  for (int i = 0; i < n; ++i) {
    const int seat = order[i];
    if (ours(seat)) continue;
    if (can_ruff(seat)) {
      any_opp_ruff = true;
      opp_top_trump = std::max(opp_top_trump, top_bit(h[seat] & tm));
    } else if (h[seat] & lm) {
      opp_follow_top = std::max(opp_follow_top, top_bit(h[seat] & lm));
    }
  }

  if (ours(win_seat)) {
    // The winning card may already have beaten a card of its suit on the
    // table, so its rank always counts.
    const Bits w = bit_of(win_card);
    if ((!ruffed && !any_opp_ruff && opp_follow_top < w) || (ruffed && opp_top_trump < w)) {
      winners = w;
      if (taker) *taker = win_seat;
      return true;
    }
  }

  if (!ruffed && !any_opp_ruff) {
    // The highest remaining card of the led suit, if one of ours holds it.
    Bits remaining = 0;
    for (int i = 0; i < n; ++i) remaining |= h[order[i]] & lm;
    if (remaining) {
      const Bits top = top_bit(remaining);
      if (top > bit_of(win_card)) {
        for (int i = 0; i < n; ++i) {
          if (ours(order[i]) && (h[order[i]] & top)) {
            winners = top;
            if (taker) *taker = order[i];
            return true;
          }
        }
      }
    }
  }

  if (tm) {
    // One of ours void in the led suit ruffs with its top trump, beating any
    // trump already played and every trump an opponent could ruff with.
    for (int i = 0; i < n; ++i) {
      const int seat = order[i];
      if (!ours(seat) || !can_ruff(seat)) continue;
      const Bits t = top_bit(h[seat] & tm);
      if (ruffed && t < bit_of(win_card)) continue;
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
    } else if (top_bit(mine) > top_bit(others)) {
      ++q;
      winners |= top_bit(mine);
    }
  }
  return q;
}

}  // namespace DDTB_ISA_NS
}  // namespace ddtb::detail
