// The public Solver: converts positions to the engine's raw form, drives the
// searches, and assembles per-card results, DD tables and play analyses.
#include "ddtb/solver.hpp"

#include <algorithm>

#include "solver/search.hpp"
#include "tablebase/probe_access.hpp"

namespace ddtb {

using detail::Bits;

namespace {

std::array<Bits, 4> raw_hands(const Position& p) {
  return {p.hand(Seat::North).bits(), p.hand(Seat::East).bits(), p.hand(Seat::South).bits(),
          p.hand(Seat::West).bits()};
}

detail::Features features_of(const SolverOptions& o) {
  detail::Features f;
  f.quick_tricks = o.quick_tricks;
  f.later_tricks = o.later_tricks;
  f.move_ordering = o.move_ordering;
  f.transposition_table = o.transposition_table;
  f.rank_equivalence = o.rank_equivalence;
  f.winning_ranks = o.winning_ranks;
  return f;
}

}  // namespace

struct Solver::Impl {
  SolverOptions options;
  std::unique_ptr<detail::Search> search;
  // The table is kept while successive roots have the same strain and every
  // hand is within the hands of the root that started it (play-by-play on one
  // deal); otherwise it is cleared so that it holds only relevant entries.
  int tt_trump = -1;
  std::array<Bits, 4> tt_hands{};
  std::unique_ptr<detail::TablebaseProbe> probe;

  explicit Impl(const SolverOptions& o)
      : options(o),
        search(detail::make_search(std::max(o.tt_memory_bytes, kMinTtMemoryBytes), features_of(o))) {
    options.tt_memory_bytes = search->table_counts().budget;
    if (o.tablebase) {
      probe = std::make_unique<detail::TablebaseProbe>(o.tablebase);
      search->set_endgame_probe(probe.get());
    }
  }

  void prepare_table(const std::array<Bits, 4>& hands, int trump) {
    bool keep = trump == tt_trump;
    for (int s = 0; s < 4 && keep; ++s) keep = (hands[s] & ~tt_hands[s]) == 0;
    if (keep) return;
    search->clear_table();
    tt_trump = trump;
    tt_hands = hands;
  }

  // Sets the engine's root to `p` (and keeps or clears the table for it).
  void set_root(const Position& p) {
    std::array<Bits, 4> hands = raw_hands(p);
    std::array<Bits, 4> with_trick = hands;
    int trick[3];
    for (int i = 0; i < p.trick_size(); ++i) {
      const Card c = p.trick_card(i);
      trick[i] = c.index();
      with_trick[to_int(next_seat(p.leader(), i))] |= detail::bit_of(trick[i]);
    }
    const int trump = to_int(p.trump());
    prepare_table(with_trick, trump);
    search->set_root(hands, trump, to_int(p.leader()), trick, p.trick_size());
  }

  // North-South's tricks from `p` on, counting the trick in progress, known
  // to lie in [lower, upper] (`reach_first`: as Engine::solve).
  int ns_tricks(const Position& p, int guess, int lower = 0, int upper = 13,
                bool reach_first = false) {
    set_root(p);
    return search->solve(guess, lower, upper, reach_first);
  }

  // Tricks for the side of `side` from `p` on (trick in progress included),
  // known to be at most `most`. With `reach_first` the first search asks
  // whether the side reaches `guess_side`; otherwise whether North-South
  // beat their share of it.
  int side_tricks(const Position& p, Seat side, int guess_side, int most = 13,
                  bool reach_first = false) {
    const int k = p.tricks_left();
    const bool ns = is_north_south(side);
    // East-West reach g exactly when North-South do not beat k - g.
    const int v = ns ? ns_tricks(p, guess_side, 0, most, reach_first)
                     : ns_tricks(p, k - guess_side, k - std::min(most, k), k, false);
    return ns ? v : k - v;
  }
};

Solver::Solver(const SolverOptions& options) : impl_(std::make_unique<Impl>(options)) {}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

const SolverOptions& Solver::options() const { return impl_->options; }

int Solver::max_tricks(const Position& position) {
  const int k = position.tricks_left();
  return impl_->side_tricks(position, position.to_play(), (k + 1) / 2);
}

SolveResult Solver::solve(const Position& position) {
  SolveResult result;
  const Seat mover = position.to_play();
  const int k = position.tricks_left();

  // One entry per run of equivalent legal cards, as DDS reports them: cards
  // of one hand and suit with no other card of the trick-start deal between.
  CardSet present = position.hands()[0] | position.hands()[1] | position.hands()[2] |
                    position.hands()[3];
  for (const Card c : position.trick()) present.insert(c);
  const CardSet legal = position.legal_cards();
  struct Run {
    Card card;
    std::uint16_t equals;
    int order;
  };
  std::array<Run, 13> runs;
  int n = 0;
  for (int s = 0; s < 4; ++s) {
    Bits holding = legal.suit(suit_from_int(s)).bits();
    const Bits in_suit = present.suit(suit_from_int(s)).bits();
    while (holding) {
      const Bits top = detail::top_bit(holding);
      const Bits run = detail::run_below(top, holding, in_suit);
      holding &= ~run;
      runs[n++] = Run{Card::from_index(detail::top_index(top)),
                      static_cast<std::uint16_t>((run & ~top) >> (16 * s)), 99};
    }
  }

  // Every card is solved exactly on its own, in the order the search would
  // try them, each guessing the best score so far. The best card's score is
  // the result; nothing is proved twice (solving the position first and then
  // each card would refute every card against best + 1 once more). Each
  // card's first search asks whether it reaches the guess: most cards after
  // the first fall short of the best, and asking that first settles them
  // with one search fewer (list100 FUT nodes -1.3%, list1000 deals 1-150 -0.9%).
  impl_->set_root(position);
  int order[13];
  const int m = impl_->search->root_order(order);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      if (runs[j].order == 99 && (Bits{1} << order[i]) & detail::run_below(
                                       Bits{1} << runs[j].card.index(),
                                       legal.bits(), present.bits() | legal.bits())) {
        runs[j].order = i;
        break;
      }
  std::stable_sort(runs.begin(), runs.begin() + n,
                   [](const Run& a, const Run& b) { return a.order < b.order; });
  // The other cards of the first card's suit next: their searches meet the
  // table entries the first card's searches left (list100 FUT nodes -0.7%,
  // list1000 deals 101-300 -0.8% when added; after the move-ordering changes
  // that followed, about -0.1% on both).
  if (n > 2)
    std::stable_partition(runs.begin() + 1, runs.begin() + n,
                          [&](const Run& r) { return r.card.suit == runs[0].card.suit; });

  int best = -1;
  for (int i = 0; i < n; ++i) {
    const Run& r = runs[i];
    const Position child = *position.play(r.card);
    const int guess = best >= 0 ? best : (k + 1) / 2;
    int score;
    if (child.trick_size() == 0) {
      const int won = same_side(child.leader(), mover) ? 1 : 0;
      score = won + (child.tricks_left()
                         ? impl_->side_tricks(child, mover, guess - won, 13, true)
                         : 0);
    } else {
      score = impl_->side_tricks(child, mover, guess, 13, true);
    }
    best = std::max(best, score);
    result.cards.push_back(CardScore{r.card, r.equals, score});
  }
  // A finished position (no card left to play) takes no more tricks.
  result.tricks = n > 0 ? best : 0;
  std::stable_sort(result.cards.begin(), result.cards.end(),
                   [](const CardScore& a, const CardScore& b) {
                     if (a.tricks != b.tricks) return a.tricks > b.tricks;
                     if (a.card.suit != b.card.suit) return a.card.suit < b.card.suit;
                     return a.card.rank > b.card.rank;
                   });
  return result;
}

DdTable Solver::dd_table(const Deal& deal) { return dd_table(deal, 0x1f); }

DdTable Solver::dd_table(const Deal& deal, unsigned strain_mask) {
  DdTable table;
  const int k = deal.tricks_left();
  for (int s = 0; s < 5; ++s) {
    if (!(strain_mask & (1u << s))) continue;
    const Strain strain = strain_from_int(s);
    // Declarers N, S, W, E in turn (leaders E, W, N, S): partners often take
    // the same tricks, so each answer seeds the next search's first guess.
    int ns_guess = (k + 1) / 2;
    for (const Seat declarer : {Seat::North, Seat::South, Seat::West, Seat::East}) {
      const Position p = Position::at_trick_start(deal, strain, next_seat(declarer));
      const int ns = impl_->ns_tricks(p, ns_guess);
      ns_guess = ns;
      table.tricks[s][to_int(declarer)] = is_north_south(declarer) ? ns : k - ns;
    }
  }
  return table;
}

Expected<std::vector<int>> Solver::analyse_play(const Position& start,
                                                std::span<const Card> cards, Seat side) {
  std::vector<int> out;
  out.reserve(cards.size() + 1);
  Position p = start;
  int won = 0;
  int future = impl_->side_tricks(p, side, (p.tricks_left() + 1) / 2);
  out.push_back(future);
  for (std::size_t i = 0; i < cards.size(); ++i) {
    auto next = p.play(cards[i]);
    if (!next)
      return Error{next.error().code, "card " + std::to_string(i + 1) + " of the play (" +
                                          to_string(cards[i]) + "): " + next.error().message};
    if (next->trick_size() == 0 && same_side(next->leader(), side)) ++won;
    p = *next;
    future = p.tricks_left() ? impl_->side_tricks(p, side, out.back() - won) : 0;
    out.push_back(won + future);
  }
  return out;
}

SolverStats Solver::stats() const {
  const detail::EngineStats& e = impl_->search->stats();
  const detail::TableCounts t = impl_->search->table_counts();
  SolverStats s;
  s.nodes = e.nodes;
  s.trick_starts = e.trick_starts;
  s.tt_lookups = e.tt_lookups;
  s.tt_hits = e.tt_hits;
  s.tt_entries = t.entries;
  s.tt_bytes = t.bytes;
  s.tt_resets = t.resets;
  s.tablebase_hits = e.tb_hits;
  return s;
}

void Solver::reset_stats() { impl_->search->stats() = {}; }

void Solver::clear() {
  impl_->search->clear_table();
  impl_->tt_trump = -1;
}

}  // namespace ddtb
