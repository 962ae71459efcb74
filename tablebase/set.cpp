#include "tablebase/set.hpp"

namespace ddtb::detail::tb {

Bits specified_cards(const TbSet& set, const Canonical& c, const std::array<Bits, 4>& hands) {
  const Bits all = hands[0] | hands[1] | hands[2] | hands[3];
  Bits out = 0;
  for (int slot = 0; slot < 4; ++slot) {
    const int j = set.specified(slot);
    if (j) out |= top_cards(all & suit_bits(c.suit_of_slot[slot]), j);
  }
  return out;
}

}  // namespace ddtb::detail::tb
