#include "tests/support/small_tables.hpp"

#include <array>
#include <cstdlib>
#include <memory>

#include "builder/layer_build.hpp"
#include "builder/layer_writer.hpp"
#include "tablebase/layer_file.hpp"

namespace ddtb::test {

std::string build_small_tables(int tricks) {
  using namespace detail::tb;
  std::string pattern =
      (std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") + std::string("/ddtb-capi-XXXXXX");
  const char* dir = ::mkdtemp(pattern.data());
  if (!dir) return {};
  std::array<std::unique_ptr<Layer>, 2> lower;
  for (int t = 1; t <= tricks; ++t) {
    std::array<std::unique_ptr<Layer>, 2> current;
    for (int k = 0; k < 2; ++k) {
      const auto klass = static_cast<StrainClass>(k);
      LayerStats stats;
      auto layer =
          build_layer(t, klass, LowerLayers{lower[0].get(), lower[1].get(), t - 1}, 2, stats, {});
      if (!layer) return {};
      if (!write_layer(std::string(dir) + "/" + layer_file_name(t, klass), **layer, WriteOptions{}))
        return {};
      current[k] = std::move(*layer);
    }
    lower = std::move(current);
  }
  return dir;
}

}  // namespace ddtb::test
