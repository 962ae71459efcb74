// Move ordering: the order in which a node tries its choices. Internal.
//
// Every node of the search, whatever the seat's place in the trick, lists
// its choices here: a card to try first if the caller has one (the cutoff
// memory's card, solver/cutoff_memory.hpp), then the rest by weight,
// heaviest first. A card's weight comes from the learned model
// (solver/order_model.hpp: a sum of table entries chosen by the card's
// features, solver/order_features.hpp), or, with the hand-made weights,
// from rules per place in the trick: the leader weighs the suit and the card
// (lead_weight), second, third and fourth hand weigh winning, following low,
// ruffing and discarding (follow_weight), with the numbers of
// solver/ordering_weights.hpp. Ties keep rank order, highest first. The
// order changes the speed, never the answer.
#pragma once

#include <array>
#include <cstdint>

#include "core/bits.hpp"
#include "solver/moves.hpp"
#include "solver/order_model.hpp"
#include "solver/ordering_weights.hpp"

namespace ddtb::detail {
inline namespace DDTB_ISA_NS {

// Cards to try early at one node, each -1 when there is none.
struct MoveHints {
  int killer = -1;   // a card that caused a cutoff in a similar situation
  int tt_best = -1;  // the best card stored with a matching table entry
};

class MoveOrder {
 public:
  // `enabled` false: rank order only (Features::move_ordering). `learned`:
  // the model `model` (nullptr: kLearnedOrderModel); else the hand-made
  // weights `custom` (nullptr: kDefaultOrderingWeights).
  MoveOrder(bool enabled, bool learned, const OrderingWeights* custom, const OrderModel* model)
      : weights_(!enabled  ? Weights::kNone
                 : learned ? Weights::kLearned
                 : custom  ? Weights::kCustom
                           : Weights::kTuned),
        custom_(custom),
        model_(model ? model : &kLearnedOrderModel),
        probe_leads_min_tricks_(!enabled ? 99
                                : custom ? custom->probe_leads_min_tricks
                                         : kDefaultOrderingWeights.probe_leads_min_tricks) {}

  bool enabled() const { return weights_ != Weights::kNone; }

  // Lists `choices` into `ml` in the order the search tries them: `first`
  // (one of `choices`, or -1) at the head, then the others by weight, with
  // `tt_best` (one of them, or -1) as the card a table entry stored as the
  // best. With ordering off, highest card first. `hands` and `trick` are the
  // node's.
  void list(const std::array<Bits, 4>& hands, int trump, const TrickView& trick, Bits choices,
            int first, int tt_best, MoveList& ml) const {
    int from = 0;
    if (first >= 0) {
      ml.moves[0] = Move{static_cast<std::int8_t>(first), 0};
      list_moves(choices & ~bit_of(first), ml, 1);
      from = 1;
    } else {
      list_moves(choices, ml);
    }
    if (ml.size - from <= 1) return;
    if (weights_ == Weights::kLearned)
      order_learned(*model_, hands, trump, trick, tt_best, ml, from);
    else if (weights_ == Weights::kTuned)
      order_tuned(hands, trump, trick, tt_best, ml, from);
    else if (weights_ == Weights::kCustom)
      order_custom(*custom_, hands, trump, trick, tt_best, ml, from);
  }

  // Leads whose likely trick ends in a decisive table entry go first
  // (Engine::promote_probed_leads) with at least this many tricks left;
  // above 13 when ordering is off.
  int probe_leads_min_tricks() const { return probe_leads_min_tricks_; }

 private:
  // Orders ml.moves[from, size) by weight, heaviest first (stable), with the
  // tuned weights as compile-time constants, or with `w`.
  static void order_tuned(const std::array<Bits, 4>& hands, int trump, const TrickView& trick,
                          int tt_best, MoveList& ml, int from);
  static void order_custom(const OrderingWeights& w, const std::array<Bits, 4>& hands, int trump,
                           const TrickView& trick, int tt_best, MoveList& ml, int from);
  static void order_learned(const OrderModel& m, const std::array<Bits, 4>& hands, int trump,
                            const TrickView& trick, int tt_best, MoveList& ml, int from);

  enum class Weights : std::uint8_t { kNone, kTuned, kCustom, kLearned };
  Weights weights_;
  const OrderingWeights* custom_;
  const OrderModel* model_;
  int probe_leads_min_tricks_;
};

}  // namespace DDTB_ISA_NS
}  // namespace ddtb::detail
