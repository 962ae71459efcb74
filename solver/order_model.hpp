// The learned move ordering's model: the layout of its weight tables and
// the weights themselves, as data. Internal.
//
// A node's choices are scored by the hand-made weights
// (solver/ordering_weights.hpp) times a factor of the node's context, plus
// a linear model over categorical features (solver/order_features.hpp says
// what each table's index means): the sum of one entry of each of the
// card's kFeatures tables, in the block of the node's context (place in the
// trick, strain kind, tricks left). The model is fitted offline to what
// each choice costs the whole search (bench/fit_order_model.py, from the
// data of `ddtb-order-data`) and compiled in
// (solver/order_model_weights.inc); docs/DESIGN.md, "The learned move
// ordering", gives the pipeline. With every table entry zero it orders as
// the hand-made weights do.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

namespace ddtb::detail {

namespace order_layout {

inline constexpr int kFeatures = 6;      // indices per card (leads and follows alike)
inline constexpr int kDepthBuckets = 3;  // tricks left 1-4, 5-8, 9-13
inline constexpr int kContexts = 4 * 2 * kDepthBuckets;

// Leads (place 0): table sizes and offsets within a context's block.
inline constexpr int kLeadTop =
    125 * 4;  // owners of the suit's top 3 × the card's place among them
inline constexpr int kLeadLen = 4 * 125;  // lengths: own 1..4+, each other hand 0..4+
inline constexpr int kLeadNear =
    25;  // owners of the cards just above and just below the card's run
inline constexpr int kLeadRuff = 32;       // trumps and voids around the suit
inline constexpr int kLeadMine = 16;       // own cards below the run × own cards above the card
inline constexpr int kLeadDepth = 4 * 14;  // the card's place among the top 3 × tricks left
inline constexpr int kLeadTopAt = 0;
inline constexpr int kLeadLenAt = kLeadTopAt + kLeadTop;
inline constexpr int kLeadNearAt = kLeadLenAt + kLeadLen;
inline constexpr int kLeadRuffAt = kLeadNearAt + kLeadNear;
inline constexpr int kLeadMineAt = kLeadRuffAt + kLeadRuff;
inline constexpr int kLeadDepthAt = kLeadMineAt + kLeadMine;
inline constexpr int kLeadBlock = kLeadDepthAt + kLeadDepth;

// Following, ruffing and discarding (places 1-3); each table is per kind of
// play (follow suit, ruff, discard).
inline constexpr int kKinds = 3;
inline constexpr int kFollowKind =
    kKinds * 16;  // wins now, stays winning, partner winning, partner's card holds
inline constexpr int kFollowRank =
    kKinds * 16;  // the card's place in its suit × lowest of own cards
inline constexpr int kFollowNear = kKinds * 25;  // owners just above and just below the card's run
inline constexpr int kFollowLen = kKinds * 25;   // own length × the longer opponent's
inline constexpr int kFollowTop =
    kKinds * 75;  // owners of the suit's top 2 × the card's place among them
inline constexpr int kFollowTrick =
    2 * 4 * 5;  // wins now × the winning card's standing × who holds the top
inline constexpr int kFollowKindAt = 0;
inline constexpr int kFollowRankAt = kFollowKindAt + kFollowKind;
inline constexpr int kFollowNearAt = kFollowRankAt + kFollowRank;
inline constexpr int kFollowLenAt = kFollowNearAt + kFollowNear;
inline constexpr int kFollowTopAt = kFollowLenAt + kFollowLen;
inline constexpr int kFollowTrickAt = kFollowTopAt + kFollowTop;
inline constexpr int kFollowBlock = kFollowTrickAt + kFollowTrick;

inline constexpr int kBlock = std::max(kLeadBlock, kFollowBlock);
inline constexpr int kModelSize = kContexts * kBlock;

// The context of a node: place in the trick, strain kind, tricks left
// (counting the trick in progress).
constexpr int depth_bucket(int tricks_left) {
  return tricks_left <= 4 ? 0 : tricks_left <= 8 ? 1 : 2;
}
constexpr int context_of(int pos, bool no_trump, int tricks_left) {
  return (pos * 2 + (no_trump ? 0 : 1)) * kDepthBuckets + depth_bucket(tricks_left);
}

}  // namespace order_layout

struct OrderModel {
  // Per context, what a unit of hand-made weight is worth (16 where the fit
  // kept the hand-made order, 0 where it did not).
  std::array<std::int16_t, order_layout::kContexts> hand_scale;
  // kContexts blocks of kBlock weights, in the same units.
  std::array<std::int16_t, order_layout::kModelSize> weights;
};

// The fitted model the search uses unless told otherwise.
extern const OrderModel kLearnedOrderModel;

}  // namespace ddtb::detail
