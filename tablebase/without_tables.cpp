// The public Tablebase of a libddtb built with DDTB_WITH_TABLES=OFF
// (tablebase/CMakeLists.txt): open() always fails, so the library makes no
// Tablebase, and any other holds no tables.
#include "core/endgame_probe.hpp"
#include "ddtb/tablebase.hpp"

namespace ddtb {

Tablebase::~Tablebase() = default;

Expected<std::shared_ptr<const Tablebase>> Tablebase::open(const std::string& dir,
                                                           const TablebaseOptions&) {
  return Error{ErrorCode::kNotFound, "cannot open the endgame tables in " + dir +
                                         ": this build of ddtb has no tablebase support "
                                         "(built with DDTB_WITH_TABLES=OFF)"};
}

int Tablebase::max_cards() const {
  return 0;
}

std::vector<TablebaseLayer> Tablebase::layers() const {
  return {};
}

std::optional<ProbeAnswer> Tablebase::probe(const Position&) const {
  return std::nullopt;
}

std::optional<BoundAnswer> Tablebase::probe_at_least(const Position&, int) const {
  return std::nullopt;
}

TablebaseStats Tablebase::stats() const {
  return {};
}

namespace detail {

std::unique_ptr<EndgameProbe> open_endgame_probe(std::shared_ptr<const Tablebase>) {
  return nullptr;
}

}  // namespace detail
}  // namespace ddtb
