// The solver's view of a Tablebase: an EndgameProbe over its files. Internal.
#pragma once

#include <array>
#include <memory>

#include "ddtb/tablebase.hpp"
#include "solver/endgame_probe.hpp"

namespace ddtb::detail {

// Raw-hand access to a Tablebase's probe (no Position to build on the hot path).
struct TablebaseAccess {
  static int max_tricks(const Tablebase& tb);
  static bool probe(const Tablebase& tb, const std::array<Bits, 4>& hands, int leader, int trump,
                    ProbeResult& out);
};

class TablebaseProbe final : public EndgameProbe {
 public:
  explicit TablebaseProbe(std::shared_ptr<const Tablebase> tb) : tb_(std::move(tb)) {}
  int max_tricks() const override { return TablebaseAccess::max_tricks(*tb_); }
  bool probe(const std::array<Bits, 4>& hands, int leader, int trump,
             ProbeResult& out) const override {
    return TablebaseAccess::probe(*tb_, hands, leader, trump, out);
  }

 private:
  std::shared_ptr<const Tablebase> tb_;
};

}  // namespace ddtb::detail
