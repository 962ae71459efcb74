// The workings of a Solver (solver_core.hpp): converts positions to the
// engine's raw form, drives the searches, and assembles per-card results, DD
// tables and play analyses.
#include "solver/solver_core.hpp"

#include <algorithm>

#include "core/endgame_probe.hpp"
#include "solver/first_guess.hpp"
#include "solver/known_values.hpp"
#include "solver/search.hpp"

namespace ddtb::detail {

namespace {

std::array<Bits, 4> raw_hands(const Position& p) {
  return {p.hand(Seat::North).bits(), p.hand(Seat::East).bits(), p.hand(Seat::South).bits(),
          p.hand(Seat::West).bits()};
}

Features features_of(const SolverOptions& o, const OrderingWeights* ordering_weights,
                     const OrderModel* order_model, NodeObserver* observer) {
  Features f;
  f.quick_tricks = o.quick_tricks;
  f.later_tricks = o.later_tricks;
  f.move_ordering = o.move_ordering;
  f.transposition_table = o.transposition_table;
  f.rank_equivalence = o.rank_equivalence;
  f.winning_ranks = o.winning_ranks;
  f.ordering_weights = ordering_weights;
  f.order_model = order_model;
  f.observer = observer;
  f.learned_ordering = order_model || (!ordering_weights && ordering_from_environment());
  return f;
}

// One run of equivalent legal cards, as DDS reports them: cards of one hand
// and suit with no other card of the trick-start deal between them.
struct Run {
  Card card;             // the highest card of the run
  std::uint16_t equals;  // DDS rank bits of the lower cards
  Bits bits;             // every card of the run
};

struct Runs {
  std::array<Run, 13> at;
  int size = 0;
  // The run holding the card of index `card` (-1: none).
  int find(int card) const {
    for (int i = 0; i < size; ++i)
      if (at[i].bits & bit_of(card)) return i;
    return -1;
  }
};

// The runs of the legal cards of the seat to play, in suit (S,H,D,C) and
// rank order.
Runs legal_runs(const Position& position) {
  CardSet present =
      position.hands()[0] | position.hands()[1] | position.hands()[2] | position.hands()[3];
  for (const Card c : position.trick()) present.insert(c);
  const CardSet legal = position.legal_cards();
  Runs runs;
  for (int s = 0; s < 4; ++s) {
    Bits holding = legal.suit(suit_from_int(s)).bits();
    const Bits in_suit = present.suit(suit_from_int(s)).bits();
    while (holding) {
      const Bits top = top_bit(holding);
      const Bits run = run_below(top, holding, in_suit);
      holding &= ~run;
      runs.at[runs.size++] = Run{Card::from_index(top_index(top)),
                                 static_cast<std::uint16_t>((run & ~top) >> (16 * s)), run};
    }
  }
  return runs;
}

bool by_suit_and_rank(const CardScore& a, const CardScore& b) {
  if (a.card.suit != b.card.suit) return a.card.suit < b.card.suit;
  return a.card.rank > b.card.rank;
}

// The answers of the last few calls, so that a question asked again costs
// nothing. DDS answers a repeated deal from its transposition table; ours
// keeps bounds at trick starts only, so without this a repeat would search
// the first trick of every card again (DDS's list1000 repeats a deal, or a
// deal and its leader, many times). Answers never depend on earlier calls
// (Solver's contract), so a kept answer is the one a new search would give.
class RecentAnswers {
 public:
  enum Kind : std::uint8_t { kMaxTricks, kSolve, kBestCard, kBestCards, kDdTable };
  struct Key {
    std::array<Bits, 4> hands{};
    std::array<std::int8_t, 3> trick{};
    std::uint8_t trick_size = 0, trump = 0, leader = 0;
    Kind kind = kMaxTricks;
    unsigned mask = 0;  // the strains of a DD table
    friend bool operator==(const Key&, const Key&) = default;
  };
  static Key key_of(const Position& p, Kind kind) {
    Key k;
    for (int s = 0; s < 4; ++s) k.hands[s] = p.hand(seat_from_int(s)).bits();
    for (int i = 0; i < p.trick_size(); ++i) k.trick[i] = std::int8_t(p.trick_card(i).index());
    k.trick_size = std::uint8_t(p.trick_size());
    k.trump = std::uint8_t(to_int(p.trump()));
    k.leader = std::uint8_t(to_int(p.leader()));
    k.kind = kind;
    return k;
  }
  static Key key_of(const Deal& d, unsigned mask) {
    Key k;
    for (int s = 0; s < 4; ++s) k.hands[s] = d.hand(seat_from_int(s)).bits();
    k.kind = kDdTable;
    k.mask = mask;
    return k;
  }

  const SolveResult* find(const Key& key) const {
    for (const Slot& s : slots_)
      if (s.used && s.key == key) return &s.result;
    return nullptr;
  }
  const DdTable* find_table(const Key& key) const {
    for (const TableSlot& s : tables_)
      if (s.used && s.key == key) return &s.table;
    return nullptr;
  }
  void put(const Key& key, const SolveResult& r) {
    slots_[next_] = Slot{key, r, true};
    next_ = (next_ + 1) % kSlots;
  }
  void put_table(const Key& key, const DdTable& t) {
    tables_[next_table_] = TableSlot{key, t, true};
    next_table_ = (next_table_ + 1) % kTableSlots;
  }
  void clear() {
    for (Slot& s : slots_) s.used = false;
    for (TableSlot& s : tables_) s.used = false;
  }

 private:
  static constexpr int kSlots = 8, kTableSlots = 4;
  struct Slot {
    Key key;
    SolveResult result;
    bool used = false;
  };
  struct TableSlot {
    Key key;
    DdTable table;
    bool used = false;
  };
  std::array<Slot, kSlots> slots_{};
  std::array<TableSlot, kTableSlots> tables_{};
  int next_ = 0, next_table_ = 0;
};

}  // namespace

struct SolverCore::Impl {
  SolverOptions options;
  std::unique_ptr<Search> search;
  // The hands (with the cards of the current trick) of the root that began
  // the current deal; a root whose hands lie within them continues that
  // deal (play-by-play analysis).
  std::array<Bits, 4> deal_hands{};
  std::unique_ptr<EndgameProbe> probe;
  RecentAnswers recent;
  // The exact values of recent solves, for the bounds and first guesses of
  // the positions next to them (solver/known_values.hpp).
  std::unique_ptr<KnownValues> known = std::make_unique<KnownValues>();

  Impl(const SolverOptions& o, const OrderingWeights* ordering_weights,
       const OrderModel* order_model, NodeObserver* observer)
      : options(o),
        search(make_search(std::max(o.tt_memory_bytes, kMinTtMemoryBytes), o.tt_max_memory_bytes,
                           features_of(o, ordering_weights, order_model, observer))) {
    options.tt_memory_bytes = search->table_counts().budget;
    options.tt_max_memory_bytes = search->table_counts().max_budget;
    if (o.tablebase) {
      probe = open_endgame_probe(o.tablebase);
      search->set_endgame_probe(probe.get());
    }
  }

  // Table entries hold for every position of their key, whatever the deal
  // they came from (solver/README.md, "Across deals"), so consecutive solves
  // keep them. A root of a new deal clears the table only when it is more
  // than a quarter full: entries of similar earlier deals (a robot's sampled
  // deals, which share hands) are then still there, while a table filled by
  // unrelated deals does not fill up and clear in the middle of this deal's
  // searches. Why a quarter: solver/README.md, "Across deals".
  void prepare_table(const std::array<Bits, 4>& hands) {
    bool same_deal = true;
    for (int s = 0; s < 4 && same_deal; ++s) same_deal = (hands[s] & ~deal_hands[s]) == 0;
    if (same_deal) return;
    deal_hands = hands;
    const TableCounts c = search->table_counts();
    if (c.bytes * kClearShareDen > c.budget * kClearShareNum) search->clear_table();
  }
  static constexpr std::size_t kClearShareNum = 1, kClearShareDen = 4;

  // Sets the engine's root to `p` (and keeps or clears the table for it).
  void set_root(const Position& p) {
    std::array<Bits, 4> hands = raw_hands(p);
    std::array<Bits, 4> with_trick = hands;
    int trick[3];
    for (int i = 0; i < p.trick_size(); ++i) {
      const Card c = p.trick_card(i);
      trick[i] = c.index();
      with_trick[to_int(next_seat(p.leader(), i))] |= bit_of(trick[i]);
    }
    prepare_table(with_trick);
    search->set_root(hands, to_int(p.trump()), to_int(p.leader()), trick, p.trick_size());
  }

  // `p` as the known values name it: the hands at its trick's start.
  static KnownValues::Position known_position(const Position& p) {
    KnownValues::Position k;
    k.start = raw_hands(p);
    k.trump = to_int(p.trump());
    k.leader = to_int(p.leader());
    k.played = p.trick_size();
    for (int i = 0; i < p.trick_size(); ++i) {
      const int card = p.trick_card(i).index();
      k.trick[static_cast<std::size_t>(i)] = card;
      k.start[static_cast<std::size_t>(to_int(next_seat(p.leader(), i)))] |= bit_of(card);
    }
    return k;
  }

  // How sure a caller's first guess is: an estimate (first_guess.hpp),
  // which a known sibling's value replaces, or a value found on the same
  // question (the best score so far, a partner's answer), which stays.
  enum class Guess : bool { kEstimate, kInformed };

  // North-South's tricks from `p` on, counting the trick in progress, known
  // to lie in [lower, upper] (`reach_first`, `best_card`: as Engine::solve).
  // The known values of positions next to `p` narrow the bounds and give
  // the first guess; the answer is kept for the positions after it.
  int ns_tricks(const Position& p, int guess, Guess kind, int lower = 0, int upper = 13,
                bool reach_first = false, int* best_card = nullptr) {
    set_root(p);
    const KnownValues::Position at = known_position(p);
    const KnownValues::Hint hint = known->hint(at);
    lower = std::max(lower, hint.lower);
    upper = std::min(upper, hint.upper);
    if (hint.guess >= 0 && kind == Guess::kEstimate) guess = hint.guess;
    const int value = search->solve(guess, lower, upper, reach_first, best_card);
    known->put(at, value);
    return value;
  }

  // Tricks for the side of `side` from `p` on (trick in progress included),
  // known to be at most `most`. With `reach_first` the first search asks
  // whether the side reaches `guess_side`; otherwise whether North-South
  // beat their share of it.
  int side_tricks(const Position& p, Seat side, int guess_side, Guess kind, int most = 13,
                  bool reach_first = false, int* best_card = nullptr) {
    const int k = p.tricks_left();
    const bool ns = is_north_south(side);
    // East-West reach g exactly when North-South do not beat k - g.
    const int v =
        ns ? ns_tricks(p, guess_side, kind, 0, most, reach_first, best_card)
           : ns_tricks(p, k - guess_side, kind, k - std::min(most, k), k, false, best_card);
    return ns ? v : k - v;
  }

  // Each public call holds one: when it ends, a table that grew during the
  // call shrinks back to its starting size.
  struct Call {
    Impl& impl;
    ~Call() { impl.search->shrink_table(); }
  };

  // The answer of `kind` for `position`: a recent one when the same question
  // was asked lately, else what `search` finds within one Call, remembered.
  template <class Search>
  SolveResult remembered(const Position& position, RecentAnswers::Kind kind, Search search) {
    const auto key = RecentAnswers::key_of(position, kind);
    if (const SolveResult* r = recent.find(key)) return *r;
    const Call call{*this};
    SolveResult result = search();
    recent.put(key, result);
    return result;
  }

  // A first guess at the tricks of the side of `side` from `p` on
  // (solver/first_guess.hpp).
  static int guess_for(const Position& p, Seat side) {
    const int k = p.tricks_left();
    const int ns = first_guess_ns(raw_hands(p), to_int(p.trump()), to_int(p.leader()), k);
    return is_north_south(side) ? ns : k - ns;
  }

  // Whether the side of `side` takes at least `t` tricks from `p` on (trick
  // in progress included): one zero-window search. `root_card`, if given,
  // receives the root's card that proved it (-1: none known).
  bool side_reaches(const Position& p, Seat side, int t, int* root_card = nullptr) {
    if (root_card) *root_card = -1;
    const int k = p.tricks_left();
    if (t <= 0) return true;
    if (t > k) return false;
    // East-West reach t exactly when North-South stay below k - t + 1.
    const bool ns = is_north_south(side);
    const int beta = ns ? t : k - t + 1;
    // Known values may settle the question (no card is then named).
    const KnownValues::Hint hint = known->hint(known_position(p));
    if (hint.lower >= beta) return ns;
    if (hint.upper < beta) return !ns;
    set_root(p);
    const bool reached = (search->test(beta) >= beta) == ns;
    if (root_card && reached) *root_card = search->root_card();
    return reached;
  }

  // Whether playing `card` from `p` gives the side to play at least `t`
  // tricks, this trick included.
  bool card_reaches(const Position& p, Card card, int t) {
    const Seat mover = p.to_play();
    const Position child = *p.play(card);
    if (child.trick_size() == 0) {
      const int won = same_side(child.leader(), mover) ? 1 : 0;
      return side_reaches(child, mover, t - won);
    }
    return side_reaches(child, mover, t);
  }

  // The runs of `p`'s legal cards in the fixed move order (Engine::root_order),
  // each once (without rank equivalence the engine lists every card of a run).
  std::array<int, 13> fixed_order(const Position& p, const Runs& runs) {
    set_root(p);
    int order[13];
    const int m = search->root_order(order, true);
    std::array<int, 13> out;
    int n = 0;
    for (int i = 0; i < m; ++i) {
      const int run = runs.find(order[i]);
      if (std::find(out.begin(), out.begin() + n, run) == out.begin() + n) out[n++] = run;
    }
    return out;
  }

  // The first run in the fixed order whose card reaches `t`, or -1.
  int first_reaching(const Position& p, const Runs& runs, int t) {
    const std::array<int, 13> order = fixed_order(p, runs);
    for (int i = 0; i < runs.size; ++i)
      if (card_reaches(p, runs.at[order[i]].card, t)) return order[i];
    return -1;
  }

  // While one is held, the root tries its cards in the fixed order
  // (Engine::set_fixed_root), so that the card it names depends on the
  // position alone.
  struct FixedRoot {
    Impl& impl;
    explicit FixedRoot(Impl& i) : impl(i) { impl.search->set_fixed_root(true); }
    ~FixedRoot() { impl.search->set_fixed_root(false); }
  };

  // The most tricks for the side to play (SolverCore::best_card), and in `run`
  // the first run of the fixed order that takes them.
  int best_run(const Position& p, const Runs& runs, int& run) {
    int card = -1;
    int best;
    {
      const FixedRoot fixed(*this);
      best = side_tricks(p, p.to_play(), guess_for(p, p.to_play()), Guess::kEstimate, 13, false,
                         &card);
    }
    run = card >= 0 ? runs.find(card) : first_reaching(p, runs, best);
    return best;
  }
};

SolverCore::SolverCore(const SolverOptions& options, const OrderingWeights* ordering_weights,
                       const OrderModel* order_model, NodeObserver* observer)
    : impl_(std::make_unique<Impl>(options, ordering_weights, order_model, observer)) {}
SolverCore::~SolverCore() = default;
SolverCore::SolverCore(SolverCore&&) noexcept = default;
SolverCore& SolverCore::operator=(SolverCore&&) noexcept = default;

const SolverOptions& SolverCore::options() const {
  return impl_->options;
}

int SolverCore::max_tricks(const Position& position) {
  const auto search = [&] {
    SolveResult r;
    r.tricks =
        impl_->side_tricks(position, position.to_play(),
                           Impl::guess_for(position, position.to_play()), Impl::Guess::kEstimate);
    return r;
  };
  return impl_->remembered(position, RecentAnswers::kMaxTricks, search).tricks;
}

SolveResult SolverCore::solve(const Position& position) {
  return impl_->remembered(position, RecentAnswers::kSolve, [&] {
    SolveResult result;
    const Seat mover = position.to_play();

    const Runs legal = legal_runs(position);
    // The runs in the order they are solved in.
    struct Ordered {
      Run run;
      int order;
    };
    std::array<Ordered, 13> runs;
    const int n = legal.size;
    for (int j = 0; j < n; ++j) runs[j] = Ordered{legal.at[j], 99};

    // Every card is solved exactly on its own, in the order the search would
    // try them, each guessing the best score so far. The best card's score is
    // the result; nothing is proved twice (solving the position first and then
    // each card would refute every card against best + 1 once more). Each
    // card's first search asks whether it reaches the guess: most cards after
    // the first fall short of the best, and asking that first settles them
    // with one search fewer.
    impl_->set_root(position);
    int order[13];
    const int m = impl_->search->root_order(order, false);
    for (int i = 0; i < m; ++i) {
      const int j = legal.find(order[i]);
      if (j >= 0 && runs[j].order == 99) runs[j].order = i;
    }
    std::stable_sort(runs.begin(), runs.begin() + n,
                     [](const Ordered& a, const Ordered& b) { return a.order < b.order; });
    // The other cards of the first card's suit next: their searches meet the
    // table entries the first card's searches left.
    if (n > 2)
      std::stable_partition(runs.begin() + 1, runs.begin() + n, [&](const Ordered& r) {
        return r.run.card.suit == runs[0].run.card.suit;
      });

    int best = -1;
    for (int i = 0; i < n; ++i) {
      const Run& r = runs[i].run;
      const Position child = *position.play(r.card);
      const int guess = best >= 0 ? best : Impl::guess_for(position, mover);
      const Impl::Guess kind = best >= 0 ? Impl::Guess::kInformed : Impl::Guess::kEstimate;
      int score;
      if (child.trick_size() == 0) {
        const int won = same_side(child.leader(), mover) ? 1 : 0;
        score = won + (child.tricks_left()
                           ? impl_->side_tricks(child, mover, guess - won, kind, 13, true)
                           : 0);
      } else {
        score = impl_->side_tricks(child, mover, guess, kind, 13, true);
      }
      best = std::max(best, score);
      result.cards.push_back(CardScore{r.card, r.equals, score});
    }
    // A finished position (no card left to play) takes no more tricks.
    result.tricks = n > 0 ? best : 0;
    std::stable_sort(result.cards.begin(), result.cards.end(),
                     [](const CardScore& a, const CardScore& b) {
                       if (a.tricks != b.tricks) return a.tricks > b.tricks;
                       return by_suit_and_rank(a, b);
                     });
    return result;
  });
}

SolveResult SolverCore::best_card(const Position& position) {
  return impl_->remembered(position, RecentAnswers::kBestCard, [&] {
    SolveResult result;
    const Runs runs = legal_runs(position);
    if (runs.size == 0) return result;  // finished: no trick, no card
    int run = -1;
    result.tricks = impl_->best_run(position, runs, run);
    result.cards.push_back(CardScore{runs.at[run].card, runs.at[run].equals, result.tricks});
    return result;
  });
}

SolveResult SolverCore::best_cards(const Position& position) {
  return impl_->remembered(position, RecentAnswers::kBestCards, [&] {
    SolveResult result;
    const Runs runs = legal_runs(position);
    if (runs.size == 0) return result;
    int run = -1;
    result.tricks = impl_->best_run(position, runs, run);
    // Every card before the best one in the fixed order falls short of the
    // best (Engine::solve); only those after it need a test.
    const std::array<int, 13> order = impl_->fixed_order(position, runs);
    int at = 0;
    while (order[at] != run) ++at;
    for (int i = 0; i < runs.size; ++i) {
      const Run& r = runs.at[order[i]];
      if (i == at || (i > at && impl_->card_reaches(position, r.card, result.tricks)))
        result.cards.push_back(CardScore{r.card, r.equals, result.tricks});
    }
    std::sort(result.cards.begin(), result.cards.end(), by_suit_and_rank);
    return result;
  });
}

std::vector<CardScore> SolverCore::cards_reaching(const Position& position, int target) {
  const Impl::Call call{*impl_};
  std::vector<CardScore> out;
  const Runs runs = legal_runs(position);
  for (int i = 0; i < runs.size; ++i)
    if (impl_->card_reaches(position, runs.at[i].card, target))
      out.push_back(CardScore{runs.at[i].card, runs.at[i].equals, target});
  return out;
}

std::optional<CardScore> SolverCore::card_reaching(const Position& position, int target) {
  const Impl::Call call{*impl_};
  const Runs runs = legal_runs(position);
  if (runs.size == 0) return std::nullopt;
  int card = -1;
  bool reached;
  {
    const Impl::FixedRoot fixed(*impl_);
    reached = impl_->side_reaches(position, position.to_play(), target, &card);
  }
  if (!reached) return std::nullopt;
  const int run = card >= 0 ? runs.find(card) : impl_->first_reaching(position, runs, target);
  return CardScore{runs.at[run].card, runs.at[run].equals, target};
}

DdTable SolverCore::dd_table(const Deal& deal) {
  return dd_table(deal, 0x1f);
}

DdTable SolverCore::dd_table(const Deal& deal, unsigned strain_mask) {
  const auto key = RecentAnswers::key_of(deal, strain_mask);
  if (const DdTable* t = impl_->recent.find_table(key)) return *t;
  const Impl::Call call{*impl_};
  DdTable table;
  const int k = deal.tricks_left();
  for (int s = 0; s < 5; ++s) {
    if (!(strain_mask & (1u << s))) continue;
    const Strain strain = strain_from_int(s);
    // Declarers N, S, W, E in turn (leaders E, W, N, S): partners often take
    // the same tricks, so each answer seeds the next search's first guess.
    int ns_guess = -1;
    for (const Seat declarer : {Seat::North, Seat::South, Seat::West, Seat::East}) {
      const Position p = Position::at_trick_start(deal, strain, next_seat(declarer));
      const Impl::Guess kind = ns_guess < 0 ? Impl::Guess::kEstimate : Impl::Guess::kInformed;
      if (ns_guess < 0) ns_guess = Impl::guess_for(p, Seat::North);
      const int ns = impl_->ns_tricks(p, ns_guess, kind);
      ns_guess = ns;
      table.tricks[s][to_int(declarer)] = is_north_south(declarer) ? ns : k - ns;
    }
  }
  impl_->recent.put_table(key, table);
  return table;
}

Expected<std::vector<int>> SolverCore::analyse_play(const Position& start,
                                                    std::span<const Card> cards, Seat side) {
  const Impl::Call call{*impl_};
  std::vector<int> out;
  out.reserve(cards.size() + 1);
  Position p = start;
  int won = 0;
  int future = impl_->side_tricks(p, side, Impl::guess_for(p, side), Impl::Guess::kEstimate);
  out.push_back(future);
  for (std::size_t i = 0; i < cards.size(); ++i) {
    auto next = p.play(cards[i]);
    if (!next)
      return Error{next.error().code, "card " + std::to_string(i + 1) + " of the play (" +
                                          to_string(cards[i]) + "): " + next.error().message};
    if (next->trick_size() == 0 && same_side(next->leader(), side)) ++won;
    p = *next;
    future =
        p.tricks_left() ? impl_->side_tricks(p, side, out.back() - won, Impl::Guess::kInformed) : 0;
    out.push_back(won + future);
  }
  return out;
}

SolverStats SolverCore::stats() const {
  const EngineStats& e = impl_->search->stats();
  const TableCounts t = impl_->search->table_counts();
  SolverStats s;
  s.nodes = e.nodes;
  s.trick_starts = e.trick_starts;
  s.tt_lookups = e.tt_lookups;
  s.tt_hits = e.tt_hits;
  s.tt_entries = t.entries;
  s.tt_bytes = t.bytes;
  s.tt_resets = t.resets;
  s.tt_grows = t.grows;
  s.tablebase_hits = e.tb_hits;
  return s;
}

void SolverCore::reset_stats() {
  impl_->search->stats() = {};
}

void SolverCore::clear() {
  impl_->search->clear_table();
  impl_->recent.clear();
  impl_->known->clear();
}

}  // namespace ddtb::detail
