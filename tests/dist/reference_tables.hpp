// The independent reference for sharded builds: layers built in memory by
// build_layer and written by write_layer, each with the checksum of the
// layer below as ddtb-build records it. Header-only, for the distributed
// tests and the reference_tables tool.
#pragma once

#include <array>
#include <memory>
#include <string>

#include "builder/layer_build.hpp"
#include "builder/layer_writer.hpp"
#include "builder/work_units.hpp"
#include "tablebase/layer_file.hpp"

namespace ddtb::test {

// Layers 1..tricks (both classes, and the bound layers ddtb-build makes)
// into dir, built on `threads` threads.
inline Expected<void> build_reference_tables(const std::string& dir, int tricks, int threads) {
  using namespace detail::tb;
  std::array<std::unique_ptr<Layer>, 2> lower;
  std::uint64_t lower_sum = 0;
  for (int t = 1; t <= tricks; ++t) {
    std::array<std::unique_ptr<Layer>, 2> cur;
    std::uint64_t sum = 0;
    for (int kc = 0; kc < 2; ++kc) {
      const auto klass = static_cast<StrainClass>(kc);
      LayerStats st;
      auto layer = build_layer(t, klass, LowerLayers{lower[0].get(), lower[1].get(), t - 1},
                               threads, st, nullptr);
      if (!layer) return layer.error();
      WriteOptions wo;
      wo.lower_checksum = lower_sum;
      auto written = write_layer(dir + "/" + layer_file_name(t, klass), **layer, wo);
      if (!written) return written.error();
      sum ^= *written;
      cur[kc] = std::move(*layer);
    }
    for (int b = first_bound(t); b <= last_bound(t); ++b)
      for (int kc = 0; kc < 2; ++kc) {
        const auto klass = static_cast<StrainClass>(kc);
        LayerStats st;
        auto layer = build_bound_layer(*cur[kc], b, threads, st, nullptr);
        if (!layer) return layer.error();
        WriteOptions wo;
        wo.lower_checksum = lower_sum;
        auto written = write_layer(dir + "/" + layer_file_name(t, klass, b), **layer, wo);
        if (!written) return written.error();
      }
    lower = std::move(cur);
    lower_sum = sum;
  }
  return {};
}

}  // namespace ddtb::test
