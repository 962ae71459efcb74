// QuickTricks and LaterTricks: cheap bounds at the start of a trick. Internal.
//
// Both return a number of tricks that one side is sure to take, and the cards
// whose ranks that claim relies on (the caller backs them up as winning
// ranks). The claim must hold for every position with the same suit lengths
// in which the returned cards have the same owners and every other card is
// lower: the transposition table stores results on exactly that basis.
#pragma once

#include <array>

#include "core/bits.hpp"

namespace ddtb::detail {
inline namespace DDTB_ISA_NS {

struct SureTricks {
  int tricks = 0;
  Bits winners = 0;
};

// Tricks the side of `leader` can take in a row from now on: the leader cashes
// its own winners, or crosses once to partner's hand and partner cashes. Only
// counts of at least `needed` matter to the caller: when a cheap upper bound
// shows the count must fall short, returns at once with 0 tricks.
SureTricks quick_tricks(const std::array<Bits, 4>& hands, int leader, int trump, int needed);

// Tricks the opponents of `leader` are sure to take at some point, whatever
// the leader's side does. When several claims reach `needed`, the one that
// relies on the fewest ranks is returned.
SureTricks later_tricks(const std::array<Bits, 4>& hands, int leader, int trump, int needed);

// Mid-trick check: whether the side `side` (0 = North-South, 1 = East-West)
// wins the trick in progress whatever anyone plays. The trick was led by
// `leader` in `lead_suit`; `pos` cards are on the table (1..3), the best of
// them is `win_card`, played by `win_seat`; `hands` are the cards not yet
// played. On success, `winners` receives the card(s) whose rank decides it.
// `taker`, if given, receives the seat that wins it.
bool wins_current_trick(const std::array<Bits, 4>& hands, int trump, int leader, int pos,
                        int lead_suit, int win_card, int win_seat, int side, Bits& winners,
                        int* taker = nullptr);

// The tricks that `taker`, having won the trick in progress (with its top
// card of the led suit, still to be played when `taker_to_play`), then
// cashes in a row on lead: in each suit its cards above every other hand's
// (the cards of the other hands still to play to this trick only lower
// theirs), or every card of a suit nobody else holds. Valid when nobody can
// ruff: in no trumps, or when no other hand holds a trump. Adds the ranks
// relied on to `winners`.
int cash_after_trick(const std::array<Bits, 4>& hands, int lead_suit, int taker, bool taker_to_play,
                     Bits& winners);

}  // namespace DDTB_ISA_NS
}  // namespace ddtb::detail
