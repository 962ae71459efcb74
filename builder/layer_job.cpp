#include "builder/layer_job.hpp"

#include <unistd.h>

#include "builder/layer_build.hpp"

namespace ddtb::detail::tb {

bool layer_present(const std::string& dir, int tricks, StrainClass klass, int bound) {
  return ::access((dir + "/" + layer_file_name(tricks, klass, bound)).c_str(), F_OK) == 0;
}

std::string layer_words(int tricks, StrainClass klass, int bound) {
  return std::to_string(4 * tricks) + "-card " +
         (klass == StrainClass::kTrump ? "trump" : "no-trump") +
         (bound > 0 ? " at-least-" + std::to_string(bound) : std::string());
}

Expected<std::unique_ptr<LayerFile>> open_layer_file(const std::string& dir, int tricks,
                                                     StrainClass klass, int bound) {
  const std::string path = dir + "/" + layer_file_name(tricks, klass, bound);
  auto file = LayerFile::open(path);
  if (!file) return file.error();
  const FileHeader& h = (*file)->header();
  if (h.tricks != tricks || h.klass != klass || h.bound != bound)
    return Error{ErrorCode::kCorruptData,
                 path + " holds the " + layer_words(h.tricks, h.klass, h.bound) +
                     " layer, not the " + layer_words(tricks, klass, bound) + " one its name says"};
  return file;
}

namespace {

// A packed file keeps only the sets of values other than each partition's
// default; the builder's oracle asks the values of whole sets of states of
// the layer below, which needs every set.
Expected<void> refuse_packed(const LayerFile& file, int tricks) {
  if (file.layout() != Layout::kPacked) return {};
  return Error{ErrorCode::kBadArgument,
               file.name() + " is packed (format " + std::to_string(file.header().version()) +
                   "), which the probe reads but the builder cannot build on: build the " +
                   std::to_string(4 * tricks + 4) +
                   "-card layers into another directory, which builds the layers below again "
                   "(ddtb-build build --cards N --out DIR --store packed)"};
}

}  // namespace

std::string StrainClasses::name() const {
  return all() ? "all" : has(StrainClass::kTrump) ? "trump" : "nt";
}

bool StrainClasses::parse(const std::string& text, StrainClasses& out) {
  if (text == "all")
    out = StrainClasses{};
  else if (text == "nt")
    out = only(StrainClass::kNoTrump);
  else if (text == "trump")
    out = only(StrainClass::kTrump);
  else
    return false;
  return true;
}

Expected<LoadedLayers> load_layers(const std::string& dir, int tricks,
                                   const std::array<std::vector<char>, 2>* keep,
                                   StrainClasses classes) {
  LoadedLayers out;
  out.tricks = tricks;
  if (tricks == 0) return out;
  for (int kc = 0; kc < 2; ++kc) {
    if (!classes.has(static_cast<StrainClass>(kc))) continue;
    auto file = open_layer_file(dir, tricks, static_cast<StrainClass>(kc));
    if (!file) return file.error();
    if (auto refused = refuse_packed(**file, tricks); !refused) return refused.error();
    auto layer = load_layer(**file, keep ? &(*keep)[kc] : nullptr);
    if (!layer) return layer.error();
    out.layer[kc] = std::move(*layer);
  }
  auto sum = lower_checksum(dir, tricks + 1, classes);
  if (!sum) return sum.error();
  out.checksum = *sum;
  return out;
}

Expected<std::uint64_t> lower_checksum(const std::string& dir, int tricks, StrainClasses classes) {
  std::uint64_t sum = 0;
  if (tricks <= 1) return sum;
  for (int kc = 0; kc < 2; ++kc) {
    const auto k = static_cast<StrainClass>(kc);
    // A class not built on counts when its file is there: a no-trump layer
    // built beside trump tables then records what a build of both would.
    if (!classes.has(k) && !layer_present(dir, tricks - 1, k)) continue;
    auto file = open_layer_file(dir, tricks - 1, k);
    if (!file) return file.error();
    sum ^= (*file)->header().header_checksum;
  }
  return sum;
}

std::string LayerJob::name() const {
  return layer_words(params.tricks, params.klass, params.bound);
}
std::string LayerJob::table_path() const {
  return dir + "/" + layer_file_name(params.tricks, params.klass, params.bound);
}
std::string LayerJob::unit_dir() const {
  return dir + "/" + unit_dir_name(params.tricks, params.klass, params.bound);
}
std::string LayerJob::unit_path(std::uint32_t unit) const {
  return unit_dir() + "/" + unit_file_name(unit);
}

LayerJob make_job(const std::string& dir, int tricks, StrainClass klass,
                  std::uint64_t lower_checksum, std::uint32_t unit_size, int bound) {
  LayerJob job;
  job.dir = dir;
  job.shapes = enumerate_shapes(tricks, klass);
  UnitParams& p = job.params;
  p.tricks = tricks;
  p.klass = klass;
  p.bound = bound;
  p.format_version = sets_version_for(bound);
  p.lower_checksum = lower_checksum;
  p.shapes_checksum = shapes_checksum(job.shapes);
  p.partitions = static_cast<std::uint32_t>(job.shapes.size());
  p.unit_size = unit_size;
  return job;
}

Expected<void> attach_exact(LayerJob& job) {
  auto file = open_layer_file(job.dir, job.params.tricks, job.params.klass);
  if (!file)
    return Error{file.error().code,
                 job.name() + " layer needs the exact layer: " + file.error().message};
  if ((*file)->layout() == Layout::kPacked)
    return Error{ErrorCode::kBadArgument,
                 job.name() + " layer needs the exact layer as built, and " + (*file)->name() +
                     " is packed: build the layer into another directory"};
  job.exact = std::move(*file);
  return {};
}

double partition_states(ShapeKey shape, StrainClass klass) {
  double states = 1;
  for (int s = 0; s < 4;) {
    int g = 1;
    while (s + g < 4 && tied(shape, klass, s, s + g)) ++g;
    const double m = static_cast<double>(sequences_of(slot_column(shape, s)));
    double c = 1;  // multisets of g sequences out of m: C(m + g - 1, g)
    for (int i = 0; i < g; ++i) c = c * (m + i) / (i + 1);
    states *= c;
    s += g;
  }
  return states;
}

double unit_states(const UnitParams& params, const std::vector<ShapeKey>& shapes,
                   std::uint32_t unit) {
  double states = 0;
  for (std::uint32_t i = params.first_of(unit); i < params.first_of(unit) + params.count_of(unit);
       ++i)
    states += partition_states(shapes[i], params.klass);
  return states;
}

}  // namespace ddtb::detail::tb
