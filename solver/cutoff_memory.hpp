// The cutoff memory: a refined killer-move table. Internal.
//
// Remembers, per seat, the card that last cut a node off, keyed by what
// matters for the choice at that point of a trick (key()). The search tries
// that card first at a node with the same key. A move-ordering hint only:
// collisions cost speed, never correctness.
#pragma once

#include <array>
#include <cstdint>
#include <memory>

#include "core/bits.hpp"
#include "solver/moves.hpp"

namespace ddtb::detail {
inline namespace DDTB_ISA_NS {

class CutoffMemory {
 public:
  CutoffMemory() : slots_(new Slot[kSlots]) { reset(); }

  // Forgets every card.
  void reset() {
    for (std::uint32_t i = 0; i < kSlots; ++i) slots_[i] = {0, {-1, -1, -1, -1}};
  }

  // What the choice of card depends on, roughly: on lead, the leader's hand,
  // the parity of partner's suit lengths and, in a suit contract, the tricks
  // needed (`beta`); when following suit, the suit's cards and the card to
  // beat; when void, the hand and who (no trumps) or what card (trumps) is
  // winning. `hands` and `trick` are the node's.
  static std::uint64_t key(const std::array<Bits, 4>& hands, int trump, const TrickView& trick,
                           int beta) {
    const int pos = trick.pos, seat = (trick.leader + pos) & 3;
    const std::uint64_t needed = trump == kNoTrump ? 0 : std::uint64_t(beta);
    std::uint64_t a, b;
    if (pos == 0) {
      const Bits pd = hands[(seat + 2) & 3];
      std::uint64_t parity = 0;
      for (int s = 0; s < 4; ++s) parity |= std::uint64_t(count(pd & suit_bits(s)) & 1) << s;
      a = hands[seat];
      b = parity | (needed << 8);
    } else if (hands[seat] & suit_bits(trick.lead_suit)) {
      a = trick.start & suit_bits(trick.lead_suit);
      b = std::uint64_t(trick.win_card) | (std::uint64_t(trick.leader) << 8) | (1u << 16);
    } else {
      a = hands[seat];
      b = std::uint64_t(trump == kNoTrump ? trick.win_seat : trick.win_card) | (needed << 8) |
          (2u << 16);
    }
    std::uint64_t h =
        (a ^ (b * 0x9e3779b97f4a7c15ull) ^ (std::uint64_t(pos) << 60)) * 0xbf58476d1ce4e5b9ull;
    return h ^ (h >> 31);
  }

  // The card remembered for `seat` under `key`, or -1.
  int card(std::uint64_t key, int seat) const {
    const Slot& s = slots_[key >> (64 - kBits)];
    return s.check == static_cast<std::uint32_t>(key) ? s.card[seat] : -1;
  }

  // Remembers `card` for `seat` under `key`; another key's cards in the same
  // slot are dropped.
  void remember(std::uint64_t key, int seat, int card) {
    Slot& s = slots_[key >> (64 - kBits)];
    const std::uint32_t check = static_cast<std::uint32_t>(key);
    if (s.check != check) s = {check, {-1, -1, -1, -1}};
    s.card[seat] = static_cast<std::int8_t>(card);
  }

 private:
  struct Slot {
    std::uint32_t check;
    std::array<std::int8_t, 4> card;  // per seat to play
  };
  static constexpr int kBits = 13;
  static constexpr std::uint32_t kSlots = 1u << kBits;
  std::unique_ptr<Slot[]> slots_;
};

}  // namespace DDTB_ISA_NS
}  // namespace ddtb::detail
