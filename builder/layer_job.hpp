// A layer to be built from work units in a table directory, and the layers
// a build reads there. Internal.
//
// A layer (card count, strain class, bound) is cut into units of U
// consecutive partitions in canonical order (builder/unit_file.hpp). A job
// names the layer, its partitions and the parameters every unit file of it
// records, so that a unit built by any process, at any time, is checked
// against the build it is merged into.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "builder/layer.hpp"
#include "builder/partition_builder.hpp"
#include "builder/unit_file.hpp"
#include "ddtb/expected.hpp"
#include "tablebase/layer_file.hpp"

namespace ddtb::detail::tb {

// Partitions per work unit. 256 keeps the files few (1.6 M trump partitions
// at 20 cards make 6,272 units) and a unit short enough that a killed build
// loses little (see docs/SCALE.md for the time per partition).
inline constexpr std::uint32_t kDefaultUnitSize = 256;

// The strain classes a build makes (ddtb-build build --strains): one bit
// per StrainClass. A no-trump layer is built on the no-trump layer below
// alone; a trump layer on both, since a trump position whose last trump is
// played goes on in the no-trump class.
struct StrainClasses {
  unsigned bits = 3;  // both
  static constexpr StrainClasses only(StrainClass k) { return {1u << static_cast<int>(k)}; }
  constexpr bool has(StrainClass k) const { return (bits >> static_cast<int>(k) & 1) != 0; }
  constexpr bool all() const { return bits == 3; }
  // The classes of the layer below that layers of these classes are built on.
  constexpr StrainClasses built_on() const {
    return has(StrainClass::kTrump) ? StrainClasses{} : *this;
  }
  // "nt", "trump" or "all" (what --strains takes).
  std::string name() const;
  // Parses --strains; false when `text` is none of those words.
  static bool parse(const std::string& text, StrainClasses& out);
};

// The strain classes of one card count read from a table directory: the
// layer below a build (a class not read is nullptr).
struct LoadedLayers {
  int tricks = 0;
  std::array<std::unique_ptr<Layer>, 2> layer;  // by StrainClass
  // What a layer built on them records (lower_checksum()).
  std::uint64_t checksum = 0;
  LowerLayers lower() const { return {layer[0].get(), layer[1].get(), tricks}; }
};

// Whether the table file of the layer is in `dir`.
bool layer_present(const std::string& dir, int tricks, StrainClass klass, int bound = 0);

// Opens the table file of `tricks` tricks and class `klass` in `dir`,
// checking that it holds that layer (a file copied over another's name is
// refused, naming both). Errors: the file missing, unreadable, corrupt or
// another layer's.
Expected<std::unique_ptr<LayerFile>> open_layer_file(const std::string& dir, int tricks,
                                                     StrainClass klass, int bound = 0);

// Loads and decodes the `classes` of `tricks` tricks from `dir` (tricks 0:
// nothing, checksum 0); with `keep` (per class, one flag per partition, as
// LowerMask), only the marked partitions' sets. Errors: a file missing,
// unreadable or corrupt.
Expected<LoadedLayers> load_layers(const std::string& dir, int tricks,
                                   const std::array<std::vector<char>, 2>* keep = nullptr,
                                   StrainClasses classes = {});

// The checksum of the layer below `tricks` in `dir` that a layer built on
// the `classes` of it records (tablebase/FORMAT.md, "Header"): the XOR of
// the header checksums of those files of tricks - 1 and of the other
// class's, when it is there; 0 for one trick. Reads only headers.
Expected<std::uint64_t> lower_checksum(const std::string& dir, int tricks,
                                       StrainClasses classes = {});

// "12-card trump", "16-card no-trump at-least-3".
std::string layer_words(int tricks, StrainClass klass, int bound);

// One layer (card count, class and bound) to be built from units.
struct LayerJob {
  std::string dir;
  UnitParams params;
  std::vector<ShapeKey> shapes;
  // A bound layer's source: the exact layer of its card count and class
  // (attach_exact), read a chunk at a time by the workers.
  std::shared_ptr<const LayerFile> exact;
  // Where the units' sets go: into this layer when set (a build in memory,
  // for tests and benchmarks: no unit files, nothing to resume), otherwise
  // into unit files under `dir`. With it, a bound job reads its source from
  // `exact_memory` instead of `exact`.
  Layer* memory = nullptr;
  const Layer* exact_memory = nullptr;

  std::string name() const;  // "12-card trump"
  std::string table_path() const;
  std::string unit_dir() const;
  std::string unit_path(std::uint32_t unit) const;
};
LayerJob make_job(const std::string& dir, int tricks, StrainClass klass,
                  std::uint64_t lower_checksum, std::uint32_t unit_size, int bound = 0);

// Opens the exact layer a bound job is derived from (job.exact). Errors: the
// exact layer is missing from the directory, unreadable or another layer's.
Expected<void> attach_exact(LayerJob& job);

// The bound layers derived from the exact layer of `tricks` tricks: "the
// leader's side takes at least t" for t = 2 .. tricks - 1, the thresholds the
// search asks (it probes only when 1 < beta < tricks left). None below 3
// tricks. They are built once the exact layers of their card count are
// complete (builder/build_plan.hpp).
inline int first_bound(int tricks) {
  return tricks >= 3 ? 2 : 0;
}
inline int last_bound(int tricks) {
  return tricks >= 3 ? tricks - 1 : -1;
}

// Every layer file of a card count of `classes`, as (class, bound) pairs:
// the exact layers, then with `bounds` the bound layers.
inline std::vector<std::pair<StrainClass, int>> layers_of(int tricks, bool bounds,
                                                          StrainClasses classes = {}) {
  std::vector<std::pair<StrainClass, int>> out;
  auto add = [&](int bound) {
    for (int kc = 0; kc < 2; ++kc)
      if (classes.has(static_cast<StrainClass>(kc)))
        out.emplace_back(static_cast<StrainClass>(kc), bound);
  };
  add(0);
  if (bounds)
    for (int b = first_bound(tricks); b <= last_bound(tricks); ++b) add(b);
  return out;
}

// Canonical states of a partition: the product over slots of their owner
// sequences, tied slots counted once per multiset.
double partition_states(ShapeKey shape, StrainClass klass);
// The canonical states of a work unit's partitions (`shapes`: its layer's):
// the cost the build orders units by.
double unit_states(const UnitParams& params, const std::vector<ShapeKey>& shapes,
                   std::uint32_t unit);

}  // namespace ddtb::detail::tb
