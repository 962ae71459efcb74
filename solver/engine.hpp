// The search engine: zero-window (fail-soft) alpha-beta over card plays with
// QuickTricks/LaterTricks cutoffs, a transposition table keyed on relative
// ranks, winning-rank backups and rank-equivalent move generation. Internal.
//
// Values are North-South's future tricks, counting the trick in progress:
// North-South maximize, East-West minimize. search(beta) is fail-soft: a
// result v >= beta is a lower bound of the true value, v < beta an upper bound.
// Every result carries the set of cards whose ranks decided it ("winners");
// positions that agree on the owners of all cards down to the lowest winner of
// each suit (and on the suit lengths) share the bound. The proof of that rule
// is written out in solver/README.md.
#pragma once

#include <array>
#include <cstdint>

#include "core/bits.hpp"
#include "core/endgame_probe.hpp"
#include "solver/cutoff_memory.hpp"
#include "solver/move_order.hpp"
#include "solver/moves.hpp"
#include "solver/relative.hpp"
#include "solver/search.hpp"
#include "solver/tt.hpp"

namespace ddtb::detail {
inline namespace DDTB_ISA_NS {

struct Value {
  int tricks;    // fail-soft bound on North-South's future tricks
  Bits winners;  // cards whose ranks the bound relies on
};

class Engine {
 public:
  Engine(TransTable& tt, const Features& features, EngineStats& stats);

  // The root: the cards still in the hands, the strain (0..3, or kNoTrump),
  // the seat that leads the current trick and the cards already played to it.
  void set_root(const std::array<Bits, 4>& hands, int trump, int leader, const int* trick,
                int trick_size);
  // Tricks left, counting the trick in progress.
  int tricks_left() const { return tricks_left_; }
  // An endgame table to ask at trick starts within its depth (nullptr: none).
  void set_endgame_probe(const EndgameProbe* probe) { probe_ = probe; }
  // Forgets the move-ordering memory, so that later searches do not depend on
  // earlier ones (the builder does this per partition for reproducible files).
  void reset_memory();

  // The choices at the root (one card per run of equivalent cards), in the
  // order the search would try them: the remembered cutoff card and the
  // table's best card first, then by the move-ordering weights (rank order
  // when move ordering is off). With `fixed`, the order of a fixed root
  // (set_fixed_root): the weights alone, which depend on the position only.
  // Returns the number of cards written to `out`.
  int root_order(int out[13], bool fixed = false);

  // With `fixed` set, the root node tries its cards in the order of
  // root_order(fixed = true) and ignores the cutoff memory and the table's
  // hints there, so that the card that cuts the root off is the first in
  // that order to reach the bound, whatever earlier searches left behind.
  void set_fixed_root(bool fixed) { fixed_root_ = fixed; }

  // One fail-soft search of the root.
  Value search(int beta);
  // The card that cut the root off in the last search(), or its only
  // choice; -1 when the root was settled before any card was tried (the
  // table, the sure-trick counts, ...) or no card cut it off.
  int root_card() const { return root_card_; }
  // North-South's exact future tricks, by zero-window searches narrowing from
  // `guess`, given that they lie in [lower, upper]. The first search asks
  // whether North-South beat the guess, or with `reach_first` whether they
  // reach it. With `best_card` given, it receives the root card (root_card())
  // of the last search that the root's side cut off; that search set the
  // bound the value ends on, so the card takes the value, and with a fixed
  // root every card before it in the fixed order falls short of it. -1 when
  // no card is known that way (the root was settled by a cutoff, or the
  // value is a bound given by the caller).
  int solve(int guess, int lower = 0, int upper = 13, bool reach_first = false,
            int* best_card = nullptr);

 private:
  struct TrickState {
    int leader;
    int lead_suit;
    int win_pos;
    int cards[4];
    Bits start;      // every card at the trick's start (hands + played to it)
    bool rel_valid;  // rel/shape computed for this trick start
    RelPattern rel;
    std::uint64_t shape;
    TransTable::Seen seen;  // the table's answer to this node's probe, for its store
  };
  // The trick as move generation sees it, with `pos` cards played to it.
  static TrickView trick_view(const TrickState& tr, int pos) {
    return {
        tr.leader, pos, tr.lead_suit, pos ? tr.cards[tr.win_pos] : -1, (tr.leader + tr.win_pos) & 3,
        tr.start};
  }

  struct NodeSearch;
  Value trick_start(int t, int beta);
  // The seat at place kPos of trick t chooses a card (kPos is a template
  // argument so that each place of the trick gets code of its own).
  template <int kPos>
  Value play_moves(int t, int beta, const MoveHints& hints);
  template <int kPos>
  Value play(int t, int card, int beta);
  Value last_trick(int leader);
  void prepare_relative(int t);
  Bits trick_winners(const TrickState& tr, int winner) const;
  bool probe_table(int t, int beta, Value& hit, MoveHints& hints);
  void promote_probed_leads(int t, int beta, MoveList& ml);
  // The table is probed before the sure-trick counts with at least this many
  // tricks left: a hit is cheaper than the counts it saves, although more
  // nodes are searched (tuned on CPU time: bench/README.md, "Tuning record").
  static constexpr int kTableFirstTricks = 4;
  bool probe_lead(int t, int lead, int beta);
  // The cutoff memory's card for `seat` under `key`, as one of
  // `choices` (-1: none, or move ordering is off).
  int remembered(std::uint64_t key, int seat, Bits choices, Bits legal) const {
    return order_.enabled() ? choice_for(choices, legal, cutoffs_.card(key, seat)) : -1;
  }
  Bits drop_bottom_runs(Bits winners, const TrickState& tr) const;
  // The root's choices listed and ordered without hints (fixed order).
  void list_fixed_root(Bits choices, const TrickView& view, MoveList& ml) const;
  void store(const TrickState& tr, const Value& v, int beta, int best_card);
  int hint_card(const TransTable::Entry& e, const TrickState& tr) const;

  TransTable& tt_;
  const EndgameProbe* probe_ = nullptr;
  Features f_;
  EngineStats& stats_;

  std::array<Bits, 4> hand_{};
  int trump_ = kNoTrump;
  // The trump suit's lengths in a shape key (0 in no trump). A position in
  // which nobody holds a trump is played as in no trump, so the table keys
  // it as a no-trump position: its entries serve every strain of the deal
  // (a DD table's suit searches meet the positions where trumps are gone).
  std::uint64_t trump_shape_mask_ = 0;
  int table_strain(std::uint64_t shape) const {
    return trump_shape_mask_ && !(shape & trump_shape_mask_) ? kNoTrump : trump_;
  }
  int root_pos_ = 0;
  bool fixed_root_ = false;
  int root_card_ = -1;
  int tricks_left_ = 0;
  std::array<TrickState, 14> tricks_{};
  std::array<std::array<MoveList, 4>, 14> moves_{};
  std::array<std::array<int, 4>, 14> best_card_{};
  MoveOrder order_;
  CutoffMemory cutoffs_;
};

}  // namespace DDTB_ISA_NS
}  // namespace ddtb::detail
