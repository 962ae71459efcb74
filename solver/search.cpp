// Picks the search variant for this machine (core/isa.hpp, search.hpp).
#include "solver/search.hpp"

#include <cstdlib>
#include <cstring>

namespace ddtb::detail {

namespace {

bool cpu_runs_v3_well() {
#if defined(DDTB_HAVE_ISA_V3) && (defined(__x86_64__) || defined(_M_X64))
  __builtin_cpu_init();
  const bool v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
                  __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("fma") &&
                  __builtin_cpu_supports("popcnt");
  // Zen 1 and 2 have PEXT/PDEP in microcode, tens of times slower.
  return v3 && !__builtin_cpu_is("amdfam17h");
#else
  return false;
#endif
}

}  // namespace

bool search_isa_available(SearchIsa isa) {
  if (isa == SearchIsa::kBase) return true;
#if defined(DDTB_HAVE_ISA_V3)
  static const bool runs = cpu_runs_v3_well();
  return runs;
#else
  return false;
#endif
}

SearchIsa preferred_search_isa() {
  const char* forced = std::getenv("DDTB_ISA");
  if (forced && std::strcmp(forced, "base") == 0) return SearchIsa::kBase;
  return search_isa_available(SearchIsa::kV3) ? SearchIsa::kV3 : SearchIsa::kBase;
}

bool ordering_from_environment() {
  const char* ordering = std::getenv("DDTB_ORDERING");
  if (ordering && std::strcmp(ordering, "hand") == 0) return false;
  if (ordering && std::strcmp(ordering, "learned") == 0) return true;
  return kLearnedOrderingByDefault;
}

const char* search_isa_name(SearchIsa isa) {
  return isa == SearchIsa::kV3 ? "x86-64-v3" : "base";
}

std::unique_ptr<Search> make_search(std::size_t tt_bytes, std::size_t tt_max_bytes,
                                    const Features& features, SearchIsa isa) {
#if defined(DDTB_HAVE_ISA_V3)
  if (isa == SearchIsa::kV3 && search_isa_available(isa))
    return make_search_isa_v3(tt_bytes, tt_max_bytes, features);
#endif
  (void)isa;
  return make_search_isa_base(tt_bytes, tt_max_bytes, features);
}

std::unique_ptr<Search> make_search(std::size_t tt_bytes, std::size_t tt_max_bytes,
                                    const Features& features) {
  return make_search(tt_bytes, tt_max_bytes, features, preferred_search_isa());
}

}  // namespace ddtb::detail
