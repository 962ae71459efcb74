// The move-ordering weights, as data. Internal.
//
// Move ordering gives every choice a weight (solver/move_order.cpp) and the
// search tries the heaviest first. The weights change the speed, never an
// answer. The search reads the tuned values (kDefaultOrderingWeights) as
// compile-time constants; a search built with other weights
// (Features::ordering_weights) runs the same code reading them at run time,
// for measurements only (`ddtb-bench --ablate`, bench/README.md, which also
// says what each weight is worth today and how they were tuned).
//
// Most weights follow the shape of DDS's published ones (leader: cash, or
// lead toward strength; followers: win cheaply, else play low; discard from
// long suits). A lead's weight is its suit's weight (the same for every
// card of the suit) plus the card's own; "- rank" below means that lower
// cards of equal standing come first.
#pragma once

#include <array>

namespace ddtb::detail {

struct OrderingWeights {
  // --- Leads: the suit's weight ---

  // Per opponents' card in the suit (4 units a card; a void opponent as one
  // card more than the leader holds), in fifteenths: the opponents' choices,
  // a rough size of the search behind the lead; subtracted.
  int opp_choices = 32;
  // No trumps, every suit the leader holds missing from another hand: the cap
  // on a void opponent's count above (8 cards); uncapped, that count sends
  // every lead into partner's void, whose discard must then be guessed.
  int nt_void_count_cap = 32;
  // No trumps, a lead into partner's void: per card partner could discard
  // (one per run), each a choice of our side that can cost a whole subtree.
  int nt_partner_discard = 3;
  // A side suit in which an opponent is void and holds trumps: a ruff.
  int ruff_risk = -10;
  // Right-hand opponent holds the top or second card: it sits over our lead.
  int rho_high = -18;
  // ... the second only, partner the top: partner's top still covers it.
  int rho_second_pd_top = 8;
  // ... the top, we the second: leading it or away from it gives it up.
  int rho_top_my_second = -20;
  // Left-hand opponent holds the top card: it wins when it likes.
  int lho_high = -8;
  // ... and partner the second: lead toward it, it may score.
  int toward_second = 20;
  // ... and we the second: leading it or away from it gives it up.
  int away_from_second = -24;
  // A singleton lead to partner's top card while we hold trumps: a ruff later.
  int ruff_setup = 16;
  // A side suit partner can ruff while the opponents follow: usually a trick.
  int pd_ruff = 10;
  // The opponents hold the top card, we the next two: knocking it out sets
  // up both of ours.
  int knock_out = 15;
  // Partner holds the first and third card, left-hand opponent the second:
  // lead toward the tenace, the finesse works.
  int toward_tenace = 18;
  // The heaviest card of each suit: a wrong guess within a suit then costs
  // less than trying every card of one suit first.
  int suit_best = 12;

  // --- Leads: the card's weight, when it wins the trick (our best card of
  // the suit beats the opponents', no ruff) and when it does not ---

  // (A lead that wins holds the suit's top card on our side, so the rungs
  // below where an opponent holds it have no "win" weight.)

  // An opponent's top card is a singleton: one round drops it and the suit
  // is ours, minus rank.
  int lead_lose_single_top = 29;
  // Our side holds the top two cards, one in each hand, minus rank.
  int lead_win_top_two = 50;
  int lead_lose_top_two = 44;
  // The top card itself, partner not holding the second: cash it.
  int lead_win_my_top = 31;
  int lead_lose_my_top = 25;
  // A lower card of the suit whose top card we hold, minus rank.
  int lead_win_under_my_top = 19;
  int lead_lose_under_my_top = 13;
  // A lead toward partner's top card, minus rank.
  int lead_win_to_pd_top = 35;
  int lead_lose_to_pd_top = 29;
  // We hold the second card, the opponents the top: the card to set up.
  int lead_lose_my_second = 29;
  // Any other lead, minus rank.
  int lead_lose_other = 13;
  // The card a matching table entry stored as the position's best.
  int tt_best_win = 11;
  int tt_best_lose = 9;

  // --- Following suit, ruffing and discarding (minus rank throughout; a
  // card that does not win the trick weighs only that) ---

  // Overtaking partner's card that wins the trick anyway: rarely right
  // (unblocking).
  int overtake_partner = -20;
  // Fourth hand wins the trick: as cheaply as it can.
  int fourth_hand_win = 60;
  // Second or third hand wins the trick whatever the hands still to play do.
  int win_holds = 50;
  // Second or third hand beats the card winning now, but a later hand can
  // beat it.
  int win_for_now = 20;
  // Second hand after a lead with at least this many cards of its suit
  // above it plays low (winning cheaply only sets up fourth hand's card).
  int low_lead_above = 3;
  // ... but splits its honors (a card with its equal just below): that costs
  // nothing, third hand's higher card promotes the equal.
  int split_honors = 10;
  // Third hand, losing to fourth hand's top card: high enough that fourth
  // hand must spend it (above fourth hand's second card), no higher.
  int force_top = 10;
  // Ruffing below a trump already in the trick.
  int underruff = -30;
  // Ruffing partner's card that wins the trick anyway.
  int ruff_partner = -15;
  // A ruff that wins the trick whatever the hands still to play do.
  int ruff_holds = 70;
  // A ruff that a later hand can overruff.
  int ruff_overruffable = 35;
  // A discard, per card of its suit: discard from long suits.
  int discard_length = 4;
  // A suit contract, a discard, per card beyond both opponents' length in
  // its suit: such cards guard nothing and would be ruffed.
  int discard_spare = 8;

  // --- Whole lists ---

  // With at least this many tricks left, leads whose likely trick ends in a
  // decisive table entry go first (Engine::promote_probed_leads): lower, the
  // probes cost more than the nodes they save.
  int probe_leads_min_tricks = 12;

  // The divisor of opp_choices (not a weight: its unit).
  static constexpr int kOppChoicesUnit = 15;
};

// The tuned weights: what the search uses.
inline constexpr OrderingWeights kDefaultOrderingWeights{};

// One weight by name, and the value that takes it out of the ordering (zero,
// or for a threshold or a cap one that never applies); for measurements.
struct OrderingWeightField {
  const char* name;
  int OrderingWeights::*member;
  int neutral;
};

// Every weight of OrderingWeights, in declaration order.
inline constexpr std::array<OrderingWeightField, 42> kOrderingWeightFields{{
    {"opp_choices", &OrderingWeights::opp_choices, 0},
    {"nt_void_count_cap", &OrderingWeights::nt_void_count_cap, 99},
    {"nt_partner_discard", &OrderingWeights::nt_partner_discard, 0},
    {"ruff_risk", &OrderingWeights::ruff_risk, 0},
    {"rho_high", &OrderingWeights::rho_high, 0},
    {"rho_second_pd_top", &OrderingWeights::rho_second_pd_top, 0},
    {"rho_top_my_second", &OrderingWeights::rho_top_my_second, 0},
    {"lho_high", &OrderingWeights::lho_high, 0},
    {"toward_second", &OrderingWeights::toward_second, 0},
    {"away_from_second", &OrderingWeights::away_from_second, 0},
    {"ruff_setup", &OrderingWeights::ruff_setup, 0},
    {"pd_ruff", &OrderingWeights::pd_ruff, 0},
    {"knock_out", &OrderingWeights::knock_out, 0},
    {"toward_tenace", &OrderingWeights::toward_tenace, 0},
    {"suit_best", &OrderingWeights::suit_best, 0},
    {"lead_lose_single_top", &OrderingWeights::lead_lose_single_top, 0},
    {"lead_win_top_two", &OrderingWeights::lead_win_top_two, 0},
    {"lead_lose_top_two", &OrderingWeights::lead_lose_top_two, 0},
    {"lead_win_my_top", &OrderingWeights::lead_win_my_top, 0},
    {"lead_lose_my_top", &OrderingWeights::lead_lose_my_top, 0},
    {"lead_win_under_my_top", &OrderingWeights::lead_win_under_my_top, 0},
    {"lead_lose_under_my_top", &OrderingWeights::lead_lose_under_my_top, 0},
    {"lead_win_to_pd_top", &OrderingWeights::lead_win_to_pd_top, 0},
    {"lead_lose_to_pd_top", &OrderingWeights::lead_lose_to_pd_top, 0},
    {"lead_lose_my_second", &OrderingWeights::lead_lose_my_second, 0},
    {"lead_lose_other", &OrderingWeights::lead_lose_other, 0},
    {"tt_best_win", &OrderingWeights::tt_best_win, 0},
    {"tt_best_lose", &OrderingWeights::tt_best_lose, 0},
    {"overtake_partner", &OrderingWeights::overtake_partner, 0},
    {"fourth_hand_win", &OrderingWeights::fourth_hand_win, 0},
    {"win_holds", &OrderingWeights::win_holds, 0},
    {"win_for_now", &OrderingWeights::win_for_now, 0},
    {"low_lead_above", &OrderingWeights::low_lead_above, 14},
    {"split_honors", &OrderingWeights::split_honors, 0},
    {"force_top", &OrderingWeights::force_top, 0},
    {"underruff", &OrderingWeights::underruff, 0},
    {"ruff_partner", &OrderingWeights::ruff_partner, 0},
    {"ruff_holds", &OrderingWeights::ruff_holds, 0},
    {"ruff_overruffable", &OrderingWeights::ruff_overruffable, 0},
    {"discard_length", &OrderingWeights::discard_length, 0},
    {"discard_spare", &OrderingWeights::discard_spare, 0},
    {"probe_leads_min_tricks", &OrderingWeights::probe_leads_min_tricks, 14},
}};

}  // namespace ddtb::detail
