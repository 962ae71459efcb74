// The public Tablebase of a libddtb built with DDTB_WITH_TABLES=OFF
// (tablebase/CMakeLists.txt): open() always fails, so no Tablebase object
// exists and the members that need one are never reached.
#include <cassert>

#include "ddtb/tablebase.hpp"

namespace ddtb {

struct Tablebase::Impl {};

Tablebase::Tablebase() = default;
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

std::unique_ptr<detail::EndgameProbe> Tablebase::open_session(std::shared_ptr<const Tablebase>) {
  // Unreachable: open() never returns a Tablebase to pass here.
  assert(false && "no Tablebase exists in a build without tablebase support");
  return nullptr;
}

}  // namespace ddtb
