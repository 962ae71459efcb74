// SetTablebasePath: the one call ddtb adds to DDS's interface. (Without it,
// Context looks for the default tables at first use.)
#include "capi/boundary.hpp"
#include "capi/context.hpp"
#include "ddtb/tablebase.hpp"

int SetTablebasePath(const char* dir) {
  return ddtb::capi::guarded([&] {
    if (!dir || !*dir) {
      ddtb::capi::context().set_tablebase(nullptr, "");
      return RETURN_NO_FAULT;
    }
    auto tables = ddtb::Tablebase::open(dir);
    if (!tables || (*tables)->max_cards() == 0) return RETURN_NO_TABLEBASE;
    ddtb::capi::context().set_tablebase(std::move(*tables), dir);
    return RETURN_NO_FAULT;
  });
}
