#include "solver/engine.hpp"

#include <algorithm>
#include <cassert>

#include "solver/sure_tricks.hpp"

namespace ddtb::detail {
inline namespace DDTB_ISA_NS {
namespace {

constexpr bool is_ns(int seat) {
  return (seat & 1) == 0;
}

// The shape key: every seat's length in every suit, 4 bits each.
constexpr int shape_shift(int seat, int suit) {
  return 4 * (seat * 4 + suit);
}

std::uint64_t shape_of(const std::array<Bits, 4>& hands) {
  std::uint64_t shape = 0;
  for (int seat = 0; seat < 4; ++seat)
    for (int s = 0; s < 4; ++s)
      shape |= std::uint64_t(count(hands[seat] & suit_bits(s))) << shape_shift(seat, s);
  return shape;
}

// The card of a complete trick that won it by rank (another card of its suit
// was played to the trick), or 0 when it won as the only card of its suit.
Bits rank_winner(const int cards[4], int win_pos) {
  const int w = cards[win_pos];
  for (int i = 0; i < 4; ++i)
    if (i != win_pos && suit_of(cards[i]) == suit_of(w)) return bit_of(w);
  return 0;
}

}  // namespace

Engine::Engine(TransTable& tt, const Features& features, EngineStats& stats)
    : tt_(tt),
      f_(features),
      stats_(stats),
      order_(features.move_ordering, features.learned_ordering, features.ordering_weights,
             features.order_model) {}

void Engine::reset_memory() {
  cutoffs_.reset();
}

void Engine::set_root(const std::array<Bits, 4>& hands, int trump, int leader, const int* trick,
                      int trick_size) {
  hand_ = hands;
  trump_ = trump;
  trump_shape_mask_ = 0;
  if (trump != kNoTrump)
    for (int seat = 0; seat < 4; ++seat)
      trump_shape_mask_ |= std::uint64_t{15} << shape_shift(seat, trump);
  root_pos_ = trick_size;
  TrickState& t0 = tricks_[0];
  t0.leader = leader;
  t0.start = hands[0] | hands[1] | hands[2] | hands[3];
  t0.rel_valid = false;
  t0.win_pos = 0;
  t0.lead_suit = trick_size ? suit_of(trick[0]) : 0;
  for (int i = 0; i < trick_size; ++i) {
    t0.cards[i] = trick[i];
    t0.start |= bit_of(trick[i]);
    if (i > 0 && beats(trick[i], t0.cards[t0.win_pos], trump)) t0.win_pos = i;
  }
  tricks_left_ = (count(t0.start) + 3) / 4;
}

int Engine::root_order(int out[13], bool fixed) {
  TrickState& tr = tricks_[0];
  const int pos = root_pos_;
  const int seat = (tr.leader + pos) & 3;
  const int k = count(hand_[seat]);
  MoveHints hints;
  if (pos == 0) {
    tr.start = hand_[0] | hand_[1] | hand_[2] | hand_[3];
    tr.rel_valid = false;
    Value hit;
    // Any beta: only the hint of a matching entry is wanted.
    if (k > 1 && !fixed) probe_table(0, (k + 1) / 2, hit, hints);
  }
  const TrickView view = trick_view(tr, pos);
  const Bits legal = legal_cards(hand_, view);
  const Bits choices = choices_of(legal, view, f_.rank_equivalence);
  MoveList ml;
  if (fixed) {
    list_fixed_root(choices, view, ml);
  } else {
    const std::uint64_t ckey = CutoffMemory::key(hand_, trump_, view, (k + 1) / 2);
    order_.list(hand_, trump_, view, choices, remembered(ckey, seat, choices, legal),
                choice_for(choices, legal, hints.tt_best), ml);
  }
  for (int i = 0; i < ml.size; ++i) out[i] = ml.moves[i].card;
  return ml.size;
}

void Engine::list_fixed_root(Bits choices, const TrickView& view, MoveList& ml) const {
  order_.list(hand_, trump_, view, choices, -1, -1, ml);
}

Value Engine::search(int beta) {
  root_card_ = -1;
  switch (root_pos_) {
    case 1:
      return play_moves<1>(0, beta, MoveHints{});
    case 2:
      return play_moves<2>(0, beta, MoveHints{});
    case 3:
      return play_moves<3>(0, beta, MoveHints{});
    default:
      return trick_start(0, beta);
  }
}

int Engine::solve(int guess, int lower, int upper, bool reach_first, int* best_card) {
  const bool ns_root = is_ns((tricks_[0].leader + root_pos_) & 3);
  if (best_card) *best_card = -1;
  upper = std::min(upper, tricks_left_);
  lower = std::clamp(lower, 0, upper);
  int g = std::clamp(guess, lower, upper);
  // By default the first search asks whether North-South beat the guess, the
  // next (usually) whether they reach it. Either order proves the same value;
  // this one searches fewer nodes (bench/README.md, "Tuning record"); the
  // caller picks for single-card solves (solver.cpp).
  int beta = reach_first && g > lower ? g : std::min(g + 1, upper);
  while (lower < upper) {
    const int v = search(beta).tricks;
    if (best_card && (v >= beta) == ns_root) *best_card = root_card_;
    if (v >= beta)
      lower = v;
    else
      upper = v;
    g = std::clamp(v, lower, upper);
    beta = g == lower ? g + 1 : g;
  }
  return lower;
}

Value Engine::trick_start(int t, int beta) {
  ++stats_.nodes;
  ++stats_.trick_starts;
  TrickState& tr = tricks_[t];
  tr.rel_valid = false;
  const int leader = tr.leader;
  const int k = count(hand_[leader]);
  if (beta <= 0) return {0, 0};
  if (beta > k) return {k, 0};
  if (k == 1) return last_trick(leader);

  const bool ns_leads = is_ns(leader);
  tr.start = hand_[0] | hand_[1] | hand_[2] | hand_[3];
  MoveHints hints;
  // With many tricks left the table answers far more often than the sure-
  // trick counts, so it is asked first there (as DDS does).
  const bool table_first = k >= kTableFirstTricks;
  Value hit;
  if (table_first && probe_table(t, beta, hit, hints)) return hit;
  // The tricks the leader's side needs for the question asked.
  const int need = ns_leads ? beta : k - beta + 1;
  if (f_.quick_tricks) {
    const SureTricks q = quick_tricks(hand_, leader, trump_, ns_leads ? beta : k - beta + 1);
    if (ns_leads ? q.tricks >= beta : k - q.tricks < beta)
      return {ns_leads ? q.tricks : k - q.tricks, q.winners};
  }
  // The opponents' sure tricks stop the leader's side only when it needs
  // nearly all the tricks left: all or all but one in no trump, all but
  // two in a suit contract. At other questions LaterTricks cut under 2 %
  // (no trump) and 4 % (suits) of the trick starts that reached it, and
  // asking costs more than those cuts save: 1 % fewer instructions on
  // random deals and on sampled opening leads.
  if (f_.later_tricks && need >= k - (trump_ == kNoTrump ? 1 : 2)) {
    const SureTricks q = later_tricks(hand_, leader, trump_, ns_leads ? k - beta + 1 : beta);
    if (ns_leads ? k - q.tricks < beta : q.tricks >= beta)
      return {ns_leads ? k - q.tricks : q.tricks, q.winners};
  }
  if (!table_first && probe_table(t, beta, hit, hints)) return hit;
  // The endgame table knows the exact value; the cards its set specified are
  // backed up like winning ranks (docs/DESIGN.md, "Winning ranks"). It is
  // asked only where the cheaper cutoffs failed: their winners are usually
  // fewer, which keeps the entries stored above more general.
  // At the extremes (beta 1 or k) the table rarely saves more than it costs:
  // the sure-trick counts above settle most of those.
  if (probe_ && k <= probe_->max_tricks() && beta > 1 && beta < k) {
    // A bound layer answers just the question asked, "does North-South
    // reach beta?", with the fewest cards specified; the exact layer is
    // asked when there is none.
    BoundResult br;
    const int t = ns_leads ? beta : k - beta + 1;  // the leader's side's tricks for that
    if (probe_->probe_at_least(hand_, leader, trump_, t, br)) {
      ++stats_.tb_hits;
      const bool reached = br.at_least == ns_leads;
      const Value tv{reached ? beta : beta - 1, f_.winning_ranks ? br.specified : tr.start};
      if (f_.transposition_table) store(tr, tv, beta, -1);
      return tv;
    }
    ProbeResult pr;
    if (probe_->probe(hand_, leader, trump_, pr)) {
      ++stats_.tb_hits;
      const Value tv{ns_leads ? pr.leader_tricks : k - pr.leader_tricks,
                     f_.winning_ranks ? pr.specified : tr.start};
      // Kept as an exact entry: a transposition then finds it in the
      // transposition table without asking the endgame table again.
      if (f_.transposition_table) store(tr, tv, -1, -1);
      return tv;
    }
  }

  Value v = play_moves<0>(t, beta, hints);
  if (!f_.winning_ranks)
    v.winners = tr.start;
  else
    v.winners = drop_bottom_runs(v.winners, tr);
  if (f_.transposition_table) store(tr, v, beta, best_card_[t][0]);
  return v;
}

bool Engine::probe_table(int t, int beta, Value& hit, MoveHints& hints) {
  if (!f_.transposition_table) return false;
  TrickState& tr = tricks_[t];
  prepare_relative(t);
  ++stats_.tt_lookups;
  TransTable::Entry e, hint;
  if (tt_.probe(tr.shape, TransTable::lead_key(tr.leader, table_strain(tr.shape)), tr.rel, beta, e,
                &hint, tr.seen)) {
    ++stats_.tt_hits;
    const Bits w = f_.winning_ranks ? cards_at_places(e.places(), tr.start) : tr.start;
    hit = {e.lower() >= beta ? e.lower() : e.upper(), w};
    return true;
  }
  if (hint.has_hint()) hints.tt_best = hint_card(hint, tr);
  return false;
}

// The search state of one node, updated move by move.
struct Engine::NodeSearch {
  bool max_node;
  int beta;
  int best;
  int best_card = -1;
  Bits winners = 0;
  // Cards that need no search: a lower card of the same suit already proved
  // its rank irrelevant (every card of a suit below its lowest winner).
  Bits skip = 0;
  Value cut{};

  NodeSearch(bool max, int b) : max_node(max), beta(b), best(max ? -1 : 99) {}
  bool skips(int card) const { return (skip & bit_of(card)) != 0; }
  // Takes in the result of `card`; true when it cuts the node off.
  bool add(int card, const Value& child, bool winning_ranks) {
    if (max_node ? child.tricks > best : child.tricks < best) {
      best = child.tricks;
      best_card = card;
    }
    if (max_node ? best >= beta : best < beta) {
      cut = {best, child.winners};
      return true;
    }
    winners |= child.winners;
    if (winning_ranks) {
      const Bits m = suit_bits(suit_of(card));
      const Bits ws = child.winners & m;
      if (!ws)
        skip |= m;
      else if (bit_of(card) < bottom_bit(ws))
        skip |= m & below(bottom_bit(ws));
    }
    return false;
  }
};

template <int pos>
Value Engine::play_moves(int t, int beta, const MoveHints& hints_in) {
  ++stats_.nodes;
  TrickState& tr = tricks_[t];
  const int seat = (tr.leader + pos) & 3;
  if (pos > 0 && f_.quick_tricks) {
    // A side that surely wins the trick in progress settles the question
    // when it needs just one more trick (North-South need every trick left,
    // or just one).
    const int k = count(hand_[seat]);  // tricks left, this one included
    const int win_seat = (tr.leader + tr.win_pos) & 3;
    if (beta == k || beta == 1) {
      const int side = beta == k ? 1 : 0;
      Bits w = 0;
      if (wins_current_trick(hand_, trump_, tr.leader, pos, tr.lead_suit, tr.cards[tr.win_pos],
                             win_seat, side, w))
        return {side ? k - 1 : 1, w};
    }
    // Second hand's side also when the hand that wins the trick then cashes
    // enough top cards on lead (after DDS's QuickTricksSecondHand): in no
    // trumps, or in a suit contract where no hand but the taker's holds a
    // trump (nobody can ruff its winners).
    const int side = seat & 1;
    const int needed = side ? k - beta + 1 : beta;  // to deny (EW) or reach (NS) beta
    if (pos == 1 && needed > 1) {
      const Bits tm = trump_ == kNoTrump ? 0 : suit_bits(trump_);
      const int trump_holders = ((hand_[0] & tm) != 0) + ((hand_[1] & tm) != 0) +
                                ((hand_[2] & tm) != 0) + ((hand_[3] & tm) != 0);
      const Bits trumps = (hand_[0] | hand_[1] | hand_[2] | hand_[3]) & tm;
      Bits w = 0;
      int taker = -1;
      if (trump_holders <= 1 &&
          wins_current_trick(hand_, trump_, tr.leader, pos, tr.lead_suit, tr.cards[tr.win_pos],
                             win_seat, side, w, &taker) &&
          (trumps & ~hand_[taker]) == 0) {
        const bool to_play = ((taker - tr.leader) & 3) >= pos;
        // A taker that wins by ruffing would count its ruffing trump twice.
        if (!to_play || !trumps || (hand_[taker] & suit_bits(tr.lead_suit))) {
          const int q = 1 + cash_after_trick(hand_, tr.lead_suit, taker, to_play, w);
          if (q >= needed) return {side ? k - q : q, w};
        }
      }
    }
  }
  const TrickView view = trick_view(tr, pos);
  const Bits legal = legal_cards(hand_, view);
  const Bits choices = choices_of(legal, view, f_.rank_equivalence);
  const bool at_root = t == 0 && pos == root_pos_;
  if ((choices & (choices - 1)) == 0) {
    // One choice: nothing to order or remember.
    const int card = top_index(choices);
    best_card_[t][pos] = card;
    if (at_root) root_card_ = card;
    return play<pos>(t, card, beta);
  }

  NodeSearch node(is_ns(seat), beta);
  MoveList& ml = moves_[t][pos];
  if (at_root && fixed_root_) {
    list_fixed_root(choices, view, ml);
    for (int i = 0; i < ml.size; ++i) {
      const int card = ml.moves[i].card;
      if (node.skips(card)) continue;
      if (node.add(card, play<pos>(t, card, beta), f_.winning_ranks)) {
        best_card_[t][pos] = root_card_ = card;
        return node.cut;
      }
    }
    best_card_[t][pos] = node.best_card;
    return {node.best, node.winners};
  }

  const std::uint64_t ckey = CutoffMemory::key(hand_, trump_, view, beta);
  const int tt_best = choice_for(choices, legal, hints_in.tt_best);
  // Tries the choices, `first` first (the remembered cutoff card, or the
  // observer's); `forced`: named by the observer.
  auto search_choices = [&](int first, bool forced) __attribute__((always_inline))->Value {
    auto finish_cut = [&](int card) {
      cutoffs_.remember(ckey, seat, card);
      best_card_[t][pos] = card;
      if (at_root) root_card_ = card;
      return node.cut;
    };
    // Near the root, leads whose likely trick ends in a decisive table entry
    // are tried first (the table often holds that trick from another search);
    // that needs the whole list ordered up front.
    const bool probe_leads = pos == 0 && tr.rel_valid && !forced &&
                             count(hand_[seat]) >= order_.probe_leads_min_tricks();
    // The remembered cutoff card goes first; the rest is listed and ordered
    // only if it fails to cut.
    if (first >= 0 && !probe_leads) {
      if (node.add(first, play<pos>(t, first, beta), f_.winning_ranks)) return finish_cut(first);
      order_.list(hand_, trump_, view, choices & ~bit_of(first), -1, tt_best, ml);
    } else {
      order_.list(hand_, trump_, view, choices, first, tt_best, ml);
    }
    if (probe_leads) promote_probed_leads(t, beta, ml);
    for (int i = 0; i < ml.size; ++i) {
      const int card = ml.moves[i].card;
      if (node.skips(card)) continue;
      if (node.add(card, play<pos>(t, card, beta), f_.winning_ranks)) return finish_cut(card);
    }
    best_card_[t][pos] = node.best_card;
    return Value{node.best, node.winners};
  };
  const int killer = remembered(ckey, seat, choices, legal);
  if (f_.observer) [[unlikely]] {
    const ObservedNode o{hand_, trump_, tr.leader, pos, {tr.cards[0], tr.cards[1], tr.cards[2]},
                         beta};
    const int named = choice_for(choices, legal, f_.observer->node(o));
    const std::uint64_t before = stats_.trick_starts;
    const Value v = named >= 0 ? search_choices(named, true) : search_choices(killer, false);
    f_.observer->left(stats_.trick_starts - before);
    return v;
  }
  return search_choices(killer, false);
}

template <int pos>
[[gnu::always_inline]] inline Value Engine::play(int t, int card, int beta) {
  TrickState& tr = tricks_[t];
  const int seat = (tr.leader + pos) & 3;
  hand_[seat] &= ~bit_of(card);
  tr.cards[pos] = card;
  const int saved_win = tr.win_pos;
  if constexpr (pos == 0) {
    tr.lead_suit = suit_of(card);
    tr.win_pos = 0;
  } else if (beats(card, tr.cards[tr.win_pos], trump_)) {
    tr.win_pos = pos;
  }
  Value r;
  if constexpr (pos < 3) {
    r = play_moves<pos + 1>(t, beta, MoveHints{});
  } else {
    const int winner = (tr.leader + tr.win_pos) & 3;
    const int ns = is_ns(winner) ? 1 : 0;
    tricks_[t + 1].leader = winner;
    if (tr.rel_valid && f_.transposition_table) {
      // The next trick start probes the table: start fetching its slot now.
      std::uint64_t shape = tr.shape;
      for (int i = 0; i < 4; ++i)
        shape -= std::uint64_t{1} << shape_shift((tr.leader + i) & 3, suit_of(tr.cards[i]));
      tricks_[t + 1].shape = shape;
      tt_.prefetch(shape, TransTable::lead_key(winner, table_strain(shape)));
    }
    r = trick_start(t + 1, beta - ns);
    r.tricks += ns;
    r.winners |= trick_winners(tr, winner);
  }
  tr.win_pos = saved_win;
  hand_[seat] |= bit_of(card);
  return r;
}

Value Engine::last_trick(int leader) {
  int cards[4];
  int win_pos = 0;
  for (int i = 0; i < 4; ++i) {
    cards[i] = top_index(hand_[(leader + i) & 3]);
    if (i > 0 && beats(cards[i], cards[win_pos], trump_)) win_pos = i;
  }
  const int winner = (leader + win_pos) & 3;
  return {is_ns(winner) ? 1 : 0, rank_winner(cards, win_pos)};
}

void Engine::promote_probed_leads(int t, int beta, MoveList& ml) {
  std::array<Move, 13> hits, misses;
  int nh = 0, nm = 0;
  for (int i = 0; i < ml.size; ++i) {
    if (probe_lead(t, ml.moves[i].card, beta))
      hits[nh++] = ml.moves[i];
    else
      misses[nm++] = ml.moves[i];
  }
  if (nh == 0) return;
  for (int i = 0; i < nh; ++i) ml.moves[i] = hits[i];
  for (int i = 0; i < nm; ++i) ml.moves[nh + i] = misses[i];
}

// Plays `lead` and each follower's first choice, then asks the table whether
// the next trick's start is decided in favour of the leader's side.
bool Engine::probe_lead(int t, int lead, int beta) {
  TrickState& tr = tricks_[t];
  const int saved_win = tr.win_pos, saved_suit = tr.lead_suit;
  int played = 0;
  bool hit = false;
  for (int pos = 0; pos < 4; ++pos) {
    const int seat = (tr.leader + pos) & 3;
    int card = lead;
    if (pos > 0) {
      const TrickView view{
          tr.leader, pos, tr.lead_suit, tr.cards[tr.win_pos], (tr.leader + tr.win_pos) & 3,
          tr.start};
      const Bits legal = legal_cards(hand_, view);
      const Bits choices = choices_of(legal, view, f_.rank_equivalence);
      card = remembered(CutoffMemory::key(hand_, trump_, view, beta), seat, choices, legal);
      if (card < 0) {
        MoveList& ml = moves_[t][pos];
        order_.list(hand_, trump_, view, choices, -1, -1, ml);
        card = ml.moves[0].card;
      }
    }
    hand_[seat] &= ~bit_of(card);
    tr.cards[pos] = card;
    ++played;
    if (pos == 0) {
      tr.lead_suit = suit_of(card);
      tr.win_pos = 0;
    } else if (beats(card, tr.cards[tr.win_pos], trump_)) {
      tr.win_pos = pos;
    }
  }
  const int winner = (tr.leader + tr.win_pos) & 3;
  const int ns = is_ns(winner) ? 1 : 0;
  RelPattern rel = tr.rel;
  Bits present = tr.start;
  for (int i = 0; i < 4; ++i) {
    remove_relative(rel, tr.cards[i], present);
    present &= ~bit_of(tr.cards[i]);
  }
  TransTable::Entry e;
  TransTable::Seen seen;
  if (tt_.probe(shape_of(hand_), TransTable::lead_key(winner, table_strain(shape_of(hand_))), rel,
                beta - ns, e, nullptr, seen)) {
    const bool ns_cut = e.lower() >= beta - ns;
    hit = ns_cut == is_ns(tr.leader);
  }
  for (int pos = played - 1; pos >= 0; --pos) hand_[(tr.leader + pos) & 3] |= bit_of(tr.cards[pos]);
  tr.win_pos = saved_win;
  tr.lead_suit = saved_suit;
  return hit;
}

void Engine::prepare_relative(int t) {
  TrickState& tr = tricks_[t];
  if (t > 0 && tricks_[t - 1].rel_valid) {
    // The shape was set when the previous trick ended (Engine::play).
    if constexpr (kHavePext) {
      tr.rel = make_relative(hand_);  // two PEXTs
      tr.rel_valid = true;
      return;
    }
    const TrickState& prev = tricks_[t - 1];
    tr.rel = prev.rel;
    Bits present = prev.start;
    for (int i = 0; i < 4; ++i) {
      const int card = prev.cards[i];
      remove_relative(tr.rel, card, present);
      present &= ~bit_of(card);
    }
  } else {
    tr.rel = make_relative(hand_);
    tr.shape = shape_of(hand_);
  }
  tr.rel_valid = true;
}

// Bottom rule: the lowest card of a suit, and the cards of the same hand
// directly above it, can never win by rank (every lower card of the suit is in
// that hand), and they stay below every card that is specified; so no result
// depends on their owners. Dropping them makes table entries more general.
Bits Engine::drop_bottom_runs(Bits winners, const TrickState& tr) const {
  for (int s = 0; s < 4; ++s) {
    const Bits m = suit_bits(s);
    const Bits present = tr.start & m;
    const Bits ws = winners & present;
    if (!ws) continue;
    const Bits low = bottom_bit(present);
    int holder = 0;
    while (!(hand_[holder] & low)) ++holder;
    // The run of the suit's lowest card: below every other hand's cards.
    const Bits others = present & ~hand_[holder];
    const Bits run = others ? hand_[holder] & m & below(bottom_bit(others)) : present;
    winners &= ~run;
  }
  return winners;
}

// The ranks a complete trick relies on: its winning card if it won by rank
// (another card of its suit was played to it). Run rule: move generation
// plays only the top card of a run of equivalent cards, so when that card
// won by rank, the whole run (as it stood at the start of the trick) must keep
// its owner for the result to carry over to other positions; otherwise a
// position where a lower card of the run lies elsewhere would offer the
// hand a losing card that the search never tried.
Bits Engine::trick_winners(const TrickState& tr, int winner) const {
  const int card = tr.cards[tr.win_pos];
  const Bits w = bit_of(card);
  const Bits m = suit_bits(suit_of(card));
  const Bits trick =
      bit_of(tr.cards[0]) | bit_of(tr.cards[1]) | bit_of(tr.cards[2]) | bit_of(tr.cards[3]);
  if (!(trick & m & ~w)) return 0;  // the only card of its suit: won without rank
  if (!f_.rank_equivalence) return w;
  return run_below(w, (hand_[winner] | w) & m, tr.start & m);
}

void Engine::store(const TrickState& tr, const Value& v, int beta, int best_card) {
  const std::uint64_t places = places_from_lowest(v.winners, tr.start);
  const int k = count(hand_[tr.leader]);
  // beta < 0 marks an exact value (from the endgame table).
  const bool cut = v.tricks >= beta;
  const int lower = cut ? v.tricks : 0;
  const int upper = cut && beta >= 0 ? k : v.tricks;
  // Keep the leader's card as a hint when it produced the cutoff for its side.
  int hint_suit = -1, hint_index = 0;
  if (best_card >= 0 && is_ns(tr.leader) == cut) {
    hint_suit = suit_of(best_card);
    hint_index = count(tr.start & suit_bits(hint_suit) & above(bit_of(best_card)));
  }
  tt_.store(tr.shape, TransTable::lead_key(tr.leader, table_strain(tr.shape)), places, tr.rel,
            lower, upper, hint_suit, hint_index, &tr.seen);
}

int Engine::hint_card(const TransTable::Entry& e, const TrickState& tr) const {
  Bits present = tr.start & suit_bits(e.hint_suit());
  for (int i = 0; i < e.hint_index() && present; ++i) present &= ~top_bit(present);
  if (!present) return -1;
  const Bits card = top_bit(present);
  return (hand_[tr.leader] & card) ? top_index(card) : -1;
}

namespace {

// This variant's Search: a table and an engine over it.
class EngineSearch final : public Search {
 public:
  EngineSearch(std::size_t tt_bytes, std::size_t tt_max_bytes, const Features& features)
      : tt_(tt_bytes, tt_max_bytes), engine_(tt_, features, stats_) {}
  void set_root(const std::array<Bits, 4>& hands, int trump, int leader, const int* trick,
                int trick_size) override {
    engine_.set_root(hands, trump, leader, trick, trick_size);
  }
  int solve(int guess, int lower, int upper, bool reach_first, int* best_card) override {
    return engine_.solve(guess, lower, upper, reach_first, best_card);
  }
  int test(int beta) override { return engine_.search(beta).tricks; }
  int prove(int beta, Bits& winners) override {
    const Value v = engine_.search(beta);
    winners = v.winners;
    return v.tricks;
  }
  void clear_memory() override { engine_.reset_memory(); }
  int root_card() const override { return engine_.root_card(); }
  void set_fixed_root(bool fixed) override { engine_.set_fixed_root(fixed); }
  int root_order(int out[13], bool fixed) override { return engine_.root_order(out, fixed); }
  void set_endgame_probe(const EndgameProbe* probe) override { engine_.set_endgame_probe(probe); }
  void clear_table() override { tt_.clear(); }
  void shrink_table() override { tt_.shrink(); }
  TableCounts table_counts() const override {
    return {tt_.budget(),  tt_.max_budget(), tt_.bytes_in_use(),
            tt_.entries(), tt_.resets(),     tt_.grows()};
  }
  EngineStats& stats() override { return stats_; }

 private:
  TransTable tt_;
  EngineStats stats_;
  Engine engine_;
};

}  // namespace
}  // namespace DDTB_ISA_NS

#if defined(DDTB_ISA_V3)
std::unique_ptr<Search> make_search_isa_v3(std::size_t tt_bytes, std::size_t tt_max_bytes,
                                           const Features& features) {
#else
std::unique_ptr<Search> make_search_isa_base(std::size_t tt_bytes, std::size_t tt_max_bytes,
                                             const Features& features) {
#endif
  return std::make_unique<DDTB_ISA_NS::EngineSearch>(tt_bytes, tt_max_bytes, features);
}

}  // namespace ddtb::detail
