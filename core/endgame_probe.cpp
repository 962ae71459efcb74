#include "core/endgame_probe.hpp"

namespace ddtb::detail {

bool EndgameProbe::probe_at_least(const std::array<Bits, 4>& /*hands*/, int /*leader*/,
                                  int /*trump*/, int /*t*/, BoundResult& /*out*/) const {
  return false;
}

}  // namespace ddtb::detail
